/* SPDX-License-Identifier: ISC */
/*
 * The chart display list: records drawing operations in order, copying
 * their strings. It does no measuring and no output: canvas-text measures,
 * canvas-svg and canvas-cairo replay the list.
 */
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "xalloc.h"

static struct canvas_op	*canvas_push(struct canvas *, enum canvas_op_kind);

struct canvas *
canvas_new(double width)
{
	struct canvas	*c;

	c = xcalloc(1, sizeof(*c));
	c->width = width;
	return c;
}

void
canvas_free(struct canvas *c)
{
	size_t	i;

	if (c == NULL)
		return;
	for (i = 0; i < c->nops; i++) {
		free(c->ops[i].pts);
		free(c->ops[i].text);
		free(c->ops[i].cls);
	}
	free(c->ops);
	free(c->title);
	free(c->desc);
	free(c);
}

void
canvas_describe(struct canvas *c, const char *title, const char *desc)
{
	free(c->title);
	free(c->desc);
	c->title = title != NULL ? xstrdup(title) : NULL;
	c->desc = desc != NULL ? xstrdup(desc) : NULL;
}

static struct canvas_op *
canvas_push(struct canvas *c, enum canvas_op_kind kind)
{
	struct canvas_op	*op;

	xgrow(&c->ops, &c->cap, c->nops + 1, sizeof(*c->ops));
	op = &c->ops[c->nops++];
	memset(op, 0, sizeof(*op));
	op->kind = kind;
	return op;
}

void
canvas_rect(struct canvas *c, double x, double y, double w, double h,
    uint32_t fill, const char *cls)
{
	struct canvas_op	*op = canvas_push(c, CANVAS_OP_RECT);

	op->x = x;
	op->y = y;
	op->w = w;
	op->h = h;
	op->color = fill;
	op->cls = cls != NULL ? xstrdup(cls) : NULL;
}

void
canvas_line(struct canvas *c, double x1, double y1, double x2, double y2,
    uint32_t color, double width, const char *cls)
{
	struct canvas_op	*op = canvas_push(c, CANVAS_OP_LINE);

	op->x = x1;
	op->y = y1;
	op->w = x2;
	op->h = y2;
	op->color = color;
	op->stroke = width;
	op->cls = cls != NULL ? xstrdup(cls) : NULL;
}

void
canvas_polyline(struct canvas *c, const double *xy, size_t n, uint32_t color,
    double width, const char *cls)
{
	struct canvas_op	*op = canvas_push(c, CANVAS_OP_POLYLINE);

	op->npts = n;
	op->pts = xreallocarray(NULL, n > 0 ? 2 * n : 1, sizeof(double));
	if (n > 0)
		memcpy(op->pts, xy, 2 * n * sizeof(double));
	op->color = color;
	op->stroke = width;
	op->cls = cls != NULL ? xstrdup(cls) : NULL;
}

void
canvas_text(struct canvas *c, double x, double y, const char *s,
    const struct canvas_font *f, uint32_t color, enum canvas_anchor a,
    const char *cls)
{
	struct canvas_op	*op = canvas_push(c, CANVAS_OP_TEXT);

	op->x = x;
	op->y = y;
	op->text = xstrdup(s != NULL ? s : "");
	op->font = *f;
	op->color = color;
	op->anchor = a;
	op->cls = cls != NULL ? xstrdup(cls) : NULL;
}

void
canvas_group(struct canvas *c, const char *cls, const char *title)
{
	struct canvas_op	*op = canvas_push(c, CANVAS_OP_GROUP);

	op->cls = cls != NULL ? xstrdup(cls) : NULL;
	op->text = title != NULL ? xstrdup(title) : NULL;
}

void
canvas_group_end(struct canvas *c)
{
	canvas_push(c, CANVAS_OP_GROUP_END);
}

void
canvas_clip(struct canvas *c, double x, double y, double w, double h)
{
	struct canvas_op	*op = canvas_push(c, CANVAS_OP_CLIP);

	op->x = x;
	op->y = y;
	op->w = w;
	op->h = h;
}

void
canvas_clip_end(struct canvas *c)
{
	canvas_push(c, CANVAS_OP_CLIP_END);
}
