/* SPDX-License-Identifier: ISC */
/*
 * The SQLite store: schema and migrations, loading a result set back into
 * the model losslessly, listing and deletion; the writes of an import are
 * in store-import.c. Only prepared statements, every sqlite3 return value
 * checked. It does not parse files or normalise metadata.
 * docs/store.md explains the tables and why they look as they do.
 */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "store-impl.h"
#include "xalloc.h"

/* How long to wait for another process's lock, and how often to retry. */
#define STORE_BUSY_MS	5000
#define STORE_RETRY_MS	20

/*
 * Migrations: entry i takes the schema from user_version i to i + 1. Never
 * edit a released entry; append a new one.
 */
static const char *const store_migrations[] = {
	/* 0 -> 1: the initial schema. */
	"CREATE TABLE sources ("
	"  id INTEGER PRIMARY KEY,"
	"  path TEXT,"
	"  sha256 TEXT UNIQUE,"
	"  format TEXT,"
	"  size INTEGER,"
	"  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now'))"
	");"
	"CREATE TABLE result_sets ("
	"  id INTEGER PRIMARY KEY,"
	"  source_id INTEGER REFERENCES sources(id) ON DELETE CASCADE,"
	"  title TEXT, description TEXT, notes TEXT, generator TEXT,"
	"  last_modified TEXT, source_url TEXT, source_ref TEXT, format TEXT,"
	"  imported_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%d %H:%M:%S', 'now'))"
	");"
	"CREATE INDEX result_sets_source ON result_sets(source_id);"
	"CREATE TABLE result_set_extra ("
	"  set_id INTEGER NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, key TEXT NOT NULL, value TEXT,"
	"  PRIMARY KEY (set_id, pos)"
	") WITHOUT ROWID;"
	"CREATE TABLE systems ("
	"  id INTEGER PRIMARY KEY,"
	"  set_id INTEGER NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, identifier TEXT, notes_text TEXT, json_raw TEXT,"
	"  UNIQUE (set_id, pos)"
	");"
	"CREATE TABLE system_fields ("
	"  system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL,"
	"  kind TEXT NOT NULL CHECK (kind IN ('field', 'note', 'meta')),"
	"  key TEXT NOT NULL, value TEXT,"
	"  PRIMARY KEY (system_id, kind, pos)"
	") WITHOUT ROWID;"
	"CREATE INDEX system_fields_key ON system_fields(kind, key);"
	"CREATE TABLE system_facts ("
	"  system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, key TEXT NOT NULL, value TEXT, source TEXT,"
	"  PRIMARY KEY (system_id, pos)"
	") WITHOUT ROWID;"
	"CREATE INDEX system_facts_key ON system_facts(key, value);"
	/* One column per normalised fact, for ad-hoc SQL and --where. */
	"CREATE VIEW system_facts_wide AS SELECT s.id AS system_id,"
	"  s.set_id AS set_id, s.identifier AS identifier,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_vendor') AS cpu_vendor,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_model') AS cpu_model,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_cores') AS cpu_cores,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_threads') AS cpu_threads,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_max_mhz') AS cpu_max_mhz,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'memory_mb') AS memory_mb,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'memory_type') AS memory_type,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'disk_count') AS disk_count,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'disk_models') AS disk_models,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'disk_capacity_gb') AS disk_capacity_gb,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'filesystem') AS filesystem,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'raid_mode') AS raid_mode,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'mount_options') AS mount_options,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'block_size') AS block_size,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'io_scheduler') AS io_scheduler,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'kernel_version') AS kernel_version,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'kernel_flavour') AS kernel_flavour,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'os_name') AS os_name,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'os_version') AS os_version,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'compiler') AS compiler,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'compiler_version') AS compiler_version,"
	"  (SELECT value FROM system_facts f WHERE f.system_id = s.id AND f.key = 'cpu_governor') AS cpu_governor"
	"  FROM systems s;"
	"CREATE TABLE tests ("
	"  id INTEGER PRIMARY KEY,"
	"  set_id INTEGER NOT NULL REFERENCES result_sets(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, identifier TEXT, title TEXT, app_version TEXT,"
	"  arguments TEXT, description TEXT, unit TEXT,"
	"  proportion INTEGER NOT NULL, proportion_raw TEXT,"
	"  display INTEGER NOT NULL, display_raw TEXT,"
	"  annotation TEXT, parent TEXT,"
	"  UNIQUE (set_id, pos)"
	");"
	/* "This test across every result set": by identifier or by title. */
	"CREATE INDEX tests_identity ON tests(identifier, arguments, unit);"
	"CREATE INDEX tests_title ON tests(title, arguments, unit);"
	"CREATE TABLE test_footnotes ("
	"  test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, text TEXT NOT NULL,"
	"  PRIMARY KEY (test_id, pos)"
	") WITHOUT ROWID;"
	"CREATE TABLE results ("
	"  id INTEGER PRIMARY KEY,"
	"  test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL,"
	"  system_id INTEGER NOT NULL REFERENCES systems(id) ON DELETE CASCADE,"
	"  mean REAL, se REAL, n INTEGER NOT NULL DEFAULT 0, min REAL, max REAL,"
	"  value_text TEXT, raw_string TEXT, json_raw TEXT, note TEXT, error TEXT,"
	"  UNIQUE (test_id, pos)"
	");"
	"CREATE INDEX results_system ON results(system_id);"
	"CREATE TABLE runs ("
	"  result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, value REAL,"
	"  PRIMARY KEY (result_id, pos)"
	") WITHOUT ROWID;"
	"CREATE TABLE series ("
	"  id INTEGER PRIMARY KEY,"
	"  result_id INTEGER NOT NULL REFERENCES results(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, name TEXT, unit TEXT, x_unit TEXT,"
	"  UNIQUE (result_id, pos)"
	");"
	"CREATE TABLE series_points ("
	"  series_id INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,"
	"  axis TEXT NOT NULL CHECK (axis IN ('x', 'y')),"
	"  pos INTEGER NOT NULL, value REAL,"
	"  PRIMARY KEY (series_id, axis, pos)"
	") WITHOUT ROWID;",
	/* 1 -> 2: test facts (fio job options, dd operands), in source order. */
	"CREATE TABLE test_facts ("
	"  test_id INTEGER NOT NULL REFERENCES tests(id) ON DELETE CASCADE,"
	"  pos INTEGER NOT NULL, key TEXT NOT NULL, value TEXT,"
	"  PRIMARY KEY (test_id, pos)"
	") WITHOUT ROWID;"
	"CREATE INDEX test_facts_key ON test_facts(key, value);"
};

