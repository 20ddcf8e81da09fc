/* SPDX-License-Identifier: ISC */
/*
 * Reader for OpenBenchmarking "HTML result view" exports flattened to text
 * (one paragraph per block, every SVG's labels joined with no separator).
 * It finds the frame (title, export line, systems table, overview, chart
 * sections, trailer), cuts each chart line, settles the system names with
 * the evidence the document offers (ob-split, ob-fields), narrows the value
 * readings (ob-check) and builds the set; what stays ambiguous is imported
 * without a value and with a warning, or refused under --strict.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "ob-check.h"
#include "ob-fields.h"
#include "ob-multiway.h"
#include "ob-segment.h"
#include "ob-shapes.h"
#include "ob-split.h"
#include "strbuf.h"
#include "xalloc.h"

#define OB_MAX_SOLS	32
#define OB_MAX_SECTIONS	64

static const char *const parse_ob_text_sections[] = {
	"Environment", "Processor", "Graphics", "Compiler", "Security",
	"Network", "Kernel", "OpenCL", "System", "Python", "Java", "Disk",
	"Vulkan", "Memory", NULL
};

/* The table's Disk and Processor cells, and how many splits agreed. */
struct parse_ob_text_cells {
	struct ob_fields_row	 row, proc;
	size_t			 nagree;
};

static int	parse_ob_text_detect(const char *head, size_t len);
static int	parse_ob_text_load(struct tdoc *t);
static int	parse_ob_text_head(struct tdoc *t);
static int	parse_ob_text_sections_find(struct tdoc *t, size_t first,
		    size_t last);
static int	parse_ob_text_chart(struct tdoc *t, struct tchart *c);
static const char *parse_ob_text_labels_end(const char *s,
		    struct str_list *out);
static int	parse_ob_text_table_names(struct tdoc *t, const char *table,
		    const char *rest, const char *overview);
static void	parse_ob_text_hard_names(const char *notes, const char *t,
		    struct str_list *out);
static bool	parse_ob_text_agree(const struct ob_names *cand, void *ctx);
static void	parse_ob_text_describe(struct strbuf *sb,
		    const struct ob_names *n);
static void	parse_ob_text_pinned(struct strbuf *sb, const char *t,
		    const struct ob_names *sols, size_t n);
static int	parse_ob_text_stated(struct tdoc *t,
		    const struct str_list *given);
static int	parse_ob_text_names(struct tdoc *t, const char *cells,
		    const char *notes);
static int	parse_ob_text_fields(struct tdoc *t,
		    const struct str_list *labels, const char *lab,
		    const char *rest, const char *run);
static void	parse_ob_text_notes(struct tdoc *t, const char *notes);
static int	parse_ob_text_place(struct tdoc *t, struct tchart *c);
static int	parse_ob_text_values(struct tdoc *t, const char *ovv);
static void	parse_ob_text_bars(struct tdoc *t, struct tchart *c,
		    struct test *test);
static void	parse_ob_text_build(struct tdoc *t);
static void	parse_ob_text_profiles(struct tdoc *t, const char *ov,
		    const char *e);
static void	parse_ob_text_free(struct tdoc *t);
static int	parse_ob_text_read(const char *path,
		    const struct read_options *opt, struct result_set *rs,
		    struct diag *d);

static int
parse_ob_text_detect(const char *head, size_t len)
{
	(void)len;
	if (strstr(head, "<html") != NULL || strstr(head, "<svg") != NULL)
		return 0;
	if (strstr(head, "\n" OB_EXPORT_LINE "http") != NULL &&
	    strstr(head, OB_WATERMARK) != NULL)
		return 95;
	if (strstr(head, OB_EXPORT_LINE) != NULL)
		return 60;
	return 0;
}

/*
 * The document as paragraphs, split at blank lines, each with its first
 * line: no NUL bytes, CRLF taken as a line end, trailing blanks dropped, a
 * paragraph that repeats the one before it read once (with a warning).
 */
static int
parse_ob_text_load(struct tdoc *t)
{
	char	*buf, *s, *e, *w;
	size_t	 len, n, cap = 0;
	long	 line = 1;

	if ((buf = format_slurp(t->path, &len, t->d)) == NULL)
		return -1;
	if (memchr(buf, '\0', len) != NULL) {
		free(buf);
		return diag_set(t->d, t->path, 0, "binary data (NUL byte) in a text export");
	}
	/* Copies through mail or Windows: CRLF is a line end too. */
	for (s = w = buf; *s != '\0'; s++)
		if (*s != '\r' || s[1] != '\n')
			*w++ = *s;
	*w = '\0';
	for (s = buf;; s = e) {
		for (; *s == '\n' || *s == '\r'; s++)
			line += *s == '\n';
		if (*s == '\0')
			break;
		if ((e = strstr(s, "\n\n")) == NULL)
			e = s + strlen(s);
		for (n = (size_t)(e - s); n > 0 && isspace((unsigned char)s[n - 1]);)
			n--;
		/* A doubled paragraph is a copying accident. */
		if (t->np > 0 && strncmp(t->p[t->np - 1].s, s, n) == 0 &&
		    t->p[t->np - 1].s[n] == '\0')
			format_warn(t->opt, t->path, line,
			    "paragraph repeats the one before it; read once");
		else {
			xgrow(&t->p, &cap, t->np + 1, sizeof(*t->p));
			t->p[t->np].s = xstrndup(s, n);
			t->p[t->np++].line = line;
		}
		for (; s < e; s++)
			line += *s == '\n';
	}
	free(buf);
	return 0;
}

