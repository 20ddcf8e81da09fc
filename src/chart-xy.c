/* SPDX-License-Identifier: ISC */
/*
 * The x-y chart over sets. A point is one value of a test that has the y
 * metric; its x is the test's fact (a number; sizes take k, m, g as
 * powers of 1024) or the value of the same system's sibling test (same
 * set, same facts, same description before " - Latency: ") that has the
 * x metric. Points that lack an x are left out and counted in the note.
 * The x axis is logarithmic (base 2) for a fact spanning 16x or more (a
 * queue-depth or block-size sweep), linear otherwise; y is linear from 0.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "canvas-text.h"
#include "chart-axis.h"
#include "chart-frame.h"
#include "chart-palette.h"
#include "chart-xy.h"
#include "strbuf.h"
#include "xalloc.h"

struct xy_point {
	double	order;		/* drawing order: x, or the label fact's number */
	double	x, y;
	double	xe, ye;		/* SE, 0 when none */
	char	*label;		/* NULL when none */
};

struct xy_series {
	char		*name;
	struct xy_point	*p;
	size_t		 n;
};

/* Metric names and how a test shows them. */
struct xy_metric {
	const char	*name;
	const char	*unit;		/* the test's unit */
	const char	*suffix;	/* description ends with it; NULL: no latency suffix */
	const char	*label;		/* axis label */
};

static const struct xy_metric xy_metrics[] = {
	{ "iops", "IOPS", NULL, "IOPS" },
	{ "mbs", "MB/s", NULL, "MB/s" },
	{ "bw", "MB/s", NULL, "MB/s" },
	{ "lat", "usec", " - Latency: Completion Mean", "completion latency, mean (usec)" },
	{ "p99", "usec", " - Latency: Completion 99th Percentile",
	    "completion latency, p99 (usec)" },
	{ NULL, NULL, NULL, NULL }
};

static const struct xy_metric *xy_metric(const char *name);
static bool	 xy_is(const struct test *t, const struct xy_metric *m);
static size_t	 xy_base_len(const char *desc);
static bool	 xy_number(const char *s, double *v);
static const char *xy_series_of(const struct result_set *rs, const struct test *t,
		    size_t sys, const char *key);
static const struct value *xy_sibling(const struct result_set *rs,
		    const struct test *t, size_t sys, const struct xy_metric *m);
static int	 xy_cmp_point(const void *a, const void *b);
static void	 xy_add(struct xy_series **s, size_t *ns, const char *name,
		    const struct xy_point *p);
static double	 xy_px(double v, bool lg, const struct chart_axis *a, double lo,
		    double hi, double x0, double x1);
static void	 xy_place_label(double, double, double, double, double, double,
		    double, double, const double *, size_t, double *, double *);

static const struct xy_metric *
xy_metric(const char *name)
{
	size_t	i;

	for (i = 0; xy_metrics[i].name != NULL; i++)
		if (g_ascii_strcasecmp(name, xy_metrics[i].name) == 0)
			return &xy_metrics[i];
	return NULL;
}

/* Length of desc before " - Latency: ", the job's own description. */
static size_t
xy_base_len(const char *desc)
{
	const char	*p = strstr(desc, " - Latency: ");

	return p != NULL ? (size_t)(p - desc) : strlen(desc);
}

static bool
xy_is(const struct test *t, const struct xy_metric *m)
{
	const char	*d = t->description != NULL ? t->description : "";
	size_t		 n = strlen(d), k;

	if (t->unit == NULL || strcmp(t->unit, m->unit) != 0)
		return false;
	if (m->suffix == NULL)
		return xy_base_len(d) == n;
	k = strlen(m->suffix);
	return n >= k && strcmp(d + n - k, m->suffix) == 0;
}

/* "16" -> 16, "4k" -> 4096, "1M" -> 1048576; false when not a number. */
static bool
xy_number(const char *s, double *v)
{
	char	*end;

	if (s == NULL)
		return false;
	*v = strtod(s, &end);
	if (end == s || !isfinite(*v))
		return false;
	switch (tolower((unsigned char)*end)) {
	case 'k':
		*v *= 1024;
		end++;
		break;
	case 'm':
		*v *= 1048576;
		end++;
		break;
	case 'g':
		*v *= 1073741824.0;
		end++;
		break;
	}
	if (tolower((unsigned char)*end) == 'i')
		end++;
	if (tolower((unsigned char)*end) == 'b')
		end++;
	return *end == '\0';
}

