/* SPDX-License-Identifier: ISC */
/*
 * Folding repeated runs into one value: matching tests by identity,
 * appending runs, recomputing mean/SE/N through value_compute_stats (the
 * model's single definition of the statistics). It does not read files
 * or decide which files are runs of each other; the importer does.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "model-runs.h"
#include "xalloc.h"

static bool	 model_runs_same_name(const struct test *a, const struct test *b);
static void	 model_runs_value(struct value *dst, const struct value *src);
static void	 model_runs_copy_value(struct value *dst, const struct value *src);
static void	 model_runs_free_test(struct test *t);
static void	 model_runs_stats(struct value *v, bool restate);
static char	*model_runs_key(const struct test *t);
static void	 model_runs_fold(struct test *a, struct test *b);

static bool
model_runs_same_name(const struct test *a, const struct test *b)
{
	return g_strcmp0(a->title, b->title) == 0 &&
	    g_strcmp0(a->description, b->description) == 0 &&
	    g_strcmp0(a->unit, b->unit) == 0 &&
	    g_strcmp0(a->app_version, b->app_version) == 0;
}

bool
model_runs_same_test(const struct test *a, const struct test *b)
{
	return model_runs_same_name(a, b) && kv_list_equal(&a->facts, &b->facts);
}

/*
 * N, SE, min and max from the runs. Repeats of one test (restate) have no
 * single stated figure: their value is the runs' mean, and the first
 * run's text no longer states it. A copied value keeps what it states.
 */
static void
model_runs_stats(struct value *v, bool restate)
{
	if (restate) {
		v->has_mean = v->has_min = v->has_max = false;
		free(v->value_text);
		v->value_text = NULL;
	}
	value_compute_stats(v);
	/* One run says nothing about spread: SE stays absent, not 0. */
	if (v->runs.len < 2)
		v->has_se = false;
}

static void
model_runs_value(struct value *dst, const struct value *src)
{
	struct series	*s;
	size_t		 i, k;
	char		*note;

	if (dst->runs.len == 0 && dst->has_mean)
		dbl_list_add(&dst->runs, dst->mean);
	if (src->runs.len > 0)
		for (i = 0; i < src->runs.len; i++)
			dbl_list_add(&dst->runs, src->runs.v[i]);
	else if (src->has_mean)
		dbl_list_add(&dst->runs, src->mean);
	if (src->note != NULL && g_strcmp0(src->note, dst->note) != 0) {
		note = dst->note != NULL ? xasprintf("%s; %s", dst->note, src->note) :
		    xstrdup(src->note);
		free(dst->note);
		dst->note = note;
	}
	if (dst->error == NULL && src->error != NULL)
		dst->error = xstrdup(src->error);
	/* Raw runs keep their series: one series per run, in run order. */
	for (i = 0; i < src->nseries; i++) {
		s = value_add_series(dst, src->series[i].name);
		model_set_str(&s->unit, src->series[i].unit);
		if (src->series[i].x_unit != NULL)
			model_set_str(&s->x_unit, src->series[i].x_unit);
		for (k = 0; k < src->series[i].x.len; k++)
			dbl_list_add(&s->x, src->series[i].x.v[k]);
		for (k = 0; k < src->series[i].y.len; k++)
			dbl_list_add(&s->y, src->series[i].y.v[k]);
	}
	model_runs_stats(dst, true);
}

static void
model_runs_copy_value(struct value *dst, const struct value *src)
{
	value_clear(dst);
	value_copy(dst, src);
	/* Raw runs decide SE, N, min and max; a stated value stays as stated. */
	if (src->runs.len > 0)
		model_runs_stats(dst, false);
}

/* Release a test that was moved out of rs->tests (its storage, not the slot). */
static void
model_runs_free_test(struct test *t)
{
	struct result_set	*tmp;

	/* Reuse the model's own release path through a one-test set. */
	tmp = result_set_new();
	tmp->tests = xmalloc(sizeof(*t));
	tmp->tests[0] = *t;
	tmp->ntests = tmp->captests = 1;
	result_set_free(tmp);
	memset(t, 0, sizeof(*t));
}

/*
 * The name part of a test's identity, as one hash key. Joined by hand:
 * a reader of many one-line results (dd) spent a twelfth of its time in
 * vsnprintf here.
 */
static char *
model_runs_key(const struct test *t)
{
	const char	*part[4] = { t->title, t->description, t->unit,
			    t->app_version };
	size_t		 len[4], total = 0, i;
	char		*key, *p;

	for (i = 0; i < 4; i++) {
		len[i] = part[i] != NULL ? strlen(part[i]) : 0;
		total += len[i] + 1;
	}
	p = key = xmalloc(total);
	for (i = 0; i < 4; i++) {
		if (len[i] > 0)
			memcpy(p, part[i], len[i]);
		p += len[i];
		*p++ = i < 3 ? '\x1f' : '\0';
	}
	return key;
}

