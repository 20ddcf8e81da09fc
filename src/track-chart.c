/* SPDX-License-Identifier: ISC */
/*
 * A tracked series as a chart: title and system on top, then the plot
 * (points in order with SE whiskers, each segment's mean and 95 % CI
 * band, a numbered line at each change point), then one legend entry per
 * change point: position, set, change, verdict and the facts that
 * changed. The legend is text under the plot, wrapped to the width, so
 * the labels stay readable on a phone as on a desktop.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "canvas-svg.h"
#include "canvas-text.h"
#include "chart-axis.h"
#include "chart-frame.h"
#include "chart.h"
#include "outfile.h"
#include "track-chart.h"
#include "xalloc.h"

#define TRACK_CHART_PLOT_H	220.0
#define TRACK_CHART_BAND	0xdbe7f3u	/* a segment's CI band */
#define TRACK_CHART_MEAN	0x1f5fa8u	/* a segment's mean */
#define TRACK_CHART_POINT	0x333333u
#define TRACK_CHART_WORSE	0xb3261eu	/* a regression's line */
#define TRACK_CHART_BETTER	0x1e7a3cu	/* an improvement's line */

static uint32_t	 track_chart_color(const struct track_change *);
static char	*track_chart_legend(const struct track_series *, size_t);
static void	 track_chart_plot(struct canvas *, const struct track_series *,
		    double, double, double, double);

static uint32_t
track_chart_color(const struct track_change *c)
{
	if (c->regression)
		return TRACK_CHART_WORSE;
	if (c->improvement)
		return TRACK_CHART_BETTER;
	return CHART_GREY;
}

/* "1. #31, set 26, 2024-02-03 03:00:00: -7.8 % regression; kernel_version 6.6.8 -> 6.7.1" */
static char *
track_chart_legend(const struct track_series *se, size_t k)
{
	const struct track_change	*c = &se->changes[k];
	const struct track_point	*p = &se->points[c->cp.index];
	struct strbuf			 sb;
	size_t				 i;

	strbuf_init(&sb);
	strbuf_printf(&sb, "%zu. #%zu, set %lld, %s: %+.1f %% %s; ", k + 1,
	    c->cp.index + 1, (long long)p->set_id, p->key != NULL ? p->key :
	    p->when, 100 * c->cp.rel_change, track_verdict(c));
	if (c->nfacts == 0)
		strbuf_adds(&sb, "no stated fact changed");
	for (i = 0; i < c->nfacts; i++)
		strbuf_printf(&sb, "%s%s %s \xe2\x86\x92 %s", i > 0 ? "; " : "",
		    c->facts[i].key, c->facts[i].before, c->facts[i].after);
	return strbuf_detach(&sb);
}

