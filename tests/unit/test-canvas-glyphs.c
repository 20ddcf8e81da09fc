/* SPDX-License-Identifier: ISC */
/*
 * The glyph tables (canvas-glyphs.c) against pango itself: for every chart
 * font and thousands of strings (chart-like labels, numbers and random
 * printable ASCII), a width from the tables is pango's width to the pango
 * unit, and a glyph line has pango's glyphs at pango's positions. Text the
 * tables do not cover (non-ASCII, mixed fonts) goes to pango and still
 * comes back with pango's width. The tables must cover most ASCII, or
 * they would be no use.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "canvas-glyphs.h"
#include "canvas-text.h"
#include "tap.h"

static const struct canvas_font fonts[] = {
	{ 17.0, 1, 0 }, { 12.5, 0, 0 }, { 12.0, 0, 0 }, { 12.0, 1, 0 },
	{ 10.5, 0, 0 }, { 10.0, 0, 0 }, { 12.0, 0, 1 }, { 8.0, 0, 0 },
	{ 22.0, 1, 0 },
};

static const char *const fixed[] = {
	"", " ", "SE +/- 0.33, N = 3", "8523.52", "MB/s, More Is Better",
	"Flexible IO Tester 3.36", "Samsung 980 PRO 2TB", "AVATAR To. Wa,",
	"Office affluent fi fl ffi", "1,234,567.89", "-0.5", "(100%)",
	"Type: Random Read - Engine: IO_uring - Direct: Yes",
};

static const char *const other[] = {
	"caf\xC3\xA9 na\xC3\xAFve", "\xE2\x80\xA6", "\xE6\x97\xA5\xE6\x9C\xAC",
	"a\xE2\x80\x8B" "b", "\xD7\xA9\xD7\x9C\xD7\x95\xD7\x9D abc",
	"\xF0\x9F\x98\x80 x",
};

static unsigned long	rng = 12345;

static int
next_rand(int n)
{
	rng = rng * 6364136223846793005UL + 1442695040888963407UL;
	return (int)((rng >> 33) % (unsigned long)n);
}

static int
pango_width(const struct canvas_font *f, const char *s)
{
	PangoLayout	*l = canvas_text_layout(f, s);
	PangoRectangle	 logical;

	pango_layout_get_extents(l, NULL, &logical);
	g_object_unref(l);
	return logical.width;
}

/* Do the glyph line's glyphs equal pango's, position for position? */
static int
same_glyphs(const struct canvas_font *f, const char *s)
{
	const struct canvas_glyph_line	*gl = canvas_glyphs_line(f, s);
	PangoLayout			*l = canvas_text_layout(f, s);
	PangoLayoutLine			*line = pango_layout_get_line_readonly(l, 0);
	PangoLayoutRun			*run;
	PangoGlyphInfo			*gi;
	GSList				*it;
	size_t				 r = 0;
	long				 x = 0;
	int				 i, k = 0, ok = gl->layout == NULL;

	for (it = line != NULL ? line->runs : NULL; ok && it != NULL;
	    it = it->next, r++, k = 0) {
		run = it->data;
		if (r >= gl->nruns) {
			ok = 0;
			break;
		}
		for (i = 0; i < run->glyphs->num_glyphs; i++) {
			gi = &run->glyphs->glyphs[i];
			if (gi->glyph == PANGO_GLYPH_EMPTY) {
				x += gi->geometry.width;
				continue;
			}
			if (k >= gl->runs[r].n ||
			    gl->runs[r].glyphs[k].index != gi->glyph ||
			    fabs(gl->runs[r].glyphs[k].x -
			    (double)(x + gi->geometry.x_offset) / PANGO_SCALE) > 1e-9)
				ok = 0;
			k++;
			x += gi->geometry.width;
		}
		if (k != gl->runs[r].n)
			ok = 0;
	}
	if (r != gl->nruns)
		ok = 0;
	g_object_unref(l);
	return ok;
}

/*
 * Pango's own wrap of s at maxw, as canvas-text set it up before the
 * tables: word-or-char wrapping, and words holding "-" or "/" kept whole
 * when they fit a line. The word loop repeats canvas_text_keep_words on
 * purpose: this is the oracle, and the module's copy is static.
 */
static void
pango_wrap(const struct canvas_font *f, const char *s, double maxw,
    struct str_list *out)
{
	PangoLayout	*l = canvas_text_layout(f, s);
	PangoAttrList	*attrs = pango_attr_list_new();
	PangoAttribute	*a;
	GSList		*it;
	size_t		 start, end;
	char		*word;
	int		 st, len;
	double		 w;

