/* SPDX-License-Identifier: ISC */
/*
 * Power, detectable effects and equivalence for the diff's Welch test,
 * and the floor of the exact Mann-Whitney p-value. GSL gives the t,
 * normal and Poisson distributions and the incomplete beta function; the
 * non-central t is their series (GSL has no non-central t). Methods,
 * references and cost: docs/verdicts.md.
 */
#include <math.h>
#include <stdbool.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_sf_gamma.h>

#include "stats-power.h"

/* Where the series stops: what its weights leave is below this. */
#define STATS_NCT_EPS		1e-17
#define STATS_NCT_MAXTERMS	100000

struct stats_power_root {
	double	df, alpha, power;
};

static double	 stats_nct_nonneg(double t, double df, double nc);
static double	 stats_power_gap(double nc, void *arg);

/*
 * P(T <= t) for t >= 0, T non-central t (df, nc), as the Poisson mixture
 * of incomplete beta functions of Benton and Krishnamoorthy (2003):
 *   Phi(-nc) + 1/2 sum_j [P_j I_x(j + 1/2, df/2) + Q_j I_x(j + 1, df/2)],
 * x = t^2 / (t^2 + df), P_j = e^-l l^j / j!, Q_j = e^-l l^j nc /
 * (sqrt 2 Gamma(j + 3/2)), l = nc^2 / 2. The sum starts at the Poisson
 * mode k, where GSL gives the two incomplete betas, and goes both ways
 * by recurrence: I_x(s + 1, b) = I_x(s, b) - g(s), g(s) = x^s (1 - x)^b
 * Gamma(s + b) / (Gamma(s + 1) Gamma(b)), g(s + 1) = g(s) x (s + b) /
 * (s + 1); forward until what the weights leave is below STATS_NCT_EPS,
 * backward to 0 or until the weights are below it and falling at least
 * by half a step. Within 3e-13 of scipy's nct.cdf (docs/verdicts.md).
 */
static double
stats_nct_nonneg(double t, double df, double nc)
{
	double	 x, l, b, a, c, pk, qk, ia, ic, ga, gc, sum, p, q;
	double	 fa, fc, fga, fgc, lx, l1x;
	long	 k, j;

	if (t == 0)
		return gsl_cdf_ugaussian_P(-nc);
	x = t * t / (t * t + df);
	lx = log(x);
	l1x = log1p(-x);
	l = nc * nc / 2;
	b = df / 2;
	k = (long)floor(l);
	a = (double)k + 0.5;
	c = (double)k + 1;
	if (l > 0) {
		pk = exp(-l + (double)k * log(l) - lgamma((double)k + 1));
		qk = exp(-l + (double)k * log(l) - lgamma((double)k + 1.5)) *
		    nc / M_SQRT2;
	} else {
		pk = 1;
		qk = 0;
	}
	ia = gsl_sf_beta_inc(a, b, x);
	ic = gsl_sf_beta_inc(c, b, x);
	ga = exp(lgamma(a + b) - lgamma(a + 1) - lgamma(b) + a * lx + b * l1x);
	gc = exp(lgamma(c + b) - lgamma(c + 1) - lgamma(b) + c * lx + b * l1x);
	sum = pk * ia + qk * ic;
	/* Forward from the mode. */
	p = pk;
	q = qk;
	fa = ia;
	fc = ic;
	fga = ga;
	fgc = gc;
	for (j = k + 1; j <= k + STATS_NCT_MAXTERMS; j++) {
		fa -= fga;
		fga *= x * (a + b) / (a + 1);
		fc -= fgc;
		fgc *= x * (c + b) / (c + 1);
		a += 1;
		c += 1;
		p *= l / (double)j;
		q *= l / ((double)j + 0.5);
		sum += p * fa + q * fc;
		/*
		 * Past the mode the weights fall by l / (j + 1) a step, so
		 * what is left is at most (p + |q|) (j + 1) / (j + 1 - l).
		 */
		if ((p + fabs(q)) * ((double)j + 1) <
		    STATS_NCT_EPS * ((double)j + 1 - l))
			break;
	}
	/* Backward from the mode: I_x(s - 1, b) = I_x(s, b) + g(s - 1). */
	a = (double)k + 0.5;
	c = (double)k + 1;
	p = pk;
	q = qk;
	for (j = k - 1; j >= 0; j--) {
		ga *= a / (x * (a - 1 + b));
		gc *= c / (x * (c - 1 + b));
		ia += ga;
		ic += gc;
		a -= 1;
		c -= 1;
		p *= ((double)j + 1) / l;
		q *= ((double)j + 1.5) / l;
		sum += p * ia + q * ic;
		if (p < STATS_NCT_EPS && fabs(q) < STATS_NCT_EPS &&
		    (double)j < l / 2)
			break;
	}
	return gsl_cdf_ugaussian_P(-nc) + sum / 2;
}

double
stats_nct_cdf(double t, double df, double nc)
{
	gsl_error_handler_t	*old;
	double			 v;

	if (!(df > 0) || !isfinite(t) || !isfinite(nc) || !isfinite(df))
		return NAN;
	/* An underflow in GSL's functions is a term of 0, not an error. */
	old = gsl_set_error_handler_off();
	v = t >= 0 ? stats_nct_nonneg(t, df, nc) :
	    1 - stats_nct_nonneg(-t, df, -nc);
	gsl_set_error_handler(old);
	return isfinite(v) ? fmin(1.0, fmax(0.0, v)) : NAN;
}

double
stats_t_power(double nc, double df, double alpha)
{
	double	 tc, hi, lo;

	if (!(df > 0) || !isfinite(nc) || !(alpha > 0 && alpha < 1))
		return NAN;
	tc = gsl_cdf_tdist_Qinv(alpha / 2, df);
	/* P(T > tc) + P(T < -tc), the second as 1 - P(T' <= tc), nc negated. */
	hi = stats_nct_cdf(tc, df, nc);
	lo = stats_nct_cdf(tc, df, -nc);
	if (isnan(hi) || isnan(lo))
		return NAN;
	return fmin(1.0, fmax(0.0, (1 - hi) + (1 - lo)));
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
