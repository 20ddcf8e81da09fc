/* SPDX-License-Identifier: ISC */
/*
 * Cross-checks of the flattened-text reader: a chart whose value run has
 * several readings keeps only those the rest of the document allows. The
 * overview line repeats every value (with its own precision) and fio's
 * MB/s and IOPS charts of one run are tied by the block size. Nothing here
 * chooses between readings that both pass: parse-ob-text reports those.
 */
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "ob-check.h"
#include "xalloc.h"

/*
 * The overview's tokens, one per bar, system after system and chart after
 * chart (chart r's are head[r], then each next[] of the one before, to
 * SIZE_MAX), and a copy, one, whose tokens of one chart are changed to
 * read the overview again.
 */
struct ob_ov {
	struct tdoc	*t;
	const char	*s;
	size_t		 ntok, *head, *next;
	struct ob_tok	*toks, *one;
	bool		 rows_off;	/* the rows' precision model disproved */
};

/*
 * One of fio's pairs of charts: MB/s chart a and IOPS chart b of one title
 * and arguments, with the readings each had when last weighed (0: never).
 */
struct ob_pair {
	uint32_t a, b, na, nb;
};

static size_t	ob_check_bar(const struct tchart *c, size_t s);
static void	ob_check_tokens_free(struct ob_ov *o);
static bool	ob_check_reach(struct ob_ov *o, struct ob_reach *reach);
static bool	ob_check_read(struct ob_ov *o, size_t r, size_t ci, double rel,
		    const struct ob_reach *prior);
static size_t	ob_check_rows(struct ob_ov *o);
static size_t	ob_check_pass(struct ob_ov *o, double rel);
static int	ob_check_suspects(struct ob_ov *o);
static double	*ob_check_sys_values(const struct tchart *c, size_t ns);
static double	ob_check_block_mb(const char *args);
static int	ob_check_by_title(const void *x, const void *y);
static size_t	ob_check_pairs(struct tdoc *t, struct ob_pair **out,
		    size_t *at);
static size_t	ob_check_sibling(struct tdoc *t, struct ob_pair *p);

char *
ob_check_cand_value(const struct tchart *c, size_t ci, size_t j)
{
	const struct ob_cand	*k = &c->cands.c[ci];

	return xstrndup(c->vrun + k->cut[j], k->cut[j + 1] - k->cut[j]);
}

/* The bar of system s in chart c's order, or c->k when it has none. */
static size_t
ob_check_bar(const struct tchart *c, size_t s)
{
	size_t	j;

	for (j = 0; c->placed && j < c->k && c->order[j] != s; j++)
		;
	return c->placed ? j : c->k;
}

/*
 * Make the tokens anew (the charts' readings and rows change between
 * reads) and read the overview with them, keeping reach. Each has its
 * row's stored decimals and the values its chart's readings give it,
 * want[ci] for reading ci (the true one is among them); any value when the
 * chart has more than 64 readings or not all of them, or its row is set
 * aside (nwant 0, the values kept for ob_check_read).
 */
