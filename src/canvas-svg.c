/* SPDX-License-Identifier: ISC */
/*
 * SVG output of a chart display list, as text: the chart files and the
 * review page's inline charts are the same writer's. Coordinates are printed with two
 * decimals at most; nothing time- or locale-dependent goes into the output
 * (numbers are formatted by hand, not with the locale's decimal point).
 * It does not measure text: layout was done with pango beforehand.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas-svg.h"
#include "canvas-text.h"
#include "text-escape.h"
#include "xalloc.h"

#define CANVAS_SVG_NS	"http://www.w3.org/2000/svg"
/* Inline charts' default text size, the labels' (the commonest text). */
#define CANVAS_SVG_PAGE_SIZE	"12.5"
#define CANVAS_SVG_PAGE_SIZE_PX	12.5

/* Where the SVG goes: text appended to sb, escaped here. */
struct canvas_svg_out {
	struct strbuf	*sb;
	int		 open;		/* a start tag still lacks its '>' */
	int		 flags;		/* CANVAS_SVG_* */
	const char	*cls;		/* class of the root element, or NULL */
	/* While writing one canvas: */
	const char	*id;		/* prefix of its ids */
	uint32_t	 ink;		/* its texts' colour, or CANVAS_SVG_NO_INK */
	int		 in_run;	/* a <g> of one stroke is open */
	size_t		 nclip;		/* clip paths so far */
};

static double	canvas_svg_clamp(double);
static void	canvas_svg_fmt(char *, size_t, double, int);
static void	canvas_svg_start(struct canvas_svg_out *, const char *);
static void	canvas_svg_put(struct canvas_svg_out *, const char *, const char *,
		    int);
static void	canvas_svg_attr(struct canvas_svg_out *, const char *, const char *);
static void	canvas_svg_lit(struct canvas_svg_out *, const char *, const char *);
static void	canvas_svg_text(struct canvas_svg_out *, const char *);
static void	canvas_svg_end(struct canvas_svg_out *, const char *);
static void	canvas_svg_num(struct canvas_svg_out *, const char *, double);
static void	canvas_svg_color(struct canvas_svg_out *, const char *, uint32_t);
static void	canvas_svg_open(const struct canvas *, struct canvas_svg_out *);
static size_t	canvas_svg_shape(struct canvas_svg_out *, const struct canvas_op *,
		    const struct canvas_op *);
static void	canvas_svg_polyline(struct canvas_svg_out *,
		    const struct canvas_op *);
static void	canvas_svg_optext(struct canvas_svg_out *, const struct canvas_op *);
static void	canvas_svg_clip(struct canvas_svg_out *, const struct canvas_op *);
static void	canvas_svg_write(const struct canvas *, const char *,
		    struct canvas_svg_out *);
static size_t	canvas_svg_path(struct canvas_svg_out *, const struct canvas_op *,
		    const struct canvas_op *);
static uint32_t	canvas_svg_ink(const struct canvas *);
struct canvas_svg_style;
static const struct canvas_svg_style *canvas_svg_style(const struct canvas_op *);
static int	canvas_svg_same_line(const struct canvas_op *,
		    const struct canvas_op *, const struct canvas_op *);

/*
 * Text styles of inline charts said once, by the page's style sheet
 * (templates/review.css, ".chart .v" and so on, which must match): a
 * text whose class, size, weight, anchor and colour are one of these gets
 * the short class name alone. Others keep their attributes.
 */
struct canvas_svg_style {
	const char		*cls;
	const char		*short_name;
	double			 size;
	int			 bold;
	enum canvas_anchor	 anchor;
	uint32_t		 color;
};

static const struct canvas_svg_style canvas_svg_styles[] = {
	{ "label", "l", 12.5, 0, CANVAS_END, 0x222222 },
	{ "value", "v", 12.0, 1, CANVAS_START, 0x222222 },
	{ "se", "e", 10.5, 0, CANVAS_START, 0x5f5f5f },
	{ "tick", "t", 10.5, 0, CANVAS_MIDDLE, 0x5f5f5f },
};

