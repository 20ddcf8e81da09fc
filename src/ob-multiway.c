/* SPDX-License-Identifier: ISC */
/*
 * OpenBenchmarking's multi-way result view (systems "Group: Run"),
 * flattened: the systems table and the overview give the groups glued (G),
 * then each system's run (" Run 1 Run 2 ..."); each chart line starts with
 * G and names each distinct run once (R). The names must be the only
 * reading of all of (docs/ob-text.md, "Multi-way comparisons"):
 *   - R is the distinct runs in their first order, glued; the runs after G
 *     are " " + a run of R, again and again (never cut next to a space);
 *   - G is the distinct groups in their first order, cut at its word joins;
 *   - a group's systems are consecutive and name different runs.
 * Names given with --systems must rebuild G, the runs and R exactly.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ob-multiway.h"
#include "ob-segment.h"
#include "strbuf.h"
#include "xalloc.h"

#define OB_MW_MAX	256	/* systems */

/* The search for the run sequence: R's pieces and each system's run. */
struct ob_multiway_runs {
	const char	*s;		/* the table line after G */
	const char	*r;		/* R */
	size_t		 rl;
	size_t		 piece[OB_MW_MAX + 1], np;	/* R's cuts so far */
	size_t		 seq[OB_MW_MAX], nseq;		/* each system's run */
	struct ob_multiway_runs *best;	/* a copy of the first reading */
	size_t		 end;		/* where the runs end in s */
	unsigned long	*left;		/* the document's steps */
	int		 found;
};

static void	 ob_multiway_walk(struct ob_multiway_runs *m, size_t sp,
		    size_t rp);
static bool	 ob_multiway_distinct(const size_t *seq, size_t j, size_t i);
static int	 ob_multiway_cut(const size_t *seq, size_t n, size_t g,
		    size_t *cut);
static bool	 ob_multiway_has_runs(struct tchart *c, const char *r,
		    size_t shift, unsigned long *left);
static void	 ob_multiway_splice(char **s, const char *prefix, size_t off,
		    size_t len, const char *with);
static int	 ob_multiway_stated(const struct str_list *names, const char *g,
		    const char *s, const char *r, size_t *send);
static int	 ob_multiway_infer(const char *g, const char *s, const char *r,
		    struct str_list *names, size_t *send, const char **why,
		    unsigned long *left);

/* Read s from sp as " " + a run, again and again, with R read up to rp. */
static void
ob_multiway_walk(struct ob_multiway_runs *m, size_t sp, size_t rp)
{
	size_t	 j, l;

	if (m->found > 1 || *m->left == 0)
		return;
	(*m->left)--;
	if (m->s[sp] != ' ') {
		if (rp == m->rl && m->nseq > 0 && m->found++ == 0) {
			*m->best = *m;
			m->best->end = sp;
		}
		return;
	}
	if (m->nseq == OB_MW_MAX)
		return;
	sp++;
	/* A run already named, or the next piece of R. */
	for (j = 0; j < m->np; j++) {
		l = m->piece[j + 1] - m->piece[j];
		if (strncmp(m->s + sp, m->r + m->piece[j], l) == 0) {
			m->seq[m->nseq++] = j;
			ob_multiway_walk(m, sp + l, rp);
			m->nseq--;
		}
	}
	if (m->np == OB_MW_MAX || rp == m->rl || m->r[rp] == ' ')
		return;
	for (l = 1; rp + l <= m->rl && m->s[sp + l - 1] == m->r[rp + l - 1];
	    l++) {
		if (m->r[rp + l - 1] == ' ')
			continue;
		m->piece[++m->np] = rp + l;
		m->seq[m->nseq++] = m->np - 1;
		ob_multiway_walk(m, sp + l, rp + l);
		m->nseq--;
		m->np--;
	}
}

/* Are the runs seq[j..i) distinct (one group)? */
static bool
ob_multiway_distinct(const size_t *seq, size_t j, size_t i)
{
	size_t	a, b;

	for (a = j; a < i; a++)
		for (b = a + 1; b < i; b++)
			if (seq[a] == seq[b])
				return false;
	return true;
}

/*
 * Ways to cut the n runs of seq into g consecutive groups of distinct
 * runs, capped at 2; cut[] gets the one cut when there is exactly one.
 */
static int
ob_multiway_cut(const size_t *seq, size_t n, size_t g, size_t *cut)
{
	int	(*w)[OB_MW_MAX + 1] = xcalloc(n + 1, sizeof(*w));
	size_t	 i, j, k;
	int	 ways;

	w[0][0] = 1;
	for (i = 1; i <= n; i++)
		for (j = i; j-- > 0 && ob_multiway_distinct(seq, j, i);)
			for (k = 1; k <= g; k++)
				if ((w[i][k] += w[j][k - 1]) > 2)
					w[i][k] = 2;
	ways = w[n][g];
	/* Walk back: the one j whose prefix has one way. */
	for (i = n, k = g; ways == 1 && k > 0; k--, i = j) {
		for (j = i; j-- > 0;)
			if (w[j][k - 1] == 1 && ob_multiway_distinct(seq, j, i))
				break;
		cut[k - 1] = j;
	}
	free(w);
	return ways;
}

