/* SPDX-License-Identifier: ISC */
/*
 * HTML rendering of a diff: a <section> (table, summary, unmatched tests,
 * hidden dimensions and an inline SVG chart of % change with confidence
 * whiskers) that the review page can embed, and a standalone page around
 * it. Everything from a result set is neutralised and markup-escaped.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "diff.h"
#include "text-safe.h"
#include "xalloc.h"

#define DIFF_HTML_W		900	/* chart width, px */
#define DIFF_HTML_LABEL		420	/* width of the label column, px */
#define DIFF_HTML_ROW		22	/* height of a one-line chart row, px */
#define DIFF_HTML_LINE		14	/* each further line of a label, px */
#define DIFF_HTML_LABEL_CHARS	64	/* longer labels wrap */

static void	 diff_html_text(struct strbuf *sb, const char *s);
static void	 diff_html_value(struct strbuf *sb, const struct value *v);
static void	 diff_html_list(struct strbuf *sb, const char *heading,
		    const struct result_set *rs, const size_t *idx, size_t n,
		    bool tests);
static char	*diff_html_pair(const struct diff *df, size_t pair);
static const char *diff_html_color(enum diff_verdict v);
static void	 diff_html_side(struct strbuf *sb, const char *side,
		    const char *label, const struct result_set *rs);
static void	 diff_html_head(struct strbuf *sb, const struct diff *df,
		    const char *label_a, const struct result_set *a,
		    const char *label_b, const struct result_set *b);
static void	 diff_html_summary(const struct diff *df, struct strbuf *sb);
static void	 diff_html_pair_prefix(const struct diff *df, size_t pair,
		    struct strbuf *sb);
static void	 diff_html_fact(struct strbuf *sb, const struct diff_fact *f,
		    const char *open, const char *close);
static void	 diff_html_facts(const struct diff *df, struct strbuf *sb);
static int	 diff_html_dir(const struct diff *df, const struct diff_row *r);
static double	 diff_html_scale(const struct diff *df);
static void	 diff_html_span(struct strbuf *sb, const char *cls, double lo,
		    double hi, double scale);
static void	 diff_html_bar(const struct diff *df, const struct diff_row *r,
		    double scale, struct strbuf *sb);
static void	 diff_html_bars(const struct diff *df, struct strbuf *sb);
static void	 diff_html_row(const struct diff *df, const struct diff_row *r,
		    struct strbuf *sb);
static GPtrArray *diff_html_wrap(const char *label, long width);
static double	 diff_html_svg_row(const struct diff *df,
		    const struct diff_row *r, double y, double scale,
		    struct strbuf *sb);

/*
 * Append s neutralised (control characters as visible escapes), made valid
 * UTF-8 (bad bytes become U+FFFD) and escaped for element content and
 * attribute values.
 */
static void
diff_html_text(struct strbuf *sb, const char *s)
{
	char	*safe, *valid, *esc;

	safe = text_safe_dup(s);
	valid = g_utf8_make_valid(safe, -1);
	esc = g_markup_escape_text(valid, -1);
	strbuf_adds(sb, esc);
	g_free(esc);
	g_free(valid);
	free(safe);
}

static char *
diff_html_pair(const struct diff *df, size_t pair)
{
	const char	*ia = df->a->systems[df->pairs[pair].a].identifier;
	const char	*ib = df->b->systems[df->pairs[pair].b].identifier;

	return strcmp(ia, ib) == 0 ? xstrdup(ia) : xasprintf("%s \u2192 %s", ia, ib);
}

static const char *
diff_html_color(enum diff_verdict v)
{
	switch (v) {
	case DIFF_BETTER:
		return "#1b7a2e";
	case DIFF_WORSE:
		return "#b3261e";
	case DIFF_CHANGED:
		return "#9a6b00";
	default:
		return "#777777";
	}
}

static void
diff_html_value(struct strbuf *sb, const struct value *v)
{
	char	m[32], se[32];

	strbuf_adds(sb, "<td class=\"num\">");
	if (v == NULL || !v->has_mean) {
		strbuf_adds(sb, v != NULL && v->error != NULL ? "failed" : "\u2013");
	} else {
		diff_format_value(v, m, sizeof(m));
		strbuf_adds(sb, m);
		if (v->has_se && v->n >= 2) {
			diff_format_se(v->se, se, sizeof(se));
			strbuf_printf(sb, " \u00b1 %s", se);
		}
		if (v->n > 0)
			strbuf_printf(sb, " <small>n=%ld</small>", v->n);
	}
	strbuf_adds(sb, "</td>");
}

