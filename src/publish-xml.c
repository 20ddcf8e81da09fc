/* SPDX-License-Identifier: ISC */
/*
 * Builds the review document that templates turn into the page. All the
 * arithmetic (best per row, relative performance, merged equal cells) is
 * done here in C, so templates only lay things out and a replacement
 * template cannot get the numbers wrong. Every string from an input file
 * passes through escape_xml_chars_dup; libxml2 escapes markup when it serialises.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "escape.h"
#include "publish-xml.h"
#include "strbuf.h"
#include "version.h"
#include "xalloc.h"

static xmlNodePtr px_child(xmlNodePtr parent, const char *name, const char *text);
static void	 px_attr(xmlNodePtr node, const char *name, const char *value);
static void	 px_attr_num(xmlNodePtr node, const char *name, double v, int prec);
static const char *px_cell(const struct result_set *rs, size_t si,
		    const char *key, bool facts, const char **prov);
static void	 px_components(xmlNodePtr sec, const struct result_set *rs, bool facts);
static void	 px_notes(xmlNodePtr sec, const struct result_set *rs);
static int	 px_best(const struct result_set *rs, const struct test *t,
		    long baseline, double *ref);
static double	 px_relative(const struct test *t, double v, double ref);
static void	 px_result(xmlNodePtr sec, xmlNodePtr ov, struct result_set *rs,
		    size_t set, size_t ti, long baseline,
		    const struct publish_charts *charts);
static void	 px_source(xmlNodePtr node, const struct result_set *rs);
static void	 px_combined(xmlNodePtr sec, const struct publish_combined *c);
static void	 px_section(xmlNodePtr root, struct result_set *rs, size_t set,
		    const struct publish_options *opt,
		    const struct publish_charts *charts);

static xmlNodePtr
px_child(xmlNodePtr parent, const char *name, const char *text)
{
	xmlNodePtr	 n;
	char		*safe;

	n = xmlNewChild(parent, NULL, BAD_CAST name, NULL);
	if (n == NULL)
		abort();	/* libxml2 only fails here when out of memory */
	if (text != NULL) {
		safe = escape_xml_chars_dup(text);
		xmlNodeAddContent(n, BAD_CAST safe);
		free(safe);
	}
	return n;
}

static void
px_attr(xmlNodePtr node, const char *name, const char *value)
{
	char	*safe;

	if (value == NULL)
		return;
	safe = escape_xml_chars_dup(value);
	/* xmlSetProp escapes &, <, > and quotes on output. */
	xmlSetProp(node, BAD_CAST name, BAD_CAST safe);
	free(safe);
}

static void
px_attr_num(xmlNodePtr node, const char *name, double v, int prec)
{
	char	buf[64];

	snprintf(buf, sizeof(buf), "%.*f", prec, v);
	xmlSetProp(node, BAD_CAST name, BAD_CAST buf);
}

void
publish_format_value(const struct value *v, char *buf, size_t size)
{
	char	*end;

	if (v == NULL || !v->has_mean) {
		snprintf(buf, size, "%s", "");
		return;
	}
	/*
	 * The source's own text carries the test's precision ("0.017" vs
	 * "440.01"); use it when it is one plain number.
	 */
	if (v->value_text != NULL && *v->value_text != '\0' &&
	    v->runs.len == 0) {
		(void)strtod(v->value_text, &end);
		if (*end == '\0' && strlen(v->value_text) < size) {
			snprintf(buf, size, "%s", v->value_text);
			return;
		}
	}
	snprintf(buf, size, "%.2f", v->mean);
}

/*
 * The cell of system si in row key: the raw field, or with facts the
 * normalised fact (*prov its provenance). NULL when the source does not
 * state it for this system (absent, or empty: nothing was read).
 */
static const char *
px_cell(const struct result_set *rs, size_t si, const char *key, bool facts,
    const char **prov)
{
	const struct fact	*f;
	const char		*v;

	*prov = NULL;
	if (facts) {
		f = fact_list_get(&rs->systems[si].normalized, key);
		v = f != NULL ? f->value : NULL;
		*prov = f != NULL ? f->source : NULL;
	} else
		v = kv_list_get(&rs->systems[si].fields, key);
	return v != NULL && *v != '\0' ? v : NULL;
}