/*
 * Title, description, the export line's URL, the systems table and
 * overview lines and the trailer: the frame every export has. Sets
 * t->iexport; -1 with t->d set when one is missing.
 */
static int
parse_ob_text_head(struct tdoc *t)
{
	struct result_set	*rs = t->rs;
	struct strbuf		 sb;
	char			*url;
	size_t			 i, j, ul, last;

	for (i = 0; i < t->np && strncmp(t->p[i].s, OB_EXPORT_LINE,
	    strlen(OB_EXPORT_LINE)) != 0; i++)
		;
	if (i == t->np || i == 0)
		return diag_set(t->d, t->path, 1, "no \"%s\" line after a title",
		    OB_EXPORT_LINE);
	t->iexport = i;
	model_set_str(&rs->title, t->p[0].s);
	strbuf_init(&sb);
	for (j = 1; j < i; j++)
		strbuf_printf(&sb, "%s%s", j > 1 ? "\n\n" : "", t->p[j].s);
	if (i > 1)
		model_set_str(&rs->description, strbuf_str(&sb));
	strbuf_free(&sb);
	url = xstrdup(t->p[i].s + strlen(OB_EXPORT_LINE));
	if ((ul = strlen(url)) > 0 && url[ul - 1] == '.')
		url[ul - 1] = '\0';
	if (ob_segment_url(rs, url) != 0)
		format_warn(t->opt, t->path, t->p[i].line,
		    "export URL has no OpenBenchmarking result ID");
	free(url);
	last = t->np - 1;
	if (strncmp(t->p[last].s, OB_TRAILER, strlen(OB_TRAILER)) != 0)
		return diag_set(t->d, t->path, t->p[last].line, "no \"Phoronix Test "
		    "Suite vX.Y.Z\" trailer at the end: the document looks truncated");
	model_set_str(&rs->generator, t->p[last].s);
	if (t->iexport + 3 > last)
		return diag_set(t->d, t->path, t->p[last].line,
		    "no systems table, overview or charts");
	if (strstr(t->p[i + 1].s, OB_WATERMARK) == NULL)
		return diag_set(t->d, t->path, t->p[i + 1].line,
		    "systems table line has no OpenBenchmarking.org mark");
	if (strncmp(t->p[i + 2].s, OB_WATERMARK, strlen(OB_WATERMARK)) == 0)
		return diag_set(t->d, t->path, t->p[i + 2].line,
		    "no overview line after the systems table");
	return 0;
}

/*
 * Find the chart sections: title, arguments, chart line (or title and
 * chart line when the arguments are empty), then the paragraphs up to the
 * next title. Each chart's heading (unit, direction, title, version,
 * arguments) is read here; c->rest is what follows it.
 */
static int
parse_ob_text_sections_find(struct tdoc *t, size_t first, size_t last)
{
	size_t		 i, start = first, cap = 0;
	struct tchart	*c;
	const char	*h, *after;

	for (i = first; i < last; i++) {
		if (strncmp(t->p[i].s, OB_WATERMARK, strlen(OB_WATERMARK)) != 0)
			continue;
		if (i == start)
			return diag_set(t->d, t->path, t->p[i].line,
			    "chart line without a title paragraph before it");
		xgrow(&t->c, &cap, t->nc + 1, sizeof(*t->c));
		c = memset(&t->c[t->nc++], 0, sizeof(*c));
		c->chart_p = &t->p[i];
		h = ob_segment_head(t->p[i].s + strlen(OB_WATERMARK), &c->unit,
		    &c->prop);
		if (h == NULL)
			return diag_set(t->d, t->path, t->p[i].line, "chart line "
			    "without \"More Is Better\" / \"Fewer Is Better\"");
		c->version = i >= start + 2 ? ob_segment_version(h,
		    t->p[i - 2].s, t->p[i - 1].s, &after) : NULL;
		if (c->version != NULL &&
		    strncmp(after, t->p[i - 1].s, strlen(t->p[i - 1].s)) == 0) {
			c->title_p = &t->p[i - 2];
			c->args = t->p[i - 1].s;
		} else {
			free(c->version);
			c->title_p = &t->p[i - 1];
			c->args = "";
			c->version = ob_segment_version(h, c->title_p->s, "",
			    &after);
		}
		if (c->version == NULL)
			return diag_set(t->d, t->path, t->p[i].line, "chart line does "
			    "not repeat the title and arguments paragraphs before it");
		c->title = c->title_p->s;
		c->rest = after + strlen(c->args);
		if (t->nc > 1) {
			t->c[t->nc - 2].ex_lo = start;
			t->c[t->nc - 2].ex_hi = (size_t)(c->title_p - t->p);
		} else if ((size_t)(c->title_p - t->p) != first)
			return diag_set(t->d, t->path, t->p[first].line,
			    "unexpected paragraph before the first chart");
		start = i + 1;
	}
	if (t->nc == 0)
		return diag_set(t->d, t->path, t->p[first < t->np ? first : 0].line,
		    "no chart found");
	t->c[t->nc - 1].ex_lo = start;
	t->c[t->nc - 1].ex_hi = last;
	return 0;
}

/*
 * Cut one chart line after its heading: the candidate names runs before
 * each axis ticks option, the SE strings, the value run, the row notes and
 * the footnotes.
 */
