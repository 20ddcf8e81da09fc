/* SPDX-License-Identifier: ISC */
/*
 * The runner's I/O loop. Each job is a thread with its own io_uring ring
 * (single issuer, deferred task work when the kernel has it), the test
 * file and its buffers registered, iodepth I/Os kept in flight, and one
 * clock read per batch of completions rather than per I/O. It does not
 * create files (run-file.c does) nor build results (run-result.c does).
 */
#define _GNU_SOURCE	/* RUSAGE_THREAD */
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/uio.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <liburing.h>

#include "run-engine.h"
#include "xalloc.h"

#define NSEC		1000000000ull
#define PROGRESS_NS	250000000L	/* progress callback interval */
#define ENGINE_HUGE	(2u << 20)	/* huge page size on x86-64 and arm64 */

struct engine_worker {
	pthread_t		 thread;
	const struct run_spec	*spec;
	const struct run_file	*file;
	unsigned		 index;
	atomic_int		*ready;		/* workers set up (or failed) */
	atomic_int		*go;		/* 1 start, -1 give up */
	atomic_int		*done;		/* workers finished */
	atomic_uint_fast64_t	 live;		/* completions so far, ramp too */
	struct io_uring		 ring;
	bool			 ring_ok;
	int			 fd;
	int			 fd_index;	/* 0 when registered, else fd */
	unsigned char		*bufs;
	uint64_t		*stamp;		/* per slot: queued at, ns */
	uint64_t		*offset;	/* per slot: file offset */
	uint64_t		 rng;
	uint64_t		 seq_next;
	uint64_t		 queued_bytes;	/* size-based runs */
	uint64_t		 issued;	/* I/Os queued: the pace's count */
	unsigned		*parked;	/* paced: slots waiting for their time */
	unsigned		 nparked;
	/* results */
	uint64_t		 ios;
	uint64_t		 bytes;
	double			 seconds;
	double			 cpu_user;
	double			 cpu_sys;
	struct run_hist		*hist;
	bool			 fixed_buffers;
	bool			 fixed_files;
	int			 rc;		/* 0, 1 stopped, -1 error */
	struct diag		 d;
};

static atomic_int	 engine_stop_flag;
static const unsigned	 engine_batch = 8;	/* SQEs per submit, at most */

static uint64_t	 engine_now(void);
static double	 engine_tv(const struct timeval *tv);
static int	 engine_setup(struct engine_worker *w);
static int	 engine_queue(struct engine_worker *w, unsigned slot, uint64_t now);
static int	 engine_loop(struct engine_worker *w);
static uint64_t	 engine_due(const struct engine_worker *w, uint64_t t0);
static int	 engine_unpark(struct engine_worker *w, uint64_t t0,
		    unsigned *inflight);
static void	 engine_io_error(struct engine_worker *w, unsigned slot, int res);
static int	 engine_submit(struct engine_worker *w);
static void	 engine_account(struct engine_worker *w, uint64_t seconds_ns,
		    const struct rusage *ru0, const struct rusage *ru1);
static int	 engine_fsync(struct engine_worker *w);
static void	 engine_drain(struct engine_worker *w, unsigned inflight);
static void	*engine_worker_main(void *arg);

uint64_t
run_engine_buffer_limit(void)
{
	long		pages = sysconf(_SC_PHYS_PAGES), psize = sysconf(_SC_PAGESIZE);
	uint64_t	half;

	if (pages <= 0 || psize <= 0)
		return RUN_ENGINE_MAX_BUFFERS;
	half = (uint64_t)pages * (uint64_t)psize / 2;
	return half < RUN_ENGINE_MAX_BUFFERS ? half : RUN_ENGINE_MAX_BUFFERS;
}

void
run_engine_stop(void)
{
	atomic_store(&engine_stop_flag, 1);
}

bool
run_engine_stopping(void)
{
	return atomic_load_explicit(&engine_stop_flag, memory_order_relaxed) != 0;
}

const char *
run_engine_rw_title(enum run_rw rw)
{
	switch (rw) {
	case RUN_RW_READ:
		return "Sequential Read";
	case RUN_RW_WRITE:
		return "Sequential Write";
	case RUN_RW_RANDREAD:
		return "Random Read";
	default:
		return "Random Write";
	}
}

