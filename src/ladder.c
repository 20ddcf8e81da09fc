/* SPDX-License-Identifier: ISC */
/*
 * Latency ladders from histograms. Percentiles come from merged counts,
 * never from averaged percentiles; a percentile with fewer than
 * LADDER_TAIL I/Os above it is not estimable (it would be one of the
 * slowest few I/Os, the maximum at worst). Intervals: the expanded
 * bootstrap over runs (Hesterberg 2015) with N >= 3 runs,
 * the binomial order-statistic interval of the merged I/Os otherwise.
 * Nothing here prints or reads files.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_rng.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "ladder.h"
#include "xalloc.h"

/* The bins of every run on one grid, as running counts. */
struct ladder_grid {
	double	*us;		/* union of the runs' bin values */
	size_t	 n;
	double	*cum;		/* nruns x n running counts */
	double	*total;		/* per run */
	size_t	 nruns;
};

/* Run x bin sums a band's bootstrap may cost: about a second. */
#define LADDER_BAND_WORK	2e8

static const double ladder_pcts[LADDER_NRUNGS] = { 50, 90, 99, 99.9, 99.99 };
static const char *const ladder_names[LADDER_NRUNGS] = {
	"p50", "p90", "p99", "p99.9", "p99.99"
};

static int	 ladder_cmp_pair(const void *a, const void *b);
static double	 ladder_need(double pct);
static void	 ladder_grid_init(struct ladder_grid *g, const struct ladder_hist *runs,
		    size_t n);
static void	 ladder_grid_free(struct ladder_grid *g);
static double	 ladder_grid_pct(const struct ladder_grid *g, const unsigned *w,
		    double pct);
static double	 ladder_rank_value(const struct ladder_hist *h, long double rank);
static void	 ladder_boot_interval(const double *num, const double *den,
		    double est, size_t n, double *scratch, double *lo, double *hi);
static void	 ladder_within(const struct ladder_hist *h, struct ladder_rung *r);

const char *
ladder_rung_name(size_t k)
{
	return k < LADDER_NRUNGS ? ladder_names[k] : "";
}

const char *
ladder_ci_name(enum ladder_ci ci)
{
	switch (ci) {
	case LADDER_CI_RUNS:
		return "between runs";
	case LADDER_CI_WITHIN:
		return "within-run";
	default:
		return "";
	}
}

static int
ladder_cmp_pair(const void *a, const void *b)
{
	const double	*x = a, *y = b;

	return (x[0] > y[0]) - (x[0] < y[0]);
}

int
ladder_hist_from_series(struct ladder_hist *h, const struct series *s,
    const char **why)
{
	double	*pairs;
	size_t	 i, n = s->x.len;

	memset(h, 0, sizeof(*h));
	if (s->y.len != n) {
		*why = "its bin values and counts differ in number";
		return -1;
	}
	pairs = xcalloc(n > 0 ? 2 * n : 1, sizeof(double));
	for (i = 0; i < n; i++) {
		if (!isfinite(s->x.v[i]) || s->x.v[i] < 0 ||
		    !isfinite(s->y.v[i]) || s->y.v[i] < 0) {
			free(pairs);
			*why = "a bin value or count is negative or not a number";
			return -1;
		}
		pairs[2 * i] = s->x.v[i];
		pairs[2 * i + 1] = s->y.v[i];
	}
	qsort(pairs, n, 2 * sizeof(double), ladder_cmp_pair);
	h->us = xcalloc(n > 0 ? n : 1, sizeof(double));
	h->count = xcalloc(n > 0 ? n : 1, sizeof(double));
	for (i = 0; i < n; i++) {
		if (pairs[2 * i + 1] == 0)
			continue;
		if (h->n > 0 && h->us[h->n - 1] == pairs[2 * i])
			h->count[h->n - 1] += pairs[2 * i + 1];
		else {
			h->us[h->n] = pairs[2 * i];
			h->count[h->n++] = pairs[2 * i + 1];
		}
		h->total += pairs[2 * i + 1];
	}
	free(pairs);
	if (h->total <= 0) {
		ladder_hist_free(h);
		*why = "it counts no I/O";
		return -1;
	}
	return 0;
}

