/* SPDX-License-Identifier: ISC */
/*
 * dd summaries found anywhere in a text file, after text-paste.c has
 * undone pasting (HTML, mail quoting, Markdown, CRs): GNU coreutils in
 * every locale, read by the line's structure (count, words, sizes,
 * separators, seconds, rate), coreutils 5.x/6.x, BSD/macOS ("bytes
 * transferred in"), busybox. The bytes over the seconds on the summary
 * line are the value, in MB/s (10^6 bytes/s): dd's printed rate is
 * rounded to two or three digits. The MiB/s figure, the bytes and seconds
 * as given and dd's line as printed go beside it in the note. status=progress updates are
 * not summaries; "dd: ..." errors are reported. The "dd ..." command line
 * above a result names the test, labels (headings, "write:") tell tests
 * apart, headings followed by "Key: value" lines name systems (see
 * docs/fio-dd.md). It does not run dd.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "format.h"
#include "parse-dd.h"
#include "model-runs.h"
#include "strbuf.h"
#include "text-paste.h"
#include "text-re.h"
#include "xalloc.h"

#define DD_HEADING_MAX	60	/* longest line taken for a heading */
#define DD_KEY_MAX	40	/* longest key of a "Key: value" fact */
#define DD_REC_MEMO	4	/* records answers remembered */
#define DD_APART	2	/* rates further apart than this are no repeats */

struct parse_dd_state {
	const char		*path;
	const struct read_options *opt;
	struct result_set	*rs;
	/* Matchers of the expressions (parse_dd_init): one match each. */
	struct text_match	*m_gnu, *m_bsd, *m_rec, *m_cmd, *m_arg, *m_kv;
	struct kv_list		 cmd;		/* operands of the last dd command line */
	char			*heading;	/* candidate system name */
	bool			 heading_names;	/* parse_dd_name_like(heading) */
	bool			 heading_said;	/* its facts' warning is given */
	char			*label;		/* what the text calls the next runs */
	GPtrArray		*labels;	/* the label of each result, by test index */
	GArray			*lines;		/* the line of each result (long), by test index */
	char			*system;	/* heading that got facts: results go there */
	char			*dir_name;	/* parse_dd_dir_name's answer, or NULL */
	struct kv_list		 sysfacts;
	char			*error;		/* last "dd: ..." line not yet tied to a result */
	long			 error_line;
	long			 records;	/* records lines since the last summary */
	long			 results;
	long			 errors;
	const char		*rec_line[DD_REC_MEMO];	/* parse_dd_records' last answers */
	bool			 rec_yes[DD_REC_MEMO];
	size_t			 rec_next;
	/*
	 * parse_dd_summary's last answer; sum_gnu: m_gnu holds its GNU
	 * match, for parse_dd_summary_line.
	 */
	const char		*sum_line;
	bool			 sum_yes;
	bool			 sum_gnu;
};

static int	 parse_dd_detect(const char *head, size_t len);
static int	 parse_dd_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static double	 parse_dd_num(const char *s);
static void	 parse_dd_result(struct parse_dd_state *st, long lineno, const char *bytes,
		    const char *secs, const char *rate, const char *variant,
		    const char *as_given);
static bool	 parse_dd_rate(const char *rate, bool binary, double *mbs,
		    char **text);
static char	*parse_dd_shift(const char *num, int e);
static void	 parse_dd_line(struct parse_dd_state *st, const char *prev, const char *line,
		    const char *next, long lineno, bool progress);
static bool	 parse_dd_summary_line(struct parse_dd_state *st, const char *line,
		    long lineno, bool progress);
static bool	 parse_dd_busybox(const struct text_match *mi, const char *line,
		    const char *r);
static char	*parse_dd_note(double mibs, const char *bytes, const char *secs,
		    const char *given, size_t glen, const char *error);
static void	 parse_dd_describe(const struct kv_list *cmd, const char *bytes,
		    struct strbuf *sb);
static const char *parse_dd_kind(const char *file);
static const char *parse_dd_dir_name(struct parse_dd_state *st);
static size_t	 parse_dd_system(struct parse_dd_state *st);
static bool	 parse_dd_blank(const char *s);
static bool	 parse_dd_summary(struct parse_dd_state *st, const char *line);
static bool	 parse_dd_rate_last(const char *line);
static void	 parse_dd_forget(struct parse_dd_state *st, const char *line);
static bool	 parse_dd_records(struct parse_dd_state *st, const char *line);
static void	 parse_dd_set_label(struct parse_dd_state *st, const char *text);
static bool	 parse_dd_label_like(struct parse_dd_state *st, const char *s);
static void	 parse_dd_labels(struct parse_dd_state *st);
static void	 parse_dd_apart(struct parse_dd_state *st);
static bool	 parse_dd_name_like(const char *s);
static void	 parse_dd_init(struct parse_dd_state *st);
static void	 parse_dd_fini(struct parse_dd_state *st);

const struct reader reader_dd = {
	.name = "dd",
	.summary = "dd output (GNU, BSD/macOS, busybox), also inside other text",
	.detect = parse_dd_detect,
	.read = parse_dd_read
};

/*
 * The GNU summary by its structure, in any locale: a byte count (after at
 * most two words: Ukrainian "скопійовано N ..."), words, the sizes in
 * parentheses (left out below 1000 bytes), words, a separator (",", or
 * the full-width "，" of Chinese), the seconds with either decimal mark
 * and their unit ("s"; "seconds" in coreutils 6 and busybox), a
 * separator, the rate ending in "B/s". Words are bounded, so a match
 * costs at most a few hundred steps per line.
 */
