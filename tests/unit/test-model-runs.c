/* SPDX-License-Identifier: ISC */
/*
 * Repeated runs: three fio JSON runs of one job give one value per test
 * with N = 3, the mean and SE of the three (checked against fio's iops
 * read here with json-c and a two-pass SD written out below), raw runs
 * kept; a run whose options differ stays a separate test with a warning.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "import-runs.h"
#include "read-helpers.h"
#include "model-runs.h"
#include "tap.h"

#define FX	"fixtures/fio/"

static double	 run_iops(const char *path);
static void	 check_model(void);
static void	 check_three_runs(void);
static void	 check_mismatch(void);

static double
run_iops(const char *path)
{
	struct json_object	*root = json_object_from_file(path), *x;
	double			 v = NAN;

	if (root != NULL && json_object_object_get_ex(root, "jobs", &x) &&
	    (x = json_object_array_get_idx(x, 0)) != NULL &&
	    json_object_object_get_ex(x, "read", &x) &&
	    json_object_object_get_ex(x, "iops", &x))
		v = json_object_get_double(x);
	json_object_put(root);
	return v;
}

/* Two sets made by hand: runs 1, 2 and 3 give mean 2, SE 1/sqrt(3). */
static void
check_model(void)
{
	struct result_set	*a, *b;
	struct test		*t;
	struct value		*v;
	struct str_list		 w = { 0 };
	struct read_options	 ro = { .warnings = &w };
	int			 i;

	a = result_set_new();
	result_set_add_system(a, "box");
	for (i = 1; i <= 3; i++) {
		b = result_set_new();
		result_set_add_system(b, "box");
		t = result_set_add_test(b);
		model_set_str(&t->title, "T");
		model_set_str(&t->description, "D");
		model_set_str(&t->unit, "IOPS");
		kv_list_add(&t->facts, "iodepth", "1");
		v = test_add_value(t, 0);
		v->has_mean = true;
		v->mean = i;
		dbl_list_add(&v->runs, i);
		v->n = 1;
		model_runs_sets(a, b, &ro, "run");
		result_set_free(b);
	}
	is_int(a->ntests, 1, "model: one test");
	v = &a->tests[0].values[0];
	is_int(v->n, 3, "model: N = 3");
	is_double(v->mean, 2, 1e-12, "model: mean");
	/* sample SD of 1,2,3 is 1; SE = 1 / sqrt(3) */
	is_double(v->se, 1 / sqrt(3), 1e-12, "model: SE");
	ok(v->has_min && v->min == 1 && v->has_max && v->max == 3, "model: min and max");
	is_int(v->runs.len, 3, "model: raw runs kept");
	/* The first run was not a match for an empty set: warned once. */
	ok(w.len == 1 && strstr(w.items[0], "matches no test") != NULL,
	    "model: first run into an empty set warned");
	result_set_free(a);
	str_list_free(&w);
}

static void
check_three_runs(void)
{
	char *const		 paths[3] = { FX "run1-randread.json",
				    FX "run2-randread.json", FX "run3-randread.json" };
	struct result_set	*rs = NULL;
	struct str_list		 w = { 0 };
	struct read_options	 ro = { .system_name = "box", .warnings = &w };
	struct diag		 d;
	const struct test	*t;
	const struct value	*v;
	double			 r[3], mean, ss = 0, se;
	size_t			 i;

	diag_clear(&d);
	ok(import_runs_read(paths, 3, NULL, &ro, &rs, &d) == 0, "three runs read");
	if (rs == NULL)
		return;
	is_int(w.len, 0, "three runs: no warning");
	is_int(rs->nsystems, 1, "three runs: one system");
	t = th_find(rs, "Type: Random Read", "IOPS");
	ok(t != NULL && t->nvalues == 1, "three runs: one value");
	for (i = 0; i < 3; i++)
		r[i] = run_iops(paths[i]);
	mean = (r[0] + r[1] + r[2]) / 3;
	for (i = 0; i < 3; i++)
		ss += (r[i] - mean) * (r[i] - mean);
	se = sqrt(ss / 2) / sqrt(3);
	v = t != NULL ? &t->values[0] : NULL;
	ok(v != NULL && v->n == 3, "three runs: N = 3");
	ok(v != NULL && fabs(v->mean - mean) < 1e-9, "three runs: mean of the runs");
	ok(v != NULL && v->has_se && fabs(v->se - se) < 1e-9, "three runs: SE of the runs");
	ok(v != NULL && v->runs.len == 3 && v->runs.v[0] == r[0] && v->runs.v[2] == r[2],
	    "three runs: raw runs kept in order");
	for (i = 0; i < rs->ntests; i++)
		if (rs->tests[i].values[0].n != 3)
			break;
	is_int(i, rs->ntests, "three runs: every test has N = 3");
	ok(kv_list_get(&rs->extra, "run file") != NULL, "three runs: files recorded");
	result_set_free(rs);
	str_list_free(&w);
}

/* A run with other options is not a repeat: separate tests, a warning. */
static void
check_mismatch(void)
{
	char *const		 paths[2] = { FX "run1-randread.json",
				    FX "json-randread-4k.json" };
	struct result_set	*rs = NULL;
	struct str_list		 w = { 0 };
	struct read_options	 ro = { .system_name = "box", .warnings = &w };
	struct diag		 d;
	const struct test	*t;

	diag_clear(&d);
	ok(import_runs_read(paths, 2, NULL, &ro, &rs, &d) == 0, "mismatched runs read");
	if (rs == NULL)
		return;
	ok(th_warned(&w, "matches no test of the first run"), "mismatch warned");
	t = th_find(rs, "Engine: IO_uring", "IOPS");
	ok(t != NULL && t->values[0].n == 1, "mismatch: kept as its own test");
	t = th_find(rs, "Engine: PSync", "IOPS");
	ok(t != NULL && t->values[0].n == 1, "mismatch: first run untouched");
	result_set_free(rs);
	str_list_free(&w);

	/* A bad file among the runs: nothing returned, the file named. */
	{
		char *const bad[2] = { FX "run1-randread.json", FX "error-shm.json" };

		rs = NULL;
		ok(import_runs_read(bad, 2, NULL, &ro, &rs, &d) == -1 && rs == NULL &&
		    strstr(d.file, "error-shm.json") != NULL, "bad run: all or nothing");
	}
}

int
main(void)
{
	check_model();
	check_three_runs();
	check_mismatch();
	return tap_done();
}
