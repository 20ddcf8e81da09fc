/* SPDX-License-Identifier: ISC */
/*
 * run --precondition: SNIA PTS's workload-independent preconditioning
 * (WIPC) of the run's target before its tests: sequential 128 KiB writes
 * over the whole test range, N passes (2 by default: twice the capacity),
 * one job at queue depth 32, synced at the end. What was done (passes,
 * bytes, seconds) becomes facts of the result set. The workload-dependent
 * part (the test itself until steady state) is --steady-state.
 * Ownership: everything is borrowed; run_precond_facts adds copies.
 */
#ifndef BENCHREPORT_RUN_PRECOND_H
#define BENCHREPORT_RUN_PRECOND_H

#include <stdint.h>

#include "diag.h"
#include "model.h"
#include "run-engine.h"
#include "run-file.h"

#define RUN_PRECOND_BS		(128u << 10)	/* SNIA PTS: SEQ 128KiB W */
#define RUN_PRECOND_DEPTH	32		/* outstanding I/Os, one job */
#define RUN_PRECOND_PASSES	2		/* "2X user capacity" */
#define RUN_PRECOND_MAX_PASSES	100

struct run_precond {
	unsigned	 passes;
	uint64_t	 range;		/* bytes per pass: the test range */
	uint64_t	 bytes;		/* written */
	double		 seconds;	/* from the first write to the sync's end */
	bool		 direct;
};

/*
 * The engine job of the preconditioning of f: passes x the whole 128 KiB
 * blocks of f, sequential from offset 0, fsync at the end.
 */
void	 run_precond_spec(const struct run_file *f, unsigned passes,
	    bool direct, struct run_spec *spec);
/*
 * Precondition f: 0 with p filled, 1 when stopped (Ctrl-C), -1 with d.
 * progress is the engine's (called with a total of 0: size-based).
 */
int	 run_precond_run(const struct run_file *f, unsigned passes, bool direct,
	    run_engine_progress_fn progress, void *arg, struct run_precond *p,
	    struct diag *d);
/*
 * The facts of a preconditioning done: precondition (in words),
 * precondition_passes, precondition_bytes, precondition_seconds.
 */
void	 run_precond_facts(const struct run_precond *p, struct fact_list *facts);

#endif
