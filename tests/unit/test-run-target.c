/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for run-target: the checks before `run --device` writes a
 * device, on a made-up sysfs tree, mount table and swap table in a
 * temporary directory (no device is opened): a whole idle disk passes; a
 * partition, a mounted disk, a disk with a mounted partition (by number
 * and by source), one held by a device built on it, one with swap on a
 * partition, a read-only and an empty one are refused, each with its
 * reason in words, and every reason of a disk with several is given.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run-target.h"
#include "tap.h"
#include "xalloc.h"

static char	 root[] = "/tmp/test-run-target.XXXXXX";

static void
put(const char *rel, const char *text)
{
	char	*path = xasprintf("%s/%s", root, rel), *slash;
	FILE	*fp;

	for (slash = strchr(path + strlen(root) + 1, '/'); slash != NULL;
	    slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		(void)mkdir(path, 0755);
		*slash = '/';
	}
	if (text != NULL && (fp = fopen(path, "w")) != NULL) {
		fputs(text, fp);
		fclose(fp);
	} else if (text == NULL)
		(void)mkdir(path, 0755);
	free(path);
}

/* A disk 8:N named NAME of 1 GiB, with optional partition 8:N+1. */
static void
disk(unsigned n, const char *name, bool part)
{
	char	*d = xasprintf("block/8:%u", n), *f, *v;

	f = xasprintf("%s/uevent", d);
	v = xasprintf("MAJOR=8\nMINOR=%u\nDEVNAME=%s\nDEVTYPE=disk\n", n, name);
	put(f, v);
	free(f);
	free(v);
	f = xasprintf("%s/size", d);
	put(f, "2097152\n");
	free(f);
	f = xasprintf("%s/ro", d);
	put(f, "0\n");
	free(f);
	f = xasprintf("%s/holders", d);
	put(f, NULL);
	free(f);
	if (part) {
		f = xasprintf("%s/%s1/partition", d, name);
		put(f, "1\n");
		free(f);
		f = xasprintf("%s/%s1/dev", d, name);
		v = xasprintf("8:%u\n", n + 1);
		put(f, v);
		free(f);
		free(v);
		f = xasprintf("%s/%s1/uevent", d, name);
		v = xasprintf("DEVNAME=%s1\nDEVTYPE=partition\n", name);
		put(f, v);
		free(f);
		free(v);
		f = xasprintf("%s/%s1/holders", d, name);
		put(f, NULL);
		free(f);
		/* The partition as its own entry, as /sys/dev/block has it. */
		f = xasprintf("block/8:%u/partition", n + 1);
		put(f, "1\n");
		free(f);
		f = xasprintf("block/8:%u/size", n + 1);
		put(f, "1000000\n");
		free(f);
		f = xasprintf("block/8:%u/uevent", n + 1);
		v = xasprintf("DEVNAME=%s1\n", name);
		put(f, v);
		free(f);
		free(v);
	}
	free(d);
}

static unsigned
check(unsigned n, const char *path, char **text)
{
	struct run_target_env		 env;
	struct run_target_verdict	 v;
	char				*b, *m, *s;
	unsigned			 why;

	b = xasprintf("%s/block", root);
	m = xasprintf("%s/mountinfo", root);
	s = xasprintf("%s/swaps", root);
	env.sys_dev_block = b;
	env.mountinfo = m;
	env.swaps = s;
	why = run_target_check(&env, path, 8, n, &v);
	*text = v.text != NULL ? xstrdup(v.text) : NULL;
	if (n == 0)
		is_str(v.name, "sda", "the kernel name is read");
	run_target_verdict_free(&v);
	free(b);
	free(m);
	free(s);
	return why;
}

int
main(void)
{
	char	*t, *cmd;

	if (mkdtemp(root) == NULL) {
		diag("mkdtemp failed");
		return 1;
	}
	disk(0, "sda", true);	/* idle */
	disk(16, "sdb", true);	/* its partition mounted, by number */
	disk(32, "sdc", false);	/* mounted whole, btrfs: by source */
	disk(48, "sdd", true);	/* its partition held by dm-0 */
	disk(64, "sde", true);	/* its partition is swap */
	disk(80, "sdf", false);	/* read-only and empty */
	put("block/8:48/sdd1/holders/dm-0", "");
	put("block/8:80/ro", "1\n");
	put("block/8:80/size", "0\n");
	put("mountinfo",
	    "22 1 0:21 / /proc rw - proc proc rw\n"
	    "30 1 8:17 / /data rw,relatime shared:1 - ext4 /dev/sdb1 rw\n"
	    "31 1 0:45 / /mnt/my\\040disk rw - btrfs /dev/sdc rw\n");
	put("swaps", "Filename\tType\tSize\tUsed\tPriority\n"
	    "/dev/sde1                               partition\t1024\t0\t-2\n");

	is_int(check(0, "/dev/sda", &t), 0, "an idle whole disk may be written");
	ok(t == NULL, "  with no reason given");
	free(t);
	is_int(check(1, "/dev/sda1", &t), RUN_TARGET_PARTITION, "a partition is refused");
	ok(t != NULL && strstr(t, "/dev/sda1 is a partition, not a whole device") != NULL,
	    "  and says so");
	free(t);
	is_int(check(16, "/dev/sdb", &t), RUN_TARGET_MOUNTED,
	    "a disk whose partition is mounted is refused");
	ok(t != NULL && strstr(t, "/dev/sdb1 is mounted on /data (ext4)") != NULL,
	    "  naming the partition and the mount point");
	free(t);
	is_int(check(32, "/dev/sdc", &t), RUN_TARGET_MOUNTED,
	    "a disk mounted with an anonymous number (btrfs) is refused by its source");
	ok(t != NULL && strstr(t, "mounted on /mnt/my disk (btrfs)") != NULL,
	    "  the mount point unescaped");
	free(t);
	is_int(check(48, "/dev/sdd", &t), RUN_TARGET_HELD,
	    "a disk whose partition is held is refused");
	ok(t != NULL && strstr(t, "sdd1 is held by dm-0") != NULL, "  naming the holder");
	free(t);
	is_int(check(64, "/dev/sde", &t), RUN_TARGET_SWAP,
	    "a disk with swap on a partition is refused");
	ok(t != NULL && strstr(t, "/dev/sde1 is in use as swap") != NULL, "  and says so");
	free(t);
	is_int(check(80, "/dev/sdf", &t), RUN_TARGET_READONLY | RUN_TARGET_EMPTY,
	    "a read-only, empty disk: both reasons");
	ok(t != NULL && strstr(t, "read-only; /dev/sdf has no capacity") != NULL,
	    "  both said, in order");
	free(t);
	is_int(check(96, "/dev/sdg", &t), RUN_TARGET_UNKNOWN,
	    "a device not in sysfs is refused: nothing can be checked");
	free(t);

	cmd = xasprintf("rm -rf '%s'", root);
	if (system(cmd) != 0)
		diag("could not remove %s", root);
	free(cmd);
	return tap_done();
}