/*
 * The system table as OpenBenchmarking draws it: one row per component,
 * one column per system, runs of equal adjacent cells merged. With facts,
 * the rows are the normalised facts and each cell carries its provenance.
 * A cell the source does not state is marked missing ("not stated" on the
 * page) and is never a difference: a row differs only when two systems
 * state different values.
 */
static void
px_components(xmlNodePtr sec, const struct result_set *rs, bool facts)
{
	xmlNodePtr	 table, row, cell;
	struct str_list	 keys = { 0 };
	const char	*a, *b, *prov, *known, *ignored;
	size_t		 si, sj, k, i;
	bool		 seen, differs;

	/* Row keys in first-seen order across systems. */
	for (si = 0; si < rs->nsystems; si++) {
		size_t	 n = facts ? rs->systems[si].normalized.len :
			    rs->systems[si].fields.len;

		for (k = 0; k < n; k++) {
			const char *key = facts ? rs->systems[si].normalized.items[k].key :
			    rs->systems[si].fields.items[k].key;

			seen = false;
			for (i = 0; i < keys.len; i++)
				if (strcmp(keys.items[i], key) == 0)
					seen = true;
			if (!seen)
				str_list_add(&keys, key);
		}
	}
	if (keys.len == 0)
		goto out;
	table = px_child(sec, facts ? "facts" : "components", NULL);
	for (k = 0; k < keys.len; k++) {
		row = px_child(table, "row", NULL);
		px_attr(row, "name", keys.items[k]);
		differs = false;
		known = NULL;
		for (si = 0; si < rs->nsystems; si = sj) {
			a = px_cell(rs, si, keys.items[k], facts, &prov);
			if (a != NULL && known == NULL)
				known = a;
			else if (a != NULL && strcmp(a, known) != 0)
				differs = true;
			/* Equal neighbours share a cell; so do neighbours not stated. */
			for (sj = si + 1; sj < rs->nsystems; sj++) {
				b = px_cell(rs, sj, keys.items[k], facts, &ignored);
				if ((a == NULL) != (b == NULL) ||
				    (a != NULL && strcmp(a, b) != 0))
					break;
			}
			cell = px_child(row, "cell", a);
			px_attr_num(cell, "span", (double)(sj - si), 0);
			if (a == NULL)
				px_attr(cell, "missing", "1");
			if (prov != NULL && a != NULL)
				px_attr(cell, "source", prov);
		}
		if (differs)
			px_attr(row, "differs", "1");
	}
out:
	str_list_free(&keys);
}

/*
 * Notes, with identical notes of several systems shown once, as
 * OpenBenchmarking does: compiler and security details usually repeat for
 * every system, and repeating them buries the one that differs.
 */
static void
px_notes(xmlNodePtr sec, const struct result_set *rs)
{
	xmlNodePtr	 notes = NULL, n;
	struct strbuf	 who;
	const char	*name, *text, *tj;
	size_t		 si, sj, k, kj, nsame;
	bool		 earlier;

	strbuf_init(&who);
	for (si = 0; si < rs->nsystems; si++) {
		const struct system *s = &rs->systems[si];

		for (k = 0; k <= s->notes.len; k++) {
			if (k < s->notes.len) {
				name = s->notes.items[k].key;
				text = s->notes.items[k].value;
			} else {
				name = "Notes";
				text = s->notes_text;
			}
			if (text == NULL || *text == '\0')
				continue;
			/* Shown already with an earlier system? */
			earlier = false;
			for (sj = 0; sj < si && !earlier; sj++)
				for (kj = 0; kj < rs->systems[sj].notes.len; kj++)
					if (strcmp(rs->systems[sj].notes.items[kj].key, name) == 0 &&
					    strcmp(rs->systems[sj].notes.items[kj].value, text) == 0)
						earlier = true;
			if (earlier)
				continue;
			strbuf_reset(&who);
			strbuf_adds(&who, s->identifier);
			nsame = 1;
			for (sj = si + 1; sj < rs->nsystems; sj++) {
				tj = kv_list_get(&rs->systems[sj].notes, name);
				if (tj != NULL && strcmp(tj, text) == 0) {
					strbuf_printf(&who, ", %s", rs->systems[sj].identifier);
					nsame++;
				}
			}
			if (notes == NULL)
				notes = px_child(sec, "notes", NULL);
			n = px_child(notes, "note", text);
			px_attr(n, "system", nsame == rs->nsystems && nsame > 1 ?
			    "All systems" : strbuf_str(&who));
			px_attr(n, "name", name);
		}
	}
	strbuf_free(&who);
}