void
ladder_hist_add(struct ladder_hist *dst, const struct ladder_hist *src)
{
	double	*us, *count;
	size_t	 i = 0, j = 0, n = 0;

	us = xcalloc(dst->n + src->n + 1, sizeof(double));
	count = xcalloc(dst->n + src->n + 1, sizeof(double));
	while (i < dst->n || j < src->n) {
		if (j == src->n || (i < dst->n && dst->us[i] < src->us[j])) {
			us[n] = dst->us[i];
			count[n++] = dst->count[i++];
		} else if (i == dst->n || src->us[j] < dst->us[i]) {
			us[n] = src->us[j];
			count[n++] = src->count[j++];
		} else {
			us[n] = dst->us[i];
			count[n++] = dst->count[i++] + src->count[j++];
		}
	}
	free(dst->us);
	free(dst->count);
	dst->us = us;
	dst->count = count;
	dst->n = n;
	dst->total += src->total;
}

int
ladder_hist_pct(const struct ladder_hist *h, double pct, double *us)
{
	if (h->n == 0 || h->total <= 0)
		return -1;
	/* fio computes the rank in long double: 99.95 % of 10,000 is past 9,995. */
	*us = ladder_rank_value(h, (long double)pct / 100.0L * h->total);
	return 0;
}

/* The value of the first bin whose running count reaches rank. */
static double
ladder_rank_value(const struct ladder_hist *h, long double rank)
{
	double	run = 0;
	size_t	i;

	for (i = 0; i < h->n; i++) {
		run += h->count[i];
		if (run >= rank)
			return h->us[i];
	}
	return h->us[h->n - 1];
}

void
ladder_hist_free(struct ladder_hist *h)
{
	if (h == NULL)
		return;
	free(h->us);
	free(h->count);
	memset(h, 0, sizeof(*h));
}

int
ladder_hists_from_value(const struct value *v, struct ladder_hist **out,
    size_t *n, const char **why)
{
	struct ladder_hist	*h;
	size_t			 i, k = 0;

	*out = NULL;
	*n = 0;
	for (i = 0; i < v->nseries; i++)
		if (v->series[i].name != NULL &&
		    strcmp(v->series[i].name, LADDER_SERIES) == 0)
			k++;
	if (k == 0)
		return 0;
	h = xcalloc(k, sizeof(*h));
	for (i = 0, k = 0; i < v->nseries; i++) {
		if (v->series[i].name == NULL ||
		    strcmp(v->series[i].name, LADDER_SERIES) != 0)
			continue;
		if (ladder_hist_from_series(&h[k], &v->series[i], why) == -1) {
			ladder_hists_free(h, k);
			return -1;
		}
		k++;
	}
	*out = h;
	*n = k;
	return 0;
}

void
ladder_hists_free(struct ladder_hist *h, size_t n)
{
	size_t	i;

	if (h == NULL)
		return;
	for (i = 0; i < n; i++)
		ladder_hist_free(&h[i]);
	free(h);
}

/* 10 / (1 - p), rounded to the I/O (100,000 for p99.99, not 100,000.0001). */
static double
ladder_need(double pct)
{
	return ceil(LADDER_TAIL / (1 - pct / 100.0) - 1e-6);
}

static void
ladder_grid_init(struct ladder_grid *g, const struct ladder_hist *runs, size_t n)
{
	struct ladder_hist	all = { 0 };
	size_t			r, i, j;

	for (r = 0; r < n; r++)
		ladder_hist_add(&all, &runs[r]);
	g->us = all.us;
	g->n = all.n;
	free(all.count);
	g->nruns = n;
	g->cum = xcalloc(n * (g->n > 0 ? g->n : 1), sizeof(double));
	g->total = xcalloc(n, sizeof(double));
	for (r = 0; r < n; r++) {
		double	run = 0;

		for (i = 0, j = 0; i < g->n; i++) {
			if (j < runs[r].n && runs[r].us[j] == g->us[i])
				run += runs[r].count[j++];
			g->cum[r * g->n + i] = run;
		}
		g->total[r] = run;
	}
}

