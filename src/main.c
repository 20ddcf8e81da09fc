/* SPDX-License-Identifier: ISC */
/*
 * benchreport: the process's locale, terminal and colour settings; the
 * arguments go to cmd_main. Only main (and the x* allocation wrappers) end
 * the process.
 */
#include <sys/ioctl.h>

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "exit.h"

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
	struct cmd_ctx	 ctx;
	const char	*nc;
	int		 rc;

	/* Numbers are parsed and printed in the C locale: files are not localised. */
	setlocale(LC_CTYPE, "");
	setlocale(LC_NUMERIC, "C");

	memset(&ctx, 0, sizeof(ctx));
	ctx.prog = "benchreport";
	ctx.verbosity = MSG_NORMAL;
	nc = getenv("NO_COLOR");
	ctx.color = isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0');
	ctx.term_width = main_term_width();

	rc = cmd_main(&ctx, argc, argv);
	if (fflush(stdout) == EOF || ferror(stdout)) {
		fprintf(stderr, "benchreport: error writing standard output\n");
		if (rc == EXIT_OK)
			rc = EXIT_BADINPUT;
	}
	return rc;
}
