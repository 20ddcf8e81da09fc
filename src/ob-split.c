/* SPDX-License-Identifier: ISC */
/*
 * Enumerating the readings of concatenated runs in a flattened
 * OpenBenchmarking export: axis ticks, value runs with a glued N, the
 * system-name run, and the overview's value run. Every search is bounded
 * (readings listed, partitions tried, steps) and reports how many readings
 * remain; nothing here picks one reading among several.
 */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ob-segment.h"
#include "ob-split.h"
#include "xalloc.h"

/* Longest number token we try in the overview ("1234567.123"). */
#define OB_TOK_MAX	16
/*
 * Partitions of the names run tested one by one, at most; past it, only
 * cuts at word joins are tried (docs/ob-text.md, "Bounds on the work").
 */
#define OB_COMBO_BUDGET	2000000UL
/*
 * Steps of the search that tiles a run with names: per ob_split_tile call,
 * and in all for one ob_split_names. Tiling backtracks, and names that are
 * prefixes of one another ("Ab", "AbAb", ...) against a run they do not
 * tile take exponential time; the budgets stop that, far above what real
 * documents need.
 */
#define OB_TILE_STEPS	1000000UL
#define OB_NAMES_STEPS	10000000UL
/* Stored decimal counts we consider (0..7). */
#define OB_RAW_MAX	8

struct ob_venum;
struct ob_slice;
struct ob_search;

static size_t	ob_split_tick_span(const char *s);
static double	ob_split_tick_value(const char *s, size_t len);
static size_t	ob_split_ticks_at(const char *s, double *last);
static bool	ob_split_int_ok(const char *s, size_t len);
static double	ob_split_num(const char *s, size_t len);
static void	ob_split_add_cand(struct ob_venum *e);
static bool	ob_split_int_at(const struct ob_venum *e, size_t p, size_t l);
static size_t	ob_split_ways(struct ob_venum *e, size_t i, size_t p);
static void	ob_split_ints(struct ob_venum *e, size_t pos, size_t i);
static long	ob_split_n_last(const char *v, size_t len, size_t nl,
		    bool glued_n);
static void	ob_split_decimals(struct ob_venum *e, size_t start, int d);
static int	ob_split_tile_rec(const char *run, size_t rl,
		    const struct ob_slice *nm, size_t n, bool *used, size_t *cur,
		    size_t depth, size_t *order, size_t *count,
		    unsigned long *left, int found);
static int	ob_split_tile_left(const char *run, size_t rl,
		    const struct ob_slice *nm, size_t n, bool *used,
		    size_t *cur, size_t *order, size_t *count, unsigned long *left);
static bool	ob_split_unit(const char *s, size_t len);
static bool	ob_slice_eq(const struct ob_slice *a, const struct ob_slice *b);
static bool	ob_split_partition_ok(struct ob_search *se, const size_t *cuts,
		    size_t m);
static double	ob_split_choose(size_t n, size_t k);
static void	ob_split_try(struct ob_search *se, const size_t *cuts, size_t m);
static bool	ob_split_next_comb(size_t *idx, size_t r, size_t n);
static int	ob_split_cap(const char *s, size_t len, int *decs);
static bool	ob_split_overview_cap(const char *s, size_t len, int raw);
static long long ob_split_rounded(const char *o, size_t len,
	    int d);
static unsigned	ob_split_num_mask(const char *s, size_t left);
static double	ob_split_tol(int decimals, double w, double rel);
static bool	ob_split_spend(unsigned long *left);
static bool	ob_split_tok_fits(const char *s, size_t len,
	    const struct ob_tok *t, double rel, unsigned long *left);
static int	ob_split_pos_cmp(const void *a, const void *b);
static bool	ob_split_live_at(const struct ob_reach *r, size_t i, size_t q);
static size_t	ob_split_index(const struct ob_reach *r, size_t i, size_t q);

/* Longest tick token that could start at s. */
static size_t
ob_split_tick_span(const char *s)
{
	size_t	n = 0;

	while (n < 24 && (isdigit((unsigned char)s[n]) || s[n] == '.'))
		n++;
	if (n < 24 && (s[n] == 'K' || s[n] == 'M' || s[n] == 'B'))
		n++;
	return n;
}

/*
 * The value of the tick token (0|[1-9][0-9]*)(.[0-9]+)?[KMB]? that is the
 * first len bytes of s, or -1 when they are none.
 */
static double
ob_split_tick_value(const char *s, size_t len)
{
	char	buf[32];
	double	mult = 1;
	size_t	n = len;

	if (len == 0 || len >= sizeof(buf))
		return -1;
	if (s[n - 1] == 'K' || s[n - 1] == 'M' || s[n - 1] == 'B') {
		mult = s[n - 1] == 'K' ? 1e3 : s[n - 1] == 'M' ? 1e6 : 1e9;
		n--;
	}
	if (!ob_segment_is_number(s, n))
		return -1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return strtod(buf, NULL) * mult;
}