static int
parse_ob_text_chart(struct tdoc *t, struct tchart *c)
{
	const char	*r = c->rest, *q, *n, *next, *fn;
	char		*one;
	size_t		 pos, vlen;
	int		 bad;

	/* A multi-way layout's were searched with its runs (ob-multiway). */
	if (c->nticks == 0)
		c->nticks = ob_split_ticks(r, c->tstart, c->tend, c->tlast,
		    OB_MAX_TICKS, &t->left);
	if (t->left == 0)
		return ob_check_spent(t, c->chart_p->line, "chart", c->title);
	if (c->nticks == 0)
		return diag_set(t->d, t->path, c->chart_p->line, "chart \"%s\": no "
		    "axis ticks found (unsupported chart type or cut line)", c->title);
	/* The first option names the run; the names decide later. */
	for (pos = c->tend[0]; strncmp(r + pos, "SE +/- ", 7) == 0; c->nse++) {
		if ((n = strstr(r + pos, ", N = ")) == NULL)
			return diag_set(t->d, t->path, c->chart_p->line,
			    "chart \"%s\": SE string without N", c->title);
		/* The last N is glued to the values: only its SE is read. */
		next = strstr(n, "SE +/- ");
		one = xstrndup(r + pos, (size_t)((next ? next : n) - (r + pos)));
		c->se = xreallocarray(c->se, c->nse + 1, sizeof(*c->se));
		c->se[c->nse].n = 0;
		if (next != NULL)
			bad = ob_segment_se(one, &c->se[c->nse].se, &c->se[c->nse].n);
		else if ((bad = !ob_segment_is_number(one + 7, strlen(one + 7))) == 0)
			c->se[c->nse].se = xstrdup(one + 7);
		free(one);
		if (bad)
			return diag_set(t->d, t->path, c->chart_p->line,
			    "chart \"%s\": malformed SE string", c->title);
		pos = next != NULL ? (size_t)(next - r) : (size_t)(n - r) + 6;
	}
	q = r + pos;
	vlen = strspn(q, "0123456789.");
	/* The footnote number is glued to the last value or note. */
	if ((fn = strstr(q, "1. (")) == NULL && (fn = strstr(q, "1. ")) != NULL &&
	    fn < q + (vlen > 2 ? vlen - 2 : 0))
		fn = NULL;
	if (fn != NULL && fn < q + vlen)
		vlen = (size_t)(fn - q);
	if (vlen == 0)
		return diag_set(t->d, t->path, c->chart_p->line,
		    "chart \"%s\": no values after the %s", c->title,
		    c->nse ? "SE strings" : "axis ticks");
	c->vrun = xstrndup(q, vlen);
	c->notes = fn == NULL ? xstrdup(q + vlen) :
	    xstrndup(q + vlen, (size_t)(fn - (q + vlen)));
	c->foot = fn == NULL ? NULL : xstrdup(fn);
	/* Values with decimals show their number by their dots. */
	c->count = strchr(c->vrun, '.') == NULL ? -1 : 0;
	for (q = c->vrun; c->count >= 0 && *q != '\0'; q++)
		c->count += *q == '.';
	c->names_run = xstrndup(r, c->tstart[0]);
	return 0;
}

/* The field labels at s into out; returns where the names run starts. */
static const char *
parse_ob_text_labels_end(const char *s, struct str_list *out)
{
	size_t	l;
	char	*one;

	for (; (l = ob_shapes_label(s)) > 0; s += l) {
		str_list_add(out, one = xstrndup(s, l));
		free(one);
	}
	return s;
}

/*
 * The table-order names run T: the longest chart names run when the table
 * line holds it; else the text after the title and the field labels (at
 * rest) with the same bytes in some order, which the overview repeats.
 */
static int
parse_ob_text_table_names(struct tdoc *t, const char *table, const char *rest,
    const char *overview)
{
	const char	*longest = "";
	size_t		 i, ll, cnt[256] = { 0 };

	for (i = 0; i < t->nc; i++)
		if (strlen(t->c[i].names_run) > strlen(longest))
			longest = t->c[i].names_run;
	if ((ll = strlen(longest)) > 0 && strstr(table, longest) != NULL) {
		t->names_t = xstrdup(longest);
		return 0;
	}
	if (strlen(rest) >= ll) {
		for (i = 0; i < ll; i++) {
			cnt[(unsigned char)rest[i]]++;
			cnt[(unsigned char)longest[i]]--;
		}
		for (i = 0; i < 256 && cnt[i] == 0; i++)
			;
		t->names_t = xstrndup(rest, ll);
		if (i == 256 && strstr(overview, t->names_t) != NULL)
			return 0;
		free(t->names_t);
		t->names_t = NULL;
	}
	return diag_set(t->d, t->path, t->p[t->iexport + 1].line,
	    "cannot locate the system names in the systems table line");
}

/* Names stated by notes ("- NAME, NAME: ...") that occur in T. */
static void
parse_ob_text_hard_names(const char *notes, const char *t,
    struct str_list *out)
{
	const char	*p;
	char		*list, *c, *tok, *save;

