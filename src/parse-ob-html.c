/* SPDX-License-Identifier: ISC */
/*
 * Reader for the OpenBenchmarking "HTML result view" export page itself
 * (or a browser-saved page around it): libxml2's HTML parser builds the
 * tree, then the export's own blocks are read in document order (h1,
 * description, export line, systems table SVG, overview SVG, h2/h3/chart
 * SVG sections, trailer). Inside each SVG every label is its own <text>,
 * placed by x/y, so names, SEs, values and notes are attributed by
 * position: nothing is ambiguous. No network, no DTD.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "format.h"
#include "ob-segment.h"
#include "strbuf.h"
#include "xalloc.h"

/*
 * Comparisons the systems table may take (cells by labels to find rows,
 * cells by columns to place them): real tables take a few thousand; a
 * made-up one of a thousand labels and cells would take 10^9.
 */
#define OH_TABLE_STEPS	1000000

/* An inherited text-anchor: absent, or the values the reader tells apart. */
enum oh_anchor { OH_A_NONE, OH_A_START, OH_A_END, OH_A_MIDDLE, OH_A_OTHER };

struct htext {
	double		 x, y;
	unsigned char	 anchor;	/* enum oh_anchor, inherited */
	char		*s;
};

struct htexts {
	struct htext	*t;
	size_t		 len;
};

enum oh_kind { OH_H1, OH_H2, OH_H3, OH_P, OH_HR };

/* A block element of the page (not descended into by the walk). */
struct hblock {
	enum oh_kind	 kind;
	long		 line;
	char		*s;		/* its text, as a browser shows it */
	char		*href_s;	/* its first <a>'s href, or NULL */
	bool		 svg;		/* a first <svg> inside */
	size_t		 t0, tin, t1;	/* texts: [t0, tin) in the svg, to t1
					   in its later siblings */
};

/* The page's blocks and the texts of their SVGs. */
struct oh_page {
	struct hblock	*b;
	size_t		 nb, bcap;
	struct htext	*t;
	size_t		 nt, tcap;
};

static int	parse_ob_html_detect(const char *head, size_t len);
static bool	oh_is(const xmlNode *n, const char *name);
static char	*oh_text(xmlNode *n);
static xmlNode	*oh_find(xmlNode *n, const char *name);
static unsigned char oh_anchor_of(xmlNode *n);
static void	oh_texts(struct oh_page *pg, xmlNode *n);
static void	oh_blocks(struct oh_page *pg, xmlNode *n);
static void	oh_page_free(struct oh_page *pg);
static bool	parse_ob_html_anchor(const struct htext *h, unsigned char a);
static int	parse_ob_html_row(const struct htexts *t, size_t c0, size_t c1,
		    const size_t *near, size_t r, const double *cx, size_t ncol,
		    const char **out, size_t *steps);
static int	parse_ob_html_table(const struct htexts *tv, struct result_set *rs,
		    const char *path, long line, struct diag *d);
static long	parse_ob_html_bar(const struct htexts *t, size_t n0, size_t nn,
		    double y, int dir);
static const char *parse_ob_html_run(const char *id);
static bool	parse_ob_html_is_run(const struct result_set *rs, const char *s);
static int	parse_ob_html_multi(const struct htexts *t, size_t *ip,
		    const struct result_set *rs, struct htexts *names,
		    struct ob_bar **barsp, size_t *nnp);
static int	parse_ob_html_chart(const struct htexts *tv, struct test *test,
		    struct result_set *rs, const char *h2, const char *h3,
		    const char *path, long line, struct diag *d);
static void	parse_ob_html_overview(const struct htexts *t,
		    struct str_list *names);
static int	parse_ob_html_head(const struct oh_page *st, struct result_set *rs,
		    const struct read_options *opt, const char *path,
		    size_t *export, struct diag *d);
static int	parse_ob_html_walk(const struct oh_page *st, struct result_set *rs,
		    const struct read_options *opt, const char *path, struct diag *d);
static int	parse_ob_html_read(const char *path,
		    const struct read_options *opt, struct result_set *rs,
		    struct diag *d);

