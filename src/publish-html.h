/* SPDX-License-Identifier: ISC */
/*
 * The review page, written as HTML straight from the model: systems and
 * facts tables, notes, the compact overview with wins and ranks, every
 * result with its chart and data table, the comparison of two inputs.
 * The fixed parts (skeleton, style sheet) are templates/review.html and
 * templates/review.css, compiled in. Every string from an input passes
 * through one writer (publish_html_text), which escapes it once.
 * It knows nothing of input formats, and nothing of cairo: charts come
 * from callbacks, so the page is testable without them.
 * Ownership: inputs are borrowed; the page is appended to a strbuf.
 */
#ifndef BENCHREPORT_PUBLISH_HTML_H
#define BENCHREPORT_PUBLISH_HTML_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "model.h"
#include "strbuf.h"

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
	/* A user's style sheet, added after ours (publish --css); NULL: none. */
	const char	*user_css;
	/* The comparison section of two inputs and its CSS; NULL: none. */
	const char	*diff_html;
	const char	*diff_css;
	/* The same comparison as diff's plain text, for the PDF; NULL: none. */
	const char	*diff_text;
	/* The history section (publish --track) and its CSS; NULL: none. */
	const char	*track_html;
	const char	*track_css;
	/* Charts over all the sets (publish --chart), escaped HTML; NULL: none. */
	const char	*xy_html;
};

/*
 * What the page needs from the chart renderer. Each chart callback
 * appends the chart's markup (already escaped SVG) to out and returns 0,
 * or -1 for no chart (the page keeps the data table). Returned strings
 * are the caller's to free; NULL means none.
 */
struct publish_charts {
	/* Test ti of set number set (rs), or its overview when ti is -1. */
	int	 (*svg)(const struct result_set *rs, size_t set, long ti,
		    void *arg, struct strbuf *out);
	/* File name (no directory, no extension) of test ti's chart. */
	char	*(*file_stem)(const struct result_set *rs, size_t set,
		    size_t ti, void *arg);
	void	*arg;
};

/*
 * Append the page of nsets result sets (each one section) to out. charts
 * may be NULL (no charts). Returns 0, or -1 with d (nothing to publish, a
 * user style sheet that would end the <style> element).
 */
int	 publish_html_page(struct result_set *const *sets, size_t nsets,
	    const struct publish_options *opt,
	    const struct publish_charts *charts, struct strbuf *out,
	    struct diag *d);

/*
 * Append a page of our own in the review's skeleton and style sheet:
 * title (escaped here), the style sheet with its dark colours, then css
 * (trusted, may be NULL), and the body body appends (already escaped
 * markup). For pages that are not a review, such as `serve`'s.
 */
void	 publish_html_frame(const char *title, const char *css,
	    void (*body)(struct strbuf *, void *), void *arg, struct strbuf *out);

/*
 * Text of v with the source's own precision when the source gave one
 * (value_text), else with two decimals. Writes "" for a missing value.
 */
void	 publish_format_value(const struct value *v, char *buf, size_t size);
/*
 * The SE of v as the charts print it (chart_axis_se_decimals: a stated
 * "0.002" stays "0.002"). Writes "" when v has no SE.
 */
void	 publish_format_se(const struct value *v, char *buf, size_t size);
/*
 * Each system's wins and its geometric mean of performance relative to
 * the best (NAN: no result), as the page's "Wins and rank" counts them.
 * wins and gm hold rs->nsystems entries.
 */
void	 publish_standing(const struct result_set *rs, size_t *wins,
	    double *gm);

/*
 * The short name of every test, in order, appended to names, as PTS's
 * overview table writes them ("fio: Rand Read - ..."): the source's own
 * when it gives one (the extra field ob-test-profiles), else the profile
 * name of the identifier, else the title in lower case; then ": " and the
 * description.
 */
void	 publish_short_names(const struct result_set *rs, struct str_list *names);

#endif