/*
 * The reference value of a row: the baseline system's value when one is
 * named and present, else the best value by the test's direction. Returns
 * the index of the best value in t->values, or -1 when there is no winner:
 * no direction, or fewer than two values (one system is the best of
 * nothing, and 100 % of itself says nothing either).
 */
static int
px_best(const struct result_set *rs, const struct test *t, long baseline,
    double *ref)
{
	const struct value	*v;
	size_t			 i, nknown = 0;
	int			 best = -1;

	(void)rs;
	for (i = 0; i < t->nvalues; i++) {
		v = &t->values[i];
		if (!v->has_mean || !isfinite(v->mean))
			continue;
		nknown++;
		if (best == -1 ||
		    (t->proportion == PROP_LIB && v->mean < t->values[best].mean) ||
		    (t->proportion != PROP_LIB && v->mean > t->values[best].mean))
			best = (int)i;
	}
	if (nknown < 2 ||
	    (t->proportion != PROP_HIB && t->proportion != PROP_LIB))
		return -1;
	*ref = t->values[best].mean;
	if (baseline >= 0 && (v = test_find_value(t, (size_t)baseline)) != NULL &&
	    v->has_mean)
		*ref = v->mean;
	return best;
}

/* Performance relative to ref in percent, larger is better for both directions. */
static double
px_relative(const struct test *t, double v, double ref)
{
	if (t->proportion == PROP_LIB)
		return v > 0 ? ref / v * 100.0 : NAN;
	return ref != 0 ? v / ref * 100.0 : NAN;
}

