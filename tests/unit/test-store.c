/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for the store: a result set built here, with every model
 * feature, survives store -> load with an identical JSON export; the same
 * bytes are a no-op the second time; delete; migration of an empty file;
 * an unwritable path; and a failure mid-import leaves the store unchanged.
 */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export.h"
#include "store.h"
#include "store-helpers.h"
#include "tap.h"
#include "xalloc.h"

static struct result_set *build(const char *sha);
static int	 count_cb(const struct store_summary *, void *);
static void	 json_prefixes(struct store *st);

/* Every kind of thing the model holds, including absent values and NULLs. */
static struct result_set *
build(const char *sha)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	struct series		*s;
	size_t			 a, b;

	model_set_str(&rs->title, "NVMe schedulers \x1b[31m");
	model_set_str(&rs->description, "Three schedulers, one drive.");
	model_set_str(&rs->generator, "Phoronix Test Suite v10.8.4");
	model_set_str(&rs->last_modified, "2024-03-21 10:00:00");
	model_set_str(&rs->source_ref, "2403215-XX-TEST00001");
	model_set_str(&rs->format, "pts-xml");
	model_set_str(&rs->source_path, "fixtures/pts/x.xml");
	model_set_str(&rs->source_sha256, sha);
	kv_list_add(&rs->extra, "InternalTags", "");
	kv_list_add(&rs->extra, "ReferenceID", "abc");
	a = result_set_add_system(rs, "none");
	b = result_set_add_system(rs, "mq-deadline");
	kv_list_add(&rs->systems[a].fields, "Processor", "AMD Ryzen 9 7950X 16-Core");
	kv_list_add(&rs->systems[a].fields, "Disk", "Samsung SSD 980 PRO 2TB");
	kv_list_add(&rs->systems[a].fields, "Disk", "second entry, same key");
	kv_list_add(&rs->systems[a].notes, "disk-scheduler", "NONE");
	kv_list_add(&rs->systems[a].meta, "User", "tester");
	model_set_str(&rs->systems[a].notes_text, "free prose");
	model_set_str(&rs->systems[a].json_raw, "{\"x\":1}");
	fact_list_set(&rs->systems[a].normalized, "io_scheduler", "none", "note:disk-scheduler");
	fact_list_set(&rs->systems[a].normalized, "cpu_cores", "16", "field:Processor");
	fact_list_set(&rs->systems[a].normalized, "disk_models", "[\"Samsung SSD 980 PRO 2TB\"]", "field:Disk");

	t = result_set_add_test(rs);
	model_set_str(&t->identifier, "pts/fio-2.1.0");
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->app_version, "3.33");
	model_set_str(&t->arguments, "randread io_uring 1 0 4k");
	model_set_str(&t->description, "Type: Random Read");
	model_set_str(&t->unit, "MB/s");
	t->proportion = PROP_HIB;
	model_set_str(&t->proportion_raw, "HIB");
	t->display = DISPLAY_BAR;
	model_set_str(&t->display_raw, "BAR_GRAPH");
	str_list_add(&t->footnotes, "(CC) gcc options: -O2");
	kv_list_add(&t->facts, "rw", "randread");
	kv_list_add(&t->facts, "iodepth", "8");
	kv_list_add(&t->facts, "filename", "/dev/nvme0n1");
	kv_list_add(&t->facts, "filename", "/dev/nvme1n1");
	v = test_add_value(t, a);
	dbl_list_add(&v->runs, 1025.39);
	dbl_list_add(&v->runs, 993.59);
	dbl_list_add(&v->runs, 921.99);
	value_compute_stats(v);
	v->has_min = true;
	v->min = 921.99;
	v->has_max = true;
	v->max = 1025.39;
	model_set_str(&v->value_text, "980.32");
	model_set_str(&v->raw_string, "1025.39:993.59:921.99");
	model_set_str(&v->note, "-lnuma");
	v = test_add_value(t, b);
	model_set_str(&v->error, "The test run did not produce a result.");

	t = result_set_add_test(rs);
	model_set_str(&t->identifier, "");
	model_set_str(&t->title, "Frame time");
	model_set_str(&t->unit, "");
	t->proportion = PROP_LIB;
	t->display = DISPLAY_LINE;
	model_set_str(&t->annotation, "line graph");
	model_set_str(&t->parent, "deadbeef");
	v = test_add_value(t, b);
	v->has_mean = true;
	v->mean = 0.1 + 0.2;	/* not exactly representable in short decimal */
	v->n = 7;
	s = value_add_series(v, "frame time");
	model_set_str(&s->unit, "ms");
	model_set_str(&s->x_unit, "s");
	dbl_list_add(&s->x, 0);
	dbl_list_add(&s->x, 1.5);
	dbl_list_add(&s->y, 16.6);
	dbl_list_add(&s->y, 1e-300);
	dbl_list_add(&s->y, -3.25);
	s = value_add_series(v, "bw");
	dbl_list_add(&s->y, 7);
	return rs;
}