/*
 * label cut into lines of at most width characters, at spaces where it
 * can be (a longer word is broken): a GPtrArray of g_free strings.
 */
static GPtrArray *
diff_html_wrap(const char *label, long width)
{
	GPtrArray	*lines = g_ptr_array_new_with_free_func(g_free);
	GString		*line = g_string_new(NULL);
	char		**words, *w;
	long		 n, ln = 0;
	size_t		 i;

	words = g_strsplit(label, " ", -1);
	for (i = 0; words[i] != NULL; i++) {
		w = words[i];
		n = g_utf8_strlen(w, -1);
		if (ln > 0 && ln + 1 + n > width) {
			g_ptr_array_add(lines, g_string_free(line, FALSE));
			line = g_string_new(NULL);
			ln = 0;
		}
		while (n > width) {
			g_ptr_array_add(lines, g_utf8_substring(w, 0, width));
			w = g_utf8_offset_to_pointer(w, width);
			n -= width;
		}
		if (ln > 0) {
			g_string_append_c(line, ' ');
			ln++;
		}
		g_string_append(line, w);
		ln += n;
	}
	if (ln > 0 || lines->len == 0)
		g_ptr_array_add(lines, g_string_free(line, FALSE));
	else
		g_string_free(line, TRUE);
	g_strfreev(words);
	return lines;
}

/*
 * One value's row of the chart at y; returns its height. The bar runs
 * from zero towards better (right) or worse (left) in the test's
 * direction, the whisker is the confidence interval the same way round,
 * and the signed % change and the verdict are written at the right.
 */
static double
diff_html_svg_row(const struct diff *df, const struct diff_row *r, double y,
    double scale, struct strbuf *sb)
{
	double		 plot = (DIFF_HTML_W - DIFF_HTML_LABEL - 150) / 2.0;
	double		 zero = DIFF_HTML_LABEL + 10 + plot, g, lo, hi, h, mid;
	int		 dir = diff_html_dir(df, r);
	const char	*col = diff_html_color(r->verdict);
	GPtrArray	*lines;
	char		*label, ch1[48], ch2[48];
	size_t		 i;

	diff_format_change(r, 1, ch1, sizeof(ch1));
	diff_format_change(r, 2, ch2, sizeof(ch2));
	label = diff_test_label(&df->a->tests[r->test_a]);
	lines = diff_html_wrap(label, DIFF_HTML_LABEL_CHARS);
	h = lines->len * DIFF_HTML_LINE + (DIFF_HTML_ROW - DIFF_HTML_LINE);
	mid = y + h / 2;
	strbuf_printf(sb, "<g class=\"%s\"><title>", diff_verdict_key(r->verdict));
	diff_html_text(sb, label);
	strbuf_printf(sb, ": %s, %s</title>\n<text x=\"%d\" y=\"%.1f\" "
	    "text-anchor=\"end\">", ch2, diff_verdict_name(r->verdict),
	    DIFF_HTML_LABEL, y + 15);
	for (i = 0; i < lines->len; i++) {
		strbuf_printf(sb, "<tspan x=\"%d\" dy=\"%d\">", DIFF_HTML_LABEL,
		    i == 0 ? 0 : DIFF_HTML_LINE);
		diff_html_text(sb, g_ptr_array_index(lines, i));
		strbuf_adds(sb, "</tspan>");
	}
	g = dir != 0 ? r->pct * dir : r->pct;
	strbuf_printf(sb, "</text><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"12\" fill=\"%s\" fill-opacity=\"%s\"/>",
	    zero + fmin(0.0, g) / scale * plot, mid - 6, fabs(g) / scale * plot,
	    col, r->verdict == DIFF_SAME ? "0.3" : "0.75");
	if (r->has_ci) {
		lo = zero + (dir < 0 ? -r->ci_hi_pct : r->ci_lo_pct) / scale * plot;
		hi = zero + (dir < 0 ? -r->ci_lo_pct : r->ci_hi_pct) / scale * plot;
		strbuf_printf(sb, "<path d=\"M%.1f %.1f v8 M%.1f %.1f H%.1f "
		    "M%.1f %.1f v8\" stroke=\"#000\" fill=\"none\"/>",
		    lo, mid - 4, lo, mid, hi, hi, mid - 4);
	}
	strbuf_printf(sb, "<text x=\"%d\" y=\"%.1f\" fill=\"%s\">%s%s%s</text>"
	    "</g>\n", DIFF_HTML_W - 135, mid + 4, col, ch1,
	    r->verdict == DIFF_SAME ? " ~" : ", ",
	    r->verdict == DIFF_SAME ? "" : diff_verdict_key(r->verdict));
	g_ptr_array_free(lines, TRUE);
	free(label);
	return h;
}

