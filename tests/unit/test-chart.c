/* SPDX-License-Identifier: ISC */
/*
 * Charts: every SVG parses as XML; bar lengths are proportional to the
 * values and whisker half-lengths equal the SE on the same scale (read
 * back from the SVG); every label is present as text and no two texts
 * overlap or leave the canvas; untrusted names come out escaped; PNGs have
 * the requested size and are not blank; PDFs are valid (pdfinfo); output
 * is byte-identical from run to run; axis ticks follow 1-2-5; file names
 * are stable and unique. Runs on an in-code set with the figures of an
 * OpenBenchmarking SSD comparison, on built edge cases, and on the
 * expected figures of the seeds under ../shared when present.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cairo.h>
#include <json-c/json.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "canvas-text.h"
#include "chart.h"
#include "chart-axis.h"
#include "chart-palette.h"
#include "chart-data.h"
#include "text-escape.h"
#include "tap.h"
#include "version.h"
#include "xalloc.h"

struct svgtext {
	char	*cls, *text, *anchor;
	double	 x, y, size;
	int	 bold, italic;
};

struct svginfo {
	xmlDoc		*doc;
	double		 width, height;
	double		 barx[64], barw[64];
	size_t		 nbars;
	double		 wx1[64], wx2[64];
	size_t		 nwhiskers;
	struct svgtext	 texts[512];
	size_t		 ntexts;
	size_t		 npolylines;
	size_t		 maxpoints;
};

static char tmpdir[] = "/tmp/test-chart.XXXXXX";

static double
attr_num(xmlNode *n, const char *name)
{
	xmlChar	*v = xmlGetProp(n, (const xmlChar *)name);
	double	 d = v != NULL ? strtod((char *)v, NULL) : NAN;

	xmlFree(v);
	return d;
}

static char *
attr_str(xmlNode *n, const char *name)
{
	xmlChar	*v = xmlGetProp(n, (const xmlChar *)name);
	char	*s = xstrdup(v != NULL ? (char *)v : "");

	xmlFree(v);
	return s;
}

static void
walk(xmlNode *n, struct svginfo *si)
{
	char	*cls;

	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		cls = attr_str(n, "class");
		if (strcmp((char *)n->name, "rect") == 0 &&
		    strcmp(cls, "bar") == 0 && si->nbars < 64) {
			si->barx[si->nbars] = attr_num(n, "x");
			si->barw[si->nbars++] = attr_num(n, "width");
		} else if (strcmp((char *)n->name, "line") == 0 &&
		    strcmp(cls, "whisker") == 0 && si->nwhiskers < 64) {
			si->wx1[si->nwhiskers] = attr_num(n, "x1");
			si->wx2[si->nwhiskers++] = attr_num(n, "x2");
		} else if (strcmp((char *)n->name, "polyline") == 0) {
			char	*pts = attr_str(n, "points"), *p;
			size_t	 np = 1;

			for (p = pts; *p; p++)
				np += *p == ' ';
			si->npolylines++;
			if (np > si->maxpoints)
				si->maxpoints = np;
			free(pts);
		} else if (strcmp((char *)n->name, "text") == 0 &&
		    si->ntexts < 512) {
			struct svgtext	*t = &si->texts[si->ntexts++];
			xmlChar		*c = xmlNodeGetContent(n);
			char		*w = attr_str(n, "font-weight");
			char		*st = attr_str(n, "font-style");

			t->cls = xstrdup(cls);
			t->text = xstrdup((char *)c);
			t->anchor = attr_str(n, "text-anchor");
			t->x = attr_num(n, "x");
			t->y = attr_num(n, "y");
			t->size = attr_num(n, "font-size");
			t->bold = strcmp(w, "bold") == 0;
			t->italic = strcmp(st, "italic") == 0;
			xmlFree(c);
			free(w);
			free(st);
		}
		free(cls);
		walk(n->children, si);
	}
}

static int
svg_read(const char *buf, size_t len, struct svginfo *si)
{
	xmlNode	*root;

	memset(si, 0, sizeof(*si));
	/* No entity substitution, no network: the defaults plus NONET. */
	si->doc = xmlReadMemory(buf, (int)len, "chart.svg", NULL,
	    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	if (si->doc == NULL)
		return -1;
	root = xmlDocGetRootElement(si->doc);
	if (root == NULL || strcmp((char *)root->name, "svg") != 0)
		return -1;
	si->width = attr_num(root, "width");
	si->height = attr_num(root, "height");
	walk(root->children, si);
	return 0;
}

static void
svg_free(struct svginfo *si)
{
	size_t	i;

	for (i = 0; i < si->ntexts; i++) {
		free(si->texts[i].cls);
		free(si->texts[i].text);
		free(si->texts[i].anchor);
	}
	xmlFreeDoc(si->doc);
	/* A later failed render must not free these again. */
	memset(si, 0, sizeof(*si));
}

/* All texts of a class joined by single spaces. */
static char *
joined(const struct svginfo *si, const char *cls)
{
	struct strbuf	sb;
	size_t		i;

	strbuf_init(&sb);
	for (i = 0; i < si->ntexts; i++)
		if (strcmp(si->texts[i].cls, cls) == 0) {
			if (sb.len)
				strbuf_addc(&sb, ' ');
			strbuf_adds(&sb, si->texts[i].text);
		}
	return strbuf_detach(&sb);
}

/* Remove the spaces of s in place: wrapped lines may break inside a word. */
static char *
nospace(char *s)
{
	char	*p, *q;

	for (p = q = s; *p; p++)
		if (*p != ' ')
			*q++ = *p;
	*q = '\0';
	return s;
}

static int
has_text(const struct svginfo *si, const char *cls, const char *want)
{
	char	*j = joined(si, cls), *w = xstrdup(want);
	int	 r;

	r = strstr(nospace(j), nospace(w)) != NULL;
	free(w);

	if (!r)
		diag("no \"%s\" in %s texts: \"%s\"", want, cls, j);
	free(j);
	return r;
}

