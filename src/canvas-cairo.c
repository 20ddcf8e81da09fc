/* SPDX-License-Identifier: ISC */
/*
 * PNG and PDF output of a chart display list through cairo, with text set
 * as the glyphs the measuring context gives (canvas-glyphs.c), so the
 * picture matches the SVG's layout. Knows nothing of charts.
 */
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas-cairo.h"
#include "canvas-dl-table.h"
#include "canvas-glyphs.h"
#include "xalloc.h"

static cairo_status_t	canvas_cairo_write(void *, const unsigned char *,
			    unsigned int);
static void		canvas_cairo_rgb(cairo_t *, uint32_t);
static int		canvas_cairo_draw(const struct canvas *,
			    cairo_surface_t *, double, struct diag *);
static void		canvas_cairo_png_error(png_structp, png_const_charp);
static void		canvas_cairo_png_warning(png_structp, png_const_charp);
static int		canvas_cairo_png_rows(cairo_surface_t *, FILE *,
			    struct diag *);

static cairo_status_t
canvas_cairo_write(void *closure, const unsigned char *data, unsigned int len)
{
	FILE	*fp = closure;

	if (len > 0 && fwrite(data, 1, len, fp) != len)
		return CAIRO_STATUS_WRITE_ERROR;
	return CAIRO_STATUS_SUCCESS;
}

static void
canvas_cairo_rgb(cairo_t *cr, uint32_t rgb)
{
	cairo_set_source_rgb(cr, ((rgb >> 16) & 0xFF) / 255.0,
	    ((rgb >> 8) & 0xFF) / 255.0, (rgb & 0xFF) / 255.0);
}

/*
 * Lines are collected into one path while they share a colour and width,
 * and stroked once: a chart's grid and its whiskers are dozens of short
 * lines, and every stroke is a separate operation to cairo (a PDF surface
 * records, analyses and writes each one). Where stroked lines of one path
 * overlap, the overlap is covered once instead of twice, which only
 * changes antialiased pixels at whisker ends.
 */
struct canvas_cairo_stroke {
	size_t		n;		/* lines in the pending path */
	uint32_t	color;
	double		width;
};

static void
canvas_cairo_stroke_flush(cairo_t *cr, struct canvas_cairo_stroke *ps)
{
	if (ps->n == 0)
		return;
	canvas_cairo_rgb(cr, ps->color);
	cairo_set_line_width(cr, ps->width);
	cairo_stroke(cr);
	ps->n = 0;
}

/*
 * Text is collected as glyphs per font and colour and shown at the end of
 * each clip section, one cairo_show_glyphs per batch: a chart has dozens
 * of labels in three or four fonts, and to a PDF surface each show is an
 * operation of its own (about half of writing a PDF page went on them).
 * So text is painted over the shapes of its section, which in a chart it
 * always is.
 */
struct canvas_cairo_batch {
	cairo_scaled_font_t	*font;
	uint32_t		 color;
	cairo_glyph_t		*glyphs;
	size_t			 n, cap;
};

struct canvas_cairo_texts {
	struct canvas_cairo_batch	*b;
	size_t				 n, cap;
};

static void
canvas_cairo_text(cairo_t *cr, struct canvas_cairo_texts *t,
    const struct canvas_op *op)
{
	const struct canvas_glyph_line	*gl;
	const struct canvas_glyph_run	*r;
	struct canvas_cairo_batch	*b;
	double				 x = op->x;
	size_t				 i, k;
	int				 j;

	gl = canvas_glyphs_line(&op->font, op->text);
	if (op->anchor == CANVAS_MIDDLE)
		x -= gl->width / 2;
	else if (op->anchor == CANVAS_END)
		x -= gl->width;
	if (gl->layout != NULL) {
		/* Text only pango can draw (missing glyphs as boxes). */
		cairo_move_to(cr, x, op->y - gl->baseline);
		canvas_cairo_rgb(cr, op->color);
		pango_cairo_show_layout(cr, gl->layout);
		return;
	}
	for (i = 0; i < gl->nruns; i++) {
		r = &gl->runs[i];
		for (k = 0; k < t->n; k++)
			if (t->b[k].font == r->font && t->b[k].color == op->color)
				break;
		if (k == t->n) {
			xgrow(&t->b, &t->cap, t->n + 1, sizeof(*t->b));
			memset(&t->b[k], 0, sizeof(t->b[k]));
			t->b[k].font = r->font;
			t->b[k].color = op->color;
			t->n++;
		}
		b = &t->b[k];
		xgrow(&b->glyphs, &b->cap, b->n + (size_t)r->n, sizeof(*b->glyphs));
		for (j = 0; j < r->n; j++) {
			b->glyphs[b->n].index = r->glyphs[j].index;
			b->glyphs[b->n].x = x + r->glyphs[j].x;
			b->glyphs[b->n].y = op->y + r->glyphs[j].y;
			b->n++;
		}
	}
}

