/* SPDX-License-Identifier: ISC */
/*
 * Undoing what pasting does to program output, before the text readers
 * (dd, fio normal and terse) look for results: HTML pages (read with
 * libxml2's HTML parser, entities decoded, headings kept as "# " lines),
 * mail quoting ("> "), Markdown list markers and inline code, CR-separated
 * progress updates (a line keeps what a terminal last showed) and
 * format=flowed soft line breaks of quoted mail. Markdown code fences are
 * kept and flagged, so a reader can tell a "#" prompt from a heading.
 * docs/fio-dd.md lists the rules. Linear in the input; never prints.
 * Ownership: a paste_text owns its lines (one buffer); text_paste_free
 * releases them.
 */
#ifndef BENCHREPORT_TEXT_PASTE_H
#define BENCHREPORT_TEXT_PASTE_H

#include <stdbool.h>
#include <stddef.h>

#define PASTE_OVERWRITTEN	0x01	/* CRs in the line: earlier segments dropped */
#define PASTE_FENCE		0x02	/* a ``` or ~~~ fence line itself */
#define PASTE_FENCED		0x04	/* inside a code fence */
#define PASTE_QUOTED		0x08	/* was mail-quoted */
#define PASTE_HTML		0x10	/* came out of an HTML document */

struct paste_line {
	char		*text;		/* cleaned, NUL-terminated, no line end */
	long		 lineno;	/* 1-based line of the source it starts on */
	unsigned	 flags;		/* PASTE_* */
};

struct paste_text {
	struct paste_line	*lines;		/* texts point into buf */
	size_t			 n;
	char			*buf;
	bool			 html;	/* the source was read as HTML */
};

/*
 * Clean buf[0..len-1] (need not be NUL-terminated; NUL bytes end a line)
 * into pt. Never fails: text that is none of the pasted forms comes out
 * line by line as it was.
 */
void	 text_paste_read(struct paste_text *pt, const char *buf, size_t len);

/* The cleaned lines joined by "\n" (a new string for line-based readers). */
char	*text_paste_join(const struct paste_text *pt);

/* True when buf looks like an HTML document or fragment (known tags). */
bool	 text_paste_is_html(const char *buf, size_t len);

void	 text_paste_free(struct paste_text *pt);

#endif
