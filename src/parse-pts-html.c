/* SPDX-License-Identifier: ISC */
/*
 * The page the Phoronix Test Suite writes with result-file-to-html: an
 * <h1> title, a description paragraph, the systems table as an SVG, an
 * overview SVG, then per result an <h2> title, an <h3> description and
 * its chart SVG. Read with libxml2's HTML parser as SAX events (no tree:
 * under a sanitizer the tree's allocations were most of the reader's
 * cost), plain SVG content by the reader itself (the SVG fast path,
 * below); inside each SVG every label is its own <text> placed by x/y, so
 * cells are found by position:
 * the systems table's header names the systems (its cells span the
 * columns they are centred on), a bar chart gives "UNIT, More Is Better",
 * the bar values and "SE +/- s, N = n" beside each system's label, a line
 * graph its Min/Avg/Max table (Avg is the value), a pass/fail chart its
 * PASS/FAIL. The OpenBenchmarking export of the same page (with its
 * "exported from" line) is parse-ob-html.c's. Rules: docs/fio-dd.md.
 */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include "format.h"
#include "strbuf.h"
#include "xalloc.h"

#define PH_INHERIT	8	/* ancestors searched for an SVG attribute */
#define PH_TABLE_STEPS	4000000	/* cell visits for the systems table */
/*
 * libxml2's tree builder stops the parse at an element this deep
 * (xmlParserMaxDepth, 256 open elements): read as events, the page stops
 * there too, so it reads as it did from the tree.
 */
#define PH_MAX_DEPTH	256
#define PH_NAME_MAX	100	/* libxml2's longest HTML name, and then some */

struct ph_text {
	double		 x, y;
	size_t		 off;		/* of its text in ph_state.arena */
	char		*s;		/* set when the SVG ends */
	bool		 bold, end, middle, header;
};

struct ph_label {
	double		 y;
	size_t		 sys;
};

struct ph_texts {
	struct ph_text	*v;
	size_t		 n, cap;
};

/*
 * An open element: the SVG presentation attributes its <text>s inherit,
 * each PH_NONE (not on this element: look further up), PH_OTHER or the
 * value the reader looks for.
 */
enum { PH_NONE, PH_OTHER, PH_BOLD, PH_END, PH_MIDDLE, PH_BEFORE_EDGE };

struct ph_open {
	unsigned char	 weight, anchor, baseline;
};

/* What the reader keeps of a start tag's attributes. */
struct ph_attrs {
	struct ph_open	 o;
	double		 x, y;
	unsigned	 seen;		/* 1: x, 2: y */
};

/* What the SVG fast path read, to be handed to the handlers. */
enum { PH_EV_TEXT, PH_EV_OPEN, PH_EV_CLOSE };

struct ph_ev {
	const char	*s;		/* text */
	size_t		 len;
	struct ph_attrs	 a;		/* open */
	unsigned char	 kind;
	bool		 text;		/* open: a <text> */
	bool		 selfclose;	/* open: "/>" */
};

/* The element whose content is read whole (nothing inside it is walked). */
enum ph_whole { PH_W_NONE, PH_W_SVG, PH_W_H1, PH_W_H2, PH_W_H3, PH_W_SKIP };

struct ph_state {
	const char		*path;
	const struct read_options *opt;
	struct result_set	*rs;
	char			*title, *desc;	/* current <h2>, <h3> */
	bool			 chart_due;	/* an <h3> whose chart is still to come */
	size_t			 svgs;		/* SVGs before the first <h2> */
	size_t			 skipped;
	GHashTable		*names;		/* system name -> index + 1 */
	struct ph_label		*labels;	/* this chart's system labels, by y */
	size_t			 nlabels;
	/* The event walk. */
	htmlParserCtxtPtr	 ctxt;
	struct ph_open		*open;		/* open elements, outermost first */
	size_t			 depth, opencap;
	bool			 any;		/* an element was seen */
	bool			 halted;	/* past PH_MAX_DEPTH */
	enum ph_whole		 whole;
	size_t			 whole_at;	/* its depth */
	struct strbuf		 whole_buf;	/* its text (headings) */
	size_t			 p_at;		/* depth of the description's <p> */
	struct strbuf		 p_buf;
	size_t			 text_at;	/* depth of the open <text> */
	struct ph_texts		 texts;		/* the current SVG's */
	struct strbuf		 arena;		/* their strings, NUL-separated */
	/* The SVG fast path (ph_svg_fast). */
	struct strbuf		 tagbuf;	/* open elements' names, NUL-separated */
	struct ph_ev		*tape;		/* what a scan read */
	size_t			 ntape, tapecap;
	size_t			 scan_budget;	/* bytes left to scan */
};

static int	 parse_pts_html_detect(const char *head, size_t len);
static int	 parse_pts_html_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static size_t	 ph_squash(char *s, size_t len);
static char	*ph_take(struct strbuf *b);
static bool	 ph_is(const char *v, size_t len, const char *want);
static bool	 ph_is_name(const char *n, size_t len, const char *want);
static void	 ph_attr_one(struct ph_attrs *a, const char *name, size_t nlen,
		    const char *v, size_t vlen);
static void	 ph_attrs_of(struct ph_attrs *a, const xmlChar **atts);
static unsigned char ph_inherit(struct ph_state *st, size_t field);
static void	 ph_text_start(struct ph_state *st, const struct ph_attrs *a);
static void	 ph_text_end(struct ph_state *st);
static void	 ph_whole_end(struct ph_state *st);
static void	 ph_end(struct ph_state *st);
static void	 ph_sync(struct ph_state *st, size_t open);
static void	 ph_open_elem(struct ph_state *st, const char *name,
		    const struct ph_attrs *a);