static bool
ob_check_reach(struct ob_ov *o, struct ob_reach *reach)
{
	struct tdoc	*t = o->t;
	size_t		 n = t->nc * t->names.len + 1, s, r, j, ci, *last;
	struct ob_tok	*k;
	struct ob_want	*want;
	char		*v;

	ob_check_tokens_free(o);
	o->next = xcalloc(n, sizeof(size_t));
	o->head = xcalloc(t->nc + 1, sizeof(size_t));
	last = xcalloc(t->nc + 1, sizeof(size_t));
	o->toks = xcalloc(n, sizeof(*o->toks));
	o->one = xcalloc(n, sizeof(*o->one));
	for (r = 0; r < t->nc; r++)
		o->head[r] = SIZE_MAX;
	for (s = 0; s < t->names.len; s++)
		for (r = 0; r < t->nc; r++) {
			struct tchart	*c = &t->c[r];

			if ((j = ob_check_bar(c, s)) == c->k)
				continue;
			*(o->head[r] == SIZE_MAX ? &o->head[r] :
			    &o->next[last[r]]) = o->ntok;
			o->next[last[r] = o->ntok] = SIZE_MAX;
			k = &o->toks[o->ntok++];
			k->exact = c->ovdec;
			if (c->cands.len == 0 || c->cands.truncated)
				continue;
			k->decimals = c->cands.decimals;
			k->want = want = xcalloc(c->cands.len, sizeof(*want));
			for (ci = 0; ci < c->cands.len; ci++) {
				v = ob_check_cand_value(c, ci, j);
				want[ci] = ob_split_want(v, c->cands.decimals);
				free(v);
			}
			if (c->cands.len <= 64 && !c->ovfree)
				k->nwant = c->cands.len;
		}
	memcpy(o->one, o->toks, o->ntok * sizeof(*o->one));
	free(last);
	return ob_split_overview(o->s, o->toks, o->ntok, NULL, reach,
	    &t->left);
}

static void
ob_check_tokens_free(struct ob_ov *o)
{
	size_t	i;

	for (i = 0; i < o->ntok; i++)
		free((void *)o->toks[i].want);
	free(o->head);
	free(o->next);
	free(o->toks);
	free(o->one);
	o->ntok = 0;
}

/*
 * Read the overview with chart r's tokens taking any number (ci ==
 * SIZE_MAX) or the values of its reading ci within rel; with prior, only
 * within the slices it kept. Only chart r's tokens of one are changed,
 * and put back after.
 */
static bool
ob_check_read(struct ob_ov *o, size_t r, size_t ci, double rel,
    const struct ob_reach *prior)
{
	size_t		 i;
	bool		 ok;

	for (i = o->head[r]; i != SIZE_MAX; i = o->next[i]) {
		if (ci != SIZE_MAX)
			o->one[i].want += ci;
		o->one[i].nwant = ci != SIZE_MAX;
		o->one[i].rel = rel;
	}
	ok = ob_split_overview(o->s, o->one, o->ntok, prior, NULL,
	    &o->t->left);
	for (i = o->head[r]; i != SIZE_MAX; i = o->next[i])
		o->one[i] = o->toks[i];
	return ok;
}

/*
 * The overview prints every value of one row the same way (one decimal
 * count per row, as the charts do): fix the count of each row whose
 * tokens can share only one in complete readings, as long as the overview
 * still reads with them all. Returns how many rows were fixed.
 */
static size_t
ob_check_rows(struct ob_ov *o)
{
	struct tdoc	*t = o->t;
	size_t		 r, i, fixed = 0;
	bool		*newly;
	struct ob_reach	 reach = { 0 };
	unsigned	 mask;

	if (o->rows_off)
		return 0;
	newly = xcalloc(t->nc + 1, sizeof(bool));
	if (ob_check_reach(o, &reach))
		for (r = 0; r < t->nc; r++) {
			if (t->c[r].ovdec >= 0 || !t->c[r].placed)
				continue;
			for (mask = ~0U, i = o->head[r]; i != SIZE_MAX;
			    i = o->next[i])
				mask &= ob_split_overview_decimals(o->s, &reach, i);
			if (mask == 0 || (mask & (mask - 1)))
				continue;
			for (t->c[r].ovdec = 0; !(mask & 1U << t->c[r].ovdec);)
				t->c[r].ovdec++;
			newly[r] = true;
			fixed++;
		}
	ob_split_reach_free(&reach);
	/* A model the overview denies is wrong (a spent budget denies none). */
	if (fixed > 0 && !ob_check_reach(o, NULL) && t->left > 0) {
		o->rows_off = true;
		format_warn(t->opt, t->path, t->p[t->iexport + 2].line,
		    "overview values are not printed with one precision "
		    "per row; that cross-check is not used");
	}
	if (o->rows_off) {
		for (r = 0; r < t->nc; r++)
			if (newly[r])
				t->c[r].ovdec = -1;
		fixed = 0;
	}
	free(newly);
	return fixed;
}

