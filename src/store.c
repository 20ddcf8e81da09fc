/* SPDX-License-Identifier: ISC */
/*
 * The store whatever its backend: choosing one from what --db names, the
 * statement layer's shared half (parameters, columns, packed numbers),
 * loading a result set back into the model losslessly, listing and
 * deletion. The writes of an import are in store-import.c; the engines in
 * store-sqlite.c and store-pg.c. It does not parse files or normalise
 * metadata. docs/store.md explains the tables.
 */
#include <ctype.h>
#include <endian.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store-impl.h"
#include "strbuf.h"
#include "xalloc.h"

static int	 store_paramsv(struct store *, struct store_param *, int,
		    struct diag *, const char *, va_list);
static int	 store_queryv(struct store *, struct store_stmt *,
		    struct diag *, const char *, va_list);
static int	 store_load_systems(struct store *, int64_t, struct result_set *,
		    int64_t **, struct diag *);
static int	 store_load_tests(struct store *, int64_t, struct result_set *,
		    const int64_t *, struct diag *);
static int	 store_load_values(struct store *, struct store_stmt **, int64_t,
		    const struct result_set *, const int64_t *, const int64_t *,
		    struct diag *);
static size_t	 store_walk(const int64_t *, size_t, size_t, int64_t);
static int	 store_uri_check(const char *, struct diag *);

enum store_kind
store_kind(const char *spec, struct diag *d)
{
	static const char *const bare[] = { "file:", "sqlite:", "sqlite3:",
	    "postgres:", "postgresql:", NULL };
	static const char *const colonless[] = { "postgresql//", "postgres//",
	    "postgresql:/", "postgres:/", NULL };
	const char	*p;
	size_t		 i;

	if (strncmp(spec, "postgresql://", 13) == 0 ||
	    strncmp(spec, "postgres://", 11) == 0)
		return store_uri_check(spec, d) == 0 ? STORE_PG : STORE_BAD;
	/* A URI with its colon or a slash missing is a typo, not a path. */
	for (i = 0; colonless[i] != NULL; i++)
		if (strncmp(spec, colonless[i], strlen(colonless[i])) == 0) {
			diag_set(d, "", 0, "--db: %s...: not a PostgreSQL URI "
			    "(write postgresql://...; an SQLite store is a file "
			    "path)", colonless[i]);
			return STORE_BAD;
		}
	for (i = 0; bare[i] != NULL; i++)
		if (strncmp(spec, bare[i], strlen(bare[i])) == 0)
			goto bad;
	/* SCHEME://: a URI, never a directory named "SCHEME:". */
	for (p = spec; isalnum((unsigned char)*p) || *p == '+' || *p == '-' ||
	    *p == '.'; p++)
		;
	if (p > spec && isalpha((unsigned char)*spec) &&
	    strncmp(p, "://", 3) == 0)
		goto bad;
	return STORE_SQLITE;
bad:
	for (p = spec; *p != '\0' && *p != ':'; p++)
		;
	diag_set(d, "", 0, "--db: %.*s: URIs of this kind are not supported "
	    "(a PostgreSQL store is postgresql://..., an SQLite store is a "
	    "file path)", (int)(p - spec) + 1, spec);
	return STORE_BAD;
}

/*
 * Refuse a PostgreSQL URI that libpq would read differently from what
 * its writer meant, because a password holds a character the URI syntax
 * gives a meaning to: libpq would then take part of the password for a
 * host, port or database name and quote it in its error. A '%' must
 * start an escape of two hex digits; the user information ends at the
 * only '@', which no '/' precedes; each query parameter is one
 * KEY=VALUE. The message never quotes the URI.
 */