static void	 ph_add_text(struct ph_state *st, const char *s, size_t len);
static void	 ph_sax_start(void *ud, const xmlChar *name, const xmlChar **atts);
static void	 ph_sax_end(void *ud, const xmlChar *name);
static void	 ph_sax_text(void *ud, const xmlChar *ch, int len);
static const char *ph_run(const char *p, const char *limit, const char *stop);
static const char *ph_skip_blanks(const char *p, const char *limit);
static const char *ph_scan_name(const char *p, const char *limit, char *out);
static const char *ph_scan_start(const char *p, const char *limit, char *name,
		    struct ph_attrs *a, bool *selfclose);
static bool	 ph_scan_top(const struct strbuf *tags, const char *name);
static void	 ph_tape_add(struct ph_state *st, int kind, const char *s,
		    size_t len, const struct ph_attrs *a, bool text, bool selfclose);
static const char *ph_svg_scan(struct ph_state *st, const char *p,
		    const char *limit, const char *elem, size_t *nev);
static void	 ph_svg_replay(struct ph_state *st, size_t n);
static bool	 ph_just_closed(struct ph_state *st, const char *name);
static void	 ph_svg_fast(struct ph_state *st, const char *elem, bool at);
static void	 ph_systems(struct ph_state *st, struct ph_texts *t);
static void	 ph_chart(struct ph_state *st, struct ph_texts *t);
static long	 ph_system_of(struct ph_state *st, struct ph_texts *t, double y);
static int	 ph_label_cmp(const void *a, const void *b);
static void	 ph_labels(struct ph_state *st, struct ph_texts *t);
static bool	 ph_number(const char *s, double *v);

const struct reader reader_pts_html = {
	.name = "pts-html",
	.summary = "Phoronix Test Suite HTML page (result-file-to-html)",
	.detect = parse_pts_html_detect,
	.read = parse_pts_html_read
};

static int
parse_pts_html_detect(const char *head, size_t len)
{
	(void)len;
	if (strstr(head, " - Phoronix Test Suite</title>") == NULL ||
	    strstr(head, "<svg") == NULL || strstr(head, "<h1>") == NULL ||
	    strstr(head, "HTML result view exported from") != NULL)
		return 0;
	return 80;
}

/*
 * Whitespace runs as one space, trimmed (what the text of a page's
 * element reads as); in place, returning the new length.
 */
static size_t
ph_squash(char *s, size_t len)
{
	char	*w = s, *r, *end;

	if (len == 0)
		return 0;
	for (r = s, end = s + len; r < end; r++) {
		if (isspace((unsigned char)*r)) {
			if (w > s && w[-1] != ' ')
				*w++ = ' ';
		} else
			*w++ = *r;
	}
	while (w > s && w[-1] == ' ')
		w--;
	return (size_t)(w - s);
}

/* The squashed text of a buffer, as a new string; the buffer is emptied. */
static char *
ph_take(struct strbuf *b)
{
	char	*s;

	if (b->buf == NULL)
		return xstrdup("");
	s = xstrndup(b->buf, ph_squash(b->buf, b->len));
	strbuf_reset(b);
	return s;
}

static bool
ph_number(const char *s, double *v)
{
	char	*e;

	*v = g_ascii_strtod(s, &e);
	return e != s && *e == '\0' && isfinite(*v);
}

/*
 * The systems table: headers (text-before-edge) are the systems, left to
 * right; bold end-anchored texts the row labels; middle-anchored texts the
 * cells. A row's cells tile its columns from the left, each centred on the
 * columns it spans (PTS joins equal neighbours into one cell).
 */
static void
ph_systems(struct ph_state *st, struct ph_texts *t)
{
	double		*cx = NULL;
	size_t		*sys = NULL, ncol = 0, i, k, c, j, steps = 0;

	for (i = 0; i < t->n; i++)
		if (t->v[i].header && t->v[i].s[0] != '\0' &&
		    g_hash_table_lookup(st->names, t->v[i].s) == NULL) {
			cx = xreallocarray(cx, ncol + 1, sizeof(*cx));
			sys = xreallocarray(sys, ncol + 1, sizeof(*sys));
			cx[ncol] = t->v[i].x;
			sys[ncol] = result_set_add_system(st->rs, t->v[i].s);
			g_hash_table_insert(st->names, xstrdup(t->v[i].s),
			    GSIZE_TO_POINTER(sys[ncol] + 1));
			ncol++;
		}
	for (i = 0; i < t->n && ncol > 0; i++) {
		if (!t->v[i].bold || !t->v[i].end || t->v[i].header)
			continue;
		/* Rows times cells: bounded, so a hostile table stays cheap. */
		if ((steps += t->n) > PH_TABLE_STEPS) {
			format_warn(st->opt, st->path, 0, "systems table too large: "
			    "rows after \"%.40s\" not read", t->v[i].s);
			break;
		}
		c = 0;
		for (k = 0; k < t->n && c < ncol; k++) {
			if (!t->v[k].middle || t->v[k].header || t->v[k].bold ||
			    fabs(t->v[k].y - t->v[i].y) > 3)
				continue;
			/* The span [c, j] whose centre is this cell's x. */
			for (j = c; j < ncol && fabs((cx[c] + cx[j]) / 2 - t->v[k].x) > 1.5; j++)
				;
			steps += j - c;
			if (j == ncol)
				j = c;	/* off the grid: its own column */
			for (; c <= j; c++)
				kv_list_add(&st->rs->systems[sys[c]].fields, t->v[i].s,
				    t->v[k].s);
		}
	}
	free(cx);
	free(sys);
}