/* Box of a text, from pango's width and the font's ascent and descent. */
static void
text_box(const struct svgtext *t, double *x0, double *x1, double *y0,
    double *y1)
{
	struct canvas_font	f = { t->size, t->bold, t->italic };
	double			w = canvas_text_width(&f, t->text);

	if (strcmp(t->anchor, "end") == 0)
		*x0 = t->x - w;
	else if (strcmp(t->anchor, "middle") == 0)
		*x0 = t->x - w / 2;
	else
		*x0 = t->x;
	*x1 = *x0 + w;
	*y0 = t->y - 0.76 * t->size;
	*y1 = t->y + 0.24 * t->size;
}

/* No text leaves the canvas; no two texts overlap. */
static int
layout_ok(const struct svginfo *si, const char *what)
{
	double	a0, a1, b0, b1, c0, c1, d0, d1;
	size_t	i, j;

	for (i = 0; i < si->ntexts; i++) {
		text_box(&si->texts[i], &a0, &a1, &b0, &b1);
		if (a0 < -0.5 || a1 > si->width + 0.5 || b0 < -0.5 ||
		    b1 > si->height + 0.5) {
			diag("%s: text \"%s\" leaves the canvas", what,
			    si->texts[i].text);
			return 0;
		}
		for (j = i + 1; j < si->ntexts; j++) {
			text_box(&si->texts[j], &c0, &c1, &d0, &d1);
			if (a0 < c1 - 0.5 && c0 < a1 - 0.5 && b0 < d1 - 0.5 &&
			    d0 < b1 - 0.5) {
				diag("%s: \"%s\" overlaps \"%s\"", what,
				    si->texts[i].text, si->texts[j].text);
				return 0;
			}
		}
	}
	return 1;
}

static char *
se_line(const struct value *v)
{
	int	 dec = chart_axis_decimals(v->value_text);
	char	*se = chart_axis_fmt(v->se, dec > 2 ? dec : 2), *s;

	s = xasprintf("SE +/- %s, N = %ld", se, v->n);
	free(se);
	return s;
}

/* Everything about one test's bar chart, read back from its SVG. */
static void
check_bar_chart(const struct result_set *rs, size_t ti, const char *svg,
    size_t len)
{
	const struct test	*t = &rs->tests[ti];
	struct svginfo		 si;
	double			 scale = NAN, worst = 0, wworst = 0, r;
	size_t			 i, nbar = 0, nwh = 0, nmissing = 0;
	int			 labels = 1, values = 1, ses = 1;
	char			*s, name[300];
	char			*j;

	snprintf(name, sizeof(name), "test %zu", ti + 1);
	if (svg_read(svg, len, &si) == -1) {
		ok(0, "a bar chart parses as XML");
		return;
	}
	for (i = 0; i < rs->nsystems; i++) {
		const struct value	*v = test_find_value(t, i);
		char			*clean;

		clean = canvas_text_clean(rs->systems[i].identifier);
		j = joined(&si, "label");
		if (strstr(j, clean) == NULL)
			labels = 0;
		free(j);
		free(clean);
		if (v == NULL || !v->has_mean) {
			nmissing++;
			continue;
		}
		if (nbar >= si.nbars)
			break;
		if (isnan(scale) && v->mean != 0)
			scale = si.barw[nbar] / fabs(v->mean);
		r = fabs(si.barw[nbar] - fabs(v->mean) * scale) /
		    fmax(si.barw[nbar], 1e-9);
		/* A bar shorter than a pixel cannot hold 0.5 % in 0.01 px steps. */
		if (si.barw[nbar] >= 2 && r > worst)
			worst = r;
		if (v->value_text != NULL && !has_text(&si, "value",
		    v->value_text))
			values = 0;
		if (v->has_se && v->se > 0 && nwh < si.nwhiskers) {
			double	half = (si.wx2[nwh] - si.wx1[nwh]) / 2;

			r = fabs(half - v->se * scale);
			if (r > fmax(0.005 * v->se * scale, 0.01) && r > wworst)
				wworst = r;
			nwh++;
		}
		if (v->has_se && v->n > 0) {
			s = se_line(v);
			if (!has_text(&si, "se", s))
				ses = 0;
			free(s);
		}
		nbar++;
	}
	is_int(si.nbars, nbar, "one bar per value");
	ok(worst <= 0.005, "bar lengths proportional to the values (0.5 %)");
	if (worst > 0.005)
		diag("%s: worst bar ratio error %.4f", name, worst);
	is_int(nwh, si.nwhiskers, "one whisker per non-zero SE");
	ok(wworst == 0, "whisker half-lengths equal SE on the bar scale");
	ok(labels, "every system name is a label");
	ok(values, "every value label, at the source's precision");
	ok(ses, "every \"SE +/- x, N = n\"");
	s = xasprintf("%s %s", t->title, t->app_version);
	ok(has_text(&si, "title", s), "title and version");
	free(s);
	ok(has_text(&si, "subtitle", t->description), "arguments");
	s = xasprintf("%s, %s", t->unit, t->proportion == PROP_LIB ?
	    "Fewer Is Better" : "More Is Better");
	ok(has_text(&si, "unit", s), "unit and direction");
	free(s);
	if (t->footnotes.len > 0) {
		int	dash = 0;

		s = xasprintf("1. %s", t->footnotes.items[0]);
		ok(has_text(&si, "footnote", s), "footnote");
		free(s);
		/* "-O3" and "-U_FORTIFY_SOURCE" never lose their dash to a line end. */
		for (i = 0; i < si.ntexts; i++)
			if (strcmp(si.texts[i].cls, "footnote") == 0 &&
			    si.texts[i].text[0] != '\0' &&
			    si.texts[i].text[strlen(si.texts[i].text) - 1] == '-')
				dash = 1;
		ok(!dash, "footnote lines break between options only");
	}
	j = joined(&si, "missing");
	{
		size_t	k = 0;
		char	*p;

		for (p = j; (p = strstr(p, "no result")) != NULL; p++)
			k++;
		is_int(k, nmissing, "\"no result\" for each missing value");
	}
	free(j);
	ok(has_text(&si, "provenance", "benchreport " BENCHREPORT_VERSION),
	    "provenance names benchreport and its version");
	ok(layout_ok(&si, name), "no text collides or is cut off");
	svg_free(&si);
}

