/* SPDX-License-Identifier: ISC */
/*
 * The dd reader on the project's fixtures, the shared corpus (read in
 * place) and seed 001. Every value is checked against the rate dd
 * printed and the MiB/s note against bytes / seconds, both parsed here
 * from the summary line by sscanf, independently of the reader's regular
 * expressions; the seed's figures are checked by hand.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "read-helpers.h"
#include "tap.h"

#define FX	"fixtures/dd/"
#define SEED	"../shared/seeds/001_332226ff2c2cc6a5.txt"

static int	 summaries(const char *path, double *bytes, double *secs,
		    double *rate, int max);
static double	 rate_mbs(const char *p);
static void	 check_file(const char *path);
static void	 check_seed(void);
static void	 check_cases(void);
static void	 check_paste(void);
static void	 check_locales(void);
static void	 check_old_forms(void);
static void	 check_labels(void);
static void	 want_rate(const struct result_set *rs, const char *desc, double mbs,
		    long n, const char *name);

/*
 * GNU "N bytes (...) copied, T s", busybox "... T seconds", BSD
 * "N bytes transferred in T secs": the figures read with sscanf, decimal
 * commas turned into points first. Progress updates (CR-separated) are
 * cut off by reading each line's text after its last CR.
 */
/*
 * The rate at the end of a summary in MB/s: ", 19.0 GB/s" (GNU, SI),
 * ", 2.0MB/s" after "seconds" (busybox, binary), "(N bytes/sec)" (BSD).
 * -1 when there is none.
 */
static double
rate_mbs(const char *p)
{
	const char	*c;
	double		 r, base = strstr(p, " seconds,") != NULL ? 1024 : 1000;

	if ((c = strstr(p, "(")) != NULL && strstr(p, "bytes/sec") != NULL &&
	    sscanf(c + 1, "%lf bytes/sec", &r) == 1)
		return r / 1e6;
	if ((c = strrchr(p, ',')) == NULL || sscanf(c + 1, " %lf", &r) != 1 ||
	    (c = strstr(c, "B/s")) == NULL)
		return -1;
	switch (c > p ? c[-1] : ' ') {
	case 'k': case 'K':
		return r * base / 1e6;
	case 'M':
		return r * base * base / 1e6;
	case 'G':
		return r * base * base * base / 1e6;
	default:
		return r / 1e6;
	}
}

static int
summaries(const char *path, double *bytes, double *secs, double *rate, int max)
{
	FILE	*fp;
	char	 line[4096], *p, *c, *q;
	double	 b, s;
	int	 n = 0;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	while (fgets(line, sizeof(line), fp) != NULL && n < max) {
		line[strcspn(line, "\n")] = '\0';
		if ((c = strrchr(line, '\r')) != NULL && c[1] != '\0')
			continue;	/* progress updates end in CR, then the next one */
		if (c != NULL)
			*c = '\0';
		for (q = line; *q != '\0'; q++)
			if (*q == ',' && q[1] >= '0' && q[1] <= '9' && q > line &&
			    q[-1] >= '0' && q[-1] <= '9')
				*q = '.';
		p = line + strspn(line, " ");
		if (sscanf(p, "%lf bytes transferred in %lf secs", &b, &s) == 2 ||
		    sscanf(p, "%lf %*s copied, %lf", &b, &s) == 2 ||
		    ((c = strchr(p, ')')) != NULL && strstr(p, "bytes (") != NULL &&
		    sscanf(p, "%lf", &b) == 1 && sscanf(c + 1, "%*[^,], %lf", &s) == 1) ||
		    ((c = strchr(p, ')')) != NULL && strstr(p, "Bytes (") != NULL &&
		    sscanf(p, "%lf", &b) == 1 && sscanf(c + 1, "%*[^,], %lf", &s) == 1)) {
			bytes[n] = b;
			secs[n] = s;
			rate[n] = rate_mbs(p);
			n++;
		}
	}
	fclose(fp);
	return n;
}

