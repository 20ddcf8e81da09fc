/* SPDX-License-Identifier: ISC */
/*
 * The runner's latency histogram: fio's bucket layout (reference indices
 * and values worked out by hand from fio's plat_val_to_idx and
 * plat_idx_to_val with 6 bits), exact percentiles below 128 ns, and the
 * 1/64 relative bound against exact order statistics above.
 */
#include <stdlib.h>

#include "run-hist.h"
#include "tap.h"

int
main(void)
{
	struct run_hist	*h, *a, *b;
	double		 v, exact;
	uint64_t	 i, prev = 0;
	unsigned	 idx;
	int		 monotonic = 1, within = 1;

	h = malloc(sizeof(*h));
	a = malloc(sizeof(*a));
	b = malloc(sizeof(*b));
	if (h == NULL || a == NULL || b == NULL)
		return 1;

	/* Empty: nothing to report, and the functions say so. */
	run_hist_init(h);
	ok(run_hist_mean(h, &v) == -1, "empty: no mean");
	ok(run_hist_percentile(h, 50, &v) == -1, "empty: no percentile");

	/* Bucket layout, as fio: exact below 128, then 64 per power of two. */
	is_int(run_hist_index(0), 0, "index of 0");
	is_int(run_hist_index(127), 127, "index of 127 is exact");
	is_int(run_hist_index(128), 128, "index of 128");
	/* 1000: msb 9, error bits 3, base 256, (1000 >> 3) & 63 = 61. */
	is_int(run_hist_index(1000), 317, "index of 1000 is 317 (fio)");
	/* Bucket 317 spans 1000..1007; fio reports its middle, 1004. */
	is_double(run_hist_bucket_value(317), 1004.0, 1e-9, "value of bucket 317");
	is_int(run_hist_index(UINT64_MAX), RUN_HIST_NR - 1, "huge values clamp");
	for (i = 1; i < 100000000; i = i * 3 / 2 + 1) {
		idx = run_hist_index(i);
		if (idx < prev)
			monotonic = 0;
		prev = idx;
		v = run_hist_bucket_value(idx);
		if (v < (double)i - (double)i / 128 - 0.5 ||
		    v > (double)i + (double)i / 128 + 0.5)
			within = 0;
	}
	ok(monotonic, "index grows with the value");
	ok(within, "bucket value within 1/128 of every value in it");

	/* 1..100 ns: exact; p50 = 50, p99 = 99, p100 = 100, mean 50.5. */
	for (i = 1; i <= 100; i++)
		run_hist_add(h, i);
	is_int(h->count, 100, "count");
	ok(run_hist_mean(h, &v) == 0, "mean exists");
	is_double(v, 50.5, 1e-12, "mean of 1..100");
	run_hist_percentile(h, 50, &v);
	is_double(v, 50, 0, "p50 of 1..100");
	run_hist_percentile(h, 99, &v);
	is_double(v, 99, 0, "p99 of 1..100");
	run_hist_percentile(h, 100, &v);
	is_double(v, 100, 0, "p100 of 1..100");
	ok(run_hist_percentile(h, 0, &v) == -1, "p0 refused");
	ok(run_hist_percentile(h, 100.5, &v) == -1, "p100.5 refused");

	/* One value repeated: percentiles clamp to it exactly. */
	run_hist_init(h);
	for (i = 0; i < 1000; i++)
		run_hist_add(h, 1000000);
	run_hist_percentile(h, 99.9, &v);
	is_double(v, 1000000, 0, "constant 1 ms: p99.9 is 1 ms");

	/*
	 * 1..100000 ns once each: the exact order statistics are p50 = 50000,
	 * p99 = 99000, p99.9 = 99900; the histogram is within 1/64 of each.
	 */
	run_hist_init(h);
	for (i = 1; i <= 100000; i++)
		run_hist_add(h, i);
	run_hist_mean(h, &v);
	is_double(v, 50000.5, 1e-9, "mean of 1..100000 is exact");
	run_hist_percentile(h, 50, &v);
	exact = 50000;
	is_double(v, exact, exact / 64, "p50 of 1..100000 within 1/64");
	run_hist_percentile(h, 99, &v);
	exact = 99000;
	is_double(v, exact, exact / 64, "p99 of 1..100000 within 1/64");
	run_hist_percentile(h, 99.9, &v);
	exact = 99900;
	is_double(v, exact, exact / 64, "p99.9 of 1..100000 within 1/64");
	is_int(h->min, 1, "min exact");
	is_int(h->max, 100000, "max exact");

	/* Merging two halves gives the same histogram as adding them all. */
	run_hist_init(a);
	run_hist_init(b);
	for (i = 1; i <= 100000; i++)
		run_hist_add(i % 2 ? a : b, i);
	run_hist_merge(a, b);
	ok(a->count == h->count && a->sum == h->sum && a->min == h->min &&
	    a->max == h->max && memcmp(a->bins, h->bins, sizeof(a->bins)) == 0,
	    "merge of two halves equals the whole");
	run_hist_init(b);
	run_hist_merge(a, b);
	is_int(a->count, 100000, "merging an empty histogram changes nothing");

	free(h);
	free(a);
	free(b);
	return tap_done();
}