static int
store_uri_check(const char *uri, struct diag *d)
{
	const char	*p, *q, *rest, *slash, *at;
	size_t		 n, i, neq;

	for (p = uri; *p != '\0'; p++)
		if (*p == '%' && (!isxdigit((unsigned char)p[1]) ||
		    !isxdigit((unsigned char)p[2])))
			return diag_set(d, "", 0, "--db: the URI has a '%%' that "
			    "is not followed by two hex digits (percent-encode "
			    "'%%' in a password as %%25)");
	rest = strstr(uri, "://") + 3;
	slash = rest + strcspn(rest, "/");
	at = strchr(rest, '@');
	if (at != NULL && (at > slash || strchr(at + 1, '@') != NULL))
		return diag_set(d, "", 0, "--db: the URI's user name or password "
		    "holds a '/' or '@' (percent-encode them as %%2F and %%40)");
	if ((q = strchr(at != NULL ? at : rest, '?')) == NULL)
		return 0;
	for (p = q + 1; *p != '\0'; p += n + (p[n] == '&')) {
		n = strcspn(p, "&");
		for (i = 0, neq = 0; i < n; i++)
			neq += p[i] == '=';
		if (neq != 1)
			return diag_set(d, "", 0, "--db: each query parameter of "
			    "the URI must be one KEY=VALUE (percent-encode '&' "
			    "and '=' in a value as %%26 and %%3D)");
	}
	return 0;
}

/* Open spec into *out, read-only when ro (see store.h). 0 or -1 with d. */
static int
store_open_as(const char *spec, bool ro, struct store **out, struct diag *d)
{
	struct store	*st;
	enum store_kind	 kind;
	int		 rc;

	*out = NULL;
	if ((kind = store_kind(spec, d)) == STORE_BAD)
		return -1;
	st = xcalloc(1, sizeof(*st));
	if (kind == STORE_PG) {
		rc = store_pg_open(st, spec, d);
		/* The server refuses every write of this session. */
		if (ro && rc == 0)
			rc = store_exec(st, "SET default_transaction_read_only = on",
			    d);
		st->readonly = ro;
	} else
		rc = ro ? store_sqlite_open_ro(st, spec, d) :
		    store_sqlite_open(st, spec, d);
	if (rc == -1) {
		store_close(st);
		return -1;
	}
	*out = st;
	return 0;
}

int
store_open(const char *spec, struct store **out, struct diag *d)
{
	return store_open_as(spec, false, out, d);
}

int
store_open_readonly(const char *spec, struct store **out, struct diag *d)
{
	return store_open_as(spec, true, out, d);
}

void
store_close(struct store *st)
{
	if (st == NULL)
		return;
	if (st->ops != NULL && st->be != NULL)
		st->ops->close(st);
	free(st->path);
	free(st);
}

sqlite3 *
store_db(struct store *st)
{
	return st->ops == &store_sqlite_ops ? st->be : NULL;
}

int
store_exec(struct store *st, const char *sql, struct diag *d)
{
	return st->ops->exec(st, sql, d);
}

int
store_begin_write(struct store *st, struct diag *d)
{
	return st->ops->begin_write(st, d);
}

int
store_commit(struct store *st, struct diag *d)
{
	return st->ops->exec(st, "COMMIT", d);
}

void
store_rollback(struct store *st)
{
	struct diag	ignored;

	diag_clear(&ignored);
	(void)st->ops->exec(st, "ROLLBACK", &ignored);
}

int
store_prepare(struct store *st, struct store_stmt **stmt, const char *sql,
    struct diag *d)
{
	if (*stmt != NULL)
		return 0;
	return st->ops->prepare(st, sql, stmt, d);
}

void
store_finalize(struct store *st, struct store_stmt *stmt)
{
	if (stmt != NULL)
		st->ops->finalize(stmt);
}

/* The type string into p[0..max): how many, or -1 with d. */
static int
store_paramsv(struct store *st, struct store_param *p, int max,
    struct diag *d, const char *types, va_list ap)
{
	int64_t	i64;
	double	v;
	int	has, n;

