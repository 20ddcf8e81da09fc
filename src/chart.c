/* SPDX-License-Identifier: ISC */
/*
 * The chart API: which charts a set has, their file names, and rendering
 * one of them to SVG text or to an SVG/PNG/PDF file. Chooses the drawing
 * routine (bar, line, overview) and the backend; the drawing itself lives
 * in chart-bar, chart-line and chart-overview.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "canvas-cairo.h"
#include "canvas-svg.h"
#include "chart.h"
#include "chart-bar.h"
#include "chart-html.h"
#include "chart-exceed.h"
#include "chart-line.h"
#include "chart-overview.h"
#include "chart-palette.h"
#include "outfile.h"
#include "strbuf.h"
#include "version.h"
#include "xalloc.h"

#define CHART_NAME_MAX	120

static const char	*chart_source(const struct result_set *,
			    const struct chart_opts *);
static struct canvas	*chart_draw_id(const struct result_set *,
			    const struct chart_id *, const struct chart_opts *,
			    struct diag *);
static struct canvas	*chart_bar_bare_draw(struct chart_bar *, double, bool);
static struct canvas	*chart_line_bare_draw(struct chart_line *, double,
			    bool);
static char		*chart_slug(const char *, size_t);
static char		*chart_arg_values(const char *);
static char		*chart_slug_squeeze(const char *, size_t);
static char		*chart_test_slug(const struct test *);
static char		*chart_id_prefix(const struct chart_id *);
static char		*chart_name_finish(char *, size_t,
			    const struct chart_id *, enum chart_format);

void
chart_opts_init(struct chart_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->width = CHART_DEFAULT_WIDTH;
	o->scale = 1;
}

const char *
chart_format_ext(enum chart_format f)
{
	switch (f) {
	case CHART_PNG:
		return "png";
	case CHART_PDF:
		return "pdf";
	case CHART_SVG:
		break;
	}
	return "svg";
}

int
chart_format_parse(const char *s)
{
	if (strcmp(s, "svg") == 0)
		return CHART_SVG;
	if (strcmp(s, "png") == 0)
		return CHART_PNG;
	if (strcmp(s, "pdf") == 0)
		return CHART_PDF;
	return -1;
}

bool
chart_overview_possible(const struct result_set *rs)
{
	return chart_overview_ntests(rs) > 0;
}

bool
chart_test_possible(const struct result_set *rs, size_t ti)
{
	const struct test	*t;
	size_t			 i;

	if (ti >= rs->ntests)
		return false;
	t = &rs->tests[ti];
	for (i = 0; i < t->nvalues; i++) {
		if (t->values[i].system >= rs->nsystems)
			continue;
		if (t->display == DISPLAY_BAR && t->values[i].has_mean)
			return true;
		if (t->display == DISPLAY_LINE &&
		    chart_line_has_samples(&t->values[i]))
			return true;
	}
	return false;
}

size_t
chart_list(const struct result_set *rs, struct chart_id **out)
{
	struct chart_id	*ids = NULL;
	const char	**names;
	size_t		  n = 0, cap = 0, i, j, k, nn;

	if (chart_overview_possible(rs)) {
		xgrow(&ids, &cap, n + 1, sizeof(*ids));
		ids[n++] = (struct chart_id){ CHART_OVERVIEW, 0, NULL };
	}
	for (i = 0; i < rs->ntests; i++) {
		if (chart_test_possible(rs, i)) {
			xgrow(&ids, &cap, n + 1, sizeof(*ids));
			ids[n++] = (struct chart_id){ CHART_TEST, i, NULL };
		}
		if (rs->tests[i].display == DISPLAY_LINE)
			continue;
		if (chart_exceed_possible(&rs->tests[i])) {
			xgrow(&ids, &cap, n + 1, sizeof(*ids));
			ids[n++] = (struct chart_id){ CHART_SERIES, i,
			    MODEL_HIST_SERIES };
		}
		nn = chart_line_series_names(&rs->tests[i], &names);
		for (j = 0; j < nn; j++) {
			/* One chart per log, not one per statistic taken from it. */
			for (k = 0; k < n; k++)
				if (ids[k].kind == CHART_SERIES &&
				    strcmp(ids[k].series, names[j]) == 0 &&
				    chart_line_series_equal(&rs->tests[ids[k].test],
				    &rs->tests[i], names[j]))
					break;
			if (k < n)
				continue;
			xgrow(&ids, &cap, n + 1, sizeof(*ids));
			ids[n++] = (struct chart_id){ CHART_SERIES, i, names[j] };
		}
		free(names);
	}
	*out = ids;
	return n;
}

