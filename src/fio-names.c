/* SPDX-License-Identifier: ISC */
/*
 * The one place that turns an fio job into tests: PTS-style names, fixed
 * units, options kept as test facts. Also fio's number and unit syntax,
 * which the JSON, text, terse and log readers all meet. It does not read
 * files; the readers do that and hand over struct fio_job.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "fio-names.h"
#include "model-runs.h"
#include "strbuf.h"
#include "xalloc.h"

struct fio_names_map {
	const char	*from;
	const char	*to;
};

/* PTS's menu names where PTS has them; the others follow the same style. */
static const struct fio_names_map fio_names_types[] = {
	{ "randread", "Random Read" },
	{ "randwrite", "Random Write" },
	{ "read", "Sequential Read" },
	{ "write", "Sequential Write" },
	{ "randrw", "Random Read/Write" },
	{ "rw", "Sequential Read/Write" },
	{ "readwrite", "Sequential Read/Write" },
	{ "randtrim", "Random Trim" },
	{ "trim", "Sequential Trim" },
	{ "trimwrite", "Trim/Write" },
	{ "randtrimwrite", "Random Trim/Write" },
	{ NULL, NULL }
};

static const struct fio_names_map fio_names_engines[] = {
	{ "io_uring", "IO_uring" },
	{ "posixaio", "POSIX AIO" },
	{ "sync", "Sync" },
	{ "libaio", "Linux AIO" },
	{ "windowsaio", "Windows AIO" },
	{ "psync", "PSync" },
	{ "vsync", "VSync" },
	{ "pvsync", "PVSync" },
	{ "pvsync2", "PVSync2" },
	{ "mmap", "Mmap" },
	{ "io_uring_cmd", "IO_uring Passthrough" },
	{ "spdk", "SPDK" },
	{ NULL, NULL }
};

static const char *const fio_names_dirnames[FIO_NDIR] = { "Read", "Write", "Trim" };

static const char *fio_names_lookup(const struct fio_names_map *m, const char *key);
static void	 fio_names_type(const char *rw, char *out, size_t outlen, bool dirs[FIO_NDIR]);
static void	 fio_names_type_from_data(const struct fio_job *j, char *out, size_t outlen,
		    bool dirs[FIO_NDIR]);
static void	 fio_names_bs(const char *bs, enum fio_ddir d, struct strbuf *sb);
static int	 fio_names_bs_one(const char *s, struct strbuf *sb);
static void	 fio_names_add(struct result_set *rs, size_t sys, const struct fio_job *j,
		    const char *desc, const char *unit, enum proportion p, double v);
static GBytes	*fio_names_fold_key(const struct fio_job *j);
static void	 fio_names_key_str(struct strbuf *sb, const char *s);
static void	 fio_names_fold_one(struct fio_job *dst, const struct fio_job *src);
static void	 fio_names_job_free(struct fio_job *j);
static bool	 fio_names_true(const char *v);
static int	 fio_names_cmp_pair(const void *a, const void *b);
static void	 fio_names_hist(struct value *v, const struct fio_dir *d);

struct fio_job *
fio_job_add(struct fio_job_list *l)
{
	struct fio_job	*j;

	xgrow(&l->items, &l->cap, l->len + 1, sizeof(*l->items));
	j = &l->items[l->len++];
	memset(j, 0, sizeof(*j));
	j->clones = 1;
	return j;
}

static void
fio_names_job_free(struct fio_job *j)
{
	int	d;

	free(j->name);
	free(j->version);
	free(j->host);
	free(j->ss_note);
	kv_list_free(&j->opts);
	for (d = 0; d < FIO_NDIR; d++) {
		dbl_list_free(&j->dir[d].bin_us);
		dbl_list_free(&j->dir[d].bin_count);
	}
}

void
fio_job_list_free(struct fio_job_list *l)
{
	size_t	i;

	for (i = 0; i < l->len; i++)
		fio_names_job_free(&l->items[i]);
	free(l->items);
	memset(l, 0, sizeof(*l));
}

static int
fio_names_cmp_pair(const void *a, const void *b)
{
	const double	*x = a, *y = b;

	return (x[0] > y[0]) - (x[0] < y[0]);
}

