/* SPDX-License-Identifier: ISC */
/*
 * Fact and test queries over the store's schema (systems, system_facts,
 * tests, results), on either backend through the store's statement
 * layer. Each condition becomes an IN over system_facts, which the (key,
 * lower(value)) index serves; values are bound, never pasted into SQL.
 * Printing is the commands' business.
 */
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "query.h"
#include "store-impl.h"
#include "strbuf.h"
#include "xalloc.h"

static void	 query_where_sql(const struct query_where *w, struct strbuf *sql);
static int	 query_load_facts(struct store *st, struct store_stmt *q,
		    int64_t sys, struct fact_list *out, struct diag *d);
static const char *query_text(struct store *st, struct store_stmt *q,
		    int col);

/* One running query: its rows and the facts of the current system. */
struct query_run {
	struct store		*st;
	struct store_stmt	*rows;
	struct store_stmt	*facts;
	struct fact_list	 facts_buf;
	char			*like[STORE_MAXPARAMS];	/* bound patterns */
	size_t			 nlike;
};

static int	 query_open(struct store *st, const char *sql,
		    struct query_run *q, struct diag *d);
static void	 query_close(struct query_run *q);
static int	 query_row(struct query_run *q, struct query_system *sys,
		    struct diag *d);
static int	 query_exec(struct query_run *q, const struct query_where *w,
		    const struct str_list *terms, struct diag *d);

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

/*
 * Each condition is a set of system ids from the index on (key,
 * lower(value)): IN, not a correlated EXISTS, which would scan every
 * fact of that name once per system.
 */
static void
query_where_sql(const struct query_where *w, struct strbuf *sql)
{
	size_t	i;

	for (i = 0; i < w->len; i++)
		strbuf_adds(sql, " AND s.id IN (SELECT system_id FROM "
		    "system_facts WHERE key = ? AND lower(value) = lower(?))");
}

static const char *
query_text(struct store *st, struct store_stmt *q, int col)
{
	const char	*t = store_col_text(st, q, col);

	return t != NULL ? t : "";
}

static int
query_load_facts(struct store *st, struct store_stmt *q, int64_t sys,
    struct fact_list *out, struct diag *d)
{
	int	step;

	fact_list_free(out);
	if (store_query(st, q, d, "i", sys) == -1)
		return -1;
	while ((step = store_next(st, q, d)) == 1)
		fact_list_set(out, query_text(st, q, 0), query_text(st, q, 1),
		    query_text(st, q, 2));
	return step;
}

/*
 * Both queries select s.id, s.set_id, r.title, s.pos, s.identifier first,
 * then their own columns.
 */
static int
query_open(struct store *st, const char *sql, struct query_run *q,
    struct diag *d)
{
	memset(q, 0, sizeof(q[0]));
	q->st = st;
	if (store_prepare(st, &q->rows, sql, d) == -1 ||
	    store_prepare(st, &q->facts, "SELECT key, value, source FROM "
	    "system_facts WHERE system_id = ? ORDER BY pos", d) == -1)
		return -1;
	return 0;
}

static void
query_close(struct query_run *q)
{
	size_t	i;

	store_finalize(q->st, q->rows);
	store_finalize(q->st, q->facts);
	fact_list_free(&q->facts_buf);
	for (i = 0; i < q->nlike; i++)
		free(q->like[i]);
}

/*
 * Bind the conditions (key and value each) and the LIKE patterns of
 * terms, in that order, and execute. Bound text must live until the
 * rows are read, so the patterns stay in q until query_close.
 */
static int
query_exec(struct query_run *q, const struct query_where *w,
    const struct str_list *terms, struct diag *d)
{
	const char	*p[STORE_MAXPARAMS];
	size_t		 n = 0, i;

	if (2 * w->len + (terms != NULL ? terms->len : 0) > STORE_MAXPARAMS)
		return diag_set(d, "", 0, "too many conditions and words "
		    "(at most %d in all)", STORE_MAXPARAMS);
	for (i = 0; i < w->len; i++) {
		p[n++] = w->items[i].key;
		p[n++] = w->items[i].value;
	}
	for (i = 0; terms != NULL && i < terms->len; i++)
		p[n++] = q->like[q->nlike++] = store_like_pattern(terms->items[i], false);
	for (; n < STORE_MAXPARAMS; n++)
		p[n] = NULL;
	n = 2 * w->len + q->nlike;
	/* One call whatever the count: the type string says how many. */
	return store_query(q->st, q->rows, d, "tttttttttttttttt" +
	    (STORE_MAXPARAMS - n), p[0], p[1], p[2], p[3], p[4], p[5], p[6],
	    p[7], p[8], p[9], p[10], p[11], p[12], p[13], p[14], p[15]);
}