#define DD_SEP		"\\s*(?:,|\xef\xbc\x8c)\\s*"
#define DD_RE_GNU	"^\\s*(?:[^\\d\\s]\\S{0,40}\\s+){0,2}(\\d+)\\s+[^\\d\\s(,][^(,\\d]{0,60}?" \
			"(?:\\(([^()]{0,60})\\)[^,\\d]{0,60}?)?" DD_SEP \
			"([0-9]+(?:[.,][0-9]+)?(?:e[-+]?[0-9]+)?) ?(\\S{1,12}?)" DD_SEP \
			"([0-9.,]+ ?\\S{0,3}/s|\\S{1,12} \\S{0,3}/s)\\s*$"
/* BSD/macOS "secs", coreutils 5.x "seconds": "N bytes transferred in T ... (R bytes/sec)". */
#define DD_RE_BSD	"^\\s*(\\d+) bytes transferred in ([0-9]+(?:[.,][0-9]+)?) (secs|seconds) " \
			"\\((\\d+) bytes/sec\\)"
/* "N+M records in" in any locale: "4+0 zapisa primljeno", "输入了 4+0 块记录". */
#define DD_RE_REC	"^\\s*(?:\\S{1,20}\\s+)?(\\d+)\\+(\\d+)(?:\\s+\\S{1,30}){1,3}\\s*$"

/*
 * The expressions are compiled once per process (compiled code is safe
 * to share between threads; each read has its own matchers): a reader
 * called for every detection must not pay their compilation each time.
 */
static void
parse_dd_init(struct parse_dd_state *st)
{
	static const struct text_re	*re[6];
	static gsize			 once;

	if (g_once_init_enter(&once)) {
		re[0] = text_re_new(DD_RE_GNU);
		re[1] = text_re_new(DD_RE_BSD);
		re[2] = text_re_new(DD_RE_REC);
		re[3] = text_re_new("(?:^|[\\s\"'`$#>;(])dd((?:\\s+[a-z]+=[^\\s\"'&;|)]+)+)");
		re[4] = text_re_new("([a-z]+)=([^\\s\"'&;|)]+)");
		re[5] = text_re_new("^\\s*([A-Z][A-Za-z0-9 ()/_.-]{0,39}):\\s+(\\S.*?)\\s*$");
		g_once_init_leave(&once, 1);
	}
	st->m_gnu = text_match_new(re[0]);
	st->m_bsd = text_match_new(re[1]);
	st->m_rec = text_match_new(re[2]);
	st->m_cmd = text_match_new(re[3]);
	st->m_arg = text_match_new(re[4]);
	st->m_kv = text_match_new(re[5]);
	st->labels = g_ptr_array_new_with_free_func(g_free);
	st->lines = g_array_new(FALSE, FALSE, sizeof(long));
}

static void
parse_dd_fini(struct parse_dd_state *st)
{
	kv_list_free(&st->cmd);
	kv_list_free(&st->sysfacts);
	free(st->heading);
	free(st->label);
	if (st->labels != NULL)
		g_ptr_array_free(st->labels, TRUE);
	if (st->lines != NULL)
		g_array_free(st->lines, TRUE);
	free(st->system);
	g_free(st->dir_name);
	text_match_free(st->m_gnu);
	text_match_free(st->m_bsd);
	text_match_free(st->m_rec);
	text_match_free(st->m_cmd);
	text_match_free(st->m_arg);
	text_match_free(st->m_kv);
	free(st->error);
}

static int
parse_dd_detect(const char *head, size_t len)
{
	struct parse_dd_state	 st;
	struct paste_text	 pt;
	const char		*line;
	size_t			 i;
	int			 sums = 0, recs = 0, errs = 0;

	/* Nothing dd prints: no need to clean the text. */
	if (strstr(head, "/s") == NULL && strstr(head, "records") == NULL &&
	    strstr(head, "dd: ") == NULL && strstr(head, "+0 ") == NULL &&
	    strstr(head, "+1 ") == NULL)
		return 0;
	memset(&st, 0, sizeof(st));
	parse_dd_init(&st);
	text_paste_read(&pt, head, len);
	/* One summary decides: the lines after it cannot change the score. */
	for (i = 0; i < pt.n && sums == 0; i++) {
		line = pt.lines[i].text;
		if (parse_dd_summary(&st, line))
			sums++;
		else if (parse_dd_records(&st, line))
			recs++;
		else if (strncmp(line + strspn(line, " \t"), "dd: ", 4) == 0)
			errs++;
	}
	text_paste_free(&pt);
	parse_dd_fini(&st);
	if (sums > 0)
		return 60;
	/* Records or errors alone: claimed, to be refused with the reason. */
	if (recs >= 2 || errs > 0)
		return 35;
	return 0;
}

bool
parse_dd_any(const struct paste_text *pt)
{
	struct parse_dd_state	 st;
	size_t			 i;
	bool			 yes = false;

	memset(&st, 0, sizeof(st));
	parse_dd_init(&st);
	for (i = 0; i < pt->n && !yes; i++)
		yes = parse_dd_summary(&st, pt->lines[i].text);
	parse_dd_fini(&st);
	return yes;
}

