/* SPDX-License-Identifier: ISC */
/*
 * fio --output-format=json and json+ (2.x and 3.x), client/server output
 * (one system per host, and "All clients" beside them when the hosts ran
 * the same job), and files holding json,normal output: the normal
 * text is cross-checked against the JSON, which wins. Text around the JSON
 * object is skipped with a warning saying what it was. Files that hold
 * only an fio error message are claimed here so they are refused with the
 * message quoted. Test naming lives in fio-names.c.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>
#include <glib.h>

#include "fio-names.h"
#include "format.h"
#include "parse-fio-text.h"
#include "strbuf.h"
#include "xalloc.h"

static int	 parse_fio_json_detect(const char *head, size_t len);
static bool	 parse_fio_json_is_error_line(const char *s, size_t n);
static int	 parse_fio_json_refuse(const char *path, const char *buf, struct diag *d);
static int	 parse_fio_json_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static bool	 parse_fio_json_num(struct json_object *o, const char *key, double *v);
static const char *parse_fio_json_jobname(struct json_object *jo);
static bool	 parse_fio_json_did_io(struct json_object *jo);
static void	 parse_fio_json_opts(struct json_object *o, struct fio_job *j);
static void	 parse_fio_json_dir(struct json_object *o, int major, struct fio_dir *fd);
static void	 parse_fio_json_all_clients(struct json_object *jo, int major,
		    const char *version, struct json_object *global,
		    struct fio_job_list *l, const struct read_options *opt,
		    const char *path);
static void	 parse_fio_json_ss(struct json_object *o, struct fio_job *j);
static void	 parse_fio_json_job(struct json_object *jo, int major, const char *version,
		    struct json_object *global, struct fio_job_list *l);
static const char *parse_fio_json_start(const char *buf);
static struct json_object *parse_fio_json_last(struct json_tokener *tok,
		    const char *buf, size_t len, const char *start, const char **end,
		    const struct read_options *opt, const char *path, struct diag *d);
static long	 parse_fio_json_lineno(const char *buf, const char *p);
static void	 parse_fio_json_skipped(const struct read_options *opt, const char *path,
		    const char *buf, const char *from, const char *to, const char *where);
static void	 parse_fio_json_crosscheck(const struct read_options *opt, const char *path,
		    const char *buf, const struct fio_job_list *jl);

const struct reader reader_fio_json = {
	.name = "fio-json",
	.summary = "fio JSON and json+ output (2.x, 3.x, client/server, json,normal)",
	.detect = parse_fio_json_detect,
	.read = parse_fio_json_read
};

/* True when s (a line) is one of the messages fio prints when it fails. */
static bool
parse_fio_json_is_error_line(const char *s, size_t n)
{
	if (n >= 6 && strncmp(s, "error:", 6) == 0)
		return true;
	if (n >= 5 && strncmp(s, "fio: ", 5) == 0)
		return true;
	if (n >= 4 && strncmp(s, "err=", 4) == 0)
		return true;
	return false;
}

static int
parse_fio_json_detect(const char *head, size_t len)
{
	const char	*p, *nl;
	size_t		 n;
	int		 lines = 0, errors = 0;

	/* The key with its value, after an object that opens a line. */
	if ((p = parse_fio_json_start(head)) != NULL &&
	    (p = strstr(p, "\"fio version\"")) != NULL) {
		p += strlen("\"fio version\"");
		p += strspn(p, " \t");
		if (*p == ':' && p[1 + strspn(p + 1, " \t")] == '"')
			return strstr(head, "\"jobs\"") != NULL ||
			    strstr(head, "\"client_stats\"") != NULL ? 95 : 70;
	}
	/* Client/server preamble so long that the object is past the head. */
	for (p = head; (p = strstr(p, "hostname=")) != NULL; p++) {
		nl = p + strcspn(p, "\n");
		if ((p == head || p[-1] == '\n') &&
		    g_strstr_len(p, nl - p, ", fio=fio-") != NULL)
			return 50;
	}
	/* Only fio error messages: claim it, to refuse it with the message. */
	if (len > 4096)
		return 0;
	for (p = head; *p != '\0'; p = nl + (*nl != '\0')) {
		nl = p + strcspn(p, "\n");
		n = (size_t)(nl - p);
		while (n > 0 && isspace((unsigned char)p[n - 1]))
			n--;
		if (n == 0)
			continue;
		lines++;
		if (parse_fio_json_is_error_line(p, n))
			errors++;
	}
	return lines > 0 && errors == lines ? 40 : 0;
}

