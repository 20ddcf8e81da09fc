/* SPDX-License-Identifier: ISC */
/*
 * Exceedance chart: P(latency > x) on a log axis from 1 down to the
 * smallest share the I/Os support (LADDER_TAIL / I/Os: below it a curve
 * would be the slowest few I/Os), against x on a log axis. Each system's
 * curve is its merged histogram; its ladder's intervals (between runs or
 * within-run, src/ladder.c) are capped bars across the curve at each
 * rung, and the pointwise band of P(X > x) (ladder_exceed_band) runs
 * along it as two thin lines. Rungs that are not estimable are
 * listed under the plot, never drawn.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart-exceed.h"
#include "chart-frame.h"
#include "chart-palette.h"
#include "canvas-text.h"
#include "ladder.h"
#include "strbuf.h"
#include "xalloc.h"

/* One system's curve. */
struct exceed_line {
	size_t			 sys;
	struct ladder_hist	 all;	/* the runs merged */
	struct ladder		 lad;
	double			*blo, *bhi;	/* the band at each bin of all */
};

static double	 exceed_x(double us, double lo, double hi, double x0, double x1);
static double	 exceed_y(double p, double pmin, double top, double bottom);
static char	*exceed_share(double p);

bool
chart_exceed_possible(const struct test *t)
{
	size_t	i, j;

	for (i = 0; i < t->nvalues; i++)
		for (j = 0; j < t->values[i].nseries; j++)
			if (t->values[i].series[j].name != NULL &&
			    strcmp(t->values[i].series[j].name, MODEL_HIST_SERIES) == 0)
				return true;
	return false;
}

static double
exceed_x(double us, double lo, double hi, double x0, double x1)
{
	return x0 + (log10(us) - lo) / (hi - lo) * (x1 - x0);
}

static double
exceed_y(double p, double pmin, double top, double bottom)
{
	return top + (-log10(p)) / (-log10(pmin)) * (bottom - top);
}

/* "100%", "10%", "1%", "0.1%", ... for a power of ten. */
static char *
exceed_share(double p)
{
	int	d = (int)lround(-log10(p * 100));

	return d <= 0 ? xasprintf("%.0f%%", p * 100) :
	    xasprintf("%.*f%%", d, p * 100);
}

/* Where the plot is: its box, and the decades of its axes. */
struct exceed_geom {
	double	x0, x1, top, bottom;
	double	xlo, xhi;	/* log10 of the latency axis' ends */
	double	pmin;		/* the share axis' floor */
};

/*
 * One system's line: the steps of its merged histogram's 1 - CDF, the
 * band of that share's interval at each bin, and each rung's interval.
 */
static void
exceed_line_draw(struct canvas *c, const struct result_set *rs,
    const struct exceed_line *ln, const struct exceed_geom *g)
{
	const struct ladder_hist *a = &ln->all;
	uint32_t		 col = chart_palette_rgb(ln->sys);
	double			*pts, v, cum, p;
	size_t			 j, k, n;

	canvas_group(c, "series", rs->systems[ln->sys].identifier);
	/* Steps: P(X > x) drops at each bin, down to the supported share. */
	pts = xcalloc(4 * a->n + 2, sizeof(double));
	n = 0;
	for (j = 0, cum = 0, p = 1; j < a->n; j++) {
		if (a->us[j] <= 0)
			continue;
		v = exceed_x(a->us[j], g->xlo, g->xhi, g->x0, g->x1);
		pts[2 * n] = v;
		pts[2 * n++ + 1] = exceed_y(p, g->pmin, g->top, g->bottom);
		cum += a->count[j];
		p = (a->total - cum) / a->total;
		if (p < LADDER_TAIL / a->total)
			break;
		pts[2 * n] = v;
		pts[2 * n++ + 1] = exceed_y(p, g->pmin, g->top, g->bottom);
	}
	canvas_polyline(c, pts, n, col, 1.6, "line");
	/* The band: P(X > x)'s interval at each bin, as thin lines. */
	for (k = 0; k < 2; k++) {
		const double	*b = k == 0 ? ln->blo : ln->bhi;

		for (j = 0, n = 0, cum = 0; j < a->n; j++) {
			cum += a->count[j];
			/* Where the curve stops, the band stops. */
			if ((a->total - cum) / a->total < LADDER_TAIL /
			    a->total)
				break;
			if (a->us[j] <= 0 || b[j] <= 0)
				continue;
			pts[2 * n] = exceed_x(a->us[j], g->xlo, g->xhi, g->x0,
			    g->x1);
			pts[2 * n++ + 1] = exceed_y(fmax(b[j], g->pmin), g->pmin,
			    g->top, g->bottom);
		}
		canvas_polyline(c, pts, n, col, 0.7, "ci-band");
	}
	/* Each rung's 95 % interval: a bar across it, capped. */
	for (k = 0; k < LADDER_NRUNGS; k++) {
		const struct ladder_rung *r = &ln->lad.rung[k];
		double	ry, rl, rh;

		if (!r->ok || r->ci == LADDER_CI_NONE || r->lo <= 0 ||
		    1 - r->pct / 100 < g->pmin)
			continue;
		ry = exceed_y(1 - r->pct / 100, g->pmin, g->top, g->bottom);
		rl = exceed_x(r->lo, g->xlo, g->xhi, g->x0, g->x1);
		rh = exceed_x(r->hi, g->xlo, g->xhi, g->x0, g->x1);
		canvas_line(c, rl, ry, rh, ry, col, 2.4, "ci");
		canvas_line(c, rl, ry - 4, rl, ry + 4, col, 1.2, "ci");
		canvas_line(c, rh, ry - 4, rh, ry + 4, col, 1.2, "ci");
	}
	canvas_group_end(c);
	free(pts);
}

