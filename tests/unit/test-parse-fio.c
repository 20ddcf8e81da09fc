/* SPDX-License-Identifier: ISC */
/*
 * The fio readers (JSON, json+, normal text, terse, logs) on the project's
 * fixtures and on every fio file of the shared corpus, read in place.
 * Values are checked by a route independent of the reader: the raw JSON
 * read here with json-c, the "Run status" lines of normal output, terse
 * fields against each other, log columns summed here; plus hand-checked
 * values, each with a comment saying how it was checked.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "fio-names.h"
#include "format.h"
#include "parse-fio-text.h"
#include "read-helpers.h"
#include "tap.h"
#include "xalloc.h"

#define FX	"fixtures/fio/"

static double	 sum_unit(const struct result_set *rs, const char *unit);
static double	 jnum(struct json_object *o, const char *a, const char *b);
static double	 job_pct(const char *path, size_t i, const char *p, struct fio_dir *fill);
static int	 json_sums(const char *path, double *iops, double *mib);
static void	 check_json_file(const char *path);
static int	 status_mib(const char *path, double *mib);
static void	 check_text_file(const char *path);
static void	 check_terse_file(const char *path);
static void	 check_log_file(const char *path);
static void	 check_names(void);
static void	 check_fixtures(void);
static void	 check_bad_input(void);
static void	 check_corpus(void);
static const char *detected(const char *path);
static void	 check_no_steal(void);
static void	 check_bins(void);

/* Sum over every value of every test with this unit of mean x N (the runs' total). */
static double
sum_unit(const struct result_set *rs, const char *unit)
{
	double	s = 0;
	size_t	i, k;

	for (i = 0; i < rs->ntests; i++)
		if (strcmp(rs->tests[i].unit, unit) == 0)
			for (k = 0; k < rs->tests[i].nvalues; k++)
				s += rs->tests[i].values[k].mean *
				    (double)(rs->tests[i].values[k].n > 0 ?
				    rs->tests[i].values[k].n : 1);
	return s;
}

static double
jnum(struct json_object *o, const char *a, const char *b)
{
	struct json_object	*x;

	if (!json_object_object_get_ex(o, a, &x))
		return NAN;
	if (b != NULL && !json_object_object_get_ex(x, b, &x))
		return NAN;
	return json_object_get_double(x);
}

/*
 * The independent route for JSON: fio's own per-job iops and bw, summed
 * here over jobs and directions (the "All clients" aggregate excepted).
 */
static int
json_sums(const char *path, double *iops, double *mib)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	struct json_object	*root, *jobs, *j, *d, *x;
	char			*buf, *start;
	size_t			 i, k;
	long			 len;
	FILE			*fp;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	fseek(fp, 0, SEEK_END);
	len = ftell(fp);
	rewind(fp);
	buf = xcalloc((size_t)len + 1, 1);
	if (fread(buf, 1, (size_t)len, fp) != (size_t)len) {
		fclose(fp);
		free(buf);
		return -1;
	}
	fclose(fp);
	start = buf[0] == '{' ? buf : strstr(buf, "\n{");
	root = start != NULL ? json_tokener_parse(start) : NULL;
	free(buf);
	if (root == NULL)
		return -1;
	if (!json_object_object_get_ex(root, "jobs", &jobs) &&
	    !json_object_object_get_ex(root, "client_stats", &jobs)) {
		json_object_put(root);
		return -1;
	}
	*iops = *mib = 0;
	for (i = 0; i < json_object_array_length(jobs); i++) {
		j = json_object_array_get_idx(jobs, i);
		if (json_object_object_get_ex(j, "jobname", &x) &&
		    strcmp(json_object_get_string(x), "All clients") == 0)
			continue;
		for (k = 0; k < 3; k++)
			if (json_object_object_get_ex(j, dirs[k], &d)) {
				*iops += jnum(d, "iops", NULL);
				*mib += jnum(d, "bw", NULL) / 1024;
			}
	}
	json_object_put(root);
	return 0;
}

static void
check_json_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	double			 iops, mib;
	char			 name[512];

	snprintf(name, sizeof(name), "json %s", strrchr(path, '/') + 1);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		/* The only corpus JSON we refuse is fio's error message alone. */
		ok(strstr(d.msg, "fio reported an error") != NULL &&
		    strchr(d.msg, '"') != NULL, name);
		diag("%s", d.msg);
	} else if (json_sums(path, &iops, &mib) == 0) {
		is_double(sum_unit(rs, "IOPS"), iops, 1e-6 * iops + 1e-9, name);
		is_double(sum_unit(rs, "MB/s"), mib, 1e-6 * mib + 1e-9, name);
		ok(rs->nsystems >= 1 && rs->ntests >= 2, name);
	} else
		ok(0, name);
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * The independent route for normal output: the "Run status group" lines,
 * 3.x "READ: bw=93.2MiB/s" and 2.x "READ: io=..., aggrb=611058KB/s",
 * parsed here and summed in MiB/s.
 */
