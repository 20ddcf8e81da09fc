/* SPDX-License-Identifier: ISC */
/*
 * The review page's steady-state marks: under a test whose values carry a
 * log of rounds, one line per system saying whether the SNIA rule
 * (src/steady.c) holds and where, or that it was not reached.
 *
 * Ownership: everything is borrowed; out is appended to.
 */
#ifndef BENCHREPORT_PUBLISH_STEADY_H
#define BENCHREPORT_PUBLISH_STEADY_H

#include "model.h"
#include "strbuf.h"

/* Append the marks of test t of rs (nothing when no value has a log). */
void	 publish_steady_marks(struct strbuf *out, const struct result_set *rs,
	    const struct test *t);

#endif
