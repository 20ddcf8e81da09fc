/* SPDX-License-Identifier: ISC */
/*
 * The sequential stopping rule of `run --repeat auto`: after each repeat
 * the 95 % confidence interval of the mean is recomputed, and the test
 * stops once its half-width is within the target (never before
 * RUN_REPEAT_MIN repeats), or at the cap. The t quantile is GSL's.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <gsl/gsl_cdf.h>

#include "run-repeat.h"
#include "xalloc.h"

int
run_repeat_parse_pct(const char *arg, double *out)
{
	char	*end;
	double	 v;

	errno = 0;
	v = strtod(arg, &end);
	if (end != arg && *end == '%')
		end++;
	if (end == arg || *end != '\0' || errno != 0 || !(v > 0) || v > 100)
		return -1;
	*out = v;
	return 0;
}

void
run_repeat_init(struct run_repeat *rr, double target_pct, unsigned max)
{
	rr->target_pct = target_pct;
	rr->max = max < RUN_REPEAT_MIN ? RUN_REPEAT_MIN : max;
	rr->x = NULL;
	rr->n = 0;
	rr->half_pct = NAN;
	rr->stop = RUN_REPEAT_RUNNING;
}

void
run_repeat_reset(struct run_repeat *rr)
{
	rr->n = 0;
	rr->half_pct = NAN;
	rr->stop = RUN_REPEAT_RUNNING;
}

void
run_repeat_free(struct run_repeat *rr)
{
	if (rr == NULL)
		return;
	free(rr->x);
	rr->x = NULL;
	rr->n = 0;
}

double
run_repeat_half_pct(const double *x, size_t n)
{
	double	mean = 0, ss = 0;
	size_t	i;

	if (n < 2)
		return NAN;
	for (i = 0; i < n; i++)
		mean += x[i];
	mean /= (double)n;
	if (mean == 0 || !isfinite(mean))
		return NAN;
	for (i = 0; i < n; i++)
		ss += (x[i] - mean) * (x[i] - mean);
	return gsl_cdf_tdist_Pinv(0.975, (double)(n - 1)) *
	    sqrt(ss / (double)(n - 1) / (double)n) / fabs(mean) * 100.0;
}

bool
run_repeat_add(struct run_repeat *rr, double x)
{
	rr->x = xreallocarray(rr->x, rr->n + 1, sizeof(*rr->x));
	rr->x[rr->n++] = x;
	rr->half_pct = run_repeat_half_pct(rr->x, rr->n);
	if (rr->n >= RUN_REPEAT_MIN && rr->half_pct <= rr->target_pct)
		rr->stop = RUN_REPEAT_TARGET_MET;
	else if (rr->n >= rr->max)
		rr->stop = RUN_REPEAT_CAP;
	return rr->stop != RUN_REPEAT_RUNNING;
}

char *
run_repeat_reason(const struct run_repeat *rr)
{
	char	half[48];

	if (isnan(rr->half_pct))
		snprintf(half, sizeof(half), "no confidence interval");
	else
		snprintf(half, sizeof(half), "95%% CI half-width %.2f%% of the "
		    "mean", rr->half_pct);
	switch (rr->stop) {
	case RUN_REPEAT_TARGET_MET:
		return xasprintf("target met: %s after %zu repeats, within the "
		    "%g%% target", half, rr->n, rr->target_pct);
	case RUN_REPEAT_CAP:
		return xasprintf("cap reached: %s after %zu repeats, above the "
		    "%g%% target", half, rr->n, rr->target_pct);
	case RUN_REPEAT_INTERRUPTED:
		return xasprintf("interrupted: %s after %zu repeat%s, target %g%%",
		    half, rr->n, rr->n == 1 ? "" : "s", rr->target_pct);
	default:
		return xasprintf("not stopped: %s after %zu repeats", half, rr->n);
	}
}

void
run_repeat_record(const struct run_repeat *rr, struct result_set *rs,
    const char *label)
{
	char	*key, *why;

	key = xasprintf("run-repeat-stop: %s", label);
	why = run_repeat_reason(rr);
	kv_list_set(&rs->extra, key, why);
	free(why);
	free(key);
}