static int
parse_ob_html_detect(const char *head, size_t len)
{
	(void)len;
	if (strstr(head, "<svg") == NULL && strstr(head, "<html") == NULL &&
	    strstr(head, "<HTML") == NULL)
		return 0;
	if (strstr(head, OB_EXPORT_LINE) != NULL)
		return 95;
	return 0;
}

static bool
oh_is(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    xmlStrcasecmp(n->name, (const xmlChar *)name) == 0;
}

/*
 * The text of n as a browser shows it: cut at a NUL, layout whitespace as
 * spaces, trimmed.
 */
static char *
oh_text(xmlNode *n)
{
	xmlChar	*c = xmlNodeGetContent(n);
	char	*s, *p;
	size_t	 l;

	if (c == NULL)
		return xstrdup("");
	s = xstrdup((const char *)c);
	xmlFree(c);
	for (p = s; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r' || *p == '\t')
			*p = ' ';
	l = strlen(s);
	while (l > 0 && s[l - 1] == ' ')
		s[--l] = '\0';
	for (p = s; *p == ' '; p++)
		;
	memmove(s, p, strlen(p) + 1);
	return s;
}

/* The first element called name in n and its later siblings, depth first. */
static xmlNode *
oh_find(xmlNode *n, const char *name)
{
	xmlNode	*r;

	for (; n != NULL; n = n->next) {
		if (oh_is(n, name))
			return n;
		if ((r = oh_find(n->children, name)) != NULL)
			return r;
	}
	return NULL;
}

/* The text-anchor n has or inherits, up to its <svg>. */
static unsigned char
oh_anchor_of(xmlNode *n)
{
	xmlChar		*v;
	unsigned char	 a;

	for (; n != NULL && n->type == XML_ELEMENT_NODE; n = n->parent) {
		if ((v = xmlGetProp(n, (const xmlChar *)"text-anchor")) != NULL) {
			a = xmlStrcmp(v, (const xmlChar *)"start") == 0 ? OH_A_START :
			    xmlStrcmp(v, (const xmlChar *)"end") == 0 ? OH_A_END :
			    xmlStrcmp(v, (const xmlChar *)"middle") == 0 ?
			    OH_A_MIDDLE : OH_A_OTHER;
			xmlFree(v);
			return a;
		}
		if (oh_is(n, "svg"))
			break;
	}
	return OH_A_NONE;
}

/* The <text>s of n and its later siblings; a <text> inside one is its text. */
static void
oh_texts(struct oh_page *pg, xmlNode *n)
{
	struct htext	*h;
	xmlChar		*v;

	for (; n != NULL; n = n->next) {
		if (!oh_is(n, "text")) {
			oh_texts(pg, n->children);
			continue;
		}
		xgrow(&pg->t, &pg->tcap, pg->nt + 1, sizeof(*pg->t));
		h = &pg->t[pg->nt++];
		v = xmlGetProp(n, (const xmlChar *)"x");
		h->x = v != NULL ? strtod((const char *)v, NULL) : 0;
		xmlFree(v);
		v = xmlGetProp(n, (const xmlChar *)"y");
		h->y = v != NULL ? strtod((const char *)v, NULL) : 0;
		xmlFree(v);
		h->anchor = oh_anchor_of(n);
		h->s = oh_text(n);
	}
}

/*
 * The block elements (h1, h2, h3, p, hr) in document order, not descending
 * into them, scripts and styles skipped; each with its text, its first
 * <a>'s href, and the texts of its first <svg> and that svg's later
 * siblings.
 */
static void
oh_blocks(struct oh_page *pg, xmlNode *n)
{
	static const char *const kinds[] = { "h1", "h2", "h3", "p", "hr" };
	struct hblock	*b;
	xmlNode		*a, *svg;
	xmlChar		*v;
	size_t		 k;

	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		for (k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++)
			if (oh_is(n, kinds[k]))
				break;
		if (k == sizeof(kinds) / sizeof(kinds[0])) {
			if (!oh_is(n, "script") && !oh_is(n, "style"))
				oh_blocks(pg, n->children);
			continue;
		}
		xgrow(&pg->b, &pg->bcap, pg->nb + 1, sizeof(*pg->b));
		b = &pg->b[pg->nb++];
		memset(b, 0, sizeof(*b));
		b->kind = (enum oh_kind)k;
		b->line = (long)n->line;
		b->s = oh_text(n);
		if ((a = oh_find(n->children, "a")) != NULL &&
		    (v = xmlGetProp(a, (const xmlChar *)"href")) != NULL) {
			b->href_s = xstrdup((const char *)v);
			xmlFree(v);
		}
		if ((svg = oh_find(n->children, "svg")) != NULL) {
			b->svg = true;
			b->t0 = pg->nt;
			oh_texts(pg, svg->children);
			b->tin = pg->nt;
			oh_texts(pg, svg->next);
			b->t1 = pg->nt;
		}
	}
}

