/* SPDX-License-Identifier: ISC */
/*
 * Preconditioning as SNIA's Solid State Storage Performance Test
 * Specification describes its workload-independent part: the whole test
 * range written sequentially in 128 KiB blocks, twice unless told
 * otherwise, so that a flash drive's mapping is full and its later
 * writes pay for garbage collection as they would in service. It runs
 * through the same engine as the tests; whether the target may be
 * written at all is decided before (run-target.c, cmd-run.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run-precond.h"
#include "xalloc.h"

void
run_precond_spec(const struct run_file *f, unsigned passes, bool direct,
    struct run_spec *spec)
{
	memset(spec, 0, sizeof(*spec));
	spec->rw = RUN_RW_WRITE;
	spec->bs = RUN_PRECOND_BS;
	spec->iodepth = RUN_PRECOND_DEPTH;
	spec->jobs = 1;
	spec->direct = direct;
	spec->fsync_end = true;
	spec->total = (uint64_t)passes * (f->size / RUN_PRECOND_BS) *
	    RUN_PRECOND_BS;
}

int
run_precond_run(const struct run_file *f, unsigned passes, bool direct,
    run_engine_progress_fn progress, void *arg, struct run_precond *p,
    struct diag *d)
{
	struct run_spec		 spec;
	struct run_result	 res;
	int			 r;

	memset(p, 0, sizeof(*p));
	if (f->size < RUN_PRECOND_BS)
		return diag_set(d, f->path, 0, "--precondition: the test range "
		    "(%llu bytes) is smaller than one 128 KiB block",
		    (unsigned long long)f->size);
	run_precond_spec(f, passes, direct, &spec);
	if ((r = run_engine_run(&spec, f, &res, progress, arg, d)) != 0)
		return r;
	p->passes = passes;
	p->range = spec.total / passes;
	p->bytes = res.bytes;
	p->seconds = res.seconds;
	p->direct = direct;
	return 0;
}

void
run_precond_facts(const struct run_precond *p, struct fact_list *facts)
{
	char	*s;

	s = xasprintf("sequential write, 128 KiB blocks, queue depth %d, %u "
	    "pass%s over %llu MiB (%llu MiB) in %.2f s, %.0f MiB/s, %s "
	    "(SNIA PTS workload-independent preconditioning)",
	    RUN_PRECOND_DEPTH, p->passes, p->passes == 1 ? "" : "es",
	    (unsigned long long)(p->range >> 20),
	    (unsigned long long)(p->bytes >> 20), p->seconds,
	    p->seconds > 0 ? (double)p->bytes / p->seconds / 1048576.0 : 0.0,
	    p->direct ? "O_DIRECT" : "buffered, synced");
	fact_list_set(facts, "precondition", s, "detected");
	free(s);
	s = xasprintf("%u", p->passes);
	fact_list_set(facts, "precondition_passes", s, "detected");
	free(s);
	s = xasprintf("%llu", (unsigned long long)p->bytes);
	fact_list_set(facts, "precondition_bytes", s, "detected");
	free(s);
	s = xasprintf("%.3f", p->seconds);
	fact_list_set(facts, "precondition_seconds", s, "detected");
	free(s);
}
