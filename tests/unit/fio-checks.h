/* SPDX-License-Identifier: ISC */
/*
 * Checks shared by the fio reader tests: each reads a file through
 * detection and compares the reader's values with a route of its own
 * (fio's JSON read with json-c, the "Run status" lines, terse fields,
 * log columns summed here), and a walk over the corpus's fio files.
 */
#ifndef BENCHREPORT_TEST_FIO_CHECKS_H
#define BENCHREPORT_TEST_FIO_CHECKS_H

#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "fio-names.h"
#include "format.h"
#include "read-helpers.h"
#include "tap.h"
#include "xalloc.h"

#define FX	"fixtures/fio/"

#define FC_UNUSED __attribute__((unused))
static double	 sum_unit(const struct result_set *rs, const char *unit) FC_UNUSED;
static double	 jnum(struct json_object *o, const char *a, const char *b) FC_UNUSED;
static double	 job_pct(const char *path, size_t i, const char *p,
		    struct fio_dir *fill) FC_UNUSED;
static int	 json_sums(const char *path, double *iops, double *mib) FC_UNUSED;
static void	 check_json_file(const char *path) FC_UNUSED;
static int	 status_mib(const char *path, double *mib) FC_UNUSED;
static void	 check_text_file(const char *path) FC_UNUSED;
static void	 check_terse_file(const char *path) FC_UNUSED;
static void	 check_log_file(const char *path) FC_UNUSED;
static const char *detected(const char *path) FC_UNUSED;
static void	 check_corpus_kind(const char *reader, void (*fn)(const char *)) FC_UNUSED;
static void	 check_same_as(const char *pasted, const char *orig, const char *reader)
		    FC_UNUSED;
static int	 fc_walk_corpus(void (*fn)(const char *, const char *, const char *),
		    const char *arg) FC_UNUSED;
static void	 fc_kind_one(const char *path, const char *reader, const char *want)
		    FC_UNUSED;

/* Sum over every value of every test with this unit of mean x N (the runs' total). */
static double
sum_unit(const struct result_set *rs, const char *unit)
{
	double	s = 0;
	size_t	i, k;

	/* The client/server aggregate repeats the hosts' sum: not counted. */
	for (i = 0; i < rs->ntests; i++)
		if (strcmp(rs->tests[i].unit, unit) == 0)
			for (k = 0; k < rs->tests[i].nvalues; k++)
				if (strcmp(rs->systems[rs->tests[i].values[k].system].identifier,
				    "All clients") != 0)
					s += rs->tests[i].values[k].mean *
				    (double)(rs->tests[i].values[k].n > 0 ?
				    rs->tests[i].values[k].n : 1);
	return s;
}

static double
jnum(struct json_object *o, const char *a, const char *b)
{
	struct json_object	*x;

	if (!json_object_object_get_ex(o, a, &x))
		return NAN;
	if (b != NULL && !json_object_object_get_ex(x, b, &x))
		return NAN;
	return json_object_get_double(x);
}

/*
 * The independent route for JSON: fio's own per-job iops and bw, summed
 * here over jobs and directions (the "All clients" aggregate excepted).
 */
static int
json_sums(const char *path, double *iops, double *mib)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	struct json_object	*root, *jobs, *j, *d, *x;
	char			*buf, *start;
	size_t			 i, k;
	long			 len;
	FILE			*fp;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	fseek(fp, 0, SEEK_END);
	len = ftell(fp);
	rewind(fp);
	buf = xcalloc((size_t)len + 1, 1);
	if (fread(buf, 1, (size_t)len, fp) != (size_t)len) {
		fclose(fp);
		free(buf);
		return -1;
	}
	fclose(fp);
	start = buf[0] == '{' ? buf : strstr(buf, "\n{");
	root = start != NULL ? json_tokener_parse(start) : NULL;
	free(buf);
	if (root == NULL)
		return -1;
	if (!json_object_object_get_ex(root, "jobs", &jobs) &&
	    !json_object_object_get_ex(root, "client_stats", &jobs)) {
		json_object_put(root);
		return -1;
	}
	*iops = *mib = 0;
	for (i = 0; i < json_object_array_length(jobs); i++) {
		j = json_object_array_get_idx(jobs, i);
		if (json_object_object_get_ex(j, "jobname", &x) &&
		    strcmp(json_object_get_string(x), "All clients") == 0)
			continue;
		for (k = 0; k < 3; k++)
			if (json_object_object_get_ex(j, dirs[k], &d)) {
				*iops += jnum(d, "iops", NULL);
				*mib += jnum(d, "bw", NULL) / 1024;
			}
	}
	json_object_put(root);
	return 0;
}

