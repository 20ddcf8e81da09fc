/* SPDX-License-Identifier: ISC */
/*
 * The io_uring engine: one thread per job, each with its own ring (liburing),
 * registered file and buffers, a fixed queue depth, time-based with an
 * unmeasured ramp. Measures I/Os, bytes, completion latency (histogram)
 * and CPU time of the workers over the measured window only.
 * Ownership: specs and files are borrowed; results are caller storage.
 */
#ifndef BENCHREPORT_RUN_ENGINE_H
#define BENCHREPORT_RUN_ENGINE_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "run-file.h"
#include "run-hist.h"

/* Upper bound of I/O buffer memory over all jobs (jobs x iodepth x bs). */
#define RUN_ENGINE_MAX_BUFFERS	(4ull << 30)

enum run_rw {
	RUN_RW_READ = 0,	/* sequential read */
	RUN_RW_WRITE,		/* sequential write */
	RUN_RW_RANDREAD,
	RUN_RW_RANDWRITE
};

struct run_spec {
	enum run_rw	 rw;
	unsigned	 bs;		/* bytes per I/O */
	unsigned	 iodepth;	/* I/Os in flight per job */
	unsigned	 jobs;		/* threads, each with its own ring */
	double		 runtime;	/* measured seconds (time-based) */
	double		 ramp;		/* unmeasured seconds before */
	bool		 direct;	/* O_DIRECT */
	bool		 fsync_end;	/* size-based write with fsync (dd) */
	bool		 zero;		/* write zeroes (dd if=/dev/zero) */
	uint64_t	 total;		/* size-based: bytes to write; 0 = time-based */
	double		 rate_iops;	/* per job: I/Os started per second at most; 0 = no limit */
};

struct run_result {
	uint64_t	 ios;		/* completed in the measured window */
	uint64_t	 bytes;
	double		 seconds;	/* measured window (longest job) */
	double		 iops;		/* sum over jobs of ios / window */
	double		 bytes_per_s;	/* sum over jobs of bytes / window */
	double		 cpu_user;	/* seconds, all workers, window only */
	double		 cpu_sys;
	struct run_hist	 lat;		/* completion latency, ns */
	bool		 fixed_buffers;	/* registered buffers were used */
	bool		 fixed_files;
};

/* Called about 4 times a second from the calling thread while a run goes. */
typedef void (*run_engine_progress_fn)(void *arg, double elapsed,
    double total, uint64_t ios_so_far);

/*
 * Run spec against the test file f. 0 done; 1 stopped by run_engine_stop
 * (the result is incomplete: discard it); -1 with d filled (an io_uring
 * call, a CQE or a short transfer failed, naming the offset).
 */
int	 run_engine_run(const struct run_spec *spec, const struct run_file *f,
	    struct run_result *res, run_engine_progress_fn progress,
	    void *arg, struct diag *d);
/*
 * The buffer memory a run may use: RUN_ENGINE_MAX_BUFFERS, or half the
 * machine's memory when that is less.
 */
uint64_t run_engine_buffer_limit(void);
/* Ask every running job to stop at once. Async-signal-safe. */
void	 run_engine_stop(void);
/* True once run_engine_stop was called. */
bool	 run_engine_stopping(void);
/* "Random Read", "Sequential Write"... and fio's rw= name of rw. */
const char *run_engine_rw_title(enum run_rw rw);
const char *run_engine_rw_fio(enum run_rw rw);

#endif
