/* SPDX-License-Identifier: ISC */
/*
 * Reader for the OpenBenchmarking "HTML result view" export page itself
 * (or a browser-saved page around it): libxml2's HTML parser, then the
 * export's own blocks (h1, description, export line, systems table SVG,
 * overview SVG, h2/h3/chart SVG sections, trailer). Inside each SVG every
 * label is its own <text>, placed by x/y, so names, SEs, values and notes
 * are attributed by position: nothing is ambiguous. No network, no DTD.
 *
 * The page is read as the parser's SAX events, not as a tree: under the
 * fuzzing sanitizers the tree (a node per element, attribute and text,
 * each with its copies) was most of the reader's cost. A stack of open
 * elements stands for the tree's ancestors (the inherited text-anchor)
 * and follows libxml2's tree builder where its events and its tree
 * differ: the whitespace the builder drops as ignorable (it looks at the
 * tree to decide), a start tag without its '>' (popped without an end
 * event), and the depth past which the builder stops the parse. So every
 * page reads to the blocks, texts and lines the tree gave.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include "format.h"
#include "ob-segment.h"
#include "strbuf.h"
#include "xalloc.h"

/*
 * libxml2's tree builder halts the parse when an element would be pushed
 * on a stack this deep (xmlParserMaxDepth): the events stop there too.
 */
#define OH_MAX_DEPTH	256
/*
 * Comparisons the systems table may take (cells by labels to find rows,
 * cells by columns to place them): real tables take a few thousand; a
 * made-up one of a thousand labels and cells would take 10^9.
 */
#define OH_TABLE_STEPS	1000000

/* An inherited text-anchor: absent, or the values the reader tells apart. */
enum oh_anchor { OH_A_NONE, OH_A_START, OH_A_END, OH_A_MIDDLE, OH_A_OTHER };

struct htext {
	double		 x, y;
	unsigned char	 anchor;	/* enum oh_anchor, inherited */
	size_t		 off;		/* of its text in oh_state.tarena */
	const char	*s;		/* set when the page is read */
};

struct htexts {
	struct htext	*t;
	size_t		 len;
};

enum oh_kind { OH_H1, OH_H2, OH_H3, OH_P, OH_HR };

/* A block element of the page (not descended into by the walk). */
struct hblock {
	enum oh_kind	 kind;
	long		 line;
	size_t		 text;		/* its content, in oh_state.barena */
	bool		 a, href;	/* a first <a> inside; it has href= */
	size_t		 href_off;	/* in harena */
	bool		 svg;		/* a first <svg> inside */
	size_t		 t0, tin, t1;	/* texts: [t0, tin) in the svg, to t1
					   in its later siblings */
	const char	*s, *href_s;	/* set when the page is read */
};

/* The kind of an open element's last child, for the blanks rule. */
enum oh_last { OH_L_NONE, OH_L_TEXT, OH_L_NAMED, OH_L_OTHER };

/* The attributes the reader reads, NULL when absent, "" without a value. */
struct oh_atts {
	const char	*anchor, *x, *y, *href;
};

struct oh_open {
	unsigned char	 anchor;	/* enum oh_anchor, inherited */
	unsigned char	 last;		/* enum oh_last */
	const xmlChar	*last_name;	/* OH_L_NAMED: the parser's name */
};

struct oh_state {
	htmlParserCtxtPtr ctxt;
	struct oh_open	*open;
	size_t		 depth, opencap;
	bool		 started, any, halted, strict_dtd;
	char		*deep_at;	/* the element past OH_MAX_DEPTH */
	long		 deep_line;
	struct hblock	*b;
	size_t		 nb, bcap;
	size_t		 block_at;	/* depth of the open block, 0: none */
	size_t		 skip_at;	/* of a <script>/<style> outside blocks */
	size_t		 coll_at;	/* of the collecting svg's parent */
	bool		 collecting;
	size_t		 svg_at;	/* of the block's svg while open */
	size_t		 text_at;	/* of the collected <text> while open */
	struct htext	*t;
	size_t		 nt, tcap;
	struct strbuf	 barena, tarena;	/* blocks' and texts' content */
	struct strbuf	 harena;		/* the <a>s' href values */
};

static int	parse_ob_html_detect(const char *head, size_t len);
static void	oh_finish(struct strbuf *a, size_t off);
static bool	oh_is(const xmlChar *name, const char *want);
static bool	oh_pcdata(const xmlChar *name);
static void	oh_atts(const xmlChar **atts, struct oh_atts *a);
static bool	oh_dropped_blank(struct oh_state *st, const char *ch, size_t len);
static void	oh_end(struct oh_state *st);
static void	oh_sync(struct oh_state *st, size_t open);
static size_t	oh_open_count(const struct oh_state *st);
static void	oh_sax_start_doc(void *ud);
static void	oh_sax_subset(void *ud, const xmlChar *name,
		    const xmlChar *external, const xmlChar *system);
static void	oh_sax_start(void *ud, const xmlChar *name, const xmlChar **atts);
static void	oh_sax_end(void *ud, const xmlChar *name);
static void	oh_add_text(struct oh_state *st, const xmlChar *ch, int len,
		    bool cdata);
