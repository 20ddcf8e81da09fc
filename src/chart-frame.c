/* SPDX-License-Identifier: ISC */
/*
 * Header and footer of every chart: title, arguments, unit and direction
 * on top; footnotes and the provenance line below. The plot in between is
 * chart-bar's or chart-line's business.
 */
#include <stdlib.h>
#include <string.h>

#include "canvas-text.h"
#include "chart-frame.h"
#include "version.h"
#include "xalloc.h"

static const struct canvas_font chart_frame_fonts[] = {
	[CHART_FONT_TITLE] =	{ 17.0, 1, 0 },
	[CHART_FONT_SUBTITLE] =	{ 12.5, 0, 0 },
	[CHART_FONT_UNIT] =	{ 12.0, 0, 0 },
	[CHART_FONT_LABEL] =	{ 12.5, 0, 0 },
	[CHART_FONT_VALUE] =	{ 12.0, 1, 0 },
	[CHART_FONT_SMALL] =	{ 10.5, 0, 0 },
	[CHART_FONT_NOTE] =	{ 10.0, 0, 0 },
	[CHART_FONT_MISSING] =	{ 12.0, 0, 1 },
};

const struct canvas_font *
chart_frame_font(enum chart_font_role role)
{
	return &chart_frame_fonts[role];
}

double
chart_frame_center(const struct canvas_font *f)
{
	/* Half the cap height of DejaVu Sans, about 0.73 em. */
	return f->size * 0.365;
}

char *
chart_frame_direction(const char *unit, enum proportion p)
{
	const char	*dir = NULL;
	char		*u, *r;

	switch (p) {
	case PROP_HIB:
		dir = "More Is Better";
		break;
	case PROP_LIB:
		dir = "Fewer Is Better";
		break;
	case PROP_ABSTRACT:
		dir = "Informative Only";
		break;
	case PROP_NONE:
		break;
	}
	u = canvas_text_clean(unit);
	if (*u != '\0' && dir != NULL)
		r = xasprintf("%s, %s", u, dir);
	else
		r = xstrdup(*u != '\0' ? u : dir != NULL ? dir : "");
	free(u);
	return r;
}

double
chart_frame_par(struct canvas *c, double x, double y, double maxw,
    size_t maxlines, const char *text, enum chart_font_role role,
    uint32_t color, const char *cls)
{
	const struct canvas_font	*f = chart_frame_font(role);
	struct str_list			 lines = { 0 };
	char				*clean;
	double				 asc, lh;
	size_t				 i;

	clean = canvas_text_clean(text);
	canvas_text_wrap(f, clean, maxw, maxlines, &lines);
	asc = canvas_text_ascent(f);
	lh = canvas_text_line_height(f);
	for (i = 0; i < lines.len; i++) {
		canvas_text(c, x, y + asc, lines.items[i], f, color,
		    CANVAS_START, cls);
		y += lh;
	}
	str_list_free(&lines);
	free(clean);
	return y;
}

void
chart_frame_head_init(struct chart_head *h, const struct result_set *rs,
    const struct test *t, const char *source)
{
	const char	*title;
	size_t		 i;

	memset(h, 0, sizeof(*h));
	h->source = xstrdup(source != NULL ? source : "");
	h->generator = xstrdup(rs->generator != NULL ? rs->generator : "");
	if (t == NULL) {
		h->title = xstrdup("");
		h->subtitle = xstrdup("");
		h->unitline = xstrdup("");
		return;
	}
	title = t->title != NULL && *t->title != '\0' ? t->title :
	    t->identifier != NULL ? t->identifier : "";
	if (t->app_version != NULL && *t->app_version != '\0')
		h->title = xasprintf("%s %s", title, t->app_version);
	else
		h->title = xstrdup(title);
	h->subtitle = xstrdup(t->description != NULL && *t->description != '\0'
	    ? t->description : t->arguments != NULL ? t->arguments : "");
	h->unitline = chart_frame_direction(t->unit, t->proportion);
	for (i = 0; i < t->footnotes.len; i++)
		str_list_add(&h->footnotes, t->footnotes.items[i]);
}

