/* SPDX-License-Identifier: ISC */
/*
 * Tests for the PTS result file reader and the pts-xml and csv writers:
 * the project's fixtures (values checked by hand), hostile files, field
 * splitting, detection, counts of every corpus file against xmllint's
 * XPath counts, and read -> write -> read round trips compared as JSON.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "export.h"
#include "format.h"
#include "pts.h"
#include "store.h"
#include "tap.h"

extern const struct reader reader_pts_xml;

static char	 tmpdir[] = "/tmp/br-pts-XXXXXX";
static struct store *store;
static struct str_list warnings;

/* Read path with the PTS reader; NULL (and d filled) on error. */
static struct result_set *
load(const char *path, struct diag *d)
{
	struct result_set	*rs = result_set_new();
	struct read_options	 opt = { .warnings = &warnings };

	diag_clear(d);
	str_list_free(&warnings);
	if (reader_pts_xml.read(path, &opt, rs, d) == -1) {
		result_set_free(rs);
		return NULL;
	}
	return rs;
}

static struct result_set *
load_ok(const char *path)
{
	struct diag		 d;
	struct result_set	*rs = load(path, &d);

	if (rs == NULL)
		diag("%s:%ld: %s", d.file, d.line, d.msg);
	return rs;
}

/* The output of writer name for rs, as a string to free(). */
static char *
render(const char *name, const struct result_set *rs)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*fp = open_memstream(&buf, &len);
	struct diag d;

	if (fp == NULL)
		return NULL;
	diag_clear(&d);
	if (export_find(name)->write(rs, fp, &d) == -1)
		diag("write %s: %s", name, d.msg);
	fclose(fp);
	return buf;
}

static bool
has_warning(const char *needle)
{
	size_t	i;

	for (i = 0; i < warnings.len; i++)
		if (strstr(warnings.items[i], needle) != NULL)
			return true;
	return false;
}

/*
 * The writer gives a Result without an identifier one (pts/NAME from its
 * title, else local/TITLE: docs/pts-xml.md): the one field a re-read may
 * add. Take it into a, so that everything else must still be equal.
 */
static void
adopt_derived_ids(struct result_set *a, const struct result_set *b)
{
	size_t	i;

	if (b == NULL || a->ntests != b->ntests)
		return;
	for (i = 0; i < a->ntests; i++)
		if ((a->tests[i].identifier == NULL ||
		    *a->tests[i].identifier == '\0') &&
		    (strncmp(b->tests[i].identifier, "pts/", 4) == 0 ||
		    strncmp(b->tests[i].identifier, "local/", 6) == 0))
			model_set_str(&a->tests[i].identifier,
			    b->tests[i].identifier);
}

/*
 * Read, write as pts-xml, read again: the JSON exports must be equal. The
 * written file is also checked to be well-formed by xmllint.
 */
static void
round_trip(const char *path, const char *label)
{
	struct result_set	*a = NULL, *b = NULL;
	char			*ja = NULL, *jb = NULL, *xml = NULL, *out = NULL;
	char			*cmd = NULL, *q = NULL, name[256];
	FILE			*fp;

	if ((a = load_ok(path)) == NULL) {
		ok(0, label);
		return;
	}
	xml = render("pts-xml", a);
	snprintf(name, sizeof(name), "%s", label);
	g_strdelimit(name, "/ @", '_');
	out = g_strdup_printf("%s/%s", tmpdir, name);
	if ((fp = fopen(out, "w")) != NULL) {
		fputs(xml, fp);
		fclose(fp);
	}
	b = load_ok(out);
	adopt_derived_ids(a, b);
	ja = render("json", a);
	jb = b != NULL ? render("json", b) : NULL;
	ok(jb != NULL && strcmp(ja, jb) == 0, label);
	if (jb != NULL && strcmp(ja, jb) != 0)
		diag("written copy kept in %s", out);
	q = g_shell_quote(out);
	cmd = g_strdup_printf("xmllint --noout %s 2>/dev/null", q);
	ok(system(cmd) == 0, "written file is well-formed for xmllint");
	g_free(cmd);
	g_free(q);
	g_free(out);
	free(ja);
	free(jb);
	free(xml);
	result_set_free(a);
	result_set_free(b);
}

/*
 * The way `import` then `export --format pts-xml` goes: read, store, load,
 * write, read again. Both reads must give the same JSON once the fields
 * that name the source file are left out.
 */
static void
store_round_trip(struct store *st, const char *path, const char *label)
{
	struct result_set	*a = NULL, *b = NULL, *loaded = NULL;
	struct diag		 d;
	char			*ja = NULL, *jb = NULL, *xml = NULL, *out;
	int64_t			 id;
	bool			 already;
	FILE			*fp;

	a = result_set_new();
	diag_clear(&d);
	if (format_read_file(path, NULL, a, &d) == -1 ||
	    store_import_result_set(st, a, &id, &already, &d) == -1 ||
	    store_load_result_set(st, id, &loaded, &d) == -1) {
		diag("%s: %s", label, d.msg);
		ok(0, label);
		goto out;
	}
	xml = render("pts-xml", loaded);
	out = g_strdup_printf("%s/store-copy.xml", tmpdir);
	if ((fp = fopen(out, "w")) != NULL) {
		fputs(xml, fp);
		fclose(fp);
	}
	b = load_ok(out);
	g_free(out);
	model_set_str(&a->source_path, NULL);
	model_set_str(&a->source_sha256, NULL);
	model_set_str(&a->format, NULL);
	adopt_derived_ids(a, b);
	ja = render("json", a);
	jb = b != NULL ? render("json", b) : NULL;
	ok(jb != NULL && strcmp(ja, jb) == 0, label);
out:
	free(ja);
	free(jb);
	free(xml);
	result_set_free(a);
	result_set_free(b);
	result_set_free(loaded);
}

