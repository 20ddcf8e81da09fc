/* SPDX-License-Identifier: ISC */
/*
 * `serve`'s HTML pages, in the review page's skeleton and style sheet
 * (publish_html_frame) or, for a set and a comparison, the review page
 * itself (publish_page): the searchable list of sets, a set, a comparison
 * of two or more sets with diff's verdicts, a system's history in a test,
 * and every result of a drive. Plain links and GET forms: no script.
 * Every string from the store is escaped once, by text_escape_xml.
 * Ownership: requests are borrowed; pages are appended to the response.
 */
#ifndef BENCHREPORT_SERVE_PAGE_H
#define BENCHREPORT_SERVE_PAGE_H

#include <stdint.h>

#include "serve-route.h"

/* GET /?q=WORDS&key=FACT&value=TEXT&page=N: the sets, searched and paged. */
void	 serve_page_list(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* GET /sets/ID: the set's review page, as publish writes it. */
void	 serve_page_set(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* GET /compare?id=A&id=B...: the review of the sets with each diff against A. */
void	 serve_page_compare(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* GET /history?system=NAME&test=WORDS: the system's results in those tests. */
void	 serve_page_history(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* GET /drive?model=TEXT: every result of the systems with that drive. */
void	 serve_page_drive(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* Replace rs's body with an error page saying msg (rs->status is kept). */
void	 serve_page_error(struct serve_resp *rs, const char *msg);

#endif
