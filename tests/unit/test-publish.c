/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for the review page: numbers (best per row, relative
 * performance, wins, ranks, merged cells), short names and escaping of
 * hostile strings, with stand-in charts so that cairo plays no part. The
 * page is read back with libxml2's HTML parser.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>

#include "publish-html.h"
#include "tap.h"
#include "xalloc.h"

static struct result_set *make_set(void);
static void	 test_not_stated(xmlDocPtr doc, const char *html);
static void	 test_one_system(void);
static void	 test_combined(struct result_set *rs);
static void	 test_charts(struct result_set *rs);
static void	 test_short_names(void);
static void	 test_wins(void);
static void	 test_css(struct result_set *rs);
static void	 test_blocks(void);
static char	*render(struct result_set **sets, size_t n,
		    const struct publish_options *opt,
		    const struct publish_charts *charts);
static xmlDocPtr parse(const char *html);
static int	 count(xmlDocPtr doc, const char *xpath);
static char	*first(xmlDocPtr doc, const char *xpath);
static void	 is_xpath(xmlDocPtr doc, const char *xpath, const char *want,
		    const char *name);

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

/* The page of the n sets (no charts unless given), or NULL. */
static char *
render(struct result_set **sets, size_t n, const struct publish_options *opt,
    const struct publish_charts *charts)
{
	struct strbuf	 sb;
	struct diag	 d;

	diag_clear(&d);
	strbuf_init(&sb);
	if (publish_html_page(sets, n, opt, charts, &sb, &d) != 0) {
		diag("render: %s", d.msg);
		strbuf_free(&sb);
		return NULL;
	}
	return strbuf_detach(&sb);
}

/* The page parsed by libxml2's HTML parser, as a browser would read it. */
static xmlDocPtr
parse(const char *html)
{
	if (html == NULL)
		return NULL;
	return htmlReadMemory(html, (int)strlen(html), "index.html", "UTF-8",
	    HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING);
}

/* Charts: test ti gets "<svg>tTI</svg>"; the overview has none. */
static int
fake_svg(const struct result_set *rs, size_t set, long ti, void *arg,
    struct strbuf *out)
{
	(void)rs;
	(void)set;
	(void)arg;
	if (ti < 0)
		return -1;
	strbuf_printf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>t%ld "
	    "&amp; &lt;b&gt;</text></svg>", ti);
	return 0;
}

static char *
fake_stem(const struct result_set *rs, size_t set, size_t ti, void *arg)
{
	(void)rs;
	(void)arg;
	return xasprintf("s%zu-t%zu", set + 1, ti + 1);
}