/* Five ticks k*t from s? Returns the end offset or 0. */
static size_t
ob_split_ticks_at(const char *s, double *last)
{
	size_t	l1, span1, pos, k, l, span, best_l;
	double	t, v, want, best_d;

	span1 = ob_split_tick_span(s);
	for (l1 = 1; l1 <= span1; l1++) {
		t = ob_split_tick_value(s, l1);
		if (t <= 0)
			continue;
		pos = l1;
		for (k = 2; k <= 5; k++) {
			want = t * (double)k;
			span = ob_split_tick_span(s + pos);
			best_l = 0;
			best_d = 0;
			for (l = 1; l <= span; l++) {
				v = ob_split_tick_value(s + pos, l);
				/*
				 * Longer prefixes are never smaller (a digit
				 * more, or the unit letter): past want, done.
				 */
				if (v >= 0 && v - want > want * 0.005 + 1e-12)
					break;
				if (v < 0 || fabs(v - want) > want * 0.005 + 1e-12)
					continue;
				if (best_l == 0 || fabs(v - want) < best_d) {
					best_l = l;
					best_d = fabs(v - want);
				}
			}
			if (best_l == 0)
				break;
			pos += best_l;
			if (k == 5)
				*last = ob_split_tick_value(s + pos - best_l, best_l);
		}
		if (k == 6 && (strncmp(s + pos, "SE +/- ", 7) == 0 ||
		    isdigit((unsigned char)s[pos])))
			return pos;
	}
	return 0;
}

size_t
ob_split_ticks(const char *s, size_t *starts, size_t *ends, double *lasts,
    size_t max)
{
	size_t		 p, e, n = 0;
	double		 last = 0;
	/* The SE strings follow the ticks: a names run holds none. */
	const char	*se = strstr(s, "SE +/- ");

	for (p = 0; s[p] != '\0' && (se == NULL || s + p < se) && n < max; p++) {
		if (!isdigit((unsigned char)s[p]))
			continue;
		e = ob_split_ticks_at(s + p, &last);
		if (e == 0)
			continue;
		starts[n] = p;
		ends[n] = p + e;
		lasts[n] = last;
		n++;
	}
	return n;
}

void
ob_cands_free(struct ob_cands *c)
{
	free(c->cuts);
	free(c->c);
	memset(c, 0, sizeof(*c));
}

void
ob_cands_filter(struct ob_cands *c, const bool *keep)
{
	size_t	i, j = 0;

	/* The cuts stay where they are in c->cuts; only the list shrinks. */
	for (i = 0; i < c->len; i++) {
		if (keep[i])
			c->c[j++] = c->c[i];
	}
	c->len = j;
}

static bool
ob_split_int_ok(const char *s, size_t len)
{
	size_t	i;

	if (len == 0 || (len > 1 && s[0] == '0'))
		return false;
	for (i = 0; i < len; i++)
		if (!isdigit((unsigned char)s[i]))
			return false;
	return true;
}

static double
ob_split_num(const char *s, size_t len)
{
	char	buf[40];

	if (len >= sizeof(buf))
		return HUGE_VAL;
	memcpy(buf, s, len);
	buf[len] = '\0';
	return strtod(buf, NULL);
}

struct ob_venum {
	const char	*v;
	size_t		 len, k, maxl, cuts_cap, limit;
	double		 bound;
	size_t		*cut;
	long		 n_last;
	struct ob_cands	*out;
	/* ways[i * (len + 1) + p]: readings of values i.. from p, at most
	 * OB_SPLIT_MAX_CANDS + 1; SIZE_MAX not yet counted. */
	size_t		*ways;
};

static void
ob_split_add_cand(struct ob_venum *e)
{
	struct ob_cands	*o = e->out;

	if (o->len >= e->limit) {
		o->truncated = true;
		return;
	}
	xgrow(&o->c, &o->cap, o->len + 1, sizeof(*o->c));
	xgrow(&o->cuts, &e->cuts_cap, (o->len + 1) * (e->k + 1),
	    sizeof(*o->cuts));
	o->c[o->len].n_last = e->n_last;
	o->c[o->len].cut = NULL;
	memcpy(o->cuts + o->len * (e->k + 1), e->cut,
	    (e->k + 1) * sizeof(size_t));
	o->len++;
}

/* Is v[p..p + l) an integer value: no leading zero, within the bound? */
static bool
ob_split_int_at(const struct ob_venum *e, size_t p, size_t l)
{
	double	x = 0;
	size_t	j;

	if (l > e->maxl || p + l > e->len || (l > 1 && e->v[p] == '0'))
		return false;
	for (j = p; j < p + l; j++) {
		if (!isdigit((unsigned char)e->v[j]))
			return false;
		x = x * 10 + (e->v[j] - '0');
	}
	/* Exact up to 15 digits, as strtod. */
	return e->bound <= 0 || (l <= 15 ? x : ob_split_num(e->v + p, l)) <=
	    e->bound;
}

/* How many ways values i .. k - 1 cover v[p..len), counted once each. */
static size_t
ob_split_ways(struct ob_venum *e, size_t i, size_t p)
{
	size_t	*w = &e->ways[i * (e->len + 1) + p], l, sum = 0;

	if (*w != SIZE_MAX)
		return *w;
	if (i == e->k)
		sum = p == e->len;
	for (l = 1; i < e->k && ob_split_int_at(e, p, l); l++)
		sum += ob_split_ways(e, i + 1, p + l);
	return *w = sum > OB_SPLIT_MAX_CANDS ? OB_SPLIT_MAX_CANDS + 1 : sum;
}

