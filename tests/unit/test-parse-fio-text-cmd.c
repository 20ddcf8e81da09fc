/* SPDX-License-Identifier: ISC */
/*
 * The fio command-line finder of the fio text reader
 * (parse_fio_text_cmd_args) against the expression it replaces, run by
 * GLib: every line made of up to five of the tokens below (prompts,
 * spaces of every kind GLib's \s knows, line ends, "sudo", paths, "fio",
 * options) must give the same capture, or no match in both. Then the
 * classes: every code point of the Basic Multilingual Plane is a space
 * to the finder exactly when GLib's "^\s$" matches it. Then the lines
 * whose backtracking made the expression quadratic: 64 KiB of them must
 * still be found (or refused) like short ones.
 */
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "parse-fio-text.h"
#include "tap.h"

#define CMD_RE	"^(?:.*[$#>]\\s*|\\s*)(?:sudo\\s+)?(?:\\S*/)?fio\\s+(.*--\\w.*)$"
#define MAXTOK	5

static const char *const tokens[] = {
	"$", ">", " ", "\t", "\r", "\xe3\x80\x80", "\xe2\x80\xa8", "sudo",
	"fio", "a/", "--rw=read", "--", "-", "--\xc3\xa9", "x", NULL
};

static int	 same(GRegex *re, const char *line);
static void	 check_tokens(GRegex *re);
static void	 check_spaces(void);
static void	 check_long(void);

/* 1 when the finder and the expression agree on line. */
static int
same(GRegex *re, const char *line)
{
	GMatchInfo	*mi = NULL;
	char		*got = parse_fio_text_cmd_args(line);
	gchar		*want = NULL;
	int		 eq;

	if (g_regex_match(re, line, 0, &mi))
		want = g_match_info_fetch(mi, 1);
	g_match_info_free(mi);
	eq = (got == NULL && want == NULL) ||
	    (got != NULL && want != NULL && strcmp(got, want) == 0);
	if (!eq) {
		gchar *esc = g_strescape(line, "");

		diag("line \"%s\": finder \"%s\", expression \"%s\"", esc,
		    got != NULL ? got : "(none)", want != NULL ? want : "(none)");
		g_free(esc);
	}
	free(got);
	g_free(want);
	return eq;
}

static void
check_tokens(GRegex *re)
{
	size_t	ntok, idx[MAXTOK], len, k, lines = 0, bad = 0, matched = 0;
	/* Zeroed: PCRE's JIT may load past the NUL, which memcheck reports. */
	char	line[256] = { 0 };

	for (ntok = 0; tokens[ntok] != NULL; ntok++)
		;
	for (len = 1; len <= MAXTOK; len++) {
		memset(idx, 0, sizeof(idx));
		for (;;) {
			line[0] = '\0';
			for (k = 0; k < len; k++)
				strcat(line, tokens[idx[k]]);
			/* The finder's callers never pass a line without "fio". */
			if (strstr(line, "fio") != NULL) {
				lines++;
				if (!same(re, line) && ++bad > 20)
					break;
				matched += g_regex_match(re, line, 0, NULL);
			}
			for (k = 0; k < len && ++idx[k] == ntok; k++)
				idx[k] = 0;
			if (k == len)
				break;
		}
	}
	diag("%zu lines with \"fio\", %zu command lines", lines, matched);
	ok(bad == 0 && matched > 1000, "finder and expression agree on every token line");
}

static void
check_spaces(void)
{
	GRegex		*sp = g_regex_new("^\\s$", 0, 0, NULL);
	char		 line[32], buf[16];
	gunichar	 c;
	size_t		 bad = 0;
	int		 n;

	/* "$ fio<c>--a": found exactly when c is a space to GLib. */
	for (c = 1; c < 0x10000; c++) {
		char *got;

		if (c >= 0xd800 && c <= 0xdfff)
			continue;
		n = g_unichar_to_utf8(c, buf);
		buf[n] = '\0';
		snprintf(line, sizeof(line), "$ fio%s--a", buf);
		got = parse_fio_text_cmd_args(line);
		if ((got != NULL) != (g_regex_match(sp, buf, 0, NULL) != 0) &&
		    bad++ < 5)
			diag("U+%04X: finder %s", (unsigned)c, got != NULL ? "space" : "not");
		free(got);
	}
	ok(bad == 0, "spaces: the finder's are GLib's, over the whole BMP");
	g_regex_unref(sp);
}

/*
 * 64 KiB lines that made the expression backtrack quadratically (5 s of
 * CPU for the first when JIT-compiled), with the capture worked out by
 * hand from the expression: after the last "$" comes the command, or no
 * start works.
 */
static void
check_long(void)
{
	static const char *const tails[] = { "x fio --a", " fio --a", "$fio -- ",
	    "a/fio --a", "fio\r--a", "fio --a\r--b" };
	static const char *const want[] = { NULL, "--a", NULL, "--a", "--a", NULL };
	size_t	i, n = 65536;
	char	*line = malloc(n + 32), *got, name[64];

	for (i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		memset(line, '$', n);
		strcpy(line + n, tails[i]);
		got = parse_fio_text_cmd_args(line);
		snprintf(name, sizeof(name), "64 KiB of \"$\", then tail %zu", i);
		ok(want[i] == NULL ? got == NULL : got != NULL && strcmp(got, want[i]) == 0,
		    name);
		free(got);
	}
	/* "$fio " many times, no option: every start reaches "fio". */
	for (i = 0; i + 5 < n; i += 5)
		memcpy(line + i, "$fio ", 5);
	strcpy(line + i, "-- ");
	got = parse_fio_text_cmd_args(line);
	ok(got == NULL, "13,107 \"$fio \" without an option: refused");
	free(got);
	free(line);
}

int
main(void)
{
	GRegex	*re = g_regex_new(CMD_RE, 0, 0, NULL);

	check_tokens(re);
	check_spaces();
	check_long();
	g_regex_unref(re);
	return tap_done();
}
