/* SPDX-License-Identifier: ISC */
/*
 * Writer of PTS result files: a composite.xml in PTS's own element names
 * and order (the element order PTS writes, docs/pts-xml.md), through libxml2's xmlTextWriter so
 * that escaping is libxml2's. What parse-pts.c keeps verbatim is written
 * back verbatim, so a file read and written reads back the same. What other
 * formats state that PTS has no element for (SE and N without runs, row
 * notes, footnotes, test facts) goes into the Entry JSON under the key
 * "benchreport", which PTS ignores and parse-pts.c reads back. Every
 * Result gets an identifier (docs/pts-xml.md). It does not recompute PTS's
 * rounding of Value, and pre-3.0 files come out in today's layout.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>
#include <libxml/tree.h>
#include <libxml/xmlwriter.h>

#include "export.h"
#include "pts.h"
#include "strbuf.h"
#include "text-json.h"
#include "version.h"
#include "xalloc.h"

static int	 export_pts_xml_write(const struct result_set *, FILE *,
		    struct diag *);
static int	 export_pts_xml_elem(xmlTextWriterPtr w, const char *name,
		    const char *text);
static bool	 export_pts_xml_known(const char *name, const char *const *list);
static int	 export_pts_xml_generated(xmlTextWriterPtr w,
		    const struct result_set *rs);
static int	 export_pts_xml_system(xmlTextWriterPtr w, const struct system *s);
static int	 export_pts_xml_result(xmlTextWriterPtr w,
		    const struct result_set *rs, const struct test *t,
		    struct json_object *profiles);
static int	 export_pts_xml_entry(xmlTextWriterPtr w,
		    const struct result_set *rs, const struct test *t,
		    const struct value *v, bool first);
static char	*export_pts_xml_dbls(const struct dbl_list *l, char sep);
static bool	 export_pts_xml_runs_extremes(const struct value *v);
static bool	 export_pts_xml_profile_ok(const char *s);
static char	*export_pts_xml_test_id(const struct test *t,
		    struct json_object *profiles);
static void	 export_pts_xml_compiler(struct json_object *o,
		    const struct test *t);
static struct json_object *export_pts_xml_json_dbls(const struct dbl_list *l);
static struct json_object *export_pts_xml_series(const struct value *v);
static struct json_object *export_pts_xml_ours(const struct test *t,
		    const struct value *v, bool first);

const struct writer writer_pts_xml = {
	.name = "pts-xml",
	.summary = "Phoronix Test Suite result file (composite.xml)",
	.write = export_pts_xml_write
};

/* Generated children this writer writes itself, in PTS's order. */
static const char *const export_pts_xml_gen[] = {
	"Title", "LastModified", "TestClient", "Description", "Notes",
	"InternalTags", "ReferenceID", "PreSetEnvironmentVariables", NULL
};
static const char *const export_pts_xml_sys[] = {
	"Identifier", "Hardware", "Software", "User", "TimeStamp",
	"TestClientVersion", "Notes", "JSON", "CostValueForComparison", NULL
};


/*
 * One element with text content. Text from other formats may hold bytes
 * XML 1.0 cannot carry (bad UTF-8, control characters): they are replaced,
 * since an unreadable file helps nobody. An empty text gives an open/close
 * pair, as PTS writes it.
 */
static int
export_pts_xml_elem(xmlTextWriterPtr w, const char *name, const char *text)
{
	char	*clean, *p;
	int	 rc;

	clean = g_utf8_make_valid(text != NULL ? text : "", -1);
	for (p = clean; *p != '\0'; p++)
		if ((unsigned char)*p < 0x20 && *p != '\t' && *p != '\n' &&
		    *p != '\r')
			*p = '?';
	rc = xmlTextWriterStartElement(w, BAD_CAST name);
	if (rc >= 0)
		rc = xmlTextWriterWriteString(w, BAD_CAST clean);
	if (rc >= 0)
		rc = xmlTextWriterFullEndElement(w);
	g_free(clean);
	return rc < 0 ? -1 : 0;
}

