/* SPDX-License-Identifier: ISC */
/*
 * benchreport export ID|FILE --format NAME [-o FILE]: write a result set
 * with one of the export writers. Output goes to a temporary file renamed
 * into place, so a failed export never leaves half a file behind.
 */
#include <stdio.h>
#include <string.h>

#include "cmd-resolve.h"
#include "export.h"

static int	 cmd_export_exec(struct cmd_ctx *, const struct cmd_args *);

static const struct cmd_option cmd_export_options[] = {
	{ "format", 'f', "NAME", "output format (default json)", 0, export_writer_name },
	{ "output", 'o', "FILE", "write to FILE (default: standard output, also '-')", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_export_entry = {
	.name = "export",
	.operands = "ID|FILE",
	.min_operands = 1,
	.max_operands = 1,
	.summary = "write a result set as PTS XML, CSV or JSON",
	.options = cmd_export_options,
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_export_exec
};

static int
cmd_export_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	const struct writer	*w;
	struct result_set	*rs = NULL;
	struct diag		 d;
	const char		*fmt, *out;
	long long		 id;
	int			 rc;

	fmt = cmd_args_has(args, "format") ? cmd_args_get(args, "format") : "json";
	out = cmd_args_has(args, "output") ? cmd_args_get(args, "output") : "-";
	/* The choices were checked by cmd_run: the writer exists. */
	w = export_find(fmt);
	if ((rc = cmd_load_arg(ctx, args->argv[0], &rs, &id)) != EXIT_OK)
		return rc;
	diag_clear(&d);
	if (export_write_file(w, rs, out, &d) == -1) {
		rc = EXIT_BADINPUT;
		cmd_error(ctx, &d);
	}
	result_set_free(rs);
	return rc;
}
