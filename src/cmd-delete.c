/* SPDX-License-Identifier: ISC */
/*
 * benchreport delete ID...: remove stored result sets with everything that
 * belongs only to them (systems, tests, values, runs, their source).
 */
#include <stdio.h>

#include "cmd-resolve.h"

static int	 cmd_delete_exec(struct cmd_ctx *, const struct cmd_args *);

const struct cmd_entry cmd_delete_entry = {
	.name = "delete",
	.alias = "rm",
	.operands = "ID...",
	.min_operands = 1,
	.max_operands = -1,
	.summary = "delete stored result sets",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_delete_exec
};

static int
cmd_delete_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct store	*st = ctx->store;
	struct diag	 d;
	int64_t		 id;
	int		 i, one, rc = EXIT_OK;

	for (i = 0; i < args->argc; i++) {
		if ((one = cmd_resolve_existing(ctx, st, args->argv[i], &id)) !=
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
	return rc;
}
