/* SPDX-License-Identifier: ISC */
/*
 * Importing one file into the store, the path `import` and every "ID or
 * FILE" argument take: detect (or force) the reader, checksum, open the
 * store's import, read with each finished test going straight to the
 * store when the reader streams, normalise the systems, commit. All in
 * one transaction: any failure leaves the store as it was.
 * Ownership: rs is the caller's; after a streaming read it holds the set's
 * fields and systems but no tests (they are stored and freed).
 */
#ifndef BENCHREPORT_IMPORT_H
#define BENCHREPORT_IMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "format.h"
#include "store.h"

struct import_file_result {
	int64_t	 id;		/* the stored set (> 0) */
	bool	 already;	/* the same bytes were stored before: nothing read */
	bool	 store_failed;	/* on -1: the database failed, not the input */
	size_t	 ntests;	/* tests stored */
	size_t	 nvalues;	/* values stored */
};

/*
 * Import path with reader r (NULL: detect from the content) into st,
 * filling rs with what was read. The same bytes stored before are not
 * read again (res->already). Returns 0, or -1 with d filled (the file
 * named) and res->store_failed telling a store error from bad input.
 */
int	 import_file(struct store *st, const char *path, const struct reader *r,
	    const struct read_options *ro, struct result_set *rs,
	    struct import_file_result *res, struct diag *d);

#endif
