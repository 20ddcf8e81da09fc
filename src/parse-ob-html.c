/* SPDX-License-Identifier: ISC */
/*
 * Reader for the OpenBenchmarking "HTML result view" export page itself
 * (or a browser-saved page around it): libxml2's HTML parser, then the
 * export's own blocks (h1, description, export line, systems table SVG,
 * overview SVG, h2/h3/chart SVG sections, trailer). Inside each SVG every
 * label is its own <text>, placed by x/y, so names, SEs, values and notes
 * are attributed by position: nothing is ambiguous. No network, no DTD.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "format.h"
#include "ob-segment.h"
#include "xalloc.h"

struct htext {
	double	 x, y;
	char	*anchor;	/* inherited text-anchor */
	char	*s;
};

struct htexts {
	struct htext	*t;
	size_t		 len, cap;
};

struct hblocks {
	xmlNode	**n;
	size_t	  len, cap;
};

static int	parse_ob_html_detect(const char *head, size_t len);
static char *parse_ob_html_text(xmlNode *n);
static bool	parse_ob_html_is(const xmlNode *n, const char *name);
static void	parse_ob_html_blocks(xmlNode *n, struct hblocks *b);
static xmlNode *parse_ob_html_find(xmlNode *n, const char *name);
static char *parse_ob_html_attr(xmlNode *n, const char *name, bool inherit);
static void	parse_ob_html_texts_rec(xmlNode *n, struct htexts *t);
static void	parse_ob_html_texts_free(struct htexts *t);
static bool	parse_ob_html_anchor(const struct htext *h, const char *a);
static void	parse_ob_html_row(const struct htexts *t, size_t c0, size_t c1,
	    size_t lab0, size_t nl, size_t r, const double *cx, size_t ncol,
	    const char **out);
static int	parse_ob_html_table(xmlNode *svg, struct result_set *rs,
	    const char *path, long line, struct diag *d);
static long	parse_ob_html_bar(const struct htexts *t, size_t n0, size_t nn,
	    double y, int dir);
static int	parse_ob_html_chart(xmlNode *svg, struct test *test,
	    struct result_set *rs, const char *h2, const char *h3, const char *path,
	    long line, struct diag *d);
static void	parse_ob_html_overview(xmlNode *svg, struct str_list *names);
static int	parse_ob_html_head(struct hblocks *b, struct result_set *rs,
		    const struct read_options *opt, const char *path,
		    size_t *export, struct diag *d);
static int	parse_ob_html_walk(struct hblocks *b, struct result_set *rs,
	    const struct read_options *opt, const char *path, struct diag *d);
static int	parse_ob_html_read(const char *path,
	    const struct read_options *opt, struct result_set *rs, struct diag *d);

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

static char *
parse_ob_html_text(xmlNode *n)
{
	xmlChar	*c = xmlNodeGetContent(n);
	char	*s, *p;
	size_t	 l;

	if (c == NULL)
		return xstrdup("");
	s = xstrdup((const char *)c);
	xmlFree(c);
	/* Collapse layout whitespace the way a browser shows it. */
	for (p = s; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r' || *p == '\t')
			*p = ' ';
	l = strlen(s);
	while (l > 0 && s[l - 1] == ' ')
		s[--l] = '\0';
	p = s;
	while (*p == ' ')
		p++;
	memmove(s, p, strlen(p) + 1);
	return s;
}

static bool
parse_ob_html_is(const xmlNode *n, const char *name)
{
	return n->type == XML_ELEMENT_NODE &&
	    xmlStrcasecmp(n->name, (const xmlChar *)name) == 0;
}

/* The block elements of the page in order, not descending into them. */
static void
parse_ob_html_blocks(xmlNode *n, struct hblocks *b)
{
	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (parse_ob_html_is(n, "h1") || parse_ob_html_is(n, "h2") ||
		    parse_ob_html_is(n, "h3") || parse_ob_html_is(n, "p") ||
		    parse_ob_html_is(n, "hr")) {
			xgrow(&b->n, &b->cap, b->len + 1, sizeof(*b->n));
			b->n[b->len++] = n;
			continue;
		}
		if (parse_ob_html_is(n, "script") || parse_ob_html_is(n, "style"))
			continue;
		parse_ob_html_blocks(n->children, b);
	}
}

static xmlNode *
parse_ob_html_find(xmlNode *n, const char *name)
{
	xmlNode	*r;

	for (; n != NULL; n = n->next) {
		if (parse_ob_html_is(n, name))
			return n;
		if ((r = parse_ob_html_find(n->children, name)) != NULL)
			return r;
	}
	return NULL;
}