static int
status_mib(const char *path, double *mib)
{
	FILE	*fp;
	char	 line[4096], *p, *u;
	double	 v, k;
	int	 n = 0;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	*mib = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		p = line + strspn(line, " \t");
		if (strncmp(p, "READ:", 5) != 0 && strncmp(p, "WRITE:", 6) != 0 &&
		    strncmp(p, "TRIM:", 5) != 0)
			continue;
		if ((u = strstr(p, "aggrb=")) != NULL)
			p = u + 6;
		else if ((u = strstr(p, "bw=")) != NULL)
			p = u + 3;
		else
			continue;
		v = strtod(p, &u);
		k = strncmp(u, "KiB", 3) == 0 || strncmp(u, "KB", 2) == 0 ? 1.0 / 1024 :
		    strncmp(u, "MiB", 3) == 0 || strncmp(u, "MB", 2) == 0 ? 1 :
		    strncmp(u, "GiB", 3) == 0 || strncmp(u, "GB", 2) == 0 ? 1024 :
		    strncmp(u, "B/s", 3) == 0 ? 1.0 / 1048576 : NAN;
		*mib += v * k;
		n++;
	}
	fclose(fp);
	return n > 0 ? 0 : -1;
}

static void
check_text_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	double			 mib, got;
	char			 name[512];

	snprintf(name, sizeof(name), "text %s", strrchr(path, '/') + 1);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		ok(0, name);
		diag("%s", d.msg);
	} else if (status_mib(path, &mib) == 0) {
		/* Status lines round to 3-4 digits, per group. */
		got = sum_unit(rs, "MB/s");
		is_double(got, mib, 0.01 * mib + 0.01, name);
	} else
		ok(0, name);
	result_set_free(rs);
	str_list_free(&w);
}

/* Terse: bandwidth (field 7) against KiB moved / runtime (fields 6 and 9). */
static void
check_terse_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	FILE			*fp;
	char			 line[8192], *f[200], *p, name[512];
	double			 want = 0;
	int			 n;

	snprintf(name, sizeof(name), "terse %s", strrchr(path, '/') + 1);
	if ((fp = fopen(path, "r")) == NULL) {
		ok(0, name);
		return;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		p = line + strspn(line, " \t");
		if (!isdigit((unsigned char)p[0]) || strncmp(p + 1, ";fio", 4) != 0)
			continue;
		for (n = 0; n < 200 && (f[n] = strsep(&p, ";")) != NULL; n++)
			;
		/* read block at 5, write block at 5 + 41 (v3) or 5 + 47 (v4/5) */
		if (atof(f[8]) > 0)
			want += atof(f[5]) / atof(f[8]) * 1000 / 1024;
		n = line[0] >= '4' ? 52 : 46;
		if (atof(f[n + 3]) > 0)
			want += atof(f[n]) / atof(f[n + 3]) * 1000 / 1024;
	}
	fclose(fp);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		ok(0, name);
		diag("%s", d.msg);
	} else
		/* bw is rounded by fio over its own clock: within 1%. */
		is_double(sum_unit(rs, "MB/s"), want, 0.01 * want + 0.01, name);
	result_set_free(rs);
	str_list_free(&w);
}

/* Logs: the mean of column 2 (or the histogram rows' count) computed here. */
static void
check_log_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	FILE			*fp;
	char			 line[65536], name[512];
	double			 sum = 0, t, v, got;
	long			 n = 0, dir;
	const struct test	*mean;

	snprintf(name, sizeof(name), "log %s", strrchr(path, '/') + 1);
	if ((fp = fopen(path, "r")) == NULL) {
		ok(0, name);
		return;
	}
	while (fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "%lf, %lf, %ld", &t, &v, &dir) == 3 && dir >= 0 &&
		    strchr(line, 'w') == NULL) {
			sum += v;
			n++;
		}
	fclose(fp);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		ok(0, name);
		diag("%s", d.msg);
		goto out;
	}
	mean = th_find(rs, "Statistic: Mean", rs->tests[0].unit);
	if (strstr(path, "hist") != NULL) {
		/* Histogram: the series holds one point per row. */
		ok(mean != NULL && mean->values[0].nseries == 1 &&
		    mean->values[0].series[0].y.len >= 1, name);
		goto out;
	}
	got = mean->values[0].mean;
	if (strcmp(mean->unit, "MB/s") == 0)
		got *= 1024;
	else if (strcmp(mean->unit, "usec") == 0)
		got *= 1000;
	is_double(got, sum / (double)n, 1e-9 * fabs(sum), name);
	is_int(mean->values[0].series[0].y.len, n, name);
out:
	result_set_free(rs);
	str_list_free(&w);
}

