/* SPDX-License-Identifier: ISC */
/*
 * E-divisive means with a t-test, as Hunter (Fleming et al., "Hunter:
 * Using Change Point Detection to Hunt for Performance Regressions",
 * ICPE 2023, arXiv 2301.03034) and Apache Otava define it: a split step
 * over windows at a relaxed p, then a merge step that drops the weakest
 * point and re-tests its neighbours until every point left is
 * significant. docs/track.md states the method; this file does not
 * print, allocate past its result and scratch, or use random numbers.
 */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>

#include "track-cp.h"
#include "xalloc.h"

/* A weak or final point while the algorithm runs. */
struct cp_work {
	size_t	 index;
	double	 p;
	double	 magnitude;
};

struct cp_vec {
	struct cp_work	*v;
	size_t		 len;
	size_t		 cap;
};

/*
 * The scratch of the split step for windows of up to L points: pre, the
 * table of prefix sums of distances (L^2), and the energy statistic's
 * coefficients, which depend on the sizes n of X and m of Y alone: c0[n
 * + m] = 2/(m+n), cx[n * L + m] = 2m/((m+n)(n-1)), cy[n * L + m] =
 * 2n/((m+n)(m-1)), each computed once as the statistic writes it, and 0
 * where the statistic has no such term (n or m of 1): subtracting 0
 * leaves Q as it is.
 */
struct cp_scratch {
	size_t	 L;
	double	*pre;
	double	*c0;
	double	*cx;
	double	*cy;
};

static double	 track_cp_ttest(const double *, size_t, size_t, size_t,
		    double *);
static double	 track_cp_best(const double *, size_t, size_t,
		    const struct cp_scratch *, size_t *);
static void	 track_cp_window(const double *, size_t, double,
		    const struct cp_scratch *, struct cp_vec *);
static void	 track_cp_scratch_init(struct cp_scratch *, size_t);
static void	 track_cp_scratch_free(struct cp_scratch *);
static void	 track_cp_insert(struct cp_vec *, size_t, struct cp_work);
static void	 track_cp_restat(const double *, size_t, struct cp_vec *,
		    size_t);
static void	 track_cp_merge(const double *, size_t,
		    const struct track_cp_opts *, struct cp_vec *);

void
track_cp_defaults(struct track_cp_opts *o)
{
	o->window = TRACK_CP_WINDOW;
	o->max_p = TRACK_CP_MAX_P;
	o->min_magnitude = TRACK_CP_MIN_MAGNITUDE;
	o->min_segment = TRACK_CP_MIN_SEGMENT;
	o->retest_neighbours = false;
}

/*
 * Student's two-sided t-test of x[a..b) against x[b..c) with pooled
 * variance, the standard deviations taken with divisor n (as Otava does,
 * so that the same points pass). Sets *magnitude; returns p, 1 when
 * there are two points in all or the test is undefined (no variance
 * and equal means).
 */
static double
track_cp_ttest(const double *x, size_t a, size_t b, size_t c,
    double *magnitude)
{
	double	 m1 = 0, m2 = 0, v1 = 0, v2 = 0, n1, n2, df, sp, t;
	size_t	 i;

	n1 = (double)(b - a);
	n2 = (double)(c - b);
	for (i = a; i < b; i++)
		m1 += x[i];
	for (i = b; i < c; i++)
		m2 += x[i];
	m1 /= n1;
	m2 /= n2;
	for (i = a; i < b; i++)
		v1 += (x[i] - m1) * (x[i] - m1);
	for (i = b; i < c; i++)
		v2 += (x[i] - m2) * (x[i] - m2);
	v1 /= n1;
	v2 /= n2;
	*magnitude = 0;
	if (m1 != 0 && m2 != 0)
		*magnitude = fmax(fabs(m2 / m1 - 1), fabs(m1 / m2 - 1));
	else if (m1 != 0)
		*magnitude = fabs(m2 / m1 - 1);
	if (n1 + n2 <= 2)
		return 1;
	df = n1 + n2 - 2;
	sp = ((n1 - 1) * v1 + (n2 - 1) * v2) / df;
	sp = sqrt(sp * (1 / n1 + 1 / n2));
	if (sp == 0)
		return m1 == m2 ? 1 : 0;
	t = fabs(m1 - m2) / sp;
	return 2 * gsl_cdf_tdist_Q(t, df);
}

