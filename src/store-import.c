/* SPDX-License-Identifier: ISC */
/*
 * The writes of an import, in steps (begin, systems, one test at a time,
 * commit) so that a streaming reader's tests can be stored as they are
 * read and freed; a whole result set goes through the same steps. One
 * write transaction per import, statements prepared once per import.
 * It does not read files or decide formats: it stores what it is given.
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "store-impl.h"
#include "strbuf.h"
#include "xalloc.h"

/*
 * Every statement of an import, prepared once at begin. OR FAIL rather
 * than the default ABORT on SQLite: ABORT makes it keep a statement
 * journal to undo half a statement (about 4 % of an import's
 * instructions), while any failure here rolls the whole import back
 * anyway. A value's runs and a series' points are one packed column of
 * their row: they are most of the numbers, and nothing queries one run.
 */
enum {
	SI_SOURCE, SI_SET, SI_SET_FIELDS, SI_EXTRA, SI_SYSTEM, SI_SYSTEM_FIELDS,
	SI_FIELD, SI_FACT, SI_TEST, SI_FOOTNOTE, SI_TEST_FACT, SI_RESULT,
	SI_SERIES, SI_COUNT
};

#define STORE_INSERT	"INSERT OR FAIL INTO "

static const char *const store_import_sql[SI_COUNT] = {
	[SI_SOURCE] = STORE_INSERT "sources (path, sha256, format, "
	    "size) VALUES (?, ?, ?, ?) RETURNING id",
	[SI_SET] = STORE_INSERT "result_sets (source_id, format) "
	    "VALUES (?, ?) RETURNING id",
	[SI_SET_FIELDS] = "UPDATE result_sets SET title = ?, description = ?, "
	    "notes = ?, generator = ?, last_modified = ?, source_url = ?, "
	    "source_ref = ?, format = ?, nsystems = ?, ntests = ?, "
	    "nvalues = ? WHERE id = ?",
	[SI_EXTRA] = STORE_INSERT "result_set_extra (set_id, pos, key, "
	    "value) VALUES (?, ?, ?, ?)",
	[SI_SYSTEM] = STORE_INSERT "systems (set_id, pos, identifier) "
	    "VALUES (?, ?, ?) RETURNING id",
	[SI_SYSTEM_FIELDS] = "UPDATE systems SET identifier = ?, "
	    "notes_text = ?, json_raw = ? WHERE id = ?",
	[SI_FIELD] = STORE_INSERT "system_fields (system_id, pos, kind, "
	    "key, value) VALUES (?, ?, ?, ?, ?)",
	[SI_FACT] = STORE_INSERT "system_facts (system_id, pos, key, "
	    "value, source) VALUES (?, ?, ?, ?, ?)",
	[SI_TEST] = STORE_INSERT "tests (set_id, pos, identifier, title, "
	    "app_version, arguments, description, unit, proportion, "
	    "proportion_raw, display, display_raw, annotation, parent, "
	    "json_prefix) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
	    "RETURNING id",
	[SI_FOOTNOTE] = STORE_INSERT "test_footnotes (test_id, pos, text) "
	    "VALUES (?, ?, ?)",
	[SI_TEST_FACT] = STORE_INSERT "test_facts (test_id, pos, key, "
	    "value) VALUES (?, ?, ?, ?)",
	[SI_RESULT] = STORE_INSERT "results (test_id, pos, system_id, "
	    "mean, se, n, min, max, value_text, raw_string, json_raw, note, "
	    "error, runs, test_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
	    "?, ?, ?, ?) RETURNING id",
	[SI_SERIES] = STORE_INSERT "series (result_id, pos, name, unit, "
	    "x_unit, x, y) VALUES (?, ?, ?, ?, ?, ?, ?)"
};

/*
 * Values without series (nearly all) go in multi-row INSERTs of up to
 * STORE_BATCH rows: one statement per Result of a usual file instead of
 * one per value (a tenth of an import's CPU time on SQLite: each
 * statement resets, opens its cursors and halts once). A value with
 * series goes alone, for its row id.
 */
