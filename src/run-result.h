/* SPDX-License-Identifier: ISC */
/*
 * Turning the runner's measurements into the model: one result set, one
 * system, and per test the PTS-named results (MB/s, IOPS, latency
 * mean/p50/p99/p99.9, CPU per I/O), each value keeping its raw repeats.
 * A fio test's MB/s is MiB/s, as PTS and the fio readers record it; dd's
 * is 10^6 bytes per second, as dd prints it.
 * Ownership: works in place on a caller-owned result set.
 */
#ifndef BENCHREPORT_RUN_RESULT_H
#define BENCHREPORT_RUN_RESULT_H

#include "model.h"
#include "run-engine.h"
#include "run-profile.h"

/* The metrics recorded per test; dd records only the first, fio tests the rest. */
enum run_metric {
	RUN_M_MBS = 0,		/* 10^6 bytes per second: dd's MB/s */
	RUN_M_MIBS,		/* 2^20 bytes per second: a fio test's MB/s */
	RUN_M_IOPS,
	RUN_M_LAT_MEAN,		/* completion latency, microseconds */
	RUN_M_LAT_P50,
	RUN_M_LAT_P99,
	RUN_M_LAT_P999,
	RUN_M_CPU_USER,		/* CPU microseconds per I/O */
	RUN_M_CPU_SYS,
	RUN_M_COUNT
};

/*
 * The value of metric m in r into *out. 0, or -1 when it cannot be
 * computed (no I/O measured); the caller then records nothing.
 */
int	 run_result_metric(const struct run_result *r, enum run_metric m,
	    double *out);
/*
 * Append one finished repeat of test t as runs of the values of system sys,
 * creating the tests on first use.
 */
void	 run_result_add(struct result_set *rs, size_t sys,
	    const struct run_settings *s, const struct run_test *t,
	    const struct run_result *r);
/* Compute mean, SE and N of every value from its runs. */
void	 run_result_finish(struct result_set *rs);

/*
 * The value of system sys in the test that run_result_add gives t's job
 * under s for unit ("IOPS", "usec"...; the job's own name, no latency
 * suffix), or NULL when none was added yet.
 */
struct value *run_result_value(struct result_set *rs, size_t sys,
	    const struct run_settings *s, const struct run_test *t,
	    const char *unit);

#endif
