/* SPDX-License-Identifier: ISC */
/*
 * The runner's profiles (seed, dd, quick), the settings a run resolves to,
 * the names its tests carry (as the Phoronix Test Suite names its fio
 * tests, so they chart and diff against published results) and the
 * equivalent fio job file.
 * Ownership: profiles are static; functions returning char * transfer it.
 */
#ifndef BENCHREPORT_RUN_PROFILE_H
#define BENCHREPORT_RUN_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model.h"
#include "run-engine.h"

#define RUN_DD_BS	(10u << 20)	/* dd bs=10M */

struct run_test {
	enum run_rw	 rw;
	unsigned	 bs;		/* bytes; dd: the largest block size */
	bool		 dd;		/* streaming buffered write + fsync */
};

/*
 * How a profile names its fio tests: as PTS's pts/fio-2.1.0 does (fio
 * 3.36, "... - Block Size: 4KB - Job Count: 32 - Disk Target: ...", seed
 * 000) or as pts/fio-1.14.1 does (fio 3.25, "... - Buffered: No - Direct:
 * Yes - Block Size: 4KB - Disk Target: ...", seed 004).
 */
enum run_naming {
	RUN_NAMES_FIO_2_1 = 0,
	RUN_NAMES_FIO_1_14
};

struct run_profile {
	const char		*name;
	const char		*summary;
	const struct run_test	*tests;
	size_t			 ntests;
	uint64_t		 size;		/* default file size, bytes */
	double			 runtime;	/* default seconds per repeat */
	double			 ramp;
	unsigned		 jobs;		/* default --jobs */
	unsigned		 iodepth;	/* default --iodepth */
	enum run_naming		 naming;
	const char		*pts_profile;	/* whose names, for the footnote */
};

/* What a run does, after options and profile defaults are combined. */
struct run_settings {
	const struct run_profile *profile;
	const char	*dir;
	uint64_t	 size;
	double		 runtime;
	double		 ramp;
	unsigned	 repeat;
	unsigned	 jobs;
	unsigned	 iodepth;
	bool		 direct;
	double		 rate_iops;	/* per job, --curve's rounds; 0 = no limit */
	const char	*device;	/* --device: the target instead of dir */
	unsigned	 precondition;	/* --precondition passes; 0 = none */
};

/* NULL-terminated list of the profiles. */
extern const struct run_profile *const run_profiles[];

/* The profile called name, or NULL. */
const struct run_profile *run_profile_find(const char *name);
/* The engine job for test t under settings s. */
void	 run_profile_spec(const struct run_settings *s, const struct run_test *t,
	    struct run_spec *spec);
/* "4KB", "2MB", "512B": PTS's Block Size names. */
char	*run_profile_bs_name(unsigned bs);
/*
 * PTS-style names of test t, as the fio and dd readers give them: *title
 * ("Flexible IO Tester" or "dd"), *description ("Type: Random Read -
 * Engine: IO_uring - Direct: Yes - Block Size: 4KB - Job Count: 32 - Disk
 * Target: Default Test Directory") and *arguments (the same text). Free
 * all three.
 */
void	 run_profile_names(const struct run_settings *s, const struct run_test *t,
	    char **title, char **description, char **arguments);
/* Append the fio options that define test t (rw, ioengine, direct, bs,
 * iodepth, numjobs) to opts: the test's facts. */
void	 run_profile_job_opts(const struct run_settings *s,
	    const struct run_test *t, struct kv_list *opts);
/* The fio job file equivalent to running every test of s once. */
char	*run_profile_fio_job(const struct run_settings *s);

#endif
