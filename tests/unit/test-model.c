/* SPDX-License-Identifier: ISC */
/* Unit tests for the model: lists, lookups, and statistics from raw runs. */
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "tap.h"
#include "text-json.h"
#include "text-safe.h"

int
main(void)
{
	struct result_set	*rs;
	struct test		*t;
	struct value		*v;
	size_t			 a, b;
	char			 buf[64], *s;

	rs = result_set_new();
	a = result_set_add_system(rs, "none");
	b = result_set_add_system(rs, "mq-deadline");
	is_int(result_set_find_system(rs, "mq-deadline"), (long)b, "find system");
	is_int(result_set_find_system(rs, "bfq"), -1, "missing system is -1");
	t = result_set_add_test(rs);
	v = test_add_value(t, a);
	ok(!v->has_mean && !v->has_se && v->n == 0, "new value is absent, not 0");

	/*
	 * PTS's own verified example: raw 1025.39:993.59:921.99 gives
	 * SD 52.96 and "SE +/- 30.58, N = 3" (as PTS computes SE: sample SD / sqrt(N)).
	 */
	dbl_list_add(&v->runs, 1025.39);
	dbl_list_add(&v->runs, 993.59);
	dbl_list_add(&v->runs, 921.99);
	value_compute_stats(v);
	is_int(v->n, 3, "N from runs");
	is_double(v->se, 30.58, 0.005, "SE = sample SD / sqrt(N)");
	is_double(v->mean, (1025.39 + 993.59 + 921.99) / 3, 1e-9, "mean from runs");
	/* Same example as the PTS docs' fio entry: 1480.2:1502.7:1471.6:1495.1 -> 7.04 */
	v = test_add_value(t, b);
	dbl_list_add(&v->runs, 1480.2);
	dbl_list_add(&v->runs, 1502.7);
	dbl_list_add(&v->runs, 1471.6);
	dbl_list_add(&v->runs, 1495.1);
	value_compute_stats(v);
	is_double(v->se, 7.04, 0.005, "SE of 4 runs");
	ok(test_find_value(t, b) == v, "find value by system");

	v = test_add_value(t, a);
	dbl_list_add(&v->runs, 5);
	value_compute_stats(v);
	ok(v->has_se && v->se == 0 && v->n == 1, "one run: SE 0, N 1");

	kv_list_set(&rs->systems[a].fields, "Disk", "x");
	kv_list_set(&rs->systems[a].fields, "Disk", "y");
	is_int(rs->systems[a].fields.len, 1, "kv_list_set replaces");
	is_str(kv_list_get(&rs->systems[a].fields, "Disk"), "y", "kv_list_get");

	is_int(proportion_parse("LIB"), PROP_LIB, "parse LIB");
	is_int(proportion_parse(" "), PROP_NONE, "blank proportion is none");
	is_int(display_parse("FILLED_LINE_GRAPH"), DISPLAY_LINE, "filled line is line");
	is_int(display_parse("WHATEVER"), DISPLAY_BAR, "unknown display is bar");

	text_json_double(0.1, buf, sizeof(buf));
	is_str(buf, "0.1", "shortest round-trip double");
	text_json_double(1523.33, buf, sizeof(buf));
	is_str(buf, "1523.33", "shortest round-trip double 2");

	s = text_safe_dup("a\x1b[31mred\x07\xc2\x9b");
	is_str(s, "a\\x1b[31mred\\x07\\u009b", "control characters neutralised");
	free(s);
	is_int(text_safe_width("Größe"), 5, "width counts code points");

	result_set_free(rs);
	result_set_free(NULL);
	return tap_done();
}
