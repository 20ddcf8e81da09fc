/* SPDX-License-Identifier: ISC */
/*
 * The JSON rendering of a diff, schema DIFF_JSON_SCHEMA, documented in
 * docs/diff-json.md. Key names are a promise to scripts: add keys, never
 * rename them. Absent numbers are null, never 0. json-c does the escaping.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>
#include <json-c/json.h>
#include <json-c/printbuf.h>

#include "diff.h"
#include "diff-ladder.h"
#include "text-json.h"
#include "version.h"

static struct json_object *diff_json_side(const struct result_set *rs,
		    const char *label);
static struct json_object *diff_json_test(const struct test *t);
static struct json_object *diff_json_value(const struct value *v);
static struct json_object *diff_json_row(const struct diff *df,
		    const struct diff_row *r);
static struct json_object *diff_json_summary(const struct diff *df);
static int	 diff_json_rows(struct json_object *jso, struct printbuf *pb,
		    int level, int flags);

static struct json_object *
diff_json_side(const struct result_set *rs, const char *label)
{
	struct json_object	*o = json_object_new_object();

	json_object_object_add(o, "label", text_json_string(label));
	json_object_object_add(o, "title", text_json_string(rs->title));
	json_object_object_add(o, "source_ref", text_json_string(rs->source_ref));
	json_object_object_add(o, "source_path", text_json_string(rs->source_path));
	return o;
}

static struct json_object *
diff_json_test(const struct test *t)
{
	struct json_object	*o = json_object_new_object();

	json_object_object_add(o, "identifier", text_json_string(t->identifier));
	json_object_object_add(o, "title", text_json_string(t->title));
	json_object_object_add(o, "app_version", text_json_string(t->app_version));
	json_object_object_add(o, "arguments", text_json_string(t->arguments));
	json_object_object_add(o, "description", text_json_string(t->description));
	json_object_object_add(o, "unit", text_json_string(t->unit));
	json_object_object_add(o, "proportion",
	    json_object_new_string(proportion_name(t->proportion)));
	return o;
}

static struct json_object *
diff_json_value(const struct value *v)
{
	struct json_object	*o;

	if (v == NULL)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "mean", text_json_number(v->has_mean, v->mean));
	json_object_object_add(o, "se", text_json_number(v->has_se, v->se));
	json_object_object_add(o, "n", v->n > 0 ?
	    json_object_new_int64(v->n) : NULL);
	json_object_object_add(o, "runs", json_object_new_int64((int64_t)v->runs.len));
	json_object_object_add(o, "error", text_json_string(v->error));
	return o;
}

static struct json_object *
diff_json_row(const struct diff *df, const struct diff_row *r)
{
	struct json_object	*o = json_object_new_object(), *x;
	const struct diff_pair	*p = &df->pairs[r->pair];
	char			*notice;

	json_object_object_add(o, "test", diff_json_test(&df->a->tests[r->test_a]));
	json_object_object_add(o, "system_a",
	    text_json_string(df->a->systems[p->a].identifier));
	json_object_object_add(o, "system_b",
	    text_json_string(df->b->systems[p->b].identifier));
	json_object_object_add(o, "a", diff_json_value(r->va));
	json_object_object_add(o, "b", diff_json_value(r->vb));
	json_object_object_add(o, "change", text_json_number(r->has_change, r->change));
	json_object_object_add(o, "change_pct", text_json_number(r->has_pct, r->pct));
	json_object_object_add(o, "change_direction", json_object_new_string(
	    !r->has_change || r->change == 0 ? "none" : r->change > 0 ?
	    "higher" : "lower"));
	x = NULL;
	if (r->has_ci) {
		x = json_object_new_array();
		json_object_array_add(x, text_json_number(true, r->ci_lo_pct));
		json_object_array_add(x, text_json_number(true, r->ci_hi_pct));
	}
	json_object_object_add(o, "change_pct_ci", x);
	json_object_object_add(o, "t", text_json_number(r->welch.ok, r->welch.t));
	json_object_object_add(o, "df", text_json_number(r->welch.ok, r->welch.df));
	json_object_object_add(o, "p", text_json_number(r->welch.ok, r->welch.p));
	json_object_object_add(o, "p_adjusted", text_json_number(r->has_p_adj, r->p_adj));
	x = NULL;
	if (r->mwu.ok) {
		x = json_object_new_object();
		json_object_object_add(x, "u", text_json_number(true, r->mwu.u));
		json_object_object_add(x, "p", text_json_number(true, r->mwu.p));
		json_object_object_add(x, "method", json_object_new_string(
		    r->mwu.exact ? "exact" : "normal"));
		json_object_object_add(x, "min_p", text_json_number(true,
		    r->mwu_min_p));
		json_object_object_add(x, "attainable", json_object_new_boolean(
		    r->mwu_min_p < df->opts.alpha));
	}
	json_object_object_add(o, "mann_whitney", x);
	notice = diff_mwu_notice(df, r);
	json_object_object_add(o, "notice", text_json_string(notice));
	free(notice);
	json_object_object_add(o, "mde_pct", text_json_number(r->has_mde,
	    r->mde_pct));
	json_object_object_add(o, "tost_p", text_json_number(r->tost.ok,
	    r->tost.p));
	json_object_object_add(o, "verdict",
	    json_object_new_string(diff_verdict_key(r->verdict)));
	json_object_object_add(o, "reason", text_json_string(r->why));
	return o;
}

static struct json_object *
diff_json_summary(const struct diff *df)
{
	struct json_object	*o = json_object_new_object(), *g = NULL, *ci;
	size_t			 i;

	for (i = 0; i < DIFF_NVERDICTS; i++)
		json_object_object_add(o, diff_verdict_key((enum diff_verdict)i),
		    json_object_new_int64((int64_t)df->counts[i]));
	json_object_object_add(o, "tested", json_object_new_int64((int64_t)df->ntested));
	if (df->geomean.ok) {
		g = json_object_new_object();
		json_object_object_add(g, "ratio", text_json_number(true, df->geomean.ratio));
		ci = NULL;
		if (df->geomean.has_ci) {
			ci = json_object_new_array();
			json_object_array_add(ci, text_json_number(true, df->geomean.lo));
			json_object_array_add(ci, text_json_number(true, df->geomean.hi));
		}
		json_object_object_add(g, "ci95", ci);
		json_object_object_add(g, "n", json_object_new_int64((int64_t)df->geomean.n));
	}
	json_object_object_add(o, "geomean", g);
	json_object_object_add(o, "geomean_reason",
	    text_json_string(df->geomean.ok ? NULL : df->geomean.why));
	return o;
}

/*
 * Serializer of the "results" array: one result per line, each built,
 * printed and freed in turn, so that a diff of many thousand values never
 * holds them all as JSON objects at once.
 */
