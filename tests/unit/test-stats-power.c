/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for stats-power: the non-central t CDF, the power of the
 * t-test, the minimum detectable effect, TOST and the Mann-Whitney floor,
 * against reference values computed offline.
 *
 * References (Debian python3-scipy 1.10.1, python3-statsmodels 0.13.5):
 *   nct:  scipy.stats.nct.cdf(t, df, nc).
 *   MDE:  scipy.optimize.brentq over nc of nct.sf(tc, df, nc) +
 *         nct.cdf(-tc, df, nc) - 0.8, tc = t.isf(0.025, df), times SE.
 *   TOST: max(t.sf((d + m) / se, df), t.cdf((d - m) / se, df)), and
 *         statsmodels.stats.weightstats.ttost_ind(b, a, -2, 2,
 *         usevar="unequal") for the runs below.
 *   MWU floor: 2 / C(na + nb, na) by hand.
 * tests/cli/verdicts.sh checks 50 generated pairs live when those modules
 * are installed.
 */
#include <math.h>
#include <stdlib.h>

#include "stats.h"
#include "stats-power.h"
#include "tap.h"

int
main(void)
{
	struct tost	t;
	struct welch	w;
	double		m;

	is_double(stats_nct_cdf(2.0, 4.0, 1.5), 0.6189289251396548, 1e-9,
	    "nct cdf, df 4");
	is_double(stats_nct_cdf(-1, 1.3, 0.5), 0.11916880977921507, 1e-9,
	    "nct cdf, df 1.3 (density infinite at 0)");
	is_double(stats_nct_cdf(3, 200, 2.5), 0.6881976838499199, 1e-9,
	    "nct cdf, df 200 (mass far from 0)");
	ok(isnan(stats_nct_cdf(1, 0, 1)), "nct cdf: df 0 is not a distribution");
	is_double(stats_t_power(0, 10, 0.05), 0.05, 1e-9,
	    "power at no effect is alpha");

	ok(stats_mde(1, 4, 0.05, 0.8, &m), "mde, df 4: computed");
	is_double(m, 3.761059553825027, 1e-7, "mde, df 4");
	ok(stats_mde(1, 1.5, 0.05, 0.8, &m), "mde, df 1.5: computed");
	is_double(m, 7.82904097014076, 1e-7, "mde, df 1.5");
	ok(stats_mde(2.5, 100, 0.05, 0.8, &m), "mde, df 100: computed");
	is_double(m, 7.072118025678699, 1e-7, "mde, df 100, SE 2.5");
	ok(!stats_mde(0, 4, 0.05, 0.8, &m), "mde: SE 0 has none");
	ok(!stats_mde(1, 4, 0.05, 0.01, &m), "mde: power below alpha refused");

	t = stats_tost(0.3, 0.5, 5.2, 1);
	ok(t.ok, "tost: computed");
	is_double(t.p, 0.10912985913588734, 1e-12, "tost p");
	/* Runs 100, 101.5, 99.2 against 100.4, 100.9, 101.1, 100.2, margin 2. */
	w = stats_welch(100.23333333333333, 0.6741249472052222, 3,
	    100.64999999999999, 0.21015867021530668, 4);
	t = stats_tost(100.64999999999999 - 100.23333333333333,
	    sqrt(0.6741249472052222 * 0.6741249472052222 +
	    0.21015867021530668 * 0.21015867021530668), w.df, 2);
	is_double(t.p, 0.06653387765047745, 1e-12, "tost p = statsmodels ttost_ind");
	t = stats_tost(0.3, 0.5, 5.2, 0);
	ok(!t.ok && t.why != NULL, "tost: no margin, not computed");

	is_double(stats_mwu_min_p(3, 3), 0.1, 1e-12, "U floor 3+3 is 0.1");
	is_double(stats_mwu_min_p(2, 2), 1.0 / 3, 1e-12, "U floor 2+2 is 1/3");
	is_double(stats_mwu_min_p(5, 5), 2.0 / 252, 1e-12, "U floor 5+5");
	is_double(stats_mwu_min_p(1, 1), 1, 1e-12, "U floor 1+1 capped at 1");
	is_double(stats_mwu_min_p(0, 4), 1, 1e-12, "U floor with no runs");
	return tap_done();
}