/* Fold b's values into a and release b (its slot is compacted later). */
static void
model_runs_fold(struct test *a, struct test *b)
{
	struct value	*va;
	size_t		 v;

	for (v = 0; v < b->nvalues; v++) {
		va = test_find_value(a, b->values[v].system);
		if (va != NULL)
			model_runs_value(va, &b->values[v]);
		else {
			va = test_add_value(a, b->values[v].system);
			model_runs_copy_value(va, &b->values[v]);
		}
	}
	model_runs_free_test(b);
}

/*
 * Each test meets the earlier kept tests of its name, in order (a hash
 * of names finds them, so the cost stays linear in the tests however
 * many there are): the first with equal facts takes its runs; one with
 * other facts first renames it (" - key: value", with a warning), and it
 * goes on among the later kept tests of its new name.
 */
void
model_runs_within(struct result_set *rs, const struct read_options *opt,
    const char *path)
{
	GHashTable	*kept;
	GArray		*g;
	struct test	*a, *b;
	size_t		 i, j, w, f, from;
	char		*key, *desc;
	bool		 done;

	kept = g_hash_table_new_full(g_str_hash, g_str_equal, free,
	    (GDestroyNotify)g_array_unref);
	for (i = 0; i < rs->ntests; i++) {
		b = &rs->tests[i];
		if (b->title == NULL)
			continue;
		from = 0;
		done = false;
		while (!done) {
			key = model_runs_key(b);
			if ((g = g_hash_table_lookup(kept, key)) == NULL) {
				g = g_array_new(FALSE, FALSE, sizeof(size_t));
				g_hash_table_insert(kept, key, g);
				key = NULL;
			}
			free(key);
			for (j = 0; j < g->len; j++) {
				if (g_array_index(g, size_t, j) < from)
					continue;
				a = &rs->tests[g_array_index(g, size_t, j)];
				if (kv_list_equal(&a->facts, &b->facts)) {
					model_runs_fold(a, b);
					done = true;
					break;
				}
				if (b->facts.len == 0)
					continue;
				/* Same name, other options: keep apart, visibly. */
				for (f = 0; f < b->facts.len; f++) {
					const char *av = kv_list_get(&a->facts,
					    b->facts.items[f].key);

					if (av == NULL || strcmp(av,
					    b->facts.items[f].value) != 0)
						break;
				}
				if (f == b->facts.len)
					f = 0;
				desc = xasprintf("%s - %s: %s", b->description,
				    b->facts.items[f].key, b->facts.items[f].value);
				format_warn(opt, path, 0, "tests \"%s\" differ in %s; "
				    "kept separate as \"%s\"", b->description,
				    b->facts.items[f].key, desc);
				model_set_str(&b->description, desc);
				model_set_str(&b->arguments, desc);
				free(desc);
				from = g_array_index(g, size_t, j) + 1;
				break;
			}
			if (!done && j == g->len) {
				g_array_append_val(g, i);
				done = true;
			}
		}
	}
	g_hash_table_destroy(kept);
	for (i = 0, w = 0; i < rs->ntests; i++)
		if (rs->tests[i].title != NULL)
			rs->tests[w++] = rs->tests[i];
	rs->ntests = w;
}

void
model_runs_sets(struct result_set *dst, const struct result_set *src,
    const struct read_options *opt, const char *srcpath)
{
	const struct test	*s;
	struct test		*t;
	struct value		*v;
	size_t			*sysmap, i, k, j;
	long			 found;

	sysmap = xcalloc(src->nsystems + 1, sizeof(*sysmap));
	for (i = 0; i < src->nsystems; i++) {
		found = result_set_find_system(dst, src->systems[i].identifier);
		if (found < 0) {
			sysmap[i] = result_set_add_system(dst,
			    src->systems[i].identifier);
			for (k = 0; k < src->systems[i].fields.len; k++)
				kv_list_add(&dst->systems[sysmap[i]].fields,
				    src->systems[i].fields.items[k].key,
				    src->systems[i].fields.items[k].value);
		} else
			sysmap[i] = (size_t)found;
	}
	for (i = 0; i < src->ntests; i++) {
		s = &src->tests[i];
		t = NULL;
		for (k = 0; k < dst->ntests; k++)
			if (model_runs_same_test(&dst->tests[k], s)) {
				t = &dst->tests[k];
				break;
			}
		if (t == NULL) {
			format_warn(opt, srcpath, 0, "test \"%s: %s\" (%s) matches no "
			    "test of the first run; kept as a separate test",
			    s->title ? s->title : "", s->description ? s->description : "",
			    s->unit ? s->unit : "");
			t = result_set_add_test(dst);
			test_copy_info(t, s);
		}
		for (j = 0; j < s->nvalues; j++) {
			if (s->values[j].system >= src->nsystems)
				continue;
			v = test_find_value(t, sysmap[s->values[j].system]);
			if (v != NULL)
				model_runs_value(v, &s->values[j]);
			else {
				v = test_add_value(t, sysmap[s->values[j].system]);
				model_runs_copy_value(v, &s->values[j]);
			}
		}
	}
	free(sysmap);
}
