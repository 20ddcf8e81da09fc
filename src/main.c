/* SPDX-License-Identifier: ISC */
/*
 * benchreport: global options, the database path, and dispatch through the
 * command table. Only main (and the x* allocation wrappers) end the process.
 */
#include <sys/ioctl.h>

#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "exit.h"
#include "version.h"

static int	 main_term_width(void);

static int
main_term_width(void)
{
	struct winsize	 ws;
	const char	*cols;
	int		 n;

	if ((cols = getenv("COLUMNS")) != NULL && (n = atoi(cols)) >= 20)
		return n;
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 &&
	    ws.ws_col >= 20)
		return ws.ws_col;
	return 80;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument,	NULL, 'd' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "quiet",	no_argument,		NULL, 'q' },
		{ "verbose",	no_argument,		NULL, 'v' },
		{ "version",	no_argument,		NULL, 'V' },
		{ NULL,		0,			NULL, 0 }
	};
	struct cmd_ctx		 ctx;
	const struct cmd_entry	*e;
	const char		*nc, *env_db;
	char			*default_db = NULL, *db_opt = NULL;
	int			 ch, rc;

	/* Numbers are parsed and printed in the C locale: files are not localised. */
	setlocale(LC_CTYPE, "");
	setlocale(LC_NUMERIC, "C");

	memset(&ctx, 0, sizeof(ctx));
	ctx.prog = "benchreport";
	ctx.verbosity = MSG_NORMAL;
	nc = getenv("NO_COLOR");
	ctx.color = isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
	ctx.term_width = main_term_width();

	/* "+" stops at the command name: the rest belongs to the command. */
	while ((ch = getopt_long(argc, argv, "+hqvV", longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			db_opt = optarg;
			break;
		case 'h':
			cmd_print_help(stdout);
			return EXIT_OK;
		case 'q':
			ctx.verbosity = MSG_QUIET;
			break;
		case 'v':
			ctx.verbosity++;
			break;
		case 'V':
			printf("benchreport %s\n", BENCHREPORT_VERSION);
			return EXIT_OK;
		default:
			cmd_print_help(stderr);
			return EXIT_BADINPUT;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0) {
		cmd_print_help(stderr);
		return EXIT_BADINPUT;
	}
	if (strcmp(argv[0], "help") == 0) {
		if (argc > 1 && (e = cmd_find(ctx.prog, argv[1])) != NULL) {
			char	*hv[] = { argv[1], (char *)"--help", NULL };

			optind = 0;
			return e->exec(&ctx, 2, hv);
		}
		cmd_print_help(stdout);
		return EXIT_OK;
	}
	if ((e = cmd_find(ctx.prog, argv[0])) == NULL)
		return EXIT_BADINPUT;

	env_db = getenv("BENCHREPORT_DB");
	if (db_opt != NULL)
		ctx.db_path = db_opt;
	else if (env_db != NULL && *env_db != '\0')
		ctx.db_path = env_db;
	else
		ctx.db_path = default_db = cmd_default_db_path();

	optind = 0;	/* GNU getopt: reinitialise for the command's own parse */
	rc = e->exec(&ctx, argc, argv);
	free(default_db);
	if (fflush(stdout) == EOF || ferror(stdout)) {
		fprintf(stderr, "benchreport: error writing standard output\n");
		if (rc == EXIT_OK)
			rc = EXIT_BADINPUT;
	}
	return rc;
}