static void
check_json_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	double			 iops, mib;
	char			 name[512];

	snprintf(name, sizeof(name), "json %s", strrchr(path, '/') + 1);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		/* The only corpus JSON we refuse is fio's error message alone. */
		ok(strstr(d.msg, "fio reported an error") != NULL &&
		    strchr(d.msg, '"') != NULL, name);
		diag("%s", d.msg);
	} else if (json_sums(path, &iops, &mib) == 0) {
		is_double(sum_unit(rs, "IOPS"), iops, 1e-6 * iops + 1e-9, name);
		is_double(sum_unit(rs, "MB/s"), mib, 1e-6 * mib + 1e-9, name);
		ok(rs->nsystems >= 1 && rs->ntests >= 2, name);
	} else
		ok(0, name);
	result_set_free(rs);
	str_list_free(&w);
}

/*
 * The independent route for normal output: the "Run status group" lines,
 * 3.x "READ: bw=93.2MiB/s" and 2.x "READ: io=..., aggrb=611058KB/s",
 * parsed here and summed in MiB/s.
 */
static int
status_mib(const char *path, double *mib)
{
	FILE	*fp;
	char	 line[4096], *p, *u;
	double	 v, k;
	int	 n = 0;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	*mib = 0;
	while (fgets(line, sizeof(line), fp) != NULL) {
		p = line + strspn(line, " \t");
		if (strncmp(p, "READ:", 5) != 0 && strncmp(p, "WRITE:", 6) != 0 &&
		    strncmp(p, "TRIM:", 5) != 0)
			continue;
		if ((u = strstr(p, "aggrb=")) != NULL)
			p = u + 6;
		else if ((u = strstr(p, "bw=")) != NULL)
			p = u + 3;
		else
			continue;
		v = strtod(p, &u);
		k = strncmp(u, "KiB", 3) == 0 || strncmp(u, "KB", 2) == 0 ? 1.0 / 1024 :
		    strncmp(u, "MiB", 3) == 0 || strncmp(u, "MB", 2) == 0 ? 1 :
		    strncmp(u, "GiB", 3) == 0 || strncmp(u, "GB", 2) == 0 ? 1024 :
		    strncmp(u, "B/s", 3) == 0 ? 1.0 / 1048576 : NAN;
		*mib += v * k;
		n++;
	}
	fclose(fp);
	return n > 0 ? 0 : -1;
}

static void
check_text_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	double			 mib, got;
	char			 name[512];

	snprintf(name, sizeof(name), "text %s", strrchr(path, '/') + 1);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		ok(0, name);
		diag("%s", d.msg);
	} else if (status_mib(path, &mib) == 0) {
		/* Status lines round to 3-4 digits, per group. */
		got = sum_unit(rs, "MB/s");
		is_double(got, mib, 0.01 * mib + 0.01, name);
	} else
		ok(0, name);
	result_set_free(rs);
	str_list_free(&w);
}

/* Terse: bandwidth (field 7) against KiB moved / runtime (fields 6 and 9). */
static void
check_terse_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	FILE			*fp;
	char			 line[8192], *f[200], *p, name[512];
	double			 want = 0;
	int			 n;

	snprintf(name, sizeof(name), "terse %s", strrchr(path, '/') + 1);
	if ((fp = fopen(path, "r")) == NULL) {
		ok(0, name);
		return;
	}
	while (fgets(line, sizeof(line), fp) != NULL) {
		p = line + strspn(line, " \t");
		if (!isdigit((unsigned char)p[0]) || strncmp(p + 1, ";fio", 4) != 0)
			continue;
		for (n = 0; n < 200 && (f[n] = strsep(&p, ";")) != NULL; n++)
			;
		/* read block at 5, write block at 5 + 41 (v3) or 5 + 47 (v4/5) */
		if (atof(f[8]) > 0)
			want += atof(f[5]) / atof(f[8]) * 1000 / 1024;
		n = line[0] >= '4' ? 52 : 46;
		if (atof(f[n + 3]) > 0)
			want += atof(f[n]) / atof(f[n + 3]) * 1000 / 1024;
	}
	fclose(fp);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		ok(0, name);
		diag("%s", d.msg);
	} else
		/* bw is rounded by fio over its own clock: within 1%. */
		is_double(sum_unit(rs, "MB/s"), want, 0.01 * want + 0.01, name);
	result_set_free(rs);
	str_list_free(&w);
}

/* Logs: the mean of column 2 (or the histogram rows' count) computed here. */
static void
check_log_file(const char *path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	FILE			*fp;
	char			 line[65536], name[512];
	double			 sum = 0, t, v, got;
	long			 n = 0, dir;
	const struct test	*mean;

	snprintf(name, sizeof(name), "log %s", strrchr(path, '/') + 1);
	if ((fp = fopen(path, "r")) == NULL) {
		ok(0, name);
		return;
	}
	while (fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "%lf, %lf, %ld", &t, &v, &dir) == 3 && dir >= 0 &&
		    strchr(line, 'w') == NULL) {
			sum += v;
			n++;
		}
	fclose(fp);
	if (th_read(path, NULL, &rs, &w, &d) == -1) {
		ok(0, name);
		diag("%s", d.msg);
		goto out;
	}
	mean = th_find(rs, "Statistic: Mean", rs->tests[0].unit);
	if (strstr(path, "hist") != NULL) {
		/* Histogram: the series holds one point per row. */
		ok(mean != NULL && mean->values[0].nseries == 1 &&
		    mean->values[0].series[0].y.len >= 1, name);
		goto out;
	}
	got = mean->values[0].mean;
	if (strcmp(mean->unit, "MB/s") == 0)
		got *= 1024;
	else if (strcmp(mean->unit, "usec") == 0)
		got *= 1000;
	is_double(got, sum / (double)n, 1e-9 * fabs(sum), name);
	is_int(mean->values[0].series[0].y.len, n, name);
