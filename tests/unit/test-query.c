/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for fact queries (query.c) and re-normalisation (the
 * normalize command) over a real store in a temporary directory: sets
 * built in memory from the seed 004 and seed 000 system strings, queried
 * by filesystem, RAID mode and test words.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd.h"
#include "meta.h"
#include "query.h"
#include "query-print.h"
#include "store.h"
#include "tap.h"
#include "xalloc.h"

extern const struct cmd_entry cmd_normalize_entry;

struct seen {
	char	names[16][64];
	int	n;
};

static int
collect_sys(const struct query_system *s, void *arg)
{
	struct seen	*seen = arg;

	if (seen->n < 16)
		snprintf(seen->names[seen->n++], 64, "%lld/%s",
		    (long long)s->set_id, s->identifier);
	return 0;
}

static int
collect_res(const struct query_result *r, void *arg)
{
	struct seen	*seen = arg;

	if (seen->n < 16)
		snprintf(seen->names[seen->n++], 64, "%s=%.0f",
		    r->sys.identifier, r->mean);
	return 0;
}

/* The btrfs set: three systems, one fio random-read test. */
static struct result_set *
btrfs_set(void)
{
	static const char *const ids[] = { "Single", "RAID0", "RAID1" };
	static const double iops[] = { 554333, 553000, 535333 };
	struct result_set	*rs;
	struct test		*t;
	struct value		*v;
	size_t			 i, k;

	rs = result_set_new();
	model_set_str(&rs->title, "Btrfs RAID");
	for (i = 0; i < 3; i++) {
		k = result_set_add_system(rs, ids[i]);
		kv_list_add(&rs->systems[k].fields, "File-System", "btrfs");
		kv_list_add(&rs->systems[k].fields, "Disk", i == 0 ?
		    "1000GB Western Digital WD_BLACK SN850 1TB" :
		    "2 x 1000GB Western Digital WDS100T1X0E-00AFY0");
		kv_list_add(&rs->systems[k].notes, "Disk Details",
		    "- Single: NONE / relatime,rw / Block Size: 4096"
		    "- RAID0: NONE / relatime,rw / RAID0 Block Size: 4096"
		    "- RAID1: NONE / relatime,rw / RAID1 Block Size: 4096");
	}
	t = result_set_add_test(rs);
	model_set_str(&t->identifier, "pts/fio-1.15.0");
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->description, "Type: Random Read - Engine: IO_uring - "
	    "Block Size: 4KB");
	model_set_str(&t->unit, "IOPS");
	for (i = 0; i < 3; i++) {
		v = test_add_value(t, i);
		v->has_mean = true;
		v->mean = iops[i];
	}
	t = result_set_add_test(rs);
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->description, "Type: Sequential Read - Block Size: 2MB");
	model_set_str(&t->unit, "MB/s");
	v = test_add_value(t, 2);
	v->has_mean = true;
	v->mean = 3325;
	meta_normalize_result_set(rs);
	return rs;
}

static struct result_set *
ext4_set(void)
{
	struct result_set	*rs;
	size_t			 k;

	rs = result_set_new();
	model_set_str(&rs->title, "SSDs");
	k = result_set_add_system(rs, "Samsung 990 PRO 1TB");
	kv_list_add(&rs->systems[k].fields, "File-System", "ext4");
	kv_list_add(&rs->systems[k].fields, "Disk", "1000GB Samsung SSD 990 PRO 1TB");
	kv_list_add(&rs->systems[k].fields, "Mount Options", "relatime,rw");
	meta_normalize_result_set(rs);
	return rs;
}

