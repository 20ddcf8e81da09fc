/* SPDX-License-Identifier: ISC */
/*
 * Significance tests for diff: Welch's t-test from summary figures, Holm's
 * step-down correction, Mann-Whitney U on raw runs and the geometric mean
 * of ratios. Pure computation: no printing, no model, no allocation that
 * outlives a call. GSL supplies the t and normal distributions.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "stats.h"
#include "xalloc.h"

struct stats_obs {
	double	v;
	size_t	i;		/* side (0 = a, 1 = b) or original index */
};

static int	 stats_cmp_rank(const void *, const void *);
static double	 stats_mwu_exact_sf(size_t na, size_t nb, double u);

struct welch
stats_welch(double mean_a, double se_a, long n_a, double mean_b, double se_b,
    long n_b)
{
	struct welch	w;
	double		va, vb, v;

	memset(&w, 0, sizeof(w));
	if (n_a < 2 || n_b < 2) {
		w.why = "N < 2";
		return w;
	}
	if (!isfinite(mean_a) || !isfinite(mean_b) || !isfinite(se_a) ||
	    !isfinite(se_b) || se_a < 0 || se_b < 0) {
		w.why = "mean or SE is not a finite number";
		return w;
	}
	va = se_a * se_a;
	vb = se_b * se_b;
	v = va + vb;
	if (v == 0) {
		w.why = "SE is 0 on both sides";
		return w;
	}
	w.t = (mean_b - mean_a) / sqrt(v);
	/* Welch-Satterthwaite: var_i / n_i is exactly se_i^2. */
	w.df = v * v / (va * va / (double)(n_a - 1) + vb * vb / (double)(n_b - 1));
	/* Squares of huge or tiny SEs overflow or vanish: never hand GSL a NaN. */
	if (!isfinite(v) || !isfinite(w.t) || !isfinite(w.df) || !(w.df > 0)) {
		w.t = w.df = 0;
		w.why = "mean or SE out of the computable range";
		return w;
	}
	w.p = 2.0 * gsl_cdf_tdist_Q(fabs(w.t), w.df);
	if (w.p > 1.0)
		w.p = 1.0;
	w.ok = true;
	return w;
}

bool
stats_welch_ci(const struct welch *w, double se_a, double se_b, double diff,
    double level, double *lo, double *hi)
{
	double	q, half;

	if (!w->ok || level <= 0 || level >= 1)
		return false;
	q = gsl_cdf_tdist_Pinv(0.5 + level / 2.0, w->df);
	half = q * sqrt(se_a * se_a + se_b * se_b);
	*lo = diff - half;
	*hi = diff + half;
	return true;
}

void
stats_holm(const double *p, size_t n, double *adj)
{
	struct stats_obs	*o;
	size_t			 i;
	double			 run = 0, v;

	if (n == 0)
		return;
	o = xcalloc(n, sizeof(*o));
	for (i = 0; i < n; i++) {
		o[i].v = p[i];
		o[i].i = i;
	}
	qsort(o, n, sizeof(*o), stats_cmp_rank);
	/* Step down: the k-th smallest (0-based) is multiplied by n - k. */
	for (i = 0; i < n; i++) {
		v = (double)(n - i) * o[i].v;
		if (v > 1.0)
			v = 1.0;
		if (v > run)
			run = v;
		adj[o[i].i] = run;
	}
	free(o);
}

/* By value, then by index, so that the order is total. */
static int
stats_cmp_rank(const void *x, const void *y)
{
	const struct stats_obs	*a = x, *b = y;

	if (a->v != b->v)
		return (a->v > b->v) - (a->v < b->v);
	return (a->i > b->i) - (a->i < b->i);
}

/*
 * P(U >= u) under the null hypothesis without ties. The counts of U are the
 * coefficients of the Gaussian binomial [na+nb choose na]_q (Mann and
 * Whitney 1947), built as the product over i of (1 - q^(N-k+i)) / (1 - q^i);
 * every intermediate is an integer polynomial, so int64 is exact for
 * N <= 2 * STATS_MWU_EXACT_MAX.
 */