/*
 * The diff chart: per compared pair (named once, above its rows), one row
 * per value with a % change, drawn as better or worse (see
 * diff_html_svg_row), over an axis that says which side is better.
 */
size_t
diff_html_svg(const struct diff *df, struct strbuf *sb)
{
	struct strbuf	 body;
	double		 scale = diff_html_scale(df), y = 0;
	double		 plot = (DIFF_HTML_W - DIFF_HTML_LABEL - 150) / 2.0;
	double		 zero = DIFF_HTML_LABEL + 10 + plot;
	size_t		 p, i, nrows = 0, nfloor = 0;
	char		*pair, *notice = NULL;

	strbuf_init(&body);
	for (p = 0; p < df->npairs; p++) {
		pair = diff_html_pair(df, p);
		y += DIFF_HTML_LINE + 4;
		strbuf_printf(&body, "<text x=\"10\" y=\"%.1f\" font-weight=\"bold\">",
		    y);
		diff_html_text(&body, pair);
		strbuf_adds(&body, "</text>\n");
		y += 6;
		free(pair);
		for (i = 0; i < df->nrows; i++)
			if (df->rows[i].pair == p && df->rows[i].has_pct) {
				y += diff_html_svg_row(df, &df->rows[i], y, scale,
				    &body);
				nrows++;
			}
	}
	if (nrows == 0) {
		strbuf_printf(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		    "width=\"%d\" height=\"30\" font-family=\"sans-serif\" "
		    "font-size=\"12\"><text x=\"10\" y=\"20\">No value to chart: "
		    "no matched value has a percentage change.</text></svg>\n",
		    DIFF_HTML_W);
		strbuf_free(&body);
		return 0;
	}
	/* A U test that cannot reach alpha is said once, under the axis. */
	for (i = 0; i < df->nrows && notice == NULL; i++)
		if (df->rows[i].mwu.ok)
			notice = diff_mwu_notice(df, &df->rows[i]);
	for (i = 0; i < df->nrows && notice != NULL; i++)
		if (df->rows[i].mwu.ok &&
		    df->rows[i].mwu_min_p >= df->opts.alpha)
			nfloor++;
	strbuf_printf(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"%d\" height=\"%.0f\" role=\"img\" aria-label=\"Change per "
	    "test, drawn as better or worse, with %g%% confidence intervals\" "
	    "font-family=\"sans-serif\" font-size=\"12\">\n", DIFF_HTML_W,
	    y + (notice != NULL ? 52 : 34), (1 - df->opts.alpha) * 100);
	strbuf_printf(sb, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%.1f\" "
	    "stroke=\"#444\"/>\n", zero, zero, y);
	strbuf_adds(sb, strbuf_str(&body));
	strbuf_printf(sb, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">0%%</text>"
	    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">\u2190 worse, "
	    "%.1f%%</text><text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
	    "better, %.1f%% \u2192</text>\n", zero, y + 16, zero - plot,
	    y + 16, scale, zero + plot, y + 16, scale);
	if (notice != NULL) {
		strbuf_printf(sb, "<text x=\"10\" y=\"%.1f\" class=\"floor\">"
		    "%zu value%s: ", y + 36, nfloor, nfloor == 1 ? "" : "s");
		diff_html_text(sb, notice);
		strbuf_adds(sb, "</text>\n");
		free(notice);
	}
	strbuf_adds(sb, "</svg>\n");
	strbuf_free(&body);
	return nrows;
}

static void
diff_html_list(struct strbuf *sb, const char *heading,
    const struct result_set *rs, const size_t *idx, size_t n, bool tests)
{
	char	*label;
	size_t	 i;

	if (n == 0)
		return;
	strbuf_printf(sb, "<h3>%s (%zu)</h3>\n<ul>\n", heading, n);
	for (i = 0; i < n; i++) {
		strbuf_adds(sb, "<li>");
		if (tests) {
			label = diff_test_label(&rs->tests[idx[i]]);
			diff_html_text(sb, label);
			free(label);
		} else
			diff_html_text(sb, rs->systems[idx[i]].identifier);
		strbuf_adds(sb, "</li>\n");
	}
	strbuf_adds(sb, "</ul>\n");
}

