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
#include "chart-xy.h"
#include "cmd.h"
#include "query.h"
#include "text-safe.h"
#include "xalloc.h"

static int	 cmd_chart_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_chart_match(const struct result_set *,
		    const struct chart_id *, const char *, const char *);
static int	 cmd_chart_formats(const char *, int *);
static int	 cmd_chart_xy(struct cmd_ctx *, const struct cmd_args *,
		    const struct chart_opts *, const char *, int);
static int	 cmd_chart_where_sys(const struct query_system *, void *);
static int	 cmd_chart_where(struct cmd_ctx *, const struct cmd_args *,
		    struct result_set ***, size_t *);

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
	{ "x", 0, "FACT|METRIC", "one x-y chart over the sets: x a test fact\n"
	    "(iodepth, bs, numjobs) or a metric (iops, mbs,\n"
	    "lat, p99)", 0, NULL },
	{ "y", 0, "METRIC", "the y of the x-y chart (iops, mbs, lat, p99)", 0, NULL },
	{ "series", 0, "FACT", "a line per system (default) or per value of a\n"
	    "test or system fact", 0, NULL },
	{ "label", 0, "FACT", "label the points with this fact (default: QD\n"
	    "when x is a metric)", 0, NULL },
	{ "where", 0, "KEY=VALUE,...", "with --x: the stored systems with these facts\n"
	    "(filesystem=btrfs,raid_mode=raid1), from every set", CMD_OPT_REPEAT,
	    NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_chart_entry = {
	.name = "chart",
	.operands = "ID|FILE ...",
	.min_operands = 0,
	.max_operands = -1,
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
	if (cmd_args_has(args, "x") || cmd_args_has(args, "y")) {
		rc = cmd_chart_xy(ctx, args, &o, dir, mask);
		goto out;
	}
	if (args->argc > 1 || cmd_args_has(args, "series") ||
	    cmd_args_has(args, "label") || cmd_args_has(args, "where"))
		return cmd_usage(&cmd_chart_entry, "several sets, --series, "
		    "--label and --where need --x and --y");
	if (args->argc != 1)
		return cmd_usage(&cmd_chart_entry, "one ID or FILE expected");
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

/*
 * chart --x X --y Y [--series S] [--label L] ID|FILE ...: one chart over
 * every set named, written as DIR/xy-X-Y.FORMAT.
 */
static int
cmd_chart_xy(struct cmd_ctx *ctx, const struct cmd_args *args,
    const struct chart_opts *o, const char *dir, int mask)
{
	struct result_set	**sets;
	struct chart_xy_spec	  sp;
	struct chart_id		  id = { CHART_SERIES, 0, "xy" };
	struct canvas		 *c = NULL;
	struct diag		  d;
	long long		  sid;
	char			 *name = NULL, *path;
	size_t			  nsets = 0, k;
	int			  i, f, rc = EXIT_OK;

	sp.x = cmd_args_get(args, "x");
	sp.y = cmd_args_get(args, "y");
	sp.series = cmd_args_get(args, "series");
	sp.label = cmd_args_get(args, "label");
	if (sp.x == NULL || sp.y == NULL)
		return cmd_usage(&cmd_chart_entry, "--x and --y go together");
	if (args->argc == 0 && !cmd_args_has(args, "where"))
		return cmd_usage(&cmd_chart_entry, "give IDs or FILEs, or --where");
	nsets = (size_t)args->argc;
	sets = xcalloc(nsets + 1, sizeof(*sets));
	for (i = 0; i < args->argc; i++)
		if ((rc = cmd_load_arg(ctx, args->argv[i], &sets[i], &sid)) !=
		    EXIT_OK)
			goto out;
	if (cmd_args_has(args, "where")) {
		if (args->argc > 0) {
			rc = cmd_usage(&cmd_chart_entry, "can't combine --where "
			    "and IDs or FILEs");
			goto out;
		}
		free(sets);
		sets = NULL;
		if ((rc = cmd_chart_where(ctx, args, &sets, &nsets)) != EXIT_OK)
			goto out;
	}
	diag_clear(&d);
	if ((c = chart_xy_draw(sets, nsets, &sp, o->width > 0 ?
	    o->width : CHART_DEFAULT_WIDTH, &d)) == NULL) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	if (g_mkdir_with_parents(dir, 0777) == -1) {
		cmd_errorx(ctx, "%s: cannot create directory: %s", dir,
		    strerror(errno));
		rc = EXIT_BADINPUT;
		goto out;
	}
	name = chart_xy_name(&sp);
	for (f = CHART_SVG; f <= CHART_PDF; f++) {
		if (!(mask & (1 << f)))
			continue;
		path = xasprintf("%s/%s.%s", dir, name, chart_format_ext(f));
		if (chart_write_canvas(c, &id, f, path, o, NULL, &d) == -1) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
		} else {
			text_safe_fputs(path, stdout);
			putchar('\n');
		}
		free(path);
	}
out:
	free(name);
	canvas_free(c);
	for (k = 0; sets != NULL && k < nsets; k++)
		result_set_free(sets[k]);
	free(sets);
	return rc;
}

/* The systems a --where matched: (set ID, place) pairs. */
struct cmd_chart_match {
	int64_t	*set;
	long	*pos;
	size_t	 n;
};

static int
cmd_chart_where_sys(const struct query_system *qs, void *arg)
{
	struct cmd_chart_match	*m = arg;

	m->set = xreallocarray(m->set, m->n + 1, sizeof(*m->set));
	m->pos = xreallocarray(m->pos, m->n + 1, sizeof(*m->pos));
	m->set[m->n] = qs->set_id;
	m->pos[m->n++] = qs->pos;
	return 0;
}

/*
 * --where: every stored set with a system that has the facts, loaded,
 * with the values of its other systems left out (has_mean cleared), so
 * the chart shows the matching systems only.
 */
static int
cmd_chart_where(struct cmd_ctx *ctx, const struct cmd_args *args,
    struct result_set ***out, size_t *nout)
{
	struct query_where	 w = { NULL, 0, 0 };
	struct cmd_chart_match	 m = { NULL, NULL, 0 };
	struct result_set	**sets = NULL, *rs;
	struct diag		 d;
	const char		*v;
	char			 idbuf[32];
	long long		 sid;
	size_t			 i, j, k, t, n = 0;
	bool			 keep;
	int			 rc = EXIT_OK;

	diag_clear(&d);
	for (i = 0; (v = cmd_args_value(args, "where", i)) != NULL; i++)
		if (query_where_parse(v, &w, &d) == -1) {
			rc = cmd_usage(&cmd_chart_entry, d.msg);
			goto out;
		}
	if (query_systems(ctx->store, &w, cmd_chart_where_sys, &m, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
		goto out;
	}
	if (m.n == 0) {
		cmd_errorx(ctx, "no stored system has those facts");
		rc = EXIT_BADINPUT;
		goto out;
	}
	sets = xcalloc(m.n + 1, sizeof(*sets));
	for (i = 0; i < m.n; i++) {
		if (i > 0 && m.set[i] == m.set[i - 1])
			continue;
		snprintf(idbuf, sizeof(idbuf), "%lld", (long long)m.set[i]);
		if ((rc = cmd_load_arg(ctx, idbuf, &rs, &sid)) != EXIT_OK)
			goto out;
		sets[n++] = rs;
		/* Leave out the values of the set's other systems. */
		for (t = 0; t < rs->ntests; t++)
			for (j = 0; j < rs->tests[t].nvalues; j++) {
				keep = false;
				for (k = 0; k < m.n && !keep; k++)
					keep = m.set[k] == m.set[i] && m.pos[k] ==
					    (long)rs->tests[t].values[j].system + 1;
				if (!keep)
					rs->tests[t].values[j].has_mean = false;
			}
	}
out:
	if (rc != EXIT_OK) {
		for (i = 0; i < n; i++)
			result_set_free(sets[i]);
		free(sets);
		sets = NULL;
		n = 0;
	}
	*out = sets;
	*nout = n;
	free(m.set);
	free(m.pos);
	query_where_free(&w);
	return rc;
}
