/* SPDX-License-Identifier: ISC */
/*
 * Diagnostics filled by modules that never print: parsers, store, stats,
 * charts. The command layer turns a filled diag into one stderr line
 * "benchreport: file:line: message".
 * Ownership: a diag is caller-owned storage; nothing in it needs freeing.
 */
#ifndef BENCHREPORT_DIAG_H
#define BENCHREPORT_DIAG_H

#include <stdio.h>

#define DIAG_MSG_MAX	1024
#define DIAG_FILE_MAX	1024

struct diag {
	char	file[DIAG_FILE_MAX];	/* input named by the user, or "" */
	long	line;			/* 1-based line, 0 when unknown */
	char	where[128];		/* element or field, "" when unknown */
	char	msg[DIAG_MSG_MAX];	/* what went wrong, without a newline */
	/* More for -v only (a failed statement's SQL); not in diag_print. */
	char	detail[DIAG_MSG_MAX];
};

/* Clear d so that diag_isset(d) is false. */
void	diag_clear(struct diag *d);
/* Record an error for file at line (0 = unknown). Returns -1 for chaining. */
int	diag_set(struct diag *d, const char *file, long line,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Record what -v adds to the error (may be NULL); after diag_set. */
void	diag_detail(struct diag *d, const char *detail);
/* Record the element or field the error is about (may be NULL). */
void	diag_where(struct diag *d, const char *where);
/* True when an error has been recorded. */
int	diag_isset(const struct diag *d);
/*
 * Print "prog: file:line: <where>: msg" to fp, with control characters of
 * the untrusted parts neutralised so that a file cannot drive the terminal.
 */
void	diag_print(const struct diag *d, const char *prog, FILE *fp);

#endif