	for (n = 0; *types != '\0'; types++, n++) {
		if (n == max)
			return diag_set(d, st->path, 0, "database: too many "
			    "parameters");
		memset(&p[n], 0, sizeof(p[n]));
		p[n].type = '0';
		switch (*types) {
		case 't':
			if ((p[n].s = va_arg(ap, const char *)) != NULL)
				p[n].type = 't';
			break;
		case 'b':
			p[n].s = va_arg(ap, const void *);
			p[n].len = va_arg(ap, size_t);
			if (p[n].s != NULL)
				p[n].type = 'b';
			break;
		case 'i':
			p[n].i = va_arg(ap, int64_t);
			p[n].type = 'i';
			break;
		case 'n':
			if ((i64 = va_arg(ap, int64_t)) > 0) {
				p[n].i = i64;
				p[n].type = 'i';
			}
			break;
		case 'd':
			has = va_arg(ap, int);
			v = va_arg(ap, double);
			if (has && !isnan(v)) {
				p[n].v = v;
				p[n].type = 'f';
			}
			break;
		default:
			return diag_set(d, st->path, 0, "database: bad "
			    "parameter type %c", *types);
		}
	}
	return n;
}

/* The type string into parameters; see store_query. */
static int
store_queryv(struct store *st, struct store_stmt *stmt, struct diag *d,
    const char *types, va_list ap)
{
	struct store_param	 p[STORE_MAXPARAMS];
	int			 n;

	if ((n = store_paramsv(st, p, STORE_MAXPARAMS, d, types, ap)) == -1)
		return -1;
	return st->ops->execute(st, stmt, p, n, d);
}

int
store_params(struct store *st, struct store_param *p, int max,
    struct diag *d, const char *types, ...)
{
	va_list	ap;
	int	n;

	va_start(ap, types);
	n = store_paramsv(st, p, max, d, types, ap);
	va_end(ap);
	return n;
}

int
store_run_params(struct store *st, struct store_stmt *stmt,
    const struct store_param *p, int n, struct diag *d)
{
	if (st->ops->execute(st, stmt, p, n, d) == -1 ||
	    st->ops->next(st, stmt, d) == -1)
		return -1;
	return 0;
}

int
store_query(struct store *st, struct store_stmt *stmt, struct diag *d,
    const char *types, ...)
{
	va_list	ap;
	int	rc;

	va_start(ap, types);
	rc = store_queryv(st, stmt, d, types, ap);
	va_end(ap);
	return rc;
}

int
store_run(struct store *st, struct store_stmt *stmt, struct diag *d,
    const char *types, ...)
{
	va_list	ap;
	int	rc;

	va_start(ap, types);
	rc = store_queryv(st, stmt, d, types, ap);
	va_end(ap);
	if (rc == -1 || st->ops->next(st, stmt, d) == -1)
		return -1;
	return 0;
}

int
store_next(struct store *st, struct store_stmt *stmt, struct diag *d)
{
	return st->ops->next(st, stmt, d);
}

const char *
store_col_text(struct store *st, struct store_stmt *stmt, int col)
{
	return st->ops->text(stmt, col);
}

char *
store_col_str(struct store *st, struct store_stmt *stmt, int col)
{
	const char	*s = st->ops->text(stmt, col);

	return s != NULL ? xstrdup(s) : NULL;
}

int64_t
store_col_int(struct store *st, struct store_stmt *stmt, int col)
{
	/* Both backends read NULL as 0 (sqlite3_column_int64, strtoll("")). */
	return st->ops->int64(stmt, col);
}

double
store_col_dbl(struct store *st, struct store_stmt *stmt, int col, bool *has)
{
	bool	h = !st->ops->isnull(stmt, col);

	if (has != NULL)
		*has = h;
	return h ? st->ops->dbl(stmt, col) : NAN;
}

unsigned char *
store_pack_dbls(const struct dbl_list *l, size_t *len)
{
	unsigned char	*p;
	uint64_t	 u;
	size_t		 i;

	*len = 0;
	if (l->len == 0)
		return NULL;
	p = xmalloc(l->len * 8);
	for (i = 0; i < l->len; i++) {
		memcpy(&u, &l->v[i], sizeof(u));
		u = htobe64(u);
		memcpy(p + i * 8, &u, 8);
	}
	*len = l->len * 8;
	return p;
}

