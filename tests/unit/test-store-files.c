/* SPDX-License-Identifier: ISC */
/*
 * Store round trip of real files: every fixture (and, when ../shared is
 * present, every corpus file of a format we read) gives the same JSON
 * export read directly as after import and load. Files a reader refuses
 * are skipped: their error paths are tested elsewhere.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "format.h"
#include "meta.h"
#include "store.h"
#include "json-helpers.h"
#include "tap.h"
#include "xalloc.h"

static void	 first_difference(const char *, const char *);
static void	 check_file(struct store *, const char *);
static void	 check_dir(struct store *, const char *);

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

/* Read path as import does, store it, load it back and compare. */
static void
check_file(struct store *st, const char *path)
{
	struct result_set	*rs = result_set_new(), *loaded = NULL;
	struct read_options	 ro = { NULL, NULL };
	struct diag		 d;
	char			*want = NULL, *got = NULL, *name;
	int64_t			 id = 0;
	bool			 already = false;

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
out:
	free(want);
	free(got);
	result_set_free(loaded);
	result_set_free(rs);
}

static int
check_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every data file of dir, in name order (README, generators, .cmd skipped). */
static void
check_dir(struct store *st, const char *dir)
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
		    (len > 4 && strcmp(de->d_name + len - 4, ".cmd") == 0))
			continue;
		xgrow(&names, &cap, n + 1, sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(dp);
	qsort(names, n, sizeof(*names), check_cmp);
	for (i = 0; i < n; i++) {
		path = xasprintf("%s/%s", dir, names[i]);
		check_file(st, path);
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
		"../shared/corpus/pts-xml", "../shared/corpus/fio-json",
		"../shared/corpus/fio-text", "../shared/corpus/fio-terse",
		"../shared/corpus/fio-log", "../shared/corpus/dd", NULL
	};
	char		 dir[] = "/tmp/test-store-files.XXXXXX", *path, *cmd;
	struct store	*st = NULL;
	struct diag	 d;
	size_t		 i;

	if (mkdtemp(dir) == NULL) {
		diag("mkdtemp failed");
		return 1;
	}
	path = xasprintf("%s/results.db", dir);
	diag_clear(&d);
	ok(store_open(path, &st, &d) == 0, "open");
	if (st == NULL)
		diag("%s", d.msg);
	for (i = 0; st != NULL && dirs[i] != NULL; i++)
		check_dir(st, dirs[i]);
	store_close(st);
	free(path);
	cmd = xasprintf("rm -rf '%s'", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	free(cmd);
	return tap_done();
}
