/* SPDX-License-Identifier: ISC */
/*
 * Leads of the review page: per test, the best figure by the test's
 * direction against the next one, Welch's t-test between them and Holm's
 * correction across the section. The page stars, counts wins and writes
 * key findings from these alone, so the three cannot disagree.
 */
#include <math.h>
#include <stdlib.h>

#include "publish-lead.h"
#include "xalloc.h"

static bool	 publish_lead_ahead(const struct test *t, const struct value *x,
		    const struct value *y);
static void	 publish_lead_one(const struct test *t, double alpha,
		    struct publish_lead *l);

/* Is x's figure better than y's in t's direction? */
static bool
publish_lead_ahead(const struct test *t, const struct value *x,
    const struct value *y)
{
	return t->proportion == PROP_LIB ? x->mean < y->mean : x->mean > y->mean;
}

/* The best two figures of t and, where it can be, the test between them. */
static void
publish_lead_one(const struct test *t, double alpha, struct publish_lead *l)
{
	const struct value	*v, *top, *next;
	double			 diff, lo, hi, base;
	size_t			 i;

	l->kind = PUBLISH_LEAD_NONE;
	l->top = l->next = -1;
	if (t->proportion != PROP_HIB && t->proportion != PROP_LIB)
		return;
	for (i = 0; i < t->nvalues; i++) {
		v = &t->values[i];
		if (!v->has_mean || !isfinite(v->mean))
			continue;
		if (l->top == -1 || publish_lead_ahead(t, v, &t->values[l->top])) {
			l->next = l->top;
			l->top = (int)i;
		} else if (l->next == -1 ||
		    publish_lead_ahead(t, v, &t->values[l->next]))
			l->next = (int)i;
	}
	if (l->next == -1)
		return;
	top = &t->values[l->top];
	next = &t->values[l->next];
	if (top->mean == next->mean) {
		l->kind = PUBLISH_LEAD_TIE;
		return;
	}
	l->kind = PUBLISH_LEAD_UNTESTED;
	if (!top->has_se || !next->has_se || top->n < 2 || next->n < 2)
		return;
	/* As diff does: the runs' own means, B = the best, A = the next. */
	l->welch = stats_welch(value_stat_mean(next), next->se, next->n,
	    value_stat_mean(top), top->se, top->n);
	if (!l->welch.ok)
		return;
	l->kind = PUBLISH_LEAD_NOISE;
	/* As diff shows a change: the stated figures, over the next's. */
	base = fabs(next->mean);
	diff = top->mean - next->mean;
	if (base > 0 && stats_welch_ci(&l->welch, next->se, top->se, diff,
	    1 - alpha, &lo, &hi)) {
		/* In the test's direction: a fall of a lower-is-better test is a lead. */
		if (t->proportion == PROP_LIB) {
			diff = -diff;
			lo = -lo;
			hi = -hi;
		}
		l->has_ci = true;
		l->lead_pct = diff / base * 100;
		l->lo_pct = fmin(lo, hi) / base * 100;
		l->hi_pct = fmax(lo, hi) / base * 100;
	}
}

void
publish_leads(const struct result_set *rs, double alpha,
    struct publish_lead *leads)
{
	double	*p;
	size_t	 ti, k = 0;

	p = xcalloc(rs->ntests + 1, sizeof(*p));
	for (ti = 0; ti < rs->ntests; ti++) {
		publish_lead_one(&rs->tests[ti], alpha, &leads[ti]);
		if (leads[ti].kind == PUBLISH_LEAD_NOISE)
			p[k++] = leads[ti].welch.p;
	}
	stats_holm(p, k, p);
	k = 0;
	for (ti = 0; ti < rs->ntests; ti++) {
		if (leads[ti].kind != PUBLISH_LEAD_NOISE)
			continue;
		leads[ti].p_adj = p[k++];
		if (leads[ti].p_adj < alpha)
			leads[ti].kind = PUBLISH_LEAD_WON;
	}
	free(p);
}

bool
publish_lead_starred(const struct publish_lead *l, size_t vi)
{
	return l->kind == PUBLISH_LEAD_WON && l->top >= 0 && (size_t)l->top == vi;
}

void
publish_lead_rule(const struct publish_lead *leads, size_t n,
    struct strbuf *out)
{
	size_t	i, tested = 0, won = 0, untested = 0;

	for (i = 0; i < n; i++) {
		tested += leads[i].kind == PUBLISH_LEAD_NOISE ||
		    leads[i].kind == PUBLISH_LEAD_WON;
		won += leads[i].kind == PUBLISH_LEAD_WON;
		untested += leads[i].kind == PUBLISH_LEAD_UNTESTED;
	}
	strbuf_printf(out, "\u2605 marks a best value only where its lead over "
	    "the next system is significant (Welch's t-test, Holm-corrected over "
	    "the %zu lead%s tested here, \u03b1 = %g), and each \u2605 is one win: "
	    "%zu of %zu", tested, tested == 1 ? "" : "s", PUBLISH_LEAD_ALPHA, won,
	    tested);
	if (untested > 0)
		strbuf_printf(out, "; %zu lead%s without SE or two runs cannot be "
		    "tested", untested, untested == 1 ? "" : "s");
}
