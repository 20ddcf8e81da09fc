/* SPDX-License-Identifier: ISC */
/*
 * fio log files: bw/iops/lat/clat/slat logs ("time, value, ddir, bs[,
 * offset...]") and clat histogram logs ("time, ddir, bs, bin0, ..."). Each
 * direction becomes tests whose value is computed from the samples (mean;
 * 99th percentile for latencies) with the samples attached as a series.
 * The log kind comes from the file name (fio names them NAME_clat.1.log);
 * the content alone decides that it is a log. Corrupted rows are skipped
 * with a warning. Latency logs are taken as nsec (fio 3.x), said in a
 * warning; a histogram's row width tells 2.x's usec bins from 3.x's nsec.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "fio-names.h"
#include "format.h"
#include "strbuf.h"
#include "xalloc.h"

#define LOG_DETECT_LINES	50	/* lines detection looks at */
#define LOG_WARN_ROWS		5	/* corrupted rows named one by one */
#define HIST_BITS		6	/* fio's FIO_IO_U_PLAT_BITS */
#define HIST_VAL		(1 << HIST_BITS)
#define HIST_MIN_COLS		64	/* fewer columns: a plain log */
#define HIST_BINS_V2		1216	/* fio 2.x: 19 groups of 64 bins, in usec */
#define HIST_BINS_V3		1856	/* fio 3.x: 29 groups of 64 bins, in nsec */

enum log_kind {
	LOG_BW = 0,
	LOG_IOPS,
	LOG_LAT,
	LOG_CLAT,
	LOG_SLAT,
	LOG_CLAT_HIST,
	LOG_UNKNOWN
};

struct log_kind_info {
	const char	*suffix;	/* in the file name, before ".N.log" */
	const char	*label;		/* in the test description */
	const char	*series_unit;
	bool		 latency;
};

static const struct log_kind_info log_kinds[] = {
	[LOG_BW] = { "bw", "Bandwidth", "KiB/s", false },
	[LOG_IOPS] = { "iops", "IOPS", "IOPS", false },
	[LOG_LAT] = { "lat", "Total Latency", "nsec", true },
	[LOG_CLAT] = { "clat", "Completion Latency", "nsec", true },
	[LOG_SLAT] = { "slat", "Submission Latency", "nsec", true },
	[LOG_CLAT_HIST] = { "clat_hist", "Completion Latency Histogram", "nsec", true },
	[LOG_UNKNOWN] = { NULL, "Samples", "", false }
};

static const char *const log_dirnames[FIO_NDIR] = { "Read", "Write", "Trim" };

/* Samples of one direction. */
struct log_dir {
	struct dbl_list	 t;		/* ms */
	struct dbl_list	 v;		/* plain logs: values; histograms: per-line p99 */
	double		*bins;		/* histograms: summed bin counts */
	size_t		 nbins;
};

static int	 parse_fio_log_detect(const char *head, size_t len);
static int	 parse_fio_log_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static int	 parse_fio_log_fields(const char *line, double *f, int max);
static enum log_kind parse_fio_log_kind(const char *path, char **job);
static bool	 parse_fio_log_all_ones(const struct log_dir *dirs);
static double	 parse_fio_log_bin_value(size_t idx);
static double	 parse_fio_log_hist_pct(const double *bins, size_t n, double pct);
static void	 parse_fio_log_emit(struct result_set *rs, size_t sys,
		    const char *job, enum log_kind kind, int dir,
		    const struct log_dir *ld, double bin_ns);
static void	 parse_fio_log_add(struct result_set *rs, size_t sys, const char *job,
		    enum log_kind kind, int dir, const char *stat, const char *unit,
		    enum proportion p, double value, const struct log_dir *ld,
		    const char *note);

const struct reader reader_fio_log = {
	.name = "fio-log",
	.summary = "fio bw/iops/lat/clat/slat logs and clat histogram logs",
	.detect = parse_fio_log_detect,
	.read = parse_fio_log_read
};

