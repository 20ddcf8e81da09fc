/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for the diff engine on result sets built in code: matching,
 * verdicts by direction, Holm, threshold, edge cases (N = 1, SE 0, missing
 * values, zero means, no direction, identical sets, a 100 % win), system
 * pairing (--map, one system per side), hidden dimensions, and that every
 * output escapes strings from the sets.
 *
 * p-values: scipy.stats.ttest_ind_from_stats(mean_b, se_b*sqrt(n_b), n_b,
 * mean_a, se_a*sqrt(n_a), n_a, equal_var=False) with Debian python3-scipy
 * 1.10.1; Holm-adjusted values by R's p.adjust(method = "holm") rule
 * written out in python over those eight p-values; the geometric mean and
 * its CI as exp(mean(log r) +/- t.ppf(0.975, n-1) * sd / sqrt(n)).
 */
#define _GNU_SOURCE	/* open_memstream is POSIX 2008; keep it explicit */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>

#include "diff.h"
#include "tap.h"

static struct test *mk_test(struct result_set *rs, const char *id,
		    const char *title, const char *args, const char *unit,
		    enum proportion p);
static void	 mk_value(struct test *t, size_t sys, double mean, double se, long n);
static struct result_set *mk_set(int side);
static const struct diff_row *find_row(const struct diff *df, const char *title,
		    const char *sys);
static char	*render(const struct diff *df, int kind);

static struct test *
mk_test(struct result_set *rs, const char *id, const char *title,
    const char *args, const char *unit, enum proportion p)
{
	struct test	*t = result_set_add_test(rs);

	model_set_str(&t->identifier, id);
	model_set_str(&t->title, title);
	model_set_str(&t->arguments, args);
	model_set_str(&t->unit, unit);
	t->proportion = p;
	return t;
}

static void
mk_value(struct test *t, size_t sys, double mean, double se, long n)
{
	struct value	*v = test_add_value(t, sys);

	v->has_mean = true;
	v->mean = mean;
	v->has_se = n > 1;
	v->se = se;
	v->n = n;
}

/* side 0 = A (old), 1 = B (new). */
static struct result_set *
mk_set(int side)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	size_t			 r, s;

	model_set_str(&rs->title, side ? "new <b>kernel</b> \xff\xfe" : "old \033[2Jkernel");
	r = result_set_add_system(rs, "RAID0");
	s = result_set_add_system(rs, "Single");
	fact_list_set(&rs->systems[r].normalized, "kernel_version",
	    side ? "6.9.1" : "6.8.0", "field:Kernel");
	fact_list_set(&rs->systems[r].normalized, "filesystem", "ext4", "field:File-System");
	/* Known on one side only (not stated, or not read, on the other). */
	if (side)
		fact_list_set(&rs->systems[r].normalized, "io_scheduler", "none",
		    "note:Disk Details");
	else
		fact_list_set(&rs->systems[r].normalized, "compiler", "gcc",
		    "field:Compiler");
	t = mk_test(rs, side ? "pts/fio-2.1.1" : "pts/fio-2.1.0", "Flexible IO Tester",
	    "read", "MB/s", PROP_HIB);
	mk_value(t, r, side ? 1700.12 : 1523.33, side ? 4.05 : 3.21, 3);
	mk_value(t, s, side ? 801 : 800, 5, 3);
	t = mk_test(rs, "pts/lat-1.0.0", "Latency", "x", "ms", PROP_LIB);
	mk_value(t, r, side ? 9.1 : 10.5, side ? 0.1 : 0.3, side ? 12 : 5);
	/* Case and blanks of title and unit do not matter. */
	t = mk_test(rs, "", side ? " noise" : "Noise", "", side ? "MB/s " : "MB/s", PROP_HIB);
	mk_value(t, r, side ? 101 : 100, 2, 3);
	t = mk_test(rs, "", "Single run", "", "MB/s", PROP_HIB);
	mk_value(t, r, side ? 55 : 50, 0, 1);
	t = mk_test(rs, "", "Zero SE", "", "MB/s", PROP_HIB);
	mk_value(t, r, side ? 6 : 5, 0, 3);
	t = mk_test(rs, "", "Identical zero SE", "", "MB/s", PROP_HIB);
	mk_value(t, r, 7, 0, 3);
	t = mk_test(rs, "", "Missing", "", "MB/s", PROP_HIB);
	if (!side)
		mk_value(t, r, 20, 1, 3);
	else
		model_set_str(&test_add_value(t, r)->error, "test failed");
	t = mk_test(rs, "", "Zero mean", "", "errors", PROP_HIB);
	mk_value(t, r, side ? 1 : 0, 0.1, 3);
	t = mk_test(rs, "", "Regression", "", "ms", PROP_LIB);
	mk_value(t, r, side ? 60 : 50, 0.5, 4);
	t = mk_test(rs, "", "Double", "", "IOPS", PROP_HIB);
	mk_value(t, r, side ? 200 : 100, 1, 3);
	t = mk_test(rs, "", "No direction", "", "count", PROP_NONE);
	mk_value(t, r, side ? 6 : 5, 0.1, 3);
	/* Same title, different arguments: must not match each other. */
	t = mk_test(rs, "", side ? "Only <in> B" : "Only in A", side ? "b" : "a",
	    "MB/s", PROP_HIB);
	mk_value(t, r, 1, 0.1, 3);
	return rs;
}

