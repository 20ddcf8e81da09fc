/* SPDX-License-Identifier: ISC */
/*
 * The page the Phoronix Test Suite writes with result-file-to-html: an
 * <h1> title, a description paragraph, the systems table as an SVG, an
 * overview SVG, then per result an <h2> title, an <h3> description and
 * its chart SVG. Read as libxml2's HTML tree, walked in document order;
 * inside each SVG every label is its own <text> placed by x/y, so cells
 * are found by position: the systems table's header names the systems
 * (its cells span the columns they are centred on), a bar chart gives
 * "UNIT, More Is Better", the bar values and "SE +/- s, N = n" beside
 * each system's label, a line graph its Min/Avg/Max table (Avg is the
 * value), a pass/fail chart its PASS/FAIL. The OpenBenchmarking export
 * of the same page (with its "exported from" line) is parse-ob-html.c's.
 * Rules: docs/fio-dd.md.
 *
 * The tree costs what a user does not notice: reading PTS's 21 KB
 * storage-2sys.html fixture takes 3 ms of CPU for the whole process
 * (2 ms for events without a tree) and a heap peak of 0.5 MB; a
 * generated 5 MB page of 1,604 charts takes 0.3 s and a heap peak of
 * 96 MB (0.04 s and 16 MB as events). Figures and commands:
 * docs/fio-dd.md.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "format.h"
#include "xalloc.h"

#define PH_INHERIT	8	/* ancestors searched for an SVG attribute */
#define PH_TABLE_STEPS	4000000	/* cell visits for the systems table */

struct ph_text {
	double		 x, y;
	char		*s;
	bool		 bold, end, middle, header;
};

struct ph_label {
	double		 y;
	size_t		 sys;
};

struct ph_texts {
	struct ph_text	*v;
	size_t		 n, cap;
};

struct ph_state {
	const char		*path;
	const struct read_options *opt;
	struct result_set	*rs;
	char			*title, *desc;	/* current <h2>, <h3> */
	bool			 chart_due;	/* an <h3> whose chart is still to come */
	size_t			 svgs;		/* SVGs before the first <h2> */
	size_t			 skipped;
	GHashTable		*names;		/* system name -> index + 1 */
	struct ph_label		*labels;	/* this chart's system labels, by y */
	size_t			 nlabels;
};

static int	 parse_pts_html_detect(const char *head, size_t len);
static int	 parse_pts_html_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static char	*ph_content(xmlNode *n);
static const char *ph_attr(xmlNode *n, const char *name, int up);
static void	 ph_collect(xmlNode *svg, struct ph_texts *t);
static void	 ph_texts_free(struct ph_texts *t);
static void	 ph_systems(struct ph_state *st, struct ph_texts *t);
static void	 ph_chart(struct ph_state *st, struct ph_texts *t);
static bool	 ph_element(struct ph_state *st, xmlNode *n);
static void	 ph_walk(struct ph_state *st, xmlNode *root);
static long	 ph_system_of(struct ph_state *st, struct ph_texts *t, double y);
static int	 ph_label_cmp(const void *a, const void *b);
static void	 ph_labels(struct ph_state *st, struct ph_texts *t);
static bool	 ph_number(const char *s, double *v);

const struct reader reader_pts_html = {
	.name = "pts-html",
	.summary = "Phoronix Test Suite HTML page (result-file-to-html)",
	.detect = parse_pts_html_detect,
	.read = parse_pts_html_read
};

static int
parse_pts_html_detect(const char *head, size_t len)
{
	(void)len;
	if (strstr(head, " - Phoronix Test Suite</title>") == NULL ||
	    strstr(head, "<svg") == NULL || strstr(head, "<h1>") == NULL ||
	    strstr(head, "HTML result view exported from") != NULL)
		return 0;
	return 80;
}

/*
 * The text of n as the page shows it: cut at a NUL, whitespace runs as
 * one space, trimmed.
 */
