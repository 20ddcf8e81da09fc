/* SPDX-License-Identifier: ISC */
/*
 * System colours for charts: the Okabe-Ito palette (distinguishable with
 * the common colour-vision deficiencies) followed by Paul Tol's muted
 * colours, chosen by system index so that a system keeps its colour in
 * every chart of a set. Every bar also carries its name, so colours that
 * repeat after 14 systems never make a chart ambiguous.
 * Ownership: returns static storage.
 */
#ifndef BENCHREPORT_CHART_PALETTE_H
#define BENCHREPORT_CHART_PALETTE_H

#include <stddef.h>
#include <stdint.h>

/* Colour of system index i as 0xRRGGBB. */
uint32_t chart_palette_rgb(size_t i);
/* Colour of system index i as "#rrggbb" (static storage). */
const char *chart_palette_hex(size_t i);

/*
 * The colours a chart draws with that change on a dark page (its
 * background, text and lines, and the system colours with less than 3:1
 * contrast on the dark chart background), each beside the one that
 * stands in for it; the other system colours stay. A page's dark style
 * is made from this one table.
 */
struct chart_colour_pair {
	uint32_t	light;
	uint32_t	dark;
};
const struct chart_colour_pair *chart_palette_pairs(size_t *n);

#endif