static const struct diff_row *
find_row(const struct diff *df, const char *title, const char *sys)
{
	size_t	i;

	for (i = 0; i < df->nrows; i++)
		if (strcmp(df->a->tests[df->rows[i].test_a].title, title) == 0 &&
		    strcmp(df->a->systems[df->pairs[df->rows[i].pair].a].identifier,
		    sys) == 0)
			return &df->rows[i];
	return NULL;
}

/* kind: 0 text, 1 text with colour, 2 markdown, 3 json, 4 html. */
static char *
render(const struct diff *df, int kind)
{
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*fp;
	struct diag	 d;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		return NULL;
	diag_clear(&d);
	switch (kind) {
	case 0:
	case 1:
		diff_text_write(df, fp, kind == 1, 0);
		break;
	case 2:
		diff_text_markdown(df, fp);
		break;
	case 3:
		diff_json_write(df, fp, &d);
		break;
	default:
		diff_html_write(df, fp, &d);
		break;
	}
	fclose(fp);
	return buf;
}

int
main(void)
{
	struct result_set	*a = mk_set(0), *b = mk_set(1);
	struct diff_opts	 o;
	struct diff		*df = NULL;
	const struct diff_row	*r;
	struct diag		 d;
	struct diff_map		 map = { "RAID0", "Stripe" };
	struct json_object	*root, *x;
	char			*s;

	diff_opts_init(&o);
	o.label_a = "old.xml";
	o.label_b = "new.xml";
	diag_clear(&d);
	ok(diff_compute(a, b, &o, &df, &d) == 0, "diff computes");
	is_int(df->npairs, 2, "two systems paired by identifier");
	is_int(df->nrows, 12, "12 matched values");
	is_int(df->nonly_a, 1, "one test only in A");
	is_int(df->nonly_b, 1, "one test only in B");
	is_int(df->ntested, 8, "8 values testable");

	r = find_row(df, "Flexible IO Tester", "RAID0");
	ok(r != NULL, "profile versions 2.1.0 and 2.1.1 match");
	is_int(r->verdict, DIFF_BETTER, "higher mean, HIB: better");
	is_double(r->welch.p, 7.10380080309544e-06, 1e-12, "fio: Welch p");
	is_double(r->p_adj, 4.972660562166808e-05, 1e-10, "fio: Holm p (monotone step)");
	is_double(r->pct, (1700.12 - 1523.33) / 1523.33 * 100, 1e-9, "fio: % change");
	ok(r->has_ci && r->ci_lo_pct > 0 && r->ci_hi_pct > r->pct, "fio: CI around the change");
	r = find_row(df, "Flexible IO Tester", "Single");
	is_int(r->verdict, DIFF_SAME, "Single: no significant change");
	is_double(r->welch.p, 0.8943736167296328, 1e-9, "Single: p");
	is_double(r->p_adj, 1.0, 1e-12, "Single: Holm p capped at 1");
	r = find_row(df, "Latency", "RAID0");
	is_int(r->verdict, DIFF_BETTER, "lower mean, LIB: better");
	ok(r->pct < 0 && r->sign == 1, "LIB: negative change, good sign");
	is_double(r->p_adj, 0.021368793513016144, 1e-10, "latency: Holm p");
	r = find_row(df, "Noise", "RAID0");
	is_int(r->verdict, DIFF_SAME, "noise: no significant change");
	is_double(r->welch.p, 0.7415210563082062, 1e-9, "noise: p");
	r = find_row(df, "Single run", "RAID0");
	ok(r->verdict == DIFF_UNTESTABLE && strncmp(r->why, "N < 2", 5) == 0,
	    "N = 1: not testable, N < 2");
	r = find_row(df, "Zero SE", "RAID0");
	ok(r->verdict == DIFF_UNTESTABLE && strstr(r->why, "SE is 0") != NULL,
	    "SE 0 on both sides: not testable");
	r = find_row(df, "Identical zero SE", "RAID0");
	is_int(r->verdict, DIFF_SAME, "identical values with SE 0: no change");
	r = find_row(df, "Missing", "RAID0");
	ok(r->verdict == DIFF_UNTESTABLE && strstr(r->why, "failed in B") != NULL,
	    "failed run in B: not testable, says why");
	r = find_row(df, "Zero mean", "RAID0");
	ok(r->verdict == DIFF_BETTER && !r->has_pct && r->has_change,
	    "zero mean in A: no %, still tested");
	is_double(r->p_adj, 0.010553229225456356, 1e-10, "zero mean: Holm p (tie)");
	r = find_row(df, "Regression", "RAID0");
	is_int(r->verdict, DIFF_WORSE, "higher mean, LIB: worse");
	is_double(r->pct, 20.0, 1e-9, "regression: +20%");
	r = find_row(df, "Double", "RAID0");
	ok(r->verdict == DIFF_BETTER && r->pct == 100.0, "a 100% win");
	is_double(r->p_adj, 1.9174426854218836e-06, 1e-12, "100% win: Holm p");
	r = find_row(df, "No direction", "RAID0");
	is_int(r->verdict, DIFF_CHANGED, "no proportion: changed, no direction");
	is_int(df->counts[DIFF_BETTER], 4, "4 better");
	is_int(df->counts[DIFF_WORSE], 1, "1 worse");
	is_int(df->counts[DIFF_SAME], 3, "3 no significant change");
	is_int(df->counts[DIFF_CHANGED], 1, "1 changed");
	is_int(df->counts[DIFF_UNTESTABLE], 3, "3 not testable");
	ok(df->geomean.ok && df->geomean.n == 9, "geomean over 9 directed ratios");
	is_double(df->geomean.ratio, 1.1240642071827986, 1e-12, "geomean ratio");
	is_double(df->geomean.lo, 0.9338129822498704, 1e-9, "geomean CI low");
	is_double(df->geomean.hi, 1.3530764359532106, 1e-9, "geomean CI high");
	is_int(df->nfacts, 1, "one hidden dimension (filesystem is equal)");
	is_str(df->facts[0].key, "kernel_version", "hidden dimension: kernel");
	ok(df->nfacts == 1, "a fact known on one side only (compiler in A, "
	    "io_scheduler in B) is no hidden dimension");
	ok(diff_fails(df, false, 0), "fails: a significant difference");
	ok(diff_fails(df, true, 0), "fails: a regression");
	ok(!diff_fails(df, true, 25), "no regression above 25%");

	{
		char	buf[32];

		diff_format_num(true, 1234567.8, buf, sizeof(buf));
		is_str(buf, "1234568", "number: no exponent for millions");
		diff_format_num(true, 1523.333333, buf, sizeof(buf));
		is_str(buf, "1523.33", "number: 6 significant digits");
		diff_format_num(false, 1, buf, sizeof(buf));
		is_str(buf, "-", "number: absent");
		diff_format_se(3920.4, buf, sizeof(buf));
		is_str(buf, "3920", "SE: no exponent");
		diff_format_se(0.052387, buf, sizeof(buf));
		is_str(buf, "0.0524", "SE: 3 significant digits");
	}
	s = render(df, 0);
	ok(s != NULL && strstr(s, "\033") == NULL, "text: no escape sequence without colour");
	ok(s != NULL && strstr(s, "old \\x1b[2Jkernel") != NULL, "text: title neutralised");
	ok(s != NULL && strstr(s, "11.6% higher (p (Holm)<0.001 n=3+3)") != NULL, "text: benchstat cell, change in words, p named");
	ok(s != NULL && strstr(s, "~ (p (Holm)=1.000 n=3+3)") != NULL, "text: ~ for noise");
	ok(s != NULL && strstr(s, "Tests only in A (1)") != NULL, "text: unmatched listed");
	ok(s != NULL && strstr(s, "  change  ") != NULL && strstr(s, "verdict\n") != NULL,
	    "text: column headings");
	ok(s != NULL && strstr(s, "kernel_version: 6.8.0 vs 6.9.1") != NULL,
	    "text: hidden-dimension warning");
	free(s);
	s = render(df, 1);
	ok(s != NULL && strstr(s, "\033[32mbetter") != NULL, "colour: better in green, and in words");
	ok(s != NULL && strstr(s, "\033[2J") == NULL, "colour: file text still neutralised");
	free(s);
	s = render(df, 2);
	ok(s != NULL && strstr(s, "Only \\<in\\> B") != NULL, "markdown: escaped");
	ok(s != NULL && strstr(s, "| **worse** |") != NULL, "markdown: verdict cell");
	free(s);
	s = render(df, 4);
	ok(s != NULL && strstr(s, "new &lt;b&gt;kernel&lt;/b&gt;") != NULL, "html: escaped");
	ok(s != NULL && strstr(s, "<b>") == NULL, "html: no raw tag from a file");
	ok(s != NULL && strstr(s, "<ol class=\"bars\">") != NULL, "html: the bars");
	ok(s != NULL && g_utf8_validate(s, -1, NULL), "html: valid UTF-8 from invalid input");
	ok(s != NULL && strstr(s, "kernel_version: 6.8.0 vs 6.9.1") != NULL &&
	    strstr(s, "compiler") == NULL && strstr(s, "io_scheduler") == NULL,
	    "html: hidden dimensions only from facts known on both sides");
	ok(s != NULL && strstr(s, "Compared: the 11 tests both have; 1 only in A "
	    "and 1 only in B are listed below, not compared.") != NULL,
	    "html: says what is compared");
	free(s);
	s = render(df, 3);
	root = s != NULL ? json_tokener_parse(s) : NULL;
	ok(root != NULL, "json: parses");
	ok(s != NULL && g_utf8_validate(s, -1, NULL), "json: valid UTF-8 from invalid input");
	ok(json_object_object_get_ex(root, "diff_schema", &x) &&
	    json_object_get_int(x) == DIFF_JSON_SCHEMA, "json: schema version");
	ok(json_object_object_get_ex(root, "results", &x) &&
	    json_object_array_length(x) == 12, "json: 12 results");
	ok(json_object_object_get_ex(root, "summary", &x) &&
	    json_object_object_get_ex(x, "worse", &x) && json_object_get_int(x) == 1,
	    "json: summary counts");
	json_object_put(root);
	free(s);
	diff_free(df);

	/* Threshold 15%: +11.6% and -13.3% fall below it, +100% and +20% stay. */
	o.threshold_pct = 15;
	diff_compute(a, b, &o, &df, &d);
	r = find_row(df, "Flexible IO Tester", "RAID0");
	ok(r->verdict == DIFF_SAME && strstr(r->why, "threshold") != NULL,
	    "threshold: small win is not reported");
	is_int(find_row(df, "Latency", "RAID0")->verdict, DIFF_SAME, "threshold: -13.3%");
	is_int(find_row(df, "Double", "RAID0")->verdict, DIFF_BETTER, "threshold: +100% stays");
	diff_free(df);
	o.threshold_pct = 0;

	/* Without correction the raw p-values decide. */
	o.correction = false;
	diff_compute(a, b, &o, &df, &d);
	r = find_row(df, "Latency", "RAID0");
	is_double(r->p_adj, 0.007122931171005382, 1e-10, "no correction: raw p");
	diff_free(df);
	o.correction = true;

	/* Identical sets: no significant change anywhere. */
	diff_compute(a, a, &o, &df, &d);
	ok(df->counts[DIFF_BETTER] + df->counts[DIFF_WORSE] +
	    df->counts[DIFF_CHANGED] == 0, "identical sets: nothing significant");
	ok(!diff_fails(df, false, 0), "identical sets: exit 0");
	is_int(df->nonly_a + df->nonly_b, 0, "identical sets: everything matched");
	is_double(df->geomean.ratio, 1.0, 1e-12, "identical sets: geomean 1");
	diff_free(df);

	/* Nothing in common: said, not an empty table. */
	{
		struct result_set	*e = result_set_new();

		result_set_add_system(e, "RAID0");
		diff_compute(a, e, &o, &df, &d);
		is_int(df->nrows, 0, "no test in common: no rows");
		is_int(df->nonly_a, a->ntests, "no test in common: all of A listed");
		s = render(df, 0);
		ok(s != NULL && strstr(s, "no test in common") != NULL, "text: says so");
		free(s);
		s = render(df, 4);
		ok(s != NULL && strstr(s, "Not compared: A and B have no test in common.") != NULL &&
		    strstr(s, "<table") == NULL && strstr(s, "Tests only in A") == NULL,
		    "html: says so, with no table and no list of every test");
		free(s);
		ok(!diff_fails(df, false, 0), "nothing compared: exit 0");
		diff_free(df);
		result_set_free(e);
	}

	/* One system per side: RAID0 of A against Single of B. */
	o.system_a = "RAID0";
	o.system_b = "Single";
	ok(diff_compute(a, b, &o, &df, &d) == 0 && df->npairs == 1 &&
	    df->pairs[0].a == 0 && df->pairs[0].b == 1, "ID:SYSTEM pairs one system each");
	r = find_row(df, "Flexible IO Tester", "RAID0");
	ok(r != NULL && r->vb->mean == 801, "RAID0 (A) against Single (B)");
	diff_free(df);
	o.system_b = "Nope";
	diag_clear(&d);
	ok(diff_compute(a, b, &o, &df, &d) == -1 && df == NULL &&
	    strstr(d.msg, "Nope") != NULL, "unknown system: error naming it");
	o.system_a = o.system_b = NULL;

	/* --map: rename RAID0 of A to Stripe in B. */
	model_set_str(&b->systems[0].identifier, "Stripe");
	diff_compute(a, b, &o, &df, &d);
	is_int(df->npairs, 1, "without map: only Single pairs");
	is_int(df->nsys_only_a + df->nsys_only_b, 2, "unpaired systems listed");
	diff_free(df);
	o.map = &map;
	o.nmap = 1;
	diff_compute(a, b, &o, &df, &d);
	is_int(df->npairs, 2, "--map RAID0=Stripe pairs both");
	diff_free(df);
	model_set_str(&b->systems[1].identifier, "Other");
	model_set_str(&b->systems[0].identifier, "Other2");
	diag_clear(&d);
	ok(diff_compute(a, b, &o, &df, &d) == -1 && diag_isset(&d),
	    "no system in common: error");

	result_set_free(a);
	result_set_free(b);
	return tap_done();
}
