/* SPDX-License-Identifier: ISC */
/*
 * publish --track: the history of the published systems, from track.c,
 * as one section of the review page. The charts are track-chart.c's,
 * inline; the change points are repeated as text beside them, so the
 * facts read at any width and by a screen reader.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "publish-track.h"
#include "text-escape.h"
#include "track-chart.h"
#include "track.h"
#include "xalloc.h"

/* The narrow chart fits a 360 px window with the page's margins. */
#define PUBLISH_TRACK_NARROW	340

static void	 publish_track_series(struct strbuf *, const struct track_series *,
		    size_t);

static void
publish_track_series(struct strbuf *out, const struct track_series *se,
    size_t k)
{
	const struct track_change	*c;
	const struct track_point	*p;
	char				 prefix[40];
	size_t				 i, j;

	strbuf_adds(out, "<div class=\"result track\">\n<h3>");
	text_escape_xml(out, se->test_title);
	if (se->test_description != NULL) {
		strbuf_adds(out, ": ");
		text_escape_xml(out, se->test_description);
	}
	strbuf_adds(out, " <span class=\"muted\">on ");
	text_escape_xml(out, se->system);
	strbuf_printf(out, ", %zu points</span></h3>\n", se->len);
	snprintf(prefix, sizeof(prefix), "trk%zu-w", k);
	strbuf_adds(out, "<div class=\"chart track-wide\">");
	track_chart_svg(se, 800, prefix, out);
	strbuf_adds(out, "</div>\n<div class=\"chart track-narrow\">");
	snprintf(prefix, sizeof(prefix), "trk%zu-n", k);
	track_chart_svg(se, PUBLISH_TRACK_NARROW, prefix, out);
	strbuf_adds(out, "</div>\n<ol class=\"track-cps\">\n");
	for (i = 0; i < se->nchanges; i++) {
		c = &se->changes[i];
		p = &se->points[c->cp.index];
		strbuf_printf(out, "<li><b>%s %+.1f %%</b> at point %zu (set %lld, ",
		    track_verdict(c), 100 * c->cp.rel_change, c->cp.index + 1,
		    (long long)p->set_id);
		text_escape_xml(out, p->key != NULL ? p->key : p->when);
		strbuf_printf(out, "), p = %.2g: ", c->cp.p);
		if (c->nfacts == 0)
			strbuf_adds(out, "no stated fact changed");
		for (j = 0; j < c->nfacts; j++) {
			strbuf_adds(out, j > 0 ? "; <code>" : "<code>");
			text_escape_xml(out, c->facts[j].key);
			strbuf_adds(out, "</code> ");
			text_escape_xml(out, c->facts[j].before);
			strbuf_adds(out, " \xe2\x86\x92 ");
			text_escape_xml(out, c->facts[j].after);
		}
		strbuf_adds(out, "</li>\n");
	}
	strbuf_adds(out, "</ol>\n</div>\n");
}

int
publish_track_section(struct store *st, struct result_set *const *sets,
    size_t nsets, struct strbuf *html, struct strbuf *css, struct diag *d)
{
	struct str_list		 names = { NULL, 0, 0 };
	struct track_query	 q;
	struct track_result	*r = NULL;
	size_t			 i, j, k, nr = 0, ncp = 0, quiet = 0, shown = 0;
	int			 rc = -1;

	for (i = 0; i < nsets; i++)
		for (j = 0; j < sets[i]->nsystems; j++) {
			const char	*id = sets[i]->systems[j].identifier;

			for (k = 0; id != NULL && k < names.len &&
			    strcmp(names.items[k], id) != 0; k++)
				;
			if (id != NULL && k == names.len)
				str_list_add(&names, id);
		}
	r = xcalloc(names.len + 1, sizeof(*r));
	for (i = 0; i < names.len; i++) {
		track_query_init(&q);
		q.system = names.items[i];
		if (track_build(st, &q, &r[i], d) == -1)
			goto out;
		nr++;
	}
	for (i = 0; i < nr; i++)
		for (j = 0; j < r[i].len; j++) {
			ncp += r[i].series[j].nchanges;
			quiet += r[i].series[j].nchanges == 0;
		}
	strbuf_adds(html, "<section id=\"history\">\n<h2>History</h2>\n"
	    "<p class=\"muted\">Each test of these systems across every stored "
	    "result set, in the order the results were made. Change points: "
	    "E-divisive means with Student&#8217;s t-test (p &#8804; 0.0001, "
	    "at least 3 points a side); the facts listed are those stated "
	    "for the sets on either side that differ.</p>\n");
	for (i = 0, k = 0; i < nr; i++)
		k += r[i].len;
	strbuf_printf(html, "<p>%zu change point%s in %zu series.</p>\n", ncp,
	    ncp == 1 ? "" : "s", k);
	for (i = 0; i < nr; i++)
		for (j = 0; j < r[i].len; j++)
			if (r[i].series[j].nchanges > 0)
				publish_track_series(html, &r[i].series[j], shown++);
	if (quiet > 0) {
		strbuf_printf(html, "<details><summary>%zu series without a "
		    "change point</summary>\n<ul>\n", quiet);
		for (i = 0; i < nr; i++)
			for (j = 0; j < r[i].len; j++) {
				const struct track_series *se = &r[i].series[j];

				if (se->nchanges > 0)
					continue;
				strbuf_adds(html, "<li>");
				text_escape_xml(html, se->test_title);
				if (se->test_description != NULL) {
					strbuf_adds(html, ": ");
					text_escape_xml(html, se->test_description);
				}
				strbuf_adds(html, " on ");
				text_escape_xml(html, se->system);
				strbuf_printf(html, " (%zu point%s)</li>\n",
				    se->len, se->len == 1 ? "" : "s");
			}
		strbuf_adds(html, "</ul>\n</details>\n");
	}
	strbuf_adds(html, "</section>\n");
	strbuf_adds(css, "\n/* publish --track */\n"
	    ".track-narrow { display:none; }\n"
	    ".track-cps { overflow-wrap:anywhere; }\n"
	    "@media (max-width: 600px) {\n"
	    "  .track-wide { display:none; }\n"
	    "  .track-narrow { display:block; }\n"
	    "}\n");
	rc = 0;
out:
	for (i = 0; i < nr; i++)
		track_result_free(&r[i]);
	free(r);
	str_list_free(&names);
	return rc;
}
