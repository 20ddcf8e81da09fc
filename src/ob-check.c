/* SPDX-License-Identifier: ISC */
/*
 * Cross-checks of the flattened-text reader: a chart whose value run has
 * several readings keeps only those the rest of the document allows. The
 * overview line repeats every value (with its own precision) and fio's
 * MB/s and IOPS charts of one run are tied by the block size. Nothing here
 * chooses between readings that both pass: parse-ob-text reports those.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "ob-check.h"
#include "strbuf.h"
#include "xalloc.h"

/* Text of value j of candidate ci of chart c (caller frees). */
char *
ob_check_cand_value(const struct tchart *c, size_t ci, size_t j)
{
	const struct ob_cand	*k = &c->cands.c[ci];

	return xstrndup(c->vrun + k->cut[j], k->cut[j + 1] - k->cut[j]);
}

static size_t	ob_check_tokens(struct tdoc *t, long *tokidx,
	    struct ob_tok *toks);
static void	ob_check_fill_tokens(struct tdoc *t, const long *tokidx,
	    struct ob_tok *toks, struct str_list *pool, long skip_chart);
static void	ob_check_tokens_free(struct ob_tok *toks, size_t n,
	    struct str_list *pool);
static size_t	ob_check_rows(struct tdoc *t, const char *ovv);
static size_t	ob_check_pass(struct tdoc *t, const char *ovv, double rel);
static size_t	ob_check_exact(struct tdoc *t, const char *ovv, size_t r,
	    const long *tokidx, const struct ob_tok *toks, size_t ntok,
	    const struct ob_reach *reach, bool *keep, double rel);
static int	ob_check_suspects(struct tdoc *t, const char *ovv);
static int	ob_check_by_title(const void *pa, const void *pb);

/*
 * Slices of the overview's value run that its searches may try against a
 * token, per document (docs/ob-text.md, A11). Charts of glued integers
 * (N = 1: no SE line between the values) make the overview readable in
 * more ways than any budget allows; what is settled before the budget is
 * spent stays.
 */
#define OB_OVERVIEW_STEPS	2000000UL
/* Charts of one title and arguments paired as fio siblings, at most. */
#define OB_SIBLINGS_MAX	64
/*
 * Readings of an MB/s and an IOPS chart paired, at most. Past it the pair
 * is not used (both keep their readings).
 */
#define OB_SIB_PAIRS_MAX	65536

/* The document ob_check_by_title sorts the charts of (qsort has no argument). */
static const struct tdoc	*ob_check_sort_tdoc;
static double	ob_check_sys_value(const struct tchart *c, size_t ci,
	    size_t sys);
static void	ob_check_sibling(struct tdoc *t, struct tchart *a,
	    struct tchart *b);
static void	ob_check_sib_pairs(const double *va, size_t na,
	    const double *vb, size_t nb, size_t ns, const size_t *cs,
	    size_t ncs, double bs, bool *ka, bool *kb);

/* Token index of system s in chart r (or -1); every token free. */
static size_t
ob_check_tokens(struct tdoc *t, long *tokidx, struct ob_tok *toks)
{
	size_t	s, r, j, n = 0;

	for (s = 0; s < t->names.len; s++)
		for (r = 0; r < t->nc; r++) {
			struct tchart	*c = &t->c[r];
			bool		 has = false;

			tokidx[r * t->names.len + s] = -1;
			if (!c->placed)
				continue;
			for (j = 0; j < c->k; j++)
				if (c->order[j] == s)
					has = true;
			if (!has)
				continue;
			tokidx[r * t->names.len + s] = (long)n;
			toks[n].want = NULL;
			toks[n].wantv = NULL;
			toks[n].nwant = 0;
			toks[n].decimals = 0;
			toks[n].exact = c->ovdec;
			toks[n].rel = 0;
			n++;
		}
	return n;
}

/*
 * Restrict each token to the values its chart's readings allow (every
 * reading when several remain: the true one is among them). pool owns
 * the strings; skip_chart's tokens stay free.
 */