int
fio_names_bins_pct(const struct fio_dir *d, double pct, double *us)
{
	double	*pairs, total = 0, run = 0;
	size_t	 i, n = d->bin_us.len;
	int	 rc = -1;

	if (n == 0 || d->bin_count.len != n)
		return -1;
	pairs = xcalloc(n * 2, sizeof(double));
	for (i = 0; i < n; i++) {
		pairs[2 * i] = d->bin_us.v[i];
		pairs[2 * i + 1] = d->bin_count.v[i];
		total += d->bin_count.v[i];
	}
	/* Clones' histograms are concatenated: order by value first. */
	qsort(pairs, n, 2 * sizeof(double), fio_names_cmp_pair);
	for (i = 0; i < n && total > 0; i++) {
		run += pairs[2 * i + 1];
		if (run >= pct / 100.0 * total) {
			*us = pairs[2 * i];
			rc = 0;
			break;
		}
	}
	free(pairs);
	return rc;
}

/*
 * The json+ histogram as the value's run histogram (MODEL_HIST_SERIES):
 * bins in value order, clones' equal bins added, empty bins left out.
 */
static void
fio_names_hist(struct value *v, const struct fio_dir *d)
{
	struct series	*s;
	double		*pairs;
	size_t		 i, n = d->bin_us.len;

	if (n == 0 || d->bin_count.len != n)
		return;
	pairs = xcalloc(n * 2, sizeof(double));
	for (i = 0; i < n; i++) {
		pairs[2 * i] = d->bin_us.v[i];
		pairs[2 * i + 1] = d->bin_count.v[i];
	}
	qsort(pairs, n, 2 * sizeof(double), fio_names_cmp_pair);
	s = value_add_series(v, MODEL_HIST_SERIES);
	model_set_str(&s->unit, "I/Os");
	model_set_str(&s->x_unit, "usec");
	for (i = 0; i < n; i++) {
		if (!(pairs[2 * i + 1] > 0))
			continue;
		if (s->x.len > 0 && s->x.v[s->x.len - 1] == pairs[2 * i])
			s->y.v[s->y.len - 1] += pairs[2 * i + 1];
		else {
			dbl_list_add(&s->x, pairs[2 * i]);
			dbl_list_add(&s->y, pairs[2 * i + 1]);
		}
	}
	free(pairs);
}

void
fio_job_set_opt(struct fio_job *j, const char *key, const char *value)
{
	kv_list_set(&j->opts, key, value);
}

char *
fio_names_version(const char *s)
{
	if (s == NULL)
		return NULL;
	while (isspace((unsigned char)*s))
		s++;
	if (strncmp(s, "fio-", 4) == 0)
		s += 4;
	else if (strncmp(s, "fio ", 4) == 0)
		s += 4;
	return g_strstrip(xstrdup(s));
}

int
fio_names_number(const char *s, double *v, const char **end)
{
	char	*e;
	double	 d;

	while (*s == ' ' || *s == '\t')
		s++;
	d = strtod(s, &e);
	if (e == s || !isfinite(d))
		return -1;
	switch (*e) {
	case 'k':
	case 'K':
		d *= 1e3;
		e++;
		break;
	case 'M':
		d *= 1e6;
		e++;
		break;
	case 'G':
		d *= 1e9;
		e++;
		break;
	default:
		break;
	}
	*v = d;
	if (end != NULL)
		*end = e;
	return 0;
}

double
fio_names_time_scale(const char *unit, size_t len)
{
	if (len == 4 && strncmp(unit, "nsec", 4) == 0)
		return 0.001;
	if (len == 4 && strncmp(unit, "usec", 4) == 0)
		return 1;
	if (len == 4 && strncmp(unit, "msec", 4) == 0)
		return 1000;
	if ((len == 3 && strncmp(unit, "sec", 3) == 0) ||
	    (len == 1 && unit[0] == 's'))
		return 1e6;
	return 0;
}

/*
 * fio's own output uses binary multiples throughout: 2.x prints "KB" for
 * 1024 bytes (kb_base=1024 is the default), 3.x prints "KiB". The decimal
 * figure 3.x adds in parentheses is never read.
 */