/* xmllint's answer to count(xpath) on path, or -1. */
static long
xpath_count(const char *path, const char *xpath)
{
	char	*q, *cmd, buf[64] = "";
	FILE	*fp;
	long	 n = -1;

	q = g_shell_quote(path);
	cmd = g_strdup_printf("xmllint --xpath 'count(%s)' %s 2>/dev/null",
	    xpath, q);
	if ((fp = popen(cmd, "r")) != NULL) {
		if (fgets(buf, sizeof(buf), fp) != NULL)
			n = strtol(buf, NULL, 10);
		pclose(fp);
	}
	g_free(cmd);
	g_free(q);
	return n;
}

/* Text of the first child element of n named name, or NULL; free() it. */
static char *
child_text(xmlNodePtr n, const char *name)
{
	for (n = n->children; n != NULL; n = n->next)
		if (n->type == XML_ELEMENT_NODE &&
		    strcmp((const char *)n->name, name) == 0)
			return (char *)xmlNodeGetContent(n);
	return NULL;
}

/*
 * Every bar-graph Entry of path whose <Value> is a number, read by
 * libxml2's tree parser (a route independent of the streaming reader),
 * must be the value rs holds for that system: the stated figure, not the
 * mean of the RawString. Entries naming their system twice in one result
 * are skipped (which one the reader keeps is a documented choice).
 * Returns the number of mismatches; *checked counts the entries compared.
 */
static long
stated_mismatches(const char *path, const struct result_set *rs,
    long *checked)
{
	xmlDocPtr	 doc;
	xmlNodePtr	 r, data, e;
	size_t		 ti = 0;
	long		 bad = 0, sys;
	char		*id, *val, *fmt, *end;
	double		 want;
	const struct value *v;

	*checked = 0;
	if ((doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING |
	    XML_PARSE_NOERROR | XML_PARSE_HUGE)) == NULL)
		return -1;
	for (r = xmlDocGetRootElement(doc)->children; r != NULL; r = r->next) {
		if (r->type != XML_ELEMENT_NODE ||
		    strcmp((const char *)r->name, "Result") != 0)
			continue;
		fmt = child_text(r, "DisplayFormat");
		for (data = r->children; data != NULL; data = data->next) {
			if (data->type != XML_ELEMENT_NODE ||
			    strcmp((const char *)data->name, "Data") != 0 ||
			    ti >= rs->ntests || (fmt != NULL && *fmt != '\0' &&
			    strcmp(fmt, "BAR_GRAPH") != 0))
				continue;
			for (e = data->children; e != NULL; e = e->next) {
				if (e->type != XML_ELEMENT_NODE)
					continue;
				id = child_text(e, "Identifier");
				val = child_text(e, "Value");
				if (id != NULL && val != NULL && *val != '\0' &&
				    (want = strtod(val, &end), *end == '\0') &&
				    (sys = result_set_find_system(rs, id)) >= 0 &&
				    (v = test_find_value(&rs->tests[ti],
				    (size_t)sys)) != NULL && v->value_text != NULL &&
				    strcmp(v->value_text, val) == 0) {
					(*checked)++;
					if (!v->has_mean || v->mean != want) {
						bad++;
						diag("%s: result %zu, %s: Value %s, read %.17g",
						    path, ti + 1, id, val, v->mean);
					}
				}
				xmlFree(id);
				xmlFree(val);
			}
		}
		xmlFree(fmt);
		ti++;
	}
	xmlFreeDoc(doc);
	return bad;
}

static const struct value *
value_at(const struct result_set *rs, size_t test, size_t i)
{
	if (test >= rs->ntests || i >= rs->tests[test].nvalues)
		return NULL;
	return &rs->tests[test].values[i];
}