static void
test_charts(struct result_set *rs)
{
	struct publish_charts	 charts = { fake_svg, fake_stem, NULL };
	struct publish_options	 opt = { 0 };
	char			*html, *p;
	int			 n;

	html = render(&rs, 1, &opt, &charts);
	ok(html != NULL && strstr(html, "<text>t0 &amp; &lt;b&gt;</text>") != NULL,
	    "chart 0 written as the renderer gave it");
	ok(html != NULL && strstr(html, "<text>t1 ") != NULL, "chart 1 too");
	for (n = 0, p = html; p != NULL && (p = strstr(p, "<svg")) != NULL; p++)
		n++;
	is_int(n, 2, "no chart where the renderer has none (the overview)");
	ok(html != NULL && strstr(html, "<a href=\"charts/s1-t2.svg\">SVG</a>") != NULL,
	    "chart files linked");
	free(html);
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

/* The row of the systems table named name, as an XPath step. */
#define SYSROW(name)	"//table[@class='sys'][1]/tbody/tr[th='" name "']"

/* The text of the first node at xpath is want. */
static void
is_xpath(xmlDocPtr doc, const char *xpath, const char *want, const char *name)
{
	char	*s = first(doc, xpath);

	is_str(s, want, name);
	xmlFree(s);
}

/*
 * A field one system lacks is "not stated", never a difference: the
 * Compiler row (A and B state it, C does not) is not marked; the Memory
 * row (A and C state different values, B an empty cell) is.
 */
static void
test_not_stated(xmlDocPtr doc, const char *html)
{
	is_int(count(doc, "count(" SYSROW("Compiler") "[@class='differs'])"), 0,
	    "a field not stated for one system does not mark the row");
	is_int(count(doc, "count(" SYSROW("Compiler") "/td)"), 2,
	    "not stated: A and B merged, C a cell of its own");
	is_xpath(doc, SYSROW("Compiler") "/td[2]/@class", "missing", "not stated: C's cell marked missing");
	is_xpath(doc, SYSROW("Compiler") "/td[2]", "not stated", "not stated: the cell says so");
	is_int(count(doc, "count(" SYSROW("Memory") "[@class='differs'])"), 1,
	    "two stated values differ: row marked, whatever B lacks");
	is_xpath(doc, SYSROW("Memory") "/td[2]", "not stated", "an empty cell is not stated");
	is_int(count(doc, "count(//details//tr[th='filesystem'][@class='differs'])"), 0,
	    "a fact known for one system only is no difference");
	is_int(count(doc, "count(//details//tr[th='memory_mb'][@class='differs'])"), 1,
	    "a fact known on both sides with two values is one");
	is_xpath(doc, "//details//tr[th='filesystem']/td[1]/span", "from field:File-System", "fact provenance shown");
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
	xmlDocPtr		 doc;
	char			*html;
	size_t			 a;

	a = result_set_add_system(rs, "Debian VM");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->unit, "IOPS");
	t->proportion = PROP_HIB;
	v = test_add_value(t, a); v->has_mean = true; v->mean = 18605.73; v->n = 3;
	html = render(&rs, 1, &opt, NULL);
	doc = parse(html);
	is_int(count(doc, "count(//td[contains(@class,'best')])"), 0, "one system: no best cell");
	is_int(count(doc, "count(//table[@class='overview']//span[@class='rel'][contains(.,'%')])"), 0,
	    "one system: no percentage");
	is_int(count(doc, "count(//table[@class='standing'])"), 0, "one system: no wins and rank");
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
	html = render(&rs, 1, &opt, NULL);
	doc = parse(html);
	is_int(count(doc, "count(//div[@class='combined note']/ul[1]/li)"), 2,
	    "combined: both inputs named");
	s = first(doc, "//header/p[@class='muted']");
	ok(s != NULL && strstr(s, "Sources: ") != NULL && strstr(s, "; fresh.json") != NULL,
	    "combined: the page's sources are the inputs");
	ok(s != NULL && strstr(s, "/runs") == NULL, "combined: no directory of a source shown");
	xmlFree(s);
	ok(html != NULL && strstr(html, "This section combines 2 result sets") != NULL,
	    "combined: the page says what it combines");
	ok(html != NULL && strstr(html, "<li>Fresh run \u2014 fresh.json</li>") != NULL,
	    "combined: each input listed with its source");
	ok(html != NULL && strstr(html, "<li>set 2: system &quot;C&quot; differs from the one "
	    "already merged; renamed &quot;C (2)&quot;</li>") != NULL, "combined: merge's remarks shown");
	free(html);
	xmlFreeDoc(doc);
	str_list_free(&notes);
	result_set_free(part);
}

/* Short names: the source's own, else the profile's, else the title's. */
static void
test_short_names(void)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct str_list		 names = { NULL, 0, 0 };

	kv_list_set(&rs->extra, "ob-test-profiles", "{\"Flexible IO Tester\":\"fio\"}");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->description, "Type: Random Read - Engine: IO_uring - Direct: Yes - "
	    "Block Size: 4KB - Job Count: 32 - Disk Target: Default Test Directory");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "SQLite");
	model_set_str(&t->identifier, "pts/sqlite-2.2.0");
	model_set_str(&t->description, "Threads / Copies: 8");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "Dd");
	publish_short_names(rs, &names);
	ok(names.len == 3, "short names: one per test");
	is_str(names.items[0], "fio: Rand Read - IO_uring - Yes - 4KB - 32 - Default Test Directory",
	    "short name: the source's, arguments without keys, words shortened as PTS does");
	is_str(names.items[1], "sqlite: 8", "short name: the profile of the identifier");
	is_str(names.items[2], "dd", "short name: the title in lower case, no arguments");
	str_list_free(&names);
	result_set_free(rs);
}

/*
 * Wins count only where the best is ahead of the next by more than
 * chance: test 1 (A 100 +/- 1 against B 101 +/- 1, N 3) wins nothing,
 * test 2 (A 200 +/- 1 against B 100 +/- 1) is A's, test 3 (no SE) is
 * nobody's: its lead cannot be tested, so it is neither starred nor won.
 */
