/* SPDX-License-Identifier: ISC */
/*
 * The PTS page reader's two ways through an SVG: its own scan of plain
 * SVG content, and libxml2's parser for anything else (parse-pts-html.c,
 * "The SVG fast path"). Each fixture page is read as it is and as
 * variants that mean the same but send parts of its SVGs, or all of
 * them, to the parser: a CR between tags, a comment after every fifth
 * tag, an entity in attribute values, upper-case names. Every variant
 * must read to the same model as the page itself, field for field (its
 * JSON export). So must broken pages: the page cut at many places, and
 * tags nested past the parser's depth limit, each read as cut and as
 * its CR variant (which the parser reads alone).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "export.h"
#include "format.h"
#include "model.h"
#include "tap.h"

#define FX	"fixtures/pts-export/"

static char	*tmpdir;

#define BAIL_OUT(...) do { printf("Bail out! "); printf(__VA_ARGS__); \
	printf("\n"); exit(1); } while (0)

static char	*read_page(const char *page, size_t len, int *rc, char **msg);
static char	*in_svgs(const char *page, size_t len, char *(*edit)(const char *, size_t));
static char	*edit_cr(const char *s, size_t len);
static char	*edit_comment(const char *s, size_t len);
static char	*edit_entity(const char *s, size_t len);
static char	*edit_upper(const char *s, size_t len);
static void	 same(const char *label, const char *a, size_t alen, const char *b,
		    size_t blen);

/*
 * The page's reading: the JSON export of what was read (NULL when the
 * read failed; then rc and msg say why). Every page is read from the
 * same path, so the exports compare whole.
 */
static char *
read_page(const char *page, size_t len, int *rc, char **msg)
{
	struct result_set	*rs = result_set_new();
	struct str_list		 w = { 0 };
	struct read_options	 ro = { .warnings = &w };
	struct diag		 d;
	char			*path, *out = NULL;
	size_t			 outlen = 0;
	FILE			*f;

	path = g_build_filename(tmpdir, "page.html", NULL);
	if ((f = fopen(path, "wb")) == NULL || fwrite(page, 1, len, f) != len ||
	    fclose(f) != 0)
		BAIL_OUT("cannot write %s", path);
	diag_clear(&d);
	*rc = export_find("json") != NULL ?
	    format_find("pts-html")->read(path, &ro, rs, &d) : -1;
	*msg = g_strdup(*rc == 0 ? "" : d.msg);
	if (*rc == 0) {
		f = open_memstream(&out, &outlen);
		diag_clear(&d);
		(void)export_find("json")->write(rs, f, &d);
		fclose(f);
	}
	g_free(path);
	str_list_free(&w);
	result_set_free(rs);
	return out;
}

/* The page with edit applied to the content of each <svg> (to the end of
 * the page when one has no end). */
static char *
in_svgs(const char *page, size_t len, char *(*edit)(const char *, size_t))
{
	GString		*out = g_string_new(NULL);
	const char	*p = page, *end = page + len, *a, *b;
	char		*e;

	while (p < end && (a = g_strstr_len(p, end - p, "<svg")) != NULL &&
	    (a = memchr(a, '>', (size_t)(end - a))) != NULL) {
		a++;
		if ((b = g_strstr_len(a, end - a, "</svg>")) == NULL)
			b = end;
		g_string_append_len(out, p, a - p);
		e = edit(a, (size_t)(b - a));
		g_string_append(out, e);
		g_free(e);
		p = b;
	}
	g_string_append_len(out, p, end - p);
	return g_string_free(out, FALSE);
}

/* A CR and LF between every two tags: the fast path leaves CRs alone. */
static char *
edit_cr(const char *s, size_t len)
{
	GString	*out = g_string_new(NULL);
	size_t	 i;

	for (i = 0; i < len; i++) {
		g_string_append_c(out, s[i]);
		if (s[i] == '>' && i + 1 < len && s[i + 1] == '<')
			g_string_append(out, "\r\n");
	}
	return g_string_free(out, FALSE);
}

/* A comment after every fifth '>'. */
static char *
edit_comment(const char *s, size_t len)
{
	GString	*out = g_string_new(NULL);
	size_t	 i, n = 0;

	for (i = 0; i < len; i++) {
		g_string_append_c(out, s[i]);
		if (s[i] == '>' && ++n % 5 == 0)
			g_string_append(out, "<!-- c -->");
	}
	return g_string_free(out, FALSE);
}

/* The '#' of every colour as a character reference. */
static char *
edit_entity(const char *s, size_t len)
{
	GString	*out = g_string_new(NULL);
	size_t	 i;

	for (i = 0; i < len; i++)
		if (s[i] == '#' && i > 0 && s[i - 1] == '"')
			g_string_append(out, "&#35;");
		else
			g_string_append_c(out, s[i]);
	return g_string_free(out, FALSE);
}

