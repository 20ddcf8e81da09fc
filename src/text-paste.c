/* SPDX-License-Identifier: ISC */
/*
 * The pasted-text normaliser (text-paste.h): raw lines first (LF and CRLF
 * end lines, a lone CR overwrites what came before it on the line, as on
 * a terminal), HTML through libxml2 into the same raw lines, then each
 * line loses its mail quoting, list marker and inline code backticks.
 * Every step is one pass over its input, so the whole is linear.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "strbuf.h"
#include "text-paste.h"
#include "xalloc.h"

/* A mail client wraps near 72-78 columns: shorter lines were not wrapped. */
#define PASTE_FLOWED_MIN	60

struct paste_raw {
	struct paste_line	*v;
	size_t			 n, cap;
	bool			 fresh_used;	/* text since the last HTML line break */
};

static void	 paste_add(struct paste_raw *r, const char *s, size_t len, long lineno,
		    unsigned flags);
static void	 paste_split(struct paste_raw *r, const char *buf, size_t len);
static void	 paste_html(struct paste_raw *r, const char *buf, size_t len);
static void	 paste_html_text(struct paste_raw *r, struct strbuf *cur, long *curline,
		    const char *s, long line);
static void	 paste_html_break(struct paste_raw *r, struct strbuf *cur, long curline,
		    bool blank);
static int	 paste_html_kind(const char *name);
static bool	 paste_html_blank(const char *name);
static size_t	 paste_quote(const char *s, unsigned *depth);
static void	 paste_clean(struct paste_text *pt, struct paste_raw *r);
static void	 paste_markup(char *s);
static void	 paste_nbsp(char *s);

static void
paste_add(struct paste_raw *r, const char *s, size_t len, long lineno, unsigned flags)
{
	struct paste_line	*l;

	if (r->n == r->cap)
		xgrow(&r->v, &r->cap, r->n + 1, sizeof(*r->v));
	l = &r->v[r->n++];
	l->text = xstrndup(s, len);
	l->lineno = lineno;
	l->flags = flags;
}

/*
 * Lines of plain text. A lone CR (not before LF) starts the line over:
 * what follows it replaces what came before, as a terminal shows it, and
 * the line is flagged. A document with CRs and no LF at all uses CR as
 * its line end (classic Mac text).
 */
static void
paste_split(struct paste_raw *r, const char *buf, size_t len)
{
	const char	*p = buf, *end = buf + len, *e, *seg, *q, *last;
	bool		 cr_ends = memchr(buf, '\n', len) == NULL;
	long		 lineno = 1;
	unsigned	 flags;

	while (p < end) {
		for (e = p; e < end && *e != '\n' && *e != '\0' &&
		    !(cr_ends && *e == '\r'); e++)
			;
		q = e;
		if (q > p && q[-1] == '\r')
			q--;	/* CRLF */
		/* The last non-empty CR-separated segment is what was shown. */
		flags = 0;
		last = p;
		for (seg = p; seg < q; seg++)
			if (*seg == '\r') {
				flags |= PASTE_OVERWRITTEN;
				if (seg + 1 < q)
					last = seg + 1;
			}
		paste_add(r, last, (size_t)(q - last), lineno, flags);
		lineno++;
		p = e + 1;
	}
}

enum { HK_INLINE, HK_SKIP, HK_BLOCK, HK_BREAK, HK_HEADING, HK_PRE };

static int
paste_html_kind(const char *name)
{
	static const char *const blocks[] = { "p", "div", "table", "tr", "ul", "ol",
	    "li", "dl", "dt", "dd", "blockquote", "section", "article", "header",
	    "footer", "main", "nav", "aside", "figure", "figcaption", "form",
	    "hr", "body", "html", "details", "summary", "caption", "center", NULL };
	size_t	i;

	if (strcmp(name, "script") == 0 || strcmp(name, "style") == 0 ||
	    strcmp(name, "head") == 0 || strcmp(name, "noscript") == 0 ||
	    strcmp(name, "template") == 0 || strcmp(name, "svg") == 0)
		return HK_SKIP;
	if (strcmp(name, "br") == 0)
		return HK_BREAK;
	if (strcmp(name, "pre") == 0)
		return HK_PRE;
	if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && name[2] == '\0')
		return HK_HEADING;
	for (i = 0; blocks[i] != NULL; i++)
		if (strcmp(name, blocks[i]) == 0)
			return HK_BLOCK;
	/* Table cells sit side by side: a space, not a line. */
	return HK_INLINE;
}

/* Blocks are paragraphs (a blank line after them) except list items and rows. */
static bool
paste_html_blank(const char *name)
{
	return strcmp(name, "li") != 0 && strcmp(name, "tr") != 0 &&
	    strcmp(name, "dt") != 0 && strcmp(name, "dd") != 0;
}

/* End the current line; with blank, also leave one blank line after it. */
static void
paste_html_break(struct paste_raw *r, struct strbuf *cur, long curline, bool blank)
{
	if (cur->len > 0) {
		paste_add(r, cur->buf, cur->len, curline, PASTE_HTML);
		strbuf_reset(cur);
	}
	r->fresh_used = false;
	if (blank && r->n > 0 && r->v[r->n - 1].text[0] != '\0')
		paste_add(r, "", 0, curline, PASTE_HTML);
}

