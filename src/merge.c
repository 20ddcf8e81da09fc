/* SPDX-License-Identifier: ISC */
/*
 * merge: build one result set from several, as PTS merge-results does.
 * Systems: the same identifier with the same raw fields is one system; the
 * same identifier with other fields is a different system, renamed
 * "NAME (2)". Results: matching results (PTS identity) get the entries of
 * the later sets; an empty (failed) entry is replaced by a real one.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "merge.h"
#include "strbuf.h"
#include "xalloc.h"

static void	 merge_key_add(struct strbuf *sb, const char *s, size_t n);
static char	*merge_key(const struct test *t);
static char	*merge_comparable_key(const struct test *t);
static int	 merge_sets_keyed(struct result_set *const *sets, size_t n,
		    const char *title, char *(*key_of)(const struct test *),
		    struct result_set **out, struct str_list *notes,
		    struct diag *d);
static void	 merge_copy_kv(struct kv_list *dst, const struct kv_list *src);
static bool	 merge_conflicts(const struct result_set *out,
		    const struct result_set *in, size_t sys, size_t at,
		    const long *tmatch);
static size_t	 merge_add_system(struct result_set *out,
		    const struct result_set *in, size_t sys, const long *tmatch,
		    size_t set, struct str_list *notes);

/* Append the n bytes at s to sb without surrounding blanks, then a separator. */
static void
merge_key_add(struct strbuf *sb, const char *s, size_t n)
{
	while (n > 0 && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	strbuf_add(sb, s, n);
	strbuf_addc(sb, '\x1f');
}

/*
 * The PTS identity of a result (its comparison hash, docs/pts-xml.md) as one string:
 * the profile without its last ".z" ("pts/fio-2.1.0" -> "pts/fio-2.1"),
 * or the title when there is no profile; then arguments, description,
 * application version and unit, all trimmed.
 */
static char *
merge_key(const struct test *t)
{
	struct strbuf	 sb;
	const char	*id = t->identifier != NULL ? t->identifier : "";
	const char	*dot, *dash;
	size_t		 n = strlen(id);

	strbuf_init(&sb);
	dot = strrchr(id, '.');
	dash = strrchr(id, '-');
	if (dot != NULL && dash != NULL && dot > dash)
		n = (size_t)(dot - id);
	if (*id == '\0' && t->title != NULL)
		merge_key_add(&sb, t->title, strlen(t->title));
	else
		merge_key_add(&sb, id, n);
#define MERGE_KEY_FIELD(f) merge_key_add(&sb, t->f != NULL ? t->f : "",	\
	    t->f != NULL ? strlen(t->f) : 0)
	MERGE_KEY_FIELD(arguments);
	MERGE_KEY_FIELD(description);
	MERGE_KEY_FIELD(app_version);
	MERGE_KEY_FIELD(unit);
#undef MERGE_KEY_FIELD
	return strbuf_detach(&sb);
}

/*
 * The identity a reader compares side by side: the title (case-folded),
 * the human description of the arguments and the unit. Versions and
 * machine arguments are left out, so a fresh run of the same test lands
 * next to a published review's figures.
 */
static char *
merge_comparable_key(const struct test *t)
{
	struct strbuf	 sb;
	char		*title;

	strbuf_init(&sb);
	title = g_utf8_casefold(t->title != NULL ? t->title : "", -1);
	merge_key_add(&sb, title, strlen(title));
	g_free(title);
	merge_key_add(&sb, t->description != NULL ? t->description : "",
	    t->description != NULL ? strlen(t->description) : 0);
	merge_key_add(&sb, t->unit != NULL ? t->unit : "",
	    t->unit != NULL ? strlen(t->unit) : 0);
	return strbuf_detach(&sb);
}

bool
merge_same_result(const struct test *x, const struct test *y)
{
	char	*kx = merge_key(x), *ky = merge_key(y);
	bool	 same = strcmp(kx, ky) == 0;

	free(kx);
	free(ky);
	return same;
}

static void
merge_copy_kv(struct kv_list *dst, const struct kv_list *src)
{
	size_t	i;

	for (i = 0; i < src->len; i++)
		kv_list_add(dst, src->items[i].key, src->items[i].value);
}

/*
 * True when system sys of in has a value that system at of out already
 * has with another mean or N, in a matching result (tmatch[i]: the result
 * of out that test i of in matches, or -1).
 */
static bool
merge_conflicts(const struct result_set *out, const struct result_set *in,
    size_t sys, size_t at, const long *tmatch)
{
	const struct value	*v, *mv;
	size_t			 i;

	for (i = 0; i < in->ntests; i++) {
		if (tmatch[i] < 0)
			continue;
		v = test_find_value(&in->tests[i], sys);
		mv = test_find_value(&out->tests[tmatch[i]], at);
		if (v != NULL && v->has_mean && mv != NULL && mv->has_mean &&
		    (mv->mean != v->mean || mv->n != v->n))
			return true;
	}
	return false;
}

/*
 * The index in out of system sys of input set number set (0-based): an
 * existing system with the same identifier, the same raw fields and no
 * conflicting value (a set merged with itself), or else a copy, renamed
 * "NAME (k)" when the identifier is taken, so that every value is kept.
 */
