/* SPDX-License-Identifier: ISC */
/*
 * The review page's history section (publish --track): every test of the
 * published sets' systems across the whole store, each series with a
 * change point drawn (a wide and a narrow chart, one shown by the
 * reader's width) and its change points listed as text, the others
 * named. Markup only; every string from the store is escaped here.
 * Ownership: sets are borrowed; the caller owns the strbufs.
 */
#ifndef BENCHREPORT_PUBLISH_TRACK_H
#define BENCHREPORT_PUBLISH_TRACK_H

#include "diag.h"
#include "model.h"
#include "store.h"
#include "strbuf.h"

/*
 * Append the section to html and its CSS to css. 0, or -1 with d (a store
 * error).
 */
int	 publish_track_section(struct store *st, struct result_set *const *sets,
	    size_t nsets, struct strbuf *html, struct strbuf *css,
	    struct diag *d);

#endif
