/* SPDX-License-Identifier: ISC */
/*
 * Measurement-window chart: rounds on x (1..n), the value on a linear y
 * axis from 0; the window's rounds shaded, its average as a solid line
 * and the +/-10 % and +/-20 % bands as thin lines across the window, the
 * fit line over the window in the ink colour. The verdict ("reached:
 * rounds 8-12" or "not reached in 25 rounds") is the unit line.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "chart-frame.h"
#include "chart-palette.h"
#include "chart-steady.h"
#include "canvas-text.h"
#include "xalloc.h"

#define STEADY_SHADE	0xeef3f8u
#define STEADY_BAND10	0x009e73u
#define STEADY_BAND20	0xd55e00u

/*
 * Gridlines and tick labels of both axes over the plot x0..x1, top..bottom
 * (x from ax.lo at x0, y from ay.lo at bottom), and the two axis lines.
 */
static void
steady_axes(struct canvas *c, const struct chart_axis *ax,
    const struct chart_axis *ay, double x0, double x1, double top,
    double bottom, const struct canvas_font *fsm)
{
	double	 xs = (x1 - x0) / (ax->hi - ax->lo);
	double	 ys = -(bottom - top) / (ay->hi - ay->lo), v;
	char	*str;
	size_t	 i;

	for (i = 0; i < ay->nticks; i++) {
		v = chart_axis_tick(ay, i);
		canvas_line(c, x0, bottom + (v - ay->lo) * ys, x1,
		    bottom + (v - ay->lo) * ys, CHART_GRID, 1, "grid");
		str = chart_axis_label(ay, v);
		canvas_text(c, x0 - 6, bottom + (v - ay->lo) * ys +
		    chart_frame_center(fsm), str, fsm, CHART_GREY, CANVAS_END,
		    "tick");
		free(str);
	}
	for (i = 0; i < ax->nticks; i++) {
		v = chart_axis_tick(ax, i);
		str = chart_axis_label(ax, v);
		canvas_text(c, x0 + (v - ax->lo) * xs, bottom + 4 +
		    canvas_text_ascent(fsm), str, fsm, CHART_GREY, CANVAS_MIDDLE,
		    "tick");
		free(str);
	}
	canvas_line(c, x0, bottom, x1, bottom, CHART_AXIS, 1, "axis");
	canvas_line(c, x0, top, x0, bottom, CHART_AXIS, 1, "axis");
}

