/* SPDX-License-Identifier: ISC */
/*
 * Turning the review document into the HTML page with an XSLT template:
 * the compiled-in default (templates/review.xsl) or a user's file. The
 * transform may not read or write files or touch the network, whatever
 * the template asks for.
 * Ownership: the document and stream are borrowed.
 */
#ifndef BENCHREPORT_PUBLISH_PAGE_H
#define BENCHREPORT_PUBLISH_PAGE_H

#include <stdio.h>

#include <libxml/tree.h>

#include "diag.h"
#include "model.h"

/*
 * Charts bypass the XSLT result tree: the review document holds a small
 * placeholder element per chart (namespace PUBLISH_PAGE_CHART_NS, attribute
 * n), the template copies it like any element, and the page writer puts
 * the chart's SVG text, svgs->items[n], in its place when serialising.
 * Inputs only ever become text, so a placeholder comes from us or from
 * the template; the SVG text was escaped by the SVG writer.
 */
#define PUBLISH_PAGE_CHART_NS	"urn:benchreport:chart"
void	 publish_page_chart_ref(xmlNodePtr parent, size_t n);

/*
 * Apply template_path (NULL: the default template) to review and write the
 * result to fp. Returns 0, or -1 with d naming the template and its line.
 */
int	 publish_page_render(xmlDocPtr review, const char *template_path,
	    FILE *fp, struct diag *d);
/* The same, with the charts of publish_page_chart_ref placeholders. */
int	 publish_page_render_charts(xmlDocPtr review,
	    const char *template_path, const struct str_list *svgs, FILE *fp,
	    struct diag *d);

#endif
