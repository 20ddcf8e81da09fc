/* SPDX-License-Identifier: ISC */
/*
 * Terminal-safe text. Every string that came from an input file passes
 * through here before it reaches a terminal: in show, list, diff and in
 * error messages. Printable UTF-8 is kept as is; C0, DEL, the C1 range
 * (U+0080..U+009F, which some terminals honour as CSI), bidirectional
 * overrides and bytes that are not UTF-8 (a raw 0x9b is CSI to an 8-bit
 * terminal) are escaped.
 */
#include <stdint.h>
#include <string.h>

#include <glib.h>

#include "strbuf.h"
#include "text-safe.h"
#include "xalloc.h"

static int	 text_safe_bidi(gunichar c);
static void	 text_safe_append(struct strbuf *sb, const char *s);

/*
 * Bidirectional embeddings, overrides and isolates (U+202A..U+202E,
 * U+2066..U+2069) reorder what follows them on screen, so a name can show
 * text in another order than it has; they are escaped like controls.
 */
static int
text_safe_bidi(gunichar c)
{
	return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

static void
text_safe_append(struct strbuf *sb, const char *s)
{
	const char	*p = s, *end = s + strlen(s);
	gunichar	 c;
	int		 n;

	while (p < end) {
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			/* Not UTF-8: one byte at a time, shown, never sent. */
			strbuf_printf(sb, "\\x%02x", (unsigned char)*p++);
			continue;
		}
		n = g_utf8_skip[*(const unsigned char *)p];
		if (c < 0x20 || c == 0x7f)
			strbuf_printf(sb, "\\x%02x", (unsigned)c);
		else if ((c >= 0x80 && c <= 0x9f) || text_safe_bidi(c))
			strbuf_printf(sb, "\\u%04x", (unsigned)c);
		else
			strbuf_add(sb, p, (size_t)n);
		p += n;
	}
}

void
text_safe_fputs(const char *s, FILE *fp)
{
	struct strbuf	sb;

	if (s == NULL)
		return;
	strbuf_init(&sb);
	text_safe_append(&sb, s);
	fputs(strbuf_str(&sb), fp);
	strbuf_free(&sb);
}

char *
text_safe_dup(const char *s)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	if (s != NULL)
		text_safe_append(&sb, s);
	return strbuf_detach(&sb);
}

char *
text_safe_json(const char *json)
{
	struct strbuf	 sb;
	const char	*p = json, *end = json + strlen(json), *run;
	gunichar	 c;
	int		 n;

	strbuf_init(&sb);
	/* JSON syntax is ASCII: these code points can only be inside strings. */
	while (p < end) {
		/* ASCII stays as it is: copied a run at a time. */
		for (run = p; p < end && *(const unsigned char *)p < 0x80; p++)
			;
		if (p > run)
			strbuf_add(&sb, run, (size_t)(p - run));
		if (p == end)
			break;
		c = g_utf8_get_char_validated(p, end - p);
		n = c == (gunichar)-1 || c == (gunichar)-2 ? 1 :
		    g_utf8_skip[*(const unsigned char *)p];
		if (n > 1 && ((c >= 0x80 && c <= 0x9f) || text_safe_bidi(c)))
			strbuf_printf(&sb, "\\u%04x", (unsigned)c);
		else
			strbuf_add(&sb, p, (size_t)n);
		p += n;
	}
	return strbuf_detach(&sb);
}

size_t
text_safe_width(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 w = 0;

	/* Count code points, not bytes: continuation bytes add nothing. */
	for (; *p != '\0'; p++)
		if ((*p & 0xc0) != 0x80)
			w++;
	return w;
}
