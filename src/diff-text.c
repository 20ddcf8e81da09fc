/* SPDX-License-Identifier: ISC */
/*
 * Terminal and Markdown renderings of a diff. The terminal table follows
 * benchstat ("+12.3% (p=0.004 n=3+3)" or "~"); colour is optional and
 * never the only carrier of a verdict: the verdict word is always printed.
 * Every string from a result set goes through text-safe.c (and, for Markdown,
 * an escape of its punctuation).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "diff-ladder.h"
#include "text-escape.h"
#include "text-safe.h"
#include "text-term.h"
#include "xalloc.h"

#define DIFF_TEXT_NCOLS	5

static char	*diff_text_system(const struct diff *df, size_t pair);
static char	*diff_text_value(const struct value *v);
static char	*diff_text_change(const struct diff *df, const struct diff_row *r);
static char	*diff_text_p(bool has, double p);
static void	 diff_text_summary(const struct diff *df, FILE *fp, bool md);
static void	 diff_text_lists(const struct diff *df, FILE *fp, bool md);
static void	 diff_text_item(FILE *fp, bool md, const char *s);
static void	 diff_text_list(const struct result_set *rs, const size_t *idx,
		    size_t n, bool tests, const char *heading, FILE *fp, bool md);
static const char *diff_text_color(enum diff_verdict v);

/* "RAID0", or "RAID0 -> RAID1" when the pair's identifiers differ. */
static char *
diff_text_system(const struct diff *df, size_t pair)
{
	const char	*ia = df->a->systems[df->pairs[pair].a].identifier;
	const char	*ib = df->b->systems[df->pairs[pair].b].identifier;

	if (strcmp(ia, ib) == 0)
		return xstrdup(ia);
	return xasprintf("%s -> %s", ia, ib);
}

/* "1523.33 ±3.21 n=3", "1523.33 n=1", "-" (absent) or "failed". */
static char *
diff_text_value(const struct value *v)
{
	char	m[32], se[32];

	if (v == NULL)
		return xstrdup("-");
	if (!v->has_mean)
		return xstrdup(v->error != NULL ? "failed" : "-");
	diff_format_value(v, m, sizeof(m));
	if (!v->has_se || v->n < 2)
		return v->n > 0 ? xasprintf("%s n=%ld", m, v->n) : xstrdup(m);
	diff_format_se(v->se, se, sizeof(se));
	return xasprintf("%s %s%s n=%ld", m, text_term_utf8() ? "\u00b1" : "+/-",
	    se, v->n);
}

static char *
diff_text_p(bool has, double p)
{
	if (!has)
		return xstrdup("");
	if (p < 0.001)
		return xstrdup("p<0.001");
	return xasprintf("p=%.3f", p);
}

/*
 * benchstat style, with the change in words and the p-value named:
 * "12.3% higher (p (Holm)=0.004 n=3+3)", "~ (p (Holm)=0.430 n=3+3)". A U
 * test that cannot reach alpha with its runs says so instead of a p.
 */
static char *
diff_text_change(const struct diff *df, const struct diff_row *r)
{
	char	 pct[48], *p, *mw = NULL, *s;

	diff_format_change(r, 1, pct, sizeof(pct));
	if (r->verdict == DIFF_UNTESTABLE)
		return xasprintf("%s (%s)", pct, r->why);
	if (!r->has_p_adj)
		return xasprintf("~ (%s)", r->why != NULL ? r->why : "");
	p = diff_text_p(true, r->p_adj);
	/* The short form of diff_mwu_notice: the table stays readable. */
	if (r->mwu.ok && r->mwu_min_p >= df->opts.alpha)
		mw = xasprintf("U cannot reach %g at %zu+%zu", df->opts.alpha,
		    r->va->runs.len, r->vb->runs.len);
	else if (r->mwu.ok) {
		s = diff_text_p(true, r->mwu.p);
		mw = xasprintf("U %s", s);
		free(s);
	}
	s = xasprintf("%s (%s%s n=%ld+%ld%s%s)",
	    r->verdict == DIFF_SAME || r->verdict == DIFF_INCONCLUSIVE ? "~" :
	    pct, diff_p_label(df), p + 1, r->va->n, r->vb->n,
	    mw != NULL ? "; " : "", mw != NULL ? mw : "");
	free(p);
	free(mw);
	return s;
}

