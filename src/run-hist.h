/* SPDX-License-Identifier: ISC */
/*
 * Latency histogram for the io_uring runner: log-linear buckets in the
 * manner of fio's (64 buckets per power of two, exact below 128 ns), so
 * percentiles cost a fixed 15 KiB per thread and no per-I/O samples.
 * Ownership: a run_hist is plain caller-owned storage; nothing to free.
 */
#ifndef BENCHREPORT_RUN_HIST_H
#define BENCHREPORT_RUN_HIST_H

#include <stdint.h>

#define RUN_HIST_BITS	6
#define RUN_HIST_VAL	(1u << RUN_HIST_BITS)
#define RUN_HIST_GROUPS	29
#define RUN_HIST_NR	(RUN_HIST_GROUPS * RUN_HIST_VAL)

struct run_hist {
	uint64_t	count;		/* samples added */
	uint64_t	sum;		/* exact sum of the samples, ns */
	uint64_t	min;		/* exact, valid when count > 0 */
	uint64_t	max;
	uint64_t	bins[RUN_HIST_NR];
};

/* Empty h. */
void	 run_hist_init(struct run_hist *h);
/* Add one sample of ns nanoseconds. */
void	 run_hist_add(struct run_hist *h, uint64_t ns);
/* Add every sample of src to dst. */
void	 run_hist_merge(struct run_hist *dst, const struct run_hist *src);
/* Bucket index of a value, and the value a bucket stands for (its middle). */
unsigned run_hist_index(uint64_t ns);
double	 run_hist_bucket_value(unsigned idx);
/*
 * Exact mean of the samples in *out (ns). 0, or -1 when h is empty.
 */
int	 run_hist_mean(const struct run_hist *h, double *out);
/*
 * The p-th percentile (0 < p <= 100) in *out (ns), as fio computes it: the
 * value of the first bucket whose cumulative count reaches p% of the
 * samples. Exact below 128 ns, within 1/64 relative above. Clamped to the
 * exact min and max. 0, or -1 when h is empty or p is out of range.
 */
int	 run_hist_percentile(const struct run_hist *h, double p, double *out);

#endif
