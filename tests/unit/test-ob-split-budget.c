/* SPDX-License-Identifier: ISC */
/*
 * The search that tiles a run with system names is bounded: names that
 * are prefixes of one another against a run they do not tile took
 * exponential time (30 names, a 60-byte run: minutes). Found by reading
 * after the OpenBenchmarking text fuzzer timed out; without the budget
 * this test does not finish. Tilings that exist are still found.
 */
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "tap.h"
#include "xalloc.h"

int
main(void)
{
	struct ob_names	 n;
	size_t		 order[64], cnt, i;
	char		*run;

	n.len = 30;
	n.name = xcalloc(n.len, sizeof(char *));
	for (i = 0; i < n.len; i++) {	/* "a", "aa", "aaa", ... */
		n.name[i] = xcalloc(i + 2, 1);
		memset(n.name[i], 'a', i + 1);
	}
	run = xcalloc(200, 1);
	memset(run, 'a', 120);
	run[120] = 'b';			/* no tiling: every order is tried */
	is_int(ob_split_tile(run, &n, order, &cnt), 0,
	    "a run no names tile is refused within the budget");
	memset(run, 0, 200);
	memset(run, 'a', 6);		/* e.g. "a" + "aa" + "aaa" */
	ok(ob_split_tile(run, &n, order, &cnt) > 0, "a run that tiles still tiles");
	{
		size_t	sum = 0;

		for (i = 0; i < cnt; i++)
			sum += strlen(n.name[order[i]]);
		is_int(sum, 6, "and the names found make up the run");
	}
	for (i = 0; i < n.len; i++)
		free(n.name[i]);
	free(n.name);
	free(run);
	return tap_done();
}