/* Fill sys from the first five columns of the current row. */
static int
query_row(struct query_run *q, struct query_system *sys, struct diag *d)
{
	if (query_load_facts(q->st, q->facts, store_col_int(q->st, q->rows, 0),
	    &q->facts_buf, d) == -1)
		return -1;
	sys->set_id = store_col_int(q->st, q->rows, 1);
	sys->set_title = query_text(q->st, q->rows, 2);
	sys->pos = (long)store_col_int(q->st, q->rows, 3) + 1;
	sys->identifier = query_text(q->st, q->rows, 4);
	sys->facts = &q->facts_buf;
	return 0;
}

int
query_systems(struct store *st, const struct query_where *w,
    int (*fn)(const struct query_system *, void *), void *arg,
    struct diag *d)
{
	struct query_run	 q;
	struct query_system	 sys;
	struct strbuf		 sql;
	int			 step, rc = -1;

	strbuf_init(&sql);
	strbuf_adds(&sql, "SELECT s.id, s.set_id, r.title, s.pos, s.identifier "
	    "FROM systems s JOIN result_sets r ON r.id = s.set_id WHERE 1 = 1");
	query_where_sql(w, &sql);
	strbuf_adds(&sql, " ORDER BY s.set_id, s.pos");
	if (query_open(st, strbuf_str(&sql), &q, d) == -1 ||
	    query_exec(&q, w, NULL, d) == -1)
		goto out;
	while ((step = store_next(st, q.rows, d)) == 1) {
		if (query_row(&q, &sys, d) == -1)
			goto out;
		if (fn(&sys, arg) != 0)
			break;
	}
	if (step == -1)
		goto out;
	rc = 0;
out:
	query_close(&q);
	strbuf_free(&sql);
	return rc;
}

int
query_results(struct store *st, const struct query_where *w,
    const struct str_list *terms,
    int (*fn)(const struct query_result *, void *), void *arg,
    struct diag *d)
{
	struct query_run	 q;
	struct query_result	 res;
	struct strbuf		 sql;
	size_t			 i;
	int			 step, rc = -1;

	strbuf_init(&sql);
	strbuf_adds(&sql, "SELECT s.id, s.set_id, r.title, s.pos, s.identifier, "
	    "t.title, t.description, t.unit, v.mean, v.se, v.n "
	    "FROM results v JOIN systems s ON s.id = v.system_id "
	    "JOIN tests t ON t.id = v.test_id "
	    "JOIN result_sets r ON r.id = s.set_id WHERE 1 = 1");
	query_where_sql(w, &sql);
	/* Every word must appear somewhere in the test's description. */
	for (i = 0; i < terms->len; i++)
		strbuf_adds(&sql, " AND lower(coalesce(t.identifier, '') || ' ' "
		    "|| coalesce(t.title, '') || ' ' || coalesce(t.arguments, '') "
		    "|| ' ' || coalesce(t.description, '')) LIKE lower(?) "
		    "ESCAPE '\\'");
	strbuf_adds(&sql, " ORDER BY s.set_id, t.pos, v.pos");
	if (query_open(st, strbuf_str(&sql), &q, d) == -1 ||
	    query_exec(&q, w, terms, d) == -1)
		goto out;
	while ((step = store_next(st, q.rows, d)) == 1) {
		if (query_row(&q, &res.sys, d) == -1)
			goto out;
		res.test_title = query_text(st, q.rows, 5);
		res.test_description = query_text(st, q.rows, 6);
		res.unit = query_text(st, q.rows, 7);
		res.mean = store_col_dbl(st, q.rows, 8, &res.has_mean);
		res.se = store_col_dbl(st, q.rows, 9, &res.has_se);
		res.n = (long)store_col_int(st, q.rows, 10);
		if (fn(&res, arg) != 0)
			break;
	}
	if (step == -1)
		goto out;
	rc = 0;
out:
	query_close(&q);
	strbuf_free(&sql);
	return rc;
}