	for (start = 0; s[start] != '\0'; start = end) {
		while (s[start] == ' ')
			start++;
		for (end = start; s[end] != '\0' && s[end] != ' '; end++)
			;
		if (end == start || strcspn(s + start, "-/") >= end - start)
			continue;
		word = g_strndup(s + start, end - start);
		if (canvas_glyphs_width(f, word, &w) && w <= maxw) {
			a = pango_attr_allow_breaks_new(FALSE);
			a->start_index = start;
			a->end_index = end;
			pango_attr_list_insert(attrs, a);
		}
		g_free(word);
	}
	pango_layout_set_attributes(l, attrs);
	pango_layout_set_wrap(l, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_width(l, (int)(maxw * PANGO_SCALE));
	for (it = pango_layout_get_lines_readonly(l); it != NULL; it = it->next) {
		PangoLayoutLine *line = it->data;

		st = line->start_index;
		len = line->length;
		while (len > 0 && s[st + len - 1] == ' ')
			len--;
		word = g_strndup(s + st, len);
		str_list_add(out, word);
		g_free(word);
	}
	pango_attr_list_unref(attrs);
	g_object_unref(l);
}

static const char *const words[] = {
	"Flexible", "IO", "Tester", "3.36", "Type:", "Random", "Read", "-",
	"Engine:", "IO_uring", "Direct:", "Yes", "Block", "Size:", "4KB",
	"Job", "Count:", "32", "Disk", "Target:", "Default", "Test",
	"Directory", "(CC)", "gcc", "options:", "-O2", "-march=native",
	"-U_FORTIFY_SOURCE", "/dev/nvme0n1", "ext4/btrfs", "MB/s,", "More",
	"Is", "Better", "x86_64", "5.15.0-91-generic", "[RAID0]", "a+b=c",
	"50%", "$HOME", "#1", "what?", "yes!", "key=value;", "\"quoted\"",
	"'single'", "C++", "1,024", "0.5", "e.g.", "Ubuntu", "22.04",
};

static void
test_wrap(void)
{
	static const double	 widths[] = { 90, 160, 240, 380, 560, 772 };
	const struct canvas_font *f;
	struct str_list		 got, want;
	char			 s[600], name[200];
	size_t			 i, k, wi, fi, len;
	int			 j, n, differ = 0, tried = 0;

	for (i = 0; i < 3000; i++) {
		n = 1 + next_rand(30);
		len = 0;
		s[0] = '\0';
		for (j = 0; j < n; j++) {
			const char *wd = words[next_rand(sizeof(words) / sizeof(words[0]))];

			if (len + strlen(wd) + 2 >= sizeof(s))
				break;
			len += (size_t)snprintf(s + len, sizeof(s) - len, "%s%s",
			    j ? " " : "", wd);
		}
		fi = (size_t)next_rand(sizeof(fonts) / sizeof(fonts[0]));
		f = &fonts[fi];
		wi = (size_t)next_rand(sizeof(widths) / sizeof(widths[0]));
		memset(&got, 0, sizeof(got));
		memset(&want, 0, sizeof(want));
		canvas_text_wrap(f, s, widths[wi], 1000, &got);
		pango_wrap(f, s, widths[wi], &want);
		tried++;
		k = got.len == want.len;
		for (j = 0; k && j < (int)got.len; j++)
			k = strcmp(got.items[j], want.items[j]) == 0;
		if (!k) {
			differ++;
			if (differ <= 5) {
				printf("# \"%s\" at %.1f px, %.0f wide:\n", s, f->size,
				    widths[wi]);
				for (j = 0; j < (int)got.len; j++)
					printf("#   got  %s\n", got.items[j]);
				for (j = 0; j < (int)want.len; j++)
					printf("#   want %s\n", want.items[j]);
			}
		}
		str_list_free(&got);
		str_list_free(&want);
	}
	snprintf(name, sizeof(name), "wrapping from the tables breaks where "
	    "pango does (%d strings)", tried);
	is_int(differ, 0, name);
}

int
main(void)
{
	char		 s[64], name[160];
	const char	*str;
	size_t		 fi, i, n;
	int		 j, len, tabled = 0, tried = 0, wrong = 0, glyphs_wrong = 0;
	double		 w;

	for (fi = 0; fi < sizeof(fonts) / sizeof(fonts[0]); fi++) {
		const struct canvas_font *f = &fonts[fi];

		for (i = 0; i < 1500; i++) {
			if (i < sizeof(fixed) / sizeof(fixed[0]))
				str = fixed[i];
			else if (i % 3 == 0) {
				snprintf(s, sizeof(s), "%.*f", next_rand(4),
				    next_rand(10000000) / 100.0);
				str = s;
			} else {
				len = 1 + next_rand(24);
				for (j = 0; j < len; j++)
					s[j] = (char)(0x20 + next_rand(95));
				s[len] = '\0';
				str = s;
			}
			tried++;
			if (canvas_glyphs_width(f, str, &w)) {
				tabled++;
				if (lround(w * PANGO_SCALE) != pango_width(f, str)) {
					wrong++;
					printf("# width of \"%s\" at %.1f: %.4f, pango %.4f\n",
					    str, f->size, w,
					    (double)pango_width(f, str) / PANGO_SCALE);
				}
			}
			if (!same_glyphs(f, str)) {
				glyphs_wrong++;
				printf("# glyphs of \"%s\" at %.1f differ\n", str, f->size);
			}
		}
		n = 0;
		for (i = 0; i < sizeof(other) / sizeof(other[0]); i++) {
			const struct canvas_glyph_line *gl = canvas_glyphs_line(f, other[i]);

			if (canvas_glyphs_width(f, other[i], &w))
				n++;
			if (lround(gl->width * PANGO_SCALE) != pango_width(f, other[i]))
				n++;
		}
		snprintf(name, sizeof(name), "font %.1f%s%s: non-ASCII goes to pango, "
		    "same width", f->size, f->bold ? " bold" : "",
		    f->italic ? " italic" : "");
		is_int(n, 0, name);
	}
	is_int(wrong, 0, "every tabled width is pango's width");
	test_wrap();
	is_int(glyphs_wrong, 0, "every glyph line has pango's glyphs and positions");
	snprintf(name, sizeof(name), "the tables cover most ASCII (%d of %d)",
	    tabled, tried);
	ok(tabled * 10 >= tried * 9, name);
	canvas_text_shutdown();
	canvas_text_shutdown();
	ok(canvas_glyphs_width(&fonts[0], "again", &w) && w > 0,
	    "tables are rebuilt after a shutdown");
	canvas_text_shutdown();
	return tap_done();
}