static bool
parse_fio_json_num(struct json_object *o, const char *key, double *v)
{
	struct json_object	*x;
	enum json_type		 t;

	if (o == NULL || !json_object_object_get_ex(o, key, &x))
		return false;
	t = json_object_get_type(x);
	if (t != json_type_int && t != json_type_double)
		return false;
	*v = json_object_get_double(x);
	return isfinite(*v);
}

/* Every option value is a string in fio's JSON; anything else is kept as JSON text. */
static void
parse_fio_json_opts(struct json_object *o, struct fio_job *j)
{
	if (o == NULL || !json_object_is_type(o, json_type_object))
		return;
	json_object_object_foreach(o, key, val) {
		if (json_object_is_type(val, json_type_string))
			fio_job_set_opt(j, key, json_object_get_string(val));
		else
			fio_job_set_opt(j, key, json_object_to_json_string(val));
	}
}

/*
 * One direction. 2.x: clat/lat in usec, io_bytes in KiB. 3.x: clat_ns/lat_ns
 * in nsec, io_bytes in bytes (io_kbytes in KiB). bw is KiB/s in both.
 */
static void
parse_fio_json_dir(struct json_object *o, int major, struct fio_dir *fd)
{
	struct json_object	*clat = NULL, *lat = NULL, *pct = NULL, *bins = NULL;
	double			 scale = 1, v;
	bool			 active;

	if (o == NULL || !json_object_is_type(o, json_type_object))
		return;
	fd->has_iops = parse_fio_json_num(o, "iops", &fd->iops);
	fd->has_bw = parse_fio_json_num(o, "bw", &fd->bw_kib);
	if (parse_fio_json_num(o, "io_kbytes", &v)) {
		fd->has_io = true;
		fd->io_kib = v;
	} else if (parse_fio_json_num(o, "io_bytes", &v)) {
		fd->has_io = true;
		fd->io_kib = major >= 3 ? v / 1024 : v;
	}
	if (json_object_object_get_ex(o, "clat_ns", &clat)) {
		scale = 0.001;
		json_object_object_get_ex(o, "lat_ns", &lat);
	} else {
		json_object_object_get_ex(o, "clat", &clat);
		json_object_object_get_ex(o, "lat", &lat);
		scale = major >= 3 ? 0.001 : 1;
	}
	if (!parse_fio_json_num(o, "total_ios", &fd->total_ios))
		(void)parse_fio_json_num(clat, "N", &fd->total_ios);
	/* fio writes zeros for a direction that did no I/O: not a latency. */
	active = fd->total_ios > 0 || (fd->has_io && fd->io_kib > 0) ||
	    (fd->has_iops && fd->iops > 0);
	if (parse_fio_json_num(clat, "mean", &v) && active) {
		fd->has_clat_mean = true;
		fd->clat_mean_us = v * scale;
	}
	if (parse_fio_json_num(lat, "mean", &v) && active) {
		fd->has_lat_mean = true;
		fd->lat_mean_us = v * scale;
	}
	/* json+: bin value (in the latency unit) -> count. */
	if (clat != NULL && json_object_object_get_ex(clat, "bins", &bins) &&
	    json_object_is_type(bins, json_type_object) && active) {
		json_object_object_foreach(bins, key, val) {
			dbl_list_add(&fd->bin_us, g_ascii_strtod(key, NULL) * scale);
			dbl_list_add(&fd->bin_count, json_object_get_double(val));
		}
	}
	if (clat != NULL && json_object_object_get_ex(clat, "percentile", &pct) &&
	    parse_fio_json_num(pct, "99.000000", &v) && active) {
		fd->has_clat_p99 = true;
		fd->clat_p99_us = v * scale;
	} else if (active)
		fd->has_clat_p99 = fio_names_bins_pct(fd, 99, &fd->clat_p99_us) == 0;
}

