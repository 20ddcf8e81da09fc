/* SPDX-License-Identifier: ISC */
/*
 * The overview's reading (ob-split.c): per token, the positions a reading
 * of the overview's value run can reach and whether the rest can follow.
 * These cases, worked out by hand (every split of a short run into
 * numbers), pin what a kept read holds and the checks built on it (a
 * second read within it, the decimal counts a token allows); and the axis
 * ticks' values are the ones the text states.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "tap.h"

static void	check_list(const struct ob_reach *r, size_t i,
		    const size_t *want, const bool *live, size_t n,
		    const char *name);
static void	budget_spent(void);
static bool	reads(const char *s, size_t ntoks, size_t i, const char *want,
		    int decimals, double rel);

/*
 * Token i of r is reached at exactly want[0..n), with those live flags
 * (the rest of the run reads from there; for the last, the run's end).
 */
static void
check_list(const struct ob_reach *r, size_t i, const size_t *want,
    const bool *live, size_t n, const char *name)
{
	const unsigned *at = r->at + r->tok[i].off;
	size_t		got[32], q, k = 0;
	bool		glive[32], same;

	for (q = 0; q < r->tok[i].n && k < 32; q++)
		if (at[q] & 1) {
			got[k] = r->tok[i].lo + q;
			glive[k] = (at[q] & ~1U) != 0;
			k++;
		}
	same = k == n;
	for (q = 0; same && q < n; q++)
		same = got[q] == want[q] && glive[q] == live[q];
	ok(same, name);
	if (!same)
		for (q = 0; q < k; q++)
			printf("#   got %zu%s\n", got[q], glive[q] ? " live" : "");
}

/* Does s read as ntoks numbers, number i being want at decimals (within rel)? */
static bool
reads(const char *s, size_t ntoks, size_t i, const char *want, int decimals,
    double rel)
{
	struct ob_tok	t[4];
	struct ob_want	w = ob_split_want(want, decimals);
	unsigned long	left = 1000000;

	memset(t, 0, sizeof(t));
	t[0].exact = t[1].exact = t[2].exact = t[3].exact = -1;
	t[i].want = &w;
	t[i].nwant = 1;
	t[i].decimals = decimals;
	t[i].rel = rel;
	return ob_split_overview(s, t, ntoks, NULL, NULL, &left);
}

/* A spent budget: the search says so by *left; with none left it answers no. */
static void
budget_spent(void)
{
	struct ob_tok	 free3[3] = {
		{ NULL, 0, 0, -1, 0 }, { NULL, 0, 0, -1, 0 },
		{ NULL, 0, 0, -1, 0 }
	};
	struct ob_reach	 r;
	unsigned long	 left = 1000000, used;

	memset(&r, 0, sizeof(r));
	ok(ob_split_overview("123456789", free3, 3, NULL, &r, &left),
	    "123456789 as three: read");
	used = 1000000 - left;
	ob_split_reach_free(&r);
	ok(used > 0, "a reach spends the budget");
	left = used - 1;
	memset(&r, 0, sizeof(r));
	(void)ob_split_overview("123456789", free3, 3, NULL, &r, &left);
	ok(left == 0, "one slice short: the budget is spent (no answer to take)");
	ob_split_reach_free(&r);
	left = 0;
	ok(!ob_split_overview("1", free3, 1, NULL, NULL, &left),
	    "none left: no read at all");
}

