/* SPDX-License-Identifier: ISC */
/*
 * benchreport merge A B...: combine result sets (IDs or files) into one,
 * like PTS merge-results, and store it as a new set (printing its ID) or
 * write it to a file with an export writer. Renamed systems and dropped
 * duplicate values are reported on stderr.
 */
#include <stdlib.h>
#include <string.h>

#include "cmd-resolve.h"
#include "export.h"
#include "merge.h"
#include "text-safe.h"
#include "xalloc.h"

static int	 cmd_merge_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_merge_write(struct cmd_ctx *ctx, const struct result_set *rs,
		    const char *path, const char *format);

static const struct cmd_option cmd_merge_options[] = {
	{ "title", 0, "T", "title of the merged set (default: the first one's)", 0, NULL },
	{ "output", 'o', "FILE", "write the merged set there instead of storing it", 0, NULL },
	{ "format", 'f', "NAME", "export format for -o (default: pts-xml for *.xml,\n"
	    "else json; see 'benchreport export')", 0, export_writer_name },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_merge_entry = {
	.name = "merge",
	.operands = "A B ...",
	.min_operands = 2,
	.max_operands = -1,
	.summary = "merge result sets into a new one",
	.options = cmd_merge_options,
	.help_extra = "A B ... are stored result-set IDs or files (imported on the fly).\n",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_merge_exec
};

static int
cmd_merge_write(struct cmd_ctx *ctx, const struct result_set *rs,
    const char *path, const char *format)
{
	const struct writer	*w;
	struct diag		 d;
	size_t			 len = strlen(path);

	if (format == NULL)
		format = len > 4 && strcmp(path + len - 4, ".xml") == 0 &&
		    export_find("pts-xml") != NULL ? "pts-xml" : "json";
	if ((w = export_find(format)) == NULL)
		return cmd_unknown(ctx, "export format", format, export_writer_name);
	diag_clear(&d);
	if (export_write_file(w, rs, path, &d) == -1) {
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	return EXIT_OK;
}

static int
cmd_merge_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct result_set	**sets = NULL, *merged = NULL;
	struct store		 *st = ctx->store;
	struct str_list		  notes = { NULL, 0, 0 };
	struct diag		  d;
	const char		 *title, *output, *format;
	long long		  id;
	int64_t			  newid;
	bool			  already;
	size_t			  i, n = 0;
	int			  rc = EXIT_BADINPUT;

	title = cmd_args_get(args, "title");
	output = cmd_args_get(args, "output");
	format = cmd_args_get(args, "format");
	if (format != NULL && output == NULL)
		return cmd_usage(&cmd_merge_entry, "--format needs -o FILE");
	sets = xcalloc((size_t)args->argc, sizeof(*sets));
	for (i = 0; i < (size_t)args->argc; i++, n++)
		if ((rc = cmd_load_arg(ctx, args->argv[i], &sets[i], &id)) !=
		    EXIT_OK)
			goto out;
	diag_clear(&d);
	if (merge_result_sets(sets, n, title, &merged, &notes, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	for (i = 0; i < notes.len; i++)
		msg(ctx, MSG_NORMAL, "benchreport merge: %s", notes.items[i]);
	if (output != NULL) {
		rc = cmd_merge_write(ctx, merged, output, format);
		goto out;
	}
	if (store_import_result_set(st, merged, &newid, &already, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
		goto out;
	}
	printf("%lld\t", (long long)newid);
	text_safe_fputs(merged->title != NULL ? merged->title : "", stdout);
	printf("\t%zu system%s\t%zu test%s\n", merged->nsystems,
	    merged->nsystems == 1 ? "" : "s", merged->ntests,
	    merged->ntests == 1 ? "" : "s");
	rc = EXIT_OK;
out:
	result_set_free(merged);
	for (i = 0; i < n; i++)
		result_set_free(sets[i]);
	free(sets);
	str_list_free(&notes);
	return rc;
}
