/* SPDX-License-Identifier: ISC */
/*
 * Repeated runs of the same tests become one value per system with N runs,
 * their mean and SE, and the raw runs kept. Model only: no files, no store.
 *
 * A test's identity is its title, description, unit, app version and
 * facts (fio job options, dd operands), all compared exactly. Tests that
 * share a name but differ in facts stay separate tests, with a warning.
 *
 * Ownership: functions modify the caller's result sets in place and only
 * read src; warnings go to opt->warnings (opt may be NULL).
 */
#ifndef BENCHREPORT_MODEL_RUNS_H
#define BENCHREPORT_MODEL_RUNS_H

#include <stdbool.h>

#include "format.h"
#include "model.h"

/* True when a and b are the same test (same identity, see above). */
bool	 model_runs_same_test(const struct test *a, const struct test *b);

/*
 * Within rs: fold tests with the same identity into the first one
 * (values of the same system become runs of one value). Tests that share
 * title, description and unit but differ in facts get the first differing
 * fact appended to their description, so they stay apart in charts, and
 * a warning naming path.
 */
void	 model_runs_within(struct result_set *rs, const struct read_options *opt,
	    const char *path);

/*
 * Add the runs of src (one repeated run, read from srcpath) to dst:
 * systems match by identifier (added when new), tests by identity. A test
 * of src without a match in dst is copied as a separate test with a
 * warning. Stats of every touched value are recomputed from its runs.
 */
void	 model_runs_sets(struct result_set *dst, const struct result_set *src,
	    const struct read_options *opt, const char *srcpath);

#endif