/* Text of a node: its newlines end lines (as in the text it was pasted from). */
static void
paste_html_text(struct paste_raw *r, struct strbuf *cur, long *curline,
    const char *s, long line)
{
	const char	*nl;

	/* A line break right after a line's end is the same break (<br>\n). */
	if (cur->len == 0 && r->n > 0 && !r->fresh_used) {
		if (s[0] == '\r' && s[1] == '\n')
			s++;
		if (s[0] == '\n') {
			s++;
			line++;
		}
	}
	r->fresh_used = true;
	if (cur->len == 0)
		*curline = line;
	while ((nl = strchr(s, '\n')) != NULL) {
		strbuf_add(cur, s, (size_t)(nl - s));
		if (nl > s && nl[-1] == '\r')
			cur->buf[--cur->len] = '\0';
		paste_add(r, cur->buf, cur->len, *curline, PASTE_HTML);
		strbuf_reset(cur);
		s = nl + 1;
		*curline = ++line;
	}
	strbuf_adds(cur, s);
}

/*
 * An HTML page or fragment through libxml2's HTML parser (entities
 * decoded, tags dropped), walked without recursion: block elements and
 * <br> end lines, headings become "# " lines, script and style are
 * skipped. Text keeps its own line breaks.
 */
static void
paste_html(struct paste_raw *r, const char *buf, size_t len)
{
	htmlDocPtr	 doc;
	xmlNodePtr	 n, root;
	struct strbuf	 cur;
	long		 curline = 1;
	int		 kind;
	bool		 down;

	doc = htmlReadMemory(buf, (int)(len > INT32_MAX ? INT32_MAX : len), NULL,
	    "UTF-8", HTML_PARSE_NONET | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
	    HTML_PARSE_NOIMPLIED);
	if (doc == NULL || (root = xmlDocGetRootElement(doc)) == NULL) {
		if (doc != NULL)
			xmlFreeDoc(doc);
		paste_split(r, buf, len);
		return;
	}
	strbuf_init(&cur);
	/* Top-level siblings too (HTML_PARSE_NOIMPLIED keeps fragments flat). */
	n = doc->children;
	while (n != NULL) {
		down = false;
		if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
			if (n->content != NULL)
				paste_html_text(r, &cur, &curline, (const char *)n->content,
				    xmlGetLineNo(n) > 0 ? xmlGetLineNo(n) : curline);
		} else if (n->type == XML_ELEMENT_NODE) {
			kind = paste_html_kind((const char *)n->name);
			if (kind == HK_BREAK)
				paste_html_break(r, &cur, curline, false);
			else if (kind != HK_SKIP) {
				if (kind != HK_INLINE)
					paste_html_break(r, &cur, curline,
					    paste_html_blank((const char *)n->name));
				if (kind == HK_HEADING) {
					if (xmlGetLineNo(n) > 0)
						curline = xmlGetLineNo(n);
					strbuf_adds(&cur, "# ");
				} else if (kind == HK_INLINE && cur.len > 0 &&
				    (strcmp((const char *)n->name, "td") == 0 ||
				    strcmp((const char *)n->name, "th") == 0))
					strbuf_addc(&cur, ' ');
				down = n->children != NULL;
			}
		}
		if (down) {
			n = n->children;
			continue;
		}
		/* Leave finished elements, ending the lines blocks end. */
		while (n != NULL && n->next == NULL) {
			n = n->parent;
			if (n == NULL || n->type != XML_ELEMENT_NODE)
				n = NULL;
			else if (paste_html_kind((const char *)n->name) != HK_INLINE)
				paste_html_break(r, &cur, curline,
				    paste_html_blank((const char *)n->name));
		}
		if (n != NULL)
			n = n->next;
	}
	paste_html_break(r, &cur, curline, false);
	/* Closing blocks leave blank lines at the end: nothing was there. */
	while (r->n > 0 && r->v[r->n - 1].text[0] == '\0')
		free(r->v[--r->n].text);
	strbuf_free(&cur);
	xmlFreeDoc(doc);
}

bool
text_paste_is_html(const char *buf, size_t len)
{
	static const char *const tags[] = { "html", "body", "pre", "br", "p", "div",
	    "code", "td", "li", "table", "span", "blockquote", "h1", "h2", "h3",
	    "h4", "h5", "h6", "!doctype", "tt", "samp", "kbd", "a", "b", "strong",
	    NULL };
	const char	*p = buf, *end = buf + len, *t;
	size_t		 i, k, tl;

	while (p < end && (p = memchr(p, '<', (size_t)(end - p))) != NULL) {
		t = ++p;
		if (t < end && *t == '/')
			t++;
		for (i = 0; tags[i] != NULL; i++) {
			tl = strlen(tags[i]);
			if ((size_t)(end - t) <= tl)
				continue;
			for (k = 0; k < tl && tolower((unsigned char)t[k]) == tags[i][k]; k++)
				;
			if (k == tl && (t[tl] == '>' || t[tl] == ' ' || t[tl] == '/' ||
			    t[tl] == '\t' || t[tl] == '\n'))
				return true;
		}
	}
	return false;
}

