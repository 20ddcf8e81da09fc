/* SPDX-License-Identifier: ISC */
/*
 * Terminal cells for untrusted text. Everything is passed through
 * text-safe.c first, so a file cannot move the cursor; widths come from
 * glib's Unicode tables so wide characters do not break alignment.
 * Not a layout engine: callers decide column widths.
 */
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "strbuf.h"
#include "text-term.h"
#include "text-safe.h"

static size_t	 text_term_cp_width(gunichar c);
static const char *text_term_step(const char *, const char *, size_t *);

bool
text_term_utf8(void)
{
	const char	*cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0);
}

const char *
text_term_ellipsis(void)
{
	return text_term_utf8() ? "\xe2\x80\xa6" : "~";
}

static size_t
text_term_cp_width(gunichar c)
{
	if (g_unichar_iszerowidth(c))
		return 0;
	return g_unichar_iswide(c) ? 2 : 1;
}

size_t
text_term_width(const char *s)
{
	const char	*p = s, *end = s + strlen(s);
	size_t		 w = 0;
	gunichar	 c;

	while (p < end) {
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			/* An invalid byte shows as one replacement column. */
			w++;
			p++;
			continue;
		}
		w += text_term_cp_width(c);
		p = g_utf8_next_char(p);
	}
	return w;
}

char *
text_term_fit(const char *s, size_t width)
{
	struct strbuf	 sb;
	const char	*p, *end, *ell = text_term_ellipsis();
	char		*safe;
	size_t		 w = 0, cw;
	gunichar	 c;

	safe = text_safe_dup(s);
	if (text_term_width(safe) <= width)
		return safe;
	strbuf_init(&sb);
	end = safe + strlen(safe);
	/* Leave one column for the ellipsis. */
	for (p = safe; p < end && width > 0; ) {
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			if (w + 1 > width - 1)
				break;
			strbuf_addc(&sb, '?');
			w++;
			p++;
			continue;
		}
		cw = text_term_cp_width(c);
		if (w + cw > width - 1)
			break;
		strbuf_add(&sb, p, (size_t)(g_utf8_next_char(p) - p));
		w += cw;
		p = g_utf8_next_char(p);
	}
	if (width > 0)
		strbuf_adds(&sb, ell);
	free(safe);
	return strbuf_detach(&sb);
}

void
text_term_cell(FILE *fp, const char *s, size_t width, bool right)
{
	char	*fit = text_term_fit(s, width);
	size_t	 w = text_term_width(fit);

	if (right)
		fprintf(fp, "%*s", (int)(width - w), "");
	fputs(fit, fp);
	if (!right)
		fprintf(fp, "%*s", (int)(width - w), "");
	free(fit);
}

/* Advance over one character (or one invalid byte); *w gets its width. */
static const char *
text_term_step(const char *p, const char *end, size_t *w)
{
	gunichar	c = g_utf8_get_char_validated(p, end - p);

	if (c == (gunichar)-1 || c == (gunichar)-2) {
		*w = 1;
		return p + 1;
	}
	*w = text_term_cp_width(c);
	return g_utf8_next_char(p);
}

void
text_term_wrap(FILE *fp, const char *s, size_t width, size_t indent)
{
	const char	*p, *end, *word, *q;
	char		*safe;
	size_t		 col = 0, ww, cw;
	bool		 fresh = true;	/* nothing on this line yet */

	safe = text_safe_dup(s);
	if (width <= indent + 8)
		width = indent + 8;
	end = safe + strlen(safe);
	for (p = safe; p < end; ) {
		while (p < end && *p == ' ')
			p++;
		if (p == end)
			break;
		/* Measure the next word. */
		for (word = p, ww = 0, q = p; q < end && *q != ' '; ) {
			q = text_term_step(q, end, &cw);
			ww += cw;
		}
		if (!fresh && col + 1 + ww > width) {
			fprintf(fp, "\n%*s", (int)indent, "");
			col = indent;
		} else if (!fresh) {
			fputc(' ', fp);
			col++;
		}
		fresh = false;
		/* Write it, breaking a word that cannot fit on any line. */
		for (p = word; p < q; ) {
			const char	*next = text_term_step(p, end, &cw);

			if (col + cw > width && col > indent) {
				fprintf(fp, "\n%*s", (int)indent, "");
				col = indent;
			}
			fwrite(p, 1, (size_t)(next - p), fp);
			col += cw;
			p = next;
		}
	}
	fputc('\n', fp);
	free(safe);
}
