/* SPDX-License-Identifier: ISC */
/*
 * Geometric mean of relative performance per system, as bar-chart rows.
 * Relative to the set's first system, which is the baseline (= 1). Does
 * no drawing (chart-bar does) and no statistics beyond the mean of logs.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "canvas-text.h"
#include "chart-axis.h"
#include "chart-overview.h"
#include "chart-palette.h"
#include "xalloc.h"

static bool	chart_overview_usable(const struct result_set *,
		    const struct test *);

/* A test every system has a positive, finite mean for, with a direction. */
static bool
chart_overview_usable(const struct result_set *rs, const struct test *t)
{
	const struct value	*v;
	size_t			 i;

	if (t->display != DISPLAY_BAR ||
	    (t->proportion != PROP_HIB && t->proportion != PROP_LIB))
		return false;
	for (i = 0; i < rs->nsystems; i++) {
		v = test_find_value(t, i);
		if (v == NULL || !v->has_mean || !isfinite(v->mean) ||
		    v->mean <= 0)
			return false;
	}
	return true;
}

size_t
chart_overview_ntests(const struct result_set *rs)
{
	size_t	i, n = 0;

	if (rs->nsystems < 2)
		return 0;
	for (i = 0; i < rs->ntests; i++)
		if (chart_overview_usable(rs, &rs->tests[i]))
			n++;
	return n;
}

int
chart_overview_build(const struct result_set *rs, bool sort,
    const char *source, struct chart_bar *b, struct diag *d)
{
	const struct test	*t;
	double			*logsum = NULL, base, rel;
	size_t			 i, j, used = 0;
	char			*s0;

	memset(b, 0, sizeof(*b));
	if (chart_overview_ntests(rs) == 0)
		return diag_set(d, "", 0, "no overview: it needs two systems "
		    "and a test with a direction that every system has");
	logsum = xcalloc(rs->nsystems, sizeof(*logsum));
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		if (!chart_overview_usable(rs, t))
			continue;
		used++;
		base = test_find_value(t, 0)->mean;
		for (j = 0; j < rs->nsystems; j++) {
			rel = test_find_value(t, j)->mean / base;
			if (t->proportion == PROP_LIB)
				rel = 1 / rel;
			logsum[j] += log(rel);
		}
	}
	s0 = canvas_text_clean(rs->systems[0].identifier);
	chart_frame_head_init(&b->head, rs, NULL, source);
	free(b->head.title);
	free(b->head.subtitle);
	free(b->head.unitline);
	b->head.title = xstrdup("Overview: relative performance");
	b->head.subtitle = xstrdup(rs->title != NULL ? rs->title : "");
	b->head.unitline = xasprintf("Geometric mean, %s = 1, More Is Better",
	    s0);
	b->unit = xstrdup("");
	b->proportion = PROP_HIB;
	b->show_se = false;
	b->legend = xasprintf("Each bar is the geometric mean, over %zu of the "
	    "%zu tests, of the system's result divided by %s's; lower-is-better "
	    "results are inverted first. Only tests that every system "
	    "completed are counted.", used, rs->ntests, s0);
	b->rows = xcalloc(rs->nsystems, sizeof(*b->rows));
	b->nrows = rs->nsystems;
	for (j = 0; j < rs->nsystems; j++) {
		b->rows[j].label = xstrdup(rs->systems[j].identifier != NULL ?
		    rs->systems[j].identifier : "");
		b->rows[j].color = chart_palette_rgb(j);
		b->rows[j].has_value = true;
		b->rows[j].value = exp(logsum[j] / used);
		b->rows[j].value_text = chart_axis_fmt(b->rows[j].value, 3);
	}
	if (sort)
		chart_bar_sort(b);
	free(s0);
	free(logsum);
	return 0;
}