	for (p = strstr(notes, "- "); p != NULL; p = strstr(p + 1, "- ")) {
		/* A list of names is short: its ": " is looked for no further. */
		list = xstrndup(p + 2, strnlen(p + 2, 130));
		if ((c = strstr(list, ": ")) != NULL && c > list) {
			*c = '\0';
			for (save = NULL, tok = strtok_r(list, ",", &save);
			    tok != NULL; tok = strtok_r(NULL, ",", &save)) {
				tok += strspn(tok, " ");
				if (*tok != '\0' && strstr(t, tok) != NULL)
					str_list_add(out, tok);
			}
		}
		free(list);
	}
}

static bool
parse_ob_text_agree(const struct ob_names *cand, void *ctx)
{
	struct parse_ob_text_cells	*c = ctx;

	if (!ob_fields_agree(&c->row, cand) && !ob_fields_agree(&c->proc, cand))
		return false;
	c->nagree++;
	return true;
}

static void
parse_ob_text_describe(struct strbuf *sb, const struct ob_names *n)
{
	size_t	i;

	strbuf_adds(sb, "[");
	for (i = 0; i < n->len; i++)
		strbuf_printf(sb, "%s%s", i ? " | " : "", n->name[i]);
	strbuf_adds(sb, "]");
}

/*
 * Say which boundaries every candidate split shares (pinned) and which
 * blocks between them could not be cut: "pinned: [A] [B C D] [E]".
 */
static void
parse_ob_text_pinned(struct strbuf *sb, const char *t,
    const struct ob_names *sols, size_t n)
{
	size_t	 tl = strlen(t), i, j, pos, start = 0;
	size_t	*cnt = xcalloc(tl + 1, sizeof(*cnt));

	for (i = 0; i < n; i++)
		for (j = 0, pos = 0; j + 1 < sols[i].len; j++)
			cnt[pos += strlen(sols[i].name[j])]++;
	strbuf_adds(sb, "; pinned blocks:");
	for (pos = 1; pos <= tl; pos++)
		if (pos == tl || cnt[pos] == n) {
			strbuf_printf(sb, " [%.*s]", (int)(pos - start), t + start);
			start = pos;
		}
	free(cnt);
}

/* The names given (--systems, or a multi-way layout): they must tile T. */
static int
parse_ob_text_stated(struct tdoc *t, const struct str_list *given)
{
	struct ob_names	 user = { given->items, given->len };
	size_t		*order, cnt, i;
	int		 rc = 0, tiles;

	order = xcalloc(given->len + 1, sizeof(*order));
	tiles = ob_split_tile(t->names_t, &user, order, &cnt, &t->left);
	if (t->left == 0)
		rc = ob_check_spent(t, t->p[t->iexport + 1].line,
		    "the system names", t->names_t);
	else if (tiles == 0 || cnt != given->len)
		rc = diag_set(t->d, t->path, t->p[t->iexport + 1].line,
		    "the names given with --systems do not make up the systems "
		    "table's names \"%s\"", t->names_t);
	else {
		t->names.len = cnt;
		t->names.name = xcalloc(cnt, sizeof(char *));
		for (i = 0; i < cnt; i++)
			t->names.name[i] = xstrdup(given->items[order[i]]);
	}
	free(order);
	return rc;
}

/*
 * The system names: the one partition of T the evidence leaves (charts,
 * notes, the table's Disk or Processor cells), else the one at word joins
 * with a warning; refused when that too is not one.
 */