static void
test_storage(void)
{
	struct result_set	*rs = load_ok("fixtures/pts/storage-2sys.xml");
	const struct value	*v;

	ok(rs != NULL, "storage fixture reads");
	if (rs == NULL)
		return;
	is_int(rs->nsystems, 2, "two systems");
	is_int(rs->ntests, 4, "four results");
	is_str(rs->generator, "Phoronix Test Suite v10.8.4", "TestClient -> generator");
	is_str(kv_list_get(&rs->extra, "InternalTags"), "storage, nvme", "InternalTags kept");
	is_int(rs->systems[0].fields.len, 13, "7 hardware + 6 software fields");
	is_str(kv_list_get(&rs->systems[0].fields, "Processor"),
	    "AMD Ryzen 9 7950X 16-Core @ 5.88GHz (16 Cores / 32 Threads)",
	    "Processor value keeps its own parentheses");
	is_str(kv_list_get(&rs->systems[1].fields, "Disk"),
	    "2000GB CT2000T705SSD5 + 123GB SanDisk 3.2Gen1", "Disk value");
	is_str(kv_list_get(&rs->systems[0].notes, "disk-details"),
	    "NONE / relatime,rw / Block Size: 4096", "JSON string unescaped into notes");
	is_str(kv_list_get(&rs->systems[0].meta, "User"), "bench", "User in meta");
	ok(rs->systems[0].json_raw != NULL &&
	    strstr(rs->systems[0].json_raw, "\\/") != NULL, "System JSON kept raw");
	/* Hand check: 357000:360000:363000, SD 3000, SE 3000 / sqrt(3). */
	v = value_at(rs, 0, 0);
	is_double(v->mean, 360000, 1e-6, "mean of runs");
	is_double(v->se, 1732.0508, 1e-4, "SE = 3000 / sqrt 3");
	is_int(v->n, 3, "N = 3");
	is_str(v->value_text, "360000", "Value text kept");
	/* Hand check: 367000:370000:372000 -> SD 2516.611, SE 1452.966. */
	v = value_at(rs, 0, 1);
	is_double(v->se, 1452.9663, 1e-4, "SE of the second drive");
	v = value_at(rs, 1, 0);
	ok(v->has_se && v->se == 0, "identical runs: SE 0");
	is_str(rs->tests[3].footnotes.len ? rs->tests[3].footnotes.items[0] : NULL,
	    "(CC) gcc options: -O2 -lz -lm -ldl -lpthread",
	    "compiler-options -> footnote");
	is_int(rs->tests[3].proportion, PROP_LIB, "LIB");
	v = value_at(rs, 3, 1);
	ok(v != NULL && !v->has_mean && v->n == 0, "failed run: no value");
	is_str(v ? v->error : NULL, "The test quit with a non-zero exit status.",
	    "JSON error -> value error");
	result_set_free(rs);
}

static void
test_scheduler(void)
{
	struct result_set	*rs = load_ok("fixtures/pts/scheduler-example.xml");
	const struct value	*v;
	double			 rm;

	ok(rs != NULL, "scheduler fixture reads");
	if (rs == NULL)
		return;
	/* Hand check: 398.4:405.1:403.0 -> mean 402.1667, SE 1.9785; stated 402.17. */
	v = value_at(rs, 0, 0);
	is_double(v->mean, 402.17, 0, "kyber: the stated Value is the value");
	ok(value_runs_mean(v, &rm) && fabs(rm - 402.16667) < 1e-4,
	    "kyber: the runs' mean kept beside it");
	is_double(v->min, 398.4, 0, "kyber: min of the runs");
	is_double(v->max, 405.1, 0, "kyber: max of the runs");
	is_double(v->se, 1.97850, 1e-4, "kyber SE");
	/* 366.0:372.8:369.9:375.5 -> mean 371.05, SE 2.0349, N 4. */
	v = value_at(rs, 0, 1);
	is_double(v->se, 2.03490, 1e-4, "bfq SE");
	is_int(v->n, 4, "bfq N = 4");
	v = value_at(rs, 1, 0);
	ok(v->has_min && v->min == 13.9 && v->has_max && v->max == 14.6,
	    "min-result / max-result");
	is_str(v->note, "MIN: 13.9 / MAX: 14.6", "min/max note as PTS shows it");
	v = value_at(rs, 1, 1);
	ok(v->has_mean && v->mean == 15.377 && v->n == 1 && !v->has_se,
	    "single trial: Value is the mean, N 1, no SE");
	ok(v->json_raw == NULL, "empty <JSON/> is absent");
	result_set_free(rs);
}

/*
 * PTS states each mean rounded to the test's precision: <Value>42.0 with
 * runs 42:42:42.1 (mean 42.0333) and 94 with 93:94:94 (mean 93.6667).
 * The stated figure is the value; the runs give SE, N, min and max.
 */
static void
test_stated(void)
{
	struct result_set	*rs = load_ok("fixtures/pts/stated-rounding.xml");
	const struct value	*v;
	double			 rm;
	long			 checked;

	ok(rs != NULL, "stated-rounding fixture reads");
	if (rs == NULL)
		return;
	v = value_at(rs, 0, 0);
	is_double(v->mean, 42.0, 0, "42.0 stated: the value is 42.0, not 42.03");
	is_str(v->value_text, "42.0", "42.0: its text");
	/* SD of 42, 42, 42.1 is 0.057735; over sqrt(3): 0.033333. */
	is_double(v->se, 0.0333333, 1e-6, "42.0: SE from the runs");
	is_int(v->n, 3, "42.0: N from the runs");
	is_double(v->min, 42.0, 0, "42.0: min from the runs");
	is_double(v->max, 42.1, 0, "42.0: max from the runs");
	ok(value_runs_mean(v, &rm) && fabs(rm - 42.0333333) < 1e-6,
	    "42.0: the runs' mean 42.0333 is the secondary figure");
	is_double(value_stat_mean(v), rm, 0, "42.0: statistics use the runs' mean");
	v = value_at(rs, 1, 0);
	is_double(v->mean, 94, 0, "94 stated: the value is 94, not 93.67");
	ok(value_runs_mean(v, &rm) && fabs(rm - 93.6666667) < 1e-6,
	    "94: runs' mean 93.67 beside it");
	v = value_at(rs, 0, 1);
	ok(!value_runs_mean(v, &rm) || fabs(rm - 41.9333333) < 1e-6,
	    "41.9: runs 41.9:41.9:42.0");
	is_int(stated_mismatches("fixtures/pts/stated-rounding.xml", rs,
	    &checked), 0, "stated-rounding: every value as the file states it");
	is_int(checked, 4, "stated-rounding: four values compared");
	result_set_free(rs);
}

