/* SPDX-License-Identifier: ISC */
/*
 * Private to the store's own files (store*.c) and the fact queries
 * (query.c): the handle, the backend table and the statement layer that
 * lets one body of SQL run on SQLite and on PostgreSQL. Everyone else
 * goes through store.h.
 *
 * The SQL given to store_prepare is the common dialect: `?` or `?N`
 * placeholders, `INSERT OR FAIL INTO` (plain INSERT on PostgreSQL), and
 * `RETURNING id` where a new row's id is needed. Nothing else that only
 * one engine understands.
 * Ownership: statements belong to the function that prepared them
 * (store_finalize); column text is borrowed until the next store_next.
 */
#ifndef BENCHREPORT_STORE_IMPL_H
#define BENCHREPORT_STORE_IMPL_H

#include <stdarg.h>

#include "store.h"

/* The most parameters one statement binds. */
#define STORE_MAXPARAMS	16

/*
 * The columns of the view system_facts_wide after its system columns,
 * one per normalised fact name, from systems s LEFT JOIN system_facts f
 * grouped by system: one pass over each system's facts.
 */
#define STORE_WIDE_COLUMNS \
	",  max(CASE WHEN f.key = 'cpu_vendor' THEN f.value END) AS cpu_vendor" \
	",  max(CASE WHEN f.key = 'cpu_model' THEN f.value END) AS cpu_model" \
	",  max(CASE WHEN f.key = 'cpu_cores' THEN f.value END) AS cpu_cores" \
	",  max(CASE WHEN f.key = 'cpu_threads' THEN f.value END) AS cpu_threads" \
	",  max(CASE WHEN f.key = 'cpu_max_mhz' THEN f.value END) AS cpu_max_mhz" \
	",  max(CASE WHEN f.key = 'memory_mb' THEN f.value END) AS memory_mb" \
	",  max(CASE WHEN f.key = 'memory_type' THEN f.value END) AS memory_type" \
	",  max(CASE WHEN f.key = 'disk_count' THEN f.value END) AS disk_count" \
	",  max(CASE WHEN f.key = 'disk_models' THEN f.value END) AS disk_models" \
	",  max(CASE WHEN f.key = 'disk_capacity_gb' THEN f.value END) AS disk_capacity_gb" \
	",  max(CASE WHEN f.key = 'filesystem' THEN f.value END) AS filesystem" \
	",  max(CASE WHEN f.key = 'raid_mode' THEN f.value END) AS raid_mode" \
	",  max(CASE WHEN f.key = 'mount_options' THEN f.value END) AS mount_options" \
	",  max(CASE WHEN f.key = 'block_size' THEN f.value END) AS block_size" \
	",  max(CASE WHEN f.key = 'io_scheduler' THEN f.value END) AS io_scheduler" \
	",  max(CASE WHEN f.key = 'kernel_version' THEN f.value END) AS kernel_version" \
	",  max(CASE WHEN f.key = 'kernel_flavour' THEN f.value END) AS kernel_flavour" \
	",  max(CASE WHEN f.key = 'os_name' THEN f.value END) AS os_name" \
	",  max(CASE WHEN f.key = 'os_version' THEN f.value END) AS os_version" \
	",  max(CASE WHEN f.key = 'compiler' THEN f.value END) AS compiler" \
	",  max(CASE WHEN f.key = 'compiler_version' THEN f.value END) AS compiler_version" \
	",  max(CASE WHEN f.key = 'cpu_governor' THEN f.value END) AS cpu_governor"

struct store_stmt;

/* One bound parameter; the 'd' and 'n' kinds are resolved to NULL here. */
struct store_param {
	char		 type;		/* 't' text, 'b' bytes, 'i' int64, 'f' double, '0' NULL */
	const char	*s;		/* 't' and 'b' */
	size_t		 len;		/* 'b' */
	int64_t		 i;
	double		 v;
};

struct store_ops {
	const char	*name;
	/* Prepare sql (common dialect) into *out; 0 or -1 with d. */
	int		 (*prepare)(struct store *, const char *,
			    struct store_stmt **, struct diag *);
	/* Bind and execute; rows follow through next. 0 or -1 with d. */
	int		 (*execute)(struct store *, struct store_stmt *,
			    const struct store_param *, int, struct diag *);
	/* Move to the next row: 1, 0 when there is none, -1 with d. */
	int		 (*next)(struct store *, struct store_stmt *,
			    struct diag *);
	bool		 (*isnull)(struct store_stmt *, int);
	const char	*(*text)(struct store_stmt *, int);
	/* A BLOB (bytea) column; NULL when NULL. */
	const void	*(*blob)(struct store_stmt *, int, size_t *);
	int64_t		 (*int64)(struct store_stmt *, int);
	double		 (*dbl)(struct store_stmt *, int);
	void		 (*finalize)(struct store_stmt *);
	/* SQL without parameters, several statements allowed. */
	int		 (*exec)(struct store *, const char *, struct diag *);
	/* A write transaction that serialises duplicate checks. */
	int		 (*begin_write)(struct store *, struct diag *);
	/* A read transaction: one snapshot across several queries. */
	int		 (*begin_read)(struct store *, struct diag *);
	/* Inside a write transaction: wait for other imports of sha. */
	int		 (*lock_source)(struct store *, const char *,
			    struct diag *);
	/* Before BEGIN and after the end of an import (foreign keys). */
	void		 (*import_mode)(struct store *, bool);
	void		 (*close)(struct store *);
	/* After an import's COMMIT, or NULL: make a new store public. */
	int		 (*committed)(struct store *, struct diag *);
};

