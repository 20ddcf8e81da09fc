/* SPDX-License-Identifier: ISC */
/*
 * Line charts over sample index or time. Builds per-system point lists
 * from the model (series, or a line graph's comma-separated value) and
 * draws axes, clipped polylines and a legend. Does not smooth or resample
 * beyond a min/max envelope per pixel column.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "canvas-text.h"
#include "chart-axis.h"
#include "chart-frame.h"
#include "chart-line.h"
#include "chart-palette.h"
#include "xalloc.h"

#define LINE_MAX_POINTS	200000	/* per system, read from a value's text */

static void	 chart_line_common(const struct result_set *, const struct test *,
		    const char *, struct chart_line *);
static void	 chart_line_add(struct chart_line *, const struct result_set *,
		    size_t, const struct series *);
static size_t	 chart_line_parse(const char *, double **);
static const struct series *chart_line_find(const struct test *, size_t,
		    const char *);
static bool	 chart_line_dbl_equal(const struct dbl_list *,
		    const struct dbl_list *);
static size_t	 chart_line_thin(const struct chart_line_data *, double,
		    double, double, double, double **);

void
chart_line_free(struct chart_line *l)
{
	size_t	i;

	if (l == NULL)
		return;
	for (i = 0; i < l->nlines; i++) {
		free(l->lines[i].label);
		free(l->lines[i].x);
		free(l->lines[i].y);
	}
	free(l->lines);
	free(l->xlabel);
	chart_frame_head_free(&l->head);
	memset(l, 0, sizeof(*l));
}

static void
chart_line_common(const struct result_set *rs, const struct test *t,
    const char *source, struct chart_line *l)
{
	memset(l, 0, sizeof(*l));
	chart_frame_head_init(&l->head, rs, t, source);
	l->lines = xcalloc(rs->nsystems > 0 ? rs->nsystems : 1,
	    sizeof(*l->lines));
}

/* Append system sys's line from series s (NULL: nothing). */
static void
chart_line_add(struct chart_line *l, const struct result_set *rs, size_t sys,
    const struct series *s)
{
	struct chart_line_data	*ld;
	size_t			 i, n;

	if (s == NULL || s->y.len == 0)
		return;
	n = s->y.len;
	if (s->x.len > 0 && s->x.len < n)
		n = s->x.len;
	ld = &l->lines[l->nlines++];
	ld->label = xstrdup(rs->systems[sys].identifier != NULL ?
	    rs->systems[sys].identifier : "");
	ld->color = chart_palette_rgb(sys);
	ld->x = xreallocarray(NULL, n, sizeof(double));
	ld->y = xreallocarray(NULL, n, sizeof(double));
	ld->n = 0;
	for (i = 0; i < n; i++) {
		double	x = s->x.len > 0 ? s->x.v[i] : (double)i;

		/* A gap in a log is no point on the line. */
		if (!isfinite(x) || !isfinite(s->y.v[i]))
			continue;
		ld->x[ld->n] = x;
		ld->y[ld->n++] = s->y.v[i];
	}
}

/* Numbers of a "12.1,12.4,..." text into *out; returns the count (0 if any piece is not a number). */
static size_t
chart_line_parse(const char *text, double **out)
{
	const char	*p = text;
	char		*end;
	double		*v = NULL;
	size_t		 n = 0, cap = 0;

	*out = NULL;
	if (text == NULL || strchr(text, ',') == NULL)
		return 0;
	while (*p != '\0' && n < LINE_MAX_POINTS) {
		xgrow(&v, &cap, n + 1, sizeof(*v));
		v[n] = g_ascii_strtod(p, &end);
		if (end == p || !isfinite(v[n])) {
			free(v);
			return 0;
		}
		n++;
		/* A point may hold ":"-joined trials: the first is the value. */
		while (*end == ':' || *end == '.' || *end == '-' ||
		    g_ascii_isdigit(*end) || *end == 'e' || *end == 'E' ||
		    *end == '+')
			end++;
		while (*end == ' ')
			end++;
		if (*end == ',')
			end++;
		else if (*end != '\0') {
			free(v);
			return 0;
		}
		p = end;
	}
	*out = v;
	return n;
}

