/* SPDX-License-Identifier: ISC */
/*
 * The SQLite backend: opening the file (WAL, busy timeout, read-only
 * fallback), running its migrations (their text: store-sqlite-schema.c),
 * and the statement layer of
 * store-impl.h over sqlite3. Every sqlite3 return value checked. What the
 * store does with statements (load, list, import) is shared with the
 * PostgreSQL backend in store.c and store-import.c.
 * docs/store.md explains the tables and why they look as they do.
 */
#include <sys/file.h>
#include <sys/stat.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store-impl.h"
#include "store-sqlite-schema.h"
#include "strbuf.h"
#include "xalloc.h"

/*
 * How long to wait for another process's lock, and how often to retry.
 * An import holds the write lock for as long as it writes: seconds for a
 * large file, more on a loaded machine (under valgrind two concurrent
 * imports of 6000 values each missed a 5 s limit).
 */
#define STORE_BUSY_MS	60000
#define STORE_RETRY_MS	20
/* The page size of a new store, in bytes (see store_sqlite_open). */
#define STORE_PAGE_SIZE	"16384"


/*
 * A prepared statement and whether its last step gave a row. An INSERT
 * whose SQL ends in RETURNING id is prepared without it: SQLite runs a
 * RETURNING statement through a temporary table of its output rows
 * (about a tenth of an import), where the rowid of the row just
 * inserted is at hand. Its one row is then that rowid.
 */
struct store_stmt {
	sqlite3_stmt	*s;
	bool		 started;	/* stepped since the last execute */
	bool		 rowid;		/* RETURNING id, served by the rowid */
	int		 given;		/* rows of such a statement given */
	int64_t		 id;
	char		 idtext[24];
};

#define SQ_RETURNING	" RETURNING id"

static int	 sq_err(struct store *, struct diag *, const char *);
static int	 sq_stmt_err(struct store *, struct diag *, const char *);
static int	 sq_mkdirs(const char *, struct diag *);
static int	 sq_migrate(struct store *, struct diag *);
static int	 sq_create(struct store *, struct diag *);
static int	 sq_pack(struct store *, const char *, const char *,
		    const char *, struct diag *);
static int	 sq_wal(struct store *, struct diag *);
static void	 sq_in_place(struct store *);
static int	 sq_open_ro(struct store *, struct diag *);
static int	 sq_open_full(struct store *, struct diag *);
static int	 sq_autoincrement(struct store *, struct diag *);
static int	 sq_check_version(struct store *, struct diag *);
static int	 sq_version(struct store *, int *, struct diag *);
static int	 sq_prepare(struct store *, const char *, struct store_stmt **,
		    struct diag *);
static int	 sq_execute(struct store *, struct store_stmt *,
		    const struct store_param *, int, struct diag *);
static int	 sq_next(struct store *, struct store_stmt *, struct diag *);
static bool	 sq_isnull(struct store_stmt *, int);
static const char *sq_text(struct store_stmt *, int);
static const void *sq_blob(struct store_stmt *, int, size_t *);
static int64_t	 sq_int64(struct store_stmt *, int);
static double	 sq_dbl(struct store_stmt *, int);
static void	 sq_finalize(struct store_stmt *);
static int	 sq_exec(struct store *, const char *, struct diag *);
static int	 sq_begin_write(struct store *, struct diag *);
static int	 sq_begin_read(struct store *, struct diag *);
static int	 sq_lock_source(struct store *, const char *, struct diag *);
static void	 sq_import_mode(struct store *, bool);
static void	 sq_close(struct store *);
static int	 sq_committed(struct store *, struct diag *);
static int	 sq_open_new(struct store *, struct diag *);
static int	 sq_open_path(struct store *, struct diag *);
static int	 sq_publish(struct store *, struct diag *);
static void	 sq_discard(struct store *);
static int	 sq_lock_new(struct store *);
static void	 sq_sweep(const char *);
static void	 sq_unlock_new(struct store *);

const struct store_ops store_sqlite_ops = {
	"sqlite", sq_prepare, sq_execute, sq_next, sq_isnull, sq_text, sq_blob,
	sq_int64, sq_dbl, sq_finalize, sq_exec, sq_begin_write, sq_begin_read,
	sq_lock_source, sq_import_mode, sq_close, sq_committed
};

#define SQ(st)	((sqlite3 *)(st)->be)

/*
 * Record the database's last error in d; returns -1. SQLite's words for
 * I/O errors ("unable to open database file", "disk I/O error") do not say
 * why, so the system's reason is added; a damaged file gets advice, since
 * the next step is the user's (nothing here writes to a damaged store).
 */
