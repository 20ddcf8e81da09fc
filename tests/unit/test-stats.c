/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for stats: Welch, Holm, Mann-Whitney U and the geometric mean
 * of ratios against reference values computed offline.
 *
 * References (Debian python3-scipy 1.10.1, /usr/bin/python3):
 *   Welch: scipy.stats.ttest_ind_from_stats(mean_b, se_b*sqrt(n_b), n_b,
 *          mean_a, se_a*sqrt(n_a), n_a, equal_var=False) for t and p; df by
 *          the Welch-Satterthwaite formula (va+vb)^2/(va^2/(na-1)+vb^2/(nb-1))
 *          with v = SE^2, evaluated in python.
 *   MWU:   scipy.stats.mannwhitneyu(b, a, alternative='two-sided',
 *          method='exact' or 'asymptotic' (continuity on)).
 *   Geomean CI: numpy log ratios, exp(mean +/- t.ppf(0.975, n-1)*sd/sqrt(n)).
 *   Holm:  by hand, the step-down rule of R's p.adjust(method = "holm").
 */
#include <math.h>
#include <stdlib.h>

#include "stats.h"
#include "tap.h"

int
main(void)
{
	struct welch	 w;
	struct mwu	 m;
	struct geomean	 g;
	double		 lo, hi, adj[5];
	static const double	p[5] = { 0.01, 0.04, 0.03, 0.005, 0.5 };
	static const double	ra[3] = { 1025.39, 993.59, 921.99 };
	static const double	rb[4] = { 1480.2, 1502.7, 1471.6, 1495.1 };
	static const double	ta[5] = { 1, 2, 2, 3, 4 }, tb[4] = { 3, 3, 5, 6 };
	static const double	sa[4] = { 1, 2, 3, 4 }, sb[5] = { 5, 6, 7, 8, 9 };
	static const double	ratios[4] = { 1.10, 0.95, 1.20, 1.05 };
	static const double	bad[2] = { 1.0, -2.0 };
	double			 la[25], lb[25];
	int			 i;

	/* A clear win for B: 1523.33 +/- 3.21 (N 3) vs 1700.12 +/- 4.05 (N 3). */
	w = stats_welch(1523.33, 3.21, 3, 1700.12, 4.05, 3);
	ok(w.ok && w.why == NULL, "welch: computable");
	is_double(w.t, 34.20963140952325, 1e-9, "welch: t");
	is_double(w.df, 3.8017651982839316, 1e-9, "welch: df");
	is_double(w.p, 7.10380080309544e-06, 1e-12, "welch: p");
	ok(stats_welch_ci(&w, 3.21, 4.05, 1700.12 - 1523.33, 0.95, &lo, &hi),
	    "welch ci: computable");
	is_double(lo, 162.14183796495993, 1e-6, "welch ci: low");
	is_double(hi, 191.43816203504, 1e-6, "welch ci: high");

	/* Noise: 100 vs 101 with SE 2 each. */
	w = stats_welch(100, 2, 3, 101, 2, 3);
	is_double(w.t, 0.3535533905932738, 1e-12, "welch noise: t");
	is_double(w.df, 4.0, 1e-12, "welch noise: df = 4");
	is_double(w.p, 0.7415210563082062, 1e-9, "welch noise: p");

	/* Unequal N and SE, B lower. */
	w = stats_welch(10.5, 0.3, 5, 9.1, 0.1, 12);
	is_double(w.t, -4.427188724235732, 1e-9, "welch unequal: t negative");
	is_double(w.df, 4.916201117318437, 1e-9, "welch unequal: df");
	is_double(w.p, 0.007122931171005382, 1e-9, "welch unequal: p");

	/* SE 0 on one side: df falls back to the other side's N - 1. */
	w = stats_welch(50, 0, 4, 52, 1.5, 4);
	ok(w.ok, "welch: SE 0 on one side is testable");
	is_double(w.df, 3.0, 1e-12, "welch: df = n_b - 1");
	is_double(w.p, 0.2746249970860479, 1e-9, "welch: p with one SE 0");

	/* Identical values: t = 0, p = 1. */
	w = stats_welch(1000, 30.58, 3, 1000, 30.58, 3);
	ok(w.ok && w.t == 0 && fabs(w.p - 1.0) < 1e-12, "welch identical: p = 1");

	w = stats_welch(10, 1, 1, 12, 1, 3);
	ok(!w.ok && w.why != NULL, "welch: N = 1 is not testable");
	w = stats_welch(10, 0, 3, 12, 0, 3);
	ok(!w.ok && w.why != NULL, "welch: SE 0 on both sides is not testable");
	w = stats_welch(1e300, 1e300, 3, -1e300, 1e300, 3);
	ok(!w.ok && w.why != NULL, "welch: overflowing figures refused, no abort");
	w = stats_welch(1, 1e-200, 3, 2, 1e-200, 3);
	ok(!w.ok, "welch: underflowing SEs refused, no abort");
	w = stats_welch(NAN, 1, 3, 12, 1, 3);
	ok(!w.ok, "welch: NaN mean is refused");
	ok(!stats_welch_ci(&w, 1, 1, 2, 0.95, &lo, &hi), "welch ci: refused when not ok");

	stats_holm(p, 5, adj);
	is_double(adj[0], 0.04, 1e-12, "holm: 0.01 -> 0.04 (x4)");
	is_double(adj[1], 0.09, 1e-12, "holm: 0.04 -> 0.09 (monotone)");
	is_double(adj[2], 0.09, 1e-12, "holm: 0.03 -> 0.09 (x3)");
	is_double(adj[3], 0.025, 1e-12, "holm: smallest x5");
	is_double(adj[4], 0.5, 1e-12, "holm: largest x1");
	adj[0] = -1;
	stats_holm(p, 0, adj);
	is_double(adj[0], -1, 0, "holm: n = 0 writes nothing");

	m = stats_mann_whitney(ra, 3, rb, 4);
	ok(m.ok && m.exact, "mwu: exact without ties");
	is_double(m.u, 12.0, 0, "mwu: U of B");
	is_double(m.p, 0.05714285714285714, 1e-12, "mwu: exact p, 3+4");
	m = stats_mann_whitney(sa, 4, sb, 5);
	is_double(m.p, 0.015873015873015872, 1e-12, "mwu: exact p, 4+5");
	m = stats_mann_whitney(sb, 5, sa, 4);
	is_double(m.u, 0.0, 0, "mwu: U when B is all lower");
	is_double(m.p, 0.015873015873015872, 1e-12, "mwu: symmetric p");
	m = stats_mann_whitney(ta, 5, tb, 4);
	ok(m.ok && !m.exact, "mwu: ties use the normal approximation");
	is_double(m.u, 17.0, 0, "mwu: U with ties");
	is_double(m.p, 0.10386194842613085, 1e-9, "mwu: tie-corrected p");
	for (i = 0; i < 25; i++) {
		la[i] = i;
		lb[i] = i + 5.5;
	}
	m = stats_mann_whitney(la, 15, lb, 15);
	ok(m.ok && m.exact, "mwu: 15+15 exact");
	is_double(m.u, 180.0, 0, "mwu: U 15+15");
	is_double(m.p, 0.004266184761076633, 1e-12, "mwu: exact p 15+15");
	m = stats_mann_whitney(la, 25, lb, 25);
	ok(m.ok && !m.exact, "mwu: 25+25 uses the approximation");
	is_double(m.p, 0.017925777357406476, 1e-9, "mwu: asymptotic p 25+25");
	m = stats_mann_whitney(ra, 0, rb, 4);
	ok(!m.ok && m.why != NULL, "mwu: empty side refused");
	m = stats_mann_whitney(tb, 2, tb, 2);
	ok(!m.ok, "mwu: all runs equal is not testable");

	g = stats_geomean(ratios, 4);
	ok(g.ok && g.has_ci && g.n == 4, "geomean: with CI");
	is_double(g.ratio, 1.071202823901392, 1e-12, "geomean: ratio");
	is_double(g.lo, 0.9175268406829846, 1e-9, "geomean: CI low");
	is_double(g.hi, 1.250617899177929, 1e-9, "geomean: CI high");
	g = stats_geomean(ratios, 1);
	ok(g.ok && !g.has_ci && g.ratio == 1.10, "geomean: one ratio, no CI");
	g = stats_geomean(bad, 2);
	ok(!g.ok && g.why != NULL, "geomean: negative ratio refused");
	g = stats_geomean(ratios, 0);
	ok(!g.ok, "geomean: nothing to average");
	return tap_done();
}