static void
test_wins(void)
{
	struct result_set	*rs = result_set_new();
	struct publish_options	 opt = { 0 };
	struct test		*t;
	struct value		*v;
	xmlDocPtr		 doc;
	char			*html;
	static const double	 m[3][2] = { { 100, 101 }, { 200, 100 }, { 5, 7 } };
	size_t			 i, k;

	result_set_add_system(rs, "A");
	result_set_add_system(rs, "B");
	for (i = 0; i < 3; i++) {
		t = result_set_add_test(rs);
		model_set_str(&t->title, "T");
		t->proportion = PROP_HIB;
		for (k = 0; k < 2; k++) {
			v = test_add_value(t, k);
			v->has_mean = true;
			v->mean = m[i][k];
			if (i < 2) {
				v->has_se = true;
				v->se = 1;
				v->n = 3;
			}
		}
	}
	html = render(&rs, 1, &opt, NULL);
	doc = parse(html);
	is_xpath(doc, "//table[@class='standing']/tbody/tr[1]/td[1]", "1", "wins: A wins the test it is significantly ahead in");
	is_xpath(doc, "//table[@class='standing']/tbody/tr[2]/td[1]", "0", "wins: B wins neither the test without SE nor the close one");
	is_int(count(doc, "count(//table[@class='overview']//td[contains(@class,'best')])"), 1, "stars: one, the win");
	/* A: geomean(100/101, 1, 5/7) = 0.8906; B: geomean(1, 0.5, 1) = 0.7937. */
	is_xpath(doc, "//table[@class='standing']/tbody/tr[1]/td[2]", "89.1%", "relative performance of A");
	is_xpath(doc, "//table[@class='standing']/tbody/tr[2]/td[3]", "2", "B ranks second");
	free(html);
	xmlFreeDoc(doc);
	result_set_free(rs);
}

/* A user's style sheet comes after ours, and may not end the element. */
static void
test_css(struct result_set *rs)
{
	struct publish_options	 opt = { 0 };
	struct strbuf		 sb;
	struct diag		 d;
	char			*html, *ours, *theirs;

	opt.user_css = "h1 { color: teal; }";
	html = render(&rs, 1, &opt, NULL);
	ours = html != NULL ? strstr(html, "--accent:") : NULL;
	theirs = html != NULL ? strstr(html, "h1 { color: teal; }") : NULL;
	ok(ours != NULL && theirs != NULL && theirs > ours, "--css: after the built-in style sheet");
	free(html);
	opt.user_css = "p{} </STYLE><script>x()</script>";
	strbuf_init(&sb);
	diag_clear(&d);
	ok(publish_html_page(&rs, 1, &opt, NULL, &sb, &d) == -1 && strstr(d.msg, "</style") != NULL,
	    "--css: a style sheet that would end <style> is refused");
	strbuf_free(&sb);
}

/* A job file stays lines; a long source line is folded away. */
static void
test_blocks(void)
{
	struct result_set	*rs = result_set_new();
	struct publish_options	 opt = { 0 };
	struct test		*t;
	struct value		*v;
	char			*html;

	model_set_str(&rs->notes, "Equivalent fio job file:\n[global]\nioengine=io_uring\n"
	    "[randread]\nrw=randread\n");
	result_set_add_system(rs, "A");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "dd");
	v = test_add_value(t, 0);
	v->has_mean = true;
	v->mean = 1;
	model_set_str(&v->note, "1048576000 bytes transferred in 0.409 secs (2563849165 bytes/sec)");
	html = render(&rs, 1, &opt, NULL);
	ok(html != NULL && strstr(html, "<p class=\"note\">Equivalent fio job file:</p>\n"
	    "<pre class=\"code\"><code>[global]\nioengine=io_uring\n[randread]\nrw=randread\n"
	    "</code></pre>") != NULL, "a job file as a code block, its lines kept");
	ok(html != NULL && strstr(html, "<details class=\"raw\"><summary>source text</summary>"
	    "1048576000 bytes") != NULL, "a long value note folded into <details>");
	free(html);
	result_set_free(rs);
}