/* Parse "a, b, c, ..." (integers or decimals); returns the count or -1. */
static int
parse_fio_log_fields(const char *line, double *f, int max)
{
	const char	*p = line;
	char		*e;
	int		 n = 0;

	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '\0' || *p == '\r')
			break;
		if (n == max)
			return -1;
		f[n] = strtod(p, &e);
		if (e == p || !isfinite(f[n]))
			return -1;
		n++;
		p = e;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == ',')
			p++;
		else if (*p != '\0' && *p != '\r')
			return -1;
	}
	return n;
}

static int
parse_fio_log_detect(const char *head, size_t len)
{
	const char	*p, *nl;
	double		 f[160];
	char		 line[256];
	int		 good = 0, bad = 0, n, lines = 0;
	size_t		 l;

	for (p = head; *p != '\0' && lines < LOG_DETECT_LINES; p = nl + (*nl != '\0')) {
		nl = p + strcspn(p, "\n");
		l = (size_t)(nl - p);
		if (l == 0)
			continue;
		lines++;
		/* Histogram rows are long: judge their first columns only. */
		if (l >= sizeof(line)) {
			l = sizeof(line) - 1;
			while (l > 0 && p[l] != ',')
				l--;
		}
		memcpy(line, p, l);
		line[l] = '\0';
		n = parse_fio_log_fields(line, f, 160);
		if (n >= 4)
			good++;
		else
			bad++;
	}
	if (good == 0 || bad * 4 > good)
		return 0;
	return 55;
}

/*
 * The kind from "job_clat.1.log", "job_bw.log", "job-KERNEL_clat.log",
 * "fio-bw.1.log" ("_" or "-" before it), or else from a folder named for
 * it ("iops/job.1.log").
 */
static enum log_kind
parse_fio_log_kind(const char *path, char **job)
{
	char		*base = g_path_get_basename(path), *p, *dir, *dbase;
	enum log_kind	 k, found = LOG_UNKNOWN;

	/* Strip ".log" and a ".N" index. */
	if ((p = strrchr(base, '.')) != NULL && strcmp(p, ".log") == 0)
		*p = '\0';
	if ((p = strrchr(base, '.')) != NULL && p[1] != '\0' &&
	    strspn(p + 1, "0123456789") == strlen(p + 1))
		*p = '\0';
	/* The kind is the last "_word"; "lat" also ends "clat", hence the "_". */
	for (k = LOG_BW; k < LOG_UNKNOWN; k++) {
		size_t sl = strlen(log_kinds[k].suffix), bl = strlen(base);

		if (bl >= sl && strcmp(base + bl - sl, log_kinds[k].suffix) == 0 &&
		    (bl == sl || base[bl - sl - 1] == '_' || base[bl - sl - 1] == '-'))
			found = k;
	}
	if (found == LOG_UNKNOWN) {
		dir = g_path_get_dirname(path);
		dbase = g_path_get_basename(dir);
		for (k = LOG_BW; k < LOG_UNKNOWN; k++)
			if (g_ascii_strcasecmp(dbase, log_kinds[k].suffix) == 0) {
				*job = xstrdup(*base != '\0' ? base : "fio");
				g_free(dbase);
				g_free(dir);
				g_free(base);
				return k;
			}
		g_free(dbase);
		g_free(dir);
	}
	if (found != LOG_UNKNOWN) {
		size_t sl = strlen(log_kinds[found].suffix), bl = strlen(base);

		base[bl > sl ? bl - sl - 1 : 0] = '\0';
	}
	*job = xstrdup(*base != '\0' ? base : "fio");
	g_free(base);
	return found;
}

/* Midpoint of histogram bin idx, as fio's plat_idx_to_val computes it. */
static double
parse_fio_log_bin_value(size_t idx)
{
	unsigned	error_bits;
	double		base, k;

	if (idx < (HIST_VAL << 1))
		return (double)idx;
	error_bits = (unsigned)(idx >> HIST_BITS) - 1;
	base = ldexp(1.0, (int)(error_bits + HIST_BITS));
	k = (double)(idx % HIST_VAL);
	return base + (k + 0.5) * ldexp(1.0, (int)error_bits);
}

