/* SPDX-License-Identifier: ISC */
/*
 * Private to the store's own files (store.c, store-import.c): the handle
 * and the statement helpers they share. Nothing outside the store includes
 * this; everyone else goes through store.h.
 * Ownership: statements belong to the function that prepared them.
 */
#ifndef BENCHREPORT_STORE_IMPL_H
#define BENCHREPORT_STORE_IMPL_H

#include "store.h"

struct store {
	sqlite3	*db;
	char	*path;
};

/* Record the database's last error (what failed) in d; returns -1. */
int	 store_err(struct store *st, struct diag *d, const char *what);
/* Run SQL without parameters; returns 0 or -1 with d. */
int	 store_exec(struct store *st, const char *sql, struct diag *d);
/* Prepare sql into *stmt unless it is prepared already; 0 or -1 with d. */
int	 store_prepare(struct store *st, sqlite3_stmt **stmt, const char *sql,
	    struct diag *d);
/*
 * Reset stmt, bind every parameter from types ('t' text or NULL, 'i'
 * int64, 'n' int64 that is NULL when <= 0, 'd' has-flag plus double) and
 * step it once. Returns 0 or -1 with d.
 */
int	 store_run(struct store *st, sqlite3_stmt *stmt, struct diag *d,
	    const char *types, ...);

#endif