static void
ob_check_fill_tokens(struct tdoc *t, const long *tokidx, struct ob_tok *toks,
    struct str_list *pool, long skip_chart)
{
	size_t	r, j, ci, w;

	for (r = 0; r < t->nc; r++) {
		struct tchart	*c = &t->c[r];

		if (!c->placed || (long)r == skip_chart || c->cands.len == 0 ||
		    c->cands.truncated || c->cands.len > 64 || c->ovfree)
			continue;
		for (j = 0; j < c->k; j++) {
			long		 i = tokidx[r * t->names.len + c->order[j]];
			struct ob_want	*wv;

			if (i < 0)
				continue;
			wv = xcalloc(c->cands.len, sizeof(*wv));
			toks[i].want = xcalloc(c->cands.len, sizeof(char *));
			toks[i].wantv = wv;
			toks[i].nwant = 0;
			for (ci = 0; ci < c->cands.len; ci++) {
				char	*v = ob_check_cand_value(c, ci, j);

				for (w = 0; w < toks[i].nwant; w++)
					if (strcmp(toks[i].want[w], v) == 0)
						break;
				if (w == toks[i].nwant)
					str_list_add(pool, v);
				free(v);
				if (w < toks[i].nwant)
					continue;
				wv[toks[i].nwant] = ob_split_want(
				    pool->items[pool->len - 1], c->cands.decimals);
				toks[i].want[toks[i].nwant++] = pool->items[pool->len - 1];
			}
			toks[i].decimals = c->cands.decimals;
		}
	}
}

static void
ob_check_tokens_free(struct ob_tok *toks, size_t n, struct str_list *pool)
{
	size_t	i;

	for (i = 0; i < n; i++) {
		free((void *)toks[i].want);
		free((void *)toks[i].wantv);
	}
	free(toks);
	str_list_free(pool);
}

/*
 * The overview prints every value of one row the same way (one decimal
 * count per row, as the charts do): find rows whose tokens can share only
 * one decimal count in complete readings, and fix it. Returns how many
 * rows were fixed.
 */
static size_t
ob_check_rows(struct tdoc *t, const char *ovv)
{
	size_t	 ntok_max = t->nc * t->names.len + 1, r, s, j, ntok = 0, fixed = 0;
	long	*tokidx = xcalloc(ntok_max, sizeof(long));
	struct ob_tok *toks = xcalloc(ntok_max, sizeof(*toks));
	struct str_list pool = { 0 };
	struct ob_reach reach = { 0 };
	bool	*newly = xcalloc(t->nc + 1, sizeof(bool));

	if (t->rows_off)
		goto done;
	ntok = ob_check_tokens(t, tokidx, toks);
	ob_check_fill_tokens(t, tokidx, toks, &pool, -1);
	if (ob_split_overview(ovv, toks, ntok, 0, &reach, &t->ovleft)) {
		for (r = 0; r < t->nc && t->ovleft > 0; r++) {
			unsigned	mask = ~0U;

			if (t->c[r].ovdec >= 0 || !t->c[r].placed)
				continue;
			for (s = 0; s < t->names.len; s++) {
				long	i = tokidx[r * t->names.len + s];

				if (i >= 0)
					mask &= ob_split_overview_decimals(ovv,
					    &reach, toks, (size_t)i, &t->ovleft);
			}
			if (t->ovleft == 0)
				break;
			if (mask != 0 && (mask & (mask - 1)) == 0) {
				int	d = 0;

				while (!(mask & (1U << d)))
					d++;
				t->c[r].ovdec = d;
				newly[r] = true;
				fixed++;
			}
		}
	}
	ob_split_reach_free(&reach);
	if (t->ovleft == 0)
		goto unfix;	/* unproved */
	if (fixed > 0) {
		/* The model must leave the overview readable, or it is wrong here. */
		for (j = 0; j < ntok; j++) {
			free((void *)toks[j].want);
			free((void *)toks[j].wantv);
		}
		memset(toks, 0, ntok_max * sizeof(*toks));
		str_list_free(&pool);
		ntok = ob_check_tokens(t, tokidx, toks);
		ob_check_fill_tokens(t, tokidx, toks, &pool, -1);
		if (!ob_split_overview(ovv, toks, ntok, 0, NULL, &t->ovleft)) {
			/* Disproved, unless the budget ran out (unproved). */
			if (t->ovleft > 0) {
				t->rows_off = true;
				format_warn(t->opt, t->path,
				    t->p[t->iexport + 2].line,
				    "overview values are not printed with one "
				    "precision per row; that cross-check is not used");
			}
			goto unfix;
		}
	}
	goto done;
unfix:
	/* The rows fixed here go back to unknown. */
	for (r = 0; r < t->nc; r++)
		if (newly[r])
			t->c[r].ovdec = -1;
	fixed = 0;
done:
	free(newly);
	ob_check_tokens_free(toks, ntok, &pool);
	free(tokidx);
	return fixed;
}

