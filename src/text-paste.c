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

#include <glib.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>

#include "strbuf.h"
#include "text-paste.h"
#include "xalloc.h"

/* A mail client wraps near 72-78 columns: shorter lines were not wrapped. */
#define PASTE_FLOWED_MIN	60
/* Longest tag name text_paste_is_html knows ("blockquote"). */
#define PASTE_TAG_MAX	10

/* Lines being built: their text in one arena (offsets), not one malloc each. */
struct paste_raw {
	struct paste_line	*v;		/* text unused: see off */
	size_t			*off;
	size_t			 n, cap;
	struct strbuf		 arena;
	bool			 fresh_used;	/* text since the last HTML line break */
};

struct paste_sax;

static void	 paste_add(struct paste_raw *r, const char *s, size_t len, long lineno,
		    unsigned flags);
static void	 paste_split(struct paste_raw *r, const char *buf, size_t len);
static void	 paste_html(struct paste_raw *r, const char *buf, size_t len);
static void	 paste_html_text(struct paste_raw *r, struct strbuf *cur, long *curline,
		    const char *s, size_t len, long line);
static long	 paste_sax_line(struct paste_sax *h);
static void	 paste_sax_start(void *ud, const xmlChar *name, const xmlChar **atts);
static void	 paste_sax_end(void *ud, const xmlChar *name);
static void	 paste_sax_text(void *ud, const xmlChar *ch, int len);
static void	 paste_html_break(struct paste_raw *r, struct strbuf *cur, long curline,
		    bool blank);
static int	 paste_html_kind(const char *name);
static bool	 paste_html_blank(const char *name);
static size_t	 paste_quote(const char *s, unsigned *depth);
static void	 paste_clean(struct paste_text *pt, struct paste_raw *r);
static void	 paste_markup(char *s);
static void	 paste_nbsp(char *s);
static bool	 paste_tag_end(char c);

