/* SPDX-License-Identifier: ISC */
/*
 * Power, detectable effects and equivalence for the diff's Welch test,
 * and the floor of the exact Mann-Whitney p-value. GSL gives the t,
 * normal and chi-square distributions, the quadrature and the root
 * finder; the non-central t is the integral of stats_nct_cdf. Methods and
 * references: docs/verdicts.md.
 */
#include <math.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>
#include <gsl/gsl_randist.h>
#include <gsl/gsl_roots.h>

#include "stats-power.h"

#define STATS_POWER_WORK	256	/* quadrature intervals */

struct stats_power_nct {
	double	t, df, nc;
};

struct stats_power_root {
	double	df, alpha, power;
};

static double	 stats_power_integrand(double x, void *arg);
static double	 stats_power_gap(double nc, void *arg);

/* Phi(t sqrt(x / df) - nc) times the chi-square density of x. */
static double
stats_power_integrand(double x, void *arg)
{
	const struct stats_power_nct	*a = arg;

	if (x <= 0)
		return 0;
	return gsl_cdf_ugaussian_P(a->t * sqrt(x / a->df) - a->nc) *
	    gsl_ran_chisq_pdf(x, a->df);
}

double
stats_nct_cdf(double t, double df, double nc)
{
	gsl_integration_workspace	*w;
	gsl_error_handler_t		*old;
	gsl_function			 f;
	struct stats_power_nct		 a = { t, df, nc };
	double				 lo, hi, err;
	int				 rc1, rc2;

	if (!(df > 0) || !isfinite(t) || !isfinite(nc))
		return NAN;
	/* The chi-square mass sits around df; the two pieces meet there. */
	f.function = stats_power_integrand;
	f.params = &a;
	old = gsl_set_error_handler_off();
	w = gsl_integration_workspace_alloc(STATS_POWER_WORK);
	rc1 = gsl_integration_qags(&f, 0, df, 1e-13, 1e-10, STATS_POWER_WORK,
	    w, &lo, &err);
	rc2 = gsl_integration_qagiu(&f, df, 1e-13, 1e-10, STATS_POWER_WORK, w,
	    &hi, &err);
	gsl_integration_workspace_free(w);
	gsl_set_error_handler(old);
	/* A roundoff warning still leaves a result within the tolerance asked. */
	if ((rc1 != GSL_SUCCESS && rc1 != GSL_EROUND) ||
	    (rc2 != GSL_SUCCESS && rc2 != GSL_EROUND))
		return NAN;
	return fmin(1.0, fmax(0.0, lo + hi));
}

double
stats_t_power(double nc, double df, double alpha)
{
	double	tc = gsl_cdf_tdist_Qinv(alpha / 2, df);

	return 1.0 - stats_nct_cdf(tc, df, nc) + stats_nct_cdf(-tc, df, nc);
}

static double
stats_power_gap(double nc, void *arg)
{
	const struct stats_power_root	*r = arg;

	return stats_t_power(nc, r->df, r->alpha) - r->power;
}

bool
stats_mde(double se_diff, double df, double alpha, double power, double *out)
{
	gsl_root_fsolver		*s;
	gsl_error_handler_t		*old;
	gsl_function			 f;
	struct stats_power_root		 r = { df, alpha, power };
	double				 lo = 0, hi, nc = NAN;
	int				 i, st = GSL_CONTINUE;

	if (!(se_diff > 0) || !isfinite(se_diff) || !(df > 0) ||
	    !(alpha > 0 && alpha < 1) || !(power > alpha && power < 1))
		return false;
	f.function = stats_power_gap;
	f.params = &r;
	/* Power rises with nc from alpha at 0: double hi until it brackets. */
	hi = gsl_cdf_tdist_Qinv(alpha / 2, df) + gsl_cdf_ugaussian_Pinv(power);
	for (i = 0; i < 60 && stats_power_gap(hi, &r) < 0; i++)
		hi *= 2;
	if (!(stats_power_gap(hi, &r) >= 0))
		return false;
	old = gsl_set_error_handler_off();
	s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
	if (gsl_root_fsolver_set(s, &f, lo, hi) == GSL_SUCCESS) {
		for (i = 0; i < 200 && st == GSL_CONTINUE; i++) {
			if (gsl_root_fsolver_iterate(s) != GSL_SUCCESS)
				break;
			lo = gsl_root_fsolver_x_lower(s);
			hi = gsl_root_fsolver_x_upper(s);
			st = gsl_root_test_interval(lo, hi, 0, 1e-12);
		}
		nc = gsl_root_fsolver_root(s);
	}
	gsl_root_fsolver_free(s);
	gsl_set_error_handler(old);
	if (st != GSL_SUCCESS || !isfinite(nc))
		return false;
	*out = nc * se_diff;
	return true;
}

struct tost
stats_tost(double diff, double se_diff, double df, double margin)
{
	struct tost	r = { false, NULL, 0, 0, 1 };

	if (!isfinite(diff) || !(margin > 0) || !isfinite(margin)) {
		r.why = "no margin";
		return r;
	}
	if (!(se_diff > 0) || !isfinite(se_diff) || !(df > 0)) {
		r.why = "no standard error";
		return r;
	}
	r.ok = true;
	r.t_lo = (diff + margin) / se_diff;
	r.t_hi = (diff - margin) / se_diff;
	r.p = fmax(gsl_cdf_tdist_Q(r.t_lo, df), gsl_cdf_tdist_P(r.t_hi, df));
	return r;
}

double
stats_mwu_min_p(size_t na, size_t nb)
{
	double	c = 1;
	size_t	i, k = na < nb ? na : nb;

	if (na == 0 || nb == 0)
		return 1;
	/*
	 * Only the two most extreme orderings of C(na + nb, na) reach it;
	 * the product is exact in a double while C stays below 2^53.
	 */
	for (i = 1; i <= k && c < 1e300; i++)
		c = c * (double)(na + nb - k + i) / (double)i;
	return fmin(1.0, 2.0 / c);
}