bool
chart_line_has_samples(const struct value *v)
{
	double	*pts;
	size_t	 n;

	if (v->nseries > 0 && v->series[0].y.len > 0)
		return true;
	n = chart_line_parse(v->value_text, &pts);
	free(pts);
	return n > 0;
}

int
chart_line_from_test(const struct result_set *rs, size_t ti,
    const char *source, struct chart_line *l, struct diag *d)
{
	const struct test	*t;
	const struct value	*v;
	struct series		 s;
	size_t			 i;

	if (ti >= rs->ntests)
		return diag_set(d, "", 0, "no test %zu in this set", ti + 1);
	t = &rs->tests[ti];
	chart_line_common(rs, t, source, l);
	l->xlabel = xstrdup("Sample");
	for (i = 0; i < rs->nsystems; i++) {
		if ((v = test_find_value(t, i)) == NULL)
			continue;
		if (v->nseries > 0) {
			chart_line_add(l, rs, i, &v->series[0]);
			continue;
		}
		memset(&s, 0, sizeof(s));
		s.y.len = s.y.cap = chart_line_parse(v->value_text, &s.y.v);
		chart_line_add(l, rs, i, &s);
		free(s.y.v);
	}
	if (l->nlines == 0)
		return diag_set(d, "", 0, "test %zu (%s) has no series to chart",
		    ti + 1, l->head.title);
	return 0;
}

size_t
chart_line_series_names(const struct test *t, const char ***names)
{
	const char	**out = NULL;
	size_t		  n = 0, cap = 0, i, j, k;

	for (i = 0; i < t->nvalues; i++)
		for (j = 0; j < t->values[i].nseries; j++) {
			const char	*nm = t->values[i].series[j].name;

			if (nm == NULL)
				nm = "";
			/* Run histograms get the exceedance chart instead. */
			if (strcmp(nm, MODEL_HIST_SERIES) == 0)
				continue;
			for (k = 0; k < n; k++)
				if (strcmp(out[k], nm) == 0)
					break;
			if (k < n)
				continue;
			xgrow(&out, &cap, n + 1, sizeof(*out));
			out[n++] = nm;
		}
	*names = out;
	return n;
}

/* The series called name of t's value for system sys, or NULL. */
static const struct series *
chart_line_find(const struct test *t, size_t sys, const char *name)
{
	const struct value	*v;
	size_t			 j;

	if ((v = test_find_value(t, sys)) == NULL)
		return NULL;
	for (j = 0; j < v->nseries; j++)
		if (strcmp(v->series[j].name != NULL ? v->series[j].name : "",
		    name) == 0)
			return &v->series[j];
	return NULL;
}

static bool
chart_line_dbl_equal(const struct dbl_list *a, const struct dbl_list *b)
{
	return a->len == b->len && (a->len == 0 ||
	    memcmp(a->v, b->v, a->len * sizeof(double)) == 0);
}

bool
chart_line_series_equal(const struct test *a, const struct test *b,
    const char *name)
{
	const struct series	*sa, *sb;
	size_t			 i, n, found = 0;

	n = a->nvalues > b->nvalues ? a->nvalues : b->nvalues;
	for (i = 0; i < a->nvalues; i++) {
		sa = chart_line_find(a, a->values[i].system, name);
		sb = chart_line_find(b, a->values[i].system, name);
		if ((sa == NULL) != (sb == NULL))
			return false;
		if (sa == NULL)
			continue;
		if (!chart_line_dbl_equal(&sa->x, &sb->x) ||
		    !chart_line_dbl_equal(&sa->y, &sb->y))
			return false;
		found++;
	}
	/* b may have series for systems a has no value for. */
	for (i = 0; i < b->nvalues; i++)
		if (chart_line_find(b, b->values[i].system, name) != NULL &&
		    chart_line_find(a, b->values[i].system, name) == NULL)
			return false;
	return found > 0 && n > 0;
}