static int
parse_ob_text_names(struct tdoc *t, const char *cells_run, const char *notes)
{
	struct ob_name_problem		 np = { .t = t->names_t,
					    .nruns = t->nc, .min_names = 1,
					    .left = &t->left };
	struct str_list			 hard = { 0 };
	struct ob_names			 sols[OB_MAX_SOLS] = { 0 };
	struct parse_ob_text_cells	 cells = { 0 };
	struct strbuf			 sb;
	size_t				 n, i, nall = 0;
	long				*counts;
	const char			*also;
	bool				 strict = t->opt != NULL && t->opt->strict;
	int				 rc = 0;

	parse_ob_text_hard_names(notes, t->names_t, &hard);
	np.hard = (const char **)hard.items;
	np.nhard = hard.len;
	np.runs = xcalloc(t->nc + 1, sizeof(char *));
	np.counts = counts = xcalloc(t->nc + 1, sizeof(long));
	for (i = 0; i < t->nc; i++) {
		np.runs[i] = t->c[i].names_run;
		counts[i] = t->c[i].count;
		/* A chart naming every system has an SE string for each. */
		if (strlen(t->c[i].names_run) == strlen(t->names_t) &&
		    t->c[i].nse > np.min_names)
			np.min_names = t->c[i].nse;
	}
	if (cells_run != NULL) {
		ob_fields_disk_row(cells_run, &cells.row);
		ob_fields_proc_row(cells_run, &cells.proc);
		np.agree = parse_ob_text_agree;
		np.agree_ctx = &cells;
	}
	n = ob_split_names(&np, sols, OB_MAX_SOLS, &nall);
	if (t->left == 0) {
		rc = ob_check_spent(t, t->p[t->iexport + 1].line,
		    "the system names", t->names_t);
		goto out;
	}
	also = cells.nagree > 1 ? " and the table's Disk or Processor cells" : "";
	if (n == 1 && !strict && nall > 1 && cells.nagree != 1)
		format_warn(t->opt, t->path, t->p[t->iexport + 1].line,
		    "system names taken from word boundaries: %zu other splits "
		    "of \"%s\" fit every chart%s; state the names with --systems "
		    "if these are wrong", nall - 1, t->names_t, also);
	if (n == 1 && (!strict || nall == 1 || cells.nagree == 1)) {
		t->names = sols[0];
		goto out;
	}
	strbuf_init(&sb);
	if (n == 1) {
		strbuf_printf(&sb, "system names not pinned (strict): %zu splits of "
		    "\"%s\" fit every chart%s, the one at word boundaries is ",
		    nall, t->names_t, also);
		parse_ob_text_describe(&sb, &sols[0]);
	} else if (n == 0)
		strbuf_printf(&sb, "system names not pinned: no split of \"%s\" "
		    "at word joins is consistent with every chart", t->names_t);
	else {
		strbuf_printf(&sb, "system names are ambiguous: \"%s\" splits %s%zu"
		    " ways consistent with every chart and note, equally at word "
		    "boundaries", t->names_t, n > OB_MAX_SOLS ? "more than " : "",
		    n > OB_MAX_SOLS ? (size_t)OB_MAX_SOLS : n);
		if (cells.row.len == 0 && cells.proc.len <= 1)
			strbuf_adds(&sb, " (the systems table has no Disk or "
			    "Processor cells to compare)");
		else
			strbuf_printf(&sb, " (%s of them agree%s with the systems "
			    "table's Disk or Processor cells)", cells.nagree == 0 ?
			    "none" : "all", cells.nagree == 0 ? "s" : "");
		if (n <= OB_MAX_SOLS)
			parse_ob_text_pinned(&sb, t->names_t, sols, n);
		for (i = 0; i < n && i < 2 && sols[i].len > 0; i++) {
			strbuf_adds(&sb, i > 0 ? " or " : ", e.g. ");
			parse_ob_text_describe(&sb, &sols[i]);
		}
	}
	if (n != 1)
		strbuf_adds(&sb, "; state them with --systems \"NAME1;NAME2;...\"");
	rc = diag_set(t->d, t->path, t->p[t->iexport + 1].line, "%s",
	    strbuf_str(&sb));
	strbuf_free(&sb);
out:
	/* On success sols[0] is t->names. */
	for (i = rc == 0; i < OB_MAX_SOLS; i++)
		ob_names_free(&sols[i]);
	ob_fields_row_free(&cells.row);
	ob_fields_row_free(&cells.proc);
	free((void *)np.runs);
	free(counts);
	str_list_free(&hard);
	return rc;
}

/*
 * The systems table's labels (from lab to rest) and cells (run, NULL when
 * the table line has none), kept in extra for the record (spanning cells
 * are printed once), and given to systems where every reading of the cells
 * run agrees (ob-fields); say how many fields the text leaves open.
 * Returns -1 when the cells spend the document's steps.
 */
static int
parse_ob_text_fields(struct tdoc *t, const struct str_list *labels,
    const char *lab, const char *rest, const char *run)
{
	struct ob_fields f;
	struct ob_fields_evidence ev = { NULL, NULL };
	struct ob_fields_row row;
	const char	*v, *open_label = NULL;
	char		*one;
	size_t		 ns = t->rs->nsystems, i, j, open = 0, open_sys = 0;
	bool		*own, agree;

	if (rest > lab) {
		one = xstrndup(lab, (size_t)(rest - lab));
		kv_list_add(&t->rs->extra, "ob-table-labels", one);
		free(one);
	}
	if (run != NULL)
		kv_list_add(&t->rs->extra, "ob-table-cells", run);
	/* The labels must lead straight to the names run. */
	if (run == NULL || labels->len == 0 ||
	    strncmp(rest, t->names_t, strlen(t->names_t)) != 0)
		return 0;
	/*
	 * Names that state their drives pin the Disk cells; they, or a single
	 * drive beside an array ("Single", "RAID0"), never share a Disk cell.
	 */
	ob_fields_disk_row(run, &row);
	agree = ob_fields_agree(&row, &t->names);
	ob_fields_row_free(&row);
	own = xcalloc(ns + 1, sizeof(*own));
	for (i = 1; i < ns && i < t->names.len; i++) {
		enum ob_shape_setup a = ob_shapes_setup(t->names.name[i - 1]);
		enum ob_shape_setup b = ob_shapes_setup(t->names.name[i]);

		own[i] = agree || (a != OBS_SETUP_UNKNOWN &&
		    b != OBS_SETUP_UNKNOWN && a != b);
	}
	ev.names = agree ? &t->names : NULL;
	ev.own_disk = own;
	ob_fields_split(run, (const char *const *)labels->items, labels->len, ns,
	    &ev, &f, &t->left);
	free(own);
	if (t->left == 0) {
		ob_fields_free(&f);
		return ob_check_spent(t, t->p[t->iexport + 1].line,
		    "the systems table", NULL);
	}
	for (i = 0; i < ns; i++)
		for (j = 0; j < labels->len; j++)
			if ((v = f.value[i * labels->len + j]) != NULL)
				kv_list_add(&t->rs->systems[i].fields,
				    labels->items[j], v);
			else if (open++ == 0) {
				open_label = labels->items[j];
				open_sys = i;
			}
	if (open > 0)
		format_warn(t->opt, t->path, t->p[t->iexport + 1].line,
		    "systems table: %zu of %zu fields are not pinned by the text "
		    "(%s), left empty, e.g. %s of %s", open, ns * labels->len,
		    f.readings == 0 ?
		    "no reading of its cells fits the value shapes" :
		    "its cells read more than one way", open_label,
		    t->rs->systems[open_sys].identifier);
	ob_fields_free(&f);
	return 0;
}

