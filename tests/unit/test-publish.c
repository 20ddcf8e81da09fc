/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for the review document and its default template: numbers
 * (best per row, relative performance, merged cells) and escaping of
 * hostile strings, without charts so that cairo plays no part.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>
#include <libxslt/xsltutils.h>

#include "publish-page.h"
#include "publish-xml.h"
#include "tap.h"

static struct result_set *make_set(void);
static void	 test_not_stated(xmlDocPtr doc, const char *html);
static void	 test_one_system(void);
static void	 test_combined(struct result_set *rs);
static char	*render(xmlDocPtr doc);
static int	 count(xmlDocPtr doc, const char *xpath);
static char	*first(xmlDocPtr doc, const char *xpath);

static struct result_set *
make_set(void)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	size_t			 a, b, c;

	model_set_str(&rs->title, "Evil <script>alert(1)</script> & \"title\"");
	model_set_str(&rs->description, "ends ]]> here </style> 'quoted' \x1b[31mred\x07");
	a = result_set_add_system(rs, "<b>A</b>");
	b = result_set_add_system(rs, "B \"quoted\" & 'apos'");
	c = result_set_add_system(rs, "C");
	kv_list_add(&rs->systems[a].fields, "Processor", "Ryzen");
	kv_list_add(&rs->systems[b].fields, "Processor", "Ryzen");
	kv_list_add(&rs->systems[c].fields, "Processor", "Xeon");
	kv_list_add(&rs->systems[a].fields, "Disk", "</style><script>x()</script>");
	kv_list_add(&rs->systems[b].fields, "Disk", "</style><script>x()</script>");
	kv_list_add(&rs->systems[c].fields, "Disk", "</style><script>x()</script>");
	/* Not stated for C (or not read from its source): no difference. */
	kv_list_add(&rs->systems[a].fields, "Compiler", "GCC 13.2.0");
	kv_list_add(&rs->systems[b].fields, "Compiler", "GCC 13.2.0");
	/* Stated differently by A and C, not by B: a difference. */
	kv_list_add(&rs->systems[a].fields, "Memory", "16GB");
	kv_list_add(&rs->systems[b].fields, "Memory", "");
	kv_list_add(&rs->systems[c].fields, "Memory", "32GB");
	kv_list_add(&rs->systems[a].notes, "Disk Details", "NONE / relatime,rw");
	fact_list_set(&rs->systems[a].normalized, "filesystem", "ext4", "field:File-System");
	fact_list_set(&rs->systems[a].normalized, "memory_mb", "16384", "field:Memory");
	fact_list_set(&rs->systems[c].normalized, "memory_mb", "32768", "field:Memory");

	t = result_set_add_test(rs);
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->description, "Type: Random Read");
	model_set_str(&t->unit, "MB/s");
	t->proportion = PROP_HIB;
	v = test_add_value(t, a); v->has_mean = true; v->mean = 100; v->n = 3; v->has_se = true; v->se = 1.5;
	v = test_add_value(t, b); v->has_mean = true; v->mean = 200; v->n = 3; v->has_se = true; v->se = 2;
	model_set_str(&v->value_text, "200.0");

	t = result_set_add_test(rs);
	model_set_str(&t->title, "SQLite");
	model_set_str(&t->unit, "Seconds");
	t->proportion = PROP_LIB;
	v = test_add_value(t, a); v->has_mean = true; v->mean = 10; v->n = 1;
	v = test_add_value(t, b); v->has_mean = true; v->mean = 20; v->n = 1;
	v = test_add_value(t, c); v->has_mean = true; v->mean = 5; v->n = 1;
	return rs;
}

static char *
render(xmlDocPtr doc)
{
	struct diag	 d;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*fp;

	diag_clear(&d);
	if ((fp = open_memstream(&buf, &len)) == NULL)
		return NULL;
	if (publish_page_render(doc, NULL, fp, &d) != 0)
		diag("render: %s", d.msg);
	fclose(fp);
	return buf;
}

