/* SPDX-License-Identifier: ISC */
/*
 * Whether the runner may write a block device (`run --device`): only a
 * whole device (not a partition), with a capacity, writable, with no
 * mounted filesystem on it or on any of its partitions, held by nothing
 * (device mapper, MD RAID, bcache: sysfs holders) and no swap on it.
 * Nothing here opens the device for writing; the checks read sysfs and
 * the mount and swap tables only, from the paths of a run_target_env, so
 * that tests can give a made-up tree.
 * Ownership: the env is borrowed; a run_target_verdict owns its text and
 * run_target_verdict_free releases it.
 */
#ifndef BENCHREPORT_RUN_TARGET_H
#define BENCHREPORT_RUN_TARGET_H

#include <sys/types.h>

#include <stdbool.h>
#include <stdint.h>

/* Where the checks read: the real system's, or a test's tree. */
struct run_target_env {
	const char	*sys_dev_block;	/* "/sys/dev/block": MAJ:MIN entries */
	const char	*mountinfo;	/* "/proc/self/mountinfo" */
	const char	*swaps;		/* "/proc/swaps" */
};

/* Why a device may not be written: each reason found, not the first. */
enum run_target_why {
	RUN_TARGET_PARTITION = 1 << 0,	/* a partition, not a whole device */
	RUN_TARGET_MOUNTED = 1 << 1,	/* it or a partition is mounted */
	RUN_TARGET_HELD = 1 << 2,	/* it or a partition has holders */
	RUN_TARGET_SWAP = 1 << 3,	/* it or a partition is swap */
	RUN_TARGET_READONLY = 1 << 4,	/* sysfs ro is 1 */
	RUN_TARGET_EMPTY = 1 << 5,	/* size 0: no medium, an unbound loop */
	RUN_TARGET_UNKNOWN = 1 << 6	/* not in sysfs: nothing can be checked */
};

struct run_target_verdict {
	unsigned	 why;		/* enum run_target_why bits; 0 = may write */
	char		*text;		/* "mounted on / (ext4); ..." or NULL */
	uint64_t	 bytes;		/* sysfs size x 512, when readable */
	char		*name;		/* kernel name, "vda", when known */
};

/* The running system's paths. */
extern const struct run_target_env run_target_system;

/*
 * Check the block device major:minor (named path by the user) against
 * env: fills v with every reason it may not be written, in words, and its
 * size and name. Returns v->why.
 */
unsigned run_target_check(const struct run_target_env *env, const char *path,
	    unsigned major, unsigned minor, struct run_target_verdict *v);
void	 run_target_verdict_free(struct run_target_verdict *v);

#endif