/*
 * The best split of z[s..e) (e - s >= 2): the tau and kappa with
 * s < tau < kappa <= e that maximise the energy statistic
 *   Q = 2/(m+n) sum|X-Y| - 2m/((m+n)(n-1)) sum|Xi-Xk| - 2n/((m+n)(m-1)) sum|Yj-Yk|
 * of X = z[s..tau), Y = z[tau..kappa), scanned in the order of Otava's
 * matrix (tau, then kappa) where a pair with kappa <= tau counts as 0,
 * the first maximum winning. sc->pre is (e-s)^2 scratch, column by
 * column: pre[t][k] (t <= k) is sum over s <= j < s+t of |z_j - z_(s+k)|,
 * so that the scan over kappa reads it in order. Returns Q, sets *tau.
 */
static double
track_cp_best(const double *z, size_t s, size_t e, const struct cp_scratch *sc,
    size_t *tau)
{
	size_t		 L = e - s, W = sc->L, k, t, ti, ki;
	double		 best = -INFINITY, within_x = 0, cross, within_y, q;
	double		*pre = sc->pre, *col;
	const double	*cx, *cy, *c0 = sc->c0;

	for (k = 0; k < L; k++)
		pre[k] = 0;
	for (t = 1; t < L; t++)
		for (k = t; k < L; k++)
			pre[t * L + k] = pre[(t - 1) * L + k] +
			    fabs(z[s + t - 1] - z[s + k]);
	for (ti = 1; ti < L; ti++) {
		/* X grows by z[s + ti - 1]. */
		within_x += pre[(ti - 1) * L + (ti - 1)];
		cross = 0;
		within_y = 0;
		/* Cells kappa <= tau of the matrix: 0, in their place. */
		if (ti >= 2 && best < 0) {
			best = 0;
			*tau = s + ti;
		}
		col = pre + ti * L;
		/* Coefficients of n = ti, indexed by m = ki - ti; 0 where unused. */
		cx = sc->cx + ti * W - ti;
		cy = sc->cy + ti * W - ti;
		for (ki = ti + 1; ki <= L; ki++) {
			cross += col[ki - 1];
			within_y += pre[(ki - 1) * L + (ki - 1)] - col[ki - 1];
			q = c0[ki] * cross;
			q -= cx[ki] * within_x;
			q -= cy[ki] * within_y;
			if (q > best) {
				best = q;
				*tau = s + ti;
			}
		}
	}
	return best;
}

/* The scratch for windows of up to L >= 2 points. */
static void
track_cp_scratch_init(struct cp_scratch *sc, size_t L)
{
	size_t	 i, j;
	double	 n, m;

	sc->L = L;
	sc->pre = xreallocarray(NULL, L * L, sizeof(*sc->pre));
	sc->c0 = xreallocarray(NULL, L + 1, sizeof(*sc->c0));
	sc->cx = xreallocarray(NULL, L * L, sizeof(*sc->cx));
	sc->cy = xreallocarray(NULL, L * L, sizeof(*sc->cy));
	sc->c0[0] = 0;
	for (i = 1; i <= L; i++)
		sc->c0[i] = 2 / (double)i;
	for (i = 0; i < L; i++)
		for (j = 0; j < L; j++) {
			n = (double)i;
			m = (double)j;
			sc->cx[i * L + j] = i > 1 && i + j > 0 ?
			    2 * m / ((m + n) * (n - 1)) : 0;
			sc->cy[i * L + j] = j > 1 && i + j > 0 ?
			    2 * n / ((m + n) * (m - 1)) : 0;
		}
}

static void
track_cp_scratch_free(struct cp_scratch *sc)
{
	free(sc->pre);
	free(sc->c0);
	free(sc->cx);
	free(sc->cy);
	memset(sc, 0, sizeof(*sc));
}

/* Insert c into the sorted v. */
static void
track_cp_insert(struct cp_vec *v, size_t at, struct cp_work c)
{
	if (v->len == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 8;
		v->v = xreallocarray(v->v, v->cap, sizeof(*v->v));
	}
	memmove(v->v + at + 1, v->v + at, (v->len - at) * sizeof(*v->v));
	v->v[at] = c;
	v->len++;
}

/*
 * E-divisive within one window z[0..L): split the interval with the best
 * candidate while the t-test of the split finds p <= max_p; append the
 * points (relative to z) to out in order; sc is for L points or more. Each
 * interval's best split is found once: a split leaves the others as
 * they were, so only its two halves are searched again.
 */
