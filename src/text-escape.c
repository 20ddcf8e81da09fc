/* SPDX-License-Identifier: ISC */
/*
 * XML/HTML escaping of untrusted strings (system names, notes, titles).
 * Decodes UTF-8 with glib so that invalid sequences are replaced rather
 * than copied; does not collapse whitespace or change anything else, and
 * does not know where its output goes (text node or attribute).
 */
#include <string.h>

#include <glib.h>

#include "text-escape.h"
#include "text-safe.h"

static void	text_escape_xml_append(struct strbuf *, const char *, int);

/* XML 1.0 Char production, minus what glib already rejects (surrogates). */
static int
text_escape_xml_allowed(gunichar c)
{
	if (c < 0x20)
		return c == '\t' || c == '\n' || c == '\r';
	return c != 0xFFFE && c != 0xFFFF;
}

/*
 * One pass for both uses: with markup, the five markup characters become
 * entities (text we write ourselves); without, they stay for an XML
 * library that escapes on output (the review document).
 */
static void
text_escape_xml_append(struct strbuf *sb, const char *s, int markup)
{
	const char	*p, *q, *end;
	gunichar	 c;

	if (s == NULL)
		return;
	end = s + strlen(s);
	for (p = s; p < end; ) {
		/*
		 * A run of printable ASCII that needs nothing is copied at
		 * once: nearly all text is, and decoding it character by
		 * character was most of the cost of writing a chart's SVG.
		 */
		for (q = p; q < end && ((*q >= 0x20 && *q < 0x7F) ||
		    *q == '\t' || *q == '\n' || *q == '\r'); q++)
			if (markup && (*q == '&' || *q == '<' || *q == '>' ||
			    *q == '"' || *q == '\''))
				break;
		if (q > p) {
			strbuf_add(sb, p, (size_t)(q - p));
			p = q;
			continue;
		}
		switch (markup ? *p : '\0') {
		case '&':
			strbuf_adds(sb, "&amp;");
			p++;
			continue;
		case '<':
			strbuf_adds(sb, "&lt;");
			p++;
			continue;
		case '>':
			strbuf_adds(sb, "&gt;");
			p++;
			continue;
		case '"':
			strbuf_adds(sb, "&quot;");
			p++;
			continue;
		case '\'':
			strbuf_adds(sb, "&#39;");
			p++;
			continue;
		default:
			break;
		}
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			strbuf_adds(sb, "\xEF\xBF\xBD");	/* U+FFFD */
			p++;
			continue;
		}
		if (text_escape_xml_allowed(c))
			strbuf_add(sb, p, g_utf8_next_char(p) - p);
		p = g_utf8_next_char(p);
	}
}

void
text_escape_xml(struct strbuf *sb, const char *s)
{
	text_escape_xml_append(sb, s, 1);
}

char *
text_escape_xml_chars_dup(const char *s)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	text_escape_xml_append(&sb, s, 0);
	return strbuf_detach(&sb);
}

char *
text_escape_xml_dup(const char *s)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	text_escape_xml(&sb, s);
	return strbuf_detach(&sb);
}

char *
text_escape_md_dup(const char *s)
{
	struct strbuf	 sb;
	char		*safe, *p;

	safe = text_safe_dup(s);
	strbuf_init(&sb);
	for (p = safe; *p != '\0'; p++) {
		if (strchr("\\`*_{}[]<>|#!~&$", *p) != NULL)
			strbuf_addc(&sb, '\\');
		strbuf_addc(&sb, *p);
	}
	free(safe);
	return strbuf_detach(&sb);
}
