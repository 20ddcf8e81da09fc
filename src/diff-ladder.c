/* SPDX-License-Identifier: ISC */
/*
 * Latency ladders in a diff: each compared value whose two sides carry
 * run histograms (MODEL_HIST_SERIES) gets its ladder on each side and
 * the ratios B / A per rung with their intervals and Holm-adjusted
 * p-values. A's bootstrap uses LADDER_SEED, B's LADDER_SEED + 1, so the
 * two sides' resamples are independent and the output is the same on
 * every run. The value's own row (the 99th percentile fio states) stays
 * in the main table; the ladder is read from the bins.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "diff-ladder.h"
#include "text-safe.h"
#include "text-json.h"
#include "xalloc.h"

/* Both sides' ladders of one diff row. */
struct diff_ladder_row {
	const struct diff_row	*row;
	struct ladder		 a, b;
	struct ladder_cmp	 cmp;
	const char		*why;	/* static: histograms that could not be read */
};

static size_t	 diff_ladder_rows(const struct diff *df, struct diff_ladder_row **out);
static void	 diff_ladder_rows_free(struct diff_ladder_row *r, size_t n);
static void	 diff_ladder_rung_text(const struct ladder_rung *g, char *buf,
		    size_t size);
static void	 diff_ladder_ratio_text(const struct ladder_ratio *x, char *buf,
		    size_t size);
static void	 diff_ladder_method(const struct ladder *l, FILE *fp);
static char	*diff_ladder_label(const struct test *t);
static struct json_object *diff_ladder_num(double v);

/*
 * The test's label for its ladder: the histograms ride on the 99th
 * percentile test, but the ladder is the job's completion latency, so
 * " - Latency: ..." becomes " - completion latency".
 */
static char *
diff_ladder_label(const struct test *t)
{
	char	*label, *p, *r;

	label = diff_test_label(t);
	if ((p = strstr(label, " - Latency: ")) == NULL)
		return label;
	*p = '\0';
	r = xasprintf("%s - completion latency", label);
	free(label);
	return r;
}

/* Rows of df with histograms on both sides, their ladders computed. */
static size_t
diff_ladder_rows(const struct diff *df, struct diff_ladder_row **out)
{
	struct diff_ladder_row	*rows = NULL;
	struct ladder_hist	*ha, *hb;
	const struct diff_row	*r;
	const char		*why;
	size_t			 i, n = 0, na, nb;

	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		if (r->va == NULL || r->vb == NULL)
			continue;
		why = NULL;
		if (ladder_hists_from_value(r->va, &ha, &na, &why) == -1)
			ha = NULL, na = 0;
		if (ladder_hists_from_value(r->vb, &hb, &nb, &why) == -1)
			hb = NULL, nb = 0;
		if ((na == 0 || nb == 0) && why == NULL) {
			ladder_hists_free(ha, na);
			ladder_hists_free(hb, nb);
			continue;
		}
		rows = xreallocarray(rows, n + 1, sizeof(*rows));
		memset(&rows[n], 0, sizeof(rows[n]));
		rows[n].row = r;
		rows[n].why = why;
		if (why == NULL) {
			ladder_compute(ha, na, LADDER_SEED, &rows[n].a);
			ladder_compute(hb, nb, LADDER_SEED + 1, &rows[n].b);
			ladder_compare(&rows[n].a, &rows[n].b, &rows[n].cmp);
		}
		ladder_hists_free(ha, na);
		ladder_hists_free(hb, nb);
		n++;
	}
	*out = rows;
	return n;
}

static void
diff_ladder_rows_free(struct diff_ladder_row *r, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		ladder_free(&r[i].a);
		ladder_free(&r[i].b);
	}
	free(r);
}

/* "1544 [1520, 1568]" or "not estimable (needs 100000 I/Os)". */
static void
diff_ladder_rung_text(const struct ladder_rung *g, char *buf, size_t size)
{
	if (!g->ok)
		snprintf(buf, size, "not estimable (needs %.0f I/Os)", g->need);
	else if (g->ci != LADDER_CI_NONE)
		snprintf(buf, size, "%.4g [%.4g, %.4g]", g->us, g->lo, g->hi);
	else
		snprintf(buf, size, "%.4g", g->us);
}

/* "+29.8% [+27.1, +32.6]" (the interval in percentage points), or why not. */
static void
diff_ladder_ratio_text(const struct ladder_ratio *x, char *buf, size_t size)
{
	char	p[80] = "";

	if (!x->ok) {
		snprintf(buf, size, "%s", x->why);
		return;
	}
	if (x->has_p_adj)
		snprintf(p, sizeof(p), "  p %.2g (Holm)", x->p_adj);
	else if (x->welch.why != NULL)
		snprintf(p, sizeof(p), "  no p: %s", x->welch.why);
	if (x->ci != LADDER_CI_NONE)
		snprintf(buf, size, "%+.1f%% [%+.1f, %+.1f]%s",
		    (x->ratio - 1) * 100, (x->lo - 1) * 100, (x->hi - 1) * 100, p);
	else
		snprintf(buf, size, "%+.1f%%%s", (x->ratio - 1) * 100, p);
}

