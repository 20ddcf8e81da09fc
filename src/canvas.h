/* SPDX-License-Identifier: ISC */
/*
 * The drawing surface charts draw on: a display list of rectangles, lines,
 * polylines, single-line texts, groups and clips in CSS pixels (y down).
 * A chart draws once into a canvas; a backend (canvas-svg, canvas-cairo)
 * then replays the list as SVG, PNG or PDF, so every format shows the same
 * picture. Text is laid out beforehand with canvas-text (pango), so a text
 * op is one line already measured to fit.
 * Ownership: canvas_new allocates, canvas_free releases (NULL is fine);
 * every string passed to an op is copied.
 */
#ifndef BENCHREPORT_CANVAS_H
#define BENCHREPORT_CANVAS_H

#include <stddef.h>
#include <stdint.h>

enum canvas_anchor {
	CANVAS_START = 0,
	CANVAS_MIDDLE,
	CANVAS_END
};

struct canvas_font {
	double	size;		/* pixels */
	int	bold;
	int	italic;
};

enum canvas_op_kind {
	CANVAS_OP_RECT,
	CANVAS_OP_LINE,
	CANVAS_OP_POLYLINE,
	CANVAS_OP_TEXT,
	CANVAS_OP_GROUP,
	CANVAS_OP_GROUP_END,
	CANVAS_OP_CLIP,
	CANVAS_OP_CLIP_END
};

struct canvas_op {
	enum canvas_op_kind	 kind;
	double			 x, y, w, h;	/* rect, clip; line: x,y -> w,h as x2,y2; text: x, baseline */
	uint32_t		 color;		/* 0xRRGGBB: fill (rect, text), stroke (lines) */
	double			 stroke;	/* line width */
	double			*pts;		/* polyline: x0 y0 x1 y1 ... */
	size_t			 npts;		/* points (pairs) */
	char			*text;		/* text, or the group's title */
	char			*cls;		/* class name (SVG), may be NULL */
	struct canvas_font	 font;
	enum canvas_anchor	 anchor;
};

struct canvas {
	double			 width, height;
	char			*title;		/* accessible name */
	char			*desc;		/* accessible description */
	struct canvas_op	*ops;
	size_t			 nops;
	size_t			 cap;
};

/* A new, empty canvas of this width; height is set when drawing ends. */
struct canvas *canvas_new(double width);
void	 canvas_free(struct canvas *c);
/* Set the accessible title and description (copied). */
void	 canvas_describe(struct canvas *c, const char *title, const char *desc);

void	 canvas_rect(struct canvas *c, double x, double y, double w, double h,
	    uint32_t fill, const char *cls);
void	 canvas_line(struct canvas *c, double x1, double y1, double x2,
	    double y2, uint32_t color, double width, const char *cls);
/* xy holds n points as x,y pairs. */
void	 canvas_polyline(struct canvas *c, const double *xy, size_t n,
	    uint32_t color, double width, const char *cls);
/* One line of text with its baseline at y, anchored at x. */
void	 canvas_text(struct canvas *c, double x, double y, const char *s,
	    const struct canvas_font *f, uint32_t color, enum canvas_anchor a,
	    const char *cls);
/* Open a group (class cls, tooltip/accessible title, both may be NULL); close with canvas_group_end. */
void	 canvas_group(struct canvas *c, const char *cls, const char *title);
void	 canvas_group_end(struct canvas *c);
/* Clip what follows to a rectangle until canvas_clip_end. */
void	 canvas_clip(struct canvas *c, double x, double y, double w, double h);
void	 canvas_clip_end(struct canvas *c);

#endif
