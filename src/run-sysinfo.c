/* SPDX-License-Identifier: ISC */
/*
 * What the runner knows of the system under test, read from /proc, /sys,
 * uname(2), statfs(2) and /etc/os-release. It only reads; it never runs
 * other programs and never guesses: a value it cannot read stays absent.
 * Labels follow PTS (fields "Processor", notes "disk-scheduler") so the
 * normalisation rules for imported results apply unchanged.
 */
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "run-sysinfo.h"
#include "strbuf.h"
#include "xalloc.h"

#define DETECTED	"detected"

static int	 sysinfo_cmp_str(const void *, const void *);
static char	*sysinfo_join_options(const char *a, const char *b);
static void	 sysinfo_cpu(struct system *, struct fact_list *);
static void	 sysinfo_memory(struct system *, struct fact_list *);
static void	 sysinfo_kernel(struct system *, struct fact_list *);
static void	 sysinfo_os(struct system *, struct fact_list *);
static char	*sysinfo_disk_name(unsigned major, unsigned minor);
static void	 sysinfo_disk(struct system *, struct fact_list *,
		    const struct run_mount *);
static char	*sysinfo_btrfs_profile(const char *part);
static void	 sysinfo_fact_int(struct fact_list *, const char *, long long);

char *
run_sysinfo_line(const char *path)
{
	FILE	*fp;
	char	 buf[512];
	size_t	 n;

	if ((fp = fopen(path, "re")) == NULL)
		return NULL;
	if (fgets(buf, sizeof(buf), fp) == NULL) {
		fclose(fp);
		return NULL;
	}
	fclose(fp);
	n = strlen(buf);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return n > 0 ? xstrdup(buf) : NULL;
}

char *
run_sysinfo_unescape(const char *s)
{
	char	*out = xmalloc(strlen(s) + 1), *o = out;

	while (*s != '\0') {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*o++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
			    (s[3] - '0'));
			s += 4;
		} else
			*o++ = *s++;
	}
	*o = '\0';
	return out;
}

static int
sysinfo_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Union of two comma lists, sorted, without repeats (as PTS shows them). */
static char *
sysinfo_join_options(const char *a, const char *b)
{
	struct str_list	 l = { 0 };
	struct strbuf	 sb;
	char		*all, *tok, *save = NULL;
	size_t		 i;

	all = xasprintf("%s,%s", a, b);
	for (tok = strtok_r(all, ",", &save); tok != NULL;
	    tok = strtok_r(NULL, ",", &save))
		str_list_add(&l, tok);
	free(all);
	if (l.len > 0)
		qsort(l.items, l.len, sizeof(*l.items), sysinfo_cmp_str);
	strbuf_init(&sb);
	for (i = 0; i < l.len; i++) {
		if (i > 0 && strcmp(l.items[i], l.items[i - 1]) == 0)
			continue;
		if (sb.len > 0)
			strbuf_addc(&sb, ',');
		strbuf_adds(&sb, l.items[i]);
	}
	str_list_free(&l);
	return strbuf_detach(&sb);
}

