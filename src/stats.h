/* SPDX-License-Identifier: ISC */
/*
 * Significance statistics for comparing benchmark results: Welch's t-test
 * from summary figures (mean, SE, N), the Holm-Bonferroni correction, the
 * Mann-Whitney U test on raw runs, and the geometric mean of ratios with a
 * t-based confidence interval. Distributions come from GSL.
 * Ownership: inputs are borrowed; results are returned by value and own
 * nothing (the why strings are static).
 */
#ifndef BENCHREPORT_STATS_H
#define BENCHREPORT_STATS_H

#include <stdbool.h>
#include <stddef.h>

/* Welch's unequal-variance t-test of B against A. */
struct welch {
	bool		 ok;	/* false: not computable, see why */
	const char	*why;	/* static reason when !ok, else NULL */
	double		 t;	/* (mean_b - mean_a) / sqrt(se_a^2 + se_b^2) */
	double		 df;	/* Welch-Satterthwaite degrees of freedom */
	double		 p;	/* two-sided p-value */
};

/* Mann-Whitney U test (two-sided) of the runs of B against those of A. */
struct mwu {
	bool		 ok;
	const char	*why;
	double		 u;	/* U of sample B: pairs (a, b) with b > a, ties 1/2 */
	double		 p;	/* two-sided p-value */
	bool		 exact;	/* exact null distribution, else normal approximation */
};

/* Geometric mean of ratios with a 95 % confidence interval. */
struct geomean {
	bool		 ok;	/* false when no ratio could be used */
	const char	*why;
	size_t		 n;	/* number of ratios used */
	double		 ratio;	/* exp(mean(log ratios)) */
	bool		 has_ci; /* needs n >= 2 */
	double		 lo, hi; /* 95 % interval of the geometric mean */
};

/*
 * Welch's t-test from each side's mean, standard error of the mean and
 * number of runs. Needs n >= 2 on both sides, finite means and SEs >= 0 not
 * both 0. The p-value is two-sided, from the Student t distribution with
 * the Welch-Satterthwaite df (not rounded).
 */
struct welch stats_welch(double mean_a, double se_a, long n_a,
	    double mean_b, double se_b, long n_b);

/*
 * Two-sided confidence interval of mean_b - mean_a at level (e.g. 0.95)
 * from a computed Welch test: diff +/- t_quantile(df) * SE of the
 * difference. Returns false (lo, hi untouched) when w is not ok.
 */
bool	 stats_welch_ci(const struct welch *w, double se_a, double se_b,
	    double diff, double level, double *lo, double *hi);

/*
 * Holm-Bonferroni step-down adjustment of n p-values: adj[i] is the
 * adjusted p-value of p[i] (monotone, capped at 1), so that rejecting
 * adj[i] < alpha controls the family-wise error rate at alpha. p and adj
 * may be the same array. n = 0 is fine.
 */
void	 stats_holm(const double *p, size_t n, double *adj);

/*
 * Mann-Whitney U test of b against a (two-sided). Exact null distribution
 * (Mann and Whitney, Ann. Math. Statist. 18, 1947) when there are no ties
 * and both samples have at most STATS_MWU_EXACT_MAX values; otherwise the
 * normal approximation with the tie-corrected variance and a continuity
 * correction of 0.5 (Lehmann, Nonparametrics, 1975, ch. 1), as
 * scipy.stats.mannwhitneyu(method="asymptotic") computes it. p is
 * 2 * P(U >= max(U, na*nb - U)), capped at 1. Needs a value on each side.
 */
#define STATS_MWU_EXACT_MAX	20
struct mwu stats_mann_whitney(const double *a, size_t na,
	    const double *b, size_t nb);

/*
 * Geometric mean of n ratios (each > 0 and finite; others make it fail),
 * with a 95 % confidence interval from the t distribution on the log
 * ratios (n - 1 df); has_ci is false when n < 2.
 */
struct geomean stats_geomean(const double *ratio, size_t n);

#endif