static int
png_size(const char *path, long *w, long *h)
{
	unsigned char	 b[24];
	FILE		*fp;
	int		 rc = -1;

	if ((fp = fopen(path, "rb")) == NULL)
		return -1;
	if (fread(b, 1, 24, fp) == 24 && memcmp(b, "\x89PNG\r\n\x1a\n", 8) == 0) {
		*w = (long)b[16] << 24 | b[17] << 16 | b[18] << 8 | b[19];
		*h = (long)b[20] << 24 | b[21] << 16 | b[22] << 8 | b[23];
		rc = 0;
	}
	fclose(fp);
	return rc;
}

/* Share of pixels that are not white. */
static double
png_ink(const char *path)
{
	cairo_surface_t	*s = cairo_image_surface_create_from_png(path);
	unsigned char	*p;
	long		 x, y, w, h, stride, ink = 0;

	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		return 0;
	}
	p = cairo_image_surface_get_data(s);
	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	stride = cairo_image_surface_get_stride(s);
	for (y = 0; y < h; y++)
		for (x = 0; x < w; x++)
			if ((*(uint32_t *)(p + y * stride + 4 * x) & 0xFFFFFF) !=
			    0xFFFFFF)
				ink++;
	cairo_surface_destroy(s);
	return (double)ink / (double)(w * h);
}

static char *
slurp(const char *path, size_t *len)
{
	FILE	*fp = fopen(path, "rb");
	char	*buf;
	long	 n;

	*len = 0;
	if (fp == NULL)
		return NULL;
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	buf = xmalloc(n + 1);
	*len = fread(buf, 1, n, fp);
	buf[*len] = '\0';
	fclose(fp);
	return buf;
}

static int
same_file(const char *a, const char *b)
{
	size_t	la, lb;
	char	*x = slurp(a, &la), *y = slurp(b, &lb);
	int	 r = x != NULL && y != NULL && la == lb && memcmp(x, y, la) == 0;

	free(x);
	free(y);
	return r;
}

/* Every chart of rs in every format: parse, sizes, ink, pdfinfo, determinism. */
static void
check_all_formats(const struct result_set *rs, const char *what)
{
	struct chart_id		*ids;
	struct chart_opts	 o;
	struct diag		 d;
	struct strbuf		 sb;
	struct svginfo		 si;
	size_t			 n, i;
	int			 svg_ok = 1, png_ok = 1, png2_ok = 1, ink_ok = 1;
	int			 pdf_ok = 1, same_ok = 1, write_ok = 1, pdfinfo;
	char			*name, *path, *path2, cmd[2048], line[512];
	long			 w, h, w2, h2;

	pdfinfo = system("command -v pdfinfo >/dev/null 2>&1") == 0;
	chart_opts_init(&o);
	n = chart_list(rs, &ids);
	for (i = 0; i < n; i++) {
		strbuf_init(&sb);
		diag_clear(&d);
		if (chart_svg(rs, &ids[i], &o, &sb, &d) == -1 ||
		    svg_read(sb.buf, sb.len, &si) == -1) {
			diag("%s chart %zu: %s", what, i, d.msg);
			svg_ok = 0;
			strbuf_free(&sb);
			continue;
		}
		if (ids[i].kind == CHART_TEST &&
		    rs->tests[ids[i].test].display == DISPLAY_BAR)
			check_bar_chart(rs, ids[i].test, sb.buf, sb.len);
		else if (!layout_ok(&si, what))
			svg_ok = 0;
		strbuf_free(&sb);

		name = chart_file_name(rs, &ids[i], CHART_PNG);
		path = xasprintf("%s/%s", tmpdir, name);
		path2 = xasprintf("%s/2x-%s", tmpdir, name);
		o.scale = 1;
		if (chart_write(rs, &ids[i], CHART_PNG, path, &o, &d) == -1)
			write_ok = 0;
		o.scale = 2;
		if (chart_write(rs, &ids[i], CHART_PNG, path2, &o, &d) == -1)
			write_ok = 0;
		o.scale = 1;
		if (png_size(path, &w, &h) == -1 || w != 800 ||
		    h != (long)ceil(si.height))
			png_ok = 0;
		if (png_size(path2, &w2, &h2) == -1 || w2 != 1600 ||
		    h2 != 2 * (long)ceil(si.height))
			png2_ok = 0;
		if (png_ink(path) < 0.02)
			ink_ok = 0;
		if (chart_write(rs, &ids[i], CHART_PNG, path2, &o, &d) == -1 ||
		    !same_file(path, path2))
			same_ok = 0;
		unlink(path);
		unlink(path2);
		free(path);
		free(path2);
		free(name);

		name = chart_file_name(rs, &ids[i], CHART_PDF);
		path = xasprintf("%s/%s", tmpdir, name);
		path2 = xasprintf("%s/again-%s", tmpdir, name);
		if (chart_write(rs, &ids[i], CHART_PDF, path, &o, &d) == -1 ||
		    chart_write(rs, &ids[i], CHART_PDF, path2, &o, &d) == -1)
			write_ok = 0;
		if (!same_file(path, path2))
			same_ok = 0;
		if (pdfinfo) {
			FILE	*pp;
			int	 pages = 0, size = 0;
			double	 pw;
			snprintf(cmd, sizeof(cmd), "pdfinfo '%s' 2>&1", path);
			if ((pp = popen(cmd, "r")) != NULL) {
				while (fgets(line, sizeof(line), pp) != NULL) {
					if (strncmp(line, "Pages:", 6) == 0 &&
					    atoi(line + 6) == 1)
						pages = 1;
					if (sscanf(line, "Page size: %lf", &pw) == 1 &&
					    fabs(pw - 0.75 * 800) < 0.01)
						size = 1;
				}
				if (pclose(pp) != 0)
					pages = 0;
			}
			if (!pages || !size) {
				diag("%s: pdfinfo does not accept %s", what, name);
				pdf_ok = 0;
			}
		}
		unlink(path);
		unlink(path2);
		free(path);
		free(path2);
		free(name);
		svg_free(&si);
	}
	diag("%s: %zu charts", what, n);
	ok(svg_ok, "every SVG parses as XML and lays out");
	ok(write_ok, "every chart writes as PNG (1x, 2x) and PDF");
	ok(png_ok, "PNG at 1x has the SVG's size");
	ok(png2_ok, "PNG at 2x has twice the size");
	ok(ink_ok, "PNGs are not blank");
	ok(same_ok, "PNG and PDF are byte-identical from run to run");
	if (pdfinfo)
		ok(pdf_ok, "pdfinfo accepts every PDF (1 page, 600 pt wide)");
	else
		skip("pdfinfo accepts every PDF", "pdfinfo not installed");
	free(ids);
}