/* Integer values: every split into k numbers, where some reading goes on. */
static void
ob_split_ints(struct ob_venum *e, size_t pos, size_t i)
{
	size_t	l;

	if (i == e->k) {
		if (pos == e->len)
			ob_split_add_cand(e);
		return;
	}
	for (l = 1; e->out->len < e->limit && ob_split_int_at(e, pos, l); l++)
		if (ob_split_ways(e, i + 1, pos + l) > 0) {
			e->cut[i + 1] = pos + l;
			ob_split_ints(e, pos + l, i + 1);
		}
}

/* Decimal values: the dots fix everything but the first integer part. */
static void
ob_split_decimals(struct ob_venum *e, size_t start, int d)
{
	size_t	i, dot, s = start;

	for (i = 0; i < e->k; i++) {
		const char	*q = memchr(e->v + s, '.', e->len - s);

		if (q == NULL)
			return;
		dot = (size_t)(q - e->v);
		if (!ob_split_int_ok(e->v + s, dot - s) ||
		    dot + 1 + (size_t)d > e->len)
			return;
		e->cut[i] = s;
		s = dot + 1 + (size_t)d;
		if (e->bound > 0 && ob_split_num(e->v + e->cut[i], s - e->cut[i]) > e->bound)
			return;
		if (memchr(e->v + dot + 1, '.', (size_t)d) != NULL)
			return;
	}
	if (s != e->len)
		return;
	e->cut[e->k] = s;
	ob_split_add_cand(e);
}

/*
 * The N glued in front of a value run as its first nl bytes (0 when
 * glued_n is false), or -1 when those bytes are not an N (2..99).
 */
static long
ob_split_n_last(const char *v, size_t len, size_t nl, bool glued_n)
{
	long	n;

	if (!glued_n)
		return 0;
	if (nl >= len || !ob_split_int_ok(v, nl))
		return -1;
	n = (long)ob_split_num(v, nl);
	return n < 2 ? -1 : n;
}

void
ob_split_values(const char *v, size_t len, size_t k, bool glued_n,
    double bound, struct ob_cands *out)
{
	struct ob_venum	 e;
	const char	*last_dot;
	size_t		 nl, dots = 0, i, total;
	int		 d = 0;
	char		 buf[32];

	memset(out, 0, sizeof(*out));
	if (k == 0 || len == 0)
		return;
	for (i = 0; i < len; i++)
		if (v[i] == '.')
			dots++;
	if (dots > 0) {
		/* One decimal count per chart: the last value shows it. */
		last_dot = v + len - 1;
		while (*last_dot != '.')
			last_dot--;
		d = (int)(v + len - 1 - last_dot);
		if (d == 0 || dots != k)
			return;
	}
	out->decimals = d;
	e.v = v;
	e.len = len;
	e.k = k;
	e.bound = bound;
	e.out = out;
	e.cut = xcalloc(k + 1, sizeof(size_t));
	e.cuts_cap = 0;
	snprintf(buf, sizeof(buf), "%.0f", bound > 0 ? floor(bound) : 1e18);
	e.maxl = strlen(buf);
	e.limit = OB_SPLIT_MAX_CANDS;
	if (d == 0 && len > 2 + k * e.maxl) {
		free(e.cut);
		return;		/* longer than any reading */
	}
	e.ways = NULL;
	if (d == 0) {
		e.ways = xmalloc((k + 1) * (len + 1) * sizeof(size_t));
		memset(e.ways, 0xff, (k + 1) * (len + 1) * sizeof(size_t));
	}
	for (nl = glued_n ? 1 : 0, total = 0; d == 0 && nl <= (glued_n ? 2 : 0);
	    nl++)
		if (ob_split_n_last(v, len, nl, glued_n) >= 0)
			total += ob_split_ways(&e, 0, nl);
	/*
	 * Nothing settles a chart whose readings are not all known
	 * (ob-check.c): the first three name the ambiguity.
	 */
	if (total > OB_SPLIT_MAX_CANDS) {
		out->truncated = true;
		e.limit = 3;
	}
	for (nl = glued_n ? 1 : 0; nl <= (glued_n ? 2 : 0); nl++) {
		if ((e.n_last = ob_split_n_last(v, len, nl, glued_n)) < 0)
			continue;
		e.cut[0] = nl;
		if (d > 0)
			ob_split_decimals(&e, nl, d);
		else
			ob_split_ints(&e, nl, 0);
	}
	free(e.ways);
	free(e.cut);
	for (i = 0; i < out->len; i++)
		out->c[i].cut = out->cuts + i * (k + 1);
}

void
ob_names_free(struct ob_names *n)
{
	size_t	i;

	for (i = 0; i < n->len; i++)
		free(n->name[i]);
	free(n->name);
	n->name = NULL;
	n->len = 0;
}

/* A name under test: a slice of the names run, not a string of its own. */
struct ob_slice {
	const char	*s;
	size_t		 len;
};

/*
 * Tile run (rl bytes) with distinct names of nm, trying at each position
 * every unused name in order, one step a call while *left lasts: found
 * goes up by the tilings met (to 2, more than one), the first stored as
 * indices in order[] with *count of them. used[] and cur[]: scratch.
 */