int
run_sysinfo_mount(const char *path, struct run_mount *m, struct diag *d)
{
	struct stat	 st;
	FILE		*fp = NULL;
	char		*line = NULL, *f[12], *p, *save, *sep;
	size_t		 cap = 0;
	unsigned	 maj, mnr;
	int		 nf, rc = -1;

	memset(m, 0, sizeof(*m));
	if (stat(path, &st) == -1) {
		diag_set(d, path, 0, "%s", strerror(errno));
		goto out;
	}
	if ((fp = fopen("/proc/self/mountinfo", "re")) == NULL) {
		diag_set(d, "/proc/self/mountinfo", 0, "%s", strerror(errno));
		goto out;
	}
	/* The last matching line wins: later mounts cover earlier ones. */
	while (getline(&line, &cap, fp) != -1) {
		line[strcspn(line, "\n")] = '\0';
		if ((sep = strstr(line, " - ")) == NULL)
			continue;
		*sep = '\0';
		nf = 0;
		for (p = strtok_r(line, " ", &save); p != NULL && nf < 6;
		    p = strtok_r(NULL, " ", &save))
			f[nf++] = p;
		for (p = strtok_r(sep + 3, " ", &save); p != NULL && nf < 9;
		    p = strtok_r(NULL, " ", &save))
			f[nf++] = p;
		if (nf < 9 || sscanf(f[2], "%u:%u", &maj, &mnr) != 2)
			continue;
		if (maj != major(st.st_dev) || mnr != minor(st.st_dev))
			continue;
		run_sysinfo_mount_free(m);
		m->mountpoint = run_sysinfo_unescape(f[4]);
		m->fstype = run_sysinfo_unescape(f[6]);
		m->source = run_sysinfo_unescape(f[7]);
		m->options = sysinfo_join_options(f[5], f[8]);
		m->major = maj;
		m->minor = mnr;
	}
	if (m->fstype == NULL) {
		diag_set(d, path, 0, "no entry for its device %u:%u in "
		    "/proc/self/mountinfo", major(st.st_dev), minor(st.st_dev));
		goto out;
	}
	rc = 0;
out:
	free(line);
	if (fp != NULL)
		fclose(fp);
	return rc;
}

void
run_sysinfo_mount_free(struct run_mount *m)
{
	free(m->mountpoint);
	free(m->fstype);
	free(m->source);
	free(m->options);
	memset(m, 0, sizeof(*m));
}

static void
sysinfo_fact_int(struct fact_list *facts, const char *key, long long v)
{
	char	buf[32];

	snprintf(buf, sizeof(buf), "%lld", v);
	fact_list_set(facts, key, buf, DETECTED);
}

static void
sysinfo_cpu(struct system *sys, struct fact_list *facts)
{
	FILE		*fp;
	char		*line = NULL, *model = NULL, *vendor = NULL, *v, *s;
	size_t		 cap = 0, i;
	long		 threads = 0, phys = -1, core = -1;
	struct str_list	 cores = { 0 };
	char		 key[64];
	bool		 dup;

	if ((fp = fopen("/proc/cpuinfo", "re")) == NULL)
		return;
	while (getline(&line, &cap, fp) != -1) {
		line[strcspn(line, "\n")] = '\0';
		if ((v = strchr(line, ':')) == NULL)
			continue;
		*v++ = '\0';
		while (*v == ' ')
			v++;
		for (s = line + strlen(line); s > line && isspace((unsigned char)s[-1]); )
			*--s = '\0';
		if (strcmp(line, "processor") == 0)
			threads++;
		else if (strcmp(line, "model name") == 0 && model == NULL)
			model = xstrdup(v);
		else if (strcmp(line, "vendor_id") == 0 && vendor == NULL)
			vendor = xstrdup(v);
		else if (strcmp(line, "physical id") == 0)
			phys = atol(v);
		else if (strcmp(line, "core id") == 0) {
			core = atol(v);
			snprintf(key, sizeof(key), "%ld:%ld", phys, core);
			dup = false;
			for (i = 0; i < cores.len; i++)
				if (strcmp(cores.items[i], key) == 0)
					dup = true;
			if (!dup)
				str_list_add(&cores, key);
		}
	}
	free(line);
	fclose(fp);
	if (model != NULL) {
		/* PTS style: "AMD EPYC (2 Cores / 2 Threads)". */
		if (threads > 0) {
			char *field = xasprintf("%s (%zu Core%s / %ld Thread%s)",
			    model, cores.len > 0 ? cores.len : (size_t)threads,
			    (cores.len > 0 ? cores.len : (size_t)threads) == 1 ? "" : "s",
			    threads, threads == 1 ? "" : "s");
			kv_list_set(&sys->fields, "Processor", field);
			free(field);
		} else
			kv_list_set(&sys->fields, "Processor", model);
		fact_list_set(facts, "cpu_model", model, DETECTED);
	}
	if (vendor != NULL) {
		if (strcmp(vendor, "AuthenticAMD") == 0)
			fact_list_set(facts, "cpu_vendor", "AMD", DETECTED);
		else if (strcmp(vendor, "GenuineIntel") == 0)
			fact_list_set(facts, "cpu_vendor", "Intel", DETECTED);
	}
	if (threads > 0) {
		sysinfo_fact_int(facts, "cpu_threads", threads);
		sysinfo_fact_int(facts, "cpu_cores",
		    cores.len > 0 ? (long long)cores.len : threads);
	}
	free(model);
	free(vendor);
	str_list_free(&cores);
	if ((v = run_sysinfo_line(
	    "/sys/devices/system/cpu/cpu0/cpufreq/cpuinfo_max_freq")) != NULL) {
		sysinfo_fact_int(facts, "cpu_max_mhz", atoll(v) / 1000);
		free(v);
	}
	if ((v = run_sysinfo_line(
	    "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")) != NULL) {
		fact_list_set(facts, "cpu_governor", v, DETECTED);
		kv_list_set(&sys->notes, "cpu-scaling-governor", v);
		free(v);
	}
}

