/* SPDX-License-Identifier: ISC */
/*
 * benchreport diff A B: compare two result sets (stored IDs or files, or
 * one system of each as ID:SYSTEM) and print the verdicts as a terminal
 * table, Markdown, JSON or an HTML page. The exit status says whether a
 * significant regression (larger than --fail-above) was found, so CI can
 * gate on it; --any makes improvements count too.
 */
#include <sys/stat.h>

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "diff.h"
#include "outfile.h"
#include "xalloc.h"

enum cmd_diff_format {
	CMD_DIFF_TEXT,
	CMD_DIFF_MARKDOWN,
	CMD_DIFF_JSON,
	CMD_DIFF_HTML,
	CMD_DIFF_SVG
};

static int	 cmd_diff_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_diff_number(const char *arg, const char *what, double lo,
		    double hi, double *out);
static char	*cmd_diff_split(const char *arg, char **system);
static int	 cmd_diff_options_read(const struct cmd_args *args,
		    struct diff_opts *o, struct diff_map **map, size_t *nmap,
		    double *fail_above);
static int	 cmd_diff_write(struct cmd_ctx *ctx, const struct diff *df,
		    enum cmd_diff_format fmt, const char *output);

/* In enum cmd_diff_format's order; "md" is markdown too. */
CMD_CHOICES(cmd_diff_format, "text", "markdown", "json", "html", "svg", "md")

