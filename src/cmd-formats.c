/* SPDX-License-Identifier: ISC */
/*
 * benchreport formats: list the input readers, or detect the format of
 * the named files without importing them.
 */
#include <stdio.h>

#include "cmd.h"
#include "format.h"
#include "text-safe.h"

static int	 cmd_formats_exec(struct cmd_ctx *, const struct cmd_args *);

const struct cmd_entry cmd_formats_entry = {
	.name = "formats",
	.operands = "[FILE...]",
	.max_operands = -1,
	.summary = "list input formats, or detect the format of files",
	.flags = 0,
	.exec = cmd_formats_exec
};

static int
cmd_formats_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	const struct reader	*r;
	struct diag		 d;
	int			 i, rc = EXIT_OK;

	if (args->argc == 0) {
		for (i = 0; format_readers[i] != NULL; i++)
			printf("%-12s %s\n", format_readers[i]->name,
			    format_readers[i]->summary);
		return EXIT_OK;
	}
	for (i = 0; i < args->argc; i++) {
		diag_clear(&d);
		if ((r = format_detect_file(args->argv[i], &d)) == NULL) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
			continue;
		}
		text_safe_fputs(args->argv[i], stdout);
		printf("\t%s\n", r->name);
	}
	return rc;
}