static void
sysinfo_memory(struct system *sys, struct fact_list *facts)
{
	FILE		*fp;
	char		 line[256], buf[64];
	unsigned long long kb = 0;

	if ((fp = fopen("/proc/meminfo", "re")) == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "MemTotal: %llu kB", &kb) == 1)
			break;
	fclose(fp);
	if (kb == 0)
		return;
	snprintf(buf, sizeof(buf), "%lluMB", kb / 1024);
	kv_list_set(&sys->fields, "Memory", buf);
	sysinfo_fact_int(facts, "memory_mb", (long long)(kb / 1024));
}

static void
sysinfo_kernel(struct system *sys, struct fact_list *facts)
{
	struct utsname	 u;
	char		*field, *ver;
	size_t		 n;

	if (uname(&u) == -1)
		return;
	field = xasprintf("%s (%s)", u.release, u.machine);
	kv_list_set(&sys->fields, "Kernel", field);
	free(field);
	/* "6.1.0-31-amd64" -> "6.1.0": digits and dots only. */
	n = strspn(u.release, "0123456789.");
	while (n > 0 && u.release[n - 1] == '.')
		n--;
	if (n > 0) {
		ver = xstrndup(u.release, n);
		fact_list_set(facts, "kernel_version", ver, DETECTED);
		free(ver);
	}
	if (u.release[n] == '-' && u.release[n + 1] != '\0')
		fact_list_set(facts, "kernel_flavour", u.release + n + 1, DETECTED);
	kv_list_set(&sys->meta, "Hostname", u.nodename);
}

static void
sysinfo_os(struct system *sys, struct fact_list *facts)
{
	FILE	*fp;
	char	 line[512], *v, *name = NULL, *version = NULL, *g, *field;
	size_t	 n;

	if ((fp = fopen("/etc/os-release", "re")) == NULL &&
	    (fp = fopen("/usr/lib/os-release", "re")) == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if ((v = strchr(line, '=')) == NULL)
			continue;
		*v++ = '\0';
		n = strlen(v);
		if (n >= 2 && (v[0] == '"' || v[0] == '\'') && v[n - 1] == v[0]) {
			v[n - 1] = '\0';
			v++;
		}
		if (strcmp(line, "NAME") == 0 && name == NULL)
			name = xstrdup(v);
		else if (strcmp(line, "VERSION_ID") == 0 && version == NULL)
			version = xstrdup(v);
	}
	fclose(fp);
	if (name != NULL) {
		/* PTS shows "Debian 12", not "Debian GNU/Linux 12". */
		if ((g = strstr(name, " GNU/Linux")) != NULL)
			memmove(g, g + 10, strlen(g + 10) + 1);
		field = version != NULL ? xasprintf("%s %s", name, version) :
		    xstrdup(name);
		kv_list_set(&sys->fields, "OS", field);
		free(field);
		fact_list_set(facts, "os_name", name, DETECTED);
	}
	if (version != NULL)
		fact_list_set(facts, "os_version", version, DETECTED);
	free(name);
	free(version);
}