/*
 * Is the last "/s" of line followed by white space only? Only ASCII white
 * space and bytes of other characters are let through: the expressions'
 * \s takes Unicode's spaces too.
 */
static bool
parse_dd_rate_last(const char *line)
{
	const char	*p, *last = NULL;

	for (p = line; (p = strstr(p, "/s")) != NULL; p += 2)
		last = p;
	if (last == NULL)
		return false;
	for (p = last + 2; *p != '\0'; p++)
		if ((unsigned char)*p < 0x80 && strchr(" \t\n\v\f\r", *p) == NULL)
			return false;
	return true;
}

/*
 * True when line is a GNU, busybox or BSD summary. A line is asked about
 * more than once (as a line and as the one before the next): the last
 * answer is kept, with the GNU match, which parse_dd_line takes.
 */
static bool
parse_dd_summary(struct parse_dd_state *st, const char *line)
{
	if (line == st->sum_line)
		return st->sum_yes;
	parse_dd_forget(st, st->sum_line);
	st->sum_line = line;
	/*
	 * Most lines need no expression: a GNU summary ends in its rate, a
	 * BSD one holds its sentence (fio's lines hold "/s" everywhere).
	 */
	st->sum_gnu = parse_dd_rate_last(line) && text_match(st->m_gnu, line);
	st->sum_yes = st->sum_gnu ||
	    (strstr(line, " bytes transferred in ") != NULL &&
	    text_match(st->m_bsd, line));
	return st->sum_yes;
}

/* line is about to be freed: no answer about it may be kept. */
static void
parse_dd_forget(struct parse_dd_state *st, const char *line)
{
	if (line == NULL || line != st->sum_line)
		return;
	st->sum_gnu = false;
	st->sum_line = NULL;
}

/*
 * "N+M records in": a '+' first. A line is asked about up to three times
 * (as the line, the next and the previous one): the last answers are kept.
 */
static bool
parse_dd_records(struct parse_dd_state *st, const char *line)
{
	size_t	i;
	bool	yes;

	if (line == NULL || strchr(line, '+') == NULL)
		return false;
	for (i = 0; i < DD_REC_MEMO; i++)
		if (st->rec_line[i] == line)
			return st->rec_yes[i];
	yes = text_match(st->m_rec, line);
	st->rec_line[st->rec_next] = line;
	st->rec_yes[st->rec_next] = yes;
	st->rec_next = (st->rec_next + 1) % DD_REC_MEMO;
	return yes;
}

/* A number in the C or a comma-decimal locale: "0,000108001". */
static double
parse_dd_num(const char *s)
{
	char	 small[64], *c, *q;
	size_t	 n = strlen(s);
	double	 v;

	/* A result's numbers are short: no allocation for them. */
	c = n < sizeof(small) ? memcpy(small, s, n + 1) : xstrdup(s);
	for (q = c; *q != '\0'; q++)
		if (*q == ',')
			*q = '.';
	v = g_ascii_strtod(c, NULL);
	if (c != small)
		free(c);
	return v;
}

static bool
parse_dd_blank(const char *s)
{
	return s == NULL || s[strspn(s, " \t")] == '\0';
}

static const char *
parse_dd_kind(const char *file)
{
	if (strcmp(file, "/dev/zero") == 0 || strcmp(file, "/dev/null") == 0 ||
	    strcmp(file, "/dev/urandom") == 0 || strcmp(file, "/dev/random") == 0)
		return file;
	if (strncmp(file, "/dev/", 5) == 0)
		return "Device";
	return "File";
}

/* PTS style: "Block Size: 1M - Count: 16 - Input: /dev/zero - Output: File - oflag: direct". */
static void
parse_dd_describe(const struct kv_list *cmd, const char *bytes, struct strbuf *sb)
{
	static const char *const flags[] = { "iflag", "oflag", "conv", "status", NULL };
	const char	*v;
	size_t		 i;

	if (cmd->len == 0) {
		strbuf_adds(sb, "Size: ");
		strbuf_adds(sb, bytes);
		strbuf_adds(sb, " bytes");
		return;
	}
	if ((v = kv_list_get(cmd, "bs")) != NULL)
		strbuf_printf(sb, "Block Size: %s", v);
	else {
		if ((v = kv_list_get(cmd, "ibs")) != NULL)
			strbuf_printf(sb, "Input Block Size: %s", v);
		if ((v = kv_list_get(cmd, "obs")) != NULL)
			strbuf_printf(sb, "%sOutput Block Size: %s", sb->len ? " - " : "", v);
	}
	if ((v = kv_list_get(cmd, "count")) != NULL)
		strbuf_printf(sb, "%sCount: %s", sb->len ? " - " : "", v);
	else
		strbuf_printf(sb, "%sSize: %s bytes", sb->len ? " - " : "", bytes);
	strbuf_printf(sb, " - Input: %s", (v = kv_list_get(cmd, "if")) != NULL ?
	    parse_dd_kind(v) : "stdin");
	strbuf_printf(sb, " - Output: %s", (v = kv_list_get(cmd, "of")) != NULL ?
	    parse_dd_kind(v) : "stdout");
	for (i = 0; flags[i] != NULL; i++)
		if ((v = kv_list_get(cmd, flags[i])) != NULL &&
		    strcmp(flags[i], "status") != 0)
			strbuf_printf(sb, " - %s: %s", flags[i], v);
}

/*
 * The name the file's directory gives ("." is the current directory's),
 * found once per read: it costs system calls, and a file can hold
 * thousands of results.
 */
