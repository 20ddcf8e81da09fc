/* SPDX-License-Identifier: ISC */
/*
 * Profiles and naming for the runner. The seed profile is seed 000's fio
 * tests (4 KiB random read/write, 2 MiB sequential read/write, 32 jobs at
 * queue depth 64, as pts/fio-2.1.0 runs them); seed-fio-1.14 is seed 004's
 * (the same I/O with one job, as pts/fio-1.14.1 runs it); dd is a buffered streaming write with fsync at the
 * end; quick is the same four fio tests, short; randread-4k, randwrite-4k,
 * read-2m and write-2m are the seed tests one at a time. The fio job file printed
 * here is what fio would need to do the same I/O.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fio-names.h"
#include "run-profile.h"
#include "strbuf.h"
#include "xalloc.h"

static const struct run_test profile_fio_tests[] = {
	{ RUN_RW_RANDREAD,	4096,		false },
	{ RUN_RW_RANDWRITE,	4096,		false },
	{ RUN_RW_READ,		2u << 20,	false },
	{ RUN_RW_WRITE,		2u << 20,	false },
};

static const struct run_test profile_dd_tests[] = {
	{ RUN_RW_WRITE,		RUN_DD_BS,	true },
};

/* The four fio tests, as seed, seed-fio-1.14 and quick run them. */
#define PROFILE_FOUR_TESTS \
	.tests = profile_fio_tests, \
	.ntests = sizeof(profile_fio_tests) / sizeof(profile_fio_tests[0])

/*
 * pts/fio-2.1.0 (fio 3.36), whose tests seed 000 reports: iodepth=64,
 * size=1g, ramp_time=5, runtime=60, numjobs from its "Job Count" option
 * (1, 2, 4 ... up to the CPU count; the seed's machine gave 32). The
 * runtime here is 20 s, pts/fio-1.14.1's, so a run takes minutes, not a
 * quarter of an hour; --runtime 60 is PTS's.
 */
#define PROFILE_FIO_2_1 \
	.jobs = 32, \
	.iodepth = 64, \
	.naming = RUN_NAMES_FIO_2_1, \
	.pts_profile = "pts/fio-2.1.0 (fio 3.36)"

static const struct run_profile profile_seed = {
	.name = "seed",
	.summary = "4 KiB random read and write, 2 MiB sequential read and "
	    "write, 32 jobs at queue depth 64: seed 000's fio tests, named as "
	    "pts/fio-2.1.0 names them",
	PROFILE_FOUR_TESTS,
	.size = 1ull << 30,
	.runtime = 20,
	.ramp = 5,
	PROFILE_FIO_2_1
};

/*
 * pts/fio-1.14.1 (fio 3.25), whose tests seed 004 reports: iodepth=64,
 * size=1g, buffered=0, direct=1, ramp_time=5, runtime=20, no numjobs (1).
 */
static const struct run_profile profile_seed_1_14 = {
	.name = "seed-fio-1.14",
	.summary = "the same four tests, one job at queue depth 64: seed "
	    "004's fio tests, named as pts/fio-1.14.1 names them",
	PROFILE_FOUR_TESTS,
	.size = 1ull << 30,
	.runtime = 20,
	.ramp = 5,
	.jobs = 1,
	.iodepth = 64,
	.naming = RUN_NAMES_FIO_1_14,
	.pts_profile = "pts/fio-1.14.1 (fio 3.25)"
};

static const struct run_profile profile_quick = {
	.name = "quick",
	.summary = "the seed profile's four tests, short: about two minutes",
	PROFILE_FOUR_TESTS,
	.size = 256ull << 20,
	.runtime = 3,
	.ramp = 1,
	PROFILE_FIO_2_1
};

static const struct run_profile profile_dd = {
	.name = "dd",
	.summary = "streaming buffered write from a zero buffer, fsync at the "
	    "end (dd bs=10M count=1000)",
	.tests = profile_dd_tests,
	.ntests = 1,
	.size = 1000ull * RUN_DD_BS,
	.runtime = 0,
	.ramp = 0,
	.jobs = 1,
	.iodepth = 1
};

