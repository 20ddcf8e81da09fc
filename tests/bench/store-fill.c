/* SPDX-License-Identifier: ISC */
/*
 * Bench helper for tests/bench-store.sh: add generated small result sets
 * to a store (an SQLite path or a postgresql:// URI) through the store's
 * own import, one transaction per set as `import` does, without a file
 * and a process per set. Set k (FROM <= k < TO) has two systems (ext4 and,
 * for k < 5 only, xfs; the rest btrfs), three tests of two values with
 * five runs each, and a SHA-256 of its own, so every set is distinct and
 * `systems --where filesystem=xfs` matches the same 5 sets at any size.
 *   store-fill STORE FROM TO
 * Not part of the program.
 */
#include <stdio.h>
#include <stdlib.h>

#include "meta.h"
#include "model.h"
#include "store.h"
#include "xalloc.h"

static struct result_set *gen_set(long);

static struct result_set *
gen_set(long k)
{
	static const char *const fs[] = { "ext4", "btrfs" };
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	char			*s;
	size_t			 i, j, r, sys;

	s = xasprintf("Generated set %ld", k);
	model_set_str(&rs->title, s);
	free(s);
	model_set_str(&rs->format, "pts-xml");
	s = xasprintf("generated-%ld.xml", k);
	model_set_str(&rs->source_path, s);
	free(s);
	s = xasprintf("%064lx", (unsigned long)k + 1);
	model_set_str(&rs->source_sha256, s);
	free(s);
	for (i = 0; i < 2; i++) {
		s = xasprintf("box-%zu", i);
		sys = result_set_add_system(rs, s);
		free(s);
		kv_list_add(&rs->systems[sys].fields, "Processor",
		    "AMD Ryzen 7 7700 8-Core @ 5.39GHz (8 Cores / 16 Threads)");
		kv_list_add(&rs->systems[sys].fields, "Disk",
		    "1000GB Samsung SSD 980 PRO 1TB");
		kv_list_add(&rs->systems[sys].fields, "File-System",
		    i == 0 ? "ext4" : k < 5 ? "xfs" : fs[k % 2]);
		kv_list_add(&rs->systems[sys].fields, "Kernel",
		    "6.1.0-31-amd64 (x86_64)");
	}
	for (j = 0; j < 3; j++) {
		t = result_set_add_test(rs);
		model_set_str(&t->identifier, "pts/fio-2.1.0");
		model_set_str(&t->title, "Flexible IO Tester");
		s = xasprintf("Type: Random Read - Block Size: %dKB", 4 << j);
		model_set_str(&t->arguments, s);
		free(s);
		model_set_str(&t->unit, "IOPS");
		t->proportion = PROP_HIB;
		for (i = 0; i < 2; i++) {
			v = test_add_value(t, i);
			for (r = 0; r < 5; r++)
				dbl_list_add(&v->runs, 1000.0 + (double)(k % 97) +
				    (double)(i * 10 + j * 3 + r));
			v->mean = 1000.0 + (double)(k % 97) + (double)(i * 10 +
			    j * 3 + 2);
			v->has_mean = true;
			v->n = 5;
		}
	}
	meta_normalize_result_set(rs);
	return rs;
}

int
main(int argc, char **argv)
{
	struct store		*st;
	struct result_set	*rs;
	struct diag		 d;
	int64_t			 id;
	bool			 already;
	long			 k, from, to;

	if (argc != 4) {
		fprintf(stderr, "usage: store-fill STORE FROM TO\n");
		return 2;
	}
	from = strtol(argv[2], NULL, 10);
	to = strtol(argv[3], NULL, 10);
	diag_clear(&d);
	if (store_open(argv[1], &st, &d) == -1) {
		fprintf(stderr, "store-fill: %s\n", d.msg);
		return 3;
	}
	for (k = from; k < to; k++) {
		rs = gen_set(k);
		if (store_import_result_set(st, rs, &id, &already, &d) == -1) {
			fprintf(stderr, "store-fill: set %ld: %s\n", k, d.msg);
			result_set_free(rs);
			store_close(st);
			return 3;
		}
		result_set_free(rs);
	}
	store_close(st);
	return 0;
}