static void
test_quirks(void)
{
	struct result_set	*rs;
	const struct value	*v;

	rs = load_ok("fixtures/pts/line-graph.xml");
	ok(rs != NULL, "line graph fixture reads");
	if (rs != NULL) {
		v = value_at(rs, 0, 0);
		ok(v->nseries == 1 && v->series[0].y.len == 7 &&
		    v->series[0].y.v[4] == 21, "LINE_GRAPH Value -> series");
		ok(!v->has_mean, "a series has no invented mean");
		ok(v->has_min && v->min == 15, "min-result given as a string");
		v = value_at(rs, 2, 0);
		ok(v->value_text != NULL && strcmp(v->value_text, "PASS") == 0 &&
		    !v->has_mean, "PASS_FAIL kept as text, not an error");
		result_set_free(rs);
	}
	rs = load_ok("fixtures/pts/duplicates.xml");
	ok(rs != NULL, "duplicates fixture reads");
	if (rs != NULL) {
		is_int(rs->nsystems, 3, "duplicate System a system of its own, missing one added");
		ok(has_warning("different hardware"), "warned about differing duplicate");
		is_str(rs->systems[1].identifier, "box-a (2)", "the second block's name");
		ok(has_warning("no System block"), "warned about Entry without System");
		ok(has_warning("same identity as the one at line"),
		    "warned about two Results with one comparison hash");
		ok(has_warning("placeholder"), "warned about $result_name");
		is_str(kv_list_get(&rs->systems[0].fields, "Disk"), "32GB SC32G",
		    "first System block kept");
		is_str(kv_list_get(&rs->systems[0].meta, "CostValueForComparison"),
		    "35", "CostValueForComparison in meta");
		ok(kv_list_get(&rs->systems[0].notes, "cpu-smt") == NULL &&
		    kv_list_get(&rs->systems[0].notes, "security") != NULL,
		    "only string JSON members become notes");
		is_int(rs->tests[0].nvalues, 3, "three Entries of one identifier kept");
		ok(rs->tests[0].values[1].system == 1 && rs->tests[0].values[2].system == 0 &&
		    rs->tests[0].values[2].mean == 524288,
		    "in file order: the second is the second block's, the third the first's");

		is_str(rs->tests[0].identifier, "", "empty Result identifier");
		is_str(rs->tests[0].unit, "", "empty Scale is \"\"");
		is_str(rs->tests[1].annotation, "", "empty Annotation kept");
		ok(rs->tests[0].annotation == NULL, "absent Annotation is NULL");
		is_str(kv_list_get(&rs->extra, "ViewOptions"), "hide-flat",
		    "unknown Generated child in extra");
		is_int(rs->ntests, 3, "both same-hash Results kept");
		result_set_free(rs);
	}
	/*
	 * Two System blocks of one identifier (dup-identifier.xml: the
	 * scheduler pair with both systems named "none"): two systems, each
	 * Result's second Entry the second's, so show, chart and diff, which
	 * look a system's value up, show both.
	 */
	rs = load_ok("fixtures/pts/dup-identifier.xml");
	if (rs != NULL) {
		is_int(rs->nsystems, 2, "one identifier twice: two systems");
		is_str(rs->systems[1].identifier, "none (2)", "the second named apart");
		ok(test_find_value(&rs->tests[0], 0) != NULL &&
		    test_find_value(&rs->tests[0], 1) != NULL &&
		    test_find_value(&rs->tests[0], 0)->mean == 1612.47 &&
		    test_find_value(&rs->tests[0], 1)->mean == 1570.25,
		    "each system its own value");
		ok(has_warning("kept as a system of its own"), "said");
		result_set_free(rs);
	}
	/*
	 * A Value its RawString contradicts (value-vs-runs.xml: 12 with runs
	 * 1000:2000:3000): the Value is shown, SE and N are the runs' (577.35,
	 * 3), and a warning and the value's note say so. The other values
	 * (inside their runs, give or take rounding) raise nothing.
	 */
	rs = load_ok("fixtures/pts/value-vs-runs.xml");
	if (rs != NULL) {
		v = test_find_value(&rs->tests[0], 0);
		ok(v != NULL && v->mean == 12 && v->n == 3 && fabs(v->se - 577.3502692) < 1e-6,
		    "contradicted Value: shown, with the runs' SE and N");
		ok(has_warning("Value 12 lies outside its RawString's runs (1000 to 3000, mean 2000)"),
		    "contradicted Value: warned, saying which figure is shown");
		ok(v != NULL && v->note != NULL && strstr(v->note, "the Value is shown") != NULL,
		    "contradicted Value: said in the value's note too");
		v = test_find_value(&rs->tests[0], 1);
		ok(v != NULL && (v->note == NULL || strstr(v->note, "contradicts") == NULL),
		    "a Value inside its runs: nothing said");
		result_set_free(rs);
	}
	rs = load_ok("fixtures/pts/sparse.xml");
	ok(rs != NULL, "sparse fixture reads");
	if (rs != NULL) {
		ok(test_find_value(&rs->tests[0], 1) == NULL &&
		    test_find_value(&rs->tests[1], 0) == NULL,
		    "missing entries stay absent");
		is_str(rs->systems[0].notes_text, "SELinux: Disabled.", "System Notes");
		result_set_free(rs);
	}
	rs = load_ok("fixtures/pts/pre3-layout.xml");
	ok(rs != NULL, "pre-3.0 layout reads");
	if (rs != NULL) {
		is_str(rs->title, "Compression Check", "Suite/Title is the title");
		is_str(rs->last_modified, "2008-06-14 10:20:30", "date from the comment");
		is_int(rs->nsystems, 1, "one system");
		is_str(rs->systems[0].identifier, "Desktop Run",
		    "AssociatedIdentifiers -> identifier");
		is_str(kv_list_get(&rs->systems[0].fields, "Motherboard Chipset"),
		    "NVIDIA nForce 570", "old Hardware labels");
		is_str(kv_list_get(&rs->systems[0].meta, "User"), "frank", "Author -> User");
		ok(!has_warning("no System block"), "System after results is no warning");
		is_str(rs->tests[0].identifier, "compress-gzip", "TestName -> identifier");
		is_str(rs->tests[0].title, "Gzip Compression", "Name -> title");
		/* 31.40:31.44 -> SD 0.028284, SE 0.02. */
		is_double(rs->tests[0].values[0].se, 0.02, 1e-9, "old RawString runs");
		result_set_free(rs);
	}
	rs = load_ok("fixtures/pts/test-1.xml");
	ok(rs != NULL, "compact test-1.xml reads");
	if (rs != NULL) {
		is_str(rs->systems[0].json_raw, "not json {", "bad System JSON kept raw");
		ok(rs->systems[0].notes.len == 0 && has_warning("JSON"),
		    "bad JSON: no notes, a warning");
		result_set_free(rs);
	}
}

