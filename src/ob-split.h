/* SPDX-License-Identifier: ISC */
/*
 * Cutting the runs of a flattened OpenBenchmarking export, where the labels
 * of one SVG were joined with no separator: axis ticks, value runs, the
 * system-name run and the overview's value run. Each search lists the
 * readings the text allows and how many there are; choosing is the
 * caller's. Results live in caller-provided structs freed with their _free.
 *
 * Every search spends one of *left a step (a prefix tried as a tick, a
 * value or a tiling step, a partition, a slice of the overview) and stops
 * once it is spent: its answer is then incomplete, and the caller, seeing
 * *left == 0, refuses the document rather than take it.
 */
#ifndef BENCHREPORT_OB_SPLIT_H
#define BENCHREPORT_OB_SPLIT_H

#include <stdbool.h>
#include <stddef.h>

#define OB_SPLIT_MAX_CANDS	4096	/* readings of a value run listed */
#define OB_SPLIT_MAX_NAMES	64	/* names in a partition */

/* One reading of a chart's value run: N glued in front, then k values. */
struct ob_cand {
	long	 n_last;	/* N of the last SE string, 0 when none */
	size_t	*cut;		/* k + 1 offsets: value i is [cut[i], cut[i+1]) */
};

struct ob_cands {
	struct ob_cand	*c;
	size_t		 len, cap;
	size_t		*cuts;		/* every c[i].cut, in one block */
	bool		 truncated;	/* more than OB_SPLIT_MAX_CANDS: the
					 * first three kept, nothing settled */
	int		 decimals;	/* common decimal count */
};

/* The names of a document, when they could be pinned. */
struct ob_names {
	char	**name;
	size_t	  len;
};

struct ob_name_problem {
	const char	 *t;		/* the table-order names run */
	const char	**runs;		/* every chart's names run */
	const long	 *counts;	/* names in each run, -1 when unknown */
	size_t		  nruns;
	const char	**hard;		/* names stated by notes ("- RAID0: "),
					 * each found in t */
	size_t		  nhard;
	size_t		  min_names;	/* lower bound (SE strings of a full run) */
	/* Optional: does a partition agree with the table's cells? */
	bool		(*agree)(const struct ob_names *cand, void *ctx);
	void		 *agree_ctx;
	unsigned long	 *left;		/* the document's steps */
};

/*
 * The overview's value run as tokens, one per bar: a token is free (any
 * number) or one of its wanted values at its decimals (rounded half-up;
 * within rel when rel > 0).
 */
struct ob_want {
	double		v;	/* the value, as strtod reads it */
	long long	n;	/* its digits at the token's decimals; -1: too many */
};

struct ob_tok {
	const struct ob_want *want;	/* one of these values; none: any number */
	size_t		  nwant;
	int		 decimals;
	int		 exact;		/* stored decimals of the row, -1 unknown */
	double		 rel;		/* relative tolerance for this token, 0 none */
};

/*
 * A read of the overview, token by token: token i's positions are tok[i].lo
 * to lo + n - 1, one cell each in at[] from tok[i].off on: bit 0 when
 * tokens 0..i - 1 reach it, bit l when l bytes there fit token i and
 * tokens i + 1.. then read the rest of the run (len bytes); after the last
 * token, bit 1 marks the run's end when it is reached.
 */
struct ob_span {
	size_t	lo, n, off;
};

struct ob_reach {
	struct ob_span	*tok;
	unsigned	*at;
};

/*
 * Axis ticks: every position before the first "SE +/- " of s where five
 * ticks t, 2t ... 5t start, followed by "SE +/- " or a digit; fills
 * starts[], ends[] and the last tick's value lasts[] (at most max).
 */
size_t	 ob_split_ticks(const char *s, size_t *starts, size_t *ends,
	    double *lasts, size_t max, unsigned long *left);
/*
 * The readings of v (len bytes of digits and dots) as an N of 2..99 when
 * glued_n, then k values of one decimal count, no leading zero, each at
 * most bound (<= 0: none).
 */
void	 ob_split_values(const char *v, size_t len, size_t k, bool glued_n,
	    double bound, struct ob_cands *out, unsigned long *left);
void	 ob_cands_free(struct ob_cands *c);
/* Keep only the candidates whose keep[i] is true. */
void	 ob_cands_filter(struct ob_cands *c, const bool *keep);
/*
 * The partitions of p->t into names every run allows, ranked by agreement
 * with the cells (p->agree), then by word joins: returns how many share
 * the best rank (max_sols + 1: more, or the steps spent), the first
 * max_sols in sols[] (free each with ob_names_free); *nconsistent gets how
 * many partitions were consistent at all.
 */
size_t	 ob_split_names(const struct ob_name_problem *p, struct ob_names *sols,
	    size_t max_sols, size_t *nconsistent);
void	 ob_names_free(struct ob_names *n);
/*
 * Tilings of run by distinct names: 0, 1 or 2 (more than one); the first
 * as indices in order[] (room for names->len; written over even when there
 * is none), *count of them.
 */
int	 ob_split_tile(const char *run, const struct ob_names *names,
	    size_t *order, size_t *count, unsigned long *left);
/* Is position i of t (0 < i < strlen(t)) a join of two words ("2TB|Inland")? */
bool	 ob_split_word_join(const char *t, size_t i);
/* The value w parsed for a token of that many decimals. */
struct ob_want	 ob_split_want(const char *w, int decimals);
/*
 * Can s be read as the tokens in order, covering all of it? With prior
 * (a read of s for tokens that allow at least as much), only the slices
 * it kept are tried. With r (free it with ob_split_reach_free), also
 * where each token can be read.
 */
bool	 ob_split_overview(const char *s, const struct ob_tok *toks,
	    size_t ntoks, const struct ob_reach *prior, struct ob_reach *r,
	    unsigned long *left);
void	 ob_split_reach_free(struct ob_reach *r);
/*
 * The stored decimal counts (bit r for r decimals) token i allows in the
 * complete readings r kept: its own below the six-digit cap, that or more
 * at it.
 */
unsigned ob_split_overview_decimals(const char *s, const struct ob_reach *r,
	    size_t i);

#endif
