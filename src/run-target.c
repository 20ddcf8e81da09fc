/* SPDX-License-Identifier: ISC */
/*
 * The checks before the runner writes a block device. A device is known
 * by its major:minor; its partitions are the sysfs entries under it that
 * have a "partition" file, and a mount or swap counts when its device
 * number or its source names the device or one of its partitions (btrfs
 * and others show an anonymous device number in mountinfo, so the source
 * is read too). Every reason is collected, so the refusal says all.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run-sysinfo.h"
#include "run-target.h"
#include "xalloc.h"

#define TARGET_MAXDEVS	256	/* the device and its partitions */

const struct run_target_env run_target_system = {
	"/sys/dev/block", "/proc/self/mountinfo", "/proc/swaps"
};

/* The device and its partitions: numbers and kernel names. */
struct target_set {
	unsigned	 major[TARGET_MAXDEVS], minor[TARGET_MAXDEVS];
	char		*name[TARGET_MAXDEVS];
	char		*dir[TARGET_MAXDEVS];	/* sysfs directory */
	size_t		 n;
};

static char	*target_name(const char *dir);
static void	 target_add(struct target_set *set, unsigned maj, unsigned mnr,
		    char *name, char *dir);
static void	 target_partitions(struct target_set *set, const char *dir);
static bool	 target_member(const struct target_set *set, unsigned maj,
		    unsigned mnr, const char *source);
static void	 target_holders(const struct target_set *set, char **text);
static void	 target_mounts(const struct run_target_env *env,
		    const struct target_set *set, char **text);
static void	 target_swaps(const struct run_target_env *env,
		    const struct target_set *set, char **text);
static void	 target_say(char **text, char *s);

/* The kernel name of a sysfs block directory: uevent's DEVNAME, else its base name. */
static char *
target_name(const char *dir)
{
	FILE	*fp;
	char	*path, buf[512], link[PATH_MAX], *base;
	size_t	 n;
	ssize_t	 len;

	path = xasprintf("%s/uevent", dir);
	fp = fopen(path, "re");
	free(path);
	if (fp != NULL) {
		while (fgets(buf, sizeof(buf), fp) != NULL) {
			if (strncmp(buf, "DEVNAME=", 8) != 0)
				continue;
			n = strlen(buf);
			while (n > 0 && isspace((unsigned char)buf[n - 1]))
				buf[--n] = '\0';
			fclose(fp);
			return xstrdup(buf + 8);
		}
		fclose(fp);
	}
	if ((len = readlink(dir, link, sizeof(link) - 1)) > 0) {
		link[len] = '\0';
		base = strrchr(link, '/');
		return xstrdup(base != NULL ? base + 1 : link);
	}
	base = strrchr(dir, '/');
	return xstrdup(base != NULL ? base + 1 : dir);
}

static void
target_add(struct target_set *set, unsigned maj, unsigned mnr, char *name,
    char *dir)
{
	if (set->n == TARGET_MAXDEVS) {
		free(name);
		free(dir);
		return;
	}
	set->major[set->n] = maj;
	set->minor[set->n] = mnr;
	set->name[set->n] = name;
	set->dir[set->n++] = dir;
}

/* The partitions of the whole device whose sysfs directory is dir. */
static void
target_partitions(struct target_set *set, const char *dir)
{
	DIR		*dp;
	struct dirent	*de;
	char		*sub, *path, *dev;
	unsigned	 maj, mnr;

	if ((dp = opendir(dir)) == NULL)
		return;
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		sub = xasprintf("%s/%s", dir, de->d_name);
		path = xasprintf("%s/partition", sub);
		dev = access(path, F_OK) == 0 ? xasprintf("%s/dev", sub) : NULL;
		free(path);
		if (dev != NULL && (path = run_sysinfo_line(dev)) != NULL &&
		    sscanf(path, "%u:%u", &maj, &mnr) == 2) {
			target_add(set, maj, mnr, target_name(sub), sub);
			sub = NULL;
		}
		if (dev != NULL)
			free(path);
		free(dev);
		free(sub);
	}
	closedir(dp);
}

/*
 * Whether maj:mnr, or the path source (a mount's or a swap's), is the
 * device or one of its partitions.
 */
static bool
target_member(const struct target_set *set, unsigned maj, unsigned mnr,
    const char *source)
{
	struct stat	st;
	size_t		i;
	char		dev[PATH_MAX];

	for (i = 0; i < set->n; i++) {
		if (set->major[i] == maj && set->minor[i] == mnr)
			return true;
		snprintf(dev, sizeof(dev), "/dev/%s", set->name[i]);
		if (source != NULL && strcmp(source, dev) == 0)
			return true;
	}
	if (source == NULL || source[0] != '/' || stat(source, &st) == -1 ||
	    !S_ISBLK(st.st_mode))
		return false;
	for (i = 0; i < set->n; i++)
		if (major(st.st_rdev) == set->major[i] &&
		    minor(st.st_rdev) == set->minor[i])
			return true;
	return false;
}

/* Append the reason s (taken over) to *text, "; " between reasons. */
static void
target_say(char **text, char *s)
{
	char	*t;

	if (*text == NULL)
		*text = s;
	else {
		t = xasprintf("%s; %s", *text, s);
		free(s);
		free(*text);
		*text = t;
	}
}

/* sysfs holders: device mapper, MD RAID, bcache and the like built on it. */
static void
target_holders(const struct target_set *set, char **text)
{
	DIR		*dp;
	struct dirent	*de;
	char		*path;
	size_t		 i;

	for (i = 0; i < set->n; i++) {
		path = xasprintf("%s/holders", set->dir[i]);
		dp = opendir(path);
		free(path);
		if (dp == NULL)
			continue;
		while ((de = readdir(dp)) != NULL)
			if (de->d_name[0] != '.')
				target_say(text, xasprintf("%s is held by %s (a device "
				    "built on it)", set->name[i], de->d_name));
		closedir(dp);
	}
}