static void
diff_ladder_method(const struct ladder *l, FILE *fp)
{
	fprintf(fp, "%zu run%s, %.0f I/Os; ", l->nruns, l->nruns == 1 ? "" : "s",
	    l->ios);
	if (l->resamples > 0)
		fprintf(fp, "intervals between runs: bootstrap over runs, %zu "
		    "resamples, seed %lu", l->resamples, l->seed);
	else
		fputs("intervals within-run: order statistics of the I/Os", fp);
}

void
diff_ladder_print(const struct ladder *l, FILE *fp)
{
	char	buf[96];
	size_t	k;

	for (k = 0; k < LADDER_NRUNGS; k++) {
		diff_ladder_rung_text(&l->rung[k], buf, sizeof(buf));
		fprintf(fp, "  %-7s %s\n", ladder_rung_name(k), buf);
	}
	fprintf(fp, "  %-7s %.4g\n  ", "mean", l->mean_us);
	diff_ladder_method(l, fp);
	fputc('\n', fp);
}

void
diff_ladder_text(const struct diff *df, FILE *fp)
{
	struct diff_ladder_row	*rows;
	const struct diff_ladder_row *lr;
	char			 a[96], b[96], x[96], *label;
	size_t			 n, i, k, w = 0;

	if ((n = diff_ladder_rows(df, &rows)) == 0)
		return;
	fputs("\nLatency ladders (usec, from the runs' histograms)\n", fp);
	for (i = 0; i < n; i++) {
		lr = &rows[i];
		label = diff_ladder_label(&df->a->tests[lr->row->test_a]);
		fputc('\n', fp);
		text_safe_fputs(label, fp);
		fputs("  [", fp);
		text_safe_fputs(df->a->systems[df->pairs[lr->row->pair].a].identifier, fp);
		fputs(" -> ", fp);
		text_safe_fputs(df->b->systems[df->pairs[lr->row->pair].b].identifier, fp);
		fputs("]\n", fp);
		free(label);
		if (lr->why != NULL) {
			fprintf(fp, "  not computed: a histogram %s\n", lr->why);
			continue;
		}
		for (k = 0, w = 1; k < LADDER_NRUNGS; k++) {
			diff_ladder_rung_text(&lr->a.rung[k], a, sizeof(a));
			if (strlen(a) > w)
				w = strlen(a);
			diff_ladder_rung_text(&lr->b.rung[k], b, sizeof(b));
			if (strlen(b) > w)
				w = strlen(b);
		}
		fprintf(fp, "  %-7s %-*s  %-*s  %s\n", "", (int)w, "A", (int)w, "B",
		    "B vs A");
		for (k = 0; k < LADDER_NRUNGS; k++) {
			diff_ladder_rung_text(&lr->a.rung[k], a, sizeof(a));
			diff_ladder_rung_text(&lr->b.rung[k], b, sizeof(b));
			diff_ladder_ratio_text(&lr->cmp.rung[k], x, sizeof(x));
			fprintf(fp, "  %-7s %-*s  %-*s  %s\n", ladder_rung_name(k),
			    (int)w, a, (int)w, b, x);
		}
		snprintf(a, sizeof(a), "%.4g", lr->a.mean_us);
		snprintf(b, sizeof(b), "%.4g", lr->b.mean_us);
		fprintf(fp, "  %-7s %-*s  %-*s  ", "mean", (int)w, a, (int)w, b);
		if (isfinite(lr->cmp.mean_ratio))
			fprintf(fp, "%+.1f%%", (lr->cmp.mean_ratio - 1) * 100);
		fputs("\n  A: ", fp);
		diff_ladder_method(&lr->a, fp);
		fputs("\n  B: ", fp);
		diff_ladder_method(&lr->b, fp);
		fputc('\n', fp);
	}
	diff_ladder_rows_free(rows, n);
}

/* A number, or null when it is not finite. */
static struct json_object *
diff_ladder_num(double v)
{
	return isfinite(v) ? json_object_new_double(v) : NULL;
}