void
chart_frame_head_free(struct chart_head *h)
{
	if (h == NULL)
		return;
	free(h->title);
	free(h->subtitle);
	free(h->unitline);
	free(h->source);
	free(h->generator);
	str_list_free(&h->footnotes);
	memset(h, 0, sizeof(*h));
}

char *
chart_frame_head_name(const struct chart_head *h)
{
	if (h->subtitle != NULL && *h->subtitle != '\0')
		return xasprintf("%s: %s", h->title, h->subtitle);
	return xstrdup(h->title != NULL ? h->title : "");
}

double
chart_frame_header(struct canvas *c, double y, const struct chart_head *h)
{
	double	w = c->width - 2 * CHART_MARGIN;

	/* A bare chart keeps its unit line: the axis needs it. */
	if (!h->bare) {
		y = chart_frame_par(c, CHART_MARGIN, y, w, 2, h->title,
		    CHART_FONT_TITLE, CHART_INK, "title");
		if (h->subtitle != NULL && *h->subtitle != '\0')
			y = chart_frame_par(c, CHART_MARGIN, y + 2, w, 3,
			    h->subtitle, CHART_FONT_SUBTITLE, CHART_INK,
			    "subtitle");
		y += 2;
	} else
		y -= CHART_MARGIN / 2;
	if (h->unitline != NULL && *h->unitline != '\0')
		y = chart_frame_par(c, CHART_MARGIN, y, w, 2, h->unitline,
		    CHART_FONT_UNIT, CHART_GREY, "unit");
	return y;
}

double
chart_frame_footer(struct canvas *c, double y, const struct chart_head *h)
{
	double	 w = c->width - 2 * CHART_MARGIN;
	char	*line, *src, *gen, *tmp;
	size_t	 i;

	if (h->bare)
		return y;
	for (i = 0; i < h->footnotes.len; i++) {
		line = xasprintf("%zu. %s", i + 1, h->footnotes.items[i]);
		y = chart_frame_par(c, CHART_MARGIN, y, w, 4, line,
		    CHART_FONT_NOTE, CHART_GREY, "footnote");
		free(line);
	}
	y += 6;
	canvas_line(c, CHART_MARGIN, y, c->width - CHART_MARGIN, y,
	    CHART_GRID, 1, NULL);
	y += 4;
	src = canvas_text_clean(h->source);
	gen = canvas_text_clean(h->generator);
	line = xasprintf("benchreport %s", BENCHREPORT_VERSION);
	if (*gen != '\0') {
		tmp = xasprintf("Results: %s \xC2\xB7 Chart: %s", gen, line);
		free(line);
		line = tmp;
	}
	if (*src != '\0') {
		tmp = xasprintf("Source: %s \xC2\xB7 %s", src, line);
		free(line);
		line = tmp;
	}
	y = chart_frame_par(c, CHART_MARGIN, y, w, 3, line, CHART_FONT_NOTE,
	    CHART_GREY, "provenance");
	free(line);
	free(src);
	free(gen);
	return y;
}

void
chart_frame_axis(double lo, double hi, int include_zero, double length,
    enum chart_font_role role, struct chart_axis *a)
{
	const struct canvas_font	*f = chart_frame_font(role);
	double				 w, widest;
	size_t				 i;
	int				 target;
	char				*s;

	for (target = 6; target >= 1; target--) {
		chart_axis_nice(lo, hi, target, include_zero, a);
		widest = 0;
		for (i = 0; i < a->nticks; i++) {
			s = chart_axis_label(a, chart_axis_tick(a, i));
			w = canvas_text_width(f, s);
			widest = w > widest ? w : widest;
			free(s);
		}
		/* Labels are centred on their ticks: one label's room each, plus a gap. */
		if (a->nticks < 2 || (widest + 12) * (a->nticks - 1) <= length)
			return;
	}
}
