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

void
strbuf_add(struct strbuf *sb, const char *data, size_t len)
{
	xgrow(&sb->buf, &sb->cap, sb->len + len + 1, 1);
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
	size_t	room = sb->cap - sb->len;
	int	n;

	/* Into the room already there when it fits: one formatting pass. */
	va_start(ap, fmt);
	n = vsnprintf(room > 0 ? sb->buf + sb->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n <= 0) {
		if (room > 0)
			sb->buf[sb->len] = '\0';
		return;
	}
	if ((size_t)n < room) {
		sb->len += (size_t)n;
		return;
	}
	xgrow(&sb->buf, &sb->cap, sb->len + (size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
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