static const struct canvas_svg_style *
canvas_svg_style(const struct canvas_op *op)
{
	size_t	i;

	if (op->cls == NULL || op->font.italic)
		return NULL;
	for (i = 0; i < sizeof(canvas_svg_styles) / sizeof(canvas_svg_styles[0]); i++)
		if (strcmp(op->cls, canvas_svg_styles[i].cls) == 0 &&
		    op->font.size == canvas_svg_styles[i].size &&
		    op->font.bold == canvas_svg_styles[i].bold &&
		    op->anchor == canvas_svg_styles[i].anchor &&
		    (op->color & 0xFFFFFF) == canvas_svg_styles[i].color)
			return &canvas_svg_styles[i];
	return NULL;
}

/* No colour has these bits (colours are 0xRRGGBB). */
#define CANVAS_SVG_NO_INK	0xFFFFFFFFu

/* Charts live within a few thousand pixels; keep absurd input printable. */
static double
canvas_svg_clamp(double v)
{
	return isfinite(v) ? fmax(-1e9, fmin(1e9, v)) : 0;
}

/*
 * N rounded to 0.01 (coarse: to 0.1, which is plenty for a chart in a
 * page), trailing zeros removed (by hand: this runs for every coordinate).
 */
static void
canvas_svg_fmt(char *buf, size_t size, double v, int coarse)
{
	char		 tmp[32], *p = tmp + sizeof(tmp);
	long long	 h, ip;
	int		 neg, frac;

	v = canvas_svg_clamp(v);
	h = coarse ? llround(v * 10.0) * 10 : llround(v * 100.0);
	neg = h < 0;
	if (neg)
		h = -h;
	ip = h / 100;
	frac = (int)(h % 100);
	*--p = '\0';
	if (frac != 0) {
		if (frac % 10 != 0)
			*--p = (char)('0' + frac % 10);
		*--p = (char)('0' + frac / 10);
		*--p = '.';
	}
	do {
		*--p = (char)('0' + ip % 10);
		ip /= 10;
	} while (ip > 0);
	if (neg)
		*--p = '-';
	/* At most 13 characters: |v| <= 1e9 (canvas_svg_clamp). */
	if ((size_t)(tmp + sizeof(tmp) - p) <= size)
		memcpy(buf, p, (size_t)(tmp + sizeof(tmp) - p));
	else if (size > 0)
		buf[0] = '\0';
}

static void
canvas_svg_start(struct canvas_svg_out *o, const char *name)
{
	if (o->open)
		strbuf_addc(o->sb, '>');
	strbuf_addc(o->sb, '<');
	strbuf_adds(o->sb, name);
	o->open = 1;
}

/*
 * ours: value is a literal or a number of ours, with no character that
 * needs escaping; otherwise it may hold anything and is escaped.
 */
static void
canvas_svg_put(struct canvas_svg_out *o, const char *name, const char *value,
    int ours)
{
	strbuf_addc(o->sb, ' ');
	strbuf_adds(o->sb, name);
	strbuf_adds(o->sb, "=\"");
	if (ours)
		strbuf_adds(o->sb, value);
	else
		text_escape_xml(o->sb, value);
	strbuf_addc(o->sb, '"');
}

static void
canvas_svg_attr(struct canvas_svg_out *o, const char *name, const char *value)
{
	canvas_svg_put(o, name, value, 0);
}

static void
canvas_svg_lit(struct canvas_svg_out *o, const char *name, const char *value)
{
	canvas_svg_put(o, name, value, 1);
}

static void
canvas_svg_text(struct canvas_svg_out *o, const char *s)
{
	if (o->open)
		strbuf_addc(o->sb, '>');
	o->open = 0;
	text_escape_xml(o->sb, s);
}

static void
canvas_svg_end(struct canvas_svg_out *o, const char *name)
{
	if (o->open)
		strbuf_adds(o->sb, "/>");
	else {
		strbuf_adds(o->sb, "</");
		strbuf_adds(o->sb, name);
		strbuf_addc(o->sb, '>');
	}
	o->open = 0;
}

