/* SPDX-License-Identifier: ISC */
/*
 * Latency ladders: histograms read from series and merged, fio's
 * percentile rule, "not estimable" below 10 / (1 - p) I/Os, the
 * within-run interval of one run, the comparison of two ladders, and
 * the coverage of the between-run interval over 1,000 simulated 5-run
 * experiments (fixed seed).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <json-c/json.h>

#include "ladder.h"
#include "model.h"
#include "run-hist.h"
#include "tap.h"
#include "xalloc.h"

static void	 test_series(void);
static void	 test_estimable(void);
static void	 test_compare(void);
static void	 test_coverage(void);
static void	 test_clones(void);
static void	 test_band(void);
static void	 diag_line(const char *key, double got, double want);
static void	 sim_run(gsl_rng *rng, double scale, size_t ios, struct ladder_hist *h);

static void
test_series(void)
{
	struct series		 s = { 0 };
	struct ladder_hist	 h, h2;
	const char		*why = NULL;
	double			 us;

	/* Bins out of order, one repeated, one empty. */
	dbl_list_add(&s.x, 3); dbl_list_add(&s.y, 10);
	dbl_list_add(&s.x, 1); dbl_list_add(&s.y, 80);
	dbl_list_add(&s.x, 2); dbl_list_add(&s.y, 0);
	dbl_list_add(&s.x, 3); dbl_list_add(&s.y, 10);
	ok(ladder_hist_from_series(&h, &s, &why) == 0, "series: a histogram reads");
	is_int(h.n, 2, "series: empty bins dropped, equal bins merged");
	is_double(h.total, 100, 0, "series: total counts every I/O");
	ok(ladder_hist_pct(&h, 80, &us) == 0 && us == 1, "pct: 80 % reached in the first bin");
	ok(ladder_hist_pct(&h, 80.5, &us) == 0 && us == 3, "pct: 80.5 % needs the next bin (fio's rule)");
	h2.us = NULL;
	memset(&h2, 0, sizeof(h2));
	ladder_hist_add(&h2, &h);
	ladder_hist_add(&h2, &h);
	ok(h2.n == 2 && h2.total == 200 && h2.count[1] == 40, "add: merging adds counts bin by bin");
	ladder_hist_free(&h2);
	ladder_hist_free(&h);
	dbl_list_add(&s.x, -1); dbl_list_add(&s.y, 3);
	ok(ladder_hist_from_series(&h, &s, &why) == -1 && why != NULL,
	    "series: a negative bin value is refused");
	dbl_list_add(&s.x, 5);
	ok(ladder_hist_from_series(&h, &s, &why) == -1, "series: lengths that differ are refused");
	dbl_list_free(&s.x);
	dbl_list_free(&s.y);
	dbl_list_add(&s.x, 5); dbl_list_add(&s.y, 0);
	ok(ladder_hist_from_series(&h, &s, &why) == -1, "series: no I/O is refused");
	dbl_list_free(&s.x);
	dbl_list_free(&s.y);
}

static void
test_estimable(void)
{
	struct ladder_hist	 h;
	struct ladder		 l;
	gsl_rng			*rng = gsl_rng_alloc(gsl_rng_mt19937);

	gsl_rng_set(rng, 7);
	sim_run(rng, 1, 20000, &h);
	ladder_compute(&h, 1, LADDER_SEED, &l);
	ok(l.rung[3].ok, "20,000 I/Os: p99.9 is estimable (needs 10,000)");
	ok(!l.rung[4].ok, "20,000 I/Os: p99.99 is not estimable");
	is_double(l.rung[4].need, 100000, 0, "p99.99 needs 100,000 I/Os");
	is_double(l.rung[0].need, 20, 0, "p50 needs 20 I/Os");
	ok(l.rung[2].ci == LADDER_CI_WITHIN && l.rung[2].lo <= l.rung[2].us &&
	    l.rung[2].us <= l.rung[2].hi && l.rung[2].lo < l.rung[2].hi,
	    "one run: the interval is within-run and holds the estimate");
	is_str(ladder_ci_name(l.rung[2].ci), "within-run", "one run: labelled within-run");
	is_int(l.resamples, 0, "one run: no bootstrap");
	ladder_free(&l);
	ladder_hist_free(&h);
	gsl_rng_free(rng);
}

