/* SPDX-License-Identifier: ISC */
/* Growable string buffer used by writers and parsers alike. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "xalloc.h"

void
strbuf_init(struct strbuf *sb)
{
	sb->buf = NULL;
	sb->len = 0;
	sb->cap = 0;
}

void
strbuf_free(struct strbuf *sb)
{
	free(sb->buf);
	strbuf_init(sb);
}

void
strbuf_reset(struct strbuf *sb)
{
	sb->len = 0;
	if (sb->buf != NULL)
		sb->buf[0] = '\0';
}

/*
 * A buffer's first allocation is 64 bytes: most strings built here are a
 * few words or a line, and growing from xgrow's 8 cost each of them three
 * reallocations or more (a fifth of the work of a page of dd summaries).
 */
#define STRBUF_FIRST	64

void
strbuf_add(struct strbuf *sb, const char *data, size_t len)
{
	size_t	need = sb->len + len + 1;

	xgrow(&sb->buf, &sb->cap, sb->cap == 0 && need < STRBUF_FIRST ?
	    STRBUF_FIRST : need, 1);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void
strbuf_adds(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void
strbuf_addc(struct strbuf *sb, char c)
{
	strbuf_add(sb, &c, 1);
}

void
strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list	ap;
	size_t	room;
	int	n;

	/* Format straight into the spare room; again only when it was short. */
	xgrow(&sb->buf, &sb->cap, sb->len + 128, 1);
	room = sb->cap - sb->len;
	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->len, room, fmt, ap);
	va_end(ap);
	if (n < 0) {
		sb->buf[sb->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		xgrow(&sb->buf, &sb->cap, sb->len + (size_t)n + 1, 1);
		va_start(ap, fmt);
		vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	sb->len += (size_t)n;
}

const char *
strbuf_str(const struct strbuf *sb)
{
	return sb->buf != NULL ? sb->buf : "";
}

char *
strbuf_detach(struct strbuf *sb)
{
	char	*s;

	s = sb->buf != NULL ? sb->buf : xstrdup("");
	strbuf_init(sb);
	return s;
}