/*
 * The table line's notes, "<Section> Details- entry- NAME: entry...": an
 * entry ends where "- " and a system's name follow.
 */
static void
parse_ob_text_notes(struct tdoc *t, const char *notes)
{
	const char	*q, *s, *body, *end, *e0, *next, *sec[OB_MAX_SECTIONS];
	size_t		 nh = 0, i, l, best;
	char		*name, *text, *entry;

	for (q = strstr(notes, " Details- "); q != NULL && nh < OB_MAX_SECTIONS;
	    q = strstr(q + 1, " Details- ")) {
		for (best = 0, i = 0; parse_ob_text_sections[i] != NULL; i++) {
			l = strlen(parse_ob_text_sections[i]);
			if ((size_t)(q - notes) >= l && l > best &&
			    strncmp(q - l, parse_ob_text_sections[i], l) == 0)
				best = l;
		}
		if (best == 0) {
			/* Else a name glued to text starts at its capital. */
			for (s = q; s > notes && isalpha((unsigned char)s[-1]); s--)
				;
			while (s < q && !isupper((unsigned char)*s))
				s++;
			best = (size_t)(q - s);
		}
		if (best > 0)
			sec[nh++] = q - best;
	}
	for (i = 0; i < nh; i++) {
		/* A section's name has no blank: its " Details" is the next. */
		body = strstr(sec[i], " Details");
		name = xstrndup(sec[i], (size_t)(body - sec[i]));
		body += strlen(" Details");
		end = i + 1 < nh ? sec[i + 1] : notes + strlen(notes);
		text = xstrndup(body, (size_t)(end - body));
		for (e0 = next = text; e0 != NULL; e0 = next) {
			while ((next = strstr(next + 1, "- ")) != NULL &&
			    ob_segment_system_at(t->rs, next + 2) == 0)
				;
			entry = next != NULL ? xstrndup(e0, (size_t)(next - e0)) :
			    xstrdup(e0);
			for (l = strlen(entry); l > 0 && entry[l - 1] == ' ';)
				entry[--l] = '\0';
			ob_segment_note(t->rs, name, entry);
			free(entry);
		}
		free(text);
		free(name);
	}
}

/* Place each chart's names run: which systems, in which order. */
static int
parse_ob_text_place(struct tdoc *t, struct tchart *c)
{
	size_t	 o, cnt;
	int	 tiles;
	char	*run;

	c->order = xcalloc(t->names.len + 1, sizeof(size_t));
	for (o = 0; o < c->nticks; o++) {
		run = xstrndup(c->rest, c->tstart[o]);
		tiles = ob_split_tile(run, &t->names, c->order, &cnt, &t->left);
		if (t->left == 0) {
			free(run);
			return ob_check_spent(t, c->chart_p->line, "chart",
			    c->title);
		}
		if (tiles == 0) {
			free(run);
			continue;
		}
		free(c->names_run);
		c->names_run = run;
		c->tick = o;
		if (tiles > 1)
			return diag_set(t->d, t->path, c->chart_p->line, "chart "
			    "\"%s\": the names run \"%s\" splits more than one way",
			    c->title, run);
		c->k = cnt;
		c->placed = true;
		return 0;
	}
	return diag_set(t->d, t->path, c->chart_p->line, "chart \"%s\": the "
	    "names run \"%s\" is not made of the systems' names", c->title,
	    c->names_run);
}

/* Split every chart's values; narrow with the overview; flag the rest. */
static int
parse_ob_text_values(struct tdoc *t, const char *ovv)
{
	struct tchart	*c;
	struct strbuf	 sb;
	size_t		 i, j, v;
	char		*s;

	for (i = 0; i < t->nc; i++) {
		c = &t->c[i];
		c->ovdec = -1;
		if (c->nse > c->k)
			return diag_set(t->d, t->path, c->chart_p->line,
			    "chart \"%s %s\": %zu SE strings for %zu systems",
			    c->title, c->args, c->nse, c->k);
		ob_split_values(c->vrun, strlen(c->vrun), c->k, c->nse > 0,
		    1.25 * c->tlast[c->tick], &c->cands, &t->left);
		if (t->left == 0)
			return ob_check_spent(t, c->chart_p->line, "chart",
			    c->title);
		if (c->cands.len == 0)
			return diag_set(t->d, t->path, c->chart_p->line,
			    "chart \"%s %s\": the value run \"%s\" cannot be read as "
			    "%zu values (cut or mangled line?)", c->title, c->args,
			    c->vrun, c->k);
	}
	if (ob_check_values(t, ovv) != 0)
		return -1;
	for (i = 0; i < t->nc; i++) {
		if ((c = &t->c[i])->cands.len == 1)
			continue;
		strbuf_init(&sb);
		/* A truncated run keeps only its first readings (ob-split.h). */
		strbuf_printf(&sb, "%s%zu readings of the value run \"%s\"",
		    c->cands.truncated ? "more than " : "", c->cands.truncated ?
		    (size_t)OB_SPLIT_MAX_CANDS : c->cands.len, c->vrun);
		for (j = 0; j < c->cands.len && j < 3; j++)
			for (v = 0; v < c->k; v++) {
				s = ob_check_cand_value(c, j, v);
				strbuf_printf(&sb, "%s%s", v ? "/" : j ? " or " : ": ",
				    s);
				free(s);
			}
		if (c->cands.len > 3 || c->cands.truncated)
			strbuf_adds(&sb, " ...");
		c->ambiguous = strbuf_detach(&sb);
		if (t->opt != NULL && t->opt->strict)
			return diag_set(t->d, t->path, c->chart_p->line,
			    "chart \"%s %s\" is ambiguous: %s", c->title, c->args,
			    c->ambiguous);
		format_warn(t->opt, t->path, c->chart_p->line,
		    "chart \"%s %s\" is ambiguous, values left out: %s", c->title,
		    c->args, c->ambiguous);
	}
	return 0;
}