static void
ladder_grid_free(struct ladder_grid *g)
{
	free(g->us);
	free(g->cum);
	free(g->total);
}

/* The pct-th percentile of the runs merged with weights w (a resample). */
static double
ladder_grid_pct(const struct ladder_grid *g, const unsigned *w, double pct)
{
	long double	want;
	double		total = 0, c;
	size_t		r, lo = 0, hi, mid;

	for (r = 0; r < g->nruns; r++)
		total += w[r] * g->total[r];
	want = (long double)pct / 100.0L * total;
	hi = g->n - 1;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		for (r = 0, c = 0; r < g->nruns; r++)
			c += w[r] * g->cum[r * g->n + mid];
		if (c >= want)
			hi = mid;
		else
			lo = mid + 1;
	}
	return g->us[lo];
}

/*
 * The between-run interval of est from bootstrap replicates (of a ratio
 * when den is not NULL: num[i] / den[i]): est times exp(-/+ h), where h is
 * t(n - 1, 0.975) times the replicates' standard deviation on the log
 * scale, widened by sqrt(n / (n - 1)) because a bootstrap over n runs
 * spreads by the plug-in, not the sample, deviation (Hesterberg, "What
 * Teachers Should Know About the Bootstrap", 2015, section 3.5). The
 * replicates' own 2.5 and 97.5 % points cover the truth about 85 % of the
 * time with five runs; this about 95 % (tests/unit/test-ladder.c).
 */
static void
ladder_boot_interval(const double *num, const double *den, double est,
    size_t n, double *scratch, double *lo, double *hi)
{
	double	h;
	size_t	i;

	for (i = 0; i < LADDER_BOOT; i++)
		scratch[i] = log(den != NULL ? num[i] / den[i] : num[i]);
	h = gsl_cdf_tdist_Qinv(0.025, (double)(n - 1)) *
	    sqrt((double)n / (double)(n - 1)) *
	    gsl_stats_sd(scratch, 1, LADDER_BOOT);
	*lo = est * exp(-h);
	*hi = est * exp(h);
}

/*
 * The order-statistic interval: the ranks n p -/+ 1.96 sqrt(n p (1 - p))
 * of the merged I/Os (the normal approximation to the binomial, sound
 * when the rung is estimable: 10 or more I/Os above it).
 */
static void
ladder_within(const struct ladder_hist *h, struct ladder_rung *r)
{
	double	p = r->pct / 100.0, n = h->total, half, lo, hi;

	half = 1.959964 * sqrt(n * p * (1 - p));
	lo = floor(n * p - half);
	hi = ceil(n * p + half) + 1;
	if (lo < 1)
		lo = 1;
	if (hi > n)
		hi = n;
	r->ci = LADDER_CI_WITHIN;
	r->lo = ladder_rank_value(h, lo);
	r->hi = ladder_rank_value(h, hi);
}

void
ladder_compute(const struct ladder_hist *runs, size_t n, unsigned long seed,
    struct ladder *out)
{
	struct ladder_hist	 all = { 0 };
	struct ladder_grid	 g = { 0 };
	struct ladder_rung	*rg;
	gsl_rng			*rng = NULL;
	unsigned		*w = NULL;
	double			*sorted = NULL, sum = 0;
	size_t			 k, r, b;

