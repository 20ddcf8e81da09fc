/* SPDX-License-Identifier: ISC */
/*
 * The searches that tile runs with system names and partition the names
 * run spend the document's steps and stop when they are spent: names that
 * are prefixes of one another against a run they do not tile would take
 * exponential time (30 names, a 60-byte run: minutes), and without the
 * steps this test does not finish. Tilings that exist are still found. A
 * names run with more partitions than steps left is not read from the
 * first of them: the steps read spent and nothing is chosen; with enough
 * steps the same run reads its one agreed split.
 */
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "tap.h"
#include "xalloc.h"

static bool	first_word_alone(const struct ob_names *cand, void *ctx);
static void	partitions(unsigned long steps, size_t want, const char *name);

/* The table's cells agree with one early split only: "Aa" + the rest. */
static bool
first_word_alone(const struct ob_names *cand, void *ctx)
{
	(void)ctx;
	return cand->len == 2 && strcmp(cand->name[0], "Aa") == 0;
}

/*
 * "AaBaCa...Ua": 21 words, 20 word joins, every partition at them
 * consistent (2^20 of them); the cells agree with one.
 */
static void
partitions(unsigned long steps, size_t want, const char *name)
{
	struct ob_name_problem	 p;
	struct ob_names		 sols[4];
	const char		*runs[1];
	long			 counts[1] = { -1 };
	char			 t[64];
	size_t			 nall, k, i;
	unsigned long		 left = steps;

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
	p.left = &left;
	memset(sols, 0, sizeof(sols));
	k = ob_split_names(&p, sols, 3, &nall);
	is_int(k, want, name);
	ok((left == 0) == (want > 3), "  and the steps read spent only then");
	if (k == 1)
		is_str(sols[0].name[0], "Aa", "  the agreed split");
	for (i = 0; i < k && i < 3; i++)
		ob_names_free(&sols[i]);
}

int
main(void)
{
	struct ob_names	 n;
	size_t		 order[64], cnt, i, sum = 0;
	unsigned long	 left = 1000000;
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
	is_int(ob_split_tile(run, &n, order, &cnt, &left), 0,
	    "a run no names tile: none found");
	is_int(left, 0, "  once the steps are spent");
	left = 1000000;
	memset(run, 0, 200);
	memset(run, 'a', 6);		/* e.g. "a" + "aa" + "aaa" */
	ok(ob_split_tile(run, &n, order, &cnt, &left) > 0,
	    "a run that tiles still tiles");
	for (i = 0; i < cnt; i++)
		sum += strlen(n.name[order[i]]);
	is_int(sum, 6, "and the names found make up the run");
	for (i = 0; i < n.len; i++)
		free(n.name[i]);
	free(n.name);
	free(run);
	partitions(100000, 4, "more partitions than steps: none chosen");
	partitions(1UL << 23, 1, "the same run with the steps to read it");
	return tap_done();
}