/* The whole-disk name ("vda", "nvme0n1", "md0") of a device number. */
static char *
sysinfo_disk_name(unsigned maj, unsigned mnr)
{
	char	 link[PATH_MAX], path[64], *base, *slash, *r = NULL;
	ssize_t	 n;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u", maj, mnr);
	if ((n = readlink(path, link, sizeof(link) - 1)) == -1)
		return NULL;
	link[n] = '\0';
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/partition", maj, mnr);
	if (access(path, F_OK) == 0 && (slash = strrchr(link, '/')) != NULL)
		*slash = '\0';	/* a partition: its parent is the disk */
	base = strrchr(link, '/');
	r = xstrdup(base != NULL ? base + 1 : link);
	return r;
}

/* btrfs data profile ("raid1", "single") of the filesystem on partition part. */
static char *
sysinfo_btrfs_profile(const char *part)
{
	DIR		*fs = NULL, *alloc = NULL;
	struct dirent	*e, *a;
	char		 path[PATH_MAX], *r = NULL;

	if ((fs = opendir("/sys/fs/btrfs")) == NULL)
		return NULL;
	while (r == NULL && (e = readdir(fs)) != NULL) {
		if (e->d_name[0] == '.' || strcmp(e->d_name, "features") == 0)
			continue;
		snprintf(path, sizeof(path), "/sys/fs/btrfs/%s/devices/%s",
		    e->d_name, part);
		if (access(path, F_OK) != 0)
			continue;
		snprintf(path, sizeof(path), "/sys/fs/btrfs/%s/allocation/data",
		    e->d_name);
		if ((alloc = opendir(path)) == NULL)
			break;
		while ((a = readdir(alloc)) != NULL) {
			if (strcmp(a->d_name, "single") == 0 ||
			    strcmp(a->d_name, "dup") == 0 ||
			    strncmp(a->d_name, "raid", 4) == 0) {
				r = xstrdup(a->d_name);
				break;
			}
		}
		closedir(alloc);
	}
	closedir(fs);
	return r;
}