static int
ob_split_tile_rec(const char *run, size_t rl, const struct ob_slice *nm,
    size_t n, bool *used, size_t *cur, size_t depth, size_t *order,
    size_t *count, unsigned long *left, int found)
{
	size_t	i, l;

	if (found >= 2 || *left == 0)
		return found;
	(*left)--;
	if (rl == 0) {
		if (found == 0) {
			memcpy(order, cur, depth * sizeof(size_t));
			*count = depth;
		}
		return found + 1;
	}
	for (i = 0; i < n; i++) {
		l = nm[i].len;
		if (used[i] || l > rl || run[0] != nm[i].s[0] ||
		    memcmp(run, nm[i].s, l) != 0)
			continue;
		used[i] = true;
		cur[depth] = i;
		found = ob_split_tile_rec(run + l, rl - l, nm, n, used, cur,
		    depth + 1, order, count, left, found);
		used[i] = false;
	}
	return found;
}

/* ob_split_tile on slices, within OB_TILE_STEPS and what *left holds. */
static int
ob_split_tile_left(const char *run, size_t rl, const struct ob_slice *nm,
    size_t n, bool *used, size_t *cur, size_t *order, size_t *count,
    unsigned long *left)
{
	unsigned long	start, mine;
	int		found;

	start = mine = *left < OB_TILE_STEPS ? *left : OB_TILE_STEPS;
	*count = 0;
	found = ob_split_tile_rec(run, rl, nm, n, used, cur, 0, order, count,
	    &mine, 0);
	*left -= start - mine;
	return found;
}

int
ob_split_tile(const char *run, const struct ob_names *names, size_t *order,
    size_t *count)
{
	struct ob_slice	*nm = xcalloc(names->len + 1, sizeof(*nm));
	bool		*used = xcalloc(names->len + 1, sizeof(bool));
	size_t		*cur = xcalloc(names->len + 1, sizeof(size_t)), i;
	unsigned long	 left = OB_TILE_STEPS;
	int		 found;

	for (i = 0; i < names->len; i++) {
		nm[i].s = names->name[i];
		nm[i].len = strlen(names->name[i]);
	}
	found = ob_split_tile_left(run, strlen(run), nm, names->len, used, cur,
	    order, count, &left);
	free(nm);
	free(used);
	free(cur);
	return found;
}

/*
 * A join of two words with no space: "2TBInland", "RAID0RAID1" is not one
 * (digit then capital then capital), "ProX" after lower case is.
 */
bool
ob_split_word_join(const char *t, size_t i)
{
	unsigned char	a = (unsigned char)t[i - 1], b = (unsigned char)t[i];
	unsigned char	c = (unsigned char)t[i + 1];

	if (islower(a) && isupper(b))
		return true;
	if ((a == ')' || a == ']') && b != ' ')
		return true;
	if (isalnum(a) && isupper(b) && islower(c))
		return true;
	/*
	 * A size or frequency unit glued to a number ends a word:
	 * "2TB|WD_BLACK"; never "2T|B", "7950|X", nor "12.2GC|C 13.1" (GC is
	 * no unit).
	 */
	if (isalpha(a) && isupper(b)) {
		size_t	j = i;

		while (j > 0 && isalpha((unsigned char)t[j - 1]))
			j--;
		if (j > 0 && isdigit((unsigned char)t[j - 1]) &&
		    ob_split_unit(t + j, i - j))
			return true;
	}
	/*
	 * A capital word glued to a dotted version starts a name:
	 * "GCC 12.2|GCC 13.1", but not a unit ("1.2|GB").
	 */
	if (isdigit(a) && isupper(b) && isupper(c)) {
		size_t	j = i, l = 0;

		while (j > 0 && isdigit((unsigned char)t[j - 1]))
			j--;
		while (isalpha((unsigned char)t[i + l]))
			l++;
		if (j > 1 && j < i && t[j - 1] == '.' &&
		    isdigit((unsigned char)t[j - 2]) && !ob_split_unit(t + i, l))
			return true;
	}
	return false;
}

/* Are the len letters at s a size or frequency unit ("TB", "GHz")? */
static bool
ob_split_unit(const char *s, size_t len)
{
	static const char *const units[] = { "KB", "MB", "GB", "TB", "PB",
	    "KiB", "MiB", "GiB", "TiB", "MHz", "GHz" };
	size_t	k;

	for (k = 0; k < sizeof(units) / sizeof(units[0]); k++)
		if (strlen(units[k]) == len && strncmp(s, units[k], len) == 0)
			return true;
	return false;
}

/*
 * The search of ob_split_names: the partition under test (nm, m names),
 * the evidence set up once (runs equal to t or to an earlier run are not
 * tiled again; the hard names t holds), and the best partitions so far.
 */
struct ob_search {
	const struct ob_name_problem *p;
	size_t		  tl, njoins, best, nsol, max_sols, nconsistent;
	struct ob_names	 *sols;
	/* The runs to tile, each (run, count) once, and the counts stated for
	 * runs equal to t (any partition tiles t). */
	struct ob_slice	 *run;
	long		 *count, *tcount;
	size_t		  nrun, ntcount;
	struct ob_slice	 *hard, *nm;
	size_t		  nhard;
	bool		 *used;
	size_t		 *cur, *order;
	unsigned long	  left;
};

static bool
ob_slice_eq(const struct ob_slice *a, const struct ob_slice *b)
{
	return a->len == b->len && (a->len == 0 || a->s[0] == b->s[0]) &&
	    memcmp(a->s, b->s, a->len) == 0;
}

/*
 * Is the partition of t at cuts (m names) consistent: distinct names,
 * every hard name among them, every run tiled (with its count of names
 * when stated; a run equal to t only by its count)?
 */
