/* SPDX-License-Identifier: ISC */
/*
 * The cairo backend of the chart canvas: replays a display list onto a
 * PNG image (1x or 2x the CSS size) or a PDF page, drawing text with the
 * same pango layouts that measured it. Output is deterministic (no dates).
 * Ownership: borrows the canvas and the FILE; never closes it.
 */
#ifndef BENCHREPORT_CANVAS_CAIRO_H
#define BENCHREPORT_CANVAS_CAIRO_H

#include <stdio.h>

#include <cairo.h>

#include "canvas.h"
#include "diag.h"

/* Replay c onto cr in CSS pixels (the caller sets the transform and page). */
void	 canvas_cairo_replay(const struct canvas *c, cairo_t *cr);
/* Write c as a PNG of scale (1..4) pixels per CSS pixel to fp. 0, or -1 with d. */
int	 canvas_cairo_png(const struct canvas *c, int scale, FILE *fp,
	    struct diag *d);
/* Write c as a one-page PDF (1 CSS pixel = 0.75 pt) to fp. 0, or -1 with d. */
int	 canvas_cairo_pdf(const struct canvas *c, const char *creator, FILE *fp,
	    struct diag *d);

#endif
