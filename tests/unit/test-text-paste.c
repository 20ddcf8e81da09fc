/* SPDX-License-Identifier: ISC */
/*
 * The pasted-text normaliser, rule by rule: each input is a string here
 * and the lines it must give are written beside it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "text-paste.h"

static void	 want(const char *in, const char *out, const char *name);

/* in cleaned and joined by "\n" must be out exactly. */
static void
want(const char *in, const char *out, const char *name)
{
	struct paste_text	 pt;
	char			*got;

	text_paste_read(&pt, in, strlen(in));
	got = text_paste_join(&pt);
	is_str(got, out, name);
	free(got);
	text_paste_free(&pt);
}

int
main(void)
{
	struct paste_text	 pt;
	const char		*s;

	want("a\nb\r\nc", "a\nb\nc\n", "LF and CRLF end lines");
	want("a\rb\rc", "a\nb\nc\n", "CR alone ends lines in a file without LF");
	want("x\n\r1 s\r2 s\ny\n", "x\n2 s\ny\n", "CR overwrites: the terminal's last state");
	want("> a\n>> b\n> > c\n>\n", "a\nb\nc\n\n", "mail quoting removed at any depth");
	want("- a\n* b\n+ c\n12. d\n3) e\n   - f\n    - g\n-x\n", "a\nb\nc\nd\ne\nf\n    - g\n-x\n",
	    "list markers (up to 3 spaces of indent) removed");
	want("`dd if=a of=b`\n``x`y``\n", "dd if=a of=b\n``x`y``\n",
	    "a line of inline code loses its backticks");
	want("```\n- a\n`b`\n```\n- c\n", "```\n- a\n`b`\n```\nc\n",
	    "code fences keep their content as it is");
	want("> 67108864 bytes (67 MB, 64 MiB) copied, 0.0322854 s, 2.1 GB/s and then \n"
	    "> more\n> next\n",
	    "67108864 bytes (67 MB, 64 MiB) copied, 0.0322854 s, 2.1 GB/s and then more\nnext\n",
	    "quoted format=flowed soft break joined");
	want("short \n> a \n> b\n", "short \na \nb\n", "short lines are not wrapped ones");
	want("a\xc2\xa0" "b\n", "a b\n", "no-break space is a space");
	want("<p>1 &amp; 2<br>3&lt;4</p><pre>  x\n  y</pre><h2>Head</h2>z",
	    "1 & 2\n3<4\n\n  x\n  y\n\n# Head\n\nz\n",
	    "HTML: entities, <br>, <pre>, headings as # lines");
	want("<html><head><title>t</title><script>s()</script></head><body>b</body></html>",
	    "b\n", "HTML: head and script are not text");
	want("<blockquote>&gt; quoted</blockquote>", "quoted\n",
	    "HTML-escaped mail quoting removed");
	want("<localhost> read: x\n", "<localhost> read: x\n",
	    "an fio host prefix is no HTML tag");
	want("a\xff" "b\n\xe5\xad\x97\n", "a\xef\xbf\xbd" "b\n\xe5\xad\x97\n",
	    "invalid UTF-8 becomes U+FFFD, valid characters stay");
	ok(!text_paste_is_html("a < b > c", 9), "comparisons are no HTML");
	ok(text_paste_is_html("x</pre>", 7), "a closing tag is HTML");

	s = "a\n```\nb\n```\n\rc\rd\n> e\n";
	text_paste_read(&pt, s, strlen(s));
	ok(pt.n == 6 && (pt.lines[1].flags & PASTE_FENCE) &&
	    (pt.lines[2].flags & PASTE_FENCED) && !(pt.lines[3].flags & PASTE_FENCED) &&
	    (pt.lines[4].flags & PASTE_OVERWRITTEN) && (pt.lines[5].flags & PASTE_QUOTED),
	    "flags: fence, fenced, overwritten, quoted");
	ok(pt.n == 6 && pt.lines[5].lineno == 6, "source line numbers kept");
	text_paste_free(&pt);
	return tap_done();
}