int
main(void)
{
	struct ob_tok	 free2[2] = {
		{ NULL, 0, 0, -1, 0 }, { NULL, 0, 0, -1, 0 }
	};
	struct ob_tok	 t[2];
	struct ob_reach	 r;
	struct ob_want	 v12 = ob_split_want("12", 0), v9 = ob_split_want("9", 0);
	unsigned long	 left = 1000000;

	/* "1234" as two numbers: 1|234, 12|34, 123|4. */
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview("1234", free2, 2, NULL, &r, &left),
	    "1234: two numbers read");
	check_list(&r, 0, (size_t[]){ 0 }, (bool[]){ true }, 1,
	    "1234: the first starts at 0");
	check_list(&r, 1, (size_t[]){ 1, 2, 3, 4 },
	    (bool[]){ true, true, true, false }, 4,
	    "1234: the second at 1, 2 or 3 (not at the end)");
	check_list(&r, 2, (size_t[]){ 2, 3, 4 },
	    (bool[]){ false, false, true }, 3,
	    "1234: only the end finishes the run");
	ok(reads("1234", 2, 1, "34", 0, 0), "1234: the second may be 34");
	ok(!reads("1234", 2, 1, "7", 0, 0) && !reads("1234", 2, 1, "7", 0, 0.1),
	    "1234: the second is never 7, exact or within 10%");
	is_int(ob_split_overview_decimals("1234", &r, 0), 1,
	    "1234: the first has no decimals");
	t[0] = free2[0];
	t[1] = free2[1];
	t[0].want = &v12;
	t[0].nwant = 1;
	ok(ob_split_overview("1234", t, 2, &r, NULL, &left),
	    "1234: a first 12 reads again");
	t[0].want = &v9;
	ok(!ob_split_overview("1234", t, 2, &r, NULL, &left),
	    "1234: a first 9 does not");
	t[0].want = &v12;
	ok(ob_split_overview("1234", t, 2, NULL, NULL, &left),
	    "1234: as a forward read does");
	t[0].want = &v9;
	ok(!ob_split_overview("1234", t, 2, NULL, NULL, &left),
	    "1234: and none with 9");
	ob_split_reach_free(&r);

	/* "0.51.25": only 0.5|1.25 (no ".25", no "0.51.2"). */
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview("0.51.25", free2, 2, NULL, &r, &left),
	    "0.51.25: read");
	check_list(&r, 1, (size_t[]){ 1, 3, 4 },
	    (bool[]){ false, true, false }, 3,
	    "0.51.25: the second may start after 0, 0.5 or 0.51, only 0.5 goes on");
	check_list(&r, 2, (size_t[]){ 4, 6, 7 },
	    (bool[]){ false, false, true }, 3,
	    "0.51.25: the second ends at 4, 6 or 7");
	is_int(ob_split_overview_decimals("0.51.25", &r, 0), 1 << 1,
	    "0.51.25: the first has one decimal");
	is_int(ob_split_overview_decimals("0.51.25", &r, 1), 1 << 2,
	    "0.51.25: the second two");
	ob_split_reach_free(&r);

	/* "012": 0|12, never 01|2. */
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview("012", free2, 2, NULL, &r, &left), "012: read");
	check_list(&r, 1, (size_t[]){ 1 }, (bool[]){ true }, 1,
	    "012: no number has a leading zero");
	ob_split_reach_free(&r);

	/* A row stored with two decimals: 12.50|3.1, not 12.5|03.1. */
	t[0] = free2[0];
	t[1] = free2[1];
	t[0].exact = 2;
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview("12.503.1", t, 2, NULL, &r, &left),
	    "12.503.1: read");
	check_list(&r, 1, (size_t[]){ 5 }, (bool[]){ true }, 1,
	    "12.503.1: the stored decimals fix the first");
	ob_split_reach_free(&r);

	/* Wanted values: digits at the token's decimals, rounded half-up. */
	is_int(ob_split_want("12.5", 2).n, 1250, "12.5 at two decimals: 1250");
	is_double(ob_split_want("12.5", 2).v, 12.5, 0, "12.5: its value");
	is_int(ob_split_want("99999999999999999999", 0).n, -1,
	    "twenty digits: past the range");
	is_int(ob_split_want("940786809994085", 6).n, -1,
	    "fifteen digits at six decimals: past the range, not wrapped");
	ok(reads("2.0535", 1, 0, "2.054", 3, 0), "2.0535 rounds half-up to 2.054");
	ok(!reads("2.0535", 1, 0, "2.053", 3, 0), "2.0535 is not 2.053");
	ok(reads("2.0535", 1, 0, "2.1", 3, 0.05), "2.0535 is within 5% of 2.1");
	ok(!reads("2.0535", 1, 0, "2.3", 3, 0.05),
	    "2.0535 is not within 5% of 2.3");
	ok(reads("2.0535", 1, 0, "2.05", 2, 0), "at two decimals: 2.05");
	ok(!reads("2.0535", 1, 0, "2.06", 2, 0), "  and not 2.06");

	/* Axis ticks: five multiples of the first, then SE strings or values. */
	{
		size_t	st[8], en[8];
		double	last[8];
		const char *k = "Plain40K80K120K160K200KSE +/- 824.26, N = 12";
		const char *d = "A0.20.40.60.81SE +/- 0.01, N = 3";

		is_int(ob_split_ticks(k, st, en, last, 8, &left), 1,
		    "40K..200K: one run of ticks");
		is_int(st[0], 5, "40K..200K: after the names");
		is_int(en[0], 23, "40K..200K: up to the SE strings");
		is_double(last[0], 200000, 0, "40K..200K: the last tick is 200000");
		is_int(ob_split_ticks(d, st, en, last, 8, &left), 1,
		    "0.2..1: one run of ticks");
		is_int(en[0] - st[0], 13, "0.2..1: 13 bytes");
		is_double(last[0], 1, 0, "0.2..1: the last tick is 1");
	}

	budget_spent();

	/* No reading at all. */
	memset(&r, 0, sizeof(r));
	ok(!ob_split_overview("1.2.3", free2, 1, NULL, &r, &left),
	    "1.2.3: not one number");
	ok(!ob_split_overview("1.2.3", free2, 1, NULL, NULL, &left),
	    "1.2.3: nor forward");
	ob_split_reach_free(&r);
	return tap_done();
}