static void	oh_sax_text(void *ud, const xmlChar *ch, int len);
static void	oh_sax_cdata(void *ud, const xmlChar *ch, int len);
static void	oh_sax_pi(void *ud, const xmlChar *target, const xmlChar *data);
static bool	parse_ob_html_anchor(const struct htext *h, unsigned char a);
static int	parse_ob_html_row(const struct htexts *t, size_t c0, size_t c1,
	    const size_t *near, size_t r, const double *cx, size_t ncol,
	    const char **out, size_t *steps);
static int	parse_ob_html_table(const struct htexts *tv, struct result_set *rs,
	    const char *path, long line, struct diag *d);
static long	parse_ob_html_bar(const struct htexts *t, size_t n0, size_t nn,
	    double y, int dir);
static int	parse_ob_html_chart(const struct htexts *tv, struct test *test,
	    struct result_set *rs, const char *h2, const char *h3, const char *path,
	    long line, struct diag *d);
static void	parse_ob_html_overview(const struct htexts *t,
		    struct str_list *names);
static int	parse_ob_html_head(struct oh_state *st, struct result_set *rs,
		    const struct read_options *opt, const char *path,
		    size_t *export, struct diag *d);
static int	parse_ob_html_walk(struct oh_state *st, struct result_set *rs,
	    const struct read_options *opt, const char *path, struct diag *d);
static int	parse_ob_html_read(const char *path,
	    const struct read_options *opt, struct result_set *rs, struct diag *d);

static int
parse_ob_html_detect(const char *head, size_t len)
{
	(void)len;
	if (strstr(head, "<svg") == NULL && strstr(head, "<html") == NULL &&
	    strstr(head, "<HTML") == NULL)
		return 0;
	if (strstr(head, OB_EXPORT_LINE) != NULL)
		return 95;
	return 0;
}

/*
 * The text from off to the arena's end as a browser shows it (what the
 * tree's xmlNodeGetContent gave, cut at a NUL, with layout whitespace as
 * spaces, trimmed), NUL-terminated in place.
 */
static void
oh_finish(struct strbuf *a, size_t off)
{
	char	*s, *p, *z;
	size_t	 l = a->len - off, i;

	/* An arena nothing was added to yet has no buffer: nothing to clean. */
	if (l == 0) {
		strbuf_addc(a, '\0');
		return;
	}
	s = a->buf + off;
	if ((z = memchr(s, '\0', l)) != NULL)
		l = (size_t)(z - s);
	for (i = 0; i < l; i++)
		if (s[i] == '\n' || s[i] == '\r' || s[i] == '\t')
			s[i] = ' ';
	while (l > 0 && s[l - 1] == ' ')
		l--;
	for (p = s; p < s + l && *p == ' '; p++)
		;
	l -= (size_t)(p - s);
	memmove(s, p, l);
	a->len = off + l;
	strbuf_addc(a, '\0');
}

/*
 * Whether an element's name is want (lower case), case aside as the tree
 * walk compared; its first letter first, as most names are none of the
 * few the reader looks for.
 */
static bool
oh_is(const xmlChar *name, const char *want)
{
	return (name[0] | 0x20) == want[0] &&
	    xmlStrcasecmp(name, (const xmlChar *)want) == 0;
}

/*
 * Elements whose whitespace children libxml2's tree builder keeps. Asked
 * only for blank text (names are compared where they are interned, in
 * the library, not one by one through the fuzzer's comparison hooks).
 */
static bool
oh_pcdata(const xmlChar *name)
{
	static const char *const allow[] = {
		"a", "abbr", "acronym", "address", "applet", "b", "bdo", "big",
		"blockquote", "body", "button", "caption", "center", "cite",
		"code", "dd", "del", "dfn", "div", "dt", "em", "font", "form",
		"h1", "h2", "h3", "h4", "h5", "h6", "i", "iframe", "ins", "kbd",
		"label", "legend", "li", "noframes", "noscript", "object", "p",
		"pre", "q", "s", "samp", "small", "span", "strike", "strong",
		"td", "th", "tt", "u", "var"
	};
	size_t	i;

	for (i = 0; name != NULL && i < sizeof(allow) / sizeof(allow[0]); i++)
		if (xmlStrEqual(name, (const xmlChar *)allow[i]))
			return true;
	return false;
}

/*
 * The attributes the reader reads, in one pass over the element's (the
 * parser has dropped repeated ones, so the first is the only one).
 */
static void
oh_atts(const xmlChar **atts, struct oh_atts *a)
{
	const char	*n, *v;
	size_t		 i;

	memset(a, 0, sizeof(*a));
	for (i = 0; atts != NULL && atts[i] != NULL; i += 2) {
		n = (const char *)atts[i];
		v = atts[i + 1] != NULL ? (const char *)atts[i + 1] : "";
		switch (n[0]) {
		case 'x':
			if (n[1] == '\0' && a->x == NULL)
				a->x = v;
			break;
		case 'y':
			if (n[1] == '\0' && a->y == NULL)
				a->y = v;
			break;
		case 't':
			if (a->anchor == NULL && xmlStrEqual(atts[i],
			    (const xmlChar *)"text-anchor"))
				a->anchor = v;
			break;
		case 'h':
			if (a->href == NULL && xmlStrEqual(atts[i],
			    (const xmlChar *)"href"))
				a->href = v;
			break;
		}
	}
}