/*
 * The legend: each system's key, its runs, I/Os and kind of interval,
 * and the rungs it cannot estimate; returns y below it.
 */
static double
exceed_legend(struct canvas *c, const struct result_set *rs,
    const struct exceed_line *lines, size_t nl, double width, double y)
{
	const struct canvas_font *flab = chart_frame_font(CHART_FONT_LABEL);
	struct strbuf		 sb;
	double			 lx, lh;
	size_t			 i, k;

	strbuf_init(&sb);
	lh = canvas_text_line_height(flab) + 4;
	for (i = 0; i < nl; i++) {
		const struct ladder *l = &lines[i].lad;
		char	*name = canvas_text_clean(rs->systems[lines[i].sys].identifier);
		char	*fit = canvas_text_fit(flab, name, width * 0.45);

		lx = CHART_MARGIN;
		canvas_rect(c, lx, y + lh / 2 - 3, 16, 4,
		    chart_palette_rgb(lines[i].sys), "legend-key");
		canvas_text(c, lx + 22, y + lh / 2 + chart_frame_center(flab),
		    fit, flab, CHART_INK, CANVAS_START, "label");
		strbuf_reset(&sb);
		strbuf_printf(&sb, "%zu run%s, %.0f I/Os, intervals %s", l->nruns,
		    l->nruns == 1 ? "" : "s", l->ios, l->resamples > 0 ?
		    "between runs" : "within-run");
		free(fit);
		free(name);
		y += lh;
		y = chart_frame_par(c, lx + 22, y, width - CHART_MARGIN - lx - 22,
		    3, strbuf_str(&sb), CHART_FONT_SMALL, CHART_GREY, "chart-note");
		/* One line each, so that no width splits the words. */
		for (k = 0; k < LADDER_NRUNGS; k++) {
			if (l->rung[k].ok)
				continue;
			strbuf_reset(&sb);
			strbuf_printf(&sb, "%s not estimable (needs %.0f I/Os)",
			    ladder_rung_name(k), l->rung[k].need);
			y = chart_frame_par(c, lx + 22, y, width - CHART_MARGIN -
			    lx - 22, 2, strbuf_str(&sb), CHART_FONT_SMALL,
			    CHART_GREY, "chart-note");
		}
	}
	strbuf_free(&sb);
	return y;
}