static const struct cmd_option cmd_diff_options[] = {
	{ "format", 'f', "FMT", "text (default), markdown, json, html, or svg (the\n"
	    "chart of every change with its confidence interval)", 0, cmd_diff_format },
	{ "output", 'o', "FILE", "write there instead of standard output", 0, NULL },
	{ "alpha", 0, "A", "significance level (default 0.05)", 0, NULL },
	{ "no-correction", 0, NULL, "no Holm-Bonferroni correction across the diff", 0, NULL },
	{ "threshold", 0, "PCT", "smaller changes are never reported as significant", 0, NULL },
	{ "fail-above", 0, "PCT", "exit 1 only for a significant regression larger\n"
	    "than PCT % (default 0: any significant regression)", 0, NULL },
	{ "any", 0, NULL, "exit 1 for any significant change, better or worse", 0, NULL },
	{ "equivalence", 'e', "PCT", "judge each value better, worse, equivalent within\n"
	    "+/-PCT % of A (TOST) or inconclusive; exit 1 for an inconclusive one", 0, NULL },
	{ "map", 0, "OLD=NEW", "system OLD of A is system NEW of B (repeatable)",
	    CMD_OPT_REPEAT, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_diff_entry = {
	.name = "diff",
	.operands = "A[:SYSTEM] B[:SYSTEM]",
	.min_operands = 2,
	.max_operands = 2,
	.summary = "compare two result sets with significance tests",
	.options = cmd_diff_options,
	.help_extra = "A and B are stored result-set IDs or files (imported on the fly);\n"
	    "ID:SYSTEM compares one system of each side.\n"
	    "Exit status: 0 no significant regression, 1 one was found (with --any:\n"
	    "any significant change; with --equivalence: also a value neither\n"
	    "significant nor shown equivalent), 2 bad input, 3 database error.\n",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_diff_exec
};

static int
cmd_diff_number(const char *arg, const char *what, double lo, double hi,
    double *out)
{
	char	*end;
	double	 v;

	errno = 0;
	v = strtod(arg, &end);
	if (end == arg || *end != '\0' || errno != 0 || !isfinite(v) ||
	    v < lo || v > hi) {
		fprintf(stderr, "benchreport diff: %s must be a number from %g "
		    "to %g\n", what, lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

/*
 * "12:RAID0" -> "12" and system "RAID0". An argument naming an existing
 * file is never split, so paths with a colon keep working; system names
 * may contain colons (the split is at the first one).
 */
static char *
cmd_diff_split(const char *arg, char **system)
{
	struct stat	 sb;
	const char	*colon;

	*system = NULL;
	if (stat(arg, &sb) == 0 || (colon = strchr(arg, ':')) == NULL ||
	    colon == arg)
		return xstrdup(arg);
	*system = xstrdup(colon + 1);
	return xstrndup(arg, (size_t)(colon - arg));
}

/* The options that shape the comparison; -1 after printing why one is wrong. */
static int
cmd_diff_options_read(const struct cmd_args *args, struct diff_opts *o,
    struct diff_map **map, size_t *nmap, double *fail_above)
{
	const char	*v;
	char		*eq, *pct;
	size_t		 i, n;
	int		 bad;

	if ((v = cmd_args_get(args, "alpha")) != NULL &&
	    cmd_diff_number(v, "--alpha", 1e-12, 0.5, &o->alpha) == -1)
		return -1;
	if ((v = cmd_args_get(args, "fail-above")) != NULL &&
	    cmd_diff_number(v, "--fail-above", 0, 1e9, fail_above) == -1)
		return -1;
	if ((v = cmd_args_get(args, "threshold")) != NULL &&
	    cmd_diff_number(v, "--threshold", 0, 1e9, &o->threshold_pct) == -1)
		return -1;
	if ((v = cmd_args_get(args, "equivalence")) != NULL) {
		pct = xstrdup(v);
		if ((n = strlen(pct)) > 1 && pct[n - 1] == '%')
			pct[n - 1] = '\0';
		bad = cmd_diff_number(pct, "--equivalence", 1e-6, 1e6,
		    &o->equivalence_pct);
		free(pct);
		if (bad == -1)
			return -1;
	}
	if (cmd_args_has(args, "no-correction"))
		o->correction = false;
	for (i = 0; (v = cmd_args_value(args, "map", i)) != NULL; i++) {
		if ((eq = strchr(v, '=')) == NULL || eq == v || eq[1] == '\0') {
			cmd_usage(&cmd_diff_entry, "--map needs OLD=NEW");
			return -1;
		}
		*map = xreallocarray(*map, *nmap + 1, sizeof(**map));
		(*map)[*nmap].old_id = xstrndup(v, (size_t)(eq - v));
		(*map)[*nmap].new_id = eq + 1;
		(*nmap)++;
	}
	return 0;
}

/* The diff in fmt to output (standard output when NULL); an exit status. */
static int
cmd_diff_write(struct cmd_ctx *ctx, const struct diff *df,
    enum cmd_diff_format fmt, const char *output)
{
	struct outfile	*of;
	struct diag	 d;
	int		 wrc = 0;

	diag_clear(&d);
	if ((of = outfile_open(output != NULL ? output : "-", &d)) == NULL) {
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	switch (fmt) {
	case CMD_DIFF_TEXT:
		diff_text_write(df, of->fp, output == NULL && ctx->color,
		    output == NULL ? ctx->term_width : 0);
		break;
	case CMD_DIFF_MARKDOWN:
		diff_text_markdown(df, of->fp);
		break;
	case CMD_DIFF_JSON:
		wrc = diff_json_write(df, of->fp, &d);
		break;
	case CMD_DIFF_HTML:
		wrc = diff_html_write(df, of->fp, &d);
		break;
	case CMD_DIFF_SVG:
		wrc = diff_html_write_svg(df, of->fp, &d);
		break;
	}
	if (wrc == -1)
		outfile_abort(of);
	if (wrc == -1 || outfile_commit(of, &d) == -1) {
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	return EXIT_OK;
}

static int
cmd_diff_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct diff_opts	 o;
	struct diff_map		*map = NULL;
	struct result_set	*a = NULL, *b = NULL;
	struct diff		*df = NULL;
	struct diag		 d;
	enum cmd_diff_format	 fmt = CMD_DIFF_TEXT;
	char			*arg_a = NULL, *arg_b = NULL, *sys_a = NULL;
	char			*sys_b = NULL;
	double			 fail_above = 0;
	bool			 approx = false;
	long long		 id;
	size_t			 i, nmap = 0;
	int			 rc = EXIT_BADINPUT;

	diff_opts_init(&o);
	if (cmd_args_has(args, "any") && cmd_args_has(args, "fail-above")) {
		rc = cmd_usage(&cmd_diff_entry, "can't combine --any and --fail-above");
		goto out;
	}
	if (cmd_diff_options_read(args, &o, &map, &nmap, &fail_above) == -1)
		goto out;
	if (cmd_args_has(args, "format")) {
		fmt = (enum cmd_diff_format)cmd_choice_index(cmd_diff_format,
		    cmd_args_get(args, "format"));
		if (strcmp(cmd_args_get(args, "format"), "md") == 0)
			fmt = CMD_DIFF_MARKDOWN;
	}
	arg_a = cmd_diff_split(args->argv[0], &sys_a);
	arg_b = cmd_diff_split(args->argv[1], &sys_b);
	if ((sys_a != NULL || sys_b != NULL) && nmap > 0) {
		rc = cmd_usage(&cmd_diff_entry, "can't combine --map with ID:SYSTEM");
		goto out;
	}
	if ((rc = cmd_load_arg(ctx, arg_a, &a, &id)) != EXIT_OK)
		goto out;
	if ((rc = cmd_load_arg(ctx, arg_b, &b, &id)) != EXIT_OK)
		goto out;
	o.map = map;
	o.nmap = nmap;
	o.system_a = sys_a;
	o.system_b = sys_b;
	o.label_a = args->argv[0];
	o.label_b = args->argv[1];
	diag_clear(&d);
	if (diff_compute(a, b, &o, &df, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	if ((rc = cmd_diff_write(ctx, df, fmt, cmd_args_get(args, "output"))) !=
	    EXIT_OK)
		goto out;
	for (i = 0; i < df->nrows; i++)
		if (df->rows[i].mwu.ok && !df->rows[i].mwu.exact)
			approx = true;
	if (approx)
		msg(ctx, MSG_VERBOSE, "Mann-Whitney U used the normal "
		    "approximation for some values (ties or more than %d runs)",
		    STATS_MWU_EXACT_MAX);
	/* Nothing compared is not "no regression": a script must not pass. */
	if (df->nrows == 0) {
		cmd_errorx(ctx, "%s and %s have no test in common",
		    args->argv[0], args->argv[1]);
		rc = EXIT_BADINPUT;
		goto out;
	}
	rc = diff_fails(df, !cmd_args_has(args, "any"), fail_above) ?
	    EXIT_DIFFERENT : EXIT_OK;
out:
	diff_free(df);
	result_set_free(a);
	result_set_free(b);
	free(arg_a);
	free(arg_b);
	free(sys_a);
	free(sys_b);
	for (i = 0; i < nmap; i++)
		free((char *)map[i].old_id);
	free(map);
	return rc;
}