void
store_unpack_dbls(const void *p, size_t len, struct dbl_list *l)
{
	const unsigned char	*b = p;
	uint64_t		 u;
	double			 v;
	size_t			 i;

	/* A length that is not a multiple of 8 is not ours: whole numbers only. */
	for (i = 0; b != NULL && i + 8 <= len; i += 8) {
		memcpy(&u, b + i, 8);
		u = be64toh(u);
		memcpy(&v, &u, sizeof(v));
		dbl_list_add(l, v);
	}
}

void
store_col_dbls(struct store *st, struct store_stmt *stmt, int col,
    struct dbl_list *l)
{
	const void	*p;
	size_t		 len = 0;

	if ((p = st->ops->blob(stmt, col, &len)) != NULL)
		store_unpack_dbls(p, len, l);
}

/*
 * Index of want in ids[at..n), or n. Child rows come ordered as their
 * parents are, so the walk only moves forward.
 */
static size_t
store_walk(const int64_t *ids, size_t n, size_t at, int64_t want)
{
	while (at < n && ids[at] != want)
		at++;
	return at;
}

/*
 * Each table is read once per set, its rows in the order of their
 * parents (a join on the parent's (set_id, pos) key): a constant number
 * of queries whatever the set's size, which is what a server at the end
 * of a network needs.
 */
static int
store_load_systems(struct store *st, int64_t id, struct result_set *rs,
    int64_t **ids_out, struct diag *d)
{
	struct store_stmt	*stmt = NULL, *kv = NULL, *facts = NULL;
	struct system		*sys;
	struct kv_list		*l;
	int64_t			*ids = NULL;
	size_t			 n = 0, cap = 0, idx, at;
	const char		*kind;
	char			*s;
	int			 step, rc = -1;

	if (store_prepare(st, &stmt, "SELECT id, identifier, notes_text, "
	    "json_raw FROM systems WHERE set_id = ? ORDER BY pos", d) == -1 ||
	    store_prepare(st, &kv, "SELECT f.system_id, f.kind, f.key, "
	    "f.value FROM system_fields f JOIN systems y ON y.id = f.system_id "
	    "WHERE y.set_id = ? ORDER BY y.pos, f.kind, f.pos", d) == -1 ||
	    store_prepare(st, &facts, "SELECT f.system_id, f.key, f.value, "
	    "f.source FROM system_facts f JOIN systems y ON y.id = f.system_id "
	    "WHERE y.set_id = ? ORDER BY y.pos, f.pos", d) == -1 ||
	    store_query(st, stmt, d, "i", id) == -1)
		goto out;
	while ((step = store_next(st, stmt, d)) == 1) {
		xgrow(&ids, &cap, n + 1, sizeof(*ids));
		ids[n] = store_col_int(st, stmt, 0);
		s = store_col_str(st, stmt, 1);
		idx = result_set_add_system(rs, s);
		free(s);
		sys = &rs->systems[idx];
		sys->notes_text = store_col_str(st, stmt, 2);
		sys->json_raw = store_col_str(st, stmt, 3);
		n++;
	}
	if (step == -1 || store_query(st, kv, d, "i", id) == -1)
		goto out;
	for (at = 0; (step = store_next(st, kv, d)) == 1; ) {
		if ((at = store_walk(ids, n, at, store_col_int(st, kv, 0))) == n)
			break;
		sys = &rs->systems[at];
		kind = store_col_text(st, kv, 1);
		if (kind != NULL && strcmp(kind, "note") == 0)
			l = &sys->notes;
		else if (kind != NULL && strcmp(kind, "meta") == 0)
			l = &sys->meta;
		else
			l = &sys->fields;
		kv_list_add(l, store_col_text(st, kv, 2), store_col_text(st, kv, 3));
	}
	if (step == -1 || store_query(st, facts, d, "i", id) == -1)
		goto out;
	for (at = 0; (step = store_next(st, facts, d)) == 1; ) {
		if ((at = store_walk(ids, n, at, store_col_int(st, facts, 0))) == n)
			break;
		fact_list_set(&rs->systems[at].normalized,
		    store_col_text(st, facts, 1), store_col_text(st, facts, 2),
		    store_col_text(st, facts, 3));
	}
	if (step == -1)
		goto out;
	*ids_out = ids;
	ids = NULL;
	rc = 0;
out:
	free(ids);
	store_finalize(st, facts);
	store_finalize(st, kv);
	store_finalize(st, stmt);
	return rc;
}