static const char *
diff_text_color(enum diff_verdict v)
{
	switch (v) {
	case DIFF_BETTER:
		return "\033[32m";
	case DIFF_WORSE:
		return "\033[31m";
	case DIFF_CHANGED:
		return "\033[33m";
	default:
		return NULL;
	}
}

static void
diff_text_summary(const struct diff *df, FILE *fp, bool md)
{
	const struct geomean	*g = &df->geomean;
	size_t			 i;
	int			 first = 1;

	fprintf(fp, "%sSummary:%s ", md ? "**" : "", md ? "**" : "");
	for (i = 0; i < DIFF_NVERDICTS; i++) {
		if (df->counts[i] == 0 && (i == DIFF_CHANGED || i == DIFF_UNTESTABLE))
			continue;
		if (df->opts.equivalence_pct > 0 ? i == DIFF_SAME && df->counts[i] == 0 :
		    i == DIFF_EQUIVALENT || i == DIFF_INCONCLUSIVE)
			continue;
		fprintf(fp, "%s%zu %s", first ? "" : ", ", df->counts[i],
		    diff_verdict_name((enum diff_verdict)i));
		first = 0;
	}
	fprintf(fp, ". Welch's t-test, alpha %g, %s over %zu tested values",
	    df->opts.alpha, df->opts.correction ? "Holm-corrected" :
	    "uncorrected", df->ntested);
	if (df->opts.threshold_pct > 0)
		fprintf(fp, ", threshold %g%%", df->opts.threshold_pct);
	if (df->opts.equivalence_pct > 0)
		fprintf(fp, ", equivalence within %s%g%% by TOST",
		    md || text_term_utf8() ? "\u00b1" : "+/-",
		    df->opts.equivalence_pct);
	fprintf(fp, "; detectable effects at power %g.\n", df->opts.power);
	if (md)
		fputc('\n', fp);
	if (g->ok) {
		fprintf(fp, "Geometric mean of ratios (B vs A, direction-aware, "
		    "> 1 means B is better): %.4f (%+.1f%%)", g->ratio,
		    (g->ratio - 1) * 100);
		if (g->has_ci)
			fprintf(fp, ", 95%% CI %.4f to %.4f", g->lo, g->hi);
		fprintf(fp, ", over %zu values.\n", g->n);
	} else
		fprintf(fp, "Geometric mean of ratios: not computed (%s).\n",
		    g->why);
}

static void
diff_text_item(FILE *fp, bool md, const char *s)
{
	char	*e;

	fputs(md ? "- " : "  ", fp);
	if (md) {
		e = text_escape_md_dup(s);
		fputs(e, fp);
		free(e);
	} else
		text_safe_fputs(s, fp);
	fputc('\n', fp);
}

static void
diff_text_lists(const struct diff *df, FILE *fp, bool md)
{
	const struct diff_fact	*f;
	char			*label, *line;
	size_t			 i, nhidden;

	nhidden = diff_hidden_count(df);
	for (i = 0; i < df->nfacts; i++) {
		f = &df->facts[i];
		if (!f->named)
			continue;
		label = diff_text_system(df, f->pair);
		line = xasprintf("%s: the systems differ %sin %s (%s vs %s), as "
		    "their names say", label, nhidden == 0 ? "only " : "", f->key,
		    f->value_a, f->value_b);
		fputc('\n', fp);
		diff_text_item(fp, false, line);
		free(line);
		free(label);
	}
	if (nhidden > 0) {
		fprintf(fp, "\n%sWarning:%s the compared systems also differ in "
		    "(a hidden dimension may explain a difference):\n",
		    md ? "**" : "", md ? "**" : "");
		if (md)
			fputc('\n', fp);
		for (i = 0; i < df->nfacts; i++) {
			f = &df->facts[i];
			if (f->named)
				continue;
			label = diff_text_system(df, f->pair);
			line = xasprintf("%s: %s: %s vs %s", label, f->key,
			    f->value_a, f->value_b);
			diff_text_item(fp, md, line);
			free(line);
			free(label);
		}
	}
	diff_text_list(df->a, df->only_a, df->nonly_a, true, "Tests only in A", fp, md);
	diff_text_list(df->b, df->only_b, df->nonly_b, true, "Tests only in B", fp, md);
	diff_text_list(df->a, df->sys_only_a, df->nsys_only_a, false,
	    "Systems only in A", fp, md);
	diff_text_list(df->b, df->sys_only_b, df->nsys_only_b, false,
	    "Systems only in B", fp, md);
}

