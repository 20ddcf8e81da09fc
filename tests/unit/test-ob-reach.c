/* SPDX-License-Identifier: ISC */
/*
 * The overview's reach (ob-split.c): per token, the positions a reading
 * of the overview's value run can reach and whether the rest can follow.
 * It is kept as position lists, not as one array of the run's length per
 * token; these cases, worked out by hand (every split of a short run into
 * numbers), pin what the lists hold, and the checks built on them; and
 * the axis ticks' values, read in one pass over the digits, are the ones
 * the text states.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "tap.h"

static void	check_list(const struct ob_reach *r, size_t i,
		    const size_t *want, const bool *live, size_t n,
		    const char *name);
static void	each_against_forward(void);
static void	budget_spent(void);
static unsigned	rnd(unsigned n);

/* Token i of r holds exactly want[0..n) with those live flags. */
static void
check_list(const struct ob_reach *r, size_t i, const size_t *want,
    const bool *live, size_t n, const char *name)
{
	size_t	k;
	bool	same = r->npos[i] == n;

	for (k = 0; same && k < n; k++)
		same = r->pos[i][k] == want[k] && r->live[i][k] == live[k];
	ok(same, name);
	if (!same)
		for (k = 0; k < r->npos[i]; k++)
			printf("#   got %zu%s\n", r->pos[i][k],
			    r->live[i][k] ? " live" : "");
}

/* A fixed generator: the same cases on every run. */
static unsigned
rnd(unsigned n)
{
	static unsigned long	x = 88172645463325252UL;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return (unsigned)(x % n);
}

/*
 * ob_split_overview_each, which walks all readings of a chart at once
 * and only between tokens with one live position, must say of every
 * reading what a plain forward read with that reading's values says:
 * short runs of digits and dots, two to five tokens, some free, some
 * wanting values cut from the run, a chart of one to three of them.
 */
static void
each_against_forward(void)
{
	const char	*alphabet = "0123456789.";
	char		 s[24], vals[6][3][8], anyv[8][6][2];
	const char	*want[6][3], *awant[8][6];
	struct ob_want	 wv[6][3], awv[8][6];
	struct ob_tok	 toks[6], one[6], alt[8 * 6];
	struct ob_reach	 r;
	size_t		 idx[6], nidx, ntoks, len, i, j, c, nalt, bad = 0;
	size_t		 cases = 0, readable = 0, mixed = 0;
	unsigned long	 left;
	uint64_t	 got, expect;
	int		 n;

	for (n = 0; n < 20000; n++) {
		len = 3 + rnd(12);
		for (i = 0; i < len; i++)
			s[i] = alphabet[rnd(rnd(3) == 0 ? 11 : 10)];
		s[len] = '\0';
		ntoks = 2 + rnd(4);
		for (i = 0; i < ntoks; i++) {
			memset(&toks[i], 0, sizeof(toks[i]));
			toks[i].exact = -1;
			if (rnd(3) == 0)
				continue;	/* free */
			toks[i].nwant = 1 + rnd(3);
			for (j = 0; j < toks[i].nwant; j++) {
				size_t	at = rnd((unsigned)len), l = 1 + rnd(4);

				if (at + l > len)
					l = len - at;
				memcpy(vals[i][j], s + at, l);
				vals[i][j][l] = '\0';
				if (vals[i][j][0] == '.' || vals[i][j][l - 1] == '.')
					vals[i][j][0] = '1';
				want[i][j] = vals[i][j];
				wv[i][j] = ob_split_want(vals[i][j], 0);
			}
			toks[i].want = want[i];
			toks[i].wantv = wv[i];
		}
		left = 1000000;
		memset(&r, 0, sizeof(r));
		if (!ob_split_overview_reach(s, toks, ntoks, 0, &r, &left)) {
			ob_split_reach_free(&r);
			continue;
		}
		readable++;
		for (nidx = 0, i = 0; i < ntoks; i++)
			if (rnd(2) == 0 && nidx < 3)
				idx[nidx++] = i;
		if (nidx == 0)
			idx[nidx++] = rnd((unsigned)ntoks);
		nalt = 1 + rnd(8);
		for (c = 0; c < nalt; c++)
			for (j = 0; j < nidx; j++) {
				struct ob_tok	*a = &alt[c * nidx + j];

				*a = toks[idx[j]];
				if (a->nwant == 0) {
					/* A free token: any value; try a cut of s. */
					size_t	at = rnd((unsigned)len);

					snprintf(anyv[c][j], sizeof(anyv[c][j]), "%c",
					    s[at] == '.' ? '7' : s[at]);
					awant[c][j] = rnd(2) ? anyv[c][j] : "1";
				} else
					awant[c][j] = a->want[rnd((unsigned)a->nwant)];
				awv[c][j] = ob_split_want(awant[c][j], 0);
				a->want = &awant[c][j];
				a->wantv = &awv[c][j];
				a->nwant = 1;
			}
		got = ob_split_overview_each(s, toks, ntoks, 0, &r, idx, nidx,
		    alt, nalt, &left);
		for (expect = 0, c = 0; c < nalt; c++) {
			memcpy(one, toks, ntoks * sizeof(*one));
			for (j = 0; j < nidx; j++)
				one[idx[j]] = alt[c * nidx + j];
			if (ob_split_overview(s, one, ntoks, 0, &left))
				expect |= (uint64_t)1 << c;
		}
		cases++;
		if (expect != 0 && expect != (((uint64_t)1 << nalt) - 1))
			mixed++;
		if (got != expect && bad++ < 5)
			printf("# \"%s\": got %#llx, a forward read %#llx\n", s,
			    (unsigned long long)got, (unsigned long long)expect);
		ob_split_reach_free(&r);
	}
	printf("# %zu charts, %zu with readings that read and that do not\n",
	    cases, mixed);
	ok(bad == 0 && mixed > 300,
	    "every reading of a chart on short runs: as a forward read says");
}

