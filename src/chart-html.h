/* SPDX-License-Identifier: ISC */
/*
 * A bar chart as HTML for the review page: the bars' lengths are
 * percentages of the plot, so the chart fills whatever width the page
 * gives it, while its text keeps its CSS size and wraps rather than being
 * cut. The page's style sheet (templates/review.css, ".bc") lays it out.
 *
 * Ownership: the chart is borrowed; markup is appended to a caller's
 * strbuf. Every string from the chart goes through text_escape_xml.
 */
#ifndef BENCHREPORT_CHART_HTML_H
#define BENCHREPORT_CHART_HTML_H

#include "chart-bar.h"
#include "strbuf.h"

/*
 * Append b as a <div class="bc">: the unit line, one row per system
 * (name, bar, whisker, value, the SE line with the row's note), the axis
 * and the legend. Deterministic; never fails.
 */
void	 chart_html_bar(const struct chart_bar *b, struct strbuf *out);

#endif
