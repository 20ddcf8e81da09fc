/* SPDX-License-Identifier: ISC */
/*
 * The command table. Each subcommand lives in src/cmd-NAME.c and exports
 * "const struct cmd_entry cmd_NAME_entry"; src/commands.def lists them.
 * main() finds the entry by unique prefix, checks capability flags and
 * calls exec with argv starting at the command name (so getopt_long works
 * as usual).
 * Ownership: the context is main's; commands borrow it.
 */
#ifndef BENCHREPORT_CMD_H
#define BENCHREPORT_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "exit.h"
#include "model.h"

/* Capability flags. */
#define CMD_NEEDS_STORE		0x1	/* opens the results database */
#define CMD_OPENS_DEVICES	0x2	/* may use O_DIRECT and devices: only `run` */

/* Long-option value shared by every command for --db. */
#define CMD_OPT_DB	0x1000
#define CMD_OPT_HELP	'h'

enum msg_level {
	MSG_QUIET = 0,
	MSG_NORMAL = 1,
	MSG_VERBOSE = 2,
	MSG_DEBUG = 3
};

struct cmd_ctx {
	const char	*prog;		/* "benchreport" */
	const char	*db_path;	/* resolved: --db, BENCHREPORT_DB or default */
	int		 verbosity;	/* enum msg_level */
	bool		 color;		/* stdout is a tty and NO_COLOR is unset */
	int		 term_width;	/* columns of stdout, 80 when unknown */
};

struct cmd_entry {
	const char	*name;
	const char	*alias;		/* NULL when none */
	const char	*usage;		/* synopsis after the name, as in the man page */
	const char	*summary;	/* one line for `benchreport help` */
	int		 flags;
	/* Run the command; return an enum exit_status. */
	int		(*exec)(struct cmd_ctx *ctx, int argc, char **argv);
};

/* NULL-terminated table of every command. */
extern const struct cmd_entry *const cmd_table[];

/* The entry whose name or alias starts with name, uniquely; NULL with a message printed. */
const struct cmd_entry *cmd_find(const char *prog, const char *name);
/* Print the global usage and every command's synopsis to fp. */
void	 cmd_print_help(FILE *fp);
/* Print "usage: benchreport NAME USAGE" (and msg, if any) to stderr; return EXIT_BADINPUT. */
int	 cmd_usage(const struct cmd_entry *e, const char *msg);
/* Print the command's --help to stdout; return EXIT_OK. */
int	 cmd_help(const struct cmd_entry *e, const char *options_text);

/* Diagnostics to stderr, gated by verbosity (stdout is for data only). */
void	 msg(const struct cmd_ctx *ctx, int level, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Print d as "prog: file:line: message" to stderr. */
void	 cmd_error(const struct cmd_ctx *ctx, const struct diag *d);
/* Print "prog: message" to stderr, neutralising control characters. */
void	 cmd_errorx(const struct cmd_ctx *ctx, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * Resolve a command-line argument that names a result set: a stored ID, or
 * a FILE that is imported on the fly (detected, normalised and stored).
 * Returns EXIT_OK with *out (caller frees) and *id, or an exit status after
 * printing the error. Implemented in cmd-resolve.c.
 */
int	 cmd_load_arg(struct cmd_ctx *ctx, const char *arg,
	    struct result_set **out, long long *id);

/*
 * Default database path: $XDG_DATA_HOME/benchreport/results.db, else
 * $HOME/.local/share/benchreport/results.db. Returns a string to free().
 */
char	*cmd_default_db_path(void);

#endif
