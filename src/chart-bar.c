/* SPDX-License-Identifier: ISC */
/*
 * The horizontal bar chart with standard-error whiskers. Layout is done
 * here with pango measurements (names wrap to two lines then ellipsize,
 * value labels get reserved room at the right), drawing goes to a canvas.
 * It does not decide colours or file names: chart.c does.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "canvas-text.h"
#include "chart-axis.h"
#include "chart-bar.h"
#include "chart-frame.h"
#include "chart-palette.h"
#include "strbuf.h"
#include "xalloc.h"

#define BAR_H		20.0	/* bar thickness */
#define BAR_SUB		14.0	/* room for the SE line under a bar */
#define BAR_GAP		8.0	/* between rows */
#define BAR_PAD		8.0	/* between the names and the plot, the bar end and its value */
#define BAR_CAP		8.0	/* whisker cap height */
#define BAR_WARN	"\xE2\x9A\xA0"	/* U+26A0 WARNING SIGN */

static int	 chart_bar_better(const struct chart_bar *,
		    const struct chart_bar_row *, const struct chart_bar_row *);
static double	 chart_bar_legend(struct canvas *, const struct chart_bar *,
		    double, int, int);
struct chart_bar_layout;
struct chart_bar_extent;
static void	 chart_bar_measure(const struct chart_bar *, double,
		    struct chart_bar_extent *);
static void	 chart_bar_row_draw(struct canvas *, const struct chart_bar *,
		    const struct chart_bar_row *, const struct chart_bar_layout *,
		    double, char *const *, size_t);
static size_t	 chart_bar_sub_lines(const struct chart_bar *,
		    const struct chart_bar_row *, double, double, double *,
		    struct str_list *);

int
chart_bar_from_test(const struct result_set *rs, size_t ti, bool sort,
    const char *source, struct chart_bar *b, struct diag *d)
{
	const struct test	*t;
	const struct value	*v;
	struct chart_bar_row	*r;
	size_t			 i, nvalues = 0;
	int			 dec;

	memset(b, 0, sizeof(*b));
	if (ti >= rs->ntests)
		return diag_set(d, "", 0, "no test %zu in this set", ti + 1);
	t = &rs->tests[ti];
	chart_frame_head_init(&b->head, rs, t, source);
	b->unit = xstrdup(t->unit != NULL ? t->unit : "");
	b->proportion = t->proportion;
	b->show_se = true;
	b->rows = xcalloc(rs->nsystems > 0 ? rs->nsystems : 1, sizeof(*b->rows));
	b->nrows = rs->nsystems;
	for (i = 0; i < rs->nsystems; i++) {
		r = &b->rows[i];
		r->label = xstrdup(rs->systems[i].identifier != NULL ?
		    rs->systems[i].identifier : "");
		r->color = chart_palette_rgb(i);
		v = test_find_value(t, i);
		if (v != NULL && v->note != NULL)
			r->note = xstrdup(v->note);
		if (v == NULL || !v->has_mean || !isfinite(v->mean)) {
			if (v != NULL && v->error != NULL) {
				free(r->note);
				r->note = xstrdup(v->error);
			}
			continue;
		}
		nvalues++;
		r->has_value = true;
		r->value = v->mean;
		dec = chart_axis_decimals(v->value_text);
		r->decimals = dec >= 0 ? dec : 2;
		r->value_text = chart_axis_fmt(v->mean, r->decimals);
		r->has_se = v->has_se && isfinite(v->se) && v->se >= 0;
		r->se = r->has_se ? v->se : 0;
		r->n = v->n;
	}
	if (sort)
		chart_bar_sort(b);
	if (nvalues == 0)
		return diag_set(d, "", 0, "test %zu (%s) has no value to chart",
		    ti + 1, b->head.title);
	return 0;
}

void
chart_bar_free(struct chart_bar *b)
{
	size_t	i;

	if (b == NULL)
		return;
	for (i = 0; i < b->nrows; i++) {
		free(b->rows[i].label);
		free(b->rows[i].value_text);
		free(b->rows[i].note);
	}
	free(b->rows);
	chart_frame_head_free(&b->head);
	free(b->unit);
	free(b->legend);
	memset(b, 0, sizeof(*b));
}