/* Five runs against the same five with every latency 1.3x: p50 ... p99.9 all 1.3x. */
static void
test_compare(void)
{
	struct ladder_hist	 a[5], b[5];
	struct ladder		 la, lb;
	struct ladder_cmp	 c;
	gsl_rng			*rng = gsl_rng_alloc(gsl_rng_mt19937);
	size_t			 r, k;

	gsl_rng_set(rng, 11);
	for (r = 0; r < 5; r++) {
		double	s = exp(gsl_ran_gaussian(rng, 0.03));

		sim_run(rng, s, 30000, &a[r]);
		sim_run(rng, s * 1.3, 30000, &b[r]);
	}
	ladder_compute(a, 5, LADDER_SEED, &la);
	ladder_compute(b, 5, LADDER_SEED + 1, &lb);
	ok(la.rung[2].ci == LADDER_CI_RUNS && la.resamples == LADDER_BOOT &&
	    la.seed == LADDER_SEED, "five runs: between-run interval, seed recorded");
	ok(la.rung[4].ok, "150,000 I/Os: p99.99 is estimable");
	ladder_compare(&la, &lb, &c);
	for (k = 0; k < 4; k++) {
		char	name[64];

		snprintf(name, sizeof(name), "compare: %s ratio about 1.3",
		    ladder_rung_name(k));
		ok(c.rung[k].ok && fabs(c.rung[k].ratio - 1.3) < 0.06 &&
		    c.rung[k].lo < c.rung[k].ratio && c.rung[k].hi > c.rung[k].ratio &&
		    c.rung[k].lo > 1.1, name);
	}
	ok(c.rung[2].has_p_adj && c.rung[2].p_adj < 0.01, "compare: p99 Holm p < 0.01");
	ok(c.rung[0].has_p_adj && c.rung[0].p_adj >= c.rung[0].welch.p,
	    "compare: Holm never lowers a p-value");
	is_double(c.mean_ratio, 1.3, 0.03, "compare: mean ratio from the bins");
	ladder_free(&la);
	ladder_free(&lb);
	ladder_compare(&la, &lb, &c);
	ok(!c.rung[2].ok && strcmp(c.rung[2].why, "not estimable") == 0,
	    "compare: empty ladders are not estimable");
	for (r = 0; r < 5; r++) {
		ladder_hist_free(&a[r]);
		ladder_hist_free(&b[r]);
	}
	gsl_rng_free(rng);
}

/*
 * 1,000 experiments of 5 runs of 4,000 I/Os: latency lognormal (median
 * 100 usec, sigma 0.5) times a run's own factor exp(N(0, 0.1)), so all
 * I/Os are lognormal with sigma sqrt(0.5^2 + 0.1^2) and the true p99 is
 * exp(ln 100 + z(0.99) sqrt(0.26)). Covered: the interval's bins hold
 * the true value's bin.
 */
static void
test_coverage(void)
{
	struct ladder_hist	 runs[5];
	struct ladder		 l;
	gsl_rng			*rng = gsl_rng_alloc(gsl_rng_mt19937);
	double			 truth, tbin;
	size_t			 e, r, covered = 0, n = 1000;
	char			 name[96];

	gsl_rng_set(rng, 2026);
	truth = exp(log(100.0) + gsl_cdf_ugaussian_Pinv(0.99) * sqrt(0.26));
	tbin = run_hist_bucket_value(run_hist_index((uint64_t)(truth * 1000))) / 1000;
	for (e = 0; e < n; e++) {
		for (r = 0; r < 5; r++)
			sim_run(rng, exp(gsl_ran_gaussian(rng, 0.1)), 4000, &runs[r]);
		ladder_compute(runs, 5, LADDER_SEED + e, &l);
		if (l.rung[2].lo <= tbin && tbin <= l.rung[2].hi)
			covered++;
		ladder_free(&l);
		for (r = 0; r < 5; r++)
			ladder_hist_free(&runs[r]);
	}
	snprintf(name, sizeof(name), "coverage: p99's 95 %% interval covers the "
	    "truth in %zu of 1000 (92-98 %%)", covered);
	ok(covered >= 920 && covered <= 980, name);
	gsl_rng_free(rng);
}

/*
 * fio's own merge against ours: four numjobs clones run with
 * group_reporting, each logging every completion latency (nsec). The
 * clones' I/Os binned as fio bins them (run_hist_index, fio's
 * plat_val_to_idx) and merged give every percentile fio states for the
 * group, to the bin (fixtures/fio-ladder/README.md).
 */