static const char *
parse_dd_dir_name(struct parse_dd_state *st)
{
	char	*dir, *cwd;

	if (st->dir_name != NULL)
		return st->dir_name;
	dir = g_path_get_dirname(st->path);
	if (strcmp(dir, ".") == 0) {
		cwd = g_get_current_dir();
		st->dir_name = g_path_get_basename(cwd);
		g_free(cwd);
	} else
		st->dir_name = g_path_get_basename(dir);
	g_free(dir);
	return st->dir_name;
}

/* The system of the next result: --system, a heading with facts, the directory. */
static size_t
parse_dd_system(struct parse_dd_state *st)
{
	const char	*name;
	long		 found;
	size_t		 i, idx;

	if (st->opt != NULL && st->opt->system_name != NULL && *st->opt->system_name)
		name = st->opt->system_name;
	else if (st->system != NULL)
		name = st->system;
	else
		name = parse_dd_dir_name(st);
	if ((found = result_set_find_system(st->rs, name)) >= 0)
		idx = (size_t)found;
	else {
		idx = result_set_add_system(st->rs, name);
		if (st->system != NULL && strcmp(name, st->system) == 0)
			for (i = 0; i < st->sysfacts.len; i++) {
				kv_list_add(&st->rs->systems[idx].fields,
				    st->sysfacts.items[i].key,
				    st->sysfacts.items[i].value);
				/* The drive's model is what a disk review calls the disk. */
				if (strcmp(st->sysfacts.items[i].key, "Model Number") == 0 &&
				    kv_list_get(&st->rs->systems[idx].fields, "Disk") == NULL)
					kv_list_add(&st->rs->systems[idx].fields, "Disk",
					    st->sysfacts.items[i].value);
			}
	}
	return idx;
}

/*
 * dd's printed rate ("19,0 GB/s", "2.0MB/s", "536870912 B/s") in MB/s.
 * GNU and BSD scale by 1000; busybox (binary) by 1024. *text is the
 * number as printed when it already is in MB/s, so it keeps dd's
 * precision, else NULL. False when the rate is not one dd prints
 * ("Infinity B/s" after a zero-second copy).
 */
static bool
parse_dd_rate(const char *rate, bool binary, double *mbs, char **text)
{
	static const char	 prefixes[] = "kMGTPE";
	const char		*p, *q;
	char			*num, *c, small[64];
	double			 v, base = binary ? 1024.0 : 1000.0, scale = 1;
	int			 power = 0, i;
	bool			 ok = false;

	*text = NULL;
	for (p = rate; isdigit((unsigned char)*p) || *p == '.' || *p == ','; p++)
		;
	if (p == rate)
		return false;
	/* The number is short: no allocation for it. */
	if ((size_t)(p - rate) < sizeof(small)) {
		memcpy(small, rate, (size_t)(p - rate));
		small[p - rate] = '\0';
		num = small;
	} else
		num = xstrndup(rate, (size_t)(p - rate));
	v = parse_dd_num(num);
	q = p + (*p == ' ');
	/* busybox writes "KB/s", GNU "kB/s". */
	if (*q != '\0' && (c = strchr(prefixes, *q == 'K' ? 'k' : *q)) != NULL) {
		power = (int)(c - prefixes) + 1;
		q++;
	}
	if (strcmp(q, "B/s") == 0 && isfinite(v)) {
		for (i = 0; i < power; i++)
			scale *= base;
		*mbs = v * scale / 1e6;
		/* SI prefixes move the decimal point: the text keeps dd's digits. */
		if (!binary) {
			*text = parse_dd_shift(num, 3 * power - 6);
			/* The value is the printed figure, not a product's rounding. */
			*mbs = g_ascii_strtod(*text, NULL);
		}
		ok = true;
	}
	if (num != small)
		free(num);
	return ok;
}

/*
 * The decimal number num ("41,7", "536870912") times 10^e, as text with
 * the same significant digits ("0.0417", "536.870912"). num is digits
 * with at most one '.' or ','.
 */
static char *
parse_dd_shift(const char *num, int e)
{
	struct strbuf	 sb;
	char		 digits[64];
	size_t		 nd = 0, i;
	long		 point = -1, at;	/* digits before the decimal point */

	for (; *num != '\0' && nd < sizeof(digits) - 1; num++) {
		if (*num == '.' || *num == ',')
			point = (long)nd;
		else
			digits[nd++] = *num;
	}
	if (point < 0)
		point = (long)nd;
	at = point + e;
	/* Leading zeros of the integer part carry no digit. */
	i = 0;
	while (i + 1 < nd && (long)i + 1 < at && digits[i] == '0')
		i++;
	strbuf_init(&sb);
	if (at <= (long)i) {
		strbuf_adds(&sb, "0.");
		for (; at < (long)i; at++)
			strbuf_addc(&sb, '0');
		for (; i < nd; i++)
			strbuf_addc(&sb, digits[i]);
		return strbuf_detach(&sb);
	}
	for (; (long)i < at; i++)
		strbuf_addc(&sb, i < nd ? digits[i] : '0');
	if (i < nd) {
		strbuf_addc(&sb, '.');
		for (; i < nd; i++)
			strbuf_addc(&sb, digits[i]);
	}
	return strbuf_detach(&sb);
}

