/* SPDX-License-Identifier: ISC */
/*
 * benchreport publish: the HTML review page (and charts, and a PDF) from
 * stored result sets or files imported on the fly.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>

#include "canvas-dl.h"
#include "canvas-svg.h"
#include "chart-xy.h"
#include "cmd.h"
#include "publish-track.h"
#include "publish.h"
#include "strbuf.h"
#include "text-escape.h"
#include "text-safe.h"
#include "xalloc.h"

/* The inputs named on the command line and the sections they form. */
struct cmd_publish_plan {
	struct str_list		 args;		/* every input once, as named */
	struct publish_section	*sections;	/* in page order */
	size_t			*idx;		/* storage of the sections' inputs */
	size_t			 nsections;
};

static int	 cmd_publish_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_publish_baseline(struct cmd_ctx *ctx,
		    struct result_set *const *sets, size_t nsets, const char **baseline);
static size_t	 cmd_publish_arg(const struct str_list *args, size_t n,
		    const char *arg);
static char	*cmd_publish_plan(const struct str_list *combine, char **pos,
		    size_t npos, struct cmd_publish_plan *plan);
static void	 cmd_publish_plan_free(struct cmd_publish_plan *plan);
static char	*cmd_publish_read(const char *path, struct diag *d);
static void	 cmd_publish_progress(void *arg, const char *what, size_t done,
		    size_t total);
static int	 cmd_publish_xy(struct cmd_ctx *ctx, const struct cmd_args *args,
		    struct result_set *const *sets, size_t nsets, struct strbuf *out);