static void
check_names(void)
{
	double	v;
	const char *e;

	ok(fio_names_size("4k", &v) == 0 && v == 4096, "size 4k");
	ok(fio_names_size("16.0KiB", &v) == 0 && v == 16384, "size 16.0KiB");
	ok(fio_names_size("4096B", &v) == 0 && v == 4096, "size 4096B");
	ok(fio_names_size("1M", &v) == 0 && v == 1048576, "size 1M");
	ok(fio_names_size("x", &v) == -1, "size junk refused");
	ok(fio_names_number("23.9k", &v, &e) == 0 && fabs(v - 23900) < 1e-9,
	    "IOPS=23.9k is 23900");
	ok(fio_names_number(" 4700.9k,", &v, &e) == 0 && fabs(v - 4700900) < 1e-6 &&
	    *e == ',', "max=4700.9k (nsec) is 4700900");
	is_double(fio_names_time_scale("nsec", 4), 0.001, 0, "nsec in usec");
	is_double(fio_names_time_scale("msec", 4), 1000, 0, "msec in usec");
	is_double(fio_names_unit_kib("MiB", 3), 1024, 0, "MiB in KiB");
	is_double(fio_names_unit_kib("KB", 2), 1, 0, "2.x KB is KiB");
	{
		char *s = fio_names_version("fio-3.6-31-g4386");

		is_str(s, "3.6-31-g4386", "version without fio-");
		free(s);
	}
}

static const char *
detected(const char *path)
{
	const struct reader	*r;
	struct diag		 d;

	diag_clear(&d);
	r = format_detect_file(path, &d);
	return r != NULL ? r->name : "none";
}

