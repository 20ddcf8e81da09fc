/* SPDX-License-Identifier: ISC */
/*
 * benchreport publish: the HTML review page (and charts, and a PDF) from
 * stored result sets or files imported on the fly.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "publish.h"
#include "textsafe.h"
#include "xalloc.h"

static int	 cmd_publish_exec(struct cmd_ctx *, int, char **);

const struct cmd_entry cmd_publish_entry = {
	.name = "publish",
	.alias = NULL,
	.usage = "-o DIR [--title T] [--template FILE] [--baseline SYSTEM] "
	    "[--pdf] [--width PX] [--no-chart-files] ID|FILE...",
	.summary = "write a self-contained HTML review page (and charts, PDF)",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_publish_exec
};

static const char publish_options_text[] =
    "  -o, --output DIR       directory for index.html, charts/ and review.pdf\n"
    "      --title T          page title (default: the first result set's)\n"
    "      --template FILE    XSLT template instead of the built-in one\n"
    "      --baseline SYSTEM  relative performance against this system\n"
    "      --pdf              also write DIR/review.pdf\n"
    "      --width PX         chart width in CSS pixels (default 800)\n"
    "      --no-chart-files   do not write DIR/charts/ (the page still has every chart)\n"
    "      --db PATH          results database\n"
    "  -h, --help             show this help\n";

static int
cmd_publish_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	enum { OPT_TITLE = 0x2000, OPT_TEMPLATE, OPT_BASELINE, OPT_PDF,
	    OPT_WIDTH, OPT_NOCHARTS };
	static const struct option longopts[] = {
		{ "output",	required_argument,	NULL, 'o' },
		{ "title",	required_argument,	NULL, OPT_TITLE },
		{ "template",	required_argument,	NULL, OPT_TEMPLATE },
		{ "baseline",	required_argument,	NULL, OPT_BASELINE },
		{ "pdf",	no_argument,		NULL, OPT_PDF },
		{ "width",	required_argument,	NULL, OPT_WIDTH },
		{ "no-chart-files", no_argument,	NULL, OPT_NOCHARTS },
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL,		0,			NULL, 0 }
	};
	struct publish_job	  job;
	struct result_set	**sets = NULL;
	struct str_list		  written = { 0 };
	struct diag		  d;
	long long		  id;
	size_t			  nsets = 0, i;
	char			 *end;
	long			  w;
	int			  ch, rc = EXIT_OK, i_arg;

	memset(&job, 0, sizeof(job));
	job.chart_files = true;
	while ((ch = getopt_long(argc, argv, "o:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			job.outdir = optarg;
			break;
		case OPT_TITLE:
			job.page.title = optarg;
			break;
		case OPT_TEMPLATE:
			job.template_path = optarg;
			break;
		case OPT_BASELINE:
			job.page.baseline = optarg;
			break;
		case OPT_PDF:
			job.pdf = true;
			break;
		case OPT_WIDTH:
			w = strtol(optarg, &end, 10);
			if (*end != '\0' || w < 320 || w > 4000)
				return cmd_usage(&cmd_publish_entry,
				    "--width takes a number of pixels from 320 to 4000");
			job.chart_width = (int)w;
			break;
		case OPT_NOCHARTS:
			job.chart_files = false;
			break;
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'h':
			return cmd_help(&cmd_publish_entry, publish_options_text);
		default:
			return cmd_usage(&cmd_publish_entry, NULL);
		}
	}
	if (job.outdir == NULL)
		return cmd_usage(&cmd_publish_entry, "-o DIR is required");
	if (optind == argc)
		return cmd_usage(&cmd_publish_entry, "name at least one result set");

	sets = xcalloc((size_t)(argc - optind), sizeof(*sets));
	for (i_arg = optind; i_arg < argc; i_arg++) {
		rc = cmd_load_arg(ctx, argv[i_arg], &sets[nsets], &id);
		if (rc != EXIT_OK)
			goto out;
		nsets++;
	}
	if (job.page.baseline != NULL) {
		for (i = 0; i < nsets; i++)
			if (result_set_find_system(sets[i], job.page.baseline) >= 0)
				break;
		if (i == nsets) {
			cmd_errorx(ctx, "--baseline %s: no such system", job.page.baseline);
			rc = EXIT_BADINPUT;
			goto out;
		}
	}
	diag_clear(&d);
	if (publish_write(sets, nsets, &job, &written, &d) != 0) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	msg(ctx, MSG_VERBOSE, "wrote %zu files", written.len);
	/* The page's path is the data of this command: print it last, alone. */
	for (i = 0; i < written.len; i++)
		if (strstr(written.items[i], "/charts/") == NULL) {
			textsafe_fputs(written.items[i], stdout);
			fputc('\n', stdout);
		}
out:
	for (i = 0; i < nsets; i++)
		result_set_free(sets[i]);
	free(sets);
	str_list_free(&written);
	return rc;
}