static int
sq_err(struct store *st, struct diag *d, const char *what)
{
	int	code = sqlite3_errcode(SQ(st)) & 0xff, sys;

	sys = sqlite3_system_errno(SQ(st));
	/* Read without locks (sq_open_ro): a writer may have come since. */
	if (code == SQLITE_CORRUPT && st->readonly &&
	    sqlite3_uri_boolean(sqlite3_db_filename(SQ(st), "main"),
	    "immutable", 0))
		return diag_set(d, st->path, 0, "database: %s: %s (the store "
		    "is read without locks, as this user may not write it, and "
		    "it changed meanwhile: try again)", what,
		    sqlite3_errmsg(SQ(st)));
	if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
		return diag_set(d, st->path, 0, "database: %s: %s (the store "
		    "is damaged or not a benchreport database; it was left as "
		    "it is: keep a copy, and try `sqlite3 FILE .recover`)",
		    what, sqlite3_errmsg(SQ(st)));
	if (code == SQLITE_FULL || sys == ENOSPC || sys == EDQUOT)
		return diag_set(d, st->path, 0, "database: %s: the disk is full "
		    "(%s): free some space and try again; nothing was changed",
		    what, strerror(sys != 0 ? sys : ENOSPC));
	if (code == SQLITE_BUSY || code == SQLITE_LOCKED)
		return diag_set(d, st->path, 0, "database: %s: another process "
		    "held the store's lock for %d s; try again", what,
		    STORE_BUSY_MS / 1000);
	if (sys != 0 && (code == SQLITE_CANTOPEN || code == SQLITE_IOERR ||
	    code == SQLITE_READONLY))
		return diag_set(d, st->path, 0, "database: %s: %s (%s)", what,
		    sqlite3_errmsg(SQ(st)), strerror(sys));
	return diag_set(d, st->path, 0, "database: %s: %s", what,
	    sqlite3_errmsg(SQ(st)));
}

/*
 * Create the directories above path that are missing, private (0700):
 * the database holds hardware inventories of the user's machines.
 */
static int
sq_mkdirs(const char *path, struct diag *d)
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

/*
 * A failed statement: what it did in words ("cannot read", "cannot
 * write"), the reason, and the SQL as the detail -v shows.
 */
static int
sq_stmt_err(struct store *st, struct diag *d, const char *sql)
{
	const char	*what = "cannot write";

	if (sql == NULL)
		sql = "";
	if (strncmp(sql, "SELECT", 6) == 0 || strncmp(sql, "WITH", 4) == 0 ||
	    (strncmp(sql, "PRAGMA", 6) == 0 && strchr(sql, '=') == NULL))
		what = "cannot read";
	else if (strncmp(sql, "COMMIT", 6) == 0)
		what = "cannot commit";
	else if (strncmp(sql, "BEGIN", 5) == 0)
		what = "cannot start a transaction";
	else if (strncmp(sql, "PRAGMA", 6) == 0)
		what = "cannot set up the connection";
	sq_err(st, d, what);
	diag_detail(d, sql);
	return -1;
}

static int
sq_exec(struct store *st, const char *sql, struct diag *d)
{
	if (sqlite3_exec(SQ(st), sql, NULL, NULL, NULL) != SQLITE_OK)
		return sq_stmt_err(st, d, sql);
	return 0;
}

static int
sq_prepare(struct store *st, const char *sql, struct store_stmt **out,
    struct diag *d)
{
	sqlite3_stmt	*s = NULL;
	size_t		 len = strlen(sql), rl = strlen(SQ_RETURNING);
	bool		 rowid;

	rowid = strncmp(sql, "INSERT ", 7) == 0 && len > rl &&
	    strcmp(sql + len - rl, SQ_RETURNING) == 0;
	if (rowid)
		len -= rl;
	if (sqlite3_prepare_v2(SQ(st), sql, (int)len, &s, NULL) != SQLITE_OK)
		return sq_stmt_err(st, d, sql);
	*out = xcalloc(1, sizeof(**out));
	(*out)->s = s;
	(*out)->rowid = rowid;
	return 0;
}

/* No clear_bindings: every parameter is bound, or the call fails. */
static int
sq_execute(struct store *st, struct store_stmt *stmt,
    const struct store_param *p, int n, struct diag *d)
{
	int	i, rc = SQLITE_OK;

	stmt->started = false;
	stmt->given = 0;
	if (sqlite3_reset(stmt->s) != SQLITE_OK)
		return sq_err(st, d, "reset");
	for (i = 0; i < n && rc == SQLITE_OK; i++) {
		switch (p[i].type) {
		case 't':
			rc = sqlite3_bind_text(stmt->s, i + 1, p[i].s, -1,
			    SQLITE_STATIC);
			break;
		case 'b':
			rc = sqlite3_bind_blob(stmt->s, i + 1, p[i].s,
			    (int)p[i].len, SQLITE_STATIC);
			break;
		case 'i':
			rc = sqlite3_bind_int64(stmt->s, i + 1, p[i].i);
			break;
		case 'f':
			rc = sqlite3_bind_double(stmt->s, i + 1, p[i].v);
			break;
		default:
			rc = sqlite3_bind_null(stmt->s, i + 1);
			break;
		}
	}
	/* A type string that does not match the SQL is a programming error. */
	if (rc == SQLITE_OK && n != sqlite3_bind_parameter_count(stmt->s))
		rc = SQLITE_RANGE;
	if (rc != SQLITE_OK)
		return sq_err(st, d, "bind");
	return 0;
}

static int
sq_next(struct store *st, struct store_stmt *stmt, struct diag *d)
{
	int	step;

	stmt->started = true;
	if (stmt->rowid && stmt->given > 0)
		return 0;	/* the one row was given */
	if ((step = sqlite3_step(stmt->s)) == SQLITE_ROW)
		return 1;
	if (step == SQLITE_DONE && stmt->rowid) {
		stmt->given = 1;
		stmt->id = sqlite3_last_insert_rowid(SQ(st));
		return 1;
	}
	if (step == SQLITE_DONE)
		return 0;
	return sq_stmt_err(st, d, sqlite3_sql(stmt->s));
}

static bool
sq_isnull(struct store_stmt *stmt, int col)
{
	if (stmt->rowid)
		return false;
	return sqlite3_column_type(stmt->s, col) == SQLITE_NULL;
}