struct json_object *
diff_ladder_to_json(const struct ladder *l)
{
	struct json_object	*o, *a, *g, *b = NULL;
	const struct ladder_rung *r;
	size_t			 k;

	o = json_object_new_object();
	json_object_object_add(o, "runs", json_object_new_int64((int64_t)l->nruns));
	json_object_object_add(o, "ios", json_object_new_double(l->ios));
	json_object_object_add(o, "mean", diff_ladder_num(l->mean_us));
	if (l->resamples > 0) {
		b = json_object_new_object();
		json_object_object_add(b, "resamples",
		    json_object_new_int64((int64_t)l->resamples));
		json_object_object_add(b, "seed", json_object_new_int64((int64_t)l->seed));
	}
	json_object_object_add(o, "bootstrap", b);
	a = json_object_new_array();
	for (k = 0; k < LADDER_NRUNGS; k++) {
		r = &l->rung[k];
		g = json_object_new_object();
		json_object_object_add(g, "rung", json_object_new_string(ladder_rung_name(k)));
		json_object_object_add(g, "percentile", json_object_new_double(r->pct));
		json_object_object_add(g, "estimable", json_object_new_boolean(r->ok));
		json_object_object_add(g, "needs_ios", json_object_new_double(r->need));
		json_object_object_add(g, "value", r->ok ? diff_ladder_num(r->us) : NULL);
		json_object_object_add(g, "ci_lo", r->ci != LADDER_CI_NONE ?
		    diff_ladder_num(r->lo) : NULL);
		json_object_object_add(g, "ci_hi", r->ci != LADDER_CI_NONE ?
		    diff_ladder_num(r->hi) : NULL);
		json_object_object_add(g, "interval", r->ci != LADDER_CI_NONE ?
		    json_object_new_string(ladder_ci_name(r->ci)) : NULL);
		json_object_array_add(a, g);
	}
	json_object_object_add(o, "rungs", a);
	return o;
}

struct json_object *
diff_ladder_json(const struct diff *df)
{
	struct diff_ladder_row	*rows;
	const struct diff_ladder_row *lr;
	const struct ladder_ratio *x;
	struct json_object	*arr, *o, *ra, *g;
	char			*label;
	size_t			 n, i, k;

	arr = json_object_new_array();
	n = diff_ladder_rows(df, &rows);
	for (i = 0; i < n; i++) {
		lr = &rows[i];
		o = json_object_new_object();
		label = diff_ladder_label(&df->a->tests[lr->row->test_a]);
		json_object_object_add(o, "test", text_json_string(label));
		free(label);
		json_object_object_add(o, "system_a", text_json_string(
		    df->a->systems[df->pairs[lr->row->pair].a].identifier));
		json_object_object_add(o, "system_b", text_json_string(
		    df->b->systems[df->pairs[lr->row->pair].b].identifier));
		json_object_object_add(o, "unit", json_object_new_string("usec"));
		if (lr->why != NULL) {
			json_object_object_add(o, "error", text_json_string(lr->why));
			json_object_array_add(arr, o);
			continue;
		}
		json_object_object_add(o, "a", diff_ladder_to_json(&lr->a));
		json_object_object_add(o, "b", diff_ladder_to_json(&lr->b));
		ra = json_object_new_array();
		for (k = 0; k < LADDER_NRUNGS; k++) {
			x = &lr->cmp.rung[k];
			g = json_object_new_object();
			json_object_object_add(g, "rung",
			    json_object_new_string(ladder_rung_name(k)));
			json_object_object_add(g, "ratio", x->ok ?
			    diff_ladder_num(x->ratio) : NULL);
			json_object_object_add(g, "ci_lo", x->ok && x->ci !=
			    LADDER_CI_NONE ? diff_ladder_num(x->lo) : NULL);
			json_object_object_add(g, "ci_hi", x->ok && x->ci !=
			    LADDER_CI_NONE ? diff_ladder_num(x->hi) : NULL);
			json_object_object_add(g, "interval", x->ok && x->ci !=
			    LADDER_CI_NONE ? json_object_new_string(
			    ladder_ci_name(x->ci)) : NULL);
			json_object_object_add(g, "p", x->welch.ok ?
			    diff_ladder_num(x->welch.p) : NULL);
			json_object_object_add(g, "p_holm", x->has_p_adj ?
			    diff_ladder_num(x->p_adj) : NULL);
			json_object_object_add(g, "p_why", x->ok && !x->welch.ok &&
			    x->welch.why != NULL ? json_object_new_string(
			    x->welch.why) : NULL);
			json_object_object_add(g, "why", x->ok ? NULL :
			    json_object_new_string(x->why));
			json_object_array_add(ra, g);
		}
		json_object_object_add(o, "ratios", ra);
		json_object_object_add(o, "mean_ratio",
		    diff_ladder_num(lr->cmp.mean_ratio));
		json_object_array_add(arr, o);
	}
	diff_ladder_rows_free(rows, n);
	return arr;
}
