/* SPDX-License-Identifier: ISC */
/*
 * Steady state (SNIA rule): the two 25-round fixtures against their
 * hand figures (fixtures/steady/README.md) to 0.1 %, windows at the
 * limits, too few rounds, and folding a log's samples into rounds.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "steady.h"
#include "tap.h"

#define near(got, want, name) is_double((got), (want), fabs((double)(want)) * 0.001, (name))

static const double conv[25] = { 98000, 91000, 80500, 69000, 60200, 52800,
	47500, 44100, 42000, 41200, 40600, 40300, 40100, 39800, 40200, 39900,
	40000, 40400, 39700, 40100, 39900, 40200, 40000, 39800, 40100 };

int
main(void)
{
	struct steady	s;
	double		never[25], y[5], t[7], v[7], *r;
	size_t		k, n;

	s = steady_find(conv, 25);
	ok(s.ok && s.reached, "converge: steady state reached");
	is_int(s.first + 1, 8, "converge: the window starts at round 8");
	near(s.avg, 41640, "converge: average 41640");
	near(s.range, 3800, "converge: range 3800");
	near(s.range_pct, 9.126, "converge: range 9.126 % of the average");
	near(s.slope, -900, "converge: slope -900 per round");
	near(s.excursion, 3600, "converge: excursion 3600");
	near(s.excursion_pct, 8.646, "converge: excursion 8.646 %");
	steady_window(conv, 6, &s);
	near(s.excursion_pct, 15.506, "converge: rounds 7-11 move 15.5 %, not steady");

	for (k = 0; k < 25; k++)
		never[k] = round(100000 * pow(0.97, (double)k));
	s = steady_find(never, 25);
	ok(s.ok && !s.reached, "never: not reached in 25 rounds");
	is_int(s.first + 1, 21, "never: the figures are the last window's");
	near(s.avg, 51213.2, "never: last window's average");
	near(s.excursion, 6236.4, "never: last window's excursion");

	/* At the limits: range exactly 20 %, flat fit line. */
	y[0] = 90; y[1] = 110; y[2] = 100; y[3] = 110; y[4] = 90;
	s = steady_find(y, 5);
	ok(s.reached && fabs(s.range_pct - 20) < 1e-9, "a range of exactly 20 % is steady");
	y[1] = 111;
	s = steady_find(y, 5);
	ok(!s.reached, "a range just above 20 % is not");
	s = steady_find(conv, 4);
	ok(!s.ok && s.why != NULL, "four rounds cannot be checked");
	y[2] = NAN;
	s = steady_find(y, 5);
	ok(!s.ok, "a round that is not a number cannot be checked");

	/* 1 s samples folded into 2 s rounds; a gap ends the series. */
	for (k = 0; k < 7; k++) {
		t[k] = 1000.0 * (double)(k + 1);
		v[k] = (double)k;
	}
	r = steady_fold(t, v, 6, 2000, &n);
	ok(n == 3 && r[0] == 0.5 && r[1] == 2.5 && r[2] == 4.5, "fold: pairs of samples");
	free(r);
	t[4] = 9000;	/* rounds 0, 1, then a gap */
	r = steady_fold(t, v, 6, 2000, &n);
	is_int(n, 2, "fold: a gap ends the rounds");
	free(r);
	r = steady_fold(t, v, 5, 0, &n);
	ok(n == 5 && r[4] == 4, "fold: without a round length every sample is a round");
	free(r);
	return tap_done();
}
