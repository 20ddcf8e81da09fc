/* SPDX-License-Identifier: ISC */
/*
 * Change points in one series of numbers: E-divisive means over sliding
 * windows with Student's t-test as the significance test, then weak
 * points re-tested and merged away (the method of Hunter and Apache
 * Otava; docs/track.md), and a minimum segment length. No random
 * permutations: the same numbers always give the same points.
 * Knows nothing of the store or of output.
 * Ownership: track_cp_detect fills a caller-owned struct track_cp_list;
 * track_cp_list_free releases it and accepts an empty list.
 */
#ifndef BENCHREPORT_TRACK_CP_H
#define BENCHREPORT_TRACK_CP_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Otava's window (50 points) and magnitude (any); p <= 0.0001 rather than
 * its 0.001, because nightly series are short and the t-test of the best
 * split of a window overstates its significance (docs/track.md).
 */
#define TRACK_CP_WINDOW		50
#define TRACK_CP_MAX_P		0.0001
#define TRACK_CP_MIN_MAGNITUDE	0.0
#define TRACK_CP_MIN_SEGMENT	3
/* The largest window: its scratch table is WINDOW^2 doubles. */
#define TRACK_CP_WINDOW_MAX	2000

struct track_cp_opts {
	int	 window;	/* points per window, >= 2 */
	double	 max_p;		/* a point is kept when p <= max_p ... */
	double	 min_magnitude;	/* ... or when its magnitude exceeds this */
	int	 min_segment;	/* points on each side of a kept point, >= 1 */
	/*
	 * After dropping a point, re-test its two neighbours (the Hunter
	 * paper's words) instead of the two points after it (Otava's merge,
	 * the default, which gives Otava's positions; docs/track.md).
	 */
	bool	 retest_neighbours;
};

/* One segment between change points (or the ends of the series). */
struct track_seg {
	size_t	 start;		/* first point, 0-based */
	size_t	 len;		/* points */
	double	 mean;
	double	 sd;		/* sample standard deviation; 0 when len = 1 */
	bool	 has_ci;	/* false when len = 1 */
	double	 ci_lo, ci_hi;	/* 95 % confidence interval of the mean */
};

/* A change point: the series changes between index - 1 and index. */
struct track_cp {
	size_t		 index;		/* first point of the new segment, 0-based */
	struct track_seg before, after;
	/* p and magnitude are of before against after, the segments reported. */
	double		 p;		/* Student's t-test, before against after */
	double		 rel_change;	/* after / before - 1; 0 when before is 0 */
	double		 magnitude;	/* max(|after/before - 1|, |before/after - 1|) */
};

struct track_cp_list {
	struct track_cp	*items;
	size_t		 len;
};

/* Fill o with the defaults above. */
void	 track_cp_defaults(struct track_cp_opts *o);
/*
 * The change points of x[0..n), in order of index, into *out (emptied
 * first). NaN values are not allowed (callers drop unstated points).
 * Returns 0, or -1 with *why (static) when o is out of range.
 */
int	 track_cp_detect(const double *x, size_t n,
	    const struct track_cp_opts *o, struct track_cp_list *out,
	    const char **why);
/*
 * The segment x[start..start+len): mean, sample SD and the 95 % CI of
 * the mean from Student's t with len - 1 degrees of freedom.
 */
void	 track_cp_segment(const double *x, size_t start, size_t len,
	    struct track_seg *s);
/* Release the points; l may be reused. */
void	 track_cp_list_free(struct track_cp_list *l);

#endif