/* Statements of store_load_tests. */
enum {
	LT_TESTS, LT_FOOTNOTES, LT_FACTS, LT_RESULTS, LT_SERIES, LT_COUNT
};

static const char *const store_load_sql[LT_COUNT] = {
	[LT_TESTS] = "SELECT id, identifier, title, app_version, arguments, "
	    "description, unit, proportion, proportion_raw, display, "
	    "display_raw, annotation, parent FROM tests WHERE set_id = ? "
	    "ORDER BY pos",
	[LT_FOOTNOTES] = "SELECT f.test_id, f.text FROM test_footnotes f "
	    "JOIN tests t ON t.id = f.test_id WHERE t.set_id = ? "
	    "ORDER BY t.pos, f.pos",
	[LT_FACTS] = "SELECT f.test_id, f.key, f.value FROM test_facts f "
	    "JOIN tests t ON t.id = f.test_id WHERE t.set_id = ? "
	    "ORDER BY t.pos, f.pos",
	[LT_RESULTS] = "SELECT v.test_id, v.id, v.system_id, v.mean, v.se, "
	    "v.n, v.min, v.max, v.value_text, v.raw_string, v.json_raw, "
	    "v.note, v.error, v.runs, t.json_prefix FROM results v JOIN "
	    "tests t ON t.id = v.test_id WHERE t.set_id = ? "
	    "ORDER BY t.pos, v.pos",
	[LT_SERIES] = "SELECT s.result_id, s.name, s.unit, s.x_unit, s.x, "
	    "s.y FROM series s JOIN results v ON v.id = s.result_id JOIN "
	    "tests t ON t.id = v.test_id WHERE t.set_id = ? "
	    "ORDER BY t.pos, v.pos, s.pos"
};

/* A loaded value: its row id and where it is in the model. */
struct store_loaded {
	int64_t	 rid;
	size_t	 test, value;
};

/*
 * A value's JSON: its test's prefix (column pre) and its own rest
 * (column col); see store_json_prefix. None when the value has none.
 */
static char *
store_load_json(struct store *st, struct store_stmt *q, int col, int pre)
{
	const char	*rest, *prefix;

	if ((rest = store_col_text(st, q, col)) == NULL)
		return NULL;
	if ((prefix = store_col_text(st, q, pre)) == NULL)
		return xstrdup(rest);
	return xasprintf("%s%s", prefix, rest);
}