static void
test_hostile(void)
{
	static const struct {
		const char	*file;
		long		 line;
		const char	*msg;
	} cases[] = {
		{ "billion-laughs.xml", 2, "DOCTYPE" },
		{ "xxe-passwd.xml", 3, "DOCTYPE" },
		{ "external-dtd.xml", 2, "DOCTYPE" },
		{ "undeclared-entity.xml", 4, "Entity 'leak' not defined" },
		{ "truncated.xml", 22, "truncated" },
		{ "non-numeric.xml", 92, "\"7,042 MB/s\" is not a number" },
		{ "empty.xml", 1, "no XML root element" },
		{ "deep-nesting.xml", 2, "nested deeper" },
		{ "wrong-root.xml", 2, "not PhoronixTestSuite" },
	};
	struct result_set	*rs;
	struct diag		 d;
	char			 path[256], name[300];
	size_t			 i;
	FILE			*fp;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(path, sizeof(path), "fixtures/hostile/%s", cases[i].file);
		rs = load(path, &d);
		snprintf(name, sizeof(name), "%s refused", cases[i].file);
		ok(rs == NULL, name);
		result_set_free(rs);
		snprintf(name, sizeof(name), "%s: names file and line", cases[i].file);
		ok(strcmp(d.file, path) == 0 && d.line == cases[i].line, name);
		if (d.line != cases[i].line)
			diag("line %ld: %s", d.line, d.msg);
		snprintf(name, sizeof(name), "%s: says why", cases[i].file);
		ok(strstr(d.msg, cases[i].msg) != NULL, name);
		if (strstr(d.msg, cases[i].msg) == NULL)
			diag("got: %s", d.msg);
		ok(strstr(d.msg, "root:") == NULL, "nothing of /etc/passwd leaks");
	}
	/*
	 * Many distinct systems, unknown elements and footnotes: lookups must
	 * not be quadratic (a regression shows as a test that never ends).
	 */
	snprintf(path, sizeof(path), "%s/many.xml", tmpdir);
	if ((fp = fopen(path, "w")) != NULL) {
		fputs("<PhoronixTestSuite><Generated>", fp);
		for (i = 0; i < 20000; i++)
			fprintf(fp, "<X%zu>x</X%zu>", i, i);
		fputs("</Generated><Result><Title>t</Title><Data>", fp);
		for (i = 0; i < 50000; i++)
			fprintf(fp, "<Entry><Identifier>s%zu</Identifier><Value>1"
			    "</Value><JSON>{\"install-footnote\":\"n%zu\"}</JSON>"
			    "</Entry>", i, i);
		fputs("</Data></Result></PhoronixTestSuite>\n", fp);
		fclose(fp);
	}
	rs = load(path, &d);
	ok(rs != NULL && rs->nsystems == 50000 && rs->extra.len == 64 &&
	    rs->tests[0].footnotes.len == 64, "50000 systems read, extras and "
	    "footnotes bounded");
	result_set_free(rs);
	rs = load("fixtures/hostile/no-such-file.xml", &d);
	ok(rs == NULL && strstr(d.msg, "No such file") != NULL, "missing file");
}