/* Chart placeholders: test ti gets chart ti; the overview one has no chart. */
static int
ref_test(const struct result_set *rs, size_t ti, void *arg, xmlNodePtr parent)
{
	(void)rs;
	(void)arg;
	publish_page_chart_ref(parent, ti);
	return 0;
}

static int
ref_overview(const struct result_set *rs, void *arg, xmlNodePtr parent)
{
	(void)rs;
	(void)arg;
	publish_page_chart_ref(parent, 99);
	return 0;
}

static void
test_chart_refs(struct result_set *rs)
{
	struct publish_charts	 charts = { ref_test, ref_overview, NULL, NULL, NULL };
	struct publish_options	 opt = { 0 };
	struct str_list		 svgs = { 0 };
	struct diag		 d;
	xmlDocPtr		 doc;
	char			*buf = NULL, *p;
	size_t			 len = 0;
	FILE			*fp;
	int			 n;

	diag_clear(&d);
	str_list_add(&svgs, "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>one &amp; &lt;b&gt;</text></svg>");
	str_list_add(&svgs, "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>two</text></svg>");
	doc = publish_xml_build(&rs, 1, &opt, &charts, &d);
	ok(doc != NULL, "review document with chart placeholders");
	if (doc == NULL || (fp = open_memstream(&buf, &len)) == NULL)
		goto out;
	ok(publish_page_render_charts(doc, NULL, &svgs, fp, &d) == 0, "page with charts rendered");
	fclose(fp);
	ok(buf != NULL && strstr(buf, svgs.items[0]) != NULL, "chart 0 written as is, in place of its placeholder");
	ok(buf != NULL && strstr(buf, svgs.items[1]) != NULL, "chart 1 too");
	for (n = 0, p = buf; p != NULL && (p = strstr(p, "<svg")) != NULL; p++)
		n++;
	is_int(n, 2, "a placeholder without a chart is dropped");
	ok(buf != NULL && strstr(buf, "urn:benchreport:chart") == NULL, "no placeholder left in the page");
out:
	free(buf);
	xmlFreeDoc(doc);
	str_list_free(&svgs);
}

static int
count(xmlDocPtr doc, const char *xpath)
{
	xmlXPathContextPtr	 ctx = xmlXPathNewContext(doc);
	xmlXPathObjectPtr	 obj = xmlXPathEvalExpression(BAD_CAST xpath, ctx);
	int			 n = -1;

	if (obj != NULL && obj->type == XPATH_NUMBER)
		n = (int)obj->floatval;
	else if (obj != NULL && obj->nodesetval != NULL)
		n = obj->nodesetval->nodeNr;
	else if (obj != NULL)
		n = 0;
	xmlXPathFreeObject(obj);
	xmlXPathFreeContext(ctx);
	return n;
}

static char *
first(xmlDocPtr doc, const char *xpath)
{
	xmlXPathContextPtr	 ctx = xmlXPathNewContext(doc);
	xmlXPathObjectPtr	 obj = xmlXPathEvalExpression(BAD_CAST xpath, ctx);
	char			*s = NULL;

	if (obj != NULL && obj->nodesetval != NULL && obj->nodesetval->nodeNr > 0)
		s = (char *)xmlNodeGetContent(obj->nodesetval->nodeTab[0]);
	xmlXPathFreeObject(obj);
	xmlXPathFreeContext(ctx);
	return s;
}

/*
 * A field one system lacks is "not stated", never a difference: the
 * Compiler row (A and B state it, C does not) is not marked; the Memory
 * row (A and C state different values, B an empty cell) is.
 */
