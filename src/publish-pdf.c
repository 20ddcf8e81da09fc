/* SPDX-License-Identifier: ISC */
/*
 * The review PDF. Each block (title, system table, overview, chart) is a
 * canvas in CSS pixels; blocks are stacked down A4 pages and replayed onto
 * one cairo PDF surface, scaled to the text width. The system table is
 * drawn here with the chart module's canvas and pango helpers, so the PDF
 * needs no second layout engine.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo.h>

#include "canvas-cairo.h"
#include "canvas-text.h"
#include "canvas.h"
#include "chart-palette.h"
#include "outfile.h"
#include "publish-pdf.h"
#include "version.h"
#include "xalloc.h"

#define PDF_PAGE_W	595.28	/* A4, points */
#define PDF_PAGE_H	841.89
#define PDF_MARGIN	40.0
#define PDF_PX		0.75	/* points per CSS pixel */
#define PDF_WIDTH_PX	((PDF_PAGE_W - 2 * PDF_MARGIN) / PDF_PX)
#define PDF_GAP_PX	18.0

struct pdf_out {
	cairo_surface_t	*surface;
	cairo_t		*cr;
	double		 y;		/* next free y on the page, points */
	int		 pages;
};

static cairo_status_t	 pdf_write_fn(void *, const unsigned char *, unsigned int);
static void	 pdf_place(struct pdf_out *po, const struct canvas *c);
static void	 pdf_place_free(struct pdf_out *po, struct canvas *c);
static struct canvas *pdf_title_block(struct result_set *const *sets,
		    size_t nsets, const struct publish_options *opt);
static struct canvas *pdf_section_block(const struct result_set *rs);
static double	 pdf_wrapped(struct canvas *c, double x, double y, double w,
		    const char *s, const struct canvas_font *f, uint32_t color,
		    size_t maxlines);
static double	 pdf_measure(double w, const char *s,
		    const struct canvas_font *f, size_t maxlines);
static struct canvas *pdf_system_table(const struct result_set *rs);