static char *
ph_content(xmlNode *n)
{
	xmlChar	*c = xmlNodeGetContent(n);
	char	*s, *w, *r;

	s = xstrdup(c != NULL ? (const char *)c : "");
	xmlFree(c);
	for (r = w = s; *r != '\0'; r++) {
		if (isspace((unsigned char)*r)) {
			if (w > s && w[-1] != ' ')
				*w++ = ' ';
		} else
			*w++ = *r;
	}
	while (w > s && w[-1] == ' ')
		w--;
	*w = '\0';
	return s;
}

/*
 * The value of attribute name on n or on its nearest ancestor within up
 * levels that has it ("" for one written without a value), or NULL. The
 * parser keeps the first of an element's attributes of one name.
 */
static const char *
ph_attr(xmlNode *n, const char *name, int up)
{
	xmlAttr	*a;

	for (; n != NULL && n->type == XML_ELEMENT_NODE && up >= 0; n = n->parent, up--)
		for (a = n->properties; a != NULL; a = a->next)
			if (strcmp((const char *)a->name, name) == 0)
				return a->children != NULL &&
				    a->children->type == XML_TEXT_NODE &&
				    a->children->content != NULL ?
				    (const char *)a->children->content : "";
	return NULL;
}

/* Every <text> of svg, in document order, with its inherited style. */
static void
ph_collect(xmlNode *svg, struct ph_texts *t)
{
	xmlNode		*n = svg->children;
	struct ph_text	*x;
	const char	*a;

	while (n != NULL && n != svg) {
		if (n->type == XML_ELEMENT_NODE && strcmp((const char *)n->name,
		    "text") == 0) {
			if (t->n == t->cap)
				xgrow(&t->v, &t->cap, t->n + 1, sizeof(*t->v));
			x = &t->v[t->n++];
			memset(x, 0, sizeof(*x));
			a = ph_attr(n, "x", 0);
			x->x = a != NULL ? g_ascii_strtod(a, NULL) : 0;
			a = ph_attr(n, "y", 0);
			x->y = a != NULL ? g_ascii_strtod(a, NULL) : 0;
			a = ph_attr(n, "font-weight", PH_INHERIT);
			x->bold = a != NULL && strcmp(a, "bold") == 0;
			a = ph_attr(n, "text-anchor", PH_INHERIT);
			x->end = a != NULL && strcmp(a, "end") == 0;
			x->middle = a != NULL && strcmp(a, "middle") == 0;
			a = ph_attr(n, "dominant-baseline", PH_INHERIT);
			x->header = a != NULL && strcmp(a, "text-before-edge") == 0;
			x->s = ph_content(n);
		} else if (n->type == XML_ELEMENT_NODE && n->children != NULL) {
			n = n->children;
			continue;
		}
		while (n != svg && n->next == NULL)
			n = n->parent;
		if (n != svg)
			n = n->next;
	}
}

static void
ph_texts_free(struct ph_texts *t)
{
	size_t	i;

	for (i = 0; i < t->n; i++)
		free(t->v[i].s);
	free(t->v);
	memset(t, 0, sizeof(*t));
}

static bool
ph_number(const char *s, double *v)
{
	char	*e;

	*v = g_ascii_strtod(s, &e);
	return e != s && *e == '\0' && isfinite(*v);
}

/*
 * The systems table: headers (text-before-edge) are the systems, left to
 * right; bold end-anchored texts the row labels; middle-anchored texts the
 * cells. A row's cells tile its columns from the left, each centred on the
 * columns it spans (PTS joins equal neighbours into one cell).
 */
