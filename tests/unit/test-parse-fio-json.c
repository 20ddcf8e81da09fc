/* SPDX-License-Identifier: ISC */
/*
 * The fio JSON reader (JSON, json+, 2.x and 3.x, client/server,
 * json,normal, --status-interval) on the project's fixtures and every JSON
 * file of the shared corpus, read in place. Sums of IOPS and bandwidth are
 * checked against fio's own per-job figures read here with json-c; the
 * normal text of json,normal files against the JSON; hand-checked values
 * carry a comment saying how they were checked.
 */
#include <dirent.h>
#include <unistd.h>

#include "fio-checks.h"
#include "parse-fio-text.h"

static void	 check_json_fixtures(void);
static void	 check_bad_input(void);
static void	 check_bins(void);

static void
check_json_fixtures(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	struct fio_job_list	 tl = { 0 };
	const struct test	*t;
	char			*buf;
	size_t			 len;
	int			 dirn;

	check_json_file(FX "json-randread-4k.json");
	check_json_file(FX "jsonplus-write-64k.json");
	check_json_file(FX "clones-nogroup.json");
	check_json_file(FX "clones-nogroup.jsonplus.json");
	check_json_file(FX "client-server.json");
	is_str(detected(FX "json-randread-4k.json"), "fio-json", "detect json");
	is_str(detected(FX "jsonnormal-randrw.txt"), "fio-json", "detect json,normal");
	/* Naming and fields on the generated JSON (options from its .cmd file). */
	th_read(FX "json-randread-4k.json", NULL, &rs, &w, &d);
	t = th_find(rs, "Type: Random Read", "IOPS");
	ok(t != NULL, "json: IOPS test");
	if (t != NULL) {
		is_str(t->title, "Flexible IO Tester", "json: title");
		is_str(t->app_version, "3.33", "json: version without fio-");
		is_str(t->description, "Type: Random Read - Engine: IO_uring - "
		    "Direct: Yes - Block Size: 4KB - Job Count: 1", "json: PTS naming");
		is_str(t->arguments, t->description, "json: arguments as PTS writes them");
		is_int(t->proportion, PROP_HIB, "json: IOPS HIB");
		is_str(kv_list_get(&t->facts, "iodepth"), "4", "json: iodepth kept as a fact");
		is_str(kv_list_get(&t->facts, "size"), "8M", "json: every option kept");
	}
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->proportion == PROP_LIB, "json: p99 latency LIB");
	is_str(rs->systems[0].identifier, "fio", "json: system from directory name");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Hand-written 2.x JSON: iops 1000 and bw 128000 KiB/s -> 125 MB/s
	 * (128000 / 1024); clat in usec as written (7990.50, p99 12032);
	 * "numjobs" : "01" is one job.
	 */
	th_read(FX "fio2-json-seqread.json", "box", &rs, &w, &d);
	t = th_find(rs, "Job Count: 1", "IOPS");
	ok(t != NULL && t->values[0].mean == 1000, "fio 2.x json: IOPS");
	t = th_find(rs, "Block Size: 128KB", "MB/s");
	ok(t != NULL && t->values[0].mean == 125, "fio 2.x json: MB/s");
	t = th_find(rs, "Completion Mean", "usec");
	ok(t != NULL && t->values[0].mean == 7990.5, "fio 2.x json: usec kept");
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean == 12032, "fio 2.x json: p99");
	is_str(rs->systems[0].identifier, "box", "--system names the system");
	ok(th_find(rs, "Sequential Write", "IOPS") == NULL, "idle direction omitted");
	result_set_free(rs);
	str_list_free(&w);

	/*
	 * Client/server: one system per host and "All clients" beside them
	 * (its own figures: 40960 IOPS, 160 MiB/s, by hand from the file),
	 * preamble warned.
	 */
	th_read(FX "client-server.json", NULL, &rs, &w, &d);
	is_int(rs->nsystems, 3, "client/server: two hosts and the aggregate");
	is_str(rs->systems[0].identifier, "node-a", "client/server: host a");
	is_str(rs->systems[1].identifier, "node-b", "client/server: host b");
	is_str(rs->systems[2].identifier, "All clients", "client/server: all clients");
	t = th_find(rs, "Random Read", "IOPS");
	ok(t != NULL && t->nvalues == 3 && test_find_value(t, 2) != NULL &&
	    test_find_value(t, 2)->mean == 40960, "client/server: aggregate IOPS");
	ok(th_warned(&w, "skipped 5 lines") && th_warned(&w, "hostname=node-a"),
	    "client/server: preamble skipped with a warning saying what");
	ok(th_warned(&w, "Disk stats"), "client/server: trailer skipped with a warning");
	result_set_free(rs);
	str_list_free(&w);
	/* fio 3.33 --client twice on 127.0.0.1: the aggregate says 332.023576 IOPS. */
	th_read(FX "client-server-local.json", NULL, &rs, &w, &d);
	t = th_find(rs, "Random Read", "IOPS");
	ok(rs->nsystems == 2 && t != NULL && t->nvalues == 2 &&
	    t->values[1].mean == 332.023576 &&
	    strcmp(rs->systems[t->values[1].system].identifier, "All clients") == 0,
	    "client/server made here: All clients kept with its own figure");
	result_set_free(rs);
	str_list_free(&w);

	/* json,normal: the text numbers equal the JSON numbers (to print precision). */
	ok(th_read(FX "jsonnormal-randrw.txt", NULL, &rs, &w, &d) == 0, "json,normal read");
	ok(!th_warned(&w, "differ"), "json,normal: no disagreement reported");
	buf = format_slurp(FX "jsonnormal-randrw.txt", &len, &d);
	parse_fio_text_jobs(buf, "x", NULL, &tl);
	is_int(tl.len, 1, "json,normal: one job in the text");
	for (dirn = 0; dirn < 2 && tl.len == 1; dirn++) {
		const char *dn = dirn == 0 ? "Direction: Read" : "Direction: Write";

		t = th_find(rs, dn, "IOPS");
		ok(t != NULL && fabs(t->values[0].mean - tl.items[0].dir[dirn].iops) <=
		    0.006 * t->values[0].mean + 0.5, "json,normal: IOPS text = JSON");
		t = th_find(rs, dn, "MB/s");
		ok(t != NULL && fabs(t->values[0].mean * 1024 -
		    tl.items[0].dir[dirn].bw_kib) <= 0.006 * t->values[0].mean * 1024 + 1,
		    "json,normal: bandwidth text = JSON");
		t = th_find(rs, dn, "usec");
		ok(t != NULL && fabs(t->values[0].mean - tl.items[0].dir[dirn].clat_mean_us)
		    <= 0.01, "json,normal: clat mean text = JSON");
	}
	fio_job_list_free(&tl);
	free(buf);
	result_set_free(rs);
	str_list_free(&w);

	/* --status-interval: the last of the cumulative objects is the result. */
	buf = format_slurp(FX "status-interval.json", &len, &d);
	{
		char			*last = NULL, *p;
		struct json_object	*o = NULL, *x;
		double			 want = NAN;

		/* The last object starts at the last "{" in column 0. */
		for (p = buf; p != NULL && (p = strstr(p, "\n{")) != NULL; p++)
			last = p + 1;
		if (last != NULL && (o = json_tokener_parse(last)) != NULL &&
		    json_object_object_get_ex(o, "jobs", &x) &&
		    (x = json_object_array_get_idx(x, 0)) != NULL &&
		    json_object_object_get_ex(x, "read", &x))
			want = jnum(x, "iops", NULL);
		json_object_put(o);
		th_read(FX "status-interval.json", NULL, &rs, &w, &d);
		t = th_find(rs, "Random Read", "IOPS");
		ok(t != NULL && t->values[0].mean == want && t->values[0].n == 1,
		    "status-interval: last object's IOPS, one value");
		ok(th_warned(&w, "2 interim JSON objects"), "status-interval: warned");
		result_set_free(rs);
		str_list_free(&w);
	}
	free(buf);

	/* Block-size range and per-direction sizes keep their meaning. */
	check_json_file(FX "json-bsrange.json");
	th_read(FX "json-bsrange.json", NULL, &rs, &w, &d);
	ok(th_find(rs, "Block Size: 4KB-64KB", "IOPS") != NULL, "bsrange 4k-64k named");
	result_set_free(rs);
	str_list_free(&w);
	/* numjobs=2 without group_reporting: summed, labelled 2 jobs, warned. */
	th_read(FX "clones-nogroup.json", NULL, &rs, &w, &d);
	ok(th_find(rs, "Job Count: 2", "IOPS") != NULL, "clones: Job Count 2");
	ok(th_find(rs, "99th", "usec") == NULL, "clones: no combined p99");
	ok(th_warned(&w, "summed"), "clones: warning");
	result_set_free(rs);
	str_list_free(&w);

}