/*
 * Narrow the charts with several readings (those whose row is set aside
 * when rel > 0, the others when it is 0): a reading survives when the
 * whole overview reads with its values in its row, each within rel.
 * Returns the number of charts narrowed.
 */
static size_t
ob_check_pass(struct ob_ov *o, double rel)
{
	struct tdoc	*t = o->t;
	size_t		 r, ci, narrowed = 0, alive;
	struct ob_reach	 reach = { 0 };
	bool		*keep, readable;

	readable = ob_check_reach(o, &reach);
	for (r = 0; r < t->nc && readable && t->left > 0; r++) {
		struct tchart	*c = &t->c[r];

		/*
		 * A truncated chart's readings are not all known: the one the
		 * overview leaves of them may not be the only one it allows.
		 */
		if (!c->placed || c->cands.len <= 1 || c->cands.truncated ||
		    c->ovfree != (rel > 0))
			continue;
		keep = xcalloc(c->cands.len, sizeof(bool));
		for (ci = alive = 0; ci < c->cands.len && t->left > 0; ci++)
			alive += keep[ci] = ob_check_read(o, r, ci, rel, &reach);
		if (t->left > 0 && alive > 0 && alive < c->cands.len) {
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
	return narrowed;
}

/*
 * Is the overview readable with every chart's possible values? If not,
 * find the one chart whose row disagrees (A9: an overview value that is
 * not the chart's), its row freed in turn, and stop using that row as
 * evidence. Returns 0 when the overview can be used, -1 when it cannot.
 */
static int
ob_check_suspects(struct ob_ov *o)
{
	struct tdoc	*t = o->t;
	size_t		 r, nsus = 0, sus = 0;
	bool		 ok;

	ok = ob_check_reach(o, NULL);
	/* A second suspect settles the outcome. */
	for (r = 0; r < t->nc && !ok && nsus < 2 && t->left > 0; r++)
		if (t->c[r].placed && ob_check_read(o, r, SIZE_MAX, 0, NULL) &&
		    nsus++ == 0)
			sus = r;
	if (t->left == 0)
		return -1;	/* the document is refused */
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
		return -1;
	}
	return 0;
}

/* Each reading's value of each system (-1: no bar), ns to a reading. */
static double *
ob_check_sys_values(const struct tchart *c, size_t ns)
{
	double	*v = xcalloc(c->cands.len * ns + 1, sizeof(double));
	size_t	 ci, j, s;
	char	*x;

	for (ci = 0; ci < c->cands.len; ci++)
		for (s = 0; s < ns; s++) {
			v[ci * ns + s] = -1;
			if ((j = ob_check_bar(c, s)) == c->k)
				continue;
			x = ob_check_cand_value(c, ci, j);
			v[ci * ns + s] = strtod(x, NULL);
			free(x);
		}
	return v;
}

/* The block size an fio arguments line states ("Block Size: 2MB") in MB, or 0. */
static double
ob_check_block_mb(const char *args)
{
	const char	*p = strstr(args, "Block Size: ");
	char		 u[3] = "";
	double		 v;

	if (p == NULL || sscanf(p + strlen("Block Size: "), "%lf%2[KMGB]", &v,
	    u) != 2 || v <= 0)
		return 0;
	return strcmp(u, "KB") == 0 ? v / 1024 : strcmp(u, "MB") == 0 ? v :
	    strcmp(u, "GB") == 0 ? v * 1024 : 0;
}

/* Charts by title, arguments, unit ("IOPS" before "MB/s"), then in order. */
static int
ob_check_by_title(const void *x, const void *y)
{
	const struct tchart	*a = *(const struct tchart *const *)x;
	const struct tchart	*b = *(const struct tchart *const *)y;
	int			 c;

	if ((c = strcmp(a->title, b->title)) != 0 ||
	    (c = strcmp(a->args, b->args)) != 0 ||
	    (c = strcmp(a->unit, b->unit)) != 0)
		return c;
	return (a > b) - (a < b);
}

/*
 * fio's pairs of charts into *out, in chart order: a MB/s chart that
 * states its block size and an IOPS chart of its title and arguments,
 * when one of the two is ambiguous and neither truncated (readings only
 * narrow: a pair of others never settles anything). Sorted by title and
 * arguments, the charts meet their partners without every two being
 * compared: MB/s chart i's are c[lo[i]] to c[mid[i] - 1]. The pairs are
 * counted first and listed only within the steps left, a step each
 * (otherwise *at is the MB/s chart that passed them).
 */
static size_t
ob_check_pairs(struct tdoc *t, struct ob_pair **out, size_t *at)
{
	struct tchart	**c = xcalloc(t->nc + 1, sizeof(*c));
	size_t		 *lo = xcalloc(t->nc + 1, sizeof(size_t));
	size_t		 *mid = xcalloc(t->nc + 1, sizeof(size_t));
	size_t		  n = 0, np = 0, open, a, i, j, k, h;

	*out = NULL;
	for (i = 0; i < t->nc; i++)
		if (t->c[i].placed && !t->c[i].cands.truncated &&
		    (strcmp(t->c[i].unit, "IOPS") == 0 ||
		    strcmp(t->c[i].unit, "MB/s") == 0))
			c[n++] = &t->c[i];
	qsort(c, n, sizeof(*c), ob_check_by_title);
	/* A title's and arguments' charts: its IOPS charts, then its MB/s. */
	for (k = 0; k < n; k = h) {
		for (h = k; h < n && strcmp(c[h]->title, c[k]->title) == 0 &&
		    strcmp(c[h]->args, c[k]->args) == 0; h++)
			;
		for (j = k, open = 0; j < h && strcmp(c[j]->unit, "IOPS") == 0;
		    j++)
			open += c[j]->cands.len > 1;
		for (i = j; i < h; i++) {
			if (ob_check_block_mb(c[i]->args) <= 0)
				continue;
			a = (size_t)(c[i] - t->c);
			lo[a] = k;
			mid[a] = j;
			if ((np += c[i]->cands.len > 1 ? j - k : open) > t->left) {
				*at = a;
				goto out;
			}
		}
	}
	t->left -= np;
	*out = xcalloc(np + 1, sizeof(**out));
	for (np = a = 0; a < t->nc; a++)
		for (j = lo[a]; j < mid[a]; j++)
			if (t->c[a].cands.len > 1 || c[j]->cands.len > 1)
				(*out)[np++] = (struct ob_pair){ (uint32_t)a,
				    (uint32_t)(c[j] - t->c), 0, 0 };
out:
	if (*out == NULL) {
		t->left = 0;
		np = 0;
	}
	free(c);
	free(lo);
	free(mid);
	return np;
}

/*
 * fio reports one run as two charts, MB/s and IOPS, with the block size
 * in the arguments: keep the readings of p's charts (MB/s and IOPS) that
 * agree for every system both show, a step for each pair of readings.
 * Used only when one of them is still ambiguous, and not again while
 * neither has narrowed since (the same readings weigh the same); a
 * document whose values do not obey the relation leaves every pair out
 * and so keeps its ambiguity. Returns 1 when it narrowed them.
 */
static size_t
ob_check_sibling(struct tdoc *t, struct ob_pair *p)
{
	struct tchart	*a = &t->c[p->a], *b = &t->c[p->b];
	double	 bs, *va, *vb, x, y;
	bool	*ka, *kb, ok;
	size_t	 i, j, s, na = 0, nb = 0, ns = t->names.len;

	if ((a->cands.len <= 1 && b->cands.len <= 1) ||
	    (p->na == a->cands.len && p->nb == b->cands.len))
		return 0;
	bs = ob_check_block_mb(a->args);	/* > 0: ob_check_pairs */
	if (a->cands.len * b->cands.len > t->left) {
		t->left = 0;
		return 0;
	}
	t->left -= a->cands.len * b->cands.len;
	ka = xcalloc(a->cands.len, sizeof(bool));
	kb = xcalloc(b->cands.len, sizeof(bool));
	va = ob_check_sys_values(a, ns);
	vb = ob_check_sys_values(b, ns);
	/*
	 * MB/s = IOPS x block size (in MB or MiB) within 10 %: fio's two
	 * charts come from different averages, enough to tell a shifted
	 * digit, never a fine measure. -1: the system has no bar.
	 */
	for (i = 0; i < a->cands.len; i++)
		for (j = 0; j < b->cands.len; j++) {
			for (ok = true, s = 0; ok && s < ns; s++) {
				x = va[i * ns + s];
				y = vb[j * ns + s] * bs;
				ok = x < 0 || y < 0 || (x > 0 && y > 0 &&
				    (fabs(x - y) <= 0.10 * y ||
				    fabs(x - y * 1024 / 1000) <= 0.10 * y));
			}
			if (ok) {
				na += !ka[i];
				nb += !kb[j];
				ka[i] = kb[j] = true;
			}
		}
	if ((ok = na > 0 && (na < a->cands.len || nb < b->cands.len))) {
		ob_cands_filter(&a->cands, ka);
		ob_cands_filter(&b->cands, kb);
		format_warn(t->opt, t->path, a->chart_p->line,
		    "charts \"%s %s\" in MB/s and IOPS: readings kept where "
		    "MB/s = IOPS x %g MB within 10%% for every system (%zu and "
		    "%zu remain)", a->title, a->args, bs, a->cands.len,
		    b->cands.len);
	}
	p->na = (uint32_t)a->cands.len;
	p->nb = (uint32_t)b->cands.len;
	free(va);
	free(vb);
	free(ka);
	free(kb);
	return ok;
}

int
ob_check_values(struct tdoc *t, const char *ovv)
{
	struct ob_ov	 o = { .t = t, .s = ovv };
	struct ob_pair	*pairs = NULL;
	size_t		 n = 0, k, np = 0, a = SIZE_MAX;
	bool		 use = ovv != NULL && ob_check_suspects(&o) == 0;

	if (t->left > 0)
		np = ob_check_pairs(t, &pairs, &a);
	/*
	 * One loop until no check narrows: the rows' precision and a strict
	 * read of the overview, a read within 1 % for the rows set aside
	 * when those narrow nothing, then fio's pairs, a step each looked at;
	 * what one check narrows may let another narrow again.
	 */
	while (t->left > 0) {
		a = SIZE_MAX;
		n = use ? ob_check_rows(&o) + ob_check_pass(&o, 0) : 0;
		if (n == 0 && use && t->left > 0)
			n = ob_check_pass(&o, 0.01);
		for (k = 0; k < np && n == 0 && t->left > 0; k++) {
			a = pairs[k].a;
			t->left--;
			n += ob_check_sibling(t, &pairs[k]);
		}
		if (n == 0)
			break;
	}
	ob_check_tokens_free(&o);
	free(pairs);
	if (t->left > 0)
		return 0;
	return a == SIZE_MAX ? ob_check_spent(t, t->p[t->iexport + 2].line,
	    "the overview line", NULL) : ob_check_spent(t,
	    t->c[a].chart_p->line, "chart", t->c[a].title);
}

int
ob_check_spent(struct tdoc *t, long line, const char *what,
    const char *name)
{
	return diag_set(t->d, t->path, line, "%s%s%s%s: reading the document "
	    "would take more than the %lu steps one document may take; "
	    "refused rather than read in part", what, name ? " \"" : "",
	    name ? name : "", name ? "\"" : "", OB_DOC_STEPS);
}