static int
ph_label_cmp(const void *a, const void *b)
{
	double	ya = ((const struct ph_label *)a)->y, yb = ((const struct ph_label *)b)->y;

	return ya < yb ? -1 : ya > yb;
}

/* The chart's system labels (texts equal to a system's name), sorted by y. */
static void
ph_labels(struct ph_state *st, struct ph_texts *t)
{
	gpointer	idx;
	size_t		i;

	free(st->labels);
	st->labels = xcalloc(t->n + 1, sizeof(*st->labels));
	st->nlabels = 0;
	for (i = 0; i < t->n; i++)
		if ((idx = g_hash_table_lookup(st->names, t->v[i].s)) != NULL) {
			st->labels[st->nlabels].y = t->v[i].y;
			st->labels[st->nlabels++].sys = GPOINTER_TO_SIZE(idx) - 1;
		}
	qsort(st->labels, st->nlabels, sizeof(*st->labels), ph_label_cmp);
}

/* The system whose label is nearest to y (binary search), or -1. */
static long
ph_system_of(struct ph_state *st, struct ph_texts *t, double y)
{
	size_t	lo = 0, hi = st->nlabels, mid;

	(void)t;
	if (st->nlabels == 0)
		return -1;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (st->labels[mid].y < y)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == st->nlabels)
		return (long)st->labels[lo - 1].sys;
	if (lo > 0 && y - st->labels[lo - 1].y <= st->labels[lo].y - y)
		return (long)st->labels[lo - 1].sys;
	return (long)st->labels[lo].sys;
}

static void
ph_chart(struct ph_state *st, struct ph_texts *t)
{
	struct test	*tt;
	struct value	*v;
	const char	*unit = NULL, *sep = NULL, *avg = NULL;
	double		 x, se, avgx = 0;
	long		 s, n;
	size_t		 i, tl = strlen(st->title);
	bool		 hib = false, passfail = false;

	for (i = 0; i < t->n; i++) {
		const char *p = t->v[i].s;

		if ((sep = strstr(p, ", More Is Better")) != NULL ||
		    (sep = strstr(p, ", Fewer Is Better")) != NULL) {
			unit = p;
			hib = strstr(p, ", More Is Better") != NULL;
			break;
		}
		if (strcmp(p, "PASS") == 0 || strcmp(p, "FAIL") == 0)
			passfail = true;
	}
	if (unit == NULL && !passfail) {
		st->skipped++;
		return;
	}
	ph_labels(st, t);
	tt = result_set_add_test(st->rs);
	model_set_str(&tt->identifier, "");
	model_set_str(&tt->title, st->title);
	model_set_str(&tt->description, st->desc != NULL ? st->desc : "");
	model_set_str(&tt->arguments, st->desc != NULL ? st->desc : "");
	model_set_str(&tt->app_version, "");
	tt->unit = unit != NULL ? xstrndup(unit, (size_t)(sep - unit)) : xstrdup("");
	tt->proportion = unit == NULL ? PROP_NONE : hib ? PROP_HIB : PROP_LIB;
	model_set_str(&tt->proportion_raw, unit == NULL ? "" : hib ? "HIB" : "LIB");
	tt->display = unit == NULL ? DISPLAY_OTHER : DISPLAY_BAR;
	if (unit == NULL)
		model_set_str(&tt->display_raw, "PASS_FAIL");
	for (i = 0; i < t->n; i++) {
		const char *p = t->v[i].s;

		/* "Flexible IO Tester 3.33": the title, then the version. */
		if (strncmp(p, st->title, tl) == 0 && p[tl] == ' ' && t->v[i].bold &&
		    isdigit((unsigned char)p[tl + 1]) && tt->app_version[0] == '\0')
			model_set_str(&tt->app_version, p + tl + 1);
		if (strcmp(p, "Avg") == 0) {
			avg = p;
			avgx = t->v[i].x;
		}
	}
	for (i = 0; i < t->n; i++) {
		const char *p = t->v[i].s;

		if ((s = ph_system_of(st, t, t->v[i].y)) < 0)
			continue;
		if (strncmp(p, "SE +/- ", 7) == 0)
			continue;	/* read below, once the values are known */
		if (passfail && (strcmp(p, "PASS") == 0 || strcmp(p, "FAIL") == 0) &&
		    test_find_value(tt, (size_t)s) == NULL) {
			v = test_add_value(tt, (size_t)s);
			model_set_str(&v->value_text, p);
			continue;
		}
		/* Bars: bold end-anchored numbers; line graphs: the Avg column. */
		if (!ph_number(p, &x) || test_find_value(tt, (size_t)s) != NULL ||
		    (avg != NULL ? fabs(t->v[i].x - avgx) > 1 :
		    !(t->v[i].bold && t->v[i].end)))
			continue;
		v = test_add_value(tt, (size_t)s);
		v->has_mean = true;
		v->mean = x;
		model_set_str(&v->value_text, p);
	}
	/* The page draws "SE +/- s, N = n" before the value it belongs to. */
	for (i = 0; i < t->n; i++) {
		if ((s = ph_system_of(st, t, t->v[i].y)) < 0)
			continue;
		if (sscanf(t->v[i].s, "SE +/- %lf, N = %ld", &se, &n) == 2 &&
		    (v = test_find_value(tt, (size_t)s)) != NULL) {
			v->has_se = true;
			v->se = se;
			v->n = n;
		}
	}
	if (tt->nvalues == 0) {
		st->skipped++;
		result_set_pop_test(st->rs);
	}
}


/* Whether v (len bytes) is want. */
static bool
ph_is(const char *v, size_t len, const char *want)
{
	return strlen(want) == len && memcmp(v, want, len) == 0;
}