#define STORE_BATCH	16
#define STORE_VALUE_COLS 15

struct store_import {
	struct store		*st;
	struct store_stmt	*stmt[SI_COUNT];
	struct store_stmt	*batch[STORE_BATCH + 1];	/* by rows */
	int64_t			 set_id;
	int64_t			*sys_ids;	/* row id of each system written */
	size_t			 nsys, capsys;
	size_t			 ntests;	/* position of the next test */
	size_t			 nvalues;	/* values written */
	size_t			 json_cut;	/* the test's JSON prefix length */
	int64_t			 test_key;	/* the test's store_test_key */
};

static const char *const store_import_kinds[] = { "field", "note", "meta" };

static int	 store_import_find_sha(struct store *, const char *, int64_t *,
		    struct diag *);
static void	 store_import_free(struct store_import *);
static void	 store_import_end(struct store *);
static int	 store_import_kv(struct store_import *, int64_t, const char *,
		    const struct kv_list *, struct diag *);
static int	 store_import_facts(struct store *, struct store_stmt *,
		    int64_t, const struct fact_list *, struct diag *);
static int	 store_import_value(struct store_import *, int64_t, size_t,
		    const struct value *, struct diag *);
static int	 store_import_values(struct store_import *, int64_t,
		    const struct test *, size_t, size_t, struct diag *);
static size_t	 store_json_prefix(const struct test *, const char **);
static int	 store_import_value_params(struct store_import *,
		    struct store_param *, int64_t, size_t, const struct value *,
		    unsigned char **, struct diag *);

/* The result set imported from these bytes: *id > 0, or 0 when none. */
static int
store_import_find_sha(struct store *st, const char *sha, int64_t *id,
    struct diag *d)
{
	struct store_stmt	*stmt = NULL;
	int			 rc = -1, step;

	*id = 0;
	if (store_prepare(st, &stmt, "SELECT r.id FROM sources s JOIN "
	    "result_sets r ON r.source_id = s.id WHERE s.sha256 = ?1 "
	    "ORDER BY r.id LIMIT 1", d) == -1 ||
	    store_query(st, stmt, d, "t", sha) == -1 ||
	    (step = store_next(st, stmt, d)) == -1)
		goto out;
	if (step == 1)
		*id = store_col_int(st, stmt, 0);
	rc = 0;
out:
	store_finalize(st, stmt);
	return rc;
}

/* Finalise the statements and free; the transaction is the caller's. */
static void
store_import_free(struct store_import *imp)
{
	size_t	i;

	for (i = 0; i < SI_COUNT; i++)
		store_finalize(imp->st, imp->stmt[i]);
	for (i = 0; i <= STORE_BATCH; i++)
		store_finalize(imp->st, imp->batch[i]);
	free(imp->sys_ids);
	free(imp);
}

/* After COMMIT or ROLLBACK: the connection as every other use needs it. */
static void
store_import_end(struct store *st)
{
	st->ops->import_mode(st, false);
}

int
store_import_begin(struct store *st, const struct result_set *rs,
    struct store_import **out, int64_t *id, bool *already, struct diag *d)
{
	struct store_import	*imp = NULL;
	struct stat		 sb;
	int64_t			 existing = 0, src_id = 0;
	size_t			 i;

