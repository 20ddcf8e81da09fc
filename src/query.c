/* SPDX-License-Identifier: ISC */
/*
 * Fact and test queries over the store's schema (systems, system_facts,
 * tests, results). Each condition becomes an EXISTS over system_facts,
 * which the (key, value) index serves; values are bound, never pasted
 * into SQL. Printing is the commands' business.
 */
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "query.h"
#include "strbuf.h"
#include "xalloc.h"

static void	 query_where_sql(const struct query_where *w, struct strbuf *sql);
static int	 query_bind_where(sqlite3_stmt *st, const struct query_where *w,
		    int *at);
static int	 query_load_facts(sqlite3_stmt *st, int64_t sys,
		    struct fact_list *out);
static const char *query_text(sqlite3_stmt *st, int col);
static int	 query_fail(sqlite3 *db, struct diag *d, const char *what);
static char	*query_like(const char *word);

/* One running query: its rows and the facts of the current system. */
struct query_run {
	sqlite3_stmt	*rows;
	sqlite3_stmt	*facts;
	struct fact_list facts_buf;
};

static int	 query_open(sqlite3 *db, const char *sql, struct query_run *q,
		    struct diag *d);
static void	 query_close(struct query_run *q);
static int	 query_row(struct query_run *q, struct query_system *sys);

static int
query_fail(sqlite3 *db, struct diag *d, const char *what)
{
	return diag_set(d, sqlite3_db_filename(db, "main"), 0, "%s: %s", what,
	    sqlite3_errmsg(db));
}

int
query_where_parse(const char *spec, struct query_where *w, struct diag *d)
{
	struct query_cond	*c;
	char			*copy, *piece, *save = NULL, *eq, *joined;

	copy = xstrdup(spec);
	for (piece = strtok_r(copy, ",", &save); piece != NULL;
	    piece = strtok_r(NULL, ",", &save)) {
		if ((eq = strchr(piece, '=')) == NULL) {
			if (w->len == 0) {
				diag_set(d, "", 0, "--where %s: expected KEY=VALUE", piece);
				goto fail;
			}
			c = &w->items[w->len - 1];
			joined = xasprintf("%s,%s", c->value, piece);
			free(c->value);
			c->value = joined;
			continue;
		}
		*eq = '\0';
		if (!meta_is_fact(piece)) {
			diag_set(d, "", 0, "--where: unknown fact \"%s\" (see "
			    "benchreport-normalize(1) for the names)", piece);
			goto fail;
		}
		if (eq[1] == '\0') {
			diag_set(d, "", 0, "--where %s: empty value", piece);
			goto fail;
		}
		xgrow(&w->items, &w->cap, w->len + 1, sizeof(*w->items));
		c = &w->items[w->len++];
		c->key = xstrdup(piece);
		c->value = xstrdup(eq + 1);
	}
	free(copy);
	return 0;
fail:
	free(copy);
	return -1;
}

void
query_where_free(struct query_where *w)
{
	size_t	i;

	for (i = 0; i < w->len; i++) {
		free(w->items[i].key);
		free(w->items[i].value);
	}
	free(w->items);
	memset(w, 0, sizeof(*w));
}

static void
query_where_sql(const struct query_where *w, struct strbuf *sql)
{
	size_t	i;

	for (i = 0; i < w->len; i++)
		strbuf_adds(sql, " AND EXISTS (SELECT 1 FROM system_facts f "
		    "WHERE f.system_id = s.id AND f.key = ? AND "
		    "f.value = ? COLLATE NOCASE)");
}

static int
query_bind_where(sqlite3_stmt *st, const struct query_where *w, int *at)
{
	size_t	i;

	for (i = 0; i < w->len; i++) {
		if (sqlite3_bind_text(st, (*at)++, w->items[i].key, -1,
		    SQLITE_TRANSIENT) != SQLITE_OK ||
		    sqlite3_bind_text(st, (*at)++, w->items[i].value, -1,
		    SQLITE_TRANSIENT) != SQLITE_OK)
			return -1;
	}
	return 0;
}

static const char *
query_text(sqlite3_stmt *st, int col)
{
	const unsigned char	*t = sqlite3_column_text(st, col);

	return t != NULL ? (const char *)t : "";
}

static int
query_load_facts(sqlite3_stmt *st, int64_t sys, struct fact_list *out)
{
	int	step;

	fact_list_free(out);
	if (sqlite3_reset(st) != SQLITE_OK ||
	    sqlite3_bind_int64(st, 1, sys) != SQLITE_OK)
		return -1;
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		fact_list_set(out, query_text(st, 0), query_text(st, 1),
		    query_text(st, 2));
	return step == SQLITE_DONE ? 0 : -1;
}

/* "%word%" for LIKE, with the wildcards of word escaped. */
static char *
query_like(const char *word)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	strbuf_addc(&sb, '%');
	for (; *word != '\0'; word++) {
		if (*word == '%' || *word == '_' || *word == '\\')
			strbuf_addc(&sb, '\\');
		strbuf_addc(&sb, *word);
	}
	strbuf_addc(&sb, '%');
	return strbuf_detach(&sb);
}

/*
 * Both queries select s.id, s.set_id, r.title, s.pos, s.identifier first,
 * then their own columns.
 */