const char *
run_engine_rw_fio(enum run_rw rw)
{
	switch (rw) {
	case RUN_RW_READ:
		return "read";
	case RUN_RW_WRITE:
		return "write";
	case RUN_RW_RANDREAD:
		return "randread";
	default:
		return "randwrite";
	}
}

static uint64_t
engine_now(void)
{
	struct timespec	ts;

	/* CLOCK_MONOTONIC is served from the vDSO: no system call. */
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC + (uint64_t)ts.tv_nsec;
}

static double
engine_tv(const struct timeval *tv)
{
	return (double)tv->tv_sec + (double)tv->tv_usec / 1e6;
}

static int
engine_setup(struct engine_worker *w)
{
	const struct run_spec	*s = w->spec;
	struct io_uring_params	 p;
	struct iovec		*iov = NULL;
	static const unsigned	 flag_sets[] = {
		IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN,
		IORING_SETUP_COOP_TASKRUN,
		0
	};
	size_t			 total = (size_t)s->iodepth * s->bs, i, align;
	int			 flags, ret = -EINVAL;
	uint64_t		 seed;

	w->fd = -1;
	flags = (s->rw == RUN_RW_READ || s->rw == RUN_RW_RANDREAD) ?
	    O_RDONLY : O_WRONLY;
	if (s->direct)
		flags |= O_DIRECT;
	if ((w->fd = run_file_open(w->file, flags, &w->d)) == -1)
		return -1;
	/*
	 * 2 MiB alignment lets transparent huge pages back whole buffers: a
	 * registered buffer then maps to a few large segments, not one per
	 * 4 KiB page, and big I/Os are not split into many requests.
	 */
	align = total >= ENGINE_HUGE ? ENGINE_HUGE : 4096;
	if ((errno = posix_memalign((void **)&w->bufs, align, total)) != 0) {
		w->bufs = NULL;
		return diag_set(&w->d, w->file->path, 0, "cannot allocate "
		    "%zu bytes of I/O buffers: %s", total, strerror(errno));
	}
	if (align == ENGINE_HUGE)
		(void)madvise(w->bufs, total, MADV_HUGEPAGE);	/* a hint only */
	/*
	 * Random contents for writes, as fio writes by default (no zero-page
	 * shortcuts). Reads overwrite the buffers, so they are not filled:
	 * 32 x 2 MiB of random data cost more CPU than the I/O it served.
	 */
	seed = 0x2545f4914f6cdd1dull * (w->index + 1) ^ engine_now();
	if (s->zero)
		memset(w->bufs, 0, total);
	else if (s->rw == RUN_RW_WRITE || s->rw == RUN_RW_RANDWRITE)
		run_file_random_fill(w->bufs, total, &seed);
	w->rng = seed | 1;
	w->stamp = xcalloc(s->iodepth, sizeof(*w->stamp));
	w->parked = xcalloc(s->iodepth, sizeof(*w->parked));
	w->offset = xcalloc(s->iodepth, sizeof(*w->offset));
	for (i = 0; i < sizeof(flag_sets) / sizeof(flag_sets[0]); i++) {
		memset(&p, 0, sizeof(p));
		p.flags = flag_sets[i];
		if ((ret = io_uring_queue_init_params(s->iodepth, &w->ring, &p)) == 0)
			break;
		if (ret != -EINVAL)
			break;
	}
	if (ret < 0)
		return diag_set(&w->d, w->file->path, 0,
		    "io_uring_queue_init(%u): %s", s->iodepth, strerror(-ret));
	w->ring_ok = true;
	/* Saves a file-table lookup per io_uring_enter; optional. */
	(void)io_uring_register_ring_fd(&w->ring);
	if ((ret = io_uring_register_files(&w->ring, &w->fd, 1)) == 0) {
		w->fixed_files = true;
		w->fd_index = 0;
	} else
		w->fd_index = w->fd;
	iov = xcalloc(s->iodepth, sizeof(*iov));
	for (i = 0; i < s->iodepth; i++) {
		iov[i].iov_base = w->bufs + i * s->bs;
		iov[i].iov_len = s->bs;
	}
	/* Registered buffers spare a page pinning per I/O; fall back without. */
	if ((ret = io_uring_register_buffers(&w->ring, iov, s->iodepth)) == 0)
		w->fixed_buffers = true;
	free(iov);
	return 0;
}