static void
parse_dd_result(struct parse_dd_state *st, long lineno, const char *bytes,
    const char *secs, const char *rate, const char *variant,
    const char *as_given)
{
	struct strbuf	 desc;
	struct test	*t;
	struct value	*v;
	double		 b, s, mbs;
	char		*text = NULL;
	size_t		 sys, i, glen;

	b = g_ascii_strtod(bytes, NULL);
	s = parse_dd_num(secs);
	/*
	 * "dd: error writing ...: No space left on device" then "0 bytes
	 * copied": the copy failed, it measured nothing. The error stays, so
	 * a file of failures only is refused with it.
	 */
	if (b == 0 && st->error != NULL) {
		format_warn(st->opt, st->path, lineno, "dd copied nothing after an "
		    "error (\"%s\", line %ld): a failed copy, no result", st->error,
		    st->error_line);
		st->records = 0;
		return;
	}
	if (!(s > 0) || !isfinite(b)) {
		format_warn(st->opt, st->path, lineno, "dd summary with %s seconds: "
		    "no rate can be computed; skipped", secs);
		return;
	}
	/*
	 * The exact quotient is the value: dd rounds its printed rate to two
	 * digits below 10 of a unit. The printed rate stays in the note's
	 * copy of the line, so value_text is not set.
	 */
	if (parse_dd_rate(rate, strcmp(variant, "busybox") == 0, &mbs, &text))
		free(text);
	text = NULL;
	mbs = b / s / 1e6;
	sys = parse_dd_system(st);
	strbuf_init(&desc);
	parse_dd_describe(&st->cmd, bytes, &desc);
	/* One copy is one measurement: one test, in the unit dd prints. */
	t = result_set_add_test(st->rs);
	model_set_str(&t->identifier, "");
	model_set_str(&t->title, "dd");
	model_set_str(&t->app_version, "");
	model_set_str(&t->arguments, strbuf_str(&desc));
	model_set_str(&t->description, strbuf_str(&desc));
	model_set_str(&t->unit, "MB/s");
	t->proportion = PROP_HIB;
	model_set_str(&t->proportion_raw, "HIB");
	t->display = DISPLAY_BAR;
	model_set_str(&t->display_raw, "BAR_GRAPH");
	kv_list_add(&t->facts, "dd variant", variant);
	g_ptr_array_add(st->labels, st->label != NULL ? g_strdup(st->label) : NULL);
	g_array_append_val(st->lines, lineno);
	for (i = 0; i < st->cmd.len; i++)
		kv_list_add(&t->facts, st->cmd.items[i].key, st->cmd.items[i].value);
	v = test_add_value(t, sys);
	v->has_mean = true;
	v->mean = mbs;
	v->value_text = text;
	dbl_list_add(&v->runs, v->mean);
	v->n = 1;
	/* The line as given, without the white space around it. */
	while (g_ascii_isspace(*as_given))
		as_given++;
	glen = strlen(as_given);
	while (glen > 0 && g_ascii_isspace(as_given[glen - 1]))
		glen--;
	v->note = parse_dd_note(b / s / 1048576.0, bytes, secs, as_given, glen,
	    st->error);
	if (st->error != NULL) {
		format_warn(st->opt, st->path, lineno, "dd result follows an error "
		    "(\"%s\", line %ld): the copy was partial", st->error, st->error_line);
		free(st->error);
		st->error = NULL;
	}
	strbuf_free(&desc);
	st->results++;
	st->records = 0;
}

/*
 * A value's note: "N MiB/s: B bytes in S s (dd: "the line")", and the
 * error that made the copy partial. Joined by hand rather than by one
 * vsnprintf, which took a fifth of the time of a page of summaries.
 */
static char *
parse_dd_note(double mibs, const char *bytes, const char *secs,
    const char *given, size_t glen, const char *error)
{
	struct strbuf	 sb;
	char		 num[32];

	(void)snprintf(num, sizeof(num), "%.4g", mibs);
	strbuf_init(&sb);
	strbuf_adds(&sb, num);
	strbuf_adds(&sb, " MiB/s: ");
	strbuf_adds(&sb, bytes);
	strbuf_adds(&sb, " bytes in ");
	strbuf_adds(&sb, secs);
	strbuf_adds(&sb, " s (dd: \"");
	strbuf_add(&sb, given, glen);
	strbuf_adds(&sb, "\")");
	if (error != NULL) {
		strbuf_adds(&sb, "; partial copy: ");
		strbuf_adds(&sb, error);
	}
	return strbuf_detach(&sb);
}

/*
 * Is a GNU-shaped summary (mi: DD_RE_GNU's match of line) busybox's? Its
 * sizes (group 2) have no space ("(1.0MB)"); without sizes, its seconds'
 * unit (group 4) is "seconds" and the rate (r) has no space. coreutils
 * 6.x also wrote "seconds", but "(1.0 MB)" and "302 MB/s".
 */
static bool
parse_dd_busybox(const struct text_match *mi, const char *line, const char *r)
{
	size_t	bs, be, us, ue;

	if (!text_match_pos(mi, 2, &bs, &be))
		bs = be = 0;
	if (!text_match_pos(mi, 4, &us, &ue))
		us = ue = 0;
	if (be > bs)
		return memchr(line + bs, ' ', be - bs) == NULL;
	return ue - us == 7 && strncmp(line + us, "seconds", 7) == 0 &&
	    strchr(r, ' ') == NULL;
}