out:
	result_set_free(rs);
	str_list_free(&w);
}

static const char *
detected(const char *path)
{
	const struct reader	*r;
	struct diag		 d;

	diag_clear(&d);
	r = format_detect_file(path, &d);
	return r != NULL ? r->name : "none";
}

/* The percentile p of job i's clat_ns in a JSON file; NAN when absent. */
static double
job_pct(const char *path, size_t i, const char *p, struct fio_dir *fill)
{
	struct json_object	*root = json_object_from_file(path), *x, *c = NULL;
	double			 v = NAN;

	if (root != NULL && json_object_object_get_ex(root, "jobs", &x) &&
	    (x = json_object_array_get_idx(x, i)) != NULL &&
	    json_object_object_get_ex(x, "read", &x) &&
	    json_object_object_get_ex(x, "clat_ns", &c))
		v = jnum(c, "percentile", p) / 1000;
	if (fill != NULL && c != NULL && json_object_object_get_ex(c, "bins", &x)) {
		json_object_object_foreach(x, key, val) {
			dbl_list_add(&fill->bin_us, atof(key) / 1000);
			dbl_list_add(&fill->bin_count, json_object_get_double(val));
		}
	}
	json_object_put(root);
	return v;
}

/*
 * Call fn(path, reader) for every file of the corpus's fio directories
 * (the .cmd, .fio and .stderr companions of gen/ excepted), with the
 * reader detection picks. Returns -1 (and reports a skip) without corpus.
 */
static int
fc_walk_corpus(void (*fn)(const char *, const char *, const char *), const char *arg)
{
	static const char *const kinds[] = { "fio-json", "fio-text", "fio-terse",
	    "fio-log", "gen/fio", NULL };
	struct dirent	*de;
	DIR		*dir;
	char		 path[1024];
	size_t		 i;

	if (!th_has_corpus()) {
		skip("corpus fio files", "../shared is absent");
		return -1;
	}
	for (i = 0; kinds[i] != NULL; i++) {
		snprintf(path, sizeof(path), CORPUS "/%s", kinds[i]);
		if ((dir = opendir(path)) == NULL)
			continue;
		while ((de = readdir(dir)) != NULL) {
			if (de->d_name[0] == '.' || strstr(de->d_name, ".cmd") ||
			    strstr(de->d_name, ".fio") || strstr(de->d_name, ".stderr"))
				continue;
			snprintf(path, sizeof(path), CORPUS "/%s/%s", kinds[i], de->d_name);
			fn(path, detected(path), arg);
		}
		closedir(dir);
	}
	return 0;
}

static void (*fc_kind_fn)(const char *);

/* The failed run (gen v08) is checked on its own, by the text test. */
static void
fc_kind_one(const char *path, const char *reader, const char *want)
{
	if (strcmp(reader, want) == 0 && strstr(path, "v08_") == NULL)
		fc_kind_fn(path);
}

/* Every corpus fio file that detection gives to reader goes through fn. */
static void
check_corpus_kind(const char *reader, void (*fn)(const char *))
{
	fc_kind_fn = fn;
	(void)fc_walk_corpus(fc_kind_one, reader);
}

/*
 * A pasted copy (HTML, mail, Markdown) reads to exactly the tests and
 * values of the file it was pasted from, and is detected as reader.
 */
static void
check_same_as(const char *pasted, const char *orig, const char *reader)
{
	struct result_set	*a, *b;
	struct str_list		 w = { 0 };
	struct diag		 d;
	char			 name[512];
	size_t			 i, k;
	int			 same;

	snprintf(name, sizeof(name), "pasted %s", strrchr(pasted, '/') + 1);
	is_str(detected(pasted), reader, name);
	ok(th_read(orig, NULL, &a, &w, &d) == 0, name);
	ok(th_read(pasted, NULL, &b, &w, &d) == 0, name);
	same = a->ntests == b->ntests && a->ntests > 0;
	for (i = 0; same && i < a->ntests; i++) {
		same = strcmp(a->tests[i].description, b->tests[i].description) == 0 &&
		    strcmp(a->tests[i].unit, b->tests[i].unit) == 0 &&
		    a->tests[i].nvalues == b->tests[i].nvalues;
		for (k = 0; same && k < a->tests[i].nvalues; k++)
			same = a->tests[i].values[k].mean == b->tests[i].values[k].mean &&
			    a->tests[i].values[k].n == b->tests[i].values[k].n;
	}
	ok(same, name);
	result_set_free(a);
	result_set_free(b);
	str_list_free(&w);
}

#endif