static void
test_escape(void)
{
	char	*s;

	s = text_escape_xml_dup("a<b>&\"c'");
	is_str(s, "a&lt;b&gt;&amp;&quot;c&#39;", "text_escape_xml: markup characters");
	free(s);
	s = text_escape_xml_dup("x\x01y\tz\x1b");
	is_str(s, "xy\tz", "text_escape_xml: controls invalid in XML 1.0 dropped");
	free(s);
	s = text_escape_xml_dup("\xff" "ok");
	is_str(s, "\xEF\xBF\xBDok", "text_escape_xml: invalid UTF-8 becomes U+FFFD");
	free(s);
	s = text_escape_xml_dup(NULL);
	is_str(s, "", "text_escape_xml: NULL is empty");
	free(s);
}

static void
test_axis(void)
{
	struct chart_axis	a;
	char			*s;

	chart_axis_nice(0, 3356.33 + 43.54, 5, 1, &a);
	is_double(a.step, 1000, 1e-9, "axis: 0..3400 steps by 1000");
	is_double(a.hi, 4000, 1e-9, "axis: ends at 4000");
	s = chart_axis_label(&a, 2000);
	is_str(s, "2K", "axis: K suffix");
	free(s);
	chart_axis_nice(0, 2.4, 5, 1, &a);
	is_double(a.step, 0.5, 1e-12, "axis: 0..2.4 steps by 0.5");
	s = chart_axis_label(&a, chart_axis_tick(&a, 3));
	is_str(s, "1.5", "axis: decimal tick without noise");
	free(s);
	chart_axis_nice(0, 4.6e6, 5, 1, &a);
	s = chart_axis_label(&a, chart_axis_tick(&a, 1));
	is_str(s, "1M", "axis: M suffix");
	free(s);
	chart_axis_nice(0, 2.4e6, 5, 1, &a);
	s = chart_axis_label(&a, chart_axis_tick(&a, 5));
	is_str(s, "2500K", "axis: 2500K rather than 2.5M between whole Ms");
	free(s);
	chart_axis_nice(0, 870, 5, 1, &a);
	s = chart_axis_label(&a, chart_axis_tick(&a, 1));
	is_str(s, "200", "axis: 200, not 0.2K");
	free(s);
	chart_axis_nice(0, 0.87, 5, 1, &a);
	s = chart_axis_label(&a, chart_axis_tick(&a, 1));
	is_str(s, "0.2", "axis: 0.2");
	free(s);
	chart_axis_nice(0, 371000 + 2185.81, 5, 1, &a);
	s = chart_axis_label(&a, chart_axis_tick(&a, 1));
	is_str(s, "100K", "axis: 100K");
	free(s);
	chart_axis_nice(0, 0, 5, 1, &a);
	ok(a.hi > a.lo, "axis: an empty range still has a span");
	is_int(chart_axis_decimals("440.01"), 2, "precision of 440.01");
	is_int(chart_axis_decimals("1841.0"), 1, "precision of 1841.0");
	is_int(chart_axis_decimals("360000"), 0, "precision of 360000");
	is_int(chart_axis_decimals("1,2"), -1, "no precision from a list");
	/* Seed 004's stated SEs beside values of two decimals. */
	is_int(chart_axis_se_decimals(0.018, 2), 3, "SE 0.018 keeps 3 decimals");
	is_int(chart_axis_se_decimals(0.002, 3), 3, "SE 0.002 beside 0.161");
	is_int(chart_axis_se_decimals(21.56, 1), 2, "SE 21.56 beside 1841.0");
	is_int(chart_axis_se_decimals(0.0004, 2), 4, "SE 0.0004: no 0.00");
	is_int(chart_axis_se_decimals(0, 0), 2, "SE 0 prints 0.00");
	is_int(chart_axis_se_decimals(1.0 / 3, 2), 2, "a computed SE: 2");
	s = chart_axis_fmt(-0.001, 2);
	is_str(s, "0.00", "no negative zero");
	free(s);
}