#define STORE_NMIGRATIONS \
	((int)(sizeof(store_migrations) / sizeof(store_migrations[0])))

static int	 store_mkdirs(const char *, struct diag *);
static int	 store_bindv(sqlite3_stmt *, const char *, va_list);
static int	 store_migrate(struct store *, struct diag *);
static int	 store_wal(struct store *, struct diag *);
static char	*store_col_str(sqlite3_stmt *, int);
static double	 store_col_dbl(sqlite3_stmt *, int, bool *);
static int	 store_load_dbls(struct store *, sqlite3_stmt *, int64_t,
		    const char *, struct dbl_list *, struct diag *);
static int	 store_load_systems(struct store *, int64_t, struct result_set *,
		    int64_t **, struct diag *);
static int	 store_load_tests(struct store *, int64_t, struct result_set *,
		    const int64_t *, struct diag *);
static int	 store_load_values(struct store *, sqlite3_stmt **, int64_t,
		    const struct result_set *, struct test *, const int64_t *,
		    struct diag *);

/* Record the database's last error in d; returns -1. */
int
store_err(struct store *st, struct diag *d, const char *what)
{
	return diag_set(d, st->path, 0, "database: %s: %s", what,
	    sqlite3_errmsg(st->db));
}

/*
 * Create the directories above path that are missing, private (0700):
 * the database holds hardware inventories of the user's machines.
 */
static int
store_mkdirs(const char *path, struct diag *d)
{
	char	*dir, *p, save;
	int	 rc = -1;

	dir = xstrdup(path);
	if ((p = strrchr(dir, '/')) == NULL || p == dir) {
		rc = 0;
		goto out;
	}
	*p = '\0';
	for (p = dir + 1; ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		save = *p;
		*p = '\0';
		if (mkdir(dir, 0700) == -1 && errno != EEXIST) {
			diag_set(d, path, 0, "cannot create directory %s: %s",
			    dir, strerror(errno));
			goto out;
		}
		*p = save;
		if (save == '\0')
			break;
	}
	rc = 0;
out:
	free(dir);
	return rc;
}

/* Run SQL without parameters (schema, pragmas, transaction control). */
int
store_exec(struct store *st, const char *sql, struct diag *d)
{
	char	*err = NULL;

	if (sqlite3_exec(st->db, sql, NULL, NULL, &err) != SQLITE_OK) {
		diag_set(d, st->path, 0, "database: %.40s: %s", sql, err != NULL ? err :
		    sqlite3_errmsg(st->db));
		sqlite3_free(err);
		return -1;
	}
	return 0;
}

