/* SPDX-License-Identifier: ISC */
/*
 * Describing the machine the runner measures: CPU, memory, kernel, OS, and
 * the filesystem, mount options, block device, scheduler and RAID level
 * under the test directory, as raw fields/notes (PTS labels) and as
 * normalised facts with provenance "detected".
 * Ownership: run_mount strings are owned by the struct (run_sysinfo_mount_free);
 * run_sysinfo_describe fills a caller-owned system.
 */
#ifndef BENCHREPORT_RUN_SYSINFO_H
#define BENCHREPORT_RUN_SYSINFO_H

#include "diag.h"
#include "model.h"

/* The mount that holds a path, from /proc/self/mountinfo. */
struct run_mount {
	char		*mountpoint;
	char		*fstype;	/* "ext4", "tmpfs" */
	char		*source;	/* "/dev/vda" */
	char		*options;	/* mount and superblock options, sorted */
	unsigned	 major;		/* st_dev of the mount */
	unsigned	 minor;
};

/* Find the mount of path. 0, or -1 with d filled. */
int	 run_sysinfo_mount(const char *path, struct run_mount *m, struct diag *d);
/* Release the strings of m; a zeroed m is fine. */
void	 run_sysinfo_mount_free(struct run_mount *m);
/*
 * Fill sys->fields (Processor, Memory, Disk, OS, Kernel, File-System),
 * sys->notes (disk-scheduler, disk-mount-options, disk-details, raid) and
 * the detected facts into *facts (to overlay on the normalised ones).
 * What cannot be read is left out, never guessed. dir may be a block
 * device (run --device): then its disk, and no filesystem.
 */
void	 run_sysinfo_describe(struct system *sys, struct fact_list *facts,
	    const char *dir);
/*
 * A field of /proc/self/mountinfo or /proc/swaps with the kernel's \ooo
 * escapes (space, tab, newline, backslash) turned back into bytes; a new
 * string.
 */
char	*run_sysinfo_unescape(const char *s);
/* First line of a small file, trimmed; NULL when unreadable or empty. */
char	*run_sysinfo_line(const char *path);
/* Keys of facts that only fill a gap (meta's canonical form wins). */
int	 run_sysinfo_fact_is_soft(const char *key);

#endif
