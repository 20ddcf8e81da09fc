/* SPDX-License-Identifier: ISC */
/*
 * What `serve`'s history and drive pages show, apart from how they show
 * it: the points of one system's results in the tests matching some
 * words across every stored set, and every result of the systems whose
 * disk facts name a drive. The history is this one function, so that a
 * change-point analysis can take its place without touching the pages.
 * Ownership: strings are borrowed; rows handed to callbacks are borrowed
 * and valid during the call only.
 */
#ifndef BENCHREPORT_SERVE_FIND_H
#define BENCHREPORT_SERVE_FIND_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "model.h"
#include "query.h"
#include "store.h"

/*
 * Call fn for every result of a system named system (case-insensitive;
 * NULL: any) in a test matching every word of terms, by set then test,
 * at most max rows; *more is set when there were more. Returns 0, or -1
 * with d.
 */
int	 serve_find_history(struct store *st, const char *system,
	    const struct str_list *terms, size_t max,
	    int (*fn)(const struct query_result *, void *), void *arg,
	    bool *more, struct diag *d);
/*
 * The systems whose disk_models fact contains model (case-insensitive),
 * by set then place, at most max: fn for each. Returns 0, or -1 with d.
 */
int	 serve_find_drive_systems(struct store *st, const char *model,
	    size_t max, int (*fn)(const struct query_system *, void *),
	    void *arg, bool *more, struct diag *d);
/*
 * Every result of those systems, at most max rows (*more when there were
 * more). Returns 0, or -1 with d.
 */
int	 serve_find_drive_results(struct store *st, const char *model,
	    size_t max, int (*fn)(const struct query_result *, void *),
	    void *arg, bool *more, struct diag *d);

#endif
