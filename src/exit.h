/* SPDX-License-Identifier: ISC */
/*
 * Exit statuses, as in diff(1). Documented under EXIT STATUS in every man
 * page; scripts depend on them, so never renumber.
 */
#ifndef BENCHREPORT_EXIT_H
#define BENCHREPORT_EXIT_H

enum exit_status {
	EXIT_OK = 0,		/* success; diff: no significant regression */
	EXIT_DIFFERENT = 1,	/* diff: a significant regression (--any: change) was found */
	EXIT_BADINPUT = 2,	/* usage, I/O or parse error */
	EXIT_STORE = 3		/* database or schema error */
};

#endif
