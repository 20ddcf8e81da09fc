/* SPDX-License-Identifier: ISC */
/*
 * The result model: constructors, list helpers and the one place where
 * statistics are derived from raw runs, so that every reader agrees on them.
 */
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "model.h"
#include "xalloc.h"

static void	 system_free(struct system *s);
static void	 value_free(struct value *v);
static void	 test_free(struct test *t);
static void	 model_copy_dbl(struct dbl_list *dst, const struct dbl_list *src);
static void	 kv_pack(struct kv *kv, const char *key, const char *value);
static void	 kv_repack(struct kv *kv, const char *value);

struct result_set *
result_set_new(void)
{
	return xcalloc(1, sizeof(struct result_set));
}

static void
system_free(struct system *s)
{
	free(s->identifier);
	kv_list_free(&s->fields);
	kv_list_free(&s->notes);
	kv_list_free(&s->meta);
	free(s->notes_text);
	free(s->json_raw);
	fact_list_free(&s->normalized);
}

static void
value_free(struct value *v)
{
	size_t	i;

	dbl_list_free(&v->runs);
	free(v->value_text);
	free(v->raw_string);
	free(v->json_raw);
	free(v->note);
	free(v->error);
	for (i = 0; i < v->nseries; i++) {
		free(v->series[i].name);
		free(v->series[i].unit);
		free(v->series[i].x_unit);
		dbl_list_free(&v->series[i].x);
		dbl_list_free(&v->series[i].y);
	}
	free(v->series);
}

static void
test_free(struct test *t)
{
	size_t	i;

	free(t->identifier);
	free(t->title);
	free(t->app_version);
	free(t->arguments);
	free(t->description);
	free(t->unit);
	free(t->proportion_raw);
	free(t->display_raw);
	free(t->annotation);
	free(t->parent);
	str_list_free(&t->footnotes);
	kv_list_free(&t->facts);
	for (i = 0; i < t->nvalues; i++)
		value_free(&t->values[i]);
	free(t->values);
}

void
result_set_free(struct result_set *rs)
{
	size_t	i;

	if (rs == NULL)
		return;
	free(rs->title);
	free(rs->description);
	free(rs->notes);
	free(rs->generator);
	free(rs->last_modified);
	free(rs->source_url);
	free(rs->source_ref);
	free(rs->format);
	kv_list_free(&rs->extra);
	free(rs->source_path);
	free(rs->source_sha256);
	for (i = 0; i < rs->nsystems; i++)
		system_free(&rs->systems[i]);
	free(rs->systems);
	for (i = 0; i < rs->ntests; i++)
		test_free(&rs->tests[i]);
	free(rs->tests);
	free(rs);
}

void
model_set_str(char **dst, const char *src)
{
	char	*copy;

	copy = xstrdup(src);
	free(*dst);
	*dst = copy;
}

size_t
result_set_add_system(struct result_set *rs, const char *identifier)
{
	struct system	*s;

	xgrow(&rs->systems, &rs->capsystems, rs->nsystems + 1,
	    sizeof(*rs->systems));
	s = &rs->systems[rs->nsystems];
	memset(s, 0, sizeof(*s));
	s->identifier = xstrdup(identifier ? identifier : "");
	return rs->nsystems++;
}

long
result_set_find_system(const struct result_set *rs, const char *identifier)
{
	size_t	i;

	for (i = 0; i < rs->nsystems; i++)
		if (strcmp(rs->systems[i].identifier, identifier) == 0)
			return (long)i;
	return -1;
}

long
result_set_match_system(const struct result_set *rs, const char *name)
{
	size_t	i;
	long	found = -1;

	if ((found = result_set_find_system(rs, name)) >= 0)
		return found;
	for (i = 0; i < rs->nsystems; i++)
		if (strcasecmp(rs->systems[i].identifier, name) == 0) {
			if (found >= 0)
				return -2;
			found = (long)i;
		}
	return found;
}

char *
result_set_system_names(const struct result_set *rs, size_t max)
{
	size_t	i, len = 0, n;
	char	*s = xmalloc(max + 1);

	s[0] = '\0';
	for (i = 0; i < rs->nsystems; i++) {
		n = strlen(rs->systems[i].identifier) + (i > 0 ? 2 : 0);
		if (len + n + 4 > max) {
			snprintf(s + len, max + 1 - len, "%s...", i > 0 ? ", " : "");
			break;
		}
		len += (size_t)snprintf(s + len, max + 1 - len, "%s%s",
		    i > 0 ? ", " : "", rs->systems[i].identifier);
	}
	return s;
}

struct test *
result_set_add_test(struct result_set *rs)
{
	struct test	*t;

	xgrow(&rs->tests, &rs->captests, rs->ntests + 1, sizeof(*rs->tests));
	t = &rs->tests[rs->ntests++];
	memset(t, 0, sizeof(*t));
	return t;
}