/*
 * Exact check of chart r's readings that keep still holds: the whole
 * overview read with each reading's values in its row. Clears keep for
 * those that fail; returns how many are left (meaningless once the
 * budget is spent).
 */
static size_t
ob_check_exact(struct tdoc *t, const char *ovv, size_t r, const long *tokidx,
    const struct ob_tok *toks, size_t ntok, const struct ob_reach *reach,
    bool *keep, double rel)
{
	struct tchart	*c = &t->c[r];
	struct ob_tok	*one = xcalloc(ntok + 1, sizeof(*one));
	bool		*changed = xcalloc(ntok + 1, sizeof(bool));
	char		**cw = xcalloc(c->k + 1, sizeof(char *));
	struct ob_want	*cwv = xcalloc(c->k + 1, sizeof(*cwv));
	size_t		 ci, j, alive = 0;
	long		 i;

	for (ci = 0; ci < c->cands.len && t->ovleft > 0; ci++) {
		if (!keep[ci])
			continue;
		memcpy(one, toks, ntok * sizeof(*one));
		for (j = 0; j < c->k; j++) {
			if ((i = tokidx[r * t->names.len + c->order[j]]) < 0)
				continue;
			cw[j] = ob_check_cand_value(c, ci, j);
			cwv[j] = ob_split_want(cw[j], c->cands.decimals);
			one[i].want = (const char **)&cw[j];
			one[i].wantv = &cwv[j];
			one[i].nwant = 1;
			one[i].decimals = c->cands.decimals;
			one[i].rel = rel;
			changed[i] = true;
		}
		keep[ci] = ob_split_overview_again(ovv, reach, one, changed, 0,
		    &t->ovleft);
		alive += keep[ci];
		for (j = 0; j < c->k; j++) {
			free(cw[j]);
			cw[j] = NULL;
		}
	}
	free(one);
	free(changed);
	free(cw);
	free(cwv);
	return alive;
}

/*
 * Narrow charts with several readings using the overview line: a reading
 * survives when the overview can be read with its values in its row.
 * Returns the number of charts narrowed.
 */