static int
store_load_values(struct store *st, struct store_stmt **lt, int64_t id,
    const struct result_set *rs, const int64_t *tids,
    const int64_t *sys_ids, struct diag *d)
{
	struct store_stmt	*q = lt[LT_RESULTS], *sq = lt[LT_SERIES];
	struct store_loaded	*vals = NULL;
	struct value		*v;
	struct series		*s;
	int64_t			*rids = NULL, sys_id;
	size_t			 n = 0, cap = 0, capr = 0, at = 0, i;
	char			*name;
	int			 step, rc = -1;

	if (store_query(st, q, d, "i", id) == -1)
		goto out;
	while ((step = store_next(st, q, d)) == 1) {
		if ((at = store_walk(tids, rs->ntests, at,
		    store_col_int(st, q, 0))) == rs->ntests)
			break;
		sys_id = store_col_int(st, q, 2);
		for (i = 0; i < rs->nsystems && sys_ids[i] != sys_id; i++)
			;
		if (i == rs->nsystems) {
			diag_set(d, st->path, 0, "database: result %lld refers "
			    "to a system of another set",
			    (long long)store_col_int(st, q, 1));
			goto out;
		}
		v = test_add_value(&rs->tests[at], i);
		xgrow(&vals, &cap, n + 1, sizeof(*vals));
		xgrow(&rids, &capr, n + 1, sizeof(*rids));
		rids[n] = store_col_int(st, q, 1);
		vals[n].test = at;
		vals[n].value = rs->tests[at].nvalues - 1;
		n++;
		v->mean = store_col_dbl(st, q, 3, &v->has_mean);
		v->se = store_col_dbl(st, q, 4, &v->has_se);
		v->n = (long)store_col_int(st, q, 5);
		v->min = store_col_dbl(st, q, 6, &v->has_min);
		v->max = store_col_dbl(st, q, 7, &v->has_max);
		v->value_text = store_col_str(st, q, 8);
		v->raw_string = store_col_str(st, q, 9);
		v->json_raw = store_load_json(st, q, 10, 14);
		v->note = store_col_str(st, q, 11);
		v->error = store_col_str(st, q, 12);
		store_col_dbls(st, q, 13, &v->runs);
	}
	if (step == -1 || store_query(st, sq, d, "i", id) == -1)
		goto out;
	for (at = 0; (step = store_next(st, sq, d)) == 1; ) {
		if ((at = store_walk(rids, n, at, store_col_int(st, sq, 0))) == n)
			break;
		v = &rs->tests[vals[at].test].values[vals[at].value];
		name = store_col_str(st, sq, 1);
		s = value_add_series(v, name);
		free(name);
		s->unit = store_col_str(st, sq, 2);
		s->x_unit = store_col_str(st, sq, 3);
		store_col_dbls(st, sq, 4, &s->x);
		store_col_dbls(st, sq, 5, &s->y);
	}
	if (step == -1)
		goto out;
	rc = 0;
out:
	free(vals);
	free(rids);
	return rc;
}

static int
store_load_tests(struct store *st, int64_t id, struct result_set *rs,
    const int64_t *sys_ids, struct diag *d)
{
	struct store_stmt	*lt[LT_COUNT] = { NULL };
	struct store_stmt	*q;
	struct test		*t;
	int64_t			*tids = NULL;
	size_t			 i, cap = 0, at;
	int			 step, rc = -1;

	for (i = 0; i < LT_COUNT; i++)
		if (store_prepare(st, &lt[i], store_load_sql[i], d) == -1)
			goto out;
	q = lt[LT_TESTS];
	if (store_query(st, q, d, "i", id) == -1)
		goto out;
	while ((step = store_next(st, q, d)) == 1) {
		xgrow(&tids, &cap, rs->ntests + 1, sizeof(*tids));
		tids[rs->ntests] = store_col_int(st, q, 0);
		t = result_set_add_test(rs);
		t->identifier = store_col_str(st, q, 1);
		t->title = store_col_str(st, q, 2);
		t->app_version = store_col_str(st, q, 3);
		t->arguments = store_col_str(st, q, 4);
		t->description = store_col_str(st, q, 5);
		t->unit = store_col_str(st, q, 6);
		t->proportion = (enum proportion)store_col_int(st, q, 7);
		t->proportion_raw = store_col_str(st, q, 8);
		t->display = (enum display)store_col_int(st, q, 9);
		t->display_raw = store_col_str(st, q, 10);
		t->annotation = store_col_str(st, q, 11);
		t->parent = store_col_str(st, q, 12);
	}
	if (step == -1 || store_query(st, lt[LT_FOOTNOTES], d, "i", id) == -1)
		goto out;
	q = lt[LT_FOOTNOTES];
	for (at = 0; (step = store_next(st, q, d)) == 1; ) {
		if ((at = store_walk(tids, rs->ntests, at,
		    store_col_int(st, q, 0))) == rs->ntests)
			break;
		str_list_add(&rs->tests[at].footnotes, store_col_text(st, q, 1));
	}
	if (step == -1 || store_query(st, lt[LT_FACTS], d, "i", id) == -1)
		goto out;
	q = lt[LT_FACTS];
	for (at = 0; (step = store_next(st, q, d)) == 1; ) {
		if ((at = store_walk(tids, rs->ntests, at,
		    store_col_int(st, q, 0))) == rs->ntests)
			break;
		kv_list_add(&rs->tests[at].facts, store_col_text(st, q, 1),
		    store_col_text(st, q, 2));
	}
	if (step == -1 ||
	    store_load_values(st, lt, id, rs, tids, sys_ids, d) == -1)
		goto out;
	rc = 0;
out:
	for (i = 0; i < LT_COUNT; i++)
		store_finalize(st, lt[i]);
	free(tids);
	return rc;
}