static void
canvas_svg_num(struct canvas_svg_out *o, const char *name, double v)
{
	char	buf[40];

	canvas_svg_fmt(buf, sizeof(buf), v, o->flags & CANVAS_SVG_COMPACT);
	canvas_svg_lit(o, name, buf);
}

static void
canvas_svg_color(struct canvas_svg_out *o, const char *name, uint32_t rgb)
{
	char	buf[16];

	snprintf(buf, sizeof(buf), "#%06x", (unsigned)(rgb & 0xFFFFFF));
	canvas_svg_lit(o, name, buf);
}

/*
 * The colour most texts have (the smallest of the commonest, so the
 * output is a function of the display list), or CANVAS_SVG_NO_INK.
 */
static uint32_t
canvas_svg_ink(const struct canvas *c)
{
	uint32_t	 seen[16], best = CANVAS_SVG_NO_INK;
	size_t		 count[16], nseen = 0, i, k, top = 0;

	for (i = 0; i < c->nops; i++) {
		if (c->ops[i].kind != CANVAS_OP_TEXT)
			continue;
		for (k = 0; k < nseen && seen[k] != (c->ops[i].color & 0xFFFFFF); k++)
			;
		if (k == nseen) {
			if (nseen == sizeof(seen) / sizeof(seen[0]))
				continue;	/* a rare colour more: not the commonest */
			seen[nseen] = c->ops[i].color & 0xFFFFFF;
			count[nseen++] = 0;
		}
		count[k]++;
	}
	for (k = 0; k < nseen; k++)
		if (count[k] > top || (count[k] == top && seen[k] < best)) {
			top = count[k];
			best = seen[k];
		}
	return best;
}

/* Is next, before end, a line with op's stroke colour and width? */
static int
canvas_svg_same_line(const struct canvas_op *op, const struct canvas_op *next,
    const struct canvas_op *end)
{
	return next < end && next->kind == CANVAS_OP_LINE &&
	    (next->color & 0xFFFFFF) == (op->color & 0xFFFFFF) &&
	    next->stroke == op->stroke;
}

/* The root element with its accessible name, and the white background. */
static void
canvas_svg_open(const struct canvas *c, struct canvas_svg_out *o)
{
	struct strbuf	v;
	size_t		j;

	strbuf_init(&v);
	canvas_svg_start(o, "svg");
	if (o->cls != NULL)
		canvas_svg_attr(o, "class", o->cls);
	canvas_svg_attr(o, "xmlns", CANVAS_SVG_NS);
	canvas_svg_num(o, "width", c->width);
	canvas_svg_num(o, "height", c->height);
	strbuf_printf(&v, "0 0 %.0f %.0f", ceil(c->width), ceil(c->height));
	canvas_svg_lit(o, "viewBox", strbuf_str(&v));
	/* A page's style sheet gives inline charts their font. */
	if (!(o->flags & CANVAS_SVG_COMPACT))
		canvas_svg_lit(o, "font-family", CANVAS_TEXT_SVG_FAMILY);
	else
		canvas_svg_lit(o, "font-size", CANVAS_SVG_PAGE_SIZE);
	/* Texts inherit the commonest text colour (shapes all set a fill). */
	if (o->ink != CANVAS_SVG_NO_INK)
		canvas_svg_color(o, "fill", o->ink);
	canvas_svg_lit(o, "role", "img");
	if (o->flags & CANVAS_SVG_COMPACT) {
		/* The page's data table beside the chart says what desc says. */
		canvas_svg_attr(o, "aria-label", c->title);
		canvas_svg_text(o, "\n");
	} else {
		strbuf_reset(&v);
		strbuf_printf(&v, "%s-title %s-desc", o->id, o->id);
		canvas_svg_attr(o, "aria-labelledby", strbuf_str(&v));
		canvas_svg_text(o, "\n");
	}
	for (j = 0; j < 2 && !(o->flags & CANVAS_SVG_COMPACT); j++) {
		const char	*el = j == 0 ? "title" : "desc";

		canvas_svg_start(o, el);
		strbuf_reset(&v);
		strbuf_printf(&v, "%s-%s", o->id, el);
		canvas_svg_attr(o, "id", strbuf_str(&v));
		canvas_svg_text(o, j == 0 ? c->title : c->desc);
		canvas_svg_end(o, el);
		canvas_svg_text(o, "\n");
	}
	canvas_svg_start(o, "rect");
	canvas_svg_lit(o, "width", "100%");
	canvas_svg_lit(o, "height", "100%");
	canvas_svg_lit(o, "fill", "#ffffff");
	canvas_svg_end(o, "rect");
	canvas_svg_text(o, "\n");
	strbuf_free(&v);
}

