/* SPDX-License-Identifier: ISC */
/*
 * PNG and PDF output of a chart display list through cairo, with text set
 * by pangocairo from the shared, unhinted context used for measuring, so
 * the picture matches the SVG's layout. Knows nothing of charts.
 */
#include <math.h>
#include <stdio.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <pango/pangocairo.h>

#include "canvas-cairo.h"
#include "canvas-text.h"

static cairo_status_t	canvas_cairo_write(void *, const unsigned char *,
			    unsigned int);
static void		canvas_cairo_rgb(cairo_t *, uint32_t);
static int		canvas_cairo_draw(const struct canvas *,
			    cairo_surface_t *, double, struct diag *);

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

void
canvas_cairo_replay(const struct canvas *c, cairo_t *cr)
{
	const struct canvas_op	*op;
	PangoLayout		*l;
	PangoRectangle		 logical;
	double			 x;
	size_t			 i, j;

	/*
	 * Charts are drawn on white, as the SVG's first rectangle says; only
	 * the canvas's own area, since it may share a page with others.
	 */
	cairo_rectangle(cr, 0, 0, c->width, c->height);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_fill(cr);
	for (i = 0; i < c->nops; i++) {
		op = &c->ops[i];
		switch (op->kind) {
		case CANVAS_OP_RECT:
			cairo_rectangle(cr, op->x, op->y, op->w, op->h);
			canvas_cairo_rgb(cr, op->color);
			cairo_fill(cr);
			break;
		case CANVAS_OP_LINE:
			cairo_move_to(cr, op->x, op->y);
			cairo_line_to(cr, op->w, op->h);
			canvas_cairo_rgb(cr, op->color);
			cairo_set_line_width(cr, op->stroke);
			cairo_stroke(cr);
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
			l = canvas_text_layout(&op->font, op->text);
			pango_layout_get_extents(l, NULL, &logical);
			x = op->x;
			if (op->anchor == CANVAS_MIDDLE)
				x -= (double)logical.width / PANGO_SCALE / 2;
			else if (op->anchor == CANVAS_END)
				x -= (double)logical.width / PANGO_SCALE;
			cairo_move_to(cr, x, op->y -
			    (double)pango_layout_get_baseline(l) / PANGO_SCALE);
			canvas_cairo_rgb(cr, op->color);
			pango_cairo_show_layout(cr, l);
			g_object_unref(l);
			break;
		case CANVAS_OP_CLIP:
			cairo_save(cr);
			cairo_rectangle(cr, op->x, op->y, op->w, op->h);
			cairo_clip(cr);
			break;
		case CANVAS_OP_CLIP_END:
			cairo_restore(cr);
			break;
		case CANVAS_OP_GROUP:
		case CANVAS_OP_GROUP_END:
			break;
		}
	}
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

	if (scale < 1 || scale > 4)
		return diag_set(d, "", 0, "PNG scale %d is not 1 to 4", scale);
	w = (int)ceil(c->width * scale);
	h = (int)ceil(c->height * scale);
	s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
	if ((st = cairo_surface_status(s)) != CAIRO_STATUS_SUCCESS) {
		diag_set(d, "", 0, "cannot make a %dx%d image: %s", w, h,
		    cairo_status_to_string(st));
		goto out;
	}
	if (canvas_cairo_draw(c, s, scale, d) == -1)
		goto out;
	cairo_surface_flush(s);
	st = cairo_surface_write_to_png_stream(s, canvas_cairo_write, fp);
	if (st != CAIRO_STATUS_SUCCESS) {
		diag_set(d, "", 0, "cannot write PNG: %s",
		    cairo_status_to_string(st));
		goto out;
	}
	rc = 0;
out:
	cairo_surface_destroy(s);
	return rc;
}

int
canvas_cairo_pdf(const struct canvas *c, const char *creator, FILE *fp,
    struct diag *d)
{
	cairo_surface_t	*s;
	cairo_status_t	 st;
	int		 rc = -1;

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