/*
 * Whether libxml2's tree builder drops this text as ignorable whitespace
 * (its areBlanks, which reads the tree: the current node's last child).
 * Only raw text is ever dropped, never a character reference ("&#32;",
 * which ends in ';' or a digit where raw blanks end in a blank).
 */
static bool
oh_dropped_blank(struct oh_state *st, const char *ch, size_t len)
{
	const xmlChar	*cur = st->ctxt->input->cur;
	const char	*name = (const char *)st->ctxt->name;
	size_t		 i;

	for (i = 0; i < len; i++)
		if (ch[i] != ' ' && ch[i] != '\t' && ch[i] != '\n' && ch[i] != '\r')
			return false;
	if (cur <= st->ctxt->input->base || (cur[-1] != ' ' && cur[-1] != '\t' &&
	    cur[-1] != '\n' && cur[-1] != '\r'))
		return false;
	if (*cur == '\0')
		return true;
	if (*cur != '<')
		return false;
	if (name == NULL || strcmp(name, "html") == 0 || strcmp(name, "head") == 0)
		return true;
	if (strcmp(name, "body") == 0 && st->strict_dtd)
		return true;
	if (st->depth == 0)
		return false;
	switch (st->open[st->depth - 1].last) {
	case OH_L_NONE:
		return !oh_pcdata(st->ctxt->name);
	case OH_L_TEXT:
		return false;
	case OH_L_NAMED:
		return !oh_pcdata(st->open[st->depth - 1].last_name);
	default:
		return true;
	}
}

/* The innermost open element ends. */
static void
oh_end(struct oh_state *st)
{
	struct hblock	*b;

	if (st->depth == 0)
		return;
	if (st->text_at == st->depth) {
		oh_finish(&st->tarena, st->t[st->nt - 1].off);
		st->text_at = 0;
	}
	b = st->nb > 0 ? &st->b[st->nb - 1] : NULL;
	if (st->svg_at == st->depth) {
		b->tin = st->nt;
		st->svg_at = 0;
	}
	if (st->collecting && st->coll_at == st->depth) {
		b->t1 = st->nt;
		st->collecting = false;
	}
	if (st->block_at == st->depth) {
		oh_finish(&st->barena, b->text);
		st->block_at = 0;
	}
	if (st->skip_at == st->depth)
		st->skip_at = 0;
	st->depth--;
}

/*
 * libxml2 drops an element from its stack without an end event when its
 * start tag has no '>' (the tree keeps it, empty): such elements end here,
 * before the next event, as many as the parser's stack is shorter.
 */
static void
oh_sync(struct oh_state *st, size_t open)
{
	while (st->depth > open)
		oh_end(st);
}

static size_t
oh_open_count(const struct oh_state *st)
{
	return st->ctxt->nameNr > 0 ? (size_t)st->ctxt->nameNr : 0;
}

static void
oh_sax_start_doc(void *ud)
{
	struct oh_state	*st = ud;

	st->started = true;
}

/* A doctype: the strict HTML 4 ones make the builder drop <body>'s blanks. */
static void
oh_sax_subset(void *ud, const xmlChar *name, const xmlChar *external,
    const xmlChar *system)
{
	struct oh_state	*st = ud;

	(void)name;
	(void)system;
	st->strict_dtd = external != NULL && (xmlStrcasecmp(external,
	    (const xmlChar *)"-//W3C//DTD HTML 4.01//EN") == 0 ||
	    xmlStrcasecmp(external, (const xmlChar *)"-//W3C//DTD HTML 4//EN") == 0);
}

/*
 * An element opens. Outside a block, the walk's block elements (h1, h2,
 * h3, p, hr) open one and <script>/<style> are skipped whole; inside a
 * block, its first <a> gives the export URL, its first <svg> starts the
 * collection of <text>s (the svg's, then its later siblings'), which a
 * <text> inside a collected one joins as text only.
 */
