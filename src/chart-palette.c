/* SPDX-License-Identifier: ISC */
/*
 * The chart palette. Okabe & Ito, "Color Universal Design" (2008), in an
 * order that puts the most distinct hues first; then Tol's "muted" scheme
 * (personal.sron.nl/~pault). It does not assign colours to names: index in
 * the set decides, which is stable for a stored set.
 */
#include "chart-frame.h"
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

/*
 * Dark partners, for a chart background of #1b2027: text and grey at
 * 13:1 and 7.7:1, the system colours at 3:1 or more (the four below that,
 * Okabe-Ito's blue and grey and Tol's indigo and wine, are lightened in
 * their own hue), grid and axis lines faint as on white.
 */
static const struct chart_colour_pair chart_palette_dark[] = {
	{ 0xFFFFFF, 0x1B2027 },		/* background */
	{ CHART_INK, 0xE4E8EC },
	{ CHART_GREY, 0xA9B3BD },
	{ CHART_GRID, 0x353D47 },
	{ CHART_AXIS, 0x6F7985 },
	{ CHART_WARN, 0xF0A04B },
	{ 0x0072B2, 0x2F8FD8 },
	{ 0x4D4D4D, 0x9E9E9E },
	{ 0x332288, 0x8577DD },
	{ 0x882255, 0xD0609A },
};

const struct chart_colour_pair *
chart_palette_pairs(size_t *n)
{
	*n = sizeof(chart_palette_dark) / sizeof(chart_palette_dark[0]);
	return chart_palette_dark;
}
