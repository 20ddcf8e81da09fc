/* SPDX-License-Identifier: ISC */
#define PCRE2_CODE_UNIT_WIDTH 8

#include <pcre2.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "text-re.h"
#include "xalloc.h"

/*
 * The JIT's stack starts on the machine stack (32 KiB); a match that
 * needs more gets a stack of its own, up to this size, and is tried
 * again: GRegex gave up with an error there, so a long line with many
 * candidate starts lost its match.
 */
#define TEXT_RE_JIT_STACK_MAX	(1024 * 1024)

struct text_re {
	pcre2_code		*code;	/* NULL: the pattern did not compile */
	pcre2_general_context	*gc;	/* its allocator, for its matches too */
};

struct text_match {
	const struct text_re	*re;
	pcre2_match_data	*md;
	pcre2_match_context	*mctx;		/* made with the JIT stack */
	pcre2_jit_stack		*jit;
	const char		*s;
	size_t			 len;
	int			 count;		/* pairs set by the last match; 0: none */
};

static void	*text_re_alloc(PCRE2_SIZE size, void *data);
static void	 text_re_free(void *p, void *data);
static int	 text_re_run(struct text_match *m, size_t start);

/* PCRE2 allocates through xmalloc: exhaustion ends the process there. */
static void *
text_re_alloc(PCRE2_SIZE size, void *data)
{
	(void)data;
	return xmalloc(size);
}

static void
text_re_free(void *p, void *data)
{
	(void)data;
	free(p);
}

const struct text_re *
text_re_new(const char *pattern)
{
	pcre2_compile_context	*cc;
	struct text_re		*re;
	PCRE2_SIZE		 off;
	int			 err;

	re = xmalloc(sizeof(*re));
	re->gc = pcre2_general_context_create(text_re_alloc, text_re_free, NULL);
	cc = pcre2_compile_context_create(re->gc);
	/* What GRegex's defaults were: a line may end in CR, LF or U+0085... */
	(void)pcre2_set_newline(cc, PCRE2_NEWLINE_ANY);
	/* ...and \d, \s and \w are Unicode's (a full-width space is \s). */
	re->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
	    PCRE2_UTF | PCRE2_UCP, &err, &off, cc);
	pcre2_compile_context_free(cc);
	/* Where the JIT is not built in, the interpreter matches. */
	if (re->code != NULL)
		(void)pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);
	return re;
}

struct text_match *
text_match_new(const struct text_re *re)
{
	struct text_match	*m = xcalloc(1, sizeof(*m));

	m->re = re;
	if (re->code != NULL)
		m->md = pcre2_match_data_create_from_pattern(re->code, re->gc);
	return m;
}

void
text_match_free(struct text_match *m)
{
	if (m == NULL)
		return;
	pcre2_match_data_free(m->md);
	pcre2_match_context_free(m->mctx);
	pcre2_jit_stack_free(m->jit);
	free(m);
}

/* One match from byte start; the count of pairs set, or 0. */
static int
text_re_run(struct text_match *m, size_t start)
{
	int	rc;

	if (m->md == NULL)
		return m->count = 0;
	rc = pcre2_match(m->re->code, (PCRE2_SPTR)m->s, m->len, start, 0,
	    m->md, m->mctx);
	if (rc == PCRE2_ERROR_JIT_STACKLIMIT && m->jit == NULL) {
		m->jit = pcre2_jit_stack_create(32 * 1024, TEXT_RE_JIT_STACK_MAX,
		    m->re->gc);
		m->mctx = pcre2_match_context_create(m->re->gc);
		pcre2_jit_stack_assign(m->mctx, NULL, m->jit);
		rc = pcre2_match(m->re->code, (PCRE2_SPTR)m->s, m->len, start,
		    0, m->md, m->mctx);
	}
	/* 0 would say the block is too small: it is made from the pattern. */
	m->count = rc > 0 ? rc : 0;
	return m->count;
}

bool
text_match(struct text_match *m, const char *s)
{
	m->s = s;
	m->len = strlen(s);
	return text_re_run(m, 0) > 0;
}

bool
text_match_next(struct text_match *m)
{
	PCRE2_SIZE	*ov;
	size_t		 start;

	if (m->count == 0)
		return false;
	ov = pcre2_get_ovector_pointer(m->md);
	start = ov[1];
	/* After an empty match, the next starts one character further. */
	if (ov[0] == ov[1]) {
		if (start >= m->len) {
			m->count = 0;
			return false;
		}
		start++;
		while (start < m->len && ((unsigned char)m->s[start] & 0xc0) == 0x80)
			start++;
	}
	return text_re_run(m, start) > 0;
}

bool
text_match_pos(const struct text_match *m, int n, size_t *from, size_t *to)
{
	PCRE2_SIZE	*ov;

	if (n < 0 || n >= m->count)
		return false;
	ov = pcre2_get_ovector_pointer(m->md);
	if (ov[2 * n] == PCRE2_UNSET)
		return false;
	*from = ov[2 * n];
	*to = ov[2 * n + 1];
	return true;
}

char *
text_match_dup(const struct text_match *m, int n)
{
	size_t	from, to;

	if (m->md == NULL || n < 0 || (uint32_t)n >= pcre2_get_ovector_count(m->md))
		return NULL;
	if (!text_match_pos(m, n, &from, &to))
		return xstrdup("");
	return xstrndup(m->s + from, to - from);
}

char *
text_match_buf(const struct text_match *m, int n, char *buf, size_t size)
{
	size_t	 from, to;
	char	*out = buf;

	if (!text_match_pos(m, n, &from, &to))
		from = to = 0;
	if (to - from >= size)
		out = xmalloc(to - from + 1);
	memcpy(out, m->s + from, to - from);
	out[to - from] = '\0';
	return out;
}