int
chart_line_from_series(const struct result_set *rs, size_t ti,
    const char *name, const char *source, struct chart_line *l,
    struct diag *d)
{
	const struct test	*t;
	const struct value	*v;
	const struct series	*s, *first = NULL;
	size_t			 i, j;
	char			*title;

	if (ti >= rs->ntests)
		return diag_set(d, "", 0, "no test %zu in this set", ti + 1);
	t = &rs->tests[ti];
	chart_line_common(rs, t, source, l);
	for (i = 0; i < rs->nsystems; i++) {
		if ((v = test_find_value(t, i)) == NULL)
			continue;
		for (j = 0; j < v->nseries; j++) {
			s = &v->series[j];
			if (strcmp(s->name != NULL ? s->name : "", name) != 0)
				continue;
			if (first == NULL)
				first = s;
			chart_line_add(l, rs, i, s);
			break;
		}
	}
	if (first == NULL) {
		diag_set(d, "", 0, "test %zu (%s) has no series \"%s\"", ti + 1,
		    l->head.title, name);
		return -1;
	}
	title = xasprintf("%s: %s over time", l->head.title, name);
	free(l->head.title);
	l->head.title = title;
	free(l->head.unitline);
	l->head.unitline = xstrdup(first->unit != NULL ? first->unit : "");
	l->xlabel = first->x_unit != NULL && *first->x_unit != '\0' ?
	    xasprintf("Time (%s)", first->x_unit) : xstrdup("Sample");
	return 0;
}

/*
 * Points of ld mapped to the plot, thinned to the first, min, max and last
 * point of each pixel column when there are more points than columns.
 */
static size_t
chart_line_thin(const struct chart_line_data *ld, double x0, double xs,
    double y0, double ys, double **out)
{
	double	*p;
	size_t	 i, n = 0, cap = 0, start;
	long	 col;

	p = NULL;
	for (i = 0; i < ld->n; ) {
		size_t	imin = i, imax = i, j;

		col = lround((ld->x[i] - x0) * xs);
		start = i;
		for (j = i; j < ld->n && lround((ld->x[j] - x0) * xs) == col; j++) {
			if (ld->y[j] < ld->y[imin])
				imin = j;
			if (ld->y[j] > ld->y[imax])
				imax = j;
		}
		{
			size_t	pick[4] = { start, imin < imax ? imin : imax,
			    imin < imax ? imax : imin, j - 1 };
			size_t	k, last = (size_t)-1;

			for (k = 0; k < 4; k++) {
				if (pick[k] == last)
					continue;
				last = pick[k];
				xgrow(&p, &cap, n + 1, 2 * sizeof(double));
				p[2 * n] = (ld->x[last] - x0) * xs;
				p[2 * n + 1] = (ld->y[last] - y0) * ys;
				n++;
			}
		}
		i = j;
	}
	*out = p;
	return n;
}

