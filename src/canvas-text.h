/* SPDX-License-Identifier: ISC */
/*
 * Text measurement and line breaking for charts, done by pango for every
 * backend so that a label fits the same way in SVG, PNG and PDF. Layout is
 * unhinted and independent of the output scale. Also cleans untrusted
 * labels (invalid UTF-8, control characters, runs of white space).
 * Ownership: returned char * and PangoLayout * belong to the caller
 * (free(), g_object_unref()); the shared pango context is this module's
 * and canvas_text_shutdown releases it.
 */
#ifndef BENCHREPORT_CANVAS_TEXT_H
#define BENCHREPORT_CANVAS_TEXT_H

#include <stddef.h>

#include <pango/pango.h>

#include "canvas.h"
#include "model.h"

/* The font-family list for SVG: the measured font first, then close-metric fallbacks. */
#define CANVAS_TEXT_SVG_FAMILY \
	"'DejaVu Sans', Verdana, Geneva, 'Bitstream Vera Sans', sans-serif"

/* A new layout of s (one paragraph) in font f, on the shared context. */
PangoLayout *canvas_text_layout(const struct canvas_font *f, const char *s);
/* Width in pixels of s set on one line. */
double	 canvas_text_width(const struct canvas_font *f, const char *s);
/* Distance from the top of a line to its baseline, and the line pitch. */
double	 canvas_text_ascent(const struct canvas_font *f);
double	 canvas_text_line_height(const struct canvas_font *f);
/*
 * A copy of s that is valid UTF-8 with control characters turned into
 * spaces, white space collapsed and trimmed (NULL gives "").
 */
char	*canvas_text_clean(const char *s);
/* s when it fits in maxw pixels, else its longest prefix that fits followed by "…". */
char	*canvas_text_fit(const struct canvas_font *f, const char *s, double maxw);
/*
 * Break s into lines of at most maxw pixels, at most maxlines of them (the
 * last one ellipsized when text remains), appended to out. Returns the
 * number of lines added (0 for an empty s).
 */
size_t	 canvas_text_wrap(const struct canvas_font *f, const char *s,
	    double maxw, size_t maxlines, struct str_list *out);
/* Release the shared pango context and font map (they are re-created on demand). */
void	 canvas_text_shutdown(void);

#endif