static void
oh_page_free(struct oh_page *pg)
{
	size_t	i;

	for (i = 0; i < pg->nb; i++) {
		free(pg->b[i].s);
		free(pg->b[i].href_s);
	}
	for (i = 0; i < pg->nt; i++)
		free(pg->t[i].s);
	free(pg->b);
	free(pg->t);
}

static bool
parse_ob_html_anchor(const struct htext *h, unsigned char a)
{
	return h->anchor == a;
}

/*
 * Place the cells of row r (texts [c0, c1) whose nearest label by y,
 * near[i - c0], is r) in columns: left to right, each cell starts at the
 * column after the last one's span and spans the columns whose middle is
 * its x. A system that lacks the label leaves a gap: then the nearest
 * free column is taken. -1 past OH_TABLE_STEPS comparisons in all.
 */
static int
parse_ob_html_row(const struct htexts *t, size_t c0, size_t c1,
    const size_t *near, size_t r, const double *cx, size_t ncol,
    const char **out, size_t *steps)
{
	size_t	i, k, n = 0, start = 0, a, b, best_a, best_b, *idx;
	double	err, e, tol;
	int	rc = -1;

	idx = xcalloc(c1 - c0 + 1, sizeof(size_t));
	for (i = c0; i < c1; i++) {
		if (near[i - c0] != r)
			continue;
		/* Insertion by x keeps the row left to right. */
		for (k = n; k > 0 && t->t[idx[k - 1]].x > t->t[i].x; k--)
			idx[k] = idx[k - 1];
		*steps += n - k + 1;
		idx[k] = i;
		n++;
	}
	tol = ncol > 1 ? (cx[1] - cx[0]) / 4 : HUGE_VAL;
	for (k = 0; k < n && start < ncol; k++) {
		double	x = t->t[idx[k]].x;

		if (*steps > OH_TABLE_STEPS)
			goto out;
		best_a = best_b = start;
		err = HUGE_VAL;
		*steps += ncol - start;
		for (b = start; b < ncol; b++) {
			e = fabs((cx[start] + cx[b]) / 2 - x);
			if (e < err) {
				err = e;
				best_b = b;
			}
		}
		if (err > fabs(tol))
			for (a = start; a < ncol; a++) {
				*steps += ncol - a;
				if (*steps > OH_TABLE_STEPS)
					goto out;
				for (b = a; b < ncol; b++) {
					e = fabs((cx[a] + cx[b]) / 2 - x);
					if (e < err - 0.5) {
						err = e;
						best_a = a;
						best_b = b;
					}
				}
			}
		for (a = best_a; a <= best_b; a++)
			out[a] = t->t[idx[k]].s;
		start = best_b + 1;
	}
	rc = *steps > OH_TABLE_STEPS ? -1 : 0;
out:
	free(idx);
	return rc;
}

