/* SPDX-License-Identifier: ISC */
/*
 * What every fio reader shares: one job's results in fixed units
 * (IOPS, KiB/s, microseconds), fio's size and time units, and the mapping
 * of a job onto tests named the way the Phoronix Test Suite names its fio
 * results ("Flexible IO Tester", "Type: Random Read - Engine: IO_uring -
 * Direct: Yes - Block Size: 4KB - Job Count: 32").
 *
 * Ownership: a fio_job owns its strings and options; fio_job_free releases
 * them. fio_names_emit copies what it needs into the result set.
 */
#ifndef BENCHREPORT_FIO_NAMES_H
#define BENCHREPORT_FIO_NAMES_H

#include <stdbool.h>
#include <stddef.h>

#include "format.h"
#include "model.h"

enum fio_ddir {
	FIO_READ = 0,
	FIO_WRITE,
	FIO_TRIM,
	FIO_NDIR
};

/* One direction of one job, in fixed units; absent numbers have has_ false. */
struct fio_dir {
	bool	has_iops;
	double	iops;
	bool	has_bw;
	double	bw_kib;		/* KiB/s */
	bool	has_io;
	double	io_kib;		/* KiB moved */
	bool	has_clat_mean;
	double	clat_mean_us;
	bool	has_clat_p99;
	double	clat_p99_us;
	bool	has_lat_mean;
	double	lat_mean_us;
	double	total_ios;	/* completed I/Os, 0 when unknown */
	/* json+ completion latency histogram: bin values (usec) and counts. */
	struct dbl_list	bin_us;
	struct dbl_list	bin_count;
};

struct fio_job {
	char		*name;		/* jobname */
	char		*version;	/* "3.33" (without "fio-"), NULL when unknown */
	char		*host;		/* client/server host name, or NULL */
	long		 groupid;
	long		 line;		/* where the job starts in the file, 0 = unknown */
	long		 clones;	/* jobs summed into this one (numjobs without group_reporting) */
	long		 run;		/* which fio invocation of the file (text logs hold several) */
	long		 pid;		/* normal output's pid=, 0 when unknown */
	/*
	 * True when the output lists every option that was set (JSON), so a
	 * missing option has fio's default; false (text, terse) makes it unknown.
	 */
	bool		 opts_complete;
	/* Options as fio printed them: global options first, job options after. */
	struct kv_list	 opts;
	/* fio's own steady-state verdict (ss=), as the values' note; NULL: none. */
	char		*ss_note;
	struct fio_dir	 dir[FIO_NDIR];
};

struct fio_job_list {
	struct fio_job	*items;
	size_t		 len;
	size_t		 cap;
};

/* Append an empty job (groupid 0, clones 1); pointer valid until the next add. */
struct fio_job *fio_job_add(struct fio_job_list *l);
/* Release every job and the list storage. */
void	 fio_job_list_free(struct fio_job_list *l);
/*
 * The pct-th percentile of d's json+ histogram, found as fio finds it: the
 * first bin (in value order) where the running count reaches pct% of all.
 * Returns 0 with *us, or -1 when d has no histogram.
 */
int	 fio_names_bins_pct(const struct fio_dir *d, double pct, double *us);
/* Set option key (replacing an earlier value) on j. */
void	 fio_job_set_opt(struct fio_job *j, const char *key, const char *value);

/*
 * Sum jobs of the same name, group and host (fio's numjobs clones reported
 * without group_reporting): IOPS, bandwidth and I/O add up, means are
 * weighted by I/O count. p99 is recomputed from the summed json+ histograms
 * when there are some; otherwise it is dropped (clones' percentiles do not
 * combine) and a warning says so.
 */
void	 fio_names_fold_clones(struct fio_job_list *l,
	    const struct read_options *opt, const char *path);

/*
 * Add the job's tests to rs for system index sys: per direction with I/O,
 * IOPS and MB/s (HIB), completion latency mean and 99th percentile in usec
 * (LIB). Every option becomes a fact of each test.
 */
void	 fio_names_emit(struct result_set *rs, size_t sys, const struct fio_job *j);

/*
 * The system a file's results belong to: --system, else host, else the
 * name of the file's directory ("." for a bare name gives the current
 * directory's name). Returns its index in rs, adding it when new.
 */
size_t	 fio_names_system(struct result_set *rs, const struct read_options *opt,
	    const char *host, const char *path);

/*
 * Give rs a title from its jobs when it has none: "fio 3.33: randread,
 * seqwrite" (at most three names, then "and more").
 */
void	 fio_names_title(struct result_set *rs, const struct fio_job_list *l);

/*
 * The common end of every fio reader: each job becomes tests of its host's
 * system, runs repeated inside the file fold into one value, and the set
 * gets its title and generator. what ("fio JSON") and line name the input
 * in the error when no job moved any data. 0, or -1 with d.
 */
int	 fio_names_finish(struct result_set *rs, const struct fio_job_list *l,
	    const struct read_options *opt, const char *path, long line,
	    const char *what, struct diag *d);

/* "fio-3.6-31-g4386" -> "3.6-31-g4386"; a copy to free. */
char	*fio_names_version(const char *s);

/*
 * Parse an fio size: "4k", "16.0KiB", "4096B", "1M", "512KB" (fio treats
 * K as 1024 unless kb_base says otherwise, so KB and KiB are both 1024 in
 * option values). Returns 0 and *bytes, or -1.
 */
int	 fio_names_size(const char *s, double *bytes);
/* Scale of a latency unit word to microseconds: nsec 0.001, usec 1, msec 1000, sec 1e6; 0 if unknown. */
double	 fio_names_time_scale(const char *unit, size_t len);
/*
 * Parse a number with an optional k/M/G decimal suffix ("23.9k" ->
 * 23900) at s; *end is set past it. Returns 0 or -1.
 */
int	 fio_names_number(const char *s, double *v, const char **end);
/*
 * Size of a bandwidth/size unit ("KiB", "MB", "KB", "B", and in bits
 * "Gibit", "Kbit") in KiB; 0 if unknown.
 */
double	 fio_names_unit_kib(const char *unit, size_t len);

#endif
