/* SPDX-License-Identifier: ISC */
/*
 * Glyph tables per font and glyph lines per string (see canvas-glyphs.h).
 *
 * Why the tables give pango's answer: the text context is unhinted with
 * unrounded glyph positions (canvas-text.c), so a line's logical width is
 * the sum of its glyphs' advances in pango units (integers), and for
 * printable ASCII in one font the only thing shaping does beyond looking
 * up each character's glyph is pair kerning, which changes the advance of
 * the first glyph of a pair. A table therefore holds each character's
 * glyph and advance and each pair's kerning (from shaping the pair, the
 * difference of advances), and a string's width is exact integer
 * arithmetic over them. They are read from HarfBuzz through the very
 * hb_font pango shapes with (pango_font_get_hb_font), whose positions are
 * pango units: a pango layout per character and per pair cost more than
 * all the charts of a small review together. Anything else that shaping might do
 * is detected and sent back to pango: a character set in another font, a
 * pair that becomes other glyphs (a ligature) or moves a glyph (offsets),
 * and, once per font, a list of test strings compared glyph by glyph; a
 * font that fails that list is not tabled at all.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "canvas-dl-table.h"
#include "canvas-glyphs.h"
#include "canvas-text.h"
#include "xalloc.h"

#define GLYPHS_FIRST	0x20
#define GLYPHS_LAST	0x7E
#define GLYPHS_N	(GLYPHS_LAST - GLYPHS_FIRST + 1)
#define KERN_UNKNOWN	INT_MIN		/* pair not measured yet */
#define KERN_UNSAFE	INT_MAX		/* pair shaped as more than kerning */
/* Lines kept per font before its memo is emptied. */
#define GLYPHS_LINES_MAX	16384

struct glyph_font {
	struct canvas_font	 font;
	int			 state;		/* 0 not built, 1 tabled, -1 pango only */
	PangoFont		*pfont;		/* reference held */
	hb_font_t		*hb;		/* pfont's */
	hb_buffer_t		*pair;		/* for shaping pairs */
	cairo_scaled_font_t	*sf;		/* pfont's */
	int			 baseline;	/* pango units */
	PangoGlyph		 glyph[GLYPHS_N];
	int			 adv[GLYPHS_N];	/* pango units */
	int			*kern;		/* GLYPHS_N x GLYPHS_N */
	GHashTable		*lines;		/* text -> struct canvas_glyph_line */
};

static struct glyph_font	**glyph_fonts;
static size_t			  glyph_nfonts, glyph_capfonts;

/* Strings whose shaping a table must reproduce glyph for glyph. */
static const char *const glyph_checks[] = {
	"Office affluent fi fl ffi ffl",
	"AVATAR Type: To. Wa, Yo; LT 7/4",
	"SE +/- 0.33, N = 3",
	"1,234,567.89 MB/s -0.5e+07 (100%)",
	"[x] {y} <z> \"q\" 'p' `r` ~s ^t _u |v \\w @a #b $c &d *e =f ?g !h",
};

static struct glyph_font *glyphs_font(const struct canvas_font *f);
static int	glyphs_build(struct glyph_font *gf);
static int	glyphs_kern(struct glyph_font *gf, int a, int b);
static int	glyphs_ascii_width(struct glyph_font *gf, const char *s,
		    int *out);
static int	glyphs_matches(struct glyph_font *gf, const char *s);
static PangoLayoutRun *glyphs_only_run(PangoLayout *l);
static struct canvas_glyph_line *glyphs_from_table(struct glyph_font *gf,
		    const char *s, int width);
static struct canvas_glyph_line *glyphs_from_layout(struct glyph_font *gf,
		    const char *s);
static void	glyphs_line_free(void *p);
static void	glyphs_font_free(struct glyph_font *gf);

static struct glyph_font *
glyphs_font(const struct canvas_font *f)
{
	struct glyph_font	*gf;
	size_t			 i;

	for (i = 0; i < glyph_nfonts; i++) {
		gf = glyph_fonts[i];
		if (memcmp(&gf->font.size, &f->size, sizeof(f->size)) == 0 &&
		    (gf->font.bold != 0) == (f->bold != 0) &&
		    (gf->font.italic != 0) == (f->italic != 0))
			return gf;
	}
	canvas_dl_need();
	gf = xcalloc(1, sizeof(*gf));
	gf->font = *f;
	gf->lines = g_hash_table_new_full(g_str_hash, g_str_equal, free,
	    glyphs_line_free);
	xgrow(&glyph_fonts, &glyph_capfonts, glyph_nfonts + 1,
	    sizeof(*glyph_fonts));
	glyph_fonts[glyph_nfonts++] = gf;
	return gf;
}