static void
check_bad_input(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	char			 path[] = "/tmp/br-fio-test.XXXXXX";
	char			*buf;
	size_t			 len;
	FILE			*fp;
	int			 fd;

	th_read(FX "error-shm.json", NULL, &rs, &w, &d);
	ok(strstr(d.msg, "\"error: failed to setup shm segment\"") != NULL,
	    "error-only output refused with the message quoted");
	result_set_free(rs);
	/*
	 * fio 3.33 with a directory as its file: "error" : 21, total_ios 0
	 * and runtime 0 everywhere. No job ran: refused, not 0 IOPS.
	 */
	ok(th_read(FX "error-never-ran.json", NULL, &rs, &w, &d) == -1 &&
	    strstr(d.msg, "no fio job ran") != NULL && strstr(d.msg, "error 21") != NULL,
	    "jobs that never ran: refused with the error");
	result_set_free(rs);
	str_list_free(&w);
	/*
	 * group_reporting over a reader and a writer (fio 3.33): one job
	 * "reader" whose options are the writer's (rw=randwrite) and whose
	 * read and write both moved data. Both directions are kept, typed
	 * from the data, with a warning.
	 */
	ok(th_read(FX "group-reporting-rw.json", NULL, &rs, &w, &d) == 0 &&
	    th_find(rs, "Direction: Read", "IOPS") != NULL &&
	    th_find(rs, "Direction: Write", "IOPS") != NULL &&
	    th_warned(&w, "group_reporting"), "group in JSON: the reader's reads kept too");
	result_set_free(rs);
	str_list_free(&w);
	th_read(FX "error-nomem.txt", NULL, &rs, &w, &d);
	ok(strstr(d.msg, "Cannot allocate memory") != NULL, "fio: error line quoted");
	result_set_free(rs);

	/* Truncated JSON: cut a real file in the middle. */
	buf = format_slurp(FX "json-randread-4k.json", &len, &d);
	if ((fd = mkstemp(path)) == -1 || (fp = fdopen(fd, "w")) == NULL) {
		ok(0, "temp file");
		free(buf);
		return;
	}
	fwrite(buf, 1, len / 2, fp);
	fclose(fp);
	free(buf);
	ok(th_read(path, NULL, &rs, &w, &d) == -1 && strstr(d.msg, "truncated") != NULL &&
	    d.line > 1 && strcmp(d.file, path) == 0,
	    "truncated JSON: error names file, line and why");
	diag("%s:%ld: %s", d.file, d.line, d.msg);
	ok(rs->ntests == 0, "truncated JSON: nothing half-read");
	result_set_free(rs);

	/* Empty and binary junk. */
	fp = fopen(path, "w");
	fclose(fp);
	ok(th_read(path, NULL, &rs, &w, &d) == -1 && strstr(d.msg, "empty") != NULL,
	    "empty file refused");
	result_set_free(rs);
	fp = fopen(path, "w");
	fwrite("\x7f" "ELF\0\0\1\2{\"fio version\"\xff\xfe", 1, 24, fp);
	fclose(fp);
	ok(th_read(path, NULL, &rs, &w, &d) == -1 && d.msg[0] != '\0',
	    "binary junk refused");
	diag("%s", d.msg);
	result_set_free(rs);
	/* Valid JSON that is not fio. */
	fp = fopen(path, "w");
	fputs("{\n  \"fio version\" : \"fio-3.1\",\n  \"other\" : []\n}\n", fp);
	fclose(fp);
	ok(th_read(path, NULL, &rs, &w, &d) == -1 && strstr(d.msg, "jobs") != NULL,
	    "JSON without jobs refused");
	result_set_free(rs);
	unlink(path);
	str_list_free(&w);
}

