/* SPDX-License-Identifier: ISC */
/*
 * One piece of work run beside the caller in a child process, for jobs
 * that share nothing after they start (publish's PDF and its page). A
 * process rather than a thread: the child gets its own copy of pango's
 * and cairo's state, which are not safe to share between threads, and
 * nothing it does can disturb the parent's memory.
 * Where a child cannot be had (fork fails, the process already runs other
 * threads, or the platform is not Linux) the job runs at once, in
 * process, so the outcome is the same, only slower.
 * Ownership: the job structure is the caller's; bgjob_wait must be called
 * once for every bgjob_start, on every path.
 */
#ifndef BENCHREPORT_BGJOB_H
#define BENCHREPORT_BGJOB_H

#include <sys/types.h>

#include "diag.h"

/* The work: 0, or -1 with d. arg is borrowed. */
typedef int	(*bgjob_fn)(void *arg, struct diag *d);

struct bgjob {
	pid_t		pid;	/* child, or -1 when the job ran in process */
	int		fd;	/* read end of the child's report, or -1 */
	int		rc;	/* outcome when it ran in process */
	struct diag	diag;
};

/* Start fn(arg). Never fails: at worst fn has run when this returns. */
void	bgjob_start(struct bgjob *job, bgjob_fn fn, void *arg);
/* Wait for the job: 0, or -1 with d (its own message, or why it died). */
int	bgjob_wait(struct bgjob *job, struct diag *d);

#endif