/* The series name of a point: the system, else a test fact, else a system fact. */
static const char *
xy_series_of(const struct result_set *rs, const struct test *t, size_t sys,
    const char *key)
{
	const struct fact	*f;
	const char		*v;

	if (key == NULL || strcmp(key, "system") == 0)
		return rs->systems[sys].identifier;
	if ((v = kv_list_get(&t->facts, key)) != NULL)
		return v;
	if ((f = fact_list_get(&rs->systems[sys].normalized, key)) != NULL)
		return f->value;
	if ((v = kv_list_get(&rs->systems[sys].fields, key)) != NULL)
		return v;
	return "not stated";
}

/*
 * Where a point's label goes: beside the point, right or left, above or
 * below, moving away from it half a line at a time until its box (w x h,
 * its baseline at *ty) is clear of every label placed before (boxes, four
 * numbers a label) and inside [x0, x1] x [top, bottom]. When none is
 * clear, the place that overlaps the others least.
 */
static void
xy_place_label(double px, double py, double w, double h, double x0,
    double x1, double top, double bottom, const double *boxes, size_t nb,
    double *tx, double *ty)
{
	double	cx, cy, dy, ox, oy, cost, best = INFINITY;
	size_t	k, b;
	int	side;

	*tx = px + 5;
	*ty = py - 5;
	for (k = 0; k < 32; k++) {
		dy = (double)(k / 2) * h / 2;
		for (side = 0; side < 4; side++) {
			cx = side % 2 == 0 ? px + 5 + (side / 2) * w / 2 :
			    px - 5 - w - (side / 2) * w / 2;
			cy = k % 2 == 0 ? py - 5 - dy : py + 5 + h + dy;
			if (cx < x0 || cx + w > x1 || cy - h < top || cy > bottom)
				continue;
			/* The overlap with labels placed before, and the distance. */
			cost = (double)k + (double)side;
			for (b = 0; b < nb; b++) {
				ox = fmin(cx + w, boxes[4 * b + 2]) - fmax(cx, boxes[4 * b]);
				oy = fmin(cy, boxes[4 * b + 3]) - fmax(cy - h,
				    boxes[4 * b + 1]);
				if (ox > 0 && oy > 0)
					cost += 1000 + ox * oy;
			}
			if (cost < best) {
				best = cost;
				*tx = cx;
				*ty = cy;
			}
			if (cost < 1000)
				return;
		}
	}
}

/* The value of system sys in the test of the same job that has metric m. */
static const struct value *
xy_sibling(const struct result_set *rs, const struct test *t, size_t sys,
    const struct xy_metric *m)
{
	const struct test	*u;
	size_t			 i, n = xy_base_len(t->description);

	for (i = 0; i < rs->ntests; i++) {
		u = &rs->tests[i];
		if (!xy_is(u, m) || xy_base_len(u->description) != n ||
		    strncmp(u->description, t->description, n) != 0 ||
		    g_strcmp0(u->title, t->title) != 0 ||
		    !kv_list_equal(&u->facts, &t->facts))
			continue;
		return test_find_value(u, sys);
	}
	return NULL;
}

static int
xy_cmp_point(const void *a, const void *b)
{
	const struct xy_point	*p = a, *q = b;

	return (p->order > q->order) - (p->order < q->order);
}

static void
xy_add(struct xy_series **s, size_t *ns, const char *name,
    const struct xy_point *p)
{
	size_t	i;

	for (i = 0; i < *ns; i++)
		if (strcmp((*s)[i].name, name) == 0)
			break;
	if (i == *ns) {
		*s = xreallocarray(*s, *ns + 1, sizeof(**s));
		memset(&(*s)[i], 0, sizeof(**s));
		(*s)[i].name = xstrdup(name);
		(*ns)++;
	}
	(*s)[i].p = xreallocarray((*s)[i].p, (*s)[i].n + 1, sizeof(*p));
	(*s)[i].p[(*s)[i].n++] = *p;
}

char *
chart_xy_name(const struct chart_xy_spec *sp)
{
	char	*s, *p;

	s = xasprintf("xy-%s-%s", sp->x, sp->y);
	for (p = s; *p != '\0'; p++)
		if (!isalnum((unsigned char)*p) && *p != '-')
			*p = '-';
	return s;
}

static double
xy_px(double v, bool lg, const struct chart_axis *a, double lo, double hi,
    double x0, double x1)
{
	if (lg)
		return x0 + (log2(v) - lo) / (hi - lo) * (x1 - x0);
	return x0 + (v - a->lo) / (a->hi - a->lo) * (x1 - x0);
}

