/* SPDX-License-Identifier: ISC */
/*
 * The SQLite store's schema: the migrations from each version to the
 * next, and the current schema made at once for a new store. Private to
 * store-sqlite.c, which runs them.
 * Ownership: static text.
 */
#ifndef BENCHREPORT_STORE_SQLITE_SCHEMA_H
#define BENCHREPORT_STORE_SQLITE_SCHEMA_H

/*
 * The text of the step store-sqlite.c does in C (result_sets made
 * AUTOINCREMENT): a comment to SQLite.
 */
#define STORE_SQLITE_STEP_AUTOINCREMENT	"-- result_sets: AUTOINCREMENT"

/* Entry i takes the schema from user_version i to i + 1. */
extern const char *const store_sqlite_migrations[];
extern const int	 store_sqlite_nmigrations;
/* The schema the migrations arrive at, one script. */
extern const char	 store_sqlite_schema[];

#endif