static bool
ob_split_partition_ok(struct ob_search *se, const size_t *cuts, size_t m)
{
	const struct ob_name_problem *p = se->p;
	size_t	i, j, cnt;

	for (i = 0; i < se->ntcount; i++)
		if ((size_t)se->tcount[i] != m)
			return false;
	for (i = 0; i < m; i++) {
		se->nm[i].s = p->t + (i == 0 ? 0 : cuts[i - 1]);
		se->nm[i].len = (i == m - 1 ? se->tl : cuts[i]) -
		    (i == 0 ? 0 : cuts[i - 1]);
		for (j = 0; j < i; j++)
			if (ob_slice_eq(&se->nm[i], &se->nm[j]))
				return false;
	}
	for (i = 0; i < se->nhard; i++) {
		for (j = 0; j < m && !ob_slice_eq(&se->nm[j], &se->hard[i]); j++)
			;
		if (j == m)
			return false;
	}
	for (i = 0; i < se->nrun; i++)
		if (ob_split_tile_left(se->run[i].s, se->run[i].len, se->nm, m,
		    se->used, se->cur, se->order, &cnt, &se->left) == 0 ||
		    (se->count[i] >= 0 && (size_t)se->count[i] != cnt))
			return false;
	return true;
}

static double
ob_split_choose(size_t n, size_t k)
{
	double	r = 1;
	size_t	i;

	if (k > n)
		return 0;
	for (i = 0; i < k; i++)
		r = r * (double)(n - i) / (double)(i + 1);
	return r;
}

/*
 * Check the partition at cuts; when consistent, rank it by the weak
 * evidence (0 is best: every cut at a word join and every word join cut,
 * so neither fewer nor more names are favoured for themselves; one the
 * caller's agree() rejects ranks below all others) and keep it among the
 * best.
 */
static void
ob_split_try(struct ob_search *se, const size_t *cuts, size_t m)
{
	const struct ob_name_problem *p = se->p;
	struct ob_names	cand;
	size_t		score = 0, used = 0, q;

	if (!ob_split_partition_ok(se, cuts, m))
		return;
	se->nconsistent++;
	cand.len = m;
	cand.name = xcalloc(m, sizeof(char *));
	for (q = 0; q < m; q++)
		cand.name[q] = xstrndup(se->nm[q].s, se->nm[q].len);
	for (q = 0; q + 1 < m; q++)
		if (ob_split_word_join(p->t, cuts[q]))
			used++;
		else
			score++;
	score += se->njoins - used;
	if (p->agree != NULL && !p->agree(&cand, p->agree_ctx))
		score += 2 * se->tl + 1;
	if (score < se->best) {
		for (q = 0; q < se->nsol && q < se->max_sols; q++)
			ob_names_free(&se->sols[q]);
		se->nsol = 0;
		se->best = score;
	}
	if (score == se->best && se->nsol < se->max_sols)
		se->sols[se->nsol] = cand;
	else
		ob_names_free(&cand);
	if (score == se->best)
		se->nsol++;
}

/*
 * The next combination of r indices out of n after idx (increasing), in
 * lexicographic order; false after the last one (and for r == 0).
 */
static bool
ob_split_next_comb(size_t *idx, size_t r, size_t n)
{
	size_t	i = r, j;

	if (r == 0)
		return false;
	while (i > 0 && idx[i - 1] == n - r + i - 1)
		i--;
	if (i == 0)
		return false;
	idx[i - 1]++;
	for (j = i; j < r; j++)
		idx[j] = idx[j - 1] + 1;
	return true;
}