static void
check_fixtures(void)
{
	struct result_set	*rs, *rs2;
	struct str_list		 w = { 0 }, w2 = { 0 };
	struct diag		 d;
	struct fio_job_list	 tl = { 0 };
	const struct test	*t;
	char			*buf;
	size_t			 len, i;
	int			 dirn;

	/* Own generated JSON: every number against fio's JSON read here. */
	check_json_file(FX "json-randread-4k.json");
	check_json_file(FX "jsonplus-write-64k.json");
	check_json_file(FX "clones-nogroup.json");
	check_json_file(FX "clones-nogroup.jsonplus.json");
	check_json_file(FX "client-server.json");
	check_text_file(FX "normal-2groups.txt");
	check_text_file(FX "fio2-normal-fsync.txt");
	check_terse_file(FX "terse-v3.txt");
	check_terse_file(FX "terse-v5.txt");
	check_terse_file(FX "terse-in-notes.md");
	check_log_file(FX "lg_bw.1.log");
	check_log_file(FX "lg_iops.1.log");
	check_log_file(FX "lg_clat.1.log");
	check_log_file(FX "lg_clat_hist.1.log");
	check_log_file(FX "notrail_iops.1.log");

	is_str(detected(FX "json-randread-4k.json"), "fio-json", "detect json");
	is_str(detected(FX "jsonnormal-randrw.txt"), "fio-json", "detect json,normal");
	is_str(detected(FX "normal-2groups.txt"), "fio-text", "detect normal");
	is_str(detected(FX "normal-markdown-cr.md"), "fio-text", "detect normal in markdown");
	is_str(detected(FX "terse-v5.txt"), "fio-terse", "detect terse");
	is_str(detected(FX "terse-in-notes.md"), "fio-terse", "detect terse in notes");
	is_str(detected(FX "lg_clat_hist.1.log"), "fio-log", "detect hist log");
	is_str(detected(FX "corrupt_clat.1.log"), "fio-log", "detect corrupted log");

	/* Naming and fields on the generated JSON (options from its .cmd file). */
	th_read(FX "json-randread-4k.json", NULL, &rs, &w, &d);
	t = th_find(rs, "Type: Random Read", "IOPS");
	ok(t != NULL, "json: IOPS test");
	if (t != NULL) {
		is_str(t->title, "Flexible IO Tester", "json: title");
		is_str(t->app_version, "3.33", "json: version without fio-");
		is_str(t->description, "Type: Random Read - Engine: IO_uring - "
		    "Direct: Yes - Block Size: 4KB - Job Count: 1", "json: PTS naming");
		is_str(t->arguments, t->description, "json: arguments as PTS writes them");
		is_int(t->proportion, PROP_HIB, "json: IOPS HIB");
		is_str(kv_list_get(&t->facts, "iodepth"), "4", "json: iodepth kept as a fact");
		is_str(kv_list_get(&t->facts, "size"), "8M", "json: every option kept");
	}
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->proportion == PROP_LIB, "json: p99 latency LIB");
	is_str(rs->systems[0].identifier, "fio", "json: system from directory name");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Hand-written 2.x JSON: iops 1000 and bw 128000 KiB/s -> 125 MB/s
	 * (128000 / 1024); clat in usec as written (7990.50, p99 12032);
	 * "numjobs" : "01" is one job.
	 */
	th_read(FX "fio2-json-seqread.json", "box", &rs, &w, &d);
	t = th_find(rs, "Job Count: 1", "IOPS");
	ok(t != NULL && t->values[0].mean == 1000, "fio 2.x json: IOPS");
	t = th_find(rs, "Block Size: 128KB", "MB/s");
	ok(t != NULL && t->values[0].mean == 125, "fio 2.x json: MB/s");
	t = th_find(rs, "Completion Mean", "usec");
	ok(t != NULL && t->values[0].mean == 7990.5, "fio 2.x json: usec kept");
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean == 12032, "fio 2.x json: p99");
	is_str(rs->systems[0].identifier, "box", "--system names the system");
	ok(th_find(rs, "Sequential Write", "IOPS") == NULL, "idle direction omitted");
	result_set_free(rs);
	str_list_free(&w);

	/* Client/server: one system per host, the aggregate dropped, preamble warned. */
	th_read(FX "client-server.json", NULL, &rs, &w, &d);
	is_int(rs->nsystems, 2, "client/server: two hosts");
	is_str(rs->systems[0].identifier, "node-a", "client/server: host a");
	is_str(rs->systems[1].identifier, "node-b", "client/server: host b");
	ok(th_warned(&w, "skipped 5 lines") && th_warned(&w, "hostname=node-a"),
	    "client/server: preamble skipped with a warning saying what");
	ok(th_warned(&w, "Disk stats"), "client/server: trailer skipped with a warning");
	result_set_free(rs);
	str_list_free(&w);

	/* Client/server normal output: "<host> " prefixes name the systems. */
	th_read(FX "client-server-normal.txt", NULL, &rs, &w, &d);
	is_int(rs->nsystems, 2, "client/server text: two hosts, no aggregate");
	t = th_find(rs, "Sequential Write", "IOPS");
	ok(t != NULL && t->nvalues == 2 && t->values[1].mean == 400,
	    "client/server text: node-b IOPS=400");
	is_str(t != NULL ? t->app_version : NULL, "3.7", "client/server text: version");
	result_set_free(rs);
	str_list_free(&w);

	/* json,normal: the text numbers equal the JSON numbers (to print precision). */
	ok(th_read(FX "jsonnormal-randrw.txt", NULL, &rs, &w, &d) == 0, "json,normal read");
	ok(!th_warned(&w, "differ"), "json,normal: no disagreement reported");
	buf = format_slurp(FX "jsonnormal-randrw.txt", &len, &d);
	parse_fio_text_jobs(buf, "x", NULL, &tl);
	is_int(tl.len, 1, "json,normal: one job in the text");
	for (dirn = 0; dirn < 2 && tl.len == 1; dirn++) {
		const char *dn = dirn == 0 ? "Direction: Read" : "Direction: Write";

		t = th_find(rs, dn, "IOPS");
		ok(t != NULL && fabs(t->values[0].mean - tl.items[0].dir[dirn].iops) <=
		    0.006 * t->values[0].mean + 0.5, "json,normal: IOPS text = JSON");
		t = th_find(rs, dn, "MB/s");
		ok(t != NULL && fabs(t->values[0].mean * 1024 -
		    tl.items[0].dir[dirn].bw_kib) <= 0.006 * t->values[0].mean * 1024 + 1,
		    "json,normal: bandwidth text = JSON");
		t = th_find(rs, dn, "usec");
		ok(t != NULL && fabs(t->values[0].mean - tl.items[0].dir[dirn].clat_mean_us)
		    <= 0.01, "json,normal: clat mean text = JSON");
	}
	fio_job_list_free(&tl);
	free(buf);
	result_set_free(rs);
	str_list_free(&w);

	/* --status-interval: the last of the cumulative objects is the result. */
	buf = format_slurp(FX "status-interval.json", &len, &d);
	{
		char			*last = NULL, *p;
		struct json_object	*o = NULL, *x;
		double			 want = NAN;

		/* The last object starts at the last "{" in column 0. */
		for (p = buf; p != NULL && (p = strstr(p, "\n{")) != NULL; p++)
			last = p + 1;
		if (last != NULL && (o = json_tokener_parse(last)) != NULL &&
		    json_object_object_get_ex(o, "jobs", &x) &&
		    (x = json_object_array_get_idx(x, 0)) != NULL &&
		    json_object_object_get_ex(x, "read", &x))
			want = jnum(x, "iops", NULL);
		json_object_put(o);
		th_read(FX "status-interval.json", NULL, &rs, &w, &d);
		t = th_find(rs, "Random Read", "IOPS");
		ok(t != NULL && t->values[0].mean == want && t->values[0].n == 1,
		    "status-interval: last object's IOPS, one value");
		ok(th_warned(&w, "2 interim JSON objects"), "status-interval: warned");
		result_set_free(rs);
		str_list_free(&w);
	}
	free(buf);

	/* Normal output with --status-interval: the last "IOPS=" of the job. */
	buf = format_slurp(FX "normal-status-interval.txt", &len, &d);
	{
		const char	*p, *last = NULL;
		double		 want = NAN;

		for (p = buf; p != NULL && (p = strstr(p, "IOPS=")) != NULL; p++)
			last = p;
		if (last != NULL)
			fio_names_number(last + 5, &want, NULL);
		th_read(FX "normal-status-interval.txt", NULL, &rs, &w, &d);
		t = th_find(rs, "Random Read", "IOPS");
		ok(t != NULL && t->values[0].mean == want && t->values[0].n == 1,
		    "text status-interval: the last report, not a sum");
		ok(th_warned(&w, "interim report"), "text status-interval: warned");
		result_set_free(rs);
		str_list_free(&w);
	}
	free(buf);

	/* Block-size range and per-direction sizes keep their meaning. */
	check_json_file(FX "json-bsrange.json");
	th_read(FX "json-bsrange.json", NULL, &rs, &w, &d);
	ok(th_find(rs, "Block Size: 4KB-64KB", "IOPS") != NULL, "bsrange 4k-64k named");
	result_set_free(rs);
	str_list_free(&w);
	check_text_file(FX "normal-bs-split.txt");
	th_read(FX "normal-bs-split.txt", NULL, &rs, &w, &d);
	ok(th_find(rs, "Block Size: 4KB - Job Count: 1 - Direction: Read", "IOPS") != NULL &&
	    th_find(rs, "Block Size: 64KB - Job Count: 1 - Direction: Write", "IOPS") != NULL,
	    "bs=4k,64k: each direction its own block size");
	result_set_free(rs);
	str_list_free(&w);
	check_terse_file(FX "terse-clones.txt");
	th_read(FX "terse-clones.txt", NULL, &rs, &w, &d);
	ok(th_warned(&w, "taken as repeated runs"), "terse lines of one job: warned");
	result_set_free(rs);
	str_list_free(&w);

	/* numjobs=2 without group_reporting: summed, labelled 2 jobs, warned. */
	th_read(FX "clones-nogroup.json", NULL, &rs, &w, &d);
	ok(th_find(rs, "Job Count: 2", "IOPS") != NULL, "clones: Job Count 2");
	ok(th_find(rs, "99th", "usec") == NULL, "clones: no combined p99");
	ok(th_warned(&w, "summed"), "clones: warning");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Hand-written 2.x text: iops=1000, bw=8000.0KB/s -> 7.8125 MB/s,
	 * clat (usec) avg=250.25, 99.00th=[700] usec; fsync lines ignored.
	 */
	th_read(FX "fio2-normal-fsync.txt", NULL, &rs, &w, &d);
	t = th_find(rs, "Type: Random Write - Engine: Sync", "IOPS");
	ok(t != NULL && t->values[0].mean == 1000, "2.x text: IOPS");
	t = th_find(rs, "Block Size: 8KB", "MB/s");
	ok(t != NULL && t->values[0].mean == 7.8125, "2.x text: MB/s");
	t = th_find(rs, "Completion Mean", "usec");
	ok(t != NULL && t->values[0].mean == 250.25, "2.x text: clat mean");
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean == 700, "2.x text: p99");
	ok(th_find(rs, "Direct: Unknown", "IOPS") != NULL,
	    "text without a command line: direct unknown, not guessed");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Markdown with CR line ends: IOPS=512, BW=512MiB/s, clat (usec)
	 * avg=1950.50, percentiles in msec: 99.00th=[3] -> 3000 usec. The
	 * command line above gives direct=1; the heading names the system.
	 */
	th_read(FX "normal-markdown-cr.md", NULL, &rs, &w, &d);
	is_str(rs->nsystems ? rs->systems[0].identifier : "", "Results on the test box",
	    "markdown heading names the system");
	t = th_find(rs, "Direct: Yes - Block Size: 1MB", "IOPS");
	ok(t != NULL && t->values[0].mean == 512, "CR text: IOPS, direct from command line");
	t = th_find(rs, "Completion Mean", "usec");
	ok(t != NULL && t->values[0].mean == 1950.5, "CR text: clat mean");
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean == 3000, "CR text: msec percentiles normalised");
	result_set_free(rs);
	str_list_free(&w);

	/* Terse v3 pasted in notes equals the terse file it was pasted from. */
	th_read(FX "terse-v3.txt", NULL, &rs, &w, &d);
	th_read(FX "terse-in-notes.md", NULL, &rs2, &w2, &d);
	ok(rs->ntests == rs2->ntests && rs->ntests > 0, "terse in notes: same tests");
	for (i = 0; i < rs->ntests && i < rs2->ntests; i++)
		ok(rs->tests[i].values[0].mean == rs2->tests[i].values[0].mean,
		    "terse in notes: same value");
	result_set_free(rs);
	result_set_free(rs2);
	str_list_free(&w);
	str_list_free(&w2);

	/* Histogram log and JSON of the same run: same order of magnitude. */
	{
		const struct test *h;
		double jm = NAN, jp = NAN;
		struct json_object *root = json_object_from_file(FX "logs.json"), *x;

		if (root != NULL && json_object_object_get_ex(root, "jobs", &x)) {
			x = json_object_array_get_idx(x, 0);
			json_object_object_get_ex(x, "read", &x);
			jm = jnum(x, "clat_ns", "mean") / 1000;
			json_object_object_get_ex(x, "clat_ns", &x);
			jp = jnum(x, "percentile", "99.000000") / 1000;
		}
		json_object_put(root);
		th_read(FX "lg_clat_hist.1.log", NULL, &rs, &w, &d);
		h = th_find(rs, "Statistic: Mean", "usec");
		/* The histogram covers the first log_hist_msec window only. */
		ok(h != NULL && fabs(h->values[0].mean - jm) < 0.25 * jm,
		    "hist log mean near the JSON clat mean");
		h = th_find(rs, "99th Percentile", "usec");
		ok(h != NULL && h->values[0].mean > 0.5 * jp && h->values[0].mean < 2 * jp,
		    "hist log p99 near the JSON p99");
		result_set_free(rs);
		str_list_free(&w);
	}

	/* Corrupted log row: a warning naming the line; the other rows count. */
	ok(th_read(FX "corrupt_clat.1.log", NULL, &rs, &w, &d) == 0, "corrupt log read");
	ok(th_warned(&w, "corrupt_clat.1.log:3: corrupted log row"),
	    "corrupt log: warning names file and line");
	t = th_find(rs, "Statistic: Mean", "usec");
	/* (50000 + 52000 + 48000 + 50000) / 4 nsec = 50 usec */
	ok(t != NULL && t->values[0].mean == 50, "corrupt log: mean of the good rows");
	result_set_free(rs);
	str_list_free(&w);
}