/* Is x strictly better than y? Missing values are worst. */
static int
chart_bar_better(const struct chart_bar *b, const struct chart_bar_row *x,
    const struct chart_bar_row *y)
{
	if (!x->has_value || !y->has_value)
		return x->has_value && !y->has_value;
	if (b->proportion == PROP_LIB)
		return x->value < y->value;
	return x->value > y->value;
}

void
chart_bar_sort(struct chart_bar *b)
{
	struct chart_bar_row	 tmp;
	size_t			 i, j;

	/* Insertion sort: stable, and rows are few (systems of one set). */
	for (i = 1; i < b->nrows; i++) {
		tmp = b->rows[i];
		for (j = i; j > 0 && chart_bar_better(b, &tmp, &b->rows[j - 1]);
		    j--)
			b->rows[j] = b->rows[j - 1];
		b->rows[j] = tmp;
	}
}

/*
 * "SE +/- 0.33, N = 3", "N = 1", "SE +/- 0.33" or "", the SE with the
 * digits chart_axis_se_decimals gives (0.161 +/- 0.002; 2.31 +/- 0.018).
 */
char *
chart_bar_se_text(const struct chart_bar_row *r)
{
	char	*se, *s;
	int	 dec;

	if (!r->has_value)
		return xstrdup("");
	if (!r->has_se)
		return r->n > 0 ? xasprintf("N = %ld", r->n) : xstrdup("");
	dec = chart_axis_se_decimals(r->se, r->decimals);
	se = chart_axis_fmt(r->se, dec);
	if (r->n > 0)
		s = xasprintf("SE +/- %s, N = %ld", se, r->n);
	else
		s = xasprintf("SE +/- %s", se);
	free(se);
	return s;
}

/* The legend under the axis; returns the y below it. */
static double
chart_bar_legend(struct canvas *c, const struct chart_bar *b, double y,
    int warn, int whiskers)
{
	const struct canvas_font	*f = chart_frame_font(CHART_FONT_SMALL);
	double				 x = CHART_MARGIN, cy, w;
	char				*txt;

	w = c->width - 2 * CHART_MARGIN;
	if (b->legend != NULL)
		return chart_frame_par(c, x, y, w, 6, b->legend,
		    CHART_FONT_SMALL, CHART_GREY, "legend");
	if (!b->show_se || !whiskers)
		return y;
	/* A small whisker drawn as the key of the text that follows it. */
	cy = y + canvas_text_ascent(f) - chart_frame_center(f);
	canvas_line(c, x, cy, x + 16, cy, CHART_INK, 1.2, "legend-key");
	canvas_line(c, x, cy - BAR_CAP / 2, x, cy + BAR_CAP / 2, CHART_INK,
	    1.2, "legend-key");
	canvas_line(c, x + 16, cy - BAR_CAP / 2, x + 16, cy + BAR_CAP / 2,
	    CHART_INK, 1.2, "legend-key");
	txt = xasprintf("Whiskers: \xC2\xB1" "1 standard error (SE) of the mean "
	    "of N runs.%s", warn ? " " BAR_WARN " N < 3: too few runs for "
	    "a reliable SE." : "");
	y = chart_frame_par(c, x + 22, y, w - 22, 3, txt, CHART_FONT_SMALL,
	    CHART_GREY, "legend");
	free(txt);
	return y;
}

/* The accessible description: every row in words. */
char *
chart_bar_desc(const struct chart_bar *b)
{
	struct strbuf	 sb;
	char		*se;
	size_t		 i;

	strbuf_init(&sb);
	strbuf_printf(&sb, "Horizontal bar chart%s%s.",
	    *b->head.unitline ? ", " : "", b->head.unitline);
	for (i = 0; i < b->nrows; i++) {
		const struct chart_bar_row	*r = &b->rows[i];

		strbuf_printf(&sb, " %s: ", r->label);
		if (!r->has_value) {
			strbuf_adds(&sb, "no result.");
			continue;
		}
		se = chart_bar_se_text(r);
		strbuf_printf(&sb, "%s%s%s%s%s%s.", r->value_text,
		    *b->unit ? " " : "", b->unit, *se ? " (" : "", se,
		    *se ? ")" : "");
		free(se);
	}
	return strbuf_detach(&sb);
}

