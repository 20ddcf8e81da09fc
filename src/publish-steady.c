/* SPDX-License-Identifier: ISC */
/*
 * Steady-state marks for the page: each value's log taken a sample a
 * round, as `benchreport steady` takes it by default, and checked; a
 * paragraph per value, escaped, with the class "steady" and, when the
 * rule was not met, "not-reached".
 */
#include <stdlib.h>

#include "publish-steady.h"
#include "steady.h"
#include "text-escape.h"

void
publish_steady_marks(struct strbuf *out, const struct result_set *rs,
    const struct test *t)
{
	const struct value	*v;
	struct steady		 s;
	const char		*what;
	double			*r;
	size_t			 i, n;

	for (i = 0; i < t->nvalues; i++) {
		v = &t->values[i];
		if ((r = steady_value_rounds(v, 0, false, &what, &n)) == NULL)
			continue;
		s = steady_find(r, n);
		free(r);
		if (!s.ok)
			continue;
		strbuf_adds(out, s.reached ? "<p class=\"note steady\">" :
		    "<p class=\"note steady not-reached\">");
		text_escape_xml(out, rs->systems[v->system].identifier);
		if (s.reached)
			strbuf_printf(out, ": steady state (SNIA) reached at rounds "
			    "%zu-%zu of %zu (range %.1f %%, fit excursion %.1f %% "
			    "of the window's average)</p>\n", s.first + 1,
			    s.first + STEADY_WINDOW, n, s.range_pct,
			    s.excursion_pct);
		else
			strbuf_printf(out, ": steady state (SNIA) not reached in "
			    "%zu rounds</p>\n", n);
	}
}
