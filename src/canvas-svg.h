/* SPDX-License-Identifier: ISC */
/*
 * The SVG backend of the chart canvas: replays a display list as an SVG
 * document whose text stays text (<text>, with a font-family list and
 * fallbacks), with <title>/<desc> for screen readers and every string
 * escaped. Output depends only on the display list and the arguments.
 * Ownership: borrows the canvas; appends to the caller's strbuf.
 */
#ifndef BENCHREPORT_CANVAS_SVG_H
#define BENCHREPORT_CANVAS_SVG_H

#include "canvas.h"
#include "strbuf.h"

/*
 * Append c as SVG to out. id_prefix (NULL = "c"; only [A-Za-z0-9_-] kept)
 * starts every id, so several documents can share one HTML page; xml_decl
 * adds the XML declaration for a standalone file.
 */
void	 canvas_svg_render(const struct canvas *c, const char *id_prefix,
	    int xml_decl, struct strbuf *out);

/* For a page's inline charts: no class on shapes and texts, lines as paths. */
#define CANVAS_SVG_COMPACT	0x1
/* No per-row <title> tooltips (a layout only phones show). */
#define CANVAS_SVG_NO_TIPS	0x2
/*
 * The same for inlining in a page: the root element in class cls (NULL:
 * none), with flags CANVAS_SVG_*. The picture is the same.
 */
void	 canvas_svg_render_inline(const struct canvas *c, const char *id_prefix,
	    const char *cls, int flags, struct strbuf *out);

#endif