/*
 * A rectangle or a line. Lines in a run of one stroke share a <g> that
 * says the stroke once (a <path> each in compact output). Returns how
 * many ops it wrote.
 */
static size_t
canvas_svg_shape(struct canvas_svg_out *o, const struct canvas_op *op,
    const struct canvas_op *end)
{
	int	rect = op->kind == CANVAS_OP_RECT;

	if (!rect && (o->flags & CANVAS_SVG_COMPACT))
		return canvas_svg_path(o, op, end);
	if (!rect && !o->in_run && canvas_svg_same_line(op, op + 1, end)) {
		/* A run of lines of one stroke: say it once. */
		canvas_svg_start(o, "g");
		canvas_svg_color(o, "stroke", op->color);
		canvas_svg_num(o, "stroke-width", op->stroke);
		canvas_svg_text(o, "\n");
		o->in_run = 1;
	}
	canvas_svg_start(o, rect ? "rect" : "line");
	if (op->cls != NULL && !(o->flags & CANVAS_SVG_COMPACT))
		canvas_svg_attr(o, "class", op->cls);
	canvas_svg_num(o, rect ? "x" : "x1", op->x);
	canvas_svg_num(o, rect ? "y" : "y1", op->y);
	canvas_svg_num(o, rect ? "width" : "x2", op->w);
	canvas_svg_num(o, rect ? "height" : "y2", op->h);
	if (rect) {
		canvas_svg_color(o, "fill", op->color);
		canvas_svg_end(o, "rect");
		return 1;
	}
	if (!o->in_run) {
		canvas_svg_color(o, "stroke", op->color);
		canvas_svg_num(o, "stroke-width", op->stroke);
	}
	canvas_svg_end(o, "line");
	if (o->in_run && !canvas_svg_same_line(op, op + 1, end)) {
		canvas_svg_text(o, "\n");
		canvas_svg_end(o, "g");
		o->in_run = 0;
	}
	return 1;
}

static void
canvas_svg_polyline(struct canvas_svg_out *o, const struct canvas_op *op)
{
	struct strbuf	v;
	size_t		j;

	strbuf_init(&v);
	canvas_svg_start(o, "polyline");
	if (op->cls != NULL && !(o->flags & CANVAS_SVG_COMPACT))
		canvas_svg_attr(o, "class", op->cls);
	canvas_svg_lit(o, "fill", "none");
	canvas_svg_color(o, "stroke", op->color);
	canvas_svg_num(o, "stroke-width", op->stroke);
	canvas_svg_lit(o, "stroke-linejoin", "round");
	for (j = 0; j < op->npts; j++)
		strbuf_printf(&v, "%s%.2f,%.2f", j ? " " : "",
		    canvas_svg_clamp(op->pts[2 * j]),
		    canvas_svg_clamp(op->pts[2 * j + 1]));
	canvas_svg_lit(o, "points", strbuf_str(&v));
	canvas_svg_end(o, "polyline");
	strbuf_free(&v);
}