static void
check_bad_input(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	char			 path[] = "/tmp/br-fio-test.XXXXXX";
	char			*buf;
	size_t			 len;
	FILE			*fp;
	int			 fd;

	th_read(FX "error-shm.json", NULL, &rs, &w, &d);
	ok(strstr(d.msg, "\"error: failed to setup shm segment\"") != NULL,
	    "error-only output refused with the message quoted");
	result_set_free(rs);
	th_read(FX "error-nomem.txt", NULL, &rs, &w, &d);
	ok(strstr(d.msg, "Cannot allocate memory") != NULL, "fio: error line quoted");
	result_set_free(rs);

	/* Truncated JSON: cut a real file in the middle. */
	buf = format_slurp(FX "json-randread-4k.json", &len, &d);
	if ((fd = mkstemp(path)) == -1 || (fp = fdopen(fd, "w")) == NULL) {
		ok(0, "temp file");
		free(buf);
		return;
	}
	fwrite(buf, 1, len / 2, fp);
	fclose(fp);
	free(buf);
	ok(th_read(path, NULL, &rs, &w, &d) == -1 && strstr(d.msg, "truncated") != NULL &&
	    d.line > 1 && strcmp(d.file, path) == 0,
	    "truncated JSON: error names file, line and why");
	diag("%s:%ld: %s", d.file, d.line, d.msg);
	ok(rs->ntests == 0, "truncated JSON: nothing half-read");
	result_set_free(rs);

	/* Empty and binary junk. */
	fp = fopen(path, "w");
	fclose(fp);
	ok(th_read(path, NULL, &rs, &w, &d) == -1 && strstr(d.msg, "empty") != NULL,
	    "empty file refused");
	result_set_free(rs);
	fp = fopen(path, "w");
	fwrite("\x7f" "ELF\0\0\1\2{\"fio version\"\xff\xfe", 1, 24, fp);
	fclose(fp);
	ok(th_read(path, NULL, &rs, &w, &d) == -1 && d.msg[0] != '\0',
	    "binary junk refused");
	diag("%s", d.msg);
	result_set_free(rs);
	/* Valid JSON that is not fio. */
	fp = fopen(path, "w");
	fputs("{\n  \"fio version\" : \"fio-3.1\",\n  \"other\" : []\n}\n", fp);
	fclose(fp);
	ok(th_read(path, NULL, &rs, &w, &d) == -1 && strstr(d.msg, "jobs") != NULL,
	    "JSON without jobs refused");
	result_set_free(rs);
	unlink(path);
	str_list_free(&w);
}

