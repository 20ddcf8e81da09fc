/* SPDX-License-Identifier: ISC */
/*
 * benchreport formats: list the input readers, or detect the format of
 * the named files without importing them.
 */
#include <getopt.h>
#include <stdio.h>

#include "cmd.h"
#include "format.h"
#include "textsafe.h"

static int	 cmd_formats_exec(struct cmd_ctx *, int, char **);

const struct cmd_entry cmd_formats_entry = {
	.name = "formats",
	.alias = NULL,
	.usage = "[FILE...]",
	.summary = "list input formats, or detect the format of files",
	.flags = 0,
	.exec = cmd_formats_exec
};

static int
cmd_formats_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help",	no_argument,	NULL, 'h' },
		{ NULL,		0,		NULL, 0 }
	};
	const struct reader	*r;
	struct diag		 d;
	int			 ch, i, rc = EXIT_OK;

	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			return cmd_help(&cmd_formats_entry, "  -h, --help  show this help\n");
		default:
			return cmd_usage(&cmd_formats_entry, NULL);
		}
	}
	if (optind == argc) {
		for (i = 0; format_readers[i] != NULL; i++)
			printf("%-12s %s\n", format_readers[i]->name,
			    format_readers[i]->summary);
		return EXIT_OK;
	}
	for (i = optind; i < argc; i++) {
		diag_clear(&d);
		if ((r = format_detect_file(argv[i], &d)) == NULL) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
			continue;
		}
		textsafe_fputs(argv[i], stdout);
		printf("\t%s\n", r->name);
	}
	return rc;
}