static void
test_names(const struct result_set *rs)
{
	struct chart_id	*ids;
	size_t		 n, i, j;
	char		*a, *b, *p;
	int		 good = 1, uniq = 1, stable = 1;

	n = chart_list(rs, &ids);
	is_int(n, 1 + CHART_DATA_NTESTS, "overview plus one chart per test");
	ok(n > 0 && ids[0].kind == CHART_OVERVIEW, "overview first");
	for (i = 0; i < n; i++) {
		a = chart_file_name(rs, &ids[i], CHART_SVG);
		b = chart_file_name(rs, &ids[i], CHART_SVG);
		if (strcmp(a, b) != 0)
			stable = 0;
		for (p = a; *p; p++)
			if (!islower((unsigned char)*p) &&
			    !isdigit((unsigned char)*p) && *p != '-' && *p != '.')
				good = 0;
		if (strlen(a) > 124)
			good = 0;
		for (j = 0; j < i; j++) {
			free(b);
			b = chart_file_name(rs, &ids[j], CHART_SVG);
			if (strcmp(a, b) == 0)
				uniq = 0;
		}
		free(a);
		free(b);
	}
	a = chart_file_name(rs, &ids[2], CHART_PNG);
	is_str(a, "flexible-io-tester-3-36-random-read-io-uring-yes-4kb-32-"
	    "default-test-directory-iops.png",
	    "name from title, version, argument values and unit");
	free(a);
	{
		char	**all = chart_file_names(rs, ids, n, CHART_PDF);
		int	  same = 1;

		for (i = 0; i < n; i++) {
			a = chart_file_name(rs, &ids[i], CHART_PDF);
			if (strcmp(a, all[i]) != 0)
				same = 0;
			free(a);
			free(all[i]);
		}
		free(all);
		ok(same, "chart_file_names gives the names chart_file_name does");
	}
	ok(good, "names are lower-case [a-z0-9-] and short");
	ok(uniq, "names are unique within the set");
	ok(stable, "names are stable");
	free(ids);
}

static void
test_overview(void)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	struct strbuf		 sb;
	struct svginfo		 si;
	struct diag		 d;

	result_set_add_system(rs, "Base");
	result_set_add_system(rs, "Other");
	t = result_set_add_test(rs);
	t->proportion = PROP_HIB;
	v = test_add_value(t, 0); v->has_mean = 1; v->mean = 100;
	v = test_add_value(t, 1); v->has_mean = 1; v->mean = 200;
	t = result_set_add_test(rs);
	t->proportion = PROP_LIB;
	v = test_add_value(t, 0); v->has_mean = 1; v->mean = 10;
	v = test_add_value(t, 1); v->has_mean = 1; v->mean = 5;
	/* Not every system: left out of the geometric mean. */
	t = result_set_add_test(rs);
	t->proportion = PROP_HIB;
	v = test_add_value(t, 1); v->has_mean = 1; v->mean = 1;
	strbuf_init(&sb);
	ok(chart_overview_svg(rs, NULL, &sb, &d) == 0 &&
	    svg_read(sb.buf, sb.len, &si) == 0, "overview renders");
	ok(has_text(&si, "value", "1.000") && has_text(&si, "value", "2.000"),
	    "overview: geometric mean of relative results, LIB inverted");
	ok(has_text(&si, "legend", "over 2 of the 3 tests"),
	    "overview: only tests every system has");
	is_double(si.barw[1] / si.barw[0], 2.0, 0.01, "overview bars 1:2");
	{
		struct chart_id	 ids[3] = { { CHART_TEST, 0, NULL },
		    { CHART_TEST, 1, NULL }, { CHART_TEST, 2, NULL } };
		char		**names = chart_file_names(rs, ids, 3, CHART_SVG);

		model_set_str(&rs->tests[0].title, "Same");
		is_str(names[2], "test-3.svg", "untitled tests are named by position");
		free(names[0]);
		free(names[1]);
		free(names[2]);
		free(names);
		model_set_str(&rs->tests[1].title, "Same");
		model_set_str(&rs->tests[2].title, "Same");
		model_set_str(&rs->tests[1].description, "Job: a job name long "
		    "enough to push the end of the arguments past the length "
		    "limit of a file name - Log: Completion Latency - "
		    "Statistic: Mean");
		model_set_str(&rs->tests[2].description, "Job: a job name long "
		    "enough to push the end of the arguments past the length "
		    "limit of a file name - Log: Completion Latency - "
		    "Statistic: 99th Percentile");
		names = chart_file_names(rs, ids, 3, CHART_SVG);
		ok(strstr(names[1], "statistic") == NULL &&
		    strstr(names[1], "-mean.svg") != NULL &&
		    strstr(names[2], "-99th-percentile.svg") != NULL &&
		    strlen(names[2]) <= 124,
		    "long arguments keep their distinguishing end");
		free(names[0]);
		free(names[1]);
		free(names[2]);
		free(names);
		model_set_str(&rs->tests[1].description, NULL);
		model_set_str(&rs->tests[2].description, NULL);
		names = chart_file_names(rs, ids, 3, CHART_SVG);
		is_str(names[0], "same.svg", "first of a repeated name");
		is_str(names[2], "same-3.svg", "third of a repeated name");
		free(names[0]);
		free(names[1]);
		free(names[2]);
		free(names);
	}
	svg_free(&si);
	strbuf_free(&sb);
	result_set_free(rs);
	rs = result_set_new();
	result_set_add_system(rs, "Only");
	ok(!chart_overview_possible(rs), "no overview for one system");
	result_set_free(rs);
}

static void
test_escaping(void)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	struct strbuf		 sb;
	struct svginfo		 si;
	struct diag		 d;

	result_set_add_system(rs, "Evil <b>&\"x\"</b>\x01");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "T<&>");
	model_set_str(&t->unit, "\"u\"");
	v = test_add_value(t, 0);
	v->has_mean = 1;
	v->mean = 1;
	model_set_str(&v->note, "<script>&");
	strbuf_init(&sb);
	ok(chart_test_svg(rs, 0, NULL, &sb, &d) == 0, "hostile names render");
	ok(strstr(sb.buf, "Evil &lt;b&gt;&amp;&quot;x&quot;&lt;/b&gt;") != NULL,
	    "<, & and \" in a system name are escaped");
	ok(strstr(sb.buf, "<script>") == NULL && strchr(sb.buf, '\x01') == NULL,
	    "no raw markup or control character gets through");
	ok(svg_read(sb.buf, sb.len, &si) == 0, "and the SVG still parses");
	ok(has_text(&si, "label", "Evil <b>&\"x\"</b>"),
	    "the name reads back as written");
	svg_free(&si);
	strbuf_free(&sb);
	result_set_free(rs);
}

