/* SPDX-License-Identifier: ISC */
/*
 * The OpenBenchmarking export readers on the project's own fixtures
 * (fixtures/ob): a three-system text export and its HTML twin read to the
 * same numbers, a browser-saved page around the export, detection by
 * content, and damaged documents (truncated, cut chart line, mangled SE,
 * heading without direction, doubled paragraph, names no evidence pins)
 * refused with file:line or read with a warning. Needs no ../shared.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"
#include "model.h"
#include "tap.h"

extern const struct reader reader_ob_text;
extern const struct reader reader_ob_html;

#define FIX	"fixtures/ob/"

struct want {
	const char	*value;
	double		 se;
	long		 n;
};

/* Warnings other than "systems table: N of M fields are not pinned". */
static size_t
warnings_but_table(const struct str_list *w)
{
	size_t	i, n = 0;

	for (i = 0; i < w->len; i++)
		if (strstr(w->items[i], ": systems table: ") == NULL)
			n++;
	return n;
}

static const char *const names[] = { "Plain", "Stripe", "Mirror" };
static const struct want want[3][3] = {
	{ { "872.2", 3.88, 3 }, { "1085.9", 1.54, 3 }, { "947.9", 8.33, 3 } },
	{ { "24.35", 0.31, 15 }, { "24.07", 0.22, 7 }, { "25.79", 0.15, 3 } },
	{ { "143333", 1201.85, 3 }, { "158667", 881.92, 3 }, { "139667", 1763.83, 3 } },
};

static struct result_set *
read_one(const struct reader *r, const char *path, const char *sys,
    struct str_list *w, struct diag *d, int *rc)
{
	struct read_options	 opt;
	struct result_set	*rs = result_set_new();

	memset(&opt, 0, sizeof(opt));
	opt.warnings = w;
	opt.system_names = sys;
	diag_clear(d);
	*rc = r->read(path, &opt, rs, d);
	return rs;
}

static void
check_layouts(const char *label, const struct result_set *rs)
{
	size_t		 i, j;
	int		 bad = 0;
	char		 name[256];
	const struct test *t;

	snprintf(name, sizeof(name), "%s: 3 systems, 3 charts", label);
	ok(rs->nsystems == 3 && rs->ntests == 3, name);
	if (rs->nsystems != 3 || rs->ntests != 3)
		return;
	for (i = 0; i < 3; i++)
		if (strcmp(rs->systems[i].identifier, names[i]) != 0)
			bad++;
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			const struct value *v = test_find_value(&rs->tests[i], j);

			if (v == NULL || !v->has_mean || v->value_text == NULL ||
			    strcmp(v->value_text, want[i][j].value) != 0 ||
			    !v->has_se || fabs(v->se - want[i][j].se) > 1e-9 ||
			    v->n != want[i][j].n) {
				diag("%s: chart %zu system %zu differs", label, i, j);
				bad++;
			}
		}
	snprintf(name, sizeof(name), "%s: every value, SE and N", label);
	is_int(bad, 0, name);
	t = &rs->tests[1];
	snprintf(name, sizeof(name), "%s: SQLite heading", label);
	ok(strcmp(t->title, "SQLite") == 0 && strcmp(t->app_version, "3.30.1") == 0 &&
	    strcmp(t->description, "Threads / Copies: 8") == 0 &&
	    strcmp(t->unit, "Seconds") == 0 && t->proportion == PROP_LIB, name);
	snprintf(name, sizeof(name), "%s: footnote without its number", label);
	ok(t->footnotes.len == 1 &&
	    strcmp(t->footnotes.items[0], "(CC) gcc options: -O2 -lz -lm -ldl -lpthread") == 0,
	    name);
	t = &rs->tests[2];
	snprintf(name, sizeof(name), "%s: MIN/MAX notes attributed", label);
	ok(t->nvalues == 3 && t->values[1].note != NULL &&
	    strcmp(t->values[1].note, "MIN: 139870 / MAX: 170422") == 0 &&
	    t->values[1].has_max && t->values[1].max == 170422, name);
	snprintf(name, sizeof(name), "%s: per-system Disk Details", label);
	is_str(kv_list_get(&rs->systems[2].notes, "Disk Details"),
	    "NONE / relatime,rw / RAID1 Block Size: 4096", name);
	snprintf(name, sizeof(name), "%s: shared Kernel Details", label);
	is_str(kv_list_get(&rs->systems[0].notes, "Kernel Details"),
	    "Transparent Huge Pages: madvise", name);
	snprintf(name, sizeof(name), "%s: ID and view option", label);
	ok(rs->source_ref != NULL && strcmp(rs->source_ref, "2601011-FIX-NASLAYOUT1") == 0 &&
	    kv_list_get(&rs->extra, "ob-view-option") != NULL &&
	    strcmp(kv_list_get(&rs->extra, "ob-view-option"), "grt") == 0, name);
	snprintf(name, sizeof(name), "%s: generator", label);
	is_str(rs->generator, "Phoronix Test Suite v10.8.4", name);
}