static size_t
ob_check_pass(struct tdoc *t, const char *ovv, double rel)
{
	size_t		 ntok_max = t->nc * t->names.len + 1, r, ci, j, ntok;
	size_t		 narrowed = 0, alive;
	long		*tokidx = xcalloc(ntok_max, sizeof(long));
	struct ob_reach	 reach = { 0 };
	bool		*keep, readable;
	struct ob_tok	*toks = xcalloc(ntok_max, sizeof(*toks));
	struct str_list	 pool = { 0 };

	/*
	 * One reach for the pass: every token restricted to its chart's
	 * readings, a superset of what any one reading allows, so it is a
	 * sound prefilter for every chart; each survivor is then checked
	 * exactly with its own values.
	 */
	ntok = ob_check_tokens(t, tokidx, toks);
	ob_check_fill_tokens(t, tokidx, toks, &pool, -1);
	readable = ob_split_overview(ovv, toks, ntok, 0, &reach, &t->ovleft);
	for (r = 0; r < t->nc && readable && t->ovleft > 0; r++) {
		struct tchart	*c = &t->c[r];

		/*
		 * A truncated chart's readings are not all known: the one the
		 * overview leaves of them may not be the only one it allows.
		 */
		if (!c->placed || c->cands.len <= 1 || c->cands.truncated ||
		    c->ovfree != (rel > 0))
			continue;
		keep = xcalloc(c->cands.len, sizeof(bool));
		for (ci = 0; ci < c->cands.len; ci++) {
			keep[ci] = true;
			for (j = 0; j < c->k && keep[ci]; j++) {
				long	 i = tokidx[r * t->names.len + c->order[j]];
				char	*v;

				if (i < 0)
					continue;
				v = ob_check_cand_value(c, ci, j);
				if (!ob_split_overview_allows(ovv, &reach,
				    (size_t)i, v, c->cands.decimals, rel,
				    &t->ovleft))
					keep[ci] = false;
				free(v);
			}
		}
		alive = ob_check_exact(t, ovv, r, tokidx, toks, ntok, &reach,
		    keep, rel);
		/* A spent budget proves nothing: the chart keeps its readings. */
		if (t->ovleft > 0 && alive > 0 && alive < c->cands.len) {
			ob_cands_filter(&c->cands, keep);
			narrowed++;
			if (rel > 0 && alive == 1)
				format_warn(t->opt, t->path, c->chart_p->line,
				    "chart \"%s %s\": its overview row differs from the "
				    "chart; values read from the only split within %.0f%% "
				    "of it", c->title, c->args, rel * 100);
		}
		free(keep);
	}
	ob_split_reach_free(&reach);
	ob_check_tokens_free(toks, ntok, &pool);
	free(tokidx);
	return narrowed;
}

/*
 * Is the overview readable with every chart's possible values? If not,
 * find the one chart whose row disagrees (A9: an overview value that is
 * not the chart's), and stop using that row as evidence. Returns 0 when
 * the overview can be used, -1 when it cannot.
 */
static int
ob_check_suspects(struct tdoc *t, const char *ovv)
{
	size_t		 ntok_max = t->nc * t->names.len + 1, r, s, ntok;
	size_t		 nsus = 0, sus = 0;
	long		*tokidx = xcalloc(ntok_max, sizeof(long));
	struct ob_tok	*toks = xcalloc(ntok_max, sizeof(*toks)), *one;
	struct str_list	 pool = { 0 };
	bool		 ok;
	int		 rc = 0;

	ntok = ob_check_tokens(t, tokidx, toks);
	ob_check_fill_tokens(t, tokidx, toks, &pool, -1);
	ok = ob_split_overview(ovv, toks, ntok, 0, NULL, &t->ovleft);
	/*
	 * Each placed chart is a hypothesis: its row freed, is the overview
	 * readable? A second suspect settles the outcome.
	 */
	one = xcalloc(ntok + 1, sizeof(*one));
	for (r = 0; r < t->nc && !ok && nsus < 2 && t->ovleft > 0; r++) {
		if (!t->c[r].placed)
			continue;
		memcpy(one, toks, ntok * sizeof(*one));
		for (s = 0; s < t->names.len; s++)
			if (tokidx[r * t->names.len + s] >= 0)
				one[tokidx[r * t->names.len + s]].nwant = 0;
		if (ob_split_overview(ovv, one, ntok, 0, NULL, &t->ovleft) &&
		    nsus++ == 0)
			sus = r;
	}
	free(one);
	ob_check_tokens_free(toks, ntok, &pool);
	if (t->ovleft == 0)
		rc = -1;	/* ob_check_overview says why */
	else if (!ok) {
		if (nsus == 1) {
			t->c[sus].ovfree = true;
			format_warn(t->opt, t->path, t->c[sus].chart_p->line,
			    "chart \"%s %s\": its overview row does not match any "
			    "reading of the chart; that row is not used as evidence",
			    t->c[sus].title, t->c[sus].args);
		} else {
			format_warn(t->opt, t->path, t->p[t->iexport + 2].line,
			    "the overview line does not match the charts; it is not "
			    "used to check them");
			rc = -1;
		}
	}
	free(tokidx);
	return rc;
}