/* A text: in compact output one of the page's styles by class name alone. */
static void
canvas_svg_optext(struct canvas_svg_out *o, const struct canvas_op *op)
{
	const struct canvas_svg_style	*st;

	canvas_svg_start(o, "text");
	if ((o->flags & CANVAS_SVG_COMPACT) &&
	    (st = canvas_svg_style(op)) != NULL) {
		/* The page's style sheet says the rest. */
		canvas_svg_lit(o, "class", st->short_name);
		canvas_svg_num(o, "x", op->x);
		canvas_svg_num(o, "y", op->y);
		canvas_svg_text(o, op->text);
		canvas_svg_end(o, "text");
		return;
	}
	if (op->cls != NULL && !(o->flags & CANVAS_SVG_COMPACT))
		canvas_svg_attr(o, "class", op->cls);
	canvas_svg_num(o, "x", op->x);
	canvas_svg_num(o, "y", op->y);
	if (!(o->flags & CANVAS_SVG_COMPACT) ||
	    op->font.size != CANVAS_SVG_PAGE_SIZE_PX)
		canvas_svg_num(o, "font-size", op->font.size);
	if (op->font.bold)
		canvas_svg_lit(o, "font-weight", "bold");
	if (op->font.italic)
		canvas_svg_lit(o, "font-style", "italic");
	if (op->anchor == CANVAS_MIDDLE)
		canvas_svg_lit(o, "text-anchor", "middle");
	else if (op->anchor == CANVAS_END)
		canvas_svg_lit(o, "text-anchor", "end");
	if ((op->color & 0xFFFFFF) != o->ink)
		canvas_svg_color(o, "fill", op->color);
	canvas_svg_text(o, op->text);
	canvas_svg_end(o, "text");
}

/* A clip rectangle, and the group it clips, left open until CLIP_END. */
static void
canvas_svg_clip(struct canvas_svg_out *o, const struct canvas_op *op)
{
	struct strbuf	v;

	strbuf_init(&v);
	o->nclip++;
	canvas_svg_start(o, "clipPath");
	strbuf_printf(&v, "%s-clip%zu", o->id, o->nclip);
	canvas_svg_attr(o, "id", strbuf_str(&v));
	canvas_svg_start(o, "rect");
	canvas_svg_num(o, "x", op->x);
	canvas_svg_num(o, "y", op->y);
	canvas_svg_num(o, "width", op->w);
	canvas_svg_num(o, "height", op->h);
	canvas_svg_end(o, "rect");
	canvas_svg_end(o, "clipPath");
	canvas_svg_text(o, "\n");
	canvas_svg_start(o, "g");
	strbuf_reset(&v);
	strbuf_printf(&v, "url(#%s-clip%zu)", o->id, o->nclip);
	canvas_svg_attr(o, "clip-path", strbuf_str(&v));
	canvas_svg_text(o, "\n");
	strbuf_free(&v);
}

static void
canvas_svg_write(const struct canvas *c, const char *id_prefix,
    struct canvas_svg_out *o)
{
	const struct canvas_op	*op, *end = c->ops + c->nops;
	struct strbuf		 pfx;
	const char		*p;

	strbuf_init(&pfx);
	for (p = id_prefix != NULL ? id_prefix : "c"; *p != '\0'; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || *p == '-' || *p == '_')
			strbuf_addc(&pfx, *p);
	if (pfx.len == 0)
		strbuf_addc(&pfx, 'c');
	o->id = strbuf_str(&pfx);
	o->ink = canvas_svg_ink(c);
	o->in_run = 0;
	o->nclip = 0;
	canvas_svg_open(c, o);
	for (op = c->ops; op < end; op++) {
		switch (op->kind) {
		case CANVAS_OP_RECT:
		case CANVAS_OP_LINE:
			op += canvas_svg_shape(o, op, end) - 1;
			break;
		case CANVAS_OP_POLYLINE:
			canvas_svg_polyline(o, op);
			break;
		case CANVAS_OP_TEXT:
			canvas_svg_optext(o, op);
			break;
		case CANVAS_OP_GROUP:
			if (o->flags & CANVAS_SVG_NO_TIPS) {
				/* Nothing to group for: skip it and its end. */
				continue;
			}
			canvas_svg_start(o, "g");
			if (op->cls != NULL && !(o->flags & CANVAS_SVG_COMPACT))
				canvas_svg_attr(o, "class", op->cls);
			if (op->text != NULL) {
				canvas_svg_start(o, "title");
				canvas_svg_text(o, op->text);
				canvas_svg_end(o, "title");
			}
			/* The group stays open until its GROUP_END. */
			canvas_svg_text(o, "\n");
			continue;
		case CANVAS_OP_CLIP:
			canvas_svg_clip(o, op);
			continue;
		case CANVAS_OP_GROUP_END:
			if (o->flags & CANVAS_SVG_NO_TIPS)
				continue;
			canvas_svg_end(o, "g");
			break;
		case CANVAS_OP_CLIP_END:
			canvas_svg_end(o, "g");
			break;
		}
		canvas_svg_text(o, "\n");
	}
	canvas_svg_end(o, "svg");
	strbuf_free(&pfx);
}