/* Whether the name n (len bytes, any case) is want (lower case). */
static bool
ph_is_name(const char *n, size_t len, const char *want)
{
	return strlen(want) == len && g_ascii_strncasecmp(n, want, len) == 0;
}

/*
 * One attribute of a start tag (name nlen bytes, in any case; value v,
 * vlen bytes, followed by a NUL or by its closing quote, which ends a
 * number as a NUL does) into what the reader keeps of it. The first of
 * a name counts, as libxml2 keeps only that.
 */
static void
ph_attr_one(struct ph_attrs *a, const char *name, size_t nlen, const char *v,
    size_t vlen)
{
	if (ph_is_name(name, nlen, "x") && !(a->seen & 1)) {
		a->seen |= 1;
		a->x = g_ascii_strtod(v, NULL);
	} else if (ph_is_name(name, nlen, "y") && !(a->seen & 2)) {
		a->seen |= 2;
		a->y = g_ascii_strtod(v, NULL);
	} else if (ph_is_name(name, nlen, "font-weight") && a->o.weight == PH_NONE)
		a->o.weight = ph_is(v, vlen, "bold") ? PH_BOLD : PH_OTHER;
	else if (ph_is_name(name, nlen, "text-anchor") && a->o.anchor == PH_NONE)
		a->o.anchor = ph_is(v, vlen, "end") ? PH_END :
		    ph_is(v, vlen, "middle") ? PH_MIDDLE : PH_OTHER;
	else if (ph_is_name(name, nlen, "dominant-baseline") &&
	    a->o.baseline == PH_NONE)
		a->o.baseline = ph_is(v, vlen, "text-before-edge") ?
		    PH_BEFORE_EDGE : PH_OTHER;
}

/* libxml2's attributes of a start tag ("" for one without a value). */
static void
ph_attrs_of(struct ph_attrs *a, const xmlChar **atts)
{
	const char	*n, *v;
	size_t		 i;

	memset(a, 0, sizeof(*a));
	for (i = 0; atts != NULL && atts[i] != NULL; i += 2) {
		n = (const char *)atts[i];
		v = atts[i + 1] != NULL ? (const char *)atts[i + 1] : "";
		ph_attr_one(a, n, strlen(n), v, strlen(v));
	}
}

/*
 * An attribute of the innermost open element (a <text>) or of its nearest
 * ancestor within PH_INHERIT levels that has it; field is the offset of
 * the attribute's code in struct ph_open.
 */
static unsigned char
ph_inherit(struct ph_state *st, size_t field)
{
	const unsigned char	*c;
	size_t			 k;

	for (k = 0; k <= PH_INHERIT && k < st->depth; k++) {
		c = (const unsigned char *)&st->open[st->depth - 1 - k] + field;
		if (*c != PH_NONE)
			return *c;
	}
	return PH_NONE;
}

/* A <text> of the SVG being read opens: its place and inherited style. */
static void
ph_text_start(struct ph_state *st, const struct ph_attrs *a)
{
	struct ph_texts	*t = &st->texts;
	struct ph_text	*x;

	if (t->n == t->cap)
		xgrow(&t->v, &t->cap, t->n + 1, sizeof(*t->v));
	x = &t->v[t->n++];
	memset(x, 0, sizeof(*x));
	x->x = a->x;
	x->y = a->y;
	x->bold = ph_inherit(st, offsetof(struct ph_open, weight)) == PH_BOLD;
	x->end = ph_inherit(st, offsetof(struct ph_open, anchor)) == PH_END;
	x->middle = ph_inherit(st, offsetof(struct ph_open, anchor)) == PH_MIDDLE;
	x->header = ph_inherit(st, offsetof(struct ph_open, baseline)) ==
	    PH_BEFORE_EDGE;
	x->off = st->arena.len;
	st->text_at = st->depth;
}

/* The open <text> ends: its text, squashed, stays in the arena. */
static void
ph_text_end(struct ph_state *st)
{
	struct ph_text	*x = &st->texts.v[st->texts.n - 1];

	/* No buffer yet when no text came before (nor in this one). */
	if (st->arena.buf != NULL)
		st->arena.len = x->off + ph_squash(st->arena.buf + x->off,
		    st->arena.len - x->off);
	strbuf_addc(&st->arena, '\0');
	st->text_at = 0;
}

/*
 * The element read whole ends: an <svg> (the systems table, then the
 * chart under the last heading), the page's <h1> title, a result's <h2>
 * title or <h3> description.
 */
static void
ph_whole_end(struct ph_state *st)
{
	struct ph_texts	*t = &st->texts;
	size_t		 i;

	switch (st->whole) {
	case PH_W_SVG:
		for (i = 0; i < t->n; i++)
			t->v[i].s = st->arena.buf + t->v[i].off;
		if (st->title == NULL && st->svgs++ == 0)
			ph_systems(st, t);
		else if (st->title != NULL && st->chart_due) {
			ph_chart(st, t);
			st->chart_due = false;
		}
		t->n = 0;
		strbuf_reset(&st->arena);
		break;
	case PH_W_H1:
		free(st->rs->title);
		st->rs->title = ph_take(&st->whole_buf);
		break;
	case PH_W_H2:
		free(st->title);
		st->title = ph_take(&st->whole_buf);
		free(st->desc);
		st->desc = NULL;
		st->chart_due = true;
		break;
	case PH_W_H3:
		free(st->desc);
		st->desc = ph_take(&st->whole_buf);
		st->chart_due = true;
		break;
	case PH_W_NONE:
	case PH_W_SKIP:
		break;
	}
	strbuf_reset(&st->whole_buf);
	st->whole = PH_W_NONE;
	st->whole_at = 0;
}