/*
 * A GNU, busybox or BSD summary: one result, unless it is a status=progress
 * update. False when line is no summary.
 */
static bool
parse_dd_summary_line(struct parse_dd_state *st, const char *line, long lineno,
    bool progress)
{
	const struct text_match *mi;
	char		*a, *b, *c, *dd, *r;
	const char	*p = line + strspn(line, " \t");

	if (!parse_dd_summary(st, line))
		return false;
	if (st->sum_gnu) {
		/* The GNU match parse_dd_summary made: taken, not made again. */
		mi = st->m_gnu;
		st->sum_gnu = false;
		st->sum_line = NULL;
		/* status=progress: CR-separated updates are not the summary. */
		if (progress)
			return true;
		a = text_match_dup(mi, 1);
		c = text_match_dup(mi, 3);
		r = text_match_dup(mi, 5);
		b = dd = NULL;
		/*
		 * busybox: "(1.0MB)" without a space; coreutils 6.x also
		 * wrote "seconds", but "(1.0 MB)" and "302 MB/s".
		 */
		parse_dd_result(st, lineno, a, c, r, parse_dd_busybox(mi, line, r) ?
		    "busybox" : "GNU", p);
	} else {
		/* Not GNU: BSD's, which parse_dd_summary matched. */
		if (!text_match(st->m_bsd, line))
			return false;
		mi = st->m_bsd;
		a = text_match_dup(mi, 1);
		c = text_match_dup(mi, 2);
		dd = text_match_dup(mi, 3);
		b = text_match_dup(mi, 4);
		r = xasprintf("%s B/s", b);
		/* coreutils 5.x wrote BSD's sentence with "seconds". */
		parse_dd_result(st, lineno, a, c, r, strcmp(dd, "secs") == 0 ? "BSD" :
		    "GNU", p);
	}
	free(a);
	free(b);
	free(c);
	free(dd);
	free(r);
	return true;
}

static void
parse_dd_line(struct parse_dd_state *st, const char *prev, const char *line,
    const char *next, long lineno, bool progress)
{
	char		*a = NULL, *b = NULL;
	const char	*p = line + strspn(line, " \t");

	/*
	 * "Running DD WRITE test..." right above a summary (a script that
	 * keeps only dd's last line) names it, as above "records in".
	 */
	if (!progress && st->records == 0 && parse_dd_label_like(st, prev) &&
	    parse_dd_summary(st, line))
		parse_dd_set_label(st, prev);
	if (parse_dd_summary_line(st, line, lineno, progress))
		return;
	if (parse_dd_records(st, line)) {
		/* "read test" right above a run's output names it. */
		if (st->records == 0 && parse_dd_label_like(st, prev))
			parse_dd_set_label(st, prev);
		st->records++;
		return;
	}
	/* "dd: warning: partial read ...": worth saying, not a failure. */
	if (strncmp(p, "dd: warning: ", 13) == 0) {
		format_warn(st->opt, st->path, lineno, "%s", p);
		return;
	}
	if (strncmp(p, "dd: ", 4) == 0) {
		free(st->error);
		st->error = g_strstrip(xstrdup(p));
		st->error_line = lineno;
		st->errors++;
		return;
	}
	if (strstr(line, "dd") != NULL && text_match(st->m_cmd, line)) {
		char	*args = text_match_dup(st->m_cmd, 1), *k, *v;
		bool	 more;

		kv_list_free(&st->cmd);
		if (parse_dd_label_like(st, prev))
			parse_dd_set_label(st, prev);
		for (more = text_match(st->m_arg, args); more;
		    more = text_match_next(st->m_arg)) {
			k = text_match_dup(st->m_arg, 1);
			v = text_match_dup(st->m_arg, 2);
			kv_list_set(&st->cmd, k, v);
			free(k);
			free(v);
		}
		free(args);
		return;
	}
	/* "Label: value", a capital first (after white space, maybe not ASCII's). */
	if (strchr(line, ':') != NULL && ((unsigned char)*p >= 0x80 ||
	    (*p >= 'A' && *p <= 'Z') || (*p != '\0' && strchr("\n\v\f\r", *p) != NULL)) &&
	    text_match(st->m_kv, line)) {
		a = text_match_dup(st->m_kv, 1);
		b = text_match_dup(st->m_kv, 2);
		if (st->heading != NULL && st->heading_names) {
			g_strstrip(a);
			/* The heading now has facts: it names the next results. */
			if (st->system == NULL || strcmp(st->system, st->heading) != 0) {
				model_set_str(&st->system, st->heading);
				kv_list_free(&st->sysfacts);
			}
			/* A heading with facts is a system, not a label. */
			if (g_strcmp0(st->label, st->heading) == 0) {
				free(st->label);
				st->label = NULL;
			}
			kv_list_add(&st->sysfacts, a, b);
		} else if (st->heading != NULL && !st->heading_said) {
			format_warn(st->opt, st->path, lineno, "\"Key: value\" lines "
			    "after \"%s\", which names no system (a status or a "
			    "lone word), are not read as a system's facts", st->heading);
			st->heading_said = true;
		}
		goto out;
	}
	/*
	 * A heading: a short line alone between blank lines, markdown "#",
	 * wiki "== X ==". It names a system if facts follow, else it labels
	 * the runs below it.
	 */
	if (*p != '\0' && strlen(p) <= DD_HEADING_MAX && strchr(p, ':') == NULL &&
	    ((parse_dd_blank(prev) && parse_dd_blank(next)) || *p == '#' ||
	    (*p == '=' && p[strlen(p) - 1] == '=' && p[strspn(p, "= ")] != '\0'))) {
		free(st->heading);
		st->heading = g_strstrip(xstrdup(p + strspn(p, "#=")));
		st->heading[strcspn(st->heading, "=")] = '\0';
		g_strstrip(st->heading);
		st->heading_names = parse_dd_name_like(st->heading);
		st->heading_said = false;
		parse_dd_set_label(st, st->heading);
		return;
	}
	/* "write:", "Test results:": a short line ending in a colon. */
	if (*p != '\0' && strlen(p) <= DD_HEADING_MAX && p[strlen(p) - 1] == ':' &&
	    strchr(p, ':') == p + strlen(p) - 1)
		parse_dd_set_label(st, p);
	return;
out:
	free(a);
	free(b);
}