/* The systems table: labels, identifiers, cells (spanning), notes. */
static int
parse_ob_html_table(const struct htexts *tv, struct result_set *rs,
    const char *path, long line, struct diag *d)
{
	struct htexts	 t = *tv;
	size_t		 i = 0, nl = 0, lab0, id0, ncol, j, r, c0, steps = 0;
	size_t		 run0, nrun, g, gs = 0;
	size_t		*near = NULL;
	const char	**cell = NULL;
	double		*cx = NULL, idy;
	const char	*section = NULL;
	int		 rc = -1;

	/* The title, absent in multi-way comparisons, is anchored start. */
	if (i < t.len && parse_ob_html_anchor(&t.t[i], OH_A_START))
		i++;
	lab0 = i;
	while (i < t.len && parse_ob_html_anchor(&t.t[i], OH_A_END) &&
	    (i + 1 >= t.len || t.t[i + 1].y != t.t[i].y))
		i++;
	nl = i - lab0;
	id0 = i;
	if (i >= t.len) {
		diag_set(d, path, line, "systems table SVG has no system identifiers");
		goto out;
	}
	idy = t.t[i].y;
	while (i < t.len && t.t[i].y == idy && strcmp(t.t[i].s, OB_WATERMARK) != 0)
		i++;
	ncol = i - id0;
	if (ncol == 0 || nl == 0) {
		diag_set(d, path, line, "systems table SVG has no labels or identifiers");
		goto out;
	}
	/*
	 * Multi-way comparison: that row holds the groups, each centred over
	 * its runs, and a second row above the labels the runs. A system is
	 * its group, ": " and its run, as PTS named it ("Intel: Run 1").
	 */
	for (run0 = i; i < t.len && t.t[i].y == t.t[run0].y &&
	    t.t[i].y < t.t[lab0].y - (nl > 1 ? (t.t[lab0 + 1].y - t.t[lab0].y) / 2 : 0);)
		i++;
	nrun = i - run0;
	if (nrun < ncol)
		i = run0, nrun = 0;
	cx = xcalloc(nrun > 0 ? nrun : ncol, sizeof(double));
	for (j = 0, g = 0; j < (nrun > 0 ? nrun : ncol); j++) {
		struct strbuf	 sb;
		const char	*name = t.t[id0 + j].s;

		strbuf_init(&sb);
		if (nrun > 0) {
			/* The group's runs end where their middle is its x. */
			if (j > 0 && g + 1 < ncol && nrun - j >= ncol - g - 1 &&
			    fabs((t.t[gs].x + t.t[run0 + j - 1].x) / 2 - t.t[id0 + g].x) <=
			    fabs((t.t[gs].x + t.t[run0 + j].x) / 2 - t.t[id0 + g].x))
				g++, gs = run0 + j;
			if (j == 0)
				gs = run0;
			strbuf_printf(&sb, "%s: %s", t.t[id0 + g].s, t.t[run0 + j].s);
			name = strbuf_str(&sb);
		}
		if (result_set_find_system(rs, name) >= 0) {
			diag_set(d, path, line, "system \"%s\" appears twice", name);
			strbuf_free(&sb);
			goto out;
		}
		result_set_add_system(rs, name);
		strbuf_free(&sb);
		cx[j] = t.t[(nrun > 0 ? run0 : id0) + j].x;
	}
	if (nrun > 0) {
		if (g + 1 != ncol) {
			diag_set(d, path, line, "multi-way systems table: %zu groups "
			    "over %zu runs cannot be placed", ncol, nrun);
			goto out;
		}
		ncol = nrun;
	}
	/* Cells: row by label y, columns by centre x (a span is centred). */
	c0 = i;
	while (i < t.len && strcmp(t.t[i].s, OB_WATERMARK) != 0)
		i++;
	/* Each cell's row: the label nearest by y, the first of equals. */
	if ((double)(i - c0) * (double)nl > OH_TABLE_STEPS)
		goto big;
	near = xcalloc(i - c0 + 1, sizeof(*near));
	for (j = c0; j < i; j++) {
		double	dy = HUGE_VAL;

		for (r = 0; r < nl; r++)
			if (fabs(t.t[j].y - t.t[lab0 + r].y) < dy) {
				dy = fabs(t.t[j].y - t.t[lab0 + r].y);
				near[j - c0] = r;
			}
	}
	steps = (i - c0) * nl;
	cell = xcalloc(nl * ncol, sizeof(*cell));
	for (r = 0; r < nl; r++)
		if (parse_ob_html_row(&t, c0, i, near, r, cx, ncol, cell + r * ncol,
		    &steps) != 0)
			goto big;
	/* Fields in label order for every system, as PTS lists them. */
	for (j = 0; j < ncol; j++)
		for (r = 0; r < nl; r++)
			if (cell[r * ncol + j] != NULL)
				kv_list_add(&rs->systems[j].fields, t.t[lab0 + r].s,
				    cell[r * ncol + j]);
	/* Notes: "<Section> Details" headings, then "- ..." entries. */
	for (i++; i < t.len; i++) {
		const char	*s = t.t[i].s;
		size_t		 l = strlen(s);

		if (l > 8 && strcmp(s + l - 8, " Details") == 0 &&
		    strncmp(s, "- ", 2) != 0) {
			section = s;
			continue;
		}
		if (section != NULL) {
			char	*sec = xstrndup(section, strlen(section) - 8);

			ob_segment_note(rs, sec, s);
			free(sec);
		}
	}
	rc = 0;
	goto out;
big:
	diag_set(d, path, line, "systems table SVG of %zu labels, %zu systems and "
	    "%zu cells: more than %d comparisons to place them", nl, ncol, i - c0,
	    OH_TABLE_STEPS);
out:
	free(near);
	free(cx);
	free(cell);
	return rc;
}

