/* SPDX-License-Identifier: ISC */
/*
 * Store round trip of real files: every fixture (and, when ../shared is
 * present, every corpus file of a format we read) gives the same JSON
 * export read directly, after a whole-set import and load, and after a
 * streamed import (import_file) and load. Files a reader refuses are
 * skipped: their error paths are tested elsewhere. Then a failure in the
 * middle of a stream, from the store or from the file, leaves nothing.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "format.h"
#include "import.h"
#include "meta.h"
#include "store.h"
#include "store-helpers.h"
#include "tap.h"
#include "xalloc.h"

static void	 first_difference(const char *, const char *);
static void	 check_file(struct store *, struct store *, const char *);
static void	 check_dir(struct store *, struct store *, const char *);
static int	 count_test(struct result_set *, void *, struct diag *);
static void	 check_failures(struct store *);

/* Show the first line that differs, with its line number. */
static void
first_difference(const char *want, const char *got)
{
	size_t	line = 1, a, b;

	for (;;) {
		a = strcspn(want, "\n");
		b = strcspn(got, "\n");
		if (a != b || strncmp(want, got, a) != 0) {
			diag("line %zu: want %.*s", line, (int)a, want);
			diag("line %zu: got  %.*s", line, (int)b, got);
			return;
		}
		if (want[a] == '\0' || got[b] == '\0')
			return;
		want += a + 1;
		got += b + 1;
		line++;
	}
}

/*
 * Read path as import does and store it in st as a whole set; import it
 * into st2 with import_file (streamed for readers that can); load both
 * and compare each with the set as read.
 */
static void
check_file(struct store *st, struct store *st2, const char *path)
{
	struct result_set		*rs = result_set_new(), *loaded = NULL;
	struct result_set		*srs = result_set_new();
	struct import_file_result	 res;
	struct read_options		 ro = { .system_name = NULL };
	const struct reader		*r;
	struct diag			 d;
	char				*want = NULL, *got = NULL, *name;
	int64_t				 id = 0;
	bool				 already = false;

	diag_clear(&d);
	if (format_read_file(path, &ro, rs, &d) == -1) {
		skip(path, "the reader refuses it");
		goto out;
	}
	meta_normalize_result_set(rs);
	want = json_of(rs);
	name = xasprintf("%s: store -> load keeps everything", path);
	if (store_import_result_set(st, rs, &id, &already, &d) == -1 ||
	    store_load_result_set(st, id, &loaded, &d) == -1) {
		diag("%s", d.msg);
		ok(0, name);
	} else {
		got = json_of(loaded);
		ok(strcmp(got, want) == 0, name);
		if (strcmp(got, want) != 0)
			first_difference(want, got);
	}
	free(name);
	free(got);
	got = NULL;
	result_set_free(loaded);
	loaded = NULL;

	name = xasprintf("%s: streamed import stores the same", path);
	r = format_detect_file(path, &d);
	if (import_file(st2, path, NULL, &ro, srs, &res, &d) == -1 ||
	    store_load_result_set(st2, res.id, &loaded, &d) == -1) {
		diag("%s", d.msg);
		ok(0, name);
	} else {
		got = json_of(loaded);
		ok(strcmp(got, want) == 0 && !res.already, name);
		if (strcmp(got, want) != 0)
			first_difference(want, got);
		/* A streaming reader hands every test over and keeps none. */
		if (r != NULL && r->read_stream != NULL)
			ok(srs->ntests == 0 && res.ntests == rs->ntests,
			    "  and the reader kept no test in memory");
	}
	free(name);
out:
	free(want);
	free(got);
	result_set_free(loaded);
	result_set_free(srs);
	result_set_free(rs);
}

/* A read_stream callback that only counts the tests handed over. */
static int
count_test(struct result_set *rs, void *arg, struct diag *d)
{
	(*(size_t *)arg)++;
	return 0;
}

/*
 * A failure in the middle of a stream, from the store (a trigger refuses
 * the second test) or from the file (a non-numeric value in the third
 * Result, after two were stored), rolls everything back.
 */