/* The points of every set, by series, and their ranges. */
struct xy_data {
	struct xy_series	*ser;
	size_t			 ns, npts, skipped;
	double			 xlo, xhi, yhi;
};

/*
 * Every stated value of a test showing metric my in sets[0..n), placed at
 * the metric mx of the same system and test (a sibling test) or, with no
 * mx, at the test's fact sp->x; a value with neither is counted skipped.
 */
static void
xy_collect(struct result_set *const *sets, size_t n,
    const struct chart_xy_spec *sp, const struct xy_metric *my,
    const struct xy_metric *mx, struct xy_data *dt)
{
	const struct result_set	*rs;
	const struct test	*t;
	const struct value	*v, *xv;
	struct xy_point		 pt;
	const char		*lab;
	size_t			 si, i, j;

	memset(dt, 0, sizeof(*dt));
	dt->xlo = INFINITY;
	dt->xhi = -INFINITY;
	for (si = 0; si < n; si++) {
		rs = sets[si];
		for (i = 0; i < rs->ntests; i++) {
			t = &rs->tests[i];
			if (!xy_is(t, my))
				continue;
			for (j = 0; j < t->nvalues; j++) {
				v = &t->values[j];
				if (!v->has_mean)
					continue;
				memset(&pt, 0, sizeof(pt));
				pt.y = v->mean;
				pt.ye = v->has_se && v->n >= 2 ? v->se : 0;
				if (mx != NULL) {
					xv = xy_sibling(rs, t, v->system, mx);
					if (xv == NULL || !xv->has_mean) {
						dt->skipped++;
						continue;
					}
					pt.x = xv->mean;
					pt.xe = xv->has_se && xv->n >= 2 ? xv->se : 0;
				} else if (!xy_number(kv_list_get(&t->facts, sp->x),
				    &pt.x)) {
					dt->skipped++;
					continue;
				}
				lab = sp->label != NULL ? sp->label : mx != NULL ?
				    "iodepth" : NULL;
				if (lab != NULL && kv_list_get(&t->facts, lab) != NULL)
					pt.label = strcmp(lab, "iodepth") == 0 ?
					    xasprintf("QD %s", kv_list_get(&t->facts,
					    lab)) : xstrdup(kv_list_get(&t->facts, lab));
				/* A load-latency curve runs in queue-depth order. */
				pt.order = pt.x;
				if (mx != NULL && lab != NULL)
					(void)xy_number(kv_list_get(&t->facts, lab),
					    &pt.order);
				xy_add(&dt->ser, &dt->ns, xy_series_of(rs, t, v->system,
				    sp->series), &pt);
				dt->xlo = fmin(dt->xlo, pt.x - pt.xe);
				dt->xhi = fmax(dt->xhi, pt.x + pt.xe);
				dt->yhi = fmax(dt->yhi, pt.y + pt.ye);
				dt->npts++;
			}
		}
	}
}

/*
 * Gridlines, tick labels and axis lines of the plot x0..x1, top..bottom
 * (ph high):
 * y linear (ay), x linear (ax) or, when lg, in powers of two from 2^lx0
 * to 2^lx1.
 */
static void
xy_axes(struct canvas *c, const struct chart_axis *ax,
    const struct chart_axis *ay, bool lg, double lx0, double lx1, double x0,
    double x1, double top, double bottom, double ph)
{
	const struct canvas_font *fsm = chart_frame_font(CHART_FONT_SMALL);
	double			 px, py;
	size_t			 i, k;
	char			*s;

	for (i = 0; i < ay->nticks; i++) {
		double	tv = chart_axis_tick(ay, i);

		py = bottom - (tv - ay->lo) / (ay->hi - ay->lo) * ph;
		canvas_line(c, x0, py, x1, py, CHART_GRID, 1, "grid");
		s = chart_axis_label(ay, tv);
		canvas_text(c, x0 - 6, py + chart_frame_center(fsm), s, fsm,
		    CHART_GREY, CANVAS_END, "tick");
		free(s);
	}
	if (lg)
		for (k = (size_t)lx0; k <= (size_t)lx1; k++) {
			px = xy_px(ldexp(1, (int)k), true, NULL, lx0, lx1, x0, x1);
			canvas_line(c, px, top, px, bottom, CHART_GRID, 1, "grid");
			s = xasprintf("%.0f", ldexp(1, (int)k));
			canvas_text(c, px, bottom + 4 + canvas_text_ascent(fsm), s,
			    fsm, CHART_GREY, CANVAS_MIDDLE, "tick");
			free(s);
		}
	else
		for (i = 0; i < ax->nticks; i++) {
			double	tv = chart_axis_tick(ax, i);

			px = xy_px(tv, false, ax, 0, 0, x0, x1);
			canvas_line(c, px, top, px, bottom, CHART_GRID, 1, "grid");
			s = chart_axis_label(ax, tv);
			canvas_text(c, px, bottom + 4 + canvas_text_ascent(fsm), s,
			    fsm, CHART_GREY, CANVAS_MIDDLE, "tick");
			free(s);
		}
	canvas_line(c, x0, bottom, x1, bottom, CHART_AXIS, 1, "axis");
	canvas_line(c, x0, top, x0, bottom, CHART_AXIS, 1, "axis");
}