/*
 * Values' JSON, kept as a test's shared beginning and each value's rest
 * (schema 5): what comes back is each value's JSON to the byte, NULL
 * staying NULL and "" staying "", and the cut never splits a character.
 */
static const char *const jp_cases[][4] = {
	/* a value whose JSON is the shared beginning itself; one without */
	{ "{\"a\":1,\"b\":\"x\"}", "{\"a\":1,\"b\":\"y\"}", NULL,
	    "{\"a\":1" },
	/* the shared bytes end inside a two-byte character: é and è */
	{ "{\"n\":\"\xc3\xa9\"}", "{\"n\":\"\xc3\xa8\"}", NULL, NULL },
	{ "{}", NULL, NULL, NULL },		/* one value */
	{ NULL, NULL, NULL, NULL },		/* none */
	{ "", "x", NULL, NULL },		/* nothing shared */
};
#define JP_TESTS	(sizeof(jp_cases) / sizeof(jp_cases[0]))

static void
json_prefixes(struct store *st)
{
	static const char *const want_prefix[JP_TESTS] = {
		"{\"a\":1", "{\"n\":\"", "{}", NULL, NULL
	};
	struct result_set	*rs = result_set_new(), *back = NULL;
	struct diag		 d;
	sqlite3_stmt		*q = NULL;
	struct test		*t;
	struct value		*v;
	int64_t			 id = 0;
	bool			 already, same = true;
	size_t			 i, j, sys[4];
	const char		*want, *got;

	model_set_str(&rs->title, "JSON prefixes");
	model_set_str(&rs->format, "pts-xml");
	model_set_str(&rs->source_sha256, "00jj");
	for (j = 0; j < 4; j++) {
		char	name[8];

		snprintf(name, sizeof(name), "s%zu", j);
		sys[j] = result_set_add_system(rs, name);
	}
	for (i = 0; i < JP_TESTS; i++) {
		t = result_set_add_test(rs);
		model_set_str(&t->title, "t");
		for (j = 0; j < 4; j++) {
			v = test_add_value(t, sys[j]);
			if (jp_cases[i][j] != NULL)
				model_set_str(&v->json_raw, jp_cases[i][j]);
		}
	}
	diag_clear(&d);
	ok(store_import_result_set(st, rs, &id, &already, &d) == 0 && id > 0,
	    "JSON prefixes: import");
	ok(store_load_result_set(st, id, &back, &d) == 0 && back != NULL &&
	    back->ntests == JP_TESTS, "JSON prefixes: load");
	for (i = 0; back != NULL && i < JP_TESTS && i < back->ntests; i++)
		for (j = 0; j < 4 && j < back->tests[i].nvalues; j++) {
			want = rs->tests[i].values[j].json_raw;
			got = back->tests[i].values[j].json_raw;
			if ((want == NULL) != (got == NULL) ||
			    (want != NULL && strcmp(want, got) != 0)) {
				diag("test %zu value %zu: \"%s\" for \"%s\"", i, j,
				    got ? got : "(null)", want ? want : "(null)");
				same = false;
			}
		}
	ok(same, "JSON prefixes: every value's JSON back to the byte");
	/* What the store holds: the shared beginnings, cut before é. */
	same = sqlite3_prepare_v2(store_db(st), "SELECT json_prefix FROM tests "
	    "WHERE set_id = ? ORDER BY pos", -1, &q, NULL) == SQLITE_OK &&
	    sqlite3_bind_int64(q, 1, id) == SQLITE_OK;
	for (i = 0; same && i < JP_TESTS; i++) {
		same = sqlite3_step(q) == SQLITE_ROW;
		got = same ? (const char *)sqlite3_column_text(q, 0) : NULL;
		if (same && (want_prefix[i] == NULL ? got != NULL : got == NULL ||
		    strcmp(got, want_prefix[i]) != 0)) {
			diag("test %zu: prefix \"%s\"", i, got ? got : "(null)");
			same = false;
		}
	}
	sqlite3_finalize(q);
	ok(same, "JSON prefixes: each test keeps its shared beginning once");
	result_set_free(back);
	result_set_free(rs);
}

