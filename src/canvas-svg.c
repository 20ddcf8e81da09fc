/* SPDX-License-Identifier: ISC */
/*
 * SVG output of a chart display list. Coordinates are printed with two
 * decimals at most; nothing time- or locale-dependent goes into the output
 * (numbers are formatted by hand, not with the locale's decimal point).
 * It does not measure text: layout was done with pango beforehand.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "canvas-svg.h"
#include "canvas-text.h"
#include "escape.h"
#include "xalloc.h"

static double	canvas_svg_clamp(double);
static void	canvas_svg_num(struct strbuf *, const char *, double);
static void	canvas_svg_color(struct strbuf *, const char *, uint32_t);
static void	canvas_svg_cls(struct strbuf *, const char *);

/* Charts live within a few thousand pixels; keep absurd input printable. */
static double
canvas_svg_clamp(double v)
{
	return isfinite(v) ? fmax(-1e9, fmin(1e9, v)) : 0;
}

/* Append ` name="N"` with N rounded to 0.01 and trailing zeros removed. */
static void
canvas_svg_num(struct strbuf *out, const char *name, double v)
{
	long long	 h;
	int		 neg;

	v = canvas_svg_clamp(v);
	h = llround(v * 100.0);
	neg = h < 0;
	if (neg)
		h = -h;
	strbuf_printf(out, " %s=\"%s%lld", name, neg ? "-" : "", h / 100);
	if (h % 100 != 0) {
		if (h % 10 == 0)
			strbuf_printf(out, ".%lld", (h % 100) / 10);
		else
			strbuf_printf(out, ".%02lld", h % 100);
	}
	strbuf_addc(out, '"');
}

static void
canvas_svg_color(struct strbuf *out, const char *name, uint32_t rgb)
{
	strbuf_printf(out, " %s=\"#%06x\"", name, (unsigned)(rgb & 0xFFFFFF));
}

static void
canvas_svg_cls(struct strbuf *out, const char *cls)
{
	if (cls == NULL)
		return;
	strbuf_adds(out, " class=\"");
	escape_xml(out, cls);
	strbuf_addc(out, '"');
}

void
canvas_svg_render(const struct canvas *c, const char *id_prefix, int xml_decl,
    struct strbuf *out)
{
	const struct canvas_op	*op;
	struct strbuf		 pfx;
	const char		*p;
	size_t			 i, j, nclip = 0;

	strbuf_init(&pfx);
	for (p = id_prefix != NULL ? id_prefix : "c"; *p != '\0'; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '-' || *p == '_')
			strbuf_addc(&pfx, *p);
	if (pfx.len == 0)
		strbuf_addc(&pfx, 'c');

	if (xml_decl)
		strbuf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	strbuf_adds(out, "<svg xmlns=\"http://www.w3.org/2000/svg\"");
	canvas_svg_num(out, "width", c->width);
	canvas_svg_num(out, "height", c->height);
	strbuf_adds(out, " viewBox=\"0 0");
	strbuf_printf(out, " %.0f %.0f\"", ceil(c->width), ceil(c->height));
	strbuf_adds(out, " font-family=\"" CANVAS_TEXT_SVG_FAMILY "\"");
	strbuf_printf(out, " role=\"img\" aria-labelledby=\"%s-title %s-desc\">\n",
	    strbuf_str(&pfx), strbuf_str(&pfx));
	strbuf_printf(out, "<title id=\"%s-title\">", strbuf_str(&pfx));
	escape_xml(out, c->title);
	strbuf_printf(out, "</title>\n<desc id=\"%s-desc\">", strbuf_str(&pfx));
	escape_xml(out, c->desc);
	strbuf_adds(out, "</desc>\n<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");

	for (i = 0; i < c->nops; i++) {
		op = &c->ops[i];
		switch (op->kind) {
		case CANVAS_OP_RECT:
			strbuf_adds(out, "<rect");
			canvas_svg_cls(out, op->cls);
			canvas_svg_num(out, "x", op->x);
			canvas_svg_num(out, "y", op->y);
			canvas_svg_num(out, "width", op->w);
			canvas_svg_num(out, "height", op->h);
			canvas_svg_color(out, "fill", op->color);
			strbuf_adds(out, "/>\n");
			break;
		case CANVAS_OP_LINE:
			strbuf_adds(out, "<line");
			canvas_svg_cls(out, op->cls);
			canvas_svg_num(out, "x1", op->x);
			canvas_svg_num(out, "y1", op->y);
			canvas_svg_num(out, "x2", op->w);
			canvas_svg_num(out, "y2", op->h);
			canvas_svg_color(out, "stroke", op->color);
			canvas_svg_num(out, "stroke-width", op->stroke);
			strbuf_adds(out, "/>\n");
			break;
		case CANVAS_OP_POLYLINE:
			strbuf_adds(out, "<polyline");
			canvas_svg_cls(out, op->cls);
			strbuf_adds(out, " fill=\"none\"");
			canvas_svg_color(out, "stroke", op->color);
			canvas_svg_num(out, "stroke-width", op->stroke);
			strbuf_adds(out, " stroke-linejoin=\"round\" points=\"");
			for (j = 0; j < op->npts; j++)
				strbuf_printf(out, "%s%.2f,%.2f", j ? " " : "",
				    canvas_svg_clamp(op->pts[2 * j]),
				    canvas_svg_clamp(op->pts[2 * j + 1]));
			strbuf_adds(out, "\"/>\n");
			break;
		case CANVAS_OP_TEXT:
			strbuf_adds(out, "<text");
			canvas_svg_cls(out, op->cls);
			canvas_svg_num(out, "x", op->x);
			canvas_svg_num(out, "y", op->y);
			canvas_svg_num(out, "font-size", op->font.size);
			if (op->font.bold)
				strbuf_adds(out, " font-weight=\"bold\"");
			if (op->font.italic)
				strbuf_adds(out, " font-style=\"italic\"");
			if (op->anchor == CANVAS_MIDDLE)
				strbuf_adds(out, " text-anchor=\"middle\"");
			else if (op->anchor == CANVAS_END)
				strbuf_adds(out, " text-anchor=\"end\"");
			canvas_svg_color(out, "fill", op->color);
			strbuf_addc(out, '>');
			escape_xml(out, op->text);
			strbuf_adds(out, "</text>\n");
			break;
		case CANVAS_OP_GROUP:
			strbuf_adds(out, "<g");
			canvas_svg_cls(out, op->cls);
			strbuf_adds(out, ">");
			if (op->text != NULL) {
				strbuf_adds(out, "<title>");
				escape_xml(out, op->text);
				strbuf_adds(out, "</title>");
			}
			strbuf_addc(out, '\n');
			break;
		case CANVAS_OP_CLIP:
			nclip++;
			strbuf_printf(out, "<clipPath id=\"%s-clip%zu\"><rect",
			    strbuf_str(&pfx), nclip);
			canvas_svg_num(out, "x", op->x);
			canvas_svg_num(out, "y", op->y);
			canvas_svg_num(out, "width", op->w);
			canvas_svg_num(out, "height", op->h);
			strbuf_printf(out, "/></clipPath>\n"
			    "<g clip-path=\"url(#%s-clip%zu)\">\n",
			    strbuf_str(&pfx), nclip);
			break;
		case CANVAS_OP_GROUP_END:
		case CANVAS_OP_CLIP_END:
			strbuf_adds(out, "</g>\n");
			break;
		}
	}
	strbuf_adds(out, "</svg>\n");
	strbuf_free(&pfx);
}