int
store_load_result_set(struct store *st, int64_t id, struct result_set **out,
    struct diag *d)
{
	struct store_stmt	*stmt = NULL;
	struct result_set	*rs;
	int64_t			*sys_ids = NULL;
	int			 step, rc = -1;

	*out = NULL;
	rs = result_set_new();
	/* A read transaction: one consistent snapshot across the queries. */
	if (st->ops->begin_read(st, d) == -1)
		goto out;
	if (store_prepare(st, &stmt, "SELECT r.title, r.description, r.notes, "
	    "r.generator, r.last_modified, r.source_url, r.source_ref, "
	    "r.format, s.path, s.sha256 FROM result_sets r LEFT JOIN sources s "
	    "ON s.id = r.source_id WHERE r.id = ?", d) == -1 ||
	    store_query(st, stmt, d, "i", id) == -1 ||
	    (step = store_next(st, stmt, d)) == -1)
		goto out;
	if (step == 0) {
		diag_set(d, st->path, 0, "no result set with ID %lld",
		    (long long)id);
		goto out;
	}
	rs->title = store_col_str(st, stmt, 0);
	rs->description = store_col_str(st, stmt, 1);
	rs->notes = store_col_str(st, stmt, 2);
	rs->generator = store_col_str(st, stmt, 3);
	rs->last_modified = store_col_str(st, stmt, 4);
	rs->source_url = store_col_str(st, stmt, 5);
	rs->source_ref = store_col_str(st, stmt, 6);
	rs->format = store_col_str(st, stmt, 7);
	rs->source_path = store_col_str(st, stmt, 8);
	rs->source_sha256 = store_col_str(st, stmt, 9);
	store_finalize(st, stmt);
	stmt = NULL;

	if (store_prepare(st, &stmt, "SELECT key, value FROM result_set_extra "
	    "WHERE set_id = ? ORDER BY pos", d) == -1 ||
	    store_query(st, stmt, d, "i", id) == -1)
		goto out;
	while ((step = store_next(st, stmt, d)) == 1)
		kv_list_add(&rs->extra, store_col_text(st, stmt, 0),
		    store_col_text(st, stmt, 1));
	if (step == -1)
		goto out;
	if (store_load_systems(st, id, rs, &sys_ids, d) == -1 ||
	    store_load_tests(st, id, rs, sys_ids, d) == -1)
		goto out;
	*out = rs;
	rs = NULL;
	rc = 0;
out:
	store_finalize(st, stmt);
	/* Ending a read-only transaction cannot lose anything. */
	store_rollback(st);
	free(sys_ids);
	result_set_free(rs);
	return rc;
}