static const char *
sq_text(struct store_stmt *stmt, int col)
{
	const unsigned char	*s;

	if (stmt->rowid) {
		snprintf(stmt->idtext, sizeof(stmt->idtext), "%lld",
		    (long long)stmt->id);
		return stmt->idtext;
	}
	if (sqlite3_column_type(stmt->s, col) == SQLITE_NULL)
		return NULL;
	s = sqlite3_column_text(stmt->s, col);
	return s != NULL ? (const char *)s : "";
}

static const void *
sq_blob(struct store_stmt *stmt, int col, size_t *len)
{
	const void	*p;

	*len = 0;
	if (sqlite3_column_type(stmt->s, col) == SQLITE_NULL)
		return NULL;
	p = sqlite3_column_blob(stmt->s, col);
	*len = (size_t)sqlite3_column_bytes(stmt->s, col);
	return p;
}

static int64_t
sq_int64(struct store_stmt *stmt, int col)
{
	if (stmt->rowid)
		return stmt->id;
	return sqlite3_column_int64(stmt->s, col);
}

static double
sq_dbl(struct store_stmt *stmt, int col)
{
	if (stmt->rowid)
		return (double)stmt->id;
	return sqlite3_column_double(stmt->s, col);
}

static void
sq_finalize(struct store_stmt *stmt)
{
	sqlite3_finalize(stmt->s);
	free(stmt);
}

static int
sq_begin_write(struct store *st, struct diag *d)
{
	if (st->full)
		return diag_set(d, st->path, 0, "database: cannot write: the "
		    "disk is full (%s): free some space and try again; nothing "
		    "was changed", strerror(ENOSPC));
	if (st->readonly)
		return diag_set(d, st->path, 0, "database is read-only (the "
		    "file or its file system cannot be written): nothing "
		    "was changed");
	/* IMMEDIATE: the write lock now, so a duplicate check holds. */
	return sq_exec(st, "BEGIN IMMEDIATE", d);
}

static int
sq_begin_read(struct store *st, struct diag *d)
{
	return sq_exec(st, "BEGIN", d);
}

/*
 * The first import into a store this very connection created writes its
 * pages straight into the file, under a rollback journal, instead of
 * into the WAL and then, at close, again into the file: the journal
 * holds only the few pages the empty schema had, and the data is written
 * and synced once (a tenth off a large import's time). Leaving WAL needs
 * the only connection to the file; when another process has it open
 * already (several importers creating one store at once) the switch
 * fails at once, without waiting, and the import goes through the WAL as
 * any other.
 */
static void
sq_in_place(struct store *st)
{
	sqlite3_stmt		*stmt = NULL;
	const unsigned char	*mode;

	if (st->tmp != NULL)
		st->tmp_used = true;
	if (!st->created || st->tmp != NULL)
		return;
	(void)sqlite3_busy_timeout(SQ(st), 0);
	if (sqlite3_prepare_v2(SQ(st), "PRAGMA journal_mode = DELETE", -1,
	    &stmt, NULL) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW &&
	    (mode = sqlite3_column_text(stmt, 0)) != NULL &&
	    strcmp((const char *)mode, "delete") == 0)
		st->in_place = true;
	sqlite3_finalize(stmt);
	(void)sqlite3_busy_timeout(SQ(st), STORE_BUSY_MS);
}

/* BEGIN IMMEDIATE has serialised every writer already. */
static int
sq_lock_source(struct store *st, const char *sha, struct diag *d)
{
	return 0;
}

/*
 * Every parent id an import writes is the rowid it has just inserted in
 * its transaction, and value->system is checked against the systems
 * written: the per-row foreign-key lookups (and the statement journal
 * they bring) would only repeat that. The pragma is a no-op inside a
 * transaction, hence before BEGIN; it is back on as soon as the import
 * ends, for deletion relies on the cascades. Setting it outside a
 * transaction has no failure mode but misuse; nor has cache_size.
 */
static void
sq_import_mode(struct store *st, bool importing)
{
	if (importing)
		sq_in_place(st);
	else if (st->in_place) {
		/*
		 * Back to WAL for every later use. Should another process
		 * hold the file now, its own open switches it (sq_wal); the
		 * rollback journal is as safe meanwhile, so no error.
		 */
		struct diag	quiet = { 0 };

		(void)sq_wal(st, &quiet);
		diag_clear(&quiet);
		st->in_place = false;
	}
	st->created = false;
	(void)sqlite3_exec(SQ(st), importing ? "PRAGMA foreign_keys = OFF" :
	    "PRAGMA foreign_keys = ON", NULL, NULL, NULL);
	/*
	 * An import appends: 1 MiB of page cache writes it as fast as the
	 * default 2 MiB (measured down to 0.5 MiB, which costs a tenth
	 * more) and keeps a megabyte off its peak memory.
	 */
	(void)sqlite3_exec(SQ(st), importing ? "PRAGMA cache_size = -1024" :
	    "PRAGMA cache_size = -2000", NULL, NULL, NULL);
}