static void
test_clones(void)
{
	struct ladder_hist	 clone[4], all = { 0 };
	struct json_object	*root, *pct = NULL, *o;
	struct series		 s = { 0 };
	static double		 counts[RUN_HIST_NR];
	const char		*why;
	char			 path[128], name[96];
	double			 ms, ns, us;
	size_t			 c, i, n = 0, same = 0, listed = 0;
	FILE			*fp;

	for (c = 0; c < 4; c++) {
		memset(counts, 0, sizeof(counts));
		snprintf(path, sizeof(path), "fixtures/fio-ladder/cg_clat.%zu.log", c + 1);
		if ((fp = fopen(path, "r")) == NULL) {
			ok(0, "clones: the clat logs open");
			return;
		}
		while (fscanf(fp, "%lf, %lf%*[^\n]", &ms, &ns) == 2) {
			counts[run_hist_index((uint64_t)ns)]++;
			n++;
		}
		fclose(fp);
		for (i = 0; i < RUN_HIST_NR; i++)
			if (counts[i] > 0) {
				dbl_list_add(&s.x, run_hist_bucket_value((unsigned)i) / 1000);
				dbl_list_add(&s.y, counts[i]);
			}
		if (ladder_hist_from_series(&clone[c], &s, &why) == -1)
			memset(&clone[c], 0, sizeof(clone[c]));
		dbl_list_free(&s.x);
		dbl_list_free(&s.y);
		ladder_hist_add(&all, &clone[c]);
	}
	is_int(n, 10000, "clones: four logs of 2,500 I/Os each");
	root = json_object_from_file("fixtures/fio-ladder/clones-group.json");
	if (root != NULL && json_object_object_get_ex(root, "jobs", &o) &&
	    (o = json_object_array_get_idx(o, 0)) != NULL &&
	    json_object_object_get_ex(o, "read", &o) &&
	    json_object_object_get_ex(o, "clat_ns", &o))
		json_object_object_get_ex(o, "percentile", &pct);
	ok(pct != NULL, "clones: fio's group percentiles read");
	if (pct != NULL) {
		json_object_object_foreach(pct, key, val) {
			listed++;
			if (ladder_hist_pct(&all, strtod(key, NULL), &us) == 0 &&
			    fabs(us * 1000 - json_object_get_double(val)) < 0.5)
				same++;
			else
				diag_line(key, us * 1000, json_object_get_double(val));
		}
		snprintf(name, sizeof(name), "clones: merged bins give fio's "
		    "group percentile, to the bin, %zu of %zu", same, listed);
		ok(listed > 10 && same == listed, name);
		ok(json_object_object_get_ex(pct, "99.000000", &o) &&
		    ladder_hist_pct(&all, 99, &us) == 0 &&
		    fabs(us * 1000 - json_object_get_double(o)) < 0.5,
		    "clones: merged p99 equals group_reporting's p99");
	}
	json_object_put(root);
	ladder_hist_free(&all);
	for (c = 0; c < 4; c++)
		ladder_hist_free(&clone[c]);
}

static void
diag_line(const char *key, double got, double want)
{
	printf("# percentile %s: merged bins %.0f ns, fio %.0f ns\n", key, got, want);
}

/* The exceedance band holds the curve, for one run and for five. */
static void
test_band(void)
{
	struct ladder_hist	 runs[5], all;
	gsl_rng			*rng = gsl_rng_alloc(gsl_rng_mt19937);
	double			*lo, *hi, cum, p, w1 = 0, w5 = 0;
	size_t			 r, i, bad;
	int			 k;

	gsl_rng_set(rng, 99);
	for (r = 0; r < 5; r++)
		sim_run(rng, exp(gsl_ran_gaussian(rng, 0.05)), 20000, &runs[r]);
	for (k = 0; k < 2; k++) {
		size_t	nr = k == 0 ? 1 : 5;

		memset(&all, 0, sizeof(all));
		for (r = 0; r < nr; r++)
			ladder_hist_add(&all, &runs[r]);
		lo = xcalloc(all.n, sizeof(double));
		hi = xcalloc(all.n, sizeof(double));
		ladder_exceed_band(runs, nr, LADDER_SEED, &all, lo, hi);
		for (i = 0, cum = 0, bad = 0; i < all.n; i++) {
			cum += all.count[i];
			p = (all.total - cum) / all.total;
			if (p > 0 && !(lo[i] <= p && p <= hi[i]))
				bad++;
			/* The band's width at the 1 % level, on the log scale. */
			if (p <= 0.01 && (k == 0 ? w1 : w5) == 0 && lo[i] > 0) {
				if (k == 0)
					w1 = log(hi[i] / lo[i]);
				else
					w5 = log(hi[i] / lo[i]);
			}
		}
		is_int(bad, 0, k == 0 ? "band, one run (Wilson): holds the curve" :
		    "band, five runs (bootstrap): holds the curve");
		free(lo);
		free(hi);
		ladder_hist_free(&all);
	}
	ok(w1 > 0 && w5 > 0, "band: a width at 1 % on both");
	for (r = 0; r < 5; r++)
		ladder_hist_free(&runs[r]);
	gsl_rng_free(rng);
}

/* ios lognormal latencies (median 100 usec x scale, sigma 0.5) into fio's bins. */
static void
sim_run(gsl_rng *rng, double scale, size_t ios, struct ladder_hist *h)
{
	struct series	 s = { 0 };
	static double	 counts[RUN_HIST_NR];
	const char	*why;
	size_t		 i;
	double		 ns;

	memset(counts, 0, sizeof(counts));
	for (i = 0; i < ios; i++) {
		ns = 100000.0 * scale * exp(gsl_ran_gaussian_ziggurat(rng, 0.5));
		counts[run_hist_index((uint64_t)ns)]++;
	}
	for (i = 0; i < RUN_HIST_NR; i++)
		if (counts[i] > 0) {
			dbl_list_add(&s.x, run_hist_bucket_value((unsigned)i) / 1000);
			dbl_list_add(&s.y, counts[i]);
		}
	if (ladder_hist_from_series(h, &s, &why) == -1)
		memset(h, 0, sizeof(*h));
	dbl_list_free(&s.x);
	dbl_list_free(&s.y);
}

int
main(void)
{
	test_series();
	test_estimable();
	test_compare();
	test_clones();
	test_band();
	test_coverage();
	return tap_done();
}