/*
 * client/server: the "All clients" aggregate is fio's sum over the hosts.
 * When every host ran the same job (name, group and options), it is that
 * job on a system of its own, "All clients", beside the hosts; otherwise
 * it matches no host's test and is left out, with a warning.
 */
static void
parse_fio_json_all_clients(struct json_object *jo, int major, const char *version,
    struct json_object *global, struct fio_job_list *l,
    const struct read_options *opt, const char *path)
{
	struct fio_job	*j, *first;
	size_t		 i;

	for (i = 1; i < l->len; i++)
		if (g_strcmp0(l->items[i].name, l->items[0].name) != 0 ||
		    l->items[i].groupid != l->items[0].groupid ||
		    !kv_list_equal(&l->items[i].opts, &l->items[0].opts)) {
			format_warn(opt, path, 0, "the \"All clients\" aggregate is "
			    "left out: the hosts ran different jobs");
			return;
		}
	parse_fio_json_job(jo, major, version, global, l);
	first = &l->items[0];
	j = &l->items[l->len - 1];
	free(j->name);
	j->name = first->name != NULL ? xstrdup(first->name) : NULL;
	free(j->host);
	j->host = xstrdup("All clients");
	j->run = first->run;
	for (i = 0; i < first->opts.len; i++)
		fio_job_set_opt(j, first->opts.items[i].key, first->opts.items[i].value);
}

static void
parse_fio_json_job(struct json_object *jo, int major, const char *version,
    struct json_object *global, struct fio_job_list *l)
{
	static const char *const dirs[FIO_NDIR] = { "read", "write", "trim" };
	struct json_object	*x;
	struct fio_job		*j;
	double			 g;
	int			 d;

	j = fio_job_add(l);
	if (json_object_object_get_ex(jo, "jobname", &x))
		j->name = xstrdup(json_object_get_string(x));
	if (json_object_object_get_ex(jo, "hostname", &x))
		j->host = xstrdup(json_object_get_string(x));
	j->version = xstrdup(version);
	j->opts_complete = true;
	if (parse_fio_json_num(jo, "groupid", &g))
		j->groupid = (long)g;
	parse_fio_json_opts(global, j);
	if (json_object_object_get_ex(jo, "job options", &x))
		parse_fio_json_opts(x, j);
	for (d = 0; d < FIO_NDIR; d++)
		if (json_object_object_get_ex(jo, dirs[d], &x))
			parse_fio_json_dir(x, major, &j->dir[d]);
	if (json_object_object_get_ex(jo, "steadystate", &x))
		parse_fio_json_ss(x, j);
}

/*
 * fio's steady-state detection (ss=, ss_dur=): whether it was attained is
 * a fact of the job's tests (ss_attained yes or no: a run that settled
 * and one that did not are different results); the criterion fio
 * measured, its limit and the window are the values' note, as fio states
 * them.
 */
static void
parse_fio_json_ss(struct json_object *o, struct fio_job *j)
{
	struct json_object	*x;
	const char		*crit = NULL, *limit = NULL;
	double			 att, dur;
	bool			 has_dur;

	if (!json_object_is_type(o, json_type_object) ||
	    !parse_fio_json_num(o, "attained", &att))
		return;
	fio_job_set_opt(j, "ss_attained", att != 0 ? "yes" : "no");
	if (json_object_object_get_ex(o, "ss", &x))
		limit = json_object_get_string(x);
	if (json_object_object_get_ex(o, "criterion", &x))
		crit = json_object_get_string(x);
	has_dur = parse_fio_json_num(o, "duration", &dur);
	free(j->ss_note);
	j->ss_note = xasprintf("fio steady state %s (%s): criterion %s",
	    att != 0 ? "attained" : "not attained", limit != NULL ? limit :
	    "limit not stated", crit != NULL ? crit : "not stated");
	if (has_dur) {
		char	*n = xasprintf("%s; window %.0f s", j->ss_note, dur);

		free(j->ss_note);
		j->ss_note = n;
	}
}