static void
px_result(xmlNodePtr sec, xmlNodePtr ov, struct result_set *rs, size_t set,
    size_t ti, long baseline, const struct publish_charts *charts)
{
	const struct test	*t = &rs->tests[ti];
	xmlNodePtr		 res, row, val, cell;
	const struct value	*v;
	char			 id[64], buf[128], *stem;
	double			 ref = NAN, rel;
	size_t			 si, i;
	int			 best;

	snprintf(id, sizeof(id), "r%zu-%zu", set + 1, ti + 1);
	res = px_child(sec, "result", NULL);
	px_attr(res, "id", id);
	px_attr(res, "title", t->title);
	px_attr(res, "version", t->app_version);
	px_attr(res, "identifier", t->identifier);
	px_attr(res, "arguments", t->description != NULL && *t->description ?
	    t->description : t->arguments);
	px_attr(res, "unit", t->unit);
	px_attr(res, "proportion", proportion_name(t->proportion));
	px_attr(res, "direction", t->proportion == PROP_HIB ? "More Is Better" :
	    t->proportion == PROP_LIB ? "Fewer Is Better" : "");
	if (t->annotation != NULL)
		px_child(res, "annotation", t->annotation);
	for (i = 0; i < t->footnotes.len; i++)
		px_child(res, "footnote", t->footnotes.items[i]);
	best = px_best(rs, t, baseline, &ref);

	row = px_child(ov, "row", NULL);
	px_attr(row, "ref", id);
	px_attr(row, "title", t->title);
	px_attr(row, "arguments", t->description != NULL && *t->description ?
	    t->description : t->arguments);
	px_attr(row, "unit", t->unit);
	px_attr(row, "proportion", proportion_name(t->proportion));

	/* Values in system order, so tables line up with the system table. */
	for (si = 0; si < rs->nsystems; si++) {
		v = test_find_value(t, si);
		cell = px_child(row, "cell", NULL);
		if (v == NULL || !v->has_mean) {
			px_attr(cell, "missing", "1");
			continue;
		}
		publish_format_value(v, buf, sizeof(buf));
		xmlNodeAddContent(cell, BAD_CAST buf);
		rel = px_relative(t, v->mean, ref);
		if (isfinite(rel) && best != -1) {
			px_attr_num(cell, "rel", rel, 1);
			/* Ten buckets for colour; the number itself is always printed. */
			px_attr_num(cell, "band", fmin(10, fmax(0, floor(rel / 10))), 0);
		}
		if (best != -1 && &t->values[best] == v)
			px_attr(cell, "best", "1");
	}
	for (i = 0; i < t->nvalues; i++) {
		v = &t->values[i];
		val = px_child(res, "value", NULL);
		px_attr(val, "system", rs->systems[v->system].identifier);
		if (v->has_mean) {
			publish_format_value(v, buf, sizeof(buf));
			px_attr(val, "mean", buf);
		} else
			px_attr(val, "missing", "1");
		if (v->has_se && v->n >= 2) {
			snprintf(buf, sizeof(buf), "%.2f", v->se);
			px_attr(val, "se", buf);
		}
		if (v->n > 0)
			px_attr_num(val, "n", (double)v->n, 0);
		if (v->has_min)
			px_attr_num(val, "min", v->min, 2);
		if (v->has_max)
			px_attr_num(val, "max", v->max, 2);
		if (v->note != NULL)
			px_attr(val, "note", v->note);
		if (v->error != NULL)
			px_attr(val, "error", v->error);
		if (best != -1 && (size_t)best == i)
			px_attr(val, "best", "1");
	}
	if (charts != NULL) {
		if (charts->file_stem != NULL &&
		    (stem = charts->file_stem(rs, ti, charts->arg)) != NULL) {
			px_attr(res, "file", stem);
			free(stem);
		}
		if (charts->test_svg != NULL)
			charts->test_svg(rs, ti, charts->arg,
			    px_child(res, "chart", NULL));
	}
}

/* Where rs came from, as attributes of node. */
static void
px_source(xmlNodePtr node, const struct result_set *rs)
{
	px_attr(node, "title", rs->title);
	px_attr(node, "path", rs->source_path);
	px_attr(node, "url", rs->source_url);
	px_attr(node, "ref", rs->source_ref);
	px_attr(node, "generator", rs->generator);
}

/*
 * A combined section says what it combines: each input (as <part>, like a
 * <source>) and merge's remarks (as <note>).
 */
static void
px_combined(xmlNodePtr sec, const struct publish_combined *c)
{
	xmlNodePtr	 comb;
	size_t		 i;

	if (c->nparts == 0)
		return;
	comb = px_child(sec, "combined", NULL);
	px_attr_num(comb, "count", (double)c->nparts, 0);
	for (i = 0; i < c->nparts; i++)
		px_source(px_child(comb, "part", NULL), c->parts[i]);
	for (i = 0; c->notes != NULL && i < c->notes->len; i++)
		px_child(comb, "note", c->notes->items[i]);
}

