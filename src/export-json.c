/* SPDX-License-Identifier: ISC */
/*
 * The project's JSON export, schema version MODEL_JSON_SCHEMA, described in
 * docs/json-schema.md. Tests and scripts compare against it, so the key
 * names and their order are a promise: add keys, never rename them.
 * Absent numbers are null, never 0.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "export.h"
#include "meta.h"
#include "text-json.h"
#include "text-safe.h"

static int	 export_json_write(const struct result_set *, FILE *, struct diag *);
static struct json_object *json_str(const char *s);
static struct json_object *json_kv(const struct kv_list *l);
static struct json_object *json_dbls(const struct dbl_list *l);
static struct json_object *json_system(const struct system *s);
static struct json_object *json_value(const struct result_set *rs,
		    const struct value *v);
static struct json_object *json_test(const struct result_set *rs,
		    const struct test *t);

const struct writer writer_json = {
	.name = "json",
	.summary = "the project's documented JSON schema (docs/json-schema.md)",
	.write = export_json_write
};

static struct json_object *
json_str(const char *s)
{
	return s != NULL ? json_object_new_string(s) : NULL;
}



static struct json_object *
json_kv(const struct kv_list *l)
{
	struct json_object	*o = json_object_new_object();
	size_t			 i;

	for (i = 0; i < l->len; i++)
		json_object_object_add(o, l->items[i].key,
		    json_object_new_string(l->items[i].value));
	return o;
}

static struct json_object *
json_dbls(const struct dbl_list *l)
{
	struct json_object	*a = json_object_new_array();
	size_t			 i;

	for (i = 0; i < l->len; i++)
		json_object_array_add(a, text_json_number(true, l->v[i]));
	return a;
}

static struct json_object *
json_system(const struct system *s)
{
	struct json_object	*o, *norm, *prov;
	size_t			 i;

	o = json_object_new_object();
	json_object_object_add(o, "identifier", json_str(s->identifier));
	json_object_object_add(o, "fields", json_kv(&s->fields));
	json_object_object_add(o, "notes", json_kv(&s->notes));
	json_object_object_add(o, "meta", json_kv(&s->meta));
	json_object_object_add(o, "notes_text", json_str(s->notes_text));
	norm = json_object_new_object();
	prov = json_object_new_object();
	for (i = 0; i < s->normalized.len; i++) {
		const struct fact	*f = &s->normalized.items[i];
		struct json_object	*v = NULL;

		/* List-valued facts are stored as JSON text: emit them as JSON. */
		if (f->value != NULL && (f->value[0] == '[' || f->value[0] == '{'))
			v = json_tokener_parse(f->value);
		/*
		 * Only facts that are numbers by definition become JSON
		 * numbers: "23.10" is an OS version, not 23.1.
		 */
		if (v == NULL && f->value != NULL) {
			char	*end;
			double	 d = strtod(f->value, &end);

			if (meta_fact_is_number(f->key) && *f->value != '\0' &&
			    *end == '\0' && isfinite(d))
				v = text_json_number(true, d);
			else
				v = json_str(f->value);
		}
		json_object_object_add(norm, f->key, v);
		json_object_object_add(prov, f->key, json_str(f->source));
	}
	json_object_object_add(o, "normalized", norm);
	json_object_object_add(o, "provenance", prov);
	return o;
}