	*out = NULL;
	*id = 0;
	*already = false;
	/* The backend's import settings (SQLite: no foreign-key lookups). */
	st->ops->import_mode(st, true);
	/*
	 * The write transaction, and then a lock on these bytes: two imports
	 * of the same file cannot both decide it is new.
	 */
	if (store_begin_write(st, d) == -1) {
		store_import_end(st);
		return -1;
	}
	if (rs->source_sha256 != NULL &&
	    (st->ops->lock_source(st, rs->source_sha256, d) == -1 ||
	    store_import_find_sha(st, rs->source_sha256, &existing, d) == -1))
		goto fail;
	if (existing > 0) {
		*id = existing;
		*already = true;
		if (store_commit(st, d) == -1)
			goto fail;
		store_import_end(st);
		return 0;
	}
	imp = xcalloc(1, sizeof(*imp));
	imp->st = st;
	for (i = 0; i < SI_COUNT; i++)
		if (store_prepare(st, &imp->stmt[i], store_import_sql[i], d) == -1)
			goto fail;
	if (rs->source_path != NULL || rs->source_sha256 != NULL) {
		if (store_run(st, imp->stmt[SI_SOURCE], d, "tttn",
		    rs->source_path, rs->source_sha256, rs->format,
		    (int64_t)(rs->source_path != NULL &&
		    stat(rs->source_path, &sb) == 0 ? sb.st_size : 0)) == -1)
			goto fail;
		src_id = store_col_int(st, imp->stmt[SI_SOURCE], 0);
	}
	if (store_run(st, imp->stmt[SI_SET], d, "nt", src_id, rs->format) == -1)
		goto fail;
	imp->set_id = store_col_int(st, imp->stmt[SI_SET], 0);
	*out = imp;
	return 0;
fail:
	if (imp != NULL)
		store_import_free(imp);
	store_rollback(st);
	store_import_end(st);
	*id = 0;
	*already = false;
	return -1;
}

int
store_import_add_systems(struct store_import *imp, const struct result_set *rs,
    struct diag *d)
{
	for (; imp->nsys < rs->nsystems; imp->nsys++) {
		if (store_run(imp->st, imp->stmt[SI_SYSTEM], d, "iit",
		    imp->set_id, (int64_t)imp->nsys,
		    rs->systems[imp->nsys].identifier) == -1)
			return -1;
		xgrow(&imp->sys_ids, &imp->capsys, imp->nsys + 1,
		    sizeof(*imp->sys_ids));
		imp->sys_ids[imp->nsys] = store_col_int(imp->st,
		    imp->stmt[SI_SYSTEM], 0);
	}
	return 0;
}

static int
store_import_kv(struct store_import *imp, int64_t sys, const char *kind,
    const struct kv_list *l, struct diag *d)
{
	size_t	i;

	for (i = 0; i < l->len; i++)
		if (store_run(imp->st, imp->stmt[SI_FIELD], d, "iittt", sys,
		    (int64_t)i, kind, l->items[i].key, l->items[i].value) == -1)
			return -1;
	return 0;
}

static int
store_import_facts(struct store *st, struct store_stmt *stmt, int64_t sys,
    const struct fact_list *l, struct diag *d)
{
	size_t	i;

	for (i = 0; i < l->len; i++)
		if (store_run(st, stmt, d, "iittt", sys, (int64_t)i,
		    l->items[i].key, l->items[i].value, l->items[i].source) == -1)
			return -1;
	return 0;
}

/* The parameters of value v's row into p; *runs is to be freed. */
static int
store_import_value_params(struct store_import *imp, struct store_param *p,
    int64_t test_id, size_t pos, const struct value *v, unsigned char **runs,
    struct diag *d)
{
	size_t	nr;

	*runs = store_pack_dbls(&v->runs, &nr);
	return store_params(imp->st, p, STORE_VALUE_COLS, d, "iiiddiddtttttbi",
	    test_id, (int64_t)pos, imp->sys_ids[v->system], (int)v->has_mean,
	    v->mean, (int)v->has_se, v->se, (int64_t)v->n, (int)v->has_min,
	    v->min, (int)v->has_max, v->max, v->value_text, v->raw_string,
	    v->json_raw == NULL ? NULL : v->json_raw + imp->json_cut, v->note,
	    v->error, *runs, nr, imp->test_key);
}