int
main(void)
{
	char			 dir[] = "/tmp/brqueryXXXXXX", *path;
	struct store		*st = NULL;
	struct result_set	*rs;
	struct query_where	 w = { NULL, 0, 0 };
	struct str_list		 terms = { NULL, 0, 0 };
	struct seen		 seen;
	struct diag		 d;
	struct cmd_ctx		 ctx;
	int64_t			 id1 = 0, id2 = 0;
	bool			 already;
	char			*argv[] = { "normalize", NULL };

	if (mkdtemp(dir) == NULL) {
		ok(0, "temporary directory");
		return tap_done();
	}
	path = xasprintf("%s/results.db", dir);
	diag_clear(&d);
	ok(store_open(path, &st, &d) == 0, "open store");
	rs = btrfs_set();
	ok(store_import_result_set(st, rs, &id1, &already, &d) == 0, "store btrfs set");
	result_set_free(rs);
	rs = ext4_set();
	ok(store_import_result_set(st, rs, &id2, &already, &d) == 0, "store ext4 set");
	result_set_free(rs);

	memset(&seen, 0, sizeof(seen));
	ok(query_systems(st, &w, collect_sys, &seen, &d) == 0, "all systems");
	is_int(seen.n, 4, "no condition lists every system");

	ok(query_where_parse("filesystem=btrfs", &w, &d) == 0, "parse filesystem=btrfs");
	memset(&seen, 0, sizeof(seen));
	query_systems(st, &w, collect_sys, &seen, &d);
	is_int(seen.n, 3, "filesystem=btrfs: exactly the btrfs systems");
	query_where_free(&w);

	ok(query_where_parse("filesystem=BTRFS,raid_mode=raid1", &w, &d) == 0,
	    "parse two conditions");
	memset(&seen, 0, sizeof(seen));
	query_systems(st, &w, collect_sys, &seen, &d);
	is_int(seen.n, 1, "btrfs RAID1: one system");
	is_str(seen.n > 0 ? strchr(seen.names[0], '/') + 1 : NULL, "RAID1",
	    "btrfs RAID1 is the RAID1 system");

	/* "every fio 4K random read on btrfs RAID1" */
	str_list_add(&terms, "fio");
	str_list_add(&terms, "random read");
	str_list_add(&terms, "4KB");
	memset(&seen, 0, sizeof(seen));
	ok(query_results(st, &w, &terms, collect_res, &seen, &d) == 0,
	    "results query");
	is_int(seen.n, 1, "one 4K random read on btrfs RAID1");
	is_str(seen.names[0], "RAID1=535333", "its value");
	query_where_free(&w);
	str_list_free(&terms);
	str_list_add(&terms, "100%_");
	memset(&seen, 0, sizeof(seen));
	query_results(st, &w, &terms, collect_res, &seen, &d);
	is_int(seen.n, 0, "LIKE wildcards in words are literal");
	str_list_free(&terms);

	ok(query_where_parse("mount_options=relatime,rw", &w, &d) == 0,
	    "a comma inside a value");
	is_str(w.len == 1 ? w.items[0].value : NULL, "relatime,rw", "value keeps its comma");
	memset(&seen, 0, sizeof(seen));
	query_systems(st, &w, collect_sys, &seen, &d);
	is_int(seen.n, 4, "mount_options=relatime,rw everywhere");
	query_where_free(&w);
	ok(query_where_parse("fs=btrfs", &w, &d) == -1 &&
	    strstr(d.msg, "unknown fact") != NULL, "unknown fact name refused");
	query_where_free(&w);
	ok(query_where_parse("raid_mode=", &w, &d) == -1, "empty value refused");
	query_where_free(&w);
	ok(query_where_parse("btrfs", &w, &d) == -1, "KEY=VALUE required");
	query_where_free(&w);

	/* The listings `systems --all` prints. */
	{
		char	*buf = NULL;
		size_t	 len = 0;
		FILE	*mem = open_memstream(&buf, &len);
		long	 n;

		ok(query_where_parse("raid_mode=raid0", &w, &d) == 0, "parse raid0");
		n = query_print_systems(mem, st, &w, true, &d);
		fclose(mem);
		is_int(n, 1, "one raid0 system printed");
		ok(buf != NULL && strncmp(buf, "SET\tSYS\tIDENTIFIER\tcpu_model\t", 29) == 0,
		    "listing header");
		ok(buf != NULL && strstr(buf, "\t2\tRAID0\t-\t-\t2\tbtrfs\traid0\t") != NULL,
		    "listing row: unknown facts are -");
		ok(buf != NULL && strstr(buf, "raid_mode          raid0  (note:Disk Details)") != NULL,
		    "provenance shown");
		free(buf);
		query_where_free(&w);
		buf = NULL;
		mem = open_memstream(&buf, &len);
		str_list_add(&terms, "sequential");
		n = query_print_results(mem, st, &w, &terms, &d);
		fclose(mem);
		str_list_free(&terms);
		is_int(n, 1, "one sequential read result");
		ok(buf != NULL && strstr(buf, "\tRAID1\tFlexible IO Tester: Type: Sequential Read - Block Size: 2MB\t3325\tMB/s\t") != NULL,
		    "result row");
		free(buf);
	}

	/* Stale facts in the store, as after a rule change: normalize fixes them. */
	rs = NULL;
	ok(store_load_result_set(st, id2, &rs, &d) == 0, "load ext4 set");
	if (rs != NULL) {
		fact_list_free(&rs->systems[0].normalized);
		fact_list_set(&rs->systems[0].normalized, "filesystem", "ext3",
		    "field:File-System");
		/* Measured on the machine by the runner: kept. */
		fact_list_set(&rs->systems[0].normalized, "cpu_governor",
		    "performance", "detected");
		ok(store_update_facts(st, id2, rs, &d) == 0, "store stale facts");
		result_set_free(rs);
	}
	store_close(st);
	st = NULL;
	memset(&ctx, 0, sizeof(ctx));
	ctx.prog = "benchreport";
	ctx.db_path = path;
	fflush(stdout);
	is_int(cmd_run(&ctx, &cmd_normalize_entry, 1, argv), 0, "normalize runs");
	ok(store_open(path, &st, &d) == 0, "reopen store");
	rs = NULL;
	if (store_load_result_set(st, id2, &rs, &d) == 0) {
		const struct fact *f;

		f = fact_list_get(&rs->systems[0].normalized, "filesystem");
		is_str(f != NULL ? f->value : NULL, "ext4", "normalize restored the fact");
		f = fact_list_get(&rs->systems[0].normalized, "raid_mode");
		is_str(f != NULL ? f->source : NULL, "field:Disk",
		    "with its provenance");
		f = fact_list_get(&rs->systems[0].normalized, "cpu_governor");
		is_str(f != NULL ? f->source : NULL, "detected",
		    "a detected fact survives normalize");
	}
	result_set_free(rs);
	store_close(st);
	unlink(path);
	{
		char *wal = xasprintf("%s-wal", path), *shm = xasprintf("%s-shm", path);

		unlink(wal);
		unlink(shm);
		free(wal);
		free(shm);
	}
	rmdir(dir);
	free(path);
	return tap_done();
}