static int
engine_queue(struct engine_worker *w, unsigned slot, uint64_t now)
{
	const struct run_spec	*s = w->spec;
	struct io_uring_sqe	*sqe;
	uint64_t		 off, nblocks = w->file->size / s->bs, x;
	void			*buf = w->bufs + (size_t)slot * s->bs;
	bool			 rd;
	int			 ret;

	if ((sqe = io_uring_get_sqe(&w->ring)) == NULL) {
		/* The SQ is as deep as the queue, so this is rare: flush it. */
		if ((ret = io_uring_submit(&w->ring)) < 0)
			return diag_set(&w->d, w->file->path, 0,
			    "io_uring_submit: %s", strerror(-ret));
		if ((sqe = io_uring_get_sqe(&w->ring)) == NULL)
			return diag_set(&w->d, w->file->path, 0,
			    "io_uring: no submission queue entry free");
	}
	switch (s->rw) {
	case RUN_RW_RANDREAD:
	case RUN_RW_RANDWRITE:
		/* xorshift64*: uniform over the blocks, no random map. */
		x = w->rng;
		x ^= x >> 12;
		x ^= x << 25;
		x ^= x >> 27;
		w->rng = x;
		off = ((x * 0x2545f4914f6cdd1dull) % nblocks) * s->bs;
		break;
	default:
		if (w->seq_next + s->bs > w->file->size)
			w->seq_next = 0;
		off = w->seq_next;
		w->seq_next += s->bs;
		break;
	}
	rd = s->rw == RUN_RW_READ || s->rw == RUN_RW_RANDREAD;
	if (w->fixed_buffers) {
		if (rd)
			io_uring_prep_read_fixed(sqe, w->fd_index, buf, s->bs,
			    off, (int)slot);
		else
			io_uring_prep_write_fixed(sqe, w->fd_index, buf, s->bs,
			    off, (int)slot);
	} else if (rd)
		io_uring_prep_read(sqe, w->fd_index, buf, s->bs, off);
	else
		io_uring_prep_write(sqe, w->fd_index, buf, s->bs, off);
	if (w->fixed_files)
		sqe->flags |= IOSQE_FIXED_FILE;
	io_uring_sqe_set_data64(sqe, slot);
	w->stamp[slot] = now;
	w->offset[slot] = off;
	w->queued_bytes += s->bs;
	w->issued++;
	return 0;
}

/* Reap what is still in flight after an error, so no I/O outlives its buffer. */
static void
engine_drain(struct engine_worker *w, unsigned inflight)
{
	struct io_uring_cqe		*cqe;
	struct __kernel_timespec	 ts = { .tv_sec = 5, .tv_nsec = 0 };

	while (inflight > 0) {
		if (io_uring_wait_cqe_timeout(&w->ring, &cqe, &ts) < 0)
			break;
		io_uring_cqe_seen(&w->ring, cqe);
		inflight--;
	}
}

