/* SPDX-License-Identifier: ISC */
/*
 * The set search of query-sets.h: one WHERE clause of EXISTS over the
 * set's systems and their facts per word, bound as LIKE patterns on the
 * lowered text (special characters escaped), so a word is found as a
 * substring wherever it is; the same clause counts the matches. Runs on
 * both backends through the store's statement layer.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "meta.h"
#include "query-sets.h"
#include "store-impl.h"
#include "strbuf.h"
#include "xalloc.h"

static uint64_t	 query_sets_fnv(uint64_t h, const char *s);
static void	 query_sets_where(const struct query_sets *q, struct strbuf *sql);

/*
 * The WHERE clause over result_sets r: parameter k (1-based) is the k-th
 * word's pattern; after the words, the fact's key and its pattern.
 */
static void
query_sets_where(const struct query_sets *q, struct strbuf *sql)
{
	size_t	i, k;

	strbuf_adds(sql, " WHERE 1 = 1");
	for (i = 0; i < q->nwords; i++) {
		k = i + 1;
		strbuf_printf(sql, " AND (lower(coalesce(r.title, '')) LIKE ?%zu "
		    "ESCAPE '\\' OR EXISTS (SELECT 1 FROM systems s WHERE "
		    "s.set_id = r.id AND (lower(coalesce(s.identifier, '')) LIKE "
		    "?%zu ESCAPE '\\' OR EXISTS (SELECT 1 FROM system_facts f "
		    "WHERE f.system_id = s.id AND lower(coalesce(f.value, '')) "
		    "LIKE ?%zu ESCAPE '\\'))))", k, k, k);
	}
	if (q->fact_key != NULL) {
		k = q->nwords + 1;
		strbuf_printf(sql, " AND EXISTS (SELECT 1 FROM systems s JOIN "
		    "system_facts f ON f.system_id = s.id WHERE s.set_id = r.id "
		    "AND f.key = ?%zu AND lower(coalesce(f.value, '')) LIKE ?%zu "
		    "ESCAPE '\\')", k, k + 1);
	}
}

int
query_sets_words(const char *text, struct query_sets *q, char **keep)
{
	char	*p;

	q->nwords = 0;
	*keep = p = xstrdup(text != NULL ? text : "");
	for (;;) {
		while (*p != '\0' && isspace((unsigned char)*p))
			*p++ = '\0';
		if (*p == '\0')
			return 0;
		if (q->nwords == QUERY_SETS_MAXWORDS)
			return -1;
		q->words[q->nwords++] = p;
		while (*p != '\0' && !isspace((unsigned char)*p))
			p++;
	}
}

int
query_sets_find(struct store *st, const struct query_sets *q, long limit,
    long offset, long *total,
    int (*fn)(const struct store_summary *, void *), void *arg,
    struct diag *d)
{
	struct store_stmt	*count = NULL, *rows = NULL;
	struct store_param	 p[STORE_MAXPARAMS];
	struct store_summary	 sum;
	struct strbuf		 where, sql;
	char			*like[QUERY_SETS_MAXWORDS + 1] = { NULL };
	size_t			 i, nlike = 0;
	int			 n = 0, step, rc = -1;

