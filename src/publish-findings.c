/* SPDX-License-Identifier: ISC */
/*
 * The key findings paragraph of a review section. Every claim in it is a
 * significant lead of publish-lead.c (so it is a star and a win of the
 * same page, and a significant row of `benchreport diff` between the two
 * systems), said with its direction in words and its 95 % confidence
 * interval; what showed no detectable difference is said with the change
 * the runs could have seen. It computes nothing the leads do not hold
 * but the detectable effect.
 */
#include <math.h>
#include <stdlib.h>

#include "publish-findings.h"
#include "stats-power.h"
#include "text-escape.h"
#include "xalloc.h"

static int	 publish_findings_cmp(const void *x, const void *y);
static void	 publish_findings_claim(const struct result_set *rs,
		    const struct publish_lead *l, size_t ti,
		    const struct str_list *names, size_t set, struct strbuf *out);
static void	 publish_findings_quiet(const struct result_set *rs,
		    const struct publish_lead *l, size_t ti,
		    const struct str_list *names, size_t set, struct strbuf *out);

/* For qsort of the leads' indexes: the largest lead first, then test order. */
static const struct publish_lead *publish_findings_sorting;

static int
publish_findings_cmp(const void *x, const void *y)
{
	size_t	a = *(const size_t *)x, b = *(const size_t *)y;
	double	la = publish_findings_sorting[a].lead_pct;
	double	lb = publish_findings_sorting[b].lead_pct;

	if (la != lb)
		return la > lb ? -1 : 1;
	return a < b ? -1 : a > b;
}

/*
 * "<b>X</b> is 18.0% higher (better) than <b>Y</b> in <a>test</a> (95% CI
 * 15.1% to 20.9%)".
 */
static void
publish_findings_claim(const struct result_set *rs,
    const struct publish_lead *l, size_t ti, const struct str_list *names,
    size_t set, struct strbuf *out)
{
	const struct test	*t = &rs->tests[ti];
	const struct value	*top = &t->values[l->top], *next = &t->values[l->next];

	strbuf_printf(out, "<span class=\"claim\" data-test=\"%zu\" data-top=\"%zu\" "
	    "data-next=\"%zu\"><b>", ti, top->system, next->system);
	text_escape_xml(out, rs->systems[top->system].identifier);
	strbuf_printf(out, "</b> is %.1f%% %s (better) than <b>", l->lead_pct,
	    t->proportion == PROP_LIB ? "lower" : "higher");
	text_escape_xml(out, rs->systems[next->system].identifier);
	strbuf_printf(out, "</b> in <a href=\"#r%zu-%zu\">", set + 1, ti + 1);
	text_escape_xml(out, names->items[ti]);
	strbuf_printf(out, "</a> (95%% CI %.1f%% to %.1f%%)</span>", l->lo_pct,
	    l->hi_pct);
}

/* "<a>test</a> (no lead beyond ±2.9% detectable)". */
static void
publish_findings_quiet(const struct result_set *rs,
    const struct publish_lead *l, size_t ti, const struct str_list *names,
    size_t set, struct strbuf *out)
{
	const struct test	*t = &rs->tests[ti];
	const struct value	*top = &t->values[l->top], *next = &t->values[l->next];
	double			 mde;

	strbuf_printf(out, "<span class=\"quiet\" data-test=\"%zu\"><a href=\"#r%zu-%zu\">",
	    ti, set + 1, ti + 1);
	text_escape_xml(out, names->items[ti]);
	strbuf_adds(out, "</a>");
	if (next->mean != 0 && stats_mde(sqrt(top->se * top->se + next->se *
	    next->se), l->welch.df, PUBLISH_LEAD_ALPHA, STATS_POWER_DEFAULT, &mde))
		strbuf_printf(out, " (no lead beyond \u00b1%.1f%% detectable)",
		    mde / fabs(next->mean) * 100);
	strbuf_adds(out, "</span>");
}

void
publish_findings(const struct result_set *rs, const struct publish_lead *leads,
    const struct str_list *names, size_t set, struct strbuf *out)
{
	size_t	*won, *quiet, nwon = 0, nquiet = 0, nuntested = 0, i, ti;

	if (rs->nsystems < 2)
		return;
	won = xcalloc(rs->ntests + 1, sizeof(*won));
	quiet = xcalloc(rs->ntests + 1, sizeof(*quiet));
	for (ti = 0; ti < rs->ntests; ti++) {
		if (leads[ti].kind == PUBLISH_LEAD_WON && leads[ti].has_ci)
			won[nwon++] = ti;
		else if (leads[ti].kind == PUBLISH_LEAD_NOISE)
			quiet[nquiet++] = ti;
		else if (leads[ti].kind == PUBLISH_LEAD_UNTESTED)
			nuntested++;
	}
	publish_findings_sorting = leads;
	qsort(won, nwon, sizeof(*won), publish_findings_cmp);
	publish_findings_sorting = NULL;
	strbuf_printf(out, "<div class=\"findings\" id=\"s%zu-findings\">\n"
	    "<h3>Key findings</h3>\n<p>", set + 1);
	if (nwon + nquiet == 0)
		strbuf_adds(out, "No test has a lead between its best two systems "
		    "that can be tested. ");
	else if (nwon == 0)
		strbuf_printf(out, "No system is ahead of the next beyond noise in "
		    "any of the %zu test%s whose lead could be tested. ", nquiet,
		    nquiet == 1 ? "" : "s");
	for (i = 0; i < nwon && i < PUBLISH_FINDINGS_MAX; i++) {
		publish_findings_claim(rs, &leads[won[i]], won[i], names, set, out);
		strbuf_adds(out, ". ");
	}
	if (nwon > PUBLISH_FINDINGS_MAX)
		strbuf_printf(out, "%zu more lead%s %s significant (\u2605 in the "
		    "overview). ", nwon - PUBLISH_FINDINGS_MAX,
		    nwon - PUBLISH_FINDINGS_MAX == 1 ? "" : "s",
		    nwon - PUBLISH_FINDINGS_MAX == 1 ? "is" : "are");
	if (nquiet > 0 && nwon > 0) {
		strbuf_printf(out, "The best two systems showed no detectable "
		    "difference in %zu test%s: ", nquiet, nquiet == 1 ? "" : "s");
		for (i = 0; i < nquiet && i < PUBLISH_FINDINGS_MAX; i++) {
			strbuf_adds(out, i > 0 ? ", " : "");
			publish_findings_quiet(rs, &leads[quiet[i]], quiet[i], names,
			    set, out);
		}
		if (nquiet > PUBLISH_FINDINGS_MAX)
			strbuf_printf(out, " and %zu more", nquiet -
			    PUBLISH_FINDINGS_MAX);
		strbuf_adds(out, ". ");
	}
	if (nuntested > 0)
		strbuf_printf(out, "%zu test%s give%s no SE or fewer than two runs "
		    "for a system, so %s lead cannot be tested.", nuntested,
		    nuntested == 1 ? "" : "s", nuntested == 1 ? "s" : "",
		    nuntested == 1 ? "its" : "their");
	strbuf_adds(out, "</p>\n<p class=\"muted note\">Each claim is a \u2605 of "
	    "the overview: the best value's lead over the next system, in % of "
	    "the next, with its 95% confidence interval (Welch's t-test, "
	    "Holm-corrected over the section's leads). A detectable difference "
	    "is the one the runs find with power 0.8.</p>\n</div>\n");
	free(won);
	free(quiet);
}
