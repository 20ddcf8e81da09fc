/* SPDX-License-Identifier: ISC */
/*
 * The runner's steady-state rounds: the IOPS test of the job that just
 * ran a round is found by its name and options, and its runs (the rounds
 * so far) are checked with steady_find. Nothing here does I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run-result.h"
#include "run-steady.h"
#include "steady.h"
#include "xalloc.h"


bool
run_steady_round(struct result_set *rs, size_t sys, const struct run_settings *s,
    const struct run_test *t, unsigned rounds, unsigned max)
{
	struct steady	 st;
	struct value	*v;

	if ((v = run_result_value(rs, sys, s, t, "IOPS")) == NULL || v->runs.len == 0)
		return false;
	st = steady_find(v->runs.v, v->runs.len);
	if (st.ok && st.reached) {
		free(v->note);
		v->note = xasprintf("steady state (SNIA): rounds %zu-%zu of %u, "
		    "range %.1f %%, fit excursion %.1f %% of the window's average",
		    st.first + 1, st.first + STEADY_WINDOW, rounds, st.range_pct,
		    st.excursion_pct);
		return true;
	}
	if (rounds >= max) {
		free(v->note);
		v->note = xasprintf("steady state (SNIA) not reached in %u rounds",
		    rounds);
	}
	return false;
}
