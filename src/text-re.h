/* SPDX-License-Identifier: ISC */
/*
 * Regular expressions for the text readers, on PCRE2 directly. An
 * expression is compiled once per process, as GRegex compiled it before
 * (UTF-8, Unicode character classes, any line end) and JIT-compiled; a
 * matcher holds one match block for it, made once per read, so matching
 * a line allocates nothing (GRegex made a match block, a match context
 * and a GMatchInfo for every match, and copied every group it was asked
 * for: most of the dd and fio text readers' allocations).
 * Ownership: a text_re is the process's, never freed; a text_match owns
 * its match block and borrows its subject, which must outlive the
 * match; text_match_free releases it.
 */
#ifndef BENCHREPORT_TEXT_RE_H
#define BENCHREPORT_TEXT_RE_H

#include <stdbool.h>
#include <stddef.h>

struct text_re;
struct text_match;

/*
 * Compile pattern. A pattern that does not compile (the program's
 * error, which its tests find) gives an expression that matches nothing.
 */
const struct text_re	*text_re_new(const char *pattern);

struct text_match	*text_match_new(const struct text_re *re);
void			 text_match_free(struct text_match *m);
/*
 * Match s (NUL-terminated, valid UTF-8 or no match) from its start; the
 * groups are m's until its next match.
 */
bool	 text_match(struct text_match *m, const char *s);
/* The next match in the same subject, after the current one. */
bool	 text_match_next(struct text_match *m);
/*
 * Group n's byte offsets in the subject, [from, to): false when the
 * group took no part in the match.
 */
bool	 text_match_pos(const struct text_match *m, int n, size_t *from,
	    size_t *to);
/*
 * Group n as a new string (free it): "" when the group took no part in
 * the match (as g_match_info_fetch answered), NULL when the expression
 * has no group n.
 */
char	*text_match_dup(const struct text_match *m, int n);

/*
 * Group n in buf (size bytes) when it fits, otherwise in a new string
 * the caller frees (when the answer is not buf): the groups read for
 * every result line are numbers and units, and need no allocation. ""
 * when the group took no part in the match.
 */
char	*text_match_buf(const struct text_match *m, int n, char *buf,
	    size_t size);

#endif
