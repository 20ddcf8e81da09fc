/* SPDX-License-Identifier: ISC */
/*
 * Store faults at the API level, so they run whatever readers exist:
 * an import of a large result set killed with SIGKILL at random points
 * leaves a database that passes PRAGMA integrity_check, shows no partial
 * set and keeps the earlier set bit for bit; two processes importing into
 * one new database at once both land. The CLI side (read-only store, full
 * filesystem, corrupted file, schema versions) is tests/cli/store-faults.sh.
 */
#include <sys/types.h>
#include <sys/wait.h>

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store.h"
#include "tap.h"
#include "xalloc.h"

/* The shape of every generated set: large enough to take a while to store. */
#define NSYS	4
#define NTESTS	1500
#define NRUNS	6

/*
 * Held across fork(): kept where valgrind's leak check in a child that
 * exits finds them still reachable.
 */
static char	*t_db, *t_fp0, *t_fp1;

static struct result_set *big_set(int seed);
static double	 now(void);
static pid_t	 import_child(const char *, int);
static int	 import_here(const char *, int);
static long	 query_long(sqlite3 *, const char *);
static char	*fingerprint(sqlite3 *, int64_t);
static int	 sets_complete(sqlite3 *);

static struct result_set *
big_set(int seed)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	char			 buf[80];
	size_t			 s, i, r;

	snprintf(buf, sizeof(buf), "generated set %d", seed);
	model_set_str(&rs->title, buf);
	model_set_str(&rs->format, "pts-xml");
	snprintf(buf, sizeof(buf), "%064d", seed);
	model_set_str(&rs->source_sha256, buf);
	for (s = 0; s < NSYS; s++) {
		snprintf(buf, sizeof(buf), "system %zu", s);
		result_set_add_system(rs, buf);
		kv_list_add(&rs->systems[s].fields, "Processor", "a processor");
		kv_list_add(&rs->systems[s].fields, "Disk", "a disk");
	}
	for (i = 0; i < NTESTS; i++) {
		t = result_set_add_test(rs);
		snprintf(buf, sizeof(buf), "pts/test-%zu", i);
		model_set_str(&t->identifier, buf);
		model_set_str(&t->title, "Generated");
		model_set_str(&t->unit, "MB/s");
		t->proportion = PROP_HIB;
		for (s = 0; s < NSYS; s++) {
			v = test_add_value(t, s);
			for (r = 0; r < NRUNS; r++)
				dbl_list_add(&v->runs, (double)(seed + i + s + r));
			value_compute_stats(v);
		}
	}
	return rs;
}

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Open db and import set seed; 0 on success. */
static int
import_here(const char *db, int seed)
{
	struct result_set	*rs = big_set(seed);
	struct store		*st = NULL;
	struct diag		 d;
	int64_t			 id;
	bool			 already;
	int			 rc = -1;

	diag_clear(&d);
	if (store_open(db, &st, &d) == -1 ||
	    store_import_result_set(st, rs, &id, &already, &d) == -1) {
		fprintf(stderr, "import %d: %s\n", seed, d.msg);
		goto out;
	}
	rc = 0;
out:
	store_close(st);
	result_set_free(rs);
	return rc;
}

/* A child process importing set seed into db; exits 0 when it landed. */
static pid_t
import_child(const char *db, int seed)
{
	pid_t	pid;

	fflush(stdout);
	if ((pid = fork()) == 0)
		_exit(import_here(db, seed) == 0 ? 0 : 1);
	return pid;
}

static long
query_long(sqlite3 *db, const char *sql)
{
	sqlite3_stmt	*stmt = NULL;
	long		 v = -1;

	if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) == SQLITE_OK &&
	    sqlite3_step(stmt) == SQLITE_ROW)
		v = sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	return v;
}

/* Row counts and sums of everything set id owns, as text. */
static char *
fingerprint(sqlite3 *db, int64_t id)
{
	sqlite3_stmt	*stmt = NULL;
	char		*s = NULL;

	if (sqlite3_prepare_v2(db, "SELECT (SELECT count(*) FROM tests WHERE "
	    "set_id = ?1), (SELECT count(*) || ':' || total(r.mean) || ':' || "
	    "total(r.se) FROM results r JOIN tests t ON r.test_id = t.id WHERE "
	    "t.set_id = ?1), (SELECT count(r.runs) || ':' || "
	    "group_concat(hex(r.runs), ',') FROM results r JOIN tests t ON "
	    "r.test_id = t.id WHERE t.set_id = ?1), (SELECT count(*) FROM "
	    "systems WHERE set_id = ?1)", -1, &stmt, NULL) == SQLITE_OK &&
	    sqlite3_bind_int64(stmt, 1, id) == SQLITE_OK &&
	    sqlite3_step(stmt) == SQLITE_ROW)
		s = xasprintf("%s|%s|%s|%s", sqlite3_column_text(stmt, 0),
		    sqlite3_column_text(stmt, 1), sqlite3_column_text(stmt, 2),
		    sqlite3_column_text(stmt, 3));
	sqlite3_finalize(stmt);
	return s != NULL ? s : xstrdup("?");
}

