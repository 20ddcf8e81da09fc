/* SPDX-License-Identifier: ISC */
/*
 * Key findings: the short paragraph that opens each section of the review
 * page, written from the section's leads (publish-lead.h) alone: the
 * largest significant leads with their confidence intervals, the tests
 * where the best two showed no detectable difference (with the change
 * the runs could have seen), and how many could not be tested.
 * Ownership: borrows everything; appends to a caller-owned strbuf.
 */
#ifndef BENCHREPORT_PUBLISH_FINDINGS_H
#define BENCHREPORT_PUBLISH_FINDINGS_H

#include <stddef.h>

#include "model.h"
#include "publish-lead.h"
#include "strbuf.h"

/* Leads and unseen differences named one by one; the rest are counted. */
#define PUBLISH_FINDINGS_MAX	5

/*
 * Append the key findings of set number set (0-based) rs, whose leads
 * publish_leads computed, to out: a <div class="findings"> with one
 * <span class="claim"> per claim (data-test: the test's 0-based index,
 * data-top and data-next: the two systems' indexes). names are the tests'
 * short names (publish_short_names). Nothing when rs has fewer than two
 * systems.
 */
void	 publish_findings(const struct result_set *rs,
	    const struct publish_lead *leads, const struct str_list *names,
	    size_t set, struct strbuf *out);

#endif
