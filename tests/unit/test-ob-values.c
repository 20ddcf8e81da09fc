/* SPDX-License-Identifier: ISC */
/*
 * A chart's value run read as k integers (ob_split_values): every split
 * into numbers with no leading zero and at most the bound, after an N of
 * 2..99 glued in front when the chart has SE strings. A plain search
 * that tries every cut lists them, in the same order, on short runs of
 * digits; a run with more readings than the reader keeps is flagged with
 * its first three; with decimals, the dots fix every value but the first,
 * whose integer part shares digits with N.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "tap.h"

#define MAXK	8
#define MAXR	5000

/* Every reading found by trying each cut: cut[r][0..k] per reading r. */
struct brute {
	const char	*v;
	size_t		 len, k, n;
	double		 bound;
	size_t		 cut[MAXR][MAXK + 1];
	long		 n_last[MAXR];
};

static void	brute_rec(struct brute *b, size_t *cut, size_t i, long n_last);
static void	brute(struct brute *b, bool glued_n);

static void
brute_rec(struct brute *b, size_t *cut, size_t i, long n_last)
{
	size_t	e, j;
	char	buf[32];

	if (b->n >= MAXR)
		return;		/* enough to tell past the limit */
	if (i == b->k) {
		if (cut[i] == b->len) {
			memcpy(b->cut[b->n], cut, (b->k + 1) * sizeof(size_t));
			b->n_last[b->n++] = n_last;
		}
		return;
	}
	for (e = cut[i] + 1; e <= b->len && e - cut[i] < sizeof(buf); e++) {
		bool	digits = true;

		for (j = cut[i]; j < e; j++)
			digits = digits && b->v[j] >= '0' && b->v[j] <= '9';
		if (!digits || (e - cut[i] > 1 && b->v[cut[i]] == '0'))
			continue;
		memcpy(buf, b->v + cut[i], e - cut[i]);
		buf[e - cut[i]] = '\0';
		if (b->bound > 0 && strtod(buf, NULL) > b->bound)
			continue;
		cut[i + 1] = e;
		brute_rec(b, cut, i + 1, n_last);
	}
}

static void
brute(struct brute *b, bool glued_n)
{
	size_t	cut[MAXK + 1], nl;

	b->n = 0;
	for (nl = glued_n ? 1 : 0; nl <= (glued_n ? 2 : 0); nl++) {
		long	n = 0;
		size_t	j;

		if (nl > 0) {
			if (nl >= b->len || (nl == 2 && b->v[0] == '0'))
				continue;
			for (j = 0; j < nl; j++) {
				if (b->v[j] < '0' || b->v[j] > '9')
					break;
				n = n * 10 + (b->v[j] - '0');
			}
			if (j < nl || n < 2)
				continue;
		}
		cut[0] = nl;
		brute_rec(b, cut, 0, n);
	}
}

int
main(void)
{
	static struct brute	 b;
	struct ob_cands		 c;
	char			 v[64];
	size_t			 len, i, r, cases = 0, many = 0, bad = 0, trunc = 0;
	bool			 glued, same;
	int			 n;
	unsigned long		 left = ULONG_MAX;

	tap_rnd_x = 2463534242UL;
	for (n = 0; n < 3000; n++) {
		len = 1 + tap_rnd(14);
		for (i = 0; i < len; i++)
			v[i] = (char)(tap_rnd(12) == 0 ? '0' : '1' + tap_rnd(9));
		v[len] = '\0';
		b.v = v;
		b.len = len;
		b.k = 1 + tap_rnd(6);
		b.bound = tap_rnd(3) == 0 ? 0 : (double)(1 + tap_rnd(2000));
		glued = tap_rnd(2) == 0;
		brute(&b, glued);
		ob_split_values(v, len, b.k, glued, b.bound, &c, &left);
		same = !c.truncated && c.len == b.n && c.decimals == 0;
		for (r = 0; same && r < c.len; r++)
			same = c.c[r].n_last == b.n_last[r] &&
			    memcmp(c.c[r].cut, b.cut[r],
			    (b.k + 1) * sizeof(size_t)) == 0;
		if (!same && bad++ < 5)
			printf("# \"%s\" as %zu (bound %g%s): %zu readings, by "
			    "every cut %zu\n", v, b.k, b.bound,
			    glued ? ", N glued" : "", c.len, b.n);
		cases++;
		many += b.n > 10;
		ob_cands_free(&c);
	}
	printf("# %zu runs, %zu with more than ten readings\n", cases, many);
	ok(bad == 0 && many > 100,
	    "short runs: every reading every cut finds, in its order");

	/* Past the limit: flagged, the first three kept as listed. */
	for (n = 0; n < 40; n++) {
		len = 14 + tap_rnd(22);
		for (i = 0; i < len; i++)
			v[i] = (char)('1' + tap_rnd(9));
		v[len] = '\0';
		b.v = v;
		b.len = len;
		b.k = 6 + tap_rnd(3);
		b.bound = 999999;
		brute(&b, false);
		ob_split_values(v, len, b.k, false, b.bound, &c, &left);
		if (b.n > OB_SPLIT_MAX_CANDS) {
			trunc++;
			same = c.truncated && c.len == 3;
		} else
			same = !c.truncated && c.len == b.n;
		for (r = 0; same && r < c.len; r++)
			same = memcmp(c.c[r].cut, b.cut[r],
			    (b.k + 1) * sizeof(size_t)) == 0;
		if (!same && bad++ < 5)
			printf("# \"%s\" as %zu: %zu readings%s, by every cut %zu\n",
			    v, b.k, c.len, c.truncated ? " (truncated)" : "", b.n);
		ob_cands_free(&c);
	}
	printf("# %zu of 40 long runs past %d readings\n", trunc,
	    OB_SPLIT_MAX_CANDS);
	ok(bad == 0 && trunc > 10 && trunc < 30,
	    "long runs: past the limit flagged with the first three readings");

	/* A run longer than any reading: none, at once. */
	memset(v, '7', 40);
	v[40] = '\0';
	ob_split_values(v, 40, 2, false, 1000, &c, &left);
	is_int(c.len, 0, "40 digits as two values of at most 1000: no reading");
	ob_cands_free(&c);

	/* N = 5: 12.3 | 1.5, or N = 51: 2.3 | 1.5; "12.31" is not one decimal. */
	ob_split_values("512.31.5", 8, 2, true, 100, &c, &left);
	ok(c.len == 2 && c.decimals == 1 && c.c[0].n_last == 5 &&
	    c.c[0].cut[1] == 5 && c.c[1].n_last == 51 && c.c[1].cut[0] == 2,
	    "512.31.5 with N glued: 5 + 12.3 + 1.5 or 51 + 2.3 + 1.5");
	ob_cands_free(&c);
	ob_split_values("512.31.5", 8, 2, true, 10, &c, &left);
	ok(c.len == 1 && c.c[0].n_last == 51,
	    "  under a bound of 10, only 51 + 2.3 + 1.5");
	ob_cands_free(&c);
	ob_split_values("512.31.5", 8, 3, true, 0, &c, &left);
	is_int(c.len, 0, "  as three values: no reading (two dots)");
	ob_cands_free(&c);
	return tap_done();
}