/*
 * The section's own rules, kept together: the bars are HTML (a track with
 * zero in the middle, better to the right), so labels wrap at any width
 * and a phone shows the label above its bar. Colours fall back to fixed
 * ones where the page's variables are absent (the standalone page).
 */
void
diff_html_css(struct strbuf *sb)
{
	strbuf_adds(sb,
	    "section.diff table{border-collapse:collapse;margin:1em 0}\n"
	    "section.diff th,section.diff td{border:1px solid var(--line,#ccc);"
	    "padding:2px 6px;text-align:left;vertical-align:top}\n"
	    "section.diff td.num{text-align:right;white-space:nowrap}\n"
	    "section.diff .wrap{overflow-x:auto;max-width:100%}\n"
	    "section.diff{--up:#1b7a2e;--down:#b3261e;--nodir:#7a6a3a}\n"
	    "section.diff .better{color:var(--up);font-weight:bold}\n"
	    "section.diff .worse{color:var(--down);font-weight:bold}\n"
	    "section.diff .changed{color:#9a6b00}\n"
	    "section.diff .untestable,section.diff .same,section.diff .inconclusive"
	    "{color:var(--muted,#555)}\n"
	    "section.diff .equivalent{color:var(--up)}\n"
	    "section.diff .warning{border-left:4px solid #9a6b00;padding-left:8px}\n"
	    "section.diff figure{margin:1em 0}\n"
	    "section.diff ol.bars{list-style:none;margin:.5em 0 1em;padding:0}\n"
	    "section.diff ol.bars li{display:grid;grid-template-columns:"
	    "minmax(12rem,1fr) minmax(6rem,16rem) minmax(9rem,15rem);gap:.2rem .8rem;"
	    "align-items:center;padding:.25em 0;border-bottom:1px solid "
	    "var(--line,#ddd);font-weight:normal;color:inherit}\n"
	    "section.diff .lab{overflow-wrap:anywhere}\n"
	    "section.diff .lab small,section.diff .fig small{color:var(--muted,#555)}\n"
	    "section.diff .track{position:relative;height:1em;background:"
	    "linear-gradient(to right,transparent calc(50% - .5px),"
	    "var(--muted,#555) calc(50% - .5px),var(--muted,#555) calc(50% + .5px),"
	    "transparent calc(50% + .5px))}\n"
	    "section.diff .bar{position:absolute;top:.15em;height:.7em;"
	    "background:var(--muted,#777)}\n"
	    "section.diff .better .bar{background:var(--up)}\n"
	    "section.diff .worse .bar{background:var(--down)}\n"
	    "section.diff .changed .bar{background:var(--nodir)}\n"
	    "section.diff .same .bar,section.diff .untestable .bar{opacity:.45}\n"
	    "section.diff .ci{position:absolute;top:.45em;height:.1em;"
	    "background:var(--fg,#000);border-left:1px solid var(--fg,#000);"
	    "border-right:1px solid var(--fg,#000);box-sizing:border-box}\n"
	    "section.diff li.axis{border:0;font-size:.85em;color:var(--muted,#555)}\n"
	    "section.diff li.axis .track{background:none;display:flex;height:auto;"
	    "justify-content:space-between;gap:.5em}\n"
	    "@media (prefers-color-scheme:dark){section.diff{--up:#5fcf7f;"
	    "--down:#ff8a80;--nodir:#d8c07a}}\n"
	    "@media (max-width:560px){section.diff ol.bars li{grid-template-columns:"
	    "minmax(0,1fr) minmax(0,1fr)}section.diff .lab{grid-column:1/-1}}\n");
}

/* "A: how the user named it — its title", leaving out what is unknown. */
static void
diff_html_side(struct strbuf *sb, const char *side, const char *label,
    const struct result_set *rs)
{
	bool	has_label = label != NULL && *label != '\0';
	bool	has_title = rs->title != NULL && *rs->title != '\0';

	strbuf_printf(sb, "%s: ", side);
	if (has_label)
		diff_html_text(sb, label);
	if (has_label && has_title)
		strbuf_adds(sb, " \u2014 ");
	if (has_title)
		diff_html_text(sb, rs->title);
	if (!has_label && !has_title)
		strbuf_adds(sb, "untitled result set");
}