/* The plot of se in the box x0, top, pw x ph. */
static void
track_chart_plot(struct canvas *c, const struct track_series *se, double x0,
    double top, double pw, double ph)
{
	const struct canvas_font	*small = chart_frame_font(CHART_FONT_SMALL);
	const struct track_point	*p;
	const struct track_seg		*s;
	struct chart_axis		 ax;
	double				 lo = INFINITY, hi = -INFINITY, step, v, y, x;
	double				 a, b, *means, *ends;
	char				*t, num[24];
	size_t				 i, k, n = se->len;

#define PY(val) (top + (ax.hi - (val)) / (ax.hi - ax.lo) * ph)
	for (i = 0; i < n; i++) {
		p = &se->points[i];
		a = p->has_se ? p->se : 0;
		lo = fmin(lo, p->value - a);
		hi = fmax(hi, p->value + a);
	}
	for (k = 0; k < se->nchanges; k++)
		for (i = 0; i < 2; i++) {
			s = i == 0 ? &se->changes[k].cp.before :
			    &se->changes[k].cp.after;
			if (s->has_ci) {
				lo = fmin(lo, s->ci_lo);
				hi = fmax(hi, s->ci_hi);
			}
		}
	if (!(lo < hi)) {
		lo = lo - 1;
		hi = hi + 1;
	}
	chart_frame_axis(lo, hi, 0, ph, CHART_FONT_SMALL, &ax);
	if (!(ax.hi > ax.lo))
		return;
	for (i = 0; i < ax.nticks; i++) {
		v = chart_axis_tick(&ax, i);
		y = PY(v);
		canvas_line(c, x0, y, x0 + pw, y, CHART_GRID, 1, "grid");
		t = chart_axis_label(&ax, v);
		canvas_text(c, x0 - 6, y + chart_frame_center(small), t, small,
		    CHART_GREY, CANVAS_END, "tick");
		free(t);
	}
	step = pw / (double)n;
	means = xreallocarray(NULL, 2 * (se->nchanges + 1), sizeof(*means));
	ends = xreallocarray(NULL, se->nchanges + 1, sizeof(*ends));
	canvas_clip(c, x0, top, pw, ph);
	/* Segments: between change points, or the whole series. */
	for (k = 0; k <= se->nchanges; k++) {
		struct track_seg	 whole;

		if (se->nchanges == 0) {
			double	*vals = xreallocarray(NULL, n, sizeof(*vals));

			for (i = 0; i < n; i++)
				vals[i] = se->points[i].value;
			track_cp_segment(vals, 0, n, &whole);
			free(vals);
			s = &whole;
		} else
			s = k < se->nchanges ? &se->changes[k].cp.before :
			    &se->changes[k - 1].cp.after;
		a = x0 + (double)s->start * step;
		b = x0 + (double)(s->start + s->len) * step;
		if (s->has_ci)
			canvas_rect(c, a, PY(s->ci_hi), b - a,
			    PY(s->ci_lo) - PY(s->ci_hi), TRACK_CHART_BAND, "ci");
		means[2 * k] = s->mean;
		means[2 * k + 1] = (double)s->start;
		ends[k] = (double)(s->start + s->len);
	}
	/* Whiskers where they can be told apart: 3 px a point or more. */
	for (i = 0; i < n; i++) {
		p = &se->points[i];
		x = x0 + ((double)i + 0.5) * step;
		if (step >= 3 && p->has_se && p->se > 0)
			canvas_line(c, x, PY(p->value + p->se), x,
			    PY(p->value - p->se), TRACK_CHART_POINT, 1, "se");
		a = step < 4 ? fmax(step, 1.5) : 4;
		canvas_rect(c, x - a / 2, PY(p->value) - a / 2, a, a,
		    TRACK_CHART_POINT, "point");
	}
	/* The means over the points, so that dense series still show them. */
	for (k = 0; k <= se->nchanges; k++)
		canvas_line(c, x0 + means[2 * k + 1] * step, PY(means[2 * k]),
		    x0 + ends[k] * step, PY(means[2 * k]), TRACK_CHART_MEAN, 2,
		    "mean");
	free(means);
	free(ends);
	canvas_clip_end(c);
	for (k = 0; k < se->nchanges; k++) {
		x = x0 + (double)se->changes[k].cp.index * step;
		canvas_line(c, x, top, x, top + ph,
		    track_chart_color(&se->changes[k]), 2, "change");
		snprintf(num, sizeof(num), "%zu", k + 1);
		canvas_text(c, x + 3, top + canvas_text_ascent(small), num,
		    small, track_chart_color(&se->changes[k]), CANVAS_START,
		    "change-label");
	}
	canvas_line(c, x0, top + ph, x0 + pw, top + ph, CHART_AXIS, 1, "axis");
	canvas_line(c, x0, top, x0, top + ph, CHART_AXIS, 1, "axis");
#undef PY
}

