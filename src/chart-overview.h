/* SPDX-License-Identifier: ISC */
/*
 * The overview chart of a result set: for each system, the geometric mean
 * over the tests of its result relative to the first system's (lower-is-
 * better results inverted, so longer is always better). Only tests with a
 * direction and a positive result for every system count.
 * Ownership: fills a caller-owned chart_bar (release with chart_bar_free).
 */
#ifndef BENCHREPORT_CHART_OVERVIEW_H
#define BENCHREPORT_CHART_OVERVIEW_H

#include <stdbool.h>
#include <stddef.h>

#include "chart-bar.h"
#include "diag.h"
#include "model.h"

/* Number of tests of rs the overview would use (0 when fewer than 2 systems). */
size_t	 chart_overview_ntests(const struct result_set *rs);
/* Fill b with the overview of rs. 0, or -1 with d when no test qualifies. */
int	 chart_overview_build(const struct result_set *rs, bool sort,
	    const char *source, struct chart_bar *b, struct diag *d);

#endif