/* The first '{' that starts a line (fio prints its object from column 0). */
static const char *
parse_fio_json_start(const char *buf)
{
	const char	*p = buf;

	for (;;) {
		if (*p == '{')
			return p;
		p = strchr(p, '\n');
		if (p == NULL)
			return NULL;
		p++;
	}
}

static long
parse_fio_json_lineno(const char *buf, const char *p)
{
	long	n = 1;

	for (; buf < p; buf++)
		if (*buf == '\n')
			n++;
	return n;
}

/* Say what was skipped: line count and the first non-blank line. */
static void
parse_fio_json_skipped(const struct read_options *opt, const char *path,
    const char *buf, const char *from, const char *to, const char *where)
{
	const char	*p, *first = NULL;
	size_t		 flen = 0;
	long		 lines = 0;
	char		*shown;

	for (p = from; p < to; ) {
		const char *nl = memchr(p, '\n', (size_t)(to - p));
		size_t n = nl != NULL ? (size_t)(nl - p) : (size_t)(to - p);
		size_t k = strspn(p, " \t\r");

		if (k < n) {
			lines++;
			if (first == NULL) {
				first = p + k;
				flen = n - k;
			}
		}
		p += n + 1;
	}
	if (lines == 0)
		return;
	if (flen > 60)
		flen = 60;
	shown = xstrndup(first, flen);
	format_warn(opt, path, parse_fio_json_lineno(buf, from),
	    "skipped %ld line%s of non-JSON text %s the JSON object (first: \"%s\")",
	    lines, lines == 1 ? "" : "s", where, shown);
	free(shown);
}

/*
 * json,normal: both renderings of one run. The text rounds (IOPS=23.9k,
 * BW=93.2MiB/s), so agreement means within its printed precision.
 */
static void
parse_fio_json_crosscheck(const struct read_options *opt, const char *path,
    const char *buf, const struct fio_job_list *jl)
{
	struct fio_job_list	 tl = { 0 };
	const struct fio_job	*a, *b;
	size_t			 i, k;
	int			 d;

	if (strstr(buf, "(groupid=") == NULL)
		return;
	parse_fio_text_jobs(buf, path, NULL, &tl);
	/* Compare like with like: clones summed on both sides. */
	fio_names_fold_clones(&tl, NULL, path);
	for (i = 0; i < tl.len; i++) {
		b = &tl.items[i];
		if (b->clones == 0)
			continue;	/* an interim report, replaced later */
		for (k = 0, a = NULL; k < jl->len; k++)
			if (g_strcmp0(jl->items[k].name, b->name) == 0 &&
			    jl->items[k].groupid == b->groupid)
				a = &jl->items[k];
		if (a == NULL) {
			format_warn(opt, path, b->line, "normal output has job \"%s\" "
			    "that the JSON lacks", b->name ? b->name : "");
			continue;
		}
		for (d = 0; d < FIO_NDIR; d++) {
			if (a->dir[d].has_iops && b->dir[d].has_iops &&
			    fabs(a->dir[d].iops - b->dir[d].iops) >
			    0.006 * fabs(a->dir[d].iops) + 0.5)
				format_warn(opt, path, b->line, "job \"%s\": normal "
				    "output IOPS %g differ from the JSON's %g",
				    b->name ? b->name : "", b->dir[d].iops,
				    a->dir[d].iops);
			if (a->dir[d].has_bw && b->dir[d].has_bw &&
			    fabs(a->dir[d].bw_kib - b->dir[d].bw_kib) >
			    0.006 * fabs(a->dir[d].bw_kib) + 1)
				format_warn(opt, path, b->line, "job \"%s\": normal "
				    "output bandwidth %g KiB/s differs from the JSON's %g",
				    b->name ? b->name : "", b->dir[d].bw_kib,
				    a->dir[d].bw_kib);
		}
	}
	fio_job_list_free(&tl);
}