/*
 * mountinfo: "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] -
 * FSTYPE SOURCE SUPEROPTIONS".
 */
static void
target_mounts(const struct run_target_env *env, const struct target_set *set,
    char **text)
{
	FILE		*fp;
	char		*line = NULL, *dash, *f[6], *save, *fstype, *source;
	char		*mnt, *src;
	size_t		 cap = 0, k;
	unsigned	 maj, mnr;

	if ((fp = fopen(env->mountinfo, "re")) == NULL) {
		target_say(text, xasprintf("cannot read %s to check for mounts",
		    env->mountinfo));
		return;
	}
	while (getline(&line, &cap, fp) != -1) {
		if ((dash = strstr(line, " - ")) == NULL)
			continue;
		*dash = '\0';
		save = NULL;
		for (k = 0; k < 5; k++)
			if ((f[k] = strtok_r(k == 0 ? line : NULL, " ", &save)) ==
			    NULL)
				break;
		if (k < 5 || sscanf(f[2], "%u:%u", &maj, &mnr) != 2)
			continue;
		save = NULL;
		fstype = strtok_r(dash + 3, " \n", &save);
		source = fstype != NULL ? strtok_r(NULL, " \n", &save) : NULL;
		src = source != NULL ? run_sysinfo_unescape(source) : NULL;
		if (target_member(set, maj, mnr, src)) {
			mnt = run_sysinfo_unescape(f[4]);
			target_say(text, xasprintf("%s is mounted on %s (%s)",
			    src != NULL ? src : f[2], mnt,
			    fstype != NULL ? fstype : "?"));
			free(mnt);
		}
		free(src);
	}
	free(line);
	fclose(fp);
}

/* /proc/swaps: a header, then "FILENAME TYPE SIZE USED PRIORITY". */
static void
target_swaps(const struct run_target_env *env, const struct target_set *set,
    char **text)
{
	FILE	*fp;
	char	*line = NULL, *name, *save, *path;
	size_t	 cap = 0;
	bool	 first = true;

	if ((fp = fopen(env->swaps, "re")) == NULL)
		return;		/* a kernel without swap support has none */
	while (getline(&line, &cap, fp) != -1) {
		if (first) {
			first = false;
			continue;
		}
		save = NULL;
		if ((name = strtok_r(line, " \t\n", &save)) == NULL)
			continue;
		path = run_sysinfo_unescape(name);
		if (target_member(set, UINT_MAX, UINT_MAX, path))
			target_say(text, xasprintf("%s is in use as swap", path));
		free(path);
	}
	free(line);
	fclose(fp);
}

unsigned
run_target_check(const struct run_target_env *env, const char *path,
    unsigned maj, unsigned mnr, struct run_target_verdict *v)
{
	struct target_set	 set;
	char			*dir, *p, *s, *text = NULL;
	unsigned long long	 sectors;
	size_t			 i;

	memset(v, 0, sizeof(*v));
	memset(&set, 0, sizeof(set));
	dir = xasprintf("%s/%u:%u", env->sys_dev_block, maj, mnr);
	if (access(dir, F_OK) == -1) {
		v->why = RUN_TARGET_UNKNOWN;
		v->text = xasprintf("block device %u:%u is not in %s, so "
		    "nothing about it can be checked", maj, mnr,
		    env->sys_dev_block);
		free(dir);
		return v->why;
	}
	v->name = target_name(dir);
	p = xasprintf("%s/partition", dir);
	if (access(p, F_OK) == 0) {
		v->why |= RUN_TARGET_PARTITION;
		target_say(&text, xasprintf("%s is a partition, not a whole device "
		    "(preconditioning conditions a whole drive)", path));
	}
	free(p);
	p = xasprintf("%s/ro", dir);
	if ((s = run_sysinfo_line(p)) != NULL && strcmp(s, "1") == 0) {
		v->why |= RUN_TARGET_READONLY;
		target_say(&text, xasprintf("%s is read-only", path));
	}
	free(s);
	free(p);
	p = xasprintf("%s/size", dir);
	if ((s = run_sysinfo_line(p)) != NULL && sscanf(s, "%llu", &sectors) == 1)
		v->bytes = (uint64_t)sectors * 512;
	if (v->bytes == 0) {
		v->why |= RUN_TARGET_EMPTY;
		target_say(&text, xasprintf("%s has no capacity (size 0: no medium, or "
		    "an unattached loop device)", path));
	}
	free(s);
	free(p);
	/* The device itself, then its partitions (none for a partition). */
	target_add(&set, maj, mnr, xstrdup(v->name), dir);
	if (!(v->why & RUN_TARGET_PARTITION))
		target_partitions(&set, set.dir[0]);
	s = NULL;
	target_mounts(env, &set, &s);
	if (s != NULL) {
		v->why |= RUN_TARGET_MOUNTED;
		target_say(&text, s);
		s = NULL;
	}
	target_holders(&set, &s);
	if (s != NULL) {
		v->why |= RUN_TARGET_HELD;
		target_say(&text, s);
		s = NULL;
	}
	target_swaps(env, &set, &s);
	if (s != NULL) {
		v->why |= RUN_TARGET_SWAP;
		target_say(&text, s);
	}
	for (i = 0; i < set.n; i++) {
		free(set.name[i]);
		free(set.dir[i]);
	}
	v->text = text;
	return v->why;
}

void
run_target_verdict_free(struct run_target_verdict *v)
{
	if (v == NULL)
		return;
	free(v->text);
	free(v->name);
	memset(v, 0, sizeof(*v));
}