int
store_prepare(struct store *st, sqlite3_stmt **stmt, const char *sql,
    struct diag *d)
{
	if (*stmt != NULL)
		return 0;
	if (sqlite3_prepare_v2(st->db, sql, -1, stmt, NULL) != SQLITE_OK) {
		*stmt = NULL;
		return store_err(st, d, "prepare");
	}
	return 0;
}

/*
 * Bind parameters 1..n from a type string: 't' text (NULL binds NULL),
 * 'i' int64, 'n' an int64 that binds NULL when 0 or less, 'd' a bool
 * "has" plus a double (NULL when absent or NaN, which SQLite cannot keep).
 */
static int
store_bindv(sqlite3_stmt *stmt, const char *types, va_list ap)
{
	const char	*s;
	int64_t		 i64;
	double		 v;
	int		 has, idx, rc = SQLITE_OK;

	for (idx = 1; *types != '\0' && rc == SQLITE_OK; types++, idx++) {
		switch (*types) {
		case 't':
			s = va_arg(ap, const char *);
			rc = s == NULL ? sqlite3_bind_null(stmt, idx) :
			    sqlite3_bind_text(stmt, idx, s, -1, SQLITE_STATIC);
			break;
		case 'i':
			i64 = va_arg(ap, int64_t);
			rc = sqlite3_bind_int64(stmt, idx, i64);
			break;
		case 'n':
			i64 = va_arg(ap, int64_t);
			rc = i64 <= 0 ? sqlite3_bind_null(stmt, idx) :
			    sqlite3_bind_int64(stmt, idx, i64);
			break;
		case 'd':
			has = va_arg(ap, int);
			v = va_arg(ap, double);
			rc = !has || isnan(v) ? sqlite3_bind_null(stmt, idx) :
			    sqlite3_bind_double(stmt, idx, v);
			break;
		default:
			return SQLITE_MISUSE;
		}
	}
	/* A type string that does not match the SQL is a programming error. */
	if (rc == SQLITE_OK && idx - 1 != sqlite3_bind_parameter_count(stmt))
		rc = SQLITE_RANGE;
	return rc;
}

/*
 * Reset stmt, bind the arguments described by types and step it to
 * completion (for INSERT, UPDATE, DELETE). Returns 0 or -1 with d.
 */
int
store_run(struct store *st, sqlite3_stmt *stmt, struct diag *d,
    const char *types, ...)
{
	va_list	ap;
	int	rc;

	/* No clear_bindings: store_bindv binds every parameter or fails. */
	if (sqlite3_reset(stmt) != SQLITE_OK)
		return store_err(st, d, "reset");
	va_start(ap, types);
	rc = store_bindv(stmt, types, ap);
	va_end(ap);
	if (rc != SQLITE_OK)
		return store_err(st, d, "bind");
	if ((rc = sqlite3_step(stmt)) != SQLITE_DONE && rc != SQLITE_ROW)
		return store_err(st, d, sqlite3_sql(stmt));
	return 0;
}

/*
 * Bring the schema up to date, one transaction per migration step. The
 * version is read inside the write transaction, so when two processes
 * open a new database at once, only one of them migrates each step.
 */
static int
store_migrate(struct store *st, struct diag *d)
{
	sqlite3_stmt	*stmt = NULL;
	char		*pragma = NULL;
	int		 version, rc = -1;

	if (store_prepare(st, &stmt, "PRAGMA user_version", d) == -1)
		goto out;
	for (;;) {
		if (store_exec(st, "BEGIN IMMEDIATE", d) == -1)
			goto out;
		if (sqlite3_reset(stmt) != SQLITE_OK ||
		    sqlite3_step(stmt) != SQLITE_ROW) {
			store_err(st, d, "reading user_version");
			goto fail;
		}
		version = sqlite3_column_int(stmt, 0);
		/* Done with the statement before writing: no open read cursor. */
		if (sqlite3_reset(stmt) != SQLITE_OK) {
			store_err(st, d, "reading user_version");
			goto fail;
		}
		if (version > STORE_NMIGRATIONS) {
			diag_set(d, st->path, 0, "database schema version %d is "
			    "newer than this program understands (%d)", version,
			    STORE_NMIGRATIONS);
			goto fail;
		}
		if (version == STORE_NMIGRATIONS)
			break;
		free(pragma);
		pragma = xasprintf("PRAGMA user_version = %d", version + 1);
		if (store_exec(st, store_migrations[version], d) == -1 ||
		    store_exec(st, pragma, d) == -1 ||
		    store_exec(st, "COMMIT", d) == -1)
			goto fail;
	}
	if (store_exec(st, "COMMIT", d) == -1)
		goto fail;
	rc = 0;
	goto out;
fail:
	/* Nothing of the failed step remains; earlier steps stay committed. */
	(void)sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
out:
	free(pragma);
	sqlite3_finalize(stmt);
	return rc;
}

