/* SPDX-License-Identifier: ISC */
/*
 * Command table lookup (unique prefixes, as tmux does), the one argument
 * parser (each entry's option spec plus the common options, through
 * getopt_long), help and usage text built from the table, the store opened
 * for the commands that need it, and the message helpers every command uses.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas-dl.h"
#include "cmd.h"
#include "store.h"
#include "strbuf.h"
#include "text-safe.h"
#include "version.h"
#include "xalloc.h"

#define CMD_HELP_COL	22	/* where option help text starts */
#define CMD_USAGE_WIDTH	78

/* Accepted by every command, after its name as before it. */
static const struct cmd_option cmd_common[] = {
	{ "db", 0, "PATH", "results database (default: BENCHREPORT_DB, or\n"
	    "$XDG_DATA_HOME/benchreport/results.db)", 0, NULL },
	{ "quiet", 'q', NULL, "print errors only", 0, NULL },
	{ "verbose", 'v', NULL, "say more (twice: debugging detail)", CMD_OPT_REPEAT, NULL },
	{ "help", 'h', NULL, "show this help", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

/* Before the command's name: the common options and --version. */
static const struct cmd_option cmd_global_options[] = {
	{ "version", 'V', NULL, "print the version", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};
static const struct cmd_entry cmd_global = {
	.name = "",
	.operands = "command [args]",
	.summary = "",
	.options = cmd_global_options,
	.max_operands = -1
};

static size_t	 cmd_count(const struct cmd_option *o);
static const struct cmd_option *cmd_option_at(const struct cmd_entry *e,
		    size_t i);
static void	 cmd_usage_line(const struct cmd_entry *e, struct strbuf *sb);
static void	 cmd_print_options(const struct cmd_option *o, FILE *fp);
static void	 cmd_print_choices(const char *(*choice)(size_t), FILE *fp);
static bool	 cmd_check_choice(const struct cmd_ctx *ctx,
		    const struct cmd_option *o, const char *value);
static int	 cmd_parse(struct cmd_ctx *ctx, const struct cmd_entry *e,
		    int argc, char **argv, struct cmd_args *a, bool *help);
static void	 cmd_help(const struct cmd_entry *e);
static int	 cmd_draws(struct cmd_ctx *ctx);

#define COMMAND(name) extern const struct cmd_entry cmd_##name##_entry;
#include "commands.def"
#undef COMMAND

const struct cmd_entry *const cmd_table[] = {
#define COMMAND(name) &cmd_##name##_entry,
#include "commands.def"
#undef COMMAND
	NULL
};

const struct cmd_entry *
cmd_find(const char *prog, const char *name)
{
	const struct cmd_entry	*found = NULL;
	size_t			 i, len = strlen(name), matches = 0;

	for (i = 0; cmd_table[i] != NULL; i++) {
		if (strcmp(cmd_table[i]->name, name) == 0 ||
		    (cmd_table[i]->alias != NULL &&
		    strcmp(cmd_table[i]->alias, name) == 0))
			return cmd_table[i];
	}
	for (i = 0; cmd_table[i] != NULL; i++) {
		if (strncmp(cmd_table[i]->name, name, len) == 0) {
			found = cmd_table[i];
			matches++;
		}
	}
	if (matches == 1)
		return found;
	fprintf(stderr, "%s: ", prog);
	if (matches == 0) {
		fputs("unknown command: ", stderr);
		text_safe_fputs(name, stderr);
		fputs(" (see 'benchreport help')\n", stderr);
		return NULL;
	}
	fputs("ambiguous command: ", stderr);
	text_safe_fputs(name, stderr);
	fputs(", could be:", stderr);
	for (i = 0; cmd_table[i] != NULL; i++)
		if (strncmp(cmd_table[i]->name, name, len) == 0)
			fprintf(stderr, " %s", cmd_table[i]->name);
	fputc('\n', stderr);
	return NULL;
}

void
cmd_print_help(FILE *fp)
{
	size_t	i;

	fputs("usage: benchreport [--db PATH] [-q | -v] command [args]\n"
	    "       benchreport --version | --help\n\ncommands:\n", fp);
	for (i = 0; cmd_table[i] != NULL; i++)
		fprintf(fp, "  %-10s %s\n", cmd_table[i]->name,
		    cmd_table[i]->summary);
	fputs("\nRun 'benchreport COMMAND --help' for a command's options.\n"
	    "Exit status: 0 success, 1 significant regression (diff), 2 bad input or "
	    "usage, 3 store error.\n", fp);
}

const struct cmd_option *
cmd_common_options(void)
{
	return cmd_common;
}

static size_t
cmd_count(const struct cmd_option *o)
{
	size_t	n = 0;

	while (o != NULL && o[n].name != NULL)
		n++;
	return n;
}

/* The command's own options first, then the common ones. */
static const struct cmd_option *
cmd_option_at(const struct cmd_entry *e, size_t i)
{
	size_t	own = cmd_count(e->options);

	if (i < own)
		return &e->options[i];
	i -= own;
	return i < cmd_count(cmd_common) ? &cmd_common[i] : NULL;
}

/*
 * "NAME [--db PATH] [-f NAME] [--sort] OPERANDS", wrapped: the synopsis
 * the man pages repeat (tests/lint-man.sh checks they do).
 */
static void
cmd_usage_line(const struct cmd_entry *e, struct strbuf *sb)
{
	const struct cmd_option	*o;
	struct strbuf		 item;
	size_t			 i, col;

	strbuf_init(&item);
	strbuf_printf(sb, "usage: benchreport %s", e->name);
	col = strlen("usage: benchreport ") + strlen(e->name);
	for (i = 0; (o = cmd_option_at(e, i)) != NULL; i++) {
		/* -q, -v and -h go without saying; --db is worth saying. */
		if (o >= cmd_common && o < cmd_common + cmd_count(cmd_common) &&
		    (strcmp(o->name, "db") != 0 || !(e->flags & CMD_NEEDS_STORE)))
			continue;
		strbuf_reset(&item);
		if (o->letter != 0)
			strbuf_printf(&item, "[-%c%s%s]", o->letter,
			    o->arg != NULL ? " " : "", o->arg != NULL ? o->arg : "");
		else
			strbuf_printf(&item, "[--%s%s%s]", o->name,
			    o->arg != NULL ? " " : "", o->arg != NULL ? o->arg : "");
		if (col + 1 + item.len > CMD_USAGE_WIDTH) {
			strbuf_adds(sb, "\n      ");
			col = 6;
		}
		strbuf_printf(sb, " %s", strbuf_str(&item));
		col += 1 + item.len;
	}
	if (e->operands != NULL && *e->operands != '\0') {
		if (col + 1 + strlen(e->operands) > CMD_USAGE_WIDTH)
			strbuf_adds(sb, "\n      ");
		strbuf_printf(sb, " %s", e->operands);
	}
	strbuf_free(&item);
}

static void
cmd_print_choices(const char *(*choice)(size_t), FILE *fp)
{
	const char	*c;
	size_t		 i;

	for (i = 0; (c = choice(i)) != NULL; i++)
		fprintf(fp, "%s%s", i > 0 ? ", " : "", c);
}

/* "  -f, --format NAME   help", continuation lines indented to the help. */
static void
cmd_print_options(const struct cmd_option *o, FILE *fp)
{
	const char	*h, *nl;
	int		 w;

	for (; o != NULL && o->name != NULL; o++) {
		if (o->letter != 0)
			w = fprintf(fp, "  -%c, ", o->letter);
		else
			w = fprintf(fp, "      ");
		w += fprintf(fp, "--%s%s%s", o->name, o->arg != NULL ? " " : "",
		    o->arg != NULL ? o->arg : "");
		if (w >= CMD_HELP_COL) {
			fputc('\n', fp);
			w = 0;
		}
		for (h = o->help; h != NULL; h = nl != NULL ? nl + 1 : NULL) {
			fprintf(fp, "%*s", CMD_HELP_COL - w, "");
			nl = strchr(h, '\n');
			fprintf(fp, "%.*s", nl != NULL ? (int)(nl - h) : (int)strlen(h), h);
			if (nl != NULL)
				fputc('\n', fp);
			w = 0;
		}
		if (o->choice != NULL) {
			fprintf(fp, "%s one of: ", o->help != NULL ? ";" : "");
			cmd_print_choices(o->choice, fp);
		}
		fputc('\n', fp);
	}
}

int
cmd_usage(const struct cmd_entry *e, const char *m)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	cmd_usage_line(e, &sb);
	if (m != NULL)
		fprintf(stderr, "benchreport %s: %s\n", e->name, m);
	fprintf(stderr, "%s\n", strbuf_str(&sb));
	strbuf_free(&sb);
	return EXIT_BADINPUT;
}

static void
cmd_help(const struct cmd_entry *e)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	cmd_usage_line(e, &sb);
	printf("%s\n\n%s\n\noptions:\n", strbuf_str(&sb), e->summary);
	cmd_print_options(e->options, stdout);
	cmd_print_options(cmd_common, stdout);
	if (e->help_extra != NULL)
		printf("\n%s", e->help_extra);
	strbuf_free(&sb);
}

int
cmd_choice_index(const char *(*choice)(size_t i), const char *value)
{
	const char	*c;
	size_t		 i;

	for (i = 0; value != NULL && (c = choice(i)) != NULL; i++)
		if (strcmp(c, value) == 0)
			return (int)i;
	return -1;
}

int
cmd_unknown(const struct cmd_ctx *ctx, const char *noun, const char *value,
    const char *(*choice)(size_t i))
{
	fprintf(stderr, "%s: unknown %s: ", ctx->prog, noun);
	text_safe_fputs(value, stderr);
	if (choice != NULL) {
		fputs(" (one of: ", stderr);
		cmd_print_choices(choice, stderr);
		fputc(')', stderr);
	}
	fputc('\n', stderr);
	return EXIT_BADINPUT;
}

/* Whether value (each item, for a list) is one of o's choices; says why not. */
static bool
cmd_check_choice(const struct cmd_ctx *ctx, const struct cmd_option *o,
    const char *value)
{
	const char	*c, *item = value, *end;
	char		 noun[64];
	size_t		 i, len;

	if (o->choice == NULL)
		return true;
	for (;;) {
		end = (o->flags & CMD_OPT_LIST) ? strchr(item, ',') : NULL;
		len = end != NULL ? (size_t)(end - item) : strlen(item);
		for (i = 0; (c = o->choice(i)) != NULL; i++)
			if (strlen(c) == len && strncmp(c, item, len) == 0)
				break;
		if (c == NULL) {
			snprintf(noun, sizeof(noun), "value for --%s", o->name);
			cmd_unknown(ctx, noun, value, o->choice);
			return false;
		}
		if (end == NULL)
			return true;
		item = end + 1;
	}
}

/* getopt_long over the spec; every option given is kept, in order. */
static int
cmd_parse(struct cmd_ctx *ctx, const struct cmd_entry *e, int argc,
    char **argv, struct cmd_args *a, bool *help)
{
	const struct cmd_option	*o;
	struct option		*lo;
	struct strbuf		 shortopts;
	size_t			 i, n = 0;
	int			 ch, rc = EXIT_OK;

	while (cmd_option_at(e, n) != NULL)
		n++;
	lo = xcalloc(n + 1, sizeof(*lo));
	strbuf_init(&shortopts);
	/*
	 * "+" stops the global parse at the command's name; ':' reports a
	 * missing argument as ':', not '?'.
	 */
	if (e == &cmd_global)
		strbuf_addc(&shortopts, '+');
	strbuf_addc(&shortopts, ':');
	for (i = 0; i < n; i++) {
		o = cmd_option_at(e, i);
		lo[i].name = o->name;
		lo[i].has_arg = o->arg != NULL ? required_argument : no_argument;
		lo[i].val = 256 + (int)i;
		if (o->letter != 0) {
			strbuf_addc(&shortopts, o->letter);
			if (o->arg != NULL)
				strbuf_addc(&shortopts, ':');
		}
	}
	memset(a, 0, sizeof(*a));
	a->opt = xcalloc((size_t)argc + 1, sizeof(*a->opt));
	a->val = xcalloc((size_t)argc + 1, sizeof(*a->val));
	optind = 0;	/* GNU getopt: start afresh */
	opterr = 0;
	while ((ch = getopt_long(argc, argv, strbuf_str(&shortopts), lo, NULL)) != -1) {
		o = NULL;
		if (ch >= 256)
			o = cmd_option_at(e, (size_t)(ch - 256));
		else
			for (i = 0; i < n && o == NULL; i++)
				if (cmd_option_at(e, i)->letter == ch)
					o = cmd_option_at(e, i);
		if (o == NULL && e == &cmd_global) {
			cmd_print_help(stderr);
			rc = EXIT_BADINPUT;
			goto out;
		}
		if (o == NULL) {
			char	m[128];

			if (ch == ':')
				snprintf(m, sizeof(m), "%s needs an argument",
				    argv[optind - 1]);
			else if (optopt != 0 && optopt < 256)
				snprintf(m, sizeof(m), "unknown option -%c", optopt);
			else
				snprintf(m, sizeof(m), "unknown option %.60s",
				    argv[optind - 1]);
			rc = cmd_usage(e, m);
			goto out;
		}
		if (o->arg != NULL && !cmd_check_choice(ctx, o, optarg)) {
			rc = EXIT_BADINPUT;
			goto out;
		}
		a->opt[a->n] = o;
		a->val[a->n] = o->arg != NULL ? optarg : NULL;
		a->n++;
	}
	a->argc = argc - optind;
	a->argv = argv + optind;
	*help = cmd_args_has(a, "help");
	if (cmd_args_has(a, "db"))
		ctx->db_path = cmd_args_get(a, "db");
	if (cmd_args_has(a, "quiet"))
		ctx->verbosity = MSG_QUIET;
	ctx->verbosity += (int)cmd_args_count(a, "verbose");
out:
	strbuf_free(&shortopts);
	free(lo);
	return rc;
}

int
cmd_run(struct cmd_ctx *ctx, const struct cmd_entry *e, int argc, char **argv)
{
	struct cmd_args	 a;
	bool		 help = false;
	int		 rc;

	if ((rc = cmd_parse(ctx, e, argc, argv, &a, &help)) != EXIT_OK)
		goto out;
	if (help) {
		cmd_help(e);
		goto out;
	}
	if (a.argc < e->min_operands || (e->max_operands >= 0 &&
	    a.argc > e->max_operands)) {
		char	m[160];

		snprintf(m, sizeof(m), "%s %s expected", a.argc < e->min_operands ?
		    "missing operand:" : "too many operands:", e->operands);
		rc = cmd_usage(e, m);
		goto out;
	}
	if ((e->flags & CMD_DRAWS) && (rc = cmd_draws(ctx)) != EXIT_OK)
		goto out;
	if ((e->flags & CMD_NEEDS_STORE) && (rc = cmd_store(ctx)) != EXIT_OK)
		goto out;
	rc = e->exec(ctx, &a);
	store_close(ctx->store);
	ctx->store = NULL;
out:
	free(a.opt);
	free(a.val);
	return rc;
}

/* The drawing libraries, for a command that draws: a missing one is an
 * installation's fault, said before any work is done. */
static int
cmd_draws(struct cmd_ctx *ctx)
{
	struct diag	d;

	diag_clear(&d);
	if (canvas_dl_load(&d) == -1) {
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	return EXIT_OK;
}

int
cmd_store(struct cmd_ctx *ctx)
{
	struct diag	d;

	if (ctx->store != NULL)
		return EXIT_OK;
	diag_clear(&d);
	/* A URI of a kind we do not use is the user's mistake, not the store's. */
	if (store_kind(ctx->db_path, &d) == STORE_BAD) {
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	if (store_open(ctx->db_path, &ctx->store, &d) == -1) {
		cmd_error(ctx, &d);
		return EXIT_STORE;
	}
	return EXIT_OK;
}

int
cmd_main(struct cmd_ctx *ctx, int argc, char **argv)
{
	const struct cmd_entry	*e;
	struct cmd_args		 a;
	const char		*env_db;
	char			*default_db = NULL;
	bool			 help = false;
	int			 rc;

	if ((rc = cmd_parse(ctx, &cmd_global, argc, argv, &a, &help)) != EXIT_OK)
		goto out;
	if (cmd_args_has(&a, "version")) {
		printf("benchreport %s\n", BENCHREPORT_VERSION);
		goto out;
	}
	if (help || (a.argc > 0 && strcmp(a.argv[0], "help") == 0 && a.argc == 1)) {
		cmd_print_help(stdout);
		goto out;
	}
	if (a.argc == 0) {
		cmd_print_help(stderr);
		rc = EXIT_BADINPUT;
		goto out;
	}
	if (strcmp(a.argv[0], "help") == 0) {
		if ((e = cmd_find(ctx->prog, a.argv[1])) == NULL)
			rc = EXIT_BADINPUT;
		else
			cmd_help(e);
		goto out;
	}
	if ((e = cmd_find(ctx->prog, a.argv[0])) == NULL) {
		rc = EXIT_BADINPUT;
		goto out;
	}
	if (ctx->db_path == NULL) {
		env_db = getenv("BENCHREPORT_DB");
		if (env_db != NULL && *env_db != '\0')
			ctx->db_path = env_db;
		else
			ctx->db_path = default_db = cmd_default_db_path();
	}
	rc = cmd_run(ctx, e, a.argc, a.argv);
out:
	free(default_db);
	free(a.opt);
	free(a.val);
	return rc;
}

bool
cmd_args_has(const struct cmd_args *a, const char *name)
{
	return cmd_args_count(a, name) > 0;
}

size_t
cmd_args_count(const struct cmd_args *a, const char *name)
{
	size_t	i, n = 0;

	for (i = 0; i < a->n; i++)
		if (strcmp(a->opt[i]->name, name) == 0)
			n++;
	return n;
}

const char *
cmd_args_get(const struct cmd_args *a, const char *name)
{
	size_t	i;

	for (i = a->n; i > 0; i--)
		if (strcmp(a->opt[i - 1]->name, name) == 0)
			return a->val[i - 1];
	return NULL;
}

const char *
cmd_args_value(const struct cmd_args *a, const char *name, size_t k)
{
	size_t	i;

	for (i = 0; i < a->n; i++)
		if (strcmp(a->opt[i]->name, name) == 0 && k-- == 0)
			return a->val[i];
	return NULL;
}

void
msg(const struct cmd_ctx *ctx, int level, const char *fmt, ...)
{
	va_list	 ap;
	char	*text;
	int	 n;

	if (ctx->verbosity < level)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	text = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(text, (size_t)n + 1, fmt, ap);
	va_end(ap);
	/* Messages quote file contents: neutralise them, keep our newline. */
	if (n > 0 && text[n - 1] == '\n')
		text[n - 1] = '\0';
	text_safe_fputs(text, stderr);
	fputc('\n', stderr);
	free(text);
}

void
cmd_error(const struct cmd_ctx *ctx, const struct diag *d)
{
	diag_print(d, ctx->prog, stderr);
	/* The statement behind a store error is for -v only. */
	if (ctx->verbosity >= MSG_VERBOSE && d->detail[0] != '\0') {
		fprintf(stderr, "%s: the statement was: ", ctx->prog);
		text_safe_fputs(d->detail, stderr);
		fputc('\n', stderr);
	}
}

void
cmd_error_input(const struct cmd_ctx *ctx, const char *input,
    const struct diag *d)
{
	struct diag	in = *d;

	if (input == NULL || strcmp(d->file, input) == 0) {
		cmd_error(ctx, d);
		return;
	}
	/* "INPUT: not stored in STORE: <why>": the input first, one line. */
	snprintf(in.file, sizeof(in.file), "%s", input);
	in.line = 0;
	snprintf(in.msg, sizeof(in.msg), "not stored in %.300s: %.700s",
	    d->file[0] != '\0' ? d->file : "the store",
	    strncmp(d->msg, "database: ", 10) == 0 ? d->msg + 10 : d->msg);
	cmd_error(ctx, &in);
}

void
cmd_errorx(const struct cmd_ctx *ctx, const char *fmt, ...)
{
	va_list	 ap;
	char	 buf[2048];

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: ", ctx->prog);
	text_safe_fputs(buf, stderr);
	fputc('\n', stderr);
}

char *
cmd_default_db_path(void)
{
	const char	*xdg, *home;

	xdg = getenv("XDG_DATA_HOME");
	if (xdg != NULL && *xdg == '/')
		return xasprintf("%s/benchreport/results.db", xdg);
	home = getenv("HOME");
	if (home == NULL || *home == '\0')
		home = ".";
	return xasprintf("%s/.local/share/benchreport/results.db", home);
}

int
cmd_parse_count(const char *arg, long *out)
{
	char	*end;
	long	 v;

	if (*arg < '0' || *arg > '9')
		return -1;
	errno = 0;
	v = strtol(arg, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = v;
	return 0;
}
