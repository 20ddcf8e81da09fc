/* SPDX-License-Identifier: ISC */
/*
 * Searching the stored result sets: words that must each occur in a set's
 * title, in one of its systems' names or in one of their normalised facts
 * ("980 PRO", "btrfs"), and optionally one named fact containing a text
 * (disk_models ~ "980 PRO"); paged, oldest first. SQL only; nothing here
 * prints.
 * Ownership: the search's strings are borrowed; rows handed to callbacks
 * are borrowed and valid during the call only.
 */
#ifndef BENCHREPORT_QUERY_SETS_H
#define BENCHREPORT_QUERY_SETS_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "model.h"
#include "store.h"

/* The most words a search takes. */
#define QUERY_SETS_MAXWORDS	8

struct query_sets {
	const char	*words[QUERY_SETS_MAXWORDS];	/* each case-insensitive */
	size_t		 nwords;
	const char	*fact_key;	/* a name of meta_fact_names, or NULL */
	const char	*fact_value;	/* contained in that fact's value */
};

/*
 * Split text at white space into q's words (at most QUERY_SETS_MAXWORDS;
 * pieces points into a copy the caller frees: *keep). Returns 0, or -1
 * when there are more words than that.
 */
int	 query_sets_words(const char *text, struct query_sets *q, char **keep);
/*
 * Call fn for each set matching q from the offset-th match, at most limit
 * (limit < 0: all), oldest first; *total (may be NULL) gets the number of
 * matches. fn returning non-zero stops. Returns 0, or -1 with d (also for
 * a fact_key that is not a fact name).
 */
int	 query_sets_find(struct store *st, const struct query_sets *q,
	    long limit, long offset, long *total,
	    int (*fn)(const struct store_summary *, void *), void *arg,
	    struct diag *d);

/*
 * A text that changes whenever what set id shows can change: its
 * source's SHA-256 and import time (an ID reused after a delete gets
 * another) and a hash of its systems' normalised facts (normalize
 * rewrites them; nothing else rewrites a stored set). Returns 0 with
 * *stamp (free it), 1 when there is no such set, -1 with d.
 */
int	 query_sets_stamp(struct store *st, int64_t id, char **stamp,
	    struct diag *d);

#endif