static void
test_fields(void)
{
	struct kv_list	 l = { 0 };
	const char	*s = "Processor: 2 x Intel Xeon E5-2670 v2 @ 2.50GHz "
	    "(20 Cores / 40 Threads), Memory: 4 x 16 GB DDR4, Disk: 2 x 1000GB "
	    "A,B + 512GB C, Unlabelled, thing, Network: x";
	char		*back;

	pts_split_fields(&l, s);
	is_int(l.len, 4, "split on \", Key: \" only");
	is_str(kv_list_get(&l, "Disk"), "2 x 1000GB A,B + 512GB C, Unlabelled, thing",
	    "commas inside a value stay");
	back = pts_join_fields(&l, 0, l.len);
	is_str(back, s, "join gives the string back");
	free(back);
	kv_list_free(&l);
	pts_split_fields(&l, "Unknown");
	ok(l.len == 1 && strcmp(l.items[0].key, "") == 0, "text without a key");
	kv_list_free(&l);
}

/*
 * PTS's comparison hash: SHA-1 of "identifier without its last .z,
 * arguments,description,version,scale", each stripped (the title when
 * there is no identifier). Expected digests from Python's hashlib.
 */
static void
test_hash(void)
{
	struct test	 t;
	char		*h;

	memset(&t, 0, sizeof(t));
	t.identifier = " pts/fio-2.1.0 ";
	t.arguments = "randread 4k ";
	t.description = "\tType: randread";
	t.app_version = "3.36";
	t.unit = "MB/s\n";
	h = pts_hash(&t);
	is_str(h, "a7f50d6d5fa8491502d8b6524413a790bd8123d4",
	    "comparison hash: stripped fields, patch version dropped");
	free(h);
	memset(&t, 0, sizeof(t));
	t.identifier = "";
	t.title = "Gzip Compression";
	h = pts_hash(&t);
	is_str(h, "9e2d90c70122940bf94af74c1ae3cdaa1dfb91b1",
	    "comparison hash: the title for an empty identifier, absent fields empty");
	free(h);
}

/* The fast path of pts_number must agree with strtod bit for bit. */
static void
test_numbers(void)
{
	static const char *const bad[] = { "", "-", ".", "1e", "nan", "inf",
	    "0x10", "1,5", "PASS", "1.2.3", "--1", NULL };
	char		 buf[64];
	double		 got, want;
	unsigned long	 seed = 1;
	int		 i, mismatches = 0;

	for (i = 0; i < 200000; i++) {
		seed = seed * 6364136223846793005UL + 1442695040888963407UL;
		snprintf(buf, sizeof(buf), "%s%lu.%0*lu", (seed >> 7) & 1 ? "-" : "",
		    (unsigned long)(seed >> 40) % 100000000UL, (int)(seed >> 60) % 9 + 1,
		    (unsigned long)(seed >> 20) % 1000000000UL);
		want = strtod(buf, NULL);
		if (!pts_number(buf, &got) || memcmp(&got, &want, sizeof(got)) != 0) {
			if (mismatches++ < 3)
				diag("%s: got %.17g want %.17g", buf, got, want);
		}
	}
	is_int(mismatches, 0, "fast number parse equals strtod on 200000 decimals");
	ok(pts_number(" 12345678901234567890.5 ", &got) &&
	    got == strtod("12345678901234567890.5", NULL), "long numbers via strtod");
	ok(pts_number("1.5e3", &got) && got == 1500, "exponent");
	ok(pts_number("0.000", &got) && got == 0, "zero");
	for (i = 0; bad[i] != NULL; i++) {
		snprintf(buf, sizeof(buf), "\"%s\" is not a number", bad[i]);
		ok(!pts_number(bad[i], &got), buf);
	}
}

static void
test_detect(void)
{
	const char	*xml = "\xef\xbb\xbf<?xml version=\"1.0\"?>\n<!--x > y-->\n"
	    "<?xml-stylesheet href=\"a.xsl\"?>\n<PhoronixTestSuite>\n";

	is_int(reader_pts_xml.detect(xml, strlen(xml)), 95, "root after prolog");
	is_int(reader_pts_xml.detect("{\"fio version\": 1}", 18), 0, "JSON is not PTS");
	is_int(reader_pts_xml.detect("<html><body>", 12), 0, "other XML is not PTS");
}

