/* SPDX-License-Identifier: ISC */
/*
 * Storage rules. Disk strings are " + "-separated items, each an optional
 * "N x " multiplier, a capacity and a model; lists keep one entry per
 * disk, with null where a disk's model or size is not stated. RAID levels
 * are matched as whole words, so "MegaRAID" or "RAID controller" say nothing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "meta-disk.h"
#include "xalloc.h"

/* A RAID level as a whole word; group 2 is the level. */
#define META_DISK_RAID_RE \
	"(^|[^[:alnum:]])RAID[ -]?(10|1\\+0|1c[34]|Z[123]?|[0156])([^[:alnum:]+]|$)"
#define META_DISK_MD_RE	"(^|[^[:alnum:]])(/dev/)?md[0-9]+([^[:alnum:]]|$)"

struct meta_disk_level {
	const char	*level;		/* as matched, lower case */
	const char	*mode;		/* NULL: RAID of unstated layout */
};

/* RAID-Z has the parity of RAID5 (Z1) and RAID6 (Z2); Z3 has no peer. */
static const struct meta_disk_level meta_disk_levels[] = {
	{ "0", "raid0" }, { "1", "raid1" }, { "5", "raid5" }, { "6", "raid6" },
	{ "10", "raid10" }, { "1+0", "raid10" }, { "1c3", "raid1" },
	{ "1c4", "raid1" }, { "z", "raid5" }, { "z1", "raid5" },
	{ "z2", "raid6" }, { "z3", "unknown" },
};

static const char *const meta_disk_schedulers[] = {
	"none", "noop", "mq-deadline", "deadline", "bfq", "cfq", "kyber",
};

static const char *meta_disk_mode_of(const char *raw);
static void	 meta_disk_emit_list(struct meta_emit *e, const char *key,
		    json_object *arr, int known);
static long	 meta_disk_count(const char *raw);
static int	 meta_disk_is_options(const char *seg);

static const char *
meta_disk_mode_of(const char *raw)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	char		*lv, *low;
	const char	*mode = NULL;
	size_t		 i;

	if (raw == NULL)
		return NULL;
	if (meta_util_match("(^|[^[:alnum:]])JBOD([^[:alnum:]]|$)", raw, m))
		return "jbod";
	if (!meta_util_match(META_DISK_RAID_RE, raw, m))
		return NULL;
	lv = meta_util_group(raw, m, 2);
	low = meta_util_lower(lv);
	for (i = 0; i < sizeof(meta_disk_levels) / sizeof(meta_disk_levels[0]); i++)
		if (strcmp(low, meta_disk_levels[i].level) == 0)
			mode = meta_disk_levels[i].mode;
	free(low);
	free(lv);
	return mode;
}

void
meta_disk_raid_level(const char *raw, struct meta_emit *e)
{
	meta_util_emit(e, "raid_mode", meta_disk_mode_of(raw));
}

static void
meta_disk_emit_list(struct meta_emit *e, const char *key, json_object *arr,
    int known)
{
	/* A list with no stated entry at all says nothing. */
	if (known > 0)
		meta_util_emit(e, key, json_object_to_json_string_ext(arr,
		    JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
}

void
meta_disk_list(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	struct str_list	 parts = { 0 };
	json_object	*models, *caps;
	const char	*p, *unit;
	char		*num, *model;
	double		 gb;
	long		 count, total = 0, j;
	int		 nmodels = 0, ncaps = 0;
	size_t		 i;

	models = json_object_new_array();
	caps = json_object_new_array();
	meta_util_split(raw, " + ", &parts);
	for (i = 0; i < parts.len; i++) {
		p = parts.items[i];
		count = meta_util_multiplier(&p);
		if (count < 1 || count > 4096)
			goto out;
		gb = -1;
		model = NULL;
		if (meta_util_match("^([0-9]+(\\.[0-9]+)?) ?(TB|GB|MB)( (.*))?$",
		    p, m)) {
			num = meta_util_group(p, m, 1);
			gb = strtod(num, NULL);
			free(num);
			unit = p + m[3].rm_so;
			if (*unit == 'T' || *unit == 't')
				gb *= 1000;
			else if (*unit == 'M' || *unit == 'm')
				gb /= 1000;
			model = meta_util_group(p, m, 5);
		} else
			model = xstrdup(p);
		for (j = 0; j < count; j++) {
			if (model != NULL && *model != '\0') {
				json_object_array_add(models,
				    json_object_new_string(model));
				nmodels++;
			} else
				json_object_array_add(models, NULL);
			if (gb >= 0) {
				json_object_array_add(caps, gb == (double)(long)gb ?
				    json_object_new_int64((long)gb) :
				    json_object_new_double(gb));
				ncaps++;
			} else
				json_object_array_add(caps, NULL);
		}
		total += count;
		free(model);
	}
	if (total > 0)
		meta_util_emit_long(e, "disk_count", total);
	meta_disk_emit_list(e, "disk_models", models, nmodels);
	meta_disk_emit_list(e, "disk_capacity_gb", caps, ncaps);
out:
	json_object_put(models);
	json_object_put(caps);
	str_list_free(&parts);
}

void
meta_disk_model_number(const char *raw, struct meta_emit *e)
{
	json_object	*arr;
	char		*model;

	model = meta_util_squeeze(raw);
	arr = json_object_new_array();
	if (*model != '\0') {
		json_object_array_add(arr, json_object_new_string(model));
		meta_disk_emit_list(e, "disk_models", arr, 1);
	}
	json_object_put(arr);
	free(model);
}

void
meta_disk_raid_note(const char *raw, struct meta_emit *e)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	/* A btrfs "dup" profile keeps two copies on one device. */
	if (meta_util_match("^[[:space:]]*(single|dup)[[:space:]]*$", raw, m))
		meta_util_emit(e, "raid_mode", "single");
	else if (meta_util_match("^[[:space:]]*linear[[:space:]]*$", raw, m))
		meta_util_emit(e, "raid_mode", "jbod");
	else if (meta_util_match("^[[:space:]]*raid[0-9]", raw, m))
		meta_util_emit(e, "raid_mode", meta_disk_mode_of(raw) != NULL ?
		    meta_disk_mode_of(raw) : "unknown");
}

static int
meta_disk_is_options(const char *seg)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	return strchr(seg, ',') != NULL || meta_util_match(
	    "^(rw|ro|relatime|noatime|defaults|discard)([=,]|$)", seg, m);
}