/* Value of the bar of system sys in candidate ci of c, or -1. */
static double
ob_check_sys_value(const struct tchart *c, size_t ci, size_t sys)
{
	size_t	j;
	char	*v;
	double	 x;

	for (j = 0; j < c->k; j++)
		if (c->order[j] == sys) {
			v = ob_check_cand_value(c, ci, j);
			x = strtod(v, NULL);
			free(v);
			return x;
		}
	return -1;
}

/*
 * ka[i], kb[j]: reading i of the MB/s chart (va, na readings) and reading
 * j of the IOPS chart agree for every system of cs.
 */
static void
ob_check_sib_pairs(const double *va, size_t na, const double *vb, size_t nb,
    size_t ns, const size_t *cs, size_t ncs, double bs, bool *ka, bool *kb)
{
	size_t	i, j, s;
	bool	ok;

	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++) {
			if (ka[i] && kb[j])
				continue;	/* this pair can keep no more */
			for (s = 0, ok = true; s < ncs && ok; s++)
				ok = ob_split_sibling_ok(va[i * ns + cs[s]],
				    vb[j * ns + cs[s]], bs);
			if (ok)
				ka[i] = kb[j] = true;
		}
}

/*
 * fio reports one run as two charts, MB/s and IOPS, with the block size
 * in the arguments: keep the readings of a (MB/s) and b (IOPS) that agree
 * for every system both show. Used only when one of them is still
 * ambiguous after the overview; a document whose values do not obey the
 * relation leaves every pair out and so keeps its ambiguity.
 */
static void
ob_check_sibling(struct tdoc *t, struct tchart *a, struct tchart *b)
{
	double	 bs = ob_split_block_mb(a->args), *va, *vb;
	bool	*ka, *kb, any = false;
	size_t	 i, j, s, na = 0, nb = 0, ns = t->names.len, *cs, ncs = 0;

	if (!a->placed || !b->placed || strcmp(a->unit, "MB/s") != 0 ||
	    strcmp(b->unit, "IOPS") != 0 || strcmp(a->title, b->title) != 0 ||
	    strcmp(a->args, b->args) != 0 || bs <= 0 ||
	    (a->cands.len <= 1 && b->cands.len <= 1) ||
	    a->cands.truncated || b->cands.truncated ||
	    a->cands.len * b->cands.len > OB_SIB_PAIRS_MAX)
		return;
	ka = xcalloc(a->cands.len, sizeof(bool));
	kb = xcalloc(b->cands.len, sizeof(bool));
	/*
	 * Each reading's value of each system, read once for all pairs. A
	 * system is in a chart or not whatever its reading: cs, those in both.
	 */
	va = xcalloc(a->cands.len * ns + 1, sizeof(double));
	vb = xcalloc(b->cands.len * ns + 1, sizeof(double));
	cs = xcalloc(ns + 1, sizeof(size_t));
	for (i = 0; i < a->cands.len; i++)
		for (s = 0; s < ns; s++)
			va[i * ns + s] = ob_check_sys_value(a, i, s);
	for (j = 0; j < b->cands.len; j++)
		for (s = 0; s < ns; s++)
			vb[j * ns + s] = ob_check_sys_value(b, j, s);
	for (s = 0; s < ns && a->cands.len > 0 && b->cands.len > 0; s++)
		if (va[s] >= 0 && vb[s] >= 0)
			cs[ncs++] = s;
	if (ncs > 0)
		ob_check_sib_pairs(va, a->cands.len, vb, b->cands.len, ns, cs,
		    ncs, bs, ka, kb);
	free(va);
	free(vb);
	free(cs);
	for (i = 0; i < a->cands.len; i++) {
		na += ka[i];
		any = any || ka[i];
	}
	for (j = 0; j < b->cands.len; j++)
		nb += kb[j];
	if (any && (na < a->cands.len || nb < b->cands.len)) {
		if (na < a->cands.len)
			ob_cands_filter(&a->cands, ka);
		if (nb < b->cands.len)
			ob_cands_filter(&b->cands, kb);
		format_warn(t->opt, t->path, a->chart_p->line,
		    "charts \"%s %s\" in MB/s and IOPS: readings kept where "
		    "MB/s = IOPS x %g MB within 10%% for every system (%zu and "
		    "%zu remain)", a->title, a->args, bs, a->cands.len,
		    b->cands.len);
	}
	free(ka);
	free(kb);
}