/*
 * The bars of one chart from its one reading. Row notes go to systems in
 * chart order only when there is one per bar, SE strings likewise.
 */
static void
parse_ob_text_bars(struct tdoc *t, struct tchart *c, struct test *test)
{
	struct ob_bar	*bars = xcalloc(c->k + 1, sizeof(*bars));
	struct str_list	 notes = { 0 };
	struct strbuf	 all;
	const char	*s = c->notes;
	char		*one;
	size_t		 j, a, b;
	bool		 se_ok = c->nse == c->k;

	strbuf_init(&all);
	for (a = 0; s[a] != '\0'; a = b) {
		for (b = a + 1; s[b] != '\0' && !(s[b - 1] != ' ' &&
		    (s[b] == '-' || strncmp(s + b, "MIN: ", 5) == 0)); b++)
			;
		one = xstrndup(s + a, b - a);
		str_list_add(&notes, one);
		strbuf_printf(&all, "%s%s", a > 0 ? "; " : "", one);
		free(one);
	}
	if (notes.len > 0 && notes.len != c->k)
		format_warn(t->opt, t->path, c->chart_p->line,
		    "chart \"%s %s\": %zu row notes for %zu systems cannot be "
		    "attributed to systems from the text: %s", c->title, c->args,
		    notes.len, c->k, strbuf_str(&all));
	if (c->nse > 0 && !se_ok)
		format_warn(t->opt, t->path, c->chart_p->line,
		    "chart \"%s %s\": %zu SE strings for %zu systems; the text does "
		    "not say which system lacks one, so SE and N are left out",
		    c->title, c->args, c->nse, c->k);
	for (j = 0; j < c->k; j++) {
		bars[j].system = (long)c->order[j];
		if (c->ambiguous != NULL) {
			bars[j].ambiguous = xasprintf("ambiguous in the "
			    "source text: %s", c->ambiguous);
			continue;
		}
		bars[j].value_text = ob_check_cand_value(c, 0, j);
		if (se_ok) {
			bars[j].se_text = xstrdup(c->se[j].se);
			bars[j].n = j + 1 == c->nse ? c->cands.c[0].n_last : c->se[j].n;
		}
		if (notes.len == c->k)
			bars[j].note = xstrdup(notes.items[j]);
	}
	ob_segment_values(test, bars, c->k);
	ob_segment_bars_free(bars, c->k);
	free(bars);
	strbuf_free(&all);
	str_list_free(&notes);
}

/*
 * One test per chart: its heading, bars and footnotes ("1. (CC) ... 2.
 * (CXX) ..."); a paragraph after it is a failed run ("NAME: reason") or
 * its annotation.
 */
static void
parse_ob_text_build(struct tdoc *t)
{
	struct tchart	*c;
	struct test	*test;
	struct value	*v;
	const char	*reason, *p, *q;
	char		 mark[16];
	size_t		 i, j;
	long		 s;
	int		 k;

	for (i = 0; i < t->nc; i++) {
		c = &t->c[i];
		test = result_set_add_test(t->rs);
		model_set_str(&test->title, c->title);
		model_set_str(&test->app_version, c->version);
		model_set_str(&test->description, c->args);
		model_set_str(&test->unit, c->unit);
		test->proportion = c->prop;
		model_set_str(&test->proportion_raw, proportion_name(c->prop));
		test->display = DISPLAY_BAR;
		model_set_str(&test->display_raw, "BAR_GRAPH");
		parse_ob_text_bars(t, c, test);
		for (p = c->foot, k = 2; p != NULL && *p != '\0'; p = q, k++) {
			snprintf(mark, sizeof(mark), "%d. (", k);
			if ((q = strstr(p + 1, mark)) == NULL)
				q = p + strlen(p);
			ob_segment_footnote(test, p, (size_t)(q - p));
		}
		for (j = c->ex_lo; j < c->ex_hi; j++) {
			s = ob_segment_failed(t->rs, t->p[j].s, &reason);
			if (s >= 0 && test_find_value(test, (size_t)s) == NULL) {
				v = test_add_value(test, (size_t)s);
				model_set_str(&v->error, reason);
			} else if (test->annotation == NULL)
				model_set_str(&test->annotation, t->p[j].s);
			else
				format_warn(t->opt, t->path, t->p[j].line,
				    "extra paragraph after chart \"%s\" ignored",
				    c->title);
		}
	}
}

/*
 * The PTS profile names the overview gives its rows, between the file's
 * title and e, its last table-order names run (ob_segment_overview_names).
 */