/* A spent budget: every search answers no, and says so by *left. */
static void
budget_spent(void)
{
	struct ob_tok	 free3[3] = {
		{ NULL, NULL, 0, 0, -1, 0 }, { NULL, NULL, 0, 0, -1, 0 },
		{ NULL, NULL, 0, 0, -1, 0 }
	};
	struct ob_reach	 r;
	unsigned long	 left = 1000000, used;

	memset(&r, 0, sizeof(r));
	ok(ob_split_overview_reach("123456789", free3, 3, 0, &r, &left),
	    "123456789 as three: read");
	used = 1000000 - left;
	ob_split_reach_free(&r);
	ok(used > 0, "a reach spends the budget");
	left = used - 1;
	memset(&r, 0, sizeof(r));
	ok(!ob_split_overview_reach("123456789", free3, 3, 0, &r, &left) &&
	    left == 0, "one slice short: no reading, and the budget is spent");
	ob_split_reach_free(&r);
	left = 0;
	ok(!ob_split_overview("1", free3, 1, 0, &left), "none left: no read at all");
}

int
main(void)
{
	struct ob_tok	 free2[2] = {
		{ NULL, NULL, 0, 0, -1, 0 }, { NULL, NULL, 0, 0, -1, 0 }
	};
	struct ob_tok	 t[2];
	struct ob_reach	 r;
	const char	*w12 = "12", *w9 = "9";
	struct ob_want	 v12 = ob_split_want(w12, 0), v9 = ob_split_want(w9, 0);
	struct ob_tok	 alt[2];
	size_t		 idx0[1] = { 0 };
	unsigned long	 left = 1000000;

	/* "1234" as two numbers: 1|234, 12|34, 123|4. */
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview_reach("1234", free2, 2, 0, &r, &left),
	    "1234: two numbers read");
	check_list(&r, 0, (size_t[]){ 0 }, (bool[]){ true }, 1,
	    "1234: the first starts at 0");
	check_list(&r, 1, (size_t[]){ 1, 2, 3, 4 },
	    (bool[]){ true, true, true, false }, 4,
	    "1234: the second at 1, 2 or 3 (not at the end)");
	check_list(&r, 2, (size_t[]){ 2, 3, 4 },
	    (bool[]){ false, false, true }, 3,
	    "1234: only the end finishes the run");
	ok(ob_split_overview_allows("1234", &r, 1, "34", 0, 0, &left),
	    "1234: the second may be 34");
	ok(!ob_split_overview_allows("1234", &r, 1, "5", 0, 0, &left),
	    "1234: the second is never 5");
	ok(!ob_split_overview_allows("1234", &r, 2, "4", 0, 0, &left) &&
	    !ob_split_overview_allows("1234", &r, 2, "4", 0, 0.5, &left),
	    "1234: no number starts at the end, exact or within a tolerance");
	is_int(ob_split_overview_decimals("1234", &r, free2, 0, &left), 1,
	    "1234: the first has no decimals");
	t[0] = free2[0];
	t[1] = free2[1];
	t[0].want = &w12;
	t[0].wantv = &v12;
	t[0].nwant = 1;
	alt[0] = t[0];
	alt[1] = t[0];
	alt[1].want = &w9;
	alt[1].wantv = &v9;
	is_int(ob_split_overview_each("1234", free2, 2, 0, &r, idx0, 1, alt, 2,
	    &left), 1, "1234: of a first 12 or 9, only 12 reads");
	ok(ob_split_overview("1234", t, 2, 0, &left), "1234: as a forward read does");
	t[0].want = &w9;
	t[0].wantv = &v9;
	ok(!ob_split_overview("1234", t, 2, 0, &left), "1234: and none with 9");
	is_int(r.one[0] == 0 && r.one[1] == SIZE_MAX && r.one[2] == 2, 1,
	    "1234: the first and the end have one live position, the second three");
	ob_split_reach_free(&r);

	/* "0.51.25": only 0.5|1.25 (no ".25", no "0.51.2"). */
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview_reach("0.51.25", free2, 2, 0, &r, &left),
	    "0.51.25: read");
	check_list(&r, 1, (size_t[]){ 1, 3, 4 },
	    (bool[]){ false, true, false }, 3,
	    "0.51.25: the second may start after 0, 0.5 or 0.51, only 0.5 goes on");
	check_list(&r, 2, (size_t[]){ 4, 6, 7 },
	    (bool[]){ false, false, true }, 3,
	    "0.51.25: the second ends at 4, 6 or 7");
	is_int(ob_split_overview_decimals("0.51.25", &r, free2, 0, &left), 1 << 1,
	    "0.51.25: the first has one decimal");
	is_int(ob_split_overview_decimals("0.51.25", &r, free2, 1, &left), 1 << 2,
	    "0.51.25: the second two");
	ob_split_reach_free(&r);

	/* "012": 0|12, never 01|2. */
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview_reach("012", free2, 2, 0, &r, &left), "012: read");
	check_list(&r, 1, (size_t[]){ 1 }, (bool[]){ true }, 1,
	    "012: no number has a leading zero");
	ob_split_reach_free(&r);

	/* A row stored with two decimals: 12.50|3.1, not 12.5|03.1. */
	t[0] = free2[0];
	t[1] = free2[1];
	t[0].exact = 2;
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview_reach("12.503.1", t, 2, 0, &r, &left), "12.503.1: read");
	check_list(&r, 1, (size_t[]){ 5 }, (bool[]){ true }, 1,
	    "12.503.1: the stored decimals fix the first");
	ob_split_reach_free(&r);

	/* Wanted values: digits at the token's decimals, rounded half-up. */
	is_int(ob_split_want("12.5", 2).n, 1250, "12.5 at two decimals: 1250");
	is_double(ob_split_want("12.5", 2).v, 12.5, 0, "12.5: its value");
	is_int(ob_split_want("99999999999999999999", 0).n, -1,
	    "twenty digits: past the range");
	memset(&r, 0, sizeof(r));
	ok(ob_split_overview_reach("2.0535", free2, 1, 0, &r, &left), "2.0535: read");
	ok(ob_split_overview_allows("2.0535", &r, 0, "2.054", 3, 0, &left),
	    "2.0535 rounds half-up to 2.054");
	ok(!ob_split_overview_allows("2.0535", &r, 0, "2.053", 3, 0, &left),
	    "2.0535 is not 2.053");
	ok(ob_split_overview_allows("2.0535", &r, 0, "2.1", 3, 0.05, &left),
	    "2.0535 is within 5% of 2.1");
	ok(!ob_split_overview_allows("2.0535", &r, 0, "2.3", 3, 0.05, &left),
	    "2.0535 is not within 5% of 2.3");
	ok(ob_split_overview_allows("2.0535", &r, 0, "2.05", 2, 0, &left),
	    "asked again at two decimals: 2.05");
	ok(!ob_split_overview_allows("2.0535", &r, 0, "2.06", 2, 0, &left),
	    "  and not 2.06");
	ok(ob_split_overview_allows("2.0535", &r, 0, "2.054", 3, 0, &left),
	    "  then at three again: 2.054");
	ob_split_reach_free(&r);

	/* Axis ticks: five multiples of the first, then SE strings or values. */
	{
		size_t	st[8], en[8];
		double	last[8];
		const char *k = "Plain40K80K120K160K200KSE +/- 824.26, N = 12";
		const char *d = "A0.20.40.60.81SE +/- 0.01, N = 3";

		is_int(ob_split_ticks(k, st, en, last, 8), 1, "40K..200K: one run of ticks");
		is_int(st[0], 5, "40K..200K: after the names");
		is_int(en[0], 23, "40K..200K: up to the SE strings");
		is_double(last[0], 200000, 0, "40K..200K: the last tick is 200000");
		is_int(ob_split_ticks(d, st, en, last, 8), 1, "0.2..1: one run of ticks");
		is_int(en[0] - st[0], 13, "0.2..1: 13 bytes");
		is_double(last[0], 1, 0, "0.2..1: the last tick is 1");
	}

	each_against_forward();
	budget_spent();

	/* No reading at all. */
	memset(&r, 0, sizeof(r));
	ok(!ob_split_overview_reach("1.2.3", free2, 1, 0, &r, &left),
	    "1.2.3: not one number");
	ok(!ob_split_overview("1.2.3", free2, 1, 0, &left), "1.2.3: nor forward");
	ob_split_reach_free(&r);
	return tap_done();
}