size_t
ob_split_names(const struct ob_name_problem *p, struct ob_names *sols,
    size_t max_sols, size_t *nconsistent)
{
	struct ob_search se;
	size_t		 tl = strlen(p->t), *pos, *req, *idx, *cuts, npos, nreq;
	size_t		 i, j, m, m_lo, m_hi, r, a, b, c;
	bool		*inside, *isreq, narrow = false;
	const char	*h;
	double		 combos;

	*nconsistent = 0;
	if (tl == 0)
		return 0;
	memset(&se, 0, sizeof(se));
	se.p = p;
	se.tl = tl;
	se.best = SIZE_MAX;
	se.sols = sols;
	se.max_sols = max_sols;
	se.left = OB_NAMES_STEPS;
	for (i = 1; i < tl; i++)
		if (ob_split_word_join(p->t, i))
			se.njoins++;
	pos = xcalloc(tl + 1, sizeof(size_t));
	req = xcalloc(tl + 1, sizeof(size_t));
	idx = xcalloc(tl + 1, sizeof(size_t));
	cuts = xcalloc(tl + 1, sizeof(size_t));
	inside = xcalloc(tl + 1, sizeof(bool));
	isreq = xcalloc(tl + 1, sizeof(bool));
	se.hard = xcalloc(p->nhard + 1, sizeof(*se.hard));
	/* A name stated once in t pins its own boundaries. */
	for (i = 0; i < p->nhard; i++) {
		if ((h = strstr(p->t, p->hard[i])) == NULL)
			continue;
		se.hard[se.nhard].s = p->hard[i];
		se.hard[se.nhard++].len = strlen(p->hard[i]);
		if (strstr(h + 1, p->hard[i]) != NULL)
			continue;
		a = (size_t)(h - p->t);
		b = a + strlen(p->hard[i]);
		for (j = a + 1; j < b; j++)
			inside[j] = true;
		isreq[a] = a > 0;
		isreq[b] = b < tl;
	}
	se.run = xcalloc(p->nruns + 1, sizeof(*se.run));
	se.count = xcalloc(p->nruns + 1, sizeof(long));
	se.tcount = xcalloc(p->nruns + 1, sizeof(long));
	for (i = 0; i < p->nruns; i++) {
		if (strcmp(p->runs[i], p->t) == 0) {
			if (p->counts[i] >= 0)
				se.tcount[se.ntcount++] = p->counts[i];
			continue;
		}
		for (j = 0; j < se.nrun && (se.count[j] != p->counts[i] ||
		    strcmp(se.run[j].s, p->runs[i]) != 0); j++)
			;
		if (j < se.nrun)
			continue;
		se.run[se.nrun].s = p->runs[i];
		se.run[se.nrun].len = strlen(p->runs[i]);
		se.count[se.nrun++] = p->counts[i];
	}
	se.nm = xcalloc(tl + 1, sizeof(*se.nm));
	se.used = xcalloc(tl + 1, sizeof(bool));
	se.cur = xcalloc(tl + 1, sizeof(size_t));
	se.order = xcalloc(tl + 1, sizeof(size_t));
	m_lo = p->min_names ? p->min_names : 1;
	m_hi = OB_SPLIT_MAX_NAMES;
	for (i = 0; i < p->nruns; i++)
		if (strlen(p->runs[i]) == tl && p->counts[i] > 0)
			m_lo = m_hi = (size_t)p->counts[i];
	/* Cuts never touch a space; too many partitions: word joins only. */
	for (;;) {
		npos = nreq = 0;
		for (i = 1; i < tl; i++)
			if (isreq[i])
				req[nreq++] = i;
			else if (!inside[i] && p->t[i - 1] != ' ' &&
			    p->t[i] != ' ' && (!narrow ||
			    ob_split_word_join(p->t, i)))
				pos[npos++] = i;
		for (combos = 0, m = m_lo; m <= m_hi && m <= npos + nreq + 1; m++)
			if (m >= nreq + 1)
				combos += ob_split_choose(npos, m - 1 - nreq);
		if (combos <= (double)OB_COMBO_BUDGET || narrow)
			break;
		narrow = true;
	}
	if (combos > (double)OB_COMBO_BUDGET)
		se.nsol = max_sols + 1;
	/* Every partition, by name count and then cut positions. */
	for (m = m_lo; combos <= (double)OB_COMBO_BUDGET && m <= m_hi &&
	    m <= npos + nreq + 1 && se.nconsistent <= 100000 && se.left > 0;
	    m++) {
		if (m < nreq + 1)
			continue;
		for (r = m - 1 - nreq, i = 0; i < r; i++)
			idx[i] = i;
		do {
			for (a = b = c = 0; a < nreq || b < r;)
				if (b >= r || (a < nreq && req[a] < pos[idx[b]]))
					cuts[c++] = req[a++];
				else
					cuts[c++] = pos[idx[b++]];
			ob_split_try(&se, cuts, m);
		} while (se.nconsistent <= 100000 && se.left > 0 &&
		    ob_split_next_comb(idx, r, npos));
	}
	/* Out of steps: too hard to tell, like too many partitions. */
	if (se.left == 0)
		se.nsol = max_sols + 1;
	*nconsistent = se.nconsistent;
	free(pos);
	free(req);
	free(idx);
	free(cuts);
	free(inside);
	free(isreq);
	free(se.hard);
	free(se.run);
	free(se.count);
	free(se.tcount);
	free(se.nm);
	free(se.used);
	free(se.cur);
	free(se.order);
	return se.nsol > max_sols ? max_sols + 1 : se.nsol;
}

/*
 * The overview prints a result's stored value with at most six digits
 * (24720.693 -> 24720.7, 2142.573 -> 2142.57, 440.006): decimals never
 * exceed max(0, 6 - integer digits), the cap returned; *decs gets the
 * decimals of the slice s (len bytes).
 */
static int
ob_split_cap(const char *s, size_t len, int *decs)
{
	size_t	d = 0;

	while (d < len && s[d] != '.')
		d++;
	*decs = d == len ? 0 : (int)(len - d - 1);
	return d >= 6 ? 0 : 6 - (int)d;
}

/* May s be printed so: with the row's stored decimals raw (>= 0), exactly
 * min(raw, the cap) of them. */
static bool
ob_split_overview_cap(const char *s, size_t len, int raw)
{
	int	k, cap = ob_split_cap(s, len, &k);

	return k <= cap && (raw < 0 || k == (raw < cap ? raw : cap));
}

/*
 * The printed number o (len bytes) rounded half-up to d decimals, as an
 * integer of units of 10^-d; -1 when that passes long long. Decimal digits,
 * not binary floating point: 2.0535 rounds to 2.054.
 */
static long long
ob_split_rounded(const char *o, size_t len, int d)
{
	long long	a = 0;
	size_t		i;
	int		k = -1, next = 0;

	for (i = 0; i < len; i++) {
		if (o[i] == '.') {
			k = 0;
			continue;
		}
		if (k >= d) {
			if (k == d)
				next = o[i] - '0';
			k++;
			continue;
		}
		if (a > LLONG_MAX / 20)
			return -1;
		a = a * 10 + (o[i] - '0');
		if (k >= 0)
			k++;
	}
	for (k = k < 0 ? 0 : k; k < d; k++) {
		if (a > LLONG_MAX / 20)
			return -1;
		a *= 10;
	}
	if (next >= 5)
		a++;
	return a;
}