static void
canvas_cairo_texts_flush(cairo_t *cr, struct canvas_cairo_texts *t)
{
	size_t	k;

	for (k = 0; k < t->n; k++) {
		if (t->b[k].n == 0)
			continue;
		cairo_set_scaled_font(cr, t->b[k].font);
		canvas_cairo_rgb(cr, t->b[k].color);
		cairo_show_glyphs(cr, t->b[k].glyphs, (int)t->b[k].n);
		t->b[k].n = 0;
	}
}

static void
canvas_cairo_texts_free(struct canvas_cairo_texts *t)
{
	size_t	k;

	for (k = 0; k < t->n; k++)
		free(t->b[k].glyphs);
	free(t->b);
}

void
canvas_cairo_replay(const struct canvas *c, cairo_t *cr)
{
	const struct canvas_op		*op;
	struct canvas_cairo_stroke	 ps = { 0, 0, 0 };
	struct canvas_cairo_texts	 texts = { NULL, 0, 0 };
	size_t				 i, j;

	canvas_dl_need();
	/*
	 * Charts are drawn on white, as the SVG's first rectangle says; only
	 * the canvas's own area, since it may share a page with others.
	 */
	cairo_rectangle(cr, 0, 0, c->width, c->height);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill(cr);
	for (i = 0; i < c->nops; i++) {
		op = &c->ops[i];
		if (op->kind == CANVAS_OP_LINE) {
			if (ps.n > 0 && (ps.color != op->color ||
			    ps.width != op->stroke))
				canvas_cairo_stroke_flush(cr, &ps);
			ps.color = op->color;
			ps.width = op->stroke;
			ps.n++;
			cairo_move_to(cr, op->x, op->y);
			cairo_line_to(cr, op->w, op->h);
			continue;
		}
		canvas_cairo_stroke_flush(cr, &ps);
		switch (op->kind) {
		case CANVAS_OP_RECT:
			cairo_rectangle(cr, op->x, op->y, op->w, op->h);
			canvas_cairo_rgb(cr, op->color);
			cairo_fill(cr);
			break;
		case CANVAS_OP_POLYLINE:
			if (op->npts == 0)
				break;
			cairo_move_to(cr, op->pts[0], op->pts[1]);
			for (j = 1; j < op->npts; j++)
				cairo_line_to(cr, op->pts[2 * j],
				    op->pts[2 * j + 1]);
			canvas_cairo_rgb(cr, op->color);
			cairo_set_line_width(cr, op->stroke);
			cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
			cairo_stroke(cr);
			break;
		case CANVAS_OP_TEXT:
			canvas_cairo_text(cr, &texts, op);
			break;
		case CANVAS_OP_CLIP:
			canvas_cairo_texts_flush(cr, &texts);
			cairo_save(cr);
			cairo_rectangle(cr, op->x, op->y, op->w, op->h);
			cairo_clip(cr);
			break;
		case CANVAS_OP_CLIP_END:
			canvas_cairo_texts_flush(cr, &texts);
			cairo_restore(cr);
			break;
		case CANVAS_OP_LINE:
		case CANVAS_OP_GROUP:
		case CANVAS_OP_GROUP_END:
			break;
		}
	}
	canvas_cairo_stroke_flush(cr, &ps);
	canvas_cairo_texts_flush(cr, &texts);
	canvas_cairo_texts_free(&texts);
}

/* Replay c on surface s at scale; 0, or -1 with d. */
static int
canvas_cairo_draw(const struct canvas *c, cairo_surface_t *s, double scale,
    struct diag *d)
{
	cairo_t		*cr;
	cairo_status_t	 st;

	cr = cairo_create(s);
	cairo_scale(cr, scale, scale);
	canvas_cairo_replay(c, cr);
	st = cairo_status(cr);
	cairo_destroy(cr);
	if (st != CAIRO_STATUS_SUCCESS)
		return diag_set(d, "", 0, "drawing failed: %s",
		    cairo_status_to_string(st));
	return 0;
}

int
canvas_cairo_png(const struct canvas *c, int scale, FILE *fp, struct diag *d)
{
	cairo_surface_t	*s;
	cairo_status_t	 st;
	int		 rc = -1, w, h;

	if (canvas_dl_load(d) == -1)
		return -1;
	if (scale < 1 || scale > 4)
		return diag_set(d, "", 0, "PNG scale %d is not 1 to 4", scale);
	w = (int)ceil(c->width * scale);
	h = (int)ceil(c->height * scale);
	/* Opaque: charts are drawn on white (see canvas_cairo_replay). */
	s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h);
	if ((st = cairo_surface_status(s)) != CAIRO_STATUS_SUCCESS) {
		diag_set(d, "", 0, "cannot make a %dx%d image: %s", w, h,
		    cairo_status_to_string(st));
		goto out;
	}
	if (canvas_cairo_draw(c, s, scale, d) == -1)
		goto out;
	cairo_surface_flush(s);
	rc = canvas_cairo_png_rows(s, fp, d);
