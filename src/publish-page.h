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

/*
 * Apply template_path (NULL: the default template) to review and write the
 * result to fp. Returns 0, or -1 with d naming the template and its line.
 */
int	 publish_page_render(xmlDocPtr review, const char *template_path,
	    FILE *fp, struct diag *d);

#endif