static char *
parse_ob_html_attr(xmlNode *n, const char *name, bool inherit)
{
	xmlChar	*v;
	char	*s;

	for (; n != NULL && n->type == XML_ELEMENT_NODE; n = n->parent) {
		v = xmlGetProp(n, (const xmlChar *)name);
		if (v != NULL) {
			s = xstrdup((const char *)v);
			xmlFree(v);
			return s;
		}
		if (!inherit || parse_ob_html_is(n, "svg"))
			break;
	}
	return NULL;
}

static void
parse_ob_html_texts_rec(xmlNode *n, struct htexts *t)
{
	for (; n != NULL; n = n->next) {
		if (parse_ob_html_is(n, "text")) {
			char	*x = parse_ob_html_attr(n, "x", false);
			char	*y = parse_ob_html_attr(n, "y", false);
			struct htext *h;

			xgrow(&t->t, &t->cap, t->len + 1, sizeof(*t->t));
			h = &t->t[t->len++];
			h->x = x ? strtod(x, NULL) : 0;
			h->y = y ? strtod(y, NULL) : 0;
			h->anchor = parse_ob_html_attr(n, "text-anchor", true);
			h->s = parse_ob_html_text(n);
			free(x);
			free(y);
			continue;
		}
		parse_ob_html_texts_rec(n->children, t);
	}
}

static void
parse_ob_html_texts_free(struct htexts *t)
{
	size_t	i;

	for (i = 0; i < t->len; i++) {
		free(t->t[i].anchor);
		free(t->t[i].s);
	}
	free(t->t);
	memset(t, 0, sizeof(*t));
}

static bool
parse_ob_html_anchor(const struct htext *h, const char *a)
{
	return h->anchor != NULL && strcmp(h->anchor, a) == 0;
}

/*
 * Place the cells of row r (texts [c0, c1) nearest label r by y) in
 * columns: left to right, each cell starts at the column after the last
 * one's span and spans the columns whose middle is its x. A system that
 * lacks the label leaves a gap: then the nearest free column is taken.
 */
static void
parse_ob_html_row(const struct htexts *t, size_t c0, size_t c1, size_t lab0,
    size_t nl, size_t r, const double *cx, size_t ncol, const char **out)
{
	size_t	i, k, n = 0, start = 0, a, b, best_a, best_b, *idx;
	double	err, e, tol;

	idx = xcalloc(c1 - c0 + 1, sizeof(size_t));
	for (i = c0; i < c1; i++) {
		size_t	near = 0;
		double	dy = HUGE_VAL;

		for (k = 0; k < nl; k++)
			if (fabs(t->t[i].y - t->t[lab0 + k].y) < dy) {
				dy = fabs(t->t[i].y - t->t[lab0 + k].y);
				near = k;
			}
		if (near != r)
			continue;
		/* Insertion by x keeps the row left to right. */
		for (k = n; k > 0 && t->t[idx[k - 1]].x > t->t[i].x; k--)
			idx[k] = idx[k - 1];
		idx[k] = i;
		n++;
	}
	tol = ncol > 1 ? (cx[1] - cx[0]) / 4 : HUGE_VAL;
	for (k = 0; k < n && start < ncol; k++) {
		double	x = t->t[idx[k]].x;

		best_a = best_b = start;
		err = HUGE_VAL;
		for (b = start; b < ncol; b++) {
			e = fabs((cx[start] + cx[b]) / 2 - x);
			if (e < err) {
				err = e;
				best_b = b;
			}
		}
		if (err > fabs(tol))
			for (a = start; a < ncol; a++)
				for (b = a; b < ncol; b++) {
					e = fabs((cx[a] + cx[b]) / 2 - x);
					if (e < err - 0.5) {
						err = e;
						best_a = a;
						best_b = b;
					}
				}
		for (a = best_a; a <= best_b; a++)
			out[a] = t->t[idx[k]].s;
		start = best_b + 1;
	}
	free(idx);
}