/* Index of the name whose y is nearest below (dir > 0) or above y. */
static long
parse_ob_html_bar(const struct htexts *t, size_t n0, size_t nn, double y, int dir)
{
	long	best = -1;
	double	bd = HUGE_VAL, dy;
	size_t	i;

	for (i = 0; i < nn; i++) {
		dy = dir > 0 ? y - t->t[n0 + i].y : t->t[n0 + i].y - y;
		if (dy >= 0 && dy < bd) {
			bd = dy;
			best = (long)i;
		}
	}
	return best;
}

/* The run of a multi-way system "Group: Run", or NULL. */
static const char *
parse_ob_html_run(const char *id)
{
	const char	*c = strchr(id, ':');

	if (c == NULL)
		return NULL;
	return c[1] == ' ' ? c + 2 : c + 1;
}

/* Is s the run of some system? */
static bool
parse_ob_html_is_run(const struct result_set *rs, const char *s)
{
	size_t	 j;

	for (j = 0; j < rs->nsystems; j++)
		if (parse_ob_html_run(rs->systems[j].identifier) != NULL &&
		    strcmp(parse_ob_html_run(rs->systems[j].identifier), s) == 0)
			return true;
	return false;
}

/*
 * A multi-way chart after its arguments: one label per run, the ticks, then
 * an SE and a value on each system's bar. A run's bars lie around its label,
 * in group order, so a value's run is the label nearest by y and its system
 * the k-th system of that run when it is the run's k-th value from the top;
 * a run with fewer values than systems is not guessed at (-1). names gets
 * one text per bar at the bar's y, for the SE, value and note lookups.
 */
static int
parse_ob_html_multi(const struct htexts *t, size_t *ip, const struct result_set *rs,
    struct htexts *names, struct ob_bar **barsp, size_t *nnp)
{
	size_t	 i = *ip, l0 = i, nl, j, k, v, nv = 0, *vi, *band;
	int	 rc = -1;

	while (i < t->len && parse_ob_html_is_run(rs, t->t[i].s))
		i++;
	nl = i - l0;
	while (i < t->len && parse_ob_html_anchor(&t->t[i], OH_A_MIDDLE))
		i++;
	*ip = i;
	vi = xcalloc(t->len - i + 1, sizeof(*vi));
	band = xcalloc(t->len - i + 1, sizeof(*band));
	for (j = i; j < t->len; j++)
		if (ob_segment_is_number(t->t[j].s, strlen(t->t[j].s)))
			vi[nv++] = j;
	if (nl == 0 || nv == 0)
		goto out;
	for (v = 0; v < nv; v++)
		for (k = 1; k < nl; k++)
			if (fabs(t->t[vi[v]].y - t->t[l0 + k].y) <
			    fabs(t->t[vi[v]].y - t->t[l0 + band[v]].y))
				band[v] = k;
	names->t = xcalloc(nv, sizeof(*names->t));
	names->len = nv;
	*barsp = xcalloc(nv, sizeof(**barsp));
	*nnp = nv;
	for (v = 0; v < nv; v++) {
		const char	*run = t->t[l0 + band[v]].s;
		size_t		 rank = 0, have = 0, w;
		long		 sys = -1;

		for (w = 0; w < nv; w++)
			if (band[w] == band[v]) {
				have++;
				if (t->t[vi[w]].y < t->t[vi[v]].y)
					rank++;
			}
		for (j = 0, k = 0; j < rs->nsystems; j++) {
			const char	*r = parse_ob_html_run(rs->systems[j].identifier);

			if (r != NULL && strcmp(r, run) == 0 && k++ == rank)
				sys = (long)j;
		}
		if (sys < 0 || k != have)
			goto out;
		for (w = 0; w < v; w++)
			if ((*barsp)[w].system == sys)
				goto out;
		(*barsp)[v].system = sys;
		names->t[v].y = t->t[vi[v]].y;
		names->t[v].s = rs->systems[sys].identifier;
	}
	rc = 0;
out:
	free(vi);
	free(band);
	return rc;
}