static struct json_object *
json_value(const struct result_set *rs, const struct value *v)
{
	struct json_object	*o, *series;
	double			 rm;
	size_t			 i;

	o = json_object_new_object();
	json_object_object_add(o, "system", json_str(v->system < rs->nsystems ?
	    rs->systems[v->system].identifier : ""));
	json_object_object_add(o, "value", text_json_number(v->has_mean, v->mean));
	json_object_object_add(o, "se", text_json_number(v->has_se, v->se));
	json_object_object_add(o, "n", v->n > 0 ?
	    json_object_new_int64(v->n) : NULL);
	json_object_object_add(o, "min", text_json_number(v->has_min, v->min));
	json_object_object_add(o, "max", text_json_number(v->has_max, v->max));
	json_object_object_add(o, "runs", json_dbls(&v->runs));
	json_object_object_add(o, "runs_mean", value_runs_mean(v, &rm) ?
	    json_object_new_double(rm) : NULL);
	json_object_object_add(o, "value_text", json_str(v->value_text));
	json_object_object_add(o, "note", json_str(v->note));
	json_object_object_add(o, "error", json_str(v->error));
	if (v->nseries > 0) {
		series = json_object_new_array();
		for (i = 0; i < v->nseries; i++) {
			const struct series	*s = &v->series[i];
			struct json_object	*so = json_object_new_object();

			json_object_object_add(so, "name", json_str(s->name));
			json_object_object_add(so, "unit", json_str(s->unit));
			json_object_object_add(so, "x_unit", json_str(s->x_unit));
			json_object_object_add(so, "x", json_dbls(&s->x));
			json_object_object_add(so, "y", json_dbls(&s->y));
			json_object_array_add(series, so);
		}
		json_object_object_add(o, "series", series);
	}
	return o;
}

static struct json_object *
json_test(const struct result_set *rs, const struct test *t)
{
	struct json_object	*o, *a;
	size_t			 i;

	o = json_object_new_object();
	json_object_object_add(o, "identifier", json_str(t->identifier));
	json_object_object_add(o, "title", json_str(t->title));
	json_object_object_add(o, "app_version", json_str(t->app_version));
	json_object_object_add(o, "arguments", json_str(t->arguments));
	json_object_object_add(o, "description", json_str(t->description));
	json_object_object_add(o, "unit", json_str(t->unit));
	json_object_object_add(o, "proportion",
	    t->proportion == PROP_NONE ? NULL :
	    json_object_new_string(proportion_name(t->proportion)));
	json_object_object_add(o, "display", json_str(
	    t->display_raw != NULL && *t->display_raw != '\0' ?
	    t->display_raw : display_name(t->display)));
	json_object_object_add(o, "annotation", json_str(t->annotation));
	json_object_object_add(o, "parent", json_str(t->parent));
	a = json_object_new_array();
	for (i = 0; i < t->footnotes.len; i++)
		json_object_array_add(a, json_str(t->footnotes.items[i]));
	json_object_object_add(o, "footnotes", a);
	json_object_object_add(o, "facts", json_kv(&t->facts));
	a = json_object_new_array();
	for (i = 0; i < t->nvalues; i++)
		json_object_array_add(a, json_value(rs, &t->values[i]));
	json_object_object_add(o, "values", a);
	return o;
}

static int
export_json_write(const struct result_set *rs, FILE *fp, struct diag *d)
{
	struct json_object	*root, *src, *a;
	size_t			 i;
	int			 rc = 0;

	root = json_object_new_object();
	json_object_object_add(root, "schema", json_object_new_int(MODEL_JSON_SCHEMA));
	json_object_object_add(root, "title", json_str(rs->title));
	json_object_object_add(root, "description", json_str(rs->description));
	json_object_object_add(root, "notes", json_str(rs->notes));
	json_object_object_add(root, "generator", json_str(rs->generator));
	json_object_object_add(root, "last_modified", json_str(rs->last_modified));
	src = json_object_new_object();
	json_object_object_add(src, "path", json_str(rs->source_path));
	json_object_object_add(src, "sha256", json_str(rs->source_sha256));
	json_object_object_add(src, "format", json_str(rs->format));
	json_object_object_add(src, "url", json_str(rs->source_url));
	json_object_object_add(src, "ref", json_str(rs->source_ref));
	json_object_object_add(root, "source", src);
	json_object_object_add(root, "extra", json_kv(&rs->extra));
	/* benchreport's own notes on the import are not the file's data. */
	json_object_object_del(json_object_object_get(root, "extra"),
	    "benchreport-warnings");
	a = json_object_new_array();
	for (i = 0; i < rs->nsystems; i++)
		json_object_array_add(a, json_system(&rs->systems[i]));
	json_object_object_add(root, "systems", a);
	a = json_object_new_array();
	for (i = 0; i < rs->ntests; i++)
		json_object_array_add(a, json_test(rs, &rs->tests[i]));
	json_object_object_add(root, "results", a);

	rc = text_json_print(root, fp, d);
	json_object_put(root);
	return rc;
}