/* The innermost open element ends. */
static void
ph_end(struct ph_state *st)
{
	char	*s;

	if (st->depth == 0)
		return;
	if (st->text_at == st->depth)
		ph_text_end(st);
	if (st->whole_at == st->depth)
		ph_whole_end(st);
	if (st->p_at == st->depth) {
		s = ph_take(&st->p_buf);
		if (*s != '\0')
			model_set_str(&st->rs->description, s);
		free(s);
		st->p_at = 0;
	}
	st->depth--;
}

/*
 * libxml2 drops an element from its stack without an end event when its
 * start tag has no '>' (the tree keeps it, empty): such elements end here,
 * before the next event, as many as the parser's stack is shorter.
 */
static void
ph_sync(struct ph_state *st, size_t open)
{
	while (st->depth > open)
		ph_end(st);
}

/*
 * An element opens. What the page's tree walk did at an element, in
 * document order: an <svg> is read whole (its <text>s collected), as are
 * the first <h1> (the title), each <h2> and <h3> (a result's title and
 * description), <head> and <script> (skipped); the first non-empty <p>
 * after the title and before any SVG is the description, and the walk
 * goes on inside it.
 */
static void
ph_open_elem(struct ph_state *st, const char *name, const struct ph_attrs *a)
{
	if (st->depth == st->opencap)
		xgrow(&st->open, &st->opencap, st->depth + 1, sizeof(*st->open));
	st->open[st->depth++] = a->o;
	st->any = true;
	if (st->whole != PH_W_NONE) {
		if (st->whole == PH_W_SVG && st->text_at == 0 &&
		    strcmp(name, "text") == 0)
			ph_text_start(st, a);
		return;
	}
	if (strcmp(name, "svg") == 0)
		st->whole = PH_W_SVG;
	else if (strcmp(name, "h1") == 0 && st->rs->title == NULL)
		st->whole = PH_W_H1;
	else if (strcmp(name, "h2") == 0)
		st->whole = PH_W_H2;
	else if (strcmp(name, "h3") == 0 && st->title != NULL)
		st->whole = PH_W_H3;
	else if (strcmp(name, "head") == 0 || strcmp(name, "script") == 0)
		st->whole = PH_W_SKIP;
	else if (strcmp(name, "p") == 0 && st->p_at == 0 &&
	    st->rs->title != NULL && st->rs->description == NULL &&
	    st->svgs == 0 && st->title == NULL)
		/* Inside an open candidate, a <p>'s text is part of its. */
		st->p_at = st->depth;
	if (st->whole != PH_W_NONE)
		st->whole_at = st->depth;
}

/* Text: to every open element that keeps its text. */
static void
ph_add_text(struct ph_state *st, const char *s, size_t len)
{
	if (st->text_at != 0)
		strbuf_add(&st->arena, s, len);
	if (st->whole == PH_W_H1 || st->whole == PH_W_H2 || st->whole == PH_W_H3)
		strbuf_add(&st->whole_buf, s, len);
	if (st->p_at != 0)
		strbuf_add(&st->p_buf, s, len);
}

static void
ph_sax_start(void *ud, const xmlChar *xname, const xmlChar **atts)
{
	struct ph_state	*st = ud;
	struct ph_attrs	 a;
	size_t		 open = (size_t)(st->ctxt->nameNr > 0 ? st->ctxt->nameNr : 0);

	if (st->halted)
		return;
	ph_sync(st, open > 0 ? open - 1 : 0);
	if (st->depth > PH_MAX_DEPTH) {
		st->halted = true;
		xmlStopParser(st->ctxt);
		return;
	}
	ph_attrs_of(&a, atts);
	ph_open_elem(st, (const char *)xname, &a);
	/* Not into HTML's own elements: <script> and <style> hold raw text. */
	if (st->whole == PH_W_SVG && (htmlTagLookup(xname) == NULL ||
	    strcmp((const char *)xname, "a") == 0))
		ph_svg_fast(st, (const char *)xname, true);
}

static void
ph_sax_end(void *ud, const xmlChar *name)
{
	struct ph_state		*st = ud;
	htmlParserCtxtPtr	 ctxt = st->ctxt;

	if (st->halted)
		return;
	/* The parser pops its own stack after this event. */
	ph_sync(st, (size_t)(ctxt->nameNr > 0 ? ctxt->nameNr : 0));
	if (st->depth != (size_t)ctxt->nameNr || st->depth == 0)
		return;
	ph_end(st);
	/*
	 * An SVG element ended by its own end tag (or "/>"), the parser
	 * just past it: what follows in its parent may be plain again.
	 * Not at an end the parser made itself (closing what an end tag
	 * skipped, or the input's end), nor at HTML's own elements, which
	 * start tags may close.
	 */
	if (st->whole == PH_W_SVG && ctxt->nameNr >= 2 &&
	    htmlTagLookup(name) == NULL && ph_just_closed(st, (const char *)name)) {
		name = ctxt->nameTab[ctxt->nameNr - 2];
		if (htmlTagLookup(name) == NULL || strcmp((const char *)name, "a") == 0)
			ph_svg_fast(st, (const char *)name, false);
	}
}

/* Text (entities decoded). */
static void
ph_sax_text(void *ud, const xmlChar *ch, int len)
{
	struct ph_state	*st = ud;

	if (st->halted || len <= 0)
		return;
	ph_sync(st, (size_t)(st->ctxt->nameNr > 0 ? st->ctxt->nameNr : 0));
	ph_add_text(st, (const char *)ch, (size_t)len);
}