static int
parse_ob_html_chart(const struct htexts *tv, struct test *test,
    struct result_set *rs, const char *h2, const char *h3, const char *path,
    long line, struct diag *d)
{
	struct htexts	 t = *tv, names = *tv;
	struct ob_bar	*bars = NULL;
	size_t		 i = 0, n0, nn = 0, j;
	bool		 multi;
	const char	*rest, *after;
	char		*unit = NULL, *ver = NULL;
	enum proportion	 prop;
	int		 rc = -1;

	/* A multi-way chart's key, its groups, comes before the watermark. */
	while (i < t.len && strcmp(t.t[i].s, OB_WATERMARK) != 0 &&
	    parse_ob_html_anchor(&t.t[i], OH_A_START))
		i++;
	multi = i > 0;
	while (i < t.len && strcmp(t.t[i].s, OB_WATERMARK) == 0)
		i++;
	if (i >= t.len || (rest = ob_segment_head(t.t[i].s, &unit, &prop)) == NULL ||
	    *rest != '\0') {
		diag_set(d, path, line, "chart \"%s\": no \"More Is Better\" / "
		    "\"Fewer Is Better\" heading (unsupported chart type?)", h2);
		goto out;
	}
	i++;
	if (i >= t.len || (ver = ob_segment_version(t.t[i].s, h2, NULL, &after)) == NULL ||
	    *after != '\0') {
		diag_set(d, path, line, "chart title does not repeat the heading \"%s\"", h2);
		free(ver);	/* found, but followed by more text */
		goto out;
	}
	model_set_str(&test->title, h2);
	model_set_str(&test->app_version, ver);
	free(ver);
	model_set_str(&test->description, h3);
	model_set_str(&test->unit, unit);
	test->proportion = prop;
	model_set_str(&test->proportion_raw, proportion_name(prop));
	test->display = DISPLAY_BAR;
	model_set_str(&test->display_raw, "BAR_GRAPH");
	i++;
	if (*h3 != '\0' && i < t.len && strcmp(t.t[i].s, h3) == 0)
		i++;
	if (multi) {
		if (parse_ob_html_multi(&t, &i, rs, &names, &bars, &nn) != 0) {
			diag_set(d, path, line, "multi-way chart \"%s %s\": its runs and "
			    "values do not match the systems table", h2, h3);
			goto out;
		}
		n0 = 0;
		goto bars;
	}
	/* Names (anchored end) come before the ticks (anchored middle). */
	n0 = i;
	while (i < t.len && !parse_ob_html_anchor(&t.t[i], OH_A_MIDDLE) &&
	    strncmp(t.t[i].s, "SE +/- ", 7) != 0)
		i++;
	nn = i - n0;
	if (nn == 0) {
		diag_set(d, path, line, "chart \"%s %s\": no system names", h2, h3);
		goto out;
	}
	bars = xcalloc(nn, sizeof(*bars));
	for (j = 0; j < nn; j++) {
		bars[j].system = result_set_find_system(rs, t.t[n0 + j].s);
		if (bars[j].system < 0) {
			diag_set(d, path, line, "chart \"%s %s\": \"%s\" is not in the "
			    "systems table", h2, h3, t.t[n0 + j].s);
			goto out;
		}
	}
	while (i < t.len && parse_ob_html_anchor(&t.t[i], OH_A_MIDDLE))
		i++;
bars:
	for (; i < t.len; i++) {
		const char	*s = t.t[i].s;
		long		 b;

		if (isdigit((unsigned char)s[0]) && strstr(s, ". ") != NULL &&
		    strspn(s, "0123456789") + 2 <= strlen(s) &&
		    s[strspn(s, "0123456789")] == '.' &&
		    s[strspn(s, "0123456789") + 1] == ' ') {
			ob_segment_footnote(test, s, strlen(s));
			continue;
		}
		if (strncmp(s, "SE +/- ", 7) == 0) {
			b = parse_ob_html_bar(&names, n0, nn, t.t[i].y, 1);
			if (b < 0 || bars[b].se_text != NULL ||
			    ob_segment_se(s, &bars[b].se_text, &bars[b].n) != 0) {
				diag_set(d, path, line, "chart \"%s %s\": stray SE \"%s\"",
				    h2, h3, s);
				goto out;
			}
			continue;
		}
		if (ob_segment_is_number(s, strlen(s))) {
			b = parse_ob_html_bar(&names, n0, nn, t.t[i].y, 1);
			if (b < 0 || bars[b].value_text != NULL) {
				diag_set(d, path, line, "chart \"%s %s\": stray value \"%s\"",
				    h2, h3, s);
				goto out;
			}
			bars[b].value_text = xstrdup(s);
			continue;
		}
		b = parse_ob_html_bar(&names, n0, nn, t.t[i].y, -1);
		if (b >= 0 && bars[b].note == NULL)
			bars[b].note = xstrdup(s);
	}
	for (j = 0; j < nn; j++)
		if (bars[j].value_text == NULL) {
			diag_set(d, path, line, "chart \"%s %s\": no value for \"%s\"",
			    h2, h3, names.t[n0 + j].s);
			goto out;
		}
	ob_segment_values(test, bars, nn);
	rc = 0;
out:
	if (bars != NULL)
		ob_segment_bars_free(bars, nn);
	free(bars);
	if (names.t != tv->t)
		free(names.t);
	free(unit);
	return rc;
}