/*
 * Switch to WAL. The switch needs an exclusive lock, and SQLite does not
 * always call the busy handler for it (two processes creating the same
 * database at once), so retry here for as long as the busy timeout.
 */
static int
store_wal(struct store *st, struct diag *d)
{
	sqlite3_stmt		*stmt = NULL;
	const unsigned char	*mode;
	int			 step, waited, rc = -1;

	if (store_prepare(st, &stmt, "PRAGMA journal_mode = WAL", d) == -1)
		return -1;
	for (waited = 0; ; waited += STORE_RETRY_MS) {
		step = sqlite3_step(stmt);
		if (step == SQLITE_ROW)
			break;
		if ((step & 0xff) != SQLITE_BUSY && (step & 0xff) != SQLITE_LOCKED)
			break;
		if (waited >= STORE_BUSY_MS || sqlite3_reset(stmt) == SQLITE_MISUSE)
			break;
		(void)sqlite3_sleep(STORE_RETRY_MS);
	}
	if (step != SQLITE_ROW) {
		store_err(st, d, "PRAGMA journal_mode = WAL");
		goto out;
	}
	mode = sqlite3_column_text(stmt, 0);
	if (mode == NULL || strcmp((const char *)mode, "wal") != 0) {
		diag_set(d, st->path, 0, "database: cannot use WAL (journal "
		    "mode is %s)", mode != NULL ? (const char *)mode : "unknown");
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(stmt);
	return rc;
}

int
store_open(const char *path, struct store **out, struct diag *d)
{
	struct store	*st;

	*out = NULL;
	st = xcalloc(1, sizeof(*st));
	st->path = xstrdup(path);
	if (store_mkdirs(path, d) == -1)
		goto fail;
	/*
	 * NOMUTEX: a struct store is used by one thread at a time, so the
	 * per-call connection mutex is pure cost (a tenth of an import).
	 */
	if (sqlite3_open_v2(path, &st->db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX,
	    NULL) != SQLITE_OK) {
		if (st->db == NULL)
			diag_set(d, path, 0, "database: cannot open");
		else
			store_err(st, d, "open");
		goto fail;
	}
	(void)sqlite3_extended_result_codes(st->db, 1);
	/* Another import may hold the write lock: wait rather than fail. */
	if (sqlite3_busy_timeout(st->db, STORE_BUSY_MS) != SQLITE_OK) {
		store_err(st, d, "busy timeout");
		goto fail;
	}
	/*
	 * synchronous first: creating a new file's header before the switch
	 * to WAL then costs one fsync fewer.
	 */
	if (store_exec(st, "PRAGMA foreign_keys = ON", d) == -1 ||
	    store_exec(st, "PRAGMA synchronous = NORMAL", d) == -1 ||
	    store_wal(st, d) == -1)
		goto fail;
	if (store_migrate(st, d) == -1)
		goto fail;
	*out = st;
	return 0;
fail:
	store_close(st);
	return -1;
}

void
store_close(struct store *st)
{
	if (st == NULL)
		return;
	/* Close always succeeds once every statement is finalised. */
	(void)sqlite3_close(st->db);
	free(st->path);
	free(st);
}

sqlite3 *
store_db(struct store *st)
{
	return st->db;
}

static char *
store_col_str(sqlite3_stmt *stmt, int col)
{
	const unsigned char	*s;

	if (sqlite3_column_type(stmt, col) == SQLITE_NULL)
		return NULL;
	s = sqlite3_column_text(stmt, col);
	return s != NULL ? xstrdup((const char *)s) : xstrdup("");
}

/* A REAL column; NULL gives NaN and *has false. */
static double
store_col_dbl(sqlite3_stmt *stmt, int col, bool *has)
{
	bool	h = sqlite3_column_type(stmt, col) != SQLITE_NULL;

	if (has != NULL)
		*has = h;
	return h ? sqlite3_column_double(stmt, col) : NAN;
}

/* Load the ordered number list selected by stmt(owner[, axis]) into l. */
static int
store_load_dbls(struct store *st, sqlite3_stmt *stmt, int64_t owner,
    const char *axis, struct dbl_list *l, struct diag *d)
{
	int	step;

	if (sqlite3_reset(stmt) != SQLITE_OK ||
	    sqlite3_bind_int64(stmt, 1, owner) != SQLITE_OK ||
	    (axis != NULL && sqlite3_bind_text(stmt, 2, axis, -1,
	    SQLITE_STATIC) != SQLITE_OK))
		return store_err(st, d, "bind");
	while ((step = sqlite3_step(stmt)) == SQLITE_ROW)
		dbl_list_add(l, store_col_dbl(stmt, 0, NULL));
	if (step != SQLITE_DONE)
		return store_err(st, d, "loading numbers");
	return 0;
}

static int
store_load_systems(struct store *st, int64_t id, struct result_set *rs,
    int64_t **ids_out, struct diag *d)
{
	sqlite3_stmt	*stmt = NULL, *kv = NULL, *facts = NULL;
	struct system	*sys;
	struct kv_list	*l;
	int64_t		*ids = NULL;
	size_t		 n = 0, cap = 0, idx;
	const char	*kind;
	char		*s;
	int		 step, rc = -1;

	if (store_prepare(st, &stmt, "SELECT id, identifier, notes_text, "
	    "json_raw FROM systems WHERE set_id = ? ORDER BY pos", d) == -1 ||
	    store_prepare(st, &kv, "SELECT kind, key, value FROM system_fields "
	    "WHERE system_id = ? ORDER BY kind, pos", d) == -1 ||
	    store_prepare(st, &facts, "SELECT key, value, source FROM "
	    "system_facts WHERE system_id = ? ORDER BY pos", d) == -1)
		goto out;
	if (sqlite3_bind_int64(stmt, 1, id) != SQLITE_OK) {
		store_err(st, d, "bind");
		goto out;
	}
	while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
		xgrow(&ids, &cap, n + 1, sizeof(*ids));
		ids[n] = sqlite3_column_int64(stmt, 0);
		s = store_col_str(stmt, 1);
		idx = result_set_add_system(rs, s);
		free(s);
		sys = &rs->systems[idx];
		sys->notes_text = store_col_str(stmt, 2);
		sys->json_raw = store_col_str(stmt, 3);
		if (sqlite3_reset(kv) != SQLITE_OK ||
		    sqlite3_bind_int64(kv, 1, ids[n]) != SQLITE_OK) {
			store_err(st, d, "bind");
			goto out;
		}
		while ((step = sqlite3_step(kv)) == SQLITE_ROW) {
			kind = (const char *)sqlite3_column_text(kv, 0);
			if (kind != NULL && strcmp(kind, "note") == 0)
				l = &sys->notes;
			else if (kind != NULL && strcmp(kind, "meta") == 0)
				l = &sys->meta;
			else
				l = &sys->fields;
			kv_list_add(l, (const char *)sqlite3_column_text(kv, 1),
			    (const char *)sqlite3_column_text(kv, 2));
		}
		if (step != SQLITE_DONE) {
			store_err(st, d, "loading system fields");
			goto out;
		}
		if (sqlite3_reset(facts) != SQLITE_OK ||
		    sqlite3_bind_int64(facts, 1, ids[n]) != SQLITE_OK) {
			store_err(st, d, "bind");
			goto out;
		}
		while ((step = sqlite3_step(facts)) == SQLITE_ROW)
			fact_list_set(&sys->normalized,
			    (const char *)sqlite3_column_text(facts, 0),
			    (const char *)sqlite3_column_text(facts, 1),
			    (const char *)sqlite3_column_text(facts, 2));
		if (step != SQLITE_DONE) {
			store_err(st, d, "loading facts");
			goto out;
		}
		n++;
	}
	if (step != SQLITE_DONE) {
		store_err(st, d, "loading systems");
		goto out;
	}
	*ids_out = ids;
	ids = NULL;
	rc = 0;
out:
	free(ids);
	sqlite3_finalize(facts);
	sqlite3_finalize(kv);
	sqlite3_finalize(stmt);
	return rc;
}