static bool
export_pts_xml_known(const char *name, const char *const *list)
{
	size_t	i;

	for (i = 0; list[i] != NULL; i++)
		if (strcmp(list[i], name) == 0)
			return true;
	return false;
}

/* Can name be an element name? Keys from other formats may not be. */
static bool
export_pts_xml_name_ok(const char *name)
{
	return *name != '\0' && xmlValidateName(BAD_CAST name, 0) == 0 &&
	    strchr(name, ':') == NULL;
}

static int
export_pts_xml_generated(xmlTextWriterPtr w, const struct result_set *rs)
{
	const char	*vals[5];
	size_t		 i;
	int		 rc = 0;

	vals[0] = rs->title;
	vals[1] = rs->last_modified;
	vals[2] = rs->generator;
	vals[3] = rs->description;
	vals[4] = rs->notes;
	if (xmlTextWriterStartElement(w, BAD_CAST "Generated") < 0)
		return -1;
	for (i = 0; i < 5; i++)
		rc |= export_pts_xml_elem(w, export_pts_xml_gen[i], vals[i]);
	/* PTS always writes these three, empty when unset. */
	for (i = 5; export_pts_xml_gen[i] != NULL; i++)
		rc |= export_pts_xml_elem(w, export_pts_xml_gen[i],
		    kv_list_get(&rs->extra, export_pts_xml_gen[i]));
	for (i = 0; i < rs->extra.len; i++) {
		const struct kv	*kv = &rs->extra.items[i];

		/* benchreport's own notes on the import are not the file's. */
		if (!export_pts_xml_known(kv->key, export_pts_xml_gen) &&
		    export_pts_xml_name_ok(kv->key) &&
		    strcmp(kv->key, "benchreport-warnings") != 0)
			rc |= export_pts_xml_elem(w, kv->key, kv->value);
	}
	if (xmlTextWriterEndElement(w) < 0)
		return -1;
	return rc;
}

static int
export_pts_xml_system(xmlTextWriterPtr w, const struct system *s)
{
	struct json_object	*o, *ours;
	const char		*json = s->json_raw, *cost;
	char			*hw, *sw;
	size_t			 nhw, i;
	int			 rc = 0;

	nhw = pts_hardware_count(&s->fields);
	hw = pts_join_fields(&s->fields, 0, nhw);
	sw = pts_join_fields(&s->fields, nhw, s->fields.len);
	o = NULL;
	if (json == NULL) {
		/* Notes from another format become PTS's System JSON. */
		o = json_object_new_object();
		for (i = 0; i < s->notes.len; i++)
			json_object_object_add(o, s->notes.items[i].key,
			    json_object_new_string(s->notes.items[i].value));
		/* Metadata no element can be named after ("fio time"). */
		ours = NULL;
		for (i = 0; i < s->meta.len; i++) {
			const struct kv	*kv = &s->meta.items[i];
			struct json_object *pair;

			if (export_pts_xml_known(kv->key, export_pts_xml_sys) ||
			    export_pts_xml_name_ok(kv->key))
				continue;
			if (ours == NULL)
				ours = json_object_new_array();
			pair = json_object_new_array();
			json_object_array_add(pair, json_object_new_string(kv->key));
			json_object_array_add(pair,
			    json_object_new_string(kv->value));
			json_object_array_add(ours, pair);
		}
		if (ours != NULL) {
			struct json_object *b = json_object_new_object();

			json_object_object_add(b, "meta", ours);
			json_object_object_add(o, "benchreport", b);
		}
		if (json_object_object_length(o) > 0)
			json = json_object_to_json_string_ext(o,
			    JSON_C_TO_STRING_PLAIN);
	}
	if (xmlTextWriterStartElement(w, BAD_CAST "System") < 0)
		rc = -1;
	rc |= export_pts_xml_elem(w, "Identifier", s->identifier);
	rc |= export_pts_xml_elem(w, "Hardware", hw);
	rc |= export_pts_xml_elem(w, "Software", sw);
	rc |= export_pts_xml_elem(w, "User", kv_list_get(&s->meta, "User"));
	rc |= export_pts_xml_elem(w, "TimeStamp",
	    kv_list_get(&s->meta, "TimeStamp"));
	rc |= export_pts_xml_elem(w, "TestClientVersion",
	    kv_list_get(&s->meta, "TestClientVersion"));
	rc |= export_pts_xml_elem(w, "Notes", s->notes_text);
	if (json != NULL && *json != '\0')
		rc |= export_pts_xml_elem(w, "JSON", json);
	if ((cost = kv_list_get(&s->meta, "CostValueForComparison")) != NULL)
		rc |= export_pts_xml_elem(w, "CostValueForComparison", cost);
	for (i = 0; i < s->meta.len; i++) {
		const struct kv	*kv = &s->meta.items[i];

		if (!export_pts_xml_known(kv->key, export_pts_xml_sys) &&
		    export_pts_xml_name_ok(kv->key))
			rc |= export_pts_xml_elem(w, kv->key, kv->value);
	}
	if (xmlTextWriterEndElement(w) < 0)
		rc = -1;
	json_object_put(o);
	free(hw);
	free(sw);
	return rc;
}

