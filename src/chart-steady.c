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

/* The plot's axes and box, and the scales from values to points. */
struct steady_plot {
	struct chart_axis	 ax, ay;
	double			 x0, x1, top, bottom, ph;
	double			 xs, ys;	/* points a unit of x, of y */
};

/*
 * The plot for rounds (or seconds) 1..n and values 0..hi below y: the y
 * labels' width sets its left edge, the width its height.
 */
static void
steady_layout(double hi, size_t n, double width, double y,
    const struct canvas_font *fsm, struct steady_plot *p)
{
	double	 ylw = 0;
	char	*str;
	size_t	 i;

	chart_axis_nice(0, hi, 5, 1, &p->ay);
	for (i = 0; i < p->ay.nticks; i++) {
		str = chart_axis_label(&p->ay, chart_axis_tick(&p->ay, i));
		ylw = fmax(ylw, canvas_text_width(fsm, str));
		free(str);
	}
	p->x0 = CHART_MARGIN + ylw + 6;
	p->x1 = width - CHART_MARGIN - 12;
	p->ph = fmin(360, fmax(180, width * 0.4));
	p->top = y;
	p->bottom = p->top + p->ph;
	chart_frame_axis(1, (double)(n > 1 ? n : 2), 0, p->x1 - p->x0,
	    CHART_FONT_SMALL, &p->ax);
	p->xs = (p->x1 - p->x0) / (p->ax.hi - p->ax.lo);
	p->ys = -p->ph / (p->ay.hi - p->ay.lo);
}

/* Gridlines and tick labels of both axes of the plot, and its two axis lines. */
static void
steady_axes(struct canvas *c, const struct steady_plot *p,
    const struct canvas_font *fsm)
{
	double	 v;
	char	*str;
	size_t	 i;

	for (i = 0; i < p->ay.nticks; i++) {
		v = chart_axis_tick(&p->ay, i);
		canvas_line(c, p->x0, p->bottom + (v - p->ay.lo) * p->ys, p->x1,
		    p->bottom + (v - p->ay.lo) * p->ys, CHART_GRID, 1, "grid");
		str = chart_axis_label(&p->ay, v);
		canvas_text(c, p->x0 - 6, p->bottom + (v - p->ay.lo) * p->ys +
		    chart_frame_center(fsm), str, fsm, CHART_GREY, CANVAS_END,
		    "tick");
		free(str);
	}
	for (i = 0; i < p->ax.nticks; i++) {
		v = chart_axis_tick(&p->ax, i);
		str = chart_axis_label(&p->ax, v);
		canvas_text(c, p->x0 + (v - p->ax.lo) * p->xs, p->bottom + 4 +
		    canvas_text_ascent(fsm), str, fsm, CHART_GREY, CANVAS_MIDDLE,
		    "tick");
		free(str);
	}
	canvas_line(c, p->x0, p->bottom, p->x1, p->bottom, CHART_AXIS, 1,
	    "axis");
	canvas_line(c, p->x0, p->top, p->x0, p->bottom, CHART_AXIS, 1, "axis");
}

struct canvas *
chart_steady_draw(const struct result_set *rs, size_t ti, size_t sys,
    const double *r, size_t n, const struct steady *s, double width)
{
	const struct canvas_font *fsm = chart_frame_font(CHART_FONT_SMALL);
	struct chart_head	 head;
	struct steady_plot	 p;
	struct canvas		*c;
	double			 y, hi = 0, *pts, wx0, wx1, f[2];
	size_t			 i, k;
	uint32_t		 col = chart_palette_rgb(sys);
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
	steady_layout(hi, n, width, y, fsm, &p);
	/* The window, shaded under everything. */
	wx0 = p.x0 + ((double)s->first + 1 - 0.5 - p.ax.lo) * p.xs;
	wx1 = p.x0 + ((double)(s->first + STEADY_WINDOW) + 0.5 - p.ax.lo) * p.xs;
	wx0 = fmax(wx0, p.x0);
	wx1 = fmin(wx1, p.x1);
	canvas_rect(c, wx0, p.top, wx1 - wx0, p.ph, STEADY_SHADE, "window");
	steady_axes(c, &p, fsm);
	/* Average, bands and fit over the window. */
	canvas_line(c, wx0, p.bottom + (s->avg - p.ay.lo) * p.ys, wx1,
	    p.bottom + (s->avg - p.ay.lo) * p.ys, CHART_INK, 1.4, "average");
	for (k = 0; k < 4; k++)
		canvas_line(c, wx0, p.bottom + (s->avg * bands[k] - p.ay.lo) * p.ys, wx1,
		    p.bottom + (s->avg * bands[k] - p.ay.lo) * p.ys, k == 1 || k == 2 ?
		    STEADY_BAND10 : STEADY_BAND20, 1, k == 1 || k == 2 ?
		    "band-10" : "band-20");
	for (k = 0; k < 2; k++) {
		double	rr = (double)(s->first + (k == 0 ? 0 : STEADY_WINDOW - 1));

		f[k] = s->intercept + s->slope * rr;
	}
	canvas_line(c, p.x0 + ((double)s->first + 1 - p.ax.lo) * p.xs,
	    p.bottom + (f[0] - p.ay.lo) * p.ys,
	    p.x0 + ((double)(s->first + STEADY_WINDOW) - p.ax.lo) * p.xs,
	    p.bottom + (f[1] - p.ay.lo) * p.ys, CHART_WARN, 1.4, "fit");
	pts = xcalloc(2 * n + 2, sizeof(double));
	for (i = 0; i < n; i++) {
		pts[2 * i] = p.x0 + ((double)i + 1 - p.ax.lo) * p.xs;
		pts[2 * i + 1] = p.bottom + (r[i] - p.ay.lo) * p.ys;
	}
	canvas_polyline(c, pts, n, col, 1.6, "line");
	for (i = 0; i < n; i++)
		canvas_rect(c, pts[2 * i] - 2.5, pts[2 * i + 1] - 2.5, 5, 5, col,
		    "round");
	free(pts);
	y = p.bottom + 4 + canvas_text_line_height(fsm);
	canvas_text(c, (p.x0 + p.x1) / 2, y + canvas_text_ascent(fsm),
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
	struct steady_plot	 p;
	struct canvas		*c;
	double			 width = CHART_DEFAULT_WIDTH, y, hi = 0, wx0;
	size_t			 i;
	uint32_t		 col = chart_palette_rgb(sys);
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
	steady_layout(hi, n, width, y, fsm, &p);
	/* The window: the last seconds, shaded under everything. */
	wx0 = fmax(p.x0, p.x0 + ((double)(n - cs->seconds) + 0.5 - p.ax.lo) * p.xs);
	canvas_rect(c, wx0, p.top, p.x1 - wx0, p.ph, STEADY_SHADE, "window");
	steady_axes(c, &p, fsm);
	canvas_line(c, wx0, p.bottom + (cs->mean - p.ay.lo) * p.ys, p.x1,
	    p.bottom + (cs->mean - p.ay.lo) * p.ys, CHART_INK, 1.4, "average");
	for (i = 0; i < n; i++)
		canvas_rect(c, p.x0 + ((double)i + 1 - p.ax.lo) * p.xs - 2,
		    p.bottom + (sec[i] - p.ay.lo) * p.ys - 2, 4, 4, col, "second");
	y = p.bottom + 4 + canvas_text_line_height(fsm);
	canvas_text(c, (p.x0 + p.x1) / 2, y + canvas_text_ascent(fsm),
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
