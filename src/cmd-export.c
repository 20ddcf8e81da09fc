/* SPDX-License-Identifier: ISC */
/*
 * benchreport export ID|FILE --format NAME [-o FILE]: write a result set
 * with one of the export writers. Output goes to a temporary file renamed
 * into place, so a failed export never leaves half a file behind.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cmd-resolve.h"
#include "export.h"

static int	 cmd_export_exec(struct cmd_ctx *, int, char **);

const struct cmd_entry cmd_export_entry = {
	.name = "export",
	.alias = NULL,
	.usage = "[--db PATH] [-f pts-xml|csv|json] [-o FILE] ID|FILE",
	.summary = "write a result set as PTS XML, CSV or JSON",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_export_exec
};

static const char cmd_export_options[] =
	"  --db PATH           results database\n"
	"  -f, --format NAME   output format (default json); one of:";

static int
cmd_export_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "format",	required_argument,	NULL, 'f' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "output",	required_argument,	NULL, 'o' },
		{ NULL,		0,			NULL, 0 }
	};
	const struct writer	*w;
	struct result_set	*rs = NULL;
	struct diag		 d;
	const char		*fmt = "json", *out = "-";
	long long		 id;
	size_t			 i;
	int			 ch, rc;

	while ((ch = getopt_long(argc, argv, "f:ho:", longopts, NULL)) != -1) {
		switch (ch) {
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'f':
			fmt = optarg;
			break;
		case 'h':
			cmd_help(&cmd_export_entry, cmd_export_options);
			for (i = 0; export_writers[i] != NULL; i++)
				printf("%s %s", i > 0 ? "," : "",
				    export_writers[i]->name);
			printf("\n  -o, --output FILE   write to FILE "
			    "(default: standard output, also '-')\n"
			    "  -h, --help          show this help\n");
			return EXIT_OK;
		case 'o':
			out = optarg;
			break;
		default:
			return cmd_usage(&cmd_export_entry, NULL);
		}
	}
	if (argc - optind != 1)
		return cmd_usage(&cmd_export_entry, "one ID or FILE expected");
	if ((w = export_find(fmt)) == NULL) {
		cmd_errorx(ctx, "unknown export format: %s", fmt);
		return EXIT_BADINPUT;
	}
	if ((rc = cmd_load_arg(ctx, argv[optind], &rs, &id)) != EXIT_OK)
		return rc;
	diag_clear(&d);
	if (export_write_file(w, rs, out, &d) == -1) {
		rc = EXIT_BADINPUT;
		cmd_error(ctx, &d);
	}
	result_set_free(rs);
	return rc;
}