/* Each seed test alone, with the seed defaults: for one-test runs. */
#define PROFILE_ONE(var, pname, idx, what) \
static const struct run_profile var = { \
	.name = pname, \
	.summary = "the seed profile's " what " test alone", \
	.tests = &profile_fio_tests[idx], \
	.ntests = 1, \
	.size = 1ull << 30, \
	.runtime = 20, \
	.ramp = 5, \
	PROFILE_FIO_2_1 \
};
PROFILE_ONE(profile_randread, "randread-4k", 0, "4 KiB random read")
PROFILE_ONE(profile_randwrite, "randwrite-4k", 1, "4 KiB random write")
PROFILE_ONE(profile_read, "read-2m", 2, "2 MiB sequential read")
PROFILE_ONE(profile_write, "write-2m", 3, "2 MiB sequential write")
#undef PROFILE_ONE
#undef PROFILE_FIO_2_1
#undef PROFILE_FOUR_TESTS

const struct run_profile *const run_profiles[] = {
	&profile_seed,
	&profile_seed_1_14,
	&profile_dd,
	&profile_quick,
	&profile_randread,
	&profile_randwrite,
	&profile_read,
	&profile_write,
	NULL
};

static unsigned	 profile_dd_bs(const struct run_settings *s);
static char	*profile_size_fio(uint64_t bytes);
static void	 profile_fio_escape(struct strbuf *sb, const char *s);
static char	*profile_fio_description(const struct run_settings *s,
		    const struct run_test *t);
static char	*profile_fio114_description(const struct run_settings *s,
		    const struct run_test *t);

const struct run_profile *
run_profile_find(const char *name)
{
	size_t	i;

	for (i = 0; run_profiles[i] != NULL; i++)
		if (strcmp(run_profiles[i]->name, name) == 0)
			return run_profiles[i];
	return NULL;
}

/* dd writes 10 MiB blocks; a smaller --size shrinks the block with it. */
static unsigned
profile_dd_bs(const struct run_settings *s)
{
	return s->size < RUN_DD_BS ? (unsigned)s->size : RUN_DD_BS;
}

void
run_profile_spec(const struct run_settings *s, const struct run_test *t,
    struct run_spec *spec)
{
	memset(spec, 0, sizeof(*spec));
	spec->rw = t->rw;
	spec->direct = s->direct;
	if (t->dd) {
		/* One writer, one block at a time, buffered: what dd does. */
		spec->bs = profile_dd_bs(s);
		spec->iodepth = 1;
		spec->jobs = 1;
		spec->direct = false;
		spec->fsync_end = true;
		spec->zero = true;
		spec->total = s->size / spec->bs * spec->bs;
		return;
	}
	spec->bs = t->bs;
	spec->iodepth = s->iodepth;
	spec->jobs = s->jobs;
	spec->runtime = s->runtime;
	spec->ramp = s->ramp;
	spec->rate_iops = s->rate_iops;
}

char *
run_profile_bs_name(unsigned bs)
{
	if (bs % (1u << 20) == 0)
		return xasprintf("%uMB", bs >> 20);
	if (bs % 1024 == 0)
		return xasprintf("%uKB", bs >> 10);
	return xasprintf("%uB", bs);
}

/* fio size suffixes are powers of 1024: "4k", "2m", "1g". */
static char *
profile_size_fio(uint64_t bytes)
{
	if (bytes % (1ull << 30) == 0)
		return xasprintf("%llug", (unsigned long long)(bytes >> 30));
	if (bytes % (1ull << 20) == 0)
		return xasprintf("%llum", (unsigned long long)(bytes >> 20));
	if (bytes % 1024 == 0)
		return xasprintf("%lluk", (unsigned long long)(bytes >> 10));
	return xasprintf("%llu", (unsigned long long)bytes);
}

/*
 * The workload-defining fio options of a test: its name's parts and the
 * facts that tell it from other tests of the same name.
 */
