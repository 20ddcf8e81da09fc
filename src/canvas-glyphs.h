/* SPDX-License-Identifier: ISC */
/*
 * A line of chart text as positioned glyphs, for measuring and drawing
 * without a pango layout per string. Printable ASCII, which is nearly all
 * of a chart's text (values, "SE +/- 0.33, N = 3", tick labels), is set
 * from per-font tables: each character's glyph and advance and, as pairs
 * turn up, each pair's kerning, all taken from pango itself, so a width
 * or a glyph position is the one pango gives. Other text is shaped by a
 * pango layout and read back as glyph runs.
 * Ownership: everything returned is this module's, valid until
 * canvas_glyphs_reset (canvas_text_shutdown calls it).
 */
#ifndef BENCHREPORT_CANVAS_GLYPHS_H
#define BENCHREPORT_CANVAS_GLYPHS_H

#include <stddef.h>

#include <cairo.h>

#include "canvas.h"

/* Glyphs of one font; x from the start of the line, y from the baseline, in pixels. */
struct canvas_glyph_run {
	cairo_scaled_font_t	*font;
	cairo_glyph_t		*glyphs;
	int			 n;
};

struct canvas_glyph_line {
	double			 width;		/* logical width, pixels */
	double			 baseline;	/* top of the line to its baseline */
	struct canvas_glyph_run	*runs;
	size_t			 nruns;
	/*
	 * Non-NULL when the text cannot be drawn from its glyphs alone
	 * (glyphs missing from every font, several lines): draw the layout.
	 */
	void			*layout;	/* PangoLayout */
};

/*
 * Width in pixels of s in font f when the ASCII tables can tell it (sets
 * *w and returns 1), else 0: the caller measures with pango.
 */
int	 canvas_glyphs_width(const struct canvas_font *f, const char *s,
	    double *w);
/* s in font f as glyphs. Never NULL. */
const struct canvas_glyph_line *canvas_glyphs_line(const struct canvas_font *f,
	    const char *s);
/* Forget every table and line. */
void	 canvas_glyphs_reset(void);

#endif