static void
check_corpus(void)
{
	static const char *const kinds[] = { "fio-json", "fio-text", "fio-terse",
	    "fio-log", "gen/fio", NULL };
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	struct dirent		*de;
	DIR			*dir;
	char			 path[1024];
	size_t			 i;
	const char		*r;

	if (!th_has_corpus()) {
		skip("corpus fio files", "../shared is absent");
		return;
	}
	for (i = 0; kinds[i] != NULL; i++) {
		snprintf(path, sizeof(path), CORPUS "/%s", kinds[i]);
		if ((dir = opendir(path)) == NULL)
			continue;
		while ((de = readdir(dir)) != NULL) {
			if (de->d_name[0] == '.' || strstr(de->d_name, ".cmd") ||
			    strstr(de->d_name, ".fio") || strstr(de->d_name, ".stderr"))
				continue;
			snprintf(path, sizeof(path), CORPUS "/%s/%s", kinds[i], de->d_name);
			r = detected(path);
			if (strcmp(r, "fio-json") == 0)
				check_json_file(path);
			else if (strcmp(r, "fio-text") == 0 && strstr(path, "v08") == NULL)
				check_text_file(path);
			else if (strcmp(r, "fio-terse") == 0)
				check_terse_file(path);
			else if (strcmp(r, "fio-log") == 0)
				check_log_file(path);
			else if (strstr(path, "v08") != NULL) {
				ok(th_read(path, NULL, &rs, &w, &d) == -1 &&
				    strstr(d.msg, "without any job result") != NULL,
				    "failed run refused with the reason");
				result_set_free(rs);
			} else {
				ok(0, path);
				diag("detected as %s", r);
			}
		}
		closedir(dir);
	}

	/*
	 * Hand-checked against the file: "write: IOPS=44.5k, BW=696MiB/s",
	 * "clat (nsec): ... avg=81370.42" -> 81.37042 usec, "99.00th=[  129]"
	 * in a usec block.
	 */
	th_read(CORPUS "/gen/fio/v02_randwrite_16k_qd4_libaio.txt", NULL, &rs, &w, &d);
	t = th_find(rs, "Type: Random Write - Engine: Linux AIO", "IOPS");
	ok(t != NULL && t->values[0].mean == 44500, "v02: IOPS=44.5k");
	t = th_find(rs, "Block Size: 16KB", "MB/s");
	ok(t != NULL && t->values[0].mean == 696, "v02: BW=696MiB/s");
	t = th_find(rs, "Completion Mean", "usec");
	ok(t != NULL && fabs(t->values[0].mean - 81.37042) < 1e-9, "v02: clat nsec -> usec");
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean == 129, "v02: p99");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Five runs of one job in one log: iops= 152764, 125562, 148124,
	 * 135439, 165547 (grep iops= in the file); mean 145487.2 and SE
	 * 6929.2136 from Python's statistics.stdev(...) / sqrt(5).
	 */
	th_read(CORPUS "/fio-text/dyu__vps-comparison__logs_do-5bucks-ubuntu_fio_randread.log",
	    NULL, &rs, &w, &d);
	t = th_find(rs, "Type: Random Read", "IOPS");
	ok(t != NULL && t->values[0].n == 5, "five runs in one log: N = 5");
	ok(t != NULL && fabs(t->values[0].mean - 145487.2) < 1e-6, "five runs: mean");
	ok(t != NULL && fabs(t->values[0].se - 6929.213616) < 1e-5, "five runs: SE");
	result_set_free(rs);
	str_list_free(&w);

	/* Markdown comparing five VPSes: "## name" headings become systems. */
	th_read(CORPUS "/fio-text/dyu__vps-comparison__fio-16K.md", NULL, &rs, &w, &d);
	is_int(rs->nsystems, 5, "fio-16K.md: five systems from headings");
	is_str(rs->nsystems ? rs->systems[0].identifier : "", "aws ec2 micro - 990M",
	    "fio-16K.md: first system");
	/* "write: IOPS=1231" under the aws heading */
	t = th_find(rs, "Sequential Write", "IOPS");
	ok(t != NULL && t->values[0].mean == 1231 && t->values[0].n == 1,
	    "fio-16K.md: aws write IOPS");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * ceph 2.x rw: "read : ... bw=103759KB/s, iops=101", "clat (msec):
	 * ... avg=168.57" = 168570 usec, "99.00th=[  603]" msec = 603000 usec.
	 */
	th_read(CORPUS "/fio-text/chris-sanders__ceph-fio-results__bluestore_erasure2.1_rw-1M.out",
	    NULL, &rs, &w, &d);
	t = th_find(rs, "Direction: Read", "IOPS");
	ok(t != NULL && t->values[0].mean == 101, "ceph rw: read IOPS");
	t = th_find(rs, "Direction: Read", "MB/s");
	ok(t != NULL && fabs(t->values[0].mean - 103759.0 / 1024) < 1e-9, "ceph rw: read MB/s");
	t = th_find(rs, "Direction: Read - Latency: Completion Mean", "usec");
	ok(t != NULL && fabs(t->values[0].mean - 168570) < 1e-6, "ceph rw: clat msec -> usec");
	t = th_find(rs, "Direction: Write - Latency: Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean == 578000, "ceph rw: write p99");
	result_set_free(rs);
	str_list_free(&w);
}