/* What the footer names as the source: option, URL, file name, reference. */
static const char *
chart_source(const struct result_set *rs, const struct chart_opts *o)
{
	const char	*p;

	if (o->source != NULL)
		return o->source;
	if (rs->source_url != NULL && *rs->source_url != '\0')
		return rs->source_url;
	if (rs->source_path != NULL && *rs->source_path != '\0') {
		p = strrchr(rs->source_path, '/');
		return p != NULL && p[1] != '\0' ? p + 1 : rs->source_path;
	}
	return rs->source_ref;
}

struct canvas *
chart_canvas(const struct result_set *rs, const struct chart_id *id,
    const struct chart_opts *o, struct diag *d)
{
	struct chart_opts	def;

	if (o == NULL) {
		chart_opts_init(&def);
		o = &def;
	}
	return chart_draw_id(rs, id, o, d);
}

/* The drawing of b (or l), with or without its header and footer. */
static struct canvas *
chart_bar_bare_draw(struct chart_bar *b, double w, bool bare)
{
	b->head.bare = bare;
	return chart_bar_draw(b, w);
}

static struct canvas *
chart_line_bare_draw(struct chart_line *l, double w, bool bare)
{
	l->head.bare = bare;
	return chart_line_draw(l, w);
}

static struct canvas *
chart_draw_id(const struct result_set *rs, const struct chart_id *id,
    const struct chart_opts *o, struct diag *d)
{
	struct chart_bar	 b;
	struct chart_line	 l;
	struct canvas		*c = NULL;
	const char		*src = chart_source(rs, o);
	double			 w;

	w = o->width > 0 ? o->width : CHART_DEFAULT_WIDTH;
	if (w < CHART_MIN_WIDTH || w > CHART_MAX_WIDTH) {
		diag_set(d, "", 0, "chart width %.0f is not %d to %d pixels", w,
		    CHART_MIN_WIDTH, CHART_MAX_WIDTH);
		return NULL;
	}
	memset(&b, 0, sizeof(b));
	memset(&l, 0, sizeof(l));
	switch (id->kind) {
	case CHART_OVERVIEW:
		if (chart_overview_build(rs, o->sort, src, &b, d) == 0)
			c = chart_bar_bare_draw(&b, w, o->bare);
		break;
	case CHART_SERIES:
		if (id->series != NULL && strcmp(id->series,
		    MODEL_HIST_SERIES) == 0) {
			c = chart_exceed_draw(rs, id->test, src, o->bare, w, d);
			break;
		}
		if (chart_line_from_series(rs, id->test, id->series != NULL ?
		    id->series : "", src, &l, d) == 0)
			c = chart_line_bare_draw(&l, w, o->bare);
		break;
	case CHART_TEST:
		if (id->test >= rs->ntests) {
			diag_set(d, "", 0, "no test %zu in this set",
			    id->test + 1);
			break;
		}
		if (rs->tests[id->test].display == DISPLAY_LINE) {
			if (chart_line_from_test(rs, id->test, src, &l, d) == 0)
				c = chart_line_bare_draw(&l, w, o->bare);
		} else if (rs->tests[id->test].display == DISPLAY_OTHER)
			diag_set(d, "", 0, "test %zu is drawn as %s, which "
			    "has no chart here", id->test + 1,
			    rs->tests[id->test].display_raw != NULL ?
			    rs->tests[id->test].display_raw : "OTHER");
		else if (chart_bar_from_test(rs, id->test, o->sort, src, &b,
		    d) == 0)
			c = chart_bar_bare_draw(&b, w, o->bare);
		break;
	}
	chart_bar_free(&b);
	chart_line_free(&l);
	return c;
}