struct ob_want
ob_split_want(const char *w, int d)
{
	struct ob_want	r = { strtod(w, NULL), ob_split_rounded(w, strlen(w), d) };

	return r;
}

/*
 * Bit l set (1 <= l <= OB_TOK_MAX, l <= left): s's first l bytes are a
 * number (ob_segment_is_number), found in one pass instead of one per
 * length: the overview's search tries every length at every position.
 */
static unsigned
ob_split_num_mask(const char *s, size_t left)
{
	unsigned	mask = 0;
	size_t		l;
	bool		dot = false;

	if (!isdigit((unsigned char)s[0]))
		return 0;
	for (l = 1; l <= OB_TOK_MAX && l <= left; l++) {
		if (s[l - 1] == '.') {
			if (dot)
				break;
			dot = true;
			continue;	/* never the last byte */
		}
		if (!isdigit((unsigned char)s[l - 1]))
			break;
		mask |= 1U << l;
		/* No leading zeros: "0", "0.16", never "012". */
		if (l == 1 && s[0] == '0' && s[1] != '.')
			break;
	}
	return mask;
}

/* One slice of the overview's budget (ob-split.h); false once it is spent. */
static bool
ob_split_spend(unsigned long *left)
{
	if (*left == 0)
		return false;
	(*left)--;
	return true;
}

/*
 * May the number s (len bytes, a number by ob_split_num_mask) be token t:
 * the overview's decimals cap, then one of t's values (within rel)?
 */
/* How far a printed value may be from w: half its last digit, and rel. */
static double
ob_split_tol(int decimals, double w, double rel)
{
	double	tol = 0.5 * pow(10, -decimals) * (1 + 1e-9) + 1e-9 * fabs(w);

	return tol + rel * fabs(w);
}

static bool
ob_split_tok_fits(const char *s, size_t len, const struct ob_tok *t,
    double rel, unsigned long *left)
{
	double		o, w;
	long long	a;
	size_t		i;

	/* Every search of the overview asks this: it is what the budget counts. */
	if (!ob_split_spend(left))
		return false;
	if (!ob_split_overview_cap(s, len, t->exact))
		return false;
	if (t->nwant == 0)
		return true;
	if (t->rel > rel)
		rel = t->rel;
	/*
	 * The search asks this of every slice at every position a reading
	 * reaches: the wanted values come parsed, and the slice is parsed
	 * once for all of them.
	 */
	if (rel <= 0) {
		if ((a = ob_split_rounded(s, len, t->decimals)) < 0)
			return false;
		for (i = 0; i < t->nwant; i++)
			if (t->want[i].n == a)
				return true;
		return false;
	}
	o = ob_split_num(s, len);
	for (i = 0; i < t->nwant; i++) {
		w = t->want[i].v;
		if (fabs(o - w) <= ob_split_tol(t->decimals, w, rel))
			return true;
	}
	return false;
}

/* Is position q live for token i of r (binary search of pos[i])? */
static bool
ob_split_live_at(const struct ob_reach *r, size_t i, size_t q)
{
	size_t	k = ob_split_index(r, i, q);

	return k < r->npos[i] && r->live[i][k];
}

/* The index of position q in r's pos[i], or npos[i]. */
static size_t
ob_split_index(const struct ob_reach *r, size_t i, size_t q)
{
	size_t	lo = 0, hi = r->npos[i], mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (r->pos[i][mid] < q)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->npos[i] && r->pos[i][lo] == q ? lo : r->npos[i];
}