static void
sq_close(struct store *st)
{
	struct diag	quiet = { 0 };

	/*
	 * A new store no import committed to is made public empty, as an
	 * open of an existing empty store leaves it. When an import was
	 * tried and failed, the file is not trusted (a rollback from a
	 * journal in memory that fails half-way, as on a full disk, leaves
	 * its pages as they were when it stopped): it is dropped and an
	 * empty one made in its place. Should either fail, there is simply
	 * no store yet.
	 */
	if (st->tmp != NULL && st->tmp_used) {
		sq_discard(st);
		st->tmp_used = false;
		if (sq_open_new(st, &quiet) != 0) {
			diag_clear(&quiet);
			return;
		}
	}
	if (st->tmp != NULL) {
		if (sq_publish(st, &quiet) == -1)
			sq_discard(st);
		diag_clear(&quiet);
		return;
	}
	/* Close always succeeds once every statement is finalised. */
	(void)sqlite3_close(SQ(st));
	st->be = NULL;
}

/*
 * A store that did not exist when this command opened it is made under a
 * temporary name beside its own (PATH.tmpXXXXXX), with its rollback
 * journal in memory and no syncs: until it has a name nobody opens it,
 * and a crash leaves only that temporary file, never a store that looks
 * whole and is not. sq_publish switches it to WAL, syncs it once and
 * links it to its name; the one sync stands where creating the file, its
 * switch to WAL, each migration step and the first import's commit and
 * checkpoint synced before. Creators hold a lock (sq_lock_new) from the
 * check that the store is missing until it has its name, so a second
 * command creating the same store waits and then opens the one made.
 * Returns 0 with st->tmp set, 1 when the store is to be opened where it
 * is (it was made meanwhile, or no lock can be had, or the directory
 * cannot be written: the ordinary open then creates it or says why not), or -1
 * with d.
 */
static int
sq_open_new(struct store *st, struct diag *d)
{
	struct stat	 sb;
	sqlite3		*db = NULL;
	mode_t		 mask;
	int		 fd;

	if (sq_lock_new(st) == -1)
		return 1;
	if (lstat(st->path, &sb) == 0 || errno != ENOENT) {
		sq_unlock_new(st);
		return 1;
	}
	sq_sweep(st->path);
	st->tmp = xasprintf("%s.tmpXXXXXX", st->path);
	if ((fd = mkstemp(st->tmp)) == -1) {
		free(st->tmp);
		st->tmp = NULL;
		sq_unlock_new(st);
		return 1;
	}
	/* The mode SQLite gives a file it creates (0644 less the umask). */
	mask = umask(0);
	(void)umask(mask);
	(void)fchmod(fd, 0644 & ~mask);
	(void)close(fd);
	if (sqlite3_open_v2(st->tmp, &db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX,
	    NULL) != SQLITE_OK) {
		st->be = db;
		if (db == NULL)
			diag_set(d, st->path, 0, "database: cannot open");
		else
			sq_err(st, d, "open");
		sq_discard(st);
		return -1;
	}
	st->be = db;
	(void)sqlite3_extended_result_codes(db, 1);
	if (sq_exec(st, "PRAGMA page_size = " STORE_PAGE_SIZE, d) == -1 ||
	    sq_exec(st, "PRAGMA synchronous = OFF", d) == -1 ||
	    sq_exec(st, "PRAGMA journal_mode = MEMORY", d) == -1 ||
	    sq_create(st, d) == -1 ||
	    sq_exec(st, "PRAGMA foreign_keys = ON", d) == -1) {
		sq_discard(st);
		return -1;
	}
	return 0;
}

/*
 * Give the new store st->tmp its name: WAL from here on (written into the
 * file's header; the close checkpoints nothing), one fsync of the whole
 * file, then link(2), which never replaces a file at the name, and the
 * temporary name goes. A crash before the link leaves the temporary file
 * alone; after it, a whole store. The connection is closed (st->be is
 * NULL) on success; on failure d says why and the caller discards.
 */
