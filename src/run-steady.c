/* SPDX-License-Identifier: ISC */
/*
 * The runner's steady-state rounds: the IOPS test of the job that just
 * ran a round is found by its name and options, and its runs (the rounds
 * so far) are checked with steady_find. Nothing here does I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run-steady.h"
#include "steady.h"
#include "xalloc.h"

static struct value *run_steady_iops(struct result_set *rs, size_t sys,
		    const struct run_settings *s, const struct run_test *t);

/* The IOPS value of t's job (as run_result names it) for system sys. */
static struct value *
run_steady_iops(struct result_set *rs, size_t sys, const struct run_settings *s,
    const struct run_test *t)
{
	struct kv_list	 opts = { NULL, 0, 0 };
	struct value	*v = NULL;
	struct test	*x;
	char		*title, *desc, *args;
	size_t		 i;

	run_profile_names(s, t, &title, &desc, &args);
	if (!t->dd)
		run_profile_job_opts(s, t, &opts);
	for (i = 0; i < rs->ntests && v == NULL; i++) {
		x = &rs->tests[i];
		if (strcmp(x->unit, "IOPS") == 0 && strcmp(x->title, title) == 0 &&
		    strcmp(x->description, desc) == 0 &&
		    kv_list_equal(&x->facts, &opts))
			v = test_find_value(x, sys);
	}
	kv_list_free(&opts);
	free(title);
	free(desc);
	free(args);
	return v;
}

bool
run_steady_round(struct result_set *rs, size_t sys, const struct run_settings *s,
    const struct run_test *t, unsigned rounds, unsigned max)
{
	struct steady	 st;
	struct value	*v;

	if ((v = run_steady_iops(rs, sys, s, t)) == NULL || v->runs.len == 0)
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
