/* SPDX-License-Identifier: ISC */
/*
 * fio terse output (--minimal, --output-format=terse): one ';'-separated
 * line per job, versions 3 (read and write blocks of 41 fields) and 4/5
 * (read, write and trim blocks of 47 fields), also when the lines sit in
 * a README, a log, a mail or a page (text-paste.c cleans them first).
 * Terse latencies are in usec in every fio version. Terse lines carry no
 * job options, so tests name only the directions; adjacent lines of one
 * job are numjobs clones, summed.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "fio-names.h"
#include "format.h"
#include "parse-fio-terse.h"
#include "text-paste.h"
#include "xalloc.h"

/* Offsets inside one direction's block. */
#define TERSE_KB	0
#define TERSE_BW	1
#define TERSE_IOPS	2
#define TERSE_CLAT_MEAN	10
#define TERSE_PCT_FIRST	12
#define TERSE_PCT_LAST	31
#define TERSE_LAT_MEAN	34
#define TERSE_FIRST_DIR	5	/* fields before the read block */

static int	 parse_fio_terse_detect(const char *head, size_t len);
static int	 parse_fio_terse_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static bool	 parse_fio_terse_is_line(const char *s, size_t n, int *version);
static int	 parse_fio_terse_line(char *line, struct fio_job *j);
static bool	 parse_fio_terse_num(const char *s, double *v);

const struct reader reader_fio_terse = {
	.name = "fio-terse",
	.summary = "fio terse/minimal output, versions 3 to 5, also inside other text",
	.detect = parse_fio_terse_detect,
	.read = parse_fio_terse_read
};

/* "3;fio-3.33;name;..." with enough fields for a read block at least. */
static bool
parse_fio_terse_is_line(const char *s, size_t n, int *version)
{
	size_t	i, semis = 0;

	/* Pasted lines are often indented (markdown code) */
	while (n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		n--;
	}
	if (n < 8 || !(s[0] >= '3' && s[0] <= '5') || strncmp(s + 1, ";fio", 4) != 0)
		return false;
	for (i = 0; i < n; i++)
		if (s[i] == ';')
			semis++;
	if (semis < TERSE_FIRST_DIR + 41)
		return false;
	*version = s[0] - '0';
	return true;
}

static int
parse_fio_terse_detect(const char *head, size_t len)
{
	struct paste_text	 pt;
	size_t			 i;
	int			 terse = 0, other = 0, v;

	if (strstr(head, ";fio") == NULL)
		return 0;	/* no terse line: no need to clean the text */
	text_paste_read(&pt, head, len);
	for (i = 0; i < pt.n; i++) {
		if (parse_fio_terse_is_line(pt.lines[i].text, strlen(pt.lines[i].text), &v))
			terse++;
		else if (pt.lines[i].text[0] != '\0')
			other++;
	}
	text_paste_free(&pt);
	if (terse == 0)
		return 0;
	return other == 0 ? 90 : 65;
}

static bool
parse_fio_terse_num(const char *s, double *v)
{
	char	*e;

	*v = strtod(s, &e);
	return e != s && isfinite(*v);
}

static int
parse_fio_terse_line(char *line, struct fio_job *j)
{
	gchar		**f;
	guint		  n;
	int		  version, d, ndirs, block, base, k;
	struct fio_dir	 *fd;
	double		  v;
	int		  rc = -1;

	f = g_strsplit(line, ";", -1);
	n = g_strv_length(f);
	version = atoi(f[0]);
	block = version >= 4 ? 47 : 41;
	ndirs = version >= 4 ? 3 : 2;
	if (n < (guint)(TERSE_FIRST_DIR + block))
		goto out;
	j->version = fio_names_version(f[1]);
	j->name = xstrdup(f[2]);
	j->groupid = strtol(f[3], NULL, 10);
	for (d = 0; d < ndirs; d++) {
		base = TERSE_FIRST_DIR + d * block;
		if ((guint)(base + block) > n)
			break;
		fd = &j->dir[d];
		fd->has_io = parse_fio_terse_num(f[base + TERSE_KB], &fd->io_kib);
		fd->has_bw = parse_fio_terse_num(f[base + TERSE_BW], &fd->bw_kib);
		fd->has_iops = parse_fio_terse_num(f[base + TERSE_IOPS], &fd->iops);
		if (!fd->has_io || fd->io_kib == 0)
			continue;	/* no I/O: the latency zeros mean nothing */
		fd->has_clat_mean = parse_fio_terse_num(f[base + TERSE_CLAT_MEAN],
		    &fd->clat_mean_us);
		fd->has_lat_mean = parse_fio_terse_num(f[base + TERSE_LAT_MEAN],
		    &fd->lat_mean_us);
		for (k = base + TERSE_PCT_FIRST; k <= base + TERSE_PCT_LAST; k++) {
			/* Integer usec: 0 means "below 1 usec", not a value. */
			if (strncmp(f[k], "99.000000%=", 11) == 0 &&
			    parse_fio_terse_num(f[k] + 11, &v) && v > 0) {
				fd->has_clat_p99 = true;
				fd->clat_p99_us = v;
			}
		}
	}
	rc = 0;
out:
	g_strfreev(f);
	return rc;
}

