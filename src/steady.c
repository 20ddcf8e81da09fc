/* SPDX-License-Identifier: ISC */
/*
 * The SNIA steady-state rule over rounds, and logs folded into rounds.
 * The fit is ordinary least squares of the value on the round number
 * (GSL's gsl_fit_linear); nothing here prints or reads files.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_fit.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "steady.h"
#include "xalloc.h"

void
steady_window(const double *y, size_t first, struct steady *s)
{
	double	x[STEADY_WINDOW], lo, hi, sum = 0, c0, c1, cov00, cov01, cov11, ss;
	size_t	i;

	lo = hi = y[first];
	for (i = 0; i < STEADY_WINDOW; i++) {
		x[i] = (double)(first + i);
		sum += y[first + i];
		lo = fmin(lo, y[first + i]);
		hi = fmax(hi, y[first + i]);
	}
	s->first = first;
	s->avg = sum / STEADY_WINDOW;
	s->range = hi - lo;
	gsl_fit_linear(x, 1, y + first, 1, STEADY_WINDOW, &c0, &c1, &cov00,
	    &cov01, &cov11, &ss);
	s->intercept = c0;
	s->slope = c1;
	s->excursion = fabs(c1) * (STEADY_WINDOW - 1);
	s->range_pct = s->avg != 0 ? s->range / fabs(s->avg) * 100 : INFINITY;
	s->excursion_pct = s->avg != 0 ? s->excursion / fabs(s->avg) * 100 :
	    INFINITY;
}

struct steady
steady_find(const double *y, size_t n)
{
	struct steady	s;
	size_t		i;

	memset(&s, 0, sizeof(s));
	s.rounds = n;
	if (n < STEADY_WINDOW) {
		s.why = "fewer rounds than the 5 of a measurement window";
		return s;
	}
	for (i = 0; i < n; i++)
		if (!isfinite(y[i])) {
			s.why = "a round's value is not a number";
			return s;
		}
	s.ok = true;
	for (i = 0; i + STEADY_WINDOW <= n; i++) {
		steady_window(y, i, &s);
		if (isfinite(s.range_pct) && s.avg > 0 &&
		    s.range_pct <= STEADY_RANGE_PCT &&
		    s.excursion_pct <= STEADY_SLOPE_PCT) {
			s.reached = true;
			return s;
		}
	}
	return s;
}

double *
steady_fold(const double *t, const double *y, size_t n, double round_ms,
    size_t *nr)
{
	double	*r, sum = 0;
	size_t	 i, k = 0, cnt = 0, idx;

	*nr = 0;
	r = xcalloc(n > 0 ? n : 1, sizeof(double));
	if (round_ms <= 0) {
		memcpy(r, y, n * sizeof(double));
		*nr = n;
		return r;
	}
	for (i = 0; i < n; i++) {
		idx = (size_t)floor((t[i] - t[0]) / round_ms);
		if (idx != k) {
			if (cnt == 0 || idx != k + 1) {
				/* The round closes; a gap ends the series. */
				if (cnt > 0)
					r[(*nr)++] = sum / (double)cnt;
				return r;
			}
			r[(*nr)++] = sum / (double)cnt;
			k = idx;
			sum = 0;
			cnt = 0;
		}
		sum += y[i];
		cnt++;
	}
	if (cnt > 0)
		r[(*nr)++] = sum / (double)cnt;
	return r;
}

struct steady_consistency
steady_consistency(const double *persec, size_t n, size_t last)
{
	struct steady_consistency	 c;
	double				*v;
	size_t				 k;

	memset(&c, 0, sizeof(c));
	k = last > 0 && last < n ? last : n;
	if (k < 2) {
		c.why = "fewer than two seconds";
		return c;
	}
	v = xcalloc(k, sizeof(double));
	memcpy(v, persec + (n - k), k * sizeof(double));
	c.seconds = k;
	c.mean = gsl_stats_mean(v, 1, k);
	c.sd = gsl_stats_sd(v, 1, k);
	c.mean_sd = c.sd > 0 ? c.mean / c.sd : INFINITY;
	gsl_sort(v, 1, k);
	c.p1 = gsl_stats_quantile_from_sorted_data(v, 1, k, 0.01);
	c.p999 = gsl_stats_quantile_from_sorted_data(v, 1, k, 0.999);
	c.ok = true;
	free(v);
	return c;
}

double *
steady_value_rounds(const struct value *v, double round_ms, bool runs,
    const char **what, size_t *n)
{
	const struct series	*s;
	double			*r;
	size_t			 i;

	*n = 0;
	for (i = 0; i < v->nseries; i++) {
		s = &v->series[i];
		if ((s->name != NULL && strcmp(s->name, MODEL_HIST_SERIES) == 0) ||
		    s->y.len == 0)
			continue;
		*what = s->name != NULL ? s->name : "series";
		if (s->x.len == s->y.len)
			return steady_fold(s->x.v, s->y.v, s->y.len, round_ms, n);
		return steady_fold(NULL, s->y.v, s->y.len, 0, n);
	}
	if (runs && v->runs.len >= 2) {
		*what = "runs";
		r = xcalloc(v->runs.len, sizeof(double));
		memcpy(r, v->runs.v, v->runs.len * sizeof(double));
		*n = v->runs.len;
		return r;
	}
	return NULL;
}
