/* SPDX-License-Identifier: ISC */
/*
 * The review as a printable PDF: title and sources, the system table, the
 * overview and every chart, drawn with cairo's PDF surface from the same
 * canvases as the SVG and PNG charts (pango lays out all text), with an
 * outline entry per section and per chart.
 * Ownership: inputs (the charts too) are borrowed; the file is written
 * atomically.
 */
#ifndef BENCHREPORT_PUBLISH_PDF_H
#define BENCHREPORT_PUBLISH_PDF_H

#include <stddef.h>

#include "diag.h"
#include "model.h"
#include "publish-html.h"

struct canvas;

/* The charts of one set as drawn for the page, in chart_list order; NULL where there was nothing to draw. */
struct publish_pdf_charts {
	struct canvas *const	*c;
	size_t			 n;
};

/*
 * Write the review of nsets sets to path, charts[i] holding set i's
 * charts. Each chart is scaled to the text width (and up to a fifth
 * smaller where that lets it share a page). 0, or -1 with d.
 */
int	 publish_pdf_write(struct result_set *const *sets, size_t nsets,
	    const struct publish_pdf_charts *charts,
	    const struct publish_options *opt, const char *path, struct diag *d);

#endif