static void
paste_add(struct paste_raw *r, const char *s, size_t len, long lineno, unsigned flags)
{
	struct paste_line	*l;
	size_t			 cap;

	if (r->n == r->cap) {
		cap = r->cap;
		xgrow(&r->v, &r->cap, r->n + 1, sizeof(*r->v));
		(void)cap;
		r->off = xreallocarray(r->off, r->cap, sizeof(*r->off));
	}
	r->off[r->n] = r->arena.len;
	strbuf_add(&r->arena, s, len);
	strbuf_addc(&r->arena, '\0');
	l = &r->v[r->n++];
	l->text = NULL;
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
	const char	*p = buf, *end = buf + len, *e, *q, *last, *c, *nul;
	char		 eol = memchr(buf, '\n', len) == NULL ? '\r' : '\n';
	long		 lineno = 1;
	unsigned	 flags;

	/*
	 * Bytes are found with memchr, not looked at one by one: the line
	 * ends, the next NUL (kept until p passes it, so the whole input is
	 * scanned for NULs once) and the CRs inside a line.
	 */
	if ((nul = memchr(buf, '\0', len)) == NULL)
		nul = end;
	while (p < end) {
		if (nul < p && (nul = memchr(p, '\0', (size_t)(end - p))) == NULL)
			nul = end;
		if ((e = memchr(p, eol, (size_t)(nul - p))) == NULL)
			e = nul;
		q = e;
		if (q > p && q[-1] == '\r')
			q--;	/* CRLF */
		/* The last non-empty CR-separated segment is what was shown. */
		flags = 0;
		last = p;
		for (c = p; (c = memchr(c, '\r', (size_t)(q - c))) != NULL; c++) {
			flags |= PASTE_OVERWRITTEN;
			if (c + 1 < q)
				last = c + 1;
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
	static const char *const skips[] = { "script", "style", "head", "noscript",
	    "template", "svg", NULL };
	size_t	i;

	/* Called twice per element: the common inline tags leave at once. */
	switch (name[0]) {
	case 'a': case 'b': case 'c': case 'd': case 'f': case 'h': case 'l':
	case 'm': case 'n': case 'o': case 'p': case 's': case 't': case 'u':
		break;
	default:
		return HK_INLINE;
	}
	if (name[0] == 'a' && name[1] == '\0')
		return HK_INLINE;
	for (i = 0; skips[i] != NULL; i++)
		if (skips[i][0] == name[0] && strcmp(name, skips[i]) == 0)
			return HK_SKIP;
	if (strcmp(name, "br") == 0)
		return HK_BREAK;
	if (strcmp(name, "pre") == 0)
		return HK_PRE;
	if (name[0] == 'h' && name[1] >= '1' && name[1] <= '6' && name[2] == '\0')
		return HK_HEADING;
	for (i = 0; blocks[i] != NULL; i++)
		if (blocks[i][0] == name[0] && strcmp(name, blocks[i]) == 0)
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
	if (blank && r->n > 0 && r->arena.buf[r->off[r->n - 1]] != '\0')
		paste_add(r, "", 0, curline, PASTE_HTML);
}

/* Text: its newlines end lines (as in the text it was pasted from). */
static void
paste_html_text(struct paste_raw *r, struct strbuf *cur, long *curline,
    const char *s, size_t len, long line)
{
	const char	*nl, *end = s + len;

	/* A line break right after a line's end is the same break (<br>\n). */
	if (cur->len == 0 && r->n > 0 && !r->fresh_used && s < end) {
		if (*s == '\r' && s + 1 < end && s[1] == '\n')
			s++;
		if (*s == '\n') {
			s++;
			line++;
		}
	}
	r->fresh_used = true;
	if (cur->len == 0)
		*curline = line;
	while ((nl = memchr(s, '\n', (size_t)(end - s))) != NULL) {
		strbuf_add(cur, s, (size_t)(nl - s));
		if (cur->len > 0 && cur->buf[cur->len - 1] == '\r')
			cur->buf[--cur->len] = '\0';
		paste_add(r, cur->buf, cur->len, *curline, PASTE_HTML);
		strbuf_reset(cur);
		s = nl + 1;
		*curline = ++line;
	}
	strbuf_add(cur, s, (size_t)(end - s));
}

/* What the SAX callbacks share. */
struct paste_sax {
	struct paste_raw	*r;
	struct strbuf		 cur;
	long			 curline;
	int			 skip;		/* depth inside script, style, head... */
	htmlParserCtxtPtr	 ctxt;
};

static long
paste_sax_line(struct paste_sax *h)
{
	return h->ctxt != NULL && h->ctxt->input != NULL ? h->ctxt->input->line : 0;
}

static void
paste_sax_start(void *ud, const xmlChar *xname, const xmlChar **atts)
{
	struct paste_sax	*h = ud;
	const char		*name = (const char *)xname;
	int			 kind = paste_html_kind(name);

	(void)atts;
	if (h->skip > 0 || kind == HK_SKIP) {
		if (kind == HK_SKIP)
			h->skip++;
		return;
	}
	if (kind == HK_BREAK)
		paste_html_break(h->r, &h->cur, h->curline, false);
	else if (kind != HK_INLINE)
		paste_html_break(h->r, &h->cur, h->curline, paste_html_blank(name));
	if (kind == HK_HEADING) {
		h->curline = paste_sax_line(h);
		strbuf_adds(&h->cur, "# ");
	} else if (kind == HK_INLINE && h->cur.len > 0 &&
	    (strcmp(name, "td") == 0 || strcmp(name, "th") == 0))
		strbuf_addc(&h->cur, ' ');
}

static void
paste_sax_end(void *ud, const xmlChar *xname)
{
	struct paste_sax	*h = ud;
	const char		*name = (const char *)xname;
	int			 kind = paste_html_kind(name);

	if (h->skip > 0) {
		if (kind == HK_SKIP)
			h->skip--;
		return;
	}
	if (kind != HK_INLINE && kind != HK_BREAK && kind != HK_SKIP)
		paste_html_break(h->r, &h->cur, h->curline, paste_html_blank(name));
}

static void
paste_sax_text(void *ud, const xmlChar *ch, int len)
{
	struct paste_sax	*h = ud;
	const char		*s = (const char *)ch, *nl, *end = s + len;
	long			 line = paste_sax_line(h);

	if (h->skip > 0 || len <= 0)
		return;
	/* The parser is past the text: its first line is that many earlier. */
	for (nl = s; (nl = memchr(nl, '\n', (size_t)(end - nl))) != NULL; nl++)
		line--;
	paste_html_text(h->r, &h->cur, &h->curline, s, (size_t)len,
	    line > 0 ? line : h->curline);
}

/*
 * An HTML page or fragment through libxml2's HTML parser (entities
 * decoded, tags dropped), as SAX events: no tree is built, so the cost
 * stays that of the scan. Block elements and <br> end lines, headings
 * become "# " lines, script and style are skipped.
 */
static void
paste_html(struct paste_raw *r, const char *buf, size_t len)
{
	htmlSAXHandler		 sax;
	struct paste_sax	 h;
	htmlParserCtxtPtr	 ctxt;
	gchar			*valid = NULL;

	/*
	 * UTF-8 whatever the bytes or the page claim: invalid sequences
	 * become U+FFFD here, and neither a byte-order mark nor a <meta>
	 * charset may switch the parser to a decoder that would fail (and
	 * report it on stderr, which a module must not do).
	 */
	if (!g_utf8_validate(buf, (gssize)len, NULL)) {
		valid = g_utf8_make_valid(buf, (gssize)len);
		buf = valid;
		len = strlen(valid);
	}
	ctxt = htmlCreateMemoryParserCtxt(buf, (int)(len > INT32_MAX ? INT32_MAX : len));
	if (ctxt == NULL) {
		paste_split(r, buf, len);
		g_free(valid);
		return;
	}
	/*
	 * The bytes are valid UTF-8 now: read them as such, without a
	 * decoder. Naming the encoding alone left the parser taking the
	 * first non-ASCII byte for Latin-1 (a dd summary in Chinese inside
	 * a page read as mojibake, and its full-width commas were lost).
	 */
	(void)xmlSwitchEncoding(ctxt, XML_CHAR_ENCODING_UTF8);
	memset(&sax, 0, sizeof(sax));
	sax.startElement = paste_sax_start;
	sax.endElement = paste_sax_end;
	sax.characters = paste_sax_text;
	sax.cdataBlock = paste_sax_text;
	memset(&h, 0, sizeof(h));
	h.r = r;
	h.curline = 1;
	h.ctxt = ctxt;
	strbuf_init(&h.cur);
	if (ctxt->sax != NULL)
		xmlFree(ctxt->sax);
	ctxt->sax = (xmlSAXHandlerPtr)&sax;
	ctxt->userData = &h;
	htmlCtxtUseOptions(ctxt, HTML_PARSE_NONET | HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NOIMPLIED | HTML_PARSE_IGNORE_ENC);
	(void)htmlParseDocument(ctxt);
	ctxt->sax = NULL;
	if (ctxt->myDoc != NULL)
		xmlFreeDoc(ctxt->myDoc);
	htmlFreeParserCtxt(ctxt);
	paste_html_break(r, &h.cur, h.curline, false);
	/* Closing blocks leave blank lines at the end: nothing was there. */
	while (r->n > 0 && r->arena.buf[r->off[r->n - 1]] == '\0')
		r->n--;
	strbuf_free(&h.cur);
	g_free(valid);
}

bool
text_paste_is_html(const char *buf, size_t len)
{
	static const char *const tags[] = { "html", "body", "pre", "br", "p", "div",
	    "code", "td", "li", "table", "span", "blockquote", "h1", "h2", "h3",
	    "h4", "h5", "h6", "!doctype", "tt", "samp", "kbd", "a", "b", "strong",
	    NULL };
	const char	*p = buf, *end = buf + len, *t;
	char		 name[PASTE_TAG_MAX + 1];
	size_t		 i, k;

	/*
	 * The name after "<" or "</" runs to the first end of a tag name; a
	 * tag is known when that name is one of tags[] (any case). One look
	 * at each byte: a page of "<p<p<p" costs no more than its length.
	 */
	while (p < end && (p = memchr(p, '<', (size_t)(end - p))) != NULL) {
		t = ++p;
		if (t < end && *t == '/')
			t++;
		for (k = 0; k < PASTE_TAG_MAX && t + k < end && !paste_tag_end(t[k]);
		    k++)
			name[k] = (char)tolower((unsigned char)t[k]);
		if (k == 0 || t + k >= end || !paste_tag_end(t[k]))
			continue;
		name[k] = '\0';
		for (i = 0; tags[i] != NULL; i++)
			if (tags[i][0] == name[0] && strcmp(tags[i], name) == 0)
				return true;
	}
	return false;
}

/* What ends a tag's name for text_paste_is_html. */
static bool
paste_tag_end(char c)
{
	return c == '>' || c == ' ' || c == '/' || c == '\t' || c == '\n';
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
	char	*w;

	/* Most lines have none: the copy starts at the first lead byte. */
	if ((s = strchr(s, '\xc2')) == NULL)
		return;
	for (w = s; *s != '\0'; s++) {
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
	struct strbuf	 out;
	const char	*s, *f;
	unsigned	 depth, d2, flags;
	bool		 fenced = false;
	size_t		 i, q, start, *at;
	long		 lineno;
	char		*t;

	pt->lines = xcalloc(r->n + 1, sizeof(*pt->lines));
	at = xcalloc(r->n + 1, sizeof(*at));
	pt->n = 0;
	strbuf_init(&out);
	/* Cleaning only shortens lines: the raw lines' size is enough. */
	xgrow(&out.buf, &out.cap, r->arena.len + 1, 1);
	for (i = 0; i < r->n; i++) {
		s = r->arena.buf + r->off[i];
		lineno = r->v[i].lineno;
		if (*s == '\0') {
			/* Blank: nothing to undo (the common case in long inputs). */
			at[pt->n] = out.len;
			strbuf_addc(&out, '\0');
			pt->lines[pt->n].lineno = lineno;
			pt->lines[pt->n].flags = r->v[i].flags | (fenced ? PASTE_FENCED : 0);
			pt->n++;
			continue;
		}
		q = paste_quote(s, &depth);
		flags = r->v[i].flags | (depth > 0 ? PASTE_QUOTED : 0);
		start = out.len;
		strbuf_adds(&out, s + q);
		while (depth > 0 && out.len - start >= PASTE_FLOWED_MIN &&
		    out.buf[out.len - 1] == ' ' && i + 1 < r->n) {
			s = r->arena.buf + r->off[i + 1];
			q = paste_quote(s, &d2);
			if (d2 != depth || s[q] == '\0' || s[q] == ' ')
				break;
			strbuf_adds(&out, s + q);
			i++;
		}
		strbuf_addc(&out, '\0');
		/* In place: the steps below only shorten the line. */
		t = out.buf + start;
		paste_nbsp(t);
		f = t + strspn(t, " ");
		if (strncmp(f, "```", 3) == 0 || strncmp(f, "~~~", 3) == 0) {
			fenced = !fenced;
			flags |= PASTE_FENCE;
		} else if (fenced)
			flags |= PASTE_FENCED;
		else
			paste_markup(t);
		at[pt->n] = start;
		pt->lines[pt->n].lineno = lineno;
		pt->lines[pt->n].flags = flags;
		pt->n++;
	}
	/*
	 * The arena is final: the lines can point into it now. Its unused
	 * tail is zeroed: PCRE's JIT scans a subject with vector loads that
	 * may reach past the last line's NUL (harmless, the bytes are never
	 * used), and memcheck would report them as uninitialised.
	 */
	if (out.cap > out.len)
		memset(out.buf + out.len, 0, out.cap - out.len);
	pt->buf = strbuf_detach(&out);
	for (i = 0; i < pt->n; i++)
		pt->lines[i].text = pt->buf + at[i];
	free(at);
}

void
text_paste_read(struct paste_text *pt, const char *buf, size_t len)
{
	struct paste_raw	 r;
	gchar			*valid;

	memset(pt, 0, sizeof(*pt));
	memset(&r, 0, sizeof(r));
	strbuf_init(&r.arena);
	/*
	 * Plain text's lines fill at most len + 1 bytes (each line's end
	 * becomes its NUL): one allocation instead of a doubling series,
	 * each step of which copies the text and, under the sanitizers,
	 * touches fresh pages.
	 */
	xgrow(&r.arena.buf, &r.arena.cap, len + 2, 1);
	pt->html = text_paste_is_html(buf, len);
	if (pt->html)
		paste_html(&r, buf, len);
	else if (g_utf8_validate(buf, (gssize)len, NULL))
		paste_split(&r, buf, len);
	else {
		/*
		 * The readers' expressions (text-re.c) match UTF-8 only:
		 * invalid bytes become U+FFFD here, as in an HTML page, so
		 * a line with one still matches.
		 */
		valid = g_utf8_make_valid(buf, (gssize)len);
		paste_split(&r, valid, strlen(valid));
		g_free(valid);
	}
	paste_clean(pt, &r);
	strbuf_free(&r.arena);
	free(r.off);
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
	free(pt->buf);
	free(pt->lines);
	memset(pt, 0, sizeof(*pt));
}
