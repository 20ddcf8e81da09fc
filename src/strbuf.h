/* SPDX-License-Identifier: ISC */
/*
 * A growable, always NUL-terminated byte buffer.
 * Ownership: the strbuf owns its bytes until strbuf_detach hands them to
 * the caller; strbuf_free releases them and may be called on a detached or
 * freshly initialised buffer.
 */
#ifndef BENCHREPORT_STRBUF_H
#define BENCHREPORT_STRBUF_H

#include <stddef.h>

struct strbuf {
	char	*buf;
	size_t	 len;
	size_t	 cap;
};

void	 strbuf_init(struct strbuf *sb);
void	 strbuf_free(struct strbuf *sb);
/* Empty the buffer, keeping its storage. */
void	 strbuf_reset(struct strbuf *sb);
void	 strbuf_add(struct strbuf *sb, const char *data, size_t len);
void	 strbuf_adds(struct strbuf *sb, const char *s);
void	 strbuf_addc(struct strbuf *sb, char c);
void	 strbuf_printf(struct strbuf *sb, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* The contents; always a valid string, "" when empty. */
const char *strbuf_str(const struct strbuf *sb);
/* Hand the contents to the caller (free() them) and reinitialise sb. */
char	*strbuf_detach(struct strbuf *sb);

#endif
