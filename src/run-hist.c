/* SPDX-License-Identifier: ISC */
/*
 * Log-linear latency histogram: values below 2^(BITS+1) have a bucket
 * each; above, every power of two is split into 2^BITS equal buckets, so
 * the relative error of a percentile is at most 1/64. Mean, min and max are
 * kept exactly. Nothing here reads clocks or knows of I/O.
 */
#include <math.h>
#include <string.h>

#include "run-hist.h"

void
run_hist_init(struct run_hist *h)
{
	memset(h, 0, sizeof(*h));
}

unsigned
run_hist_index(uint64_t ns)
{
	unsigned	msb, error_bits, base, offset, idx;

	if (ns < 2 * RUN_HIST_VAL)
		return (unsigned)ns;
	msb = 63u - (unsigned)__builtin_clzll(ns);
	error_bits = msb - RUN_HIST_BITS;
	base = (error_bits + 1) << RUN_HIST_BITS;
	offset = (unsigned)(ns >> error_bits) & (RUN_HIST_VAL - 1);
	idx = base + offset;
	return idx < RUN_HIST_NR ? idx : RUN_HIST_NR - 1;
}

double
run_hist_bucket_value(unsigned idx)
{
	unsigned	error_bits, k;
	double		base, width;

	if (idx < 2 * RUN_HIST_VAL)
		return (double)idx;
	error_bits = (idx >> RUN_HIST_BITS) - 1;
	k = idx & (RUN_HIST_VAL - 1);
	base = ldexp(1.0, (int)(error_bits + RUN_HIST_BITS));
	width = ldexp(1.0, (int)error_bits);
	/* The middle of the bucket, as fio's plat_idx_to_val. */
	return base + ((double)k + 0.5) * width;
}

void
run_hist_add(struct run_hist *h, uint64_t ns)
{
	if (h->count == 0 || ns < h->min)
		h->min = ns;
	if (ns > h->max)
		h->max = ns;
	h->count++;
	h->sum += ns;
	h->bins[run_hist_index(ns)]++;
}

void
run_hist_merge(struct run_hist *dst, const struct run_hist *src)
{
	size_t	i;

	if (src->count == 0)
		return;
	if (dst->count == 0 || src->min < dst->min)
		dst->min = src->min;
	if (src->max > dst->max)
		dst->max = src->max;
	dst->count += src->count;
	dst->sum += src->sum;
	for (i = 0; i < RUN_HIST_NR; i++)
		dst->bins[i] += src->bins[i];
}

int
run_hist_mean(const struct run_hist *h, double *out)
{
	if (h->count == 0)
		return -1;
	*out = (double)h->sum / (double)h->count;
	return 0;
}

int
run_hist_percentile(const struct run_hist *h, double p, double *out)
{
	double		want, v;
	uint64_t	cum = 0;
	size_t		i;

	if (h->count == 0 || !(p > 0.0 && p <= 100.0))
		return -1;
	want = p / 100.0 * (double)h->count;
	for (i = 0; i < RUN_HIST_NR; i++) {
		cum += h->bins[i];
		if (cum > 0 && (double)cum >= want)
			break;
	}
	if (i == RUN_HIST_NR)
		i = RUN_HIST_NR - 1;
	v = run_hist_bucket_value((unsigned)i);
	/* A bucket's middle can lie outside what was seen: clamp it. */
	if (v < (double)h->min)
		v = (double)h->min;
	if (v > (double)h->max)
		v = (double)h->max;
	*out = v;
	return 0;
}