struct canvas *
track_chart_canvas(const struct track_series *se, int width)
{
	const struct canvas_font	*small = chart_frame_font(CHART_FONT_SMALL);
	const struct track_point	*first, *last;
	struct canvas			*c;
	struct chart_axis		 ax;
	char				*t, *dir, *s, *name;
	double				 y, x0, pw, lw = 0, w;
	size_t				 i, k;

	if (width < CHART_MIN_WIDTH)
		width = CHART_MIN_WIDTH;
	if (width > CHART_MAX_WIDTH)
		width = CHART_MAX_WIDTH;
	w = (double)width;
	c = canvas_new(w);
	name = xasprintf("%s%s%s on %s", se->test_title,
	    se->test_description != NULL ? ": " : "",
	    se->test_description != NULL ? se->test_description : "",
	    se->system);
	t = xasprintf("%zu points, %zu change point%s", se->len, se->nchanges,
	    se->nchanges == 1 ? "" : "s");
	canvas_describe(c, name, t);
	free(t);
	y = CHART_MARGIN;
	y = chart_frame_par(c, CHART_MARGIN, y, w - 2 * CHART_MARGIN, 2,
	    name, CHART_FONT_TITLE, CHART_INK, "title");
	free(name);
	dir = chart_frame_direction(se->unit, se->proportion);
	t = xasprintf("%s \xc2\xb7 %s \xc2\xb7 %zu point%s", se->system, dir,
	    se->len, se->len == 1 ? "" : "s");
	y = chart_frame_par(c, CHART_MARGIN, y + 2, w - 2 * CHART_MARGIN, 2, t,
	    CHART_FONT_UNIT, CHART_GREY, "subtitle");
	free(t);
	free(dir);
	y += 10;
	if (se->len == 0) {
		c->height = ceil(y + CHART_MARGIN);
		return c;
	}
	/* Room for the widest tick label on the left. */
	chart_frame_axis(se->points[0].value, se->points[0].value + 1, 0,
	    TRACK_CHART_PLOT_H, CHART_FONT_SMALL, &ax);
	for (i = 0; i < se->len; i++) {
		if (i > 0 && i % 97 != 0 && i + 1 != se->len)
			continue;
		t = chart_axis_label(&ax, se->points[i].value);
		lw = fmax(lw, canvas_text_width(small, t));
		free(t);
	}
	x0 = CHART_MARGIN + lw + 14;
	pw = w - CHART_MARGIN - x0;
	track_chart_plot(c, se, x0, y, pw, TRACK_CHART_PLOT_H);
	y += TRACK_CHART_PLOT_H + 4;
	first = &se->points[0];
	last = &se->points[se->len - 1];
	s = xasprintf("1: %.10s", first->key != NULL ? first->key : first->when);
	t = canvas_text_fit(small, s, pw / 2 - 4);
	canvas_text(c, x0, y + canvas_text_ascent(small), t, small, CHART_GREY,
	    CANVAS_START, "x-first");
	free(t);
	free(s);
	s = xasprintf("%zu: %.10s", se->len, last->key != NULL ? last->key :
	    last->when);
	t = canvas_text_fit(small, s, pw / 2 - 4);
	canvas_text(c, x0 + pw, y + canvas_text_ascent(small), t, small,
	    CHART_GREY, CANVAS_END, "x-last");
	free(t);
	free(s);
	y += canvas_text_line_height(small) + 8;
	if (se->nchanges == 0)
		y = chart_frame_par(c, CHART_MARGIN, y, w - 2 * CHART_MARGIN, 1,
		    "No change point.", CHART_FONT_SMALL, CHART_GREY, "legend");
	for (k = 0; k < se->nchanges; k++) {
		canvas_rect(c, CHART_MARGIN, y + 3, 10, 10,
		    track_chart_color(&se->changes[k]), "legend-mark");
		t = track_chart_legend(se, k);
		y = chart_frame_par(c, CHART_MARGIN + 16, y,
		    w - 2 * CHART_MARGIN - 16, 4, t, CHART_FONT_SMALL, CHART_INK,
		    "legend") + 4;
		free(t);
	}
	c->height = ceil(y + CHART_MARGIN);
	return c;
}

void
track_chart_svg(const struct track_series *se, int width,
    const char *id_prefix, struct strbuf *out)
{
	struct canvas	*c;

	c = track_chart_canvas(se, width);
	canvas_svg_render_inline(c, id_prefix, "track-chart", 0, out);
	canvas_free(c);
}

char *
track_chart_file_name(const struct track_series *se, size_t index,
    const char *ext)
{
	struct strbuf	 sb;
	const char	*parts[3];
	const char	*p;
	size_t		 i, start, room[3] = { 70, 0, 30 };
	bool		 dash = true;

	parts[0] = se->test_title;
	parts[1] = se->test_description != NULL ? se->test_description : "";
	parts[2] = se->system;
	strbuf_init(&sb);
	strbuf_printf(&sb, "%03zu", index + 1);
	start = sb.len;
	/* At most 70 letters of test and 30 of system: both stay in the name. */
	for (i = 0; i < 3; i++) {
		dash = false;
		if (i == 2)
			start = sb.len;
		for (p = parts[i]; *p != '\0' && sb.len - start < room[i == 1 ? 0 : i]; p++) {
			if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
			    (*p >= 'A' && *p <= 'Z')) {
				if (!dash)
					strbuf_addc(&sb, '-');
				dash = true;
				strbuf_addc(&sb, (char)(*p | 0x20));
			} else
				dash = false;
		}
	}
	strbuf_printf(&sb, ".%s", ext);
	return strbuf_detach(&sb);
}

int
track_chart_write_dir(const struct track_result *r, const char *dir,
    const char *format, struct diag *d)
{
	struct chart_opts	 o;
	struct chart_id		 id = { CHART_TEST, 0, NULL };
	struct canvas		*c;
	char			*name, *path, prefix[32];
	size_t			 i;
	int			 f, rc;

	if ((f = chart_format_parse(format)) == -1)
		return diag_set(d, NULL, 0, "unknown chart format: %s", format), -1;
	if (g_mkdir_with_parents(dir, 0777) == -1)
		return diag_set(d, dir, 0, "cannot create the directory"), -1;
	chart_opts_init(&o);
	o.xml_decl = true;
	for (i = 0; i < r->len; i++) {
		snprintf(prefix, sizeof(prefix), "track-%zu", i + 1);
		o.id_prefix = prefix;
		name = track_chart_file_name(&r->series[i], i, format);
		path = xasprintf("%s/%s", dir, name);
		c = track_chart_canvas(&r->series[i], CHART_DEFAULT_WIDTH);
		rc = chart_write_canvas(c, &id, (enum chart_format)f, path, &o,
		    NULL, d);
		canvas_free(c);
		free(path);
		free(name);
		if (rc == -1)
			return -1;
	}
	return 0;
}
