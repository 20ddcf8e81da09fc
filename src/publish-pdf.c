/* SPDX-License-Identifier: ISC */
/*
 * The review PDF. Each block (title, section head with its system table,
 * chart) is a canvas in CSS pixels; blocks are stacked down A4 pages and
 * replayed onto one cairo PDF surface, scaled to the text width. The
 * section head is drawn here with the chart module's canvas and pango
 * helpers, so the PDF needs no second layout engine. Every section and
 * chart gets an entry in the PDF's outline (bookmarks).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "canvas-cairo.h"
#include "canvas-dl-table.h"
#include "canvas-text.h"
#include "canvas.h"
#include "chart-palette.h"
#include "chart.h"
#include "outfile.h"
#include "publish-pdf.h"
#include "strbuf.h"
#include "version.h"
#include "xalloc.h"

#define PDF_PAGE_W	595.28	/* A4, points */
#define PDF_PAGE_H	841.89
#define PDF_MARGIN	40.0
#define PDF_BOTTOM	(PDF_PAGE_H - PDF_MARGIN)
#define PDF_AVAIL	(PDF_PAGE_H - 2 * PDF_MARGIN)
#define PDF_PX		0.75	/* points per CSS pixel */
#define PDF_WIDTH_PX	((PDF_PAGE_W - 2 * PDF_MARGIN) / PDF_PX)
#define PDF_GAP_PX	18.0
/*
 * A chart that does not fit the rest of a page may be drawn this much
 * smaller rather than leave the space empty: an 8-system chart is a
 * little over half a page at the text width, and a fifth smaller its
 * smallest text is still about 6 points.
 */
#define PDF_SHRINK	0.8

#define PDF_INK		0x1d232a	/* text: near black */
#define PDF_MUTED	0x4a535c	/* secondary text: dark grey */
#define PDF_RULE	0xd5dbe1
#define PDF_HEAD_BG	0xf2f4f7

struct pdf_out {
	cairo_surface_t	*surface;
	cairo_t		*cr;
	double		 y;		/* next free y on the page, points */
	int		 page;		/* current page, from 1 */
};

/* A link over part of a block, in the block's pixels. */
struct pdf_link {
	double		 x, y, w, h;
	const char	*uri;		/* borrowed */
};

/* A block drawn here: its canvas and the links on it. */
struct pdf_block {
	struct canvas	*c;
	struct pdf_link	*links;
	size_t		 nlinks, caplinks;
};

/* Outline labels already used under one parent, for numbering repeats. */
struct pdf_seen {
	GHashTable	*count;		/* label -> times used */
};

static cairo_status_t	 pdf_write_fn(void *, const unsigned char *, unsigned int);
static void	 pdf_show_page(struct pdf_out *po);
static void	 pdf_place(struct pdf_out *po, const struct canvas *c,
		    const struct pdf_block *b, double shrink, int *page,
		    double *y);
static void	 pdf_place_block(struct pdf_out *po, struct pdf_block *b,
		    int *page, double *y);
static double	 pdf_wrapped(struct canvas *c, double x, double y, double w,
		    const char *s, const struct canvas_font *f, uint32_t color,
		    size_t maxlines);
static double	 pdf_measure(double w, const char *s,
		    const struct canvas_font *f, size_t maxlines);
static char	*pdf_source_name(const struct result_set *rs);
static double	 pdf_sources(struct pdf_block *b, double y, const char *lead,
		    struct result_set *const *sets, size_t n,
		    const struct canvas_font *f);
static void	 pdf_link(struct pdf_block *b, double x, double y, double w,
		    double h, const char *uri);
static void	 pdf_title_block(struct pdf_block *b,
		    struct result_set *const *sets, size_t nsets,
		    const struct publish_options *opt);
static void	 pdf_section_block(struct pdf_block *b, struct result_set *rs,
		    const struct publish_combined *comb);
static bool	 pdf_stated(const char *s);
static double	 pdf_system_table(struct canvas *c, double y,
		    const struct result_set *rs);
