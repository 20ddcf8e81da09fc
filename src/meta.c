/* SPDX-License-Identifier: ISC */
/*
 * Normalised system metadata: one table of rules, each naming where its
 * raw text comes from (a field, a note, the identifier) and the extractor
 * that reads it. Rules run in table order and the first to set a fact
 * wins, so explicit statements come before inferences. Extractors live in
 * meta-hw.c, meta-disk.c and meta-sw.c; nothing here guesses.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <json-c/json.h>

#include "meta.h"
#include "meta-disk.h"
#include "meta-hw.h"
#include "meta-sw.h"
#include "meta-util.h"
#include "strbuf.h"
#include "xalloc.h"

/* Longest list of alternative labels a rule may name. */
#define META_NAMES	6

enum meta_kind {
	META_FIELD,		/* a raw field, label matched case-insensitively */
	META_FIELD_PREFIX,	/* every field whose label starts with the name */
	META_NOTE,		/* a note (or a key of the PTS System JSON) */
	META_IDENT		/* the system identifier */
};

struct meta_rule {
	enum meta_kind	 kind;
	const char	*names[META_NAMES];	/* tried in order */
	meta_extract_fn	 fn;
};

const char *const meta_fact_names[] = {
	"cpu_vendor", "cpu_model", "cpu_cores", "cpu_threads", "cpu_max_mhz",
	"memory_mb", "memory_type", "disk_count", "disk_models",
	"disk_capacity_gb", "filesystem", "raid_mode", "mount_options",
	"block_size", "io_scheduler", "kernel_version", "kernel_flavour",
	"os_name", "os_version", "compiler", "compiler_version", "cpu_governor",
	NULL
};

#define META_DISK_FIELDS	{ "Disk", "Disks", "Storage" }
#define META_DETAILS_NOTES	{ "disk-details", "Disk Details", "Disk" }
#define META_OS_FIELDS		{ "OS", "Operating System", "Distribution" }

/*
 * The rules, strongest first for each fact. RAID mode runs from stated
 * levels (runner field, Disk Details, identifier) through md devices to
 * the weak "single" inferences.
 */
static const struct meta_rule meta_rules[] = {
	{ META_FIELD, { "Processor", "CPU", "Model name" }, meta_hw_cpu },
	{ META_FIELD, { "Memory", "System Memory", "RAM" }, meta_hw_memory },
	{ META_FIELD, META_DISK_FIELDS, meta_disk_list },
	{ META_FIELD, { "Model Number", "Device Model", "Disk Model" },
	    meta_disk_model_number },
	{ META_FIELD, { "File-System", "File System", "Filesystem" },
	    meta_disk_filesystem },
	{ META_NOTE, { "disk-mount-options", "Disk Details", "Disk" },
	    meta_disk_fs_from_options },
	{ META_FIELD, { "RAID", "RAID Mode", "RAID Level", "raid_mode" },
	    meta_disk_raid_level },
	{ META_NOTE, { "raid" }, meta_disk_raid_note },
	{ META_NOTE, META_DETAILS_NOTES, meta_disk_details },
	{ META_IDENT, { NULL }, meta_disk_raid_level },
	{ META_FIELD, META_DISK_FIELDS, meta_disk_md },
	{ META_NOTE, META_DETAILS_NOTES, meta_disk_md },
	{ META_IDENT, { NULL }, meta_disk_identifier_single },
	{ META_NOTE, META_DETAILS_NOTES, meta_disk_details_single },
	{ META_FIELD, META_DISK_FIELDS, meta_disk_single },
	{ META_NOTE, { "disk-scheduler" }, meta_disk_scheduler },
	{ META_FIELD, { "I/O Scheduler", "Scheduler", "Disk Scheduler" },
	    meta_disk_scheduler },
	{ META_NOTE, { "disk-mount-options" }, meta_disk_mount_options },
	{ META_FIELD, { "Mount Options" }, meta_disk_mount_options },
	{ META_FIELD, { "Kernel" }, meta_sw_kernel },
	{ META_FIELD_PREFIX, { "uname" }, meta_sw_uname },
	{ META_FIELD, META_OS_FIELDS, meta_sw_bsd_kernel },
	{ META_FIELD, META_OS_FIELDS, meta_sw_os },
	{ META_FIELD_PREFIX, { "uname" }, meta_sw_os_uname },
	{ META_FIELD, { "Compiler" }, meta_sw_compiler },
	{ META_NOTE, { "cpu-scaling-governor", "Processor Details", "Processor" },
	    meta_sw_governor },
	{ META_FIELD, { "Scaling Governor", "CPU Governor", "Governor" },
	    meta_sw_governor },
};