struct canvas *
chart_line_draw(const struct chart_line *l, double width)
{
	const struct canvas_font	*fsm = chart_frame_font(CHART_FONT_SMALL);
	const struct canvas_font	*flab = chart_frame_font(CHART_FONT_LABEL);
	struct canvas			*c;
	struct chart_axis		 ax, ay;
	double				 xlo = 0, xhi = 0, ylo = 0, yhi = 0;
	double				 y, x0, x1, top, bottom, ph, ylw = 0;
	double				 xs, ys, *pts, lx, lh, w;
	size_t				 i, j, n;
	int				 any = 0;
	char				*s, *t;

	c = canvas_new(width);
	t = chart_frame_head_name(&l->head);
	s = xasprintf("Line chart of %zu series%s%s.", l->nlines,
	    *l->head.unitline ? ", " : "", l->head.unitline);
	canvas_describe(c, t, s);
	free(s);
	free(t);
	y = chart_frame_header(c, CHART_MARGIN, &l->head);
	y += 12;

	for (i = 0; i < l->nlines; i++)
		for (j = 0; j < l->lines[i].n; j++) {
			double	px = l->lines[i].x[j], py = l->lines[i].y[j];

			if (!isfinite(px) || !isfinite(py))
				continue;
			xlo = any ? fmin(xlo, px) : px;
			xhi = any ? fmax(xhi, px) : px;
			ylo = any ? fmin(ylo, py) : py;
			yhi = any ? fmax(yhi, py) : py;
			any = 1;
		}
	ph = fmin(420, fmax(180, width * 0.42));
	chart_axis_nice(ylo, yhi, 5, ylo >= 0, &ay);
	for (i = 0; i < ay.nticks; i++) {
		s = chart_axis_label(&ay, chart_axis_tick(&ay, i));
		ylw = fmax(ylw, canvas_text_width(fsm, s));
		free(s);
	}
	x0 = CHART_MARGIN + ylw + 6;
	x1 = width - CHART_MARGIN - 12;
	chart_frame_axis(xlo, xhi, 0, x1 - x0, CHART_FONT_SMALL, &ax);
	top = y;
	bottom = top + ph;
	xs = (x1 - x0) / (ax.hi - ax.lo);
	ys = -ph / (ay.hi - ay.lo);

	for (i = 0; i < ay.nticks; i++) {
		double	v = chart_axis_tick(&ay, i), ty = bottom + (v - ay.lo) * ys;

		canvas_line(c, x0, ty, x1, ty, CHART_GRID, 1, "grid");
		s = chart_axis_label(&ay, v);
		canvas_text(c, x0 - 6, ty + chart_frame_center(fsm), s, fsm,
		    CHART_GREY, CANVAS_END, "tick");
		free(s);
	}
	for (i = 0; i < ax.nticks; i++) {
		double	v = chart_axis_tick(&ax, i), tx = x0 + (v - ax.lo) * xs;

		canvas_line(c, tx, top, tx, bottom, CHART_GRID, 1, "grid");
		s = chart_axis_label(&ax, v);
		canvas_text(c, tx, bottom + 4 + canvas_text_ascent(fsm), s, fsm,
		    CHART_GREY, CANVAS_MIDDLE, "tick");
		free(s);
	}
	canvas_line(c, x0, bottom, x1, bottom, CHART_AXIS, 1, "axis");
	canvas_line(c, x0, top, x0, bottom, CHART_AXIS, 1, "axis");

	canvas_clip(c, x0, top - 2, x1 - x0, ph + 4);
	for (i = 0; i < l->nlines; i++) {
		n = chart_line_thin(&l->lines[i], ax.lo, xs, ay.lo, ys, &pts);
		for (j = 0; j < n; j++) {
			pts[2 * j] += x0;
			pts[2 * j + 1] += bottom;
		}
		canvas_group(c, "series", l->lines[i].label);
		canvas_polyline(c, pts, n, l->lines[i].color, 1.6, "line");
		canvas_group_end(c);
		free(pts);
	}
	canvas_clip_end(c);

	y = bottom + 4 + canvas_text_line_height(fsm);
	canvas_text(c, (x0 + x1) / 2, y + canvas_text_ascent(fsm), l->xlabel,
	    fsm, CHART_GREY, CANVAS_MIDDLE, "xlabel");
	y += canvas_text_line_height(fsm) + 8;

	/* Legend: swatch and name per system, flowing into rows. */
	lh = canvas_text_line_height(flab) + 4;
	lx = CHART_MARGIN;
	for (i = 0; i < l->nlines; i++) {
		char	*name = canvas_text_clean(l->lines[i].label);
		char	*fit = canvas_text_fit(flab, name, width * 0.45);

		w = 22 + canvas_text_width(flab, fit) + 16;
		if (lx > CHART_MARGIN && lx + w > width - CHART_MARGIN) {
			lx = CHART_MARGIN;
			y += lh;
		}
		canvas_rect(c, lx, y + lh / 2 - 3, 16, 4, l->lines[i].color,
		    "legend-key");
		canvas_text(c, lx + 22, y + lh / 2 + chart_frame_center(flab),
		    fit, flab, CHART_INK, CANVAS_START, "label");
		lx += w;
		free(fit);
		free(name);
	}
	y += lh + 6;
	y = chart_frame_footer(c, y, &l->head);
	c->height = ceil(y + CHART_MARGIN);
	return c;
}