void
result_set_pop_test(struct result_set *rs)
{
	if (rs->ntests == 0)
		return;
	test_free(&rs->tests[--rs->ntests]);
}

struct value *
test_add_value(struct test *t, size_t sys)
{
	struct value	*v;

	xgrow(&t->values, &t->capvalues, t->nvalues + 1, sizeof(*t->values));
	v = &t->values[t->nvalues++];
	memset(v, 0, sizeof(*v));
	v->system = sys;
	return v;
}

struct value *
test_find_value(const struct test *t, size_t sys)
{
	size_t	i;

	for (i = 0; i < t->nvalues; i++)
		if (t->values[i].system == sys)
			return &t->values[i];
	return NULL;
}

void
value_clear(struct value *v)
{
	size_t	sys = v->system;

	value_free(v);
	memset(v, 0, sizeof(*v));
	v->system = sys;
}

static void
model_copy_dbl(struct dbl_list *dst, const struct dbl_list *src)
{
	size_t	i;

	for (i = 0; i < src->len; i++)
		dbl_list_add(dst, src->v[i]);
}

void
value_copy(struct value *dst, const struct value *src)
{
	struct series	*s;
	size_t		 i;

	dst->has_mean = src->has_mean;
	dst->mean = src->mean;
	dst->has_se = src->has_se;
	dst->se = src->se;
	dst->n = src->n;
	dst->has_min = src->has_min;
	dst->min = src->min;
	dst->has_max = src->has_max;
	dst->max = src->max;
	model_copy_dbl(&dst->runs, &src->runs);
	model_set_str(&dst->value_text, src->value_text);
	model_set_str(&dst->raw_string, src->raw_string);
	model_set_str(&dst->json_raw, src->json_raw);
	model_set_str(&dst->note, src->note);
	model_set_str(&dst->error, src->error);
	for (i = 0; i < src->nseries; i++) {
		s = value_add_series(dst, src->series[i].name);
		model_set_str(&s->unit, src->series[i].unit);
		model_set_str(&s->x_unit, src->series[i].x_unit);
		model_copy_dbl(&s->x, &src->series[i].x);
		model_copy_dbl(&s->y, &src->series[i].y);
	}
}

void
test_copy_info(struct test *dst, const struct test *src)
{
	size_t	i;

	model_set_str(&dst->identifier, src->identifier);
	model_set_str(&dst->title, src->title);
	model_set_str(&dst->app_version, src->app_version);
	model_set_str(&dst->arguments, src->arguments);
	model_set_str(&dst->description, src->description);
	model_set_str(&dst->unit, src->unit);
	dst->proportion = src->proportion;
	model_set_str(&dst->proportion_raw, src->proportion_raw);
	dst->display = src->display;
	model_set_str(&dst->display_raw, src->display_raw);
	model_set_str(&dst->annotation, src->annotation);
	model_set_str(&dst->parent, src->parent);
	for (i = 0; i < src->footnotes.len; i++)
		str_list_add(&dst->footnotes, src->footnotes.items[i]);
	for (i = 0; i < src->facts.len; i++)
		kv_list_add(&dst->facts, src->facts.items[i].key,
		    src->facts.items[i].value);
}

struct series *
value_add_series(struct value *v, const char *name)
{
	struct series	*s;

	v->series = xreallocarray(v->series, v->nseries + 1, sizeof(*s));
	s = &v->series[v->nseries++];
	memset(s, 0, sizeof(*s));
	s->name = xstrdup(name ? name : "");
	return s;
}

/* A pair as one allocation: the key, its NUL, the value (model.h). */
static void
kv_pack(struct kv *kv, const char *key, const char *value)
{
	size_t	klen = strlen(key), vlen = strlen(value);

	kv->key = xmalloc(klen + vlen + 2);
	memcpy(kv->key, key, klen + 1);
	kv->value = kv->key + klen + 1;
	memcpy(kv->value, value, vlen + 1);
}

/* A new value for a pair; value may be the pair's own. */
static void
kv_repack(struct kv *kv, const char *value)
{
	size_t	vlen = strlen(value);
	char	*old = kv->key;

	if (vlen <= strlen(kv->value)) {
		memmove(kv->value, value, vlen + 1);
		return;
	}
	kv_pack(kv, old, value);
	free(old);
}

void
kv_list_add(struct kv_list *l, const char *key, const char *value)
{
	xgrow(&l->items, &l->cap, l->len + 1, sizeof(*l->items));
	kv_pack(&l->items[l->len], key ? key : "", value ? value : "");
	l->len++;
}

