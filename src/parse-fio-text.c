/* SPDX-License-Identifier: ISC */
/*
 * fio normal output, 2.x ("read : io=..., bw=..., iops=...") and 3.x
 * ("read: IOPS=23.9k, BW=93.2MiB/s", also in bits with unit_base=1),
 * found anywhere in a text file once text-paste.c has undone pasting:
 * logs, markdown, HTML, mail, CR-separated progress; dd output beside it
 * is read by the dd reader and added. Latencies are normalised to usec
 * whatever block unit fio chose. Several fio invocations in one file are
 * separate runs (merged later when their jobs match). Terse lines in the
 * same file are read too. It does not parse JSON (parse-fio-json.c).
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "fio-names.h"
#include "format.h"
#include "parse-dd.h"
#include "parse-fio-terse.h"
#include "parse-fio-text.h"
#include "strbuf.h"
#include "text-paste.h"
#include "text-re.h"
#include "xalloc.h"

/* Options fio shows on the "name: (g=0): rw=..." line, by job name. */
struct parse_fio_text_hdr {
	char		*name;
	long		 run;
	struct kv_list	 opts;
};

struct parse_fio_text_state {
	const char		*path;
	const struct read_options *opt;
	struct fio_job_list	*out;
	GPtrArray		*hdrs;
	GHashTable		*hdr_by;	/* "run name" -> its last header */
	GHashTable		*live;		/* "run pid groupid name" -> job index + 1 */
	size_t			 first;		/* jobs out held before this text */
	/* Matchers of the expressions (parse_fio_text_re): one match each. */
	struct text_match	*m_hdr, *m_job, *m_dir3, *m_dir2, *m_lat, *m_pct;
	struct text_match	*m_arg;
	struct kv_list		 cmdopts;	/* options of the last "fio --..." command line */
	char			*heading;	/* last markdown heading outside code fences */
	char			*line_host;	/* "<host> " prefix of the last prefixed line */
	char			*label;		/* last "Label:" line: what the text calls the runs */
	long			 open_line;	/* last job block not followed by its group's status, 0 = none */
	long			 open_group;
	char			*open_name;
	bool			 in_fence;
	char			*version;
	long			 run;
	bool			 seen_job;	/* a job block since the last version line */
	struct fio_job		*job;		/* current block, index into out */
	size_t			 jobidx;
	int			 dir;		/* -1: not in a direction (fsync...) */
	double			 pct_scale;	/* usec per unit of the percentile block */
	double			 runt_ms[FIO_NDIR];	/* the block's runtimes, 0 = not seen */
	size_t			 found;
	size_t			 interim;	/* blocks replaced by a later report */
};

static int	 parse_fio_text_detect(const char *head, size_t len);
static int	 parse_fio_text_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static void	 parse_fio_text_line(struct parse_fio_text_state *st, const char *line,
		    long lineno);
static void	 parse_fio_text_jobline(struct parse_fio_text_state *st,
		    const char *p, const char *line);
static void	 parse_fio_text_init(struct parse_fio_text_state *st);
static void	 parse_fio_text_fini(struct parse_fio_text_state *st);
static void	 parse_fio_text_hdr_free(gpointer p);
static void	 parse_fio_text_bs(const char *first, gchar **parts, size_t i,
		    struct kv_list *opts);
static void	 parse_fio_text_cmdline(struct parse_fio_text_state *st, char *args);
static size_t	 parse_fio_text_space(const char *s);
static size_t	 parse_fio_text_newline(const char *s);
static size_t	 parse_fio_text_cmd_try(const char *line, size_t len, size_t at,
		    size_t run[2], bool *known);
static const struct text_re *parse_fio_text_re(int which);
static void	 parse_fio_text_header(struct parse_fio_text_state *st,
		    const struct text_match *mi);
static void	 parse_fio_text_jobstart(struct parse_fio_text_state *st,
		    const struct text_match *mi, const char *line, long lineno);
static void	 parse_fio_text_replaced(struct parse_fio_text_state *st,
		    struct fio_job *o);
static int	 parse_fio_text_dirnum(const char *s);
static void	 parse_fio_text_group_free(char *s, const char *buf);
static double	 parse_fio_text_kib(const struct text_match *mi, int num,
		    int unit);
static double	 parse_fio_text_kib3(const struct text_match *mi, int num,
		    int unit);
static void	 parse_fio_text_dd(const struct paste_text *pt, const char *path,
		    const struct read_options *opt, struct result_set *rs);
static bool	 parse_fio_text_ws(char c);
static bool	 parse_fio_text_may_cmd(const char *line);
static void	 parse_fio_text_issued(struct parse_fio_text_state *st,
		    const char *p);
static double	 parse_fio_text_runt(const char *s);
static bool	 parse_fio_text_is_label(const char *line);
static void	 parse_fio_text_same_run(struct fio_job_list *l, size_t ntext,
		    const char *path, const struct read_options *opt);
static void	 parse_fio_text_labels(struct fio_job_list *out, size_t first);
static int	 parse_fio_text_counts(const char *p, double n[FIO_NDIR]);
static bool	 parse_fio_text_si(const char *s);

const struct reader reader_fio_text = {
	.name = "fio-text",
	.summary = "fio normal output (2.x and 3.x), also inside logs and markdown",
	.detect = parse_fio_text_detect,
	.read = parse_fio_text_read
};

static int
parse_fio_text_detect(const char *head, size_t len)
{
	bool	job, dir;

	job = strstr(head, "(groupid=") != NULL;
	dir = strstr(head, "IOPS=") != NULL || strstr(head, "iops=") != NULL;
	if (job && dir)
		return 80;
	/* A run that failed before any job finished: claim it to explain. */
	if (strstr(head, ": (g=") != NULL && strstr(head, "rw=") != NULL &&
	    (strstr(head, "\nfio-") != NULL || strstr(head, "Starting ") != NULL))
		return 50;
	return 0;
}

static void
parse_fio_text_hdr_free(gpointer p)
{
	struct parse_fio_text_hdr	*h = p;

	free(h->name);
	kv_list_free(&h->opts);
	free(h);
}

static int
parse_fio_text_dirnum(const char *s)
{
	if (strcmp(s, "read") == 0)
		return FIO_READ;
	if (strcmp(s, "write") == 0)
		return FIO_WRITE;
	if (strcmp(s, "trim") == 0)
		return FIO_TRIM;
	return -1;
}