static int
store_import_value(struct store_import *imp, int64_t test_id, size_t pos,
    const struct value *v, struct diag *d)
{
	struct store		*st = imp->st;
	struct store_param	 p[STORE_VALUE_COLS];
	const struct series	*s;
	int64_t			 rid;
	size_t			 i;
	unsigned char		*runs, *x, *y;
	size_t			 nx, ny;
	int			 rc;

	rc = store_import_value_params(imp, p, test_id, pos, v, &runs, d);
	if (rc != -1)
		rc = store_run_params(st, imp->stmt[SI_RESULT], p, rc, d);
	free(runs);
	if (rc == -1)
		return -1;
	rid = store_col_int(st, imp->stmt[SI_RESULT], 0);
	for (i = 0; i < v->nseries; i++) {
		s = &v->series[i];
		x = store_pack_dbls(&s->x, &nx);
		y = store_pack_dbls(&s->y, &ny);
		rc = store_run(st, imp->stmt[SI_SERIES], d, "iitttbb", rid,
		    (int64_t)i, s->name, s->unit, s->x_unit, x, nx, y, ny);
		free(x);
		free(y);
		if (rc == -1)
			return -1;
	}
	return 0;
}

/*
 * Values from..to-1 of t, none with series, in one INSERT (prepared once
 * per import for each number of rows).
 */
static int
store_import_values(struct store_import *imp, int64_t test_id,
    const struct test *t, size_t from, size_t to, struct diag *d)
{
	struct store_param	 p[STORE_BATCH * STORE_VALUE_COLS];
	unsigned char		*runs[STORE_BATCH];
	struct strbuf		 sql;
	size_t			 n = to - from, i;
	int			 rc = 0;

	if (n == 1)
		return store_import_value(imp, test_id, from, &t->values[from], d);
	if (imp->batch[n] == NULL) {
		strbuf_init(&sql);
		/* The single row's SQL without RETURNING id, n rows long. */
		strbuf_add(&sql, store_import_sql[SI_RESULT],
		    strlen(store_import_sql[SI_RESULT]) -
		    strlen(" RETURNING id"));
		for (i = 1; i < n; i++)
			strbuf_adds(&sql, ", (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
			    "?, ?, ?)");
		rc = store_prepare(imp->st, &imp->batch[n], strbuf_str(&sql), d);
		strbuf_free(&sql);
		if (rc == -1)
			return -1;
	}
	for (i = 0; i < n; i++)
		runs[i] = NULL;
	for (i = 0; i < n && rc != -1; i++)
		rc = store_import_value_params(imp, p + i * STORE_VALUE_COLS,
		    test_id, from + i, &t->values[from + i], &runs[i], d);
	if (rc != -1)
		rc = store_run_params(imp->st, imp->batch[n], p,
		    (int)(n * STORE_VALUE_COLS), d);
	for (i = 0; i < n; i++)
		free(runs[i]);
	return rc;
}

/*
 * How many bytes every value's JSON of t begins with (0 when no value has
 * JSON), and in *firstp the first value's JSON (NULL when none has). PTS repeats a test's compiler options in the JSON of each of its
 * values: 190 of the 265 bytes of a value's row in the bench file, and so
 * most of what an import writes. The test's row keeps them once
 * (json_prefix) and each value the rest; store_load_values joins them.
 * The cut is after an ASCII byte, so that, of valid UTF-8, both parts
 * are valid UTF-8 (PostgreSQL refuses anything else as text).
 */
static size_t
store_json_prefix(const struct test *t, const char **firstp)
{
	const char	*first = NULL, *s;
	size_t		 len = 0, i, k;

	for (i = 0; i < t->nvalues; i++) {
		if ((s = t->values[i].json_raw) == NULL)
			continue;
		if (first == NULL) {
			first = s;
			len = strlen(s);
			continue;
		}
		for (k = 0; k < len && s[k] == first[k]; k++)
			;
		len = k;
	}
	while (len > 0 && (unsigned char)first[len - 1] >= 0x80)
		len--;
	*firstp = first;
	return len;
}

int64_t
store_test_key(const char *identifier, const char *title,
    const char *arguments, const char *unit)
{
	const char		*field[4] = { identifier, title, arguments, unit };
	struct sha256_ctx	 ctx;
	uint8_t			 md[SHA256_DIGEST_SIZE];
	uint64_t		 k = 0;
	size_t			 i;

	sha256_init(&ctx);
	/* Each field with its NUL; NULL as the empty string. */
	for (i = 0; i < 4; i++)
		sha256_update(&ctx, field[i] != NULL ? strlen(field[i]) + 1 : 1,
		    (const uint8_t *)(field[i] != NULL ? field[i] : ""));
	sha256_digest(&ctx, sizeof(md), md);
	for (i = 0; i < 8; i++)
		k = k << 8 | md[i];
	return (int64_t)k;
}