/* The percentile p of job i's clat_ns in a JSON file; NAN when absent. */
static double
job_pct(const char *path, size_t i, const char *p, struct fio_dir *fill)
{
	struct json_object	*root = json_object_from_file(path), *x, *c = NULL;
	double			 v = NAN;

	if (root != NULL && json_object_object_get_ex(root, "jobs", &x) &&
	    (x = json_object_array_get_idx(x, i)) != NULL &&
	    json_object_object_get_ex(x, "read", &x) &&
	    json_object_object_get_ex(x, "clat_ns", &c))
		v = jnum(c, "percentile", p) / 1000;
	if (fill != NULL && c != NULL && json_object_object_get_ex(c, "bins", &x)) {
		json_object_object_foreach(x, key, val) {
			dbl_list_add(&fill->bin_us, atof(key) / 1000);
			dbl_list_add(&fill->bin_count, json_object_get_double(val));
		}
	}
	json_object_put(root);
	return v;
}

/*
 * json+ histograms: the percentile found from the bins equals the one fio
 * printed from the same bins; summed clones' p99 lies between the clones'.
 */
static void
check_bins(void)
{
	struct fio_dir		 fd;
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	double			 us, a, b;

	memset(&fd, 0, sizeof(fd));
	a = job_pct(FX "clones-nogroup.jsonplus.json", 0, "99.000000", &fd);
	ok(fio_names_bins_pct(&fd, 99, &us) == 0 && fabs(us - a) < 1e-9,
	    "json+ bins: p99 as fio computes it");
	ok(fio_names_bins_pct(&fd, 50, &us) == 0 && fabs(us - job_pct(FX
	    "clones-nogroup.jsonplus.json", 0, "50.000000", NULL)) < 1e-9,
	    "json+ bins: p50 as fio computes it");
	dbl_list_free(&fd.bin_us);
	dbl_list_free(&fd.bin_count);
	b = job_pct(FX "clones-nogroup.jsonplus.json", 1, "99.000000", NULL);
	th_read(FX "clones-nogroup.jsonplus.json", NULL, &rs, &w, &d);
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean >= fmin(a, b) && t->values[0].mean <= fmax(a, b),
	    "json+ clones: summed p99 between the clones' p99");
	ok(th_warned(&w, "summed json+ histograms"), "json+ clones: warning says how");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * PTS XML, OpenBenchmarking exports and the other seeds belong to other
 * readers: the fio and dd readers must score 0 on them.
 */
