/* SPDX-License-Identifier: ISC */
/*
 * Cutting the runs of a flattened OpenBenchmarking export, where every
 * label of one SVG was joined with no separator: axis ticks, SE strings,
 * value runs, system-name runs and the overview's value run. Each function
 * enumerates the readings the text allows under the format's constraints
 * and reports how many there are; choosing between them is the caller's
 * business, and never done by guessing here.
 *
 * Ownership: results live in caller-provided structs released with the
 * matching _free function.
 */
#ifndef BENCHREPORT_OB_SPLIT_H
#define BENCHREPORT_OB_SPLIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Upper limits that keep every search bounded. */
#define OB_SPLIT_MAX_CANDS	4096
#define OB_SPLIT_MAX_NAMES	64

/*
 * Axis ticks: every position p in s (from 0, before its first "SE +/- ")
 * where five ticks t, 2t ... 5t start and are followed by "SE +/- " or a
 * digit. Fills starts[] and ends[] (at most max), the last tick's value
 * in lasts[]; returns the count.
 */
size_t	 ob_split_ticks(const char *s, size_t *starts, size_t *ends,
	    double *lasts, size_t max);

/* One reading of a chart's value run: N glued in front, then k values. */
struct ob_cand {
	long	 n_last;	/* N of the last SE string, 0 when none */
	size_t	*cut;		/* k + 1 offsets: value i is [cut[i], cut[i+1]) */
};

struct ob_cands {
	struct ob_cand	*c;
	size_t		 len, cap;
	size_t		*cuts;		/* every c[i].cut, in one block */
	/* More than OB_SPLIT_MAX_CANDS readings: only the first three are
	 * kept (nothing settles a chart whose readings are not all known). */
	bool		 truncated;
	int		 decimals;	/* common decimal count */
};

/*
 * Enumerate readings of v (len bytes of digits and dots) as an optional N
 * (2..99, when glued_n) followed by k values that share one decimal count,
 * have no leading zeros and are at most bound (<= 0: no bound).
 */
void	 ob_split_values(const char *v, size_t len, size_t k, bool glued_n,
	    double bound, struct ob_cands *out);
void	 ob_cands_free(struct ob_cands *c);
/* Keep only the candidates whose keep[i] is true. */
void	 ob_cands_filter(struct ob_cands *c, const bool *keep);

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
	const char	**hard;		/* names stated by notes ("- RAID0: ") */
	size_t		  nhard;
	size_t		  min_names;	/* lower bound (SE strings of a full run) */
	/*
	 * Optional: does a consistent partition agree with the systems
	 * table's cells? Partitions it accepts rank before all others.
	 */
	bool		(*agree)(const struct ob_names *cand, void *ctx);
	void		 *agree_ctx;
};

/*
 * Partition t into names consistent with every run (hard evidence), then
 * rank them: agreement with the table's cells (p->agree) first, then
 * boundaries at word joins. Returns how
 * many partitions share the best rank (the first max_sols are stored in
 * sols[]; caller frees each with ob_names_free; more than max_sols means
 * "more than max_sols"); *nconsistent gets how many were consistent at
 * all. One best partition: the names. Several: the text does not pin them.
 */
size_t	 ob_split_names(const struct ob_name_problem *p, struct ob_names *sols,
	    size_t max_sols, size_t *nconsistent);
void	 ob_names_free(struct ob_names *n);
/*
 * Tile run with distinct names: returns how many tilings exist (0, 1 or 2
 * meaning "more than one"); the first is stored as indices in order[]
 * (room for names->len) with *count names.
 */
int	 ob_split_tile(const char *run, const struct ob_names *names,
	    size_t *order, size_t *count);

/*
 * The overview value run: per table-order system, one token per chart row
 * where the system has a value. A token is either free (any number) or
 * must equal want at decimals (after rounding; within rel when rel > 0).
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
 * The value w parsed for a token of that many decimals. The search compares
 * every wanted value with every slice it reaches, so each is parsed once.
 */
struct ob_want	 ob_split_want(const char *w, int decimals);

/*
 * The searches of the overview below share one budget, *left: a slice
 * tried against a token spends one. Once it is spent they answer no, and
 * the caller, seeing *left == 0, must not take that for an answer.
 */

/*
 * Can s be read as the tokens in order, covering all of it? With r (free
 * it with ob_split_reach_free), also where each token can start: pos[i]
 * lists (sorted) the positions tokens 0..i-1 can cover s[0..p) to, and
 * live[i][k] says whether tokens i..n-1 can then cover s[pos[i][k]..].
 */
struct ob_reach {
	size_t	  ntoks;
	size_t	**pos, *npos;
	bool	**live;
	unsigned **fit;		/* bit l: a number of l bytes at pos[i][k]
				 * fits token i and ends where i + 1 is live */
};

bool	 ob_split_overview(const char *s, const struct ob_tok *toks,
	    size_t ntoks, double rel, struct ob_reach *r, unsigned long *left);
void	 ob_split_reach_free(struct ob_reach *r);
/*
 * ob_split_overview again, with r made for tokens that allow at least as
 * much as toks: only the tokens with changed[i] are tried anew, the others
 * take the slices r found for them.
 */
bool	 ob_split_overview_again(const char *s, const struct ob_reach *r,
	    const struct ob_tok *toks, const bool *changed, double rel,
	    unsigned long *left);

/*
 * Bit mask of the stored decimal counts (bit r for r decimals, r < 8) that
 * token i is compatible with in some complete reading (from r): a token
 * printed below the six-digit cap shows its row's stored count exactly;
 * one at the cap, that many or more.
 */
unsigned	 ob_split_overview_decimals(const char *s,
	    const struct ob_reach *r, const struct ob_tok *toks, size_t i,
	    unsigned long *left);

/*
 * Is position i (0 < i < strlen(t)) a join of two words with no space:
 * "2TB|Inland", "Audio|DELL", "Threads)|ASUS"; never "RAID0|RAID1"?
 */
bool	 ob_split_word_join(const char *t, size_t i);

/*
 * The block size an fio arguments line states ("Block Size: 2MB", "4KB"),
 * in MB, or 0 when it states none.
 */
double	 ob_split_block_mb(const char *args);
/*
 * Do MB/s and IOPS of one system agree with the block size? fio's two
 * charts of one run come from different averages (seed 000: 9631 MB/s
 * against 5068 IOPS at 2 MB), so within 10 %: enough to tell readings
 * that differ by a shifted digit, never a fine measure.
 */
bool	 ob_split_sibling_ok(double mbs, double iops, double block_mb);

#endif