static void
check_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*mb;
	double			 b[64], s[64], r[64], want_mb = 0, want_mib = 0,
				 got_mb = 0, got_mib = 0, mib;
	char			 name[512];
	size_t			 i, k;
	int			 n, nmib = 0;

	snprintf(name, sizeof(name), "dd %s", strrchr(path, '/') + 1);
	n = summaries(path, b, s, r, 64);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		ok(n == 0 && d.msg[0] != '\0', name);
		diag("%s", d.msg);
		goto out;
	}
	for (k = 0; k < (size_t)n; k++) {
		want_mb += b[k] / s[k] / 1e6;	/* the exact quotient, not r[k] */
		want_mib += b[k] / s[k] / 1048576;
	}
	/* Repeated runs are merged: mean x N is the sum of their rates. */
	for (i = 0; i < rs->ntests; i++)
		for (k = 0; k < rs->tests[i].nvalues; k++) {
			const struct value *v = &rs->tests[i].values[k];
			const char *m;

			got_mb += v->mean * (double)v->n;
			/* The note of a merged value joins its runs' notes with "; ". */
			for (m = v->note; m != NULL && sscanf(m, "%lf MiB/s", &mib) == 1;
			    m = strstr(m, "; ") != NULL ? strstr(m, "; ") + 2 : NULL) {
				got_mib += mib;
				nmib++;
			}
		}
	ok(n > 0, name);
	is_double(got_mb, want_mb, 1e-9 * want_mb, name);
	/* The note prints four significant digits. */
	is_double(got_mib, want_mib, 5e-4 * want_mib, name);
	is_int(nmib, n, name);
	mb = th_find(rs, "", "MB/s");
	ok(mb != NULL && th_find(rs, "", "MiB/s") == NULL &&
	    mb->proportion == PROP_HIB, name);
out:
	result_set_free(rs);
	str_list_free(&w);
}

static void
check_seed(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	const struct value	*v;
	long			 desk, lap;

	if (!th_has_corpus()) {
		skip("seed 001", "../shared is absent");
		return;
	}
	ok(th_read(SEED, NULL, &rs, &w, &d) == 0, "seed 001 read");
	is_str(format_detect_file(SEED, &d)->name, "dd", "seed 001 detected as dd");
	is_int(rs->nsystems, 2, "seed 001: two systems");
	desk = result_set_find_system(rs, "Desktop");
	lap = result_set_find_system(rs, "Laptop");
	ok(desk >= 0 && lap >= 0, "seed 001: Desktop and Laptop");
	if (desk < 0 || lap < 0)
		goto out;
	/* The Key: value lines under each heading, as the page shows them. */
	is_str(kv_list_get(&rs->systems[desk].fields, "Operating System"),
	    "FreeBSD 12.1-STABLE (r363130) amd64", "Desktop OS");
	is_str(kv_list_get(&rs->systems[desk].fields, "CPU"),
	    "Intel(R) Core(TM) i7-7700 CPU @ 3.60GHz", "Desktop CPU");
	is_str(kv_list_get(&rs->systems[desk].fields, "Chipset"), "B250", "Desktop chipset");
	is_str(kv_list_get(&rs->systems[desk].fields, "Controller"),
	    "nvme0: Generic NVMe Device", "Desktop controller");
	is_str(kv_list_get(&rs->systems[desk].fields, "Disk"),
	    "Samsung SSD 970 EVO Plus 250GB", "Desktop disk from Model Number");
	is_str(kv_list_get(&rs->systems[lap].fields, "CPU"),
	    "Intel(R) Core(TM) i7-7700HQ CPU @ 2.80GHz", "Laptop CPU");
	is_str(kv_list_get(&rs->systems[lap].fields, "Chipset"), "Sunrise Point",
	    "Laptop chipset");
	is_str(kv_list_get(&rs->systems[lap].fields, "Disk"), "PLEXTOR PX-256M8PeGN",
	    "Laptop disk");
	is_int(rs->ntests, 1, "seed 001: one dd result, in MB/s");
	/*
	 * By hand: dd printed 661671275 bytes/sec, and bytes over seconds,
	 * 10485760000 / 15.847386, is 661.6712687 MB/s: the quotient is the
	 * value, dd's figure stays in the note's copy of the line. The page
	 * says "631 MiB/s (661 MB/s)" and "775 MiB/s".
	 */
	t = th_find(rs, "Block Size: 10M - Count: 1000 - Input: /dev/zero - Output: File",
	    "MB/s");
	ok(t != NULL, "seed 001: test named from the dd command line");
	if (t == NULL)
		goto out;
	v = test_find_value(t, (size_t)desk);
	is_double(v != NULL ? v->mean : 0, 10485760000.0 / 15.847386 / 1e6, 1e-9,
	    "Desktop MB/s: bytes over seconds");
	ok(v != NULL && v->value_text == NULL &&
	    strstr(v->note, "661671275 bytes/sec") != NULL, "Desktop: dd's digits in the note");
	ok(v != NULL && strstr(v->note, "10485760000 bytes in 15.847386 s") != NULL,
	    "Desktop bytes and seconds kept as given");
	v = test_find_value(t, (size_t)lap);
	ok(v != NULL && fabs(v->mean - 813.041919) < 1e-3 && v->mean != 813.041919,
	    "Laptop MB/s: bytes over seconds");
	v = test_find_value(t, (size_t)desk);
	ok(v != NULL && strncmp(v->note, "631 MiB/s", 9) == 0,
	    "Desktop MiB/s beside it (page: 631)");
	is_str(kv_list_get(&t->facts, "bs"), "10M", "operands kept as facts");
	is_str(kv_list_get(&t->facts, "dd variant"), "BSD", "BSD form recognised");
out:
	result_set_free(rs);
	str_list_free(&w);
}