int
store_import_add_test(struct store_import *imp, const struct result_set *rs,
    const struct test *t, struct diag *d)
{
	struct store	*st = imp->st;
	int64_t		 test_id;
	size_t		 j, k;
	const char	*first;
	char		*prefix = NULL;
	int		 rc;

	if (store_import_add_systems(imp, rs, d) == -1)
		return -1;
	if ((imp->json_cut = store_json_prefix(t, &first)) > 0)
		prefix = xstrndup(first, imp->json_cut);
	rc = store_run(st, imp->stmt[SI_TEST], d, "iittttttititttt",
	    imp->set_id, (int64_t)imp->ntests, t->identifier, t->title,
	    t->app_version, t->arguments, t->description, t->unit,
	    (int64_t)t->proportion, t->proportion_raw, (int64_t)t->display,
	    t->display_raw, t->annotation, t->parent, prefix);
	imp->test_key = store_test_key(t->identifier, t->title, t->arguments,
	    t->unit);
	free(prefix);
	if (rc == -1)
		return -1;
	test_id = store_col_int(st, imp->stmt[SI_TEST], 0);
	imp->ntests++;
	for (j = 0; j < t->footnotes.len; j++)
		if (store_run(st, imp->stmt[SI_FOOTNOTE], d, "iit", test_id,
		    (int64_t)j, t->footnotes.items[j]) == -1)
			return -1;
	for (j = 0; j < t->facts.len; j++)
		if (store_run(st, imp->stmt[SI_TEST_FACT], d, "iitt", test_id,
		    (int64_t)j, t->facts.items[j].key,
		    t->facts.items[j].value) == -1)
			return -1;
	for (j = 0; j < t->nvalues; j++)
		if (t->values[j].system >= imp->nsys)
			return diag_set(d, rs->source_path, 0, "test %zu: value "
			    "refers to system %zu of %zu", imp->ntests,
			    t->values[j].system + 1, imp->nsys);
	/* Runs of values without series together; one with series alone. */
	for (j = 0; j < t->nvalues; j = k) {
		k = j + 1;
		if (t->values[j].nseries == 0)
			while (k < t->nvalues && k - j < STORE_BATCH &&
			    t->values[k].nseries == 0)
				k++;
		if (store_import_values(imp, test_id, t, j, k, d) == -1)
			return -1;
		imp->nvalues += k - j;
	}
	return 0;
}

int
store_import_commit(struct store_import *imp, const struct result_set *rs,
    int64_t *id, struct diag *d)
{
	struct store		*st = imp->st;
	const struct system	*sys;
	size_t			 i;

	*id = 0;
	if (store_import_add_systems(imp, rs, d) == -1 ||
	    store_run(st, imp->stmt[SI_SET_FIELDS], d, "ttttttttiiii",
	    rs->title, rs->description, rs->notes, rs->generator,
	    rs->last_modified, rs->source_url, rs->source_ref, rs->format,
	    (int64_t)imp->nsys, (int64_t)imp->ntests, (int64_t)imp->nvalues,
	    imp->set_id) == -1)
		goto fail;
	for (i = 0; i < rs->extra.len; i++)
		if (store_run(st, imp->stmt[SI_EXTRA], d, "iitt", imp->set_id,
		    (int64_t)i, rs->extra.items[i].key,
		    rs->extra.items[i].value) == -1)
			goto fail;
	/*
	 * Systems are complete only now: a streaming reader may fill in a
	 * system after tests that name it, and normalisation runs last.
	 * Every system's row first, then their fields and facts, so that
	 * PostgreSQL sends those in one COPY per table, not one per system
	 * between two UPDATEs.
	 */
	for (i = 0; i < rs->nsystems; i++) {
		sys = &rs->systems[i];
		if (store_run(st, imp->stmt[SI_SYSTEM_FIELDS], d, "ttti",
		    sys->identifier, sys->notes_text, sys->json_raw,
		    imp->sys_ids[i]) == -1)
			goto fail;
	}
	for (i = 0; i < rs->nsystems; i++) {
		sys = &rs->systems[i];
		if (store_import_kv(imp, imp->sys_ids[i], store_import_kinds[0],
		    &sys->fields, d) == -1 ||
		    store_import_kv(imp, imp->sys_ids[i], store_import_kinds[1],
		    &sys->notes, d) == -1 ||
		    store_import_kv(imp, imp->sys_ids[i], store_import_kinds[2],
		    &sys->meta, d) == -1 ||
		    store_import_facts(st, imp->stmt[SI_FACT], imp->sys_ids[i],
		    &sys->normalized, d) == -1)
			goto fail;
	}
	/* Statements go first: COMMIT must not wait on an open statement. */
	*id = imp->set_id;
	store_import_free(imp);
	if (store_commit(st, d) == -1) {
		*id = 0;
		store_rollback(st);
		store_import_end(st);
		return -1;
	}
	store_import_end(st);
	/* A store this command created is public from here on. */
	if (st->ops->committed != NULL && st->ops->committed(st, d) == -1) {
		*id = 0;
		return -1;
	}
	return 0;
fail:
	store_import_abort(imp);
	return -1;
}

