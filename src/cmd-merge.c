/* SPDX-License-Identifier: ISC */
/*
 * benchreport merge A B...: combine result sets (IDs or files) into one,
 * like PTS merge-results, and store it as a new set (printing its ID) or
 * write it to a file with an export writer. Renamed systems and dropped
 * duplicate values are reported on stderr.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-resolve.h"
#include "export.h"
#include "merge.h"
#include "textsafe.h"
#include "xalloc.h"

static int	 cmd_merge_exec(struct cmd_ctx *, int, char **);
static int	 cmd_merge_write(struct cmd_ctx *ctx, const struct result_set *rs,
		    const char *path, const char *format);

const struct cmd_entry cmd_merge_entry = {
	.name = "merge",
	.alias = NULL,
	.usage = "[--title T] [-o FILE [--format NAME]] A B ...",
	.summary = "merge result sets into a new one",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_merge_exec
};

static const char cmd_merge_options[] =
	"  A B ...            stored result-set IDs or files (imported on the fly)\n"
	"  --title T          title of the merged set (default: the first one's)\n"
	"  -o, --output FILE  write the merged set there instead of storing it\n"
	"  -f, --format NAME  export format for -o (default: pts-xml for *.xml\n"
	"                     when available, else json; see 'benchreport export')\n"
	"  --db PATH          results database\n"
	"  -h, --help         show this help\n";

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
	if ((w = export_find(format)) == NULL) {
		cmd_errorx(ctx, "unknown export format: %s", format);
		return EXIT_BADINPUT;
	}
	diag_clear(&d);
	if (export_write_file(w, rs, path, &d) == -1) {
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	return EXIT_OK;
}

static int
cmd_merge_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "format",	required_argument,	NULL, 'f' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "output",	required_argument,	NULL, 'o' },
		{ "title",	required_argument,	NULL, 'T' },
		{ NULL,		0,			NULL, 0 }
	};
	struct result_set	**sets = NULL, *merged = NULL;
	struct store		 *st = NULL;
	struct str_list		  notes = { NULL, 0, 0 };
	struct diag		  d;
	const char		 *title = NULL, *output = NULL, *format = NULL;
	long long		  id;
	int64_t			  newid;
	bool			  already;
	size_t			  i, n = 0;
	int			  ch, rc = EXIT_BADINPUT;

	while ((ch = getopt_long(argc, argv, "f:ho:T:", longopts, NULL)) != -1) {
		switch (ch) {
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'f':
			format = optarg;
			break;
		case 'h':
			return cmd_help(&cmd_merge_entry, cmd_merge_options);
		case 'o':
			output = optarg;
			break;
		case 'T':
			title = optarg;
			break;
		default:
			return cmd_usage(&cmd_merge_entry, NULL);
		}
	}
	if (argc - optind < 2)
		return cmd_usage(&cmd_merge_entry, "at least two result sets are needed");
	if (format != NULL && output == NULL)
		return cmd_usage(&cmd_merge_entry, "--format needs -o FILE");
	sets = xcalloc((size_t)(argc - optind), sizeof(*sets));
	for (i = 0; i < (size_t)(argc - optind); i++, n++)
		if ((rc = cmd_load_arg(ctx, argv[optind + (int)i], &sets[i],
		    &id)) != EXIT_OK)
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
	if ((rc = cmd_resolve_open(ctx, &st)) != EXIT_OK)
		goto out;
	if (store_import_result_set(st, merged, &newid, &already, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
		goto out;
	}
	printf("%lld\t", (long long)newid);
	textsafe_fputs(merged->title != NULL ? merged->title : "", stdout);
	printf("\t%zu system%s\t%zu test%s\n", merged->nsystems,
	    merged->nsystems == 1 ? "" : "s", merged->ntests,
	    merged->ntests == 1 ? "" : "s");
	rc = EXIT_OK;
out:
	store_close(st);
	result_set_free(merged);
	for (i = 0; i < n; i++)
		result_set_free(sets[i]);
	free(sets);
	str_list_free(&notes);
	return rc;
}