/* The job's name, or "" when it has none. */
static const char *
parse_fio_json_jobname(struct json_object *jo)
{
	struct json_object	*x;

	if (json_object_object_get_ex(jo, "jobname", &x) &&
	    json_object_is_type(x, json_type_string))
		return json_object_get_string(x);
	return "";
}

/* True when any direction of job jo moved data or completed an I/O. */
static bool
parse_fio_json_did_io(struct json_object *jo)
{
	static const char *const dirs[] = { "read", "write", "trim" };
	struct json_object	*o;
	double			 v;
	size_t			 k;

	for (k = 0; k < sizeof(dirs) / sizeof(dirs[0]); k++) {
		if (!json_object_object_get_ex(jo, dirs[k], &o))
			continue;
		if ((parse_fio_json_num(o, "total_ios", &v) && v > 0) ||
		    (parse_fio_json_num(o, "io_bytes", &v) && v > 0) ||
		    (parse_fio_json_num(o, "io_kbytes", &v) && v > 0))
			return true;
	}
	return false;
}

/* The whole output is fio's error message: quote it. */
static int
parse_fio_json_refuse(const char *path, const char *buf, struct diag *d)
{
	const char	*p = buf;
	size_t		 n;
	char		*msg;
	int		 rc;

	p += strspn(p, " \t\r\n");
	n = strcspn(p, "\r\n");
	if (n > 200)
		n = 200;
	msg = xstrndup(p, n);
	rc = diag_set(d, path, 1, "fio reported an error and no results: \"%s\"", msg);
	free(msg);
	return rc;
}

/*
 * The object fio printed at start, parsed with tok: the first, or the last
 * complete one of --status-interval's cumulative objects (said in a
 * warning). *end gets where it ends. NULL with d filled when the first
 * does not parse.
 */
static struct json_object *
parse_fio_json_last(struct json_tokener *tok, const char *buf, size_t len,
    const char *start, const char **end, const struct read_options *opt,
    const char *path, struct diag *d)
{
	struct json_object	*root, *o;
	enum json_tokener_error	 jerr;
	const char		*next;
	int			 interim = 0;

	root = json_tokener_parse_ex(tok, start, (int)(len - (size_t)(start - buf)));
	jerr = json_tokener_get_error(tok);
	*end = start + json_tokener_get_parse_end(tok);
	if (root == NULL) {
		diag_set(d, path, parse_fio_json_lineno(buf, *end),
		    "invalid fio JSON: %s", jerr == json_tokener_continue ?
		    "truncated (the object never closes)" :
		    json_tokener_error_desc(jerr));
		return NULL;
	}
	while ((next = parse_fio_json_start(*end)) != NULL) {
		json_tokener_reset(tok);
		o = json_tokener_parse_ex(tok, next, (int)(len - (size_t)(next - buf)));
		if (o == NULL || !json_object_is_type(o, json_type_object) ||
		    !json_object_object_get_ex(o, "fio version", NULL)) {
			json_object_put(o);
			break;
		}
		json_object_put(root);
		root = o;
		*end = next + json_tokener_get_parse_end(tok);
		interim++;
	}
	if (interim > 0)
		format_warn(opt, path, parse_fio_json_lineno(buf, start), "%d interim "
		    "JSON object%s (--status-interval) skipped; the last one is used",
		    interim, interim == 1 ? "" : "s");
	return root;
}

