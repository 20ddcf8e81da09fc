/* SPDX-License-Identifier: ISC */
/*
 * The search that tiles a run with system names is bounded: names that
 * are prefixes of one another against a run they do not tile took
 * exponential time (30 names, a 60-byte run: minutes). Found by reading
 * after the OpenBenchmarking text fuzzer timed out; without the budget
 * this test does not finish. Tilings that exist are still found. A names
 * run that splits into more consistent partitions than the search ranks
 * is refused, not read from the first of them.
 */
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "tap.h"
#include "xalloc.h"

static bool	first_word_alone(const struct ob_names *cand, void *ctx);

/* The table's cells agree with one early split only: "Aa" + the rest. */
static bool
first_word_alone(const struct ob_names *cand, void *ctx)
{
	(void)ctx;
	return cand->len == 2 && strcmp(cand->name[0], "Aa") == 0;
}

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
	{
		struct ob_name_problem	 p;
		struct ob_names		 sols[4];
		const char		*runs[1];
		long			 counts[1] = { -1 };
		char			 t[64];
		size_t			 nall, k;

		/*
		 * "AaBaCa...Ua": 21 words, 20 word joins, every partition at
		 * them consistent (2^20 of them); the cells agree with one of
		 * the first met, which would rank alone, but the search stops
		 * before it has seen the rest.
		 */
		for (i = 0; i < 21; i++) {
			t[2 * i] = (char)('A' + i);
			t[2 * i + 1] = 'a';
		}
		t[42] = '\0';
		runs[0] = t;
		memset(&p, 0, sizeof(p));
		p.t = t;
		p.runs = runs;
		p.counts = counts;
		p.nruns = 1;
		p.agree = first_word_alone;
		memset(sols, 0, sizeof(sols));
		k = ob_split_names(&p, sols, 3, &nall);
		is_int(k, 4, "more consistent partitions than the search ranks: "
		    "none chosen");
		ok(nall > 100000, "the search stopped past its bound");
		for (i = 0; i < k && i < 3; i++)
			ob_names_free(&sols[i]);
	}
	return tap_done();
}