	memset(out, 0, sizeof(*out));
	out->nruns = n;
	for (r = 0; r < n; r++)
		ladder_hist_add(&all, &runs[r]);
	out->ios = all.total;
	for (k = 0; k < all.n; k++)
		sum += all.us[k] * all.count[k];
	out->mean_us = all.total > 0 ? sum / all.total : 0;
	if (n >= 3) {
		ladder_grid_init(&g, runs, n);
		rng = gsl_rng_alloc(gsl_rng_mt19937);
		gsl_rng_set(rng, seed);
		w = xcalloc(n, sizeof(*w));
		sorted = xcalloc(LADDER_BOOT, sizeof(double));
		out->seed = seed;
		out->resamples = LADDER_BOOT;
	}
	for (k = 0; k < LADDER_NRUNGS; k++) {
		rg = &out->rung[k];
		rg->pct = ladder_pcts[k];
		rg->need = ladder_need(rg->pct);
		rg->ok = all.total >= rg->need;
		if (!rg->ok)
			continue;
		(void)ladder_hist_pct(&all, rg->pct, &rg->us);
		rg->runs_ok = n > 0;
		for (r = 0; r < n; r++)
			if (runs[r].total < rg->need)
				rg->runs_ok = false;
		if (rg->runs_ok) {
			rg->runs = xcalloc(n, sizeof(double));
			for (r = 0; r < n; r++)
				(void)ladder_hist_pct(&runs[r], rg->pct, &rg->runs[r]);
		}
		if (n < 3) {
			ladder_within(&all, rg);
			continue;
		}
		rg->boot = xcalloc(LADDER_BOOT, sizeof(double));
		for (b = 0; b < LADDER_BOOT; b++) {
			memset(w, 0, n * sizeof(*w));
			for (r = 0; r < n; r++)
				w[gsl_rng_uniform_int(rng, n)]++;
			rg->boot[b] = ladder_grid_pct(&g, w, rg->pct);
		}
		rg->ci = LADDER_CI_RUNS;
		ladder_boot_interval(rg->boot, NULL, rg->us, n, sorted, &rg->lo,
		    &rg->hi);
	}
	free(sorted);
	free(w);
	gsl_rng_free(rng);
	ladder_grid_free(&g);
	ladder_hist_free(&all);
}

void
ladder_free(struct ladder *l)
{
	size_t	k;

	if (l == NULL)
		return;
	for (k = 0; k < LADDER_NRUNGS; k++) {
		free(l->rung[k].runs);
		free(l->rung[k].boot);
	}
	memset(l, 0, sizeof(*l));
}

void
ladder_compare(const struct ladder *a, const struct ladder *b,
    struct ladder_cmp *out)
{
	const struct ladder_rung	*ra, *rb;
	struct ladder_ratio		*x;
	double				 p[LADDER_NRUNGS], adj[LADDER_NRUNGS];
	double				*la, *lb, *s;
	size_t				 k, i, nt = 0, idx[LADDER_NRUNGS], m;

	memset(out, 0, sizeof(*out));
	out->mean_ratio = a->mean_us > 0 ? b->mean_us / a->mean_us : NAN;
	for (k = 0; k < LADDER_NRUNGS; k++) {
		ra = &a->rung[k];
		rb = &b->rung[k];
		x = &out->rung[k];
		x->welch.why = "fewer than two runs reach this percentile";
		if (!ra->ok || !rb->ok || ra->us <= 0) {
			x->why = "not estimable";
			continue;
		}
		x->ok = true;
		x->ratio = rb->us / ra->us;
		if (ra->ci == LADDER_CI_RUNS && rb->ci == LADDER_CI_RUNS) {
			/* Independent resamples of each side, paired by index. */
			s = xcalloc(LADDER_BOOT, sizeof(double));
			m = a->nruns < b->nruns ? a->nruns : b->nruns;
			x->ci = LADDER_CI_RUNS;
			ladder_boot_interval(rb->boot, ra->boot, x->ratio, m, s,
			    &x->lo, &x->hi);
			free(s);
		} else if (ra->lo > 0) {
			x->ci = LADDER_CI_WITHIN;
			x->lo = rb->lo / ra->hi;
			x->hi = rb->hi / ra->lo;
		}
		if (ra->runs_ok && rb->runs_ok && a->nruns >= 2 && b->nruns >= 2) {
			la = xcalloc(a->nruns, sizeof(double));
			lb = xcalloc(b->nruns, sizeof(double));
			for (i = 0; i < a->nruns; i++)
				la[i] = log(ra->runs[i]);
			for (i = 0; i < b->nruns; i++)
				lb[i] = log(rb->runs[i]);
			x->welch = stats_welch(gsl_stats_mean(la, 1, a->nruns),
			    gsl_stats_sd(la, 1, a->nruns) / sqrt((double)a->nruns),
			    (long)a->nruns, gsl_stats_mean(lb, 1, b->nruns),
			    gsl_stats_sd(lb, 1, b->nruns) / sqrt((double)b->nruns),
			    (long)b->nruns);
			free(la);
			free(lb);
			/*
			 * Runs are read at their bins' values: runs that all
			 * fall in one bin have no spread to test.
			 */
			if (!x->welch.ok && gsl_stats_sd(ra->runs, 1,
			    a->nruns) == 0 && gsl_stats_sd(rb->runs, 1,
			    b->nruns) == 0)
				x->welch.why = "every run of each side in one "
				    "histogram bin";
			if (x->welch.ok) {
				p[nt] = x->welch.p;
				idx[nt++] = k;
			}
		}
	}
	stats_holm(p, nt, adj);
	for (i = 0; i < nt; i++) {
		out->rung[idx[i]].has_p_adj = true;
		out->rung[idx[i]].p_adj = adj[i];
	}
}