static void
ph_systems(struct ph_state *st, struct ph_texts *t)
{
	double		*cx = NULL;
	size_t		*sys = NULL, ncol = 0, i, k, c, j, steps = 0;

	for (i = 0; i < t->n; i++)
		if (t->v[i].header && t->v[i].s[0] != '\0' &&
		    g_hash_table_lookup(st->names, t->v[i].s) == NULL) {
			cx = xreallocarray(cx, ncol + 1, sizeof(*cx));
			sys = xreallocarray(sys, ncol + 1, sizeof(*sys));
			cx[ncol] = t->v[i].x;
			sys[ncol] = result_set_add_system(st->rs, t->v[i].s);
			g_hash_table_insert(st->names, xstrdup(t->v[i].s),
			    GSIZE_TO_POINTER(sys[ncol] + 1));
			ncol++;
		}
	for (i = 0; i < t->n && ncol > 0; i++) {
		if (!t->v[i].bold || !t->v[i].end || t->v[i].header)
			continue;
		/* Rows times cells: bounded, so a hostile table stays cheap. */
		if ((steps += t->n) > PH_TABLE_STEPS) {
			format_warn(st->opt, st->path, 0, "systems table too large: "
			    "rows after \"%.40s\" not read", t->v[i].s);
			break;
		}
		c = 0;
		for (k = 0; k < t->n && c < ncol; k++) {
			if (!t->v[k].middle || t->v[k].header || t->v[k].bold ||
			    fabs(t->v[k].y - t->v[i].y) > 3)
				continue;
			/* The span [c, j] whose centre is this cell's x. */
			for (j = c; j < ncol && fabs((cx[c] + cx[j]) / 2 - t->v[k].x) > 1.5; j++)
				;
			steps += j - c;
			if (j == ncol)
				j = c;	/* off the grid: its own column */
			for (; c <= j; c++)
				kv_list_add(&st->rs->systems[sys[c]].fields, t->v[i].s,
				    t->v[k].s);
		}
	}
	free(cx);
	free(sys);
}

static int
ph_label_cmp(const void *a, const void *b)
{
	double	ya = ((const struct ph_label *)a)->y, yb = ((const struct ph_label *)b)->y;

	return ya < yb ? -1 : ya > yb;
}

/* The chart's system labels (texts equal to a system's name), sorted by y. */
static void
ph_labels(struct ph_state *st, struct ph_texts *t)
{
	gpointer	idx;
	size_t		i;

	free(st->labels);
	st->labels = xcalloc(t->n + 1, sizeof(*st->labels));
	st->nlabels = 0;
	for (i = 0; i < t->n; i++)
		if ((idx = g_hash_table_lookup(st->names, t->v[i].s)) != NULL) {
			st->labels[st->nlabels].y = t->v[i].y;
			st->labels[st->nlabels++].sys = GPOINTER_TO_SIZE(idx) - 1;
		}
	qsort(st->labels, st->nlabels, sizeof(*st->labels), ph_label_cmp);
}

/* The system whose label is nearest to y (binary search), or -1. */
static long
ph_system_of(struct ph_state *st, struct ph_texts *t, double y)
{
	size_t	lo = 0, hi = st->nlabels, mid;

	(void)t;
	if (st->nlabels == 0)
		return -1;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (st->labels[mid].y < y)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == st->nlabels)
		return (long)st->labels[lo - 1].sys;
	if (lo > 0 && y - st->labels[lo - 1].y <= st->labels[lo].y - y)
		return (long)st->labels[lo - 1].sys;
	return (long)st->labels[lo].sys;
}