	strbuf_init(&where);
	strbuf_init(&sql);
	if (q->nwords > QUERY_SETS_MAXWORDS) {
		diag_set(d, NULL, 0, "more than %d words", QUERY_SETS_MAXWORDS);
		goto out;
	}
	if (q->fact_key != NULL && !meta_is_fact(q->fact_key)) {
		diag_set(d, NULL, 0, "%s is not a normalised fact", q->fact_key);
		goto out;
	}
	query_sets_where(q, &where);
	memset(p, 0, sizeof(p));
	for (i = 0; i < q->nwords; i++) {
		like[nlike] = store_like_pattern(q->words[i], true);
		p[n].type = 't';
		p[n++].s = like[nlike++];
	}
	if (q->fact_key != NULL) {
		p[n].type = 't';
		p[n++].s = q->fact_key;
		like[nlike] = store_like_pattern(q->fact_value != NULL ?
		    q->fact_value : "", true);
		p[n].type = 't';
		p[n++].s = like[nlike++];
	}
	/* One snapshot for the count and the page. */
	if (st->ops->begin_read(st, d) == -1)
		goto out;
	strbuf_printf(&sql, "SELECT count(*) FROM result_sets r%s",
	    strbuf_str(&where));
	if (store_prepare(st, &count, strbuf_str(&sql), d) == -1 ||
	    store_run_params(st, count, p, n, d) == -1)
		goto rollback;
	if (total != NULL)
		*total = (long)store_col_int(st, count, 0);
	strbuf_reset(&sql);
	strbuf_printf(&sql, "SELECT r.id, r.title, r.format, s.path, "
	    "r.imported_at, r.nsystems, r.ntests, r.nvalues "
	    "FROM result_sets r LEFT JOIN sources s ON s.id = r.source_id%s "
	    "ORDER BY r.id LIMIT ?%d OFFSET ?%d", strbuf_str(&where), n + 1,
	    n + 2);
	p[n].type = 'i';
	p[n++].i = limit < 0 ? INT64_MAX : (int64_t)limit;
	p[n].type = 'i';
	p[n++].i = offset < 0 ? 0 : (int64_t)offset;
	if (store_prepare(st, &rows, strbuf_str(&sql), d) == -1 ||
	    st->ops->execute(st, rows, p, n, d) == -1)
		goto rollback;
	while ((step = store_next(st, rows, d)) == 1) {
		store_summary_row(st, rows, &sum);
		if (fn(&sum, arg) != 0)
			break;
	}
	if (step == -1)
		goto rollback;
	rc = 0;
rollback:
	/* A read transaction: ending it changes nothing. */
	store_rollback(st);
out:
	store_finalize(st, count);
	store_finalize(st, rows);
	for (i = 0; i < nlike; i++)
		free(like[i]);
	strbuf_free(&where);
	strbuf_free(&sql);
	return rc;
}

/* FNV-1a over s and its terminating NUL (NULL hashes as one 0xff byte). */
static uint64_t
query_sets_fnv(uint64_t h, const char *s)
{
	if (s == NULL)
		return (h ^ 0xff) * 0x100000001b3ULL;
	do {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	} while (*s++ != '\0');
	return h;
}

int
query_sets_stamp(struct store *st, int64_t id, char **stamp, struct diag *d)
{
	struct store_stmt	*set = NULL, *facts = NULL;
	uint64_t		 h = 0xcbf29ce484222325ULL;
	int			 step, rc = -1;

	*stamp = NULL;
	if (st->ops->begin_read(st, d) == -1)
		return -1;
	if (store_prepare(st, &set, "SELECT s.sha256, r.imported_at FROM "
	    "result_sets r LEFT JOIN sources s ON s.id = r.source_id "
	    "WHERE r.id = ?", d) == -1 ||
	    store_query(st, set, d, "i", id) == -1 ||
	    (step = store_next(st, set, d)) == -1)
		goto out;
	if (step == 0) {
		rc = 1;
		goto out;
	}
	h = query_sets_fnv(h, store_col_text(st, set, 0));
	h = query_sets_fnv(h, store_col_text(st, set, 1));
	if (store_prepare(st, &facts, "SELECT f.key, f.value, f.source FROM "
	    "system_facts f JOIN systems y ON y.id = f.system_id "
	    "WHERE y.set_id = ? ORDER BY y.pos, f.pos", d) == -1 ||
	    store_query(st, facts, d, "i", id) == -1)
		goto out;
	while ((step = store_next(st, facts, d)) == 1) {
		h = query_sets_fnv(h, store_col_text(st, facts, 0));
		h = query_sets_fnv(h, store_col_text(st, facts, 1));
		h = query_sets_fnv(h, store_col_text(st, facts, 2));
	}
	if (step == -1)
		goto out;
	*stamp = xasprintf("%s|%s|%016llx", store_col_text(st, set, 0) != NULL ?
	    store_col_text(st, set, 0) : "", store_col_text(st, set, 1) != NULL ?
	    store_col_text(st, set, 1) : "", (unsigned long long)h);
	rc = 0;
out:
	store_rollback(st);
	store_finalize(st, set);
	store_finalize(st, facts);
	return rc;
}
