/* SPDX-License-Identifier: ISC */
/*
 * The searches of ob-split.h. Each spends the document's steps (*left)
 * and stops when they are spent (docs/ob-text.md, "Bounds on the work");
 * it lists readings, it never picks one.
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
/* Stored decimal counts we consider (0..7). */
#define OB_RAW_MAX	8

struct ob_venum;
struct ob_tiler;
struct ob_search;

static double	ob_split_tick_value(const char *s, size_t len);
static size_t	ob_split_ticks_at(const char *s, double *last,
		    unsigned long *left);
static double	ob_split_num(const char *s, size_t len);
static bool	ob_split_value_at(const struct ob_venum *e, size_t p, size_t l);
static bool	ob_split_list(struct ob_venum *e, size_t i, size_t p);
static void	ob_split_tile_rec(struct ob_tiler *tl, const char *run,
		    size_t depth);
static bool	ob_split_unit(const char *s, size_t len);
static bool	ob_split_name(struct ob_search *se, size_t c, size_t e);
static double	ob_split_choose(size_t n, size_t k);
static void	ob_split_try(struct ob_search *se, size_t m);
static void	ob_split_cuts(struct ob_search *se, size_t j, size_t c,
		    size_t m, size_t req);
static int	ob_split_cap(const char *s, size_t len, int *decs);
static long long ob_split_rounded(const char *o, size_t len, int d);
static unsigned	ob_split_num_mask(const char *s, size_t left);
static bool	ob_split_tok_fits(const char *s, size_t len,
		    const struct ob_tok *t, unsigned long *left);
static unsigned	ob_split_fit(const struct ob_reach *r, size_t i, size_t p);

/*
 * The value of the tick token (0|[1-9][0-9]*)(.[0-9]+)?[KMB]? that is the
 * first len bytes of s (at most 12, no NUL), or -1 when they are none.
 */
static double
ob_split_tick_value(const char *s, size_t len)
{
	char	u = len > 0 ? s[len - 1] : 0;
	double	mult = u == 'K' ? 1e3 : u == 'M' ? 1e6 : u == 'B' ? 1e9 : 1;

	if (mult > 1)
		len--;
	if (!ob_segment_is_number(s, len))
		return -1;
	return ob_split_num(s, len) * mult;
}

/* Five ticks t, 2t ... 5t from s? Returns the end offset or 0. */
static size_t
ob_split_ticks_at(const char *s, double *last, unsigned long *left)
{
	size_t	l1, pos, k, l, best;
	double	t, v, want, best_d = 0;

	for (l1 = 1; l1 <= strnlen(s, 12) && *left > 0; l1++) {
		(*left)--;
		if ((t = ob_split_tick_value(s, l1)) <= 0)
			continue;
		for (pos = l1, k = 2; k <= 5; k++, pos += best) {
			/*
			 * The nearest within the printed rounding; longer
			 * prefixes are never smaller: past want, done.
			 */
			want = t * (double)k;
			for (best = 0, l = 1; l <= strnlen(s + pos, 12) &&
			    *left > 0; l++) {
				(*left)--;
				if ((v = ob_split_tick_value(s + pos, l)) < 0)
					continue;
				if (v - want > want * 0.005 + 1e-12)
					break;
				if (fabs(v - want) <= want * 0.005 + 1e-12 &&
				    (best == 0 || fabs(v - want) < best_d)) {
					best = l;
					best_d = fabs(v - want);
					*last = v;
				}
			}
			if (best == 0)
				break;
		}
		if (k == 6 && (strncmp(s + pos, "SE +/- ", 7) == 0 ||
		    isdigit((unsigned char)s[pos])))
			return pos;
	}
	return 0;
}