static char	*pdf_chart_label(const struct result_set *rs,
		    const struct chart_id *id);
static char	*pdf_distinct(struct pdf_seen *seen, char *label);
static int	 pdf_outline(struct pdf_out *po, int parent, const char *label,
		    int page, double y, bool open);

static cairo_status_t
pdf_write_fn(void *closure, const unsigned char *data, unsigned int len)
{
	FILE	*fp = closure;

	return fwrite(data, 1, len, fp) == len ? CAIRO_STATUS_SUCCESS :
	    CAIRO_STATUS_WRITE_ERROR;
}

/* End the page with its number at the foot. */
static void
pdf_show_page(struct pdf_out *po)
{
	static const struct canvas_font	 f = { 9, 0, 0 };
	struct canvas			*c = canvas_new(PDF_WIDTH_PX);
	char				 num[24];

	(void)snprintf(num, sizeof(num), "%d", po->page);
	canvas_text(c, PDF_WIDTH_PX / 2, canvas_text_ascent(&f), num, &f,
	    PDF_MUTED, CANVAS_MIDDLE, NULL);
	cairo_save(po->cr);
	cairo_translate(po->cr, PDF_MARGIN, PDF_BOTTOM + PDF_MARGIN / 3);
	cairo_scale(po->cr, PDF_PX, PDF_PX);
	canvas_cairo_replay(c, po->cr);
	cairo_restore(po->cr);
	canvas_free(c);
	cairo_show_page(po->cr);
	po->page++;
	po->y = PDF_MARGIN;
}

/*
 * Put c below what is on the page and say where (*page, *y in points).
 * A block that does not fit the rest of the page is drawn down to shrink
 * times smaller to fit it, else starts a new page; a block taller than a
 * page is scaled down to fit one. A block wider than the text (the page's
 * 800-pixel charts) is scaled down to its width: drawing each chart again
 * at the PDF's width would lay out every chart a second time, which cost
 * more than the rest of the PDF; the text of such a chart is set 14 %
 * smaller instead.
 */
static void
pdf_place(struct pdf_out *po, const struct canvas *c,
    const struct pdf_block *b, double shrink, int *page, double *y)
{
	char	*attr;
	size_t	 i;

	double	scale = PDF_PX * fmin(1.0, PDF_WIDTH_PX / c->width);
	double	h = c->height * scale, room = PDF_BOTTOM - po->y;

	if (h > PDF_AVAIL) {
		scale *= PDF_AVAIL / h;
		h = PDF_AVAIL;
	}
	if (h > room && po->y > PDF_MARGIN) {
		if (h * shrink <= room) {
			scale *= room / h;
			h = room;
		} else
			pdf_show_page(po);
	}
	*page = po->page;
	*y = po->y;
	cairo_save(po->cr);
	cairo_translate(po->cr, PDF_MARGIN, po->y);
	cairo_scale(po->cr, scale, scale);
	canvas_cairo_replay(c, po->cr);
	cairo_restore(po->cr);
	/* Whole points: a locale's decimal comma cannot reach the syntax. */
	for (i = 0; b != NULL && i < b->nlinks; i++) {
		attr = xasprintf("rect=[%d %d %d %d] uri='%s'",
		    (int)(PDF_MARGIN + b->links[i].x * scale),
		    (int)(po->y + b->links[i].y * scale),
		    (int)ceil(b->links[i].w * scale),
		    (int)ceil(b->links[i].h * scale), b->links[i].uri);
		cairo_tag_begin(po->cr, CAIRO_TAG_LINK, attr);
		cairo_tag_end(po->cr, CAIRO_TAG_LINK);
		free(attr);
	}
	po->y += h + PDF_GAP_PX * PDF_PX;
}