/*
 * Whether a heading can name a system: not a status ("Skipping speed
 * test", "Running DD WRITE test...": a first word ending in "ing", or
 * "..." at the end) and not one lowercase word standing between two
 * blocks ("or", "and", "vs").
 */
static bool
parse_dd_name_like(const char *s)
{
	size_t	w = strcspn(s, " \t"), n = strlen(s);

	if (w >= 4 && g_ascii_strncasecmp(s + w - 3, "ing", 3) == 0)
		return false;
	if (n >= 3 && strcmp(s + n - 3, "...") == 0)
		return false;
	if (w == n && w <= 4 && g_ascii_islower(s[0]))
		return false;
	return true;
}

/* The label of the next runs: text without markup ("**", "__"), colon and "...". */
static void
parse_dd_set_label(struct parse_dd_state *st, const char *text)
{
	char	*l = g_strstrip(xstrdup(text + strspn(text, " \t*_#")));
	size_t	 n = strlen(l);

	while (n > 0 && (l[n - 1] == ':' || l[n - 1] == '*' || l[n - 1] == '_' ||
	    l[n - 1] == ' ' || l[n - 1] == '.'))
		l[--n] = '\0';
	free(st->label);
	st->label = NULL;
	if (n > 0)
		st->label = l;
	else
		free(l);
}

/*
 * A line that can name the run below it: short text with a letter, no
 * operand ("="), no prompt, nothing dd prints itself.
 */
static bool
parse_dd_label_like(struct parse_dd_state *st, const char *s)
{
	const char	*c;
	size_t		 n;

	if (s == NULL)
		return false;
	s += strspn(s, " \t");
	n = strlen(s);
	if (n == 0 || n > 40 || strchr(s, '=') != NULL || *s == '$' || *s == '#' ||
	    *s == '`' || s[n - 1] == '$' || s[n - 1] == '#' || s[n - 1] == '>' ||
	    strncmp(s, "dd", 2) == 0 || parse_dd_summary(st, s) ||
	    parse_dd_records(st, s))
		return false;
	if ((c = strchr(s, ':')) != NULL && c != s + n - 1)
		return false;
	for (c = s; *c != '\0'; c++)
		if (isalpha((unsigned char)*c))
			return true;
	return false;
}

/*
 * Labels make tests: when the runs carry two or more different labels,
 * each labelled run's test gets " - Label: X" and a "label" fact, so
 * runs with different labels stay apart and runs with the same label
 * (or none) are repeats. One label for everything names nothing.
 */
static void
parse_dd_labels(struct parse_dd_state *st)
{
	const char	*first = NULL, *l;
	struct test	*t;
	char		*desc;
	bool		 several = false;
	size_t		 i;

	for (i = 0; i < st->labels->len; i++)
		if ((l = g_ptr_array_index(st->labels, i)) != NULL) {
			if (first == NULL)
				first = l;
			else if (strcmp(first, l) != 0)
				several = true;
		}
	if (!several)
		return;
	for (i = 0; i < st->labels->len && i < st->rs->ntests; i++) {
		if ((l = g_ptr_array_index(st->labels, i)) == NULL)
			continue;
		t = &st->rs->tests[i];
		desc = xasprintf("%s - Label: %s", t->description, l);
		model_set_str(&t->description, desc);
		model_set_str(&t->arguments, desc);
		kv_list_add(&t->facts, "label", l);
		free(desc);
	}
}

/*
 * Runs with nothing saying they are repeats (no dd command line, no
 * label: the test is "Size: N bytes") are repeats only when their rates
 * are alike: a write at 216 MB/s and a read at 81.3 MB/s of the same size
 * are two things, and their mean is a figure no line states. Where such
 * runs of one system and size are more than DD_APART times apart, each
 * stays a test of its own (" - Run: k", k in file order) with a warning.
 */
