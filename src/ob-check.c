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
#include "xalloc.h"

/*
 * Slices of the overview's value run its reads may try against a token,
 * per document (docs/ob-text.md, A11). Charts of glued integers (N = 1:
 * no SE line between the values) make the overview readable in more ways
 * than any budget allows; what is settled before it is spent stays.
 */
#define OB_OVERVIEW_STEPS	2000000UL
/* Charts of one title and arguments paired as fio siblings, at most. */
#define OB_SIBLINGS_MAX	64
/* Readings of an MB/s and an IOPS chart paired, at most. */
#define OB_SIB_PAIRS_MAX	65536

static size_t	ob_check_tokens(struct tdoc *t, long *tokidx,
		    struct ob_tok **out);
static void	ob_check_tokens_free(struct ob_tok *toks, size_t n);
static size_t	ob_check_rows(struct tdoc *t, const char *ovv);
static size_t	ob_check_pass(struct tdoc *t, const char *ovv, double rel);
static int	ob_check_suspects(struct tdoc *t, const char *ovv);
static double	ob_check_sys_value(const struct tchart *c, size_t ci,
		    size_t sys);
static void	ob_check_sib_pairs(const double *va, size_t na,
		    const double *vb, size_t nb, size_t ns, const size_t *cs,
		    size_t ncs, double bs, bool *ka, bool *kb);
static void	ob_check_sibling(struct tdoc *t, struct tchart *a,
		    struct tchart *b);
static int	ob_check_by_title(const void *pa, const void *pb);

/* The document ob_check_by_title sorts the charts of (qsort has no argument). */
static const struct tdoc	*ob_check_sort_tdoc;

char *
ob_check_cand_value(const struct tchart *c, size_t ci, size_t j)
{
	const struct ob_cand	*k = &c->cands.c[ci];

	return xstrndup(c->vrun + k->cut[j], k->cut[j + 1] - k->cut[j]);
}

/*
 * The overview's tokens, one per bar, system after system and chart after
 * chart (tokidx[r * ns + s], -1 where chart r has no bar of system s),
 * each with its row's stored decimals and the values its chart's readings
 * give it (the true one is among them); any value when the chart has more
 * than 64 readings or not all of them, or its row is set aside.
 */
static size_t
ob_check_tokens(struct tdoc *t, long *tokidx, struct ob_tok **out)
{
	size_t		 ns = t->names.len, s, r, j, ci, w, n = 0;
	struct ob_tok	*toks = xcalloc(t->nc * ns + 1, sizeof(*toks)), *k;
	struct ob_want	 x, *want;
	char		*v;

	for (s = 0; s < ns; s++)
		for (r = 0; r < t->nc; r++) {
			struct tchart	*c = &t->c[r];

			tokidx[r * ns + s] = -1;
			for (j = 0; c->placed && j < c->k && c->order[j] != s; j++)
				;
			if (!c->placed || j == c->k)
				continue;
			tokidx[r * ns + s] = (long)n;
			k = &toks[n++];
			k->exact = c->ovdec;
			if (c->cands.len == 0 || c->cands.truncated ||
			    c->cands.len > 64 || c->ovfree)
				continue;
			k->decimals = c->cands.decimals;
			k->want = want = xcalloc(c->cands.len, sizeof(*want));
			for (ci = 0; ci < c->cands.len; ci++) {
				v = ob_check_cand_value(c, ci, j);
				x = ob_split_want(v, c->cands.decimals);
				free(v);
				for (w = 0; w < k->nwant && (want[w].n != x.n ||
				    want[w].v != x.v); w++)
					;
				if (w == k->nwant)
					want[k->nwant++] = x;
			}
		}
	*out = toks;
	return n;
}

static void
ob_check_tokens_free(struct ob_tok *toks, size_t n)
{
	size_t	i;

	for (i = 0; i < n; i++)
		free((void *)toks[i].want);
	free(toks);
}

/*
 * The overview prints every value of one row the same way (one decimal
 * count per row, as the charts do): fix the count of each row whose
 * tokens can share only one in complete readings, as long as the overview
 * still reads with them all. Returns how many rows were fixed.
 */
static size_t
ob_check_rows(struct tdoc *t, const char *ovv)
{
	size_t		 ns = t->names.len, r, s, ntok, fixed = 0;
	long		*tokidx = xcalloc(t->nc * ns + 1, sizeof(long)), i;
	bool		*newly = xcalloc(t->nc + 1, sizeof(bool)), keep;
	struct ob_reach	 reach = { 0 };
	struct ob_tok	*toks;
	unsigned	 mask;

	if (t->rows_off) {
		free(tokidx);
		free(newly);
		return 0;
	}
	ntok = ob_check_tokens(t, tokidx, &toks);
	if (ob_split_overview(ovv, toks, ntok, 0, &reach, &t->ovleft))
		for (r = 0; r < t->nc && t->ovleft > 0; r++) {
			if (t->c[r].ovdec >= 0 || !t->c[r].placed)
				continue;
			for (mask = ~0U, s = 0; s < ns; s++)
				if ((i = tokidx[r * ns + s]) >= 0)
					mask &= ob_split_overview_decimals(ovv,
					    &reach, toks, (size_t)i, &t->ovleft);
			if (t->ovleft == 0 || mask == 0 || (mask & (mask - 1)))
				continue;
			for (t->c[r].ovdec = 0; !(mask & 1U << t->c[r].ovdec);)
				t->c[r].ovdec++;
			newly[r] = true;
			fixed++;
		}
	ob_split_reach_free(&reach);
	ob_check_tokens_free(toks, ntok);
	/* A spent budget proves nothing; a model the overview denies is wrong. */
	keep = t->ovleft > 0;
	if (keep && fixed > 0) {
		ntok = ob_check_tokens(t, tokidx, &toks);
		keep = ob_split_overview(ovv, toks, ntok, 0, NULL, &t->ovleft);
		ob_check_tokens_free(toks, ntok);
		if (!keep && t->ovleft > 0) {
			t->rows_off = true;
			format_warn(t->opt, t->path, t->p[t->iexport + 2].line,
			    "overview values are not printed with one precision "
			    "per row; that cross-check is not used");
		}
	}
	for (r = 0; !keep && r < t->nc; r++)
		if (newly[r])
			t->c[r].ovdec = -1;
	free(newly);
	free(tokidx);
	return keep ? fixed : 0;
}