int
chart_html(const struct result_set *rs, const struct chart_id *id,
    const struct chart_opts *o, struct strbuf *out, struct diag *d)
{
	struct chart_opts	 def;
	struct chart_bar	 b;
	const struct test	*t;
	int			 rc;

	if (o == NULL) {
		chart_opts_init(&def);
		o = &def;
	}
	memset(&b, 0, sizeof(b));
	if (id->kind == CHART_SERIES)
		return 1;
	if (id->kind == CHART_OVERVIEW)
		rc = chart_overview_build(rs, o->sort, chart_source(rs, o), &b, d);
	else if (id->test >= rs->ntests)
		return diag_set(d, "", 0, "no test %zu in this set", id->test + 1);
	else {
		t = &rs->tests[id->test];
		if (t->display == DISPLAY_LINE)
			return 1;
		if (t->display == DISPLAY_OTHER)
			return diag_set(d, "", 0, "test %zu is drawn as %s, which "
			    "has no chart here", id->test + 1,
			    t->display_raw != NULL ? t->display_raw : "OTHER");
		rc = chart_bar_from_test(rs, id->test, o->sort,
		    chart_source(rs, o), &b, d);
	}
	if (rc == 0)
		chart_html_bar(&b, out);
	chart_bar_free(&b);
	return rc == 0 ? 0 : -1;
}

int
chart_svg(const struct result_set *rs, const struct chart_id *id,
    const struct chart_opts *o, struct strbuf *out, struct diag *d)
{
	struct chart_opts	 def;
	struct canvas		*c;
	char			*prefix;

	if (o == NULL) {
		chart_opts_init(&def);
		o = &def;
	}
	if ((c = chart_draw_id(rs, id, o, d)) == NULL)
		return -1;
	prefix = o->id_prefix != NULL ? xstrdup(o->id_prefix) :
	    chart_id_prefix(id);
	canvas_svg_render(c, prefix, o->xml_decl, out);
	free(prefix);
	canvas_free(c);
	return 0;
}


/* "chart-overview", "chart-t3", "chart-t3-bw": ids that differ per chart of a set. */
static char *
chart_id_prefix(const struct chart_id *id)
{
	char	*ser, *s;

	switch (id->kind) {
	case CHART_OVERVIEW:
		return xstrdup("chart-overview");
	case CHART_SERIES:
		ser = chart_slug(id->series, 30);
		s = xasprintf("chart-t%zu-%s", id->test + 1, ser);
		free(ser);
		return s;
	case CHART_TEST:
		break;
	}
	return xasprintf("chart-t%zu", id->test + 1);
}

int
chart_test_svg(const struct result_set *rs, size_t ti,
    const struct chart_opts *o, struct strbuf *out, struct diag *d)
{
	struct chart_id	id = { CHART_TEST, ti, NULL };

	return chart_svg(rs, &id, o, out, d);
}

int
chart_overview_svg(const struct result_set *rs, const struct chart_opts *o,
    struct strbuf *out, struct diag *d)
{
	struct chart_id	id = { CHART_OVERVIEW, 0, NULL };

	return chart_svg(rs, &id, o, out, d);
}

int
chart_write(const struct result_set *rs, const struct chart_id *id,
    enum chart_format f, const char *path, const struct chart_opts *o,
    struct diag *d)
{
	struct chart_opts	 def;
	struct canvas		*c;
	struct diag		 sub;
	int			 rc;

	if (o == NULL) {
		chart_opts_init(&def);
		o = &def;
	}
	diag_clear(&sub);
	if ((c = chart_draw_id(rs, id, o, &sub)) == NULL)
		return diag_set(d, path, 0, "%s", sub.msg);
	rc = chart_write_canvas(c, id, f, path, o, NULL, d);
	canvas_free(c);
	return rc;
}

int
chart_write_canvas(const struct canvas *c, const struct chart_id *id,
    enum chart_format f, const char *path, const struct chart_opts *o,
    struct outfile_batch *batch, struct diag *d)
{
	struct chart_opts	 def;
	struct outfile		*of = NULL;
	struct strbuf		 sb;
	struct diag		 sub;
	char			*prefix = NULL;
	int			 rc = -1;

