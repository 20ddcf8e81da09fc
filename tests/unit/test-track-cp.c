/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for the change-point detector (track-cp.c) and the version
 * order of track.c: a clean step with its t-test and confidence interval,
 * no point in a constant or too short series, the minimum segment, the
 * same points on a second call, options out of range, and a noisy series
 * of two steps whose positions Apache Otava gives.
 *
 * References: p is scipy.stats.ttest_ind_from_stats(10, np.std(L), 8, 20,
 * np.std(R), 8) (pooled variance, standard deviations with divisor n, as
 * Otava) and the CI 10 -/+ t.ppf(0.975, 7) * sd(ddof=1) / sqrt(8), with
 * Debian python3-scipy 1.10.1. The noisy series: python's
 * random.Random(7), levels 100, 90 from point 31 and 94.5 from point 61,
 * 3 % gaussian noise, rounded to 3 decimals; Otava's
 * compute_change_points gives indices [30, 60] with windows of 50 and
 * of 20 at p 0.001, and [30, 60, 77] at p 0.01.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "track-cp.h"
#include "track.h"

static const double noisy[90] = {
	99.232,101.534,99.322,99.055,97.21,99.36,103.336,101.272,103.111,100.747,
	101.184,100.556,95.002,102.566,101.519,101.496,94.926,94.768,97.331,98.595,
	100.916,99.862,101.563,98.073,100.926,101.182,98.017,105.153,101.67,103.591,
	88.325,88.003,89.071,89.713,91.707,90.671,88.792,87.416,88.594,93.296,
	87.819,90.661,91.152,85.978,90.131,93.527,84.561,89.132,89.713,87.793,
	91.343,89.832,86.045,92.235,91.807,92.554,93.89,90.978,90.322,86.492,
	106.939,103.073,103.574,101.016,101.952,103.327,109.06,98.6,100.408,105.754,
	109.547,106.822,99.015,97.068,106.126,102.681,101.473,108.079,108.471,105.495,
	105.774,106.368,110.021,106.95,106.634,106.725,100.06,109.037,108.009,106.668
};

static const double step[16] = { 10, 11, 9, 10, 10, 11, 9, 10,
    20, 21, 19, 20, 20, 21, 19, 20 };

/* The positions of l as "30 60". */
static const char *
positions(const struct track_cp_list *l)
{
	static char	 buf[256];
	size_t		 i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < l->len && o < sizeof(buf) - 16; i++)
		o += (size_t)snprintf(buf + o, sizeof(buf) - o, "%s%zu",
		    i > 0 ? " " : "", l->items[i].index);
	return buf;
}

int
main(void)
{
	struct track_cp_opts	 o;
	struct track_cp_list	 l = { NULL, 0 }, m = { NULL, 0 };
	const char		*why = NULL;
	double			 x[40];
	size_t			 i;

	track_cp_defaults(&o);
	ok(track_cp_detect(step, 16, &o, &l, &why) == 0, "a clean step: detected");
	is_int((int)l.len, 1, "one change point");
	is_int((int)l.items[0].index, 8, "at the first point of the new level");
	is_double(l.items[0].before.mean, 10, 1e-12, "mean before");
	is_double(l.items[0].after.mean, 20, 1e-12, "mean after");
	is_double(l.items[0].rel_change, 1, 1e-12, "relative change +100 %");
	is_double(l.items[0].p, 9.3960663685168634e-14, 1e-20, "p as scipy's t-test");
	is_double(l.items[0].before.sd, 0.7559289460184544, 1e-12, "sample SD");
	is_double(l.items[0].before.ci_lo, 9.3680275860187514, 1e-9, "CI low as scipy's t");
	is_double(l.items[0].before.ci_hi, 10.631972413981249, 1e-9, "CI high");
	is_int((int)l.items[0].before.len, 8, "eight points before");

	for (i = 0; i < 40; i++)
		x[i] = 5;
	ok(track_cp_detect(x, 40, &o, &l, &why) == 0 && l.len == 0,
	    "a constant series: no change point");
	ok(track_cp_detect(x, 0, &o, &l, &why) == 0 && l.len == 0,
	    "no point: no change point");
	ok(track_cp_detect(x, 1, &o, &l, &why) == 0 && l.len == 0,
	    "one point: no change point");
	for (i = 0; i < 40; i++)
		x[i] = 100 + (i % 3) * 0.5 + (i >= 38 ? 30 : 0);
	ok(track_cp_detect(x, 40, &o, &l, &why) == 0 && l.len == 0,
	    "two points after a step are fewer than the minimum segment");
	o.min_segment = 2;
	ok(track_cp_detect(x, 40, &o, &l, &why) == 0 && l.len == 1 &&
	    l.items[0].index == 38, "with a minimum of 2 the step is found");
	track_cp_defaults(&o);

	o.max_p = 0.001;
	ok(track_cp_detect(noisy, 90, &o, &l, &why) == 0, "noisy: detected");
	is_str(positions(&l), "30 60", "noisy: Otava's positions (window 50)");
	o.window = 20;
	ok(track_cp_detect(noisy, 90, &o, &l, &why) == 0, "noisy, window 20");
	is_str(positions(&l), "30 60", "noisy: Otava's positions (window 20)");
	o.window = 50;
	o.max_p = 0.01;
	o.min_segment = 1;
	ok(track_cp_detect(noisy, 90, &o, &l, &why) == 0, "noisy, p 0.01");
	is_str(positions(&l), "30 60 77", "noisy: Otava's positions (p 0.01)");
	ok(track_cp_detect(noisy, 90, &o, &m, &why) == 0 && m.len == l.len &&
	    memcmp(m.items, l.items, l.len * sizeof(*l.items)) == 0,
	    "the same points, to the bit, on a second call");
	o.retest_neighbours = true;
	ok(track_cp_detect(noisy, 90, &o, &l, &why) == 0,
	    "noisy, p 0.01, both neighbours re-tested");
	is_str(positions(&l), "30 60 77",
	    "noisy: the same positions re-testing both neighbours");

	track_cp_defaults(&o);
	o.window = 1;
	ok(track_cp_detect(noisy, 90, &o, &l, &why) == -1 && why != NULL,
	    "a window of 1 is refused");
	track_cp_defaults(&o);
	o.max_p = 0;
	ok(track_cp_detect(noisy, 90, &o, &l, &why) == -1, "p 0 is refused");
	track_cp_defaults(&o);
	o.min_segment = 0;
	ok(track_cp_detect(noisy, 90, &o, &l, &why) == -1,
	    "a minimum segment of 0 is refused");

	ok(track_vercmp("6.6.8", "6.10.1") < 0, "6.6.8 before 6.10.1");
	ok(track_vercmp("6.9", "6.10") < 0, "6.9 before 6.10");
	ok(track_vercmp("6.10", "6.9") > 0, "6.10 after 6.9");
	ok(track_vercmp("6.6", "6.6.1") < 0, "6.6 before 6.6.1");
	ok(track_vercmp("6.06", "6.6") == 0, "leading zeros do not count");
	ok(track_vercmp("rc2", "rc10") < 0, "rc2 before rc10");
	ok(track_vercmp("abc", "abd") < 0, "letters byte by byte");
	ok(track_glob("*io tester*", "Flexible IO Tester"), "a glob without regard to case");
	ok(!track_glob("*random*", "Flexible IO Tester"), "a glob that does not match");

	track_cp_list_free(&l);
	track_cp_list_free(&m);
	return tap_done();
}
