/* SPDX-License-Identifier: ISC */
/*
 * The review page's bar charts as HTML. A bar's length, its whisker and
 * the gridlines are percentages of the plot, which the style sheet sizes
 * to the column: the longest bar spans most of the content width on a
 * desktop and of a phone alike, and text stays at its CSS size, wrapping
 * where it does not fit (nothing is ellipsized). The chart files and the
 * PDF keep the canvas drawing (chart-bar.c); the rows, texts and axis are
 * the same.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart-axis.h"
#include "chart-html.h"
#include "text-escape.h"
#include "xalloc.h"

#define CHART_HTML_WARN	"\xE2\x9A\xA0"	/* U+26A0 WARNING SIGN */

static double	 chart_html_pos(const struct chart_axis *, double);
static void	 chart_html_pct(struct strbuf *, const char *, double);
static void	 chart_html_range(double, double, struct chart_axis *);
static void	 chart_html_row(const struct chart_bar *,
		    const struct chart_bar_row *, const struct chart_axis *,
		    struct strbuf *);

/* Where v lies on the axis, in percent of the plot (0..100). */
static double
chart_html_pos(const struct chart_axis *ax, double v)
{
	double	p = (v - ax->lo) / (ax->hi - ax->lo) * 100;

	return p < 0 ? 0 : p > 100 ? 100 : p;
}

/*
 * The plot's range: from a 1-2-5 tick at or below the data (0 when the
 * data are positive) to the data's end itself, so that the longest bar
 * and its whisker span the whole plot; ticks are the 1-2-5 ones within.
 */
static void
chart_html_range(double lo, double hi, struct chart_axis *ax)
{
	chart_axis_nice(lo, hi, 4, 1, ax);
	if (hi > 0 && hi > ax->lo && isfinite(hi)) {
		ax->hi = hi;
		while (ax->nticks > 2 &&
		    chart_axis_tick(ax, ax->nticks - 1) > hi * (1 + 1e-12))
			ax->nticks--;
	}
}

/*
 * Append name, then p (0..100) to two decimals and "%": in whole
 * hundredths, as integers (printf's "%.2f" was a tenth of a large page).
 */
static void
chart_html_pct(struct strbuf *out, const char *name, double p)
{
	long	h = lround(p * 100);

	strbuf_printf(out, "%s%ld.%02ld%%", name, h / 100, h % 100);
}

/* One system: its name, its plot row, and the line under the bar. */
static void
chart_html_row(const struct chart_bar *b, const struct chart_bar_row *r,
    const struct chart_axis *ax, struct strbuf *out)
{
	double	 xz = chart_html_pos(ax, 0), xv, xa, xb, end;
	char	*se;

	strbuf_adds(out, "<div class=\"bn\">");
	text_escape_xml(out, r->label);
	strbuf_adds(out, "</div><div class=\"bp\">");
	if (r->has_value) {
		xv = chart_html_pos(ax, r->value);
		/* background first: the dark palette's rules match on it. */
		strbuf_printf(out, "<span class=\"bb\" style=\"background:"
		    "#%06x", (unsigned)(r->color & 0xFFFFFF));
		chart_html_pct(out, ";left:", fmin(xz, xv));
		chart_html_pct(out, ";width:", fabs(xv - xz));
		strbuf_adds(out, "\"></span>");
		end = fmax(xv, xz);
		if (b->show_se && r->has_se && r->se > 0 &&
		    isfinite(r->value - r->se) && isfinite(r->value + r->se)) {
			xa = chart_html_pos(ax, r->value - r->se);
			xb = chart_html_pos(ax, r->value + r->se);
			chart_html_pct(out, "<span class=\"bw\" style=\"left:", xa);
			chart_html_pct(out, ";width:", xb - xa);
			strbuf_adds(out, "\"></span>");
			end = fmax(end, xb);
		}
		chart_html_pct(out, "<b class=\"bv\" style=\"left:", end);
		strbuf_adds(out, "\">");
		text_escape_xml(out, r->value_text);
		strbuf_adds(out, "</b>");
	} else {
		chart_html_pct(out, "<i class=\"bm\" style=\"left:", xz);
		strbuf_adds(out, "\">no result</i>");
	}
	strbuf_adds(out, "</div><div class=\"bs\">");
	se = b->show_se ? chart_bar_se_text(r) : xstrdup("");
	if (b->show_se && r->has_value && r->n > 0 && r->n < 3)
		strbuf_adds(out, "<span class=\"bk\">" CHART_HTML_WARN "</span> ");
	text_escape_xml(out, se);
	if (r->note != NULL && *r->note != '\0') {
		if (*se != '\0')
			strbuf_adds(out, " \xC2\xB7 ");
		text_escape_xml(out, r->note);
	}
	free(se);
	strbuf_adds(out, "</div>\n");
}

void
chart_html_bar(const struct chart_bar *b, struct strbuf *out)
{
	struct chart_axis	 ax;
	double			 lo = 0, hi = 0, xa, xb;
	size_t			 i, len, reserve = 0;
	int			 any = 0, warn = 0, anyse = 0;
	char			*s;

	for (i = 0; i < b->nrows; i++) {
		const struct chart_bar_row	*r = &b->rows[i];

		if (!r->has_value)
			continue;
		xa = r->value - (b->show_se && r->has_se ? r->se : 0);
		xb = r->value + (b->show_se && r->has_se ? r->se : 0);
		if (!isfinite(xa) || !isfinite(xb))
			xa = xb = r->value;
		lo = any ? fmin(lo, xa) : xa;
		hi = any ? fmax(hi, xb) : xb;
		any = 1;
		len = strlen(r->value_text != NULL ? r->value_text : "");
		reserve = len > reserve ? len : reserve;
		warn |= b->show_se && r->n > 0 && r->n < 3;
		anyse |= b->show_se && r->has_se;
	}
	chart_html_range(lo, hi, &ax);
	/* --g: the gridlines' period in the plot; --r: room for the widest value. */
	strbuf_printf(out, "<div class=\"bc\" style=\"--g:%.3f%%;--r:%zuch\">\n",
	    ax.step / (ax.hi - ax.lo) * 100, reserve + 1);
	if (*b->head.unitline != '\0') {
		strbuf_adds(out, "<p class=\"bu\">");
		text_escape_xml(out, b->head.unitline);
		strbuf_adds(out, "</p>\n");
	}
	for (i = 0; i < b->nrows; i++)
		chart_html_row(b, &b->rows[i], &ax, out);
	strbuf_adds(out, "<div></div><div class=\"bx\">");
	for (i = 0; i < ax.nticks; i++) {
		double	v = chart_axis_tick(&ax, i);

		s = chart_axis_label(&ax, v);
		chart_html_pct(out, "<i style=\"left:", chart_html_pos(&ax, v));
		strbuf_adds(out, "\">");
		text_escape_xml(out, s);
		strbuf_adds(out, "</i>");
		free(s);
	}
	strbuf_adds(out, "</div>\n");
	if (b->legend != NULL) {
		strbuf_adds(out, "<p class=\"bl\">");
		text_escape_xml(out, b->legend);
		strbuf_adds(out, "</p>\n");
	} else if (anyse)
		strbuf_printf(out, "<p class=\"bl\"><span class=\"bw bwk\"></span>"
		    "Whiskers: \xC2\xB1" "1 standard error (SE) of the mean of N "
		    "runs.%s</p>\n", warn ? " " CHART_HTML_WARN " N < 3: too few "
		    "runs for a reliable SE." : "");
	strbuf_adds(out, "</div>\n");
}