static int
sq_publish(struct store *st, struct diag *d)
{
	struct diag	 quiet = { 0 };
	int		 fd, rc;

	/*
	 * Where the switch cannot be made (a full disk: no room for the
	 * -wal), the file stays in rollback mode, as whole, and the next
	 * open that may write switches it (sq_wal).
	 */
	(void)sq_exec(st, "PRAGMA journal_mode = WAL", &quiet);
	diag_clear(&quiet);
	if (sqlite3_close(SQ(st)) != SQLITE_OK)
		return sq_err(st, d, "close");
	st->be = NULL;
	if ((fd = open(st->tmp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) == -1)
		return diag_set(d, st->path, 0, "database: cannot create: %s",
		    strerror(errno));
	rc = fsync(fd);
	(void)close(fd);
	if (rc == -1 || link(st->tmp, st->path) == -1)
		return diag_set(d, st->path, 0, "database: cannot create: %s",
		    strerror(errno));
	(void)unlink(st->tmp);
	free(st->tmp);
	st->tmp = NULL;
	sq_unlock_new(st);
	return 0;
}

/* Drop a new store that never got its name, and its lock. */
static void
sq_discard(struct store *st)
{
	char	*side;

	if (st->be != NULL)
		(void)sqlite3_close(SQ(st));
	st->be = NULL;
	if (st->tmp != NULL) {
		(void)unlink(st->tmp);
		side = xasprintf("%s-wal", st->tmp);
		(void)unlink(side);
		free(side);
		side = xasprintf("%s-shm", st->tmp);
		(void)unlink(side);
		free(side);
		free(st->tmp);
		st->tmp = NULL;
	}
	sq_unlock_new(st);
}

/*
 * Creating a store is serialised by flock(2) on PATH.lock, which only
 * creators use and whose holder removes it before it lets go. A waiter
 * may so wake up holding a file no longer at that name, while another
 * process holds a new one: it tries again, so the lock that counts is
 * always the one on the file at the name. A crash leaves the file
 * unlocked, and the next creator takes it over. -1 when no lock can be
 * had (a directory this user may not write).
 */
static int
sq_lock_new(struct store *st)
{
	struct stat	 held, named;
	char		*name;
	int		 fd, rc = -1;

	name = xasprintf("%s.lock", st->path);
	for (;;) {
		fd = open(name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC,
		    0600);
		if (fd == -1)
			break;
		if (flock(fd, LOCK_EX) == -1 || fstat(fd, &held) == -1) {
			(void)close(fd);
			break;
		}
		if (lstat(name, &named) == 0 && named.st_dev == held.st_dev &&
		    named.st_ino == held.st_ino) {
			st->lockfd = fd;
			rc = 0;
			break;
		}
		(void)close(fd);
	}
	free(name);
	return rc;
}

/*
 * Remove what creators that died left: every PATH.tmpXXXXXX beside the
 * store's name (mkstemp's six letters and digits) that is a regular file
 * of this user, empty or an SQLite file. Called holding the creators'
 * lock with no store at PATH, so no living creator owns one of them:
 * each holds the lock from making its file until the file has the name.
 */
static void
sq_sweep(const char *path)
{
	const char	*slash, *base;
	struct dirent	*e;
	struct stat	 sb;
	char		*dir, *full, head[16];
	size_t		 blen, i;
	DIR		*dp;
	int		 fd;

	slash = strrchr(path, '/');
	base = slash != NULL ? slash + 1 : path;
	dir = slash == NULL ? xstrdup(".") : slash == path ? xstrdup("/") :
	    xstrndup(path, (size_t)(slash - path));
	blen = strlen(base);
	if ((dp = opendir(dir)) == NULL) {
		free(dir);
		return;
	}
	while ((e = readdir(dp)) != NULL) {
		if (strncmp(e->d_name, base, blen) != 0 ||
		    strncmp(e->d_name + blen, ".tmp", 4) != 0 ||
		    strlen(e->d_name + blen + 4) != 6)
			continue;
		for (i = blen + 4; e->d_name[i] != '\0'; i++)
			if (!isalnum((unsigned char)e->d_name[i]))
				break;
		if (e->d_name[i] != '\0')
			continue;
		full = xasprintf("%s/%s", dir, e->d_name);
		fd = open(full, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
		if (fd != -1 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) &&
		    sb.st_uid == geteuid() && (sb.st_size == 0 ||
		    (read(fd, head, sizeof(head)) == (ssize_t)sizeof(head) &&
		    memcmp(head, "SQLite format 3", sizeof(head)) == 0)))
			(void)unlink(full);
		if (fd != -1)
			(void)close(fd);
		free(full);
	}
	(void)closedir(dp);
	free(dir);
}

/* Remove PATH.lock and let go of it (nothing when it is not held). */
static void
sq_unlock_new(struct store *st)
{
	char	*name;

	if (st->lockfd == -1)
		return;
	name = xasprintf("%s.lock", st->path);
	(void)unlink(name);
	free(name);
	(void)close(st->lockfd);
	st->lockfd = -1;
}

/*
 * After an import's COMMIT: a store this command created gets its name
 * now, with that import in it, and is opened again under that name
 * (SQLite names its -wal and -shm after the name it opened).
 */
static int
sq_committed(struct store *st, struct diag *d)
{
	if (st->tmp == NULL)
		return 0;
	st->created = false;
	if (sq_publish(st, d) == -1) {
		sq_discard(st);
		return -1;
	}
	return sq_open_path(st, d);
}

static int
sq_version(struct store *st, int *version, struct diag *d)
{
	sqlite3_stmt	*stmt = NULL;
	int		 rc = -1;

	if (sqlite3_prepare_v2(SQ(st), "PRAGMA user_version", -1, &stmt,
	    NULL) != SQLITE_OK || sqlite3_step(stmt) != SQLITE_ROW)
		sq_err(st, d, "reading user_version");
	else {
		*version = sqlite3_column_int(stmt, 0);
		rc = 0;
	}
	sqlite3_finalize(stmt);
	return rc;
}

/*
 * Version 3: the rows of table (owner, [axis,] pos, value) become packed
 * text in column col of the owner's row, in order; the table goes.
 */
static int
sq_pack(struct store *st, const char *table, const char *axis,
    const char *upd, struct diag *d)
{
	sqlite3_stmt	*sel = NULL, *put = NULL;
	struct dbl_list	 l = { NULL, 0, 0 };
	struct strbuf	 sql;
	int64_t		 owner = 0, cur;
	unsigned char	*packed;
	size_t		 len;
	int		 step, rc = -1;

	strbuf_init(&sql);
	strbuf_printf(&sql, "SELECT %s, value FROM %s%s%s ORDER BY 1, pos",
	    axis != NULL ? "series_id" : "result_id", table,
	    axis != NULL ? " WHERE axis = " : "", axis != NULL ? axis : "");
	if (sqlite3_prepare_v2(SQ(st), strbuf_str(&sql), -1, &sel, NULL) !=
	    SQLITE_OK || sqlite3_prepare_v2(SQ(st), upd, -1, &put, NULL) !=
	    SQLITE_OK) {
		sq_err(st, d, "migrating to version 3");
		goto out;
	}
	for (;;) {
		step = sqlite3_step(sel);
		cur = step == SQLITE_ROW ? sqlite3_column_int64(sel, 0) : 0;
		if (l.len > 0 && (step != SQLITE_ROW || cur != owner)) {
			packed = store_pack_dbls(&l, &len);
			step = sqlite3_reset(put) != SQLITE_OK ||
			    sqlite3_bind_blob(put, 1, packed, (int)len, free) !=
			    SQLITE_OK || sqlite3_bind_int64(put, 2, owner) !=
			    SQLITE_OK || sqlite3_step(put) != SQLITE_DONE ?
			    SQLITE_ERROR : step;
			l.len = 0;
		}
		if (step != SQLITE_ROW)
			break;
		owner = cur;
		dbl_list_add(&l, sqlite3_column_type(sel, 1) == SQLITE_NULL ?
		    NAN : sqlite3_column_double(sel, 1));
	}
	if (step != SQLITE_DONE) {
		sq_err(st, d, "migrating to version 3");
		goto out;
	}
	rc = 0;
out:
	free(l.v);
	strbuf_free(&sql);
	sqlite3_finalize(sel);
	sqlite3_finalize(put);
	return rc;
}

/*
 * Make result_sets AUTOINCREMENT, so that the ID of a deleted set (the
 * highest one, which SQLite would give again) is never reused. SQLite
 * cannot change a key, so the table is copied into one made from its
 * own CREATE statement with AUTOINCREMENT added (columns added since
 * stay), and its indexes and triggers are made again. Runs inside the
 * migration's transaction, without foreign-key enforcement (dropping
 * the old table would otherwise delete every set's rows).
 */
static int
sq_autoincrement(struct store *st, struct diag *d)
{
	static const char	 key[] = "id INTEGER PRIMARY KEY,";
	sqlite3_stmt		*q = NULL;
	struct strbuf		 sb, redo;
	const char		*sql, *at;
	int			 rc = -1;

	strbuf_init(&sb);
	strbuf_init(&redo);
	if (sqlite3_prepare_v2(SQ(st), "SELECT type, sql FROM sqlite_master "
	    "WHERE tbl_name = 'result_sets' AND sql IS NOT NULL ORDER BY "
	    "type = 'table' DESC", -1, &q, NULL) != SQLITE_OK) {
		sq_stmt_err(st, d, "SELECT sql FROM sqlite_master");
		goto out;
	}
	while (sqlite3_step(q) == SQLITE_ROW) {
		sql = (const char *)sqlite3_column_text(q, 1);
		if (strcmp((const char *)sqlite3_column_text(q, 0), "table") != 0) {
			strbuf_printf(&redo, "%s;", sql);
			continue;
		}
		if ((at = strstr(sql, key)) == NULL ||
		    strncmp(sql, "CREATE TABLE result_sets (", 26) != 0) {
			diag_set(d, st->path, 0, "database: result_sets is not "
			    "as this program made it; it was left as it is");
			goto out;
		}
		strbuf_adds(&sb, "CREATE TABLE result_sets_ai (");
		strbuf_add(&sb, sql + 26, (size_t)(at - sql) - 26);
		strbuf_adds(&sb, "id INTEGER PRIMARY KEY AUTOINCREMENT,");
		strbuf_adds(&sb, at + sizeof(key) - 1);
		strbuf_adds(&sb, ";INSERT INTO result_sets_ai SELECT * FROM "
		    "result_sets ORDER BY id;DROP TABLE result_sets;ALTER TABLE "
		    "result_sets_ai RENAME TO result_sets;");
	}
	if (sb.len == 0) {
		diag_set(d, st->path, 0, "database: no table result_sets");
		goto out;
	}
	strbuf_adds(&sb, strbuf_str(&redo));
	sqlite3_finalize(q);
	q = NULL;
	if (sq_exec(st, strbuf_str(&sb), d) == -1)
		goto out;
	rc = 0;
out:
	sqlite3_finalize(q);
	strbuf_free(&sb);
	strbuf_free(&redo);
	return rc;
}

/* benchreport_test_key(identifier, title, arguments, unit) for migrations. */
static void
sq_test_key_fn(sqlite3_context *ctx, int argc, sqlite3_value **argv)
{
	const char	*f[4];
	int		 i;

	for (i = 0; i < 4 && i < argc; i++)
		f[i] = (const char *)sqlite3_value_text(argv[i]);
	sqlite3_result_int64(ctx, store_test_key(f[0], f[1], f[2], f[3]));
}

/*
 * Bring the schema up to date, one transaction per migration step. The
 * version is read inside the write transaction, so when two processes
 * open a new database at once, only one of them migrates each step.
 */
static int
sq_migrate(struct store *st, struct diag *d)
{
	char	*pragma = NULL;
	int	 version, rc = -1;

	for (;;) {
		if (sq_exec(st, "BEGIN IMMEDIATE", d) == -1)
			goto out;
		if (sq_version(st, &version, d) == -1)
			goto fail;
		if (version == 0)
			st->created = true;
		if (version > store_sqlite_nmigrations) {
			diag_set(d, st->path, 0, "database schema version %d is "
			    "newer than this program understands (%d)", version,
			    store_sqlite_nmigrations);
			goto fail;
		}
		if (version == store_sqlite_nmigrations)
			break;
		free(pragma);
		pragma = xasprintf("PRAGMA user_version = %d", version + 1);
		/* The step that keys the values calls back into C. */
		if (strstr(store_sqlite_migrations[version], "benchreport_test_key") !=
		    NULL && sqlite3_create_function_v2(SQ(st),
		    "benchreport_test_key", 4, SQLITE_UTF8 |
		    SQLITE_DETERMINISTIC, NULL, sq_test_key_fn, NULL, NULL,
		    NULL) != SQLITE_OK) {
			sq_err(st, d, "registering benchreport_test_key");
			goto fail;
		}
		if (sq_exec(st, store_sqlite_migrations[version], d) == -1)
			goto fail;
		if (version == 2 && (sq_pack(st, "runs", NULL, "UPDATE results "
		    "SET runs = ? WHERE id = ?", d) == -1 ||
		    sq_pack(st, "series_points", "'x'", "UPDATE series SET "
		    "x = ? WHERE id = ?", d) == -1 ||
		    sq_pack(st, "series_points", "'y'", "UPDATE series SET "
		    "y = ? WHERE id = ?", d) == -1 ||
		    sq_exec(st, "DROP TABLE runs; DROP TABLE series_points", d) ==
		    -1))
			goto fail;
		if (strcmp(store_sqlite_migrations[version], STORE_SQLITE_STEP_AUTOINCREMENT) ==
		    0 && sq_autoincrement(st, d) == -1)
			goto fail;
		if (sq_exec(st, pragma, d) == -1 || sq_exec(st, "COMMIT", d) == -1)
			goto fail;
	}
	if (sq_exec(st, "COMMIT", d) == -1)
		goto fail;
	rc = 0;
	goto out;
fail:
	/* Nothing of the failed step remains; earlier steps stay committed. */
	(void)sqlite3_exec(SQ(st), "ROLLBACK", NULL, NULL, NULL);
out:
	free(pragma);
	return rc;
}

/*
 * Make the current schema in a store nobody else can see yet (the
 * temporary file of sq_open_new): one transaction, store_sqlite_schema and the
 * version the migrations would have reached.
 */
static int
sq_create(struct store *st, struct diag *d)
{
	char	*sql;
	int	 rc;

	sql = xasprintf("BEGIN;%sPRAGMA user_version = %d;COMMIT",
	    store_sqlite_schema, store_sqlite_nmigrations);
	rc = sq_exec(st, sql, d);
	free(sql);
	if (rc == -1)
		(void)sqlite3_exec(SQ(st), "ROLLBACK", NULL, NULL, NULL);
	else
		st->created = true;
	return rc;
}

/*
 * Switch to WAL. The switch needs an exclusive lock, and SQLite does not
 * always call the busy handler for it (two processes creating the same
 * database at once), so retry here for as long as the busy timeout.
 */
static int
sq_wal(struct store *st, struct diag *d)
{
	sqlite3_stmt		*stmt = NULL;
	const unsigned char	*mode;
	int			 step, waited, rc = -1;

	if (sqlite3_prepare_v2(SQ(st), "PRAGMA journal_mode = WAL", -1, &stmt,
	    NULL) != SQLITE_OK)
		return sq_err(st, d, "prepare");
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
		sq_stmt_err(st, d, "PRAGMA journal_mode = WAL");
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
store_sqlite_open(struct store *st, const char *path, struct diag *d)
{
	struct stat	sb;
	int		rc;

	st->ops = &store_sqlite_ops;
	st->path = xstrdup(path);
	st->lockfd = -1;
	if (sq_mkdirs(path, d) == -1)
		return -1;
	if (lstat(path, &sb) == -1 && errno == ENOENT &&
	    (rc = sq_open_new(st, d)) != 1)
		return rc;
	return sq_open_path(st, d);
}

/* Open st->path read-write (or read-only where it must be), and migrate. */
static int
sq_open_path(struct store *st, struct diag *d)
{
	const char	*path = st->path;
	sqlite3		*db = NULL;

	/*
	 * NOMUTEX: a struct store is used by one thread at a time, so the
	 * per-call connection mutex is pure cost (a tenth of an import).
	 */
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX,
	    NULL) != SQLITE_OK) {
		st->be = db;
		if (db == NULL)
			return diag_set(d, path, 0, "database: cannot open");
		return sq_err(st, d, "open");
	}
	st->be = db;
	(void)sqlite3_extended_result_codes(db, 1);
	/* Another import may hold the write lock: wait rather than fail. */
	if (sqlite3_busy_timeout(db, STORE_BUSY_MS) != SQLITE_OK)
		return sq_err(st, d, "busy timeout");
	/*
	 * SQLite opens a file it may not write read-only. WAL needs its
	 * shared-memory file next to the database, so reopen read-only
	 * explicitly: list, show and export still work; imports fail clearly.
	 */
	if (sqlite3_db_readonly(db, "main") == 1)
		return sq_open_ro(st, d);
	/*
	 * synchronous first: creating a new file's header before the switch
	 * to WAL then costs one fsync fewer. The page size counts only for a
	 * new file (an existing one keeps its own): 16 KiB pages take a
	 * tenth off an import against 8 KiB, and 8 KiB a tenth against 4
	 * KiB (fewer pages to split, log and checkpoint, fewer write calls),
	 * and read back as fast; 32 KiB gains nothing more, 64 KiB is
	 * slower. An empty store is 432 KiB instead of 216.
	 */
	if (sq_exec(st, "PRAGMA page_size = " STORE_PAGE_SIZE, d) == -1 ||
	    sq_exec(st, "PRAGMA synchronous = NORMAL", d) == -1 ||
	    sq_wal(st, d) == -1 || sq_migrate(st, d) == -1)
		return sq_open_full(st, d);
	/* After the migrations: one of them copies a table (4 -> 5). */
	return sq_exec(st, "PRAGMA foreign_keys = ON", d);
}