void
ob_check_overview(struct tdoc *t, const char *ovv)
{
	unsigned long	budget = OB_OVERVIEW_STEPS;

	t->ovleft = budget;
	if (ob_check_suspects(t, ovv) == 0) {
		while (t->ovleft > 0 &&
		    ob_check_rows(t, ovv) + ob_check_pass(t, ovv, 0) > 0)
			;
		while (t->ovleft > 0 && ob_check_pass(t, ovv, 0.01) > 0)
			;
	}
	if (t->ovleft == 0)
		format_warn(t->opt, t->path, t->p[t->iexport + 2].line,
		    "the overview line has too many readings to check the charts "
		    "against within %lu tries; charts it did not settle keep "
		    "every reading of their own", budget);
}

void
ob_check_siblings(struct tdoc *t)
{
	size_t	*order, *group, i, j, g, end;

	/*
	 * Only charts of one title and arguments pair up: sorted by them
	 * (then by position), each chart meets the others of its run in
	 * the order the pairwise loop met them. A run of more than
	 * OB_SIBLINGS_MAX charts says nothing about which is whose sibling
	 * and is not paired (every pair was quadratic in the charts).
	 */
	order = xcalloc(t->nc + 1, sizeof(*order));
	group = xcalloc(t->nc + 1, sizeof(*group));
	for (i = 0; i < t->nc; i++)
		order[i] = i;
	ob_check_sort_tdoc = t;
	qsort(order, t->nc, sizeof(*order), ob_check_by_title);
	/* group[chart]: where its run starts in order, or SIZE_MAX. */
	for (g = 0; g < t->nc; g = end) {
		for (end = g + 1; end < t->nc &&
		    strcmp(t->c[order[g]].title, t->c[order[end]].title) == 0 &&
		    strcmp(t->c[order[g]].args, t->c[order[end]].args) == 0; end++)
			;
		for (j = g; j < end; j++)
			group[order[j]] = end - g > OB_SIBLINGS_MAX ? SIZE_MAX : g;
	}
	for (i = 0; i < t->nc; i++) {
		if ((g = group[i]) == SIZE_MAX)
			continue;
		for (j = g; j < t->nc && group[order[j]] == g; j++)
			if (order[j] != i)
				ob_check_sibling(t, &t->c[i], &t->c[order[j]]);
	}
	free(group);
	free(order);
}

/* Charts by title, then arguments, then position (qsort over indices). */
static int
ob_check_by_title(const void *pa, const void *pb)
{
	const struct tchart	*a = &ob_check_sort_tdoc->c[*(const size_t *)pa];
	const struct tchart	*b = &ob_check_sort_tdoc->c[*(const size_t *)pb];
	int			 c;

	if ((c = strcmp(a->title, b->title)) != 0 ||
	    (c = strcmp(a->args, b->args)) != 0)
		return c;
	return *(const size_t *)pa < *(const size_t *)pb ? -1 :
	    *(const size_t *)pa > *(const size_t *)pb;
}