/*
 * Narrow the charts with several readings (those whose row is set aside
 * when rel > 0, the others when it is 0): a reading survives when the
 * whole overview reads with its values in its row, each within rel.
 * Returns the number of charts narrowed.
 */
static size_t
ob_check_pass(struct tdoc *t, const char *ovv, double rel)
{
	size_t		 ns = t->names.len, r, ci, j, ntok, narrowed = 0, alive;
	long		*tokidx = xcalloc(t->nc * ns + 1, sizeof(long)), i;
	struct ob_reach	 reach = { 0 };
	struct ob_tok	*toks, *one;
	struct ob_want	*want;
	bool		*keep, *changed, readable;
	char		*v;

	ntok = ob_check_tokens(t, tokidx, &toks);
	readable = ob_split_overview(ovv, toks, ntok, 0, &reach, &t->ovleft);
	one = xcalloc(ntok + 1, sizeof(*one));
	changed = xcalloc(ntok + 1, sizeof(bool));
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
		want = xcalloc(c->k + 1, sizeof(*want));
		for (ci = alive = 0; ci < c->cands.len && t->ovleft > 0; ci++) {
			memcpy(one, toks, ntok * sizeof(*one));
			for (j = 0; j < c->k; j++) {
				if ((i = tokidx[r * ns + c->order[j]]) < 0)
					continue;
				v = ob_check_cand_value(c, ci, j);
				want[j] = ob_split_want(v, c->cands.decimals);
				free(v);
				one[i].want = &want[j];
				one[i].nwant = 1;
				one[i].decimals = c->cands.decimals;
				one[i].rel = rel;
				changed[i] = true;
			}
			keep[ci] = ob_split_overview_again(ovv, &reach, one,
			    changed, 0, &t->ovleft);
			alive += keep[ci];
		}
		memset(changed, 0, (ntok + 1) * sizeof(bool));
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
		free(want);
	}
	free(one);
	free(changed);
	ob_split_reach_free(&reach);
	ob_check_tokens_free(toks, ntok);
	free(tokidx);
	return narrowed;
}

/*
 * Is the overview readable with every chart's possible values? If not,
 * find the one chart whose row disagrees (A9: an overview value that is
 * not the chart's), its row freed in turn, and stop using that row as
 * evidence. Returns 0 when the overview can be used, -1 when it cannot.
 */
static int
ob_check_suspects(struct tdoc *t, const char *ovv)
{
	size_t		 ns = t->names.len, r, s, ntok, nsus = 0, sus = 0;
	long		*tokidx = xcalloc(t->nc * ns + 1, sizeof(long));
	struct ob_tok	*toks, *one;
	bool		 ok;
	int		 rc = 0;

	ntok = ob_check_tokens(t, tokidx, &toks);
	ok = ob_split_overview(ovv, toks, ntok, 0, NULL, &t->ovleft);
	one = xcalloc(ntok + 1, sizeof(*one));
	/* A second suspect settles the outcome. */
	for (r = 0; r < t->nc && !ok && nsus < 2 && t->ovleft > 0; r++) {
		if (!t->c[r].placed)
			continue;
		memcpy(one, toks, ntok * sizeof(*one));
		for (s = 0; s < ns; s++)
			if (tokidx[r * ns + s] >= 0)
				one[tokidx[r * ns + s]].nwant = 0;
		if (ob_split_overview(ovv, one, ntok, 0, NULL, &t->ovleft) &&
		    nsus++ == 0)
			sus = r;
	}
	free(one);
	ob_check_tokens_free(toks, ntok);
	free(tokidx);
	if (t->ovleft == 0)
		return -1;	/* ob_check_overview says why */
	if (!ok && nsus == 1) {
		t->c[sus].ovfree = true;
		format_warn(t->opt, t->path, t->c[sus].chart_p->line,
		    "chart \"%s %s\": its overview row does not match any "
		    "reading of the chart; that row is not used as evidence",
		    t->c[sus].title, t->c[sus].args);
	} else if (!ok) {
		format_warn(t->opt, t->path, t->p[t->iexport + 2].line,
		    "the overview line does not match the charts; it is not "
		    "used to check them");
		rc = -1;
	}
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
