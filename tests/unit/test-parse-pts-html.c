/* SPDX-License-Identifier: ISC */
/*
 * The PTS page reader (parse-pts-html.c) on pages that mean the same as
 * a fixture, and on hostile ones. Each fixture page is read as it is and
 * as variants that differ only in the syntax of its SVGs (a CR between
 * tags, a comment after every fifth tag, character references in
 * attribute values, upper-case names): every variant must read to the
 * same model, field for field (its JSON export). The page cut at every
 * 97th byte is read or refused with one of the reader's messages.
 * Elements nested below libxml2's limit of 256 open elements read as the
 * page; past it (and 100,000 deep) the rest of the page is not read. A
 * 16 MB attribute, entities declared in the page's DOCTYPE (billion
 * laughs) and bytes that are not UTF-8 are read without harm.
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
static char	*with(const char *page, const char *at, bool after, const char *text,
		    size_t times);
static bool	 refused_as(const char *label, const char *page, const char *msg);
static void	 cuts(const char *name, const char *page, size_t len);
static void	 hostile(const char *page, size_t len);

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

/* A CR and LF between every two tags. */
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

/*
 * The page with text, times over, inserted before the first occurrence
 * of at (after it, and after the end of the tag it starts, when after).
 */
static char *
with(const char *page, const char *at, bool after, const char *text, size_t times)
{
	GString		*g = g_string_new(NULL);
	const char	*p = strstr(page, at);
	size_t		 i;

	if (p == NULL)
		BAIL_OUT("no \"%s\" in the page", at);
	if (after)
		p = strchr(p, '>') + 1;
	g_string_append_len(g, page, p - page);
	for (i = 0; i < times; i++)
		g_string_append(g, text);
	g_string_append(g, p);
	return g_string_free(g, FALSE);
}

/* The page is refused with msg. */
static bool
refused_as(const char *label, const char *page, const char *msg)
{
	char	*j, *m;
	int	 rc;
	bool	 r;

	j = read_page(page, strlen(page), &rc, &m);
	if (!(r = rc != 0 && j == NULL && strcmp(m, msg) == 0))
		diag("%s: rc %d \"%s\"", label, rc, m);
	free(j);
	g_free(m);
	return r;
}

/* The page cut at every 97th byte: read, or refused with a message the
 * reader has for a page without all of its parts. */
static void
cuts(const char *name, const char *page, size_t len)
{
	static const char *const why[] = {
		"PTS HTML page without its systems table",
		"PTS HTML page without any result chart read",
		"not a Phoronix Test Suite HTML page (no \"... - Phoronix Test "
		"Suite\" title, <h1> and SVG charts)", NULL
	};
	char	 label[300], *j, *m;
	size_t	 at, k, bad = 0, read = 0;
	int	 rc;

	for (at = 1; at < len; at += 97) {
		j = read_page(page, at, &rc, &m);
		for (k = 0; rc != 0 && why[k] != NULL && strcmp(m, why[k]) != 0; k++)
			;
		if (rc == 0 && j != NULL)
			read++;
		else if (why[k] == NULL && bad++ == 0)
			diag("%s cut at %zu: rc %d \"%s\"", name, at, rc, m);
		free(j);
		g_free(m);
	}
	snprintf(label, sizeof(label), "%s: cut at every 97th byte, read or "
	    "refused for a missing part (%zu read)", name, read);
	ok(bad == 0 && read > 0, label);
}

/* Nesting, a huge attribute, entities and bytes that are not UTF-8. */
static void
hostile(const char *page, size_t len)
{
	static const char lol[] = "<!DOCTYPE html [<!ENTITY a \"aaaaaaaaaa\">"
	    "<!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
	    "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\">"
	    "<!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">"
	    "<!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">"
	    "<!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">]>";
	static const char *const utf[][2] = {
		{ "<h1>Two NVMe", "<h1>Two \xff\xfe NVMe" },
		{ "Processor", "Proc\xc3" "essor" }
	};
	const char	*at;
	char	*v, *w, *j, *m, *jp, *mp;
	size_t	 i;
	int	 rc, rcp;

	/* storage-2sys's first SVG is the systems table, four levels deep. */
	v = with(page, "<svg", true, "<g>", 240);
	same("240 elements nested in the systems table read as the page", page,
	    len, v, strlen(v));
	g_free(v);
	v = with(page, "<svg", true, "<g>", 260);
	ok(refused_as("260", v, "PTS HTML page without its systems table"),
	    "260 elements nested in the systems table: the rest of the page is "
	    "not read");
	g_free(v);
	v = with(page, "<svg", true, "<g>", 100000);
	ok(refused_as("100000", v, "PTS HTML page without its systems table"),
	    "100,000 elements nested in the systems table: refused");
	g_free(v);
	v = with(page, "<text", true, "<tspan>", 100000);
	ok(refused_as("100000 in a text", v, "PTS HTML page without its systems "
	    "table"), "100,000 elements nested in the first <text>: refused");
	g_free(v);
	/* A 16 MB attribute on the systems table's <svg>. */
	w = g_strnfill(16 << 20, 'A');
	at = strstr(page, "<svg ") + 5;
	v = g_strdup_printf("%.*s data-x=\"%s\" %s", (int)(at - page), page, w, at);
	same("a 16 MB attribute: read as the page", page, len, v, strlen(v));
	g_free(v);
	g_free(w);
	jp = read_page(page, len, &rcp, &mp);
	/* Entities of the DOCTYPE: not expanded (HTML has none but its own). */
	v = g_strconcat(lol, page, NULL);
	w = with(v, "<h1>", true, "&f;", 100);
	j = read_page(w, strlen(w), &rc, &m);
	ok(rc == 0 && j != NULL && strlen(j) < strlen(jp) + 1000,
	    "entities declared in the DOCTYPE: the page reads, none expanded");
	free(j);
	g_free(m);
	g_free(w);
	g_free(v);
	/* Not UTF-8: read with U+FFFD in its place. */
	v = g_strdup(page);
	for (i = 0; i < sizeof(utf) / sizeof(utf[0]); i++) {
		if ((at = strstr(v, utf[i][0])) == NULL)
			BAIL_OUT("no \"%s\" in the page", utf[i][0]);
		w = g_strdup_printf("%.*s%s%s", (int)(at - v), v, utf[i][1],
		    at + strlen(utf[i][0]));
		g_free(v);
		v = w;
	}
	j = read_page(v, strlen(v), &rc, &m);
	ok(rc == 0 && j != NULL && g_utf8_validate(j, -1, NULL) &&
	    strstr(j, "Two \xef\xbf\xbd\xef\xbf\xbd NVMe") != NULL &&
	    strstr(j, "Proc\xef\xbf\xbd" "essor") != NULL,
	    "bytes that are not UTF-8: read as U+FFFD");
	free(j);
	g_free(m);
	g_free(v);
	free(jp);
	g_free(mp);
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
	char	 path[256], label[300], *page, *v;
	gsize	 len;
	size_t	 i, k;

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
		cuts(names[i], page, len);
		if (strcmp(names[i], "storage-2sys") == 0)
			hostile(page, len);
		g_free(page);
	}
	v = g_build_filename(tmpdir, "page.html", NULL);
	(void)g_remove(v);
	g_free(v);
	(void)g_remove(tmpdir);
	g_free(tmpdir);
	return tap_done();
}