double
fio_names_unit_kib(const char *unit, size_t len)
{
	char	u[8];
	size_t	i, n = 0;

	for (i = 0; i < len && n + 1 < sizeof(u); i++)
		if (unit[i] != 'i')
			u[n++] = (char)toupper((unsigned char)unit[i]);
	u[n] = '\0';
	/* Bits (unit_base=1: "Gibit", 2.x "Kbit"): the same prefixes, over 8. */
	if (n >= 2 && strcmp(u + n - 2, "BT") == 0) {
		u[n - 1] = '\0';
		return fio_names_unit_kib(u, n - 1) / 8;
	}
	if (strcmp(u, "B") == 0)
		return 1.0 / 1024;
	if (strcmp(u, "KB") == 0 || strcmp(u, "K") == 0)
		return 1;
	if (strcmp(u, "MB") == 0 || strcmp(u, "M") == 0)
		return 1024;
	if (strcmp(u, "GB") == 0 || strcmp(u, "G") == 0)
		return 1024.0 * 1024;
	if (strcmp(u, "TB") == 0 || strcmp(u, "T") == 0)
		return 1024.0 * 1024 * 1024;
	return 0;
}

int
fio_names_size(const char *s, double *bytes)
{
	const char	*u;
	char		*e;
	double		 d, k;

	d = strtod(s, &e);
	if (e == s || !isfinite(d) || d < 0)
		return -1;
	u = e;
	while (isalpha((unsigned char)*e))
		e++;
	if (e == u)
		k = 1.0 / 1024;
	else if ((k = fio_names_unit_kib(u, (size_t)(e - u))) == 0)
		return -1;
	*bytes = d * k * 1024;
	return 0;
}

/* fio's boolean option values: 1, true, yes, on (any case); a bare flag is "1". */
static bool
fio_names_true(const char *v)
{
	return strtol(v, NULL, 10) != 0 || g_ascii_strcasecmp(v, "true") == 0 ||
	    g_ascii_strcasecmp(v, "yes") == 0 || g_ascii_strcasecmp(v, "on") == 0;
}

static const char *
fio_names_lookup(const struct fio_names_map *m, const char *key)
{
	for (; m->from != NULL; m++)
		if (g_ascii_strcasecmp(m->from, key) == 0)
			return m->to;
	return NULL;
}

/* rw may carry a sequence suffix ("randread:8"); dirs says which directions it drives. */
static void
fio_names_type(const char *rw, char *out, size_t outlen, bool dirs[FIO_NDIR])
{
	const char	*name;
	char		 base[64];
	size_t		 n;

	n = strcspn(rw, ":");
	if (n >= sizeof(base))
		n = sizeof(base) - 1;
	memcpy(base, rw, n);
	base[n] = '\0';
	name = fio_names_lookup(fio_names_types, base);
	snprintf(out, outlen, "%s", name != NULL ? name : base);
	dirs[FIO_READ] = strstr(base, "read") != NULL || strcmp(base, "rw") == 0 ||
	    strcmp(base, "randrw") == 0;
	dirs[FIO_WRITE] = strstr(base, "write") != NULL || strcmp(base, "rw") == 0 ||
	    strcmp(base, "randrw") == 0;
	dirs[FIO_TRIM] = strstr(base, "trim") != NULL;
}

/*
 * Output that does not show rw (terse, fio 2.1 JSON) still shows which
 * directions moved data; random or sequential cannot be told, so the type
 * only names the directions.
 */
static void
fio_names_type_from_data(const struct fio_job *j, char *out, size_t outlen,
    bool dirs[FIO_NDIR])
{
	struct strbuf	sb;
	int		d;

	strbuf_init(&sb);
	for (d = 0; d < FIO_NDIR; d++) {
		dirs[d] = (j->dir[d].has_io && j->dir[d].io_kib > 0) ||
		    (j->dir[d].has_iops && j->dir[d].iops > 0);
		if (dirs[d])
			strbuf_printf(&sb, "%s%s", sb.len > 0 ? "/" : "",
			    fio_names_dirnames[d]);
	}
	snprintf(out, outlen, "%s", sb.len > 0 ? strbuf_str(&sb) : "Unknown");
	strbuf_free(&sb);
}

