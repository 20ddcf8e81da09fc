/* SPDX-License-Identifier: ISC */
/*
 * The one rule behind the review page's stars, wins and key findings: a
 * test's best value leads when its lead over the next system is
 * significant by the test diff uses (Welch's t-test on the runs' means,
 * Holm-corrected across the section's tested leads, alpha 0.05). A best
 * value whose lead is noise, untestable (no SE, or N < 2) or a tie is
 * not starred and wins nothing.
 * Ownership: publish_leads fills a caller-owned array and borrows rs.
 */
#ifndef BENCHREPORT_PUBLISH_LEAD_H
#define BENCHREPORT_PUBLISH_LEAD_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"
#include "stats.h"
#include "strbuf.h"

#define PUBLISH_LEAD_ALPHA	0.05

enum publish_lead_kind {
	PUBLISH_LEAD_NONE = 0,	/* no direction or fewer than two values */
	PUBLISH_LEAD_TIE,	/* the two best figures are equal */
	PUBLISH_LEAD_UNTESTED,	/* SE or N >= 2 missing on one of the two */
	PUBLISH_LEAD_NOISE,	/* tested, not significant after Holm */
	PUBLISH_LEAD_WON	/* significant: starred, a win */
};

struct publish_lead {
	enum publish_lead_kind	 kind;
	int			 top;	/* index into t->values of the best figure, or -1 */
	int			 next;	/* the runner-up, or -1 */
	struct welch		 welch;	/* next against top, when tested */
	double			 p_adj;	/* Holm-adjusted p, when tested */
	bool			 has_ci;
	double			 lead_pct, lo_pct, hi_pct; /* lead in % of next, 95 % CI */
};

/*
 * The lead of every test of rs into leads[0 .. rs->ntests - 1]. lead_pct
 * is how much better the best is than the next, in % of the next's
 * figure, in the test's direction (always > 0 for a lead), with its
 * 1 - alpha confidence interval from the Welch test.
 */
void	 publish_leads(const struct result_set *rs, double alpha,
	    struct publish_lead *leads);

/*
 * The rule in one sentence, with the section's counts, appended to out
 * (no markup from a file): "★ marks a best value only where its lead over
 * the next system is significant (...), and each ★ is one win".
 */
void	 publish_lead_rule(const struct publish_lead *leads, size_t n,
	    struct strbuf *out);

/* True when value index vi of the test with lead l is starred. */
bool	 publish_lead_starred(const struct publish_lead *l, size_t vi);

#endif