static void
ph_chart(struct ph_state *st, struct ph_texts *t)
{
	struct test	*tt;
	struct value	*v;
	const char	*unit = NULL, *sep = NULL, *avg = NULL;
	double		 x, se, avgx = 0;
	long		 s, n;
	size_t		 i, tl = strlen(st->title);
	bool		 hib = false, passfail = false;

	for (i = 0; i < t->n; i++) {
		const char *p = t->v[i].s;

		if ((sep = strstr(p, ", More Is Better")) != NULL ||
		    (sep = strstr(p, ", Fewer Is Better")) != NULL) {
			unit = p;
			hib = strstr(p, ", More Is Better") != NULL;
			break;
		}
		if (strcmp(p, "PASS") == 0 || strcmp(p, "FAIL") == 0)
			passfail = true;
	}
	if (unit == NULL && !passfail) {
		st->skipped++;
		return;
	}
	ph_labels(st, t);
	tt = result_set_add_test(st->rs);
	model_set_str(&tt->identifier, "");
	model_set_str(&tt->title, st->title);
	model_set_str(&tt->description, st->desc != NULL ? st->desc : "");
	model_set_str(&tt->arguments, st->desc != NULL ? st->desc : "");
	model_set_str(&tt->app_version, "");
	tt->unit = unit != NULL ? xstrndup(unit, (size_t)(sep - unit)) : xstrdup("");
	tt->proportion = unit == NULL ? PROP_NONE : hib ? PROP_HIB : PROP_LIB;
	model_set_str(&tt->proportion_raw, unit == NULL ? "" : hib ? "HIB" : "LIB");
	tt->display = unit == NULL ? DISPLAY_OTHER : DISPLAY_BAR;
	if (unit == NULL)
		model_set_str(&tt->display_raw, "PASS_FAIL");
	for (i = 0; i < t->n; i++) {
		const char *p = t->v[i].s;

		/* "Flexible IO Tester 3.33": the title, then the version. */
		if (strncmp(p, st->title, tl) == 0 && p[tl] == ' ' && t->v[i].bold &&
		    isdigit((unsigned char)p[tl + 1]) && tt->app_version[0] == '\0')
			model_set_str(&tt->app_version, p + tl + 1);
		if (strcmp(p, "Avg") == 0) {
			avg = p;
			avgx = t->v[i].x;
		}
	}
	for (i = 0; i < t->n; i++) {
		const char *p = t->v[i].s;

		if ((s = ph_system_of(st, t, t->v[i].y)) < 0)
			continue;
		if (strncmp(p, "SE +/- ", 7) == 0)
			continue;	/* read below, once the values are known */
		if (passfail && (strcmp(p, "PASS") == 0 || strcmp(p, "FAIL") == 0) &&
		    test_find_value(tt, (size_t)s) == NULL) {
			v = test_add_value(tt, (size_t)s);
			model_set_str(&v->value_text, p);
			continue;
		}
		/* Bars: bold end-anchored numbers; line graphs: the Avg column. */
		if (!ph_number(p, &x) || test_find_value(tt, (size_t)s) != NULL ||
		    (avg != NULL ? fabs(t->v[i].x - avgx) > 1 :
		    !(t->v[i].bold && t->v[i].end)))
			continue;
		v = test_add_value(tt, (size_t)s);
		v->has_mean = true;
		v->mean = x;
		model_set_str(&v->value_text, p);
	}
	/* The page draws "SE +/- s, N = n" before the value it belongs to. */
	for (i = 0; i < t->n; i++) {
		if ((s = ph_system_of(st, t, t->v[i].y)) < 0)
			continue;
		if (sscanf(t->v[i].s, "SE +/- %lf, N = %ld", &se, &n) == 2 &&
		    (v = test_find_value(tt, (size_t)s)) != NULL) {
			v->has_se = true;
			v->se = se;
			v->n = n;
		}
	}
	if (tt->nvalues == 0) {
		st->skipped++;
		result_set_pop_test(st->rs);
	}
}


/*
 * One element in document order: an <svg> (the systems table, then the
 * chart under the last heading), the page's first <h1> (its title) and
 * first non-empty <p> after it and before any SVG (its description), a
 * result's <h2> title and <h3> description. False when its content is
 * read (or skipped, as <head> and <script>) whole, so the walk does not
 * go into it.
 */