/* pdf_place for a block drawn here, then free it. */
static void
pdf_place_block(struct pdf_out *po, struct pdf_block *b, int *page,
    double *y)
{
	pdf_place(po, b->c, b, 1, page, y);
	canvas_free(b->c);
	free(b->links);
	memset(b, 0, sizeof(*b));
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

/*
 * Where rs came from, named as the page names it: the OpenBenchmarking URL
 * (printed in full, as paper has no links; it holds the ID) or ID, else
 * the file's name without its directories (a path of the machine that
 * published means nothing to a reader, and may say more than the
 * reviewer meant to), then what wrote it or which reader read it.
 */
static char *
pdf_source_name(const struct result_set *rs)
{
	struct strbuf	 sb;
	const char	*base;
	bool		 url = rs->source_url != NULL && *rs->source_url != '\0';
	bool		 ref = rs->source_ref != NULL && *rs->source_ref != '\0';

	strbuf_init(&sb);
	if (url && ref && strstr(rs->source_url, rs->source_ref) == NULL)
		strbuf_printf(&sb, "%s, %s", rs->source_ref, rs->source_url);
	else if (url)
		strbuf_adds(&sb, rs->source_url);	/* it holds the ID */
	else if (ref)
		strbuf_adds(&sb, rs->source_ref);
	else if (rs->source_path != NULL && *rs->source_path != '\0') {
		base = strrchr(rs->source_path, '/');
		strbuf_adds(&sb, base != NULL && base[1] != '\0' ? base + 1 :
		    rs->source_path);
	} else if (rs->format != NULL && strcmp(rs->format, "merge") == 0)
		strbuf_adds(&sb, "result sets merged by benchreport merge");
	else
		strbuf_adds(&sb, "no file or URL stated");
	if (rs->generator != NULL && *rs->generator != '\0')
		strbuf_printf(&sb, " (%s)", rs->generator);
	else if (rs->format != NULL && *rs->format != '\0')
		strbuf_printf(&sb, " (read as %s)", rs->format);
	return strbuf_detach(&sb);
}

/*
 * "Source: ..." at y, or "Sources:" and one line each; returns the height
 * used. A source with a URL is a link there.
 */
static double
pdf_sources(struct pdf_block *b, double y, const char *lead,
    struct result_set *const *sets, size_t n, const struct canvas_font *f)
{
	const double	 indent = n > 1 ? 12 : 0;
	double		 h, y0 = y;
	char		*name, *line;
	size_t		 i;

	if (n > 1) {
		line = xasprintf("%ss:", lead);
		y += pdf_wrapped(b->c, 0, y, PDF_WIDTH_PX, line, f, PDF_MUTED, 1);
		free(line);
	}
	for (i = 0; i < n; i++) {
		name = pdf_source_name(sets[i]);
		line = n > 1 ? xstrdup(name) : xasprintf("%s: %s", lead, name);
		h = pdf_wrapped(b->c, indent, y, PDF_WIDTH_PX - indent, line, f,
		    PDF_MUTED, 6);
		pdf_link(b, indent, y, fmin(PDF_WIDTH_PX - indent,
		    h > canvas_text_line_height(f) ? PDF_WIDTH_PX :
		    canvas_text_width(f, line)), h, sets[i]->source_url);
		free(line);
		free(name);
		y += h;
	}
	return y - y0;
}

/*
 * A link over (x, y, w, h) of the block to uri, when uri is an http(s)
 * URL of plain URL characters only: cairo 1.16 writes the URI into the
 * PDF as it is, so a quote, bracket or backslash from the input must not
 * reach it (nor cairo's own attribute syntax).
 */
static void
pdf_link(struct pdf_block *b, double x, double y, double w, double h,
    const char *uri)
{
	const char	*p;

	if (uri == NULL || (strncmp(uri, "https://", 8) != 0 &&
	    strncmp(uri, "http://", 7) != 0) || strlen(uri) > 2000)
		return;
	for (p = uri; *p != '\0'; p++)
		if (!g_ascii_isalnum(*p) && strchr("-._~:/?#@!$&*+,;=%", *p) == NULL)
			return;
	xgrow(&b->links, &b->caplinks, b->nlinks + 1, sizeof(*b->links));
	b->links[b->nlinks++] = (struct pdf_link){ x, y, w, h, uri };
}

static void
pdf_title_block(struct pdf_block *b, struct result_set *const *sets,
    size_t nsets, const struct publish_options *opt)
{
	static const struct canvas_font	 big = { 22, 1, 0 }, body = { 11, 0, 0 },
					 small = { 9, 0, 0 };
	struct canvas			*c = b->c = canvas_new(PDF_WIDTH_PX);
	const char			*title;
	double				 y = 0;
	size_t				 i;

	title = opt->title != NULL ? opt->title : nsets == 1 &&
	    sets[0]->title != NULL && *sets[0]->title ? sets[0]->title :
	    "Benchmark review";
	y += pdf_wrapped(c, 0, y, PDF_WIDTH_PX, title, &big, PDF_INK, 3) + 6;
	if (nsets == 1 && opt->title == NULL && sets[0]->description != NULL)
		y += pdf_wrapped(c, 0, y, PDF_WIDTH_PX, sets[0]->description,
		    &body, PDF_INK, 8) + 6;
	/* One section names its source itself, just below. */
	for (i = 0; nsets > 1 && i < nsets; i++) {
		const struct publish_combined	*comb = opt->combined != NULL ?
		    &opt->combined[i] : NULL;

		if (comb != NULL && comb->nparts > 0)
			y += pdf_sources(b, y, "Source", comb->parts,
			    comb->nparts, &small);
		else
			y += pdf_sources(b, y, "Source", &sets[i], 1, &small);
	}
	y += pdf_wrapped(c, 0, y + 4, PDF_WIDTH_PX, "Values are as the source "
	    "states them; whiskers and \"SE +/-\" show one standard error of "
	    "the mean over N runs. Generated by benchreport "
	    BENCHREPORT_VERSION ".", &small, PDF_MUTED, 3) + 4;
	c->height = y;
}

/*
 * The section's heading, its source and its system table, as one block:
 * a heading is never left at the foot of a page without its table.
 */
static void
pdf_section_block(struct pdf_block *b, struct result_set *rs,
    const struct publish_combined *comb)
{
	static const struct canvas_font	 head = { 16, 1, 0 }, small = { 9, 0, 0 };
	struct canvas			*c = b->c = canvas_new(PDF_WIDTH_PX);
	double				 y;

	y = pdf_wrapped(c, 0, 0, PDF_WIDTH_PX, rs->title != NULL &&
	    *rs->title ? rs->title : "Untitled result set", &head, PDF_INK, 2) + 2;
	if (comb != NULL && comb->nparts > 0)
		y += pdf_sources(b, y, "Combined from the source", comb->parts,
		    comb->nparts, &small);
	else
		y += pdf_sources(b, y, "Source", &rs, 1, &small);
	y += 2;
	canvas_line(c, 0, y, PDF_WIDTH_PX, y, PDF_RULE, 1.5, NULL);
	y += 8;
	c->height = pdf_system_table(c, y, rs);
}

/* A cell the source states (an empty field states nothing). */
static bool
pdf_stated(const char *s)
{
	return s != NULL && *s != '\0';
}

/*
 * Components as rows, systems as columns, equal adjacent cells merged, as
 * on the page; long cells wrap to at most six lines. System names are
 * ink with a swatch of the system's chart colour beside them: a light
 * colour as text cannot be read. A field the source gives for some
 * systems only is "not stated" for the others, in grey italics, merged
 * only with cells that are not stated either. Returns the bottom y.
 */
static double
pdf_system_table(struct canvas *c, double y, const struct result_set *rs)
{
	static const struct canvas_font	 f = { 9, 0, 0 }, fb = { 9, 1, 0 },
					 fi = { 9, 0, 1 };
	struct str_list			 keys = { 0 };
	const double			 keyw = 100, pad = 3, sw = 8;
	double				 colw, h, rowh, x, namex, namey;
	const char			*a, *b;
	size_t				 si, sj, k, i, n = rs->nsystems;
	bool				 seen, above;

	if (n == 0)
		return y;
	colw = (PDF_WIDTH_PX - keyw) / (double)n;
	for (si = 0; si < n; si++)
		for (k = 0; k < rs->systems[si].fields.len; k++) {
			seen = false;
			for (i = 0; i < keys.len && !seen; i++)
				if (strcmp(keys.items[i], rs->systems[si].fields.items[k].key) == 0)
					seen = true;
			if (!seen)
				str_list_add(&keys, rs->systems[si].fields.items[k].key);
		}
	/*
	 * Header: swatch and name of each system; in narrow columns (many
	 * systems) the swatch stands above the name, which then has the
	 * column's whole width.
	 */
	above = colw < 110;
	namex = above ? 0 : sw + 3;
	namey = above ? sw + 3 : 0;
	rowh = 0;
	for (si = 0; si < n; si++) {
		h = pdf_measure(colw - 2 * pad - namex,
		    rs->systems[si].identifier, &fb, 4);
		rowh = fmax(rowh, namey + h + 2 * pad);
	}
	canvas_rect(c, 0, y, PDF_WIDTH_PX, rowh, PDF_HEAD_BG, NULL);
	for (si = 0; si < n; si++) {
		x = keyw + colw * (double)si + pad;
		canvas_rect(c, x, y + pad + (above ? 0 :
		    (canvas_text_line_height(&fb) - sw) / 2), sw, sw,
		    chart_palette_rgb(si), NULL);
		pdf_wrapped(c, x + namex, y + pad + namey,
		    colw - 2 * pad - namex, rs->systems[si].identifier, &fb,
		    PDF_INK, 4);
	}
	y += rowh;
	for (k = 0; k < keys.len; k++) {
		h = pdf_wrapped(c, pad, y + pad, keyw - 2 * pad, keys.items[k],
		    &fb, PDF_INK, 2);
		rowh = h + 2 * pad;
		for (si = 0; si < n; si = sj) {
			a = kv_list_get(&rs->systems[si].fields, keys.items[k]);
			for (sj = si + 1; sj < n; sj++) {
				b = kv_list_get(&rs->systems[sj].fields, keys.items[k]);
				if (pdf_stated(a) != pdf_stated(b) ||
				    (pdf_stated(a) && strcmp(a, b) != 0))
					break;
			}
			h = pdf_wrapped(c, keyw + colw * (double)si + pad, y + pad,
			    colw * (double)(sj - si) - 2 * pad,
			    pdf_stated(a) ? a : "not stated",
			    pdf_stated(a) ? &f : &fi,
			    pdf_stated(a) ? PDF_INK : PDF_MUTED, 6);
			rowh = fmax(rowh, h + 2 * pad);
		}
		canvas_line(c, 0, y + rowh, PDF_WIDTH_PX, y + rowh, PDF_RULE,
		    0.5, NULL);
		y += rowh;
	}
	str_list_free(&keys);
	return y + 2;
}

/*
 * The outline label of a chart, as the page's contents name it: title and
 * version, the human arguments, and the unit (two charts of one test that
 * differ only by unit, IOPS and MB/s, must not read the same).
 */
static char *
pdf_chart_label(const struct result_set *rs, const struct chart_id *id)
{
	const struct test	*t;
	struct strbuf		 sb;

	if (id->kind == CHART_OVERVIEW)
		return xstrdup("Overview: relative performance");
	t = &rs->tests[id->test];
	strbuf_init(&sb);
	strbuf_adds(&sb, t->title != NULL && *t->title ? t->title :
	    "Untitled test");
	if (t->app_version != NULL && *t->app_version)
		strbuf_printf(&sb, " %s", t->app_version);
	if (t->description != NULL && *t->description)
		strbuf_printf(&sb, ": %s", t->description);
	if (id->kind == CHART_SERIES)
		strbuf_printf(&sb, " (%s over time)", id->series);
	else if (t->unit != NULL && *t->unit)
		strbuf_printf(&sb, " (%s)", t->unit);
	return strbuf_detach(&sb);
}

/*
 * label (taken), or label with " #2", " #3"... when the same parent
 * already has an entry of that name: tests that differ only in facts the
 * label does not show would otherwise repeat word for word.
 */
static char *
pdf_distinct(struct pdf_seen *seen, char *label)
{
	gpointer	 v;
	unsigned	 k;
	char		*again;

	v = g_hash_table_lookup(seen->count, label);
	if (v == NULL) {
		g_hash_table_insert(seen->count, label, GUINT_TO_POINTER(1));
		return xstrdup(label);
	}
	k = GPOINTER_TO_UINT(v) + 1;
	g_hash_table_insert(seen->count, xstrdup(label), GUINT_TO_POINTER(k));
	again = xasprintf("%s #%u", label, k);
	free(label);
	return again;
}

/*
 * An outline entry under parent pointing at (page, y points); returns its
 * id. The label is cleaned as all drawn text is (valid UTF-8, no control
 * characters); the link names only numbers, so no input reaches cairo's
 * attribute syntax.
 */
static int
pdf_outline(struct pdf_out *po, int parent, const char *label, int page,
    double y, bool open)
{
	char	*clean = canvas_text_clean(label), attr[64];
	int	 id;

	(void)snprintf(attr, sizeof(attr), "page=%d pos=[0 %d]", page,
	    (int)fmax(0, y - 6));
	id = cairo_pdf_surface_add_outline(po->surface, parent,
	    *clean != '\0' ? clean : "Untitled", attr,
	    open ? CAIRO_PDF_OUTLINE_FLAG_OPEN : 0);
	free(clean);
	return id;
}

int
publish_pdf_write(struct result_set *const *sets, size_t nsets,
    const struct publish_pdf_charts *charts,
    const struct publish_options *opt, const char *path, struct diag *d)
{
	struct pdf_out		 po;
	struct pdf_seen		 top, sec;
	struct pdf_block	 blk;
	struct outfile		*of = NULL;
	struct canvas		*c;
	struct chart_id		*ids;
	size_t			 si, i, nids;
	char			*label;
	double			 y;
	int			 page, id, rc = -1;

	if (canvas_dl_load(d) == -1)
		return -1;
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
	po.page = 1;
	top.count = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	memset(&blk, 0, sizeof(blk));
	pdf_title_block(&blk, sets, nsets, opt);
	pdf_place_block(&po, &blk, &page, &y);
	for (si = 0; si < nsets; si++) {
		const struct result_set	*rs = sets[si];

		pdf_section_block(&blk, sets[si], opt->combined != NULL ?
		    &opt->combined[si] : NULL);
		pdf_place_block(&po, &blk, &page, &y);
		label = pdf_distinct(&top, xstrdup(rs->title != NULL &&
		    *rs->title ? rs->title : "Untitled result set"));
		id = pdf_outline(&po, CAIRO_PDF_OUTLINE_ROOT, label, page, y,
		    true);
		free(label);
		/* The charts come in chart_list order, so it names them. */
		nids = chart_list(rs, &ids);
		sec.count = g_hash_table_new_full(g_str_hash, g_str_equal, free,
		    NULL);
		for (i = 0; i < charts[si].n; i++) {
			if ((c = charts[si].c[i]) == NULL)
				continue;
			pdf_place(&po, c, NULL, PDF_SHRINK, &page, &y);
			label = nids == charts[si].n ?
			    pdf_chart_label(rs, &ids[i]) :
			    xstrdup(c->title != NULL ? c->title : "Chart");
			label = pdf_distinct(&sec, label);
			(void)pdf_outline(&po, id, label, page, y, false);
			free(label);
		}
		g_hash_table_destroy(sec.count);
		free(ids);
	}
	g_hash_table_destroy(top.count);
	pdf_show_page(&po);
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