	strbuf_init(&sb);
	if (o == NULL) {
		chart_opts_init(&def);
		o = &def;
	}
	diag_clear(&sub);
	if ((of = outfile_open(path, d)) == NULL)
		goto out;
	switch (f) {
	case CHART_SVG:
		if (o->id_prefix == NULL)
			prefix = chart_id_prefix(id);
		canvas_svg_render(c, prefix != NULL ? prefix : o->id_prefix,
		    1, &sb);
		if (fwrite(sb.buf, 1, sb.len, of->fp) != sb.len) {
			diag_set(d, path, 0, "cannot write");
			goto out;
		}
		break;
	case CHART_PNG:
		if (canvas_cairo_png(c, o->scale > 0 ? o->scale : 1, of->fp,
		    &sub) == -1) {
			diag_set(d, path, 0, "%s", sub.msg);
			goto out;
		}
		break;
	case CHART_PDF:
		if (canvas_cairo_pdf(c, "benchreport " BENCHREPORT_VERSION,
		    of->fp, &sub) == -1) {
			diag_set(d, path, 0, "%s", sub.msg);
			goto out;
		}
		break;
	}
	rc = batch != NULL ? outfile_defer(of, batch, d) : outfile_commit(of, d);
	of = NULL;
out:
	outfile_abort(of);
	strbuf_free(&sb);
	free(prefix);
	return rc;
}

/*
 * Lower-case ASCII letters and digits of s, every other run one '-', cut
 * at a '-' so that it is at most max characters.
 */
static char *
chart_slug(const char *s, size_t max)
{
	struct strbuf	 sb;
	const char	*p;
	char		*out, *cut;
	int		 dash = 0, boundary;

	strbuf_init(&sb);
	for (p = s != NULL ? s : ""; *p != '\0'; p++) {
		if (isalnum((unsigned char)*p) && (unsigned char)*p < 0x80) {
			if (dash && sb.len > 0)
				strbuf_addc(&sb, '-');
			dash = 0;
			strbuf_addc(&sb, (char)tolower((unsigned char)*p));
		} else
			dash = 1;
	}
	out = strbuf_detach(&sb);
	if (strlen(out) > max) {
		boundary = out[max] == '-';
		out[max] = '\0';
		/* Whole words only, unless one word is all there is. */
		if (!boundary && (cut = strrchr(out, '-')) != NULL)
			*cut = '\0';
		while (*out != '\0' && out[strlen(out) - 1] == '-')
			out[strlen(out) - 1] = '\0';
	}
	return out;
}

/*
 * The values of a PTS-style description, "Type: Random Read - Block Size:
 * 4KB" giving "Random Read - 4KB", as OpenBenchmarking shortens them; text
 * of another shape is returned as it is. free() it.
 */
static char *
chart_arg_values(const char *desc)
{
	struct strbuf	 sb;
	const char	*p, *end, *colon;

	strbuf_init(&sb);
	for (p = desc != NULL ? desc : ""; *p != '\0'; p = end) {
		if ((end = strstr(p, " - ")) == NULL)
			end = p + strlen(p);
		colon = strstr(p, ": ");
		if (colon != NULL && colon < end)
			p = colon + 2;
		if (sb.len > 0)
			strbuf_adds(&sb, " - ");
		strbuf_add(&sb, p, end - p);
		if (*end != '\0')
			end += 3;
	}
	return strbuf_detach(&sb);
}

/*
 * The slug of s in at most max characters, keeping whole words from both
 * ends: arguments differ at the start ("type-random-read") as often as at
 * the end ("statistic-mean").
 */
static char *
chart_slug_squeeze(const char *s, size_t max)
{
	char	*all, *head, *tail, *out;
	size_t	 len, keep;

	all = chart_slug(s, (size_t)-1 / 2);
	len = strlen(all);
	if (len <= max) {
		free(all);
		return chart_slug(s, max);
	}
	head = chart_slug(all, max * 3 / 5);
	keep = max - strlen(head) - 1;
	tail = all + len - keep;
	/* Start the tail at a word. */
	if (tail > all && tail[-1] != '-') {
		while (*tail != '\0' && *tail != '-')
			tail++;
		if (*tail == '-')
			tail++;
	}
	out = xasprintf("%s%s%s", head, *head && *tail ? "-" : "", tail);
	free(head);
	free(all);
	return out;
}

/*
 * "title-version-arguments-unit" of t as a slug: the arguments give way
 * when it is too long, never the title or the unit, which tell charts of
 * one test apart (fio's MB/s and IOPS results share their arguments).
 */
