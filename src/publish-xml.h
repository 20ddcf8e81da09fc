/* SPDX-License-Identifier: ISC */
/*
 * The review document: one XML tree describing the result sets to publish
 * (systems, components, facts, notes, overview table, every result with its
 * values and inline SVG chart). Templates (XSLT) turn it into the page;
 * docs/review-xml.md describes the elements. It knows nothing of input
 * formats and nothing of HTML.
 * Ownership: publish_xml_build returns a document the caller frees with
 * xmlFreeDoc; inputs are borrowed.
 */
#ifndef BENCHREPORT_PUBLISH_XML_H
#define BENCHREPORT_PUBLISH_XML_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/tree.h>

#include "diag.h"
#include "model.h"

/*
 * What one section was combined from (publish --combine): the inputs, in
 * order, and merge's remarks (systems renamed, values dropped).
 */
struct publish_combined {
	struct result_set *const *parts;	/* nparts 0: not combined */
	size_t			  nparts;
	const struct str_list	 *notes;	/* NULL: none */
};

struct publish_options {
	const char	*title;		/* page title; NULL: the first set's */
	const char	*baseline;	/* system identifier for relative %, or NULL */
	/* One per set, in the order of the sets; NULL: no set is combined. */
	const struct publish_combined *combined;
};

/*
 * What the document needs from the chart renderer, as callbacks so that
 * this module stays testable without cairo. Every returned string is the
 * caller's to free; NULL means "none". A chart callback adds under parent
 * whatever stands for the chart: `publish` adds a placeholder the page
 * writer replaces with the SVG (publish-page.h).
 */
struct publish_charts {
	/* Add the chart of test ti of rs under parent; 0, or -1 for none. */
	int	 (*test_svg)(const struct result_set *rs, size_t ti, void *arg,
		    xmlNodePtr parent);
	/* Add the overview (geometric mean) chart of rs under parent. */
	int	 (*overview_svg)(const struct result_set *rs, void *arg,
		    xmlNodePtr parent);
	/* File name (no directory, no extension) of test ti's chart. */
	char	*(*file_stem)(const struct result_set *rs, size_t ti, void *arg);
	/* CSS colour of system si, the same as in the charts. */
	char	*(*colour)(const struct result_set *rs, size_t si, void *arg);
	void	*arg;
};

/*
 * Build the review document for nsets result sets (each becomes one
 * section). charts may be NULL (no charts). Returns NULL with d on error.
 */
xmlDocPtr publish_xml_build(struct result_set *const *sets, size_t nsets,
	    const struct publish_options *opt, const struct publish_charts *charts,
	    struct diag *d);

/*
 * Add the comparison of two sets (diff's HTML section, well-formed XML, and
 * the CSS it needs) to the document, as <diff> and <diff-css>. Returns 0,
 * or -1 with d when the section does not parse.
 */
int	 publish_xml_add_diff(xmlDocPtr doc, const char *section_html,
	    const char *css, struct diag *d);

/*
 * Text of v with the source's own precision when the source gave one
 * (value_text), else with two decimals. Writes "" for a missing value.
 */
void	 publish_format_value(const struct value *v, char *buf, size_t size);

#endif
