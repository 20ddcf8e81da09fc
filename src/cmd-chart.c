/* SPDX-License-Identifier: ISC */
/*
 * benchreport chart ID|FILE: write every chart of a result set (the
 * overview, one per test, one per value series) as SVG, PNG or PDF files
 * with stable names into a directory, and print their paths. Drawing is
 * chart.c's; this file only selects charts and names files.
 */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "chart.h"
#include "cmd.h"
#include "textsafe.h"
#include "xalloc.h"

static int	 cmd_chart_exec(struct cmd_ctx *, int, char **);
static int	 cmd_chart_match(const struct result_set *,
		    const struct chart_id *, const char *, const char *);
static int	 cmd_chart_formats(const char *, int *);

const struct cmd_entry cmd_chart_entry = {
	.name = "chart",
	.alias = NULL,
	.usage = "[--db PATH] [--test PATTERN] [--format svg|png|pdf] [-o DIR] "
	    "[--width PX] [--scale 1|2] [--sort] ID|FILE",
	.summary = "draw bar and line charts of a result set",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_chart_exec
};

static const char cmd_chart_options[] =
	"  --db PATH          results database (default: BENCHREPORT_DB, or\n"
	"                     $XDG_DATA_HOME/benchreport/results.db)\n"
	"  -t, --test PATTERN only tests whose title, arguments, identifier or\n"
	"                     file name match (shell pattern or substring,\n"
	"                     any case); \"overview\" selects the overview\n"
	"  -f, --format LIST  svg, png or pdf, or several: svg,png,pdf\n"
	"                     (default svg)\n"
	"  -o, --output DIR   write the files here (default: .)\n"
	"  -w, --width PX     chart width in CSS pixels, 320 to 4000 (default 800)\n"
	"  --scale N          PNG pixels per CSS pixel, 1 or 2 (default 1)\n"
	"  -s, --sort         bars best first instead of in result-set order\n"
	"  -h, --help         show this help\n";

#define CMD_CHART_OPT_SCALE	0x2000

/* Formats of a "svg,png" list as bits (1 << enum chart_format). */
static int
cmd_chart_formats(const char *list, int *mask)
{
	char	**parts;
	int	   i, f, rc = 0;

	*mask = 0;
	parts = g_strsplit(list, ",", -1);
	for (i = 0; parts[i] != NULL; i++) {
		if ((f = chart_format_parse(g_strstrip(parts[i]))) == -1) {
			rc = -1;
			break;
		}
		*mask |= 1 << f;
	}
	g_strfreev(parts);
	return rc == 0 && *mask != 0 ? 0 : -1;
}

/*
 * Does the chart (whose file name is fname) match pattern? Glob when it
 * has wildcards, else substring; any case.
 */
static int
cmd_chart_match(const struct result_set *rs, const struct chart_id *id,
    const char *fname, const char *pattern)
{
	const struct test	*t;
	char			*cands[4], *pat, *glob;
	size_t			 i;
	int			 hit = 0;

	if (id->kind == CHART_OVERVIEW)
		return g_ascii_strcasecmp(pattern, "overview") == 0;
	t = &rs->tests[id->test];
	cands[0] = g_utf8_casefold(t->identifier != NULL ? t->identifier : "", -1);
	cands[1] = g_utf8_casefold(t->title != NULL ? t->title : "", -1);
	{
		char	*full = xasprintf("%s: %s",
		    t->title != NULL ? t->title : "",
		    t->description != NULL && *t->description != '\0' ?
		    t->description : t->arguments != NULL ? t->arguments : "");

		cands[2] = g_utf8_casefold(full, -1);
		free(full);
	}
	cands[3] = g_utf8_casefold(fname, -1);
	pat = g_utf8_casefold(pattern, -1);
	glob = strpbrk(pat, "*?[");
	for (i = 0; i < 4 && !hit; i++) {
		if (glob != NULL)
			hit = fnmatch(pat, cands[i], 0) == 0;
		else
			hit = strstr(cands[i], pat) != NULL;
	}
	g_free(pat);
	for (i = 0; i < 4; i++)
		g_free(cands[i]);
	return hit;
}