static void
oh_sax_start(void *ud, const xmlChar *xname, const xmlChar **atts)
{
	struct oh_state	*st = ud;
	const char	*v;
	struct oh_atts	 at;
	struct oh_open	*o;
	struct hblock	*b;
	struct htext	*h;
	size_t		 open = oh_open_count(st);

	if (st->halted)
		return;
	oh_sync(st, open > 0 ? open - 1 : 0);
	if (st->depth > OH_MAX_DEPTH) {
		st->halted = true;
		st->deep_at = xstrdup((const char *)xname);
		st->deep_line = st->ctxt->input->line;
		xmlStopParser(st->ctxt);
		return;
	}
	if (st->depth > 0) {
		st->open[st->depth - 1].last = OH_L_NAMED;
		st->open[st->depth - 1].last_name = xname;
	}
	if (st->depth == st->opencap)
		xgrow(&st->open, &st->opencap, st->depth + 1, sizeof(*st->open));
	o = &st->open[st->depth++];
	o->last = OH_L_NONE;
	oh_atts(atts, &at);
	if ((v = at.anchor) != NULL)
		o->anchor = strcmp(v, "start") == 0 ? OH_A_START :
		    strcmp(v, "end") == 0 ? OH_A_END :
		    strcmp(v, "middle") == 0 ? OH_A_MIDDLE : OH_A_OTHER;
	else if (oh_is(xname, "svg") ||
	    st->depth == 1)
		o->anchor = OH_A_NONE;
	else
		o->anchor = st->open[st->depth - 2].anchor;
	st->any = true;
	if (st->skip_at != 0)
		return;
	if (st->block_at == 0) {
		enum oh_kind	 k;

		if (oh_is(xname, "h1"))
			k = OH_H1;
		else if (oh_is(xname, "h2"))
			k = OH_H2;
		else if (oh_is(xname, "h3"))
			k = OH_H3;
		else if (oh_is(xname, "p"))
			k = OH_P;
		else if (oh_is(xname, "hr"))
			k = OH_HR;
		else {
			if (oh_is(xname, "script") || oh_is(xname, "style"))
				st->skip_at = st->depth;
			return;
		}
		xgrow(&st->b, &st->bcap, st->nb + 1, sizeof(*st->b));
		b = &st->b[st->nb++];
		memset(b, 0, sizeof(*b));
		b->kind = k;
		/* What the tree builder records as the element's line. */
		b->line = st->ctxt->linenumbers == 0 ? 0 :
		    st->ctxt->input->line < 65535 ? st->ctxt->input->line : 65535;
		b->text = st->barena.len;
		st->block_at = st->depth;
		return;
	}
	b = &st->b[st->nb - 1];
	if (!b->a && oh_is(xname, "a")) {
		b->a = true;
		if ((v = at.href) != NULL) {
			b->href = true;
			b->href_off = st->harena.len;
			strbuf_adds(&st->harena, v);
			strbuf_addc(&st->harena, '\0');
		}
	}
	if (!b->svg && oh_is(xname, "svg")) {
		b->svg = true;
		b->t0 = b->tin = b->t1 = st->nt;
		st->svg_at = st->depth;
		st->coll_at = st->depth - 1;
		st->collecting = true;
	}
	if (st->collecting && st->text_at == 0 && oh_is(xname, "text")) {
		xgrow(&st->t, &st->tcap, st->nt + 1, sizeof(*st->t));
		h = &st->t[st->nt++];
		v = at.x;
		h->x = v != NULL ? strtod(v, NULL) : 0;
		v = at.y;
		h->y = v != NULL ? strtod(v, NULL) : 0;
		h->anchor = o->anchor;
		h->off = st->tarena.len;
		h->s = NULL;
		st->text_at = st->depth;
	}
}

static void
oh_sax_end(void *ud, const xmlChar *name)
{
	struct oh_state	*st = ud;

	(void)name;
	if (st->halted)
		return;
	/* The parser pops its own stack after this event. */
	oh_sync(st, oh_open_count(st));
	if (st->depth == oh_open_count(st))
		oh_end(st);
}

/*
 * Text (entities decoded) for the open block and the collected <text>:
 * a text node of the tree (cdata false), unless the tree builder drops it
 * as blank, or a script's or style's content (a CDATA node, never dropped).
 */
static void
oh_add_text(struct oh_state *st, const xmlChar *ch, int len, bool cdata)
{
	if (st->halted || len <= 0)
		return;
	oh_sync(st, oh_open_count(st));
	if (st->depth == 0 || (!cdata &&
	    oh_dropped_blank(st, (const char *)ch, (size_t)len)))
		return;
	st->open[st->depth - 1].last = cdata ? OH_L_OTHER : OH_L_TEXT;
	if (st->text_at != 0)
		strbuf_add(&st->tarena, (const char *)ch, (size_t)len);
	if (st->block_at != 0)
		strbuf_add(&st->barena, (const char *)ch, (size_t)len);
}

static void
oh_sax_text(void *ud, const xmlChar *ch, int len)
{
	oh_add_text(ud, ch, len, false);
}

static void
oh_sax_cdata(void *ud, const xmlChar *ch, int len)
{
	oh_add_text(ud, ch, len, true);
}

/* A processing instruction: a child named by its target in the tree. */
static void
oh_sax_pi(void *ud, const xmlChar *target, const xmlChar *data)
{
	struct oh_state	*st = ud;

	(void)data;
	if (st->halted)
		return;
	oh_sync(st, oh_open_count(st));
	if (st->depth > 0) {
		st->open[st->depth - 1].last = OH_L_NAMED;
		st->open[st->depth - 1].last_name = target;
	}
}

static bool
parse_ob_html_anchor(const struct htext *h, unsigned char a)
{
	return h->anchor == a;
}

/*
 * Place the cells of row r (texts [c0, c1) whose nearest label by y,
 * near[i - c0], is r) in columns: left to right, each cell starts at the
 * column after the last one's span and spans the columns whose middle is
 * its x. A system that lacks the label leaves a gap: then the nearest
 * free column is taken. -1 past OH_TABLE_STEPS comparisons in all.
 */
