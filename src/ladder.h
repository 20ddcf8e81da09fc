/* SPDX-License-Identifier: ISC */
/*
 * Latency ladders: p50, p90, p99, p99.9 and p99.99 of completion latency
 * from latency histograms (fio json+ bins, clat_hist logs, the runner's
 * own: all fio's log-linear bins, so merging runs adds counts exactly),
 * each with a 95 % interval, and the comparison of two ladders as ratios.
 *
 * Ownership: a ladder_hist and a ladder own their arrays; ladder_hist_free
 * and ladder_free release them and accept NULL or an emptied struct.
 * Functions taking const pointers borrow them.
 */
#ifndef BENCHREPORT_LADDER_H
#define BENCHREPORT_LADDER_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"
#include "stats.h"

#define LADDER_NRUNGS	5
/* I/Os a percentile needs above it: p needs 10 / (1 - p) in all. */
#define LADDER_TAIL	10
/* Bootstrap resamples of the runs, and the seed of the first side. */
#define LADDER_BOOT	4000
#define LADDER_SEED	20261204UL
/* The name of the series that holds one run's histogram. */
#define LADDER_SERIES	MODEL_HIST_SERIES

/* One run's (or several merged runs') histogram, bins in value order. */
struct ladder_hist {
	double	*us;		/* bin value (fio's bin middle), usec, ascending */
	double	*count;		/* I/Os in the bin, > 0 */
	size_t	 n;
	double	 total;		/* sum of count */
};

enum ladder_ci {
	LADDER_CI_NONE = 0,	/* no interval (not estimable) */
	LADDER_CI_RUNS,		/* between runs: bootstrap over runs (N >= 3) */
	LADDER_CI_WITHIN	/* within-run: order statistics of the merged I/Os */
};

struct ladder_rung {
	double		 pct;		/* 50, 90, 99, 99.9, 99.99 */
	double		 need;		/* I/Os needed to estimate it */
	bool		 ok;		/* estimable: the merged I/Os reach need */
	double		 us;		/* percentile of the merged histogram */
	enum ladder_ci	 ci;
	double		 lo, hi;	/* 95 % interval, usec */
	bool		 runs_ok;	/* every run reaches need on its own */
	double		*runs;		/* each run's percentile, when runs_ok */
	double		*boot;		/* LADDER_BOOT replicates, when ci is RUNS */
};

struct ladder {
	size_t			 nruns;
	double			 ios;		/* I/Os of all runs */
	double			 mean_us;	/* from the bins' values */
	unsigned long		 seed;		/* of the bootstrap, when used */
	size_t			 resamples;	/* 0 when no bootstrap */
	struct ladder_rung	 rung[LADDER_NRUNGS];
};

struct ladder_ratio {
	bool		 ok;		/* both rungs estimable */
	const char	*why;		/* static, when !ok */
	double		 ratio;		/* B / A of the merged percentiles */
	enum ladder_ci	 ci;
	double		 lo, hi;	/* 95 % interval of the ratio */
	struct welch	 welch;		/* of the runs' log percentiles */
	bool		 has_p_adj;
	double		 p_adj;		/* Holm across the ladder's rungs */
};

struct ladder_cmp {
	struct ladder_ratio	rung[LADDER_NRUNGS];
	double			mean_ratio;	/* B / A of the bins' means */
};

/* "p50", "p90", "p99", "p99.9", "p99.99" for rung k. Static. */
const char *ladder_rung_name(size_t k);
/* "between runs", "within-run" or "" for an interval's kind. Static. */
const char *ladder_ci_name(enum ladder_ci ci);

/*
 * Read a histogram series (x = bin value in usec, y = count) into h,
 * merging equal bins and dropping empty ones. 0, or -1 with *why (static)
 * when the series is not a histogram (lengths differ, a value or count
 * negative or not finite, no I/O at all).
 */
int	 ladder_hist_from_series(struct ladder_hist *h, const struct series *s,
	    const char **why);
/* Add every bin of src to dst. */
void	 ladder_hist_add(struct ladder_hist *dst, const struct ladder_hist *src);
/*
 * The pct-th percentile as fio computes it: the value of the first bin
 * whose running count reaches pct % of the total. -1 when h is empty.
 */
int	 ladder_hist_pct(const struct ladder_hist *h, double pct, double *us);
void	 ladder_hist_free(struct ladder_hist *h);

/*
 * The histograms of v's runs (its LADDER_SERIES series, one per run) in
 * *out (an array to free with ladder_hists_free) and their count in *n.
 * 0 (with *n = 0 when v has none), or -1 with *why naming what is wrong.
 */
int	 ladder_hists_from_value(const struct value *v, struct ladder_hist **out,
	    size_t *n, const char **why);
void	 ladder_hists_free(struct ladder_hist *h, size_t n);

/*
 * The ladder of n >= 1 runs: percentiles of the merged histogram, each
 * estimable when the merged I/Os reach LADDER_TAIL / (1 - p); with
 * n >= 3 the 95 % interval is the expanded percentile bootstrap over runs
 * (LADDER_BOOT resamples, GSL's MT19937 seeded with seed), with fewer the
 * order-statistic interval of the merged I/Os, labelled within-run.
 */
void	 ladder_compute(const struct ladder_hist *runs, size_t n,
	    unsigned long seed, struct ladder *out);
void	 ladder_free(struct ladder *l);

/*
 * A pointwise 95 % band of the exceedance P(X > x) at each bin value x of
 * the runs merged (all, which must be their merge): with n >= 3 runs the
 * same bootstrap over runs as the ladder's (seed, LADDER_BOOT resamples,
 * fewer, down to 200, for very long series; the t-widened deviation of
 * log P), else Wilson's interval of the merged
 * I/Os' proportion above x. lo[i], hi[i] for all->us[i]; lo is 0 where
 * a resample has no I/O above x.
 */
void	 ladder_exceed_band(const struct ladder_hist *runs, size_t n,
	    unsigned long seed, const struct ladder_hist *all, double *lo,
	    double *hi);

/*
 * Compare ladder b with a: per rung the ratio B / A with a 95 % interval
 * (the two sides' bootstrap replicates when both have them, else the
 * within-run intervals' extremes), Welch's test of the runs' log
 * percentiles when both sides have two or more runs that reach the rung,
 * and Holm's adjustment across the rungs tested.
 */
void	 ladder_compare(const struct ladder *a, const struct ladder *b,
	    struct ladder_cmp *out);

#endif
