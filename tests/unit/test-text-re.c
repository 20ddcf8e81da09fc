/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for the readers' expressions (text-re.c): the dialect GRegex
 * gave them (Unicode classes, any line end), groups taken and untaken,
 * the next match, groups in a caller's buffer, a match deeper than the
 * JIT's first stack, input that is not UTF-8, a pattern that does not
 * compile.
 */
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "text-re.h"

static const struct text_re *compiled(const char *pattern);
static bool	matches(const char *pattern, const char *s);

/*
 * Expressions are the process's, never freed: kept reachable here (not
 * static, so the stores are not optimised away as never read).
 */
const struct text_re	*test_text_re_kept[32];

static const struct text_re *
compiled(const char *pattern)
{
	static size_t	n;

	return test_text_re_kept[n++ % 32] = text_re_new(pattern);
}

static bool
matches(const char *pattern, const char *s)
{
	struct text_match	*m = text_match_new(compiled(pattern));
	bool			 yes = text_match(m, s);

	text_match_free(m);
	return yes;
}

int
main(void)
{
	struct text_match	*m;
	char			 buf[4], *s, *big;
	size_t			 from, to, n, i;

	/* What the readers' patterns were written for (GRegex's dialect). */
	ok(matches("^\\d$", "\xd9\xa3"), "\\d takes an Arabic-Indic digit");
	ok(matches("^\\s$", "\xe3\x80\x80"), "\\s takes the ideographic space");
	ok(matches("^\\s$", "\xc2\xa0"), "\\s takes a no-break space");
	ok(matches("^\\w$", "\xc3\xa9"), "\\w takes a letter beyond ASCII");
	ok(matches("^.$", "\xc3\xa9"), ". takes one character, not one byte");
	ok(matches("^a$", "a\r"), "$ before a CR");
	ok(matches("^a$", "a\xc2\x85"), "$ before U+0085");
	ok(!matches("^a.b$", "a\rb"), ". stops at a CR");
	ok(!matches("^a", "\xff" "a"), "not UTF-8: no match");

	m = text_match_new(compiled("(?:^|\\s)--([a-z]+)(?:=(\\S*))?"));
	ok(text_match(m, "fio --direct --bs=4k"), "first match");
	s = text_match_dup(m, 1);
	is_str(s, "direct", "group 1");
	free(s);
	ok(!text_match_pos(m, 2, &from, &to), "an untaken last group has no place");
	s = text_match_dup(m, 2);
	is_str(s, "", "an untaken group is empty");
	free(s);
	ok(text_match_dup(m, 3) == NULL, "no group 3 in the expression");
	ok(text_match_next(m), "second match");
	ok(text_match_pos(m, 2, &from, &to) && from == 18 && to == 20,
	    "group 2 at its bytes");
	s = text_match_buf(m, 2, buf, sizeof(buf));
	ok(s == buf && strcmp(s, "4k") == 0, "a short group in the caller's buffer");
	s = text_match_buf(m, 1, buf, 2);
	ok(s != buf && strcmp(s, "bs") == 0, "a longer one in a new string");
	free(s);
	ok(!text_match_next(m), "no third match");
	ok(!text_match_next(m), "and none after the end");
	text_match_free(m);

	/* Empty matches: the next starts one character (not byte) further. */
	m = text_match_new(compiled("x*"));
	n = 0;
	if (text_match(m, "\xc3\xa9x\xc3\xa9"))
		do
			n++;
		while (n < 10 && text_match_next(m));
	is_int(n, 4, "\"\", \"x\", \"\", \"\": four matches, as Perl finds");
	text_match_free(m);

	/*
	 * A match that backtracks through 30,000 alternatives outgrows the
	 * JIT's first stack; it is tried again on a larger one.
	 */
	n = 30000;
	big = malloc(n + 2);
	for (i = 0; i < n; i++)
		big[i] = i % 2 ? 'a' : 'b';
	big[n] = 'c';
	big[n + 1] = '\0';
	m = text_match_new(compiled("^(a|b)*c$"));
	ok(text_match(m, big), "a deep match still matches");
	ok(text_match_pos(m, 0, &from, &to) && from == 0 && to == n + 1,
	    "over the whole subject");
	text_match_free(m);
	free(big);

	/* A pattern that does not compile matches nothing, and says so nowhere. */
	m = text_match_new(compiled("(unclosed"));
	ok(!text_match(m, "(unclosed"), "a bad pattern matches nothing");
	ok(text_match_dup(m, 0) == NULL, "and has no groups");
	text_match_free(m);
	return tap_done();
}