static char *
chart_test_slug(const struct test *t)
{
	const char	*args;
	char		*raw, *head, *mid, *tail, *vals, *s;
	size_t		 room;

	raw = xasprintf("%s %s",
	    t->title != NULL && *t->title != '\0' ? t->title :
	    t->identifier != NULL ? t->identifier : "",
	    t->app_version != NULL ? t->app_version : "");
	head = chart_slug(raw, 50);
	free(raw);
	tail = chart_slug(t->unit, 20);
	room = CHART_NAME_MAX - 10 - strlen(head) - strlen(tail);
	args = t->description != NULL && *t->description != '\0' ?
	    t->description : t->arguments;
	mid = chart_slug(args, (size_t)-1 / 2);
	if (strlen(mid) > room) {
		/* Too long with its keys: the values alone, as OpenBenchmarking does. */
		free(mid);
		vals = chart_arg_values(args);
		mid = chart_slug_squeeze(vals, room);
		free(vals);
	}
	s = xasprintf("%s%s%s%s%s", head, *head && *mid ? "-" : "", mid,
	    (*head || *mid) && *tail ? "-" : "", tail);
	free(head);
	free(mid);
	free(tail);
	return s;
}

/* The file name of id from its test's slug (consumed) and how many earlier tests share it. */
static char *
chart_name_finish(char *slug, size_t dup, const struct chart_id *id,
    enum chart_format f)
{
	char	*ser, *name;

	if (*slug == '\0') {
		/* Unique already: the test's position names it. */
		free(slug);
		slug = xasprintf("test-%zu", id->test + 1);
		dup = 0;
	} else if (strcmp(slug, "overview") == 0) {
		free(slug);
		slug = xstrdup("overview-test");
	}
	if (dup > 0) {
		name = xasprintf("%s-%zu", slug, dup + 1);
		free(slug);
		slug = name;
	}
	if (id->kind == CHART_SERIES) {
		ser = chart_slug(id->series, 30);
		name = xasprintf("%s-series-%s.%s", slug, *ser ? ser : "0",
		    chart_format_ext(f));
		free(ser);
	} else
		name = xasprintf("%s.%s", slug, chart_format_ext(f));
	free(slug);
	return name;
}

char *
chart_file_name(const struct result_set *rs, const struct chart_id *id,
    enum chart_format f)
{
	char	*slug, *other;
	size_t	 i, dup = 0;

	if (id->kind == CHART_OVERVIEW || id->test >= rs->ntests)
		return xasprintf("overview.%s", chart_format_ext(f));
	slug = chart_test_slug(&rs->tests[id->test]);
	for (i = 0; i < id->test; i++) {
		other = chart_test_slug(&rs->tests[i]);
		if (strcmp(other, slug) == 0)
			dup++;
		free(other);
	}
	return chart_name_finish(slug, dup, id, f);
}

char **
chart_file_names(const struct result_set *rs, const struct chart_id *ids,
    size_t n, enum chart_format f)
{
	GHashTable	*seen;
	char		**slugs, **names;
	size_t		 *dups, i, count;
	gpointer	 old;

	/* Each test's slug once, and its repeat number in set order. */
	slugs = xcalloc(rs->ntests + 1, sizeof(*slugs));
	dups = xcalloc(rs->ntests + 1, sizeof(*dups));
	seen = g_hash_table_new(g_str_hash, g_str_equal);
	for (i = 0; i < rs->ntests; i++) {
		slugs[i] = chart_test_slug(&rs->tests[i]);
		old = g_hash_table_lookup(seen, slugs[i]);
		count = old != NULL ? GPOINTER_TO_SIZE(old) : 0;
		dups[i] = count;
		g_hash_table_insert(seen, slugs[i], GSIZE_TO_POINTER(count + 1));
	}
	names = xcalloc(n + 1, sizeof(*names));
	for (i = 0; i < n; i++) {
		if (ids[i].kind == CHART_OVERVIEW || ids[i].test >= rs->ntests)
			names[i] = xasprintf("overview.%s", chart_format_ext(f));
		else
			names[i] = chart_name_finish(xstrdup(slugs[ids[i].test]),
			    dups[ids[i].test], &ids[i], f);
	}
	g_hash_table_destroy(seen);
	for (i = 0; i < rs->ntests; i++)
		free(slugs[i]);
	free(slugs);
	free(dups);
	return names;
}