size_t
parse_fio_terse_jobs(const char *buf, const char *path,
    const struct read_options *opt, struct fio_job_list *out)
{
	struct paste_text	 pt;
	size_t			 found;

	if (strstr(buf, ";fio") == NULL)
		return 0;
	text_paste_read(&pt, buf, strlen(buf));
	found = parse_fio_terse_lines(&pt, path, opt, out);
	text_paste_free(&pt);
	return found;
}

size_t
parse_fio_terse_lines(const struct paste_text *pt, const char *path,
    const struct read_options *opt, struct fio_job_list *out)
{
	struct fio_job		*prev = NULL;
	const char		*p;
	size_t			 found = 0, i, previ = 0;
	int			 v;

	for (i = 0; i < pt->n; i++) {
		p = pt->lines[i].text;
		if (parse_fio_terse_is_line(p, strlen(p), &v)) {
			struct fio_job *j = fio_job_add(out);
			char *line = xstrdup(p + strspn(p, " \t"));

			j->line = pt->lines[i].lineno;
			if (parse_fio_terse_line(line, j) == -1) {
				format_warn(opt, path, j->line, "terse line too short; skipped");
				free(j->name);
				free(j->version);
				out->len--;	/* j was the last job added */
			} else {
				/*
				 * fio prints numjobs clones (no group_reporting) as
				 * adjacent lines of one name and group: one run, to
				 * be summed. Anything between lines separates runs.
				 */
				prev = found > 0 ? &out->items[out->len - 2] : NULL;
				if (prev != NULL && previ + 1 == i &&
				    g_strcmp0(prev->name, j->name) == 0 &&
				    prev->groupid == j->groupid)
					j->run = prev->run;
				else
					j->run = 1000 + (long)found;
				previ = i;
				found++;
			}
			free(line);
		}
	}
	return found;
}

static int
parse_fio_terse_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct fio_job_list	 jl = { 0 };
	char			*buf = NULL;
	size_t			 len, i;
	int			 rc = -1;

	if ((buf = format_slurp(path, &len, d)) == NULL)
		goto out;
	if (parse_fio_terse_jobs(buf, path, opt, &jl) == 0) {
		diag_set(d, path, 0, "no complete fio terse line (\"3;fio-...\" "
		    "with at least %d fields)", TERSE_FIRST_DIR + 41);
		goto out;
	}
	/*
	 * Terse lines carry no pid: adjacent lines of one job are numjobs
	 * clones, summed; lines of one job apart from each other are taken
	 * as repeated runs. Say so.
	 */
	for (i = 1; i < jl.len; i++)
		if (g_strcmp0(jl.items[i].name, jl.items[i - 1].name) == 0 &&
		    jl.items[i].groupid == jl.items[i - 1].groupid &&
		    jl.items[i].run != jl.items[i - 1].run) {
			format_warn(opt, path, jl.items[i].line, "terse lines of job "
			    "\"%s\" apart from each other are taken as repeated runs "
			    "(adjacent lines would be summed as numjobs clones)",
			    jl.items[i].name != NULL ? jl.items[i].name : "");
			break;
		}
	fio_names_fold_clones(&jl, opt, path);
	if (fio_names_finish(rs, &jl, opt, path, jl.items[0].line, "fio terse",
	    d) == -1)
		goto out;
	rc = 0;
out:
	fio_job_list_free(&jl);
	free(buf);
	return rc;
}