/* Statements used per value when loading. */
enum {
	LV_RESULTS, LV_RUNS, LV_SERIES, LV_POINTS, LV_COUNT
};

static int
store_load_values(struct store *st, sqlite3_stmt **lv, int64_t test_id,
    const struct result_set *rs, struct test *t, const int64_t *sys_ids,
    struct diag *d)
{
	sqlite3_stmt	*q = lv[LV_RESULTS], *sq = lv[LV_SERIES];
	struct value	*v;
	struct series	*s;
	int64_t		 sys_id, rid;
	size_t		 i;
	char		*name;
	int		 step, sstep;

	if (sqlite3_reset(q) != SQLITE_OK ||
	    sqlite3_bind_int64(q, 1, test_id) != SQLITE_OK)
		return store_err(st, d, "bind");
	while ((step = sqlite3_step(q)) == SQLITE_ROW) {
		rid = sqlite3_column_int64(q, 0);
		sys_id = sqlite3_column_int64(q, 1);
		for (i = 0; i < rs->nsystems && sys_ids[i] != sys_id; i++)
			;
		if (i == rs->nsystems)
			return diag_set(d, st->path, 0, "database: result %lld "
			    "refers to a system of another set", (long long)rid);
		v = test_add_value(t, i);
		v->mean = store_col_dbl(q, 2, &v->has_mean);
		v->se = store_col_dbl(q, 3, &v->has_se);
		v->n = (long)sqlite3_column_int64(q, 4);
		v->min = store_col_dbl(q, 5, &v->has_min);
		v->max = store_col_dbl(q, 6, &v->has_max);
		v->value_text = store_col_str(q, 7);
		v->raw_string = store_col_str(q, 8);
		v->json_raw = store_col_str(q, 9);
		v->note = store_col_str(q, 10);
		v->error = store_col_str(q, 11);
		if (store_load_dbls(st, lv[LV_RUNS], rid, NULL, &v->runs, d) == -1)
			return -1;
		if (sqlite3_reset(sq) != SQLITE_OK ||
		    sqlite3_bind_int64(sq, 1, rid) != SQLITE_OK)
			return store_err(st, d, "bind");
		while ((sstep = sqlite3_step(sq)) == SQLITE_ROW) {
			name = store_col_str(sq, 1);
			s = value_add_series(v, name);
			free(name);
			s->unit = store_col_str(sq, 2);
			s->x_unit = store_col_str(sq, 3);
			if (store_load_dbls(st, lv[LV_POINTS],
			    sqlite3_column_int64(sq, 0), "x", &s->x, d) == -1 ||
			    store_load_dbls(st, lv[LV_POINTS],
			    sqlite3_column_int64(sq, 0), "y", &s->y, d) == -1)
				return -1;
		}
		if (sstep != SQLITE_DONE)
			return store_err(st, d, "loading series");
	}
	if (step != SQLITE_DONE)
		return store_err(st, d, "loading results");
	return 0;
}