static void
test_csv(void)
{
	struct result_set	*rs = load_ok("fixtures/pts/storage-2sys.xml");
	struct test		*t;
	struct value		*v;
	char			*csv;

	if (rs == NULL) {
		ok(0, "csv input");
		return;
	}
	csv = render("csv", rs);
	ok(strncmp(csv, ",Two NVMe Drives Under fio,\n\n ,,\"Samsung 980 PRO 2TB\","
	    "\"Crucial T705 2TB\"\nProcessor,,", 83) == 0, "title, blank, header rows");
	ok(strstr(csv, "\n\"Flexible IO Tester - Type: Random Read - Engine: IO_uring"
	    " - Direct: Yes - Block Size: 4KB - Job Count: 32 - Disk Target: "
	    "Default Test Directory (IOPS)\",HIB,360000,369667\n") != NULL, "result row");
	ok(strstr(csv, "\n\"SQLite - Threads / Copies: 1 (Seconds)\",LIB,6.412,\n") != NULL,
	    "failed run is an empty cell");
	free(csv);
	/* Hostile cells: formulas defused, quotes doubled, numbers left alone. */
	model_set_str(&rs->title, "=HYPERLINK(\"http://x\")");
	model_set_str(&rs->systems[0].identifier, "@SUM(A1)");
	t = &rs->tests[0];
	model_set_str(&t->title, "+cmd|' /C calc'!A0");
	model_set_str(&t->description, "");
	v = &t->values[0];
	model_set_str(&v->value_text, "-3.5");
	csv = render("csv", rs);
	ok(strncmp(csv, ",\"'=HYPERLINK(\"\"http://x\"\")\",\n", 30) == 0,
	    "formula title defused and quoted");
	ok(strstr(csv, " ,,\"'@SUM(A1)\",") != NULL, "formula identifier defused");
	ok(strstr(csv, "\n\"'+cmd|' /C calc'!A0 (IOPS)\",HIB,-3.5,") != NULL,
	    "formula label defused, negative number kept");
	free(csv);
	result_set_free(rs);
}

/*
 * Independent check of the csv layout against the real PTS's: each
 * fixtures/pts-export/NAME.csv is PTS 10.8.6's result-file-to-csv of
 * fixtures/pts/NAME.xml (gen.sh there). Ours is the same text, but for
 * the unit, which PTS shortens ("sec" for "Seconds") and we keep as the
 * result file states it: both are compared with units left out.
 */
static char *
csv_no_units(const char *text)
{
	GRegex	*re = g_regex_new(" \\([^()]*\\)\",(HIB|LIB|),", G_REGEX_MULTILINE, 0, NULL);
	char	*out = g_regex_replace(re, text, -1, 0, " ()\",\\1,", 0, NULL);

	g_regex_unref(re);
	return out;
}

static void
test_csv_layout(const char *shared)
{
	static const char *const names[] = { "scheduler-pair", "storage-2sys",
	    "sparse", "line-graph" };
	struct result_set	*rs;
	char			*path, *raw, *ours, *theirs, *text = NULL, *name;
	gsize			 len;
	size_t			 i;

	(void)shared;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		path = g_strdup_printf("fixtures/pts/%s.xml", names[i]);
		rs = load_ok(path);
		g_free(path);
		path = g_strdup_printf("fixtures/pts-export/%s.csv", names[i]);
		name = g_strdup_printf("csv of %s as PTS 10.8.6 writes it", names[i]);
		if (rs == NULL || !g_file_get_contents(path, &text, &len, NULL)) {
			ok(0, name);
		} else {
			raw = render("csv", rs);
			ours = csv_no_units(raw);
			theirs = csv_no_units(text);
			is_str(ours, theirs, name);
			free(raw);
			g_free(ours);
			g_free(theirs);
		}
		g_free(text);
		text = NULL;
		g_free(name);
		g_free(path);
		result_set_free(rs);
	}
}

