/* SPDX-License-Identifier: ISC */
/*
 * Runner profiles and names: the tests carry the Phoronix Test Suite's
 * fio naming (as in the seeds' published results), dd names carry bs and
 * count, and the metrics derived from a measurement are consistent
 * (MB/s = IOPS x block size, CPU per I/O).
 */
#include <stdlib.h>
#include <string.h>

#include "run-profile.h"
#include "run-result.h"
#include "tap.h"

int
main(void)
{
	struct run_settings	 s;
	struct run_spec		 spec;
	struct run_result	*r;
	struct result_set	*rs;
	char			*title, *desc, *args, *job;
	double			 v, iops;

	memset(&s, 0, sizeof(s));
	ok(run_profile_find("nope") == NULL, "unknown profile");
	s.profile = run_profile_find("seed");
	ok(s.profile != NULL && s.profile->ntests == 4, "seed: four tests");
	ok(run_profile_find("quick") != NULL && run_profile_find("dd") != NULL,
	    "quick and dd exist");
	/* pts/fio-2.1.0's numjobs (the seed's Job Count) and iodepth=64. */
	ok(s.profile->jobs == 32 && s.profile->iodepth == 64 &&
	    s.profile->size == 1ull << 30 && s.profile->ramp == 5,
	    "seed: 32 jobs, iodepth 64, 1g, ramp 5 as pts/fio-2.1.0");
	s.dir = "/srv/a:b";
	s.size = 1ull << 30;
	s.runtime = 20;
	s.ramp = 5;
	s.repeat = 3;
	s.jobs = 1;
	s.iodepth = 32;
	s.direct = true;

	run_profile_names(&s, &s.profile->tests[0], &title, &desc, &args);
	is_str(title, "Flexible IO Tester", "fio title");
	is_str(desc, "Type: Random Read - Engine: IO_uring - Direct: Yes - "
	    "Block Size: 4KB - Job Count: 1 - Disk Target: Default Test "
	    "Directory", "PTS description of 4K random read");
	is_str(args, desc, "arguments: the same text, as the fio readers write");
	free(title);
	free(desc);
	free(args);
	/* Seed 000's published name for this test, word for word. */
	s.jobs = 32;
	run_profile_names(&s, &s.profile->tests[0], &title, &desc, &args);
	is_str(desc, "Type: Random Read - Engine: IO_uring - Direct: Yes - "
	    "Block Size: 4KB - Job Count: 32 - Disk Target: Default Test "
	    "Directory", "32 jobs: the seed's own name");
	free(title);
	free(desc);
	free(args);
	s.direct = false;
	run_profile_names(&s, &s.profile->tests[3], &title, &desc, &args);
	is_str(desc, "Type: Sequential Write - Engine: IO_uring - Direct: No - "
	    "Block Size: 2MB - Job Count: 32 - Disk Target: Default Test "
	    "Directory", "PTS description of 2M sequential write, 32 jobs");
	free(title);
	free(desc);
	free(args);
	s.jobs = 1;
	s.direct = true;

	/* Seed 004's names: pts/fio-1.14.1 has Buffered and no job count. */
	s.profile = run_profile_find("seed-fio-1.14");
	ok(s.profile != NULL && s.profile->jobs == 1 && s.profile->iodepth == 64,
	    "seed-fio-1.14: one job, iodepth 64");
	run_profile_names(&s, &s.profile->tests[0], &title, &desc, &args);
	is_str(desc, "Type: Random Read - Engine: IO_uring - Buffered: No - "
	    "Direct: Yes - Block Size: 4KB - Disk Target: Default Test "
	    "Directory", "seed 004's name for 4K random read");
	free(title);
	free(desc);
	free(args);
	s.jobs = 2;
	run_profile_names(&s, &s.profile->tests[2], &title, &desc, &args);
	is_str(desc, "Type: Sequential Read - Engine: IO_uring - Buffered: No - "
	    "Direct: Yes - Block Size: 2MB - Disk Target: Default Test "
	    "Directory - Job Count: 2", "other job counts say so, no pairing");
	free(title);
	free(desc);
	free(args);
	s.jobs = 1;
	s.profile = run_profile_find("seed");

	run_profile_spec(&s, &s.profile->tests[2], &spec);
	ok(spec.rw == RUN_RW_READ && spec.bs == 2u << 20 && spec.iodepth == 32 &&
	    spec.total == 0, "seed test 3 is 2 MiB sequential read, time-based");

	job = run_profile_fio_job(&s);
	ok(strstr(job, "directory=/srv/a\\:b\n") != NULL,
	    "fio job escapes ':' in the directory");
	ok(strstr(job, "[randwrite-4k]\nstonewall\nrw=randwrite\nbs=4k\n"
	    "iodepth=32\n") != NULL, "fio job section for 4K random write");
	free(job);

	/* dd: 10 MiB blocks, count from the size; smaller sizes shrink bs. */
	s.profile = run_profile_find("dd");
	s.size = 1000ull * RUN_DD_BS;
	run_profile_spec(&s, &s.profile->tests[0], &spec);
	ok(spec.bs == RUN_DD_BS && spec.total == s.size && spec.iodepth == 1 &&
	    !spec.direct && spec.fsync_end && spec.zero, "dd spec");
	run_profile_names(&s, &s.profile->tests[0], &title, &desc, &args);
	is_str(title, "dd", "dd title");
	is_str(desc, "Block Size: 10M - Count: 1000 - Input: /dev/zero - "
	    "Output: File - conv: fsync", "dd named as the dd reader names it");
	free(title);
	free(desc);
	free(args);
	s.size = 4ull << 20;
	run_profile_spec(&s, &s.profile->tests[0], &spec);
	ok(spec.bs == 4u << 20 && spec.total == 4u << 20, "tiny dd: one block");
	job = run_profile_fio_job(&s);
	ok(strstr(job, "end_fsync=1\n") != NULL &&
	    strstr(job, "zero_buffers=1\n") != NULL, "dd fio job");
	free(job);

	/* Metrics from a made-up measurement: 1000 I/Os of 4 KiB in 0.5 s. */
	r = calloc(1, sizeof(*r));
	if (r == NULL)
		return 1;
	run_hist_init(&r->lat);
	ok(run_result_metric(r, RUN_M_IOPS, &v) == -1, "no window, no IOPS");
	r->ios = 1000;
	r->bytes = 1000 * 4096;
	r->seconds = 0.5;
	r->iops = 2000;
	r->bytes_per_s = 2000 * 4096.0;
	r->cpu_user = 0.001;
	r->cpu_sys = 0.004;
	run_hist_add(&r->lat, 100000);
	run_result_metric(r, RUN_M_IOPS, &iops);
	run_result_metric(r, RUN_M_MBS, &v);
	is_double(v, iops * 4096 / 1e6, 1e-9, "MB/s = IOPS x 4096 / 10^6");
	run_result_metric(r, RUN_M_MIBS, &v);
	is_double(v, 7.8125, 1e-12, "MiB/s");
	run_result_metric(r, RUN_M_CPU_SYS, &v);
	is_double(v, 4.0, 1e-9, "system CPU microseconds per I/O");
	run_result_metric(r, RUN_M_LAT_P99, &v);
	is_double(v, 100.0, 1e-9, "latency in microseconds");

	/* Two repeats become one value per test with N = 2. */
	s.profile = run_profile_find("quick");
	s.size = 64ull << 20;
	rs = result_set_new();
	result_set_add_system(rs, "box");
	run_result_add(rs, 0, &s, &s.profile->tests[0], r);
	r->iops = 3000;
	r->bytes_per_s = 3000 * 4096.0;
	run_result_add(rs, 0, &s, &s.profile->tests[0], r);
	run_result_finish(rs);
	/* MB/s (as MiB/s, PTS's way), IOPS, 4 latencies, 2 CPU. */
	is_int(rs->ntests, RUN_M_COUNT - 1, "one test per metric, one MB/s");
	is_str(rs->tests[0].unit, "MB/s", "first is MB/s");
	is_double(rs->tests[0].values[0].mean, 2500 * 4096 / 1048576.0, 1e-9,
	    "fio MB/s is MiB/s, as PTS records fio's");
	is_str(rs->tests[0].values[0].note, "MiB/s, as PTS records fio's MB/s; "
	    "10.24 MB/s in 10^6 bytes", "the 10^6 figure in the note");
	is_str(rs->tests[1].unit, "IOPS", "second is IOPS");
	ok(rs->tests[1].proportion == PROP_HIB, "IOPS: more is better");
	ok(rs->tests[2].proportion == PROP_LIB, "latency: less is better");
	is_int(rs->tests[1].values[0].n, 2, "N = 2");
	is_double(rs->tests[1].values[0].mean, 2500, 1e-9, "mean IOPS");
	is_double(rs->tests[1].values[0].se, 500, 1e-9, "SE of 2000 and 3000");
	is_str(rs->tests[1].app_version, "benchreport-run",
	    "version says where the figures come from");
	ok(strstr(rs->tests[2].description, " - Latency: Completion Mean") !=
	    NULL, "latency results extend the description");
	is_str(kv_list_get(&rs->tests[0].facts, "iodepth"), "32",
	    "iodepth is a fact of the test");
	is_str(kv_list_get(&rs->tests[0].facts, "rw"), "randread", "rw fact");
	result_set_free(rs);
	free(r);
	return tap_done();
}