void
store_import_abort(struct store_import *imp)
{
	struct store	*st;

	if (imp == NULL)
		return;
	st = imp->st;
	store_import_free(imp);
	store_rollback(st);
	store_import_end(st);
}

int
store_import_result_set(struct store *st, const struct result_set *rs,
    int64_t *id, bool *already, struct diag *d)
{
	struct store_import	*imp;
	size_t			 i;

	if (store_import_begin(st, rs, &imp, id, already, d) == -1)
		return -1;
	if (imp == NULL)
		return 0;	/* already stored */
	for (i = 0; i < rs->ntests; i++)
		if (store_import_add_test(imp, rs, &rs->tests[i], d) == -1) {
			store_import_abort(imp);
			return -1;
		}
	return store_import_commit(imp, rs, id, d);
}

int
store_update_facts(struct store *st, int64_t id, const struct result_set *rs,
    struct diag *d)
{
	struct store_stmt	*sel = NULL, *del = NULL, *ins = NULL;
	int64_t			*ids = NULL;
	size_t			 n = 0, cap = 0, i;
	int			 step, rc = -1;

	if (store_begin_write(st, d) == -1)
		return -1;
	if (store_prepare(st, &sel, "SELECT id FROM systems WHERE set_id = ? "
	    "ORDER BY pos", d) == -1 ||
	    store_prepare(st, &del, "DELETE FROM system_facts WHERE "
	    "system_id = ?", d) == -1 ||
	    store_prepare(st, &ins, store_import_sql[SI_FACT], d) == -1 ||
	    store_query(st, sel, d, "i", id) == -1)
		goto out;
	while ((step = store_next(st, sel, d)) == 1) {
		xgrow(&ids, &cap, n + 1, sizeof(*ids));
		ids[n++] = store_col_int(st, sel, 0);
	}
	if (step == -1)
		goto out;
	if (n != rs->nsystems) {
		diag_set(d, st->path, 0, "result set %lld has %zu systems, "
		    "not %zu", (long long)id, n, rs->nsystems);
		goto out;
	}
	for (i = 0; i < n; i++)
		if (store_run(st, del, d, "i", ids[i]) == -1 ||
		    store_import_facts(st, ins, ids[i],
		    &rs->systems[i].normalized, d) == -1)
			goto out;
	store_finalize(st, sel);
	store_finalize(st, del);
	store_finalize(st, ins);
	sel = del = ins = NULL;
	if (store_commit(st, d) == -1)
		goto out;
	rc = 0;
out:
	store_finalize(st, ins);
	store_finalize(st, del);
	store_finalize(st, sel);
	if (rc == -1)
		store_rollback(st);
	free(ids);
	return rc;
}
