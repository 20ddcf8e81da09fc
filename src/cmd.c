/* SPDX-License-Identifier: ISC */
/*
 * Command table lookup (unique prefixes, as tmux does), help text built
 * from the table, and the message helpers every command uses.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "textsafe.h"
#include "xalloc.h"

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
		textsafe_fputs(name, stderr);
		fputs(" (see 'benchreport help')\n", stderr);
		return NULL;
	}
	fputs("ambiguous command: ", stderr);
	textsafe_fputs(name, stderr);
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

int
cmd_usage(const struct cmd_entry *e, const char *m)
{
	if (m != NULL)
		fprintf(stderr, "benchreport %s: %s\n", e->name, m);
	fprintf(stderr, "usage: benchreport %s %s\n", e->name, e->usage);
	return EXIT_BADINPUT;
}

int
cmd_help(const struct cmd_entry *e, const char *options_text)
{
	printf("usage: benchreport %s %s\n\n%s\n", e->name, e->usage,
	    e->summary);
	if (options_text != NULL && *options_text != '\0')
		printf("\n%s", options_text);
	return EXIT_OK;
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
	textsafe_fputs(text, stderr);
	fputc('\n', stderr);
	free(text);
}

void
cmd_error(const struct cmd_ctx *ctx, const struct diag *d)
{
	diag_print(d, ctx->prog, stderr);
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
	textsafe_fputs(buf, stderr);
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