static char *
export_pts_xml_dbls(const struct dbl_list *l, char sep)
{
	struct strbuf	sb;
	char		buf[64];
	size_t		i;

	strbuf_init(&sb);
	for (i = 0; i < l->len; i++) {
		if (i > 0)
			strbuf_addc(&sb, sep);
		text_json_double(l->v[i], buf, sizeof(buf));
		strbuf_adds(&sb, buf);
	}
	return strbuf_detach(&sb);
}

/* Whether v's min and max are exactly the extremes of its runs. */
static bool
export_pts_xml_runs_extremes(const struct value *v)
{
	double	lo, hi;
	size_t	i;

	if (v->runs.len < 2 || !v->has_min || !v->has_max)
		return false;
	lo = hi = v->runs.v[0];
	for (i = 1; i < v->runs.len; i++) {
		if (v->runs.v[i] < lo)
			lo = v->runs.v[i];
		if (v->runs.v[i] > hi)
			hi = v->runs.v[i];
	}
	return lo == v->min && hi == v->max;
}

/* A profile name as PTS spells them: lower case, digits, "-", "_", ".". */
static bool
export_pts_xml_profile_ok(const char *s)
{
	size_t	n = strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-_.");

	return n > 0 && n <= 64 && s[n] == '\0' && isalnum((unsigned char)*s);
}

/*
 * The Result identifier: the source's own; else pts/NAME from the name the
 * reader recorded for the title or from the table of known titles; else
 * local/TITLE (PTS's name space for profiles outside its repository), so
 * that PTS's overview has a row name for every result (an empty one in a
 * PTS file too: old PTS versions wrote some).
 */
static char *
export_pts_xml_test_id(const struct test *t, struct json_object *profiles)
{
	struct json_object	*x;
	struct strbuf		 sb;
	const char		*title = t->title != NULL ? t->title : "", *p;
	bool			 gap = false, any = false;

	if (t->identifier != NULL && *t->identifier != '\0')
		return xstrdup(t->identifier);
	if (profiles != NULL && json_object_object_get_ex(profiles, title, &x) &&
	    json_object_is_type(x, json_type_string) &&
	    export_pts_xml_profile_ok(json_object_get_string(x)))
		return xasprintf("pts/%s", json_object_get_string(x));
	if ((p = test_profile_by_title(title)) != NULL)
		return xasprintf("pts/%s", p);
	strbuf_init(&sb);
	strbuf_adds(&sb, "local/");
	for (p = title; *p != '\0'; p++) {
		if (!isalnum((unsigned char)*p)) {
			gap = true;
			continue;
		}
		if (gap && any)
			strbuf_addc(&sb, '-');
		strbuf_addc(&sb, (char)tolower((unsigned char)*p));
		gap = false;
		any = true;
	}
	if (!any)
		strbuf_adds(&sb, "result");
	return strbuf_detach(&sb);
}