/* Where chart_bar_draw put the plot, for each row's drawing. */
struct chart_bar_layout {
	double	width;
	double	x0;		/* left edge of the plot */
	double	xz;		/* x of zero */
	double	scale;		/* pixels per unit */
	double	pw;		/* plot width */
	double	lo;		/* the axis' low end */
	double	lh;		/* name line height */
	int	anysub;		/* a row has a line under its bar */
};

/*
 * The line under a row's bar (its SE and note) wrapped to the chart's
 * width from *sx (the x of zero, moved right past the N < 3 mark), into
 * lines; returns how many.
 */
static size_t
chart_bar_sub_lines(const struct chart_bar *b, const struct chart_bar_row *r,
    double width, double xz, double *sx, struct str_list *lines)
{
	const struct canvas_font	*fsm = chart_frame_font(CHART_FONT_SMALL);
	char				*se, *note, *line;
	size_t				 n = 0;

	*sx = xz;
	if (b->show_se && r->has_value && r->n > 0 && r->n < 3)
		*sx += canvas_text_width(fsm, BAR_WARN " ");
	se = b->show_se ? chart_bar_se_text(r) : xstrdup("");
	note = canvas_text_clean(r->note);
	line = xasprintf("%s%s%s", se, *se && *note ? "  \xC2\xB7  " : "",
	    note);
	if (*line != '\0')
		n = canvas_text_wrap(fsm, line, width - CHART_MARGIN - *sx, 40,
		    lines);
	free(line);
	free(note);
	free(se);
	return n;
}

/*
 * One row at y: its name (nl lines from names), bar, whisker, value or
 * "no result", and the line under it (the N < 3 mark, SE, note).
 */
static void
chart_bar_row_draw(struct canvas *c, const struct chart_bar *b,
    const struct chart_bar_row *r, const struct chart_bar_layout *L, double y,
    char *const *names, size_t nl)
{
	const struct canvas_font	*flab = chart_frame_font(CHART_FONT_LABEL);
	const struct canvas_font	*fval = chart_frame_font(CHART_FONT_VALUE);
	const struct canvas_font	*fsm = chart_frame_font(CHART_FONT_SMALL);
	const struct canvas_font	*fmis = chart_frame_font(CHART_FONT_MISSING);
	double				 cy = y + BAR_H / 2, sx = L->xz, xv, xa, xb;
	char				*se, *t, *s;
	size_t				 j;

	se = chart_bar_se_text(r);
	if (r->has_value)
		t = xasprintf("%s: %s%s%s%s%s%s", r->label, r->value_text,
		    *b->unit ? " " : "", b->unit, *se ? " (" : "", se,
		    *se ? ")" : "");
	else
		t = xasprintf("%s: no result", r->label);
	canvas_group(c, "row", t);
	free(t);
	for (j = 0; j < nl; j++)
		canvas_text(c, L->x0 - BAR_PAD, cy + chart_frame_center(flab) +
		    ((double)j - (nl - 1) / 2.0) * L->lh, names[j], flab,
		    CHART_INK, CANVAS_END, "label");
	if (r->has_value) {
		xv = L->x0 + (r->value - L->lo) * L->scale;
		/* A value past an end the axis had to clamp stops at that end. */
		xv = fmin(fmax(xv, L->x0), L->x0 + L->pw);
		canvas_rect(c, fmin(L->xz, xv), y, fabs(xv - L->xz), BAR_H,
		    r->color, "bar");
		xb = xv;
		if (b->show_se && r->has_se && r->se > 0 &&
		    isfinite(r->value - r->se) && isfinite(r->value + r->se)) {
			/* The axis covers mean +/- SE unless it was clamped. */
			xa = fmax(xv - r->se * L->scale, L->x0);
			xb = fmin(xv + r->se * L->scale, L->x0 + L->pw);
			canvas_line(c, xa, cy, xb, cy, CHART_INK, 1.2, "whisker");
			canvas_line(c, xa, cy - BAR_CAP / 2, xa, cy + BAR_CAP / 2,
			    CHART_INK, 1.2, "whisker-cap");
			canvas_line(c, xb, cy - BAR_CAP / 2, xb, cy + BAR_CAP / 2,
			    CHART_INK, 1.2, "whisker-cap");
		}
		/* Negative bars grow left: their label goes right of zero. */
		s = canvas_text_fit(fval, r->value_text, L->width * 0.25);
		canvas_text(c, fmax(fmax(xb, xv), L->xz) + BAR_PAD / 2 + 2,
		    cy + chart_frame_center(fval), s, fval, CHART_INK,
		    CANVAS_START, "value");
		free(s);
	} else
		canvas_text(c, L->xz + 4, cy + chart_frame_center(fmis),
		    "no result", fmis, CHART_GREY, CANVAS_START, "missing");
	if (L->anysub) {
		double		 by = y + BAR_H + canvas_text_ascent(fsm) + 1;
		struct str_list	 lines = { NULL, 0, 0 };
		size_t		 n;

		if (b->show_se && r->has_value && r->n > 0 && r->n < 3)
			canvas_text(c, sx, by, BAR_WARN, fsm, CHART_WARN,
			    CANVAS_START, "warn");
		/* Wrapped, never cut: a note's figures are figures too. */
		chart_bar_sub_lines(b, r, L->width, L->xz, &sx, &lines);
		for (n = 0; n < lines.len; n++)
			canvas_text(c, sx, by + (double)n *
			    canvas_text_line_height(fsm), lines.items[n], fsm,
			    CHART_GREY, CANVAS_START, "se");
		str_list_free(&lines);
	}
	free(se);
	canvas_group_end(c);
}