struct canvas *
chart_exceed_draw(const struct result_set *rs, size_t ti, const char *source,
    bool bare, double width, struct diag *d)
{
	const struct canvas_font *fsm = chart_frame_font(CHART_FONT_SMALL);
	const struct test	*t;
	struct exceed_line	*lines = NULL;
	struct ladder_hist	*h;
	struct chart_head	 head;
	struct exceed_geom	 g;
	struct canvas		*c = NULL;
	const char		*why = NULL;
	double			 xlo = INFINITY, xhi = -INFINITY, pmin = 1;
	double			 y, x0, x1, top, bottom, ph, ylw = 0, p;
	double			 v;
	size_t			 nl = 0, i, j, k, nh;
	char			*s;

	if (ti >= rs->ntests) {
		diag_set(d, "", 0, "no test %zu in this set", ti + 1);
		return NULL;
	}
	t = &rs->tests[ti];
	for (i = 0; i < t->nvalues; i++) {
		if (ladder_hists_from_value(&t->values[i], &h, &nh, &why) == -1) {
			diag_set(d, "", 0, "test %zu, system %s: a latency "
			    "histogram %s", ti + 1,
			    rs->systems[t->values[i].system].identifier, why);
			goto out;
		}
		if (nh == 0)
			continue;
		lines = xreallocarray(lines, nl + 1, sizeof(*lines));
		memset(&lines[nl], 0, sizeof(lines[nl]));
		lines[nl].sys = t->values[i].system;
		for (j = 0; j < nh; j++)
			ladder_hist_add(&lines[nl].all, &h[j]);
		ladder_compute(h, nh, LADDER_SEED, &lines[nl].lad);
		lines[nl].blo = xcalloc(lines[nl].all.n + 1, sizeof(double));
		lines[nl].bhi = xcalloc(lines[nl].all.n + 1, sizeof(double));
		ladder_exceed_band(h, nh, LADDER_SEED, &lines[nl].all,
		    lines[nl].blo, lines[nl].bhi);
		ladder_hists_free(h, nh);
		for (j = 0; j < lines[nl].all.n; j++)
			if (lines[nl].all.us[j] > 0) {
				xlo = fmin(xlo, lines[nl].all.us[j]);
				xhi = fmax(xhi, lines[nl].all.us[j]);
			}
		pmin = fmin(pmin, LADDER_TAIL / lines[nl].all.total);
		nl++;
	}
	if (nl == 0 || !isfinite(xlo)) {
		diag_set(d, "", 0, "test %zu has no latency histogram", ti + 1);
		goto out;
	}
	/* Whole decades on both axes. */
	xlo = floor(log10(xlo));
	xhi = ceil(log10(xhi));
	if (xhi <= xlo)
		xhi = xlo + 1;
	pmin = pow(10, floor(log10(pmin)));
	if (pmin >= 1)
		pmin = 0.1;

	c = canvas_new(width);
	chart_frame_head_init(&head, rs, t, source);
	free(head.unitline);
	head.unitline = xstrdup("Share of I/Os slower than x (1 - CDF) against "
	    "completion latency in usec, both axes logarithmic");
	head.bare = bare;
	canvas_describe(c, head.title, "Exceedance chart of completion latency "
	    "with the ladder's 95 % intervals.");
	y = chart_frame_header(c, CHART_MARGIN, &head) + 12;
	ph = fmin(420, fmax(200, width * 0.45));
	for (p = 1; p >= pmin * 0.999; p /= 10) {
		s = exceed_share(p);
		ylw = fmax(ylw, canvas_text_width(fsm, s));
		free(s);
	}
	x0 = CHART_MARGIN + ylw + 6;
	x1 = width - CHART_MARGIN - 40;
	top = y;
	bottom = top + ph;
	for (p = 1; p >= pmin * 0.999; p /= 10) {
		v = exceed_y(p, pmin, top, bottom);
		canvas_line(c, x0, v, x1, v, CHART_GRID, 1, "grid");
		s = exceed_share(p);
		canvas_text(c, x0 - 6, v + chart_frame_center(fsm), s, fsm,
		    CHART_GREY, CANVAS_END, "tick");
		free(s);
	}
	/* The ladder's rungs named at the right: p50 at 50 %, p99 at 1 %... */
	for (k = 0; k < LADDER_NRUNGS; k++) {
		p = 1 - lines[0].lad.rung[k].pct / 100;
		if (p < pmin)
			continue;
		canvas_text(c, x1 + 4, exceed_y(p, pmin, top, bottom) +
		    chart_frame_center(fsm), ladder_rung_name(k), fsm, CHART_GREY,
		    CANVAS_START, "tick");
	}
	for (v = xlo; v <= xhi + 1e-9; v += 1) {
		double	tx = exceed_x(pow(10, v), xlo, xhi, x0, x1);

		canvas_line(c, tx, top, tx, bottom, CHART_GRID, 1, "grid");
		s = xasprintf("%g", pow(10, v));
		canvas_text(c, tx, bottom + 4 + canvas_text_ascent(fsm), s, fsm,
		    CHART_GREY, CANVAS_MIDDLE, "tick");
		free(s);
	}
	canvas_line(c, x0, bottom, x1, bottom, CHART_AXIS, 1, "axis");
	canvas_line(c, x0, top, x0, bottom, CHART_AXIS, 1, "axis");

	canvas_clip(c, x0, top - 2, x1 - x0, ph + 4);
	g.x0 = x0;
	g.x1 = x1;
	g.top = top;
	g.bottom = bottom;
	g.xlo = xlo;
	g.xhi = xhi;
	g.pmin = pmin;
	for (i = 0; i < nl; i++)
		exceed_line_draw(c, rs, &lines[i], &g);
	canvas_clip_end(c);

	y = bottom + 4 + canvas_text_line_height(fsm);
	canvas_text(c, (x0 + x1) / 2, y + canvas_text_ascent(fsm),
	    "Completion latency (usec)", fsm, CHART_GREY, CANVAS_MIDDLE, "xlabel");
	y += canvas_text_line_height(fsm) + 8;

	y = exceed_legend(c, rs, lines, nl, width, y);
	y += 6;
	y = chart_frame_footer(c, y, &head);
	c->height = ceil(y + CHART_MARGIN);
	chart_frame_head_free(&head);
out:
	for (i = 0; i < nl; i++) {
		ladder_hist_free(&lines[i].all);
		ladder_free(&lines[i].lad);
		free(lines[i].blo);
		free(lines[i].bhi);
	}
	free(lines);
	return c;
}