/* The value below which pct percent of the counted samples fall; NAN if none. */
static double
parse_fio_log_hist_pct(const double *bins, size_t n, double pct)
{
	double	total = 0, want, run = 0;
	size_t	i;

	for (i = 0; i < n; i++)
		total += bins[i];
	if (total <= 0)
		return NAN;
	want = total * pct / 100.0;
	for (i = 0; i < n; i++) {
		run += bins[i];
		if (run >= want && bins[i] > 0)
			return parse_fio_log_bin_value(i);
	}
	return parse_fio_log_bin_value(n - 1);
}

static void
parse_fio_log_add(struct result_set *rs, size_t sys, const char *job,
    enum log_kind kind, int dir, const char *stat, const char *unit,
    enum proportion p, double value, const struct log_dir *ld, const char *note)
{
	struct test	*t;
	struct value	*v;
	struct series	*s;
	struct strbuf	 sb;
	size_t		 i;

	strbuf_init(&sb);
	strbuf_printf(&sb, "Job: %s - Log: %s - Direction: %s - Statistic: %s", job,
	    log_kinds[kind].label, log_dirnames[dir], stat);
	t = result_set_add_test(rs);
	model_set_str(&t->identifier, "");
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->app_version, "");
	model_set_str(&t->arguments, strbuf_str(&sb));
	model_set_str(&t->description, strbuf_str(&sb));
	model_set_str(&t->unit, unit);
	t->proportion = p;
	model_set_str(&t->proportion_raw, proportion_name(p));
	t->display = DISPLAY_BAR;
	model_set_str(&t->display_raw, "BAR_GRAPH");
	kv_list_add(&t->facts, "log", log_kinds[kind].suffix != NULL ?
	    log_kinds[kind].suffix : "unknown");
	kv_list_add(&t->facts, "jobname", job);
	v = test_add_value(t, sys);
	v->has_mean = true;
	v->mean = value;
	dbl_list_add(&v->runs, value);
	v->n = 1;
	v->note = xstrdup(note);
	s = value_add_series(v, kind == LOG_CLAT_HIST ? "clat p99" :
	    log_kinds[kind].suffix != NULL ? log_kinds[kind].suffix : "value");
	model_set_str(&s->unit, log_kinds[kind].series_unit);
	model_set_str(&s->x_unit, "ms");
	for (i = 0; i < ld->t.len; i++) {
		dbl_list_add(&s->x, ld->t.v[i]);
		dbl_list_add(&s->y, ld->v.v[i]);
	}
	strbuf_free(&sb);
}

/* True when every sample of every direction is exactly 1. */
static bool
parse_fio_log_all_ones(const struct log_dir *dirs)
{
	size_t	d, i;

	for (d = 0; d < FIO_NDIR; d++)
		for (i = 0; i < dirs[d].v.len; i++)
			if (dirs[d].v.v[i] != 1)
				return false;
	return true;
}

/*
 * The results of one direction's samples: mean (and the 99th percentile
 * for latencies and histograms) in the unit the log's kind gives.
 */
static void
parse_fio_log_emit(struct result_set *rs, size_t sys, const char *job,
    enum log_kind kind, int dir, const struct log_dir *ld, double bin_ns)
{
	struct series	*s;
	double	*sorted, mean, p99, x, scale = 0.001;	/* nsec -> usec */
	char	*note;
	size_t	 i;