int
main(void)
{
	struct result_set	*rs = make_set();
	struct publish_options	 opt = { 0 };
	struct strbuf		 sb;
	struct diag		 d;
	xmlDocPtr		 page;
	char			*html;

	html = render(&rs, 1, &opt, NULL);
	page = parse(html);
	ok(page != NULL, "page written and parsed");
	is_int(count(page, "count(//article[@class='result'])"), 2, "an article per result");
	is_int(count(page, "count(//table[@class='overview']/tbody/tr)"), 2, "two overview rows");
	/* HIB: B (200) is best, A is 50 % of it. */
	is_xpath(page, "//table[@class='overview']/tbody/tr[1]/td[contains(@class,'best')]/text()", "200.0", "best HIB value keeps source precision");
	is_xpath(page, "//table[@class='overview']/tbody/tr[1]/td[1]/span", "50.0%", "relative performance of A");
	is_xpath(page, "//table[@class='overview']/tbody/tr[1]/td[3]", "no result", "missing value marked, not 0");
	/* LIB: C (5 s) is best, B is 5/20 = 25 %. */
	/* N = 1 everywhere: the lowest time's lead cannot be tested, no star. */
	is_int(count(page, "count(//table[@class='overview']/tbody/tr[2]/td[contains(@class,'best')])"), 0, "LIB lead untestable (N = 1): not starred");
	is_xpath(page, "//table[@class='overview']/tbody/tr[2]/td[3]/span", "100.0%", "LIB: the lowest is 100 %");
	is_int(count(page, "count(//table[@class='overview']/tbody/tr[1]/td[contains(@class,'best')])"), 1, "HIB lead significant: starred");
	is_int(count(page, "count(//p[contains(@class,'rule')][contains(.,'significant (Welch')])"), 1, "the rule said in one line");
	is_xpath(page, "//table[@class='overview']/tbody/tr[2]/td[2]/span", "25.0%", "LIB relative performance inverted");
	is_xpath(page, "//table[@class='overview']/tbody/tr[1]/th/a", "fio: Rand Read", "overview row named by its PTS profile (its title is a known one)");
	is_xpath(page, "//table[@class='overview']/tbody/tr[1]/th/a/@href", "#r1-1", "overview row linked to its result");
	/* Processor: A and B merged into one cell, C separate. */
	is_xpath(page, SYSROW("Processor") "/td[1]/@colspan", "2", "equal adjacent cells merged");
	is_int(count(page, "count(" SYSROW("Processor") "[@class='differs'])"), 1, "differing row marked");
	is_int(count(page, "count(" SYSROW("Disk") "[@class='differs'])"), 0, "equal row not marked");
	is_xpath(page, "//nav//li/ol/li[3]/a", "Rand Read (MB/s)",
	    "contents entry: the short arguments and the unit");
	is_xpath(page, "//nav//li/ol/li[3]/a/@title",
	    "Flexible IO Tester \u2014 Type: Random Read \u00b7 MB/s",
	    "contents entry: the full heading as the link's title");
	test_not_stated(page, html);
	is_int(count(page, "count(//script)"), 0, "no script in the parsed page");
	is_xpath(page, "//title", "Evil <script>alert(1)</script> & \"title\"", "title text survives exactly");
	xmlFreeDoc(page);
	ok(html != NULL && strstr(html, "<script") == NULL, "no script element from input");
	ok(html != NULL && strstr(html, "&lt;script&gt;alert(1)") != NULL, "title escaped");
	ok(html != NULL && strstr(html, "&lt;/style&gt;&lt;script&gt;x()") != NULL, "style breakout escaped");
	ok(html != NULL && strchr(html, '\x1b') == NULL && strchr(html, '\x07') == NULL,
	    "control characters removed");
	ok(html != NULL && strstr(html, "[31mred") != NULL, "text around control characters kept");
	free(html);

	opt.baseline = "C";
	html = render(&rs, 1, &opt, NULL);
	page = parse(html);
	is_xpath(page, "//table[@class='overview']/tbody/tr[2]/td[1]/span", "50.0%", "relative to baseline C (LIB: 5/10)");
	xmlFreeDoc(page);
	free(html);
	opt.baseline = NULL;

	strbuf_init(&sb);
	diag_clear(&d);
	ok(publish_html_page(&rs, 0, &opt, NULL, &sb, &d) == -1 && d.msg[0],
	    "nothing to publish is an error");
	strbuf_free(&sb);
	test_charts(rs);
	test_one_system();
	test_combined(rs);
	test_short_names();
	test_wins();
	test_css(rs);
	test_blocks();
	result_set_free(rs);
	xmlCleanupParser();
	return tap_done();
}
