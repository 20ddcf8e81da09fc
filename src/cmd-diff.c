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
#include <getopt.h>
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

#define CMD_DIFF_OPT_NOCORR	0x2001
#define CMD_DIFF_OPT_FAIL	0x2002
#define CMD_DIFF_OPT_ANY	0x2003

static int	 cmd_diff_exec(struct cmd_ctx *, int, char **);
static int	 cmd_diff_number(const char *arg, const char *what, double lo,
		    double hi, double *out);
static char	*cmd_diff_split(const char *arg, char **system);

const struct cmd_entry cmd_diff_entry = {
	.name = "diff",
	.alias = NULL,
	.usage = "[--format text|markdown|json|html|svg] [--alpha A] [--no-correction]\n"
	    "       [--threshold PCT] [--fail-above PCT | --any] [--map OLD=NEW] [-o FILE]\n"
	    "       A[:SYSTEM] B[:SYSTEM]",
	.summary = "compare two result sets with significance tests",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_diff_exec
};

static const char cmd_diff_options[] =
	"  A, B                 a stored result-set ID or a file (imported on the\n"
	"                       fly); ID:SYSTEM compares one system of each side\n"
	"  -f, --format FMT     text (default), markdown, json, html, or svg (the\n"
	"                       chart of every change with its confidence interval)\n"
	"  -o, --output FILE    write there instead of standard output\n"
	"  --alpha A            significance level (default 0.05)\n"
	"  --no-correction      no Holm-Bonferroni correction across the diff\n"
	"  --threshold PCT      smaller changes are never reported as significant\n"
	"  --fail-above PCT     exit 1 only for a significant regression larger\n"
	"                       than PCT % (default 0: any significant regression)\n"
	"  --any                exit 1 for any significant change, better or worse\n"
	"  --map OLD=NEW        system OLD of A is system NEW of B (repeatable)\n"
	"  --db PATH            results database\n"
	"  -h, --help           show this help\n"
	"Exit status: 0 no significant regression, 1 one was found (with --any:\n"
	"any significant change), 2 bad input, 3 database error.\n";

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

static int
cmd_diff_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "alpha",		required_argument,	NULL, 'a' },
		{ "any",		no_argument,		NULL, CMD_DIFF_OPT_ANY },
		{ "db",			required_argument,	NULL, CMD_OPT_DB },
		{ "fail-above",		required_argument,	NULL, CMD_DIFF_OPT_FAIL },
		{ "format",		required_argument,	NULL, 'f' },
		{ "help",		no_argument,		NULL, 'h' },
		{ "map",		required_argument,	NULL, 'm' },
		{ "no-correction",	no_argument,		NULL, CMD_DIFF_OPT_NOCORR },
		{ "output",		required_argument,	NULL, 'o' },
		{ "threshold",		required_argument,	NULL, 't' },
		{ NULL,			0,			NULL, 0 }
	};
	struct diff_opts	 o;
	struct diff_map		*map = NULL;
	struct result_set	*a = NULL, *b = NULL;
	struct diff		*df = NULL;
	struct outfile		*of;
	struct diag		 d;
	enum cmd_diff_format	 fmt = CMD_DIFF_TEXT;
	const char		*output = NULL;
	char			*arg_a = NULL, *arg_b = NULL, *sys_a = NULL;
	char			*sys_b = NULL, *eq;
	double			 fail_above = 0;
	bool			 regressions_only = true, approx = false;
	long long		 id;
	size_t			 i, nmap = 0;
	int			 ch, wrc = 0, rc = EXIT_BADINPUT;

	diff_opts_init(&o);
	while ((ch = getopt_long(argc, argv, "a:f:hm:o:t:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			if (cmd_diff_number(optarg, "--alpha", 1e-12, 0.5,
			    &o.alpha) == -1)
				goto out;
			break;
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case CMD_DIFF_OPT_FAIL:
			if (cmd_diff_number(optarg, "--fail-above", 0, 1e9,
			    &fail_above) == -1)
				goto out;
			regressions_only = true;
			break;
		case CMD_DIFF_OPT_ANY:
			regressions_only = false;
			break;
		case 'f':
			if (strcmp(optarg, "text") == 0)
				fmt = CMD_DIFF_TEXT;
			else if (strcmp(optarg, "markdown") == 0 ||
			    strcmp(optarg, "md") == 0)
				fmt = CMD_DIFF_MARKDOWN;
			else if (strcmp(optarg, "json") == 0)
				fmt = CMD_DIFF_JSON;
			else if (strcmp(optarg, "html") == 0)
				fmt = CMD_DIFF_HTML;
			else if (strcmp(optarg, "svg") == 0)
				fmt = CMD_DIFF_SVG;
			else {
				rc = cmd_usage(&cmd_diff_entry,
				    "--format must be text, markdown, json, html or svg");
				goto out;
			}
			break;
		case 'h':
			rc = cmd_help(&cmd_diff_entry, cmd_diff_options);
			goto out;
		case 'm':
			if ((eq = strchr(optarg, '=')) == NULL || eq == optarg ||
			    eq[1] == '\0') {
				rc = cmd_usage(&cmd_diff_entry, "--map needs OLD=NEW");
				goto out;
			}
			map = xreallocarray(map, nmap + 1, sizeof(*map));
			*eq = '\0';	/* argv is ours to cut */
			map[nmap].old_id = optarg;
			map[nmap].new_id = eq + 1;
			nmap++;
			break;
		case CMD_DIFF_OPT_NOCORR:
			o.correction = false;
			break;
		case 'o':
			output = optarg;
			break;
		case 't':
			if (cmd_diff_number(optarg, "--threshold", 0, 1e9,
			    &o.threshold_pct) == -1)
				goto out;
			break;
		default:
			rc = cmd_usage(&cmd_diff_entry, NULL);
			goto out;
		}
	}
	if (argc - optind != 2) {
		rc = cmd_usage(&cmd_diff_entry, "two result sets are needed");
		goto out;
	}
	arg_a = cmd_diff_split(argv[optind], &sys_a);
	arg_b = cmd_diff_split(argv[optind + 1], &sys_b);
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
	o.label_a = argv[optind];
	o.label_b = argv[optind + 1];
	diag_clear(&d);
	if (diff_compute(a, b, &o, &df, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	if ((of = outfile_open(output != NULL ? output : "-", &d)) == NULL) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
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
		rc = EXIT_BADINPUT;
		goto out;
	}
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
		    argv[optind], argv[optind + 1]);
		rc = EXIT_BADINPUT;
		goto out;
	}
	rc = diff_fails(df, regressions_only, fail_above) ? EXIT_DIFFERENT :
	    EXIT_OK;
out:
	diff_free(df);
	result_set_free(a);
	result_set_free(b);
	free(arg_a);
	free(arg_b);
	free(sys_a);
	free(sys_b);
	free(map);
	return rc;
}
