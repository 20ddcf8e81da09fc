/* SPDX-License-Identifier: ISC */
/*
 * What a comparison could have shown: the minimum detectable effect of
 * Welch's test (power from the non-central t distribution, summed as a
 * series from GSL's incomplete beta function), the two one-sided
 * tests of equivalence (TOST) within a margin, and the smallest p-value
 * the exact Mann-Whitney test can reach with a given number of runs.
 * Ownership: inputs are borrowed; results are returned by value and own
 * nothing (the why strings are static).
 */
#ifndef BENCHREPORT_STATS_POWER_H
#define BENCHREPORT_STATS_POWER_H

#include <stdbool.h>
#include <stddef.h>

/* Power asked of a detectable effect. */
#define STATS_POWER_DEFAULT	0.8

/* Two one-sided Welch tests of |mean_b - mean_a| < margin. */
struct tost {
	bool		 ok;	/* false: not computable, see why */
	const char	*why;
	double		 t_lo;	/* (diff + margin) / SE, tests diff > -margin */
	double		 t_hi;	/* (diff - margin) / SE, tests diff < margin */
	double		 p;	/* max of the two one-sided p-values */
};

/*
 * P(T <= t) for T non-central t with df > 0 degrees of freedom and
 * non-centrality nc, within 3e-13 absolute (a series of incomplete
 * beta functions); NAN for arguments out of range.
 */
double	 stats_nct_cdf(double t, double df, double nc);

/*
 * Power of the two-sided t-test at level alpha with df degrees of freedom
 * when the true effect is nc standard errors: P(|T| > t_crit).
 */
double	 stats_t_power(double nc, double df, double alpha);

/*
 * The minimum detectable effect of Welch's test, in the unit of the
 * difference: the true difference the two-sided test at level alpha
 * finds with probability power, from the SE of the difference se_diff
 * and the Welch-Satterthwaite df. Returns false (out untouched) when
 * se_diff is not positive and finite, df is not positive, or the root
 * search fails.
 */
bool	 stats_mde(double se_diff, double df, double alpha, double power,
	    double *out);

/*
 * TOST for equivalence of B and A within +/- margin (margin > 0, in the
 * unit of diff): diff = mean_b - mean_a, se_diff and df of Welch's test.
 * p < alpha means equivalence at level alpha; equivalently, the
 * 1 - 2 alpha confidence interval of diff lies inside the margin.
 */
struct tost stats_tost(double diff, double se_diff, double df, double margin);

/*
 * The smallest two-sided p-value the exact Mann-Whitney test can give
 * with na and nb runs: 2 / C(na + nb, na), capped at 1 (with ties or the
 * normal approximation it is no lower). 1 when either side is empty.
 */
double	 stats_mwu_min_p(size_t na, size_t nb);

#endif