/* A heading and the labels of tests (or identifiers of systems) idx[] of rs. */
static void
diff_text_list(const struct result_set *rs, const size_t *idx, size_t n,
    bool tests, const char *heading, FILE *fp, bool md)
{
	char	*label;
	size_t	 i;

	if (n == 0)
		return;
	fprintf(fp, "\n%s (%zu):\n%s", heading, n, md ? "\n" : "");
	for (i = 0; i < n; i++) {
		label = tests ? diff_test_label(&rs->tests[idx[i]]) :
		    xstrdup(rs->systems[idx[i]].identifier);
		diff_text_item(fp, md, label);
		free(label);
	}
}

void
diff_text_write(const struct diff *df, FILE *fp, bool color, int term_width)
{
	char		***cells;
	char		 *label, *raw;
	size_t		  width[DIFF_TEXT_NCOLS] = { 0 }, i, c, c0, w;
	const char	 *head[DIFF_TEXT_NCOLS] = { "system", "A", "B", "change",
	    "verdict" }, *col;
	const struct test *t;

	fputs("A: ", fp);
	text_safe_fputs(df->opts.label_a != NULL ? df->opts.label_a : "", fp);
	if (df->a->title != NULL) {
		fputs("  ", fp);
		text_safe_fputs(df->a->title, fp);
	}
	fputs("\nB: ", fp);
	text_safe_fputs(df->opts.label_b != NULL ? df->opts.label_b : "", fp);
	if (df->b->title != NULL) {
		fputs("  ", fp);
		text_safe_fputs(df->b->title, fp);
	}
	fputs("\n", fp);
	/* One pair is named once, above the table, not on every row. */
	c0 = df->npairs == 1 ? 1 : 0;
	if (c0 == 1) {
		raw = diff_text_system(df, 0);
		fputs(strstr(raw, " -> ") != NULL ? "Systems: " : "System: ", fp);
		text_safe_fputs(raw, fp);
		fputc('\n', fp);
		free(raw);
	}
	cells = xcalloc(df->nrows + 1, sizeof(*cells));
	for (c = 0; c < DIFF_TEXT_NCOLS; c++)
		width[c] = strlen(head[c]);
	for (i = 0; i < df->nrows; i++) {
		cells[i] = xcalloc(DIFF_TEXT_NCOLS, sizeof(char *));
		raw = diff_text_system(df, df->rows[i].pair);
		cells[i][0] = text_safe_dup(raw);
		free(raw);
		cells[i][1] = diff_text_value(df->rows[i].va);
		cells[i][2] = diff_text_value(df->rows[i].vb);
		cells[i][3] = diff_text_change(df, &df->rows[i]);
		cells[i][4] = diff_verdict_text(df, &df->rows[i],
		    text_term_utf8() ? "\u00b1" : "+/-");
		for (c = 0; c < DIFF_TEXT_NCOLS; c++)
			if ((w = text_term_width(cells[i][c])) > width[c])
				width[c] = w;
	}
	if (df->nrows == 0)
		fputs("\nNo value to compare: the sets have no test in common.\n", fp);
	else {
		fputs("\n  ", fp);
		for (c = c0; c < DIFF_TEXT_NCOLS - 1; c++)
			text_term_cell(fp, head[c], width[c] + 2, false);
		fprintf(fp, "%s\n", head[DIFF_TEXT_NCOLS - 1]);
	}
	for (i = 0; i < df->nrows; i++) {
		if (i == 0 || df->rows[i].test_a != df->rows[i - 1].test_a) {
			t = &df->a->tests[df->rows[i].test_a];
			raw = diff_test_label(t);
			label = xasprintf("%s%s", raw, t->proportion == PROP_HIB ?
			    "  [higher is better]" : t->proportion == PROP_LIB ?
			    "  [lower is better]" : "");
			free(raw);
			fputc('\n', fp);
			if (term_width > 0)
				text_term_wrap(fp, label, (size_t)term_width, 4);
			else {
				text_safe_fputs(label, fp);
				fputc('\n', fp);
			}
			free(label);
		}
		fputs("  ", fp);
		for (c = c0; c < DIFF_TEXT_NCOLS - 1; c++)
			text_term_cell(fp, cells[i][c], width[c] + 2, false);
		col = color ? diff_text_color(df->rows[i].verdict) : NULL;
		if (col != NULL)
			fputs(col, fp);
		fputs(cells[i][4], fp);
		if (df->rows[i].verdict == DIFF_SAME && df->rows[i].why != NULL &&
		    df->rows[i].has_p_adj)
			fprintf(fp, " (%s)", df->rows[i].why);
		if (col != NULL)
			fputs("\033[0m", fp);
		fputc('\n', fp);
	}
	for (i = 0; i < df->nrows; i++) {
		for (c = 0; c < DIFF_TEXT_NCOLS; c++)
			free(cells[i][c]);
		free(cells[i]);
	}
	free(cells);
	diff_ladder_text(df, fp);
	fputc('\n', fp);
	diff_text_summary(df, fp, false);
	diff_text_lists(df, fp, false);
}

