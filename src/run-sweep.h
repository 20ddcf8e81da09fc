/* SPDX-License-Identifier: ISC */
/*
 * run --sweep KEY=V1,V2,...: every test of the profile at each value of
 * one setting, iodepth, bs or numjobs (the runner's --jobs), one after
 * another; each value's tests carry it in their facts, so `chart --x
 * iodepth` draws the sweep. A bs sweep runs a copy of the profile whose
 * fio-style tests take each block size in turn.
 *
 * Ownership: a run_sweep owns its values and profile copy;
 * run_sweep_free releases them (a zeroed sweep is fine).
 */
#ifndef BENCHREPORT_RUN_SWEEP_H
#define BENCHREPORT_RUN_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "run-profile.h"

#define RUN_SWEEP_MAX	64	/* values in one sweep */

enum run_sweep_key {
	RUN_SWEEP_NONE = 0,
	RUN_SWEEP_IODEPTH,
	RUN_SWEEP_BS,
	RUN_SWEEP_JOBS
};

struct run_sweep {
	enum run_sweep_key	 key;
	unsigned		*vals;
	size_t			 n;
	struct run_test		*tests;	/* the profile's tests (bs sweep) */
	struct run_profile	 prof;	/* their profile, pointing at tests */
};

/*
 * Parse spec ("iodepth=1,2,4,8", "bs=4k,64k,1m", "numjobs=1,2,4") against
 * the settings (s->profile, s->size, buffer_limit bytes of I/O buffers):
 * each value a positive integer (bs: 512-byte multiples of at most the
 * file size, with k/m suffixes), at most RUN_SWEEP_MAX of them, and every
 * jobs x iodepth x block size within the limit. 0, or -1 with d.
 */
int	 run_sweep_parse(const char *spec, const struct run_settings *s,
	    uint64_t buffer_limit, struct run_sweep *sw, struct diag *d);
/* Values to run: 1 without a sweep. */
size_t	 run_sweep_count(const struct run_sweep *sw);
/* Set s for value i (no-op without a sweep). */
void	 run_sweep_apply(struct run_sweep *sw, size_t i, struct run_settings *s);
void	 run_sweep_free(struct run_sweep *sw);

#endif