static int
engine_loop(struct engine_worker *w)
{
	const struct run_spec	*s = w->spec;
	struct io_uring_cqe	*cqe;
	struct rusage		 ru0, ru1;
	uint64_t		 t0, now, mstart = 0, end = 0, live = 0;
	uint64_t		 ramp_ns = (uint64_t)(s->ramp * 1e9);
	uint64_t		 run_ns = (uint64_t)(s->runtime * 1e9);
	unsigned		 head, n, slot, inflight = 0, i, pending = 0;
	/*
	 * Completions to wait for per system call: 1/16 of the queue (2 at
	 * depth 32, 4 at 64, at most 4). Fewer wake-ups cost less CPU per
	 * I/O; the queue stays nearly full, and an I/O's latency is read when
	 * its batch is reaped, a few completions' gap late at most.
	 */
	unsigned		 wait_nr = s->iodepth < 16 ? 1 : s->iodepth >= 64 ?
	    4 : s->iodepth / 16;
	bool			 measuring, stopping = false, sized = s->total > 0;
	bool			 failed = false, interrupted = false;
	int			 ret;

	memset(&ru0, 0, sizeof(ru0));
	memset(&ru1, 0, sizeof(ru1));
	t0 = engine_now();
	measuring = sized || ramp_ns == 0;
	if (measuring) {
		mstart = t0;
		end = t0 + run_ns;
		getrusage(RUSAGE_THREAD, &ru0);
	}
	for (i = 0; i < s->iodepth; i++) {
		if (sized && w->queued_bytes >= s->total)
			break;
		if (engine_queue(w, i, t0) == -1)
			goto fail;
		inflight++;
	}
	while (inflight > 0 || (w->nparked > 0 && !stopping)) {
		/* Paced: start what is due, and sleep when nothing is in flight. */
		if (w->nparked > 0 && !stopping &&
		    engine_unpark(w, t0, &inflight) == -1) {
			failed = stopping = true;
			if (inflight == 0)
				break;
		}
		if (inflight == 0)
			continue;
		ret = io_uring_submit_and_wait(&w->ring, stopping ||
		    inflight < wait_nr || w->nparked > 0 ? 1 : wait_nr);
		pending = 0;
		if (ret < 0 && ret != -EINTR && ret != -EAGAIN && ret != -EBUSY) {
			diag_set(&w->d, w->file->path, 0,
			    "io_uring_submit_and_wait: %s", strerror(-ret));
			goto fail;
		}
		now = engine_now();
		n = 0;
		io_uring_for_each_cqe(&w->ring, head, cqe) {
			n++;
			slot = (unsigned)cqe->user_data;
			if (slot >= s->iodepth) {
				inflight--;
				continue;
			}
			if (cqe->res != (int)s->bs) {
				if (!failed)
					engine_io_error(w, slot, cqe->res);
				failed = stopping = true;
				inflight--;
				continue;
			}
			live++;
			if (measuring && (sized || now <= end)) {
				run_hist_add(w->hist, now - w->stamp[slot]);
				w->ios++;
			}
			if (stopping || (sized && w->queued_bytes >= s->total)) {
				inflight--;
				continue;
			}
			/* Paced and ahead of time: the slot waits its turn. */
			if (s->rate_iops > 0 && engine_due(w, t0) > now) {
				w->parked[w->nparked++] = slot;
				inflight--;
				continue;
			}
			if (engine_queue(w, slot, now) == -1) {
				failed = stopping = true;
				inflight--;
				continue;
			}
			/*
			 * Submit in small batches: a whole queue submitted at
			 * once tends to complete at once, and the device then
			 * idles while the batch is reaped (a convoy).
			 */
			if (++pending >= engine_batch) {
				if (engine_submit(w) == -1)
					failed = stopping = true;
				pending = 0;
			}
		}
		io_uring_cq_advance(&w->ring, n);
		atomic_store_explicit(&w->live, live, memory_order_relaxed);
		if (!measuring && now >= t0 + ramp_ns) {
			measuring = true;
			mstart = now;
			end = now + run_ns;
			getrusage(RUSAGE_THREAD, &ru0);
		} else if (measuring && !sized && !stopping && now >= end) {
			stopping = true;
			getrusage(RUSAGE_THREAD, &ru1);
		}
		if (!stopping && run_engine_stopping())
			stopping = interrupted = true;
	}
	if (failed)
		return -1;
	if (interrupted || (sized && run_engine_stopping()))
		return 1;
	if (sized) {
		if (s->fsync_end && engine_fsync(w) == -1)
			return -1;
		end = engine_now();
		getrusage(RUSAGE_THREAD, &ru1);
	}
	engine_account(w, end - mstart, &ru0, &ru1);
	return 0;
fail:
	engine_drain(w, inflight);
	return -1;
}

/* When the next I/O may start, paced at spec->rate_iops from t0 (ns). */
static uint64_t
engine_due(const struct engine_worker *w, uint64_t t0)
{
	return t0 + (uint64_t)((double)w->issued * 1e9 / w->spec->rate_iops);
}

/*
 * Queue the parked slots whose time has come, stamped when queued, so a
 * paced I/O's latency never includes its wait; with nothing in flight,
 * sleep until the next one is due. -1 with w->d on a queueing error.
 */
