/* SPDX-License-Identifier: ISC */
/*
 * The exceedance chart of a latency test: for each system, the share of
 * I/Os slower than x (1 - CDF) against the latency x, both axes
 * logarithmic, from the runs' merged histograms, with the ladder's 95 %
 * intervals drawn at each rung and the rungs that are not estimable named.
 *
 * Ownership: chart_exceed_draw returns a canvas the caller frees.
 */
#ifndef BENCHREPORT_CHART_EXCEED_H
#define BENCHREPORT_CHART_EXCEED_H

#include <stdbool.h>
#include <stddef.h>

#include "canvas.h"
#include "diag.h"
#include "model.h"

/* True when some value of t carries run histograms (MODEL_HIST_SERIES). */
bool	 chart_exceed_possible(const struct test *t);
/*
 * Draw test ti of rs (width in CSS pixels; bare: only the unit line and
 * the plot). NULL with d when no value has a histogram that reads.
 */
struct canvas *chart_exceed_draw(const struct result_set *rs, size_t ti,
	    const char *source, bool bare, double width, struct diag *d);

#endif
