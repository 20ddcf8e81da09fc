/* SPDX-License-Identifier: ISC */
/*
 * The chart palette. Okabe & Ito, "Color Universal Design" (2008), in an
 * order that puts the most distinct hues first; then Tol's "muted" scheme
 * (personal.sron.nl/~pault). It does not assign colours to names: index in
 * the set decides, which is stable for a stored set.
 */
#include "chart-palette.h"

static const uint32_t chart_palette_rgbs[] = {
	0x0072B2, 0xE69F00, 0x009E73, 0xD55E00, 0x56B4E9, 0xCC79A7,
	0xF0E442, 0x4D4D4D,
	0x332288, 0x999933, 0x882255, 0x44AA99, 0xCC6677, 0xDDCC77
};

static const char *const chart_palette_hexes[] = {
	"#0072b2", "#e69f00", "#009e73", "#d55e00", "#56b4e9", "#cc79a7",
	"#f0e442", "#4d4d4d",
	"#332288", "#999933", "#882255", "#44aa99", "#cc6677", "#ddcc77"
};

#define CHART_PALETTE_N	(sizeof(chart_palette_rgbs) / sizeof(chart_palette_rgbs[0]))

_Static_assert(sizeof(chart_palette_hexes) / sizeof(chart_palette_hexes[0]) ==
    CHART_PALETTE_N, "palette tables differ in length");

uint32_t
chart_palette_rgb(size_t i)
{
	return chart_palette_rgbs[i % CHART_PALETTE_N];
}

const char *
chart_palette_hex(size_t i)
{
	return chart_palette_hexes[i % CHART_PALETTE_N];
}