/*
 * Reopen st->path read-only, for a user who may read the store but not
 * write it, leaving nothing behind: a -wal or -shm file this user made
 * would belong to this user, and the owner could then neither write it
 * (every later import and even list fail: "attempt to write a readonly
 * database") nor, in a sticky directory, remove it. SQLite's documented
 * ways to read a WAL database read-only (wal.html, "Read-Only
 * Databases") are an existing -wal and -shm, or the immutable parameter.
 * So: with no -wal (or an empty one) and no -journal, nothing is left to
 * recover and the file alone is the store: for a user who may not write
 * the file (or on a full disk) it is opened immutable (no locks, no -wal,
 * no -shm); one who may write it reads as a WAL reader. With a -wal and its
 * -shm, a writer is at work: they are used read-only as they are. A
 * -wal without its -shm (a writer that crashed) is refused, since
 * reading it would create the -shm. A database that would need
 * migrating cannot be used read-only either.
 */
static int
sq_open_ro(struct store *st, struct diag *d)
{
	struct stat	 sb;
	sqlite3		*db = NULL;
	char		*wal, *shm, *journal, *uri, *p, *q;
	bool		 immutable, has_shm;
	int		 rc;

	(void)sqlite3_close(SQ(st));
	st->be = NULL;
	st->readonly = true;
	wal = xasprintf("%s-wal", st->path);
	shm = xasprintf("%s-shm", st->path);
	journal = xasprintf("%s-journal", st->path);
	immutable = (lstat(wal, &sb) == -1 ? errno == ENOENT :
	    sb.st_size == 0) && lstat(journal, &sb) == -1 && errno == ENOENT;
	/*
	 * Only where a -shm of ours would be left for the owner (the file is
	 * not ours to write) or could not be made (a full disk): a reader
	 * that may write it reads through the WAL beside the writers, and so
	 * sees their later commits, which an immutable one would not.
	 */
	if (immutable && !st->full && access(st->path, W_OK) == 0)
		immutable = false;
	has_shm = lstat(shm, &sb) == 0;
	free(wal);
	free(shm);
	free(journal);
	if (!immutable && !has_shm)
		return diag_set(d, st->path, 0, "database: cannot read it "
		    "read-only: its -wal file has no -shm file beside it (a "
		    "writer stopped short); its owner's next command "
		    "recovers it");
	/* A URI: escape what URIs give a meaning to. */
	uri = xmalloc(strlen(st->path) * 3 + 32);
	q = uri + sprintf(uri, "file:");
	for (p = st->path; *p != '\0'; p++) {
		if (*p == '%' || *p == '?' || *p == '#')
			q += sprintf(q, "%%%02X", (unsigned char)*p);
		else
			*q++ = *p;
	}
	sprintf(q, "?mode=ro%s", immutable ? "&immutable=1" : "");
	rc = sqlite3_open_v2(uri, &db, SQLITE_OPEN_READONLY |
	    SQLITE_OPEN_URI | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX, NULL);
	free(uri);
	st->be = db;
	if (rc != SQLITE_OK) {
		if (db == NULL)
			return diag_set(d, st->path, 0, "database: cannot open");
		return sq_err(st, d, "open read-only");
	}
	(void)sqlite3_extended_result_codes(db, 1);
	if (sqlite3_busy_timeout(db, STORE_BUSY_MS) != SQLITE_OK)
		return sq_err(st, d, "busy timeout");
	return sq_check_version(st, d);
}