static int
cmd_chart_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "format",	required_argument,	NULL, 'f' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "output",	required_argument,	NULL, 'o' },
		{ "scale",	required_argument,	NULL, CMD_CHART_OPT_SCALE },
		{ "sort",	no_argument,		NULL, 's' },
		{ "test",	required_argument,	NULL, 't' },
		{ "width",	required_argument,	NULL, 'w' },
		{ NULL,		0,			NULL, 0 }
	};
	struct result_set	*rs = NULL;
	struct chart_id		*ids = NULL;
	struct chart_opts	 o;
	struct diag		 d;
	const char		*dir = ".", *pattern = NULL;
	char			*path, *end, **names[CHART_PDF + 1] = { NULL };
	long long		 id;
	long			 num;
	size_t			 n = 0, i, written = 0;
	int			 ch, f, mask = 1 << CHART_SVG, rc = EXIT_OK;

	chart_opts_init(&o);
	while ((ch = getopt_long(argc, argv, "f:ho:st:w:", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'f':
			if (cmd_chart_formats(optarg, &mask) == -1)
				return cmd_usage(&cmd_chart_entry,
				    "--format takes svg, png or pdf");
			break;
		case 'h':
			return cmd_help(&cmd_chart_entry, cmd_chart_options);
		case 'o':
			dir = optarg;
			break;
		case CMD_CHART_OPT_SCALE:
			if (strcmp(optarg, "1") != 0 && strcmp(optarg, "2") != 0)
				return cmd_usage(&cmd_chart_entry,
				    "--scale takes 1 or 2");
			o.scale = optarg[0] - '0';
			break;
		case 's':
			o.sort = true;
			break;
		case 't':
			pattern = optarg;
			break;
		case 'w':
			errno = 0;
			num = strtol(optarg, &end, 10);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    num < CHART_MIN_WIDTH || num > CHART_MAX_WIDTH)
				return cmd_usage(&cmd_chart_entry,
				    "--width takes 320 to 4000 pixels");
			o.width = (int)num;
			break;
		default:
			return cmd_usage(&cmd_chart_entry, NULL);
		}
	}
	if (optind != argc - 1)
		return cmd_usage(&cmd_chart_entry, optind == argc ?
		    "no ID or FILE given" : "one ID or FILE only");
	if ((rc = cmd_load_arg(ctx, argv[optind], &rs, &id)) != EXIT_OK)
		goto out;
	if (g_mkdir_with_parents(dir, 0777) == -1) {
		cmd_errorx(ctx, "%s: cannot create directory: %s", dir,
		    strerror(errno));
		rc = EXIT_BADINPUT;
		goto out;
	}
	n = chart_list(rs, &ids);
	for (f = CHART_SVG; f <= CHART_PDF; f++)
		names[f] = chart_file_names(rs, ids, n, f);
	for (i = 0; i < n; i++) {
		if (pattern != NULL && !cmd_chart_match(rs, &ids[i],
		    names[CHART_SVG][i], pattern))
			continue;
		for (f = CHART_SVG; f <= CHART_PDF; f++) {
			if (!(mask & (1 << f)))
				continue;
			path = xasprintf("%s/%s", dir, names[f][i]);
			diag_clear(&d);
			if (chart_write(rs, &ids[i], f, path, &o, &d) == -1) {
				cmd_error(ctx, &d);
				rc = EXIT_BADINPUT;
			} else {
				textsafe_fputs(path, stdout);
				putchar('\n');
				written++;
			}
			free(path);
		}
	}
	if (written == 0 && rc == EXIT_OK) {
		if (pattern != NULL)
			cmd_errorx(ctx, "%s: no chart matches \"%s\"",
			    argv[optind], pattern);
		else
			cmd_errorx(ctx, "%s: nothing to chart (no test has a "
			    "value)", argv[optind]);
		rc = EXIT_BADINPUT;
	}
out:
	for (f = CHART_SVG; f <= CHART_PDF; f++) {
		for (i = 0; names[f] != NULL && i < n; i++)
			free(names[f][i]);
		free(names[f]);
	}
	free(ids);
	result_set_free(rs);
	return rc;
}