static int
ob_split_pos_cmp(const void *a, const void *b)
{
	size_t	x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Forward, token by token, the positions each can start at (a position is
 * kept once: stamp[q] is the token that reached it, plus one); then, with
 * r, backward, which of them can finish the run.
 */
bool
ob_split_overview(const char *s, const struct ob_tok *toks, size_t ntoks,
    double rel, struct ob_reach *r, unsigned long *left)
{
	size_t	 len = strlen(s), i, k, l, p, n = 1, nn, *tmp;
	size_t	*stamp = xcalloc(len + 1, sizeof(size_t));
	size_t	*cur = xcalloc(len + 1, sizeof(size_t));
	size_t	*next = xcalloc(len + 1, sizeof(size_t));
	unsigned num;
	bool	 ok = false;

	if (r != NULL) {
		r->ntoks = ntoks;
		r->pos = xcalloc(ntoks + 1, sizeof(size_t *));
		r->npos = xcalloc(ntoks + 1, sizeof(size_t));
		r->live = xcalloc(ntoks + 1, sizeof(bool *));
	}
	for (i = 0; i <= ntoks; i++) {
		if (r != NULL) {
			qsort(cur, n, sizeof(size_t), ob_split_pos_cmp);
			r->pos[i] = xcalloc(n + 1, sizeof(size_t));
			memcpy(r->pos[i], cur, n * sizeof(size_t));
			r->npos[i] = n;
			r->live[i] = xcalloc(n + 1, sizeof(bool));
		}
		if (i == ntoks)
			break;
		for (nn = 0, k = 0; k < n; k++) {
			p = cur[k];
			num = ob_split_num_mask(s + p, len - p);
			for (l = 1; l <= OB_TOK_MAX && p + l <= len; l++)
				if ((num & 1U << l) && stamp[p + l] != i + 1 &&
				    ob_split_tok_fits(s + p, l, &toks[i], rel,
				    left)) {
					stamp[p + l] = i + 1;
					next[nn++] = p + l;
				}
		}
		tmp = cur;
		cur = next;
		next = tmp;
		n = nn;
	}
	for (k = 0; k < n; k++)
		if (cur[k] == len)
			ok = true;
	if (r != NULL) {
		for (k = 0; k < r->npos[ntoks]; k++)
			r->live[ntoks][k] = r->pos[ntoks][k] == len;
		r->fit = xcalloc(ntoks + 1, sizeof(unsigned *));
		for (i = ntoks; i-- > 0;) {
			r->fit[i] = xcalloc(r->npos[i] + 1, sizeof(unsigned));
			for (k = 0; k < r->npos[i]; k++) {
				p = r->pos[i][k];
				num = ob_split_num_mask(s + p, len - p);
				for (l = 1; l <= OB_TOK_MAX && p + l <= len; l++)
					if ((num & 1U << l) &&
					    ob_split_live_at(r, i + 1, p + l) &&
					    ob_split_tok_fits(s + p, l, &toks[i],
					    rel, left))
						r->fit[i][k] |= 1U << l;
				r->live[i][k] = r->fit[i][k] != 0;
			}
		}
		ok = ntoks == 0 ? ok : r->npos[0] > 0 && r->live[0][0];
	}
	free(stamp);
	free(cur);
	free(next);
	return ok;
}

bool
ob_split_overview_again(const char *s, const struct ob_reach *r,
    const struct ob_tok *toks, const bool *changed, double rel,
    unsigned long *left)
{
	size_t	 len = strlen(s), i, k, j, l, p, n = 1, nn, *tmp;
	size_t	*stamp = xcalloc(len + 1, sizeof(size_t));
	size_t	*cur = xcalloc(len + 1, sizeof(size_t));
	size_t	*next = xcalloc(len + 1, sizeof(size_t));
	unsigned f;
	bool	 ok = false;

	for (i = 0; i < r->ntoks && n > 0; i++) {
		for (nn = 0, j = 0; j < n; j++) {
			p = cur[j];
			if ((k = ob_split_index(r, i, p)) == r->npos[i])
				continue;
			for (f = r->fit[i][k], l = 1; l <= OB_TOK_MAX; l++)
				if ((f & 1U << l) && stamp[p + l] != i + 1 &&
				    (!changed[i] || ob_split_tok_fits(s + p, l,
				    &toks[i], rel, left))) {
					stamp[p + l] = i + 1;
					next[nn++] = p + l;
				}
		}
		tmp = cur;
		cur = next;
		next = tmp;
		n = nn;
	}
	for (j = 0; j < n; j++)
		if (cur[j] == len)
			ok = true;
	free(stamp);
	free(cur);
	free(next);
	return ok;
}

void
ob_split_reach_free(struct ob_reach *r)
{
	size_t	i;

	for (i = 0; r->pos != NULL && i <= r->ntoks; i++) {
		free(r->pos[i]);
		free(r->live[i]);
		if (r->fit != NULL)
			free(r->fit[i]);
	}
	free(r->fit);
	free(r->pos);
	free(r->npos);
	free(r->live);
	memset(r, 0, sizeof(*r));
}

unsigned
ob_split_overview_decimals(const char *s, const struct ob_reach *r,
    const struct ob_tok *toks, size_t i, unsigned long *left)
{
	size_t		len = strlen(s), k, l, p;
	unsigned	mask = 0, num;
	int		d, raw, cap;

	for (k = 0; k < r->npos[i]; k++) {
		if (!r->live[i][k])
			continue;
		p = r->pos[i][k];
		num = ob_split_num_mask(s + p, len - p);
		for (l = 1; l <= OB_TOK_MAX && p + l <= len; l++) {
			if (!(num & 1U << l) || !ob_split_live_at(r, i + 1, p + l) ||
			    !ob_split_tok_fits(s + p, l, &toks[i], 0, left))
				continue;
			/* Below the cap, the row's count; at it, that or more. */
			cap = ob_split_cap(s + p, l, &d);
			for (raw = d; raw < (d < cap ? d + 1 : OB_RAW_MAX); raw++)
				mask |= 1U << raw;
		}
	}
	return mask;
}

double
ob_split_block_mb(const char *args)
{
	const char	*p = strstr(args, "Block Size: ");
	char		*end;
	double		 v;

	if (p == NULL)
		return 0;
	v = strtod(p + strlen("Block Size: "), &end);
	if (end == p + strlen("Block Size: ") || v <= 0)
		return 0;
	if (strncmp(end, "KB", 2) == 0)
		return v / 1024;
	if (strncmp(end, "MB", 2) == 0)
		return v;
	if (strncmp(end, "GB", 2) == 0)
		return v * 1024;
	return 0;
}

bool
ob_split_sibling_ok(double mbs, double iops, double block_mb)
{
	double	want = iops * block_mb;

	if (want <= 0 || mbs <= 0)
		return false;
	return fabs(mbs - want) <= 0.10 * want ||
	    fabs(mbs - want * 1024 / 1000) <= 0.10 * want;
}