/*
 * The expressions' \s, ASCII part (GLib matches Unicode classes: a space
 * outside ASCII is a multi-byte sequence). The tests before each
 * expression are conditions every match meets, so a line that fails
 * them is one the expression would refuse, and most lines cost a few
 * byte scans instead of a match (and the match data it allocates).
 */
static bool
parse_fio_text_ws(char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

/* re_cmd needs "fio", whitespace, then "--" and a word character. */
static bool
parse_fio_text_may_cmd(const char *line)
{
	const char	*f = strstr(line, "fio");

	return f != NULL && strstr(f + 3, "--") != NULL;
}

/* A group text_match_buf read is released (buf: the caller's). */
static void
parse_fio_text_group_free(char *s, const char *buf)
{
	if (s != buf)
		free(s);
}

/* A number and its unit word from a match, in KiB. */
static double
parse_fio_text_kib(const struct text_match *mi, int num, int unit)
{
	char	 nb[64], ub[16];
	char	*n = text_match_buf(mi, num, nb, sizeof(nb));
	char	*u = text_match_buf(mi, unit, ub, sizeof(ub));
	double	 v = strtod(n, NULL) * fio_names_unit_kib(u, strlen(u));

	parse_fio_text_group_free(n, nb);
	parse_fio_text_group_free(u, ub);
	return v;
}

/*
 * As parse_fio_text_kib, for 3.x's direction line, whose units say their
 * base: "MiB" counts in 1024s, "MB" (kb_base=1000: "BW=300MB/s
 * (286MiB/s)") in 1000s.
 */
static double
parse_fio_text_kib3(const struct text_match *mi, int num, int unit)
{
	static const char prefixes[] = "KMGT";
	char		 nb[64], ub[16];
	char		*n = text_match_buf(mi, num, nb, sizeof(nb));
	char		*u = text_match_buf(mi, unit, ub, sizeof(ub));
	const char	*c;
	double		 v;
	int		 k;

	if (u[0] != '\0' && strchr(u, 'i') == NULL &&
	    (c = strchr(prefixes, u[0] == 'k' ? 'K' : u[0])) != NULL) {
		v = strtod(n, NULL) / 1024;
		for (k = 0; k <= c - prefixes; k++)
			v *= 1000;
		if (strcmp(u + 1, "bit") == 0)
			v /= 8;
	} else
		v = strtod(n, NULL) * fio_names_unit_kib(u, strlen(u));
	parse_fio_text_group_free(n, nb);
	parse_fio_text_group_free(u, ub);
	return v;
}

/*
 * The block sizes of a run header, as a per-direction list fio itself
 * accepts ("4096B,64.0KiB,4096B"), each "min-max" shortened to one size
 * when both are equal. 3.x: "bs=(R) 4096B-4096B, (W) 64.0KiB-64.0KiB,
 * (T) ..." (the later parts are the following comma-separated items);
 * 2.x: "bs=4K-4K/64K-64K/4K-4K".
 */
static void
parse_fio_text_bs(const char *first, gchar **parts, size_t i, struct kv_list *opts)
{
	struct strbuf	 sb;
	gchar		**dirs = NULL;
	const char	*v;
	size_t		 k, n, lo;

	strbuf_init(&sb);
	if (strncmp(first, "(R) ", 4) == 0) {
		dirs = g_new0(gchar *, 4);
		dirs[0] = g_strdup(first + 4);
		for (k = 1, n = 1; n < 3 && parts[i + k] != NULL; k++)
			if (parts[i + k][0] == '(' && strlen(parts[i + k]) > 4)
				dirs[n++] = g_strdup(parts[i + k] + 4);
	} else
		dirs = g_strsplit(first, "/", 3);
	for (k = 0; dirs[k] != NULL; k++) {
		v = dirs[k];
		lo = strcspn(v, "-");
		if (k > 0)
			strbuf_addc(&sb, ',');
		if (v[lo] == '-' && strcmp(v + lo + 1, "") != 0 &&
		    (strlen(v + lo + 1) != lo || strncmp(v, v + lo + 1, lo) != 0))
			strbuf_adds(&sb, v);		/* a real range */
		else
			strbuf_add(&sb, v, lo);
	}
	kv_list_set(opts, "bs", strbuf_str(&sb));
	g_strfreev(dirs);
	strbuf_free(&sb);
}

/*
 * "seq-write: (g=0): rw=write, bs=(R) 512KiB-512KiB, (W) ..., ioengine=io_uring, iodepth=4"
 * "randread: (g=0): rw=randread, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=16"
 */
static void
parse_fio_text_header(struct parse_fio_text_state *st,
    const struct text_match *mi)
{
	struct parse_fio_text_hdr	*h;
	gchar				**parts;
	char				*name, *rest;
	size_t				 i;

	name = text_match_dup(mi, 1);
	rest = text_match_dup(mi, 3);
	h = xcalloc(1, sizeof(*h));
	h->name = name;
	h->run = st->run;
	parts = g_strsplit(rest, ", ", -1);
	for (i = 0; parts[i] != NULL; i++) {
		char *eq = strchr(parts[i], '=');

		if (eq == NULL)
			continue;
		*eq = '\0';
		if (strcmp(parts[i], "bs") == 0) {
			parse_fio_text_bs(eq + 1, parts, i, &h->opts);
			continue;		} else if (strcmp(parts[i], "rw") == 0 ||
		    strcmp(parts[i], "ioengine") == 0 ||
		    strcmp(parts[i], "iodepth") == 0)
			kv_list_set(&h->opts, parts[i], eq + 1);
	}
	g_ptr_array_add(st->hdrs, h);
	g_hash_table_insert(st->hdr_by, g_strdup_printf("%ld %s", h->run, h->name), h);
	g_strfreev(parts);
	free(rest);
}

/*
 * "$ fio --filename=x --rw=write --direct=1 --name=job": options the
 * normal output does not show (direct, numjobs, size...) for the jobs that
 * follow. Only "--key=value" and "--flag" forms are read; a job file name
 * on the line is ignored.
 */
static void
parse_fio_text_cmdline(struct parse_fio_text_state *st, char *args)
{
	char	*k, *v;
	bool	 more;

	kv_list_free(&st->cmdopts);
	for (more = text_match(st->m_arg, args); more;
	    more = text_match_next(st->m_arg)) {
		k = text_match_dup(st->m_arg, 1);
		v = text_match_dup(st->m_arg, 2);
		if (strcmp(k, "name") != 0 && strncmp(k, "output", 6) != 0)
			kv_list_set(&st->cmdopts, k, *v != '\0' ? v : "1");
		free(k);
		free(v);
	}
	free(args);
}

/*
 * The length of the character at s when it is one the expressions' \s
 * matches (text-re.c matches Unicode classes, as GRegex did: PCRE's
 * horizontal and vertical space and the Z categories), otherwise 0.
 */
static size_t
parse_fio_text_space(const char *s)
{
	const unsigned char	*u = (const unsigned char *)s;

	if (u[0] == ' ' || (u[0] >= '\t' && u[0] <= '\r'))
		return 1;
	if (u[0] < 0xc2)
		return 0;
	if (u[0] == 0xc2)
		return u[1] == 0x85 || u[1] == 0xa0 ? 2 : 0;
	if (u[0] == 0xe1)
		return (u[1] == 0x9a && u[2] == 0x80) || (u[1] == 0xa0 && u[2] == 0x8e) ?
		    3 : 0;
	if (u[0] == 0xe2)
		return (u[1] == 0x80 && ((u[2] >= 0x80 && u[2] <= 0x8a) ||
		    u[2] == 0xa8 || u[2] == 0xa9 || u[2] == 0xaf)) ||
		    (u[1] == 0x81 && u[2] == 0x9f) ? 3 : 0;
	if (u[0] == 0xe3)
		return u[1] == 0x80 && u[2] == 0x80 ? 3 : 0;
	return 0;
}

/*
 * The length of the line end at s that the expressions know (any of
 * PCRE's: "." does not match it and "$" matches before one at the end),
 * otherwise 0. CRLF is one.
 */
static size_t
parse_fio_text_newline(const char *s)
{
	const unsigned char	*u = (const unsigned char *)s;

	if (u[0] == '\r')
		return u[1] == '\n' ? 2 : 1;
	if (u[0] >= '\n' && u[0] <= '\f')
		return 1;
	if (u[0] == 0xc2 && u[1] == 0x85)
		return 2;
	if (u[0] == 0xe2 && u[1] == 0x80 && (u[2] == 0xa8 || u[2] == 0xa9))
		return 3;
	return 0;
}

/*
 * One start of "\s*(?:sudo\s+)?(?:\S*\/)?fio\s+" at line + at: the
 * offset of what follows the spaces after "fio", or 0. Only one "fio"
 * can follow a start: the one that ends the run of non-spaces there,
 * right after its start or a "/" (backtracking into the spaces or the
 * "sudo" cannot help). The last run looked at is kept (*run: its start,
 * run[1]: its end, *known): starts tried from right to left reach it
 * without a space between, and take its end instead of finding it again.
 */
static size_t
parse_fio_text_cmd_try(const char *line, size_t len, size_t at, size_t run[2],
    bool *known)
{
	size_t	q = at, e, n;

	while (q < len && (n = parse_fio_text_space(line + q)) > 0)
		q += n;
	if (strncmp(line + q, "sudo", 4) == 0 && parse_fio_text_space(line + q + 4) > 0) {
		q += 4;
		while (q < len && (n = parse_fio_text_space(line + q)) > 0)
			q += n;
	}
	if (*known && q > run[0])
		*known = false;		/* not right to left: find the end again */
	for (e = q; e < len && !(*known && e == run[0]); e++)
		if (parse_fio_text_space(line + e) > 0)
			break;
	if (*known && e == run[0] && e < len && parse_fio_text_space(line + e) == 0)
		e = run[1];
	run[0] = q;
	run[1] = e;
	*known = true;
	if (e - q < 3 || e == len || strncmp(line + e - 3, "fio", 3) != 0 ||
	    (e - 3 > q && line[e - 4] != '/'))
		return 0;
	while (e < len && (n = parse_fio_text_space(line + e)) > 0)
		e += n;
	return e;
}

/*
 * What "^(?:.*[$#>]\s*|\s*)(?:sudo\s+)?(?:\S*\/)?fio\s+(.*--\w.*)$"
 * captures on line (a "$ fio --rw=read ..." command line: the options),
 * as a new string, or NULL when it does not match. Found without the
 * expression: its backtracking costs the square of the line's length
 * (every "$" tried with every run after it), and this is linear. The
 * starts are tried in the expression's order: after the last [$#>]
 * first (before any line end: "." stops there), the line's start last.
 */
char *
parse_fio_text_cmd_args(const char *line)
{
	struct text_match *mi;
	size_t		 len = strlen(line), end, stop, i, n, g, run[2] = { 0, 0 };
	size_t		 last = 0, prev = 0, dash = 0, nls = 0, inside, to;
	bool		 any = false, known = false, more;

	/*
	 * "$" is at the end or before a line end that ends the line; "."
	 * stops at any line end, so the options must hold none, and the
	 * [$#>] must come before the first.
	 */
	stop = end = len;
	for (i = 0; i < len; i += n > 0 ? n : 1)
		if ((n = parse_fio_text_newline(line + i)) > 0) {
			if (nls++ == 0)
				stop = i;
			prev = last;
			last = i;
			if (i + n == len)
				end = i;
		}
	/* The options' last line end (if any) is below inside: none in them. */
	inside = end < len ? (nls >= 2 ? prev + 1 : 0) : (nls >= 1 ? last + 1 : 0);
	/* The last "--\w" (\w as GLib matches it): the options must reach it. */
	mi = text_match_new(parse_fio_text_re(8));
	for (more = text_match(mi, line); more; more = text_match_next(mi))
		any = text_match_pos(mi, 0, &dash, &to);
	text_match_free(mi);
	if (!any)
		return NULL;
	for (i = stop;; i--) {
		while (i > 0 && line[i - 1] != '$' && line[i - 1] != '#' &&
		    line[i - 1] != '>')
			i--;
		/* i: after a [$#>], or 0: the line's own start, tried last */
		g = parse_fio_text_cmd_try(line, len, i, run, &known);
		if (g > 0 && g < end && dash >= g && inside <= g)
			return xstrndup(line + g, end - g);
		if (i == 0)
			return NULL;
	}
}

/* o is an interim report of the job starting now: dropped, and counted. */
static void
parse_fio_text_replaced(struct parse_fio_text_state *st, struct fio_job *o)
{
	o->clones = 0;		/* dropped by fio_names_fold_clones */
	st->interim++;
	st->found--;
}

static void
parse_fio_text_jobstart(struct parse_fio_text_state *st,
    const struct text_match *mi, const char *line, long lineno)
{
	struct parse_fio_text_hdr	*h;
	struct fio_job			*j, *o;
	char				*name, *g, *n;
	gchar				*key;
	const char			*p;
	gpointer			 v;
	guint				 i;
	size_t				 k;
	long				 pid, gid;

	name = text_match_dup(mi, 1);
	g = text_match_dup(mi, 2);
	n = text_match_dup(mi, 3);
	pid = (p = strstr(line, " pid=")) != NULL ? strtol(p + 5, NULL, 10) : 0;
	gid = strtol(g, NULL, 10);
	/*
	 * --status-interval repeats a job's block, same pid, cumulative: the
	 * later block replaces the earlier. Clones have pids of their own.
	 * Of this text's jobs, only the last of a run, pid, group and name
	 * can be live (each replaces the one before): found by name, not by
	 * a scan of every job so far, which cost the square of their number.
	 */
	key = NULL;
	if (pid != 0) {
		for (k = 0; k < st->first; k++) {
			o = &st->out->items[k];
			if (o->clones != 0 && o->run == st->run && o->pid == pid &&
			    o->groupid == gid && g_strcmp0(o->name, name) == 0)
				parse_fio_text_replaced(st, o);
		}
		key = g_strdup_printf("%ld %ld %ld %s", st->run, pid, gid, name);
		if ((v = g_hash_table_lookup(st->live, key)) != NULL &&
		    (o = &st->out->items[GPOINTER_TO_SIZE(v) - 1])->clones != 0)
			parse_fio_text_replaced(st, o);
	}
	j = fio_job_add(st->out);
	if (key != NULL)
		g_hash_table_insert(st->live, key, GSIZE_TO_POINTER(st->out->len));
	j->pid = pid;
	st->jobidx = st->out->len - 1;
	j->name = xstrdup(name);
	j->groupid = gid;
	j->line = lineno;
	j->run = st->run;
	j->version = xstrdup(st->version);
	j->host = xstrdup(st->line_host != NULL ? st->line_host : st->heading);
	for (i = 0; i < st->cmdopts.len; i++)
		fio_job_set_opt(j, st->cmdopts.items[i].key, st->cmdopts.items[i].value);
	/* The options of this run's last header of the job's name. */
	key = g_strdup_printf("%ld %s", st->run, name);
	if ((h = g_hash_table_lookup(st->hdr_by, key)) != NULL)
		for (k = 0; k < h->opts.len; k++)
			fio_job_set_opt(j, h->opts.items[k].key, h->opts.items[k].value);
	g_free(key);
	/* "jobs=N" is numjobs under group_reporting, 1 per clone without. */
	fio_job_set_opt(j, "numjobs", n);
	if (st->label != NULL)
		fio_job_set_opt(j, "label", st->label);
	/* Open until "Run status group G" for its group follows. */
	st->open_line = lineno;
	st->open_group = gid;
	free(st->open_name);
	st->open_name = xstrdup(name);
	st->job = j;
	st->dir = -1;
	for (k = 0; k < FIO_NDIR; k++)
		st->runt_ms[k] = 0;
	st->seen_job = true;
	st->found++;
	free(name);
	free(g);
	free(n);
}

static void
parse_fio_text_line(struct parse_fio_text_state *st, const char *line, long lineno)
{
	const char	*p, *u, *gt;
	char		*args;
	gchar		*s;

	/* Client/server output prefixes a host's lines with "<host> ". */
	if (line[0] == '<' && (gt = strchr(line, '>')) != NULL && gt[1] == ' ' &&
	    gt - line > 1 && gt - line < 256) {
		free(st->line_host);
		st->line_host = xstrndup(line + 1, (size_t)(gt - line - 1));
		line = gt + 2;
	} else if (st->line_host != NULL) {
		free(st->line_host);
		st->line_host = NULL;
	}
	/* "hostname=h, ..., fio=fio-3.7, flags=1" names the version too. */
	if (strncmp(line, "hostname=", 9) == 0 && (u = strstr(line, ", fio=")) != NULL) {
		free(st->version);
		st->version = fio_names_version(u + 6);
		st->version[strcspn(st->version, ",")] = '\0';
	}

	p = line + strspn(line, " \t");
	if (strncmp(p, "```", 3) == 0) {
		st->in_fence = !st->in_fence;
		return;
	}
	if (!st->in_fence && line[0] == '#') {
		s = g_strstrip(xstrdup(line + strspn(line, "#")));
		if (*s != '\0') {
			free(st->heading);
			st->heading = s;
		} else
			free(s);
		return;
	}
	if (parse_fio_text_is_label(line)) {
		free(st->label);
		st->label = xstrndup(line, strlen(line) - 1);
		return;
	}
	/* Cheap tests first: each expression needs a word of its own. */
	if (parse_fio_text_may_cmd(line) && (args = parse_fio_text_cmd_args(line)) != NULL) {
		parse_fio_text_cmdline(st, args);
		return;
	}
	if (strncmp(p, "fio-", 4) == 0 && isdigit((unsigned char)p[4])) {
		if (st->seen_job) {
			st->run++;
			st->seen_job = false;
		}
		free(st->version);
		st->version = fio_names_version(p);
		st->job = NULL;
		return;
	}
	if (!parse_fio_text_ws(line[0]) && strstr(line, ": (groupid=") != NULL &&
	    strstr(line, "): err=") != NULL && text_match(st->m_job, line)) {
		/* The aggregate of a client/server run is not a host's job. */
		if (strncmp(line, "All clients:", 12) == 0) {
			/* fio prints it after every host's blocks. */
			st->open_line = 0;
			st->job = NULL;
			return;
		}
		parse_fio_text_jobstart(st, st->m_job, line, lineno);
		return;
	}
	if (!parse_fio_text_ws(line[0]) && strstr(line, ": (g=") != NULL &&
	    strstr(line, "): rw=") != NULL && text_match(st->m_hdr, line)) {
		if (st->seen_job) {
			/* A new invocation without a version line between. */
			st->run++;
			st->seen_job = false;
		}
		parse_fio_text_header(st, st->m_hdr);
		st->job = NULL;
		return;
	}
	if (strncmp(p, "Run status group", 16) == 0 &&
	    strtol(p + 16, NULL, 10) >= st->open_group)
		st->open_line = 0;
	if (st->job != NULL)
		parse_fio_text_jobline(st, p, line);
}

/*
 * A line inside the current job's block (p: line without its indent):
 * a direction's IOPS, bandwidth and I/O, its latencies and the 99th
 * percentile of completion latency, or the end of the block.
 */
static void
parse_fio_text_jobline(struct parse_fio_text_state *st, const char *p,
    const char *line)
{
	struct text_match *mi;
	struct fio_dir	*fd;
	const char	*u;
	double		 v, scale;
	char		*s, gb[64];
	/* The direction and latency lines start with \s (ASCII or not). */
	bool		 indented = parse_fio_text_ws(line[0]) ||
			    (unsigned char)line[0] >= 0x80;

	st->job = &st->out->items[st->jobidx];
	if (strncmp(p, "Run status group", 16) == 0) {
		st->job = NULL;
		return;
	}
	if (strncmp(p, "fsync/fdatasync/sync_file_range:", 32) == 0) {
		st->dir = -1;
		return;
	}
	if (indented && strstr(line, ": IOPS=") != NULL && strstr(line, ")(") != NULL &&
	    text_match(mi = st->m_dir3, line)) {
		s = text_match_buf(mi, 1, gb, sizeof(gb));
		st->dir = parse_fio_text_dirnum(s);
		parse_fio_text_group_free(s, gb);
		fd = &st->job->dir[st->dir];
		s = text_match_buf(mi, 2, gb, sizeof(gb));
		if (fio_names_number(s, &v, NULL) == 0) {
			fd->has_iops = true;
			fd->iops = v;
		}
		parse_fio_text_group_free(s, gb);
		fd->has_bw = true;
		fd->bw_kib = parse_fio_text_kib3(mi, 3, 4);
		fd->has_io = true;
		fd->io_kib = parse_fio_text_kib3(mi, 5, 6);
		/* "(2112MiB/1001msec)": the runtime after the amount. */
		if ((u = strstr(line, ")(")) != NULL && (u = strchr(u, '/')) != NULL)
			st->runt_ms[st->dir] = parse_fio_text_runt(u + 1);
		return;
	}
	if (indented && strstr(line, ": io=") != NULL && strstr(line, ", iops=") != NULL &&
	    text_match(mi = st->m_dir2, line)) {
		s = text_match_buf(mi, 1, gb, sizeof(gb));
		st->dir = parse_fio_text_dirnum(s);
		parse_fio_text_group_free(s, gb);
		fd = &st->job->dir[st->dir];
		fd->has_io = true;
		fd->io_kib = parse_fio_text_kib(mi, 2, 3);
		fd->has_bw = true;
		fd->bw_kib = parse_fio_text_kib(mi, 4, 5);
		s = text_match_buf(mi, 6, gb, sizeof(gb));
		if (fio_names_number(s, &v, NULL) == 0) {
			fd->has_iops = true;
			fd->iops = v;
		}
		parse_fio_text_group_free(s, gb);
		/* 2.x: ", runt= 10001msec". */
		if ((u = strstr(line, ", runt=")) != NULL)
			st->runt_ms[st->dir] = parse_fio_text_runt(u + 7 + strspn(u + 7, " "));
		return;
	}
	if (strncmp(p, "issued", 6) == 0 && strstr(p, "total=") != NULL) {
		parse_fio_text_issued(st, strstr(p, "total=") + 6);
		return;
	}
	if (st->dir < 0)
		return;
	fd = &st->job->dir[st->dir];
	if (indented && strstr(line, "lat (") != NULL && strstr(line, "avg=") != NULL &&
	    text_match(mi = st->m_lat, line)) {
		char kb[8], ub[8];
		char *kind = text_match_buf(mi, 1, kb, sizeof(kb));
		char *unit = text_match_buf(mi, 2, ub, sizeof(ub));
		char *avg = text_match_buf(mi, 3, gb, sizeof(gb));

		scale = fio_names_time_scale(unit, strlen(unit));
		if (scale > 0 && fio_names_number(avg, &v, NULL) == 0) {
			if (strcmp(kind, "clat") == 0) {
				fd->has_clat_mean = true;
				fd->clat_mean_us = v * scale;
			} else if (strcmp(kind, "lat") == 0) {
				fd->has_lat_mean = true;
				fd->lat_mean_us = v * scale;
			}
		}
		parse_fio_text_group_free(kind, kb);
		parse_fio_text_group_free(unit, ub);
		parse_fio_text_group_free(avg, gb);
		return;
	}
	if (indented && strstr(line, "clat percentiles (") != NULL &&
	    text_match(mi = st->m_pct, line)) {
		char *unit = text_match_buf(mi, 1, gb, sizeof(gb));

		st->pct_scale = fio_names_time_scale(unit, strlen(unit));
		parse_fio_text_group_free(unit, gb);
		return;
	}
	if (*p == '|' && st->pct_scale > 0 && (u = strstr(p, "99.00th=[")) != NULL &&
	    fio_names_number(u + 9, &v, NULL) == 0) {
		fd->has_clat_p99 = true;
		fd->clat_p99_us = v * st->pct_scale;
	}
}

/*
 * A label line: at most 60 characters, not indented, ending in its only
 * colon ("Default:", "Special block size 1M:"), and none of fio's own
 * ("Run status group 0 (all jobs):", "Disk stats (read/write):").
 */
static bool
parse_fio_text_is_label(const char *line)
{
	size_t	n = strlen(line);

	while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
		n--;
	return n >= 2 && n <= 60 && !parse_fio_text_ws(line[0]) &&
	    line[n - 1] == ':' && n == strlen(line) &&
	    strchr(line, ':') == line + n - 1 && line[0] != '<' &&
	    strncmp(line, "Run status group", 16) != 0 &&
	    strncmp(line, "Disk stats", 10) != 0 &&
	    strncmp(line, "fio", 3) != 0;
}

/*
 * Labels tell runs apart as they do for dd: when the jobs from first on
 * carry two or more different labels, each labelled job keeps its
 * "label" option (its test gets " - Label: X"); otherwise the labels
 * name nothing and are dropped.
 */
static void
parse_fio_text_labels(struct fio_job_list *out, size_t first)
{
	struct kv_list	 opts;
	const char	*a = NULL, *l;
	size_t		 i, k;
	bool		 two = false;

	for (i = first; i < out->len && !two; i++)
		if ((l = kv_list_get(&out->items[i].opts, "label")) != NULL) {
			if (a == NULL)
				a = l;
			else if (strcmp(a, l) != 0)
				two = true;
		}
	if (two || a == NULL)
		return;
	for (i = first; i < out->len; i++) {
		if (kv_list_get(&out->items[i].opts, "label") == NULL)
			continue;
		memset(&opts, 0, sizeof(opts));
		for (k = 0; k < out->items[i].opts.len; k++)
			if (strcmp(out->items[i].opts.items[k].key, "label") != 0)
				kv_list_add(&opts, out->items[i].opts.items[k].key,
				    out->items[i].opts.items[k].value);
		kv_list_free(&out->items[i].opts);
		out->items[i].opts = opts;
	}
}

/*
 * With group_reporting, a block sums its group's jobs and is named after
 * the first of them: "reader: (groupid=0, jobs=2)" holds the writer's
 * "write:" line too, which the first job's rw=randread does not cover.
 * Such a block's rw names one job only, so it is kept as the fact "rw of
 * the first job" and the type is named from the directions that moved
 * data, each direction a test of its own, with a warning.
 */
void
parse_fio_text_group(struct fio_job *j, bool any, const char *path,
    const struct read_options *opt)
{
	static const char *const names[FIO_NDIR] = { "read", "write", "trim" };
	struct kv_list	 opts = { 0 };
	const char	*rw, *nj;
	bool		 covers[FIO_NDIR], extra = false;
	size_t		 k;
	int		 d;

	/* A group: "jobs=N" over 1 in text; JSON does not say (any). */
	if ((rw = kv_list_get(&j->opts, "rw")) == NULL)
		return;
	if ((nj = kv_list_get(&j->opts, "numjobs")) == NULL || strtol(nj, NULL, 10) < 2) {
		if (!any)
			return;
		nj = "its";
	}
	covers[FIO_READ] = strstr(rw, "read") != NULL || strcmp(rw, "rw") == 0 ||
	    strncmp(rw, "randrw", 6) == 0 || strncmp(rw, "rw:", 3) == 0;
	covers[FIO_WRITE] = strstr(rw, "write") != NULL || strcmp(rw, "rw") == 0 ||
	    strncmp(rw, "randrw", 6) == 0 || strncmp(rw, "rw:", 3) == 0 ||
	    strstr(rw, "trimwrite") != NULL;
	covers[FIO_TRIM] = strstr(rw, "trim") != NULL;
	for (d = 0; d < FIO_NDIR; d++)
		if (!covers[d] && ((j->dir[d].has_io && j->dir[d].io_kib > 0) ||
		    (j->dir[d].has_iops && j->dir[d].iops > 0))) {
			extra = true;
			format_warn(opt, path, j->line, "job \"%s\" (group %ld, %s "
			    "jobs) reports %s I/O that its rw=%s does not do: a "
			    "group_reporting group holding other jobs, so its type is "
			    "named from the directions that moved data", j->name,
			    j->groupid, nj, names[d], rw);
		}
	if (!extra)
		return;
	/* A kv's value shares its key's allocation: the list is made anew. */
	for (k = 0; k < j->opts.len; k++)
		kv_list_add(&opts, strcmp(j->opts.items[k].key, "rw") == 0 ?
		    "rw of the first job" : j->opts.items[k].key, j->opts.items[k].value);
	kv_list_free(&j->opts);
	j->opts = opts;
}

/* True when size s ("65.5kB") has a unit in powers of 1000. */
static bool
parse_fio_text_si(const char *s)
{
	size_t	n = strlen(s);

	return n >= 3 && s[n - 1] == 'B' && isalpha((unsigned char)s[n - 2]) &&
	    s[n - 2] != 'i';
}

/* "1001msec" (also usec and sec) in milliseconds; 0 when it is none. */
static double
parse_fio_text_runt(const char *s)
{
	char	*e;
	double	 v = strtod(s, &e);

	if (e == s || !(v > 0) || !isfinite(v))
		return 0;
	if (strncmp(e, "msec", 4) == 0)
		return v;
	if (strncmp(e, "usec", 4) == 0)
		return v / 1000;
	if (strncmp(e, "sec", 3) == 0 || strncmp(e, "s)", 2) == 0)
		return v * 1000;
	return 0;
}

/*
 * The counts "R,W,T" (3.x, a fourth for sync is left) or "r=R/w=W/d=T"
 * (2.x) at p into n[]: how many were read, 0 when p holds none.
 */
static int
parse_fio_text_counts(const char *p, double n[FIO_NDIR])
{
	char	*e;
	int	 d;

	for (d = 0; d < FIO_NDIR; d++) {
		if (p[0] != '\0' && p[1] == '=')
			p += 2;			/* 2.x "r=", "w=", "d=" */
		n[d] = strtod(p, &e);
		if (e == p || !(n[d] >= 0) || !isfinite(n[d]))
			return d;
		p = e;
		if (*p != ',' && *p != '/')
			return d + 1;
		p++;
	}
	return d;
}

/*
 * The block's "issued rwts: total=R,W,T,S" (3.x), "issued rwt:" or
 * "issued    : total=r=R/w=W/d=T" (2.x), at p (after "total="): the
 * exact count of each direction's I/Os. Over the runtime the block
 * printed, it gives the IOPS fio rounded to three digits ("IOPS=434k"
 * for 434,347) and, with one block size for the direction, the
 * bandwidth: fio computes both so, and the exact quotient is the value.
 * A quotient further from the printed figure than its rounding allows
 * (6 %) is not the same quantity: the printed figure stays, with a
 * warning.
 */
static void
parse_fio_text_issued(struct parse_fio_text_state *st, const char *p)
{
	static const char *const names[FIO_NDIR] = { "read", "write", "trim" };
	struct fio_dir	*fd;
	const char	*bs, *sp;
	gchar		**per;
	double		 total[FIO_NDIR], shorts[FIO_NDIR], n, iops, size, bw;
	int		 d, nd;

	if (st->job == NULL || (nd = parse_fio_text_counts(p, total)) == 0)
		return;
	/* Short I/Os moved less than a block: then the bytes are not known. */
	if ((sp = strstr(p, "short=")) == NULL ||
	    parse_fio_text_counts(sp + 6, shorts) != nd)
		for (d = 0; d < FIO_NDIR; d++)
			shorts[d] = 1;
	for (d = 0; d < nd; d++) {
		n = total[d];
		fd = &st->job->dir[d];
		if (!(n > 0) || !fd->has_iops || !(st->runt_ms[d] > 0))
			continue;
		iops = n * 1000 / st->runt_ms[d];
		if (fabs(iops - fd->iops) > 0.06 * fd->iops + 1) {
			format_warn(st->opt, st->path, st->job->line, "job \"%s\": "
			    "%.0f %s I/Os in %.0f ms are %.6g IOPS, not the %.6g "
			    "printed: the printed figure is kept", st->job->name, n,
			    names[d], st->runt_ms[d], iops, fd->iops);
			continue;
		}
		fd->iops = iops;
		if (fd->total_ios == 0)
			fd->total_ios = n;
		/* Bandwidth: the I/Os times the direction's one block size. */
		if ((bs = kv_list_get(&st->job->opts, "bs")) == NULL || !fd->has_bw ||
		    shorts[d] != 0)
			continue;
		per = g_strsplit(bs, ",", 3);
		bs = per[0] == NULL ? "" : per[(guint)d < g_strv_length(per) ? d : 0];
		/* Only an exact size: kb_base=1000 prints 64 KiB as "65.5kB". */
		if (strchr(bs, '-') == NULL && fio_names_size(bs, &size) == 0 &&
		    size >= 1 && size == floor(size) && !parse_fio_text_si(bs) &&
		    g_strcmp0(kv_list_get(&st->job->opts, "kb_base"), "1000") != 0) {
			bw = iops * size / 1024;
			if (fabs(bw - fd->bw_kib) <= 0.06 * fd->bw_kib + 1)
				fd->bw_kib = bw;
		}
		g_strfreev(per);
	}
}

/*
 * The expressions, compiled once per process (compiled code is safe to
 * share between threads; each read has its own matchers): the reader
 * runs for detection's candidates and for the JSON reader's cross-check,
 * and compiling eight expressions cost more than reading a small file.
 * JIT-compiled (text-re.c): the interpreter allocated its backtracking
 * frames on every match, most of a line's cost under the sanitizers.
 */
static const struct text_re *
parse_fio_text_re(int which)
{
	static const struct text_re	*re[9];
	static gsize			 once;

	if (g_once_init_enter(&once)) {
		re[0] = text_re_new("^(\\S.*?): \\(g=(\\d+)\\): (rw=.*)$");
		re[1] = text_re_new("^(\\S.*?): \\(groupid=(\\d+), jobs=(\\d+)\\): err=");
		re[2] = text_re_new("^\\s+(read|write|trim)\\s*: IOPS=([0-9.]+[kMG]?), "
		    "BW=([0-9.]+)([KMGT]?i?(?:B|bit))/s.*?\\)\\(([0-9.]+)([KMGT]?i?B)/");
		re[3] = text_re_new("^\\s+(read|write|trim)\\s*: io=([0-9.]+)([KMGT]?B), "
		    "bw=([0-9.]+)([KMGT]?(?:B|bit))/s, iops=([0-9.]+[kMG]?)");
		re[4] = text_re_new("^\\s+(clat|lat|slat) \\((nsec|usec|msec|sec)\\)\\s*:.*"
		    "avg=\\s*([0-9.]+[kM]?)");
		re[5] = text_re_new("^\\s+clat percentiles \\((nsec|usec|msec|sec)\\)");
		re[7] = text_re_new("(?:^|\\s)--([A-Za-z_0-9]+)(?:=(\\S*))?");
		/* 6: the command line, found by parse_fio_text_cmd_args */
		re[8] = text_re_new("--\\w");
		g_once_init_leave(&once, 1);
	}
	return re[which];
}

static void
parse_fio_text_init(struct parse_fio_text_state *st)
{
	st->m_hdr = text_match_new(parse_fio_text_re(0));
	st->m_job = text_match_new(parse_fio_text_re(1));
	st->m_dir3 = text_match_new(parse_fio_text_re(2));
	st->m_dir2 = text_match_new(parse_fio_text_re(3));
	st->m_lat = text_match_new(parse_fio_text_re(4));
	st->m_pct = text_match_new(parse_fio_text_re(5));
	st->m_arg = text_match_new(parse_fio_text_re(7));
}

static void
parse_fio_text_fini(struct parse_fio_text_state *st)
{
	text_match_free(st->m_hdr);
	text_match_free(st->m_job);
	text_match_free(st->m_dir3);
	text_match_free(st->m_dir2);
	text_match_free(st->m_lat);
	text_match_free(st->m_pct);
	text_match_free(st->m_arg);
}

size_t
parse_fio_text_jobs(const char *buf, const char *path,
    const struct read_options *opt, struct fio_job_list *out)
{
	struct paste_text	pt;
	size_t			found;

	/* Pasted text (HTML, mail, Markdown, CR progress) cleaned first. */
	text_paste_read(&pt, buf, strlen(buf));
	found = parse_fio_text_lines(&pt, path, opt, out);
	text_paste_free(&pt);
	return found;
}

size_t
parse_fio_text_lines(const struct paste_text *pt, const char *path,
    const struct read_options *opt, struct fio_job_list *out)
{
	struct parse_fio_text_state	 st;
	size_t				 i;

	memset(&st, 0, sizeof(st));
	st.path = path;
	st.opt = opt;
	st.out = out;
	st.dir = -1;
	st.hdrs = g_ptr_array_new_with_free_func(parse_fio_text_hdr_free);
	st.hdr_by = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	st.live = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
	st.first = out->len;
	parse_fio_text_init(&st);
	for (i = 0; i < pt->n; i++) {
		/* A blank line only ends a host's prefixed block. */
		if (pt->lines[i].text[0] == '\0') {
			free(st.line_host);
			st.line_host = NULL;
			continue;
		}
		parse_fio_text_line(&st, pt->lines[i].text, pt->lines[i].lineno);
	}
	kv_list_free(&st.cmdopts);
	free(st.heading);
	free(st.line_host);
	g_hash_table_destroy(st.hdr_by);
	g_hash_table_destroy(st.live);
	g_ptr_array_free(st.hdrs, TRUE);
	free(st.version);
	parse_fio_text_fini(&st);
	free(st.label);
	/* fio ends every run with each group's status: a file without it was cut. */
	if (st.open_line > 0)
		format_warn(opt, path, st.open_line, "fio output cut short: job \"%s\" "
		    "(group %ld) is not followed by \"Run status group %ld\", so its "
		    "figures may be partial and the jobs after it are missing",
		    st.open_name, st.open_group, st.open_group);
	free(st.open_name);
	for (i = st.first; i < out->len; i++)
		parse_fio_text_group(&out->items[i], false, path, opt);
	parse_fio_text_labels(out, st.first);
	if (st.interim > 0)
		format_warn(opt, path, 0, "%zu interim report%s (--status-interval) "
		    "replaced by the job's last report", st.interim,
		    st.interim == 1 ? "" : "s");
	return st.found;
}

/*
 * The dd results of a file with fio output, as the dd reader reads them
 * (from the text this reader cleaned: the dd reader would clean it
 * again), appended to rs (systems matched by name), with a warning
 * saying so.
 */
static void
parse_fio_text_dd(const struct paste_text *pt, const char *path,
    const struct read_options *opt, struct result_set *rs)
{
	struct result_set	*dd = result_set_new();
	struct diag		 d;
	const struct value	*v;
	struct test		*t;
	const char		*name;
	long			 found;
	size_t			 i, k, sys;

	diag_clear(&d);
	if (parse_dd_read_text(pt, path, opt, dd, &d) == -1) {
		format_warn(opt, path, d.line, "dd output beside the fio output "
		    "not read: %s", d.msg);
		result_set_free(dd);
		return;
	}
	for (i = 0; i < dd->ntests; i++) {
		t = result_set_add_test(rs);
		test_copy_info(t, &dd->tests[i]);
		for (k = 0; k < dd->tests[i].nvalues; k++) {
			v = &dd->tests[i].values[k];
			name = dd->systems[v->system].identifier;
			sys = (found = result_set_find_system(rs, name)) >= 0 ?
			    (size_t)found : result_set_add_system(rs, name);
			value_copy(test_add_value(t, sys), v);
		}
	}
	format_warn(opt, path, 0, "the file also holds dd output: %zu dd test%s "
	    "read beside the fio results", dd->ntests, dd->ntests == 1 ? "" : "s");
	result_set_free(dd);
}

/*
 * fio --output-format=normal,terse (or both pasted together) states one
 * run twice: a terse line (from ntext on in l) whose job name and group
 * match a normal block's, with the same I/O count in every direction
 * (IOPS within 1, the terse line's integer), is that block again and is
 * dropped, with a warning. The normal block shows more (options, units).
 */
static void
parse_fio_text_same_run(struct fio_job_list *l, size_t ntext, const char *path,
    const struct read_options *opt)
{
	struct fio_job	*t, *n;
	size_t		 i, k;
	int		 dd;
	bool		 same;

	for (i = ntext; i < l->len; i++) {
		t = &l->items[i];
		for (k = 0; k < ntext; k++) {
			n = &l->items[k];
			if (n->clones == 0 || g_strcmp0(n->name, t->name) != 0 ||
			    n->groupid != t->groupid)
				continue;
			same = true;
			for (dd = 0; dd < FIO_NDIR && same; dd++) {
				double a = n->dir[dd].has_iops ? n->dir[dd].iops : 0;
				double b = t->dir[dd].has_iops ? t->dir[dd].iops : 0;

				same = fabs(a - b) <= 1 + 1e-3 * b;
			}
			if (!same)
				continue;
			format_warn(opt, path, t->line, "terse line of job \"%s\" states "
			    "the same run as the normal output at line %ld: read once, "
			    "from the normal output", t->name != NULL ? t->name : "",
			    n->line);
			t->clones = 0;		/* dropped by fio_names_fold_clones */
			break;
		}
	}
}

static int
parse_fio_text_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct fio_job_list	 jl = { 0 };
	struct paste_text	 pt = { 0 };
	char			*buf = NULL;
	const char		*err;
	size_t			 len, ntext;
	int			 rc = -1;

	if ((buf = format_slurp(path, &len, d)) == NULL)
		goto out;
	if (memchr(buf, '\0', len) != NULL) {
		diag_set(d, path, 0, "binary data (NUL bytes) in fio text output");
		goto out;
	}
	/* One cleaning of the text serves the fio, terse and dd readings. */
	text_paste_read(&pt, buf, len);
	parse_fio_text_lines(&pt, path, opt, &jl);
	ntext = jl.len;
	if (strstr(buf, ";fio") != NULL && parse_fio_terse_lines(&pt, path, opt, &jl) > 0)
		parse_fio_text_same_run(&jl, ntext, path, opt);
	if (jl.len == 0) {
		if ((err = strstr(buf, "\nfio: ")) != NULL) {
			char *m = xstrndup(err + 1, strcspn(err + 1, "\r\n"));

			diag_set(d, path, 0, "fio reported an error and no results: \"%s\"", m);
			free(m);
		} else
			diag_set(d, path, 0, "fio output without any job result "
			    "(the run failed before a job finished; see fio's stderr)");
		goto out;
	}
	fio_names_fold_clones(&jl, opt, path);
	if (fio_names_finish(rs, &jl, opt, path, jl.items[0].line, "fio output",
	    d) == -1)
		goto out;
	/* dd results beside fio output are read too, and said. */
	if (strstr(buf, "/s") != NULL && parse_dd_any(&pt))
		parse_fio_text_dd(&pt, path, opt, rs);
	rc = 0;
out:
	text_paste_free(&pt);
	fio_job_list_free(&jl);
	free(buf);
	return rc;
}