const char *
kv_list_get(const struct kv_list *l, const char *key)
{
	size_t	i;

	for (i = 0; i < l->len; i++)
		if (strcmp(l->items[i].key, key) == 0)
			return l->items[i].value;
	return NULL;
}

void
kv_list_set(struct kv_list *l, const char *key, const char *value)
{
	size_t	i;

	for (i = 0; i < l->len; i++) {
		if (strcmp(l->items[i].key, key) == 0) {
			kv_repack(&l->items[i], value ? value : "");
			return;
		}
	}
	kv_list_add(l, key, value);
}

bool
kv_list_equal(const struct kv_list *a, const struct kv_list *b)
{
	size_t	i;

	if (a->len != b->len)
		return false;
	for (i = 0; i < a->len; i++)
		if (strcmp(a->items[i].key, b->items[i].key) != 0 ||
		    strcmp(a->items[i].value, b->items[i].value) != 0)
			return false;
	return true;
}

void
kv_list_free(struct kv_list *l)
{
	size_t	i;

	for (i = 0; i < l->len; i++)
		free(l->items[i].key);
	free(l->items);
	memset(l, 0, sizeof(*l));
}

void
fact_list_set(struct fact_list *l, const char *key, const char *value,
    const char *source)
{
	size_t		 i;
	struct fact	*f = NULL;

	for (i = 0; i < l->len; i++)
		if (strcmp(l->items[i].key, key) == 0)
			f = &l->items[i];
	if (f == NULL) {
		xgrow(&l->items, &l->cap, l->len + 1, sizeof(*l->items));
		f = &l->items[l->len++];
		memset(f, 0, sizeof(*f));
		f->key = xstrdup(key);
	}
	model_set_str(&f->value, value);
	model_set_str(&f->source, source);
}

const struct fact *
fact_list_get(const struct fact_list *l, const char *key)
{
	size_t	i;

	for (i = 0; i < l->len; i++)
		if (strcmp(l->items[i].key, key) == 0)
			return &l->items[i];
	return NULL;
}

void
fact_list_free(struct fact_list *l)
{
	size_t	i;

	for (i = 0; i < l->len; i++) {
		free(l->items[i].key);
		free(l->items[i].value);
		free(l->items[i].source);
	}
	free(l->items);
	memset(l, 0, sizeof(*l));
}

void
dbl_list_add(struct dbl_list *l, double v)
{
	xgrow(&l->v, &l->cap, l->len + 1, sizeof(*l->v));
	l->v[l->len++] = v;
}

void
dbl_list_free(struct dbl_list *l)
{
	free(l->v);
	memset(l, 0, sizeof(*l));
}

void
str_list_add(struct str_list *l, const char *s)
{
	xgrow(&l->items, &l->cap, l->len + 1, sizeof(*l->items));
	l->items[l->len++] = xstrdup(s ? s : "");
}

void
str_list_free(struct str_list *l)
{
	size_t	i;

	for (i = 0; i < l->len; i++)
		free(l->items[i]);
	free(l->items);
	memset(l, 0, sizeof(*l));
}

const char *
proportion_name(enum proportion p)
{
	switch (p) {
	case PROP_HIB:
		return "HIB";
	case PROP_LIB:
		return "LIB";
	case PROP_ABSTRACT:
		return "ABSTRACT";
	default:
		return "";
	}
}

enum proportion
proportion_parse(const char *s)
{
	if (s == NULL)
		return PROP_NONE;
	if (strcmp(s, "HIB") == 0)
		return PROP_HIB;
	if (strcmp(s, "LIB") == 0)
		return PROP_LIB;
	if (strcmp(s, "ABSTRACT") == 0)
		return PROP_ABSTRACT;
	return PROP_NONE;
}

const char *
display_name(enum display d)
{
	switch (d) {
	case DISPLAY_LINE:
		return "LINE_GRAPH";
	case DISPLAY_OTHER:
		return "OTHER";
	default:
		return "BAR_GRAPH";
	}
}

enum display
display_parse(const char *s)
{
	if (s == NULL || *s == '\0')
		return DISPLAY_BAR;
	if (strcmp(s, "LINE_GRAPH") == 0 || strcmp(s, "FILLED_LINE_GRAPH") == 0)
		return DISPLAY_LINE;
	if (strcmp(s, "BAR_GRAPH") == 0 || strcmp(s, "VERTICAL_BAR_GRAPH") == 0 ||
	    strcmp(s, "BAR_ANALYZE_GRAPH") == 0)
		return DISPLAY_BAR;
	if (strcmp(s, "PASS_FAIL") == 0 || strcmp(s, "MULTI_PASS_FAIL") == 0 ||
	    strcmp(s, "IMAGE_COMPARISON") == 0 || strcmp(s, "NO_RESULT") == 0 ||
	    strcmp(s, "SCATTER_PLOT") == 0 || strcmp(s, "PIE_CHART") == 0 ||
	    strcmp(s, "HORIZONTAL_BOX_PLOT") == 0)
		return DISPLAY_OTHER;
	/* PTS draws any other value as a bar graph; so do we. */
	return DISPLAY_BAR;
}