/* 1 and 40 systems, long names, a missing value, N < 3, narrow and wide. */
static void
test_sizes(void)
{
	struct result_set	*rs;
	struct test		*t;
	struct value		*v;
	struct chart_opts	 o;
	struct strbuf		 sb;
	struct svginfo		 si;
	struct diag		 d;
	char			 name[200];
	size_t			 i, k;
	static const size_t	 counts[] = { 1, 40 };
	static const int	 widths[] = { 320, 800, 1600 };

	for (k = 0; k < 2; k++) {
		rs = result_set_new();
		for (i = 0; i < counts[k]; i++) {
			snprintf(name, sizeof(name), i % 3 == 0 ?
			    "System %zu with a long descriptive name: AMD Ryzen "
			    "Threadripper PRO 7995WX 96-Cores, 512GB, 4 x Samsung "
			    "990 PRO 4TB in RAID10" : "Box %zu", i + 1);
			result_set_add_system(rs, name);
		}
		t = result_set_add_test(rs);
		model_set_str(&t->title, "A test with a title long enough to "
		    "need more than one line when the chart is narrow, really");
		model_set_str(&t->description, "Arguments: many - and more");
		model_set_str(&t->unit, "MB/s");
		t->proportion = PROP_HIB;
		for (i = 0; i < counts[k]; i++) {
			if (i == 5)
				continue;
			v = test_add_value(t, i);
			v->has_mean = 1;
			v->mean = 1000.0 + 37.0 * i;
			v->has_se = 1;
			v->se = 12.5;
			v->n = i % 4 == 1 ? 2 : 3;
			model_set_str(&v->note, "MIN: 1995.52 / MAX: 2735.91");
		}
		for (i = 0; i < 3; i++) {
			chart_opts_init(&o);
			o.width = widths[i];
			strbuf_init(&sb);
			snprintf(name, sizeof(name), "%zu systems, %d px",
			    counts[k], widths[i]);
			if (chart_test_svg(rs, 0, &o, &sb, &d) == -1 ||
			    svg_read(sb.buf, sb.len, &si) == -1) {
				ok(0, name);
				strbuf_free(&sb);
				continue;
			}
			ok(si.width == widths[i] && si.nbars ==
			    (counts[k] > 5 ? counts[k] - 1 : counts[k]) &&
			    layout_ok(&si, name), name);
			if (k == 1 && i == 1) {
				ok(has_text(&si, "warn", "\xE2\x9A\xA0") &&
				    has_text(&si, "legend", "N < 3"),
				    "N < 3 is marked and explained");
				ok(has_text(&si, "missing", "no result"),
				    "a missing value says \"no result\"");
				ok(has_text(&si, "label", "\xE2\x80\xA6"),
				    "a name too long for two lines is ellipsized");
			}
			svg_free(&si);
			strbuf_free(&sb);
		}
		result_set_free(rs);
	}
	chart_opts_init(&o);
	o.width = 100;
	rs = chart_data_build();
	strbuf_init(&sb);
	ok(chart_test_svg(rs, 0, &o, &sb, &d) == -1 && *d.msg != '\0',
	    "a width below the minimum is refused");
	strbuf_free(&sb);
	result_set_free(rs);
}

/* Non-finite samples are gaps, not points. */
static void
test_line_gaps(void)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	struct series		*s;
	struct strbuf		 sb;
	struct svginfo		 si;
	struct diag		 d;

	result_set_add_system(rs, "Gaps");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "Gaps");
	t->display = DISPLAY_LINE;
	v = test_add_value(t, 0);
	s = value_add_series(v, "frames");
	dbl_list_add(&s->y, 11);
	dbl_list_add(&s->y, NAN);
	dbl_list_add(&s->y, INFINITY);
	dbl_list_add(&s->y, 12);
	strbuf_init(&sb);
	ok(chart_test_svg(rs, 0, NULL, &sb, &d) == 0 &&
	    svg_read(sb.buf, sb.len, &si) == 0, "a series with gaps renders");
	ok(si.npolylines == 1 && si.maxpoints == 2,
	    "non-finite samples are left out");
	svg_free(&si);
	strbuf_free(&sb);
	result_set_free(rs);
}

static void
test_lines(void)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	struct series		*s;
	struct chart_id		*ids;
	struct strbuf		 sb;
	struct svginfo		 si;
	struct diag		 d;
	size_t			 n, i;
	char			*name;

	result_set_add_system(rs, "One");
	result_set_add_system(rs, "Two");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "Frame Time");
	model_set_str(&t->unit, "ms");
	t->display = DISPLAY_LINE;
	t->proportion = PROP_LIB;
	v = test_add_value(t, 0);
	model_set_str(&v->value_text, "12.1,12.4,13.0,11.9,12.2");
	v = test_add_value(t, 1);
	model_set_str(&v->value_text, "10.1,10.4:10.6,11.0,10.9,10.2");
	t = result_set_add_test(rs);
	model_set_str(&t->title, "fio");
	model_set_str(&t->unit, "KiB/s");
	t->proportion = PROP_HIB;
	for (i = 0; i < 2; i++) {
		v = test_add_value(t, i);
		v->has_mean = 1;
		v->mean = 100 + i;
		s = value_add_series(v, "bw");
		model_set_str(&s->unit, "KiB/s");
		model_set_str(&s->x_unit, "ms");
		for (n = 0; n < 100000; n++) {
			dbl_list_add(&s->x, (double)n * 10);
			dbl_list_add(&s->y, 100 + i + sin((double)n / 50) * 20);
		}
	}
	/* A second statistic of the same log: its own bar chart, no second line chart. */
	t = result_set_add_test(rs);
	model_set_str(&t->title, "fio p99");
	t->proportion = PROP_HIB;
	for (i = 0; i < 2; i++) {
		const struct series	*src = &rs->tests[1].values[i].series[0];

		v = test_add_value(t, i);
		v->has_mean = 1;
		v->mean = 200 + i;
		s = value_add_series(v, "bw");
		for (n = 0; n < src->y.len; n++) {
			dbl_list_add(&s->x, src->x.v[n]);
			dbl_list_add(&s->y, src->y.v[n]);
		}
	}
	n = chart_list(rs, &ids);
	is_int(n, 5, "overview, line graph, bar charts and one bw series chart");
	strbuf_init(&sb);
	ok(chart_test_svg(rs, 0, NULL, &sb, &d) == 0 &&
	    svg_read(sb.buf, sb.len, &si) == 0, "line graph renders");
	is_int(si.npolylines, 2, "one line per system");
	ok(has_text(&si, "label", "One") && has_text(&si, "label", "Two"),
	    "legend names the systems");
	ok(layout_ok(&si, "line graph"), "line graph texts fit");
	svg_free(&si);
	strbuf_reset(&sb);
	ok(n == 5 && ids[3].kind == CHART_SERIES && ids[4].kind == CHART_TEST &&
	    chart_svg(rs, &ids[3], NULL, &sb, &d) == 0 &&
	    svg_read(sb.buf, sb.len, &si) == 0, "series chart renders");
	is_int(si.npolylines, 2, "one series line per system");
	ok(si.maxpoints < 4 * 800, "100000 points thinned to the pixels");
	ok(has_text(&si, "xlabel", "Time (ms)"), "time axis with its unit");
	name = chart_file_name(rs, &ids[3], CHART_SVG);
	is_str(name, "fio-kib-s-series-bw.svg", "series file name");
	free(name);
	svg_free(&si);
	strbuf_free(&sb);
	free(ids);
	result_set_free(rs);
}