/*
 * json+ histograms: the percentile found from the bins equals the one fio
 * printed from the same bins; summed clones' p99 lies between the clones'.
 */
static void
check_bins(void)
{
	struct fio_dir		 fd;
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	double			 us, a, b;

	memset(&fd, 0, sizeof(fd));
	a = job_pct(FX "clones-nogroup.jsonplus.json", 0, "99.000000", &fd);
	ok(fio_names_bins_pct(&fd, 99, &us) == 0 && fabs(us - a) < 1e-9,
	    "json+ bins: p99 as fio computes it");
	ok(fio_names_bins_pct(&fd, 50, &us) == 0 && fabs(us - job_pct(FX
	    "clones-nogroup.jsonplus.json", 0, "50.000000", NULL)) < 1e-9,
	    "json+ bins: p50 as fio computes it");
	dbl_list_free(&fd.bin_us);
	dbl_list_free(&fd.bin_count);
	b = job_pct(FX "clones-nogroup.jsonplus.json", 1, "99.000000", NULL);
	th_read(FX "clones-nogroup.jsonplus.json", NULL, &rs, &w, &d);
	t = th_find(rs, "Completion 99th", "usec");
	ok(t != NULL && t->values[0].mean >= fmin(a, b) && t->values[0].mean <= fmax(a, b),
	    "json+ clones: summed p99 between the clones' p99");
	ok(th_warned(&w, "summed json+ histograms"), "json+ clones: warning says how");
	result_set_free(rs);
	str_list_free(&w);
}

int
main(void)
{
	check_json_fixtures();
	check_bad_input();
	check_bins();
	check_corpus_kind("fio-json", check_json_file);
	return tap_done();
}