static int
parse_ob_html_row(const struct htexts *t, size_t c0, size_t c1,
    const size_t *near, size_t r, const double *cx, size_t ncol,
    const char **out, size_t *steps)
{
	size_t	i, k, n = 0, start = 0, a, b, best_a, best_b, *idx;
	double	err, e, tol;
	int	rc = -1;

	idx = xcalloc(c1 - c0 + 1, sizeof(size_t));
	for (i = c0; i < c1; i++) {
		if (near[i - c0] != r)
			continue;
		/* Insertion by x keeps the row left to right. */
		for (k = n; k > 0 && t->t[idx[k - 1]].x > t->t[i].x; k--)
			idx[k] = idx[k - 1];
		*steps += n - k + 1;
		idx[k] = i;
		n++;
	}
	tol = ncol > 1 ? (cx[1] - cx[0]) / 4 : HUGE_VAL;
	for (k = 0; k < n && start < ncol; k++) {
		double	x = t->t[idx[k]].x;

		if (*steps > OH_TABLE_STEPS)
			goto out;
		best_a = best_b = start;
		err = HUGE_VAL;
		*steps += ncol - start;
		for (b = start; b < ncol; b++) {
			e = fabs((cx[start] + cx[b]) / 2 - x);
			if (e < err) {
				err = e;
				best_b = b;
			}
		}
		if (err > fabs(tol))
			for (a = start; a < ncol; a++) {
				*steps += ncol - a;
				if (*steps > OH_TABLE_STEPS)
					goto out;
				for (b = a; b < ncol; b++) {
					e = fabs((cx[a] + cx[b]) / 2 - x);
					if (e < err - 0.5) {
						err = e;
						best_a = a;
						best_b = b;
					}
				}
			}
		for (a = best_a; a <= best_b; a++)
			out[a] = t->t[idx[k]].s;
		start = best_b + 1;
	}
	rc = *steps > OH_TABLE_STEPS ? -1 : 0;
out:
	free(idx);
	return rc;
}

/* The systems table: labels, identifiers, cells (spanning), notes. */
static int
parse_ob_html_table(const struct htexts *tv, struct result_set *rs,
    const char *path, long line, struct diag *d)
{
	struct htexts	 t = *tv;
	size_t		 i = 0, nl = 0, lab0, id0, ncol, j, r, c0, steps = 0;
	size_t		*near = NULL;
	const char	**cell = NULL;
	double		*cx = NULL, idy;
	const char	*section = NULL;
	int		 rc = -1;

	/* The title, absent in multi-way comparisons, is anchored start. */
	if (i < t.len && parse_ob_html_anchor(&t.t[i], OH_A_START))
		i++;
	lab0 = i;
	while (i < t.len && parse_ob_html_anchor(&t.t[i], OH_A_END) &&
	    (i + 1 >= t.len || t.t[i + 1].y != t.t[i].y))
		i++;
	nl = i - lab0;
	id0 = i;
	if (i >= t.len) {
		diag_set(d, path, line, "systems table SVG has no system identifiers");
		goto out;
	}
	idy = t.t[i].y;
	while (i < t.len && t.t[i].y == idy && strcmp(t.t[i].s, OB_WATERMARK) != 0)
		i++;
	ncol = i - id0;
	if (ncol == 0 || nl == 0) {
		diag_set(d, path, line, "systems table SVG has no labels or identifiers");
		goto out;
	}
	cx = xcalloc(ncol, sizeof(double));
	for (j = 0; j < ncol; j++) {
		if (result_set_find_system(rs, t.t[id0 + j].s) >= 0) {
			diag_set(d, path, line, "system \"%s\" appears twice",
			    t.t[id0 + j].s);
			goto out;
		}
		result_set_add_system(rs, t.t[id0 + j].s);
		cx[j] = t.t[id0 + j].x;
	}
	/* Cells: row by label y, columns by centre x (a span is centred). */
	c0 = i;
	while (i < t.len && strcmp(t.t[i].s, OB_WATERMARK) != 0)
		i++;
	/* Each cell's row: the label nearest by y, the first of equals. */
	if ((double)(i - c0) * (double)nl > OH_TABLE_STEPS)
		goto big;
	near = xcalloc(i - c0 + 1, sizeof(*near));
	for (j = c0; j < i; j++) {
		double	dy = HUGE_VAL;

		for (r = 0; r < nl; r++)
			if (fabs(t.t[j].y - t.t[lab0 + r].y) < dy) {
				dy = fabs(t.t[j].y - t.t[lab0 + r].y);
				near[j - c0] = r;
			}
	}
	steps = (i - c0) * nl;
	cell = xcalloc(nl * ncol, sizeof(*cell));
	for (r = 0; r < nl; r++)
		if (parse_ob_html_row(&t, c0, i, near, r, cx, ncol, cell + r * ncol,
		    &steps) != 0)
			goto big;
	/* Fields in label order for every system, as PTS lists them. */
	for (j = 0; j < ncol; j++)
		for (r = 0; r < nl; r++)
			if (cell[r * ncol + j] != NULL)
				kv_list_add(&rs->systems[j].fields, t.t[lab0 + r].s,
				    cell[r * ncol + j]);
	/* Notes: "<Section> Details" headings, then "- ..." entries. */
	for (i++; i < t.len; i++) {
		const char	*s = t.t[i].s;
		size_t		 l = strlen(s);

		if (l > 8 && strcmp(s + l - 8, " Details") == 0 &&
		    strncmp(s, "- ", 2) != 0) {
			section = s;
			continue;
		}
		if (section != NULL) {
			char	*sec = xstrndup(section, strlen(section) - 8);

			ob_segment_note(rs, sec, s);
			free(sec);
		}
	}
	rc = 0;
	goto out;
big:
	diag_set(d, path, line, "systems table SVG of %zu labels, %zu systems and "
	    "%zu cells: more than %d comparisons to place them", nl, ncol, i - c0,
	    OH_TABLE_STEPS);
out:
	free(near);
	free(cx);
	free(cell);
	return rc;
}