/* SE precision: two decimals, the value's when it has more, never a bare 0. */
static void
test_se_precision(void)
{
	static const struct {
		const char	*value;
		double		 se;
		const char	*want;
	} cases[] = {
		{ "0.161", 0.002, "SE +/- 0.002, N = 3" },
		{ "360000", 1732.05, "SE +/- 1732.05, N = 3" },
		{ "1.5", 0.0004, "SE +/- 0.0004, N = 3" },
		{ "277000", 0, "SE +/- 0.00, N = 3" },
	};
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	struct strbuf		 sb;
	struct svginfo		 si;
	struct diag		 d;
	size_t			 i;
	char			 name[32];

	t = result_set_add_test(rs);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		snprintf(name, sizeof(name), "S%zu", i);
		result_set_add_system(rs, name);
		t = &rs->tests[0];
		v = test_add_value(t, i);
		v->has_mean = 1;
		v->mean = strtod(cases[i].value, NULL);
		model_set_str(&v->value_text, cases[i].value);
		v->has_se = 1;
		v->se = cases[i].se;
		v->n = 3;
	}
	strbuf_init(&sb);
	if (chart_test_svg(rs, 0, NULL, &sb, &d) == 0 &&
	    svg_read(sb.buf, sb.len, &si) == 0) {
		for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
			ok(has_text(&si, "se", cases[i].want), cases[i].want);
		svg_free(&si);
	} else
		ok(0, "SE precision chart renders");
	strbuf_free(&sb);
	result_set_free(rs);
}

/* Extreme and non-finite numbers still give a chart that parses and fits. */
static void
test_extremes(void)
{
	static const double	 means[] = { 1e300, 5, -3, 1e-300, NAN, INFINITY };
	static const double	 ses[] = { 1e308, NAN, 1, 0, 1, 1 };
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	struct strbuf		 sb;
	struct svginfo		 si;
	struct diag		 d;
	struct chart_opts	 o;
	size_t			 i, k;
	char			 name[32];
	int			 good = 1;

	t = result_set_add_test(rs);
	model_set_str(&t->title, "Extremes");
	for (i = 0; i < 6; i++) {
		snprintf(name, sizeof(name), "S%zu", i);
		result_set_add_system(rs, name);
		t = &rs->tests[0];
		v = test_add_value(t, i);
		v->has_mean = 1;
		v->mean = means[i];
		v->has_se = 1;
		v->se = ses[i];
		v->n = 3;
	}
	chart_opts_init(&o);
	for (k = 0; k < 2; k++) {
		/* Each row alone, then all together. */
		strbuf_init(&sb);
		if (chart_test_svg(rs, 0, &o, &sb, &d) == -1 ||
		    svg_read(sb.buf, sb.len, &si) == -1) {
			good = 0;
			strbuf_free(&sb);
			continue;
		}
		for (i = 0; i < si.nbars; i++)
			if (!isfinite(si.barx[i]) || !isfinite(si.barw[i]) ||
			    si.barw[i] < 0 || si.barx[i] + si.barw[i] > si.width)
				good = 0;
		if (!layout_ok(&si, "extremes"))
			good = 0;
		svg_free(&si);
		strbuf_free(&sb);
		rs->tests[0].values[0].has_mean = 0;
	}
	ok(good, "huge, tiny, negative and non-finite values chart within the canvas");
	result_set_free(rs);
}

static void
test_determinism(const struct result_set *rs)
{
	struct strbuf	a, b;
	struct diag	d;
	struct chart_opts o;

	chart_opts_init(&o);
	o.id_prefix = "x<1>";
	strbuf_init(&a);
	strbuf_init(&b);
	chart_test_svg(rs, 1, &o, &a, &d);
	chart_test_svg(rs, 1, &o, &b, &d);
	ok(a.len == b.len && memcmp(a.buf, b.buf, a.len) == 0,
	    "SVG is byte-identical from run to run");
	ok(strncmp(a.buf, "<svg ", 5) == 0, "inline SVG has no XML declaration");
	ok(strstr(a.buf, "id=\"x1-title\"") != NULL, "ids use the cleaned prefix");
	strbuf_reset(&a);
	chart_test_svg(rs, 1, NULL, &a, &d);
	ok(strstr(a.buf, "id=\"chart-t2-title\"") != NULL,
	    "default ids differ per chart");
	ok(strstr(a.buf, "<title") && strstr(a.buf, "<desc"),
	    "title and desc for screen readers");
	strbuf_free(&a);
	strbuf_free(&b);
}