/* The legend: one key a series, wrapped to the width; returns y below it. */
static double
xy_legend(struct canvas *c, const struct xy_series *ser, size_t ns,
    double width, double y)
{
	const struct canvas_font *flab = chart_frame_font(CHART_FONT_LABEL);
	double			 lh = canvas_text_line_height(flab) + 4, lx, w;
	size_t			 i;

	lx = CHART_MARGIN;
	for (i = 0; i < ns; i++) {
		char	*name = canvas_text_clean(ser[i].name);
		char	*fit = canvas_text_fit(flab, name, width * 0.45);

		w = 22 + canvas_text_width(flab, fit) + 16;
		if (lx > CHART_MARGIN && lx + w > width - CHART_MARGIN) {
			lx = CHART_MARGIN;
			y += lh;
		}
		canvas_rect(c, lx, y + lh / 2 - 3, 16, 4, chart_palette_rgb(i),
		    "legend-key");
		canvas_text(c, lx + 22, y + lh / 2 + chart_frame_center(flab), fit,
		    flab, CHART_INK, CANVAS_START, "label");
		lx += w;
		free(fit);
		free(name);
	}
	return y + lh + 4;
}

struct canvas *
chart_xy_draw(struct result_set *const *sets, size_t n,
    const struct chart_xy_spec *sp, double width, struct diag *d)
{
	const struct canvas_font *fsm = chart_frame_font(CHART_FONT_SMALL);
	const struct xy_metric	*my, *mx;
	struct xy_data		 dt;
	struct xy_series	*ser = NULL;
	struct chart_axis	 ax, ay;
	struct chart_head	 head;
	struct canvas		*c = NULL;
	struct strbuf		 sb;
	double			 xlo, xhi, yhi, ylw = 0;
	double			 y, x0, x1, top, bottom, ph, lx0 = 0, lx1 = 0, px, py;
	double			*pts, w, *boxes = NULL;
	size_t			 ns = 0, i, j, skipped, npts;
	size_t			 nboxes = 0;
	bool			 lg = false;
	char			*s;

	strbuf_init(&sb);
	if ((my = xy_metric(sp->y)) == NULL) {
		diag_set(d, "", 0, "--y %s: not a metric (iops, mbs, lat, p99)",
		    sp->y);
		return NULL;
	}
	mx = xy_metric(sp->x);
	xy_collect(sets, n, sp, my, mx, &dt);
	ser = dt.ser;
	ns = dt.ns;
	npts = dt.npts;
	skipped = dt.skipped;
	xlo = dt.xlo;
	xhi = dt.xhi;
	yhi = dt.yhi;
	if (npts == 0) {
		diag_set(d, "", 0, "no test has both %s and %s", sp->y, sp->x);
		goto out;
	}
	for (i = 0; i < ns; i++)
		qsort(ser[i].p, ser[i].n, sizeof(*ser[i].p), xy_cmp_point);
	if (mx == NULL && xlo > 0 && xhi / xlo >= 16) {
		lg = true;
		lx0 = floor(log2(xlo));
		lx1 = ceil(log2(xhi));
		if (lx1 <= lx0)
			lx1 = lx0 + 1;
	}
	c = canvas_new(width);
	memset(&head, 0, sizeof(head));
	chart_frame_head_init(&head, sets[0], NULL, NULL);
	free(head.title);
	free(head.unitline);
	head.title = xasprintf("%s against %s", my->label, mx != NULL ? mx->label :
	    sp->x);
	head.unitline = xasprintf("%zu series, %zu points%s", ns, npts,
	    skipped > 0 ? "" : "");
	canvas_describe(c, head.title, head.unitline);
	y = chart_frame_header(c, CHART_MARGIN, &head) + 12;
	ph = fmin(420, fmax(200, width * 0.45));
	chart_axis_nice(0, yhi, 5, 1, &ay);
	for (i = 0; i < ay.nticks; i++) {
		s = chart_axis_label(&ay, chart_axis_tick(&ay, i));
		ylw = fmax(ylw, canvas_text_width(fsm, s));
		free(s);
	}
	x0 = CHART_MARGIN + ylw + 6;
	x1 = width - CHART_MARGIN - 30;
	top = y;
	bottom = top + ph;
	if (!lg)
		chart_frame_axis(mx != NULL ? fmin(0, xlo) : xlo, xhi, mx != NULL,
		    x1 - x0, CHART_FONT_SMALL, &ax);
	xy_axes(c, &ax, &ay, lg, lx0, lx1, x0, x1, top, bottom, ph);
	for (i = 0; i < ns; i++) {
		uint32_t	col = chart_palette_rgb(i);

		canvas_group(c, "series", ser[i].name);
		pts = xcalloc(2 * ser[i].n + 2, sizeof(double));
		for (j = 0; j < ser[i].n; j++) {
			const struct xy_point	*p = &ser[i].p[j];

			px = xy_px(p->x, lg, &ax, lx0, lx1, x0, x1);
			py = bottom - (p->y - ay.lo) / (ay.hi - ay.lo) * ph;
			pts[2 * j] = px;
			pts[2 * j + 1] = py;
			/* Error bars both ways: SE of y, and of x when it is a metric. */
			if (p->ye > 0)
				canvas_line(c, px, bottom - (p->y - p->ye - ay.lo) /
				    (ay.hi - ay.lo) * ph, px, bottom - (p->y + p->ye -
				    ay.lo) / (ay.hi - ay.lo) * ph, col, 1, "error");
			if (p->xe > 0 && !lg)
				canvas_line(c, xy_px(p->x - p->xe, false, &ax, 0, 0,
				    x0, x1), py, xy_px(p->x + p->xe, false, &ax, 0,
				    0, x0, x1), py, col, 1, "error");
		}
		canvas_polyline(c, pts, ser[i].n, col, 1.6, "line");
		for (j = 0; j < ser[i].n; j++) {
			canvas_rect(c, pts[2 * j] - 3, pts[2 * j + 1] - 3, 6, 6, col,
			    "point");
			if (ser[i].p[j].label == NULL)
				continue;
			/* A browser may set the label in a wider face. */
			w = canvas_text_width(fsm, ser[i].p[j].label) * 1.3;
			xy_place_label(pts[2 * j], pts[2 * j + 1], w,
			    canvas_text_line_height(fsm), x0, x1, top, bottom,
			    boxes, nboxes, &px, &py);
			canvas_text(c, px, py, ser[i].p[j].label, fsm, CHART_INK,
			    CANVAS_START, "point-label");
			boxes = xreallocarray(boxes, 4 * (nboxes + 1),
			    sizeof(*boxes));
			/* With a margin: a browser's text box is larger. */
			boxes[4 * nboxes] = px - 3;
			boxes[4 * nboxes + 1] = py - canvas_text_line_height(fsm) - 2;
			boxes[4 * nboxes + 2] = px + w + 3;
			boxes[4 * nboxes + 3] = py + 4;
			nboxes++;
		}
		free(pts);
		canvas_group_end(c);
	}
	y = bottom + 4 + canvas_text_line_height(fsm);
	canvas_text(c, (x0 + x1) / 2, y + canvas_text_ascent(fsm), mx != NULL ?
	    mx->label : sp->x, fsm, CHART_GREY, CANVAS_MIDDLE, "xlabel");
	y += canvas_text_line_height(fsm) + 8;
	y = xy_legend(c, ser, ns, width, y);
	strbuf_printf(&sb, "Series: %s. Error bars: SE where a point has two "
	    "runs or more.", sp->series != NULL ? sp->series : "system");
	if (skipped > 0)
		strbuf_printf(&sb, " %zu value%s without %s left out.", skipped,
		    skipped == 1 ? "" : "s", sp->x);
	/* Not "note": the review page's style sheet sizes that class. */
	y = chart_frame_par(c, CHART_MARGIN, y, width - 2 * CHART_MARGIN, 3,
	    strbuf_str(&sb), CHART_FONT_SMALL, CHART_GREY, "chart-note");
	y = chart_frame_footer(c, y + 6, &head);
	c->height = ceil(y + CHART_MARGIN);
	chart_frame_head_free(&head);
out:
	free(boxes);
	for (i = 0; i < ns; i++) {
		for (j = 0; j < ser[i].n; j++)
			free(ser[i].p[j].label);
		free(ser[i].p);
		free(ser[i].name);
	}
	free(ser);
	strbuf_free(&sb);
	return c;
}