/* Index of the name whose y is nearest below (dir > 0) or above y. */
static long
parse_ob_html_bar(const struct htexts *t, size_t n0, size_t nn, double y, int dir)
{
	long	best = -1;
	double	bd = HUGE_VAL, dy;
	size_t	i;

	for (i = 0; i < nn; i++) {
		dy = dir > 0 ? y - t->t[n0 + i].y : t->t[n0 + i].y - y;
		if (dy >= 0 && dy < bd) {
			bd = dy;
			best = (long)i;
		}
	}
	return best;
}

static int
parse_ob_html_chart(const struct htexts *tv, struct test *test,
    struct result_set *rs, const char *h2, const char *h3, const char *path,
    long line, struct diag *d)
{
	struct htexts	 t = *tv;
	struct ob_bar	*bars = NULL;
	size_t		 i = 0, n0, nn, j;
	const char	*rest, *after;
	char		*unit = NULL, *ver = NULL;
	enum proportion	 prop;
	int		 rc = -1;

	while (i < t.len && strcmp(t.t[i].s, OB_WATERMARK) == 0)
		i++;
	if (i >= t.len || (rest = ob_segment_head(t.t[i].s, &unit, &prop)) == NULL ||
	    *rest != '\0') {
		diag_set(d, path, line, "chart \"%s\": no \"More Is Better\" / "
		    "\"Fewer Is Better\" heading (unsupported chart type?)", h2);
		goto out;
	}
	i++;
	if (i >= t.len || (ver = ob_segment_version(t.t[i].s, h2, NULL, &after)) == NULL ||
	    *after != '\0') {
		diag_set(d, path, line, "chart title does not repeat the heading \"%s\"", h2);
		free(ver);	/* found, but followed by more text */
		goto out;
	}
	model_set_str(&test->title, h2);
	model_set_str(&test->app_version, ver);
	free(ver);
	model_set_str(&test->description, h3);
	model_set_str(&test->unit, unit);
	test->proportion = prop;
	model_set_str(&test->proportion_raw, proportion_name(prop));
	test->display = DISPLAY_BAR;
	model_set_str(&test->display_raw, "BAR_GRAPH");
	i++;
	if (*h3 != '\0' && i < t.len && strcmp(t.t[i].s, h3) == 0)
		i++;
	/* Names (anchored end) come before the ticks (anchored middle). */
	n0 = i;
	while (i < t.len && !parse_ob_html_anchor(&t.t[i], OH_A_MIDDLE) &&
	    strncmp(t.t[i].s, "SE +/- ", 7) != 0)
		i++;
	nn = i - n0;
	if (nn == 0) {
		diag_set(d, path, line, "chart \"%s %s\": no system names", h2, h3);
		goto out;
	}
	bars = xcalloc(nn, sizeof(*bars));
	for (j = 0; j < nn; j++) {
		bars[j].system = result_set_find_system(rs, t.t[n0 + j].s);
		if (bars[j].system < 0) {
			diag_set(d, path, line, "chart \"%s %s\": \"%s\" is not in the "
			    "systems table", h2, h3, t.t[n0 + j].s);
			goto out;
		}
	}
	while (i < t.len && parse_ob_html_anchor(&t.t[i], OH_A_MIDDLE))
		i++;
	for (; i < t.len; i++) {
		const char	*s = t.t[i].s;
		long		 b;

		if (isdigit((unsigned char)s[0]) && strstr(s, ". ") != NULL &&
		    strspn(s, "0123456789") + 2 <= strlen(s) &&
		    s[strspn(s, "0123456789")] == '.' &&
		    s[strspn(s, "0123456789") + 1] == ' ') {
			ob_segment_footnote(test, s, strlen(s));
			continue;
		}
		if (strncmp(s, "SE +/- ", 7) == 0) {
			b = parse_ob_html_bar(&t, n0, nn, t.t[i].y, 1);
			if (b < 0 || bars[b].se_text != NULL ||
			    ob_segment_se(s, &bars[b].se_text, &bars[b].n) != 0) {
				diag_set(d, path, line, "chart \"%s %s\": stray SE \"%s\"",
				    h2, h3, s);
				goto out;
			}
			continue;
		}
		if (ob_segment_is_number(s, strlen(s))) {
			b = parse_ob_html_bar(&t, n0, nn, t.t[i].y, 1);
			if (b < 0 || bars[b].value_text != NULL) {
				diag_set(d, path, line, "chart \"%s %s\": stray value \"%s\"",
				    h2, h3, s);
				goto out;
			}
			bars[b].value_text = xstrdup(s);
			continue;
		}
		b = parse_ob_html_bar(&t, n0, nn, t.t[i].y, -1);
		if (b >= 0 && bars[b].note == NULL)
			bars[b].note = xstrdup(s);
	}
	for (j = 0; j < nn; j++)
		if (bars[j].value_text == NULL) {
			diag_set(d, path, line, "chart \"%s %s\": no value for \"%s\"",
			    h2, h3, t.t[n0 + j].s);
			goto out;
		}
	ob_segment_values(test, bars, nn);
	rc = 0;
out:
	if (bars != NULL)
		ob_segment_bars_free(bars, nn);
	free(bars);
	free(unit);
	return rc;
}