/*
 * "4k" -> "4KB", "16.0KiB" -> "16KB", "1m" -> "1MB", "4k-64k" -> "4KB-64KB".
 * Per-direction lists ("4k,64k") pick the direction's entry; anything
 * unparsable is kept as written.
 */
static void
fio_names_bs(const char *bs, enum fio_ddir d, struct strbuf *sb)
{
	gchar	**parts, **ends;
	size_t	 n, start = sb->len;
	const char *pick;

	parts = g_strsplit(bs, ",", 3);
	n = g_strv_length(parts);
	pick = n == 0 ? bs : parts[(size_t)d < n ? (size_t)d : 0];
	if (*pick == '\0' && n > 0)
		pick = parts[0];
	/* A range "4k-64k" prints both ends the same way: "4KB-64KB". */
	ends = g_strsplit(pick, "-", 2);
	/* "" and "," split into nothing: kept as written, like any oddity. */
	if (ends[0] != NULL && fio_names_bs_one(ends[0], sb) == 0 && (ends[1] == NULL ||
	    (strbuf_addc(sb, '-'), fio_names_bs_one(ends[1], sb) == 0))) {
		g_strfreev(ends);
		g_strfreev(parts);
		return;
	}
	sb->len = start;
	sb->buf[start] = '\0';
	strbuf_adds(sb, pick);
	g_strfreev(ends);
	g_strfreev(parts);
}

/* One size as PTS prints it; -1 (nothing added) when not a whole size. */
static int
fio_names_bs_one(const char *s, struct strbuf *sb)
{
	double	bytes;

	if (fio_names_size(s, &bytes) == -1 || bytes < 1 || bytes != floor(bytes))
		return -1;
	if (fmod(bytes, 1048576) == 0)
		strbuf_printf(sb, "%.0fMB", bytes / 1048576);
	else if (fmod(bytes, 1024) == 0)
		strbuf_printf(sb, "%.0fKB", bytes / 1024);
	else
		strbuf_printf(sb, "%.0fB", bytes);
	return 0;
}

static void
fio_names_add(struct result_set *rs, size_t sys, const struct fio_job *j,
    const char *desc, const char *unit, enum proportion p, double v)
{
	struct test	*t;
	struct value	*val;
	size_t		 i;

	t = result_set_add_test(rs);
	model_set_str(&t->identifier, "");
	model_set_str(&t->title, "Flexible IO Tester");
	model_set_str(&t->app_version, j->version != NULL ? j->version : "");
	model_set_str(&t->arguments, desc);
	model_set_str(&t->description, desc);
	model_set_str(&t->unit, unit);
	t->proportion = p;
	model_set_str(&t->proportion_raw, proportion_name(p));
	t->display = DISPLAY_BAR;
	model_set_str(&t->display_raw, "BAR_GRAPH");
	if (j->name != NULL)
		kv_list_add(&t->facts, "jobname", j->name);
	for (i = 0; i < j->opts.len; i++)
		kv_list_add(&t->facts, j->opts.items[i].key, j->opts.items[i].value);
	val = test_add_value(t, sys);
	dbl_list_add(&val->runs, v);
	val->has_mean = true;
	val->mean = v;
	val->n = 1;
	if (j->clones > 1)
		val->note = xasprintf("sum of %ld jobs reported separately", j->clones);
	else if (j->ss_note != NULL)
		val->note = xstrdup(j->ss_note);
}