static const struct cmd_option cmd_publish_options[] = {
	{ "output", 'o', "DIR", "directory for index.html, charts/ and review.pdf,\n"
	    "replaced whole by the new review (required)", 0, NULL },
	{ "title", 0, "T", "page title (default: the set's title; \"Benchmark\n"
	    "review\" for two or more)", 0, NULL },
	{ "css", 0, "FILE", "a style sheet of one's own, added after the built-in one", 0, NULL },
	{ "baseline", 0, "SYSTEM", "relative performance against this system", 0, NULL },
	{ "pdf", 0, NULL, "also write DIR/review.pdf", 0, NULL },
	{ "chart", 0, "SPEC", "a chart over all the inputs: 'x=FACT|METRIC,y=METRIC\n"
	    "[,series=FACT][,label=FACT]' (as chart --x ...); repeatable",
	    CMD_OPT_REPEAT, NULL },
	{ "width", 0, "PX", "chart width in CSS pixels (default 800)", 0, NULL },
	{ "no-chart-files", 0, NULL, "do not write DIR/charts/ (the page still has every chart)",
	    0, NULL },
	{ "combine", 0, "A,B,...", "one section for these inputs, their systems on shared\n"
	    "charts (repeatable; otherwise each input is a section)", CMD_OPT_REPEAT, NULL },
	{ "force", 0, NULL, "replace DIR even when it holds files benchreport did\n"
	    "not write (they are deleted with the old review)", 0, NULL },
	{ "track", 0, NULL, "add a history section: the systems' tests across the\n"
	    "store, with change points (see benchreport track)", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_publish_entry = {
	.name = "publish",
	.operands = "ID|FILE...",
	.max_operands = -1,
	.summary = "write a self-contained HTML review page (and charts, PDF)",
	.options = cmd_publish_options,
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_publish_exec
};

/* Index of arg among the first n of args, or n when it is not there. */
static size_t
cmd_publish_arg(const struct str_list *args, size_t n, const char *arg)
{
	size_t	i;

	for (i = 0; i < n; i++)
		if (strcmp(args->items[i], arg) == 0)
			return i;
	return n;
}

/*
 * The page's sections: one per --combine list (in option order), then one
 * per other input named (in order). An input named both in a list and on
 * its own is the same input, in the combined section. Returns NULL, or a
 * message (free it) for the usage error.
 */
static char *
cmd_publish_plan(const struct str_list *combine, char **pos, size_t npos,
    struct cmd_publish_plan *plan)
{
	const char	*p, *comma;
	char		*name, *err = NULL;
	bool		*placed;
	size_t		 cap = npos + 1, i, k, len, start, ncomb, nidx = 0;

	memset(plan, 0, sizeof(*plan));
	for (i = 0; i < combine->len; i++)
		for (p = combine->items[i], cap++; *p != '\0'; p++)
			cap += *p == ',';
	plan->idx = xcalloc(cap, sizeof(*plan->idx));
	plan->sections = xcalloc(cap, sizeof(*plan->sections));
	placed = xcalloc(cap, sizeof(*placed));
	for (i = 0; i < combine->len; i++) {
		start = nidx;
		for (p = combine->items[i]; p != NULL;
		    p = comma != NULL ? comma + 1 : NULL) {
			comma = strchr(p, ',');
			len = comma != NULL ? (size_t)(comma - p) : strlen(p);
			if (len == 0) {
				err = xasprintf("--combine %s: an input name is empty",
				    combine->items[i]);
				goto out;
			}
			name = xstrndup(p, len);
			k = cmd_publish_arg(&plan->args, plan->args.len, name);
			if (k == plan->args.len)
				str_list_add(&plan->args, name);
			free(name);
			if (placed[k]) {
				err = xasprintf("--combine: %s is named twice",
				    plan->args.items[k]);
				goto out;
			}
			placed[k] = true;
			plan->idx[nidx++] = k;
		}
		if (nidx - start < 2) {
			err = xasprintf("--combine %s: name two or more inputs, "
			    "separated by commas", combine->items[i]);
			goto out;
		}
		plan->sections[plan->nsections].inputs = &plan->idx[start];
		plan->sections[plan->nsections++].n = nidx - start;
	}
	ncomb = plan->args.len;
	for (i = 0; i < npos; i++) {
		if (cmd_publish_arg(&plan->args, ncomb, pos[i]) < ncomb)
			continue;	/* in its combined section already */
		str_list_add(&plan->args, pos[i]);
		plan->idx[nidx] = plan->args.len - 1;
		plan->sections[plan->nsections].inputs = &plan->idx[nidx++];
		plan->sections[plan->nsections++].n = 1;
	}
out:
	free(placed);
	return err;
}

static void
cmd_publish_plan_free(struct cmd_publish_plan *plan)
{
	str_list_free(&plan->args);
	free(plan->sections);
	free(plan->idx);
	memset(plan, 0, sizeof(*plan));
}

/* The whole of a user's style sheet (at most 1 MiB), or NULL with d. */
static char *
cmd_publish_read(const char *path, struct diag *d)
{
	struct strbuf	 sb;
	char		 buf[8192];
	size_t		 n;
	FILE		*fp;

	if ((fp = fopen(path, "r")) == NULL) {
		diag_set(d, path, 0, "cannot read style sheet: %s", strerror(errno));
		return NULL;
	}
	strbuf_init(&sb);
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0 && sb.len <= (1u << 20))
		strbuf_add(&sb, buf, n);
	if (ferror(fp) || sb.len > (1u << 20)) {
		diag_set(d, path, 0, ferror(fp) ? "cannot read style sheet" :
		    "style sheet larger than 1 MiB");
		fclose(fp);
		strbuf_free(&sb);
		return NULL;
	}
	fclose(fp);
	return strbuf_detach(&sb);
}

/*
 * The --baseline system among the sets: exact, or in any case when that
 * is unambiguous (*baseline then names it as the set does). An exit status.
 */
static int
cmd_publish_baseline(struct cmd_ctx *ctx, struct result_set *const *sets,
    size_t nsets, const char **baseline)
{
	struct strbuf	 sb;
	char		*names;
	size_t		 i;
	long		 k;

	for (i = 0; i < nsets; i++)
		if ((k = result_set_match_system(sets[i], *baseline)) >= 0) {
			*baseline = sets[i]->systems[k].identifier;
			return EXIT_OK;
		}
	strbuf_init(&sb);
	for (i = 0; i < nsets; i++) {
		names = result_set_system_names(sets[i], 200);
		strbuf_printf(&sb, "%s%s", i > 0 ? "; " : "", names);
		free(names);
	}
	cmd_errorx(ctx, "--baseline %s: no such system (the systems: %s)",
	    *baseline, strbuf_str(&sb));
	strbuf_free(&sb);
	return EXIT_BADINPUT;
}

/* Where publish_write's progress goes: a line redrawn on a terminal. */
struct cmd_publish_progress {
	const struct cmd_ctx	*ctx;
	bool			 tty;		/* stderr is a terminal */
	bool			 shown;		/* a line is on screen */
	const char		*what;
	size_t			 pct;
};

/*
 * A publish of thousands of charts takes tens of seconds: on a terminal
 * one line says which step and how far, redrawn each percent; with -v
 * elsewhere, one line per step when it ends. Quiet with -q.
 */
static void
cmd_publish_progress(void *arg, const char *what, size_t done, size_t total)
{
	struct cmd_publish_progress	*p = arg;
	size_t				 pct;

	if (p->ctx->verbosity < MSG_NORMAL)
		return;
	if (!p->tty) {
		if (done == total && total > 0)
			msg(p->ctx, MSG_VERBOSE, "publish: %s: %zu of %zu",
			    what, done, total);
		return;
	}
	pct = total > 0 ? done * 100 / total : 100;
	if (p->shown && p->what == what && p->pct == pct && done != total)
		return;
	p->what = what;
	p->pct = pct;
	p->shown = true;
	fprintf(stderr, "\r\033[Kpublish: %s %zu/%zu (%zu %%)", what, done,
	    total, pct);
}

static int
cmd_publish_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct publish_job	  job;
	struct result_set	**sets = NULL;
	struct str_list		  written = { 0 }, combine = { 0 };
	struct cmd_publish_plan	  plan = { 0 };
	struct cmd_publish_progress prog = { 0 };
	struct strbuf		  trackhtml, trackcss;
	struct diag		  d;
	long long		  id;
	size_t			  nsets = 0, i;
	const char		 *v, *css_path;
	char			 *end, *err = NULL, *css = NULL;
	struct strbuf		  xy;
	long			  w;
	int			  rc = EXIT_OK;

	strbuf_init(&xy);

	memset(&job, 0, sizeof(job));
	strbuf_init(&trackhtml);
	strbuf_init(&trackcss);
	job.outdir = cmd_args_get(args, "output");
	job.page.title = cmd_args_get(args, "title");
	css_path = cmd_args_get(args, "css");
	job.page.baseline = cmd_args_get(args, "baseline");
	job.pdf = cmd_args_has(args, "pdf");
	job.force = cmd_args_has(args, "force");
	job.chart_files = !cmd_args_has(args, "no-chart-files");
	/*
	 * Chart files and the PDF are drawn: a missing drawing library is
	 * said before any work. The page alone draws nothing with them
	 * unless a chart of its own measures text (canvas_dl_need loads
	 * them then); not mapping them is about a quarter of a small page's
	 * time.
	 */
	diag_clear(&d);
	if ((job.chart_files || job.pdf) && canvas_dl_load(&d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	if ((v = cmd_args_get(args, "width")) != NULL) {
		w = strtol(v, &end, 10);
		if (end == v || *end != '\0' || w < 320 || w > 4000) {
			rc = cmd_usage(&cmd_publish_entry,
			    "--width takes a number of pixels from 320 to 4000");
			goto out;
		}
		job.chart_width = (int)w;
	}
	for (i = 0; (v = cmd_args_value(args, "combine", i)) != NULL; i++)
		str_list_add(&combine, v);
	if (job.outdir == NULL) {
		rc = cmd_usage(&cmd_publish_entry, "-o DIR is required");
		goto out;
	}
	if (args->argc == 0 && combine.len == 0) {
		rc = cmd_usage(&cmd_publish_entry, "name at least one result set");
		goto out;
	}
	if ((err = cmd_publish_plan(&combine, args->argv, (size_t)args->argc,
	    &plan)) != NULL) {
		rc = cmd_usage(&cmd_publish_entry, err);
		goto out;
	}
	if (css_path != NULL) {
		diag_clear(&d);
		if ((css = cmd_publish_read(css_path, &d)) == NULL) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
			goto out;
		}
		job.page.user_css = css;
	}
	job.sections = plan.sections;
	job.nsections = plan.nsections;

	sets = xcalloc(plan.args.len + 1, sizeof(*sets));
	for (i = 0; i < plan.args.len; i++) {
		rc = cmd_load_arg(ctx, plan.args.items[i], &sets[nsets], &id);
		if (rc != EXIT_OK)
			goto out;
		nsets++;
	}
	if (job.page.baseline != NULL && (rc = cmd_publish_baseline(ctx, sets,
	    nsets, &job.page.baseline)) != EXIT_OK)
		goto out;
	prog.ctx = ctx;
	prog.tty = isatty(STDERR_FILENO);
	job.progress = cmd_publish_progress;
	job.progress_arg = &prog;
	if ((rc = cmd_publish_xy(ctx, args, sets, nsets, &xy)) != EXIT_OK)
		goto out;
	if (xy.len > 0)
		job.page.xy_html = strbuf_str(&xy);
	diag_clear(&d);
	if (cmd_args_has(args, "track")) {
		if (publish_track_section(ctx->store, sets, nsets, &trackhtml,
		    &trackcss, &d) == -1) {
			cmd_error(ctx, &d);
			rc = EXIT_STORE;
			goto out;
		}
		job.page.track_html = strbuf_str(&trackhtml);
		job.page.track_css = strbuf_str(&trackcss);
	}
	rc = publish_write(sets, nsets, &job, &written, &d) != 0 ? EXIT_BADINPUT :
	    EXIT_OK;
	if (prog.shown)
		fputs("\r\033[K", stderr);
	if (rc != EXIT_OK) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	msg(ctx, MSG_VERBOSE, "wrote %zu files", written.len);
	/* The page's path is the data of this command: print it last, alone. */
	for (i = 0; i < written.len; i++)
		if (strstr(written.items[i], "/charts/") == NULL) {
			text_safe_fputs(written.items[i], stdout);
			fputc('\n', stdout);
		}
out:
	for (i = 0; i < nsets; i++)
		result_set_free(sets[i]);
	free(sets);
	free(err);
	free(css);
	cmd_publish_plan_free(&plan);
	str_list_free(&combine);
	str_list_free(&written);
	strbuf_free(&trackhtml);
	strbuf_free(&trackcss);
	strbuf_free(&xy);
	return rc;
}

/*
 * --chart SPEC (repeatable): each an x-y chart over every input
 * (src/chart-xy.c), as a section of escaped HTML in out. A spec is
 * "x=...,y=..." with optional series= and label=.
 */
static int
cmd_publish_xy(struct cmd_ctx *ctx, const struct cmd_args *args,
    struct result_set *const *sets, size_t nsets, struct strbuf *out)
{
	struct chart_xy_spec	 sp;
	struct canvas		*c;
	struct diag		 d;
	const char		*spec;
	char			**parts, *eq, prefix[32];
	size_t			 k, i;
	int			 rc = EXIT_OK;

	for (k = 0; (spec = cmd_args_value(args, "chart", k)) != NULL; k++) {
		memset(&sp, 0, sizeof(sp));
		parts = g_strsplit(spec, ",", -1);
		for (i = 0; parts[i] != NULL && rc == EXIT_OK; i++) {
			if ((eq = strchr(parts[i], '=')) == NULL) {
				rc = EXIT_BADINPUT;
				break;
			}
			*eq++ = '\0';
			if (strcmp(parts[i], "x") == 0)
				sp.x = eq;
			else if (strcmp(parts[i], "y") == 0)
				sp.y = eq;
			else if (strcmp(parts[i], "series") == 0)
				sp.series = eq;
			else if (strcmp(parts[i], "label") == 0)
				sp.label = eq;
			else
				rc = EXIT_BADINPUT;
		}
		if (rc != EXIT_OK || sp.x == NULL || sp.y == NULL) {
			g_strfreev(parts);
			return cmd_usage(&cmd_publish_entry, "--chart takes "
			    "'x=FACT|METRIC,y=METRIC[,series=FACT][,label=FACT]'");
		}
		strbuf_printf(out, "<section class=\"xy\" id=\"xy%zu\">\n<h2>", k + 1);
		text_escape_xml(out, spec);
		strbuf_adds(out, "</h2>\n");
		/*
		 * Drawn twice, for a desktop's column and for a phone (the
		 * style sheet shows one), so neither is scaled far from the
		 * size its text was laid out for.
		 */
		for (i = 0; i < 2; i++) {
			diag_clear(&d);
			if ((c = chart_xy_draw(sets, nsets, &sp, i == 0 ? 800 : 340,
			    &d)) == NULL) {
				cmd_errorx(ctx, "--chart %s: %s", spec, d.msg);
				g_strfreev(parts);
				return EXIT_BADINPUT;
			}
			snprintf(prefix, sizeof(prefix), "xy%zu%c", k + 1,
			    i == 0 ? 'w' : 'n');
			strbuf_printf(out, "<div class=\"chart xy-%s\">", i == 0 ?
			    "wide" : "narrow");
			canvas_svg_render_inline(c, prefix, NULL, 0, out);
			strbuf_adds(out, "</div>\n");
			canvas_free(c);
		}
		strbuf_adds(out, "</section>\n");
		g_strfreev(parts);
	}
	return rc;
}