static int
store_load_tests(struct store *st, int64_t id, struct result_set *rs,
    const int64_t *sys_ids, struct diag *d)
{
	sqlite3_stmt	*stmt = NULL, *fn = NULL, *tf = NULL;
	sqlite3_stmt	*lv[LV_COUNT] = { NULL };
	struct test	*t;
	int64_t		 test_id;
	size_t		 i;
	int		 step, rc = -1;

	if (store_prepare(st, &stmt, "SELECT id, identifier, title, "
	    "app_version, arguments, description, unit, proportion, "
	    "proportion_raw, display, display_raw, annotation, parent FROM "
	    "tests WHERE set_id = ? ORDER BY pos", d) == -1 ||
	    store_prepare(st, &fn, "SELECT text FROM test_footnotes WHERE "
	    "test_id = ? ORDER BY pos", d) == -1 ||
	    store_prepare(st, &tf, "SELECT key, value FROM test_facts WHERE "
	    "test_id = ? ORDER BY pos", d) == -1 ||
	    store_prepare(st, &lv[LV_RESULTS], "SELECT id, system_id, mean, "
	    "se, n, min, max, value_text, raw_string, json_raw, note, error "
	    "FROM results WHERE test_id = ? ORDER BY pos", d) == -1 ||
	    store_prepare(st, &lv[LV_RUNS], "SELECT value FROM runs WHERE "
	    "result_id = ? ORDER BY pos", d) == -1 ||
	    store_prepare(st, &lv[LV_SERIES], "SELECT id, name, unit, x_unit "
	    "FROM series WHERE result_id = ? ORDER BY pos", d) == -1 ||
	    store_prepare(st, &lv[LV_POINTS], "SELECT value FROM series_points "
	    "WHERE series_id = ? AND axis = ? ORDER BY pos", d) == -1)
		goto out;
	if (sqlite3_bind_int64(stmt, 1, id) != SQLITE_OK) {
		store_err(st, d, "bind");
		goto out;
	}
	while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
		test_id = sqlite3_column_int64(stmt, 0);
		t = result_set_add_test(rs);
		t->identifier = store_col_str(stmt, 1);
		t->title = store_col_str(stmt, 2);
		t->app_version = store_col_str(stmt, 3);
		t->arguments = store_col_str(stmt, 4);
		t->description = store_col_str(stmt, 5);
		t->unit = store_col_str(stmt, 6);
		t->proportion = (enum proportion)sqlite3_column_int(stmt, 7);
		t->proportion_raw = store_col_str(stmt, 8);
		t->display = (enum display)sqlite3_column_int(stmt, 9);
		t->display_raw = store_col_str(stmt, 10);
		t->annotation = store_col_str(stmt, 11);
		t->parent = store_col_str(stmt, 12);
		if (sqlite3_reset(fn) != SQLITE_OK ||
		    sqlite3_bind_int64(fn, 1, test_id) != SQLITE_OK) {
			store_err(st, d, "bind");
			goto out;
		}
		while ((step = sqlite3_step(fn)) == SQLITE_ROW)
			str_list_add(&t->footnotes,
			    (const char *)sqlite3_column_text(fn, 0));
		if (step != SQLITE_DONE) {
			store_err(st, d, "loading footnotes");
			goto out;
		}
		if (sqlite3_reset(tf) != SQLITE_OK ||
		    sqlite3_bind_int64(tf, 1, test_id) != SQLITE_OK) {
			store_err(st, d, "bind");
			goto out;
		}
		while ((step = sqlite3_step(tf)) == SQLITE_ROW)
			kv_list_add(&t->facts,
			    (const char *)sqlite3_column_text(tf, 0),
			    (const char *)sqlite3_column_text(tf, 1));
		if (step != SQLITE_DONE) {
			store_err(st, d, "loading test facts");
			goto out;
		}
		if (store_load_values(st, lv, test_id, rs, t, sys_ids, d) == -1)
			goto out;
	}
	if (step != SQLITE_DONE) {
		store_err(st, d, "loading tests");
		goto out;
	}
	rc = 0;
