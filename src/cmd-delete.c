/* SPDX-License-Identifier: ISC */
/*
 * benchreport delete ID...: remove stored result sets with everything that
 * belongs only to them (systems, tests, values, runs, their source).
 */
#include <getopt.h>
#include <stdio.h>

#include "cmd-resolve.h"

static int	 cmd_delete_exec(struct cmd_ctx *, int, char **);

const struct cmd_entry cmd_delete_entry = {
	.name = "delete",
	.alias = "rm",
	.usage = "[--db PATH] ID...",
	.summary = "delete stored result sets",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_delete_exec
};

static const char cmd_delete_options[] =
	"  --db PATH   results database\n"
	"  -h, --help  show this help\n";

static int
cmd_delete_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL,		0,			NULL, 0 }
	};
	struct store	*st = NULL;
	struct diag	 d;
	int64_t		 id;
	int		 ch, i, one, rc;

	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'h':
			return cmd_help(&cmd_delete_entry, cmd_delete_options);
		default:
			return cmd_usage(&cmd_delete_entry, NULL);
		}
	}
	if (optind == argc)
		return cmd_usage(&cmd_delete_entry, "no ID given");
	if ((rc = cmd_resolve_open(ctx, &st)) != EXIT_OK)
		return rc;
	for (i = optind; i < argc; i++) {
		if ((one = cmd_resolve_existing(ctx, st, argv[i], &id)) !=
		    EXIT_OK) {
			if (rc != EXIT_STORE)
				rc = one;
			continue;
		}
		diag_clear(&d);
		if (store_delete_result_set(st, id, &d) == -1) {
			cmd_error(ctx, &d);
			rc = EXIT_STORE;
			continue;
		}
		msg(ctx, MSG_NORMAL, "deleted %lld", (long long)id);
	}
	store_close(st);
	return rc;
}