/* The single run of a one-line layout, or NULL. */
static PangoLayoutRun *
glyphs_only_run(PangoLayout *l)
{
	PangoLayoutLine	*line;

	if (pango_layout_get_line_count(l) != 1 ||
	    (line = pango_layout_get_line_readonly(l, 0)) == NULL ||
	    line->runs == NULL || line->runs->next != NULL)
		return NULL;
	return line->runs->data;
}

/* Fill gf's character table and check it; gf->state says how it went. */
static int
glyphs_build(struct glyph_font *gf)
{
	PangoLayout		*l;
	PangoLayoutRun		*run;
	hb_codepoint_t		 g;
	size_t			 i;
	int			 c;

	gf->state = -1;
	/* The font pango sets ASCII in: the one of a string of all of it. */
	l = canvas_text_layout(&gf->font, glyph_checks[4]);
	if ((run = glyphs_only_run(l)) == NULL) {
		g_object_unref(l);
		return -1;
	}
	gf->pfont = g_object_ref(run->item->analysis.font);
	gf->baseline = pango_layout_get_baseline(l);
	g_object_unref(l);
	if ((gf->hb = pango_font_get_hb_font(gf->pfont)) == NULL)
		return -1;
	for (c = GLYPHS_FIRST; c <= GLYPHS_LAST; c++) {
		if (!hb_font_get_nominal_glyph(gf->hb, (hb_codepoint_t)c, &g) ||
		    g == 0)
			return -1;	/* pango would fall back to another font */
		gf->glyph[c - GLYPHS_FIRST] = g;
		gf->adv[c - GLYPHS_FIRST] = hb_font_get_glyph_h_advance(gf->hb,
		    g);
	}
	gf->sf = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(gf->pfont));
	if (gf->sf == NULL)
		return -1;
	gf->pair = hb_buffer_create();
	gf->kern = xmalloc(sizeof(*gf->kern) * GLYPHS_N * GLYPHS_N);
	for (i = 0; i < (size_t)GLYPHS_N * GLYPHS_N; i++)
		gf->kern[i] = KERN_UNKNOWN;
	gf->state = 1;
	/* Every check string set as pango sets it, or no table. */
	for (i = 0; i < sizeof(glyph_checks) / sizeof(glyph_checks[0]); i++)
		if (!glyphs_matches(gf, glyph_checks[i])) {
			gf->state = -1;
			return -1;
		}
	return 0;
}

/* Kerning of the pair (a, b) in pango units, or KERN_UNSAFE. */
static int
glyphs_kern(struct glyph_font *gf, int a, int b)
{
	hb_glyph_info_t		*gi;
	hb_glyph_position_t	*gp;
	unsigned int		 n;
	int			*k = &gf->kern[(a - GLYPHS_FIRST) * GLYPHS_N +
				    (b - GLYPHS_FIRST)];
	char			 s[2];

	if (*k != KERN_UNKNOWN)
		return *k;
	s[0] = (char)a;
	s[1] = (char)b;
	hb_buffer_clear_contents(gf->pair);
	hb_buffer_add_utf8(gf->pair, s, 2, 0, 2);
	hb_buffer_guess_segment_properties(gf->pair);
	hb_shape(gf->hb, gf->pair, NULL, 0);
	gi = hb_buffer_get_glyph_infos(gf->pair, &n);
	gp = hb_buffer_get_glyph_positions(gf->pair, NULL);
	*k = KERN_UNSAFE;
	if (n == 2 && gi[0].codepoint == gf->glyph[a - GLYPHS_FIRST] &&
	    gi[1].codepoint == gf->glyph[b - GLYPHS_FIRST] &&
	    gp[0].x_offset == 0 && gp[0].y_offset == 0 &&
	    gp[1].x_offset == 0 && gp[1].y_offset == 0 &&
	    gp[1].x_advance == gf->adv[b - GLYPHS_FIRST])
		*k = gp[0].x_advance - gf->adv[a - GLYPHS_FIRST];
	return *k;
}