out:
	for (i = 0; i < LV_COUNT; i++)
		sqlite3_finalize(lv[i]);
	sqlite3_finalize(tf);
	sqlite3_finalize(fn);
	sqlite3_finalize(stmt);
	return rc;
}

int
store_load_result_set(struct store *st, int64_t id, struct result_set **out,
    struct diag *d)
{
	sqlite3_stmt		*stmt = NULL;
	struct result_set	*rs;
	int64_t			*sys_ids = NULL;
	int			 step, rc = -1;

	*out = NULL;
	rs = result_set_new();
	/* A read transaction: one consistent snapshot across the queries. */
	if (store_exec(st, "BEGIN", d) == -1)
		goto out;
	if (store_prepare(st, &stmt, "SELECT r.title, r.description, r.notes, "
	    "r.generator, r.last_modified, r.source_url, r.source_ref, "
	    "r.format, s.path, s.sha256 FROM result_sets r LEFT JOIN sources s "
	    "ON s.id = r.source_id WHERE r.id = ?", d) == -1)
		goto out;
	if (sqlite3_bind_int64(stmt, 1, id) != SQLITE_OK) {
		store_err(st, d, "bind");
		goto out;
	}
	if ((step = sqlite3_step(stmt)) == SQLITE_DONE) {
		diag_set(d, st->path, 0, "no result set with ID %lld",
		    (long long)id);
		goto out;
	} else if (step != SQLITE_ROW) {
		store_err(st, d, "loading result set");
		goto out;
	}
	rs->title = store_col_str(stmt, 0);
	rs->description = store_col_str(stmt, 1);
	rs->notes = store_col_str(stmt, 2);
	rs->generator = store_col_str(stmt, 3);
	rs->last_modified = store_col_str(stmt, 4);
	rs->source_url = store_col_str(stmt, 5);
	rs->source_ref = store_col_str(stmt, 6);
	rs->format = store_col_str(stmt, 7);
	rs->source_path = store_col_str(stmt, 8);
	rs->source_sha256 = store_col_str(stmt, 9);
	sqlite3_finalize(stmt);
	stmt = NULL;