static void
test_corpus(void)
{
	const char	*shared = getenv("SHARED");
	char		*dir, *path, *name;
	DIR		*dp;
	struct dirent	*de;
	struct result_set *rs;
	struct diag	 d;
	size_t		 i, entries, nfiles = 0;
	long		 want, checked, nchecked = 0;
	double		 rm;

	dir = g_strdup_printf("%s/corpus/pts-xml",
	    shared != NULL && *shared != '\0' ? shared : "../shared");
	if ((dp = opendir(dir)) == NULL) {
		skip("corpus", "../shared/corpus/pts-xml is absent");
		g_free(dir);
		return;
	}
	while ((de = readdir(dp)) != NULL) {
		if (!g_str_has_suffix(de->d_name, ".xml"))
			continue;
		nfiles++;
		path = g_strdup_printf("%s/%s", dir, de->d_name);
		name = g_strdup_printf("corpus %s reads", de->d_name);
		rs = load(path, &d);
		ok(rs != NULL, name);
		if (rs == NULL)
			diag("%s:%ld: %s", d.file, d.line, d.msg);
		g_free(name);
		if (rs != NULL) {
			/*
			 * Independent route: xmllint's XPath counts. Systems are
			 * the System blocks plus distinct Entry identifiers that
			 * have none (one corpus file has such an Entry).
			 */
			want = xpath_count(path, "/PhoronixTestSuite/System") +
			    xpath_count(path, "//Entry[not(Identifier = "
			    "/PhoronixTestSuite/System/*[self::Identifier or "
			    "self::AssociatedIdentifiers]) and not(Identifier = "
			    "preceding::Entry/Identifier)]");
			name = g_strdup_printf("%s: systems", de->d_name);
			is_int((long)rs->nsystems, want, name);
			g_free(name);
			want = xpath_count(path, "/PhoronixTestSuite/Result") +
			    xpath_count(path, "/PhoronixTestSuite/Benchmark");
			name = g_strdup_printf("%s: results", de->d_name);
			is_int((long)rs->ntests, want, name);
			g_free(name);
			name = g_strdup_printf("%s: every value as the file states it",
			    de->d_name);
			is_int(stated_mismatches(path, rs, &checked), 0, name);
			g_free(name);
			nchecked += checked;
			for (entries = 0, i = 0; i < rs->ntests; i++)
				entries += rs->tests[i].nvalues;
			name = g_strdup_printf("%s: entries", de->d_name);
			is_int((long)entries, xpath_count(path, "//Entry"), name);
			g_free(name);
			result_set_free(rs);
			name = g_strdup_printf("round trip %s", de->d_name);
			round_trip(path, name);
			g_free(name);
			name = g_strdup_printf("through the store %s", de->d_name);
			if (store != NULL)
				store_round_trip(store, path, name);
			g_free(name);
		}
		g_free(path);
	}
	closedir(dp);
	ok(nfiles > 0, "corpus has PTS files");
	ok(nchecked > 900, "corpus: stated values compared");
	diag("corpus: %ld stated values compared", nchecked);
	/* Values checked by hand against the files. */
	path = g_strdup_printf("%s/lucic71__ub-benchmark-infra__results_compress-"
	    "zstd-1.6.0_composite.xml", dir);
	if ((rs = load(path, &d)) != NULL) {
		/* RawString 1318.6:1288.1:1293.1: mean 1299.9333, SD 16.358, SE 9.4443. */
		is_double(rs->tests[0].values[0].se, 9.44428, 1e-4, "zstd SE by hand");
		is_double(rs->tests[0].values[0].mean, 1299.9, 0, "zstd: the stated Value");
		ok(value_runs_mean(&rs->tests[0].values[0], &rm) &&
		    fabs(rm - 1299.93333) < 1e-4, "zstd: the runs' mean beside it");
		is_int(rs->nsystems, 20, "zstd: 20 systems");
		result_set_free(rs);
	} else
		ok(0, "zstd corpus file");
	g_free(path);
	path = g_strdup_printf("%s/laertispappas__aws-ec2-phoronix-benchmark__"
	    "large-ec2_7zip_test-1.xml", dir);
	if ((rs = load(path, &d)) != NULL) {
		/* 4909:4905:4926: SD 11.1505, SE 6.4377; Value says 4913. */
		is_double(rs->tests[0].values[0].se, 6.43774, 1e-4, "7zip SE by hand");
		is_str(rs->tests[0].values[0].value_text, "4913", "7zip Value text");
		result_set_free(rs);
	} else
		ok(0, "7zip corpus file");
	g_free(path);
	path = g_strdup_printf("%s/lucic71__ub-benchmark-infra__results_build-"
	    "linux-kernel_composite.xml", dir);
	if ((rs = load(path, &d)) != NULL) {
		const struct value	*v = value_at(rs, 0, 0);

		ok(v != NULL && !v->has_mean && v->error != NULL &&
		    strstr(v->error, "non-zero exit status") != NULL,
		    "failed kernel build: no value, the error kept");
		result_set_free(rs);
	} else
		ok(0, "kernel build corpus file");
	g_free(path);
	g_free(dir);
	test_csv_layout(shared != NULL && *shared != '\0' ? shared : "../shared");
}

int
main(void)
{
	DIR		*dp;
	struct dirent	*de;
	struct diag	 d;
	char		*path, *name;

	if (mkdtemp(tmpdir) == NULL) {
		ok(0, "mkdtemp");
		return tap_done();
	}
	path = g_strdup_printf("%s/results.db", tmpdir);
	diag_clear(&d);
	if (store_open(path, &store, &d) == -1) {
		diag("store: %s", d.msg);
		store = NULL;
	}
	ok(store != NULL, "temporary store opens");
	g_free(path);
	test_detect();
	test_numbers();
	test_hash();
	test_fields();
	test_storage();
	test_scheduler();
	test_stated();
	test_quirks();
	test_hostile();
	test_csv();
	if ((dp = opendir("fixtures/pts")) != NULL) {
		while ((de = readdir(dp)) != NULL) {
			if (!g_str_has_suffix(de->d_name, ".xml"))
				continue;
			path = g_strdup_printf("fixtures/pts/%s", de->d_name);
			name = g_strdup_printf("round trip %s", path);
			round_trip(path, name);
			g_free(name);
			name = g_strdup_printf("through the store %s", path);
			if (store != NULL)
				store_round_trip(store, path, name);
			g_free(name);
			g_free(path);
		}
		closedir(dp);
	}
	test_corpus();
	store_close(store);
	str_list_free(&warnings);
	path = g_strdup_printf("rm -rf '%s'", tmpdir);
	if (system(path) != 0)
		diag("could not remove %s", tmpdir);
	g_free(path);
	return tap_done();
}