static int
engine_unpark(struct engine_worker *w, uint64_t t0, unsigned *inflight)
{
	struct timespec	ts;
	uint64_t	now = engine_now(), due;

	while (w->nparked > 0 && (due = engine_due(w, t0)) <= now) {
		if (engine_queue(w, w->parked[--w->nparked], now) == -1)
			return -1;
		(*inflight)++;
	}
	if (*inflight == 0 && w->nparked > 0) {
		due = engine_due(w, t0) - now;
		ts.tv_sec = (time_t)(due / 1000000000u);
		ts.tv_nsec = (long)(due % 1000000000u);
		nanosleep(&ts, NULL);
	}
	return 0;
}

/* The first failed I/O, as fio would name it: the one error reported. */
static void
engine_io_error(struct engine_worker *w, unsigned slot, int res)
{
	const struct run_spec	*s = w->spec;

	if (res < 0)
		diag_set(&w->d, w->file->path, 0, "%s of %u bytes at offset "
		    "%llu: %s", run_engine_rw_fio(s->rw), s->bs,
		    (unsigned long long)w->offset[slot], strerror(-res));
	else
		diag_set(&w->d, w->file->path, 0, "short %s at offset %llu: "
		    "%d of %u bytes", run_engine_rw_fio(s->rw),
		    (unsigned long long)w->offset[slot], res, s->bs);
}

/*
 * Submit what is queued. A full submission queue or an interrupted call
 * is no error: the next io_uring_submit_and_wait submits the rest.
 */
static int
engine_submit(struct engine_worker *w)
{
	int	ret;

	if ((ret = io_uring_submit(&w->ring)) < 0 && ret != -EAGAIN &&
	    ret != -EBUSY && ret != -EINTR) {
		diag_set(&w->d, w->file->path, 0, "io_uring_submit: %s",
		    strerror(-ret));
		return -1;
	}
	return 0;
}

/* The measured window's figures: its length, bytes and this thread's CPU. */
static void
engine_account(struct engine_worker *w, uint64_t seconds_ns,
    const struct rusage *ru0, const struct rusage *ru1)
{
	w->seconds = (double)seconds_ns / 1e9;
	w->bytes = w->ios * w->spec->bs;
	w->cpu_user = engine_tv(&ru1->ru_utime) - engine_tv(&ru0->ru_utime);
	w->cpu_sys = engine_tv(&ru1->ru_stime) - engine_tv(&ru0->ru_stime);
}

/* The dd profile's final fsync, through the ring like every other I/O. */
static int
engine_fsync(struct engine_worker *w)
{
	struct io_uring_sqe	*sqe;
	struct io_uring_cqe	*cqe;
	int			 ret;

	if ((sqe = io_uring_get_sqe(&w->ring)) == NULL)
		return diag_set(&w->d, w->file->path, 0,
		    "io_uring: no submission queue entry for fsync");
	io_uring_prep_fsync(sqe, w->fd_index, 0);
	if (w->fixed_files)
		sqe->flags |= IOSQE_FIXED_FILE;
	io_uring_sqe_set_data64(sqe, UINT64_MAX);
	do
		ret = io_uring_submit_and_wait(&w->ring, 1);
	while (ret == -EINTR);
	if (ret < 0)
		return diag_set(&w->d, w->file->path, 0,
		    "io_uring_submit_and_wait (fsync): %s", strerror(-ret));
	if ((ret = io_uring_wait_cqe(&w->ring, &cqe)) < 0)
		return diag_set(&w->d, w->file->path, 0,
		    "io_uring_wait_cqe (fsync): %s", strerror(-ret));
	ret = cqe->res;
	io_uring_cqe_seen(&w->ring, cqe);
	if (ret < 0)
		return diag_set(&w->d, w->file->path, 0, "fsync: %s",
		    strerror(-ret));
	return 0;
}

static void *
engine_worker_main(void *arg)
{
	struct engine_worker	*w = arg;
	struct timespec		 nap = { 0, 200000 };
	int			 setup, go;

	setup = engine_setup(w);
	atomic_fetch_add(w->ready, 1);
	/* Start together, so every ring sees the same device load. */
	while ((go = atomic_load(w->go)) == 0)
		nanosleep(&nap, NULL);
	if (setup == -1)
		w->rc = -1;
	else if (go == 1)
		w->rc = engine_loop(w);
	if (w->ring_ok)
		io_uring_queue_exit(&w->ring);
	if (w->fd != -1)
		close(w->fd);
	free(w->bufs);
	free(w->stamp);
	free(w->parked);
	free(w->offset);
	atomic_fetch_add(w->done, 1);
	return NULL;
}