static void
sysinfo_disk(struct system *sys, struct fact_list *facts,
    const struct run_mount *m)
{
	char		 path[PATH_MAX], *disk = NULL, *model = NULL, *v;
	char		*sched = NULL, *level = NULL, *field, *s, *e;
	unsigned long long sectors = 0;
	struct json_object *list;
	size_t		 i;

	if ((disk = sysinfo_disk_name(m->major, m->minor)) == NULL)
		return;
	snprintf(path, sizeof(path), "/sys/block/%s/device/model", disk);
	model = run_sysinfo_line(path);
	if (model == NULL) {
		char	link[PATH_MAX];
		ssize_t	n;

		/* virtio and others have no model: name the driver instead. */
		snprintf(path, sizeof(path), "/sys/block/%s/device/driver", disk);
		if ((n = readlink(path, link, sizeof(link) - 1)) > 0) {
			link[n] = '\0';
			v = strrchr(link, '/');
			model = xstrdup(v != NULL ? v + 1 : link);
		}
	}
	snprintf(path, sizeof(path), "/sys/block/%s/size", disk);
	if ((v = run_sysinfo_line(path)) != NULL) {
		sectors = strtoull(v, NULL, 10);
		free(v);
	}
	if (model != NULL) {
		field = sectors > 0 ? xasprintf("%lluGB %s",
		    sectors * 512 / 1000000000ULL, model) : xstrdup(model);
		kv_list_set(&sys->fields, "Disk", field);
		free(field);
		list = json_object_new_array();
		json_object_array_add(list, json_object_new_string(model));
		fact_list_set(facts, "disk_models", json_object_to_json_string_ext(
		    list, JSON_C_TO_STRING_PLAIN), DETECTED);
		json_object_put(list);
		sysinfo_fact_int(facts, "disk_count", 1);
		if (sectors > 0) {
			field = xasprintf("[%llu]", sectors * 512 / 1000000000ULL);
			fact_list_set(facts, "disk_capacity_gb", field, DETECTED);
			free(field);
		}
	}
	snprintf(path, sizeof(path), "/sys/block/%s/queue/scheduler", disk);
	if ((v = run_sysinfo_line(path)) != NULL) {
		/* "none [mq-deadline] kyber": the bracketed one is in use. */
		if ((s = strchr(v, '[')) != NULL && (e = strchr(s, ']')) != NULL) {
			sched = xstrndup(s + 1, (size_t)(e - s - 1));
		} else if (strchr(v, ' ') == NULL)
			sched = xstrdup(v);
		free(v);
	}
	if (sched != NULL) {
		fact_list_set(facts, "io_scheduler", sched, DETECTED);
		for (i = 0; sched[i] != '\0'; i++)
			sched[i] = (char)toupper((unsigned char)sched[i]);
		kv_list_set(&sys->notes, "disk-scheduler", sched);
	}
	if (strncmp(disk, "md", 2) == 0) {
		snprintf(path, sizeof(path), "/sys/block/%s/md/level", disk);
		level = run_sysinfo_line(path);
	} else if (strcmp(m->fstype, "btrfs") == 0 &&
	    (v = strrchr(m->source, '/')) != NULL)
		level = sysinfo_btrfs_profile(v + 1);
	if (level != NULL) {
		kv_list_set(&sys->notes, "raid", level);
		if (strcmp(level, "dup") == 0)
			fact_list_set(facts, "raid_mode", "single", DETECTED);
		else
			fact_list_set(facts, "raid_mode", level, DETECTED);
	} else if (model != NULL)
		fact_list_set(facts, "raid_mode", "single", DETECTED);
	free(disk);
	free(model);
	free(sched);
	free(level);
}

void
run_sysinfo_describe(struct system *sys, struct fact_list *facts,
    const char *dir)
{
	struct run_mount	 m;
	struct statfs		 sfs;
	struct stat		 st;
	struct diag		 d;
	char			 buf[64];

	sysinfo_cpu(sys, facts);
	sysinfo_memory(sys, facts);
	/* A device target (run --device): its disk, and no filesystem. */
	if (stat(dir, &st) == 0 && S_ISBLK(st.st_mode)) {
		memset(&m, 0, sizeof(m));
		m.major = major(st.st_rdev);
		m.minor = minor(st.st_rdev);
		sysinfo_disk(sys, facts, &m);
		fact_list_set(facts, "filesystem", "none (raw block device)",
		    DETECTED);
		sysinfo_os(sys, facts);
		sysinfo_kernel(sys, facts);
		return;
	}
	if (run_sysinfo_mount(dir, &m, &d) == 0) {
		sysinfo_disk(sys, facts, &m);
		kv_list_set(&sys->fields, "File-System", m.fstype);
		fact_list_set(facts, "filesystem", m.fstype, DETECTED);
		kv_list_set(&sys->notes, "disk-mount-options", m.options);
		fact_list_set(facts, "mount_options", m.options, DETECTED);
		run_sysinfo_mount_free(&m);
	}
	sysinfo_os(sys, facts);
	sysinfo_kernel(sys, facts);
	if (statfs(dir, &sfs) == 0) {
		snprintf(buf, sizeof(buf), "Block Size: %ld", (long)sfs.f_bsize);
		kv_list_set(&sys->notes, "disk-details", buf);
		sysinfo_fact_int(facts, "block_size", (long long)sfs.f_bsize);
	}
}

int
run_sysinfo_fact_is_soft(const char *key)
{
	return strcmp(key, "cpu_model") == 0 || strcmp(key, "cpu_vendor") == 0;
}