static char	*meta_note_part(const struct result_set *rs, size_t self,
		    const char *value);
static size_t	 meta_header_at(const struct result_set *rs, const char *p,
		    size_t self, bool *mine);
static char	*meta_json_note(const struct system *s, const char *key);
static void	 meta_run(const struct result_set *rs, size_t i,
		    const struct meta_rule *r, struct fact_list *out);
static bool	 meta_try(const char *raw, const char *kind, const char *label,
		    meta_extract_fn fn, struct fact_list *out);

bool
meta_is_fact(const char *key)
{
	size_t	i;

	for (i = 0; meta_fact_names[i] != NULL; i++)
		if (strcmp(key, meta_fact_names[i]) == 0)
			return true;
	return false;
}

bool
meta_is_derived_source(const char *source)
{
	if (source == NULL)
		return false;
	return strncmp(source, "field:", 6) == 0 ||
	    strncmp(source, "note:", 5) == 0 ||
	    strncmp(source, "json:", 5) == 0 ||
	    strcmp(source, "identifier") == 0;
}

bool
meta_fact_is_number(const char *key)
{
	static const char *const numbers[] = { "cpu_cores", "cpu_threads",
		"cpu_max_mhz", "memory_mb", "disk_count", "block_size", NULL };
	size_t	i;

	for (i = 0; numbers[i] != NULL; i++)
		if (strcmp(key, numbers[i]) == 0)
			return true;
	return false;
}

/*
 * If p starts an OpenBenchmarking per-system header ("NAME: " or
 * "NAME1, NAME2: " with names of rs), return its length and set *mine
 * when it names system self; else 0.
 */
static size_t
meta_header_at(const struct result_set *rs, const char *p, size_t self,
    bool *mine)
{
	const char	*q = p, *id;
	size_t		 i, n, best;
	long		 who;

	*mine = false;
	for (;;) {
		best = 0;
		who = -1;
		for (i = 0; i < rs->nsystems; i++) {
			id = rs->systems[i].identifier;
			if (id == NULL || (n = strlen(id)) == 0 || n <= best)
				continue;
			if (strncmp(q, id, n) == 0 && (strncmp(q + n, ": ", 2) == 0 ||
			    strncmp(q + n, ", ", 2) == 0)) {
				best = n;
				who = (long)i;
			}
		}
		if (who < 0)
			return 0;
		if ((size_t)who == self)
			*mine = true;
		q += best;
		if (strncmp(q, ": ", 2) == 0)
			return (size_t)(q + 2 - p);
		q += 2;		/* ", ": another name follows */
	}
}

/*
 * The part of a note that applies to system self. OpenBenchmarking
 * writes one "- NAME: value" entry per system when values differ and a
 * bare value when all agree. NULL when the entries name only others.
 */
static char *
meta_note_part(const struct result_set *rs, size_t self, const char *value)
{
	struct strbuf	 sb;
	const char	*p, *start = NULL, *end;
	char		*out;
	size_t		 hl;
	bool		 mine, any = false, cur = false;

	strbuf_init(&sb);
	for (p = value;; p++) {
		/* Entries start the note or follow "- ". */
		hl = 0;
		if (*p != '\0' && (p == value ||
		    (p - value >= 2 && p[-2] == '-' && p[-1] == ' ')))
			hl = meta_header_at(rs, p, self, &mine);
		if (hl == 0 && *p != '\0')
			continue;
		/* A header or the end closes the entry before it. */
		if (cur) {
			end = p;
			while (end > start && (end[-1] == '-' || end[-1] == ' '))
				end--;
			if (sb.len > 0)
				strbuf_adds(&sb, " - ");
			strbuf_add(&sb, start, (size_t)(end - start));
		}
		if (*p == '\0')
			break;
		any = true;
		cur = mine;
		start = p + hl;
		p = start - 1;
	}
	if (!any) {
		strbuf_free(&sb);
		p = value;
		if (strncmp(p, "- ", 2) == 0)
			p += 2;
		return meta_util_squeeze(p);
	}
	out = sb.len > 0 ? meta_util_squeeze(strbuf_str(&sb)) : NULL;
	strbuf_free(&sb);
	return out;
}

