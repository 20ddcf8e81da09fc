/* SPDX-License-Identifier: ISC */
/*
 * Any metric on any axis: points gathered from one or more result sets,
 * x a test fact (iodepth, bs, numjobs...) or a metric, y a metric, one
 * line per series (the system, a test fact or a system fact), each point
 * with its error bars (SE) when it has two runs or more and, where x is a
 * metric, labelled (QD 16) so that a load-latency curve reads.
 *
 * Metrics: iops (unit IOPS), mbs (MB/s), lat (completion latency mean),
 * p99 (completion latency 99th percentile), or any unit as written.
 *
 * Ownership: the spec's strings are borrowed; chart_xy_draw returns a
 * canvas the caller frees.
 */
#ifndef BENCHREPORT_CHART_XY_H
#define BENCHREPORT_CHART_XY_H

#include <stddef.h>

#include "canvas.h"
#include "diag.h"
#include "model.h"

struct chart_xy_spec {
	const char	*x;		/* fact or metric */
	const char	*y;		/* metric */
	const char	*series;	/* "system" (default), a test fact or a system fact */
	const char	*label;		/* fact to label points with, or NULL: QD when x is a metric */
};

/*
 * Draw the chart of sets[0..n-1] at width. NULL with d when no test of
 * any set has the y metric and an x, or the spec names an unknown metric.
 */
struct canvas *chart_xy_draw(struct result_set *const *sets, size_t n,
	    const struct chart_xy_spec *sp, double width, struct diag *d);
/* A file name for the chart: "xy-iodepth-iops" (no extension; free it). */
char	*chart_xy_name(const struct chart_xy_spec *sp);

#endif
