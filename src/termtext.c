/* SPDX-License-Identifier: ISC */
/*
 * Terminal cells for untrusted text. Everything is passed through
 * textsafe first, so a file cannot move the cursor; widths come from
 * glib's Unicode tables so wide characters do not break alignment.
 * Not a layout engine: callers decide column widths.
 */
#include <langinfo.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "strbuf.h"
#include "termtext.h"
#include "textsafe.h"

static size_t	 termtext_cp_width(gunichar c);

bool
termtext_utf8(void)
{
	const char	*cs = nl_langinfo(CODESET);

	return cs != NULL && (strcmp(cs, "UTF-8") == 0 ||
	    strcmp(cs, "utf8") == 0);
}

const char *
termtext_ellipsis(void)
{
	return termtext_utf8() ? "\xe2\x80\xa6" : "~";
}

static size_t
termtext_cp_width(gunichar c)
{
	if (g_unichar_iszerowidth(c))
		return 0;
	return g_unichar_iswide(c) ? 2 : 1;
}

size_t
termtext_width(const char *s)
{
	const char	*p = s, *end = s + strlen(s);
	size_t		 w = 0;
	gunichar	 c;

	while (p < end) {
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			/* An invalid byte shows as one replacement column. */
			w++;
			p++;
			continue;
		}
		w += termtext_cp_width(c);
		p = g_utf8_next_char(p);
	}
	return w;
}

char *
termtext_fit(const char *s, size_t width)
{
	struct strbuf	 sb;
	const char	*p, *end, *ell = termtext_ellipsis();
	char		*safe;
	size_t		 w = 0, cw;
	gunichar	 c;

	safe = textsafe_dup(s);
	if (termtext_width(safe) <= width)
		return safe;
	strbuf_init(&sb);
	end = safe + strlen(safe);
	/* Leave one column for the ellipsis. */
	for (p = safe; p < end && width > 0; ) {
		c = g_utf8_get_char_validated(p, end - p);
		if (c == (gunichar)-1 || c == (gunichar)-2) {
			if (w + 1 > width - 1)
				break;
			strbuf_addc(&sb, '?');
			w++;
			p++;
			continue;
		}
		cw = termtext_cp_width(c);
		if (w + cw > width - 1)
			break;
		strbuf_add(&sb, p, (size_t)(g_utf8_next_char(p) - p));
		w += cw;
		p = g_utf8_next_char(p);
	}
	if (width > 0)
		strbuf_adds(&sb, ell);
	free(safe);
	return strbuf_detach(&sb);
}

void
termtext_cell(FILE *fp, const char *s, size_t width, bool right)
{
	char	*fit = termtext_fit(s, width);
	size_t	 w = termtext_width(fit);

	if (right)
		fprintf(fp, "%*s", (int)(width - w), "");
	fputs(fit, fp);
	if (!right)
		fprintf(fp, "%*s", (int)(width - w), "");
	free(fit);
}