static void
check_no_steal(void)
{
	static const char *const dirs[] = { CORPUS "/pts-xml", CORPUS "/ob-export",
	    CORPUS "/ob-text", CORPUS "/ob-html", CORPUS "/pts-other",
	    CORPUS "/../seeds", CORPUS "/../docs", NULL };
	static const char *const mine[] = { "fio-json", "fio-text", "fio-terse",
	    "fio-log", "dd", NULL };
	struct dirent	*de;
	DIR		*dir;
	FILE		*fp;
	char		 path[1024], *head;
	size_t		 i, k, n, files = 0, stolen = 0;

	if (!th_has_corpus()) {
		skip("other formats left alone", "../shared is absent");
		return;
	}
	head = xmalloc(FORMAT_HEAD_MAX + 1);
	for (i = 0; dirs[i] != NULL; i++) {
		if ((dir = opendir(dirs[i])) == NULL)
			continue;
		while ((de = readdir(dir)) != NULL) {
			snprintf(path, sizeof(path), "%s/%s", dirs[i], de->d_name);
			/* Seed 001 is dd output: it is ours. */
			if (de->d_name[0] == '.' || strncmp(de->d_name, "001_", 4) == 0 ||
			    (fp = fopen(path, "r")) == NULL)
				continue;
			n = fread(head, 1, FORMAT_HEAD_MAX, fp);
			fclose(fp);
			if (n == 0)
				continue;
			head[n] = '\0';
			files++;
			for (k = 0; mine[k] != NULL; k++)
				if (format_find(mine[k])->detect(head, n) > 0) {
					stolen++;
					diag("%s claims %s", mine[k], path);
				}
		}
		closedir(dir);
	}
	free(head);
	ok(files > 10, "other formats: files looked at");
	is_int(stolen, 0, "other formats: no fio or dd reader claims them");
}

int
main(void)
{
	check_no_steal();
	check_bins();
	check_names();
	check_fixtures();
	check_bad_input();
	check_corpus();
	return tap_done();
}