static void
parse_ob_text_profiles(struct tdoc *t, const char *ov, const char *e)
{
	const char	**titles;
	char		**names;
	size_t		 i, tl = strlen(t->rs->title);

	if (t->nc != t->rs->ntests || t->nc == 0 || e == NULL ||
	    strncmp(ov, t->rs->title, tl) != 0 || e < ov + tl)
		return;
	titles = xcalloc(t->nc, sizeof(*titles));
	names = xcalloc(t->nc, sizeof(*names));
	for (i = 0; i < t->nc; i++)
		titles[i] = t->c[i].title;
	ob_segment_overview_names(ov + tl, (size_t)(e - (ov + tl)), titles,
	    t->nc, names);
	ob_segment_profiles(t->rs, names, t->nc);
	for (i = 0; i < t->nc; i++)
		free(names[i]);
	free(names);
	free(titles);
}

static void
parse_ob_text_free(struct tdoc *t)
{
	struct tchart	*c;
	size_t		 i, j;

	for (i = 0; i < t->nc; i++) {
		c = &t->c[i];
		free(c->unit);
		free(c->version);
		free(c->names_run);
		for (j = 0; j < c->nse; j++)
			free(c->se[j].se);
		free(c->se);
		free(c->vrun);
		free(c->notes);
		free(c->foot);
		free(c->order);
		free(c->ambiguous);
		ob_cands_free(&c->cands);
	}
	free(t->c);
	for (i = 0; i < t->np; i++)
		free(t->p[i].s);
	free(t->p);
	free(t->names_t);
	ob_names_free(&t->names);
}

static int
parse_ob_text_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct tdoc	 t = { .path = path, .opt = opt, .rs = rs, .d = d,
	    .left = OB_DOC_STEPS };
	struct str_list	 given = { 0 }, labels = { 0 };
	char		*ovv = NULL, *groups = NULL, *cells = NULL, *list = NULL;
	char		*tok, *save = NULL;
	const char	*table, *lab, *rest, *mark, *notes, *ov, *p, *e = NULL;
	size_t		 i, n;
	int		 rc = -1;

	/* --systems "A;B;C": empty names are left out. */
	if (opt != NULL && opt->system_names != NULL) {
		list = xstrdup(opt->system_names);
		for (tok = strtok_r(list, ";", &save); tok != NULL;
		    tok = strtok_r(NULL, ";", &save))
			str_list_add(&given, tok);
	}
	if (parse_ob_text_load(&t) != 0 || parse_ob_text_head(&t) != 0)
		goto out;
	groups = ob_multiway_groups(&t);
	if (parse_ob_text_sections_find(&t, t.iexport + 3, t.np - 1) != 0)
		goto out;
	/* A multi-way layout states its names, as --systems does. */
	if (groups != NULL && ob_multiway_names(&t, groups, &given) != 0)
		goto out;
	/* The table line: title, field labels, names, cells, mark, notes. */
	table = t.p[t.iexport + 1].s;
	lab = table;
	if (strncmp(lab, rs->title, strlen(rs->title)) == 0)
		lab += strlen(rs->title);
	rest = parse_ob_text_labels_end(lab, &labels);
	mark = strstr(table, OB_WATERMARK);
	notes = mark + strlen(OB_WATERMARK);
	ov = t.p[t.iexport + 2].s;
	for (i = 0; i < t.nc; i++)
		if (parse_ob_text_chart(&t, &t.c[i]) != 0)
			goto out;
	if (parse_ob_text_table_names(&t, table, rest, ov) != 0)
		goto out;
	/* The table's cells run: after the names, before the mark. */
	p = strstr(table, t.names_t);
	if (p != NULL && (p += strlen(t.names_t)) <= mark)
		cells = xstrndup(p, (size_t)(mark - p));
	if ((groups != NULL || list != NULL ? parse_ob_text_stated(&t, &given) :
	    parse_ob_text_names(&t, cells, notes)) != 0)
		goto out;
	for (i = 0; i < t.names.len; i++)
		result_set_add_system(rs, t.names.name[i]);
	if (parse_ob_text_fields(&t, &labels, lab, rest, cells) != 0)
		goto out;
	parse_ob_text_notes(&t, notes);
	for (i = 0; i < t.nc; i++)
		if (parse_ob_text_place(&t, &t.c[i]) != 0)
			goto out;
	/* The overview's value run: after the last names run, before the mark. */
	for (p = strstr(ov, t.names_t); p != NULL;
	    p = strstr(p + 1, t.names_t))
		e = p;
	if (e != NULL) {
		p = e + strlen(t.names_t);
		n = strspn(p, "0123456789.");
		if (n > 0 && strcmp(p + n, OB_WATERMARK) == 0)
			ovv = xstrndup(p, n);
	}
	if (ovv == NULL)
		format_warn(opt, path, t.p[t.iexport + 2].line, "overview line "
		    "not readable; integer charts are not cross-checked");
	if (parse_ob_text_values(&t, ovv) != 0)
		goto out;
	parse_ob_text_build(&t);
	parse_ob_text_profiles(&t, ov, e);
	rc = 0;
out:
	free(ovv);
	free(groups);
	free(cells);
	free(list);
	str_list_free(&given);
	str_list_free(&labels);
	parse_ob_text_free(&t);
	return rc;
}

const struct reader reader_ob_text = {
	.name = "ob-text",
	.summary = "OpenBenchmarking result view exported to HTML, flattened to text",
	.detect = parse_ob_text_detect,
	.read = parse_ob_text_read
};
