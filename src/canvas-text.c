/* SPDX-License-Identifier: ISC */
/*
 * Pango-based text measuring for charts. One private pangocairo font map
 * and context, unhinted with fractional glyph positions, so widths do not
 * depend on the backend or the PNG scale. Draws nothing itself.
 * Measurements and line breaks are memoised: a chart page sets the same
 * system names, tick labels and fonts over and over, and shaping them is
 * the dearest part of drawing a chart.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "canvas-dl-table.h"
#include "canvas-glyphs.h"
#include "canvas-text.h"
#include "strbuf.h"
#include "xalloc.h"

/* What pango resolves; the SVG list (canvas-text.h) names the same face first. */
#define CANVAS_TEXT_FAMILY	"DejaVu Sans, Verdana, Bitstream Vera Sans, sans-serif"

static PangoFontMap	*canvas_text_map;
static PangoContext	*canvas_text_ctx;
static PangoLayout	*canvas_text_scratch;

/*
 * The memo: key = kind, font, extra arguments and text (canvas_text_key,
 * doubles by their exact bits), value a double (widths, ascents, line heights) or
 * the lines of a wrap, joined by NULs after their count. Pango's answers
 * depend only on these inputs and the one private context, so a memoised
 * answer is the answer, and output stays byte-identical. Bounded: when it
 * holds CANVAS_TEXT_MEMO_MAX entries it is emptied and starts again.
 */
#define CANVAS_TEXT_MEMO_MAX	65536
static GHashTable	*canvas_text_memo;

static PangoContext	*canvas_text_context(void);
static void		 canvas_text_set(PangoLayout *, const struct canvas_font *,
			    const char *);
static char		*canvas_text_ellipsize(const struct canvas_font *,
			    const char *, size_t, double);
static int		 canvas_text_kept_word(const struct canvas_font *,
			    const char *, double, size_t *, size_t *, size_t *);
static PangoAttrList	*canvas_text_keep_words(const struct canvas_font *,
			    const char *, double);
static char		*canvas_text_key(char, const struct canvas_font *,
			    double, size_t, const char *);
static void		*canvas_text_recall(const char *);
static void		 canvas_text_remember(char *, void *);
static double		 canvas_text_measure(char, const struct canvas_font *,
			    const char *);
static size_t		 canvas_text_wrap_lines(const struct canvas_font *,
			    const char *, double, size_t, struct str_list *);

/* A memoised wrap: n lines, each followed by a NUL, in text. */
struct canvas_text_lines {
	size_t	n;
	char	text[];
};

/*
 * LeakSanitizer hook (a weak symbol of the sanitizer runtime, unused in
 * other builds): fontconfig loses a buffer while parsing its configuration
 * files, once per process, which is no leak of ours. Only that library's
 * allocations are exempted.
 */
const char	*__lsan_default_suppressions(void);
const char	*__lsan_default_options(void);

const char *
__lsan_default_suppressions(void)
{
	return "leak:libfontconfig.so\n";
}

/* ... and say nothing about it on stderr, which tests read. */
const char *
__lsan_default_options(void)
{
	return "print_suppressions=0";
}

static PangoContext *
canvas_text_context(void)
{
	cairo_font_options_t	*fo;

	if (canvas_text_ctx != NULL)
		return canvas_text_ctx;
	canvas_dl_need();
	canvas_text_map = pango_cairo_font_map_new();
	canvas_text_ctx = pango_font_map_create_context(canvas_text_map);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	pango_cairo_context_set_font_options(canvas_text_ctx, fo);
	cairo_font_options_destroy(fo);
	pango_cairo_context_set_resolution(canvas_text_ctx, 96.0);
	pango_context_set_round_glyph_positions(canvas_text_ctx, FALSE);
	canvas_text_scratch = pango_layout_new(canvas_text_ctx);
	return canvas_text_ctx;
}