static void
track_cp_window(const double *z, size_t L, double max_p,
    const struct cp_scratch *sc, struct cp_vec *out)
{
	struct cp_vec	 cps = { NULL, 0, 0 };
	struct cp_work	 c;
	struct cp_best {
		double	 q;
		size_t	 tau;
		bool	 ok;	/* the interval holds 2 points or more */
	}		*best;
	size_t		 i, a, b, best_i, h;
	double		 mag, p;
	int		 found;

	/* Intervals: one more than points, and at most L - 1 points. */
	best = xreallocarray(NULL, L + 1, sizeof(*best));
	best[0].ok = L >= 2;
	if (best[0].ok)
		best[0].q = track_cp_best(z, 0, L, sc, &best[0].tau);
	for (;;) {
		found = 0;
		best_i = 0;
		for (i = 0; i <= cps.len; i++) {
			if (!best[i].ok)
				continue;
			if (!found || best[i].q > best[best_i].q) {
				found = 1;
				best_i = i;
			}
		}
		if (!found)
			break;
		a = best_i == 0 ? 0 : cps.v[best_i - 1].index;
		b = best_i == cps.len ? L : cps.v[best_i].index;
		p = track_cp_ttest(z, a, best[best_i].tau, b, &mag);
		if (!(p <= max_p))
			break;
		c.index = best[best_i].tau;
		c.p = p;
		c.magnitude = mag;
		track_cp_insert(&cps, best_i, c);
		/* Interval best_i is now best_i and best_i + 1. */
		memmove(best + best_i + 1, best + best_i,
		    (cps.len - best_i) * sizeof(*best));
		for (h = best_i; h <= best_i + 1; h++) {
			a = h == 0 ? 0 : cps.v[h - 1].index;
			b = h == cps.len ? L : cps.v[h].index;
			best[h].ok = b - a >= 2;
			if (best[h].ok)
				best[h].q = track_cp_best(z, a, b, sc,
				    &best[h].tau);
		}
	}
	for (i = 0; i < cps.len; i++)
		track_cp_insert(out, out->len, cps.v[i]);
	free(cps.v);
	free(best);
}

/* Re-test point i of v against its neighbours' segments in x[0..n). */
static void
track_cp_restat(const double *x, size_t n, struct cp_vec *v, size_t i)
{
	size_t	 a, c;

	if (i >= v->len)
		return;
	a = i == 0 ? 0 : v->v[i - 1].index;
	c = i + 1 == v->len ? n : v->v[i + 1].index;
	v->v[i].p = track_cp_ttest(x, a, v->v[i].index, c, &v->v[i].magnitude);
}

/*
 * The merge step: while a point has a neighbouring segment shorter than
 * min_segment (the one of highest p first), or p above max_p (the
 * highest first), or, all p passing, the smallest magnitude is at most
 * min_magnitude, drop that point and re-test the two points after it
 * (Otava's merge: the point before keeps the p it had), or with
 * retest_neighbours the point before and the point after.
 */
static void
track_cp_merge(const double *x, size_t n, const struct track_cp_opts *o,
    struct cp_vec *v)
{
	size_t	 i, w, a, c, ms = (size_t)o->min_segment;
	int	 have;

	while (v->len > 0) {
		have = 0;
		w = 0;
		for (i = 0; i < v->len; i++) {
			a = i == 0 ? 0 : v->v[i - 1].index;
			c = i + 1 == v->len ? n : v->v[i + 1].index;
			if (v->v[i].index - a >= ms && c - v->v[i].index >= ms)
				continue;
			if (!have || v->v[i].p > v->v[w].p) {
				have = 1;
				w = i;
			}
		}
		if (!have) {
			for (i = 1; i < v->len; i++)
				if (v->v[i].p > v->v[w].p)
					w = i;
			if (v->v[w].p < o->max_p) {
				for (w = 0, i = 1; i < v->len; i++)
					if (v->v[i].magnitude < v->v[w].magnitude)
						w = i;
				if (v->v[w].magnitude > o->min_magnitude)
					return;
			}
		}
		memmove(v->v + w, v->v + w + 1,
		    (v->len - w - 1) * sizeof(*v->v));
		v->len--;
		if (o->retest_neighbours) {
			if (w > 0)
				track_cp_restat(x, n, v, w - 1);
			track_cp_restat(x, n, v, w);
			continue;
		}
		track_cp_restat(x, n, v, w);
		track_cp_restat(x, n, v, w + 1);
	}
}