static int
parse_fio_json_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct json_tokener	*tok = NULL;
	struct json_object	*root = NULL, *jobs = NULL, *global = NULL, *x, *agg = NULL;
	struct fio_job_list	 jl = { 0 };
	const char		*start, *end;
	char			*buf = NULL, *version = NULL, why[256] = "";
	size_t			 len, i, n, nran = 0;
	int			 rc = -1, major = 0, err;
	bool			 clients = false;

	if ((buf = format_slurp(path, &len, d)) == NULL)
		goto out;
	if ((start = parse_fio_json_start(buf)) == NULL) {
		if (parse_fio_json_detect(buf, len) > 0 &&
		    strstr(buf, "\"fio version\"") == NULL)
			parse_fio_json_refuse(path, buf, d);
		else
			diag_set(d, path, 0, "no JSON object found (fio JSON output "
			    "starts with a line holding \"{\")");
		goto out;
	}
	tok = json_tokener_new_ex(JSON_TOKENER_DEFAULT_DEPTH);
	if ((root = parse_fio_json_last(tok, buf, len, start, &end, opt, path,
	    d)) == NULL)
		goto out;
	if (!json_object_is_type(root, json_type_object) ||
	    !json_object_object_get_ex(root, "fio version", &x)) {
		diag_set(d, path, parse_fio_json_lineno(buf, start),
		    "JSON object without \"fio version\": not fio output");
		goto out;
	}
	version = fio_names_version(json_object_get_string(x));
	major = atoi(version);
	if (major == 0 && strstr(start, "\"clat_ns\"") != NULL)
		major = 3;
	parse_fio_json_skipped(opt, path, buf, buf, start, "before");
	parse_fio_json_skipped(opt, path, buf, end, buf + len, "after");

	if (json_object_object_get_ex(root, "client_stats", &jobs))
		clients = true;
	else if (!json_object_object_get_ex(root, "jobs", &jobs)) {
		diag_set(d, path, parse_fio_json_lineno(buf, start),
		    "fio JSON has neither \"jobs\" nor \"client_stats\"");
		goto out;
	}
	if (!json_object_is_type(jobs, json_type_array)) {
		diag_set(d, path, parse_fio_json_lineno(buf, start),
		    "fio JSON: \"%s\" is not an array", clients ? "client_stats" : "jobs");
		goto out;
	}
	json_object_object_get_ex(root, "global options", &global);
	n = json_object_array_length(jobs);
	for (i = 0; i < n; i++) {
		struct json_object *jo = json_object_array_get_idx(jobs, i);

		if (!json_object_is_type(jo, json_type_object))
			continue;
		/* The aggregate of a client/server run: after the hosts. */
		if (clients && json_object_object_get_ex(jo, "jobname", &x) &&
		    strcmp(json_object_get_string(x), "All clients") == 0) {
			agg = jo;
			continue;
		}
		if (json_object_object_get_ex(jo, "error", &x) &&
		    (err = json_object_get_int(x)) != 0) {
			/* A job that failed before any I/O has no figures at all. */
			if (!parse_fio_json_did_io(jo)) {
				format_warn(opt, path, 0, "job %zu (\"%s\") reports error "
				    "%d (%s) and did no I/O: left out", i,
				    parse_fio_json_jobname(jo), err, g_strerror(err));
				if (nran++ == 0)
					(void)snprintf(why, sizeof(why), "job \"%s\" reports "
					    "error %d (%s)", parse_fio_json_jobname(jo), err,
					    g_strerror(err));
				continue;
			}
			format_warn(opt, path, 0, "job %zu reports error %d", i, err);
		}
		parse_fio_json_job(jo, major, version, global, &jl);
	}
	if (jl.len == 0 && nran > 0) {
		diag_set(d, path, parse_fio_json_lineno(buf, start),
		    "no fio job ran: %s and did no I/O", why);
		goto out;
	}
	if (jl.len == 0) {
		diag_set(d, path, parse_fio_json_lineno(buf, start),
		    "fio JSON holds no jobs");
		goto out;
	}
	for (i = 0; i < jl.len; i++)
		parse_fio_text_group(&jl.items[i], true, path, opt);
	fio_names_fold_clones(&jl, opt, path);
	if (agg != NULL)
		parse_fio_json_all_clients(agg, major, version, global, &jl, opt, path);
	parse_fio_json_crosscheck(opt, path, buf, &jl);
	if (fio_names_finish(rs, &jl, opt, path, 0, "fio JSON", d) == -1)
		goto out;
	if (json_object_object_get_ex(root, "time", &x))
		kv_list_set(&rs->extra, "fio time", json_object_get_string(x));
	rc = 0;
out:
	fio_job_list_free(&jl);
	json_object_put(root);
	if (tok != NULL)
		json_tokener_free(tok);
	free(version);
	free(buf);
	return rc;
}
