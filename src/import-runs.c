/* SPDX-License-Identifier: ISC */
/*
 * import --merge-runs: read every named file, fold them into the first as
 * repeated runs (model-runs.c decides what matches), and give the merged
 * set a source identity covering all files. It neither stores nor prints.
 */
#include <stdio.h>
#include <string.h>

#include <glib.h>

#include "import-runs.h"
#include "model-runs.h"
#include "strbuf.h"
#include "xalloc.h"

static int	 import_runs_one(const char *path, const char *format,
		    const struct read_options *ro, struct result_set *rs,
		    struct diag *d);

/* Like import: detect the format, or use the one forced by --format. */
static int
import_runs_one(const char *path, const char *format,
    const struct read_options *ro, struct result_set *rs, struct diag *d)
{
	const struct reader	*r;

	if (format == NULL)
		return format_read_file(path, ro, rs, d);
	if ((r = format_find(format)) == NULL)
		return diag_set(d, NULL, 0, "unknown format: %s (see "
		    "'benchreport formats')", format);
	return format_read_file_as(r, path, ro, rs, d);
}

bool
import_runs_same_format(char *const *paths, size_t n, const char *format)
{
	const struct reader	*first = NULL, *r;
	struct diag		 d;
	size_t			 i;

	if (format != NULL)
		return true;
	for (i = 0; i < n; i++) {
		diag_clear(&d);
		if ((r = format_detect_file(paths[i], &d)) == NULL)
			return false;
		if (first == NULL)
			first = r;
		else if (r != first)
			return false;
	}
	return true;
}

int
import_runs_read(char *const *paths, size_t n, const char *format,
    const struct read_options *ro, struct result_set **out, struct diag *d)
{
	struct result_set	*all = NULL, *one = NULL;
	struct strbuf		 sums;
	char			 sum[65];
	size_t			 i;
	int			 rc = -1;

	*out = NULL;
	strbuf_init(&sums);
	for (i = 0; i < n; i++) {
		one = result_set_new();
		if (import_runs_one(paths[i], format, ro, one, d) == -1)
			goto out;
		strbuf_adds(&sums, one->source_sha256);
		kv_list_add(&one->extra, "run file", paths[i]);
		if (all == NULL) {
			all = one;
			one = NULL;
			continue;
		}
		if (g_strcmp0(all->format, one->format) != 0 && ro->warnings != NULL)
			format_warn(ro, paths[i], 0, "format %s differs from the first "
			    "run's (%s)", one->format, all->format);
		model_runs_sets(all, one, ro, paths[i]);
		kv_list_add(&all->extra, "run file", paths[i]);
		result_set_free(one);
		one = NULL;
	}
	/* One checksum for the set of runs, in order. */
	format_sha256_text(strbuf_str(&sums), sum);
	model_set_str(&all->source_sha256, sum);
	*out = all;
	all = NULL;
	rc = 0;
out:
	strbuf_free(&sums);
	result_set_free(one);
	result_set_free(all);
	return rc;
}