static cairo_status_t
pdf_write_fn(void *closure, const unsigned char *data, unsigned int len)
{
	FILE	*fp = closure;

	return fwrite(data, 1, len, fp) == len ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

/*
 * Put c below what is on the page, starting a new page when it does not
 * fit; a block taller than a page is scaled down to fit one. A block wider
 * than the text (the page's 800-pixel charts) is scaled down to its width:
 * drawing each chart again at the PDF's width would lay out every chart a
 * second time, which cost more than the rest of the PDF; the text of such
 * a chart is set 14 % smaller instead.
 */
static void
pdf_place(struct pdf_out *po, const struct canvas *c)
{
	double	scale = PDF_PX * fmin(1.0, PDF_WIDTH_PX / c->width);
	double	avail = PDF_PAGE_H - 2 * PDF_MARGIN;
	double	h = c->height * scale;

	if (h > avail) {
		scale *= avail / h;
		h = avail;
	}
	if (po->y + h > PDF_PAGE_H - PDF_MARGIN && po->y > PDF_MARGIN) {
		cairo_show_page(po->cr);
		po->pages++;
		po->y = PDF_MARGIN;
	}
	cairo_save(po->cr);
	cairo_translate(po->cr, PDF_MARGIN, po->y);
	cairo_scale(po->cr, scale, scale);
	canvas_cairo_replay(c, po->cr);
	cairo_restore(po->cr);
	po->y += h + PDF_GAP_PX * PDF_PX;
}

/* pdf_place, then free the block. */
static void
pdf_place_free(struct pdf_out *po, struct canvas *c)
{
	pdf_place(po, c);
	canvas_free(c);
}

/* Wrapped text at (x, y top); returns the height used. */
static double
pdf_wrapped(struct canvas *c, double x, double y, double w, const char *s,
    const struct canvas_font *f, uint32_t color, size_t maxlines)
{
	struct str_list	 lines = { 0 };
	double		 lh = canvas_text_line_height(f), asc = canvas_text_ascent(f);
	char		*clean = canvas_text_clean(s);
	size_t		 i;

	canvas_text_wrap(f, clean, w, maxlines, &lines);
	for (i = 0; i < lines.len; i++)
		canvas_text(c, x, y + asc + lh * (double)i, lines.items[i], f,
		    color, CANVAS_START, NULL);
	free(clean);
	i = lines.len;
	str_list_free(&lines);
	return lh * (double)i;
}

/* Height pdf_wrapped would use, drawing nothing. */
static double
pdf_measure(double w, const char *s, const struct canvas_font *f,
    size_t maxlines)
{
	struct str_list	 lines = { 0 };
	char		*clean = canvas_text_clean(s);
	double		 h;

	canvas_text_wrap(f, clean, w, maxlines, &lines);
	h = canvas_text_line_height(f) * (double)lines.len;
	free(clean);
	str_list_free(&lines);
	return h;
}

static struct canvas *
pdf_title_block(struct result_set *const *sets, size_t nsets,
    const struct publish_options *opt)
{
	static const struct canvas_font	 big = { 22, 1, 0 }, body = { 11, 0, 0 },
					 small = { 9, 0, 0 };
	struct canvas			*c = canvas_new(PDF_WIDTH_PX);
	const char			*title;
	char				*line;
	double				 y = 0;
	size_t				 i;

	title = opt->title != NULL ? opt->title : nsets == 1 &&
	    sets[0]->title != NULL && *sets[0]->title ? sets[0]->title :
	    "Benchmark review";
	y += pdf_wrapped(c, 0, y, PDF_WIDTH_PX, title, &big, 0x1d232a, 3) + 6;
	if (nsets == 1 && opt->title == NULL && sets[0]->description != NULL)
		y += pdf_wrapped(c, 0, y, PDF_WIDTH_PX, sets[0]->description,
		    &body, 0x1d232a, 8) + 6;
	for (i = 0; i < nsets; i++) {
		const struct result_set	*rs = sets[i];
		const char		*src = rs->source_url != NULL ?
		    rs->source_url : rs->source_path;

		line = xasprintf("Source: %s%s%s%s",
		    src != NULL ? src : "(unknown)",
		    rs->generator != NULL ? " (" : "",
		    rs->generator != NULL ? rs->generator : "",
		    rs->generator != NULL ? ")" : "");
		y += pdf_wrapped(c, 0, y, PDF_WIDTH_PX, line, &small, 0x5b6570, 2);
		free(line);
	}
	y += pdf_wrapped(c, 0, y + 4, PDF_WIDTH_PX, "Values are means; whiskers "
	    "and \"SE +/-\" show one standard error of the mean over N runs. "
	    "Generated by benchreport " BENCHREPORT_VERSION ".", &small,
	    0x5b6570, 3) + 4;
	c->height = y;
	return c;
}

static struct canvas *
pdf_section_block(const struct result_set *rs)
{
	static const struct canvas_font	 head = { 16, 1, 0 };
	struct canvas			*c = canvas_new(PDF_WIDTH_PX);

	c->height = pdf_wrapped(c, 0, 0, PDF_WIDTH_PX, rs->title != NULL &&
	    *rs->title ? rs->title : "Untitled result set", &head, 0x1d232a, 2) + 2;
	canvas_line(c, 0, c->height, PDF_WIDTH_PX, c->height, 0xd5dbe1, 1.5, NULL);
	c->height += 2;
	return c;
}

/*
 * Components as rows, systems as columns, equal adjacent cells merged, as
 * on the page; long cells wrap to at most six lines.
 */
static struct canvas *
pdf_system_table(const struct result_set *rs)
{
	static const struct canvas_font	 f = { 8, 0, 0 }, fb = { 8, 1, 0 };
	struct canvas			*c = canvas_new(PDF_WIDTH_PX);
	struct str_list			 keys = { 0 };
	const double			 keyw = 90, pad = 3;
	double				 colw, y = 0, h, rowh;
	const char			*a, *b;
	size_t				 si, sj, k, i, n = rs->nsystems;
	bool				 seen;

	if (n == 0) {
		c->height = 0;
		return c;
	}
	colw = (PDF_WIDTH_PX - keyw) / (double)n;
	for (si = 0; si < n; si++)
		for (k = 0; k < rs->systems[si].fields.len; k++) {
			seen = false;
			for (i = 0; i < keys.len; i++)
				if (strcmp(keys.items[i], rs->systems[si].fields.items[k].key) == 0)
					seen = true;
			if (!seen)
				str_list_add(&keys, rs->systems[si].fields.items[k].key);
		}
	/* Header: system names. */
	rowh = 0;
	for (si = 0; si < n; si++) {
		h = pdf_measure(colw - 2 * pad, rs->systems[si].identifier,
		    &fb, 3);
		rowh = fmax(rowh, h + 2 * pad);
	}
	canvas_rect(c, 0, y, PDF_WIDTH_PX, rowh, 0xf2f4f7, NULL);
	for (si = 0; si < n; si++)
		pdf_wrapped(c, keyw + colw * (double)si + pad, y + pad,
		    colw - 2 * pad, rs->systems[si].identifier, &fb,
		    chart_palette_rgb(si), 3);
	y += rowh;
	for (k = 0; k < keys.len; k++) {
		rowh = 0;
		h = pdf_wrapped(c, pad, y + pad, keyw - 2 * pad, keys.items[k],
		    &fb, 0x1d232a, 2);
		rowh = h + 2 * pad;
		for (si = 0; si < n; si = sj) {
			a = kv_list_get(&rs->systems[si].fields, keys.items[k]);
			for (sj = si + 1; sj < n; sj++) {
				b = kv_list_get(&rs->systems[sj].fields, keys.items[k]);
				if ((a == NULL) != (b == NULL) ||
				    (a != NULL && strcmp(a, b) != 0))
					break;
			}
			/* As on the page: what the source does not state, said so. */
			h = pdf_wrapped(c, keyw + colw * (double)si + pad, y + pad,
			    colw * (double)(sj - si) - 2 * pad,
			    a != NULL && *a != '\0' ? a : "not stated", &f,
			    0x1d232a, 6);
			rowh = fmax(rowh, h + 2 * pad);
		}
		canvas_line(c, 0, y + rowh, PDF_WIDTH_PX, y + rowh, 0xd5dbe1, 0.5, NULL);
		y += rowh;
	}
	c->height = y + 2;
	str_list_free(&keys);
	return c;
}

int
publish_pdf_write(struct result_set *const *sets, size_t nsets,
    const struct publish_pdf_charts *charts,
    const struct publish_options *opt, const char *path, struct diag *d)
{
	struct pdf_out		 po;
	struct outfile		*of = NULL;
	size_t			 si, i;
	int			 rc = -1;

	memset(&po, 0, sizeof(po));
	if ((of = outfile_open(path, d)) == NULL)
		return -1;
	po.surface = cairo_pdf_surface_create_for_stream(pdf_write_fn, of->fp,
	    PDF_PAGE_W, PDF_PAGE_H);
	if (cairo_surface_status(po.surface) != CAIRO_STATUS_SUCCESS) {
		diag_set(d, path, 0, "cannot create PDF: %s",
		    cairo_status_to_string(cairo_surface_status(po.surface)));
		goto out;
	}
	/* No creation date: the same review gives the same bytes. */
	cairo_pdf_surface_set_metadata(po.surface, CAIRO_PDF_METADATA_CREATOR,
	    "benchreport " BENCHREPORT_VERSION);
	cairo_pdf_surface_set_metadata(po.surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
	po.cr = cairo_create(po.surface);
	po.y = PDF_MARGIN;
	pdf_place_free(&po, pdf_title_block(sets, nsets, opt));
	for (si = 0; si < nsets; si++) {
		pdf_place_free(&po, pdf_section_block(sets[si]));
		pdf_place_free(&po, pdf_system_table(sets[si]));
		for (i = 0; i < charts[si].n; i++)
			if (charts[si].c[i] != NULL)
				pdf_place(&po, charts[si].c[i]);
	}
	cairo_show_page(po.cr);
	cairo_destroy(po.cr);
	po.cr = NULL;
	cairo_surface_finish(po.surface);
	if (cairo_surface_status(po.surface) != CAIRO_STATUS_SUCCESS) {
		diag_set(d, path, 0, "PDF: %s",
		    cairo_status_to_string(cairo_surface_status(po.surface)));
		goto out;
	}
	cairo_surface_destroy(po.surface);
	po.surface = NULL;
	rc = outfile_commit(of, d);
	of = NULL;
out:
	if (po.cr != NULL)
		cairo_destroy(po.cr);
	if (po.surface != NULL)
		cairo_surface_destroy(po.surface);
	outfile_abort(of);
	return rc;
}