/* Width of s in pango units from the tables: 1, or 0 when they cannot say. */
static int
glyphs_ascii_width(struct glyph_font *gf, const char *s, int *out)
{
	const unsigned char	*p;
	long			 w = 0;
	int			 k;

	if (gf->state == 0)
		glyphs_build(gf);
	if (gf->state != 1)
		return 0;
	for (p = (const unsigned char *)s; *p != '\0'; p++) {
		if (*p < GLYPHS_FIRST || *p > GLYPHS_LAST)
			return 0;
		w += gf->adv[*p - GLYPHS_FIRST];
		if (p[1] != '\0') {
			if (p[1] < GLYPHS_FIRST || p[1] > GLYPHS_LAST ||
			    (k = glyphs_kern(gf, p[0], p[1])) == KERN_UNSAFE)
				return 0;
			w += k;
		}
		if (w > INT_MAX / 2)
			return 0;
	}
	*out = (int)w;
	return 1;
}

/* Do the tables set s exactly as pango does? */
static int
glyphs_matches(struct glyph_font *gf, const char *s)
{
	PangoLayout		*l;
	PangoLayoutRun		*run;
	PangoGlyphInfo		*gi;
	PangoRectangle		 logical;
	const unsigned char	*p = (const unsigned char *)s;
	int			 i, w, ok = 0, x, k;

	if (!glyphs_ascii_width(gf, s, &w))
		return 1;	/* such strings go to pango anyway */
	l = canvas_text_layout(&gf->font, s);
	pango_layout_get_extents(l, NULL, &logical);
	if ((run = glyphs_only_run(l)) == NULL ||
	    run->glyphs->num_glyphs != (int)strlen(s) || logical.width != w)
		goto out;
	for (i = 0, x = 0; i < run->glyphs->num_glyphs; i++) {
		gi = &run->glyphs->glyphs[i];
		k = p[i + 1] != '\0' ? glyphs_kern(gf, p[i], p[i + 1]) : 0;
		if (gi->glyph != gf->glyph[p[i] - GLYPHS_FIRST] ||
		    gi->geometry.x_offset != 0 || gi->geometry.y_offset != 0 ||
		    gi->geometry.width != gf->adv[p[i] - GLYPHS_FIRST] + k)
			goto out;
		x += gi->geometry.width;
	}
	ok = x == w;
out:
	g_object_unref(l);
	return ok;
}

int
canvas_glyphs_width(const struct canvas_font *f, const char *s, double *w)
{
	int	units;

	if (!glyphs_ascii_width(glyphs_font(f), s, &units))
		return 0;
	*w = (double)units / PANGO_SCALE;
	return 1;
}

static struct canvas_glyph_line *
glyphs_from_table(struct glyph_font *gf, const char *s, int width)
{
	struct canvas_glyph_line	*gl;
	cairo_glyph_t			*g;
	const unsigned char		*p = (const unsigned char *)s;
	size_t				 i, n = strlen(s);
	long				 x = 0;

	gl = xcalloc(1, sizeof(*gl));
	gl->width = (double)width / PANGO_SCALE;
	gl->baseline = (double)gf->baseline / PANGO_SCALE;
	if (n == 0)
		return gl;
	gl->runs = xcalloc(1, sizeof(*gl->runs));
	gl->nruns = 1;
	gl->runs[0].font = gf->sf;
	gl->runs[0].n = (int)n;
	gl->runs[0].glyphs = g = xcalloc(n, sizeof(*g));
	for (i = 0; i < n; i++) {
		g[i].index = gf->glyph[p[i] - GLYPHS_FIRST];
		g[i].x = (double)x / PANGO_SCALE;
		g[i].y = 0;
		x += gf->adv[p[i] - GLYPHS_FIRST];
		if (p[i + 1] != '\0')
			x += glyphs_kern(gf, p[i], p[i + 1]);
	}
	return gl;
}