struct store {
	const struct store_ops	*ops;
	char			*path;	/* what errors name (no password) */
	bool			 readonly; /* reads only (SQLite file) */
	bool			 full;	/* ... because its disk is full */
	bool			 created; /* SQLite: this connection made the schema */
	bool			 in_place; /* SQLite: this import skips the WAL */
	char			*tmp;	/* SQLite: a new store's name until it is whole */
	bool			 tmp_used; /* SQLite: an import began in tmp */
	int			 lockfd; /* SQLite: PATH.lock, held while tmp */
	void			*be;	/* the backend's connection */
};

extern const struct store_ops store_sqlite_ops;
extern const struct store_ops store_pg_ops;

/* Open the SQLite file at path into st (st->path is set). 0 or -1. */
int	 store_sqlite_open(struct store *st, const char *path, struct diag *d);
/*
 * Open the SQLite file at path read-only (it must exist, at our schema
 * version); st->path is set. 0 or -1.
 */
int	 store_sqlite_open_ro(struct store *st, const char *path, struct diag *d);
/* Connect to the PostgreSQL URI and migrate. 0 or -1 with d. */
int	 store_pg_open(struct store *st, const char *uri, struct diag *d);

/*
 * A test's identity across result sets as one number, kept with each
 * of its values (results.test_key), so that `track` reads values without
 * their tests: the first 8 bytes, big-endian, of the SHA-256 of its
 * identifier, title, arguments and unit, each its bytes and 0x00 (NULL
 * as the empty string: a series never told the two apart). PostgreSQL's
 * migration computes the same in SQL.
 */
int64_t	 store_test_key(const char *identifier, const char *title,
	    const char *arguments, const char *unit);

/*
 * The columns id, title, format, source path, import time, systems, tests
 * and values of the current row (in that order, from col 0) into sum,
 * borrowed until the next store_next.
 */
void	 store_summary_row(struct store *st, struct store_stmt *stmt,
	    struct store_summary *sum);
/*
 * "%word%" for LIKE ... ESCAPE '\', the wildcards and the escape of word
 * escaped, in lower case when lower; a new string.
 */
char	*store_like_pattern(const char *word, bool lower);

/* Run SQL without parameters; returns 0 or -1 with d. */
int	 store_exec(struct store *st, const char *sql, struct diag *d);
/* Open a write transaction, or say plainly why there can be none. */
int	 store_begin_write(struct store *st, struct diag *d);
/* COMMIT; 0 or -1 with d. */
int	 store_commit(struct store *st, struct diag *d);
/* ROLLBACK, whose failure means there was nothing to undo. */
void	 store_rollback(struct store *st);
/* Prepare sql into *stmt unless it is prepared already; 0 or -1 with d. */
int	 store_prepare(struct store *st, struct store_stmt **stmt,
	    const char *sql, struct diag *d);
/* Finalise; NULL is fine. */
void	 store_finalize(struct store *st, struct store_stmt *stmt);
/*
 * Bind every parameter from types ('t' text or NULL, 'b' bytes and a
 * size_t length (NULL bytes bind NULL), 'i' int64, 'n' int64 that is
 * NULL when <= 0, 'd' has-flag plus double, NULL when absent or NaN) and
 * execute; read rows with store_next. 0 or -1 with d.
 */
int	 store_query(struct store *st, struct store_stmt *stmt, struct diag *d,
	    const char *types, ...);
/*
 * store_query, then the first row if there is one (an INSERT's RETURNING
 * id: store_col_int(stmt, 0)). Returns 0 or -1 with d.
 */
int	 store_run(struct store *st, struct store_stmt *stmt, struct diag *d,
	    const char *types, ...);
/*
 * The parameters types and the arguments after it name (as for
 * store_query) into p[0..max): returns how many, or -1 with d.
 */
int	 store_params(struct store *st, struct store_param *p, int max,
	    struct diag *d, const char *types, ...);
/* Execute stmt with p[0..n) and step to its first row. 0 or -1 with d. */
int	 store_run_params(struct store *st, struct store_stmt *stmt,
	    const struct store_param *p, int n, struct diag *d);
/* The next row: 1, 0 at the end, -1 with d. */
int	 store_next(struct store *st, struct store_stmt *stmt, struct diag *d);
/* Column col of the current row: NULL or text (borrowed). */
const char *store_col_text(struct store *st, struct store_stmt *stmt, int col);
/* The same, copied; NULL stays NULL. */
char	*store_col_str(struct store *st, struct store_stmt *stmt, int col);
/* An integer column (0 when NULL). */
int64_t	 store_col_int(struct store *st, struct store_stmt *stmt, int col);
/* A REAL column; NULL gives NaN and *has false (has may be NULL). */
double	 store_col_dbl(struct store *st, struct store_stmt *stmt, int col,
	    bool *has);
/*
 * Numbers packed into one BLOB column: each an IEEE 754 binary64 in
 * big-endian order (PostgreSQL's float8send), 8 bytes, NaN kept. NULL
 * with *len 0 when l is empty; the caller frees.
 */
unsigned char *store_pack_dbls(const struct dbl_list *l, size_t *len);
/* Append the numbers packed in p (len bytes; NULL is none) to l. */
void	 store_unpack_dbls(const void *p, size_t len, struct dbl_list *l);
/* Column col as packed numbers, appended to l. */
void	 store_col_dbls(struct store *st, struct store_stmt *stmt, int col,
	    struct dbl_list *l);

#endif