/* Tag and attribute names in upper case (HTML names have no case). */
static char *
edit_upper(const char *s, size_t len)
{
	GString	*out = g_string_new(NULL);
	size_t	 i;
	int	 intag = 0, inval = 0;
	char	 q = 0;

	for (i = 0; i < len; i++) {
		char	c = s[i];

		if (!intag && c == '<')
			intag = 1;
		else if (intag && !inval && (c == '"' || c == '\'')) {
			inval = 1;
			q = c;
		} else if (inval && c == q)
			inval = 0;
		else if (intag && !inval && c == '>')
			intag = 0;
		else if (intag && !inval)
			c = g_ascii_toupper(c);
		g_string_append_c(out, c);
	}
	return g_string_free(out, FALSE);
}

/* Pages a and b read alike: both fail with one message, or both read
 * to one model. */
static void
same(const char *label, const char *a, size_t alen, const char *b, size_t blen)
{
	char	*ja, *jb, *ma, *mb;
	int	 ra, rb;

	ja = read_page(a, alen, &ra, &ma);
	jb = read_page(b, blen, &rb, &mb);
	if (ra != rb || strcmp(ma, mb) != 0 || (ja != NULL) != (jb != NULL) ||
	    (ja != NULL && strcmp(ja, jb) != 0)) {
		ok(0, label);
		diag("rc %d \"%s\" against rc %d \"%s\"", ra, ma, rb, mb);
	} else
		ok(1, label);
	free(ja);
	free(jb);
	g_free(ma);
	g_free(mb);
}

int
main(void)
{
	static const char *const names[] = { "scheduler-pair", "storage-2sys",
	    "sparse", "line-graph", NULL };
	static const struct {
		const char	*name;
		char		*(*edit)(const char *, size_t);
	} edits[] = {
		{ "CR between tags", edit_cr }, { "comments", edit_comment },
		{ "character references", edit_entity },
		{ "upper-case names", edit_upper }
	};
	char	 path[256], label[300], *page, *v, *cut, *deep;
	gsize	 len;
	size_t	 i, k, at, bad;
	GString	*g;

	tmpdir = g_dir_make_tmp("test-pts-html-XXXXXX", NULL);
	if (tmpdir == NULL)
		BAIL_OUT("no temporary directory");
	for (i = 0; names[i] != NULL; i++) {
		snprintf(path, sizeof(path), FX "%s.html", names[i]);
		if (!g_file_get_contents(path, &page, &len, NULL))
			BAIL_OUT("cannot read %s", path);
		for (k = 0; k < sizeof(edits) / sizeof(edits[0]); k++) {
			v = in_svgs(page, len, edits[k].edit);
			snprintf(label, sizeof(label), "%s: %s read alike", names[i],
			    edits[k].name);
			same(label, page, len, v, strlen(v));
			g_free(v);
		}
		/* Cut anywhere: read as cut, and by the parser alone. */
		for (at = 1, bad = 0; at < len; at += 97) {
			char	*ja, *jb, *ma, *mb;
			int	 ra, rb;

			cut = g_strndup(page, at);
			v = in_svgs(cut, at, edit_cr);
			ja = read_page(cut, at, &ra, &ma);
			jb = read_page(v, strlen(v), &rb, &mb);
			if (ra != rb || strcmp(ma, mb) != 0 || (ja == NULL) != (jb == NULL) ||
			    (ja != NULL && strcmp(ja, jb) != 0)) {
				if (bad++ == 0)
					diag("%s cut at %zu: rc %d \"%s\", by the parser rc %d \"%s\"",
					    names[i], at, ra, ma, rb, mb);
			}
			free(ja);
			free(jb);
			g_free(ma);
			g_free(mb);
			g_free(v);
			g_free(cut);
		}
		snprintf(label, sizeof(label), "%s: cut at every 97th byte, read alike",
		    names[i]);
		ok(bad == 0, label);
		g_free(page);
	}
	/* Nested around libxml2's limit of 256 open elements. */
	snprintf(path, sizeof(path), FX "storage-2sys.html");
	if (!g_file_get_contents(path, &page, &len, NULL))
		BAIL_OUT("cannot read %s", path);
	for (k = 250; k <= 260; k += 2) {
		g = g_string_new(NULL);
		v = strstr(page, "<svg");
		v = strchr(v, '>') + 1;
		g_string_append_len(g, page, v - page);
		for (at = 0; at < k; at++)
			g_string_append(g, "<g>");
		g_string_append(g, v);
		deep = g_string_free(g, FALSE);
		v = in_svgs(deep, strlen(deep), edit_cr);
		snprintf(label, sizeof(label), "%zu nested elements read alike", k);
		same(label, deep, strlen(deep), v, strlen(v));
		g_free(v);
		g_free(deep);
	}
	g_free(page);
	v = g_build_filename(tmpdir, "page.html", NULL);
	(void)g_remove(v);
	g_free(v);
	(void)g_remove(tmpdir);
	g_free(tmpdir);
	return tap_done();
}