void
ladder_exceed_band(const struct ladder_hist *runs, size_t n, unsigned long seed,
    const struct ladder_hist *all, double *lo, double *hi)
{
	struct ladder_grid	 g = { 0 };
	gsl_rng			*rng;
	unsigned		*w;
	double			*mean, *m2, *cnt, p, z = 1.959964, tot, c, e, dlt, h;
	double			 cum = 0, nn = all->total, den, ctr, half;
	size_t			 i, r, b, nb;
	bool			*zero;

	if (n < 3) {
		/* Wilson's score interval of k above x out of nn. */
		for (i = 0; i < all->n; i++) {
			cum += all->count[i];
			p = (nn - cum) / nn;
			den = 1 + z * z / nn;
			ctr = (p + z * z / (2 * nn)) / den;
			half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) /
			    den;
			lo[i] = fmax(0, ctr - half);
			hi[i] = fmin(1, ctr + half);
		}
		return;
	}
	ladder_grid_init(&g, runs, n);
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	gsl_rng_set(rng, seed);
	w = xcalloc(n, sizeof(*w));
	mean = xcalloc(g.n, sizeof(double));
	m2 = xcalloc(g.n, sizeof(double));
	cnt = xcalloc(g.n, sizeof(double));
	zero = xcalloc(g.n, sizeof(bool));
	/*
	 * A resample costs runs x bins: past LADDER_BAND_WORK in all (1,000
	 * runs of a long steady-state series), fewer resamples, at least 200.
	 */
	nb = LADDER_BOOT;
	if ((double)nb * (double)n * (double)g.n > LADDER_BAND_WORK)
		nb = (size_t)fmax(200, LADDER_BAND_WORK / ((double)n * (double)g.n));
	for (b = 0; b < nb; b++) {
		memset(w, 0, n * sizeof(*w));
		for (r = 0; r < n; r++)
			w[gsl_rng_uniform_int(rng, n)]++;
		for (r = 0, tot = 0; r < n; r++)
			tot += w[r] * g.total[r];
		for (i = 0; i < g.n; i++) {
			for (r = 0, c = 0; r < n; r++)
				c += w[r] * g.cum[r * g.n + i];
			e = (tot - c) / tot;
			if (e <= 0) {
				zero[i] = true;
				continue;
			}
			/* Welford's running mean and variance of log e. */
			cnt[i]++;
			dlt = log(e) - mean[i];
			mean[i] += dlt / cnt[i];
			m2[i] += dlt * (log(e) - mean[i]);
		}
	}
	h = gsl_cdf_tdist_Qinv(0.025, (double)(n - 1)) *
	    sqrt((double)n / (double)(n - 1));
	for (i = 0; i < all->n && i < g.n; i++) {
		cum += all->count[i];
		p = (nn - cum) / nn;
		e = cnt[i] > 1 ? h * sqrt(m2[i] / (cnt[i] - 1)) : 0;
		lo[i] = zero[i] || p <= 0 ? 0 : p * exp(-e);
		hi[i] = p > 0 ? fmin(1, p * exp(e)) : 0;
	}
	free(zero);
	free(cnt);
	free(m2);
	free(mean);
	free(w);
	gsl_rng_free(rng);
	ladder_grid_free(&g);
}
