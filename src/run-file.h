/* SPDX-License-Identifier: ISC */
/*
 * The runner's test file: created new (O_EXCL) under the directory the user
 * named, fully allocated and written before anything reads it, and removed
 * afterwards. The runner writes to no other file, except a whole block
 * device the user named with `run --device ... --destructive` (checked by
 * run-target.c), which run_file_device opens exclusively and which
 * run_file_remove only closes.
 * Ownership: a run_file is caller storage; run_file_remove releases what
 * run_file_create acquired and may be called more than once.
 */
#ifndef BENCHREPORT_RUN_FILE_H
#define BENCHREPORT_RUN_FILE_H

#include <sys/types.h>

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"

/* Free space the runner keeps beyond the file: the larger of these. */
#define RUN_FILE_MARGIN_MIN	(64ull << 20)
#define RUN_FILE_MARGIN_DIV	20	/* 5 % of the file size */

struct run_file {
	char		*path;		/* NULL when there is no file */
	uint64_t	 size;		/* bytes */
	dev_t		 dev;		/* identity of the file we created */
	ino_t		 ino;
	bool		 device;	/* a block device: never unlinked */
	dev_t		 rdev;		/* its device number */
	int		 excl_fd;	/* held O_EXCL while the run uses it */
};

/*
 * Check that dir is a writable directory with room for size bytes plus the
 * margin, and (when direct) that its filesystem accepts O_DIRECT; create
 * "benchreport-run.PID.N" there, allocate and (when fill) write it whole
 * with pseudo-random data, then sync it. run_engine_stopping() is polled
 * so that Ctrl-C interrupts a long fill. 0, 1 when stopped (file removed), or -1 with d
 * filled (nothing left behind).
 */
int	 run_file_create(struct run_file *f, const char *dir, uint64_t size,
	    bool direct, bool fill, struct diag *d);
/*
 * Use the block device path, whose number is rdev (already checked by
 * run_target_check), as the test file: opened O_RDWR | O_EXCL (the
 * kernel refuses while it is mounted, swap or held) and kept open so
 * nothing claims it during the run; the first size bytes are used, or
 * all of it when size is 0, rounded down to whole units of align.
 * Nothing is written here. 0, or -1 with d filled.
 */
int	 run_file_device(struct run_file *f, const char *path, dev_t rdev,
	    uint64_t size, unsigned align, struct diag *d);
/*
 * Open the test file for I/O, checking it is still the file we created.
 * Returns the descriptor, or -1 with d filled.
 */
int	 run_file_open(const struct run_file *f, int flags, struct diag *d);
/* Drop the file's pages from the page cache (for buffered runs). */
void	 run_file_drop_cache(const struct run_file *f);
/*
 * Unlink the file if it exists, and forget it; a device is only closed.
 * Safe to call twice.
 */
void	 run_file_remove(struct run_file *f);
/*
 * Remove the test files an earlier run could not (killed by SIGKILL, a
 * crash, a power loss): the regular files "benchreport-run.PID.N" in dir
 * that belong to this user and whose process is gone. said(arg, path,
 * size) is called for each before it is removed. Returns how many were.
 */
unsigned run_file_sweep(const char *dir,
	    void (*said)(void *, const char *, uint64_t), void *arg);
/* Fill buf with pseudo-random bytes from *state (xorshift64). */
void	 run_file_random_fill(void *buf, size_t len, uint64_t *state);

#endif