static int
diff_json_rows(struct json_object *jso, struct printbuf *pb, int level,
    int flags)
{
	const struct diff	*df = json_object_get_userdata(jso);
	struct json_object	*row;
	size_t			 i;
	int			 rc = 0;

	printbuf_strappend(pb, "[");
	for (i = 0; i < df->nrows && rc >= 0; i++) {
		row = diff_json_row(df, &df->rows[i]);
		rc = sprintbuf(pb, "%s\n%*s%s", i > 0 ? "," : "",
		    (flags & JSON_C_TO_STRING_PRETTY) ? 2 * (level + 1) : 0, "",
		    json_object_to_json_string_ext(row, JSON_C_TO_STRING_SPACED |
		    JSON_C_TO_STRING_NOSLASHESCAPE));
		json_object_put(row);
	}
	if (rc >= 0)
		rc = sprintbuf(pb, "\n%*s]", (flags & JSON_C_TO_STRING_PRETTY) ?
		    2 * level : 0, "");
	return rc < 0 ? -1 : 0;
}

int
diff_json_write(const struct diff *df, FILE *fp, struct diag *d)
{
	struct json_object	*root, *a, *o;
	const struct diff_fact	*f;
	size_t			 i;
	int			 rc;

	root = json_object_new_object();
	json_object_object_add(root, "diff_schema",
	    json_object_new_int(DIFF_JSON_SCHEMA));
	json_object_object_add(root, "generator",
	    json_object_new_string("benchreport " BENCHREPORT_VERSION));
	json_object_object_add(root, "a", diff_json_side(df->a, df->opts.label_a));
	json_object_object_add(root, "b", diff_json_side(df->b, df->opts.label_b));
	o = json_object_new_object();
	json_object_object_add(o, "test", json_object_new_string("welch"));
	json_object_object_add(o, "alpha", text_json_number(true, df->opts.alpha));
	json_object_object_add(o, "correction",
	    json_object_new_string(df->opts.correction ? "holm" : "none"));
	json_object_object_add(o, "threshold_pct",
	    text_json_number(true, df->opts.threshold_pct));
	json_object_object_add(o, "equivalence_pct", text_json_number(
	    df->opts.equivalence_pct > 0, df->opts.equivalence_pct));
	json_object_object_add(o, "power", text_json_number(true,
	    df->opts.power));
	json_object_object_add(root, "options", o);
	a = json_object_new_array();
	for (i = 0; i < df->npairs; i++) {
		o = json_object_new_object();
		json_object_object_add(o, "a", text_json_string(
		    df->a->systems[df->pairs[i].a].identifier));
		json_object_object_add(o, "b", text_json_string(
		    df->b->systems[df->pairs[i].b].identifier));
		json_object_array_add(a, o);
	}
	json_object_object_add(root, "pairs", a);
	a = json_object_new_array();
	json_object_set_serializer(a, diff_json_rows, (void *)df, NULL);
	json_object_object_add(root, "results", a);
	json_object_object_add(root, "summary", diff_json_summary(df));
	a = json_object_new_array();
	for (i = 0; i < df->nonly_a; i++)
		json_object_array_add(a, diff_json_test(&df->a->tests[df->only_a[i]]));
	json_object_object_add(root, "only_in_a", a);
	a = json_object_new_array();
	for (i = 0; i < df->nonly_b; i++)
		json_object_array_add(a, diff_json_test(&df->b->tests[df->only_b[i]]));
	json_object_object_add(root, "only_in_b", a);
	a = json_object_new_array();
	for (i = 0; i < df->nsys_only_a; i++)
		json_object_array_add(a, text_json_string(
		    df->a->systems[df->sys_only_a[i]].identifier));
	json_object_object_add(root, "systems_only_in_a", a);
	a = json_object_new_array();
	for (i = 0; i < df->nsys_only_b; i++)
		json_object_array_add(a, text_json_string(
		    df->b->systems[df->sys_only_b[i]].identifier));
	json_object_object_add(root, "systems_only_in_b", a);
	a = json_object_new_array();
	for (i = 0; i < df->nfacts; i++) {
		f = &df->facts[i];
		o = json_object_new_object();
		json_object_object_add(o, "system_a", text_json_string(
		    df->a->systems[df->pairs[f->pair].a].identifier));
		json_object_object_add(o, "system_b", text_json_string(
		    df->b->systems[df->pairs[f->pair].b].identifier));
		json_object_object_add(o, "fact", text_json_string(f->key));
		json_object_object_add(o, "a", text_json_string(f->value_a));
		json_object_object_add(o, "b", text_json_string(f->value_b));
		json_object_object_add(o, "named", json_object_new_boolean(f->named));
		json_object_array_add(a, o);
	}
	json_object_object_add(root, "hidden_dimensions", a);
	json_object_object_add(root, "latency_ladders", diff_ladder_json(df));

	rc = text_json_print(root, fp, d);
	json_object_put(root);
	return rc;
}