/*
 * PTS's own form of the first "(CC) gcc options: ..." footnote, so that
 * PTS draws it under the chart as it does for its own results.
 */
static void
export_pts_xml_compiler(struct json_object *o, const struct test *t)
{
	struct json_object	*co;
	const char		*f, *close, *opts;
	size_t			 i;

	for (i = 0; i < t->footnotes.len; i++) {
		f = t->footnotes.items[i];
		if (f[0] != '(' || (close = strstr(f, ") ")) == NULL ||
		    (opts = strstr(close, " options: ")) == NULL)
			continue;
		co = json_object_new_object();
		json_object_object_add(co, "compiler-type",
		    json_object_new_string_len(f + 1, (int)(close - f - 1)));
		json_object_object_add(co, "compiler",
		    json_object_new_string_len(close + 2, (int)(opts - close - 2)));
		json_object_object_add(co, "compiler-options",
		    json_object_new_string(opts + strlen(" options: ")));
		json_object_object_add(o, "compiler-options", co);
		return;
	}
}

/*
 * What the model holds and a PTS Entry cannot say, for the key
 * "benchreport" (docs/pts-xml.md): SE and N stated without runs (or no SE
 * over runs, where the reader would compute one), the row
 * note, whether Value was the source's text, and on a Result's first Entry
 * the test's footnotes and facts. NULL when there is nothing to add.
 */
static struct json_object *
export_pts_xml_ours(const struct test *t, const struct value *v, bool first)
{
	struct json_object	*o, *a, *pair;
	char			 buf[64];
	size_t			 i;

	o = json_object_new_object();
	if (v->runs.len == 0) {
		if (v->has_se) {
			text_json_double(v->se, buf, sizeof(buf));
			json_object_object_add(o, "se", json_object_new_string(buf));
		}
		/* The reader's own N without runs: 1 for a number, else 0. */
		if (v->n != (v->has_mean ? 1 : 0))
			json_object_object_add(o, "n", json_object_new_int64(v->n));
	} else if (!v->has_se)	/* a reader that gives one run no SE */
		json_object_object_add(o, "se", NULL);
	if (v->note != NULL)
		json_object_object_add(o, "note", json_object_new_string(v->note));
	else if (v->has_min || v->has_max)
		json_object_object_add(o, "note", NULL);
	if (v->value_text == NULL && (v->has_mean ||
	    (t->display == DISPLAY_LINE && v->nseries > 0)))
		json_object_object_add(o, "value-text", json_object_new_boolean(0));
	/* All series but the one a LINE_GRAPH Value gives back. */
	if (v->nseries > 1 || (v->nseries == 1 && (t->display != DISPLAY_LINE ||
	    strcmp(v->series[0].name, "value") != 0 ||
	    g_strcmp0(v->series[0].unit, t->unit) != 0 ||
	    v->series[0].x_unit != NULL || v->series[0].x.len > 0)))
		json_object_object_add(o, "series", export_pts_xml_series(v));
	if (first && t->footnotes.len > 0) {
		a = json_object_new_array();
		for (i = 0; i < t->footnotes.len; i++)
			json_object_array_add(a,
			    json_object_new_string(t->footnotes.items[i]));
		json_object_object_add(o, "footnotes", a);
	}
	if (first && t->facts.len > 0) {
		a = json_object_new_array();
		for (i = 0; i < t->facts.len; i++) {
			pair = json_object_new_array();
			json_object_array_add(pair,
			    json_object_new_string(t->facts.items[i].key));
			json_object_array_add(pair,
			    json_object_new_string(t->facts.items[i].value));
			json_object_array_add(a, pair);
		}
		json_object_object_add(o, "facts", a);
	}
	if (json_object_object_length(o) == 0) {
		json_object_put(o);
		return NULL;
	}
	return o;
}

