/* SPDX-License-Identifier: ISC */
/*
 * The measurement-window chart of a steady-state check, as the SNIA
 * Performance Test Specification reports it: each round's value, the
 * window shaded, its average with the +/-10 % and +/-20 % bands, and the
 * least-squares line across the window; the verdict in the title.
 *
 * Ownership: everything is borrowed; chart_steady_write writes path
 * through src/outfile.c.
 */
#ifndef BENCHREPORT_CHART_STEADY_H
#define BENCHREPORT_CHART_STEADY_H

#include <stddef.h>

#include "canvas.h"
#include "diag.h"
#include "model.h"
#include "steady.h"

/* Draw rounds r[0..n-1] of test ti, system sys, checked as s (s->ok). */
struct canvas *chart_steady_draw(const struct result_set *rs, size_t ti,
	    size_t sys, const double *r, size_t n, const struct steady *s,
	    double width);
/* The same written as SVG to path. 0, or -1 with d. */
int	 chart_steady_write(const struct result_set *rs, size_t ti, size_t sys,
	    const double *r, size_t n, const struct steady *s, const char *path,
	    struct diag *d);

/*
 * The consistency chart: per-second values sec[0..n-1] as points against
 * time (s), the last c->seconds shaded with their mean as a line; the
 * figures in the unit line. Written as SVG to path: 0, or -1 with d.
 */
int	 chart_steady_consistency_write(const struct result_set *rs, size_t ti,
	    size_t sys, const double *sec, size_t n,
	    const struct steady_consistency *c, const char *path,
	    struct diag *d);

#endif
