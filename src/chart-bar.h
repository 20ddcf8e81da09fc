/* SPDX-License-Identifier: ISC */
/*
 * The horizontal bar chart, OpenBenchmarking style: one bar per row with
 * the value at its end, a +/-1 SE whisker on the same scale, the line
 * "SE +/- x, N = n" (with a warning mark when N < 3) and per-value notes,
 * 1-2-5 ticks, a legend, footnotes and provenance. chart_bar_from_test
 * turns a test into rows; the overview fills rows itself.
 * Ownership: a chart_bar owns all its strings (chart_bar_free releases
 * them); chart_bar_draw returns a canvas to canvas_free().
 */
#ifndef BENCHREPORT_CHART_BAR_H
#define BENCHREPORT_CHART_BAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "canvas.h"
#include "chart-frame.h"
#include "diag.h"
#include "model.h"

struct chart_bar_row {
	char		*label;		/* system name */
	uint32_t	 color;
	bool		 has_value;
	double		 value;
	char		*value_text;	/* printed at the bar end */
	int		 decimals;	/* of value_text: the source's precision */
	bool		 has_se;
	double		 se;
	long		 n;		/* runs; 0 = unknown */
	char		*note;		/* per-value note, or why there is no result */
};

struct chart_bar {
	struct chart_head	 head;		/* title ... footnotes, provenance */
	char			*unit;		/* for the accessible text */
	enum proportion		 proportion;
	bool			 show_se;	/* whiskers and the SE line */
	char			*legend;	/* replaces the whisker legend when set */
	struct chart_bar_row	*rows;
	size_t			 nrows;
};

/*
 * Rows of test ti of rs, one per system in set order (or best first with
 * sort), values formatted with the source's precision. d is set when the
 * test has no value at all.
 */
int	 chart_bar_from_test(const struct result_set *rs, size_t ti, bool sort,
	    const char *source, struct chart_bar *b, struct diag *d);
/* Draw b on a new canvas of this width. Never fails for 0..n rows. */
struct canvas *chart_bar_draw(const struct chart_bar *b, double width);
/*
 * A row's line under its bar: "SE +/- 0.33, N = 3", "N = 1", "SE +/- 0.33"
 * or "", the SE with chart_axis_se_decimals' digits. To free.
 */
char	*chart_bar_se_text(const struct chart_bar_row *r);
/* The chart in words, every row's name, value, unit and SE. To free. */
char	*chart_bar_desc(const struct chart_bar *b);
/* Release what b owns (all its strings and rows); b itself is the caller's. */
void	 chart_bar_free(struct chart_bar *b);
/* Sort rows best first for proportion p (missing values last), stably. */
void	 chart_bar_sort(struct chart_bar *b);

#endif