void
canvas_text_shutdown(void)
{
	canvas_glyphs_reset();
	if (canvas_text_memo != NULL)
		g_hash_table_destroy(canvas_text_memo);
	canvas_text_memo = NULL;
	if (canvas_text_scratch != NULL)
		g_object_unref(canvas_text_scratch);
	if (canvas_text_ctx != NULL)
		g_object_unref(canvas_text_ctx);
	if (canvas_text_map != NULL)
		g_object_unref(canvas_text_map);
	canvas_text_scratch = NULL;
	canvas_text_ctx = NULL;
	canvas_text_map = NULL;
}

static void
canvas_text_set(PangoLayout *l, const struct canvas_font *f, const char *s)
{
	PangoFontDescription	*fd;

	fd = pango_font_description_from_string(CANVAS_TEXT_FAMILY);
	pango_font_description_set_absolute_size(fd, f->size * PANGO_SCALE);
	pango_font_description_set_weight(fd,
	    f->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
	pango_font_description_set_style(fd,
	    f->italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL);
	pango_layout_set_font_description(l, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(l, -1);
	/*
	 * Drop attributes a wrap left on the scratch layout: their byte
	 * ranges belong to that longer text, and pango read past the end of
	 * a shorter one (valgrind, measuring the ellipsized last line).
	 */
	pango_layout_set_attributes(l, NULL);
	pango_layout_set_text(l, s, -1);
}

PangoLayout *
canvas_text_layout(const struct canvas_font *f, const char *s)
{
	PangoLayout	*l;

	l = pango_layout_new(canvas_text_context());
	canvas_text_set(l, f, s);
	return l;
}

/*
 * "K" then the bits of size and extra and the numbers in hex (exact, and
 * much cheaper than printing doubles), then "|" and the text.
 */
static char *
canvas_text_key(char kind, const struct canvas_font *f, double extra,
    size_t n, const char *s)
{
	static const char	 hex[] = "0123456789abcdef";
	uint64_t		 w[4];
	size_t			 len = strlen(s), i, j;
	char			*key, *p;

	memcpy(&w[0], &f->size, sizeof(w[0]));
	memcpy(&w[1], &extra, sizeof(w[1]));
	w[2] = (uint64_t)n;
	w[3] = (uint64_t)((f->bold != 0) | (f->italic != 0) << 1);
	key = p = xmalloc(1 + 4 * 16 + 1 + len + 1);
	*p++ = kind;
	for (i = 0; i < 4; i++)
		for (j = 0; j < 16; j++)
			*p++ = hex[(w[i] >> (60 - 4 * j)) & 0xF];
	*p++ = '|';
	memcpy(p, s, len + 1);
	return key;
}

/* The memoised value for key, or NULL. */
static void *
canvas_text_recall(const char *key)
{
	if (canvas_text_memo == NULL)
		return NULL;
	return g_hash_table_lookup(canvas_text_memo, key);
}

/* Keep value under key; both become the memo's. */
static void
canvas_text_remember(char *key, void *value)
{
	if (canvas_text_memo == NULL)
		canvas_text_memo = g_hash_table_new_full(g_str_hash,
		    g_str_equal, free, free);
	if (g_hash_table_size(canvas_text_memo) >= CANVAS_TEXT_MEMO_MAX)
		g_hash_table_remove_all(canvas_text_memo);
	g_hash_table_replace(canvas_text_memo, key, value);
}

/* kind 'W': width of s; 'A': ascent; 'H': line height (s is "Ag"). */
static double
canvas_text_measure(char kind, const struct canvas_font *f, const char *s)
{
	PangoRectangle	 logical;
	double		*v, w;
	char		*key;

	/* Most chart text is ASCII, measured from tables (canvas-glyphs.c). */
	if (kind == 'W' && canvas_glyphs_width(f, s, &w))
		return w;
	key = canvas_text_key(kind, f, 0, 0, s);
	if ((v = canvas_text_recall(key)) != NULL) {
		free(key);
		return *v;
	}
	canvas_text_context();
	canvas_text_set(canvas_text_scratch, f, s);
	v = xmalloc(sizeof(*v));
	if (kind == 'A')
		*v = (double)pango_layout_get_baseline(canvas_text_scratch) /
		    PANGO_SCALE;
	else {
		pango_layout_get_extents(canvas_text_scratch, NULL, &logical);
		*v = (double)(kind == 'W' ? logical.width : logical.height) /
		    PANGO_SCALE;
	}
	canvas_text_remember(key, v);
	return *v;
}

double
canvas_text_width(const struct canvas_font *f, const char *s)
{
	return canvas_text_measure('W', f, s);
}

double
canvas_text_ascent(const struct canvas_font *f)
{
	return canvas_text_measure('A', f, "Ag");
}

double
canvas_text_line_height(const struct canvas_font *f)
{
	return canvas_text_measure('H', f, "Ag");
}

char *
canvas_text_clean(const char *s)
{
	struct strbuf	 sb;
	char		*valid;
	const char	*p;
	gunichar	 c;
	int		 space = 0;

	strbuf_init(&sb);
	if (s == NULL)
		return strbuf_detach(&sb);
	valid = g_utf8_make_valid(s, -1);
	for (p = valid; *p != '\0'; p = g_utf8_next_char(p)) {
		c = g_utf8_get_char(p);
		if (g_unichar_isspace(c) || g_unichar_iscntrl(c) ||
		    c == 0xFFFE || c == 0xFFFF) {
			space = 1;
			continue;
		}
		if (space && sb.len > 0)
			strbuf_addc(&sb, ' ');
		space = 0;
		strbuf_add(&sb, p, g_utf8_next_char(p) - p);
	}
	g_free(valid);
	return strbuf_detach(&sb);
}

/* The longest prefix of s[0..len) that fits in maxw with "…" appended. */
static char *
canvas_text_ellipsize(const struct canvas_font *f, const char *s, size_t len,
    double maxw)
{
	char	*try;
	size_t	 lo = 0, hi = len, mid, best = 0;
	long	 nchars, i;

	/* Binary search over character counts, not bytes. */
	nchars = g_utf8_strlen(s, len);
	lo = 0;
	hi = (size_t)nchars;
	while (lo <= hi) {
		const char	*end;

		mid = (lo + hi) / 2;
		end = s;
		for (i = 0; i < (long)mid; i++)
			end = g_utf8_next_char(end);
		try = xasprintf("%.*s\xE2\x80\xA6", (int)(end - s), s);
		if (canvas_text_width(f, try) <= maxw) {
			best = mid;
			lo = mid + 1;
		} else if (mid == 0) {
			free(try);
			break;
		} else
			hi = mid - 1;
		free(try);
	}
	{
		const char	*end = s;

		for (i = 0; i < (long)best; i++)
			end = g_utf8_next_char(end);
		/* Do not leave a space before the ellipsis. */
		while (end > s && end[-1] == ' ')
			end--;
		return xasprintf("%.*s\xE2\x80\xA6", (int)(end - s), s);
	}
}

char *
canvas_text_fit(const struct canvas_font *f, const char *s, double maxw)
{
	if (canvas_text_width(f, s) <= maxw)
		return xstrdup(s);
	return canvas_text_ellipsize(f, s, strlen(s), maxw);
}

/*
 * Unicode allows a break after "-" and "/", which would split "-O3" or
 * "-U_FORTIFY_SOURCE" from its dash in a compiler footnote. Keep every
 * space-separated word with such a character whole, as long as it fits on
 * a line by itself: the next such word of s from *pos is [*start, *end)
 * (returns 1), or there is none (0).
 */
static int
canvas_text_kept_word(const struct canvas_font *f, const char *s, double maxw,
    size_t *pos, size_t *start, size_t *end)
{
	char	*word;
	size_t	 a, e;
	int	 fits;

	for (a = *pos; s[a] != '\0'; a = e) {
		while (s[a] == ' ')
			a++;
		for (e = a; s[e] != '\0' && s[e] != ' '; e++)
			;
		if (e == a || strcspn(s + a, "-/") >= e - a)
			continue;
		word = xstrndup(s + a, e - a);
		fits = canvas_text_width(f, word) <= maxw;
		free(word);
		if (fits) {
			*pos = *end = e;
			*start = a;
			return 1;
		}
	}
	*pos = a;
	return 0;
}

/* The words canvas_text_kept_word finds, as pango attributes. */
static PangoAttrList *
canvas_text_keep_words(const struct canvas_font *f, const char *s, double maxw)
{
	PangoAttrList	*list;
	PangoAttribute	*a;
	size_t		 pos = 0, start, end;

	list = pango_attr_list_new();
	while (canvas_text_kept_word(f, s, maxw, &pos, &start, &end)) {
		a = pango_attr_allow_breaks_new(FALSE);
		a->start_index = start;
		a->end_index = end;
		pango_attr_list_insert(list, a);
	}
	return list;
}

static size_t
canvas_text_wrap_lines(const struct canvas_font *f, const char *s, double maxw,
    size_t maxlines, struct str_list *out)
{
	PangoAttrList	*attrs;
	PangoLayoutLine	*line;
	GSList		*lines, *it;
	char		*piece;
	size_t		 n = 0;
	int		 start, len;

	canvas_text_context();
	/* Before canvas_text_set: measuring the words reuses the scratch layout. */
	attrs = canvas_text_keep_words(f, s, maxw);
	canvas_text_set(canvas_text_scratch, f, s);
	pango_layout_set_attributes(canvas_text_scratch, attrs);
	pango_layout_set_wrap(canvas_text_scratch, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_width(canvas_text_scratch, (int)(maxw * PANGO_SCALE));
	lines = pango_layout_get_lines_readonly(canvas_text_scratch);
	for (it = lines; it != NULL; it = it->next) {
		line = it->data;
		start = line->start_index;
		len = line->length;
		if (n + 1 == maxlines && it->next != NULL) {
			/* Last allowed line: the rest of the text, ellipsized. */
			piece = canvas_text_ellipsize(f, s + start,
			    strlen(s + start), maxw);
			str_list_add(out, piece);
			free(piece);
			n++;
			break;
		}
		while (len > 0 && s[start + len - 1] == ' ')
			len--;
		piece = xstrndup(s + start, len);
		str_list_add(out, piece);
		free(piece);
		n++;
	}
	pango_layout_set_attributes(canvas_text_scratch, NULL);
	pango_attr_list_unref(attrs);
	pango_layout_set_width(canvas_text_scratch, -1);
	return n;
}

size_t
canvas_text_wrap(const struct canvas_font *f, const char *s, double maxw,
    size_t maxlines, struct str_list *out)
{
	struct canvas_text_lines	*m;
	struct str_list			 lines = { 0 };
	const char			*p;
	char				*key, *q;
	size_t				 i, size;

	if (s == NULL || *s == '\0' || maxlines == 0)
		return 0;
	key = canvas_text_key('L', f, maxw, maxlines, s);
	if ((m = canvas_text_recall(key)) == NULL) {
		canvas_text_wrap_lines(f, s, maxw, maxlines, &lines);
		size = sizeof(*m);
		for (i = 0; i < lines.len; i++)
			size += strlen(lines.items[i]) + 1;
		m = xmalloc(size);
		m->n = lines.len;
		for (i = 0, q = m->text; i < lines.len; i++) {
			size = strlen(lines.items[i]) + 1;
			memcpy(q, lines.items[i], size);
			q += size;
		}
		str_list_free(&lines);
		canvas_text_remember(key, m);
	} else
		free(key);
	for (i = 0, p = m->text; i < m->n; i++, p += strlen(p) + 1)
		str_list_add(out, p);
	return m->n;
}