struct canvas *
chart_steady_draw(const struct result_set *rs, size_t ti, size_t sys,
    const double *r, size_t n, const struct steady *s, double width)
{
	const struct canvas_font *fsm = chart_frame_font(CHART_FONT_SMALL);
	struct chart_head	 head;
	struct chart_axis	 ay, ax;
	struct canvas		*c;
	double			 y, x0, x1, top, bottom, ph, ylw = 0, hi = 0;
	double			 xs, ys, *pts, wx0, wx1, f[2];
	size_t			 i, k;
	uint32_t		 col = chart_palette_rgb(sys);
	char			*str;
	static const double	 bands[4] = { 0.8, 0.9, 1.1, 1.2 };

	c = canvas_new(width);
	chart_frame_head_init(&head, rs, &rs->tests[ti], NULL);
	free(head.unitline);
	if (s->reached)
		head.unitline = xasprintf("%s: steady state reached, rounds %zu-%zu "
		    "(range %.1f %%, fit excursion %.1f %% of the average)",
		    rs->systems[sys].identifier, s->first + 1, s->first +
		    STEADY_WINDOW, s->range_pct, s->excursion_pct);
	else
		head.unitline = xasprintf("%s: steady state not reached in %zu "
		    "rounds", rs->systems[sys].identifier, n);
	canvas_describe(c, head.title, head.unitline);
	y = chart_frame_header(c, CHART_MARGIN, &head) + 12;
	for (i = 0; i < n; i++)
		hi = fmax(hi, r[i]);
	hi = fmax(hi, s->avg * 1.2);
	chart_axis_nice(0, hi, 5, 1, &ay);
	for (i = 0; i < ay.nticks; i++) {
		str = chart_axis_label(&ay, chart_axis_tick(&ay, i));
		ylw = fmax(ylw, canvas_text_width(fsm, str));
		free(str);
	}
	x0 = CHART_MARGIN + ylw + 6;
	x1 = width - CHART_MARGIN - 12;
	ph = fmin(360, fmax(180, width * 0.4));
	top = y;
	bottom = top + ph;
	chart_frame_axis(1, (double)n, 0, x1 - x0, CHART_FONT_SMALL, &ax);
	xs = (x1 - x0) / (ax.hi - ax.lo);
	ys = -ph / (ay.hi - ay.lo);
	/* The window, shaded under everything. */
	wx0 = x0 + ((double)s->first + 1 - 0.5 - ax.lo) * xs;
	wx1 = x0 + ((double)(s->first + STEADY_WINDOW) + 0.5 - ax.lo) * xs;
	wx0 = fmax(wx0, x0);
	wx1 = fmin(wx1, x1);
	canvas_rect(c, wx0, top, wx1 - wx0, ph, STEADY_SHADE, "window");
	steady_axes(c, &ax, &ay, x0, x1, top, bottom, fsm);
	/* Average, bands and fit over the window. */
	canvas_line(c, wx0, bottom + (s->avg - ay.lo) * ys, wx1,
	    bottom + (s->avg - ay.lo) * ys, CHART_INK, 1.4, "average");
	for (k = 0; k < 4; k++)
		canvas_line(c, wx0, bottom + (s->avg * bands[k] - ay.lo) * ys, wx1,
		    bottom + (s->avg * bands[k] - ay.lo) * ys, k == 1 || k == 2 ?
		    STEADY_BAND10 : STEADY_BAND20, 1, k == 1 || k == 2 ?
		    "band-10" : "band-20");
	for (k = 0; k < 2; k++) {
		double	rr = (double)(s->first + (k == 0 ? 0 : STEADY_WINDOW - 1));

		f[k] = s->intercept + s->slope * rr;
	}
	canvas_line(c, x0 + ((double)s->first + 1 - ax.lo) * xs,
	    bottom + (f[0] - ay.lo) * ys,
	    x0 + ((double)(s->first + STEADY_WINDOW) - ax.lo) * xs,
	    bottom + (f[1] - ay.lo) * ys, CHART_WARN, 1.4, "fit");
	pts = xcalloc(2 * n + 2, sizeof(double));
	for (i = 0; i < n; i++) {
		pts[2 * i] = x0 + ((double)i + 1 - ax.lo) * xs;
		pts[2 * i + 1] = bottom + (r[i] - ay.lo) * ys;
	}
	canvas_polyline(c, pts, n, col, 1.6, "line");
	for (i = 0; i < n; i++)
		canvas_rect(c, pts[2 * i] - 2.5, pts[2 * i + 1] - 2.5, 5, 5, col,
		    "round");
	free(pts);
	y = bottom + 4 + canvas_text_line_height(fsm);
	canvas_text(c, (x0 + x1) / 2, y + canvas_text_ascent(fsm),
	    "Round", fsm, CHART_GREY, CANVAS_MIDDLE, "xlabel");
	y += canvas_text_line_height(fsm) + 6;
	y = chart_frame_par(c, CHART_MARGIN, y, width - 2 * CHART_MARGIN, 3,
	    "Shaded: the measurement window (5 rounds). Black: its average; "
	    "green: +/-10 %; orange: +/-20 %; brown: the least-squares line.",
	    CHART_FONT_SMALL, CHART_GREY, "chart-note");
	y = chart_frame_footer(c, y + 6, &head);
	c->height = ceil(y + CHART_MARGIN);
	chart_frame_head_free(&head);
	return c;
}

int
chart_steady_write(const struct result_set *rs, size_t ti, size_t sys,
    const double *r, size_t n, const struct steady *s, const char *path,
    struct diag *d)
{
	struct chart_id	 id = { CHART_SERIES, ti, "steady" };
	struct canvas	*c;
	int		 rc;