static int
query_open(sqlite3 *db, const char *sql, struct query_run *q, struct diag *d)
{
	memset(q, 0, sizeof(*q));
	if (sqlite3_prepare_v2(db, sql, -1, &q->rows, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "SELECT key, value, source FROM system_facts "
	    "WHERE system_id = ? ORDER BY pos", -1, &q->facts, NULL) != SQLITE_OK)
		return query_fail(db, d, "preparing the query");
	return 0;
}

static void
query_close(struct query_run *q)
{
	sqlite3_finalize(q->rows);
	sqlite3_finalize(q->facts);
	fact_list_free(&q->facts_buf);
}

/* Fill sys from the first five columns of the current row. */
static int
query_row(struct query_run *q, struct query_system *sys)
{
	if (query_load_facts(q->facts, sqlite3_column_int64(q->rows, 0),
	    &q->facts_buf) == -1)
		return -1;
	sys->set_id = sqlite3_column_int64(q->rows, 1);
	sys->set_title = query_text(q->rows, 2);
	sys->pos = (long)sqlite3_column_int64(q->rows, 3) + 1;
	sys->identifier = query_text(q->rows, 4);
	sys->facts = &q->facts_buf;
	return 0;
}

int
query_systems(sqlite3 *db, const struct query_where *w,
    int (*fn)(const struct query_system *, void *), void *arg,
    struct diag *d)
{
	struct query_run	 q;
	struct query_system	 sys;
	struct strbuf		 sql;
	int			 at = 1, step, rc = -1;

	strbuf_init(&sql);
	strbuf_adds(&sql, "SELECT s.id, s.set_id, r.title, s.pos, s.identifier "
	    "FROM systems s JOIN result_sets r ON r.id = s.set_id WHERE 1");
	query_where_sql(w, &sql);
	strbuf_adds(&sql, " ORDER BY s.set_id, s.pos");
	if (query_open(db, strbuf_str(&sql), &q, d) == -1)
		goto out;
	if (query_bind_where(q.rows, w, &at) == -1) {
		query_fail(db, d, "binding the query");
		goto out;
	}
	while ((step = sqlite3_step(q.rows)) == SQLITE_ROW) {
		if (query_row(&q, &sys) == -1) {
			query_fail(db, d, "loading facts");
			goto out;
		}
		if (fn(&sys, arg) != 0)
			break;
	}
	if (step != SQLITE_ROW && step != SQLITE_DONE) {
		query_fail(db, d, "querying systems");
		goto out;
	}
	rc = 0;
out:
	query_close(&q);
	strbuf_free(&sql);
	return rc;
}

int
query_results(sqlite3 *db, const struct query_where *w,
    const struct str_list *terms,
    int (*fn)(const struct query_result *, void *), void *arg,
    struct diag *d)
{
	struct query_run	 q;
	struct query_result	 res;
	struct strbuf		 sql;
	char			*like;
	size_t			 i;
	int			 at = 1, step, rc = -1;

	strbuf_init(&sql);
	strbuf_adds(&sql, "SELECT s.id, s.set_id, r.title, s.pos, s.identifier, "
	    "t.title, t.description, t.unit, v.mean, v.se, v.n "
	    "FROM results v JOIN systems s ON s.id = v.system_id "
	    "JOIN tests t ON t.id = v.test_id "
	    "JOIN result_sets r ON r.id = s.set_id WHERE 1");
	query_where_sql(w, &sql);
	/* Every word must appear somewhere in the test's description. */
	for (i = 0; i < terms->len; i++)
		strbuf_adds(&sql, " AND (coalesce(t.identifier, '') || ' ' || "
		    "coalesce(t.title, '') || ' ' || coalesce(t.arguments, '') || "
		    "' ' || coalesce(t.description, '')) LIKE ? ESCAPE '\\'");
	strbuf_adds(&sql, " ORDER BY s.set_id, t.pos, v.pos");
	if (query_open(db, strbuf_str(&sql), &q, d) == -1)
		goto out;
	if (query_bind_where(q.rows, w, &at) == -1)
		goto bind;
	for (i = 0; i < terms->len; i++) {
		like = query_like(terms->items[i]);
		step = sqlite3_bind_text(q.rows, at++, like, -1, SQLITE_TRANSIENT);
		free(like);
		if (step != SQLITE_OK)
			goto bind;
	}
	while ((step = sqlite3_step(q.rows)) == SQLITE_ROW) {
		if (query_row(&q, &res.sys) == -1) {
			query_fail(db, d, "loading facts");
			goto out;
		}
		res.test_title = query_text(q.rows, 5);
		res.test_description = query_text(q.rows, 6);
		res.unit = query_text(q.rows, 7);
		res.has_mean = sqlite3_column_type(q.rows, 8) != SQLITE_NULL;
		res.mean = sqlite3_column_double(q.rows, 8);
		res.has_se = sqlite3_column_type(q.rows, 9) != SQLITE_NULL;
		res.se = sqlite3_column_double(q.rows, 9);
		res.n = (long)sqlite3_column_int64(q.rows, 10);
		if (fn(&res, arg) != 0)
			break;
	}
	if (step != SQLITE_ROW && step != SQLITE_DONE) {
		query_fail(db, d, "querying results");
		goto out;
	}
	rc = 0;
	goto out;
bind:
	query_fail(db, d, "binding the query");
out:
	query_close(&q);
	strbuf_free(&sql);
	return rc;
}