/*
 * The run of lines from op (up to end) sharing its stroke as one <path>,
 * axis-parallel segments as H and V: a whisker's three lines or a chart's
 * grid in one element. Returns the number of lines written.
 */
static size_t
canvas_svg_path(struct canvas_svg_out *o, const struct canvas_op *op,
    const struct canvas_op *end)
{
	const struct canvas_op	*l;
	char			 a[40], b[40];
	size_t			 n = 0;

	canvas_svg_start(o, "path");
	/* A whisker's stroke is the page style sheet's ".chart .k". */
	if (op->cls != NULL && strncmp(op->cls, "whisker", 7) == 0 &&
	    (op->color & 0xFFFFFF) == 0x222222 && op->stroke == 1.2)
		canvas_svg_lit(o, "class", "k");
	else {
		canvas_svg_color(o, "stroke", op->color);
		canvas_svg_num(o, "stroke-width", op->stroke);
	}
	strbuf_adds(o->sb, " d=\"");
	for (l = op; l == op || canvas_svg_same_line(op, l, end); l++, n++) {
		canvas_svg_fmt(a, sizeof(a), l->x, 1);
		canvas_svg_fmt(b, sizeof(b), l->y, 1);
		strbuf_addc(o->sb, 'M');
		strbuf_adds(o->sb, a);
		strbuf_addc(o->sb, ' ');
		strbuf_adds(o->sb, b);
		if (canvas_svg_clamp(l->h) == canvas_svg_clamp(l->y)) {
			canvas_svg_fmt(a, sizeof(a), l->w, 1);
			strbuf_addc(o->sb, 'H');
			strbuf_adds(o->sb, a);
		} else if (canvas_svg_clamp(l->w) == canvas_svg_clamp(l->x)) {
			canvas_svg_fmt(b, sizeof(b), l->h, 1);
			strbuf_addc(o->sb, 'V');
			strbuf_adds(o->sb, b);
		} else {
			canvas_svg_fmt(a, sizeof(a), l->w, 1);
			canvas_svg_fmt(b, sizeof(b), l->h, 1);
			strbuf_addc(o->sb, 'L');
			strbuf_adds(o->sb, a);
			strbuf_addc(o->sb, ' ');
			strbuf_adds(o->sb, b);
		}
	}
	strbuf_addc(o->sb, '"');
	canvas_svg_end(o, "path");
	return n;
}

void
canvas_svg_render(const struct canvas *c, const char *id_prefix, int xml_decl,
    struct strbuf *out)
{
	if (xml_decl)
		strbuf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	canvas_svg_render_inline(c, id_prefix, NULL, 0, out);
}

void
canvas_svg_render_inline(const struct canvas *c, const char *id_prefix,
    const char *cls, int flags, struct strbuf *out)
{
	struct canvas_svg_out	o = { 0 };

	o.sb = out;
	o.cls = cls;
	o.flags = flags;
	canvas_svg_write(c, id_prefix, &o);
	strbuf_addc(out, '\n');
}
