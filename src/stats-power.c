/* SPDX-License-Identifier: ISC */
/*
 * Power, detectable effects and equivalence for the diff's Welch test,
 * and the floor of the exact Mann-Whitney p-value. GSL gives the t,
 * normal and chi-square distributions and the quadrature; the
 * non-central t is an integral over the chi-square density (GSL has no
 * non-central t). Methods, references and cost: docs/verdicts.md.
 */
#include <math.h>
#include <stdbool.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_integration.h>

#include "stats-power.h"

#define STATS_POWER_WORK	256	/* quadrature intervals */

/* E[g(sqrt(X / df))] over X chi-square with df degrees of freedom. */
struct stats_power_nct {
	double	t, df, nc;
	double	lognorm;	/* log of the chi-square density's constant */
	bool	two_sided;	/* g is the power, else the CDF at t */
};

struct stats_power_root {
	double	df, alpha, power;
};

static double	 stats_power_integrand(double x, void *arg);
static double	 stats_power_expect(struct stats_power_nct *a);
static double	 stats_power_gap(double nc, void *arg);

/*
 * Phi(t u - nc) (the CDF), or Q(t u - nc) + Phi(-t u - nc) (the power of
 * the two-sided test), with u = sqrt(x / df), times the chi-square
 * density of x.
 */
static double
stats_power_integrand(double x, void *arg)
{
	const struct stats_power_nct	*a = arg;
	double				 u, g;

	if (x <= 0)
		return 0;
	u = sqrt(x / a->df);
	g = a->two_sided ? gsl_cdf_ugaussian_Q(a->t * u - a->nc) +
	    gsl_cdf_ugaussian_P(-a->t * u - a->nc) :
	    gsl_cdf_ugaussian_P(a->t * u - a->nc);
	return g * exp((a->df / 2 - 1) * log(x) - x / 2 - a->lognorm);
}

/* The integral of stats_power_integrand over [0, inf): NAN when it fails. */
static double
stats_power_expect(struct stats_power_nct *a)
{
	gsl_integration_workspace	*w;
	gsl_error_handler_t		*old;
	gsl_function			 f;
	double				 lo, hi, err;
	int				 rc1, rc2;

	a->lognorm = a->df / 2 * M_LN2 + lgamma(a->df / 2);
	f.function = stats_power_integrand;
	f.params = a;
	old = gsl_set_error_handler_off();
	w = gsl_integration_workspace_alloc(STATS_POWER_WORK);
	/*
	 * The chi-square mass sits around df; the two pieces meet there.
	 * Below, QAGS copes with the density's pole at 0 when df < 2;
	 * above, the density is cut where less than 1e-16 of its mass is
	 * left, so a finite rule (about half the evaluations of QAGIU's
	 * transformed infinite range) does.
	 */
	rc1 = gsl_integration_qags(&f, 0, a->df, 1e-13, 1e-10, STATS_POWER_WORK,
	    w, &lo, &err);
	rc2 = gsl_integration_qag(&f, a->df, gsl_cdf_chisq_Qinv(1e-16, a->df),
	    1e-13, 1e-10, STATS_POWER_WORK, GSL_INTEG_GAUSS21, w, &hi, &err);
	gsl_integration_workspace_free(w);
	gsl_set_error_handler(old);
	/* A roundoff warning still leaves a result within the tolerance asked. */
	if ((rc1 != GSL_SUCCESS && rc1 != GSL_EROUND) ||
	    (rc2 != GSL_SUCCESS && rc2 != GSL_EROUND))
		return NAN;
	return fmin(1.0, fmax(0.0, lo + hi));
}

double
stats_nct_cdf(double t, double df, double nc)
{
	struct stats_power_nct	a = { t, df, nc, 0, false };

	if (!(df > 0) || !isfinite(t) || !isfinite(nc))
		return NAN;
	return stats_power_expect(&a);
}

double
stats_t_power(double nc, double df, double alpha)
{
	struct stats_power_nct	a = { 0, df, nc, 0, true };

	if (!(df > 0) || !isfinite(nc) || !(alpha > 0 && alpha < 1))
		return NAN;
	a.t = gsl_cdf_tdist_Qinv(alpha / 2, df);
	return stats_power_expect(&a);
}

/*
 * The power at nc against the power asked, both on the normal scale:
 * Phi^-1(power) is close to linear in nc, so secant steps on it converge
 * in two or three.
 */
static double
stats_power_gap(double nc, void *arg)
{
	const struct stats_power_root	*r = arg;

	return gsl_cdf_ugaussian_Pinv(stats_t_power(nc, r->df, r->alpha)) -
	    gsl_cdf_ugaussian_Pinv(r->power);
}

bool
stats_mde(double se_diff, double df, double alpha, double power, double *out)
{
	struct stats_power_root	 r = { df, alpha, power };
	double			 x0, x1, g0, g1, x2;
	int			 i;

	if (!(se_diff > 0) || !isfinite(se_diff) || !(df > 0) ||
	    !(alpha > 0 && alpha < 1) || !(power > alpha && power < 1))
		return false;
	/*
	 * Secant steps from the normal approximation t_c + z_power, which
	 * is within a few per cent, to 1e-10 relative.
	 */
	x0 = gsl_cdf_tdist_Qinv(alpha / 2, df) + gsl_cdf_ugaussian_Pinv(power);
	x1 = x0 * 1.05;
	g0 = stats_power_gap(x0, &r);
	g1 = stats_power_gap(x1, &r);
	for (i = 0; i < 50 && isfinite(g0) && isfinite(g1) && g1 != g0; i++) {
		x2 = x1 - g1 * (x1 - x0) / (g1 - g0);
		if (!(x2 > 0) || !isfinite(x2))
			return false;
		x0 = x1;
		g0 = g1;
		x1 = x2;
		if (fabs(x1 - x0) <= 1e-10 * x1) {
			*out = x1 * se_diff;
			return true;
		}
		g1 = stats_power_gap(x1, &r);
	}
	return false;
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
