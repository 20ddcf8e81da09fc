/* SPDX-License-Identifier: ISC */
/*
 * Neutralising untrusted text for a terminal: control characters (ESC, CSI,
 * OSC, BEL, backspace, DEL, C1) become visible escapes such as "\x1b", so a
 * result file cannot move the cursor, retitle the window or hide text.
 * Ownership: inputs are borrowed; text_safe_dup returns a string to free().
 */
#ifndef BENCHREPORT_TEXT_SAFE_H
#define BENCHREPORT_TEXT_SAFE_H

#include <stdio.h>

/* Write s to fp with control characters shown as \xNN. NULL writes nothing. */
void	 text_safe_fputs(const char *s, FILE *fp);
/* Return a neutralised copy of s (NULL gives ""). */
char	*text_safe_dup(const char *s);
/*
 * Copy of json (text json-c wrote) with C1 controls and bidi overrides,
 * which JSON allows raw in strings, written as \u escapes: the same JSON
 * value, safe to show on a terminal. Returns a string to free().
 */
char	*text_safe_json(const char *json);
/* Display width in terminal columns of a neutralised, UTF-8 string. */
size_t	 text_safe_width(const char *s);

#endif
