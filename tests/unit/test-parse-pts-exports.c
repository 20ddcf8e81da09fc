/* SPDX-License-Identifier: ISC */
/*
 * PTS's own exports, made by the real Phoronix Test Suite from the
 * project's composite.xml fixtures (fixtures/pts-export/gen.sh): the CSV
 * (result-file-to-csv) and the HTML page (result-file-to-html) must read
 * to the values of the composite.xml they came from. The expectation is
 * taken from the XML's own text here: a <Value> as written; a line
 * graph's comma list averaged (PTS's CSV rounds to 2 decimals, its page's
 * Min/Avg/Max table to 1); the CSV's unit is the XML's scale shortened
 * with PTS's own table (get_result_scale_shortened).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "format.h"
#include "read-helpers.h"
#include "tap.h"

#define FX	"fixtures/pts-export/"

static void	 check_export(const char *name, const char *ext);
static char	*shorten(const char *scale);
static const struct test *find_test(const struct result_set *rs,
		    const struct test *like);
static void	 check_dir(void);

/* PTS's get_result_scale_shortened, in its order. */
static char *
shorten(const char *scale)
{
	static const char *const tab[][2] = {
		{ "Frames Per Second", "FPS" }, { " Per Second", "/sec" },
		{ " Per Minute", "/min" }, { "Nanoseconds/Operation", "ns/op" },
		{ "Nodes/second", "Nodes/s" }, { "Nodes/sec", "Nodes/s" },
		{ "Mbits/sec", "Mbits/s" }, { "MiB/second", "MiB/s" },
		{ "Milli-Seconds", "ms" }, { "Microseconds", "us" },
		{ "Request", "Req" }, { "Seconds", "sec" }, { " Per ", "/" },
		{ "Total ", "" }, { "Average ", "" }
	};
	char	*s = strdup(scale), *p, *r;
	size_t	 i, a, b;

	for (i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		while ((p = strstr(s, tab[i][0])) != NULL) {
			a = strlen(tab[i][0]);
			b = strlen(tab[i][1]);
			r = malloc(strlen(s) - a + b + 1);
			memcpy(r, s, (size_t)(p - s));
			memcpy(r + (p - s), tab[i][1], b);
			strcpy(r + (p - s) + b, p + a);
			free(s);
			s = r;
		}
	return s;
}

static const struct test *
find_test(const struct result_set *rs, const struct test *like)
{
	size_t	i;

	for (i = 0; i < rs->ntests; i++)
		if (strcmp(rs->tests[i].title, like->title) == 0 &&
		    strcmp(rs->tests[i].description, like->description) == 0)
			return &rs->tests[i];
	return NULL;
}

static void
check_export(const char *name, const char *ext)
{
	struct result_set	*x, *e;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*xt, *et;
	const struct value	*xv, *ev;
	char			 xml[256], path[256], label[300], *unit;
	double			 want, sum, tol;
	long			 es;
	size_t			 i, k, nv;
	int			 nvals, good = 1, nchecked = 0, nse = 0;
	const char		*p;

	snprintf(xml, sizeof(xml), "fixtures/pts/%s.xml", name);
	snprintf(path, sizeof(path), FX "%s.%s", name, ext);
	snprintf(label, sizeof(label), "%s.%s", name, ext);
	is_str(format_detect_file(path, &d) != NULL ? format_detect_file(path, &d)->name :
	    "", strcmp(ext, "csv") == 0 ? "pts-csv" : "pts-html", label);
	ok(th_read(xml, NULL, &x, &w, &d) == 0, xml);
	ok(th_read(path, NULL, &e, &w, &d) == 0, label);
	if (e->ntests == 0) {
		diag("%s", d.msg);
		goto out;
	}
	is_str(e->title, x->title, label);
	is_int(e->nsystems, x->nsystems, label);
	for (i = 0; i < x->nsystems && i < e->nsystems; i++) {
		if (strcmp(x->systems[i].identifier, e->systems[i].identifier) != 0 ||
		    g_strcmp0(kv_list_get(&x->systems[i].fields, "Processor"),
		    kv_list_get(&e->systems[i].fields, "Processor")) != 0 ||
		    g_strcmp0(kv_list_get(&x->systems[i].fields, "Disk"),
		    kv_list_get(&e->systems[i].fields, "Disk")) != 0)
			good = 0;
	}
	ok(good, "systems: identifiers, Processor and Disk as in the XML");
	for (i = 0; i < x->ntests; i++) {
		xt = &x->tests[i];
		if ((et = find_test(e, xt)) == NULL) {
			ok(0, "test read");
			diag("%s: no %s - %s", label, xt->title, xt->description);
			continue;
		}
		unit = strcmp(ext, "csv") == 0 ? shorten(xt->unit) : strdup(xt->unit);
		if (strcmp(unit, et->unit) != 0 || xt->proportion != et->proportion) {
			ok(0, "unit and proportion");
			diag("%s: %s: unit %s/%s", label, xt->description, unit, et->unit);
		}
		free(unit);
		for (k = 0; k < xt->nvalues; k++) {
			xv = &xt->values[k];
			es = result_set_find_system(e, x->systems[xv->system].identifier);
			ev = es >= 0 ? test_find_value(et, (size_t)es) : NULL;
			if (xv->value_text == NULL || ev == NULL || ev->value_text == NULL) {
				good = ev == NULL && xv->value_text == NULL;
				ok(good, "missing value stays missing");
				continue;
			}
			nchecked++;
			if (strchr(xv->value_text, ',') != NULL) {
				/* A line graph's series: its mean as PTS rounds it. */
				for (sum = 0, nvals = 0, p = xv->value_text; p != NULL;
				    p = strchr(p, ',') != NULL ? strchr(p, ',') + 1 : NULL) {
					sum += strtod(p, NULL);
					nvals++;
				}
				want = sum / nvals;
				tol = strcmp(ext, "csv") == 0 ? 0.005 : 0.05;
				if (!(fabs(ev->mean - want) <= tol + 1e-9)) {
					ok(0, "series mean");
					diag("%s: %g, want %g", label, ev->mean, want);
				}
			} else if (strtod(xv->value_text, NULL) != 0 ||
			    strcmp(xv->value_text, "0") == 0) {
				if (!(ev->has_mean && ev->mean == strtod(xv->value_text, NULL))) {
					ok(0, "value as in the XML");
					diag("%s: %s: %g, want %s", label, xt->description,
					    ev->mean, xv->value_text);
				}
			} else if (strcmp(ev->value_text, xv->value_text) != 0)
				ok(0, "text value as in the XML");
			/* The page states N where the XML has the runs. */
			nv = xv->runs.len;
			if (strcmp(ext, "html") == 0 && nv > 1 &&
			    ((size_t)ev->n != nv || !ev->has_se ||
			    fabs(ev->se - xv->se) > 0.005 + 1e-9)) {
				ok(0, "SE and N as in the XML");
				diag("%s: N %ld, runs %zu, SE %g/%g", label, ev->n, nv,
				    ev->se, xv->se);
			}
			nse += strcmp(ext, "html") == 0 && nv > 1;
		}
	}
	ok(nchecked > 0, "values compared");
	if (strcmp(ext, "html") == 0)
		diag("%s: %d SE and N compared", label, nse);
	diag("%s: %d values compared with %s", label, nchecked, xml);
out:
	result_set_free(x);
	result_set_free(e);
	str_list_free(&w);
}

/*
 * The CSV layouts of older PTS releases (old/, made by gen-old.sh with
 * each release's own result-file-to-csv from storage-2sys.xml): every
 * value in its system's column, in the XML's order of results; the
 * HIB/LIB column from 7.0 on, the unit from 9.6.1 on, the description
 * line from 9.4 on.
 */
static void
check_old_csv(const char *ver, int major, int minor)
{
	struct result_set	*x, *e;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct value	*xv, *ev;
	char			 path[256], label[300];
	size_t			 i, k;
	long			 es;
	int			 good = 1, n = 0;
	bool			 prop = major >= 7, unit = major > 9 || (major == 9 && minor >= 6);

	snprintf(path, sizeof(path), FX "old/storage-2sys.pts-%s.csv", ver);
	snprintf(label, sizeof(label), "PTS %s CSV", ver);
	is_str(format_detect_file(path, &d) != NULL ? format_detect_file(path, &d)->name :
	    "", "pts-csv", label);
	th_read("fixtures/pts/storage-2sys.xml", NULL, &x, &w, &d);
	if (th_read(path, NULL, &e, &w, &d) != 0 || e->ntests != x->ntests) {
		ok(0, label);
		diag("%s", d.msg);
		goto out;
	}
	is_str(e->title, x->title, label);
	ok(major > 9 || (major == 9 && minor >= 4) ? g_strcmp0(e->description, x->description) == 0 :
	    e->description == NULL, "description line from 9.4 on");
	for (i = 0; i < x->ntests; i++) {
		if ((prop ? e->tests[i].proportion != x->tests[i].proportion :
		    e->tests[i].proportion != PROP_NONE) ||
		    (*e->tests[i].unit != '\0') != unit)
			good = 0;
		for (k = 0; k < x->tests[i].nvalues; k++) {
			xv = &x->tests[i].values[k];
			es = result_set_find_system(e, x->systems[xv->system].identifier);
			ev = es >= 0 ? test_find_value(&e->tests[i], (size_t)es) : NULL;
			/* A failed run (empty <Value>) is an empty cell: no value. */
			if (xv->value_text == NULL || *xv->value_text == '\0') {
				if (ev != NULL)
					good = 0;
			} else if (ev == NULL || g_strcmp0(ev->value_text, xv->value_text) != 0)
				good = 0;
			n++;
		}
	}
	ok(good && n > 0, "every value in its system's column; HIB/LIB and unit as the layout has them");
	diag("%s: %d values", label, n);
out:
	result_set_free(x);
	result_set_free(e);
	str_list_free(&w);
}

/* A PTS result directory reads its composite.xml; another directory is refused. */
static void
check_dir(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;

	ok(th_read("fixtures/pts-export/result-dir", NULL, &rs, &w, &d) == 0 &&
	    rs->ntests == 2, "a result directory reads its composite.xml");
	result_set_free(rs);
	ok(th_read("fixtures/pts-export", NULL, &rs, &w, &d) == -1 &&
	    strstr(d.msg, "is a directory") != NULL, "another directory: refused");
	result_set_free(rs);
	/* The CSV cut after its systems table: refused, saying what is missing. */
	ok(th_read(FX "no-results.csv", NULL, &rs, &w, &d) == -1 &&
	    strcmp(d.msg, "PTS CSV without any result row") == 0, "CSV without results refused");
	diag("%s", d.msg);
	result_set_free(rs);
	str_list_free(&w);
}

int
main(void)
{
	static const char *const names[] = { "scheduler-pair", "storage-2sys",
	    "sparse", "line-graph", NULL };
	size_t	i;

	for (i = 0; names[i] != NULL; i++) {
		check_export(names[i], "csv");
		check_export(names[i], "html");
	}
	check_dir();
	check_old_csv("5.0.1", 5, 0);
	check_old_csv("6.6.0", 6, 6);
	check_old_csv("7.0.0", 7, 0);
	check_old_csv("8.0.1", 8, 0);
	check_old_csv("9.4.0", 9, 4);
	check_old_csv("10.8.4", 10, 8);
	return tap_done();
}