static void
check_cases(void)
{
	static const char *const corpus[] = {
		"dd/PolinChen__logcenter__tips_linux-IO-benchmark.md",
		"dd/dyu__vps-comparison__logs_do-5bucks-ubuntu_dd_io.log",
		"dd/dyu__vps-comparison__logs_scaleway-vc1s-ubuntu_dd_cpu.log",
		"gen/dd/vd01_gnu_write_16M.txt", "gen/dd/vd02_gnu_progress_urandom.txt",
		"gen/dd/vd03_gnu_status_none.txt", "gen/dd/vd04_gnu_oflag_direct_256M.txt",
		"gen/dd/vd05_gnu_fail_badpath.txt", "gen/dd/vd06_busybox_default_8M.txt",
		"gen/dd/vd07_gnu_locale_de_2k.txt", NULL
	};
	static const char *const own[] = {
		"gnu-write-4M.txt", "gnu-progress.txt", "gnu-fail.txt", "gnu-old-form.txt",
		"gnu-locale-de.txt", "gnu-enospc.txt", "bsd-macos.txt", "busybox.txt",
		"two-machines-crlf.txt", "gnu-small.txt", "gnu-partial-read.txt", NULL
	};
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	char			 path[1024];
	size_t			 i;

	for (i = 0; own[i] != NULL; i++) {
		snprintf(path, sizeof(path), FX "%s", own[i]);
		check_file(path);
	}
	if (th_has_corpus())
		for (i = 0; corpus[i] != NULL; i++) {
			snprintf(path, sizeof(path), CORPUS "/%s", corpus[i]);
			check_file(path);
		}
	else
		skip("corpus dd files", "../shared is absent");

	/* Below 1000 bytes GNU prints "10 bytes copied" (values checked above). */
	th_read(FX "gnu-small.txt", NULL, &rs, &w, &d);
	is_int(rs->ntests, 3, "small copies: three results, one unit");
	result_set_free(rs);
	str_list_free(&w);

	/* Progress: the one summary after the CR-separated updates. */
	th_read(FX "gnu-progress.txt", NULL, &rs, &w, &d);
	t = th_find(rs, "Input: /dev/urandom", "MB/s");
	ok(t != NULL && t->nvalues == 1 && t->values[0].n == 1,
	    "status=progress: updates are not results");
	is_int(rs->ntests, 1, "status=progress: one result");
	result_set_free(rs);
	str_list_free(&w);

	/* Errors: refused with dd's message, or a warning on a partial copy. */
	th_read(FX "gnu-fail.txt", NULL, &rs, &w, &d);
	ok(strstr(d.msg, "No such file or directory") != NULL && d.line == 2,
	    "dd error quoted with its line");
	result_set_free(rs);
	th_read(FX "gnu-enospc.txt", NULL, &rs, &w, &d);
	ok(th_warned(&w, "No space left on device"), "partial copy warned");
	t = th_find(rs, "Count: 4", "MB/s");
	ok(t != NULL && strstr(t->values[0].note, "partial copy") != NULL,
	    "partial copy noted on the value");
	result_set_free(rs);
	str_list_free(&w);

	/* "dd: warning: partial read" is a warning, not an error. */
	th_read(FX "gnu-partial-read.txt", NULL, &rs, &w, &d);
	t = th_find(rs, "Count: 3", "MB/s");
	ok(t != NULL && strstr(t->values[0].note, "partial copy") == NULL &&
	    th_warned(&w, "partial read"), "dd warning passed on, result kept whole");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Locale: "1073741824 Bytes ... kopiert, 3,2 s, 336 MB/s": the value is
	 * bytes over seconds, 335.54432 MB/s (= 320 MiB/s), not the 336 printed.
	 */
	th_read(FX "gnu-locale-de.txt", NULL, &rs, &w, &d);
	t = th_find(rs, "Block Size: 4M", "MB/s");
	is_double(t != NULL ? t->values[0].mean : 0, 335.54432, 1e-9,
	    "decimal comma: bytes over seconds");
	ok(t != NULL && strncmp(t->values[0].note, "320 MiB/s", 9) == 0,
	    "decimal comma: MiB/s from bytes and seconds");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * busybox: two commands, two tests. It prints "2.0MB/s" in binary
	 * units: 1048576 B / 0.5 s = 2 MiB/s = 2.097152 MB/s.
	 */
	th_read(FX "busybox.txt", NULL, &rs, &w, &d);
	t = th_find(rs, "Count: 16", "MB/s");
	ok(t != NULL && t->values[0].mean == 2.097152, "busybox rate, binary units");
	is_str(t != NULL ? kv_list_get(&t->facts, "dd variant") : NULL, "busybox",
	    "busybox form recognised");
	result_set_free(rs);
	str_list_free(&w);

	/* Two machines by heading + Key: value, CRLF ends. */
	th_read(FX "two-machines-crlf.txt", NULL, &rs, &w, &d);
	is_int(rs->nsystems, 2, "headings with facts: two systems");
	is_str(rs->nsystems == 2 ? rs->systems[1].identifier : "", "Notebook",
	    "second system");
	is_str(rs->nsystems == 2 ? kv_list_get(&rs->systems[1].fields, "Disk") : "",
	    "Example NVMe 512GB", "Model Number gives Disk");
	result_set_free(rs);
	str_list_free(&w);

	/* Repeated runs in one log merge: 5 summaries, N = 5. */
	if (th_has_corpus()) {
		th_read(CORPUS "/dd/dyu__vps-comparison__logs_do-5bucks-ubuntu_dd_io.log",
		    NULL, &rs, &w, &d);
		t = th_find(rs, "Size: 1073741824 bytes", "MB/s");
		ok(t != NULL && t->values[0].n == 5 && t->values[0].has_se,
		    "five dd runs: N = 5 with SE");
		result_set_free(rs);
		str_list_free(&w);
		th_read(CORPUS "/gen/dd/vd06_busybox_default_8M.txt", NULL, &rs, &w, &d);
		ok(strstr(d.msg, "busybox") != NULL, "records only: refused with the reason");
		result_set_free(rs);
	}
}

