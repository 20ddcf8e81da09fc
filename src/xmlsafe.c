/* SPDX-License-Identifier: ISC */
/*
 * XML 1.0 character sanitising. Control characters become "\xNN" and
 * invalid UTF-8 bytes become U+FFFD: both stay visible to a reader, which
 * matters when the odd byte is the clue that an input file was damaged.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "strbuf.h"
#include "xmlsafe.h"

static size_t	 xmlsafe_utf8_len(const unsigned char *p, uint32_t *cp);

/* Length of the valid UTF-8 sequence at p (0 when invalid), its code point in *cp. */
static size_t
xmlsafe_utf8_len(const unsigned char *p, uint32_t *cp)
{
	size_t	n, i;

	if (p[0] < 0x80) {
		*cp = p[0];
		return 1;
	}
	if (p[0] >= 0xc2 && p[0] <= 0xdf) {
		n = 2;
		*cp = p[0] & 0x1f;
	} else if (p[0] >= 0xe0 && p[0] <= 0xef) {
		n = 3;
		*cp = p[0] & 0x0f;
	} else if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		n = 4;
		*cp = p[0] & 0x07;
	} else
		return 0;
	for (i = 1; i < n; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		*cp = (*cp << 6) | (p[i] & 0x3f);
	}
	/* Overlong forms, surrogates and values past U+10FFFF are invalid. */
	if ((n == 3 && *cp < 0x800) || (n == 4 && *cp < 0x10000) ||
	    (*cp >= 0xd800 && *cp <= 0xdfff) || *cp > 0x10ffff)
		return 0;
	return n;
}

char *
xmlsafe_dup(const char *s)
{
	const unsigned char	*p = (const unsigned char *)(s ? s : "");
	struct strbuf		 sb;
	uint32_t		 cp;
	size_t			 n;

	strbuf_init(&sb);
	while (*p != '\0') {
		n = xmlsafe_utf8_len(p, &cp);
		if (n == 0) {
			strbuf_adds(&sb, "\xef\xbf\xbd");
			p++;
			continue;
		}
		if ((cp < 0x20 && cp != '\t' && cp != '\n' && cp != '\r') ||
		    cp == 0x7f || (cp >= 0x80 && cp <= 0x9f) ||
		    cp == 0xfffe || cp == 0xffff)
			strbuf_printf(&sb, "\\x%02x", (unsigned)cp);
		else
			strbuf_add(&sb, (const char *)p, n);
		p += n;
	}
	return strbuf_detach(&sb);
}
