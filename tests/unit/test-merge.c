/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for merge: systems deduplicated by identifier and fields,
 * clashes renamed "NAME (2)", results matched by PTS identity (profile
 * patch version ignored, app version not), failed entries replaced,
 * identical entries skipped, inputs left unchanged.
 */
#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "tap.h"

static struct result_set *mk_set(const char *sys, const char *disk,
		    const char *profile, double fio, bool fail_lat);

static struct result_set *
mk_set(const char *sys, const char *disk, const char *profile, double fio,
    bool fail_lat)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	size_t			 s;

	model_set_str(&rs->title, "set");
	s = result_set_add_system(rs, sys);
	kv_list_add(&rs->systems[s].fields, "Disk", disk);
	t = result_set_add_test(rs);
	model_set_str(&t->identifier, profile);
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->app_version, "3.36");
	model_set_str(&t->arguments, "randread io_uring 1 0 4k");
	model_set_str(&t->unit, "MB/s");
	t->proportion = PROP_HIB;
	kv_list_add(&t->facts, "iodepth", "1");
	v = test_add_value(t, s);
	dbl_list_add(&v->runs, fio);
	dbl_list_add(&v->runs, fio + 2);
	value_compute_stats(v);
	t = result_set_add_test(rs);
	model_set_str(&t->title, "Latency");
	model_set_str(&t->unit, "ms");
	v = test_add_value(t, s);
	if (fail_lat)
		model_set_str(&v->error, "timeout");
	else {
		v->has_mean = true;
		v->mean = 4.5;
	}
	return rs;
}

int
main(void)
{
	struct result_set	*in[3], *out = NULL;
	struct str_list		 notes = { NULL, 0, 0 };
	struct diag		 d;
	struct test		 x, y;

	memset(&x, 0, sizeof(x));
	memset(&y, 0, sizeof(y));
	x.identifier = (char *)"pts/fio-2.1.0";
	y.identifier = (char *)"pts/fio-2.1.1";
	ok(merge_same_result(&x, &y), "identity: patch version ignored (PTS §6)");
	y.identifier = (char *)"pts/fio-2.2.0";
	ok(!merge_same_result(&x, &y), "identity: minor version counts");
	y.identifier = (char *)"pts/fio-2.1.0";
	y.app_version = (char *)"3.37";
	ok(!merge_same_result(&x, &y), "identity: app version counts");

	in[0] = mk_set("RAID0", "2 x Samsung", "pts/fio-2.1.0", 100, true);
	in[1] = mk_set("RAID0", "2 x Samsung", "pts/fio-2.1.1", 100, false);
	in[2] = mk_set("RAID0", "1 x Samsung", "pts/fio-2.1.0", 50, false);
	diag_clear(&d);
	ok(merge_result_sets(in, 3, "merged", &out, &notes, &d) == 0, "merge succeeds");
	is_str(out->title, "merged", "--title used");
	is_int(out->nsystems, 2, "same identifier and fields: one system");
	is_str(out->systems[1].identifier, "RAID0 (2)", "clash renamed RAID0 (2)");
	is_int(out->ntests, 2, "results matched, none duplicated");
	is_int(out->tests[0].nvalues, 2, "fio: one value per distinct system");
	is_double(out->tests[0].values[1].mean, 51, 1e-12, "fio: RAID0 (2) value");
	ok(test_find_value(&out->tests[1], 0)->has_mean &&
	    test_find_value(&out->tests[1], 0)->error == NULL,
	    "failed entry replaced by the later real one");
	is_int(out->tests[0].values[0].runs.len, 2, "runs copied");
	is_str(kv_list_get(&out->tests[0].facts, "iodepth"), "1", "test facts copied");
	ok(notes.len == 1 && strstr(notes.items[0], "RAID0 (2)") != NULL,
	    "the rename is reported");
	ok(in[0]->tests[1].values[0].error != NULL, "inputs unchanged");
	result_set_free(out);
	str_list_free(&notes);

	/* A set merged with itself: nothing doubles (unlike PTS). */
	result_set_free(in[1]);
	in[1] = in[0];
	ok(merge_result_sets(in, 2, NULL, &out, &notes, &d) == 0, "self merge");
	is_int(out->nsystems, 1, "self merge: one system");
	is_int(out->tests[0].nvalues, 1, "self merge: one value");
	is_int(notes.len, 0, "self merge: nothing to report");
	is_str(out->title, "set", "title of the first set by default");
	result_set_free(out);

	/* A rerun of the same system with other results: both are kept. */
	in[1] = mk_set("RAID0", "2 x Samsung", "pts/fio-2.1.0", 120, false);
	str_list_free(&notes);
	ok(merge_result_sets(in, 2, NULL, &out, &notes, &d) == 0, "rerun merge");
	is_int(out->nsystems, 2, "rerun: a second system");
	is_int(out->tests[0].nvalues, 2, "rerun: both values kept");
	ok(notes.len == 1 && strstr(notes.items[0], "other results") != NULL,
	    "rerun: the rename says why");
	result_set_free(out);
	result_set_free(in[1]);
	str_list_free(&notes);

	diag_clear(&d);
	ok(merge_result_sets(in, 0, NULL, &out, &notes, &d) == -1 &&
	    diag_isset(&d), "nothing to merge: error");
	result_set_free(in[0]);
	result_set_free(in[2]);
	return tap_done();
}