void
run_profile_job_opts(const struct run_settings *s, const struct run_test *t,
    struct kv_list *opts)
{
	struct run_spec	 spec;
	char		*bs, buf[32];

	run_profile_spec(s, t, &spec);
	bs = profile_size_fio(spec.bs);
	kv_list_add(opts, "rw", run_engine_rw_fio(t->rw));
	kv_list_add(opts, "ioengine", "io_uring");
	kv_list_add(opts, "direct", spec.direct ? "1" : "0");
	kv_list_add(opts, "bs", bs);
	snprintf(buf, sizeof(buf), "%u", spec.iodepth);
	kv_list_add(opts, "iodepth", buf);
	snprintf(buf, sizeof(buf), "%u", spec.jobs);
	kv_list_add(opts, "numjobs", buf);
	/* fio's own name and meaning: I/Os per second, per job. */
	if (spec.rate_iops > 0) {
		snprintf(buf, sizeof(buf), "%.0f", spec.rate_iops);
		kv_list_add(opts, "rate_iops", buf);
	}
	free(bs);
}

/*
 * The fio readers' name for this job (fio-names.c), so the runner's tests
 * and an imported fio run of the same job carry the same description: a
 * one-job list is emitted into a scratch set and its IOPS test read back.
 */
static char *
profile_fio_description(const struct run_settings *s, const struct run_test *t)
{
	struct fio_job_list	 l = { NULL, 0, 0 };
	struct fio_job		*j;
	struct result_set	*tmp;
	enum fio_ddir		 d;
	char			*desc = NULL;
	size_t			 i;

	j = fio_job_add(&l);
	run_profile_job_opts(s, t, &j->opts);
	j->opts_complete = true;
	d = t->rw == RUN_RW_READ || t->rw == RUN_RW_RANDREAD ? FIO_READ :
	    FIO_WRITE;
	j->dir[d].has_iops = true;
	j->dir[d].iops = 1;
	tmp = result_set_new();
	fio_names_emit(tmp, result_set_add_system(tmp, ""), j);
	for (i = 0; i < tmp->ntests && desc == NULL; i++)
		if (strcmp(tmp->tests[i].unit, "IOPS") == 0)
			desc = xstrdup(tmp->tests[i].description);
	result_set_free(tmp);
	fio_job_list_free(&l);
	return desc != NULL ? desc : xstrdup("");
}

/*
 * pts/fio-1.14.1's names: its options are Type, Engine, Buffered, Direct,
 * Block Size and Disk Target, with no job count (it runs one job). A run
 * with other --jobs says its count at the end, a name PTS never gave, so
 * it pairs with nothing rather than with a one-job result.
 */
static char *
profile_fio114_description(const struct run_settings *s,
    const struct run_test *t)
{
	char	*bs, *desc, *jobs;

	bs = run_profile_bs_name(t->bs);
	jobs = s->jobs != 1 ? xasprintf(" - Job Count: %u", s->jobs) :
	    xstrdup("");
	desc = xasprintf("Type: %s - Engine: IO_uring - Buffered: %s - Direct: "
	    "%s - Block Size: %s - Disk Target: Default Test Directory%s",
	    run_engine_rw_title(t->rw), s->direct ? "No" : "Yes",
	    s->direct ? "Yes" : "No", bs, jobs);
	free(bs);
	free(jobs);
	return desc;
}