/*
 * Title (h1), description (the blocks after it) and the export line's
 * URL; *export is the export paragraph's block. -1 with d set without one.
 */
static int
parse_ob_html_head(const struct oh_page *st, struct result_set *rs,
    const struct read_options *opt, const char *path, size_t *export,
    struct diag *d)
{
	size_t		 i, e, h1 = (size_t)-1;
	const char	*s;
	char		*url, *j;

	for (e = 0; e < st->nb; e++) {
		if (st->b[e].kind == OH_H1)
			h1 = e;
		if (st->b[e].kind == OH_P && strncmp(st->b[e].s, OB_EXPORT_LINE,
		    strlen(OB_EXPORT_LINE)) == 0 && h1 != (size_t)-1)
			break;
	}
	if (e == st->nb)
		return diag_set(d, path, 0, "no \"%s\" paragraph after a title", OB_EXPORT_LINE);
	model_set_str(&rs->title, st->b[h1].s);
	for (i = h1 + 1; i < e; i++) {
		s = st->b[i].s;
		if (*s != '\0' && rs->description == NULL)
			model_set_str(&rs->description, s);
		else if (*s != '\0') {
			j = xasprintf("%s\n\n%s", rs->description, s);
			model_set_str(&rs->description, j);
			free(j);
		}
	}
	if (st->b[e].href_s != NULL)
		url = xstrdup(st->b[e].href_s);
	else {
		url = xstrdup(st->b[e].s + strlen(OB_EXPORT_LINE));
		if (*url != '\0' && url[strlen(url) - 1] == '.')
			url[strlen(url) - 1] = '\0';
	}
	if (ob_segment_url(rs, url) != 0)
		format_warn(opt, path, st->b[e].line,
		    "export URL has no OpenBenchmarking result ID");
	free(url);
	*export = e;
	return 0;
}