void
value_compute_stats(struct value *v)
{
	double	sum = 0, mean, ss = 0, lo, hi;
	size_t	i, n = v->runs.len;

	if (n == 0)
		return;
	lo = hi = v->runs.v[0];
	for (i = 0; i < n; i++) {
		sum += v->runs.v[i];
		if (v->runs.v[i] < lo)
			lo = v->runs.v[i];
		if (v->runs.v[i] > hi)
			hi = v->runs.v[i];
	}
	mean = sum / (double)n;
	for (i = 0; i < n; i++)
		ss += (v->runs.v[i] - mean) * (v->runs.v[i] - mean);
	/*
	 * PTS rounds the mean to the test's precision and states that
	 * figure; the article quotes it, so it stays the value.
	 */
	if (!v->has_mean) {
		v->has_mean = true;
		v->mean = mean;
	}
	v->n = (long)n;
	v->has_se = true;
	/* Sample SD (n - 1), as PTS's pts_math::standard_deviation; 0 for one run. */
	v->se = n > 1 ? sqrt(ss / (double)(n - 1)) / sqrt((double)n) : 0.0;
	/* One run has no spread to show; a stated MIN/MAX stays as stated. */
	if (n > 1 && !v->has_min && !v->has_max) {
		v->has_min = v->has_max = true;
		v->min = lo;
		v->max = hi;
	}
}

static double
model_mean_of_runs(const struct value *v)
{
	double	sum = 0;
	size_t	i;

	for (i = 0; i < v->runs.len; i++)
		sum += v->runs.v[i];
	return sum / (double)v->runs.len;
}

bool
value_runs_mean(const struct value *v, double *out)
{
	double	m, scale;

	if (v->runs.len == 0 || !v->has_mean)
		return false;
	m = model_mean_of_runs(v);
	/* Equal up to the last bits of a decimal round trip is not a difference. */
	scale = fabs(m) > fabs(v->mean) ? fabs(m) : fabs(v->mean);
	if (fabs(m - v->mean) <= scale * 1e-12)
		return false;
	*out = m;
	return true;
}

const char *
value_stated_text(const struct value *v)
{
	char	*end;

	if (!v->has_mean || v->value_text == NULL || *v->value_text == '\0')
		return NULL;
	(void)strtod(v->value_text, &end);
	return *end == '\0' ? v->value_text : NULL;
}

double
value_stat_mean(const struct value *v)
{
	return v->runs.len > 0 ? model_mean_of_runs(v) : v->mean;
}

/*
 * PTS profile names by test title, for results whose source names the test
 * but states no identifier and whose reader found no name for it (the
 * OpenBenchmarking readers record the overview table's names as the extra
 * field "ob-test-profiles", which callers look at first): the pts-xml
 * export's identifiers and the page's short names. Each pair is the Title of
 * the profile's own test-definition.xml; a title two profiles share
 * ("MariaDB") is not here.
 */
static const struct {
	const char	*title;
	const char	*name;
} model_pts_profiles[] = {
	{ "7-Zip Compression", "compress-7zip" },
	{ "Blender", "blender" },
	{ "C-Ray", "c-ray" },
	{ "CacheBench", "cachebench" },
	{ "CockroachDB", "cockroach" },
	{ "Dbench", "dbench" },
	{ "FS-Mark", "fs-mark" },
	{ "Flexible IO Tester", "fio" },
	{ "GLmark2", "glmark2" },
	{ "Gzip Compression", "compress-gzip" },
	{ "IOR", "ior" },
	{ "MBW", "mbw" },
	{ "OpenArena", "openarena" },
	{ "OpenSSL", "openssl" },
	{ "PostgreSQL", "pgbench" },
	{ "PostgreSQL pgbench", "pgbench" },
	{ "RAMspeed SMP", "ramspeed" },
	{ "Redis", "redis" },
	{ "SQLite", "sqlite" },
	{ "SQLite Speedtest", "sqlite-speedtest" },
	{ "Unpacking The Linux Kernel", "unpack-linux" },
	{ "nginx", "nginx" },
	{ "oneDNN", "onednn" },
	{ "x264", "x264" },
	{ NULL, NULL }
};

const char *
test_profile_by_title(const char *title)
{
	size_t	i;

	if (title == NULL)
		return NULL;
	for (i = 0; model_pts_profiles[i].title != NULL; i++)
		if (strcmp(model_pts_profiles[i].title, title) == 0)
			return model_pts_profiles[i].name;
	return NULL;
}
