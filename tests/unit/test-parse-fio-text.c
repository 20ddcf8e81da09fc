/* SPDX-License-Identifier: ISC */
/*
 * The fio normal-output reader (2.x and 3.x, markdown, CR line ends,
 * client/server prefixes, --status-interval) on the project's fixtures and
 * every text file of the shared corpus, read in place. Bandwidth is
 * checked against the "Run status" lines parsed here; hand-checked values
 * carry a comment saying how they were checked.
 */
#include <dirent.h>
#include <unistd.h>

#include "fio-checks.h"

static void	 check_text_fixtures(void);
static void	 check_text_corpus(void);
static void	 check_net(void);
static void	 check_mixed(void);

/*
 * fio output and a dd run in one file (normal-bs-split.txt, then
 * gnu-write-4M.txt): the fio tests as from the fio file alone, and the dd
 * test, 4194304 bytes in 0.0101087 s (dd printed "415 MB/s"), with a warning.
 */
static void
check_mixed(void)
{
	struct result_set	*rs, *fio;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;

	ok(th_read(FX "mixed-fio-dd.txt", NULL, &rs, &w, &d) == 0, "fio and dd read");
	th_read(FX "normal-bs-split.txt", NULL, &fio, &w, &d);
	is_int(rs->ntests, fio->ntests + 1, "fio and dd: the fio tests and one dd test");
	t = th_find(rs, "Count: 4 - Input: /dev/zero", "MB/s");
	ok(t != NULL && fabs(t->values[0].mean - 4194304 / 0.0101087 / 1e6) < 1e-9 &&
	    strcmp(t->title, "dd") == 0, "fio and dd: the dd rate, bytes over seconds");
	ok(th_warned(&w, "also holds dd output"), "fio and dd: said");
	result_set_free(rs);
	result_set_free(fio);
	str_list_free(&w);
}

/*
 * The reads, the runtime in msec and the printed "BW=" number of a
 * one-job 3.x file, read here with sscanf: "read: IOPS=..., BW=N...
 * (...)(.../Tmsec)" and "issued rwts: total=R,...".
 */