static void
test_not_stated(xmlDocPtr doc, const char *html)
{
	char	*s;

	is_int(count(doc, "count(//components/row[@name='Compiler'][@differs])"), 0,
	    "a field not stated for one system does not mark the row");
	is_int(count(doc, "count(//components/row[@name='Compiler']/cell)"), 2,
	    "not stated: A and B merged, C a cell of its own");
	is_int(count(doc, "count(//components/row[@name='Compiler']/cell[2][@missing])"), 1,
	    "not stated: C's cell marked missing");
	s = first(doc, "//components/row[@name='Compiler']/cell[2]");
	is_str(s, "", "not stated: no text in the document");
	xmlFree(s);
	is_int(count(doc, "count(//components/row[@name='Memory'][@differs])"), 1,
	    "two stated values differ: row marked, whatever B lacks");
	is_int(count(doc, "count(//components/row[@name='Memory']/cell[2][@missing])"), 1,
	    "an empty cell is not stated");
	is_int(count(doc, "count(//facts/row[@name='filesystem'][@differs])"), 0,
	    "a fact known for one system only is no difference");
	is_int(count(doc, "count(//facts/row[@name='memory_mb'][@differs])"), 1,
	    "a fact known on both sides with two values is one");
	ok(html != NULL && strstr(html, "<td colspan=\"1\" class=\"missing\">not stated</td>") != NULL,
	    "page: the cell reads \"not stated\"");
	ok(html != NULL && strstr(html, "Not stated\u201d marks a field the source gives") != NULL,
	    "page: the legend explains \"not stated\"");
	ok(html != NULL && strstr(html, "never counted as a difference") != NULL,
	    "page: the legend says it is no difference");
}

/* One system: no best, no percentage, and the legend says why. */
static void
test_one_system(void)
{
	struct result_set	*rs = result_set_new();
	struct publish_options	 opt = { 0 };
	struct test		*t;
	struct value		*v;
	struct diag		 d;
	xmlDocPtr		 doc;
	char			*html;
	size_t			 a;

	a = result_set_add_system(rs, "Debian VM");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->unit, "IOPS");
	t->proportion = PROP_HIB;
	v = test_add_value(t, a); v->has_mean = true; v->mean = 18605.73; v->n = 3;
	diag_clear(&d);
	doc = publish_xml_build(&rs, 1, &opt, NULL, &d);
	is_int(count(doc, "count(//overview/row/cell[@best])"), 0, "one system: no best cell");
	is_int(count(doc, "count(//overview/row/cell[@rel])"), 0, "one system: no percentage");
	is_int(count(doc, "count(//result/value[@best])"), 0, "one system: no best value");
	html = render(doc);
	ok(html != NULL && strstr(html, "\u2605 marks") == NULL, "one system: no star legend");
	ok(html != NULL && strstr(html, "One system: no value is marked best") != NULL,
	    "one system: the legend says why");
	free(html);
	xmlFreeDoc(doc);
	result_set_free(rs);
}

/* A combined section names its inputs and merge's remarks. */
static void
test_combined(struct result_set *rs)
{
	struct result_set	*part = result_set_new(), *parts[2];
	struct publish_combined	 comb;
	struct publish_options	 opt = { 0 };
	struct str_list		 notes = { 0 };
	struct diag		 d;
	xmlDocPtr		 doc;
	char			*html, *s;

	model_set_str(&part->title, "Fresh run");
	model_set_str(&part->source_path, "/runs/fresh.json");
	parts[0] = rs;
	parts[1] = part;
	str_list_add(&notes, "set 2: system \"C\" differs from the one already merged; renamed \"C (2)\"");
	comb.parts = parts;
	comb.nparts = 2;
	comb.notes = &notes;
	opt.combined = &comb;
	diag_clear(&d);
	doc = publish_xml_build(&rs, 1, &opt, NULL, &d);
	is_int(count(doc, "count(//section/combined[@count='2']/part)"), 2,
	    "combined: both inputs named");
	s = first(doc, "//section/combined/part[2]/@title");
	is_str(s, "Fresh run", "combined: the second input's title");
	xmlFree(s);
	is_int(count(doc, "count(/review/sources/source)"), 2,
	    "combined: the page's sources are the inputs");
	html = render(doc);
	ok(html != NULL && strstr(html, "This section combines 2 result sets") != NULL,
	    "combined: the page says what it combines");
	ok(html != NULL && strstr(html, "<li>Fresh run \u2014 fresh.json</li>") != NULL,
	    "combined: each input listed with its source");
	ok(html != NULL && strstr(html, "<li>set 2: system \"C\" differs from the one "
	    "already merged; renamed \"C (2)\"</li>") != NULL, "combined: merge's remarks shown");
	free(html);
	xmlFreeDoc(doc);
	str_list_free(&notes);
	result_set_free(part);
}

