/* SPDX-License-Identifier: ISC */
/*
 * Merging result sets into one, the way the Phoronix Test Suite's
 * merge-results does (docs/pts-xml.md): systems deduplicated by
 * identifier, entries of matching results appended, other results added
 * at the end. Clashing identifiers of different systems are renamed
 * "NAME (2)". It never prints: remarks go to a caller-owned list.
 * Ownership: the inputs are borrowed and left unchanged; *out is a new
 * result set the caller frees with result_set_free.
 */
#ifndef BENCHREPORT_MERGE_H
#define BENCHREPORT_MERGE_H

#include <stddef.h>

#include "diag.h"
#include "model.h"

/*
 * Merge sets[0..n-1] (n >= 1) into *out, in order. title replaces the
 * first set's title when not NULL. Every system renamed and every value
 * dropped is described in notes (one line each, raw text from the sets).
 * Returns 0, or -1 with d filled (n = 0).
 */
int	 merge_result_sets(struct result_set *const *sets, size_t n,
	    const char *title, struct result_set **out, struct str_list *notes,
	    struct diag *d);

/*
 * As merge_result_sets, but results match by title (any case), description
 * and unit, whatever the versions, so a fresh run and a published review
 * share charts; where the matched
 * results' versions differ, a footnote says what each set ran.
 */
int	 merge_result_sets_comparable(struct result_set *const *sets, size_t n,
	    const char *title, struct result_set **out, struct str_list *notes,
	    struct diag *d);

/*
 * True when x and y are the same result in PTS's sense: identifier without
 * its last version component (or the title when it is empty), arguments,
 * description, application version and unit, compared after trimming.
 */
bool	 merge_same_result(const struct test *x, const struct test *y);

#endif