size_t
ob_split_ticks(const char *s, size_t *starts, size_t *ends, double *lasts,
    size_t max, unsigned long *left)
{
	size_t		 p, e, n = 0;
	double		 last = 0;
	/* The SE strings follow the ticks: a names run holds none. */
	const char	*se = strstr(s, "SE +/- ");

	for (p = 0; s[p] != '\0' && (se == NULL || s + p < se) && n < max; p++) {
		if (!isdigit((unsigned char)s[p]) ||
		    (e = ob_split_ticks_at(s + p, &last, left)) == 0)
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
	for (i = 0; i < c->len; i++)
		if (keep[i])
			c->c[j++] = c->c[i];
	c->len = j;
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

/*
 * The search of ob_split_values: v as k values of d decimals, each at most
 * maxl bytes; dead[i * (len + 1) + p] once values i.. were found not to
 * cover v[p..len) in any way.
 */
struct ob_venum {
	const char	*v;
	size_t		 len, k, maxl, cuts_cap;
	int		 d;
	double		 bound;
	bool		*dead;
	size_t		*cut;
	long		 n_last;
	struct ob_cands	*out;
	unsigned long	*left;
};

/* Is v[p..p + l) a value: a number of d decimals within the bound? */
static bool
ob_split_value_at(const struct ob_venum *e, size_t p, size_t l)
{
	size_t	d = (size_t)e->d;

	if (p + l > e->len || !ob_segment_is_number(e->v + p, l) ||
	    (d > 0 && (l < d + 2 || e->v[p + l - 1 - d] != '.')))
		return false;
	/* Shorter than maxl, it has fewer integer digits than the bound. */
	return e->bound <= 0 || l < e->maxl ||
	    ob_split_num(e->v + p, l) <= e->bound;
}

/*
 * List the readings of values i.. from p in order of their cuts, one more
 * than OB_SPLIT_MAX_CANDS at most: enough to tell there are too many.
 * Returns whether there was any.
 */
static bool
ob_split_list(struct ob_venum *e, size_t i, size_t p)
{
	struct ob_cands	*o = e->out;
	size_t		 l;
	bool		 any = false;

	if (i == e->k && p == e->len) {
		xgrow(&o->c, &o->cap, o->len + 1, sizeof(*o->c));
		xgrow(&o->cuts, &e->cuts_cap, (o->len + 1) * (e->k + 1),
		    sizeof(*o->cuts));
		o->c[o->len].n_last = e->n_last;
		memcpy(o->cuts + o->len++ * (e->k + 1), e->cut,
		    (e->k + 1) * sizeof(size_t));
		return true;
	}
	if (i == e->k || e->dead[i * (e->len + 1) + p])
		return false;
	for (l = 1; l <= e->maxl && p + l <= e->len &&
	    o->len <= OB_SPLIT_MAX_CANDS && *e->left > 0; l++, (*e->left)--)
		if (ob_split_value_at(e, p, l)) {
			e->cut[i + 1] = p + l;
			any |= ob_split_list(e, i + 1, p + l);
		}
	/* A dead end stays one: integers would otherwise retry it. */
	e->dead[i * (e->len + 1) + p] = !any;
	return any;
}

void
ob_split_values(const char *v, size_t len, size_t k, bool glued_n,
    double bound, struct ob_cands *out, unsigned long *left)
{
	struct ob_venum	 e = { .v = v, .len = len, .k = k, .bound = bound,
	    .out = out, .left = left };
	size_t		 nl, dots = 0, i;
	char		 buf[32];

	memset(out, 0, sizeof(*out));
	if (k == 0 || len == 0)
		return;
	for (i = 0; i < len; i++)
		if (v[i] == '.')
			dots++;
	/* One decimal count per chart: the last value shows it. */
	while (dots > 0 && v[len - 1 - (size_t)e.d] != '.')
		e.d++;
	if (dots > 0 && (e.d == 0 || dots != k))
		return;
	out->decimals = e.d;
	/* A value has at most the bound's integer digits (19 without one). */
	snprintf(buf, sizeof(buf), "%.0f", bound > 0 ? floor(bound) : 1e18);
	e.maxl = strlen(buf) + (e.d > 0 ? (size_t)e.d + 1 : 0);
	if (e.d > 0 && bound <= 0)
		e.maxl = len;
	e.dead = xcalloc((k + 1) * (len + 1), sizeof(bool));
	e.cut = xcalloc(k + 1, sizeof(size_t));
	/* The N glued in front (2..99) is the first one or two digits. */
	for (nl = glued_n ? 1 : 0; nl <= (glued_n ? 2 : 0); nl++) {
		if (nl > 0 && (nl >= len || !ob_segment_is_number(v, nl) ||
		    (e.n_last = (long)ob_split_num(v, nl)) < 2))
			continue;
		e.cut[0] = nl;
		ob_split_list(&e, 0, nl);
	}
	/* Readings not all known settle nothing: the first three name them. */
	if (out->len > OB_SPLIT_MAX_CANDS) {
		out->truncated = true;
		out->len = 3;
	}
	for (i = 0; i < out->len; i++)
		out->c[i].cut = out->cuts + i * (k + 1);
	free(e.dead);
	free(e.cut);
}

void
ob_names_free(struct ob_names *n)
{
	size_t	i;

	for (i = 0; i < n->len; i++)
		free(n->name[i]);
	free(n->name);
	memset(n, 0, sizeof(*n));
}

/*
 * Tiling a run with distinct names, one step a call: found counts the
 * tilings met (to 2, more than one), the first kept as indices in
 * order[0..count) when order is not NULL; used[i] while name i is in the
 * tiling under way.
 */
struct ob_tiler {
	const struct ob_names *names;
	bool		*used;
	size_t		*order, count;
	unsigned long	*left;
	int		 found;
};

static void
ob_split_tile_rec(struct ob_tiler *tl, const char *run, size_t depth)
{
	const char	*n;
	size_t		 i, l;

	if (tl->found >= 2 || *tl->left == 0)
		return;
	(*tl->left)--;
	if (*run == '\0') {
		if (tl->found++ == 0)
			tl->count = depth;
		return;
	}
	for (i = 0; i < tl->names->len; i++) {
		n = tl->names->name[i];
		if (tl->used[i] || run[0] != n[0] ||
		    strncmp(run, n, l = strlen(n)) != 0)
			continue;
		/* order[] follows the tiling under way until one is met. */
		if (tl->found == 0 && tl->order != NULL)
			tl->order[depth] = i;
		tl->used[i] = true;
		ob_split_tile_rec(tl, run + l, depth + 1);
		tl->used[i] = false;
	}
}

int
ob_split_tile(const char *run, const struct ob_names *names, size_t *order,
    size_t *count, unsigned long *left)
{
	struct ob_tiler	tl = { names, NULL, order, 0, left, 0 };

	tl.used = xcalloc(names->len + 1, sizeof(bool));
	ob_split_tile_rec(&tl, run, 0);
	*count = tl.count;
	free(tl.used);
	return tl.found;
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
 * The search of ob_split_names: the partition under test (m names cut at
 * cut[1..m), cut[0] 0 and cut[m] t's end; the names as strings in buf),
 * the evidence set up once and the best partitions so far. Position q of
 * t is never cut (kind[q] 0), may be (1) or must be (2: a pinned name's
 * end); at[0..nat) lists those that may or must be. Runs equal to t are
 * not tiled (tile[i] false): every partition tiles t with its m names.
 */
struct ob_search {
	const struct ob_name_problem *p;
	size_t		  tl, njoins, best, nsol, max_sols, nconsistent;
	size_t		  nat, *at, *cut;
	struct ob_names	 *sols, nm;
	bool		 *tile, *join;	/* join[i]: a word join at i */
	char		 *kind, *buf;
	struct ob_tiler	  tiler;
};

/*
 * Name c of the partition ends at e: unless it is one of names 0..c - 1,
 * copy it to buf as a string (after those and their NULs).
 */
static bool
ob_split_name(struct ob_search *se, size_t c, size_t e)
{
	size_t	 a = se->cut[c], j;
	char	*w = se->buf + a + c;

	for (j = 0; j < c; j++)
		if (se->cut[j + 1] - se->cut[j] == e - a &&
		    memcmp(se->nm.name[j], se->p->t + a, e - a) == 0)
			return false;
	se->cut[c + 1] = e;
	memcpy(w, se->p->t + a, e - a);
	w[e - a] = '\0';
	se->nm.name[c] = w;
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
 * Is the partition at se->cut (m distinct names) consistent: every hard
 * name among them, every run tiled (with its count of names
 * when stated)? Then rank it by the weak evidence (0 is best: every cut
 * at a word join and every word join cut, so neither fewer nor more names
 * are favoured for themselves; one the caller's agree() rejects ranks
 * below all others) and keep it among the best.
 */
static void
ob_split_try(struct ob_search *se, size_t m)
{
	const struct ob_name_problem *p = se->p;
	struct ob_names	*keep;
	size_t		 score, i, j;

	se->nm.len = m;
	for (i = 0; i < p->nhard; i++) {
		for (j = 0; j < m && strcmp(se->nm.name[j], p->hard[i]) != 0;
		    j++)
			;
		if (j == m)
			return;
	}
	for (i = 0; i < p->nruns; i++) {
		if (!se->tile[i])
			continue;
		se->tiler.found = 0;
		ob_split_tile_rec(&se->tiler, p->runs[i], 0);
		if (se->tiler.found == 0 || (p->counts[i] >= 0 &&
		    (size_t)p->counts[i] != se->tiler.count))
			return;
	}
	se->nconsistent++;
	for (score = se->njoins, i = 1; i < m; i++)
		if (se->join[se->cut[i]])
			score--;
		else
			score++;
	if (p->agree != NULL && !p->agree(&se->nm, p->agree_ctx))
		score += 2 * se->tl + 1;
	if (score < se->best) {
		for (i = 0; i < se->nsol && i < se->max_sols; i++)
			ob_names_free(&se->sols[i]);
		se->nsol = 0;
		se->best = score;
	}
	if (score != se->best)
		return;
	if (se->nsol < se->max_sols) {
		keep = &se->sols[se->nsol];
		keep->len = m;
		keep->name = xcalloc(m, sizeof(char *));
		for (i = 0; i < m; i++)
			keep->name[i] = xstrdup(se->nm.name[i]);
	}
	se->nsol++;
}

/*
 * Try every partition of t into m distinct names whose first c are fixed,
 * the other cuts at at[j..] in increasing order, with the req required
 * cuts there.
 */
static void
ob_split_cuts(struct ob_search *se, size_t j, size_t c, size_t m,
    size_t req)
{
	size_t	q;

	if (*se->tiler.left == 0 || se->nat - j < m - 1 - c ||
	    req > m - 1 - c)
		return;
	if (c + 1 == m) {
		(*se->tiler.left)--;
		if (ob_split_name(se, c, se->tl))
			ob_split_try(se, m);
		return;
	}
	for (; j < se->nat; j++) {
		q = se->at[j];
		if (ob_split_name(se, c, q))
			ob_split_cuts(se, j + 1, c + 1, m,
			    req - (se->kind[q] == 2));
		if (se->kind[q] == 2)
			break;		/* never left out */
	}
}

size_t
ob_split_names(const struct ob_name_problem *p, struct ob_names *sols,
    size_t max_sols, size_t *nconsistent)
{
	size_t		 tl = strlen(p->t), i, j, m, m_lo, m_hi, a, b, nreq;
	struct ob_search se = { .p = p, .tl = tl, .best = SIZE_MAX,
	    .sols = sols, .max_sols = max_sols };
	bool		 narrow;
	const char	*h;
	double		 combos;

	*nconsistent = 0;
	if (tl == 0)
		return 0;
	se.tiler.left = p->left;
	se.join = xcalloc(tl + 1, sizeof(bool));
	se.kind = xcalloc(tl + 1, 1);
	se.at = xcalloc(tl + 1, sizeof(size_t));
	se.cut = xcalloc(tl + 2, sizeof(size_t));
	for (i = 1; i < tl; i++) {
		se.njoins += se.join[i] = ob_split_word_join(p->t, i);
		/* Cuts never touch a space. */
		se.kind[i] = p->t[i - 1] != ' ' && p->t[i] != ' ';
	}
	/* A name stated once in t pins its own boundaries. */
	for (i = 0; i < p->nhard; i++) {
		if ((h = strstr(p->t, p->hard[i])) == NULL ||
		    strstr(h + 1, p->hard[i]) != NULL)
			continue;
		a = (size_t)(h - p->t);
		b = a + strlen(p->hard[i]);
		for (j = a + 1; j < b; j++)
			se.kind[j] = se.kind[j] == 2 ? 2 : 0;
		se.kind[a] = a > 0 ? 2 : se.kind[a];
		se.kind[b] = b < tl ? 2 : se.kind[b];
	}
	se.tile = xcalloc(p->nruns + 1, sizeof(bool));
	for (i = 0; i < p->nruns; i++)
		se.tile[i] = strcmp(p->runs[i], p->t) != 0;
	se.nm.name = xcalloc(tl + 1, sizeof(char *));
	se.buf = xcalloc(2 * tl + 2, 1);
	se.tiler.names = &se.nm;
	se.tiler.used = xcalloc(tl + 1, sizeof(bool));
	m_lo = p->min_names ? p->min_names : 1;
	m_hi = OB_SPLIT_MAX_NAMES;
	for (i = 0; i < p->nruns; i++)
		if (strlen(p->runs[i]) == tl && p->counts[i] > 0)
			m_lo = m_hi = (size_t)p->counts[i];
	/*
	 * More partitions than a tenth of the steps left (each tiles the
	 * charts' runs): cuts at word joins only; more than all of them even
	 * then, and the steps are spent.
	 */
	for (narrow = false;; narrow = true) {
		for (se.nat = nreq = 0, i = 1; i < tl; i++) {
			if (narrow && se.kind[i] == 1 && !se.join[i])
				se.kind[i] = 0;
			if (se.kind[i] != 0)
				se.at[se.nat++] = i;
			nreq += se.kind[i] == 2;
		}
		for (combos = 0, m = m_lo; m <= m_hi; m++)
			if (m >= nreq + 1)
				combos += ob_split_choose(se.nat - nreq,
				    m - 1 - nreq);
		if (combos <= (double)*p->left / 10 || narrow)
			break;
	}
	if (combos > (double)*p->left)
		*p->left = 0;
	/*
	 * Every partition, by name count and then cut positions; a run equal
	 * to t tells the count.
	 */
	for (m = m_lo; *p->left > 0 && m <= m_hi; m++) {
		for (i = 0; i < p->nruns && (se.tile[i] || p->counts[i] < 0 ||
		    (size_t)p->counts[i] == m); i++)
			;
		if (i == p->nruns)
			ob_split_cuts(&se, 0, 0, m, nreq);
	}
	if (*p->left == 0)
		se.nsol = max_sols + 1;
	*nconsistent = se.nconsistent;
	free(se.kind);
	free(se.at);
	free(se.cut);
	free(se.tile);
	free(se.join);
	free(se.nm.name);
	free(se.buf);
	free(se.tiler.used);
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
	int		k = -1;		/* decimals read, -1 before the dot */

	for (i = 0; i < len && k < d; i++) {
		if (o[i] == '.') {
			k = 0;
			continue;
		}
		if (a > LLONG_MAX / 20)
			return -1;
		a = a * 10 + (o[i] - '0');
		k += k >= 0;
	}
	for (k = k < 0 ? 0 : k; k < d; k++) {
		if (a > LLONG_MAX / 20)
			return -1;
		a *= 10;
	}
	/* o[i], when there is one, is the first digit past d decimals. */
	return a + (i < len && o[i] >= '5');
}

struct ob_want
ob_split_want(const char *w, int d)
{
	return (struct ob_want){ strtod(w, NULL),
	    ob_split_rounded(w, strlen(w), d) };
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

/*
 * May the number s (len bytes) be token t: printed within the six-digit
 * cap, with exactly min(stored decimals, cap) of them when the row's are
 * known, and one of t's values (rounded, or within t->rel)? Every read of
 * the overview asks this: it is what the budget counts.
 */
static bool
ob_split_tok_fits(const char *s, size_t len, const struct ob_tok *t,
    unsigned long *left)
{
	double		o, w;
	long long	a;
	size_t		i;
	int		d, cap = ob_split_cap(s, len, &d);

	if (*left == 0)
		return false;
	(*left)--;
	if (d > cap || (t->exact >= 0 && d != (t->exact < cap ? t->exact : cap)))
		return false;
	if (t->nwant == 0)
		return true;
	/* The wanted values come parsed; the slice is parsed once for all. */
	if (t->rel <= 0) {
		a = ob_split_rounded(s, len, t->decimals);
		for (i = 0; a >= 0 && i < t->nwant; i++)
			if (t->want[i].n == a)
				return true;
		return false;
	}
	o = ob_split_num(s, len);
	for (i = 0; i < t->nwant; i++) {
		/* Half the last printed digit, and rel. */
		w = t->want[i].v;
		if (fabs(o - w) <= 0.5 * pow(10, -t->decimals) * (1 + 1e-9) +
		    1e-9 * fabs(w) + t->rel * fabs(w))
			return true;
	}
	return false;
}

/* The slices r keeps for token i at p (bit l: l bytes; bit 1 at the end). */
static unsigned
ob_split_fit(const struct ob_reach *r, size_t i, size_t p)
{
	const struct ob_span	*t = &r->tok[i];

	if (p < t->lo || p - t->lo >= t->n)
		return 0;
	return r->at[t->off + p - t->lo] & ~1U;
}

/*
 * Forward, token by token, the positions each can start at and the slices
 * that fit it there (a plain read tries each position once, and only asks
 * whether the end is reached); then, for a kept read, backward, only the
 * slices after which the rest can be read are kept. A plain read sets up
 * only the tokens it reaches, and next[] spans one token's positions: a
 * read that stops early costs what it read, not the run's length.
 */
bool
ob_split_overview(const char *s, const struct ob_tok *toks, size_t ntoks,
    const struct ob_reach *prior, struct ob_reach *r, unsigned long *left)
{
	struct ob_reach	 w = { 0 };
	struct ob_span	*t;
	size_t		 len = strlen(s), i, j, l, p, q, lo, hi, cap = 0;
	size_t		 tcap = 0, ncap = 0, nn, end;
	unsigned	*next = NULL, try;
	bool		 ok;

	xgrow(&w.tok, &tcap, r != NULL ? ntoks + 1 : 2, sizeof(*w.tok));
	memset(w.tok, 0, tcap * sizeof(*w.tok));
	w.tok[0].n = 1;
	xgrow(&w.at, &cap, 1, sizeof(unsigned));
	w.at[0] = 1;
	for (i = 0; i < ntoks && w.tok[i].n > 0; i++) {
		xgrow(&w.tok, &tcap, i + 2, sizeof(*w.tok));
		t = &w.tok[i];
		/* next[q - t->lo]: a slice of token i ends at q. */
		if ((nn = t->n + OB_TOK_MAX + 1) > ncap) {
			next = xreallocarray(next, nn, sizeof(*next));
			memset(next + ncap, 0, (nn - ncap) * sizeof(*next));
			ncap = nn;
		}
		for (lo = len + 1, hi = 0, j = 0; j < t->n; j++) {
			if (!(w.at[t->off + j] & 1))
				continue;
			p = t->lo + j;
			try = prior != NULL ? ob_split_fit(prior, i, p) :
			    ob_split_num_mask(s + p, len - p);
			for (l = 1; l <= OB_TOK_MAX; l++) {
				if (!(try & 1U << l) ||
				    (r == NULL && next[j + l]) ||
				    !ob_split_tok_fits(s + p, l, &toks[i], left))
					continue;
				w.at[t->off + j] |= 1U << l;
				next[j + l] = 1;
				lo = p + l < lo ? p + l : lo;
				hi = p + l > hi ? p + l : hi;
			}
		}
		t[1].lo = lo;
		t[1].n = lo <= hi ? hi - lo + 1 : 0;
		t[1].off = t->off + t->n;
		xgrow(&w.at, &cap, t[1].off + t[1].n, sizeof(unsigned));
		for (q = lo; q <= hi; q++) {
			w.at[t[1].off + q - lo] = next[q - t->lo];
			next[q - t->lo] = 0;
		}
	}
	/* A read ends well only at the run's end, if the last token gets it. */
	t = &w.tok[end = i];
	if (end == ntoks && len >= t->lo && (q = len - t->lo) < t->n)
		w.at[t->off + q] |= (w.at[t->off + q] & 1) << 1;
	for (i = r != NULL ? ntoks : 0; i-- > 0;)
		for (t = &w.tok[i], j = 0; j < t->n; j++)
			for (l = 1; l <= OB_TOK_MAX; l++)
				if ((w.at[t->off + j] & 1U << l) &&
				    ob_split_fit(&w, i + 1, t->lo + j + l) == 0)
					w.at[t->off + j] &= ~(1U << l);
	ok = end == ntoks && ob_split_fit(&w, ntoks, len) != 0;
	free(next);
	if (r != NULL)
		*r = w;
	else
		ob_split_reach_free(&w);
	return ok;
}

void
ob_split_reach_free(struct ob_reach *r)
{
	free(r->tok);
	free(r->at);
	memset(r, 0, sizeof(*r));
}

unsigned
ob_split_overview_decimals(const char *s, const struct ob_reach *r, size_t i)
{
	size_t		j, l;
	unsigned	mask = 0;
	int		d, cap;

	/* Below the cap, the row's count; at it (d <= 6), that or more. */
	for (j = 0; j < r->tok[i].n; j++)
		for (l = 1; l <= OB_TOK_MAX; l++) {
			if (!(r->at[r->tok[i].off + j] & 1U << l))
				continue;
			cap = ob_split_cap(s + r->tok[i].lo + j, l, &d);
			mask |= d < cap ? 1U << d : (1U << OB_RAW_MAX) - (1U << d);
		}
	return mask;
}