int
main(void)
{
	struct result_set	*rs = make_set();
	struct publish_options	 opt = { 0 };
	struct diag		 d;
	xmlDocPtr		 doc, page;
	char			*html, *s;

	diag_clear(&d);
	doc = publish_xml_build(&rs, 1, &opt, NULL, &d);
	ok(doc != NULL, "review document built");
	is_int(count(doc, "count(//section/result)"), 2, "two results");
	is_int(count(doc, "count(//overview/row)"), 2, "two overview rows");
	/* HIB: B (200) is best, A is 50 % of it. */
	s = first(doc, "//overview/row[1]/cell[@best]");
	is_str(s, "200.0", "best HIB value keeps source precision");
	xmlFree(s);
	s = first(doc, "//overview/row[1]/cell[1]/@rel");
	is_str(s, "50.0", "relative performance of A");
	xmlFree(s);
	is_int(count(doc, "count(//overview/row[1]/cell[@missing])"), 1, "missing value marked, not 0");
	/* LIB: C (5 s) is best, A is 5/10 = 50 %. */
	s = first(doc, "//overview/row[2]/cell[@best]");
	is_str(s, "5.00", "best LIB value is the lowest");
	xmlFree(s);
	s = first(doc, "//overview/row[2]/cell[2]/@rel");
	is_str(s, "25.0", "LIB relative performance inverted");
	xmlFree(s);
	/* Processor: A and B merged into one cell, C separate. */
	s = first(doc, "//components/row[@name='Processor']/cell[1]/@span");
	is_str(s, "2", "equal adjacent cells merged");
	xmlFree(s);
	is_int(count(doc, "count(//components/row[@name='Processor'][@differs])"), 1, "differing row marked");
	is_int(count(doc, "count(//components/row[@name='Disk'][@differs])"), 0, "equal row not marked");
	s = first(doc, "//facts/row/cell[1]/@source");
	is_str(s, "field:File-System", "fact provenance carried");
	xmlFree(s);

	html = render(doc);
	ok(html != NULL && strlen(html) > 1000, "page rendered");
	test_not_stated(doc, html);
	ok(html != NULL && strstr(html, "<script") == NULL, "no script element from input");
	ok(html != NULL && strstr(html, "&lt;script&gt;alert(1)") != NULL, "title escaped");
	ok(html != NULL && strstr(html, "&lt;/style&gt;&lt;script&gt;x()") != NULL, "style breakout escaped");
	ok(html != NULL && strchr(html, '\x1b') == NULL && strchr(html, '\x07') == NULL,
	    "control characters removed");
	ok(html != NULL && strstr(html, "[31mred") != NULL, "text around control characters kept");
	page = html ? htmlReadMemory(html, (int)strlen(html), "index.html", "UTF-8",
	    HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING) : NULL;
	ok(page != NULL, "page parses as HTML");
	if (page != NULL) {
		is_int(count(page, "count(//script)"), 0, "no script in the parsed page");
		is_int(count(page, "count(//article[@class='result'])"), 2, "an article per result");
		s = first(page, "//title");
		is_str(s, "Evil <script>alert(1)</script> & \"title\"", "title text survives exactly");
		xmlFree(s);
		xmlFreeDoc(page);
	}
	free(html);
	xmlFreeDoc(doc);

	opt.baseline = "C";
	doc = publish_xml_build(&rs, 1, &opt, NULL, &d);
	s = first(doc, "//overview/row[2]/cell[1]/@rel");
	is_str(s, "50.0", "relative to baseline C (LIB: 5/10)");
	xmlFree(s);
	xmlFreeDoc(doc);

	ok(publish_xml_build(&rs, 0, &opt, NULL, &d) == NULL && d.msg[0], "nothing to publish is an error");
	test_chart_refs(rs);
	test_one_system();
	test_combined(rs);
	result_set_free(rs);
	xsltCleanupGlobals();
	xmlCleanupParser();
	return tap_done();
}
