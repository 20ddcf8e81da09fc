/* SPDX-License-Identifier: ISC */
/*
 * The fio log reader (bw/iops/lat/clat/slat logs, clat histogram logs)
 * on the project's fixtures and the corpus's logs, read in place. Means are
 * checked against the log column summed here; the histogram against the
 * JSON of the same run; a corrupted row must give a warning naming it.
 */
#include <dirent.h>
#include <unistd.h>

#include "fio-checks.h"

static void	 check_log_fixtures(void);

static void
check_log_fixtures(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;

	check_log_file(FX "lg_bw.1.log");
	check_log_file(FX "lg_iops.1.log");
	check_log_file(FX "lg_clat.1.log");
	check_log_file(FX "lg_clat_hist.1.log");
	check_log_file(FX "notrail_iops.1.log");
	is_str(detected(FX "lg_clat_hist.1.log"), "fio-log", "detect hist log");
	is_str(detected(FX "corrupt_clat.1.log"), "fio-log", "detect corrupted log");
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

	/*
	 * Kind not in the name (fio 3.33's per-I/O logs, renamed): every
	 * value 1 is an iops log; bandwidth values stay without a unit, with
	 * the reason and what to do.
	 */
	ok(th_read(FX "perio-nokind.1.log", NULL, &rs, &w, &d) == 0, "per-I/O log read");
	ok(th_find(rs, "Log: IOPS", "IOPS") != NULL && th_warned(&w, "every value is 1"),
	    "per-I/O log without kind: iops, said");
	result_set_free(rs);
	str_list_free(&w);
	/*
	 * The kind after a "-" (fio-bw.1.log) or as the folder's name
	 * (iops/run.1.log): lg_bw.1.log's and lg_iops.1.log's first rows under those names
	 * read with their units.
	 */
	ok(th_read(FX "fio-bw.1.log", NULL, &rs, &w, &d) == 0 &&
	    th_find(rs, "Job: fio - Log: Bandwidth", "MB/s") != NULL,
	    "fio-bw.1.log: a bandwidth log, in MB/s");
	result_set_free(rs);
	str_list_free(&w);
	ok(th_read(FX "iops/run.1.log", NULL, &rs, &w, &d) == 0 &&
	    th_find(rs, "Job: run - Log: IOPS", "IOPS") != NULL,
	    "iops/run.1.log: the folder names the kind");
	result_set_free(rs);
	str_list_free(&w);
	/*
	 * fio 2.x clat histogram (1216 bins a row, usec; written by hand):
	 * bins 100 (100 usec), 120 (120) and 200 (256 + 8.5 x 4 = 290 usec)
	 * with counts 10+6+8, 4 and 5+2: mean 4910 / 35 = 140.2857 usec,
	 * 99th percentile 290 usec (not 1000 times less, as 3.x nsec).
	 */
	ok(th_read(FX "fio2_clat_hist.1.log", NULL, &rs, &w, &d) == 0, "2.x hist read");
	t = th_find(rs, "Histogram - Direction: Read - Statistic: Mean", "usec");
	is_double(t != NULL ? t->values[0].mean : 0, 4910.0 / 35, 1e-9,
	    "2.x hist: mean in usec");
	t = th_find(rs, "Histogram - Direction: Read - Statistic: 99th", "usec");
	is_double(t != NULL ? t->values[0].mean : 0, 290, 1e-9, "2.x hist: p99 in usec");
	ok(!th_warned(&w, "nanoseconds"), "2.x hist: the row width tells, no guess");
	result_set_free(rs);
	str_list_free(&w);
	ok(th_read(FX "bw-nokind.1.log", NULL, &rs, &w, &d) == 0, "bw log without kind read");
	ok(th_find(rs, "Statistic: Mean", "") != NULL &&
	    th_warned(&w, "name the file as fio does"),
	    "bw log without kind: no unit guessed, the way out said");
	result_set_free(rs);
	str_list_free(&w);
}

int
main(void)
{
	check_log_fixtures();
	check_corpus_kind("fio-log", check_log_file);
	return tap_done();
}