static void
check_failures(struct store *st)
{
	static const char *const tables[] = {
		"sources", "result_sets", "systems", "system_fields",
		"system_facts", "tests", "results", "series", NULL
	};
	static const char	 good[] = "fixtures/pts/storage-2sys.xml";
	static const char	 bad[] = "fixtures/hostile/non-numeric.xml";
	const struct reader	*r = format_find("pts-xml");
	struct read_stream	 stream = { count_test, NULL };
	struct import_file_result res;
	struct result_set	*rs;
	struct diag		 d;
	long			 before[8];
	size_t			 i, seen = 0;
	bool			 same;

	for (i = 0; tables[i] != NULL; i++)
		before[i] = count(st, tables[i]);
	ok(sqlite3_exec(store_db(st), "CREATE TEMP TRIGGER boom BEFORE INSERT "
	    "ON main.tests WHEN NEW.pos = 1 BEGIN SELECT RAISE(ABORT, "
	    "'injected failure'); END", NULL, NULL, NULL) == SQLITE_OK,
	    "install failure trigger");
	rs = result_set_new();
	diag_clear(&d);
	ok(import_file(st, good, NULL, NULL, rs, &res, &d) == -1 &&
	    res.store_failed, "store failure mid-stream: -1, a store error");
	ok(strstr(d.msg, "injected failure") != NULL, "  naming the cause");
	result_set_free(rs);
	(void)sqlite3_exec(store_db(st), "DROP TRIGGER boom", NULL, NULL, NULL);
	for (same = true, i = 0; tables[i] != NULL; i++)
		same = same && count(st, tables[i]) == before[i];
	ok(same, "  and every table is as it was");

	/* The file's third Result is bad: two are stored before it. */
	stream.arg = &seen;
	rs = result_set_new();
	diag_clear(&d);
	ok(r != NULL && r->read_stream(bad, NULL, &stream, rs, &d) == -1 &&
	    seen == 2, "the bad value comes after two streamed Results");
	result_set_free(rs);
	rs = result_set_new();
	diag_clear(&d);
	ok(import_file(st, bad, NULL, NULL, rs, &res, &d) == -1 &&
	    !res.store_failed, "bad input mid-stream: -1, not a store error");
	ok(strstr(d.msg, "not a number") != NULL && d.line > 0,
	    "  with the reader's message and line");
	result_set_free(rs);
	for (same = true, i = 0; tables[i] != NULL; i++)
		same = same && count(st, tables[i]) == before[i];
	ok(same, "  and every table is as it was");
	rs = result_set_new();
	ok(import_file(st, good, NULL, NULL, rs, &res, &d) == 0 &&
	    !res.already && res.ntests == 4, "the good file imports afterwards");
	result_set_free(rs);
}

static int
check_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Every data file of dir, in name order (README, generators, .cmd and the
 * expected outputs skipped).
 */
static void
check_dir(struct store *st, struct store *st2, const char *dir)
{
	DIR		*dp;
	struct dirent	*de;
	char		**names = NULL, *path;
	size_t		 n = 0, cap = 0, i, len;

	if ((dp = opendir(dir)) == NULL) {
		skip(dir, "absent");
		return;
	}
	while ((de = readdir(dp)) != NULL) {
		len = strlen(de->d_name);
		if (de->d_name[0] == '.' || strcmp(de->d_name, "README.md") == 0 ||
		    (len > 3 && strcmp(de->d_name + len - 3, ".sh") == 0) ||
		    (len > 4 && strcmp(de->d_name + len - 4, ".cmd") == 0) ||
		    strstr(de->d_name, ".expected.") != NULL)
			continue;
		xgrow(&names, &cap, n + 1, sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(dp);
	qsort(names, n, sizeof(*names), check_cmp);
	for (i = 0; i < n; i++) {
		path = xasprintf("%s/%s", dir, names[i]);
		check_file(st, st2, path);
		free(path);
		free(names[i]);
	}
	free(names);
}

int
main(void)
{
	static const char *const dirs[] = {
		"fixtures/pts", "fixtures/meta", "fixtures/fio", "fixtures/dd",
		"fixtures/ob", "fixtures/diff", "../shared/corpus/ob-html",
		"../shared/corpus/ob-text",
		"../shared/corpus/pts-xml", "../shared/corpus/fio-json",
		"../shared/corpus/fio-text", "../shared/corpus/fio-terse",
		"../shared/corpus/fio-log", "../shared/corpus/dd", NULL
	};
	char		 dir[] = "/tmp/test-store-files.XXXXXX", *path, *path2;
	char		*cmd;
	struct store	*st = NULL, *st2 = NULL;
	struct diag	 d;
	size_t		 i;

	if (mkdtemp(dir) == NULL) {
		diag("mkdtemp failed");
		return 1;
	}
	path = xasprintf("%s/whole.db", dir);
	path2 = xasprintf("%s/streamed.db", dir);
	diag_clear(&d);
	ok(store_open(path, &st, &d) == 0 && store_open(path2, &st2, &d) == 0,
	    "open");
	if (st == NULL || st2 == NULL)
		diag("%s", d.msg);
	for (i = 0; st != NULL && st2 != NULL && dirs[i] != NULL; i++)
		check_dir(st, st2, dirs[i]);
	store_close(st2);
	st2 = NULL;
	/* A fresh database for the failures: nothing to collide with. */
	free(path2);
	path2 = xasprintf("%s/failures.db", dir);
	if (store_open(path2, &st2, &d) == 0)
		check_failures(st2);
	else
		diag("%s", d.msg);
	store_close(st2);
	store_close(st);
	free(path);
	free(path2);
	cmd = xasprintf("rm -rf '%s'", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	free(cmd);
	return tap_done();
}