void
meta_disk_details(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	struct str_list	 segs = { 0 };
	char		*bs;
	const char	*seg;
	size_t		 i;

	meta_disk_raid_level(raw, e);
	meta_util_split(raw, " / ", &segs);
	for (i = 0; i < segs.len; i++) {
		seg = segs.items[i];
		if (meta_util_match("Block Size: ?([0-9]+)", seg, m)) {
			bs = meta_util_group(seg, m, 1);
			meta_util_emit(e, "block_size", bs);
			free(bs);
		} else if (i == 0 && strchr(seg, ' ') == NULL &&
		    !meta_disk_is_options(seg))
			meta_disk_scheduler(seg, e);
		else if (strchr(seg, ' ') == NULL && meta_disk_is_options(seg))
			meta_disk_mount_options(seg, e);
	}
	str_list_free(&segs);
}

void
meta_disk_details_single(const char *raw, struct meta_emit *e)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	/*
	 * PTS names the RAID level before "Block Size" when it sees one
	 * ("RAID1 Block Size: 4096"); a bare "Block Size" is a plain device.
	 */
	if (meta_disk_mode_of(raw) == NULL &&
	    meta_util_match("(^|[/-] ?)Block Size: ?[0-9]", raw, m))
		meta_util_emit(e, "raid_mode", "single");
}

void
meta_disk_md(const char *raw, struct meta_emit *e)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	if (meta_util_match(META_DISK_MD_RE, raw, m))
		meta_util_emit(e, "raid_mode", "unknown");
}

void
meta_disk_identifier_single(const char *raw, struct meta_emit *e)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	if (meta_util_match("^single( (disk|drive|ssd|nvme|hdd|device))?$", raw, m))
		meta_util_emit(e, "raid_mode", "single");
}

static long
meta_disk_count(const char *raw)
{
	struct str_list	 parts = { 0 };
	const char	*p;
	long		 n = 0;
	size_t		 i;

	meta_util_split(raw, " + ", &parts);
	for (i = 0; i < parts.len; i++) {
		p = parts.items[i];
		n += meta_util_multiplier(&p);
	}
	str_list_free(&parts);
	return n;
}

void
meta_disk_single(const char *raw, struct meta_emit *e)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	/* An md device is one "disk" in the list but never a plain one. */
	if (meta_util_match(META_DISK_MD_RE, raw, m))
		return;
	if (meta_disk_count(raw) == 1)
		meta_util_emit(e, "raid_mode", "single");
}

void
meta_disk_filesystem(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	char		*fs, *low;

	if (!meta_util_match("^[[:space:]]*([[:alpha:]][[:alnum:]._+-]*)[[:space:]]*$",
	    raw, m))
		return;
	fs = meta_util_group(raw, m, 1);
	low = meta_util_lower(fs);
	/* overlay and overlayfs are the same filesystem under two names. */
	meta_util_emit(e, "filesystem", strcmp(low, "overlay") == 0 ?
	    "overlayfs" : low);
	free(low);
	free(fs);
}

void
meta_disk_fs_from_options(const char *raw, struct meta_emit *e)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	if (meta_util_match("(^|[[:space:],/])(subvol=|subvolid=|space_cache)",
	    raw, m))
		meta_util_emit(e, "filesystem", "btrfs");
}

void
meta_disk_scheduler(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	char		*s, *low;
	size_t		 i;

	/* sysfs style "mq-deadline [none]": the bracketed one is active. */
	if (meta_util_match("\\[([[:alnum:]_-]+)\\]", raw, m))
		s = meta_util_group(raw, m, 1);
	else
		s = meta_util_squeeze(raw);
	low = meta_util_lower(s);
	for (i = 0; i < sizeof(meta_disk_schedulers) / sizeof(meta_disk_schedulers[0]); i++)
		if (strcmp(low, meta_disk_schedulers[i]) == 0)
			meta_util_emit(e, "io_scheduler", low);
	free(low);
	free(s);
}

void
meta_disk_mount_options(const char *raw, struct meta_emit *e)
{
	char	*s;

	s = meta_util_squeeze(raw);
	if (strchr(s, ' ') == NULL)
		meta_util_emit(e, "mount_options", s);
	free(s);
}
