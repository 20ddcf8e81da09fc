/* SPDX-License-Identifier: ISC */
/*
 * `run --repeat auto`: repeat a test until the 95 % confidence interval
 * of its mean throughput is narrow enough (its half-width within
 * --target-ci of the mean), or a cap is reached, and say why it stopped.
 * The rule and its references are in docs/verdicts.md.
 * Ownership: a struct run_repeat owns its list of measurements;
 * run_repeat_free releases it; returned strings are the caller's.
 */
#ifndef BENCHREPORT_RUN_REPEAT_H
#define BENCHREPORT_RUN_REPEAT_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

#define RUN_REPEAT_MIN		3	/* never judge fewer repeats */
#define RUN_REPEAT_MAX		30	/* default cap */
#define RUN_REPEAT_TARGET	2.0	/* default --target-ci, % of the mean */

enum run_repeat_stop {
	RUN_REPEAT_RUNNING = 0,
	RUN_REPEAT_TARGET_MET,	/* the half-width is within the target */
	RUN_REPEAT_CAP,		/* the cap was reached first */
	RUN_REPEAT_INTERRUPTED	/* stopped by a signal */
};

struct run_repeat {
	double			 target_pct;
	unsigned		 max;
	double			*x;	/* this test's measurements */
	size_t			 n;
	double			 half_pct; /* last half-width, NAN before 2 */
	enum run_repeat_stop	 stop;
};

/* "2", "2%", "0.5%": a percentage above 0, at most 100; 0 or -1. */
int	 run_repeat_parse_pct(const char *arg, double *out);

/* A rule with target_pct and cap max (>= RUN_REPEAT_MIN), no measurement. */
void	 run_repeat_init(struct run_repeat *rr, double target_pct,
	    unsigned max);
/* Forget the measurements: a new test starts. */
void	 run_repeat_reset(struct run_repeat *rr);
void	 run_repeat_free(struct run_repeat *rr);

/*
 * Half-width of the 95 % confidence interval of the mean of x[0 .. n-1]
 * (Student t with n - 1 df, sample standard deviation), in % of |mean|.
 * NAN when n < 2 or the mean is 0.
 */
double	 run_repeat_half_pct(const double *x, size_t n);

/*
 * Add one repeat's measurement; true when the test should stop now (the
 * target is met after at least RUN_REPEAT_MIN repeats, or the cap is
 * reached), with rr->stop saying which.
 */
bool	 run_repeat_add(struct run_repeat *rr, double x);

/*
 * Why the test stopped, for the stored set and the user: "95% CI
 * half-width 1.3% of the mean after 5 repeats, within the 2% target".
 * Call after the last run_repeat_add, or with stop set to
 * RUN_REPEAT_INTERRUPTED. free() it.
 */
char	*run_repeat_reason(const struct run_repeat *rr);

/*
 * Store why the test called label stopped in rs's file-level fields, as
 * "run-repeat-stop: LABEL" = run_repeat_reason(rr): kept by the store
 * with the set, exported and shown with it.
 */
void	 run_repeat_record(const struct run_repeat *rr, struct result_set *rs,
	    const char *label);

#endif