static size_t
merge_add_system(struct result_set *out, const struct result_set *in,
    size_t sys, const long *tmatch, size_t set, struct str_list *notes)
{
	const struct system	*s = &in->systems[sys];
	struct system		*ns;
	char			*name, *note;
	long			 at;
	size_t			 i, k = 2;
	bool			 same_fields = false;

	at = result_set_find_system(out, s->identifier);
	if (at >= 0) {
		same_fields = kv_list_equal(&out->systems[at].fields, &s->fields);
		if (same_fields && !merge_conflicts(out, in, sys, (size_t)at, tmatch))
			return (size_t)at;
	}
	name = xstrdup(s->identifier);
	while (result_set_find_system(out, name) >= 0) {
		free(name);
		name = xasprintf("%s (%zu)", s->identifier, k++);
	}
	if (at >= 0) {
		note = xasprintf("set %zu: system \"%s\" %s the one already "
		    "merged; renamed \"%s\"", set + 1, s->identifier,
		    same_fields ? "has other results than" : "differs from", name);
		str_list_add(notes, note);
		free(note);
	}
	i = result_set_add_system(out, name);
	free(name);
	ns = &out->systems[i];
	merge_copy_kv(&ns->fields, &s->fields);
	merge_copy_kv(&ns->notes, &s->notes);
	merge_copy_kv(&ns->meta, &s->meta);
	model_set_str(&ns->notes_text, s->notes_text);
	model_set_str(&ns->json_raw, s->json_raw);
	for (k = 0; k < s->normalized.len; k++)
		fact_list_set(&ns->normalized, s->normalized.items[k].key,
		    s->normalized.items[k].value, s->normalized.items[k].source);
	return i;
}

int
merge_result_sets(struct result_set *const *sets, size_t n, const char *title,
    struct result_set **out, struct str_list *notes, struct diag *d)
{
	return merge_sets_keyed(sets, n, title, merge_key, out, notes, d);
}

int
merge_result_sets_comparable(struct result_set *const *sets, size_t n,
    const char *title, struct result_set **out, struct str_list *notes,
    struct diag *d)
{
	return merge_sets_keyed(sets, n, title, merge_comparable_key, out,
	    notes, d);
}

static int
merge_sets_keyed(struct result_set *const *sets, size_t n, const char *title,
    char *(*key_of)(const struct test *), struct result_set **out,
    struct str_list *notes, struct diag *d)
{
	struct result_set	*rs;
	const struct result_set	*in;
	const struct test	*t;
	const struct value	*v;
	struct test		*mt;
	struct value		*mv;
	size_t			*sysmap = NULL, k, i, j, first_new;
	long			*tmatch = NULL;
	char			*note, *key;
	GHashTable		*seen;	/* identity -> index of the result in rs */
	gpointer		 found;

	*out = NULL;
	if (n == 0)
		return diag_set(d, NULL, 0, "nothing to merge");
	rs = result_set_new();
	seen = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	model_set_str(&rs->title, title != NULL ? title : sets[0]->title);
	model_set_str(&rs->description, sets[0]->description);
	model_set_str(&rs->notes, sets[0]->notes);
	model_set_str(&rs->generator, sets[0]->generator);
	model_set_str(&rs->format, "merge");
	for (k = 0; k < n; k++) {
		in = sets[k];
		/* Only results of earlier sets match: a set keeps its own duplicates. */
		tmatch = xreallocarray(tmatch, in->ntests + 1, sizeof(*tmatch));
		for (i = 0; i < in->ntests; i++) {
			key = key_of(&in->tests[i]);
			tmatch[i] = g_hash_table_lookup_extended(seen, key, NULL,
			    &found) ? (long)GPOINTER_TO_SIZE(found) : -1;
			free(key);
		}
		first_new = rs->ntests;
		sysmap = xreallocarray(sysmap, in->nsystems + 1, sizeof(*sysmap));
		for (i = 0; i < in->nsystems; i++)
			sysmap[i] = merge_add_system(rs, in, i, tmatch, k, notes);
		for (i = 0; i < in->ntests; i++) {
			t = &in->tests[i];
			if (tmatch[i] >= 0) {
				mt = &rs->tests[tmatch[i]];
				/* A looser match: say what this set really ran. */
				if (g_strcmp0(mt->app_version, t->app_version) != 0 ||
				    g_strcmp0(mt->identifier, t->identifier) != 0) {
					note = xasprintf("Values from \"%s\": %s%s%s",
					    in->title != NULL ? in->title : "untitled",
					    t->title != NULL ? t->title : "",
					    t->app_version != NULL && *t->app_version ?
					    " " : "", t->app_version != NULL ?
					    t->app_version : "");
					str_list_add(&mt->footnotes, note);
					free(note);
				}
			} else {
				mt = result_set_add_test(rs);
				test_copy_info(mt, t);
			}
			for (j = 0; j < t->nvalues; j++) {
				v = &t->values[j];
				if (v->system >= in->nsystems)
					continue;
				mv = test_find_value(mt, sysmap[v->system]);
				if (mv != NULL && (mv->has_mean || !v->has_mean)) {
					if (v->has_mean && (mv->mean != v->mean ||
					    mv->n != v->n)) {
						note = xasprintf("set %zu: a second "
						    "value of \"%s\" for \"%s\" was "
						    "dropped", k + 1, t->title,
						    rs->systems[sysmap[v->system]].identifier);
						str_list_add(notes, note);
						free(note);
					}
					continue;
				}
				/* New, or replacing an empty (failed) entry as PTS does. */
				if (mv == NULL)
					mv = test_add_value(mt, sysmap[v->system]);
				else
					value_clear(mv);
				value_copy(mv, v);
			}
		}
		/* This set's new results become candidates for the next sets. */
		for (i = first_new; i < rs->ntests; i++) {
			key = key_of(&rs->tests[i]);
			if (g_hash_table_contains(seen, key))
				free(key);
			else
				g_hash_table_insert(seen, key, GSIZE_TO_POINTER(i));
		}
	}
	g_hash_table_destroy(seen);
	free(sysmap);
	free(tmatch);
	*out = rs;
	return 0;
}
