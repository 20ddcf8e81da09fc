/* SPDX-License-Identifier: ISC */
/*
 * `publish`: the review page. Writes DIR/index.html (one self-contained
 * file: inline CSS and SVG, no script, no network), DIR/charts/ with every
 * chart as SVG and PNG, and optionally DIR/review.pdf. The review is
 * written beside DIR and swapped in at the end (publish-dir.h).
 * Ownership: result sets and options are borrowed; paths written are
 * appended to the caller's str_list.
 */
#ifndef BENCHREPORT_PUBLISH_H
#define BENCHREPORT_PUBLISH_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "model.h"
#include "publish-html.h"

/*
 * One section of the page: the inputs it holds, as indexes into the
 * inputs. One input is a section of its own; several are combined
 * (merged, so their systems share every chart where the tests match).
 */
struct publish_section {
	const size_t	*inputs;
	size_t		 n;		/* >= 1 */
};

struct publish_job {
	/*
	 * Created when missing, else replaced whole (publish-dir.h): it may
	 * hold only an earlier review, unless force.
	 */
	const char		*outdir;
	bool			 force;
	bool			 pdf;		/* also DIR/review.pdf */
	bool			 chart_files;	/* write DIR/charts/ (default on) */
	int			 chart_width;	/* px; 0: default */
	/*
	 * The sections in page order, every input in exactly one. NULL: one
	 * section per input, in order (inputs are never combined unless asked).
	 */
	const struct publish_section *sections;
	size_t			 nsections;
	struct publish_options	 page;
	/*
	 * Called as the slow steps go (NULL: not): what (a phrase such as
	 * "drawing charts"), done of total; done == total ends a step.
	 */
	void			(*progress)(void *arg, const char *what,
				    size_t done, size_t total);
	void			*progress_arg;
};

/*
 * Publish nsets result sets as one page, in the sections job names. With
 * exactly two inputs the page also compares them (as `diff` does). Paths
 * of written files go to *written (may be NULL). Returns 0, or -1 with d
 * (also when job's sections do not hold every input exactly once).
 */
int	 publish_write(struct result_set *const *sets, size_t nsets,
	    const struct publish_job *job, struct str_list *written,
	    struct diag *d);

/*
 * The page publish_write writes for these inputs (each its own section),
 * with its charts inline, appended to out; no file is written. With two
 * inputs and no opt->diff_html, the page compares them as publish_write's
 * does. Returns 0, or -1 with d.
 */
int	 publish_page(struct result_set *const *sets, size_t nsets,
	    const struct publish_options *opt, struct strbuf *out,
	    struct diag *d);

#endif