static void
parse_dd_apart(struct parse_dd_state *st)
{
	struct test	*t, *u;
	char		*desc, num[16];
	double		 lo, hi;
	size_t		 i, j, k, n;
	long		 lo_line = 0, hi_line = 0;

	for (i = 0; i < st->rs->ntests; i++) {
		t = &st->rs->tests[i];
		if (strncmp(t->description, "Size: ", 6) != 0 ||
		    kv_list_get(&t->facts, "label") != NULL ||
		    kv_list_get(&t->facts, "run") != NULL)
			continue;
		lo = hi = t->values[0].mean;
		n = 1;
		for (j = i + 1; j < st->rs->ntests; j++) {
			u = &st->rs->tests[j];
			if (strcmp(u->description, t->description) != 0 ||
			    u->values[0].system != t->values[0].system ||
			    kv_list_get(&u->facts, "label") != NULL)
				continue;
			n++;
			if (u->values[0].mean < lo) {
				lo = u->values[0].mean;
				lo_line = g_array_index(st->lines, long, j);
			}
			if (u->values[0].mean > hi) {
				hi = u->values[0].mean;
				hi_line = g_array_index(st->lines, long, j);
			}
		}
		if (n < 2 || !(hi > DD_APART * lo))
			continue;
		if (lo == t->values[0].mean)
			lo_line = g_array_index(st->lines, long, i);
		if (hi == t->values[0].mean)
			hi_line = g_array_index(st->lines, long, i);
		format_warn(st->opt, st->path, g_array_index(st->lines, long, i),
		    "%zu dd runs of %s with no command or label saying they are "
		    "repeats are %.3g times apart (%.4g MB/s, line %ld; %.4g MB/s, "
		    "line %ld): kept as separate tests, not one mean", n,
		    t->description, hi / lo, lo, lo_line, hi, hi_line);
		desc = xstrdup(t->description);
		for (j = i, k = 1; j < st->rs->ntests; j++) {
			u = &st->rs->tests[j];
			if (strcmp(u->description, desc) != 0 ||
			    u->values[0].system != t->values[0].system ||
			    kv_list_get(&u->facts, "label") != NULL)
				continue;
			(void)snprintf(num, sizeof(num), "%zu", k++);
			kv_list_add(&u->facts, "run", num);
			model_set_str(&u->description, NULL);
			u->description = xasprintf("%s - Run: %s", desc, num);
			model_set_str(&u->arguments, u->description);
		}
		free(desc);
	}
}

static int
parse_dd_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct paste_text	 pt = { 0 };
	char			*buf = NULL;
	size_t			 len;
	int			 rc = -1;

	if ((buf = format_slurp(path, &len, d)) == NULL)
		goto out;
	if (memchr(buf, '\0', len) != NULL) {
		diag_set(d, path, 0, "binary data (NUL bytes): not dd output");
		goto out;
	}
	text_paste_read(&pt, buf, len);
	rc = parse_dd_read_text(&pt, path, opt, rs, d);
out:
	text_paste_free(&pt);
	free(buf);
	return rc;
}

int
parse_dd_read_text(const struct paste_text *pt, const char *path,
    const struct read_options *opt, struct result_set *rs, struct diag *d)
{
	struct parse_dd_state	 st;
	char			*joined;
	const char		*prev, *next, *line;
	size_t			 i, k;
	bool			 progress;
	int			 rc = -1;

	memset(&st, 0, sizeof(st));
	st.path = path;
	st.opt = opt;
	st.rs = rs;
	parse_dd_init(&st);
	for (i = 0; i < pt->n; i++) {
		line = pt->lines[i].text;
		if (*line == '\0')
			continue;	/* a blank line matches nothing */
		prev = i > 0 ? pt->lines[i - 1].text : NULL;
		next = i + 1 < pt->n ? pt->lines[i + 1].text : NULL;
		/*
		 * A progress update: a line a CR overwrote, or a summary right
		 * before "records in" with no "records out" above it (an
		 * update pasted without its CR).
		 */
		progress = (pt->lines[i].flags & PASTE_OVERWRITTEN) != 0 ||
		    (st.records == 0 && parse_dd_records(&st, next));
		/* A summary a mail client or editor wrapped onto two lines. */
		if (next != NULL && (strstr(next, "/s") != NULL ||
		    strstr(next, "/sec") != NULL) && !parse_dd_summary(&st, line) &&
		    !parse_dd_records(&st, line)) {
			k = strlen(line);
			while (k > 0 && line[k - 1] == ' ')
				k--;
			joined = xasprintf("%.*s %s", (int)k, line,
			    next + strspn(next, " "));
			if (parse_dd_summary(&st, joined)) {
				i++;
				next = i + 1 < pt->n ? pt->lines[i + 1].text : NULL;
				parse_dd_line(&st, prev, joined, next,
				    pt->lines[i - 1].lineno, false);
				parse_dd_forget(&st, joined);
				free(joined);
				continue;
			}
			parse_dd_forget(&st, joined);
			free(joined);
		}
		parse_dd_line(&st, prev, line, next, pt->lines[i].lineno, progress);
	}
	if (st.results == 0) {
		if (st.error != NULL)
			diag_set(d, path, st.error_line, "dd failed: \"%s\"", st.error);
		else if (st.records > 0)
			diag_set(d, path, 0, "dd output has \"records in/out\" lines "
			    "but no summary with bytes and seconds (busybox prints "
			    "none): nothing to measure");
		else
			diag_set(d, path, 0, "no dd summary line found");
		goto out;
	}
	if (st.error != NULL)
		format_warn(opt, path, st.error_line, "dd error without a result "
		    "after it: \"%s\"", st.error);
	parse_dd_labels(&st);
	parse_dd_apart(&st);
	model_runs_within(rs, opt, path);
	model_set_str(&rs->generator, "dd");
	if (rs->title == NULL) {
		char *title = xasprintf("dd: %ld result%s", st.results,
		    st.results == 1 ? "" : "s");

		model_set_str(&rs->title, title);
		free(title);
	}
	rc = 0;
out:
	parse_dd_fini(&st);
	return rc;
}