/*
 * The section's opening: its heading and what A and B are. One compared
 * pair is named here, once, and nowhere on the rows.
 */
static void
diff_html_head(struct strbuf *sb, const struct diff *df, const char *label_a,
    const struct result_set *a, const char *label_b,
    const struct result_set *b)
{
	char	*pair;

	strbuf_adds(sb, "<section class=\"diff\">\n<h2>Comparison");
	if (df != NULL && df->npairs == 1) {
		pair = diff_html_pair(df, 0);
		strbuf_adds(sb, ": ");
		diff_html_text(sb, pair);
		free(pair);
	}
	strbuf_adds(sb, "</h2>\n<p>");
	diff_html_side(sb, "A", label_a, a);
	strbuf_adds(sb, "<br/>");
	diff_html_side(sb, "B", label_b, b);
	strbuf_adds(sb, "</p>\n");
}

void
diff_html_none(const struct result_set *a, const struct result_set *b,
    const char *label_a, const char *label_b, const char *why,
    struct strbuf *sb)
{
	diff_html_head(sb, NULL, label_a, a, label_b, b);
	strbuf_adds(sb, "<p class=\"none\">Not compared: ");
	diff_html_text(sb, why);
	strbuf_adds(sb, ".</p>\n</section>\n");
}

/* What is compared, the verdicts counted, and the geometric mean. */
static void
diff_html_summary(const struct diff *df, struct strbuf *sb)
{
	strbuf_printf(sb, "<p class=\"scope\">Compared: the %zu test%s both "
	    "have", df->a->ntests - df->nonly_a,
	    df->a->ntests - df->nonly_a == 1 ? "" : "s");
	if (df->nonly_a + df->nonly_b > 0)
		strbuf_printf(sb, "; %zu only in A and %zu only in B are listed "
		    "below, not compared", df->nonly_a, df->nonly_b);
	strbuf_adds(sb, ".</p>\n");
	strbuf_printf(sb, "<p class=\"summary\">%zu better, %zu worse, "
	    "%zu no significant change, %zu changed without direction, %zu not "
	    "testable (Welch's t-test, \u03b1 = %g, %s over %zu tested values",
	    df->counts[DIFF_BETTER], df->counts[DIFF_WORSE],
	    df->counts[DIFF_SAME], df->counts[DIFF_CHANGED],
	    df->counts[DIFF_UNTESTABLE], df->opts.alpha,
	    df->opts.correction ? "Holm-corrected" : "uncorrected", df->ntested);
	if (df->opts.threshold_pct > 0)
		strbuf_printf(sb, ", threshold %g%%", df->opts.threshold_pct);
	if (df->opts.equivalence_pct > 0)
		strbuf_printf(sb, "; %zu equivalent within \u00b1%g%% by TOST, "
		    "%zu inconclusive", df->counts[DIFF_EQUIVALENT],
		    df->opts.equivalence_pct, df->counts[DIFF_INCONCLUSIVE]);
	strbuf_printf(sb, "; a detectable effect is the change found with "
	    "power %g).", df->opts.power);
	if (df->geomean.ok) {
		strbuf_printf(sb, " Geometric mean of ratios (&gt; 1 means B is "
		    "better): %.4f", df->geomean.ratio);
		if (df->geomean.has_ci)
			strbuf_printf(sb, " (95%% CI %.4f to %.4f)", df->geomean.lo,
			    df->geomean.hi);
		strbuf_printf(sb, " over %zu values.", df->geomean.n);
	}
	strbuf_adds(sb, "</p>\n");
}

/* "ext4: " before a fact or row, only when there are pairs to tell apart. */
static void
diff_html_pair_prefix(const struct diff *df, size_t pair, struct strbuf *sb)
{
	char	*name;

	if (df->npairs < 2)
		return;
	name = diff_html_pair(df, pair);
	diff_html_text(sb, name);
	strbuf_adds(sb, ": ");
	free(name);
}

/* "key<open>A's value vs B's value<close>". */
static void
diff_html_fact(struct strbuf *sb, const struct diff_fact *f, const char *open,
    const char *close)
{
	diff_html_text(sb, f->key);
	strbuf_adds(sb, open);
	diff_html_text(sb, f->value_a);
	strbuf_adds(sb, " vs ");
	diff_html_text(sb, f->value_b);
	strbuf_adds(sb, close);
}

/*
 * The facts that differ: those the systems' names state, as information,
 * then the hidden dimensions, as a warning.
 */
