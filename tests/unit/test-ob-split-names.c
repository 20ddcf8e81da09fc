/* SPDX-License-Identifier: ISC */
/*
 * The name search tries every partition of the table's names run, by name
 * count and then cut positions, and keeps those every run allows. Worked
 * out by hand: "abcd" into three names, every chart's run made of
 * them, one chart showing "bcd" as two names: a|b|cd (b + cd) and a|bc|d
 * (bc + d) fit; ab|c|d does not (no name starts "bcd"). A name stated
 * once pins its boundaries, and no cut is next to a space.
 */
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "tap.h"

int
main(void)
{
	const char		*runs[] = { "abcd", "bcd" };
	const long		 counts[] = { 3, 2 };
	struct ob_name_problem	 p;
	struct ob_names		 sols[4];
	size_t			 n, all, i;
	unsigned long		 left = 1000000;

	memset(&p, 0, sizeof(p));
	p.left = &left;
	p.t = "abcd";
	p.runs = runs;
	p.counts = counts;
	p.nruns = 2;
	p.min_names = 3;
	n = ob_split_names(&p, sols, 4, &all);
	is_int(all, 2, "abcd: two splits fit every run");
	is_int(n, 2, "abcd: both equally at word joins");
	if (n == 2 && sols[0].len == 3 && sols[1].len == 3) {
		is_str(sols[0].name[2], "cd", "abcd: a|b|cd first (cut order)");
		is_str(sols[1].name[1], "bc", "abcd: then a|bc|d");
	} else
		ok(0, "abcd: the two splits are kept");
	for (i = 0; i < n && i < 4; i++)
		ob_names_free(&sols[i]);

	/* A run no split can tile: nothing fits. */
	runs[1] = "bdc";
	n = ob_split_names(&p, sols, 4, &all);
	is_int(all, 0, "abcd: no split tiles \"bdc\" with two names");
	for (i = 0; i < n && i < 4; i++)
		ob_names_free(&sols[i]);

	/* A name stated once pins its boundaries: only a|bc|d. */
	{
		const char	*hard[] = { "bc" };
		const long	 any[] = { -1 };

		memset(&p, 0, sizeof(p));
		p.left = &left;
		p.t = runs[0] = "abcd";
		p.runs = runs;
		p.counts = any;
		p.nruns = 1;
		p.hard = hard;
		p.nhard = 1;
		n = ob_split_names(&p, sols, 4, &all);
		ok(all == 1 && n == 1 && sols[0].len == 3 &&
		    strcmp(sols[0].name[1], "bc") == 0,
		    "abcd with \"bc\" stated: a|bc|d alone");
		for (i = 0; i < n && i < 4; i++)
			ob_names_free(&sols[i]);
	}

	/* Never cut next to a space: a|b cd and ab c|d, not ab| cd. */
	memset(&p, 0, sizeof(p));
	p.left = &left;
	p.t = runs[0] = "ab cd";
	p.runs = runs;
	p.counts = counts + 1;		/* two names */
	p.nruns = 1;
	n = ob_split_names(&p, sols, 4, &all);
	is_int(all, 2, "ab cd: two splits, none at the space");
	if (n == 2 && sols[0].len == 2 && sols[1].len == 2) {
		is_str(sols[0].name[1], "b cd", "ab cd: a|b cd first");
		is_str(sols[1].name[0], "ab c", "ab cd: then ab c|d");
	} else
		ok(0, "ab cd: the two splits are kept");
	for (i = 0; i < n && i < 4; i++)
		ob_names_free(&sols[i]);
	return tap_done();
}
