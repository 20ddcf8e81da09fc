/* SPDX-License-Identifier: ISC */
/*
 * Value axes for charts: "nice" ranges with ticks on the 1-2-5 series,
 * tick labels with K/M/G suffixes, and value labels printed with the
 * precision the source used. Pure arithmetic: no drawing, no pango.
 * Ownership: functions returning char * give a string to free().
 */
#ifndef BENCHREPORT_CHART_AXIS_H
#define BENCHREPORT_CHART_AXIS_H

#include <stddef.h>

struct chart_axis {
	double	lo, hi;		/* covered range, multiples of step */
	double	step;		/* 1, 2 or 5 times a power of ten */
	size_t	nticks;		/* ticks from lo to hi inclusive */
};

/*
 * Cover [lo, hi] with about target intervals (>= 1) of a 1-2-5 step; the
 * range always includes 0 when both ends have the same sign as 0 (bars
 * start at 0). An empty or invalid range gives 0..1.
 */
void	 chart_axis_nice(double lo, double hi, int target, int include_zero,
	    struct chart_axis *a);
/* Tick i of a (lo + i * step, without accumulated rounding). */
double	 chart_axis_tick(const struct chart_axis *a, size_t i);
/* Label of tick value v on axis a: "0", "0.5", "80K", "2.5M". */
char	*chart_axis_label(const struct chart_axis *a, double v);
/* Digits after the decimal point in a number as written ("440.01" -> 2), -1 when s is not a plain number. */
int	 chart_axis_decimals(const char *s);
/* v with decimals digits (0..9), "-0" printed as "0". */
char	*chart_axis_fmt(double v, int decimals);
/*
 * Decimals for a standard error beside a value of vdec decimals: two as
 * PTS prints it, or the value's own when it has more; more rather than a
 * "0.00" for a non-zero SE; and as many as a stated SE has ("0.018" beside
 * "2.31"), when at most 6 reproduce it exactly. A computed SE keeps the
 * first rule.
 */
int	 chart_axis_se_decimals(double se, int vdec);

#endif