static void
diff_html_facts(const struct diff *df, struct strbuf *sb)
{
	const struct diff_fact	*f;
	size_t			 i, nhidden = diff_hidden_count(df);

	for (i = 0; i < df->nfacts; i++) {
		f = &df->facts[i];
		if (!f->named)
			continue;
		strbuf_adds(sb, "<p class=\"named\">");
		diff_html_pair_prefix(df, f->pair, sb);
		strbuf_printf(sb, "%s systems differ %sin ", df->npairs < 2 ?
		    "The" : "the", nhidden == 0 ? "only " : "");
		diff_html_fact(sb, f, " (", ")");
		strbuf_adds(sb, ", as their names say.</p>\n");
	}
	if (nhidden == 0)
		return;
	strbuf_adds(sb, "<div class=\"warning\"><p><strong>Warning:</strong> "
	    "the compared systems also differ in these facts, which may "
	    "explain a difference:</p>\n<ul>\n");
	for (i = 0; i < df->nfacts; i++) {
		f = &df->facts[i];
		if (f->named)
			continue;
		strbuf_adds(sb, "<li>");
		diff_html_pair_prefix(df, f->pair, sb);
		diff_html_fact(sb, f, ": ", "");
		strbuf_adds(sb, "</li>\n");
	}
	strbuf_adds(sb, "</ul></div>\n");
}

/* +1 when a rise is better, -1 when a fall is, 0 when the test has no direction. */
static int
diff_html_dir(const struct diff *df, const struct diff_row *r)
{
	switch (df->a->tests[r->test_a].proportion) {
	case PROP_HIB:
		return 1;
	case PROP_LIB:
		return -1;
	default:
		return 0;
	}
}

/* The largest |% change| or confidence bound: the bars' half width. */
static double
diff_html_scale(const struct diff *df)
{
	const struct diff_row	*r;
	double			 scale = 1.0;
	size_t			 i;

	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		if (!r->has_pct)
			continue;
		scale = fmax(scale, fabs(r->pct));
		if (r->has_ci)
			scale = fmax(scale, fmax(fabs(r->ci_lo_pct),
			    fabs(r->ci_hi_pct)));
	}
	return scale;
}

/*
 * A span from lo to hi on the track, in % of better: zero in the middle,
 * the track's ends at -scale and +scale.
 */
static void
diff_html_span(struct strbuf *sb, const char *cls, double lo, double hi,
    double scale)
{
	double	l = fmax(0.0, 50.0 + lo / scale * 50.0);
	double	h = fmin(100.0, 50.0 + hi / scale * 50.0);

	strbuf_printf(sb, "<span class=\"%s\" style=\"left:%.2f%%;width:%.2f%%\">"
	    "</span>", cls, l, fmax(0.0, h - l));
}

/*
 * One value's bar, drawn as better or worse: a rise of a higher-is-better
 * test and a fall of a lower-is-better one both go right. The signed %
 * change and the test's significance are written beside it; a value
 * that cannot be compared says why instead of drawing anything.
 */
static void
diff_html_bar(const struct diff *df, const struct diff_row *r, double scale,
    struct strbuf *sb)
{
	const char	*why = r->why;
	char		*label, *verdict, *notice, ch[48];
	int		 dir = diff_html_dir(df, r);
	double		 g, lo, hi;