char *
ob_multiway_groups(struct tdoc *t)
{
	const char	*table = t->p[t->iexport + 1].s, *g = NULL, *w;
	size_t		 i, gl = 0, wl = strlen(OB_WATERMARK);
	char		*unit, *groups = NULL;
	enum proportion	 prop;

	/* Every chart line starts with the same text before the mark. */
	for (i = t->iexport + 3; i + 1 < t->np; i++) {
		if (strncmp(t->p[i].s, OB_WATERMARK, wl) == 0)
			return NULL;
		if ((w = strstr(t->p[i].s, OB_WATERMARK)) == NULL)
			continue;
		if (ob_segment_head(w + wl, &unit, &prop) == NULL)
			continue;
		free(unit);
		if (g == NULL) {
			g = t->p[i].s;
			gl = (size_t)(w - g);
		} else if ((size_t)(w - t->p[i].s) != gl ||
		    strncmp(t->p[i].s, g, gl) != 0)
			return NULL;
	}
	if (g == NULL || (w = strstr(table, OB_WATERMARK)) == NULL)
		return NULL;
	/* The table names the groups and then the runs, each after a space. */
	for (i = 0; table + i + gl < w && groups == NULL; i++)
		if (strncmp(table + i, g, gl) == 0 && table[i + gl] == ' ')
			groups = xstrndup(g, gl);
	for (i = t->iexport + 3; groups != NULL && i + 1 < t->np; i++)
		if (strncmp(t->p[i].s, groups, gl) == 0 &&
		    strncmp(t->p[i].s + gl, OB_WATERMARK, wl) == 0)
			memmove(t->p[i].s, t->p[i].s + gl, strlen(t->p[i].s + gl) + 1);
	return groups;
}

/*
 * Does chart c name the runs r before one of its tick options (searched
 * once, kept in c)? Its options then start at that one, each moved by
 * shift: the bytes the names add when they replace r.
 */
static bool
ob_multiway_has_runs(struct tchart *c, const char *r, size_t shift,
    unsigned long *left)
{
	size_t	k, j, rl = strlen(r);

	if (c->nticks == 0)
		c->nticks = ob_split_ticks(c->rest, c->tstart, c->tend,
		    c->tlast, OB_MAX_TICKS, left);
	for (k = 0; k < c->nticks && (c->tstart[k] != rl ||
	    strncmp(c->rest, r, rl) != 0); k++)
		;
	for (j = k; j < c->nticks; j++) {
		c->tstart[j - k] = c->tstart[j] + shift;
		c->tend[j - k] = c->tend[j] + shift;
		c->tlast[j - k] = c->tlast[j];
	}
	c->nticks -= k;
	return c->nticks > 0;
}

/* Replace len bytes at off in *s with with, and put prefix in front. */
static void
ob_multiway_splice(char **s, const char *prefix, size_t off, size_t len,
    const char *with)
{
	char	*n = xasprintf("%s%.*s%s%s", prefix, (int)off, *s, with,
	    *s + off + len);

	free(*s);
	*s = n;
}

/* The names given with --systems: groups and runs that rebuild G, S, R. */
static int
ob_multiway_stated(const struct str_list *names, const char *g, const char *s,
    const char *r, size_t *send)
{
	const char	*tok, *colon;
	size_t		 i, j, gl, gp = 0, rp = 0, sp = 0;
	bool		 gseen, rseen;

	for (i = 0; i < names->len; i++) {
		tok = names->items[i];
		if ((colon = strchr(tok, ':')) == NULL ||
		    strchr(colon + 1, ':') != NULL || colon[1] != ' ')
			return -1;
		gl = (size_t)(colon - tok);
		for (gseen = rseen = false, j = 0; j < i; j++) {
			gseen |= strncmp(names->items[j], tok, gl + 1) == 0;
			rseen |= strcmp(strchr(names->items[j], ':') + 2,
			    colon + 2) == 0;
		}
		/* A new group and a new run come next in G and R. */
		if ((!gseen && strncmp(g + gp, tok, gl) != 0) ||
		    (!rseen &&
		    strncmp(r + rp, colon + 2, strlen(colon + 2)) != 0) ||
		    strncmp(s + sp, colon + 1, strlen(colon + 1)) != 0)
			return -1;
		gp += gseen ? 0 : gl;
		rp += rseen ? 0 : strlen(colon + 2);
		sp += strlen(colon + 1);
	}
	*send = sp;
	return i > 0 && g[gp] == '\0' && r[rp] == '\0' && s[sp] != ' ' ? 0 : -1;
}