/* Numbers as JSON, each written in the shortest text that reads back. */
static struct json_object *
export_pts_xml_json_dbls(const struct dbl_list *l)
{
	struct json_object	*a = json_object_new_array();
	char			 buf[64];
	size_t			 i;

	for (i = 0; i < l->len; i++) {
		text_json_double(l->v[i], buf, sizeof(buf));
		json_object_array_add(a, json_object_new_double_s(l->v[i], buf));
	}
	return a;
}

static struct json_object *
export_pts_xml_series(const struct value *v)
{
	struct json_object	*a = json_object_new_array(), *so;
	const struct series	*s;
	size_t			 i;

	for (i = 0; i < v->nseries; i++) {
		s = &v->series[i];
		so = json_object_new_object();
		json_object_object_add(so, "name",
		    json_object_new_string(s->name != NULL ? s->name : ""));
		if (s->unit != NULL)
			json_object_object_add(so, "unit",
			    json_object_new_string(s->unit));
		if (s->x_unit != NULL)
			json_object_object_add(so, "x_unit",
			    json_object_new_string(s->x_unit));
		json_object_object_add(so, "x", export_pts_xml_json_dbls(&s->x));
		json_object_object_add(so, "y", export_pts_xml_json_dbls(&s->y));
		json_object_array_add(a, so);
	}
	return a;
}

static int
export_pts_xml_entry(xmlTextWriterPtr w, const struct result_set *rs,
    const struct test *t, const struct value *v, bool first)
{
	struct json_object	*ours;
	struct json_object	*o = NULL;
	const char		*json = v->json_raw;
	char			*value = NULL, *raw = NULL, buf[64];
	int			 rc = 0;
	bool			 stated;

	/* What the source wrote, else the same thing rebuilt from the model. */
	if (v->value_text != NULL)
		value = xstrdup(v->value_text);
	else if (t->display == DISPLAY_LINE && v->nseries > 0)
		value = export_pts_xml_dbls(&v->series[0].y, ',');
	else if (v->has_mean) {
		text_json_double(v->mean, buf, sizeof(buf));
		value = xstrdup(buf);
	}
	/* Runs only when there are runs: never made up from SE and N. */
	if (v->raw_string != NULL)
		raw = xstrdup(v->raw_string);
	else if (v->runs.len > 0)
		raw = export_pts_xml_dbls(&v->runs, ':');
	/* A min and max the runs give are in the RawString already. */
	stated = (v->has_min || v->has_max) && !export_pts_xml_runs_extremes(v);
	if (json == NULL) {
		o = json_object_new_object();
		if (stated && v->has_min)
			json_object_object_add(o, "min-result",
			    json_object_new_double(v->min));
		if (stated && v->has_max)
			json_object_object_add(o, "max-result",
			    json_object_new_double(v->max));
		if (v->error != NULL)
			json_object_object_add(o, "error",
			    json_object_new_string(v->error));
		export_pts_xml_compiler(o, t);
		if ((ours = export_pts_xml_ours(t, v, first)) != NULL)
			json_object_object_add(o, "benchreport", ours);
		if (json_object_object_length(o) > 0)
			json = json_object_to_json_string_ext(o,
			    JSON_C_TO_STRING_PLAIN);
	}
	if (xmlTextWriterStartElement(w, BAD_CAST "Entry") < 0)
		rc = -1;
	rc |= export_pts_xml_elem(w, "Identifier", v->system < rs->nsystems ?
	    rs->systems[v->system].identifier : "");
	rc |= export_pts_xml_elem(w, "Value", value);
	rc |= export_pts_xml_elem(w, "RawString", raw);
	if (json != NULL)
		rc |= export_pts_xml_elem(w, "JSON", json);
	if (xmlTextWriterEndElement(w) < 0)
		rc = -1;
	json_object_put(o);
	free(value);
	free(raw);
	return rc;
}

