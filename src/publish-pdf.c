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
#include "chart-axis.h"
#include "chart-palette.h"
#include "chart.h"
#include "outfile.h"
#include "publish-findings.h"
#include "publish-html.h"
#include "publish-lead.h"
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
static void	 pdf_data_block(struct pdf_block *b,
		    const struct result_set *rs, const struct test *t);
static void	 pdf_bound(const struct value *v, bool has, double x,
		    char *buf, size_t size);
static void	 pdf_place(struct pdf_out *po, const struct canvas *c,
		    const struct pdf_block *b, double shrink, double reserve, int *page,
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
static double	 pdf_heading(struct canvas *c, double y, const char *s);
static void	 pdf_notes_block(struct pdf_block *b, const struct result_set *rs);
static void	 pdf_standing_block(struct pdf_block *b,
		    const struct result_set *rs);
static void	 pdf_overview(struct pdf_out *po, const struct result_set *rs,
		    int *page, double *y);
static void	 pdf_findings_block(struct pdf_block *b,
		    const struct result_set *rs);
static void	 pdf_diff(struct pdf_out *po, const char *text, int *page,
		    double *y);
static void	 pdf_metadata(struct pdf_out *po, struct result_set *const *sets,
		    size_t nsets, const struct publish_options *opt);

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
 * smaller instead. reserve points are kept free below c, for what must
 * stay on its page (a chart's data table).
 */
static void
pdf_place(struct pdf_out *po, const struct canvas *c,
    const struct pdf_block *b, double shrink, double reserve, int *page,
    double *y)
{
	char	*attr;
	size_t	 i;

	double	scale = PDF_PX * fmin(1.0, PDF_WIDTH_PX / c->width);
	double	h = c->height * scale, room = PDF_BOTTOM - po->y - reserve;

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
	pdf_place(po, b->c, b, 1, 0, page, y);
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

/* A heading of the review's parts at y; returns the y below it. */
static double
pdf_heading(struct canvas *c, double y, const char *s)
{
	static const struct canvas_font	 h = { 13, 1, 0 };

	return y + pdf_wrapped(c, 0, y, PDF_WIDTH_PX, s, &h, PDF_INK, 2) + 4;
}

/*
 * The systems' notes, as the page shows them: a note several systems
 * share once, under their names ("All systems" when every one has it),
 * then the set's own notes. No block when there is none.
 */
static void
pdf_notes_block(struct pdf_block *b, const struct result_set *rs)
{
	static const struct canvas_font	 f = { 9, 0, 0 }, fb = { 9, 1, 0 };
	struct canvas			*c;
	struct strbuf			 who;
	const char			*name, *text, *tj;
	double				 y = 0;
	size_t				 si, sj, k, kj, nsame;
	bool				 earlier;

	c = b->c = canvas_new(PDF_WIDTH_PX);
	strbuf_init(&who);
	for (si = 0; si < rs->nsystems; si++) {
		const struct system	*s = &rs->systems[si];

		for (k = 0; k <= s->notes.len; k++) {
			name = k < s->notes.len ? s->notes.items[k].key : "Notes";
			text = k < s->notes.len ? s->notes.items[k].value :
			    s->notes_text;
			if (text == NULL || *text == '\0')
				continue;
			earlier = false;
			for (sj = 0; sj < si && !earlier; sj++)
				for (kj = 0; kj < rs->systems[sj].notes.len; kj++)
					if (strcmp(rs->systems[sj].notes.items[kj].key, name) == 0 &&
					    strcmp(rs->systems[sj].notes.items[kj].value, text) == 0)
						earlier = true;
			if (earlier)
				continue;
			if (y == 0)
				y = pdf_heading(c, y, "Notes");
			strbuf_reset(&who);
			strbuf_adds(&who, s->identifier);
			nsame = 1;
			for (sj = si + 1; sj < rs->nsystems; sj++)
				if ((tj = kv_list_get(&rs->systems[sj].notes, name)) != NULL &&
				    strcmp(tj, text) == 0) {
					strbuf_printf(&who, ", %s", rs->systems[sj].identifier);
					nsame++;
				}
			if (nsame == rs->nsystems && nsame > 1) {
				strbuf_reset(&who);
				strbuf_adds(&who, "All systems");
			}
			strbuf_printf(&who, ": %s", name);
			y += pdf_wrapped(c, 0, y, PDF_WIDTH_PX, strbuf_str(&who), &fb,
			    PDF_INK, 3);
			y += pdf_wrapped(c, 10, y, PDF_WIDTH_PX - 10, text, &f,
			    PDF_MUTED, 12) + 4;
		}
	}
	if (rs->notes != NULL && *rs->notes != '\0') {
		if (y == 0)
			y = pdf_heading(c, y, "Notes");
		y += pdf_wrapped(c, 0, y, PDF_WIDTH_PX, rs->notes, &f, PDF_MUTED,
		    12) + 4;
	}
	strbuf_free(&who);
	c->height = y;
}

/* Wins and rank, as the page counts them; no block for one system. */
static void
pdf_standing_block(struct pdf_block *b, const struct result_set *rs)
{
	static const struct canvas_font	 f = { 9, 0, 0 }, fb = { 9, 1, 0 },
					 small = { 8, 0, 0 };
	static const double		 col[] = { 0, 260, 330, 470 };
	struct canvas			*c;
	size_t				*wins, si, sj, rank;
	double				*gm, y, lh = canvas_text_line_height(&f);
	char				 buf[64];

	c = b->c = canvas_new(PDF_WIDTH_PX);
	c->height = 0;
	if (rs->nsystems < 2)
		return;
	wins = xcalloc(rs->nsystems, sizeof(*wins));
	gm = xcalloc(rs->nsystems, sizeof(*gm));
	publish_standing(rs, wins, gm);
	y = pdf_heading(c, 0, "Wins and rank");
	canvas_rect(c, 0, y, PDF_WIDTH_PX, lh + 4, PDF_HEAD_BG, NULL);
	canvas_text(c, col[0] + 3, y + 2 + canvas_text_ascent(&fb), "System",
	    &fb, PDF_INK, CANVAS_START, NULL);
	canvas_text(c, col[1] + 40, y + 2 + canvas_text_ascent(&fb), "Wins",
	    &fb, PDF_INK, CANVAS_END, NULL);
	canvas_text(c, col[2] + 120, y + 2 + canvas_text_ascent(&fb),
	    "Relative performance", &fb, PDF_INK, CANVAS_END, NULL);
	canvas_text(c, col[3] + 40, y + 2 + canvas_text_ascent(&fb), "Rank",
	    &fb, PDF_INK, CANVAS_END, NULL);
	y += lh + 4;
	for (si = 0; si < rs->nsystems; si++) {
		canvas_rect(c, col[0] + 3, y + 2 + (lh - 8) / 2, 8, 8,
		    chart_palette_rgb(si), NULL);
		pdf_wrapped(c, col[0] + 15, y + 2, col[1] - 20,
		    rs->systems[si].identifier, &f, PDF_INK, 1);
		(void)snprintf(buf, sizeof(buf), "%zu", wins[si]);
		canvas_text(c, col[1] + 40, y + 2 + canvas_text_ascent(&f), buf,
		    &f, PDF_INK, CANVAS_END, NULL);
		if (isfinite(gm[si])) {
			for (rank = 1, sj = 0; sj < rs->nsystems; sj++)
				if (isfinite(gm[sj]) && gm[sj] > gm[si])
					rank++;
			(void)snprintf(buf, sizeof(buf), "%.1f%%", gm[si] * 100);
			canvas_text(c, col[2] + 120, y + 2 + canvas_text_ascent(&f),
			    buf, &f, PDF_INK, CANVAS_END, NULL);
			(void)snprintf(buf, sizeof(buf), "%zu", rank);
			canvas_text(c, col[3] + 40, y + 2 + canvas_text_ascent(&f),
			    buf, &f, PDF_INK, CANVAS_END, NULL);
		} else
			canvas_text(c, col[2] + 120, y + 2 + canvas_text_ascent(&f),
			    "no result", &f, PDF_MUTED, CANVAS_END, NULL);
		y += lh + 4;
		canvas_line(c, 0, y, PDF_WIDTH_PX, y, PDF_RULE, 0.5, NULL);
	}
	y += 4;
	y += pdf_wrapped(c, 0, y, PDF_WIDTH_PX, "A win is the best result of a "
	    "test, counted only where it is ahead of the next system by more "
	    "than chance (Welch's test, Holm-corrected, p < 0.05) when SE and N "
	    "allow the test. "
	    "Relative performance is the geometric mean over the tests a system "
	    "ran of its result relative to the best; the rank orders it.",
	    &small, PDF_MUTED, 4);
	c->height = y + 2;
	free(wins);
	free(gm);
}

/*
 * The overview table: every test by its short name, every system's
 * value as the source states it with its SE and N beneath (the whole
 * review's figures in one table, the page's data tables included), the
 * best marked with a star. Placed a few rows at a time, so that it
 * breaks across pages between rows.
 */
static void
pdf_overview(struct pdf_out *po, const struct result_set *rs, int *page,
    double *y)
{
	static const struct canvas_font	 f = { 8.5, 0, 0 }, fb = { 8.5, 1, 0 },
					 small = { 7.5, 0, 0 };
	struct str_list			 names = { NULL, 0, 0 };
	struct pdf_block		 b;
	const struct test		*t;
	const struct value		*v;
	const double			 namew = 150, pad = 3;
	double				 colw, yy, rowh, h, x;
	char				 buf[128], se[64], *line;
	size_t				 ti, si, n = rs->nsystems;
	struct publish_lead		*leads;
	int				 best, p;
	double				 py;

	if (n == 0 || rs->ntests == 0)
		return;
	colw = (PDF_WIDTH_PX - namew) / (double)n;
	publish_short_names(rs, &names);
	/* Stars by the page's rule: a best value whose lead is significant. */
	leads = xcalloc(rs->ntests, sizeof(*leads));
	publish_leads(rs, PUBLISH_LEAD_ALPHA, leads);
	memset(&b, 0, sizeof(b));
	for (ti = 0; ti < rs->ntests; ti++) {
		if (b.c == NULL) {
			b.c = canvas_new(PDF_WIDTH_PX);
			yy = ti == 0 ? pdf_heading(b.c, 0, "Result overview") : 0;
			rowh = 0;
			for (si = 0; si < n; si++)
				rowh = fmax(rowh, pdf_measure(colw - 2 * pad,
				    rs->systems[si].identifier, &fb, 3));
			rowh += 2 * pad;
			canvas_rect(b.c, 0, yy, PDF_WIDTH_PX, rowh, PDF_HEAD_BG, NULL);
			pdf_wrapped(b.c, pad, yy + pad, namew - 2 * pad, "Test", &fb,
			    PDF_INK, 1);
			for (si = 0; si < n; si++) {
				x = namew + colw * (double)si;
				pdf_wrapped(b.c, x + pad, yy + pad, colw - 2 * pad,
				    rs->systems[si].identifier, &fb, PDF_INK, 3);
			}
			yy += rowh;
		}
		t = &rs->tests[ti];
		best = leads[ti].kind == PUBLISH_LEAD_WON ? leads[ti].top : -1;
		line = xasprintf("%s (%s%s)", names.items[ti],
		    t->unit != NULL ? t->unit : "", t->proportion == PROP_HIB ?
		    ", more is better" : t->proportion == PROP_LIB ?
		    ", fewer is better" : "");
		rowh = pdf_wrapped(b.c, pad, yy + pad, namew - 2 * pad, line, &f,
		    PDF_INK, 4);
		free(line);
		for (si = 0; si < n; si++) {
			x = namew + colw * (double)si + colw - pad;
			v = test_find_value(t, si);
			if (v == NULL || !v->has_mean) {
				canvas_text(b.c, x, yy + pad + canvas_text_ascent(&f),
				    "no result", &small, PDF_MUTED, CANVAS_END, NULL);
				continue;
			}
			publish_format_value(v, buf, sizeof(buf));
			line = best >= 0 && &t->values[best] == v ?
			    xasprintf("\xE2\x98\x85 %s", buf) : xstrdup(buf);
			h = pdf_wrapped(b.c, namew + colw * (double)si + pad,
			    yy + pad, colw - 2 * pad, line, best >= 0 &&
			    &t->values[best] == v ? &fb : &f, PDF_INK, 2);
			free(line);
			publish_format_se(v, se, sizeof(se));
			if (*se != '\0' && v->n >= 2)
				line = xasprintf("\xC2\xB1%s N=%ld", se, v->n);
			else
				line = v->n > 0 ? xasprintf("N=%ld", v->n) : xstrdup("");
			h += pdf_wrapped(b.c, namew + colw * (double)si + pad,
			    yy + pad + h, colw - 2 * pad, line, &small, PDF_MUTED, 2);
			free(line);
			rowh = fmax(rowh, h);
		}
		yy += rowh + 2 * pad;
		canvas_line(b.c, 0, yy, PDF_WIDTH_PX, yy, PDF_RULE, 0.5, NULL);
		if ((ti + 1) % 12 == 0 || ti + 1 == rs->ntests) {
			b.c->height = yy + 2;
			pdf_place_block(po, &b, &p, &py);
			if (ti < 12) {
				*page = p;
				*y = py;
			}
		}
	}
	free(leads);
	str_list_free(&names);
}

/*
 * Min or max of v (has says whether the source gives it) with as many
 * decimals as the source's figure for v has (two when it states none),
 * so a column reads as the value beside it; "" when not given.
 */
static void
pdf_bound(const struct value *v, bool has, double x, char *buf, size_t size)
{
	int	dec;

	if (!has || !isfinite(x)) {
		snprintf(buf, size, "%s", "");
		return;
	}
	dec = chart_axis_decimals(value_stated_text(v));
	snprintf(buf, size, "%.*f", dec >= 0 ? dec : 2, x);
}

/*
 * The data table under a result's chart, as the page's beside it: each
 * system's value as the source states it (publish_format_value), SE and
 * N where there are two runs or more (publish_format_se), min and max.
 * Set in two halves side by side (systems in source order, down the left
 * half first), so that it takes half the height: two charts and their
 * tables still share a page.
 */
static void
pdf_data_block(struct pdf_block *b, const struct result_set *rs,
    const struct test *t)
{
	static const struct canvas_font	 f = { 7.5, 0, 0 }, fb = { 7.5, 1, 0 };
	static const char *const	 head[] = { "System", "Value", "SE", "N",
					    "Min", "Max" };
	/* Right edges of the number columns in a half, and the name's width. */
	static const double		 right[] = { 0, 186, 232, 254, 294, 332 };
	const double			 half = PDF_WIDTH_PX / 2, namew = 128;
	const struct value		*v;
	double				 asc = canvas_text_ascent(&f), yy, rowh,
					 top, x0, h;
	char				 cell[6][128];
	size_t				 i, k, rows, r;

	b->c = canvas_new(PDF_WIDTH_PX);
	if (t->nvalues == 0) {
		b->c->height = 0;
		return;
	}
	rows = (t->nvalues + 1) / 2;
	top = canvas_text_line_height(&fb) + 4;
	for (k = 0; k < 2 && k * rows < t->nvalues; k++) {
		x0 = half * (double)k;
		canvas_rect(b->c, x0, 0, half - 8, top, PDF_HEAD_BG, NULL);
		for (i = 0; i < 6; i++)
			canvas_text(b->c, x0 + (i == 0 ? 3 : right[i]), 2 + asc,
			    head[i], &fb, PDF_INK, i == 0 ? CANVAS_START :
			    CANVAS_END, NULL);
	}
	yy = top;
	for (r = 0; r < rows; r++) {
		rowh = canvas_text_line_height(&f);
		for (k = 0; k < 2; k++) {
			if ((i = k * rows + r) >= t->nvalues)
				break;
			v = &t->values[i];
			x0 = half * (double)k;
			h = pdf_wrapped(b->c, x0 + 3, yy + 2, namew,
			    v->system < rs->nsystems ?
			    rs->systems[v->system].identifier : "", &f, PDF_INK, 3);
			rowh = fmax(rowh, h);
			if (!v->has_mean)
				snprintf(cell[1], sizeof(cell[1]), "no result");
			else
				publish_format_value(v, cell[1], sizeof(cell[1]));
			if (v->has_se && v->n >= 2)
				publish_format_se(v, cell[2], sizeof(cell[2]));
			else
				cell[2][0] = '\0';
			if (v->n > 0)
				snprintf(cell[3], sizeof(cell[3]), "%ld", v->n);
			else
				cell[3][0] = '\0';
			pdf_bound(v, v->has_min, v->min, cell[4], sizeof(cell[4]));
			pdf_bound(v, v->has_max, v->max, cell[5], sizeof(cell[5]));
			for (i = 1; i < 6; i++)
				if (cell[i][0] != '\0')
					canvas_text(b->c, x0 + right[i], yy + 2 + asc,
					    cell[i], &f, i == 1 && v->has_mean ?
					    PDF_INK : PDF_MUTED, CANVAS_END, NULL);
		}
		yy += rowh + 3;
		canvas_line(b->c, 0, yy, half - 8, yy, PDF_RULE, 0.5, NULL);
		if (rows + r < t->nvalues)
			canvas_line(b->c, half, yy, PDF_WIDTH_PX - 8, yy, PDF_RULE,
			    0.5, NULL);
	}
	b->c->height = yy + 2;
}

/*
 * The key findings of a section, as the page states them
 * (publish_findings), set as plain text: the page's markup is our own,
 * its tags are dropped and the five entities text_escape_xml writes are
 * read back. Empty when the section has none (fewer than two systems).
 */
static void
pdf_findings_block(struct pdf_block *b, const struct result_set *rs)
{
	static const struct canvas_font	 f = { 9, 0, 0 };
	static const struct {
		const char	*ent;
		char		 c;
	} ents[] = { { "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' },
	    { "&quot;", '"' }, { "&#39;", '\'' }, { "&apos;", '\'' } };
	struct str_list			 names = { NULL, 0, 0 };
	struct publish_lead		*leads;
	struct strbuf			 html, text;
	const char			*p;
	char				*par, *save = NULL;
	size_t				 k;
	double				 y;

	b->c = canvas_new(PDF_WIDTH_PX);
	b->c->height = 0;
	if (rs->nsystems < 2 || rs->ntests == 0)
		return;
	strbuf_init(&html);
	strbuf_init(&text);
	leads = xcalloc(rs->ntests, sizeof(*leads));
	publish_leads(rs, PUBLISH_LEAD_ALPHA, leads);
	publish_short_names(rs, &names);
	publish_findings(rs, leads, &names, 0, &html);
	for (p = strbuf_str(&html); *p != '\0'; ) {
		if (*p == '<') {
			/* The heading is the block's own; a paragraph's end
			 * starts a new line. */
			if (strncmp(p, "<h3>", 4) == 0 && strstr(p, "</h3>") != NULL)
				p = strstr(p, "</h3>");
			else if (strncmp(p, "</p>", 4) == 0)
				strbuf_addc(&text, '\n');
			p = strchr(p, '>') != NULL ? strchr(p, '>') + 1 :
			    p + strlen(p);
			continue;
		}
		if (*p == '&') {
			for (k = 0; k < sizeof(ents) / sizeof(ents[0]); k++)
				if (strncmp(p, ents[k].ent, strlen(ents[k].ent)) == 0)
					break;
			if (k < sizeof(ents) / sizeof(ents[0])) {
				strbuf_addc(&text, ents[k].c);
				p += strlen(ents[k].ent);
				continue;
			}
		}
		strbuf_addc(&text, *p == '\n' ? ' ' : *p);
		p++;
	}
	if (*strbuf_str(&text) != '\0') {
		y = pdf_heading(b->c, 0, "Key findings");
		for (par = strtok_r(text.buf, "\n", &save); par != NULL;
		    par = strtok_r(NULL, "\n", &save))
			y += pdf_wrapped(b->c, 0, y, PDF_WIDTH_PX, par, &f,
			    PDF_INK, 12) + 4;
		b->c->height = y + 6;
	}
	free(leads);
	str_list_free(&names);
	strbuf_free(&html);
	strbuf_free(&text);
}

/*
 * The comparison of two inputs, as `benchreport diff` prints it: its
 * text set in columns where its lines have them (the header's "A", "B",
 * "change" and "verdict" say where), one block per test so that the
 * section breaks between tests.
 */
static void
pdf_diff(struct pdf_out *po, const char *text, int *page, double *y)
{
	static const struct canvas_font	 f = { 8.5, 0, 0 }, fb = { 8.5, 1, 0 };
	static const char *const	 heads[] = { "A", "B", "change", "verdict" };
	static const double		 colx[] = { 10, 130, 250, 520 };
	struct pdf_block		 b;
	struct str_list			 lines = { NULL, 0, 0 };
	const char			*p, *e;
	size_t				 off[5], i, k, nk = 0, len;
	double				 yy;
	char				*cell, *l;
	int				 pg;
	double				 py;

	if (text == NULL || *text == '\0')
		return;
	for (p = text; *p != '\0'; p = *e != '\0' ? e + 1 : e) {
		e = p + strcspn(p, "\n");
		str_list_add(&lines, "");
		free(lines.items[lines.len - 1]);
		lines.items[lines.len - 1] = xstrndup(p, (size_t)(e - p));
	}
	memset(&b, 0, sizeof(b));
	b.c = canvas_new(PDF_WIDTH_PX);
	yy = pdf_heading(b.c, 0, "Comparison");
	*page = po->page;
	*y = po->y;
	for (i = 0; i < lines.len; i++) {
		l = lines.items[i];
		if (nk == 0 && strncmp(l, "  A ", 4) == 0) {
			/* The header: where each column starts. */
			for (k = 0; k < 4; k++) {
				cell = strstr(k == 0 ? l : l + off[k - 1] + 1, heads[k]);
				if (cell == NULL)
					break;
				off[k] = (size_t)(cell - l);
			}
			nk = k == 4 ? 4 : 0;
			off[4] = (size_t)-1;
			for (k = 0; k < nk; k++)
				canvas_text(b.c, colx[k], yy + canvas_text_ascent(&fb),
				    heads[k], &fb, PDF_INK, CANVAS_START, NULL);
			yy += canvas_text_line_height(&fb) + 4;
			continue;
		}
		if (*l == '\0') {
			/* A blank line ends a test's group: place it. */
			if (yy > 0) {
				b.c->height = yy + 4;
				pdf_place_block(po, &b, &pg, &py);
				b.c = canvas_new(PDF_WIDTH_PX);
				yy = 0;
			}
			continue;
		}
		if (nk == 4 && strncmp(l, "  ", 2) == 0 && l[2] != ' ' &&
		    strlen(l) > off[1]) {
			/* A value line: its columns at the header's places. */
			for (k = 0; k < nk; k++) {
				if (off[k] >= strlen(l))
					break;
				len = strlen(l + off[k]);
				if (k + 1 < nk && off[k + 1] - off[k] < len)
					len = off[k + 1] - off[k];
				cell = xstrndup(l + off[k], len);
				pdf_wrapped(b.c, colx[k], yy, (k + 1 < nk ? colx[k + 1] :
				    PDF_WIDTH_PX) - colx[k] - 4, g_strstrip(cell), &f,
				    PDF_INK, 2);
				free(cell);
			}
			yy += canvas_text_line_height(&f) + 2;
			continue;
		}
		yy += pdf_wrapped(b.c, strncmp(l, "    ", 4) == 0 ? 10 : 0, yy,
		    PDF_WIDTH_PX, g_strstrip(l), nk == 4 &&
		    strncmp(l, "Summary", 7) != 0 ? &fb : &f, PDF_INK, 6);
	}
	b.c->height = yy + 4;
	pdf_place_block(po, &b, &pg, &py);
	str_list_free(&lines);
}

/*
 * Title, Author and Subject: the review's title; what wrote the sources
 * (or benchreport); the sets, systems and results it holds.
 */
static void
pdf_metadata(struct pdf_out *po, struct result_set *const *sets,
    size_t nsets, const struct publish_options *opt)
{
	struct strbuf	 sb;
	const char	*title;
	size_t		 i, j, nsys = 0, ntests = 0;
	char		*clean;

	title = opt->title != NULL ? opt->title : nsets == 1 &&
	    sets[0]->title != NULL && *sets[0]->title ? sets[0]->title :
	    "Benchmark review";
	clean = canvas_text_clean(title);
	cairo_pdf_surface_set_metadata(po->surface, CAIRO_PDF_METADATA_TITLE,
	    clean);
	free(clean);
	strbuf_init(&sb);
	for (i = 0; i < nsets; i++) {
		nsys += sets[i]->nsystems;
		ntests += sets[i]->ntests;
		if (sets[i]->generator == NULL || *sets[i]->generator == '\0')
			continue;
		for (j = 0; j < i; j++)
			if (sets[j]->generator != NULL &&
			    strcmp(sets[j]->generator, sets[i]->generator) == 0)
				break;
		if (j == i)
			strbuf_printf(&sb, "%s%s", sb.len > 0 ? ", " : "",
			    sets[i]->generator);
	}
	clean = canvas_text_clean(sb.len > 0 ? strbuf_str(&sb) :
	    "benchreport " BENCHREPORT_VERSION);
	cairo_pdf_surface_set_metadata(po->surface, CAIRO_PDF_METADATA_AUTHOR,
	    clean);
	free(clean);
	strbuf_reset(&sb);
	strbuf_printf(&sb, "Benchmark review: %zu result set%s, %zu system%s, "
	    "%zu result%s%s", nsets, nsets == 1 ? "" : "s", nsys,
	    nsys == 1 ? "" : "s", ntests, ntests == 1 ? "" : "s",
	    opt->diff_text != NULL ? ", and the comparison of the two" : "");
	cairo_pdf_surface_set_metadata(po->surface, CAIRO_PDF_METADATA_SUBJECT,
	    strbuf_str(&sb));
	strbuf_free(&sb);
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
	double			 y, ty;
	int			 page, py, id, rc = -1;

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
	pdf_metadata(&po, sets, nsets, opt);
	top.count = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	memset(&blk, 0, sizeof(blk));
	pdf_title_block(&blk, sets, nsets, opt);
	pdf_place_block(&po, &blk, &page, &y);
	if (opt->diff_text != NULL) {
		pdf_diff(&po, opt->diff_text, &page, &y);
		label = pdf_distinct(&top, xstrdup("Comparison"));
		(void)pdf_outline(&po, CAIRO_PDF_OUTLINE_ROOT, label, page, y,
		    false);
		free(label);
	}
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
		pdf_notes_block(&blk, rs);
		if (blk.c->height > 0)
			pdf_place_block(&po, &blk, &page, &y);
		else
			canvas_free(blk.c);
		memset(&blk, 0, sizeof(blk));
		pdf_findings_block(&blk, rs);
		if (blk.c->height > 0)
			pdf_place_block(&po, &blk, &page, &y);
		else
			canvas_free(blk.c);
		memset(&blk, 0, sizeof(blk));
		pdf_overview(&po, rs, &page, &y);
		pdf_standing_block(&blk, rs);
		if (blk.c->height > 0)
			pdf_place_block(&po, &blk, &page, &y);
		else
			canvas_free(blk.c);
		memset(&blk, 0, sizeof(blk));
		/* The charts come in chart_list order, so it names them. */
		nids = chart_list(rs, &ids);
		sec.count = g_hash_table_new_full(g_str_hash, g_str_equal, free,
		    NULL);
		for (i = 0; i < charts[si].n; i++) {
			if ((c = charts[si].c[i]) == NULL)
				continue;
			memset(&blk, 0, sizeof(blk));
			if (nids == charts[si].n && ids[i].kind == CHART_TEST &&
			    ids[i].test < rs->ntests)
				pdf_data_block(&blk, rs, &rs->tests[ids[i].test]);
			pdf_place(&po, c, NULL, PDF_SHRINK, blk.c != NULL ?
			    blk.c->height * PDF_PX : 0, &page, &y);
			if (blk.c != NULL) {
				/* Under its chart: no gap between them. */
				po.y -= PDF_GAP_PX * PDF_PX * 0.75;
				pdf_place_block(&po, &blk, &py, &ty);
			}
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