/*
 * The SVG fast path. Under a sanitizer, libxml2's cost for an SVG is its
 * allocations: a copy of every attribute value, and an error message
 * formatted and copied twice for every element (SVG's are unknown HTML
 * tags; libxml2 2.9 formats messages even when nobody reads them). The
 * SVGs PTS writes are plain: quoted attributes, matched tags, no
 * entities. Plain content is read here, a whole child element at a
 * time, and handed to the same handlers as the parser's events; the
 * parser is then moved past it. Anything else (an entity, a comment, a
 * CR, an HTML tag other than <a>, an end tag that is not the innermost
 * element's, the input's end) is left to libxml2 from the start of the
 * child that holds it, and the fast path tries again at the parser's
 * next element inside the SVG: every page reads as the parser reads it
 * (tests/unit/test-parse-pts-html.c reads each fixture both ways).
 */

/*
 * What ends a run the fast path reads: its delimiter, and the bytes
 * libxml2 treats specially in text and attribute values (an entity, a
 * CR, characters XML does not allow and libxml2 drops; 0xef starts
 * U+FFFE and U+FFFF, looked at more closely). Long runs (text,
 * attribute values) are found with strcspn: under the fuzzing build a
 * loop over the bytes would pay for coverage tracing on every one.
 */
#define PH_CTRL	"\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12" \
		"\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f"
static const char ph_stop_text[] = "<&\r\xef" PH_CTRL;
static const char ph_stop_dq[] = "\"&\r\xef" PH_CTRL;
static const char ph_stop_sq[] = "'&\r\xef" PH_CTRL;
/*
 * Classes of bytes for names and blanks (a table: under the fuzzing
 * build each comparison in a loop is traced, each string function call
 * checked): PH_C_NAME a byte of libxml2's HTML names, PH_C_BLANK a blank
 * (CR excepted: the fast path refuses it), PH_C_LETTER a name's first,
 * PH_C_UPPER (0x20, the ASCII case bit) an upper-case letter.
 */
