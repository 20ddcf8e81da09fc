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
#define DIFF_HTML_ROW		22	/* height of a chart row, px */
#define DIFF_HTML_LABEL_CHARS	64	/* longer labels are shortened (full text in <title>) */

static void	 diff_html_text(struct strbuf *sb, const char *s);
static void	 diff_html_value(struct strbuf *sb, const struct value *v);
static void	 diff_html_chart(const struct diff *df, struct strbuf *sb);
static void	 diff_html_list(struct strbuf *sb, const char *heading,
		    const struct result_set *rs, const size_t *idx, size_t n,
		    bool tests);
static char	*diff_html_pair(const struct diff *df, size_t pair);
static const char *diff_html_color(enum diff_verdict v);
static void	 diff_html_head(struct strbuf *sb, const char *label_a,
		    const struct result_set *a, const char *label_b,
		    const struct result_set *b);

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
 * The diff chart: one row per value with a % change, a bar from 0 to the
 * change, the confidence interval as a whisker, and the verdict in words
 * next to it (colour repeats it, never replaces it).
 */
size_t
diff_html_svg(const struct diff *df, struct strbuf *sb)
{
	const struct diff_row	*r;
	double			 scale = 1.0, x0, x1, xa, xb, plot, zero;
	size_t			 i, k = 0, nrows = 0;
	char			*label, *shortl, *pair, *full, *cut;
	const char		*col;

	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		if (!r->has_pct)
			continue;
		nrows++;
		scale = fmax(scale, fabs(r->pct));
		if (r->has_ci)
			scale = fmax(scale, fmax(fabs(r->ci_lo_pct), fabs(r->ci_hi_pct)));
	}
	if (nrows == 0) {
		strbuf_printf(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		    "width=\"%d\" height=\"30\" font-family=\"sans-serif\" "
		    "font-size=\"12\"><text x=\"10\" y=\"20\">No value to chart: "
		    "no matched value has a percentage change.</text></svg>\n",
		    DIFF_HTML_W);
		return 0;
	}
	plot = (DIFF_HTML_W - DIFF_HTML_LABEL - 150) / 2.0;
	zero = DIFF_HTML_LABEL + 10 + plot;
	strbuf_printf(sb, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
	    "width=\"%d\" height=\"%zu\" role=\"img\" aria-label=\"Change per test, "
	    "with %g%% confidence intervals\" font-family=\"sans-serif\" font-size=\"12\">\n",
	    DIFF_HTML_W, nrows * DIFF_HTML_ROW + 30,
	    (1 - df->opts.alpha) * 100);
	strbuf_printf(sb, "<line x1=\"%.1f\" y1=\"0\" x2=\"%.1f\" y2=\"%zu\" "
	    "stroke=\"#444\"/>\n", zero, zero, nrows * DIFF_HTML_ROW);
	strbuf_printf(sb, "<text x=\"%.1f\" y=\"%zu\" text-anchor=\"middle\">0%%</text>"
	    "<text x=\"%.1f\" y=\"%zu\" text-anchor=\"middle\">%+.1f%%</text>"
	    "<text x=\"%.1f\" y=\"%zu\" text-anchor=\"middle\">%+.1f%%</text>\n",
	    zero, nrows * DIFF_HTML_ROW + 16, zero - plot,
	    nrows * DIFF_HTML_ROW + 16, -scale, zero + plot,
	    nrows * DIFF_HTML_ROW + 16, scale);
	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		if (!r->has_pct)
			continue;
		label = diff_test_label(&df->a->tests[r->test_a]);
		pair = diff_html_pair(df, r->pair);
		/* The system first, so that shortening never hides it. */
		full = xasprintf("%s: %s", pair, label);
		if (g_utf8_strlen(full, -1) > DIFF_HTML_LABEL_CHARS) {
			cut = g_utf8_substring(full, 0, DIFF_HTML_LABEL_CHARS - 1);
			shortl = g_strconcat(cut, "\u2026", NULL);
			g_free(cut);
		} else
			shortl = g_strdup(full);
		col = diff_html_color(r->verdict);
		x0 = zero;
		x1 = zero + r->pct / scale * plot;
		strbuf_printf(sb, "<g class=\"%s\"><title>", diff_verdict_key(r->verdict));
		diff_html_text(sb, full);
		strbuf_printf(sb, ": %+.2f%%, %s</title>\n", r->pct,
		    diff_verdict_name(r->verdict));
		strbuf_printf(sb, "<text x=\"%d\" y=\"%zu\" text-anchor=\"end\">",
		    DIFF_HTML_LABEL, k * DIFF_HTML_ROW + 15);
		diff_html_text(sb, shortl);
		strbuf_printf(sb, "</text><rect x=\"%.1f\" y=\"%zu\" width=\"%.1f\" "
		    "height=\"12\" fill=\"%s\" fill-opacity=\"0.6\"/>",
		    fmin(x0, x1), k * DIFF_HTML_ROW + 5, fabs(x1 - x0), col);
		if (r->has_ci) {
			xa = zero + r->ci_lo_pct / scale * plot;
			xb = zero + r->ci_hi_pct / scale * plot;
			strbuf_printf(sb, "<path d=\"M%.1f %zu v8 M%.1f %zu H%.1f "
			    "M%.1f %zu v8\" stroke=\"#000\" fill=\"none\"/>",
			    xa, k * DIFF_HTML_ROW + 7, xa, k * DIFF_HTML_ROW + 11,
			    xb, xb, k * DIFF_HTML_ROW + 7);
		}
		strbuf_printf(sb, "<text x=\"%d\" y=\"%zu\" fill=\"%s\">%+.1f%% %s</text></g>\n",
		    DIFF_HTML_W - 135, k * DIFF_HTML_ROW + 15, col, r->pct,
		    r->verdict == DIFF_SAME ? "~" : diff_verdict_key(r->verdict));
		g_free(shortl);
		free(full);
		free(pair);
		free(label);
		k++;
	}
	strbuf_adds(sb, "</svg>\n");
	return nrows;
}