int
store_sqlite_open_ro(struct store *st, const char *path, struct diag *d)
{
	st->ops = &store_sqlite_ops;
	st->path = xstrdup(path);
	return sq_open_ro(st, d);
}

/*
 * The set-up of a read-write open failed (d says why). On a full disk
 * the WAL's shared memory cannot grow, so even a read failed; when no
 * write is pending in a -wal the file alone is the store, and it is read
 * as a read-only store is (list, show and export work; an import says
 * the disk is full). Otherwise d stands and -1 is returned.
 */
static int
sq_open_full(struct store *st, struct diag *d)
{
	struct diag	ro;
	int		code, sys;

	code = SQ(st) != NULL ? sqlite3_errcode(SQ(st)) & 0xff : SQLITE_OK;
	sys = SQ(st) != NULL ? sqlite3_system_errno(SQ(st)) : 0;
	if (code != SQLITE_FULL && sys != ENOSPC && sys != EDQUOT)
		return -1;
	diag_clear(&ro);
	st->full = true;
	if (sq_open_ro(st, &ro) == -1) {
		st->full = false;
		return -1;
	}
	diag_clear(d);
	return 0;
}

/* For a read-only store: its schema must be exactly ours. */
static int
sq_check_version(struct store *st, struct diag *d)
{
	int	version;

	if (sq_version(st, &version, d) == -1)
		return -1;
	if (version > store_sqlite_nmigrations)
		return diag_set(d, st->path, 0, "database schema version %d is "
		    "newer than this program understands (%d)", version,
		    store_sqlite_nmigrations);
	if (version < store_sqlite_nmigrations)
		return diag_set(d, st->path, 0, "database is read-only and at "
		    "schema version %d; this program needs %d: open it once "
		    "where it can be written, to migrate it", version,
		    store_sqlite_nmigrations);
	return 0;
}
