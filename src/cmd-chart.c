/* SPDX-License-Identifier: ISC */
/*
 * benchreport chart ID|FILE: write every chart of a result set (the
 * overview, one per test, one per value series) as SVG, PNG or PDF files
 * with stable names into a directory, and print their paths. Drawing is
 * chart.c's; this file only selects charts and names files.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "chart.h"
#include "cmd.h"
#include "text-safe.h"
#include "xalloc.h"

static int	 cmd_chart_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_chart_match(const struct result_set *,
		    const struct chart_id *, const char *, const char *);
static int	 cmd_chart_formats(const char *, int *);

CMD_CHOICES(cmd_chart_scale, "1", "2")

static const struct cmd_option cmd_chart_options[] = {
	{ "test", 't', "PATTERN", "only tests whose title, arguments, identifier or\n"
	    "file name match (shell pattern or substring,\n"
	    "any case); \"overview\" selects the overview", 0, NULL },
	{ "format", 'f', "LIST", "svg, png or pdf, or several: svg,png,pdf\n"
	    "(default svg)", 0, NULL },
	{ "output", 'o', "DIR", "write the files here (default: .)", 0, NULL },
	{ "width", 0, "PX", "chart width in CSS pixels, 320 to 4000 (default 800)", 0, NULL },
	{ "scale", 0, "N", "PNG pixels per CSS pixel (default 1)", 0, cmd_chart_scale },
	{ "sort", 0, NULL, "bars best first instead of in result-set order", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_chart_entry = {
	.name = "chart",
	.operands = "ID|FILE",
	.min_operands = 1,
	.max_operands = 1,
	.summary = "draw bar and line charts of a result set",
	.options = cmd_chart_options,
	.flags = CMD_NEEDS_STORE | CMD_DRAWS,
	.exec = cmd_chart_exec
};

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
cmd_chart_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct result_set	*rs = NULL;
	struct chart_id		*ids = NULL;
	struct chart_opts	 o;
	struct diag		 d;
	const char		*dir = ".", *pattern, *v;
	char			*path, *end, **names[CHART_PDF + 1] = { NULL };
	long long		 id;
	long			 num;
	size_t			 n = 0, i, written = 0;
	int			 f, mask = 1 << CHART_SVG, rc = EXIT_OK;

	chart_opts_init(&o);
	if ((v = cmd_args_get(args, "format")) != NULL &&
	    cmd_chart_formats(v, &mask) == -1)
		return cmd_usage(&cmd_chart_entry, "--format takes svg, png or pdf");
	if ((v = cmd_args_get(args, "output")) != NULL)
		dir = v;
	if ((v = cmd_args_get(args, "scale")) != NULL)
		o.scale = v[0] - '0';
	o.sort = cmd_args_has(args, "sort");
	pattern = cmd_args_get(args, "test");
	if ((v = cmd_args_get(args, "width")) != NULL) {
		errno = 0;
		num = strtol(v, &end, 10);
		if (errno != 0 || end == v || *end != '\0' ||
		    num < CHART_MIN_WIDTH || num > CHART_MAX_WIDTH)
			return cmd_usage(&cmd_chart_entry,
			    "--width takes 320 to 4000 pixels");
		o.width = (int)num;
	}
	if ((rc = cmd_load_arg(ctx, args->argv[0], &rs, &id)) != EXIT_OK)
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
				text_safe_fputs(path, stdout);
				putchar('\n');
				written++;
			}
			free(path);
		}
	}
	if (written == 0 && rc == EXIT_OK) {
		if (pattern != NULL)
			cmd_errorx(ctx, "%s: no chart matches \"%s\"",
			    args->argv[0], pattern);
		else
			cmd_errorx(ctx, "%s: nothing to chart (no test has a "
			    "value)", args->argv[0]);
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
