/* SPDX-License-Identifier: ISC */
/*
 * Escaping untrusted text for XML, SVG and HTML output: the five markup
 * characters become entities, characters XML 1.0 forbids (C0 controls
 * other than tab, newline and carriage return, U+FFFE, U+FFFF) are
 * dropped, and bytes that are not UTF-8 become U+FFFD, so the output
 * always parses.
 * Ownership: inputs are borrowed; the _dup functions return a string to free().
 */
#ifndef BENCHREPORT_TEXT_ESCAPE_H
#define BENCHREPORT_TEXT_ESCAPE_H

#include "strbuf.h"

/* Append s escaped for XML text and attribute values (both quote kinds). NULL appends nothing. */
void	 text_escape_xml(struct strbuf *sb, const char *s);
/*
 * s with only the character clean-up of text_escape_xml (no entities), for
 * text handed to an XML library that escapes on output. NULL gives "".
 */
char	*text_escape_xml_chars_dup(const char *s);
/* s escaped as by text_escape_xml, as a new string (NULL gives ""). */
char	*text_escape_xml_dup(const char *s);
/*
 * s for Markdown (a table cell, a line of a comment): made terminal-safe
 * (text-safe.h: control characters neutralised, newlines as spaces), and
 * each ASCII punctuation character Markdown or HTML would interpret
 * escaped with a backslash (GFM allows that for any ASCII punctuation);
 * a new string.
 */
char	*text_escape_md_dup(const char *s);

#endif
