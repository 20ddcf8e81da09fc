/* SPDX-License-Identifier: ISC */
/*
 * The command table. Each subcommand lives in src/cmd-NAME.c and exports
 * "const struct cmd_entry cmd_NAME_entry" with its options;
 * src/commands.def lists them. main() finds the entry by unique prefix and
 * calls cmd_run, which parses the arguments against the entry once, acts on
 * its capability flags and hands exec the parsed options and operands.
 * Ownership: the context is main's; commands borrow it.
 */
#ifndef BENCHREPORT_CMD_H
#define BENCHREPORT_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "diag.h"
#include "exit.h"
#include "model.h"

/* Capability flags, read by cmd_run. */
#define CMD_NEEDS_STORE		0x1	/* cmd_run opens the results database: ctx->store */
#define CMD_OPENS_DEVICES	0x2	/* may use O_DIRECT and devices: only `run` */
#define CMD_DRAWS		0x4	/* cmd_run loads the drawing libraries (canvas-dl.h) */

/* Option flags. */
#define CMD_OPT_REPEAT		0x1	/* may be given more than once; every value kept */
#define CMD_OPT_LIST		0x2	/* a comma-separated list of choices */

enum msg_level {
	MSG_QUIET = 0,
	MSG_NORMAL = 1,
	MSG_VERBOSE = 2,
	MSG_DEBUG = 3
};

struct store;

struct cmd_ctx {
	const char	*prog;		/* "benchreport" */
	const char	*db_path;	/* resolved: --db, BENCHREPORT_DB or default */
	struct store	*store;		/* open while a CMD_NEEDS_STORE command runs */
	int		 verbosity;	/* enum msg_level */
	bool		 color;		/* stdout is a tty and NO_COLOR is unset */
	int		 term_width;	/* columns of stdout, 80 when unknown */
};

/*
 * One option of a command, as its table entry declares it: cmd_run parses
 * argv against these, prints --help and the usage line from them, and the
 * man pages' SYNOPSIS is checked against them (tests/lint-man.sh).
 */
struct cmd_option {
	const char	*name;		/* long name, without "--" */
	char		 letter;	/* short letter, 0 for none */
	const char	*arg;		/* argument name ("FILE"), NULL for a flag */
	const char	*help;		/* for --help; "\n" starts a continuation line */
	int		 flags;		/* CMD_OPT_* */
	/* The valid values: the i-th, NULL past the last. NULL: any value. */
	const char	*(*choice)(size_t i);
};

/* A choice function over a fixed list: CMD_CHOICES(list_format, "text", "tsv"). */
#define CMD_CHOICES(fn, ...)						\
static const char *							\
fn(size_t i)								\
{									\
	static const char *const l[] = { __VA_ARGS__, NULL };		\
									\
	return i < sizeof(l) / sizeof(l[0]) ? l[i] : NULL;		\
}

/* What cmd_run parsed: the options given, in order, and the operands. */
struct cmd_args {
	const struct cmd_option	**opt;
	const char		**val;		/* NULL for a flag */
	size_t			  n;
	int			  argc;		/* operands */
	char			**argv;
};

struct cmd_entry {
	const char	*name;
	const char	*alias;		/* NULL when none */
	const char	*operands;	/* after the options in the usage: "ID|FILE" */
	int		 min_operands;
	int		 max_operands;	/* -1: any number */
	const char	*summary;	/* one line for `benchreport help` */
	const struct cmd_option *options; /* ends with { NULL } */
	const char	*help_extra;	/* more text for --help, or NULL */
	int		 flags;		/* CMD_NEEDS_STORE... */
	/* Run the command on parsed arguments; return an enum exit_status. */
	int		(*exec)(struct cmd_ctx *ctx, const struct cmd_args *args);
};

/* NULL-terminated table of every command. */
extern const struct cmd_entry *const cmd_table[];
/* The options every command takes (--db, -q, -v, -h), ending with { NULL }. */
const struct cmd_option *cmd_common_options(void);

/* The entry whose name or alias starts with name, uniquely; NULL with a message printed. */
const struct cmd_entry *cmd_find(const char *prog, const char *name);
/* Print the global usage and every command's synopsis to fp. */
void	 cmd_print_help(FILE *fp);
/*
 * Run e on argv (argv[0] is the command's name): parse the options once
 * against e->options and the common ones (--db, -h, -q, -v), print --help,
 * check the operand count and each option's choices, open the store for
 * CMD_NEEDS_STORE commands, call e->exec and close the store. Returns an
 * enum exit_status; usage errors are EXIT_BADINPUT with the usage printed.
 */
int	 cmd_run(struct cmd_ctx *ctx, const struct cmd_entry *e, int argc,
	    char **argv);
/*
 * The whole command line: global options (--db, -q, -v, --help,
 * --version), the command by unique prefix, `help [COMMAND]`, the database
 * path (--db, BENCHREPORT_DB or the default), then cmd_run. Returns an
 * enum exit_status.
 */
int	 cmd_main(struct cmd_ctx *ctx, int argc, char **argv);
/*
 * Open the store at ctx->db_path into ctx->store unless it is open (for a
 * command that needs it only sometimes; cmd_run closes it). Returns
 * EXIT_OK, or EXIT_STORE after printing why.
 */
int	 cmd_store(struct cmd_ctx *ctx);
/* Print "benchreport NAME: msg" (if any) and the usage line; return EXIT_BADINPUT. */
int	 cmd_usage(const struct cmd_entry *e, const char *msg);
/* Whether option name was given. */
bool	 cmd_args_has(const struct cmd_args *a, const char *name);
/* The last value given for option name, or NULL. */
const char *cmd_args_get(const struct cmd_args *a, const char *name);
/* How often option name was given. */
size_t	 cmd_args_count(const struct cmd_args *a, const char *name);
/* The k-th value (from 0) given for option name, or NULL. */
const char *cmd_args_value(const struct cmd_args *a, const char *name,
	    size_t k);
/* The index of value among choice's values, or -1. */
int	 cmd_choice_index(const char *(*choice)(size_t i), const char *value);
/* A count given as an option's value: digits only; 0, or -1 when it is none. */
int	 cmd_parse_count(const char *arg, long *out);
/*
 * "unknown NOUN: VALUE (one of: a, b, c)" to stderr, from choice (as in
 * struct cmd_option); returns EXIT_BADINPUT.
 */
int	 cmd_unknown(const struct cmd_ctx *ctx, const char *noun,
	    const char *value, const char *(*choice)(size_t i));

/* Diagnostics to stderr, gated by verbosity (stdout is for data only). */
void	 msg(const struct cmd_ctx *ctx, int level, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Print d as "prog: file:line: message" to stderr. */
void	 cmd_error(const struct cmd_ctx *ctx, const struct diag *d);
/* A store's error about input (a file the user named): named first. */
void	 cmd_error_input(const struct cmd_ctx *ctx, const char *input,
	    const struct diag *d);
/* Print "prog: message" to stderr, neutralising control characters. */
void	 cmd_errorx(const struct cmd_ctx *ctx, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * Resolve a command-line argument that names a result set: a stored ID, or
 * a FILE that is imported on the fly (detected, normalised and stored) into
 * ctx->store, which must be open (CMD_NEEDS_STORE).
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