/* 1 when every stored set has the full generated shape and no orphan rows. */
static int
sets_complete(sqlite3 *db)
{
	char	*sql;
	long	 bad;

	sql = xasprintf("SELECT count(*) FROM result_sets r WHERE "
	    "(SELECT count(*) FROM tests t WHERE t.set_id = r.id) != %d OR "
	    "(SELECT count(*) FROM systems s WHERE s.set_id = r.id) != %d OR "
	    "(SELECT count(*) FROM results x JOIN tests t ON x.test_id = t.id "
	    "WHERE t.set_id = r.id) != %d OR (SELECT count(*) FROM results x "
	    "JOIN tests t ON x.test_id = t.id WHERE t.set_id = r.id AND "
	    "length(x.runs) = 8 * %d) != %d",
	    NTESTS, NSYS, NTESTS * NSYS, NRUNS, NTESTS * NSYS);
	bad = query_long(db, sql);
	free(sql);
	bad += query_long(db, "SELECT count(*) FROM sources WHERE id NOT IN "
	    "(SELECT source_id FROM result_sets)");
	bad += query_long(db, "SELECT count(*) FROM tests WHERE set_id NOT IN "
	    "(SELECT id FROM result_sets)");
	return bad == 0;
}

int
main(void)
{
	char		 dir[] = "/tmp/brfaults.XXXXXX";
	char		*cmd;
	sqlite3		*h = NULL;
	double		 t0, full;
	/* A fixed seed: every run tries the same kill points (BR_FAULT_SEED varies them). */
	unsigned	 seed = getenv("BR_FAULT_SEED") != NULL ?
			    (unsigned)strtoul(getenv("BR_FAULT_SEED"), NULL, 10) : 20261201u;
	int		 i, status, kills = 10, landed = 0, integrity = 1;
	int		 complete = 1, intact = 1, killed_mid = 0;
	pid_t		 a, b;

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 2;
	}
	srand(seed);
	diag("random seed %u", seed);
	t_db = xasprintf("%s/kill.db", dir);

	/* An earlier set, and how long one import takes here. */
	ok(import_here(t_db, 1) == 0, "earlier set imported");
	if (sqlite3_open(t_db, &h) == SQLITE_OK)
		t_fp0 = fingerprint(h, 1);
	sqlite3_close(h);
	h = NULL;
	t0 = now();
	ok(import_here(t_db, 2) == 0, "timing import");
	full = now() - t0;
	diag("one import of %d values takes %.3f s here", NTESTS * NSYS, full);

	/* Kill imports of further sets at random points of that time. */
	for (i = 0; i < kills; i++) {
		useconds_t	 delay;

		/* Up to 1.5 times the import: a few kills come too late. */
		delay = (useconds_t)(1.5 * full * 1e6 *
		    (i + (double)rand() / RAND_MAX) / kills);
		a = import_child(t_db, 100 + i);
		usleep(delay);
		kill(a, SIGKILL);
		if (waitpid(a, &status, 0) == a && WIFSIGNALED(status))
			killed_mid++;
		else if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
			landed++;
		if (sqlite3_open_v2(t_db, &h, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
			integrity = 0;
			sqlite3_close(h);
			h = NULL;
			continue;
		}
		(void)sqlite3_busy_timeout(h, 5000);
		{
			sqlite3_stmt	*stmt = NULL;

			if (sqlite3_prepare_v2(h, "PRAGMA integrity_check", -1,
			    &stmt, NULL) != SQLITE_OK ||
			    sqlite3_step(stmt) != SQLITE_ROW ||
			    strcmp((const char *)sqlite3_column_text(stmt, 0), "ok") != 0)
				integrity = 0;
			sqlite3_finalize(stmt);
		}
		if (!sets_complete(h))
			complete = 0;
		free(t_fp1);
		t_fp1 = fingerprint(h, 1);
		if (t_fp0 == NULL || strcmp(t_fp0, t_fp1) != 0)
			intact = 0;
		sqlite3_close(h);
		h = NULL;
	}
	diag("%d imports killed, %d finished before the kill", killed_mid, landed);
	ok(killed_mid > 0, "some imports were killed mid-way");
	ok(integrity, "integrity_check is ok after every kill");
	ok(complete, "no partial result set or orphan row after any kill");
	ok(intact, "the earlier set is unchanged after every kill");
	ok(import_here(t_db, 999) == 0, "an import after the kills lands");
	if (sqlite3_open(t_db, &h) == SQLITE_OK)
		ok(sets_complete(h), "and is complete");
	sqlite3_close(h);
	h = NULL;

	/* Two processes create and import into one new database at once. */
	for (i = 0; i < 3; i++) {
		int	sa, sb;
		long	n;

		free(t_db);
		t_db = xasprintf("%s/both-%d/results.db", dir, i);
		a = import_child(t_db, 10);
		b = import_child(t_db, 11);
		sa = waitpid(a, &status, 0) == a && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 0;
		sb = waitpid(b, &status, 0) == b && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 0;
		ok(sa && sb, "two imports at once both succeed");
		n = -1;
		if (sqlite3_open(t_db, &h) == SQLITE_OK) {
			n = query_long(h, "SELECT count(*) FROM result_sets");
			ok(sets_complete(h), "both are complete");
		}
		sqlite3_close(h);
		h = NULL;
		is_int(n, 2, "both sets are in the store");
	}

	free(t_fp0);
	free(t_fp1);
	free(t_db);
	cmd = xasprintf("rm -rf '%s'", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	free(cmd);
	return tap_done();
}