void
fio_names_emit(struct result_set *rs, size_t sys, const struct fio_job *j)
{
	const struct fio_dir	*fd;
	const char		*rw, *eng, *direct, *bs, *nj, *e, *label;
	struct strbuf		 base, desc;
	char			 type[64];
	bool			 dirs[FIO_NDIR], mixed;
	int			 d, ndirs = 0;

	/* Documented fio defaults when the output does not show an option. */
	rw = kv_list_get(&j->opts, "rw");
	if (rw == NULL)
		rw = kv_list_get(&j->opts, "readwrite");
	if (rw != NULL)
		fio_names_type(rw, type, sizeof(type), dirs);
	else
		fio_names_type_from_data(j, type, sizeof(type), dirs);
	if (!dirs[FIO_READ] && !dirs[FIO_WRITE] && !dirs[FIO_TRIM])
		dirs[FIO_READ] = dirs[FIO_WRITE] = dirs[FIO_TRIM] = true;
	eng = kv_list_get(&j->opts, "ioengine");
	direct = kv_list_get(&j->opts, "direct");
	bs = kv_list_get(&j->opts, "bs");
	if (bs == NULL)
		bs = kv_list_get(&j->opts, "blocksize");
	if (bs == NULL)
		bs = kv_list_get(&j->opts, "bsrange");
	if (bs == NULL)
		bs = kv_list_get(&j->opts, "blocksize_range");
	nj = kv_list_get(&j->opts, "numjobs");

	for (d = 0; d < FIO_NDIR; d++)
		if (dirs[d])
			ndirs++;
	mixed = ndirs > 1;

	strbuf_init(&base);
	strbuf_init(&desc);
	for (d = 0; d < FIO_NDIR; d++) {
		fd = &j->dir[d];
		if (!dirs[d] || (!fd->has_iops && !fd->has_bw))
			continue;
		/* A mixed job whose direction moved nothing has no result there. */
		if (mixed && (!fd->has_io || fd->io_kib == 0) &&
		    (!fd->has_iops || fd->iops == 0))
			continue;
		strbuf_reset(&base);
		strbuf_printf(&base, "Type: %s", type);
		e = eng != NULL ? fio_names_lookup(fio_names_engines, eng) : NULL;
		strbuf_printf(&base, " - Engine: %s", e != NULL ? e : eng != NULL ?
		    eng : j->opts_complete ? "Default" : "Unknown");
		if (direct != NULL || j->opts_complete)
			strbuf_printf(&base, " - Direct: %s", direct != NULL &&
			    fio_names_true(direct) ? "Yes" : "No");
		else
			strbuf_adds(&base, " - Direct: Unknown");
		strbuf_adds(&base, " - Block Size: ");
		if (bs != NULL || j->opts_complete)
			fio_names_bs(bs != NULL ? bs : "4k", (enum fio_ddir)d, &base);
		else
			strbuf_adds(&base, "Unknown");
		if (nj != NULL || j->opts_complete)
			strbuf_printf(&base, " - Job Count: %ld",
			    nj != NULL ? strtol(nj, NULL, 10) : 1L);
		else
			strbuf_adds(&base, " - Job Count: Unknown");
		if (mixed)
			strbuf_printf(&base, " - Direction: %s", fio_names_dirnames[d]);
		/* What the text calls the run, when it tells runs apart. */
		if ((label = kv_list_get(&j->opts, "label")) != NULL)
			strbuf_printf(&base, " - Label: %s", label);

		if (fd->has_iops)
			fio_names_add(rs, sys, j, strbuf_str(&base), "IOPS",
			    PROP_HIB, fd->iops);
		/* PTS reports fio's MiB/s figure under the label MB/s. */
		if (fd->has_bw)
			fio_names_add(rs, sys, j, strbuf_str(&base), "MB/s",
			    PROP_HIB, fd->bw_kib / 1024);
		if (fd->has_clat_mean) {
			strbuf_reset(&desc);
			strbuf_printf(&desc, "%s - Latency: Completion Mean",
			    strbuf_str(&base));
			fio_names_add(rs, sys, j, strbuf_str(&desc), "usec",
			    PROP_LIB, fd->clat_mean_us);
		}
		if (fd->has_clat_p99) {
			strbuf_reset(&desc);
			strbuf_printf(&desc, "%s - Latency: Completion 99th Percentile",
			    strbuf_str(&base));
			fio_names_add(rs, sys, j, strbuf_str(&desc), "usec",
			    PROP_LIB, fd->clat_p99_us);
			fio_names_hist(&rs->tests[rs->ntests - 1].values[0], fd);
		}
	}
	strbuf_free(&base);
	strbuf_free(&desc);
}