/*
 * What the rows need before anything is placed: the widest name and
 * value label, the data range with whiskers, and which extras appear
 * (a line under a bar, any SE, the N < 3 warning).
 */
struct chart_bar_extent {
	double	lwneed;		/* widest name */
	double	reserve;	/* room right of a bar for its value */
	double	lo, hi;		/* data range */
	int	warn, anysub, anyse;
};

static void
chart_bar_measure(const struct chart_bar *b, double width,
    struct chart_bar_extent *e)
{
	const struct canvas_font	*flab = chart_frame_font(CHART_FONT_LABEL);
	const struct canvas_font	*fval = chart_frame_font(CHART_FONT_VALUE);
	const struct canvas_font	*fmis = chart_frame_font(CHART_FONT_MISSING);
	double				 xa, xb;
	size_t				 i;
	int				 any = 0;
	char				*s;

	memset(e, 0, sizeof(*e));
	for (i = 0; i < b->nrows; i++) {
		const struct chart_bar_row	*r = &b->rows[i];

		s = canvas_text_clean(r->label);
		e->lwneed = fmax(e->lwneed, canvas_text_width(flab, s));
		free(s);
		if (!r->has_value)
			continue;
		s = canvas_text_fit(fval, r->value_text, width * 0.25);
		e->reserve = fmax(e->reserve, canvas_text_width(fval, s));
		free(s);
		xa = r->value - (b->show_se ? r->se : 0);
		xb = r->value + (b->show_se ? r->se : 0);
		if (!isfinite(xa) || !isfinite(xb))
			xa = xb = r->value;
		e->lo = any ? fmin(e->lo, xa) : xa;
		e->hi = any ? fmax(e->hi, xb) : xb;
		any = 1;
		if (r->n > 0 && r->n < 3 && b->show_se)
			e->warn = 1;
		if (b->show_se && (r->has_se || r->n > 0))
			e->anysub = 1;
		if (r->has_se)
			e->anyse = 1;
		if (r->note != NULL && *r->note != '\0')
			e->anysub = 1;
	}
	e->reserve = fmax(e->reserve, canvas_text_width(fmis, "no result"));
	e->reserve += BAR_PAD + 4;
}