	if (store_prepare(st, &stmt, "SELECT key, value FROM result_set_extra "
	    "WHERE set_id = ? ORDER BY pos", d) == -1)
		goto out;
	if (sqlite3_bind_int64(stmt, 1, id) != SQLITE_OK) {
		store_err(st, d, "bind");
		goto out;
	}
	while ((step = sqlite3_step(stmt)) == SQLITE_ROW)
		kv_list_add(&rs->extra, (const char *)sqlite3_column_text(stmt, 0),
		    (const char *)sqlite3_column_text(stmt, 1));
	if (step != SQLITE_DONE) {
		store_err(st, d, "loading extra fields");
		goto out;
	}
	if (store_load_systems(st, id, rs, &sys_ids, d) == -1 ||
	    store_load_tests(st, id, rs, sys_ids, d) == -1)
		goto out;
	*out = rs;
	rs = NULL;
	rc = 0;
out:
	sqlite3_finalize(stmt);
	/* Ending a read-only transaction cannot lose anything. */
	(void)sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL);
	free(sys_ids);
	result_set_free(rs);
	return rc;
}

int
store_delete_result_set(struct store *st, int64_t id, struct diag *d)
{
	sqlite3_stmt	*stmt = NULL;
	int		 rc = -1;

	if (store_exec(st, "BEGIN IMMEDIATE", d) == -1)
		return -1;
	/* The source goes too when no other set came from it: re-import works. */
	if (store_prepare(st, &stmt, "DELETE FROM sources WHERE id = (SELECT "
	    "source_id FROM result_sets WHERE id = ?1) AND (SELECT count(*) "
	    "FROM result_sets WHERE source_id = sources.id) = 1", d) == -1 ||
	    store_run(st, stmt, d, "i", id) == -1)
		goto out;
	sqlite3_finalize(stmt);
	stmt = NULL;
	if (store_prepare(st, &stmt, "DELETE FROM result_sets WHERE id = ?",
	    d) == -1 || store_run(st, stmt, d, "i", id) == -1)
		goto out;
	sqlite3_finalize(stmt);
	stmt = NULL;
	if (store_exec(st, "COMMIT", d) == -1)
		goto out;
	rc = 0;
out:
	sqlite3_finalize(stmt);
	if (rc == -1)
		(void)sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
	return rc;
}

int
store_list(struct store *st, int (*fn)(const struct store_summary *, void *),
    void *arg, struct diag *d)
{
	sqlite3_stmt		*stmt = NULL;
	struct store_summary	 sum;
	int			 step, rc = -1;

	if (store_prepare(st, &stmt, "SELECT r.id, r.title, r.format, s.path, "
	    "r.imported_at, "
	    "(SELECT count(*) FROM systems y WHERE y.set_id = r.id), "
	    "(SELECT count(*) FROM tests t WHERE t.set_id = r.id), "
	    "(SELECT count(*) FROM tests t JOIN results v ON v.test_id = t.id "
	    " WHERE t.set_id = r.id) "
	    "FROM result_sets r LEFT JOIN sources s ON s.id = r.source_id "
	    "ORDER BY r.id", d) == -1)
		goto out;
	while ((step = sqlite3_step(stmt)) == SQLITE_ROW) {
		memset(&sum, 0, sizeof(sum));
		sum.id = sqlite3_column_int64(stmt, 0);
		sum.title = (const char *)sqlite3_column_text(stmt, 1);
		sum.format = (const char *)sqlite3_column_text(stmt, 2);
		sum.source_path = (const char *)sqlite3_column_text(stmt, 3);
		sum.imported_at = (const char *)sqlite3_column_text(stmt, 4);
		sum.nsystems = (long)sqlite3_column_int64(stmt, 5);
		sum.ntests = (long)sqlite3_column_int64(stmt, 6);
		sum.nvalues = (long)sqlite3_column_int64(stmt, 7);
		if (fn(&sum, arg) != 0)
			break;
	}
	if (step != SQLITE_DONE && step != SQLITE_ROW) {
		store_err(st, d, "listing result sets");
		goto out;
	}
	rc = 0;
out:
	sqlite3_finalize(stmt);
	return rc;
}

bool
store_exists(struct store *st, int64_t id)
{
	sqlite3_stmt	*stmt = NULL;
	bool		 found = false;

	if (sqlite3_prepare_v2(st->db, "SELECT 1 FROM result_sets WHERE id = ?",
	    -1, &stmt, NULL) != SQLITE_OK)
		return false;
	if (sqlite3_bind_int64(stmt, 1, id) == SQLITE_OK &&
	    sqlite3_step(stmt) == SQLITE_ROW)
		found = true;
	sqlite3_finalize(stmt);
	return found;
}