	label = diff_test_label(&df->a->tests[r->test_a]);
	strbuf_printf(sb, "<li class=\"%s\"><span class=\"lab\">",
	    diff_verdict_key(r->verdict));
	diff_html_text(sb, label);
	strbuf_printf(sb, " <small>%s</small></span>", dir > 0 ?
	    "higher is better" : dir < 0 ? "lower is better" :
	    "no better direction");
	free(label);
	strbuf_adds(sb, "<span class=\"track\" aria-hidden=\"true\">");
	if (r->has_pct) {
		g = dir != 0 ? r->pct * dir : r->pct;
		diff_html_span(sb, "bar", fmin(0.0, g), fmax(0.0, g), scale);
		if (r->has_ci) {
			lo = dir < 0 ? -r->ci_hi_pct : r->ci_lo_pct;
			hi = dir < 0 ? -r->ci_lo_pct : r->ci_hi_pct;
			diff_html_span(sb, "ci", lo, hi, scale);
		}
	}
	strbuf_adds(sb, "</span><span class=\"fig\">");
	diff_format_change(r, 1, ch, sizeof(ch));
	if (r->has_change)
		strbuf_printf(sb, "<strong>%s</strong> ", ch);
	else
		strbuf_adds(sb, "no comparison: ");
	if (r->va == NULL || r->vb == NULL)
		why = r->va == NULL ? "not stated in A" : "not stated in B";
	if (r->has_change)
		strbuf_adds(sb, r->verdict == DIFF_SAME ? "~ " : "");
	if (r->has_change || why == NULL) {
		verdict = diff_verdict_text(df, r, "\u00b1");
		strbuf_adds(sb, verdict);
		free(verdict);
	}
	if (r->has_p_adj && r->p_adj < 0.001)
		strbuf_printf(sb, " <small>%s&lt;0.001 n=%ld+%ld</small>",
		    diff_p_label(df), r->va->n, r->vb->n);
	else if (r->has_p_adj)
		strbuf_printf(sb, " <small>%s=%.3f n=%ld+%ld</small>",
		    diff_p_label(df), r->p_adj, r->va->n, r->vb->n);
	if (r->mwu.ok && (notice = diff_mwu_notice(df, r)) != NULL) {
		strbuf_adds(sb, " <small class=\"floor\">");
		diff_html_text(sb, notice);
		strbuf_adds(sb, "</small>");
		free(notice);
	}
	if (why != NULL) {
		strbuf_adds(sb, r->has_change ? " <small>(" : "");
		diff_html_text(sb, why);
		strbuf_adds(sb, r->has_change ? ")</small>" : "");
	}
	strbuf_adds(sb, "</span></li>\n");
}

/*
 * The bars, one list per compared pair (its name heads the list when
 * there are several), with an axis that says which side is better.
 */
static void
diff_html_bars(const struct diff *df, struct strbuf *sb)
{
	double	scale = diff_html_scale(df);
	char	*pair;
	size_t	 p, i;

	strbuf_printf(sb, "<figure class=\"diff-bars\">\n<figcaption>Change of B "
	    "against A per value, drawn as better (right) or worse (left) in "
	    "the direction of each test; the track's ends are \u00b1%.1f%%, "
	    "the line through a bar is the %g%% confidence interval of the "
	    "change; pale bars and \u201c~\u201d are no significant change."
	    "</figcaption>\n", scale, (1 - df->opts.alpha) * 100);
	for (p = 0; p < df->npairs; p++) {
		if (df->npairs > 1) {
			pair = diff_html_pair(df, p);
			strbuf_adds(sb, "<h3 class=\"pair\">");
			diff_html_text(sb, pair);
			strbuf_adds(sb, "</h3>\n");
			free(pair);
		}
		strbuf_adds(sb, "<ol class=\"bars\">\n<li class=\"axis\" "
		    "aria-hidden=\"true\"><span class=\"lab\"></span><span class=\"track\">"
		    "<span>\u2190 worse</span><span>better \u2192</span></span>"
		    "<span></span></li>\n");
		for (i = 0; i < df->nrows; i++)
			if (df->rows[i].pair == p)
				diff_html_bar(df, &df->rows[i], scale, sb);
		strbuf_adds(sb, "</ol>\n");
	}
	strbuf_adds(sb, "</figure>\n");
}

/* One row of the table; the System cell only when there are several pairs. */
static void
diff_html_row(const struct diff *df, const struct diff_row *r,
    struct strbuf *sb)
{
	char	*label, *pair, *verdict, *notice, ch[48];

	label = diff_test_label(&df->a->tests[r->test_a]);
	strbuf_adds(sb, "<tr><td>");
	diff_html_text(sb, label);
	strbuf_adds(sb, "</td>");
	free(label);
	if (df->npairs > 1) {
		pair = diff_html_pair(df, r->pair);
		strbuf_adds(sb, "<td>");
		diff_html_text(sb, pair);
		strbuf_adds(sb, "</td>");
		free(pair);
	}
	diff_html_value(sb, r->va);
	diff_html_value(sb, r->vb);
	diff_format_change(r, 2, ch, sizeof(ch));
	if (r->has_change)
		strbuf_printf(sb, "<td class=\"num\">%s</td>", ch);
	else
		strbuf_adds(sb, "<td class=\"num\">\u2013</td>");
	if (r->has_p_adj)
		strbuf_printf(sb, "<td class=\"num\">%.3g <small>n=%ld+%ld</small>",
		    r->p_adj, r->va->n, r->vb->n);
	else
		strbuf_adds(sb, "<td class=\"num\">\u2013");
	if (r->mwu.ok && (notice = diff_mwu_notice(df, r)) != NULL) {
		strbuf_adds(sb, "<br/><small class=\"floor\">");
		diff_html_text(sb, notice);
		strbuf_adds(sb, "</small>");
		free(notice);
	} else if (r->mwu.ok)
		strbuf_printf(sb, "<br/><small>Mann\u2013Whitney p=%.3g (%s)</small>",
		    r->mwu.p, r->mwu.exact ? "exact" : "normal approx.");
	verdict = diff_verdict_text(df, r, "\u00b1");
	strbuf_printf(sb, "</td><td class=\"%s\">%s", diff_verdict_key(r->verdict),
	    verdict);
	free(verdict);
	if (r->why != NULL) {
		strbuf_adds(sb, " <small>(");
		diff_html_text(sb, r->why);
		strbuf_adds(sb, ")</small>");
	}
	strbuf_adds(sb, "</td></tr>\n");
}