static int
parse_ob_html_walk(const struct oh_page *st, struct result_set *rs,
    const struct read_options *opt, const char *path, struct diag *d)
{
	size_t		 i, e = 0, nsvg = 0;
	const char	*s;
	char		*h2 = NULL, *h3 = NULL;
	struct test	*cur = NULL;
	struct str_list	 ovnames = { 0 };
	struct htexts	 tv;
	int		 rc = -1;
	long		 line;

	if (parse_ob_html_head(st, rs, opt, path, &e, d) != 0)
		return -1;
	for (i = e + 1; i < st->nb; i++) {
		const struct hblock *n = &st->b[i];

		line = n->line;
		if (n->kind == OH_HR)
			continue;
		if (n->kind == OH_H2) {
			free(h2);
			free(h3);
			h2 = xstrdup(n->s);
			h3 = xstrdup("");
			cur = NULL;
			continue;
		}
		if (n->kind == OH_H3) {
			free(h3);
			h3 = xstrdup(n->s);
			continue;
		}
		if (n->svg) {
			nsvg++;
			tv.t = st->t != NULL ? st->t + n->t0 : NULL;
			tv.len = n->t1 - n->t0;
			if (nsvg == 1) {
				if (parse_ob_html_table(&tv, rs, path, line, d) != 0)
					goto out;
			} else if (nsvg == 2) {
				/* Its values repeat the charts'; its names do not. */
				tv.len = n->tin - n->t0;
				parse_ob_html_overview(&tv, &ovnames);
			} else {
				if (h2 == NULL) {
					diag_set(d, path, line, "chart without an h2 title");
					goto out;
				}
				cur = result_set_add_test(rs);
				if (parse_ob_html_chart(&tv, cur, rs, h2, h3, path, line, d) != 0)
					goto out;
			}
			continue;
		}
		s = n->s;
		if (strncmp(s, OB_TRAILER, strlen(OB_TRAILER)) == 0) {
			model_set_str(&rs->generator, s);
			break;
		}
		if (*s != '\0' && cur != NULL) {
			const char	*reason;
			long		 sys = ob_segment_failed(rs, s, &reason);

			if (sys >= 0 && test_find_value(cur, (size_t)sys) == NULL) {
				struct value	*v = test_add_value(cur, (size_t)sys);

				model_set_str(&v->error, reason);
			} else if (cur->annotation == NULL)
				model_set_str(&cur->annotation, s);
		}
	}
	if (rs->generator == NULL) {
		diag_set(d, path, 0, "no \"Phoronix Test Suite vX.Y.Z\" trailer: "
		    "the page looks truncated");
		goto out;
	}
	if (rs->ntests == 0) {
		diag_set(d, path, 0, "no chart found");
		goto out;
	}
	if (ovnames.len == rs->ntests)
		ob_segment_profiles(rs, ovnames.items, ovnames.len);
	rc = 0;
out:
	str_list_free(&ovnames);
	free(h2);
	free(h3);
	return rc;
}

/* The PTS profile names of the overview's rows ("fio: Rand Write - 4KB"). */
static void
parse_ob_html_overview(const struct htexts *t, struct str_list *names)
{
	char		*name;
	size_t		 i;

	for (i = 0; i < t->len; i++)
		if ((name = ob_segment_row_name(t->t[i].s)) != NULL) {
			str_list_add(names, name);
			free(name);
		}
}

static int
parse_ob_html_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct oh_page		 pg = { 0 };
	htmlDocPtr		 doc = NULL;
	xmlNode			*root;
	char			*buf;
	size_t			 len;
	int			 rc = -1;

	if ((buf = format_slurp(path, &len, d)) == NULL)
		return -1;
	doc = format_html_read(buf, len, path, HTML_PARSE_NOERROR |
	    HTML_PARSE_NOWARNING | HTML_PARSE_NOBLANKS | HTML_PARSE_NOIMPLIED,
	    opt, d);
	if (doc == NULL)
		goto out;
	if ((root = xmlDocGetRootElement(doc)) == NULL) {
		diag_set(d, path, 0, "empty HTML document");
		goto out;
	}
	oh_blocks(&pg, root);
	rc = parse_ob_html_walk(&pg, rs, opt, path, d);
out:
	oh_page_free(&pg);
	if (doc != NULL)
		xmlFreeDoc(doc);
	free(buf);
	return rc;
}

const struct reader reader_ob_html = {
	.name = "ob-html",
	.summary = "OpenBenchmarking result view exported to HTML (inline SVG charts)",
	.detect = parse_ob_html_detect,
	.read = parse_ob_html_read
};