static void
exact_counts(const char *path, double *reads, double *msec, double *bw)
{
	FILE	*fp;
	char	 line[1024], *p;

	*reads = *msec = *bw = -1;
	if ((fp = fopen(path, "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		if ((p = strstr(line, "issued rwts: total=")) != NULL)
			(void)sscanf(p + 19, "%lf", reads);
		if (strstr(line, "read: IOPS=") != NULL && (p = strstr(line, "BW=")) != NULL &&
		    sscanf(p + 3, "%lf", bw) == 1 && (p = strstr(line, ")(")) != NULL &&
		    (p = strchr(p, '/')) != NULL)
			(void)sscanf(p + 1, "%lf", msec);
	}
	fclose(fp);
}

/*
 * Rounded figures beside exact counts, from the real fio (gen.sh):
 * "IOPS=7988, BW=31.2MiB/s" beside 7996 reads of 4096B in 1001 msec is
 * 7988.012 IOPS and 31.203 MiB/s; with kb_base=1000, "IOPS=20.6k,
 * BW=1353MB/s (1290MiB/s)" beside 20661 reads in 1001 msec is 20640.36
 * IOPS and 1353 x 10^6 / 2^20 = 1290.32 MiB/s (its block size prints
 * as "65.5kB", no exact size, so the bandwidth is the printed one).
 * The figures are taken from the files, which gen.sh makes anew.
 */
static void
check_exact(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	double			 n, ms, bw;

	exact_counts(FX "exact-rate-iops.txt", &n, &ms, &bw);
	ok(th_read(FX "exact-rate-iops.txt", NULL, &rs, &w, &d) == 0 && n > 0 && ms > 0,
	    "exact: read");
	t = th_find(rs, "Random Read", "IOPS");
	is_double(t != NULL ? t->values[0].mean : 0, n * 1000 / ms, 1e-9,
	    "exact: IOPS from the issued count over the runtime");
	t = th_find(rs, "Random Read", "MB/s");
	is_double(t != NULL ? t->values[0].mean : 0, n * 4 / 1024.0 * 1000 / ms, 1e-9,
	    "exact: bandwidth from the count times the block size");
	result_set_free(rs);
	str_list_free(&w);
	exact_counts(FX "kb-base-1000.txt", &n, &ms, &bw);
	ok(th_read(FX "kb-base-1000.txt", NULL, &rs, &w, &d) == 0 && n > 0 && ms > 0,
	    "kb_base=1000: read");
	t = th_find(rs, "Sequential Read", "IOPS");
	is_double(t != NULL ? t->values[0].mean : 0, n * 1000 / ms, 1e-9,
	    "kb_base=1000: IOPS from the issued count");
	t = th_find(rs, "Sequential Read", "MB/s");
	is_double(t != NULL ? t->values[0].mean : 0, bw * 1e6 / 1048576, 1e-9,
	    "kb_base=1000: \"MB/s\" is 10^6 bytes a second");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * group_reporting over a reader and a writer running at once (fio 3.33,
 * group-reporting-rw.fio): one block named "reader", rw=randread, with
 * a read: and a write: line. Both directions are kept, named from the
 * data, with a warning; the write IOPS are its issued count over 1001 ms.
 */
static void
check_group(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	double			 n = -1;
	char			*buf, *p;
	size_t			 len;

	buf = format_slurp(FX "group-reporting-rw.txt", &len, &d);
	if (buf != NULL && (p = strstr(buf, "issued rwts: total=")) != NULL &&
	    (p = strchr(p, ',')) != NULL)
		n = strtod(p + 1, NULL);
	free(buf);
	ok(th_read(FX "group-reporting-rw.txt", NULL, &rs, &w, &d) == 0, "group: read");
	t = th_find(rs, "Direction: Write", "IOPS");
	ok(t != NULL && n > 0 && fabs(t->values[0].mean - n / 1.001) < 1e-9,
	    "group: the writer's write line is kept");
	ok(th_find(rs, "Direction: Read", "IOPS") != NULL, "group: the reader's too");
	ok(th_warned(&w, "group_reporting"), "group: said why");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * Labels split fio runs as they split dd runs (labels-two-configs.txt:
 * one fio 3.33 command run twice, pasted under "Default:" and "Special
 * block size 1M:"): two tests of N = 1, not one of N = 2.
 */
static void
check_labels(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*a, *b;

	ok(th_read(FX "labels-two-configs.txt", NULL, &rs, &w, &d) == 0, "labels: read");
	a = th_find(rs, "Label: Default", "IOPS");
	b = th_find(rs, "Label: Special block size 1M", "IOPS");
	ok(a != NULL && b != NULL && a != b && a->values[0].n == 1 && b->values[0].n == 1,
	    "labels: two runs, two tests");
	is_str(b != NULL ? kv_list_get(&b->facts, "label") : NULL, "Special block size 1M",
	    "labels: the label is a fact");
	result_set_free(rs);
	str_list_free(&w);
	/* One label for every run names nothing. */
	ok(th_read(FX "exact-rate-iops.txt", NULL, &rs, &w, &d) == 0 &&
	    th_find(rs, "Label", "IOPS") == NULL, "labels: none, no suffix");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * A log cut short (cut-short-8jobs.txt: fio 3.33 with numjobs=8, its
 * first 110 lines, inside the fifth job's block): read, with a warning
 * naming the last job's line. A whole output (normal-2groups.txt) has
 * no such warning.
 */
static void
check_cut(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;

	ok(th_read(FX "cut-short-8jobs.txt", NULL, &rs, &w, &d) == 0 &&
	    th_warned(&w, "cut-short-8jobs.txt:98: fio output cut short"),
	    "cut short: said, at the last job's line");
	result_set_free(rs);
	str_list_free(&w);
	ok(th_read(FX "normal-2groups.txt", NULL, &rs, &w, &d) == 0 &&
	    !th_warned(&w, "cut short"), "whole output: no warning");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * --output-format=normal,terse (fio 3.33): the terse line states the run
 * of the normal block again. One test per figure, from the normal block
 * (its type names the engine), with a warning; not two tests.
 */
static void
check_same_run(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;

	ok(th_read(FX "normal-terse-same-run.txt", NULL, &rs, &w, &d) == 0, "normal,terse: read");
	is_int(rs->ntests, 4, "normal,terse: IOPS, MB/s, mean and p99 once");
	ok(th_find(rs, "Engine: PSync", "IOPS") != NULL && th_find(rs, "Engine: Unknown",
	    "IOPS") == NULL, "normal,terse: the normal block's, which shows the engine");
	ok(th_warned(&w, "states the same run"), "normal,terse: said");
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * The net engine with unit_base=1 prints bits, by hand: "BW=11.8Gibit/s"
 * is 11.8 x 1024 / 8 = 1510.4 MiB/s (the receiver's 10 short reads leave
 * its bytes unknown, so the printed figure stays); its 1033 reads in 42
 * msec are 24595.24 IOPS ("IOPS=24.6k"). The sender's 1024 writes of 64
 * KiB in 42 msec are 1523.81 MiB/s ("11.9Gibit/s", 1523.2). fio 2.x's
 * "Kbit" is 1024 bits, 1/8 KiB.
 */
static void
check_net(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;

	ok(th_read(FX "net-recv-bits.txt", NULL, &rs, &w, &d) == 0, "net receiver read");
	t = th_find(rs, "Sequential Read - Engine: net", "MB/s");
	is_double(t != NULL ? t->values[0].mean : 0, 1510.4, 1e-9, "net receiver: bits to MiB/s");
	t = th_find(rs, "Sequential Read - Engine: net", "IOPS");
	is_double(t != NULL ? t->values[0].mean : 0, 1033 / 0.042, 1e-9,
	    "net receiver: IOPS from the issued count and the runtime");
	result_set_free(rs);
	str_list_free(&w);
	ok(th_read(FX "net-send-bits.txt", NULL, &rs, &w, &d) == 0, "net sender read");
	t = th_find(rs, "Sequential Write - Engine: net", "MB/s");
	is_double(t != NULL ? t->values[0].mean : 0, 1024 * 64 / 1024.0 / 0.042, 1e-9,
	    "net sender: issued writes times the block size over the runtime");
	result_set_free(rs);
	str_list_free(&w);
	is_double(fio_names_unit_kib("Kbit", 4), 1.0 / 8, 0, "Kbit is 1/8 KiB");
	is_double(fio_names_unit_kib("Mibit", 5), 128, 0, "Mibit is 128 KiB");
}

static void
check_text_fixtures(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	char			*buf;
	size_t			 len;

	check_text_file(FX "normal-2groups.txt");
	check_text_file(FX "fio2-normal-fsync.txt");
	is_str(detected(FX "normal-2groups.txt"), "fio-text", "detect normal");
	is_str(detected(FX "normal-markdown-cr.md"), "fio-text", "detect normal in markdown");
	/* Client/server normal output: "<host> " prefixes name the systems. */
	th_read(FX "client-server-normal.txt", NULL, &rs, &w, &d);
	is_int(rs->nsystems, 2, "client/server text: two hosts, no aggregate");
	t = th_find(rs, "Sequential Write", "IOPS");
	ok(t != NULL && t->nvalues == 2 && t->values[1].mean == 400,
	    "client/server text: node-b IOPS=400");
	is_str(t != NULL ? t->app_version : NULL, "3.7", "client/server text: version");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Normal output with --status-interval: the last report of the job,
	 * "IOPS=2621" from 5246 reads in 2001 msec (its last "issued" line).
	 */
	buf = format_slurp(FX "normal-status-interval.txt", &len, &d);
	{
		double		 want = 5246 / 2.001;

		th_read(FX "normal-status-interval.txt", NULL, &rs, &w, &d);
		t = th_find(rs, "Random Read", "IOPS");
		ok(t != NULL && t->values[0].mean == want && t->values[0].n == 1,
		    "text status-interval: the last report, not a sum");
		ok(th_warned(&w, "interim report"), "text status-interval: warned");
		result_set_free(rs);
		str_list_free(&w);
	}
	free(buf);

	check_text_file(FX "normal-bs-split.txt");
	check_same_as(FX "normal-in-html.html", FX "normal-bs-split.txt", "fio-text");
	check_net();
	check_exact();
	check_group();
	check_labels();
	check_cut();
	check_same_run();
	check_mixed();
	th_read(FX "normal-bs-split.txt", NULL, &rs, &w, &d);
	ok(th_find(rs, "Block Size: 4KB - Job Count: 1 - Direction: Read", "IOPS") != NULL &&
	    th_find(rs, "Block Size: 64KB - Job Count: 1 - Direction: Write", "IOPS") != NULL,
	    "bs=4k,64k: each direction its own block size");
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

}

static void
check_text_corpus(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;

	check_corpus_kind("fio-text", check_text_file);
	if (!th_has_corpus()) {
		skip("corpus hand-checked values", "../shared is absent");
		return;
	}
	ok(th_read(CORPUS "/gen/fio/v08_error_uncreatable_dir.txt", NULL, &rs, &w, &d) == -1 &&
	    strstr(d.msg, "without any job result") != NULL,
	    "failed run refused with the reason");
	result_set_free(rs);
	/*
	 * Hand-checked against the file: "write: IOPS=44.5k, BW=696MiB/s"
	 * from 44577 writes of 16 KiB ("issued rwts") in 1001 msec,
	 * "clat (nsec): ... avg=81370.42" -> 81.37042 usec, "99.00th=[  129]"
	 * in a usec block.
	 */
	th_read(CORPUS "/gen/fio/v02_randwrite_16k_qd4_libaio.txt", NULL, &rs, &w, &d);
	t = th_find(rs, "Type: Random Write - Engine: Linux AIO", "IOPS");
	ok(t != NULL && fabs(t->values[0].mean - 44577 / 1.001) < 1e-9,
	    "v02: IOPS=44.5k, exactly 44532.47");
	t = th_find(rs, "Block Size: 16KB", "MB/s");
	ok(t != NULL && fabs(t->values[0].mean - 44577 * 16 / 1024.0 / 1.001) < 1e-9,
	    "v02: BW=696MiB/s, exactly 695.82");
	t = th_find(rs, "Completion Mean", "usec");
	ok(t != NULL && fabs(t->values[0].mean - 81.37042) < 1e-9, "v02: clat nsec -> usec");
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean == 129, "v02: p99");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Five runs of one job in one log: 1048576 reads each, runt= 6864,
	 * 8351, 7079, 7742, 6334 msec (iops= 152764, 125562, 148124, 135439,
	 * 165547); mean 145487.903063 and SE 6929.088677 from Python's
	 * statistics.mean and stdev(...) / sqrt(5) of 1048576000 / runt.
	 */
	th_read(CORPUS "/fio-text/dyu__vps-comparison__logs_do-5bucks-ubuntu_fio_randread.log",
	    NULL, &rs, &w, &d);
	t = th_find(rs, "Type: Random Read", "IOPS");
	ok(t != NULL && t->values[0].n == 5, "five runs in one log: N = 5");
	ok(t != NULL && fabs(t->values[0].mean - 145487.903063) < 1e-5, "five runs: mean");
	ok(t != NULL && fabs(t->values[0].se - 6929.088677) < 1e-5, "five runs: SE");
	if (t != NULL)
		diag("five runs: mean %.6f SE %.6f", t->values[0].mean, t->values[0].se);
	result_set_free(rs);
	str_list_free(&w);

	/* Markdown comparing five VPSes: "## name" headings become systems. */
	th_read(CORPUS "/fio-text/dyu__vps-comparison__fio-16K.md", NULL, &rs, &w, &d);
	is_int(rs->nsystems, 5, "fio-16K.md: five systems from headings");
	is_str(rs->nsystems ? rs->systems[0].identifier : "", "aws ec2 micro - 990M",
	    "fio-16K.md: first system");
	/* "write: IOPS=1231" under the aws heading: 262144 writes in 212880 msec */
	t = th_find(rs, "Sequential Write", "IOPS");
	ok(t != NULL && fabs(t->values[0].mean - 262144 / 212.88) < 1e-9 &&
	    t->values[0].n == 1,
	    "fio-16K.md: aws write IOPS");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * ceph 2.x rw: "read : ... bw=103759KB/s, iops=101" from 6115 reads
	 * of 1 MiB in 60349 msec (101.33 IOPS, 101.33 MiB/s), "clat (msec):
	 * ... avg=168.57" = 168570 usec, "99.00th=[  603]" msec = 603000 usec.
	 */
	th_read(CORPUS "/fio-text/chris-sanders__ceph-fio-results__bluestore_erasure2.1_rw-1M.out",
	    NULL, &rs, &w, &d);
	t = th_find(rs, "Direction: Read", "IOPS");
	ok(t != NULL && fabs(t->values[0].mean - 6115 / 60.349) < 1e-9, "ceph rw: read IOPS");
	t = th_find(rs, "Direction: Read", "MB/s");
	ok(t != NULL && fabs(t->values[0].mean - 6115 / 60.349) < 1e-9, "ceph rw: read MB/s");
	t = th_find(rs, "Direction: Read - Latency: Completion Mean", "usec");
	ok(t != NULL && fabs(t->values[0].mean - 168570) < 1e-6, "ceph rw: clat msec -> usec");
	t = th_find(rs, "Direction: Write - Latency: Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean == 578000, "ceph rw: write p99");
	result_set_free(rs);
	str_list_free(&w);
}

int
main(void)
{
	check_text_fixtures();
	check_text_corpus();
	return tap_done();
}