int
store_delete_result_set(struct store *st, int64_t id, struct diag *d)
{
	struct store_stmt	*stmt = NULL;
	int			 rc = -1;

	if (store_begin_write(st, d) == -1)
		return -1;
	/* The source goes too when no other set came from it: re-import works. */
	if (store_prepare(st, &stmt, "DELETE FROM sources WHERE id = (SELECT "
	    "source_id FROM result_sets WHERE id = ?1) AND (SELECT count(*) "
	    "FROM result_sets WHERE source_id = sources.id) = 1", d) == -1 ||
	    store_run(st, stmt, d, "i", id) == -1)
		goto out;
	store_finalize(st, stmt);
	stmt = NULL;
	if (store_prepare(st, &stmt, "DELETE FROM result_sets WHERE id = ?",
	    d) == -1 || store_run(st, stmt, d, "i", id) == -1)
		goto out;
	store_finalize(st, stmt);
	stmt = NULL;
	if (store_commit(st, d) == -1)
		goto out;
	rc = 0;
out:
	store_finalize(st, stmt);
	if (rc == -1)
		store_rollback(st);
	return rc;
}

int
store_list(struct store *st, int (*fn)(const struct store_summary *, void *),
    void *arg, struct diag *d)
{
	return store_list_range(st, -1, 0, fn, arg, d);
}

int
store_list_range(struct store *st, long limit, long offset,
    int (*fn)(const struct store_summary *, void *), void *arg,
    struct diag *d)
{
	struct store_stmt	*stmt = NULL;
	struct store_summary	 sum;
	int			 step, rc = -1;

	/*
	 * One table and its primary key: each set's counts are in its row
	 * (written at import), so a page costs the same in any store and
	 * no plan depends on the server's statistics.
	 */
	if (store_prepare(st, &stmt, "SELECT r.id, r.title, r.format, s.path, "
	    "r.imported_at, r.nsystems, r.ntests, r.nvalues "
	    "FROM result_sets r LEFT JOIN sources s ON s.id = r.source_id "
	    "ORDER BY r.id LIMIT ? OFFSET ?", d) == -1 ||
	    store_query(st, stmt, d, "ii", limit < 0 ? INT64_MAX :
	    (int64_t)limit, (int64_t)offset) == -1)
		goto out;
	while ((step = store_next(st, stmt, d)) == 1) {
		store_summary_row(st, stmt, &sum);
		if (fn(&sum, arg) != 0)
			break;
	}
	if (step == -1)
		goto out;
	rc = 0;
out:
	store_finalize(st, stmt);
	return rc;
}

bool
store_exists(struct store *st, int64_t id)
{
	struct store_stmt	*stmt = NULL;
	struct diag		 d;
	bool			 found = false;

	diag_clear(&d);
	if (store_prepare(st, &stmt, "SELECT 1 FROM result_sets WHERE id = ?",
	    &d) == 0 && store_query(st, stmt, &d, "i", id) == 0 &&
	    store_next(st, stmt, &d) == 1)
		found = true;
	store_finalize(st, stmt);
	return found;
}

void
store_summary_row(struct store *st, struct store_stmt *stmt,
    struct store_summary *sum)
{
	memset(sum, 0, sizeof(*sum));
	sum->id = store_col_int(st, stmt, 0);
	sum->title = store_col_text(st, stmt, 1);
	sum->format = store_col_text(st, stmt, 2);
	sum->source_path = store_col_text(st, stmt, 3);
	sum->imported_at = store_col_text(st, stmt, 4);
	sum->nsystems = (long)store_col_int(st, stmt, 5);
	sum->ntests = (long)store_col_int(st, stmt, 6);
	sum->nvalues = (long)store_col_int(st, stmt, 7);
}

char *
store_like_pattern(const char *word, bool lower)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	strbuf_addc(&sb, '%');
	for (; *word != '\0'; word++) {
		if (*word == '%' || *word == '_' || *word == '\\')
			strbuf_addc(&sb, '\\');
		strbuf_addc(&sb, lower ? (char)tolower((unsigned char)*word) :
		    *word);
	}
	strbuf_addc(&sb, '%');
	return strbuf_detach(&sb);
}