	if (kind == LOG_CLAT_HIST) {
		if (ld->bins == NULL)
			return;
		p99 = parse_fio_log_hist_pct(ld->bins, ld->nbins, 99);
		if (isnan(p99))
			return;
		for (i = 0, mean = 0, x = 0; i < ld->nbins; i++) {
			mean += ld->bins[i] * parse_fio_log_bin_value(i);
			x += ld->bins[i];
		}
		note = xasprintf("from %.0f samples in %zu histogram rows", x,
		    ld->t.len);
		parse_fio_log_add(rs, sys, job, kind, dir, "Mean", "usec",
		    PROP_LIB, mean / x * bin_ns / 1000, ld, note);
		parse_fio_log_add(rs, sys, job, kind, dir, "99th Percentile",
		    "usec", PROP_LIB, p99 * bin_ns / 1000, ld, note);
		/* The summed bins: this log's run histogram. */
		s = value_add_series(&rs->tests[rs->ntests - 1].values[0],
		    MODEL_HIST_SERIES);
		model_set_str(&s->unit, "I/Os");
		model_set_str(&s->x_unit, "usec");
		for (i = 0; i < ld->nbins; i++)
			if (ld->bins[i] > 0) {
				dbl_list_add(&s->x, parse_fio_log_bin_value(i) * bin_ns / 1000);
				dbl_list_add(&s->y, ld->bins[i]);
			}
		free(note);
		return;
	}
	if (ld->v.len == 0)
		return;
	sorted = xcalloc(ld->v.len, sizeof(double));
	memcpy(sorted, ld->v.v, ld->v.len * sizeof(double));
	gsl_sort(sorted, 1, ld->v.len);
	/*
	 * The sum in the log's order, then one division: fio logs whole
	 * numbers, whose sum a double holds exactly (below 2^53), so the
	 * mean is the exact quotient rounded once, on every machine (GSL's
	 * running mean keeps a long double, whose width is the machine's).
	 */
	for (i = 0, mean = 0; i < ld->v.len; i++)
		mean += ld->v.v[i];
	mean /= (double)ld->v.len;
	note = xasprintf("from %zu logged sample%s", ld->v.len,
	    ld->v.len == 1 ? "" : "s");
	switch (kind) {
	case LOG_BW:
		/* PTS reports fio's MiB/s figure under the label MB/s. */
		parse_fio_log_add(rs, sys, job, kind, dir, "Mean", "MB/s",
		    PROP_HIB, mean / 1024, ld, note);
		break;
	case LOG_IOPS:
		parse_fio_log_add(rs, sys, job, kind, dir, "Mean", "IOPS",
		    PROP_HIB, mean, ld, note);
		break;
	case LOG_UNKNOWN:
		parse_fio_log_add(rs, sys, job, kind, dir, "Mean", "",
		    PROP_NONE, mean, ld, note);
		break;
	default:
		parse_fio_log_add(rs, sys, job, kind, dir, "Mean", "usec",
		    PROP_LIB, mean * scale, ld, note);
		parse_fio_log_add(rs, sys, job, kind, dir, "99th Percentile",
		    "usec", PROP_LIB, gsl_stats_quantile_from_sorted_data(
		    sorted, 1, ld->v.len, 0.99) * scale, ld, note);
		break;
	}
	free(note);
	free(sorted);
}

