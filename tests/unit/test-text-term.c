/* SPDX-License-Identifier: ISC */
/* Unit tests for terminal text fitting: width, truncation, wrapping. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "text-term.h"

static char	*wrapped(const char *s, size_t width, size_t indent);

static char *
wrapped(const char *s, size_t width, size_t indent)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*fp;

	if ((fp = open_memstream(&buf, &len)) == NULL)
		return NULL;
	text_term_wrap(fp, s, width, indent);
	fclose(fp);
	return buf;
}

int
main(void)
{
	char	*s;
	bool	 utf8;

	utf8 = setlocale(LC_CTYPE, "C.UTF-8") != NULL && text_term_utf8();
	is_int(text_term_width("abc"), 3, "ASCII width");
	is_int(text_term_width("\xc2\xb1"), 1, "one column for a two-byte character");
	is_int(text_term_width("\xe6\x97\xa5\xe6\x9c\xac"), 4, "wide CJK counts two");
	s = text_term_fit("short", 10);
	is_str(s, "short", "fits unchanged");
	free(s);
	s = text_term_fit("abcdefghij", 5);
	is_int(text_term_width(s), 5, "truncated to the width");
	ok(strncmp(s, "abcd", 4) == 0, "keeps the start");
	free(s);
	s = text_term_fit("a\x1b[31mb", 40);
	ok(strchr(s, 0x1b) == NULL, "ESC neutralised");
	free(s);
	s = text_term_fit("\xe6\x97\xa5\xe6\x9c\xac\xe8\xaa\x9e", 4);
	ok(text_term_width(s) <= 4, "wide characters are not split across the limit");
	free(s);

	s = wrapped("one two three four", 9, 2);
	is_str(s, "one two\n  three\n  four\n", "word wrap with indent");
	free(s);
	s = wrapped("abcdefghijklmnop", 10, 2);
	ok(s != NULL && strstr(s, "\n  ") != NULL, "a long word is broken");
	free(s);
	s = wrapped("x\ty", 40, 0);
	is_str(s, "x\\x09y\n", "control characters neutralised when wrapping");
	free(s);
	if (utf8)
		is_str(text_term_ellipsis(), "\xe2\x80\xa6", "UTF-8 ellipsis");
	else
		skip("UTF-8 ellipsis", "no C.UTF-8 locale");
	return tap_done();
}