void
fio_names_title(struct result_set *rs, const struct fio_job_list *l)
{
	struct strbuf	sb;
	size_t		i, k, shown = 0;
	bool		seen;

	if (rs->title != NULL || l->len == 0)
		return;
	strbuf_init(&sb);
	strbuf_adds(&sb, "fio");
	if (l->items[0].version != NULL)
		strbuf_printf(&sb, " %s", l->items[0].version);
	for (i = 0; i < l->len; i++) {
		for (k = 0, seen = false; k < i && !seen; k++)
			seen = g_strcmp0(l->items[k].name, l->items[i].name) == 0;
		if (seen || l->items[i].name == NULL)
			continue;
		if (shown == 3) {
			strbuf_adds(&sb, " and more");
			break;
		}
		strbuf_printf(&sb, "%s%s", shown == 0 ? ": " : ", ", l->items[i].name);
		shown++;
	}
	model_set_str(&rs->title, strbuf_str(&sb));
	strbuf_free(&sb);
}

size_t
fio_names_system(struct result_set *rs, const struct read_options *opt,
    const char *host, const char *path)
{
	char	*dir = NULL, *name = NULL, *cwd = NULL;
	long	 i;
	size_t	 idx;

	if (opt != NULL && opt->system_name != NULL && *opt->system_name != '\0')
		name = xstrdup(opt->system_name);
	else if (host != NULL && *host != '\0')
		name = xstrdup(host);
	else {
		dir = g_path_get_dirname(path);
		if (strcmp(dir, ".") == 0) {
			cwd = g_get_current_dir();
			name = g_path_get_basename(cwd);
		} else
			name = g_path_get_basename(dir);
	}
	if ((i = result_set_find_system(rs, name)) >= 0)
		idx = (size_t)i;
	else
		idx = result_set_add_system(rs, name);
	g_free(dir);
	g_free(cwd);
	g_free(name);
	return idx;
}

/*
 * What makes two jobs clones of one: name, group, run, host and every
 * option in order. Each string is marked present or absent (NULL differs
 * from ""), then NUL-terminated, so no two different jobs share a key.
 */
static GBytes *
fio_names_fold_key(const struct fio_job *j)
{
	struct strbuf	sb;
	size_t		i, len;
	char		*p;

	strbuf_init(&sb);
	fio_names_key_str(&sb, j->name);
	strbuf_printf(&sb, "%ld", (long)j->groupid);
	strbuf_addc(&sb, '\0');
	strbuf_printf(&sb, "%ld", (long)j->run);
	strbuf_addc(&sb, '\0');
	fio_names_key_str(&sb, j->host);
	for (i = 0; i < j->opts.len; i++) {
		fio_names_key_str(&sb, j->opts.items[i].key);
		fio_names_key_str(&sb, j->opts.items[i].value);
	}
	len = sb.len;
	p = strbuf_detach(&sb);
	return g_bytes_new_with_free_func(p, len, free, p);
}

static void
fio_names_key_str(struct strbuf *sb, const char *s)
{
	strbuf_addc(sb, s != NULL ? '+' : '-');
	if (s != NULL)
		strbuf_adds(sb, s);
	strbuf_addc(sb, '\0');
}

static void
fio_names_fold_one(struct fio_job *dst, const struct fio_job *src)
{
	struct fio_dir		*a;
	const struct fio_dir	*b;
	size_t			 k;
	int			 d;

	for (d = 0; d < FIO_NDIR; d++) {
		a = &dst->dir[d];
		b = &src->dir[d];
		if (a->has_clat_mean && b->has_clat_mean && a->total_ios > 0 &&
		    b->total_ios > 0)
			a->clat_mean_us = (a->clat_mean_us * a->total_ios +
			    b->clat_mean_us * b->total_ios) /
			    (a->total_ios + b->total_ios);
		else
			a->has_clat_mean = false;
		if (a->has_lat_mean && b->has_lat_mean && a->total_ios > 0 &&
		    b->total_ios > 0)
			a->lat_mean_us = (a->lat_mean_us * a->total_ios +
			    b->lat_mean_us * b->total_ios) /
			    (a->total_ios + b->total_ios);
		else
			a->has_lat_mean = false;
		a->has_iops = a->has_iops && b->has_iops;
		a->iops += b->iops;
		a->has_bw = a->has_bw && b->has_bw;
		a->bw_kib += b->bw_kib;
		a->has_io = a->has_io && b->has_io;
		a->io_kib += b->io_kib;
		a->total_ios += b->total_ios;
		for (k = 0; k < b->bin_us.len && k < b->bin_count.len; k++) {
			dbl_list_add(&a->bin_us, b->bin_us.v[k]);
			dbl_list_add(&a->bin_count, b->bin_count.v[k]);
		}
	}
	dst->clones += src->clones;
}

