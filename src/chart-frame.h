/* SPDX-License-Identifier: ISC */
/*
 * What every chart shares around its plot: the fonts and ink colours, the
 * header (title with version, arguments, unit and direction), and the
 * footer (numbered footnotes, provenance line). Lays text out with
 * canvas-text so nothing is cut off; draws on a canvas, nothing else.
 * Ownership: strings are borrowed; returned char * belong to the caller.
 */
#ifndef BENCHREPORT_CHART_FRAME_H
#define BENCHREPORT_CHART_FRAME_H

#include "canvas.h"
#include "chart-axis.h"
#include "model.h"

#define CHART_MARGIN	14.0		/* pixels around everything */
#define CHART_INK	0x222222u	/* text, whiskers */
#define CHART_GREY	0x5f5f5fu	/* secondary text (4.5:1 on white) */
#define CHART_GRID	0xdededeu	/* grid lines */
#define CHART_AXIS	0x8a8a8au	/* axis lines */
#define CHART_WARN	0xa84b00u	/* the N < 3 mark */

enum chart_font_role {
	CHART_FONT_TITLE,
	CHART_FONT_SUBTITLE,
	CHART_FONT_UNIT,
	CHART_FONT_LABEL,	/* system names */
	CHART_FONT_VALUE,	/* value at the bar end */
	CHART_FONT_SMALL,	/* SE line, ticks, legend */
	CHART_FONT_NOTE,	/* footnotes, footer */
	CHART_FONT_MISSING	/* "no result" */
};

/* The font of a role (static storage). */
const struct canvas_font *chart_frame_font(enum chart_font_role role);
/* Baseline offset that centres one line of f on a vertical position. */
double	 chart_frame_center(const struct canvas_font *f);
/* "MB/s, More Is Better", "Seconds, Fewer Is Better", "IOPS" (unit may be NULL or ""). */
char	*chart_frame_direction(const char *unit, enum proportion p);
/* The texts around a plot, owned (chart_frame_head_free). */
struct chart_head {
	char		*title;		/* "Flexible IO Tester 3.36" */
	char		*subtitle;	/* arguments */
	char		*unitline;	/* "IOPS, More Is Better" */
	struct str_list	 footnotes;
	char		*source;	/* provenance: file name or URL */
	char		*generator;	/* "Phoronix Test Suite v10.8.5" */
	/*
	 * Of the header only the unit line is drawn, and no footer: the
	 * page around the chart states title, arguments, notes and
	 * provenance as text.
	 */
	bool		 bare;
};

/*
 * Fill h for test t of rs (title with version, arguments, unit and
 * direction, footnotes), or with "" texts when t is NULL; source and
 * generator in both cases. source may be NULL.
 */
void	 chart_frame_head_init(struct chart_head *h, const struct result_set *rs,
	    const struct test *t, const char *source);
void	 chart_frame_head_free(struct chart_head *h);
/* "title: subtitle", the chart's accessible name (free()). */
char	*chart_frame_head_name(const struct chart_head *h);
/*
 * Draw the header from y down: title (bold, up to 2 lines), subtitle
 * (up to 3 lines), the unit/direction line; empty ones are left out.
 * Returns the y below it.
 */
double	 chart_frame_header(struct canvas *c, double y,
	    const struct chart_head *h);
/*
 * Draw numbered footnotes (each up to 4 lines) and the provenance footer
 * (source, generator, "benchreport VERSION") from y down; returns the y
 * below it.
 */
double	 chart_frame_footer(struct canvas *c, double y,
	    const struct chart_head *h);
/*
 * The 1-2-5 axis over [lo, hi] (with zero when include_zero) with the most
 * ticks, up to about six, whose labels in font role still fit side by side
 * on an axis of this length in pixels.
 */
void	 chart_frame_axis(double lo, double hi, int include_zero, double length,
	    enum chart_font_role role, struct chart_axis *a);
/*
 * Draw a line of text wrapped to maxw (at most maxlines lines) with its
 * first line's top at y; returns the y below the last line.
 */
double	 chart_frame_par(struct canvas *c, double x, double y, double maxw,
	    size_t maxlines, const char *text, enum chart_font_role role,
	    uint32_t color, const char *cls);

#endif