static int
count_cb(const struct store_summary *s, void *arg)
{
	long	*n = arg;

	(*n)++;
	if (s->nsystems != 2 || s->ntests != 2 || s->nvalues != 3)
		*n += 1000;
	return 0;
}

int
main(void)
{
	char			 dir[] = "/tmp/test-store.XXXXXX", *path, *bad, *j1, *j2;
	struct result_set	*rs, *loaded = NULL, *rs2;
	struct store		*st = NULL, *st2 = NULL;
	struct diag		 d;
	int64_t			 id = 0, id2 = 0, id3 = 0;
	bool			 already = true;
	long			 n = 0, before;
	struct stat		 sb;
	FILE			*fp;

	if (mkdtemp(dir) == NULL) {
		diag("mkdtemp failed");
		return 1;
	}
	path = xasprintf("%s/sub/dir/results.db", dir);
	diag_clear(&d);
	ok(store_open(path, &st, &d) == 0, "open creates directories and file");
	if (st == NULL) {
		diag("%s", d.msg);
		return tap_done();
	}
	/* A new store is made under a temporary name until its first commit. */
	ok(stat(path, &sb) == -1 && errno == ENOENT,
	    "a new store has no name before its first commit");
	bad = xasprintf("%s/sub/dir", dir);
	ok(stat(bad, &sb) == 0 && (sb.st_mode & 0777) == 0700,
	    "created directories are private (0700)");
	free(bad);

	rs = build("00aa");
	if (store_import_result_set(st, rs, &id, &already, &d) == -1)
		diag("%s", d.msg);
	ok(id > 0,
	    "import");
	ok(!already, "first import is new");
	ok(stat(path, &sb) == 0, "database file exists after its first commit");
	ok(store_exists(st, id), "exists after import");
	ok(store_load_result_set(st, id, &loaded, &d) == 0 && loaded != NULL,
	    "load");
	j1 = json_of(rs);
	j2 = json_of(loaded);
	is_str(j2, j1, "JSON after store -> load equals JSON before");
	free(j2);
	if (loaded != NULL) {
		ok(isnan(loaded->tests[0].values[1].mean) ||
		    !loaded->tests[0].values[1].has_mean, "absent mean stays absent");
		ok(loaded->tests[1].values[0].mean == 0.1 + 0.2,
		    "doubles are bit-exact");
		is_int(loaded->tests[0].values[0].n, 3, "N survives");
		/* JSON objects cannot show a repeated key: check the model. */
		is_int(loaded->systems[0].fields.len, 3, "repeated field keys kept");
		is_str(loaded->systems[0].fields.items[2].value,
		    "second entry, same key", "in source order");
		is_int(loaded->tests[1].values[0].series[0].x.len, 2,
		    "series x kept apart from y");
		is_int(loaded->tests[0].facts.len, 4, "test facts kept, "
		    "repeated keys too");
		if (loaded->tests[0].facts.len == 4)
			ok(strcmp(loaded->tests[0].facts.items[1].key,
			    "iodepth") == 0 && strcmp(loaded->tests[0].facts.
			    items[3].value, "/dev/nvme1n1") == 0,
			    "test facts in source order");
		is_int(loaded->tests[1].facts.len, 0, "a test without facts "
		    "has none");
	}
	result_set_free(loaded);
	loaded = NULL;

	ok(store_import_result_set(st, rs, &id2, &already, &d) == 0, "re-import");
	ok(already && id2 == id, "same sha256 is reported as already imported");
	is_int(count(st, "result_sets"), 1, "re-import wrote nothing");
	store_list(st, count_cb, &n, &d);
	is_int(n, 1, "list: one set with 2 systems, 2 tests, 3 values");

	/* A failure half-way (a trigger refuses the last value) rolls back. */
	before = count(st, "results");
	ok(sqlite3_exec(store_db(st), "CREATE TEMP TRIGGER boom BEFORE INSERT "
	    "ON main.results WHEN NEW.n = 7 BEGIN SELECT RAISE(ABORT, "
	    "'injected failure'); END", NULL, NULL, NULL) == SQLITE_OK,
	    "install failure trigger");
	rs2 = build("11bb");
	diag_clear(&d);
	ok(store_import_result_set(st, rs2, &id3, &already, &d) == -1,
	    "import failing mid-way returns -1");
	ok(strstr(d.msg, "injected failure") != NULL, "error names the cause");
	is_int(count(st, "result_sets"), 1, "no result set left behind");
	is_int(count(st, "sources"), 1, "no source left behind");
	is_int(count(st, "results"), before, "no value left behind");
	is_int(count(st, "systems"), 2, "no system left behind");
	ok(sqlite3_exec(store_db(st), "DROP TRIGGER boom", NULL, NULL, NULL) ==
	    SQLITE_OK, "drop trigger");
	ok(store_import_result_set(st, rs2, &id3, &already, &d) == 0 &&
	    !already && id3 != id, "same set imports once the cause is gone");

	/* Values referring to a system that does not exist are refused. */
	rs2->tests[0].values[0].system = 9;
	model_set_str(&rs2->source_sha256, "22cc");
	ok(store_import_result_set(st, rs2, &id2, &already, &d) == -1,
	    "value with a bad system index is refused");
	is_int(count(st, "result_sets"), 2, "and nothing is stored");
	result_set_free(rs2);

	fact_list_set(&rs->systems[1].normalized, "filesystem", "ext4", "field:File-System");
	ok(store_update_facts(st, id, rs, &d) == 0, "update facts");
	ok(store_load_result_set(st, id, &loaded, &d) == 0, "load after update");
	if (loaded != NULL) {
		const struct fact *f = fact_list_get(&loaded->systems[1].normalized,
		    "filesystem");

		ok(f != NULL && strcmp(f->value, "ext4") == 0 &&
		    strcmp(f->source, "field:File-System") == 0,
		    "updated fact and provenance load back");
	}
	result_set_free(loaded);
	loaded = NULL;

	before = count(st, "system_fields");
	ok(store_delete_result_set(st, id, &d) == 0, "delete");
	ok(!store_exists(st, id), "gone after delete");
	is_int(count(st, "sources"), 1, "its source went too");
	is_int(count(st, "system_fields"), before - 5,
	    "cascade removed its system fields, not the other set's");
	ok(store_load_result_set(st, id, &loaded, &d) == -1 && loaded == NULL,
	    "loading a deleted set fails");
	ok(store_import_result_set(st, rs, &id2, &already, &d) == 0 && !already,
	    "re-import after delete stores it again");
	json_prefixes(st);
	store_close(st);
	st = NULL;

	/* An existing empty file is a database of version 0: migrate it. */
	free(path);
	path = xasprintf("%s/empty.db", dir);
	if ((fp = fopen(path, "w")) != NULL)
		fclose(fp);
	ok(store_open(path, &st2, &d) == 0, "empty file migrates");
	if (st2 != NULL) {
		sqlite3_stmt	*stmt = NULL;
		int		 v = -1;

		if (sqlite3_prepare_v2(store_db(st2), "PRAGMA user_version", -1,
		    &stmt, NULL) == SQLITE_OK && sqlite3_step(stmt) == SQLITE_ROW)
			v = sqlite3_column_int(stmt, 0);
		sqlite3_finalize(stmt);
		ok(v >= 1, "user_version set");
		is_int(count(st2, "tests"), 0, "tables exist");
	}
	store_close(st2);
	st2 = NULL;
	ok(store_open(path, &st2, &d) == 0, "reopen an up-to-date database");
	store_close(st2);
	st2 = NULL;

	/* A newer schema than we know is refused, not clobbered. */
	{
		sqlite3	*db = NULL;

		if (sqlite3_open(path, &db) == SQLITE_OK)
			(void)sqlite3_exec(db, "PRAGMA user_version = 999", NULL,
			    NULL, NULL);
		sqlite3_close(db);
		diag_clear(&d);
		ok(store_open(path, &st2, &d) == -1 && st2 == NULL &&
		    strstr(d.msg, "newer") != NULL, "newer schema refused");
	}

	/* Unwritable: a path below a regular file. */
	free(path);
	path = xasprintf("%s/empty.db/below/results.db", dir);
	diag_clear(&d);
	ok(store_open(path, &st2, &d) == -1 && st2 == NULL && diag_isset(&d),
	    "unwritable path is an error");
	free(path);
	path = xasprintf("/proc/benchreport-test/results.db");
	diag_clear(&d);
	ok(store_open(path, &st2, &d) == -1 && diag_isset(&d),
	    "path under /proc is an error");

	free(j1);
	free(path);
	result_set_free(rs);
	{
		char	*cmd = xasprintf("rm -rf '%s'", dir);

		if (system(cmd) != 0)
			diag("could not remove %s", dir);
		free(cmd);
	}
	return tap_done();
}
