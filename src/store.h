/* SPDX-License-Identifier: ISC */
/*
 * The results store: sources, result sets, systems (raw fields and
 * normalised facts), tests, values with their runs, and series. Two
 * backends behind one interface: an SQLite file (store-sqlite.c), the
 * default, and a PostgreSQL server (store-pg.c) for a team, chosen by
 * what store_open is given. One transaction per import; the same bytes
 * imported twice are recognised by their SHA-256. Loading, listing and
 * deletion are in store.c, the writes of an import in store-import.c;
 * docs/store.md describes the schema of both.
 *
 * Ownership: a struct store is opened and closed by its user; result sets
 * returned by store_load_result_set belong to the caller
 * (result_set_free). Result-set IDs are row ids (> 0).
 */
#ifndef BENCHREPORT_STORE_H
#define BENCHREPORT_STORE_H

#include <stdbool.h>
#include <stdint.h>

#include <sqlite3.h>

#include "diag.h"
#include "model.h"

struct store;
/* An import in progress: one open write transaction. */
struct store_import;

/* A row of store_list. Strings are borrowed, valid during the callback. */
struct store_summary {
	int64_t		 id;
	const char	*title;
	const char	*format;
	const char	*source_path;
	const char	*imported_at;	/* "YYYY-MM-DD HH:MM:SS" UTC */
	long		 nsystems;
	long		 ntests;
	long		 nvalues;
};

/* What a --db value names. */
enum store_kind {
	STORE_BAD = -1,		/* a URI of a kind benchreport does not use */
	STORE_SQLITE,		/* a path */
	STORE_PG		/* postgresql:// or postgres:// */
};

/*
 * The kind of store spec names. A value that looks like a URI
 * (SCHEME://..., or file:, sqlite:, postgres: or postgresql: without
 * //) and is not a PostgreSQL one is STORE_BAD, with d saying so: it
 * must not become a file named after the URI.
 */
enum store_kind store_kind(const char *spec, struct diag *d);
/*
 * Open and migrate the store spec names: a PostgreSQL URI connects
 * through libpq (credentials as libpq finds them; errors never show the
 * password); a path opens the SQLite file, creating directories and the
 * file as needed, with WAL, foreign keys and a busy timeout.
 * Returns 0 and *out, or -1 with d filled.
 */
int	 store_open(const char *spec, struct store **out, struct diag *d);
/*
 * Open the store spec names for reading only: an SQLite file that exists
 * at this program's schema version (opened read-only, WAL readers beside
 * the writers), or a PostgreSQL session whose transactions are read-only.
 * Nothing is created or migrated. Returns 0 and *out, or -1 with d.
 */
int	 store_open_readonly(const char *spec, struct store **out,
	    struct diag *d);
/* Close; NULL is fine. */
void	 store_close(struct store *st);
/* The SQLite handle (tests' fault injection); NULL for PostgreSQL. */
sqlite3	*store_db(struct store *st);

/*
 * Store rs in one transaction: store_import_begin, store_import_add_test
 * for each test, store_import_commit. If a source with rs->source_sha256
 * already exists, nothing is written, *already is set and *id is the
 * existing set. Returns 0, or -1 with d filled and the database unchanged.
 */
int	 store_import_result_set(struct store *st, const struct result_set *rs,
	    int64_t *id, bool *already, struct diag *d);
/*
 * Import step by step, for readers that hand over one test at a time.
 * begin opens the write transaction and looks up rs->source_sha256: when
 * those bytes are stored already it commits nothing, sets *already and
 * *id and returns 0 with *out NULL. Otherwise it records the source
 * (rs->source_path, source_sha256, format) and returns 0 with *out.
 * Returns -1 with d on failure, with nothing written.
 */
int	 store_import_begin(struct store *st, const struct result_set *rs,
	    struct store_import **out, int64_t *id, bool *already,
	    struct diag *d);
/* Write the rows of the systems of rs added since the last call. */
int	 store_import_add_systems(struct store_import *imp,
	    const struct result_set *rs, struct diag *d);
/*
 * Write test t of rs (after its systems, see add_systems) with its
 * footnotes, facts and values; t need not stay in rs afterwards. Tests
 * are stored in the order they are added.
 */
int	 store_import_add_test(struct store_import *imp,
	    const struct result_set *rs, const struct test *t, struct diag *d);
/*
 * Write what may have changed until the end of the read (the set's own
 * fields and extra, every system's identifier, notes, fields, meta and
 * facts, as they are in rs now) and commit. imp is freed whatever
 * happens. Returns 0 with *id, or -1 with d and everything rolled back.
 */
int	 store_import_commit(struct store_import *imp,
	    const struct result_set *rs, int64_t *id, struct diag *d);
/* Roll back everything the import wrote and free it. NULL is fine. */
void	 store_import_abort(struct store_import *imp);
/* Load result set id into a new result_set. Returns 0, or -1 with d. */
int	 store_load_result_set(struct store *st, int64_t id,
	    struct result_set **out, struct diag *d);
/* Delete result set id and what only it references. 0, or -1 with d. */
int	 store_delete_result_set(struct store *st, int64_t id, struct diag *d);
/* Call fn for every result set, oldest first. 0, or -1 with d. */
int	 store_list(struct store *st,
	    int (*fn)(const struct store_summary *, void *), void *arg,
	    struct diag *d);
/*
 * store_list from the offset-th set (0 is the oldest), at most limit sets
 * (limit < 0: all). The counts are kept in each set's row: a page costs
 * the same in a store of any size.
 */
int	 store_list_range(struct store *st, long limit, long offset,
	    int (*fn)(const struct store_summary *, void *), void *arg,
	    struct diag *d);
/* True when a result set with this id exists. */
bool	 store_exists(struct store *st, int64_t id);
/*
 * Replace the normalised facts (with provenance) of every system of set id
 * with those in rs (same system order). For re-normalisation.
 */
int	 store_update_facts(struct store *st, int64_t id,
	    const struct result_set *rs, struct diag *d);
/*
 * Set the labels of result set id (KEY=VALUE given at import; a key
 * given again replaces its value), in one transaction. 0, or -1 with d.
 */
int	 store_labels_set(struct store *st, int64_t id,
	    const struct kv_list *labels, struct diag *d);
/* Append the labels of set id to out, by key. 0, or -1 with d. */
int	 store_labels_get(struct store *st, int64_t id, struct kv_list *out,
	    struct diag *d);

#endif
