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
static void	free_against_forward(void);
struct rcase;
static void	random_case(struct rcase *k, int *hyp, size_t nhyp);
static void	tally(const char *s, uint64_t got, uint64_t expect, size_t n,
		    size_t *cases, size_t *mixed, size_t *bad);

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

/*
 * A short random run of digits and dots, two to five tokens, some free,
 * the others wanting one to three values cut from the run. With hyp,
 * some tokens have a stored decimal count and each may be freed by one
 * of nhyp hypotheses (hyp[i], or -1).
 */
struct rcase {
	char		 s[24], vals[6][3][8];
	const char	*want[6][3];
	struct ob_want	 wv[6][3];
	struct ob_tok	 toks[6];
	size_t		 len, ntoks;
};

static void
random_case(struct rcase *k, int *hyp, size_t nhyp)
{
	const char	*alphabet = "0123456789.";
	size_t		 i, j;

	k->len = 3 + tap_rnd(12);
	for (i = 0; i < k->len; i++)
		k->s[i] = alphabet[tap_rnd(tap_rnd(3) == 0 ? 11 : 10)];
	k->s[k->len] = '\0';
	k->ntoks = 2 + tap_rnd(4);
	for (i = 0; i < k->ntoks; i++) {
		struct ob_tok	*t = &k->toks[i];

		memset(t, 0, sizeof(*t));
		t->exact = -1;
		if (hyp != NULL) {
			t->exact = tap_rnd(4) == 0 ? (int)tap_rnd(3) : -1;
			hyp[i] = tap_rnd(3) == 0 ? -1 : (int)tap_rnd((unsigned)nhyp);
		}
		if (tap_rnd(hyp != NULL ? 4 : 3) == 0)
			continue;	/* free */
		t->nwant = 1 + tap_rnd(3);
		for (j = 0; j < t->nwant; j++) {
			size_t	at = tap_rnd((unsigned)k->len), l = 1 + tap_rnd(4);
			char	*v = k->vals[i][j];

			if (at + l > k->len)
				l = k->len - at;
			memcpy(v, k->s + at, l);
			v[l] = '\0';
			if (v[0] == '.' || v[l - 1] == '.')
				v[0] = '1';
			k->want[i][j] = v;
			k->wv[i][j] = ob_split_want(v, 0);
		}
		t->want = k->want[i];
		t->wantv = k->wv[i];
	}
}

/*
 * One case of n readings: mixed when some read and some do not, bad when
 * the walk's answer is not the forward reads' (the first five printed).
 */
static void
tally(const char *s, uint64_t got, uint64_t expect, size_t n, size_t *cases,
    size_t *mixed, size_t *bad)
{
	(*cases)++;
	if (expect != 0 && expect != (((uint64_t)1 << n) - 1))
		(*mixed)++;
	if (got != expect && (*bad)++ < 5)
		printf("# \"%s\": got %#llx, a forward read %#llx\n", s,
		    (unsigned long long)got, (unsigned long long)expect);
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
	char		 anyv[8][6][2];
	const char	*awant[8][6];
	struct ob_want	 awv[8][6];
	struct ob_tok	 one[6], alt[8 * 6], *toks;
	struct ob_reach	 r;
	struct rcase	 k;
	size_t		 idx[6], nidx, ntoks, len, i, j, c, nalt, bad = 0;
	size_t		 cases = 0, readable = 0, mixed = 0;
	unsigned long	 left;
	uint64_t	 got, expect;
	const char	*s;
	int		 n;

	for (n = 0; n < 20000; n++) {
		random_case(&k, NULL, 0);
		s = k.s;
		len = k.len;
		ntoks = k.ntoks;
		toks = k.toks;
		left = 1000000;
		memset(&r, 0, sizeof(r));
		if (!ob_split_overview_reach(s, toks, ntoks, 0, &r, &left)) {
			ob_split_reach_free(&r);
			continue;
		}
		readable++;
		for (nidx = 0, i = 0; i < ntoks; i++)
			if (tap_rnd(2) == 0 && nidx < 3)
				idx[nidx++] = i;
		if (nidx == 0)
			idx[nidx++] = tap_rnd((unsigned)ntoks);
		nalt = 1 + tap_rnd(8);
		for (c = 0; c < nalt; c++)
			for (j = 0; j < nidx; j++) {
				struct ob_tok	*a = &alt[c * nidx + j];

				*a = toks[idx[j]];
				if (a->nwant == 0) {
					/* A free token: any value; try a cut of s. */
					size_t	at = tap_rnd((unsigned)len);

					snprintf(anyv[c][j], sizeof(anyv[c][j]), "%c",
					    s[at] == '.' ? '7' : s[at]);
					awant[c][j] = tap_rnd(2) ? anyv[c][j] : "1";
				} else
					awant[c][j] = a->want[tap_rnd((unsigned)a->nwant)];
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
		tally(s, got, expect, nalt, &cases, &mixed, &bad);
		ob_split_reach_free(&r);
	}
	printf("# %zu charts, %zu with readings that read and that do not\n",
	    cases, mixed);
	ok(bad == 0 && mixed > 300,
	    "every reading of a chart on short runs: as a forward read says");
}

/*
 * ob_split_overview_free, which walks every hypothesis (a set of tokens
 * freed) at once, must say of each what a plain forward read with those
 * tokens free says: the same short runs, each token wanting one to three
 * values cut from the run (some with a stored decimal count), one to
 * eight hypotheses freeing one to three tokens each.
 */
static void
free_against_forward(void)
{
	struct ob_tok	 one[6], *toks;
	struct rcase	 k;
	int		 hyp[6];
	size_t		 ntoks, i, h, nhyp, bad = 0, cases = 0, mixed = 0;
	unsigned long	 left;
	uint64_t	 got, expect;
	const char	*s;
	int		 n;

	for (n = 0; n < 20000; n++) {
		nhyp = 1 + tap_rnd(8);
		random_case(&k, hyp, nhyp);
		s = k.s;
		ntoks = k.ntoks;
		toks = k.toks;
		left = 1000000;
		got = ob_split_overview_free(s, toks, ntoks, hyp, nhyp, &left);
		for (expect = 0, h = 0; h < nhyp; h++) {
			memcpy(one, toks, ntoks * sizeof(*one));
			for (i = 0; i < ntoks; i++)
				if (hyp[i] == (int)h)
					one[i].nwant = 0;
			if (ob_split_overview(s, one, ntoks, 0, &left))
				expect |= (uint64_t)1 << h;
		}
		tally(s, got, expect, nhyp, &cases, &mixed, &bad);
	}
	printf("# %zu overviews, %zu with hypotheses that read and that do not\n",
	    cases, mixed);
	ok(bad == 0 && mixed > 300,
	    "every hypothesis of freed tokens on short runs: as a forward read says");
	left = 0;
	ok(ob_split_overview_free("12", toks, 1, hyp, 1, &left) == 0,
	    "none of the budget left: no hypothesis reads");
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
	is_int(ob_split_want("940786809994085", 6).n, -1,
	    "fifteen digits at six decimals: past the range, not wrapped");
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
	free_against_forward();
	budget_spent();

	/* No reading at all. */
	memset(&r, 0, sizeof(r));
	ok(!ob_split_overview_reach("1.2.3", free2, 1, 0, &r, &left),
	    "1.2.3: not one number");
	ok(!ob_split_overview("1.2.3", free2, 1, 0, &left), "1.2.3: nor forward");
	ob_split_reach_free(&r);
	return tap_done();
}