/* The text export with CRLF line ends reads the same. */
static void
crlf_copy(void)
{
	struct str_list		 w = { 0 };
	struct diag		 d;
	struct result_set	*rs;
	char			 tmp[] = "/tmp/test-ob-crlf-XXXXXX", *buf;
	size_t			 len, i;
	int			 fd, rc;
	FILE			*fp;

	buf = format_slurp(FIX "nas-layouts.txt", &len, &d);
	fd = mkstemp(tmp);
	if (buf == NULL || fd == -1 || (fp = fdopen(fd, "wb")) == NULL) {
		skip("CRLF copy", "no temporary file");
		free(buf);
		return;
	}
	for (i = 0; i < len; i++) {
		if (buf[i] == '\n')
			fputc('\r', fp);
		fputc(buf[i], fp);
	}
	fclose(fp);
	rs = read_one(&reader_ob_text, tmp, NULL, &w, &d, &rc);
	is_int(rc, 0, "text export with CRLF line ends reads");
	if (rc == 0)
		check_layouts("crlf", rs);
	result_set_free(rs);
	str_list_free(&w);
	unlink(tmp);
	free(buf);
}

/* fio's MB/s and IOPS charts of one run settle each other, or not. */
static void
fio_pair(void)
{
	struct read_options	 opt;
	struct str_list		 w = { 0 };
	struct diag		 d;
	struct result_set	*rs;
	int			 rc;
	const struct value	*v;

	rs = read_one(&reader_ob_text, FIX "fio-pair.txt", NULL, &w, &d, &rc);
	ok(rc == 0 && rs->ntests == 2 &&
	    (v = test_find_value(&rs->tests[0], 1)) != NULL && v->has_mean &&
	    strcmp(v->value_text, "869") == 0 &&
	    (v = test_find_value(&rs->tests[1], 1)) != NULL && v->has_mean &&
	    strcmp(v->value_text, "433") == 0 && v->n == 15,
	    "fio MB/s and IOPS with no overview: settled by the block size (869 MB/s, 433 IOPS)");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * The pair settles its MB/s chart, whose values the overview then
	 * reads so that only one reading of the third chart fits.
	 */
	rs = read_one(&reader_ob_text, FIX "fio-pair-overview.txt", NULL, &w, &d,
	    &rc);
	ok(rc == 0 && rs->ntests == 3 &&
	    (v = test_find_value(&rs->tests[2], 0)) != NULL && v->has_mean &&
	    strcmp(v->value_text, "11") == 0 &&
	    (v = test_find_value(&rs->tests[2], 1)) != NULL && v->has_mean &&
	    strcmp(v->value_text, "212") == 0,
	    "the overview settles a chart (11/212, not 1/212) after the fio pair "
	    "settles another");
	result_set_free(rs);
	str_list_free(&w);

	rs = read_one(&reader_ob_text, FIX "fio-pair-unrelated.txt", NULL, &w, &d, &rc);
	ok(rc == 0 && rs->ntests == 2 && rs->tests[0].nvalues == 2 &&
	    !rs->tests[0].values[0].has_mean &&
	    rs->tests[0].values[0].error != NULL &&
	    strstr(rs->tests[0].values[0].error, "279/1869 or 2791/869") != NULL,
	    "values that break the block-size relation stay ambiguous, candidates listed");
	ok(w.len >= 2 && strstr(w.items[w.len - 1], "fio-pair-unrelated.txt:21:") != NULL &&
	    strstr(w.items[w.len - 1], "is ambiguous") != NULL,
	    "  with a file:line warning per chart");
	result_set_free(rs);
	str_list_free(&w);

	memset(&opt, 0, sizeof(opt));
	opt.strict = 1;
	rs = result_set_new();
	diag_clear(&d);
	rc = reader_ob_text.read(FIX "fio-pair-unrelated.txt", &opt, rs, &d);
	ok(rc != 0 && d.line == 15 && strstr(d.msg, "ambiguous") != NULL,
	    "strict: the ambiguous chart is a refusal");
	result_set_free(rs);
}

static void
refused(const char *file, const char *needle, long line)
{
	struct str_list		 w = { 0 };
	struct diag		 d;
	struct result_set	*rs;
	int			 rc;
	char			 name[1600];

	rs = read_one(&reader_ob_text, file, NULL, &w, &d, &rc);
	snprintf(name, sizeof(name), "%s refused at line %ld: %s", file, line,
	    d.msg);
	ok(rc != 0 && d.line == line && strstr(d.msg, needle) != NULL &&
	    strcmp(d.file, file) == 0, name);
	result_set_free(rs);
	str_list_free(&w);
}

