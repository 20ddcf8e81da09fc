/* SPDX-License-Identifier: ISC */
/*
 * Steady state as the SNIA Solid State Storage Performance Test
 * Specification defines it: over a measurement window of 5 rounds, the
 * range of the rounds' values is at most 20 % of the window's average and
 * the excursion of the least-squares line (its rise or fall from the
 * window's first round to its last) at most 10 %. steady_find returns the
 * first such window of a series of rounds, or says it was not reached.
 * Also the folding of a log's samples into rounds.
 *
 * Ownership: functions borrow their arrays; steady_fold returns an array
 * the caller frees.
 */
#ifndef BENCHREPORT_STEADY_H
#define BENCHREPORT_STEADY_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

#define STEADY_WINDOW		5	/* rounds in the measurement window */
#define STEADY_RANGE_PCT	20.0	/* max - min, % of the window's average */
#define STEADY_SLOPE_PCT	10.0	/* the fit line's excursion, % of the average */

struct steady {
	bool	ok;		/* false: fewer rounds than a window, see why */
	const char *why;	/* static, when !ok */
	size_t	rounds;		/* rounds examined */
	bool	reached;	/* a window met both limits */
	size_t	first;		/* first round of the window, from 0 (reached) */
	double	avg;		/* the window's average */
	double	range;		/* max - min in the window */
	double	range_pct;	/* range / avg * 100 */
	double	slope;		/* least-squares slope per round */
	double	intercept;	/* the line's value at round 0 of the series */
	double	excursion;	/* |slope| * (STEADY_WINDOW - 1) */
	double	excursion_pct;	/* excursion / avg * 100 */
};

/*
 * The first window of STEADY_WINDOW consecutive rounds y[i..i+4] whose
 * range and fit-line excursion are within the limits. When none is, the
 * figures are the last window's and reached is false. A window whose
 * average is 0 or not finite never qualifies.
 */
struct steady steady_find(const double *y, size_t n);
/* The figures of the window starting at round first (first + 5 <= n). */
void	 steady_window(const double *y, size_t first, struct steady *s);

/*
 * The consistency of per-second figures over the last `last` seconds (all
 * when last is 0 or more than n), as drive reviews give it: mean, sample
 * SD, mean / SD, and the 1st and 99.9th percentiles of the seconds
 * (GSL's interpolated quantiles). ok false (why set) with fewer than two
 * seconds.
 */
struct steady_consistency {
	bool		 ok;
	const char	*why;
	size_t		 seconds;	/* the seconds used */
	double		 mean, sd, mean_sd;
	double		 p1, p999;
};
struct steady_consistency steady_consistency(const double *persec, size_t n,
	    size_t last);

/*
 * Fold samples (t in ms, ascending, value y) into rounds of round_ms:
 * round k holds the samples with k * round_ms <= t - t[0] < (k + 1) *
 * round_ms, its value their mean; an empty round ends the series (a gap
 * is not a round). round_ms <= 0 makes every sample a round. Returns the
 * rounds (free them) and their count in *nr.
 */
double	*steady_fold(const double *t, const double *y, size_t n, double round_ms,
	    size_t *nr);

/*
 * The rounds of a value: its first series that is not a latency
 * histogram, folded by steady_fold (x in ms; round_ms 0: each sample a
 * round), *what its name; else, when runs is true and it has two or more
 * runs, the runs in order (*what "runs"). NULL when it has neither.
 */
double	*steady_value_rounds(const struct value *v, double round_ms, bool runs,
	    const char **what, size_t *n);

#endif
