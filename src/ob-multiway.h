/* SPDX-License-Identifier: ISC */
/*
 * OpenBenchmarking's multi-way result view (systems "Group: Run") in the
 * flattened text, read as the ordinary layout: see ob-multiway.c.
 */
#ifndef BENCHREPORT_OB_MULTIWAY_H
#define BENCHREPORT_OB_MULTIWAY_H

#include "ob-check.h"

/*
 * When the chart lines start with the same glued groups before the
 * watermark and the systems table names them followed by runs, strip the
 * groups from the chart lines and return them (caller frees); else NULL
 * and nothing changes.
 */
char	*ob_multiway_groups(struct tdoc *t);
/*
 * With the chart sections found: the systems' full names ("Intel: Run 1")
 * in names (those given with --systems there, checked), and the table,
 * overview and chart lines rewritten to name them as the ordinary layout
 * does. -1 with t->d set when the names are not the only reading.
 */
int	 ob_multiway_names(struct tdoc *t, const char *groups,
	    struct str_list *names);

#endif