void
diff_text_markdown(const struct diff *df, FILE *fp)
{
	const struct diff_row	*r;
	char			*cell[6], *raw;
	size_t			 i, c;
	bool			 one;

	fputs("### benchreport diff\n\n", fp);
	raw = text_escape_md_dup(df->opts.label_a != NULL ? df->opts.label_a : "");
	fprintf(fp, "- **A:** %s", raw);
	free(raw);
	if (df->a->title != NULL) {
		raw = text_escape_md_dup(df->a->title);
		fprintf(fp, " \u2014 %s", raw);
		free(raw);
	}
	raw = text_escape_md_dup(df->opts.label_b != NULL ? df->opts.label_b : "");
	fprintf(fp, "\n- **B:** %s", raw);
	free(raw);
	if (df->b->title != NULL) {
		raw = text_escape_md_dup(df->b->title);
		fprintf(fp, " \u2014 %s", raw);
		free(raw);
	}
	/* One pair is named once, not in a column of its own. */
	one = df->npairs == 1;
	if (one) {
		raw = diff_text_system(df, 0);
		cell[0] = text_escape_md_dup(raw);
		fprintf(fp, "\n- **System%s:** %s", strstr(raw, " -> ") != NULL ?
		    "s" : "", cell[0]);
		free(cell[0]);
		free(raw);
	}
	if (df->nrows == 0)
		fputs("\n\nNo value to compare: the sets have no test in common.\n", fp);
	else if (one)
		fputs("\n\n| Test | A | B | Change | Verdict |\n"
		    "|---|---|---|---|---|\n", fp);
	else
		fputs("\n\n| Test | System | A | B | Change | Verdict |\n"
		    "|---|---|---|---|---|---|\n", fp);
	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		raw = diff_test_label(&df->a->tests[r->test_a]);
		cell[0] = text_escape_md_dup(raw);
		free(raw);
		raw = diff_text_system(df, r->pair);
		cell[1] = text_escape_md_dup(raw);
		free(raw);
		cell[2] = diff_text_value(r->va);
		cell[3] = diff_text_value(r->vb);
		raw = diff_text_change(df, r);
		cell[4] = text_escape_md_dup(raw);
		free(raw);
		raw = diff_verdict_text(df, r, "\u00b1");
		cell[5] = text_escape_md_dup(raw);
		free(raw);
		if (r->verdict == DIFF_BETTER || r->verdict == DIFF_WORSE) {
			raw = cell[5];
			cell[5] = xasprintf("**%s**", raw);
			free(raw);
		}
		fputc('|', fp);
		for (c = 0; c < 6; c++) {
			if (c != 1 || !one)
				fprintf(fp, " %s |", cell[c]);
			free(cell[c]);
		}
		fputc('\n', fp);
	}
	fputc('\n', fp);
	diff_text_summary(df, fp, true);
	diff_text_lists(df, fp, true);
}