int
run_engine_run(const struct run_spec *spec, const struct run_file *f,
    struct run_result *res, run_engine_progress_fn progress, void *arg,
    struct diag *d)
{
	struct engine_worker	*w = NULL;
	atomic_int		 ready = 0, go = 0, done = 0;
	sigset_t		 block, old;
	struct timespec		 nap = { 0, PROGRESS_NS };
	uint64_t		 t0, live;
	unsigned		 i, created = 0;
	double			 total;
	int			 rc = 0, err;

	memset(res, 0, sizeof(*res));
	run_hist_init(&res->lat);
	if (spec->bs == 0 || spec->iodepth == 0 || spec->jobs == 0 ||
	    f->size < spec->bs)
		return diag_set(d, f->path, 0, "invalid job: bs %u, iodepth %u, "
		    "jobs %u, file %llu bytes", spec->bs, spec->iodepth,
		    spec->jobs, (unsigned long long)f->size);
	if ((uint64_t)spec->jobs * spec->iodepth * spec->bs >
	    run_engine_buffer_limit())
		return diag_set(d, f->path, 0, "jobs x iodepth x block size "
		    "exceeds the %llu MiB buffer limit",
		    (unsigned long long)(run_engine_buffer_limit() >> 20));
	if (!spec->direct && spec->total == 0)
		run_file_drop_cache(f);	/* as fio's invalidate=1 */
	w = xcalloc(spec->jobs, sizeof(*w));
	/* Workers never take Ctrl-C: the calling thread handles it. */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	for (i = 0; i < spec->jobs; i++) {
		w[i].spec = spec;
		w[i].file = f;
		w[i].index = i;
		w[i].ready = &ready;
		w[i].go = &go;
		w[i].done = &done;
		w[i].hist = xmalloc(sizeof(*w[i].hist));
		run_hist_init(w[i].hist);
		if ((err = pthread_create(&w[i].thread, NULL, engine_worker_main,
		    &w[i])) != 0) {
			diag_set(d, f->path, 0, "pthread_create: %s",
			    strerror(err));
			rc = -1;
			break;
		}
		created++;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	while (atomic_load(&ready) < (int)created)
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	atomic_store(&go, rc == 0 ? 1 : -1);
	t0 = engine_now();
	total = spec->total > 0 ? 0 : spec->ramp + spec->runtime;
	while (atomic_load(&done) < (int)created) {
		nanosleep(&nap, NULL);
		if (progress != NULL) {
			live = 0;
			for (i = 0; i < created; i++)
				live += atomic_load_explicit(&w[i].live,
				    memory_order_relaxed);
			progress(arg, (double)(engine_now() - t0) / 1e9, total,
			    live);
		}
	}
	for (i = 0; i < created; i++)
		pthread_join(w[i].thread, NULL);
	for (i = 0; i < created && rc == 0; i++)
		if (w[i].rc == -1) {
			*d = w[i].d;
			rc = -1;
		}
	for (i = 0; i < created && rc == 0; i++)
		if (w[i].rc == 1)
			rc = 1;
	if (rc == 0) {
		res->fixed_buffers = res->fixed_files = true;
		for (i = 0; i < created; i++) {
			res->ios += w[i].ios;
			res->bytes += w[i].bytes;
			if (w[i].seconds > res->seconds)
				res->seconds = w[i].seconds;
			if (w[i].seconds > 0) {
				res->iops += (double)w[i].ios / w[i].seconds;
				res->bytes_per_s += (double)w[i].bytes /
				    w[i].seconds;
			}
			res->cpu_user += w[i].cpu_user;
			res->cpu_sys += w[i].cpu_sys;
			run_hist_merge(&res->lat, w[i].hist);
			res->fixed_buffers &= w[i].fixed_buffers;
			res->fixed_files &= w[i].fixed_files;
		}
	}
	for (i = 0; i < spec->jobs; i++)
		free(w[i].hist);
	free(w);
	return rc;
}