static void
px_section(xmlNodePtr root, struct result_set *rs, size_t set,
    const struct publish_options *opt, const struct publish_charts *charts)
{
	xmlNodePtr	 sec, systems, s, src, ov;
	char		 id[32], *colour;
	long		 baseline = -1;
	size_t		 si, ti;

	snprintf(id, sizeof(id), "s%zu", set + 1);
	sec = px_child(root, "section", NULL);
	px_attr(sec, "id", id);
	px_attr(sec, "title", rs->title != NULL && *rs->title ? rs->title :
	    "Untitled result set");
	if (rs->description != NULL && *rs->description)
		px_child(sec, "description", rs->description);
	if (rs->notes != NULL && *rs->notes)
		px_child(sec, "setnotes", rs->notes);
	src = px_child(sec, "source", NULL);
	px_source(src, rs);
	px_attr(src, "format", rs->format);
	if (opt->combined != NULL)
		px_combined(sec, &opt->combined[set]);

	if (opt->baseline != NULL)
		baseline = result_set_find_system(rs, opt->baseline);
	systems = px_child(sec, "systems", NULL);
	px_attr_num(systems, "count", (double)rs->nsystems, 0);
	if (baseline >= 0)
		px_attr(systems, "baseline", opt->baseline);
	for (si = 0; si < rs->nsystems; si++) {
		s = px_child(systems, "system", rs->systems[si].identifier);
		if (charts != NULL && charts->colour != NULL &&
		    (colour = charts->colour(rs, si, charts->arg)) != NULL) {
			px_attr(s, "colour", colour);
			free(colour);
		}
		if ((long)si == baseline)
			px_attr(s, "baseline", "1");
	}
	px_components(sec, rs, false);
	px_components(sec, rs, true);
	px_notes(sec, rs);
	if (charts != NULL && charts->overview_svg != NULL && rs->ntests > 1)
		charts->overview_svg(rs, charts->arg,
		    px_child(sec, "overview-chart", NULL));
	ov = px_child(sec, "overview", NULL);
	for (ti = 0; ti < rs->ntests; ti++)
		px_result(sec, ov, rs, set, ti, baseline, charts);
}

xmlDocPtr
publish_xml_build(struct result_set *const *sets, size_t nsets,
    const struct publish_options *opt, const struct publish_charts *charts,
    struct diag *d)
{
	const struct publish_combined	*c;
	xmlDocPtr			 doc;
	xmlNodePtr			 root, srcs;
	size_t				 i, k;

	if (nsets == 0) {
		diag_set(d, NULL, 0, "nothing to publish");
		return NULL;
	}
	doc = xmlNewDoc(BAD_CAST "1.0");
	/*
	 * A dictionary: the document holds a few names (rect, x, class, ...)
	 * millions of times for a large review, and interned names save a
	 * malloc and a free for each.
	 */
	if (doc == NULL || (doc->dict = xmlDictCreate()) == NULL)
		abort();	/* libxml2 only fails here when out of memory */
	root = xmlNewDocNode(doc, NULL, BAD_CAST "review", NULL);
	xmlDocSetRootElement(doc, root);
	px_attr(root, "generator", "benchreport " BENCHREPORT_VERSION);
	/* Several sets: the first one's title would misname the page. */
	px_child(root, "title", opt->title != NULL ? opt->title :
	    nsets == 1 && sets[0]->title != NULL && *sets[0]->title ?
	    sets[0]->title : "Benchmark review");
	if (nsets == 1 && sets[0]->description != NULL && opt->title == NULL)
		px_child(root, "description", sets[0]->description);
	/* The inputs: a combined section's parts, not the merged set. */
	srcs = px_child(root, "sources", NULL);
	for (i = 0; i < nsets; i++) {
		c = opt->combined != NULL ? &opt->combined[i] : NULL;
		if (c == NULL || c->nparts == 0)
			px_source(px_child(srcs, "source", NULL), sets[i]);
		for (k = 0; c != NULL && k < c->nparts; k++)
			px_source(px_child(srcs, "source", NULL), c->parts[k]);
	}
	for (i = 0; i < nsets; i++)
		px_section(root, sets[i], i, opt, charts);
	return doc;
}

int
publish_xml_add_diff(xmlDocPtr doc, const char *section_html, const char *css,
    struct diag *d)
{
	xmlDocPtr	 frag;
	xmlNodePtr	 root, node, copy;

	frag = xmlReadMemory(section_html, (int)strlen(section_html), "diff.html",
	    "UTF-8", XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (frag == NULL || (root = xmlDocGetRootElement(frag)) == NULL) {
		xmlFreeDoc(frag);
		return diag_set(d, NULL, 0, "the comparison section is not well-formed");
	}
	node = px_child(xmlDocGetRootElement(doc), "diff", NULL);
	if ((copy = xmlDocCopyNode(root, doc, 1)) != NULL)
		xmlAddChild(node, copy);
	xmlFreeDoc(frag);
	/* Our own constant CSS, not input: the template writes it raw in <style>. */
	px_child(xmlDocGetRootElement(doc), "diff-css", css);
	return 0;
}