struct canvas *
chart_bar_draw(const struct chart_bar *b, double width)
{
	const struct canvas_font	*flab = chart_frame_font(CHART_FONT_LABEL);
	const struct canvas_font	*fsm = chart_frame_font(CHART_FONT_SMALL);
	struct canvas			*c;
	struct chart_axis		 ax;
	struct chart_bar_extent		 e;
	struct str_list			 names = { 0 };
	size_t				*nlines, i, k;
	double				 y, lw, x0, pw, rowh, top, scale, xz, gy;
	double				*rowhs;
	char				*s, *title;
	struct chart_bar_layout		 L;

	c = canvas_new(width);
	title = chart_frame_head_name(&b->head);
	s = chart_bar_desc(b);
	canvas_describe(c, title, s);
	free(s);
	free(title);

	y = chart_frame_header(c, CHART_MARGIN, &b->head);
	y += 12;

	/* The name column, the plot and its axis. */
	chart_bar_measure(b, width, &e);
	lw = fmin(e.lwneed, width * 0.3);
	pw = width - 2 * CHART_MARGIN - lw - BAR_PAD - e.reserve;
	if (pw < width * 0.3) {
		/* Narrow charts: names give way to the plot. */
		lw = fmax(40, width - 2 * CHART_MARGIN - BAR_PAD - e.reserve -
		    width * 0.3);
		pw = width - 2 * CHART_MARGIN - lw - BAR_PAD - e.reserve;
	}
	x0 = CHART_MARGIN + lw + BAR_PAD;
	chart_frame_axis(e.lo, e.hi, 1, pw, CHART_FONT_SMALL, &ax);
	scale = pw / (ax.hi - ax.lo);
	xz = x0 + (0 - ax.lo) * scale;

	/* Names: up to two lines each within the column. */
	nlines = xcalloc(b->nrows > 0 ? b->nrows : 1, sizeof(*nlines));
	for (i = 0; i < b->nrows; i++) {
		s = canvas_text_clean(b->rows[i].label);
		nlines[i] = canvas_text_wrap(flab, s, lw, 2, &names);
		free(s);
	}
	rowh = BAR_H + (e.anysub ? BAR_SUB : 0) + BAR_GAP;
	top = y;
	/* A row is taller by the lines its wrapped SE line and note take. */
	rowhs = xcalloc(b->nrows > 0 ? b->nrows : 1, sizeof(*rowhs));
	for (i = 0; i < b->nrows; i++) {
		struct str_list	 sub = { NULL, 0, 0 };
		double		 sx;
		size_t		 ns = e.anysub ? chart_bar_sub_lines(b, &b->rows[i],
				    width, xz, &sx, &sub) : 0;

		rowhs[i] = rowh + (ns > 1 ? (double)(ns - 1) *
		    canvas_text_line_height(fsm) : 0);
		str_list_free(&sub);
	}

	/*
	 * Grid first, so bars and text sit on top of it; beside the bars
	 * only, clear of the SE lines under them.
	 */
	for (i = 0, gy = top; i < b->nrows; gy += rowhs[i], i++)
		for (k = 0; k < ax.nticks; k++) {
			double	tx = x0 + (chart_axis_tick(&ax, k) - ax.lo) * scale;

			canvas_line(c, tx, gy - (i == 0 ? 4 : BAR_GAP / 2), tx,
			    gy + BAR_H + 2, CHART_GRID, 1, "grid");
		}

	memset(&L, 0, sizeof(L));
	L.width = width;
	L.x0 = x0;
	L.xz = xz;
	L.scale = scale;
	L.pw = pw;
	L.lo = ax.lo;
	L.lh = canvas_text_line_height(flab);
	L.anysub = e.anysub;
	for (i = 0, k = 0; i < b->nrows; i++) {
		chart_bar_row_draw(c, b, &b->rows[i], &L, y, names.items + k,
		    nlines[i]);
		k += nlines[i];
		y += rowhs[i];
	}
	/* The zero line, then the tick labels under the plot. */
	canvas_line(c, xz, top - 4, xz, y - BAR_GAP / 2, CHART_AXIS, 1, "axis");
	y += canvas_text_ascent(fsm);
	for (i = 0; i < ax.nticks; i++) {
		double	 v = chart_axis_tick(&ax, i);

		s = chart_axis_label(&ax, v);
		canvas_text(c, x0 + (v - ax.lo) * scale, y, s, fsm, CHART_GREY,
		    CANVAS_MIDDLE, "tick");
		free(s);
	}
	y += canvas_text_line_height(fsm) - canvas_text_ascent(fsm) + 8;
	y = chart_bar_legend(c, b, y, e.warn, e.anyse);
	y += 6;
	y = chart_frame_footer(c, y, &b->head);
	c->height = ceil(y + CHART_MARGIN);
	str_list_free(&names);
	free(nlines);
	free(rowhs);
	return c;
}