int
main(void)
{
	struct str_list		 w = { 0 };
	struct diag		 d;
	struct result_set	*rs;
	int			 rc;
	size_t			 len;
	char			*head;

	rs = read_one(&reader_ob_text, FIX "nas-layouts.txt", NULL, &w, &d, &rc);
	is_int(rc, 0, "text export reads");
	if (rc == 0)
		check_layouts("text", rs);
	is_int(warnings_but_table(&w), 0,
	    "text export: no warnings but the table's (overview settles the glued N)");
	result_set_free(rs);
	str_list_free(&w);

	crlf_copy();

	rs = read_one(&reader_ob_html, FIX "nas-layouts.html", NULL, &w, &d, &rc);
	is_int(rc, 0, "HTML export reads");
	if (rc == 0) {
		check_layouts("html", rs);
		is_str(kv_list_get(&rs->systems[1].fields, "Memory"), "32GB",
		    "html: spanning table cell reaches every system");
	}
	result_set_free(rs);

	rs = read_one(&reader_ob_html, FIX "saved-page.html", NULL, &w, &d, &rc);
	is_int(rc, 0, "browser-saved page reads");
	if (rc == 0) {
		check_layouts("saved page", rs);
		is_str(rs->title, "Home NAS array layouts compared",
		    "saved page: the export's own title, not the site's");
	}
	result_set_free(rs);
	str_list_free(&w);

	head = format_slurp(FIX "nas-layouts.txt", &len, &d);
	ok(head != NULL && reader_ob_text.detect(head, len) >= 90 &&
	    reader_ob_html.detect(head, len) == 0, "text export detected by content");
	free(head);
	head = format_slurp(FIX "nas-layouts.html", &len, &d);
	ok(head != NULL && reader_ob_html.detect(head, len) >= 90 &&
	    reader_ob_text.detect(head, len) == 0, "HTML export detected by content");
	free(head);

	refused(FIX "truncated.txt", "truncated", 27);
	refused(FIX "cut-chart.txt", "no axis ticks", 27);
	refused(FIX "garbled-se.txt", "malformed SE", 21);
	refused(FIX "no-direction.txt", "More Is Better", 15);
	refused(FIX "unnamed.txt", "--systems", 7);

	rs = read_one(&reader_ob_text, FIX "doubled.txt", NULL, &w, &d, &rc);
	ok(rc == 0 && warnings_but_table(&w) == 1 &&
	    strstr(w.items[0], "doubled.txt:21:") != NULL &&
	    strstr(w.items[0], "repeats") != NULL,
	    "doubled paragraph: read once, with a file:line warning");
	if (rc == 0)
		check_layouts("doubled", rs);
	result_set_free(rs);
	str_list_free(&w);

	rs = read_one(&reader_ob_text, FIX "unnamed.txt", "x1;x2;x3", &w, &d, &rc);
	ok(rc == 0 && rs->nsystems == 3 && rs->ntests == 3 &&
	    strcmp(rs->systems[1].identifier, "x2") == 0 &&
	    rs->tests[0].nvalues == 3 && rs->tests[0].values[1].has_mean &&
	    strcmp(rs->tests[0].values[1].value_text, "1085.9") == 0,
	    "names stated with --systems: read");
	result_set_free(rs);
	str_list_free(&w);

	fio_pair();

	rs = read_one(&reader_ob_text, FIX "failed-run.txt", NULL, &w, &d, &rc);
	ok(rc == 0 && rs->ntests == 3 && rs->tests[0].nvalues == 3 &&
	    test_find_value(&rs->tests[0], 2) != NULL &&
	    !test_find_value(&rs->tests[0], 2)->has_mean &&
	    test_find_value(&rs->tests[0], 2)->error != NULL &&
	    strcmp(test_find_value(&rs->tests[0], 2)->error, "Test failed to run.") == 0 &&
	    strcmp(test_find_value(&rs->tests[0], 1)->value_text, "1085.9") == 0 &&
	    strcmp(test_find_value(&rs->tests[2], 2)->value_text, "139667") == 0,
	    "a failed run: no value, its reason kept; the other systems read");
	result_set_free(rs);
	str_list_free(&w);

	rs = read_one(&reader_ob_text, FIX "unnamed.txt", "x1;x2", &w, &d, &rc);
	ok(rc != 0 && strstr(d.msg, "--systems") != NULL,
	    "names that do not make up the run: refused");
	result_set_free(rs);
	str_list_free(&w);
	return tap_done();
}