void
run_profile_names(const struct run_settings *s, const struct run_test *t,
    char **title, char **description, char **arguments)
{
	struct run_spec	 spec;
	char		*bsn, *fio;

	run_profile_spec(s, t, &spec);
	if (t->dd) {
		unsigned long long count = spec.total / spec.bs;

		bsn = xasprintf("%u%s", spec.bs % (1u << 20) == 0 ?
		    spec.bs >> 20 : spec.bs >> 10,
		    spec.bs % (1u << 20) == 0 ? "M" : "K");
		/* As the dd reader names `dd if=/dev/zero of=FILE bs= count= conv=fsync`. */
		*title = xstrdup("dd");
		*description = xasprintf("Block Size: %s - Count: %llu - "
		    "Input: /dev/zero - Output: File - conv: fsync", bsn, count);
		*arguments = xstrdup(*description);
		free(bsn);
		return;
	}
	*title = xstrdup("Flexible IO Tester");
	/*
	 * PTS's results (the seeds') end in the disk target, which a raw fio
	 * run cannot know but the runner does: --dir is its test directory.
	 * With it, the names equal PTS's and diff and charts pair them.
	 */
	if (s->profile->naming == RUN_NAMES_FIO_1_14) {
		*description = profile_fio114_description(s, t);
		*arguments = xstrdup(*description);
		return;
	}
	fio = profile_fio_description(s, t);
	*description = xasprintf("%s - Disk Target: Default Test Directory", fio);
	free(fio);
	/* PTS and the fio readers write the same text in both. */
	*arguments = xstrdup(*description);
}

/* fio reads ':' in a directory name as a list separator: escape it. */
static void
profile_fio_escape(struct strbuf *sb, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == ':' || *s == '\\')
			strbuf_addc(sb, '\\');
		if (*s == '\n' || *s == '\r')
			strbuf_addc(sb, '?');	/* cannot appear in a job file */
		else
			strbuf_addc(sb, *s);
	}
}

char *
run_profile_fio_job(const struct run_settings *s)
{
	struct strbuf	 sb;
	struct run_spec	 spec;
	size_t		 i;
	char		*size, *bs;

	strbuf_init(&sb);
	strbuf_printf(&sb, "; fio job equivalent to: benchreport run "
	    "--profile %s\n", s->profile->name);
	if (s->device != NULL) {
		strbuf_adds(&sb, "; the whole block device, shared by every "
		    "job\n[global]\nioengine=io_uring\nfilename=");
		profile_fio_escape(&sb, s->device);
	} else {
		strbuf_adds(&sb, "; one file shared by every job, written in "
		    "full before the tests\n[global]\nioengine=io_uring\n"
		    "directory=");
		profile_fio_escape(&sb, s->dir);
		strbuf_adds(&sb, "\nfilename=benchreport-run.fio");
	}
	size = profile_size_fio(s->size);
	strbuf_printf(&sb, "\nsize=%s\nthread=1\ngroup_reporting=1\n", size);
	free(size);
	if (s->precondition > 0)
		/* SNIA PTS's workload-independent preconditioning (run-precond.h). */
		strbuf_printf(&sb, "\n[precondition]\nstonewall\nrw=write\n"
		    "bs=128k\niodepth=32\nnumjobs=1\ndirect=%d\nloops=%u\n"
		    "end_fsync=1\n", s->direct ? 1 : 0, s->precondition);
	for (i = 0; i < s->profile->ntests; i++) {
		const struct run_test *t = &s->profile->tests[i];

		run_profile_spec(s, t, &spec);
		bs = profile_size_fio(spec.bs);
		strbuf_printf(&sb, "\n[%s%s-%s]\nstonewall\nrw=%s\nbs=%s\n",
		    t->dd ? "dd-" : "", run_engine_rw_fio(t->rw), bs,
		    run_engine_rw_fio(t->rw), bs);
		if (t->dd) {
			size = profile_size_fio(spec.total);
			strbuf_printf(&sb, "size=%s\niodepth=1\nnumjobs=1\n"
			    "direct=0\nzero_buffers=1\nend_fsync=1\n", size);
			free(size);
		} else {
			/* Whole milliseconds: fio documents times as integers with units. */
			strbuf_printf(&sb, "iodepth=%u\nnumjobs=%u\ndirect=%d\n"
			    "time_based=1\nruntime=%.0fms\nramp_time=%.0fms\n"
			    "norandommap=1\nrandrepeat=0\nfixedbufs=1\n"
			    "registerfiles=1\n", spec.iodepth, spec.jobs,
			    spec.direct ? 1 : 0, spec.runtime * 1000,
			    spec.ramp * 1000);
		}
		free(bs);
	}
	return strbuf_detach(&sb);
}