/* The test whose description contains desc has one value mbs with N = n. */
static void
want_rate(const struct result_set *rs, const char *desc, double mbs, long n,
    const char *name)
{
	const struct test	*t = th_find(rs, desc, "MB/s");

	ok(t != NULL && t->nvalues == 1 && fabs(t->values[0].mean - mbs) <= 1e-9 * mbs &&
	    t->values[0].n == n, name);
	if (t != NULL && t->nvalues == 1)
		diag("%s: %g MB/s, N = %ld", name, t->values[0].mean, t->values[0].n);
}

/*
 * dd pasted into a blog page, a quoted mail and Markdown. Expected by
 * hand from the lines dd printed, bytes over seconds (dd's printed rate
 * in brackets): 67108864 / 0.0357218 s (1.9 GB/s), / 0.00392082 s
 * (17.1 GB/s), / 0.0322854 s (2.1 GB/s), / 0.00415443 s (16.2 GB/s),
 * 943718400 / 2.95261 s (320 MB/s).
 */
static void
check_paste(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;

	ok(th_read(FX "paste-blog.html", NULL, &rs, &w, &d) == 0, "blog page read");
	is_str(format_detect_file(FX "paste-blog.html", &d)->name, "dd",
	    "blog page detected as dd");
	/* The figure in the page's script is not output anybody pasted. */
	is_int(rs->ntests, 2, "blog page: the write and the read, nothing else");
	want_rate(rs, "Count: 64 - Input: /dev/zero - Output: File - conv: fsync",
	    67108864 / 0.0357218 / 1e6, 1, "blog page: write in <pre><code>");
	want_rate(rs, "Input: File - Output: /dev/null", 67108864 / 0.00392082 / 1e6, 1,
	    "blog page: read in <br> lines, &nbsp; before the unit");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * The real zh_CN output (locale/zh_CN.txt) in a page: its text is
	 * read as the UTF-8 it is, so the full-width commas still separate
	 * the fields. 4194304 bytes in 0.00054345 s (dd: "7.7 GB/s").
	 */
	ok(th_read(FX "paste-zh.html", NULL, &rs, &w, &d) == 0,
	    "a Chinese page read");
	is_str(format_detect_file(FX "paste-zh.html", &d)->name, "dd",
	    "Chinese page detected as dd");
	is_int(rs->ntests, 1, "Chinese page: one result");
	want_rate(rs, "Block Size: 1M - Count: 4 - Input: /dev/zero - Output: /dev/null",
	    4194304 / 0.00054345 / 1e6, 1, "Chinese page: the summary with its full-width commas");
	result_set_free(rs);
	str_list_free(&w);

	ok(th_read(FX "paste-mail.txt", NULL, &rs, &w, &d) == 0, "quoted mail read");
	is_int(rs->ntests, 2, "quoted mail: two results");
	want_rate(rs, "Input: /dev/zero", 67108864 / 0.0322854 / 1e6, 1,
	    "quoted mail: summary wrapped "
	    "before its unit");
	want_rate(rs, "Input: File", 67108864 / 0.00415443 / 1e6, 1,
	    "quoted mail: quoted twice");
	result_set_free(rs);
	str_list_free(&w);

	ok(th_read(FX "paste-progress.md", NULL, &rs, &w, &d) == 0, "markdown read");
	is_int(rs->ntests, 2, "markdown: the progress update is no result");
	want_rate(rs, "Input: /dev/urandom", 943718400 / 2.95261 / 1e6, 1,
	    "markdown: progress pasted without its CR, N = 1");
	want_rate(rs, "Size: 67108864 bytes", 67108864 / 0.0357218 / 1e6, 1,
	    "markdown: list item in inline code");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * Every locale form in fixtures/dd/locale against expected.tsv, which the
 * generator wrote with awk from the same lines: one result whose value
 * is bytes over seconds (the printed rate within 5 % of it) and whose
 * note keeps the bytes and seconds.
 */
static void
check_locales(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	FILE			*fp;
	char			 row[4096], file[256], loc[256], secs[64], path[600],
				 want[256], name[300];
	double			 bytes, mbs, exact;
	char			 sec_dot[64], *c;
	int			 n = 0;

	if ((fp = fopen(FX "locale/expected.tsv", "r")) == NULL) {
		ok(0, "locale/expected.tsv");
		return;
	}
	(void)fgets(row, sizeof(row), fp);	/* header */
	while (fgets(row, sizeof(row), fp) != NULL) {
		if (sscanf(row, "%255[^\t]\t%255[^\t]\t%lf\t%63[^\t]\t%lf", file, loc,
		    &bytes, secs, &mbs) != 5)
			continue;
		n++;
		snprintf(path, sizeof(path), FX "locale/%s", file);
		snprintf(name, sizeof(name), "dd under %s", loc);
		ok(th_read(path, NULL, &rs, &w, &d) == 0 && rs->ntests == 1, name);
		t = rs->ntests == 1 ? &rs->tests[0] : NULL;
		/* The value is bytes over seconds; the printed rate (mbs) is rounded. */
		snprintf(sec_dot, sizeof(sec_dot), "%s", secs);
		if ((c = strchr(sec_dot, ',')) != NULL)
			*c = '.';
		exact = bytes / strtod(sec_dot, NULL) / 1e6;
		ok(fabs(exact - mbs) <= 0.05 * mbs, name);
		is_double(t != NULL ? t->values[0].mean : -1, exact, 1e-9 * exact, name);
		snprintf(want, sizeof(want), "%.0f bytes in %s s", bytes, secs);
		ok(t != NULL && strstr(t->values[0].note, want) != NULL, name);
		is_str(t != NULL ? kv_list_get(&t->facts, "dd variant") : NULL, "GNU", name);
		if (t != NULL)
			diag("%s: %s", loc, t->values[0].note);
		result_set_free(rs);
		str_list_free(&w);
	}
	fclose(fp);
	/* The generator keeps every form that differs: at least these languages. */
	ok(n >= 10, "locale forms: at least ten");
}

/*
 * coreutils 5.x and 6.x, by hand: 10485760 bytes in 12.5 s is 0.8388608
 * MB/s (dd: 838860 bytes/sec); 1048576 bytes in 0.00347 s is 302.1833
 * MB/s (dd: "302 MB/s").
 */
static void
check_old_forms(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;

	ok(th_read(FX "gnu-coreutils5.txt", NULL, &rs, &w, &d) == 0, "coreutils 5 read");
	want_rate(rs, "Count: 10", 0.8388608, 1, "coreutils 5: bytes over seconds");
	is_str(rs->ntests == 1 ? kv_list_get(&rs->tests[0].facts, "dd variant") : NULL,
	    "GNU", "coreutils 5 is GNU, not BSD");
	result_set_free(rs);
	str_list_free(&w);
	ok(th_read(FX "gnu-coreutils6.txt", NULL, &rs, &w, &d) == 0, "coreutils 6 read");
	want_rate(rs, "Count: 1 ", 1048576 / 0.00347 / 1e6, 1,
	    "coreutils 6: \"seconds\", bytes over seconds");
	is_str(rs->ntests == 1 ? kv_list_get(&rs->tests[0].facts, "dd variant") : NULL,
	    "GNU", "coreutils 6 is GNU, not busybox");
	ok(rs->ntests == 1 && strncmp(rs->tests[0].values[0].note, "288.2 MiB/s", 11) == 0,
	    "coreutils 6: MiB/s from bytes and seconds");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * Labels make tests, by hand: wiki headings "DD WRITE" (1.9 GB/s) and
 * "DD READ" (17.1 GB/s) are two tests of N = 1; "write:" runs of 64 MiB
 * in 0.0357218, 0.0322854 and 0.0335544 s (dd: 1.9, 2.1, 2.0 GB/s) are
 * one test, their quotients' mean and SE; "read test" runs in 0.00392082
 * and 0.00415443 s (17.1 and 16.2 GB/s) one test.
 */
static double
mean_se(const double *x, int n, double *se)
{
	double	 m = 0, ss = 0;
	int	 i;

	for (i = 0; i < n; i++)
		m += x[i] / n;
	for (i = 0; i < n; i++)
		ss += (x[i] - m) * (x[i] - m);
	*se = sqrt(ss / (n - 1)) / sqrt(n);
	return m;
}

static void
check_labels(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	const double		 wr[] = { 67108864 / 0.0357218 / 1e6,
				    67108864 / 0.0322854 / 1e6, 67108864 / 0.0335544 / 1e6 },
				 rd[] = { 67108864 / 0.00392082 / 1e6,
				    67108864 / 0.00415443 / 1e6 };
	double			 se;

	ok(th_read(FX "labels-wiki.txt", NULL, &rs, &w, &d) == 0, "wiki headings read");
	is_int(rs->ntests, 2, "wiki headings: two tests, not N = 2");
	want_rate(rs, "Label: DD WRITE", 67108864 / 0.0357218 / 1e6, 1, "wiki: DD WRITE");
	want_rate(rs, "Label: DD READ", 67108864 / 0.00392082 / 1e6, 1, "wiki: DD READ");
	result_set_free(rs);
	str_list_free(&w);

	ok(th_read(FX "labels-repeats.txt", NULL, &rs, &w, &d) == 0, "labelled repeats read");
	is_int(rs->ntests, 2, "labelled repeats: one test per label");
	t = th_find(rs, "Label: write", "MB/s");
	ok(t != NULL && t->values[0].n == 3, "write: three repeats");
	is_double(t != NULL ? t->values[0].mean : 0, mean_se(wr, 3, &se), 1e-9,
	    "write: mean");
	is_double(t != NULL ? t->values[0].se : 0, se, 1e-9, "write: SE");
	t = th_find(rs, "Label: read test", "MB/s");
	ok(t != NULL && t->values[0].n == 2, "read test: two repeats");
	is_double(t != NULL ? t->values[0].mean : 0, mean_se(rd, 2, &se), 1e-9,
	    "read test: mean");
	is_double(t != NULL ? t->values[0].se : 0, se, 1e-9, "read test: SE");
	is_str(t != NULL ? kv_list_get(&t->facts, "label") : NULL, "read test",
	    "the label is a fact of the test");
	result_set_free(rs);
	str_list_free(&w);

	/* One label for every run names nothing: seed-like "Test results:". */
	ok(th_read(FX "gnu-write-4M.txt", NULL, &rs, &w, &d) == 0 &&
	    strstr(rs->tests[0].description, "Label") == NULL, "no label, no suffix");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * Made with GNU dd here (gen.sh): a failed copy ("dd: error writing
 * ...: File too large", "0 bytes copied") is refused with the error; a
 * script's "Running DD WRITE test..." / "...READ test..." lines above
 * summaries (no records lines) label them: two tests; the same two
 * summaries with no label (514 and 3.0 GB/s) cannot be repeats: two
 * tests, with a warning. lone-lines.txt (written by hand around lines dd
 * printed): "or" and "Skipping speed test" with "Key: value" lines after
 * them name no system.
 */
static void
check_apart(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;

	ok(th_read(FX "gnu-failed-copy.txt", NULL, &rs, &w, &d) == -1 &&
	    strstr(d.msg, "File too large") != NULL, "failed copy: refused with dd's error");
	result_set_free(rs);
	str_list_free(&w);
	ok(th_read(FX "running-labels.txt", NULL, &rs, &w, &d) == 0, "Running DD: read");
	ok(rs->ntests == 2 && th_find(rs, "Label: Running DD WRITE test", "MB/s") != NULL &&
	    th_find(rs, "Label: Running DD READ test", "MB/s") != NULL &&
	    rs->tests[0].values[0].n == 1, "Running DD: a write and a read, two tests");
	result_set_free(rs);
	str_list_free(&w);
	ok(th_read(FX "write-read-unlabelled.txt", NULL, &rs, &w, &d) == 0, "apart: read");
	ok(rs->ntests == 2 && th_find(rs, "Run: 1", "MB/s") != NULL &&
	    th_find(rs, "Run: 2", "MB/s") != NULL && th_warned(&w, "times apart"),
	    "apart: runs far apart with nothing saying they are repeats stay apart");
	result_set_free(rs);
	str_list_free(&w);
	ok(th_read(FX "lone-lines.txt", NULL, &rs, &w, &d) == 0, "lone lines: read");
	ok(rs->nsystems == 1 && strcmp(rs->systems[0].identifier, "Server A") == 0,
	    "lone lines: \"or\" and \"Skipping speed test\" name no system");
	ok(th_warned(&w, "after \"Skipping speed test\", which names no system"),
	    "lone lines: their Key: value lines said to be unread");
	result_set_free(rs);
	str_list_free(&w);
}

int
main(void)
{
	check_seed();
	check_cases();
	check_paste();
	check_locales();
	check_old_forms();
	check_labels();
	check_apart();
	return tap_done();
}
