/* SPDX-License-Identifier: ISC */
/*
 * The page the Phoronix Test Suite writes with result-file-to-html: an
 * <h1> title, a description paragraph, the systems table as an SVG, an
 * overview SVG, then per result an <h2> title, an <h3> description and
 * its chart SVG. Read with libxml2's HTML parser as SAX events (no tree:
 * under a sanitizer the tree's allocations were most of the reader's
 * cost); inside each SVG every label is its own <text> placed by x/y, so
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
};

static int	 parse_pts_html_detect(const char *head, size_t len);
static int	 parse_pts_html_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static size_t	 ph_squash(char *s, size_t len);
static char	*ph_take(struct strbuf *b);
static const char *ph_att(const xmlChar **atts, const char *name, bool *found);
static unsigned char ph_code(const xmlChar **atts, const char *name,
		    const char *want, unsigned char code, const char *want2,
		    unsigned char code2);
static unsigned char ph_inherit(struct ph_state *st, size_t field);
static void	 ph_text_start(struct ph_state *st, const xmlChar **atts);
static void	 ph_text_end(struct ph_state *st);
static void	 ph_whole_end(struct ph_state *st);
static void	 ph_end(struct ph_state *st);
static void	 ph_sync(struct ph_state *st, size_t open);
static void	 ph_sax_start(void *ud, const xmlChar *name, const xmlChar **atts);
static void	 ph_sax_end(void *ud, const xmlChar *name);
static void	 ph_sax_text(void *ud, const xmlChar *ch, int len);
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
		if (sscanf(p, "SE +/- %lf, N = %ld", &se, &n) == 2 &&
		    (v = test_find_value(tt, (size_t)s)) != NULL) {
			v->has_se = true;
			v->se = se;
			v->n = n;
			continue;
		}
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
	if (tt->nvalues == 0) {
		st->skipped++;
		result_set_pop_test(st->rs);
	}
}


/* An attribute's value ("" when it has none), or NULL when absent. */
static const char *
ph_att(const xmlChar **atts, const char *name, bool *found)
{
	size_t	i;

	*found = false;
	for (i = 0; atts != NULL && atts[i] != NULL; i += 2)
		if (strcmp((const char *)atts[i], name) == 0) {
			*found = true;
			return atts[i + 1] != NULL ? (const char *)atts[i + 1] : "";
		}
	return NULL;
}

/* PH_NONE when the attribute is absent; code for want, code2 for want2. */
static unsigned char
ph_code(const xmlChar **atts, const char *name, const char *want,
    unsigned char code, const char *want2, unsigned char code2)
{
	const char	*v;
	bool		 found;

	if ((v = ph_att(atts, name, &found)) == NULL)
		return PH_NONE;
	if (strcmp(v, want) == 0)
		return code;
	if (want2 != NULL && strcmp(v, want2) == 0)
		return code2;
	return PH_OTHER;
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
ph_text_start(struct ph_state *st, const xmlChar **atts)
{
	struct ph_texts	*t = &st->texts;
	struct ph_text	*x;
	const char	*a;
	bool		 found;

	if (t->n == t->cap)
		xgrow(&t->v, &t->cap, t->n + 1, sizeof(*t->v));
	x = &t->v[t->n++];
	memset(x, 0, sizeof(*x));
	a = ph_att(atts, "x", &found);
	x->x = a != NULL ? g_ascii_strtod(a, NULL) : 0;
	a = ph_att(atts, "y", &found);
	x->y = a != NULL ? g_ascii_strtod(a, NULL) : 0;
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
ph_sax_start(void *ud, const xmlChar *xname, const xmlChar **atts)
{
	struct ph_state	*st = ud;
	struct ph_open	*o;
	const char	*name = (const char *)xname;
	size_t		 open = (size_t)(st->ctxt->nameNr > 0 ? st->ctxt->nameNr : 0);

	if (st->halted)
		return;
	ph_sync(st, open > 0 ? open - 1 : 0);
	if (st->depth > PH_MAX_DEPTH) {
		st->halted = true;
		xmlStopParser(st->ctxt);
		return;
	}
	if (st->depth == st->opencap)
		xgrow(&st->open, &st->opencap, st->depth + 1, sizeof(*st->open));
	o = &st->open[st->depth++];
	o->weight = ph_code(atts, "font-weight", "bold", PH_BOLD, NULL, 0);
	o->anchor = ph_code(atts, "text-anchor", "end", PH_END, "middle",
	    PH_MIDDLE);
	o->baseline = ph_code(atts, "dominant-baseline", "text-before-edge",
	    PH_BEFORE_EDGE, NULL, 0);
	st->any = true;
	if (st->whole != PH_W_NONE) {
		if (st->whole == PH_W_SVG && st->text_at == 0 &&
		    strcmp(name, "text") == 0)
			ph_text_start(st, atts);
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

static void
ph_sax_end(void *ud, const xmlChar *name)
{
	struct ph_state	*st = ud;

	(void)name;
	if (st->halted)
		return;
	/* The parser pops its own stack after this event. */
	ph_sync(st, (size_t)(st->ctxt->nameNr > 0 ? st->ctxt->nameNr : 0));
	if (st->depth == (size_t)st->ctxt->nameNr)
		ph_end(st);
}

/* Text (entities decoded): to every open element that keeps its text. */
static void
ph_sax_text(void *ud, const xmlChar *ch, int len)
{
	struct ph_state	*st = ud;

	if (st->halted || len <= 0)
		return;
	ph_sync(st, (size_t)(st->ctxt->nameNr > 0 ? st->ctxt->nameNr : 0));
	if (st->text_at != 0)
		strbuf_add(&st->arena, (const char *)ch, (size_t)len);
	if (st->whole == PH_W_H1 || st->whole == PH_W_H2 || st->whole == PH_W_H3)
		strbuf_add(&st->whole_buf, (const char *)ch, (size_t)len);
	if (st->p_at != 0)
		strbuf_add(&st->p_buf, (const char *)ch, (size_t)len);
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
	g_hash_table_destroy(st.names);
	return rc;
}