void
diff_html_section(const struct diff *df, struct strbuf *sb)
{
	size_t	i;

	/* Only what both sets have is compared; with nothing, say so. */
	if (df->nrows == 0) {
		diff_html_none(df->a, df->b, df->opts.label_a, df->opts.label_b,
		    df->nonly_a < df->a->ntests ?
		    "the compared systems have no result in common" :
		    "A and B have no test in common", sb);
		return;
	}
	diff_html_head(sb, df, df->opts.label_a, df->a, df->opts.label_b, df->b);
	diff_html_summary(df, sb);
	diff_html_facts(df, sb);
	diff_html_bars(df, sb);
	strbuf_printf(sb, "<div class=\"wrap\"><table>\n<thead><tr><th>Test</th>"
	    "%s<th>A</th><th>B</th><th>Change</th><th>%s</th>"
	    "<th>Verdict</th></tr></thead>\n<tbody>\n", df->npairs > 1 ?
	    "<th>System</th>" : "", diff_p_label(df));
	for (i = 0; i < df->nrows; i++)
		diff_html_row(df, &df->rows[i], sb);
	strbuf_adds(sb, "</tbody></table></div>\n");
	diff_html_list(sb, "Tests only in A", df->a, df->only_a, df->nonly_a, true);
	diff_html_list(sb, "Tests only in B", df->b, df->only_b, df->nonly_b, true);
	diff_html_list(sb, "Systems only in A", df->a, df->sys_only_a,
	    df->nsys_only_a, false);
	diff_html_list(sb, "Systems only in B", df->b, df->sys_only_b,
	    df->nsys_only_b, false);
	strbuf_adds(sb, "</section>\n");
}

int
diff_html_write_svg(const struct diff *df, FILE *fp, struct diag *d)
{
	struct strbuf	sb;
	int		rc = 0;

	strbuf_init(&sb);
	strbuf_adds(&sb, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	diff_html_svg(df, &sb);
	if (fputs(strbuf_str(&sb), fp) == EOF)
		rc = diag_set(d, NULL, 0, "write error");
	strbuf_free(&sb);
	return rc;
}

int
diff_html_write(const struct diff *df, FILE *fp, struct diag *d)
{
	struct strbuf	sb;
	int		rc = 0;

	strbuf_init(&sb);
	strbuf_adds(&sb, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	    "<meta charset=\"utf-8\"/>\n<meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\"/>\n"
	    "<title>benchreport diff</title>\n<style>\n"
	    ":root{color-scheme:light dark;--fg:#1d232a;--bg:#fff;--line:#d5dbe1;"
	    "--muted:#5b6570}\n"
	    "@media (prefers-color-scheme:dark){:root{--fg:#e4e8ec;--bg:#15191e;"
	    "--line:#38414b;--muted:#9aa5b1}a{color:#7fb2ee}}\n"
	    "body{font-family:sans-serif;margin:1em 2em;color:var(--fg);"
	    "background:var(--bg);overflow-wrap:break-word}\n"
	    "@media (max-width:560px){body{margin:.6em .5em}}\n");
	diff_html_css(&sb);
	strbuf_adds(&sb, "</style>\n</head>\n<body>\n");
	diff_html_section(df, &sb);
	strbuf_adds(&sb, "</body>\n</html>\n");
	if (fputs(strbuf_str(&sb), fp) == EOF)
		rc = diag_set(d, NULL, 0, "write error");
	strbuf_free(&sb);
	return rc;
}
