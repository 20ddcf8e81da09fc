/* SPDX-License-Identifier: ISC */
/*
 * Terminal-safe text. Every string that came from an input file passes
 * through here before it reaches a terminal: in show, list, diff and in
 * error messages. Printable UTF-8 is kept as is; C0, DEL and the C1 range
 * (U+0080..U+009F, which some terminals honour as CSI) are escaped.
 */
#include <stdint.h>
#include <string.h>

#include "strbuf.h"
#include "textsafe.h"
#include "xalloc.h"

static void	 textsafe_append(struct strbuf *sb, const char *s);

static void
textsafe_append(struct strbuf *sb, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;

	for (; *p != '\0'; p++) {
		if (*p < 0x20 || *p == 0x7f) {
			strbuf_printf(sb, "\\x%02x", *p);
		} else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
			strbuf_printf(sb, "\\u%04x", p[1]);
			p++;
		} else
			strbuf_addc(sb, (char)*p);
	}
}

void
textsafe_fputs(const char *s, FILE *fp)
{
	struct strbuf	sb;

	if (s == NULL)
		return;
	strbuf_init(&sb);
	textsafe_append(&sb, s);
	fputs(strbuf_str(&sb), fp);
	strbuf_free(&sb);
}

char *
textsafe_dup(const char *s)
{
	struct strbuf	sb;

	strbuf_init(&sb);
	if (s != NULL)
		textsafe_append(&sb, s);
	return strbuf_detach(&sb);
}

size_t
textsafe_width(const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 w = 0;

	/* Count code points, not bytes: continuation bytes add nothing. */
	for (; *p != '\0'; p++)
		if ((*p & 0xc0) != 0x80)
			w++;
	return w;
}