static int
export_pts_xml_result(xmlTextWriterPtr w, const struct result_set *rs,
    const struct test *t, struct json_object *profiles)
{
	char	*id;
	size_t	 i;
	int	 rc = 0;

	if (xmlTextWriterStartElement(w, BAD_CAST "Result") < 0)
		return -1;
	id = export_pts_xml_test_id(t, profiles);
	rc |= export_pts_xml_elem(w, "Identifier", id);
	free(id);
	rc |= export_pts_xml_elem(w, "Title", t->title);
	rc |= export_pts_xml_elem(w, "AppVersion", t->app_version);
	rc |= export_pts_xml_elem(w, "Arguments", t->arguments);
	rc |= export_pts_xml_elem(w, "Description", t->description);
	rc |= export_pts_xml_elem(w, "Scale", t->unit);
	rc |= export_pts_xml_elem(w, "Proportion", t->proportion_raw != NULL ?
	    t->proportion_raw : proportion_name(t->proportion));
	rc |= export_pts_xml_elem(w, "DisplayFormat",
	    t->display_raw != NULL && *t->display_raw != '\0' ?
	    t->display_raw : display_name(t->display));
	if (t->annotation != NULL)
		rc |= export_pts_xml_elem(w, "Annotation", t->annotation);
	if (t->parent != NULL)
		rc |= export_pts_xml_elem(w, "Parent", t->parent);
	if (xmlTextWriterStartElement(w, BAD_CAST "Data") < 0)
		rc = -1;
	for (i = 0; i < t->nvalues && rc == 0; i++)
		rc |= export_pts_xml_entry(w, rs, t, &t->values[i], i == 0);
	if (xmlTextWriterEndElement(w) < 0 || xmlTextWriterEndElement(w) < 0)
		rc = -1;
	return rc;
}

static int
export_pts_xml_write(const struct result_set *rs, FILE *fp, struct diag *d)
{
	xmlOutputBufferPtr	 out;
	xmlTextWriterPtr	 w;
	struct json_object	*profiles = NULL;
	const char		*pj;
	size_t			 i;
	int			 rc = -1;

	if ((out = xmlOutputBufferCreateFile(fp, NULL)) == NULL)
		return diag_set(d, NULL, 0, "cannot set up XML output");
	/* The writer owns out from here on. */
	if ((w = xmlNewTextWriter(out)) == NULL) {
		xmlOutputBufferClose(out);
		return diag_set(d, NULL, 0, "cannot set up XML output");
	}
	if (xmlTextWriterSetIndent(w, 1) < 0 ||
	    xmlTextWriterSetIndentString(w, BAD_CAST "  ") < 0 ||
	    xmlTextWriterStartDocument(w, "1.0", NULL, NULL) < 0 ||
	    xmlTextWriterWriteComment(w, BAD_CAST "benchreport "
	    BENCHREPORT_VERSION) < 0 ||
	    xmlTextWriterStartElement(w, BAD_CAST "PhoronixTestSuite") < 0)
		goto out;
	if (export_pts_xml_generated(w, rs) == -1)
		goto out;
	if ((pj = kv_list_get(&rs->extra, "ob-test-profiles")) != NULL)
		profiles = json_tokener_parse(pj);
	for (i = 0; i < rs->nsystems; i++)
		if (export_pts_xml_system(w, &rs->systems[i]) == -1)
			goto out;
	for (i = 0; i < rs->ntests; i++)
		if (export_pts_xml_result(w, rs, &rs->tests[i], profiles) == -1)
			goto out;
	if (xmlTextWriterEndDocument(w) < 0 || xmlTextWriterFlush(w) < 0)
		goto out;
	rc = 0;
out:
	json_object_put(profiles);
	xmlFreeTextWriter(w);
	if (rc == -1 || ferror(fp))
		return diag_set(d, NULL, 0, "write error");
	return 0;
}