void
fio_names_fold_clones(struct fio_job_list *l, const struct read_options *opt,
    const char *path)
{
	GHashTable	*first;
	struct fio_job	*a;
	size_t		 i, w;
	gpointer	 at;
	int		 d;
	bool		*folded;

	/*
	 * Each job's clones are the later jobs with its key: one table of
	 * the first job of each key, so the fold is linear in the jobs (a
	 * pairwise comparison was quadratic: 90 % of a 1 MiB fio text).
	 */
	first = g_hash_table_new_full(g_bytes_hash, g_bytes_equal,
	    (GDestroyNotify)g_bytes_unref, NULL);
	folded = xcalloc(l->len + 1, sizeof(*folded));
	for (i = 0; i < l->len; i++) {
		GBytes	*key;

		if (l->items[i].clones == 0)
			continue;
		key = fio_names_fold_key(&l->items[i]);
		if (g_hash_table_lookup_extended(first, key, NULL, &at)) {
			fio_names_fold_one(&l->items[GPOINTER_TO_SIZE(at)],
			    &l->items[i]);
			folded[GPOINTER_TO_SIZE(at)] = true;
			l->items[i].clones = 0;	/* folded: dropped below */
			g_bytes_unref(key);
		} else
			g_hash_table_insert(first, key, GSIZE_TO_POINTER(i));
	}
	g_hash_table_destroy(first);
	for (i = 0; i < l->len; i++) {
		a = &l->items[i];
		if (a->clones == 0)
			continue;
		/* The p99 of the summed histograms, once all are in. */
		if (folded[i])
			for (d = 0; d < FIO_NDIR; d++)
				a->dir[d].has_clat_p99 = fio_names_bins_pct(&a->dir[d],
				    99, &a->dir[d].clat_p99_us) == 0;
		if (a->clones > 1 && (kv_list_get(&a->opts, "numjobs") == NULL ||
		    strtol(kv_list_get(&a->opts, "numjobs"), NULL, 10) < a->clones)) {
			char	num[32];

			snprintf(num, sizeof(num), "%ld", a->clones);
			fio_job_set_opt(a, "numjobs", num);
		}
		if (a->clones > 1)
			format_warn(opt, path, a->line, "job \"%s\": %ld jobs reported "
			    "without group_reporting were summed%s",
			    a->name != NULL ? a->name : "", a->clones,
			    a->dir[FIO_READ].bin_us.len + a->dir[FIO_WRITE].bin_us.len +
			    a->dir[FIO_TRIM].bin_us.len > 0 ? "; 99th percentile from "
			    "their summed json+ histograms" : "; their 99th percentiles "
			    "cannot be combined and are left out");
	}
	free(folded);
	for (i = 0, w = 0; i < l->len; i++) {
		if (l->items[i].clones == 0) {
			fio_names_job_free(&l->items[i]);
			continue;
		}
		l->items[w++] = l->items[i];
	}
	l->len = w;
}

int
fio_names_finish(struct result_set *rs, const struct fio_job_list *l,
    const struct read_options *opt, const char *path, long line,
    const char *what, struct diag *d)
{
	size_t	i, sys;

	for (i = 0; i < l->len; i++) {
		sys = fio_names_system(rs, opt, l->items[i].host, path);
		fio_names_emit(rs, sys, &l->items[i]);
	}
	if (rs->ntests == 0)
		return diag_set(d, path, line, "%s: no job moved any data", what);
	model_runs_within(rs, opt, path);
	fio_names_title(rs, l);
	model_set_str(&rs->generator, "fio");
	return 0;
}