static bool
ph_element(struct ph_state *st, xmlNode *n)
{
	struct result_set	*rs = st->rs;
	struct ph_texts		 t = { 0 };
	const char		*name = (const char *)n->name;
	char			*s;

	if (strcmp(name, "svg") == 0) {
		ph_collect(n, &t);
		if (st->title == NULL && st->svgs++ == 0)
			ph_systems(st, &t);
		else if (st->title != NULL && st->chart_due) {
			ph_chart(st, &t);
			st->chart_due = false;
		}
		ph_texts_free(&t);
		return false;
	}
	if (strcmp(name, "h1") == 0 && rs->title == NULL) {
		rs->title = ph_content(n);
		return false;
	}
	if (strcmp(name, "h2") == 0) {
		free(st->title);
		st->title = ph_content(n);
		free(st->desc);
		st->desc = NULL;
		st->chart_due = true;
		return false;
	}
	if (strcmp(name, "h3") == 0 && st->title != NULL) {
		free(st->desc);
		st->desc = ph_content(n);
		st->chart_due = true;
		return false;
	}
	if (strcmp(name, "p") == 0 && rs->title != NULL &&
	    rs->description == NULL && st->svgs == 0 && st->title == NULL) {
		s = ph_content(n);
		if (*s != '\0')
			model_set_str(&rs->description, s);
		free(s);
		return true;
	}
	return strcmp(name, "head") != 0 && strcmp(name, "script") != 0;
}

/* The tree from root in document order, without recursion. */
static void
ph_walk(struct ph_state *st, xmlNode *root)
{
	xmlNode	*n = root;

	while (n != NULL) {
		if ((n->type != XML_ELEMENT_NODE || ph_element(st, n)) &&
		    n->children != NULL) {
			n = n->children;
			continue;
		}
		while (n != NULL && n->next == NULL)
			n = n->parent != NULL && n->parent->type == XML_ELEMENT_NODE ?
			    n->parent : NULL;
		if (n != NULL)
			n = n->next;
	}
}

static int
parse_pts_html_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct ph_state		 st = { 0 };
	htmlDocPtr		 doc = NULL;
	xmlNode			*root;
	char			*buf, *s;
	size_t			 len;
	int			 rc = -1;

	st.path = path;
	st.opt = opt;
	st.rs = rs;
	st.names = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	if ((buf = format_slurp(path, &len, d)) == NULL)
		goto out;
	/* Not PTS's page: said before any parsing. */
	if (parse_pts_html_detect(buf, len) == 0) {
		diag_set(d, path, 0, "not a Phoronix Test Suite HTML page (no "
		    "\"... - Phoronix Test Suite\" title, <h1> and SVG charts)");
		goto out;
	}
	if (len > INT32_MAX) {
		diag_set(d, path, 0, "file too large");
		goto out;
	}
	/* UTF-8 whatever the page claims (see text-paste.c's paste_html). */
	if (!g_utf8_validate(buf, (gssize)len, NULL)) {
		s = g_utf8_make_valid(buf, (gssize)len);
		free(buf);
		buf = xstrdup(s);
		g_free(s);
		len = strlen(buf);
	}
	/* No messages; what the tree builder does not build is said. */
	if ((doc = format_html_read(buf, len, path, HTML_PARSE_RECOVER |
	    HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_IGNORE_ENC |
	    HTML_PARSE_COMPACT, opt, d)) == NULL)
		goto out;
	if ((root = xmlDocGetRootElement(doc)) == NULL) {
		diag_set(d, path, 0, "not parseable as HTML");
		goto out;
	}
	ph_walk(&st, root);
	if (rs->nsystems == 0) {
		diag_set(d, path, 0, "PTS HTML page without its systems table");
		goto out;
	}
	if (rs->ntests == 0) {
		diag_set(d, path, 0, "PTS HTML page without any result chart read");
		goto out;
	}
	if (st.skipped > 0)
		format_warn(opt, path, 0, "%zu chart%s without values this reader "
		    "knows (bars, line-graph Avg, PASS/FAIL) left out", st.skipped,
		    st.skipped == 1 ? "" : "s");
	model_set_str(&rs->generator, "Phoronix Test Suite (HTML export)");
	rc = 0;
out:
	free(st.title);
	free(st.desc);
	free(st.labels);
	g_hash_table_destroy(st.names);
	if (doc != NULL)
		xmlFreeDoc(doc);
	free(buf);
	return rc;
}