/* The systems table: labels, identifiers, cells (spanning), notes. */
static int
parse_ob_html_table(xmlNode *svg, struct result_set *rs, const char *path,
    long line, struct diag *d)
{
	struct htexts	 t = { 0 };
	size_t		 i = 0, nl = 0, lab0, id0, ncol, j, r, c0;
	const char	**cell = NULL;
	double		*cx = NULL, idy;
	const char	*section = NULL;
	int		 rc = -1;

	parse_ob_html_texts_rec(svg, &t);
	/* The title, absent in multi-way comparisons, is anchored start. */
	if (i < t.len && parse_ob_html_anchor(&t.t[i], "start"))
		i++;
	lab0 = i;
	while (i < t.len && parse_ob_html_anchor(&t.t[i], "end") &&
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
	cx = xcalloc(ncol, sizeof(double));
	for (j = 0; j < ncol; j++) {
		if (result_set_find_system(rs, t.t[id0 + j].s) >= 0) {
			diag_set(d, path, line, "system \"%s\" appears twice",
			    t.t[id0 + j].s);
			goto out;
		}
		result_set_add_system(rs, t.t[id0 + j].s);
		cx[j] = t.t[id0 + j].x;
	}
	/* Cells: row by label y, columns by centre x (a span is centred). */
	c0 = i;
	while (i < t.len && strcmp(t.t[i].s, OB_WATERMARK) != 0)
		i++;
	cell = xcalloc(nl * ncol, sizeof(*cell));
	for (r = 0; r < nl; r++)
		parse_ob_html_row(&t, c0, i, lab0, nl, r, cx, ncol, cell + r * ncol);
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
out:
	free(cx);
	free(cell);
	parse_ob_html_texts_free(&t);
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

static int
parse_ob_html_chart(xmlNode *svg, struct test *test, struct result_set *rs,
    const char *h2, const char *h3, const char *path, long line,
    struct diag *d)
{
	struct htexts	 t = { 0 };
	struct ob_bar	*bars = NULL;
	size_t		 i = 0, n0, nn, j;
	const char	*rest, *after;
	char		*unit = NULL, *ver = NULL;
	enum proportion	 prop;
	int		 rc = -1;

	parse_ob_html_texts_rec(svg, &t);
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
	/* Names (anchored end) come before the ticks (anchored middle). */
	n0 = i;
	while (i < t.len && !parse_ob_html_anchor(&t.t[i], "middle") &&
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
	while (i < t.len && parse_ob_html_anchor(&t.t[i], "middle"))
		i++;
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
			b = parse_ob_html_bar(&t, n0, nn, t.t[i].y, 1);
			if (b < 0 || bars[b].se_text != NULL ||
			    ob_segment_se(s, &bars[b].se_text, &bars[b].n) != 0) {
				diag_set(d, path, line, "chart \"%s %s\": stray SE \"%s\"",
				    h2, h3, s);
				goto out;
			}
			continue;
		}
		if (ob_segment_is_number(s, strlen(s))) {
			b = parse_ob_html_bar(&t, n0, nn, t.t[i].y, 1);
			if (b < 0 || bars[b].value_text != NULL) {
				diag_set(d, path, line, "chart \"%s %s\": stray value \"%s\"",
				    h2, h3, s);
				goto out;
			}
			bars[b].value_text = xstrdup(s);
			continue;
		}
		b = parse_ob_html_bar(&t, n0, nn, t.t[i].y, -1);
		if (b >= 0 && bars[b].note == NULL)
			bars[b].note = xstrdup(s);
	}
	for (j = 0; j < nn; j++)
		if (bars[j].value_text == NULL) {
			diag_set(d, path, line, "chart \"%s %s\": no value for \"%s\"",
			    h2, h3, t.t[n0 + j].s);
			goto out;
		}
	ob_segment_values(test, bars, nn);
	rc = 0;
out:
	if (bars != NULL)
		ob_segment_bars_free(bars, nn);
	free(bars);
	free(unit);
	parse_ob_html_texts_free(&t);
	return rc;
}

/*
 * Title (h1), description (the paragraphs after it) and the export line's
 * URL; *export is the export paragraph's block. -1 with d set without one.
 */
static int
parse_ob_html_head(struct hblocks *b, struct result_set *rs,
    const struct read_options *opt, const char *path, size_t *export,
    struct diag *d)
{
	size_t		 i, e, h1 = (size_t)-1;
	char		*s, *url, *j;
	xmlNode		*a;

	for (e = 0; e < b->len; e++) {
		if (parse_ob_html_is(b->n[e], "h1"))
			h1 = e;
		if (parse_ob_html_is(b->n[e], "p")) {
			s = parse_ob_html_text(b->n[e]);
			if (strncmp(s, OB_EXPORT_LINE, strlen(OB_EXPORT_LINE)) == 0 &&
			    h1 != (size_t)-1) {
				free(s);
				break;
			}
			free(s);
		}
	}
	if (e == b->len)
		return diag_set(d, path, 0, "no \"%s\" paragraph after a title", OB_EXPORT_LINE);
	s = parse_ob_html_text(b->n[h1]);
	model_set_str(&rs->title, s);
	free(s);
	for (i = h1 + 1; i < e; i++) {
		s = parse_ob_html_text(b->n[i]);
		if (*s != '\0' && rs->description == NULL)
			model_set_str(&rs->description, s);
		else if (*s != '\0') {
			j = xasprintf("%s\n\n%s", rs->description, s);
			model_set_str(&rs->description, j);
			free(j);
		}
		free(s);
	}
	a = parse_ob_html_find(b->n[e]->children, "a");
	url = a ? parse_ob_html_attr(a, "href", false) : NULL;
	if (url == NULL) {
		s = parse_ob_html_text(b->n[e]);
		url = xstrdup(s + strlen(OB_EXPORT_LINE));
		free(s);
		if (*url != '\0' && url[strlen(url) - 1] == '.')
			url[strlen(url) - 1] = '\0';
	}
	if (ob_segment_url(rs, url) != 0)
		format_warn(opt, path, b->n[e]->line,
		    "export URL has no OpenBenchmarking result ID");
	free(url);
	*export = e;
	return 0;
}

static int
parse_ob_html_walk(struct hblocks *b, struct result_set *rs,
    const struct read_options *opt, const char *path, struct diag *d)
{
	size_t		 i, e = 0, nsvg = 0;
	char		*s, *h2 = NULL, *h3 = NULL;
	struct test	*cur = NULL;
	struct str_list	 ovnames = { 0 };
	int		 rc = -1;
	long		 line;

	if (parse_ob_html_head(b, rs, opt, path, &e, d) != 0)
		return -1;
	for (i = e + 1; i < b->len; i++) {
		xmlNode	*n = b->n[i], *svg;

		line = n->line;
		if (parse_ob_html_is(n, "hr"))
			continue;
		if (parse_ob_html_is(n, "h2")) {
			free(h2);
			free(h3);
			h2 = parse_ob_html_text(n);
			h3 = xstrdup("");
			cur = NULL;
			continue;
		}
		if (parse_ob_html_is(n, "h3")) {
			free(h3);
			h3 = parse_ob_html_text(n);
			continue;
		}
		svg = parse_ob_html_find(n->children, "svg");
		if (svg != NULL) {
			nsvg++;
			if (nsvg == 1) {
				if (parse_ob_html_table(svg, rs, path, line, d) != 0)
					goto out;
			} else if (nsvg == 2)
				/* Its values repeat the charts'; its names do not. */
				parse_ob_html_overview(svg, &ovnames);
			else {
				if (h2 == NULL) {
					diag_set(d, path, line, "chart without an h2 title");
					goto out;
				}
				cur = result_set_add_test(rs);
				if (parse_ob_html_chart(svg, cur, rs, h2, h3, path, line, d) != 0)
					goto out;
			}
			continue;
		}
		s = parse_ob_html_text(n);
		if (strncmp(s, OB_TRAILER, strlen(OB_TRAILER)) == 0) {
			model_set_str(&rs->generator, s);
			free(s);
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
		free(s);
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
parse_ob_html_overview(xmlNode *svg, struct str_list *names)
{
	struct htexts	 t = { 0 };
	char		*name;
	size_t		 i;

	parse_ob_html_texts_rec(svg->children, &t);
	for (i = 0; i < t.len; i++)
		if ((name = ob_segment_row_name(t.t[i].s)) != NULL) {
			str_list_add(names, name);
			free(name);
		}
	parse_ob_html_texts_free(&t);
}

static int
parse_ob_html_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	char		*buf;
	size_t		 len;
	htmlDocPtr	 doc;
	struct hblocks	 b = { 0 };
	xmlNode		*root;
	int		 rc;

	buf = format_slurp(path, &len, d);
	if (buf == NULL)
		return -1;
	if (len > (size_t)INT32_MAX) {
		free(buf);
		return diag_set(d, path, 0, "file too large");
	}
	doc = htmlReadMemory(buf, (int)len, path, "UTF-8", HTML_PARSE_NONET |
	    HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NOBLANKS);
	free(buf);
	if (doc == NULL)
		return diag_set(d, path, 0, "not parseable as HTML");
	root = xmlDocGetRootElement(doc);
	if (root == NULL) {
		xmlFreeDoc(doc);
		return diag_set(d, path, 0, "empty HTML document");
	}
	parse_ob_html_blocks(root, &b);
	rc = parse_ob_html_walk(&b, rs, opt, path, d);
	free(b.n);
	xmlFreeDoc(doc);
	return rc;
}

const struct reader reader_ob_html = {
	.name = "ob-html",
	.summary = "OpenBenchmarking result view exported to HTML (inline SVG charts)",
	.detect = parse_ob_html_detect,
	.read = parse_ob_html_read
};