void
track_cp_segment(const double *x, size_t start, size_t len,
    struct track_seg *s)
{
	double	 sum = 0, ss = 0, h;
	size_t	 i;

	memset(s, 0, sizeof(*s));
	s->start = start;
	s->len = len;
	if (len == 0)
		return;
	for (i = 0; i < len; i++)
		sum += x[start + i];
	s->mean = sum / (double)len;
	for (i = 0; i < len; i++)
		ss += (x[start + i] - s->mean) * (x[start + i] - s->mean);
	if (len < 2)
		return;
	s->sd = sqrt(ss / (double)(len - 1));
	h = gsl_cdf_tdist_Qinv(0.025, (double)(len - 1)) * s->sd /
	    sqrt((double)len);
	s->has_ci = true;
	s->ci_lo = s->mean - h;
	s->ci_hi = s->mean + h;
}

int
track_cp_detect(const double *x, size_t n, const struct track_cp_opts *o,
    struct track_cp_list *out, const char **why)
{
	struct cp_vec	 weak = { NULL, 0, 0 }, win = { NULL, 0, 0 };
	struct track_cp	*cp;
	struct cp_scratch sc = { 0, NULL, NULL, NULL, NULL };
	double		 first_p;
	size_t		 start, end, step, last, L, i, j, a, c;

	track_cp_list_free(out);
	if (o->window < 2 || o->window > TRACK_CP_WINDOW_MAX) {
		*why = "the window must be 2 to 2000 points";
		return -1;
	}
	if (!(o->max_p > 0 && o->max_p <= 1)) {
		*why = "the p-value must be above 0 and at most 1";
		return -1;
	}
	if (o->min_segment < 1) {
		*why = "the minimum segment must be 1 point or more";
		return -1;
	}
	if (!(o->min_magnitude >= 0)) {
		*why = "the minimum magnitude must be 0 or more";
		return -1;
	}
	/* The split step's relaxed threshold, as Otava sets it. */
	first_p = o->max_p < 0.05 ? o->max_p * 10 :
	    o->max_p < 0.5 ? o->max_p * 2 : o->max_p;
	L = n < (size_t)o->window ? n : (size_t)o->window;
	if (L >= 2)
		track_cp_scratch_init(&sc, L);
	step = (size_t)o->window / 2;
	start = 0;
	while (start < n) {
		end = start + (size_t)o->window < n ? start +
		    (size_t)o->window : n;
		win.len = 0;
		if (end - start >= 2)
			track_cp_window(x + start, end - start, first_p, &sc,
			    &win);
		last = 0;
		for (i = 0; i < win.len; i++) {
			win.v[i].index += start;
			last = win.v[i].index;
			for (j = 0; j < weak.len; j++)
				if (weak.v[j].index == win.v[i].index)
					break;
			if (j == weak.len) {
				/* Keep weak sorted by index. */
				for (j = 0; j < weak.len &&
				    weak.v[j].index < win.v[i].index; j++)
					;
				track_cp_insert(&weak, j, win.v[i]);
			}
		}
		start = last > start + step ? last : start + step;
	}
	for (i = 0; i < weak.len; i++)
		track_cp_restat(x, n, &weak, i);
	track_cp_merge(x, n, o, &weak);
	if (weak.len > 0)
		out->items = xreallocarray(NULL, weak.len, sizeof(*out->items));
	for (i = 0; i < weak.len; i++) {
		cp = &out->items[i];
		memset(cp, 0, sizeof(*cp));
		a = i == 0 ? 0 : weak.v[i - 1].index;
		c = i + 1 == weak.len ? n : weak.v[i + 1].index;
		cp->index = weak.v[i].index;
		/* The p of the segments reported, whatever the merge kept. */
		cp->p = track_cp_ttest(x, a, cp->index, c, &cp->magnitude);
		track_cp_segment(x, a, cp->index - a, &cp->before);
		track_cp_segment(x, cp->index, c - cp->index, &cp->after);
		cp->rel_change = cp->before.mean != 0 ?
		    cp->after.mean / cp->before.mean - 1 : 0;
	}
	out->len = weak.len;
	free(weak.v);
	free(win.v);
	track_cp_scratch_free(&sc);
	return 0;
}

void
track_cp_list_free(struct track_cp_list *l)
{
	free(l->items);
	l->items = NULL;
	l->len = 0;
}