static double
stats_mwu_exact_sf(size_t na, size_t nb, double u)
{
	size_t		 N = na + nb, k = na < nb ? na : nb, i, j, deg = 0, m;
	size_t		 size = na * nb + N + 1;
	int64_t		*c;
	double		 total = 0, tail = 0;

	c = xcalloc(size, sizeof(*c));
	c[0] = 1;
	for (i = 1; i <= k; i++) {
		m = N - k + i;
		/* times (1 - q^m) */
		for (j = deg + m; j >= m; j--)
			c[j] -= c[j - m];
		deg += m;
		/* divided by (1 - q^i): exact since the result is a polynomial */
		for (j = i; j <= deg; j++)
			c[j] += c[j - i];
		deg -= i;
	}
	for (j = 0; j <= deg; j++) {
		total += (double)c[j];
		if ((double)j >= u)
			tail += (double)c[j];
	}
	free(c);
	return tail / total;
}

struct mwu
stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb)
{
	struct mwu		 r;
	struct stats_obs	*obs = NULL;
	size_t			 n = na + nb, i, j;
	double			 rank_b = 0, tie_term = 0, t, umax, mu, s, z;
	bool			 ties = false;

	memset(&r, 0, sizeof(r));
	if (na == 0 || nb == 0) {
		r.why = "no runs on one side";
		return r;
	}
	obs = xcalloc(n, sizeof(*obs));
	for (i = 0; i < na; i++) {
		obs[i].v = a[i];
		obs[i].i = 0;
	}
	for (i = 0; i < nb; i++) {
		obs[na + i].v = b[i];
		obs[na + i].i = 1;
	}
	for (i = 0; i < n; i++) {
		if (!isfinite(obs[i].v)) {
			r.why = "a run is not a finite number";
			goto out;
		}
	}
	qsort(obs, n, sizeof(*obs), stats_cmp_rank);
	/* Mid-ranks for ties; ranks are 1-based. */
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && obs[j].v == obs[i].v; j++)
			;
		t = (double)(j - i);
		if (j - i > 1) {
			ties = true;
			tie_term += t * t * t - t;
		}
		for (size_t q = i; q < j; q++)
			if (obs[q].i == 1)
				rank_b += ((double)i + 1 + (double)j) / 2.0;
	}
	r.u = rank_b - (double)nb * ((double)nb + 1) / 2.0;
	umax = fmax(r.u, (double)na * (double)nb - r.u);
	if (!ties && na <= STATS_MWU_EXACT_MAX && nb <= STATS_MWU_EXACT_MAX) {
		r.exact = true;
		r.p = 2.0 * stats_mwu_exact_sf(na, nb, umax);
	} else {
		/* Normal approximation, tie-corrected variance, continuity 0.5. */
		mu = (double)na * (double)nb / 2.0;
		s = sqrt((double)na * (double)nb / 12.0 *
		    ((double)n + 1 - tie_term / ((double)n * ((double)n - 1))));
		if (!(s > 0)) {
			r.why = "every run has the same value";
			goto out;
		}
		z = (umax - 0.5 - mu) / s;
		r.p = 2.0 * gsl_cdf_ugaussian_Q(z);
	}
	if (r.p > 1.0)
		r.p = 1.0;
	r.ok = true;
out:
	free(obs);
	return r;
}

struct geomean
stats_geomean(const double *ratio, size_t n)
{
	struct geomean	g;
	double		sum = 0, ss = 0, mean, sd, q;
	size_t		i;

	memset(&g, 0, sizeof(g));
	if (n == 0) {
		g.why = "no ratio to average";
		return g;
	}
	for (i = 0; i < n; i++) {
		if (!(ratio[i] > 0) || !isfinite(ratio[i])) {
			g.why = "a ratio is not a positive finite number";
			return g;
		}
		sum += log(ratio[i]);
	}
	mean = sum / (double)n;
	g.ok = true;
	g.n = n;
	g.ratio = exp(mean);
	if (n < 2)
		return g;
	for (i = 0; i < n; i++)
		ss += (log(ratio[i]) - mean) * (log(ratio[i]) - mean);
	sd = sqrt(ss / (double)(n - 1));
	q = gsl_cdf_tdist_Pinv(0.975, (double)(n - 1));
	g.has_ci = true;
	g.lo = exp(mean - q * sd / sqrt((double)n));
	g.hi = exp(mean + q * sd / sqrt((double)n));
	return g;
}