/* A result set from the expected figures of an OpenBenchmarking seed. */
static struct result_set *
load_expected(const char *path)
{
	struct json_object	*root, *sys, *charts, *c, *vals, *o, *x;
	struct result_set	*rs;
	struct test		*t;
	struct value		*v;
	size_t			 i, j;
	const char		*fn;

	if ((root = json_object_from_file(path)) == NULL)
		return NULL;
	rs = result_set_new();
	if (json_object_object_get_ex(root, "title", &x))
		model_set_str(&rs->title, json_object_get_string(x));
	if (json_object_object_get_ex(root, "trailer", &x))
		model_set_str(&rs->generator, json_object_get_string(x));
	if (json_object_object_get_ex(root, "url", &x))
		model_set_str(&rs->source_url, json_object_get_string(x));
	json_object_object_get_ex(root, "systems", &sys);
	for (i = 0; i < json_object_array_length(sys); i++) {
		json_object_object_get_ex(json_object_array_get_idx(sys, i),
		    "identifier", &x);
		result_set_add_system(rs, json_object_get_string(x));
	}
	json_object_object_get_ex(root, "charts", &charts);
	for (i = 0; i < json_object_array_length(charts); i++) {
		c = json_object_array_get_idx(charts, i);
		t = result_set_add_test(rs);
		json_object_object_get_ex(c, "test", &x);
		model_set_str(&t->title, json_object_get_string(x));
		json_object_object_get_ex(c, "version", &x);
		model_set_str(&t->app_version, json_object_get_string(x));
		json_object_object_get_ex(c, "arguments", &x);
		model_set_str(&t->description, json_object_get_string(x));
		json_object_object_get_ex(c, "unit", &x);
		model_set_str(&t->unit, json_object_get_string(x));
		json_object_object_get_ex(c, "proportion", &x);
		t->proportion = proportion_parse(json_object_get_string(x));
		json_object_object_get_ex(c, "notes_and_footnotes_text", &x);
		fn = json_object_get_string(x);
		if (fn != NULL && strstr(fn, "1. ") != NULL)
			str_list_add(&t->footnotes, strstr(fn, "1. ") + 3);
		json_object_object_get_ex(c, "systems", &vals);
		for (j = 0; j < json_object_array_length(vals); j++) {
			o = json_object_array_get_idx(vals, j);
			json_object_object_get_ex(o, "system", &x);
			v = test_add_value(t, (size_t)result_set_find_system(rs,
			    json_object_get_string(x)));
			json_object_object_get_ex(o, "value", &x);
			model_set_str(&v->value_text, json_object_get_string(x));
			v->mean = strtod(v->value_text, NULL);
			v->has_mean = 1;
			if (json_object_object_get_ex(o, "se", &x) &&
			    json_object_get_string(x) != NULL) {
				v->has_se = 1;
				v->se = strtod(json_object_get_string(x), NULL);
			}
			if (json_object_object_get_ex(o, "n", &x))
				v->n = json_object_get_int(x);
		}
	}
	json_object_put(root);
	return rs;
}

/* WCAG 2 relative luminance of 0xRRGGBB. */
static double
luminance(uint32_t rgb)
{
	double	c[3];
	int	i;

	for (i = 0; i < 3; i++) {
		c[i] = (double)((rgb >> (16 - 8 * i)) & 0xFF) / 255;
		c[i] = c[i] <= 0.03928 ? c[i] / 12.92 :
		    pow((c[i] + 0.055) / 1.055, 2.4);
	}
	return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/* On a dark page every system colour keeps 3:1 against the chart's background. */
static void
test_dark_palette(void)
{
	const struct chart_colour_pair	*p;
	uint32_t			 bg = 0, c;
	size_t				 i, j, n, low = 0;
	double				 a, b;

	p = chart_palette_pairs(&n);
	for (j = 0; j < n; j++)
		if (p[j].light == 0xFFFFFF)
			bg = p[j].dark;
	ok(bg != 0 && luminance(bg) < 0.05, "the dark chart background is dark");
	for (i = 0; i < 14; i++) {
		c = chart_palette_rgb(i);
		for (j = 0; j < n; j++)
			if (p[j].light == c)
				c = p[j].dark;
		a = luminance(c);
		b = luminance(bg);
		if ((fmax(a, b) + 0.05) / (fmin(a, b) + 0.05) < 3) {
			diag("system colour %zu (#%06x) under 3:1 on dark", i, c);
			low++;
		}
	}
	is_int((int)low, 0, "every system colour 3:1 or more on the dark chart background");
}

int
main(void)
{
	struct result_set	*rs;
	static const char *const seeds[] = {
		"../shared/docs/expected/000_d75a954a9db40170.json",
		"../shared/docs/expected/004_4dc820b1900c28e3.json"
	};
	size_t			 i;

	if (mkdtemp(tmpdir) == NULL) {
		perror("mkdtemp");
		return 2;
	}
	test_escape();
	test_axis();
	rs = chart_data_build();
	test_names(rs);
	test_determinism(rs);
	check_all_formats(rs, "in-code SSD set");
	result_set_free(rs);
	test_overview();
	test_se_precision();
	test_extremes();
	test_escaping();
	test_sizes();
	test_lines();
	test_line_gaps();
	test_dark_palette();
	for (i = 0; i < 2; i++) {
		if (access(seeds[i], R_OK) != 0) {
			skip(seeds[i], "../shared is absent");
			continue;
		}
		if ((rs = load_expected(seeds[i])) == NULL) {
			ok(0, seeds[i]);
			continue;
		}
		check_all_formats(rs, seeds[i]);
		result_set_free(rs);
	}
	rmdir(tmpdir);
	canvas_text_shutdown();
	xmlCleanupParser();
	return tap_done();
}