/* Value of key in the system's PTS JSON blob, when notes did not carry it. */
static char *
meta_json_note(const struct system *s, const char *key)
{
	json_object	*root, *v;
	char		*out = NULL;

	if (s->json_raw == NULL || *s->json_raw == '\0')
		return NULL;
	if ((root = json_tokener_parse(s->json_raw)) == NULL)
		return NULL;
	if (json_object_is_type(root, json_type_object) &&
	    json_object_object_get_ex(root, key, &v) &&
	    json_object_is_type(v, json_type_string))
		out = xstrdup(json_object_get_string(v));
	json_object_put(root);
	return out;
}

static bool
meta_try(const char *raw, const char *kind, const char *label,
    meta_extract_fn fn, struct fact_list *out)
{
	struct meta_emit	 e;
	char			*src;

	if (raw == NULL)
		return false;
	src = label != NULL ? xasprintf("%s:%s", kind, label) : xstrdup(kind);
	e.facts = out;
	e.source = src;
	e.emitted = 0;
	fn(raw, &e);
	free(src);
	return e.emitted > 0;
}

static void
meta_run(const struct result_set *rs, size_t i, const struct meta_rule *r,
    struct fact_list *out)
{
	const struct system	*s = &rs->systems[i];
	const struct kv		*kv;
	char			*part;
	size_t			 n, k;
	bool			 done = false;

	if (r->kind == META_IDENT) {
		meta_try(s->identifier, "identifier", NULL, r->fn, out);
		return;
	}
	for (n = 0; n < META_NAMES && r->names[n] != NULL && !done; n++) {
		if (r->kind == META_NOTE) {
			for (k = 0; k < s->notes.len && !done; k++) {
				kv = &s->notes.items[k];
				if (strcasecmp(kv->key, r->names[n]) != 0 ||
				    kv->value == NULL)
					continue;
				part = meta_note_part(rs, i, kv->value);
				done = meta_try(part, "note", kv->key, r->fn, out);
				free(part);
			}
			if (!done && kv_list_get(&s->notes, r->names[n]) == NULL) {
				part = meta_json_note(s, r->names[n]);
				done = meta_try(part, "json", r->names[n], r->fn, out);
				free(part);
			}
			continue;
		}
		for (k = 0; k < s->fields.len && !done; k++) {
			kv = &s->fields.items[k];
			if (r->kind == META_FIELD_PREFIX ?
			    strncasecmp(kv->key, r->names[n], strlen(r->names[n])) != 0 :
			    strcasecmp(kv->key, r->names[n]) != 0)
				continue;
			done = meta_try(kv->value, "field", kv->key, r->fn, out);
		}
	}
}

void
meta_normalize_system(struct result_set *rs, size_t i)
{
	struct fact_list	 out = { 0 };
	size_t			 r;

	if (i >= rs->nsystems)
		return;
	for (r = 0; r < sizeof(meta_rules) / sizeof(meta_rules[0]); r++)
		meta_run(rs, i, &meta_rules[r], &out);
	fact_list_free(&rs->systems[i].normalized);
	rs->systems[i].normalized = out;
}

void
meta_normalize_result_set(struct result_set *rs)
{
	size_t	i;

	if (rs == NULL)
		return;
	for (i = 0; i < rs->nsystems; i++)
		meta_normalize_system(rs, i);
}

size_t
meta_diff_systems(const struct system *a, const struct system *b,
    bool include_unknown, struct meta_difference **out)
{
	const struct fact	*fa, *fb;
	struct meta_difference	*d = NULL;
	size_t			 n = 0, cap = 0, i;

	for (i = 0; meta_fact_names[i] != NULL; i++) {
		fa = fact_list_get(&a->normalized, meta_fact_names[i]);
		fb = fact_list_get(&b->normalized, meta_fact_names[i]);
		if (fa == NULL && fb == NULL)
			continue;
		if ((fa == NULL || fb == NULL) && !include_unknown)
			continue;
		if (fa != NULL && fb != NULL && strcmp(fa->value, fb->value) == 0)
			continue;
		xgrow(&d, &cap, n + 1, sizeof(*d));
		d[n].key = meta_fact_names[i];
		d[n].a = fa != NULL ? fa->value : NULL;
		d[n].b = fb != NULL ? fb->value : NULL;
		n++;
	}
	*out = d;
	return n;
}