#define PH_C_NAME	1
#define PH_C_BLANK	2
#define PH_C_LETTER	4
#define PH_C_UPPER	0x20
static const unsigned char ph_class[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
	0, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37,
	37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 37, 0, 0, 0, 0, 1,
	0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
	5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

/*
 * From p past plain bytes to the first byte of stop, or to limit;
 * NULL at U+FFFE or U+FFFF. The input ends with a NUL (in stop too).
 */
static const char *
ph_run(const char *p, const char *limit, const char *stop)
{
	for (;;) {
		p += strcspn(p, stop);
		if (p >= limit)
			return limit;
		if ((unsigned char)*p != 0xef)
			return p;
		if (limit - p >= 3 && (unsigned char)p[1] == 0xbf &&
		    ((unsigned char)p[2] == 0xbe || (unsigned char)p[2] == 0xbf))
			return NULL;
		p++;
	}
}

/* From p past blanks (libxml2's, less the CR the fast path refuses). */
static const char *
ph_skip_blanks(const char *p, const char *limit)
{
	while (p < limit && (ph_class[(unsigned char)*p] & PH_C_BLANK))
		p++;
	return p;
}

/*
 * A name (libxml2's HTML name: a letter, then letters, digits, ':', '-',
 * '_', '.'; fewer than PH_NAME_MAX), lowercased into out (as libxml2
 * does) unless out is NULL; its end, or NULL.
 */
static const char *
ph_scan_name(const char *p, const char *limit, char *out)
{
	size_t	n, i;

	if (p >= limit || !(ph_class[(unsigned char)*p] & PH_C_LETTER))
		return NULL;
	/* The input ends with a NUL, which is no name byte. */
	for (n = 1; ph_class[(unsigned char)p[n]] & PH_C_NAME; n++)
		;
	if (n >= PH_NAME_MAX || n > (size_t)(limit - p))
		return NULL;
	/* ASCII only here: lowercase is one bit. */
	for (i = 0; out != NULL && i < n; i++)
		out[i] = (char)(p[i] | (ph_class[(unsigned char)p[i]] & PH_C_UPPER));
	if (out != NULL)
		out[n] = '\0';
	return p + n;
}

/*
 * One start tag from p (at its '<'): its name in name, what the reader
 * keeps of its attributes in a, whether it closes itself;
 * its end, or NULL when it is not plain (quoted values, blanks between
 * attributes, '>' or "/>" at the end).
 */
static const char *
ph_scan_start(const char *p, const char *limit, char *name, struct ph_attrs *a,
    bool *selfclose)
{
	const char	*an, *ae, *v;
	char		 q;

	if ((p = ph_scan_name(p + 1, limit, name)) == NULL)
		return NULL;
	memset(a, 0, sizeof(*a));
	for (;;) {
		if (p >= limit)
			return NULL;
		if (*p != '>' && *p != '/' && !(ph_class[(unsigned char)*p] & PH_C_BLANK))
			return NULL;
		p = ph_skip_blanks(p, limit);
		if (p < limit && *p == '>') {
			*selfclose = false;
			return p + 1;
		}
		if (limit - p >= 2 && p[0] == '/' && p[1] == '>') {
			*selfclose = true;
			return p + 2;
		}
		an = p;
		if ((ae = ph_scan_name(p, limit, NULL)) == NULL)
			return NULL;
		p = ph_skip_blanks(ae, limit);
		if (p >= limit || *p != '=')
			return NULL;
		p = ph_skip_blanks(p + 1, limit);
		if (p >= limit || (*p != '"' && *p != '\''))
			return NULL;
		q = *p++;
		v = p;
		if ((p = ph_run(p, limit, q == '"' ? ph_stop_dq : ph_stop_sq)) ==
		    NULL || p >= limit || *p != q)
			return NULL;
		ph_attr_one(a, an, (size_t)(ae - an), v, (size_t)(p - v));
		p++;
	}
}

/* Whether the innermost element open in the scan is called name. */
static bool
ph_scan_top(const struct strbuf *tags, const char *name)
{
	size_t	n = strlen(name);

	return tags->len >= n + 1 && strcmp(tags->buf + tags->len - n - 1,
	    name) == 0 && (tags->len == n + 1 || tags->buf[tags->len - n - 2] == '\0');
}

/* One event of the fast path's tape, for ph_svg_replay. */
static void
ph_tape_add(struct ph_state *st, int kind, const char *s, size_t len,
    const struct ph_attrs *a, bool text, bool selfclose)
{
	struct ph_ev	*ev;

	if (kind == PH_EV_TEXT && len == 0)
		return;
	if (st->ntape == st->tapecap)
		xgrow(&st->tape, &st->tapecap, st->ntape + 1, sizeof(*st->tape));
	ev = &st->tape[st->ntape++];
	ev->kind = (unsigned char)kind;
	ev->s = s;
	ev->len = len;
	if (a != NULL)
		ev->a = *a;
	ev->text = text;
	ev->selfclose = selfclose;
}

/*
 * The content of an element of an SVG (called elem), from p (after its
 * start tag): as many whole plain children as follow one another, and
 * its end tag, read in one pass onto the tape (st->tape; the first
 * *nev events are those of the children taken). Returns where the
 * parser is to go on: just after the last of those children, or at the
 * text before the element's end tag; the byte before it is a '>'.
 */
static const char *
ph_svg_scan(struct ph_state *st, const char *p, const char *limit,
    const char *elem, size_t *nev)
{
	struct ph_attrs	 a;
	char		 name[PH_NAME_MAX];
	const char	*text = p, *commit = p, *start = p, *q;
	size_t		 base = st->depth, depth = 0;
	bool		 selfclose;

	st->ntape = *nev = 0;
	strbuf_reset(&st->tagbuf);
	strbuf_adds(&st->tagbuf, elem);
	strbuf_addc(&st->tagbuf, '\0');
	while (p < limit) {
		if (*p != '<') {
			if ((q = ph_run(p, limit, ph_stop_text)) == NULL)
				break;
			p = q;
			if (p >= limit || *p != '<')
				break;
		}
		if (limit - p >= 2 && p[1] == '/') {
			if ((q = ph_scan_name(p + 2, limit, name)) == NULL)
				break;
			q = ph_skip_blanks(q, limit);
			/* Only the innermost open element's end. */
			if (q >= limit || *q != '>' || !ph_scan_top(&st->tagbuf, name))
				break;
			if (depth == 0) {
				commit = text;
				*nev = st->ntape;
				break;
			}
			ph_tape_add(st, PH_EV_TEXT, text, (size_t)(p - text), NULL,
			    false, false);
			ph_tape_add(st, PH_EV_CLOSE, NULL, 0, NULL, false, false);
			st->tagbuf.len -= strlen(name) + 1;
			p = text = q + 1;
			if (--depth == 0) {
				commit = p;
				*nev = st->ntape;
			}
			continue;
		}
		if ((q = ph_scan_start(p, limit, name, &a, &selfclose)) == NULL)
			break;
		/* HTML's own tags have HTML's rules (<a> in <a> closes it). */
		if (htmlTagLookup((const xmlChar *)name) != NULL &&
		    (strcmp(name, "a") != 0 || ph_scan_top(&st->tagbuf, "a")))
			break;
		/* The parser's depth limit is the parser's to apply. */
		if (base + depth + 1 >= PH_MAX_DEPTH)
			break;
		ph_tape_add(st, PH_EV_TEXT, text, (size_t)(p - text), NULL, false,
		    false);
		ph_tape_add(st, PH_EV_OPEN, NULL, 0, &a, strcmp(name, "text") == 0,
		    selfclose);
		if (!selfclose) {
			strbuf_adds(&st->tagbuf, name);
			strbuf_addc(&st->tagbuf, '\0');
			depth++;
		}
		p = text = q;
		if (depth == 0) {
			commit = p;
			*nev = st->ntape;
		}
	}
	/* What a failed scan cost is paid again one level down: bounded. */
	st->scan_budget -= (size_t)(p - start) < st->scan_budget ?
	    (size_t)(p - start) : st->scan_budget;
	return commit;
}

/* The first n events of the tape, to the handlers. */
static void
ph_svg_replay(struct ph_state *st, size_t n)
{
	const struct ph_ev	*ev;
	size_t			 i;

	for (i = 0; i < n; i++) {
		ev = &st->tape[i];
		switch (ev->kind) {
		case PH_EV_TEXT:
			ph_add_text(st, ev->s, ev->len);
			break;
		case PH_EV_OPEN:
			/* In an SVG read whole only <text> is looked at. */
			ph_open_elem(st, ev->text ? "text" : "", &ev->a);
			if (ev->selfclose)
				ph_end(st);
			break;
		default:
			ph_end(st);
			break;
		}
	}
}

/*
 * Whether the parser has just read name's end tag, or the "/>" of its
 * start tag: the input just before the parser's position.
 */
static bool
ph_just_closed(struct ph_state *st, const char *name)
{
	xmlParserInputPtr	 in = st->ctxt->input;
	const char		*b, *p;
	size_t			 n = strlen(name);

	if (in == NULL || in->cur == NULL || in->base == NULL || in->cur <= in->base)
		return false;
	b = (const char *)in->base;
	p = (const char *)in->cur - 1;
	if (*p != '>' || p == b)
		return false;
	if (p[-1] == '/')
		return true;
	for (p--; p > b && (ph_class[(unsigned char)*p] & PH_C_BLANK); p--)
		;
	/* p is at the name's last byte. */
	return (size_t)(p - b) >= n + 1 && g_ascii_strncasecmp(p - n + 1, name, n) == 0 &&
	    p[-(long)n] == '/' && p[-(long)n - 1] == '<';
}

/*
 * In an <svg> read whole, at an element of it (the <svg> itself too):
 * just after its start tag (at, true: the parser is at the tag's '>'),
 * or in its content just after a child the parser read (at false). What
 * is plain from there is read here, and the parser moved on to where
 * that ends.
 */
static void
ph_svg_fast(struct ph_state *st, const char *elem, bool at)
{
	xmlParserInputPtr	 in = st->ctxt->input;
	const char		*p, *end, *commit;
	size_t			 nev;

	/* The whole input in memory, NUL-terminated (strcspn stops there). */
	if (st->scan_budget == 0 || in == NULL || in->cur == NULL ||
	    in->end == NULL || in->cur >= in->end || *in->end != '\0' ||
	    (at && *in->cur != '>'))
		return;
	p = (const char *)in->cur + (at ? 1 : 0);
	end = (const char *)in->end;
	if ((commit = ph_svg_scan(st, p, end, elem, &nev)) == p)
		return;
	ph_svg_replay(st, nev);
	/* After a start tag, at the '>' before it: the parser steps over that. */
	if (at)
		commit--;
	st->ctxt->nbChars += commit - (const char *)in->cur;
	in->cur = (const xmlChar *)commit;
}

static int
parse_pts_html_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct ph_state	 st;
	htmlSAXHandler	 sax;
	char		*buf, *s;
	size_t		 len;
	int		 rc = -1;

	memset(&st, 0, sizeof(st));
	st.path = path;
	st.opt = opt;
	st.rs = rs;
	if ((buf = format_slurp(path, &len, d)) == NULL)
		return -1;
	/* Not PTS's page: said before any parsing. */
	if (parse_pts_html_detect(buf, len) == 0) {
		free(buf);
		return diag_set(d, path, 0, "not a Phoronix Test Suite HTML page (no "
		    "\"... - Phoronix Test Suite\" title, <h1> and SVG charts)");
	}
	if (len > INT32_MAX) {
		free(buf);
		return diag_set(d, path, 0, "file too large");
	}
	/* UTF-8 whatever the page claims (see text-paste.c's paste_html). */
	if (!g_utf8_validate(buf, (gssize)len, NULL)) {
		s = g_utf8_make_valid(buf, (gssize)len);
		free(buf);
		buf = xstrdup(s);
		g_free(s);
		len = strlen(buf);
	}
	st.ctxt = htmlCreateMemoryParserCtxt(buf, (int)len);
	if (st.ctxt == NULL) {
		free(buf);
		return diag_set(d, path, 0, "not parseable as HTML");
	}
	/*
	 * UTF-8 without a decoder (the bytes are valid UTF-8 now): without
	 * this the parser takes the first non-ASCII byte for Latin-1. Like
	 * a UTF-8 decoder, it skips a byte-order mark.
	 */
	(void)xmlSwitchEncoding(st.ctxt, XML_CHAR_ENCODING_UTF8);
	st.names = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	strbuf_init(&st.whole_buf);
	strbuf_init(&st.p_buf);
	strbuf_init(&st.arena);
	strbuf_init(&st.tagbuf);
	/*
	 * Each byte scanned about twice at most (see ph_svg_scan): a page
	 * whose irregular byte sits under 240 nested elements was rescanned
	 * at each level, past 5 ms at 64 KiB with four passes.
	 */
	st.scan_budget = len + 65536;
	memset(&sax, 0, sizeof(sax));
	sax.startElement = ph_sax_start;
	sax.endElement = ph_sax_end;
	sax.characters = ph_sax_text;
	sax.cdataBlock = ph_sax_text;
	if (st.ctxt->sax != NULL)
		xmlFree(st.ctxt->sax);
	st.ctxt->sax = (xmlSAXHandlerPtr)&sax;
	st.ctxt->userData = &st;
	htmlCtxtUseOptions(st.ctxt, HTML_PARSE_NONET | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_IGNORE_ENC);
	(void)htmlParseDocument(st.ctxt);
	/* What is still open ends with the page, as in a tree. */
	st.halted = false;
	ph_sync(&st, 0);
	st.ctxt->sax = NULL;
	if (st.ctxt->myDoc != NULL)
		xmlFreeDoc(st.ctxt->myDoc);
	htmlFreeParserCtxt(st.ctxt);
	free(buf);
	if (!st.any) {
		diag_set(d, path, 0, "not parseable as HTML");
		goto out;
	}
	if (rs->nsystems == 0) {
		diag_set(d, path, 0, "PTS HTML page without its systems table");
		goto out;
	}
	if (rs->ntests == 0) {
		diag_set(d, path, 0, "PTS HTML page without any result chart read");
		goto out;
	}
	if (st.skipped > 0)
		format_warn(opt, path, 0, "%zu chart%s without values this reader "
		    "knows (bars, line-graph Avg, PASS/FAIL) left out", st.skipped,
		    st.skipped == 1 ? "" : "s");
	model_set_str(&rs->generator, "Phoronix Test Suite (HTML export)");
	rc = 0;
out:
	free(st.title);
	free(st.desc);
	free(st.labels);
	free(st.open);
	free(st.texts.v);
	strbuf_free(&st.whole_buf);
	strbuf_free(&st.p_buf);
	strbuf_free(&st.arena);
	strbuf_free(&st.tagbuf);
	free(st.tape);
	g_hash_table_destroy(st.names);
	return rc;
}