/*
 * Title (h1), description (the blocks after it) and the export line's
 * URL; *export is the export paragraph's block. -1 with d set without one.
 */
static int
parse_ob_html_head(struct oh_state *st, struct result_set *rs,
    const struct read_options *opt, const char *path, size_t *export,
    struct diag *d)
{
	size_t		 i, e, h1 = (size_t)-1;
	const char	*s;
	char		*url, *j;

	for (e = 0; e < st->nb; e++) {
		if (st->b[e].kind == OH_H1)
			h1 = e;
		if (st->b[e].kind == OH_P && strncmp(st->b[e].s, OB_EXPORT_LINE,
		    strlen(OB_EXPORT_LINE)) == 0 && h1 != (size_t)-1)
			break;
	}
	if (e == st->nb)
		return diag_set(d, path, 0, "no \"%s\" paragraph after a title", OB_EXPORT_LINE);
	model_set_str(&rs->title, st->b[h1].s);
	for (i = h1 + 1; i < e; i++) {
		s = st->b[i].s;
		if (*s != '\0' && rs->description == NULL)
			model_set_str(&rs->description, s);
		else if (*s != '\0') {
			j = xasprintf("%s\n\n%s", rs->description, s);
			model_set_str(&rs->description, j);
			free(j);
		}
	}
	if (st->b[e].href)
		url = xstrdup(st->b[e].href_s);
	else {
		url = xstrdup(st->b[e].s + strlen(OB_EXPORT_LINE));
		if (*url != '\0' && url[strlen(url) - 1] == '.')
			url[strlen(url) - 1] = '\0';
	}
	if (ob_segment_url(rs, url) != 0)
		format_warn(opt, path, st->b[e].line,
		    "export URL has no OpenBenchmarking result ID");
	free(url);
	*export = e;
	return 0;
}

static int
parse_ob_html_walk(struct oh_state *st, struct result_set *rs,
    const struct read_options *opt, const char *path, struct diag *d)
{
	size_t		 i, e = 0, nsvg = 0;
	const char	*s;
	char		*h2 = NULL, *h3 = NULL;
	struct test	*cur = NULL;
	struct str_list	 ovnames = { 0 };
	struct htexts	 tv;
	int		 rc = -1;
	long		 line;

	if (parse_ob_html_head(st, rs, opt, path, &e, d) != 0)
		return -1;
	for (i = e + 1; i < st->nb; i++) {
		const struct hblock *n = &st->b[i];

		line = n->line;
		if (n->kind == OH_HR)
			continue;
		if (n->kind == OH_H2) {
			free(h2);
			free(h3);
			h2 = xstrdup(n->s);
			h3 = xstrdup("");
			cur = NULL;
			continue;
		}
		if (n->kind == OH_H3) {
			free(h3);
			h3 = xstrdup(n->s);
			continue;
		}
		if (n->svg) {
			nsvg++;
			tv.t = st->t != NULL ? st->t + n->t0 : NULL;
			tv.len = n->t1 - n->t0;
			if (nsvg == 1) {
				if (parse_ob_html_table(&tv, rs, path, line, d) != 0)
					goto out;
			} else if (nsvg == 2) {
				/* Its values repeat the charts'; its names do not. */
				tv.len = n->tin - n->t0;
				parse_ob_html_overview(&tv, &ovnames);
			} else {
				if (h2 == NULL) {
					diag_set(d, path, line, "chart without an h2 title");
					goto out;
				}
				cur = result_set_add_test(rs);
				if (parse_ob_html_chart(&tv, cur, rs, h2, h3, path, line, d) != 0)
					goto out;
			}
			continue;
		}
		s = n->s;
		if (strncmp(s, OB_TRAILER, strlen(OB_TRAILER)) == 0) {
			model_set_str(&rs->generator, s);
			break;
		}
		if (*s != '\0' && cur != NULL) {
			const char	*reason;
			long		 sys = ob_segment_failed(rs, s, &reason);

			if (sys >= 0 && test_find_value(cur, (size_t)sys) == NULL) {
				struct value	*v = test_add_value(cur, (size_t)sys);

				model_set_str(&v->error, reason);
			} else if (cur->annotation == NULL)
				model_set_str(&cur->annotation, s);
		}
	}
	if (rs->generator == NULL) {
		diag_set(d, path, 0, "no \"Phoronix Test Suite vX.Y.Z\" trailer: "
		    "the page looks truncated");
		goto out;
	}
	if (rs->ntests == 0) {
		diag_set(d, path, 0, "no chart found");
		goto out;
	}
	if (ovnames.len == rs->ntests)
		ob_segment_profiles(rs, ovnames.items, ovnames.len);
	rc = 0;
out:
	str_list_free(&ovnames);
	free(h2);
	free(h3);
	return rc;
}

