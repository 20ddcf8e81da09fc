/* SPDX-License-Identifier: ISC */
/*
 * Fitting untrusted text into terminal columns: neutralise control
 * characters (text-safe.c), measure display width (wide CJK characters count
 * two), truncate with an ellipsis, and pad. Used by list, show, systems.
 * Ownership: inputs are borrowed; text_term_fit returns a string to free().
 */
#ifndef BENCHREPORT_TEXT_TERM_H
#define BENCHREPORT_TEXT_TERM_H

#include <stdbool.h>
#include <stdio.h>

/* Display width of s (already neutralised, valid or invalid UTF-8). */
size_t	 text_term_width(const char *s);
/*
 * A neutralised copy of s at most width columns wide; longer text ends in
 * an ellipsis. NULL gives "".
 */
char	*text_term_fit(const char *s, size_t width);
/* Write s (neutralised, fitted) padded to width; right-aligned if asked. */
void	 text_term_cell(FILE *fp, const char *s, size_t width, bool right);
/*
 * Write s (neutralised) word-wrapped to width columns; continuation lines
 * start with indent spaces. A word wider than a line is broken. Ends with
 * a newline.
 */
void	 text_term_wrap(FILE *fp, const char *s, size_t width, size_t indent);
/* The ellipsis: "…" in a UTF-8 locale, "~" otherwise. */
const char *text_term_ellipsis(void);
/* True when the locale's character set is UTF-8 (arrows may be drawn). */
bool	 text_term_utf8(void);

#endif