/* The names from G, the run sequence s and R; -1 with a reason in *why. */
static int
ob_multiway_infer(const char *g, const char *s, const char *r,
    struct str_list *names, size_t *send, const char **why,
    unsigned long *left)
{
	struct ob_multiway_runs	 m = { .s = s, .r = r, .rl = strlen(r),
	    .left = left }, b;
	size_t		 gcut[OB_MW_MAX + 1], cut[OB_MW_MAX + 1], ng = 1, i, k, p;
	size_t		 gl = strlen(g);
	char		*one;

	m.best = &b;
	ob_multiway_walk(&m, 0, 0);
	if (m.found != 1)
		*why = m.found == 0 ? "its runs are not the chart's runs" :
		    "its runs read more than one way";
	if (*left == 0 || m.found != 1)
		return -1;
	gcut[0] = 0;
	for (i = 1; i < gl && ng < OB_MW_MAX; i++)
		if (g[i - 1] != ' ' && g[i] != ' ' && ob_split_word_join(g, i))
			gcut[ng++] = i;
	gcut[ng] = gl;
	if (ng > b.nseq || ob_multiway_cut(b.seq, b.nseq, ng, cut) != 1) {
		*why = "its groups cannot be told apart";
		return -1;
	}
	cut[ng] = b.nseq;
	for (k = 0; k < ng; k++)
		for (i = cut[k]; i < cut[k + 1]; i++) {
			p = b.seq[i];
			one = xasprintf("%.*s: %.*s", (int)(gcut[k + 1] - gcut[k]),
			    g + gcut[k], (int)(b.piece[p + 1] - b.piece[p]),
			    r + b.piece[p]);
			str_list_add(names, one);
			free(one);
		}
	*send = b.end;
	return 0;
}

int
ob_multiway_names(struct tdoc *t, const char *g, struct str_list *names)
{
	struct tchart	*c = &t->c[0];
	const char	*table = t->p[t->iexport + 1].s, *s, *at;
	const char	*why = "its runs are not the chart's runs";
	char		*r = NULL, *full, *one;
	struct strbuf	 fb;
	size_t		 i, k, gpos = 0, send = 0, gl = strlen(g), off;
	int		 rc = -1;

	while (strncmp(table + gpos, g, gl) != 0 || table[gpos + gl] != ' ')
		gpos++;
	s = table + gpos + gl;
	/* R: the first tick option of the first chart whose runs read. */
	c->nticks = ob_split_ticks(c->rest, c->tstart, c->tend, c->tlast,
	    OB_MAX_TICKS, &t->left);
	for (k = 0; k < c->nticks && rc != 0; k++) {
		free(r);
		r = xstrndup(c->rest, c->tstart[k]);
		if (t->opt != NULL && t->opt->system_names != NULL) {
			rc = ob_multiway_stated(names, g, s, r, &send);
			why = "the names given with --systems do not make up its "
			    "groups and runs";
		} else
			rc = ob_multiway_infer(g, s, r, names, &send, &why,
			    &t->left);
	}
	if (t->left == 0)
		rc = ob_check_spent(t, c->chart_p->line, "multi-way comparison",
		    NULL);
	else if (rc != 0)
		rc = diag_set(t->d, t->path, t->p[t->iexport + 1].line,
		    "multi-way comparison: %s; name the systems with --systems "
		    "\"Group: Run;...\"", why);
	if (rc != 0) {
		free(r);
		return rc;
	}
	strbuf_init(&fb);
	for (i = 0; i < names->len; i++)
		strbuf_adds(&fb, names->items[i]);
	full = strbuf_detach(&fb);
	/* Every chart names the same runs; the names replace them. */
	for (i = 0; i < t->nc && rc == 0; i++) {
		c = &t->c[i];
		if (!ob_multiway_has_runs(c, r, strlen(full) - strlen(r),
		    &t->left))
			rc = t->left == 0 ? ob_check_spent(t, c->chart_p->line,
			    "multi-way comparison", NULL) : diag_set(t->d,
			    t->path, c->chart_p->line, "multi-way chart \"%s\" "
			    "does not name the runs \"%s\"", c->title, r);
		else {
			off = (size_t)(c->rest - c->chart_p->s);
			ob_multiway_splice(&t->p[c->chart_p - t->p].s, "", off,
			    strlen(r), full);
			c->rest = c->chart_p->s + off;
		}
	}
	/* The overview repeats G and the runs: give both lines the names. */
	one = xstrndup(table + gpos, gl + send);
	if (rc == 0 && (at = strstr(t->p[t->iexport + 2].s, one)) == NULL)
		rc = diag_set(t->d, t->path, t->p[t->iexport + 2].line,
		    "multi-way comparison: the overview does not repeat the "
		    "systems table's groups and runs");
	else if (rc == 0) {
		ob_multiway_splice(&t->p[t->iexport + 2].s, t->rs->title,
		    (size_t)(at - t->p[t->iexport + 2].s), gl + send, full);
		ob_multiway_splice(&t->p[t->iexport + 1].s, t->rs->title, gpos,
		    gl + send, full);
	}
	free(one);
	free(full);
	free(r);
	return rc;
}