/* Pango's own shaping, read back as runs of glyphs. */
static struct canvas_glyph_line *
glyphs_from_layout(struct glyph_font *gf, const char *s)
{
	struct canvas_glyph_line	*gl;
	PangoLayout			*l;
	PangoLayoutLine			*line;
	PangoLayoutRun			*run;
	PangoGlyphInfo			*gi;
	PangoRectangle			 logical;
	struct canvas_glyph_run		*r;
	GSList				*it;
	size_t				 cap = 0;
	long				 x = 0;
	int				 i;

	gl = xcalloc(1, sizeof(*gl));
	l = canvas_text_layout(&gf->font, s);
	pango_layout_get_extents(l, NULL, &logical);
	gl->width = (double)logical.width / PANGO_SCALE;
	gl->baseline = (double)pango_layout_get_baseline(l) / PANGO_SCALE;
	if (pango_layout_get_line_count(l) != 1 ||
	    (line = pango_layout_get_line_readonly(l, 0)) == NULL) {
		gl->layout = l;
		return gl;
	}
	for (it = line->runs; it != NULL; it = it->next) {
		run = it->data;
		for (i = 0; i < run->glyphs->num_glyphs; i++)
			if (run->glyphs->glyphs[i].glyph &
			    PANGO_GLYPH_UNKNOWN_FLAG) {
				/* pango draws these as boxes; let it. */
				gl->layout = l;
				return gl;
			}
	}
	for (it = line->runs; it != NULL; it = it->next) {
		run = it->data;
		xgrow(&gl->runs, &cap, gl->nruns + 1, sizeof(*gl->runs));
		r = &gl->runs[gl->nruns++];
		memset(r, 0, sizeof(*r));
		/* The font map keeps the font, and so its scaled font, alive. */
		r->font = pango_cairo_font_get_scaled_font(
		    PANGO_CAIRO_FONT(run->item->analysis.font));
		r->glyphs = xcalloc((size_t)run->glyphs->num_glyphs + 1,
		    sizeof(*r->glyphs));
		for (i = 0; i < run->glyphs->num_glyphs; i++) {
			gi = &run->glyphs->glyphs[i];
			if (gi->glyph == PANGO_GLYPH_EMPTY) {
				x += gi->geometry.width;
				continue;
			}
			r->glyphs[r->n].index = gi->glyph;
			r->glyphs[r->n].x = (double)(x + gi->geometry.x_offset) /
			    PANGO_SCALE;
			r->glyphs[r->n].y = (double)gi->geometry.y_offset /
			    PANGO_SCALE;
			r->n++;
			x += gi->geometry.width;
		}
		if (r->font == NULL) {
			gl->layout = l;
			return gl;
		}
	}
	g_object_unref(l);
	return gl;
}

const struct canvas_glyph_line *
canvas_glyphs_line(const struct canvas_font *f, const char *s)
{
	struct glyph_font		*gf = glyphs_font(f);
	struct canvas_glyph_line	*gl;
	int				 w;

	if ((gl = g_hash_table_lookup(gf->lines, s)) != NULL)
		return gl;
	if (g_hash_table_size(gf->lines) >= GLYPHS_LINES_MAX)
		g_hash_table_remove_all(gf->lines);
	if (glyphs_ascii_width(gf, s, &w))
		gl = glyphs_from_table(gf, s, w);
	else
		gl = glyphs_from_layout(gf, s);
	g_hash_table_replace(gf->lines, xstrdup(s), gl);
	return gl;
}

static void
glyphs_line_free(void *p)
{
	struct canvas_glyph_line	*gl = p;
	size_t				 i;

	for (i = 0; i < gl->nruns; i++)
		free(gl->runs[i].glyphs);
	free(gl->runs);
	if (gl->layout != NULL)
		g_object_unref(gl->layout);
	free(gl);
}

static void
glyphs_font_free(struct glyph_font *gf)
{
	g_hash_table_destroy(gf->lines);
	if (gf->pair != NULL)
		hb_buffer_destroy(gf->pair);
	if (gf->pfont != NULL)
		g_object_unref(gf->pfont);
	free(gf->kern);
	free(gf);
}

void
canvas_glyphs_reset(void)
{
	size_t	i;

	for (i = 0; i < glyph_nfonts; i++)
		glyphs_font_free(glyph_fonts[i]);
	free(glyph_fonts);
	glyph_fonts = NULL;
	glyph_nfonts = glyph_capfonts = 0;
}