	c = chart_steady_draw(rs, ti, sys, r, n, s, CHART_DEFAULT_WIDTH);
	rc = chart_write_canvas(c, &id, CHART_SVG, path, NULL, NULL, d);
	canvas_free(c);
	return rc;
}

int
chart_steady_consistency_write(const struct result_set *rs, size_t ti,
    size_t sys, const double *sec, size_t n,
    const struct steady_consistency *cs, const char *path, struct diag *d)
{
	const struct canvas_font *fsm = chart_frame_font(CHART_FONT_SMALL);
	struct chart_id		 id = { CHART_SERIES, ti, "consistency" };
	struct chart_head	 head;
	struct chart_axis	 ay, ax;
	struct canvas		*c;
	double			 width = CHART_DEFAULT_WIDTH, y, x0, x1, top;
	double			 bottom, ph, ylw = 0, hi = 0, xs, ys, wx0;
	size_t			 i;
	uint32_t		 col = chart_palette_rgb(sys);
	char			*str;
	int			 rc;

	c = canvas_new(width);
	chart_frame_head_init(&head, rs, &rs->tests[ti], NULL);
	free(head.unitline);
	head.unitline = xasprintf("%s, per second; last %zu s: mean %.6g, SD "
	    "%.6g (mean / SD %.3g), p1 %.6g, p99.9 %.6g",
	    rs->systems[sys].identifier, cs->seconds, cs->mean, cs->sd,
	    cs->mean_sd, cs->p1, cs->p999);
	canvas_describe(c, head.title, head.unitline);
	y = chart_frame_header(c, CHART_MARGIN, &head) + 12;
	for (i = 0; i < n; i++)
		hi = fmax(hi, sec[i]);
	chart_axis_nice(0, hi, 5, 1, &ay);
	for (i = 0; i < ay.nticks; i++) {
		str = chart_axis_label(&ay, chart_axis_tick(&ay, i));
		ylw = fmax(ylw, canvas_text_width(fsm, str));
		free(str);
	}
	x0 = CHART_MARGIN + ylw + 6;
	x1 = width - CHART_MARGIN - 12;
	ph = fmin(360, fmax(180, width * 0.4));
	top = y;
	bottom = top + ph;
	chart_frame_axis(1, (double)(n > 1 ? n : 2), 0, x1 - x0, CHART_FONT_SMALL,
	    &ax);
	xs = (x1 - x0) / (ax.hi - ax.lo);
	ys = -ph / (ay.hi - ay.lo);
	/* The window: the last seconds, shaded under everything. */
	wx0 = fmax(x0, x0 + ((double)(n - cs->seconds) + 0.5 - ax.lo) * xs);
	canvas_rect(c, wx0, top, x1 - wx0, ph, STEADY_SHADE, "window");
	steady_axes(c, &ax, &ay, x0, x1, top, bottom, fsm);
	canvas_line(c, wx0, bottom + (cs->mean - ay.lo) * ys, x1,
	    bottom + (cs->mean - ay.lo) * ys, CHART_INK, 1.4, "average");
	for (i = 0; i < n; i++)
		canvas_rect(c, x0 + ((double)i + 1 - ax.lo) * xs - 2,
		    bottom + (sec[i] - ay.lo) * ys - 2, 4, 4, col, "second");
	y = bottom + 4 + canvas_text_line_height(fsm);
	canvas_text(c, (x0 + x1) / 2, y + canvas_text_ascent(fsm),
	    "Second", fsm, CHART_GREY, CANVAS_MIDDLE, "xlabel");
	y += canvas_text_line_height(fsm) + 6;
	y = chart_frame_par(c, CHART_MARGIN, y, width - 2 * CHART_MARGIN, 2,
	    "Shaded: the seconds the figures are taken over; the line: their "
	    "mean.", CHART_FONT_SMALL, CHART_GREY, "chart-note");
	y = chart_frame_footer(c, y + 6, &head);
	c->height = ceil(y + CHART_MARGIN);
	chart_frame_head_free(&head);
	rc = chart_write_canvas(c, &id, CHART_SVG, path, NULL, NULL, d);
	canvas_free(c);
	return rc;
}