/* The chart in a <figure> with its caption; nothing when it would be empty. */
static void
diff_html_chart(const struct diff *df, struct strbuf *sb)
{
	struct strbuf	svg;

	strbuf_init(&svg);
	if (diff_html_svg(df, &svg) > 0)
		strbuf_printf(sb, "<figure class=\"diff-chart\">%s<figcaption>"
		    "Change of B against A per value; whiskers are %g%% "
		    "confidence intervals of the difference of means; "
		    "\u201c~\u201d means no significant change.</figcaption>"
		    "</figure>\n", strbuf_str(&svg), (1 - df->opts.alpha) * 100);
	strbuf_free(&svg);
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

void
diff_html_css(struct strbuf *sb)
{
	strbuf_adds(sb,
	    "section.diff table{border-collapse:collapse;margin:1em 0}\n"
	    "section.diff th,section.diff td{border:1px solid #ccc;padding:2px 6px;"
	    "text-align:left;vertical-align:top}\n"
	    "section.diff td.num{text-align:right;white-space:nowrap}\n"
	    "section.diff .better{color:#1b7a2e;font-weight:bold}\n"
	    "section.diff .worse{color:#b3261e;font-weight:bold}\n"
	    "section.diff .changed{color:#9a6b00}\n"
	    "section.diff .untestable,section.diff .same{color:#555}\n"
	    "section.diff .warning{border-left:4px solid #9a6b00;padding-left:8px}\n");
}

/* The section's opening: its heading and what A and B are. */
static void
diff_html_head(struct strbuf *sb, const char *label_a,
    const struct result_set *a, const char *label_b,
    const struct result_set *b)
{
	strbuf_adds(sb, "<section class=\"diff\">\n<h2>Comparison</h2>\n<p>A: ");
	diff_html_text(sb, label_a != NULL ? label_a : "");
	if (a->title != NULL) {
		strbuf_adds(sb, " \u2014 ");
		diff_html_text(sb, a->title);
	}
	strbuf_adds(sb, "<br/>B: ");
	diff_html_text(sb, label_b != NULL ? label_b : "");
	if (b->title != NULL) {
		strbuf_adds(sb, " \u2014 ");
		diff_html_text(sb, b->title);
	}
	strbuf_adds(sb, "</p>\n");
}

void
diff_html_none(const struct result_set *a, const struct result_set *b,
    const char *label_a, const char *label_b, const char *why,
    struct strbuf *sb)
{
	diff_html_head(sb, label_a, a, label_b, b);
	strbuf_adds(sb, "<p class=\"none\">Not compared: ");
	diff_html_text(sb, why);
	strbuf_adds(sb, ".</p>\n</section>\n");
}

void
diff_html_section(const struct diff *df, struct strbuf *sb)
{
	const struct diff_row	*r;
	const struct diff_fact	*f;
	char			*label, *pair;
	size_t			 i, nhidden;

	/* Only what both sets have is compared; with nothing, say so. */
	if (df->nrows == 0) {
		diff_html_none(df->a, df->b, df->opts.label_a, df->opts.label_b,
		    df->nonly_a < df->a->ntests ?
		    "the compared systems have no result in common" :
		    "A and B have no test in common", sb);
		return;
	}
	diff_html_head(sb, df->opts.label_a, df->a, df->opts.label_b, df->b);
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
	strbuf_adds(sb, ").");
	if (df->geomean.ok) {
		strbuf_printf(sb, " Geometric mean of ratios (&gt; 1 means B is "
		    "better): %.4f", df->geomean.ratio);
		if (df->geomean.has_ci)
			strbuf_printf(sb, " (95%% CI %.4f to %.4f)", df->geomean.lo,
			    df->geomean.hi);
		strbuf_printf(sb, " over %zu values.", df->geomean.n);
	}
	strbuf_adds(sb, "</p>\n");
	nhidden = diff_hidden_count(df);
	for (i = 0; i < df->nfacts; i++) {
		f = &df->facts[i];
		if (!f->named)
			continue;
		pair = diff_html_pair(df, f->pair);
		strbuf_adds(sb, "<p class=\"named\">");
		diff_html_text(sb, pair);
		strbuf_printf(sb, ": the systems differ %sin ", nhidden == 0 ?
		    "only " : "");
		diff_html_text(sb, f->key);
		strbuf_adds(sb, " (");
		diff_html_text(sb, f->value_a);
		strbuf_adds(sb, " vs ");
		diff_html_text(sb, f->value_b);
		strbuf_adds(sb, "), as their names say.</p>\n");
		free(pair);
	}
	if (nhidden > 0) {
		strbuf_adds(sb, "<div class=\"warning\"><p><strong>Warning:</strong> "
		    "the compared systems also differ in these facts, which may "
		    "explain a difference:</p>\n<ul>\n");
		for (i = 0; i < df->nfacts; i++) {
			f = &df->facts[i];
			if (f->named)
				continue;
			pair = diff_html_pair(df, f->pair);
			strbuf_adds(sb, "<li>");
			diff_html_text(sb, pair);
			strbuf_adds(sb, ": ");
			diff_html_text(sb, f->key);
			strbuf_adds(sb, ": ");
			diff_html_text(sb, f->value_a);
			strbuf_adds(sb, " vs ");
			diff_html_text(sb, f->value_b);
			strbuf_adds(sb, "</li>\n");
			free(pair);
		}
		strbuf_adds(sb, "</ul></div>\n");
	}
	diff_html_chart(df, sb);
	strbuf_adds(sb, "<table>\n<thead><tr><th>Test</th><th>System</th><th>A</th>"
	    "<th>B</th><th>Change</th><th>p (adj.)</th><th>Verdict</th></tr></thead>\n<tbody>\n");
	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		label = diff_test_label(&df->a->tests[r->test_a]);
		pair = diff_html_pair(df, r->pair);
		strbuf_adds(sb, "<tr><td>");
		diff_html_text(sb, label);
		strbuf_adds(sb, "</td><td>");
		diff_html_text(sb, pair);
		strbuf_adds(sb, "</td>");
		diff_html_value(sb, r->va);
		diff_html_value(sb, r->vb);
		if (r->has_pct)
			strbuf_printf(sb, "<td class=\"num\">%+.2f%%</td>", r->pct);
		else if (r->has_change)
			strbuf_printf(sb, "<td class=\"num\">%+.6g</td>", r->change);
		else
			strbuf_adds(sb, "<td class=\"num\">\u2013</td>");
		if (r->has_p_adj)
			strbuf_printf(sb, "<td class=\"num\">%.3g <small>n=%ld+%ld</small>",
			    r->p_adj, r->va->n, r->vb->n);
		else
			strbuf_adds(sb, "<td class=\"num\">\u2013");
		if (r->mwu.ok)
			strbuf_printf(sb, "<br/><small>Mann\u2013Whitney p=%.3g (%s)</small>",
			    r->mwu.p, r->mwu.exact ? "exact" : "normal approx.");
		strbuf_adds(sb, "</td>");
		strbuf_printf(sb, "<td class=\"%s\">%s", diff_verdict_key(r->verdict),
		    diff_verdict_name(r->verdict));
		if (r->why != NULL) {
			strbuf_adds(sb, " <small>(");
			diff_html_text(sb, r->why);
			strbuf_adds(sb, ")</small>");
		}
		strbuf_adds(sb, "</td></tr>\n");
		free(pair);
		free(label);
	}
	strbuf_adds(sb, "</tbody></table>\n");
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
	    "<meta charset=\"utf-8\"/>\n<title>benchreport diff</title>\n<style>\n"
	    "body{font-family:sans-serif;margin:1em 2em}\n");
	diff_html_css(&sb);
	strbuf_adds(&sb, "</style>\n</head>\n<body>\n");
	diff_html_section(df, &sb);
	strbuf_adds(&sb, "</body>\n</html>\n");
	if (fputs(strbuf_str(&sb), fp) == EOF)
		rc = diag_set(d, NULL, 0, "write error");
	strbuf_free(&sb);
	return rc;
}