static int
parse_fio_log_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct log_dir	 dirs[FIO_NDIR];
	enum log_kind	 kind;
	char		*buf = NULL, *job = NULL, *line, *nl, *note = NULL;
	double		*f = NULL, x, fdir;
	size_t		 len, maxf, k, sys, nbad = 0, nrows = 0;
	long		 lineno = 0, firstbad = 0;
	int		 n, dir, rc = -1;
	bool		 hist;
	size_t		 width = 0;	/* the bins of the first histogram row */
	double		 bin_ns = 1;	/* nsec a bin's value counts */

	memset(dirs, 0, sizeof(dirs));
	if ((buf = format_slurp(path, &len, d)) == NULL)
		goto out;
	kind = parse_fio_log_kind(path, &job);
	maxf = 4096;
	f = xcalloc(maxf, sizeof(*f));
	for (line = buf; *line != '\0'; line = nl) {
		nl = line + strcspn(line, "\n");
		if (*nl == '\n')
			*nl++ = '\0';
		lineno++;
		if (line[strspn(line, " \t\r")] == '\0')
			continue;
		n = parse_fio_log_fields(line, f, (int)maxf);
		hist = n >= HIST_MIN_COLS;
		/* Range-check the direction as a double: (int)1e75 is undefined. */
		fdir = n < 4 ? -1 : hist ? f[1] : f[2];
		/* Histogram rows of one log have one width. */
		if (hist && width == 0)
			width = (size_t)n - 3;
		if (n < 4 || (kind == LOG_CLAT_HIST && !hist) ||
		    (hist && kind != LOG_CLAT_HIST && kind != LOG_UNKNOWN) ||
		    (hist && (size_t)n - 3 != width) ||
		    !(fdir >= 0 && fdir < FIO_NDIR) || f[0] < 0) {
			if (nbad++ == 0)
				firstbad = lineno;
			if (nbad <= LOG_WARN_ROWS)
				format_warn(opt, path, lineno, "corrupted log row "
				    "skipped: \"%.40s\"", line);
			continue;
		}
		dir = (int)fdir;
		if (hist && kind == LOG_UNKNOWN)
			kind = LOG_CLAT_HIST;
		nrows++;
		if (hist) {
			struct log_dir	*ld = &dirs[dir];
			size_t		 nb = (size_t)n - 3;

			if (ld->bins == NULL) {
				ld->bins = xcalloc(nb, sizeof(double));
				ld->nbins = nb;
			}
			for (k = 0; k < nb && k < ld->nbins; k++)
				ld->bins[k] += f[3 + k];
			x = parse_fio_log_hist_pct(f + 3, nb, 99);
			if (!isnan(x)) {
				dbl_list_add(&ld->t, f[0]);
				/* The series is in nsec, as fio 3.x writes it. */
				dbl_list_add(&ld->v, width == HIST_BINS_V2 ? x * 1000 : x);
			}
		} else {
			dbl_list_add(&dirs[dir].t, f[0]);
			dbl_list_add(&dirs[dir].v, f[1]);
		}
	}
	if (nbad > LOG_WARN_ROWS)
		format_warn(opt, path, firstbad, "%zu corrupted log rows skipped in all",
		    nbad);
	if (nrows == 0) {
		diag_set(d, path, firstbad, "no valid fio log row (expected \"time, "
		    "value, direction, block size\")");
		goto out;
	}
	/*
	 * Without the kind in the name, the values tell it only where every
	 * value is 1: fio's per-I/O iops log (no log_avg_msec). Bandwidth and
	 * latency values look alike, so those stay unlabelled, and say how
	 * to name them.
	 */
	if (kind == LOG_UNKNOWN && nrows >= 2 && parse_fio_log_all_ones(dirs)) {
		kind = LOG_IOPS;
		format_warn(opt, path, 0, "log kind not in the file name: read as an "
		    "iops log, as every value is 1 (fio's per-I/O iops log)");
	} else if (kind == LOG_UNKNOWN)
		format_warn(opt, path, 0, "log kind not in the file name and not "
		    "told by its values (bandwidth and latency look alike): values "
		    "kept without a unit; name the file as fio does (NAME_bw.N.log, "
		    "_iops, _lat, _clat, _slat) to read it with its unit");
	/*
	 * A histogram's row width tells fio's version: 1216 bins (2.x) count
	 * microseconds, 1856 (3.x) nanoseconds. Plain latency logs do not
	 * tell.
	 */
	if (kind == LOG_CLAT_HIST && width == HIST_BINS_V2)
		bin_ns = 1000;
	else if (kind == LOG_CLAT_HIST && width != HIST_BINS_V3)
		format_warn(opt, path, 0, "clat histogram of %zu bins, neither fio "
		    "2.x's %d (usec) nor 3.x's %d (nsec): taken as nanoseconds",
		    width, HIST_BINS_V2, HIST_BINS_V3);
	else if (kind != LOG_CLAT_HIST && log_kinds[kind].latency)
		format_warn(opt, path, 0, "latency log taken as nanoseconds (fio 3.x); "
		    "fio 2.x logs are in microseconds");
	sys = fio_names_system(rs, opt, NULL, path);
	for (dir = 0; dir < FIO_NDIR; dir++)
		parse_fio_log_emit(rs, sys, job, kind, dir, &dirs[dir], bin_ns);
	model_set_str(&rs->generator, "fio");
	free(note);
	note = xasprintf("fio %s log: %s", log_kinds[kind].suffix != NULL ?
	    log_kinds[kind].suffix : "sample", job);
	model_set_str(&rs->title, note);
	rc = 0;
out:
	for (dir = 0; dir < FIO_NDIR; dir++) {
		dbl_list_free(&dirs[dir].t);
		dbl_list_free(&dirs[dir].v);
		free(dirs[dir].bins);
	}
	free(note);
	free(f);
	free(job);
	free(buf);
	return rc;
}
