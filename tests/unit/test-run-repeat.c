/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for run-repeat: the 95 % CI half-width against
 * scipy.stats.t.ppf(0.975, n - 1) * sd / sqrt(n) / mean * 100 (Debian
 * python3-scipy 1.10.1), and the stopping rule on fixed sequences: it
 * never stops before three repeats, stops as soon as the target is met,
 * stops at the cap otherwise, and says which in the stored reason.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "run-repeat.h"
#include "tap.h"

int
main(void)
{
	struct run_repeat	 rr;
	struct result_set	*rs;
	static const double	 a[3] = { 100, 101, 99 };
	static const double	 b[5] = { 100, 110, 90, 105, 95 };
	static const double	 c[2] = { 1000, 1010 };
	static const double	 steady[6] = { 500, 501, 499, 500, 500.5, 499.5 };
	char			*why;
	double			 v;
	int			 i;

	is_double(run_repeat_half_pct(a, 3), 2.484137711843753, 1e-9, "half-width, 3 runs");
	is_double(run_repeat_half_pct(b, 5), 9.816215807387803, 1e-9, "half-width, 5 runs");
	is_double(run_repeat_half_pct(c, 2), 6.321494893747312, 1e-9, "half-width, 2 runs");
	ok(isnan(run_repeat_half_pct(a, 1)), "one run: no interval");

	/* Steady: the half-width is tiny from the second run; still three. */
	run_repeat_init(&rr, 2.0, 30);
	ok(!run_repeat_add(&rr, steady[0]), "steady: go on after 1");
	ok(!run_repeat_add(&rr, steady[1]), "steady: go on after 2, though narrow");
	ok(run_repeat_add(&rr, steady[2]), "steady: stop after 3");
	is_int(rr.stop, RUN_REPEAT_TARGET_MET, "steady: the target is met");
	why = run_repeat_reason(&rr);
	ok(strncmp(why, "target met: 95% CI half-width 0.50% of the mean after 3 "
	    "repeats, within the 2% target", 200) == 0, "steady: the reason");
	diag("%s", why);
	free(why);

	/* Noisy until the cap: 10 alternating values of +/-20 %. */
	run_repeat_reset(&rr);
	rr.max = 10;
	for (i = 0; i < 9; i++)
		ok(!run_repeat_add(&rr, i % 2 ? 120 : 80), "noisy: go on");
	ok(run_repeat_add(&rr, 120), "noisy: stop at the cap");
	is_int(rr.stop, RUN_REPEAT_CAP, "noisy: the cap, not the target");
	is_int((int)rr.n, 10, "noisy: ten repeats");
	why = run_repeat_reason(&rr);
	ok(strstr(why, "cap reached: 95% CI half-width ") == why &&
	    strstr(why, "after 10 repeats, above the 2% target") != NULL,
	    "noisy: the reason");
	free(why);

	/* The reason is kept in the set's file-level fields. */
	rs = result_set_new();
	rr.stop = RUN_REPEAT_INTERRUPTED;
	run_repeat_record(&rr, rs, "Random Read 4KB");
	ok(rs->extra.len == 1 && strcmp(rs->extra.items[0].key,
	    "run-repeat-stop: Random Read 4KB") == 0 &&
	    strncmp(rs->extra.items[0].value, "interrupted: ", 13) == 0,
	    "recorded in the set as run-repeat-stop");
	result_set_free(rs);
	run_repeat_free(&rr);

	ok(run_repeat_parse_pct("2%", &v) == 0 && v == 2, "parse 2%");
	ok(run_repeat_parse_pct("0.5", &v) == 0 && v == 0.5, "parse 0.5");
	ok(run_repeat_parse_pct("0", &v) == -1, "0 refused");
	ok(run_repeat_parse_pct("2%%", &v) == -1, "2%% refused");
	ok(run_repeat_parse_pct("101", &v) == -1, "101 refused");
	return tap_done();
}