/* Mail quoting: ">", "> > ", ">>" at the start; returns its length. */
static size_t
paste_quote(const char *s, unsigned *depth)
{
	const char	*p = s;

	*depth = 0;
	while (*p == '>') {
		(*depth)++;
		p++;
		if (*p == ' ')
			p++;
	}
	return (size_t)(p - s);
}

/* U+00A0 (HTML &nbsp;, word processors) is a space to every reader. */
static void
paste_nbsp(char *s)
{
	char	*w = s;

	for (; *s != '\0'; s++) {
		if ((unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xa0) {
			*w++ = ' ';
			s++;
		} else
			*w++ = *s;
	}
	*w = '\0';
}

/*
 * Markdown outside code: a list marker ("- ", "* ", "+ ", "1. ", "2) ",
 * indented up to 3 spaces) and a line that is all inline code
 * ("`dd if=...`") lose the markup.
 */
static void
paste_markup(char *s)
{
	size_t	i = strspn(s, " "), k, len;

	if (i <= 3) {
		k = i;
		if (s[k] == '-' || s[k] == '*' || s[k] == '+')
			k++;
		else {
			while (k - i < 9 && isdigit((unsigned char)s[k]))
				k++;
			if (k > i && (s[k] == '.' || s[k] == ')'))
				k++;
			else
				k = i;
		}
		if (k > i && s[k] == ' ') {
			while (s[k] == ' ')
				k++;
			if (s[k] != '\0')
				memmove(s, s + k, strlen(s + k) + 1);
		}
	}
	i = strspn(s, " \t");
	len = strlen(s);
	while (len > i && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	if (len - i >= 2 && s[i] == '`' && s[len - 1] == '`' &&
	    memchr(s + i + 1, '`', len - i - 2) == NULL) {
		memmove(s, s + i + 1, len - i - 2);
		s[len - i - 2] = '\0';
	}
}

/*
 * Per line: quoting off, fences tracked, Markdown markup off outside
 * fences, and quoted format=flowed soft breaks (a long quoted line ending
 * in a space) joined with the next line of the same depth.
 */
static void
paste_clean(struct paste_text *pt, struct paste_raw *r)
{
	struct strbuf	 sb;
	const char	*s, *f;
	unsigned	 depth, d2, flags;
	bool		 fenced = false;
	size_t		 i, q;
	long		 lineno;

	pt->lines = xcalloc(r->n + 1, sizeof(*pt->lines));
	pt->n = 0;
	strbuf_init(&sb);
	for (i = 0; i < r->n; i++) {
		s = r->v[i].text;
		lineno = r->v[i].lineno;
		q = paste_quote(s, &depth);
		flags = r->v[i].flags | (depth > 0 ? PASTE_QUOTED : 0);
		strbuf_reset(&sb);
		strbuf_adds(&sb, s + q);
		while (depth > 0 && sb.len >= PASTE_FLOWED_MIN &&
		    sb.buf[sb.len - 1] == ' ' && i + 1 < r->n) {
			s = r->v[i + 1].text;
			q = paste_quote(s, &d2);
			if (d2 != depth || s[q] == '\0' || s[q] == ' ')
				break;
			strbuf_adds(&sb, s + q);
			i++;
		}
		pt->lines[pt->n].text = strbuf_detach(&sb);
		pt->lines[pt->n].lineno = lineno;
		paste_nbsp(pt->lines[pt->n].text);
		f = pt->lines[pt->n].text;
		f += strspn(f, " ");
		if (strncmp(f, "```", 3) == 0 || strncmp(f, "~~~", 3) == 0) {
			fenced = !fenced;
			flags |= PASTE_FENCE;
		} else if (fenced)
			flags |= PASTE_FENCED;
		else
			paste_markup(pt->lines[pt->n].text);
		pt->lines[pt->n].flags = flags;
		pt->n++;
	}
	strbuf_free(&sb);
}

void
text_paste_read(struct paste_text *pt, const char *buf, size_t len)
{
	struct paste_raw	 r = { 0 };
	size_t			 i;

	memset(pt, 0, sizeof(*pt));
	pt->html = text_paste_is_html(buf, len);
	if (pt->html)
		paste_html(&r, buf, len);
	else
		paste_split(&r, buf, len);
	paste_clean(pt, &r);
	for (i = 0; i < r.n; i++)
		free(r.v[i].text);
	free(r.v);
}

char *
text_paste_join(const struct paste_text *pt)
{
	struct strbuf	 sb;
	size_t		 i;

	strbuf_init(&sb);
	for (i = 0; i < pt->n; i++) {
		strbuf_adds(&sb, pt->lines[i].text);
		strbuf_addc(&sb, '\n');
	}
	return strbuf_detach(&sb);
}

void
text_paste_free(struct paste_text *pt)
{
	size_t	i;

	for (i = 0; i < pt->n; i++)
		free(pt->lines[i].text);
	free(pt->lines);
	memset(pt, 0, sizeof(*pt));
}
