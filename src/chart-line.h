/* SPDX-License-Identifier: ISC */
/*
 * Line charts: one line per system over sample index or time, for PTS
 * line-graph results (the value is a comma-separated series) and for the
 * series attached to values (fio bw/iops/lat logs). Long series are thinned
 * to a min/max envelope per pixel column, so the shape survives and the
 * file stays small.
 * Ownership: a chart_line owns everything in it (chart_line_free);
 * chart_line_draw returns a canvas to canvas_free().
 */
#ifndef BENCHREPORT_CHART_LINE_H
#define BENCHREPORT_CHART_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "canvas.h"
#include "chart-frame.h"
#include "diag.h"
#include "model.h"

struct chart_line_data {
	char		*label;		/* system name */
	uint32_t	 color;
	double		*x, *y;		/* n points */
	size_t		 n;
};

struct chart_line {
	struct chart_head	 head;		/* unit line: y unit and direction */
	char			*xlabel;	/* "Time (ms)", "Sample" */
	struct chart_line_data	*lines;
	size_t			 nlines;
};

/* Lines of a line-graph test ti (values' first series, else their comma-separated value text). */
int	 chart_line_from_test(const struct result_set *rs, size_t ti,
	    const char *source, struct chart_line *l, struct diag *d);
/* Lines of the series called name of test ti's values. */
int	 chart_line_from_series(const struct result_set *rs, size_t ti,
	    const char *name, const char *source, struct chart_line *l,
	    struct diag *d);
/* Distinct series names of t's values, in first-seen order; *names (free() the array only) borrows from t. */
size_t	 chart_line_series_names(const struct test *t, const char ***names);
/*
 * True when tests a and b carry the same series called name for every
 * system (fio attaches one log to several statistics of it).
 */
bool	 chart_line_series_equal(const struct test *a, const struct test *b,
	    const char *name);
/* True when value v of a line-graph test has samples to draw. */
bool	 chart_line_has_samples(const struct value *v);
struct canvas *chart_line_draw(const struct chart_line *l, double width);
void	 chart_line_free(struct chart_line *l);

#endif