/* The PTS profile names of the overview's rows ("fio: Rand Write - 4KB"). */
static void
parse_ob_html_overview(const struct htexts *t, struct str_list *names)
{
	char		*name;
	size_t		 i;

	for (i = 0; i < t->len; i++)
		if ((name = ob_segment_row_name(t->t[i].s)) != NULL) {
			str_list_add(names, name);
			free(name);
		}
}

static int
parse_ob_html_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct oh_state	 st;
	htmlSAXHandler	 sax;
	xmlCharEncodingHandlerPtr enc;
	char		*buf;
	size_t		 len, i;
	int		 rc = -1;

	buf = format_slurp(path, &len, d);
	if (buf == NULL)
		return -1;
	if (len > (size_t)INT32_MAX) {
		free(buf);
		return diag_set(d, path, 0, "file too large");
	}
	memset(&st, 0, sizeof(st));
	xmlInitParser();
	st.ctxt = htmlCreateMemoryParserCtxt(buf, (int)len);
	if (st.ctxt == NULL) {
		free(buf);
		return diag_set(d, path, 0, "not parseable as HTML");
	}
	memset(&sax, 0, sizeof(sax));
	sax.startDocument = oh_sax_start_doc;
	sax.internalSubset = oh_sax_subset;
	sax.startElement = oh_sax_start;
	sax.endElement = oh_sax_end;
	sax.characters = oh_sax_text;
	sax.cdataBlock = oh_sax_cdata;
	sax.processingInstruction = oh_sax_pi;
	if (st.ctxt->sax != NULL)
		xmlFree(st.ctxt->sax);
	st.ctxt->sax = (xmlSAXHandlerPtr)&sax;
	st.ctxt->userData = &st;
	strbuf_init(&st.barena);
	strbuf_init(&st.tarena);
	strbuf_init(&st.harena);
	/* The steps of htmlReadMemory with "UTF-8", as the tree was read. */
	htmlCtxtUseOptions(st.ctxt, HTML_PARSE_NONET | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NOBLANKS | HTML_PARSE_NOIMPLIED);
	st.ctxt->html = 1;
	if ((enc = xmlFindCharEncodingHandler("UTF-8")) != NULL) {
		xmlSwitchToEncoding(st.ctxt, enc);
		if (st.ctxt->input->encoding != NULL)
			xmlFree((xmlChar *)st.ctxt->input->encoding);
		st.ctxt->input->encoding = xmlStrdup((const xmlChar *)"UTF-8");
	}
	(void)htmlParseDocument(st.ctxt);
	/* What is still open ends with the page, as in a tree. */
	st.halted = false;
	oh_sync(&st, 0);
	st.ctxt->sax = NULL;
	if (st.ctxt->myDoc != NULL)
		xmlFreeDoc(st.ctxt->myDoc);
	htmlFreeParserCtxt(st.ctxt);
	free(buf);
	if (!st.started) {
		diag_set(d, path, 0, "not parseable as HTML");
		goto out;
	}
	if (!st.any) {
		diag_set(d, path, 0, "empty HTML document");
		goto out;
	}
	/* Names the parser read are letters, digits and ":-_." only. */
	if (st.deep_at != NULL)
		format_warn(opt, path, st.deep_line, "elements nested deeper than "
		    "%d (at <%s>): the rest of the page is not read", OH_MAX_DEPTH,
		    st.deep_at);
	for (i = 0; i < st.nb; i++) {
		st.b[i].s = st.barena.buf + st.b[i].text;
		st.b[i].href_s = st.b[i].href ? st.harena.buf + st.b[i].href_off : NULL;
	}
	for (i = 0; i < st.nt; i++)
		st.t[i].s = st.tarena.buf + st.t[i].off;
	rc = parse_ob_html_walk(&st, rs, opt, path, d);
out:
	free(st.deep_at);
	free(st.open);
	free(st.b);
	free(st.t);
	strbuf_free(&st.barena);
	strbuf_free(&st.tarena);
	strbuf_free(&st.harena);
	return rc;
}

const struct reader reader_ob_html = {
	.name = "ob-html",
	.summary = "OpenBenchmarking result view exported to HTML (inline SVG charts)",
	.detect = parse_ob_html_detect,
	.read = parse_ob_html_read
};