out:
	cairo_surface_destroy(s);
	return rc;
}

/*
 * The PNG of an RGB24 image, written with libpng rather than cairo's
 * writer, which leaves libpng's adaptive filtering on: trying all five
 * filters on every row took most of the time of writing a chart file.
 * Chart rows are flat colour or repeat the row above, so the "Up" filter
 * alone compresses them as well, at a fraction of the cost. For the same
 * reason zlib's fast levels suit them: at level 2 a chart file is written
 * in about half the time of the default level 6, and comes out a few per
 * cent smaller (the long runs of zeros the filter leaves are what the
 * fast matcher handles best).
 */
/* libpng's error handler: back to the setjmp, silently. */
static void
canvas_cairo_png_error(png_structp png, png_const_charp msg)
{
	(void)msg;
	png_longjmp(png, 1);
}

/* libpng's warning handler: nothing a chart file can act on. */
static void
canvas_cairo_png_warning(png_structp png, png_const_charp msg)
{
	(void)png;
	(void)msg;
}

static int
canvas_cairo_png_rows(cairo_surface_t *s, FILE *fp, struct diag *d)
{
	png_structp		 png;
	png_infop		 info = NULL;
	const unsigned char	*data;
	unsigned char *volatile	 row = NULL;
	const uint32_t		*px;
	int			 w, h, stride, x, y;
	volatile int		 rc = -1;

	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	stride = cairo_image_surface_get_stride(s);
	if ((data = cairo_image_surface_get_data(s)) == NULL)
		return diag_set(d, "", 0, "cannot write PNG: no image data");
	/* libpng's default handlers print; the diag says what went wrong. */
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL,
	    canvas_cairo_png_error, canvas_cairo_png_warning);
	if (png == NULL || (info = png_create_info_struct(png)) == NULL) {
		diag_set(d, "", 0, "cannot write PNG: out of memory");
		goto out;
	}
	if (setjmp(png_jmpbuf(png))) {
		diag_set(d, "", 0, "cannot write PNG: %s", ferror(fp) ?
		    "write error" : "libpng error");
		goto out;
	}
	png_init_io(png, fp);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8,
	    PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
	    PNG_FILTER_TYPE_DEFAULT);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
	png_set_compression_level(png, 2);
	png_write_info(png, info);
	row = malloc((size_t)w * 3);
	if (row == NULL) {
		diag_set(d, "", 0, "cannot write PNG: out of memory");
		goto out;
	}
	for (y = 0; y < h; y++) {
		/* RGB24 pixels are native-endian 32-bit xRGB. */
		px = (const uint32_t *)(const void *)(data + (size_t)y * stride);
		for (x = 0; x < w; x++) {
			row[3 * x] = (px[x] >> 16) & 0xFF;
			row[3 * x + 1] = (px[x] >> 8) & 0xFF;
			row[3 * x + 2] = px[x] & 0xFF;
		}
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	if (fflush(fp) == EOF || ferror(fp)) {
		diag_set(d, "", 0, "cannot write PNG: write error");
		goto out;
	}
	rc = 0;
out:
	free(row);
	png_destroy_write_struct(&png, &info);
	return rc;
}

int
canvas_cairo_pdf(const struct canvas *c, const char *creator, FILE *fp,
    struct diag *d)
{
	cairo_surface_t	*s;
	cairo_status_t	 st;
	int		 rc = -1;

	if (canvas_dl_load(d) == -1)
		return -1;
	s = cairo_pdf_surface_create_for_stream(canvas_cairo_write, fp,
	    c->width * 0.75, c->height * 0.75);
	if ((st = cairo_surface_status(s)) != CAIRO_STATUS_SUCCESS) {
		diag_set(d, "", 0, "cannot start a PDF: %s",
		    cairo_status_to_string(st));
		goto out;
	}
	/*
	 * cairo stamps the current time unless told otherwise; an empty date
	 * leaves it out, so the same chart is byte-identical from run to run.
	 */
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, "");
	if (c->title != NULL)
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE,
		    c->title);
	if (creator != NULL)
		cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
		    creator);
	/* 1 CSS pixel is 0.75 pt, so the page has the chart's CSS size. */
	if (canvas_cairo_draw(c, s, 0.75, d) == -1)
		goto out;
	cairo_surface_finish(s);
	if ((st = cairo_surface_status(s)) != CAIRO_STATUS_SUCCESS) {
		diag_set(d, "", 0, "cannot write PDF: %s",
		    cairo_status_to_string(st));
		goto out;
	}
	rc = 0;
out:
	cairo_surface_destroy(s);
	return rc;
}
