/* SPDX-License-Identifier: ISC */
/*
 * The review page, written straight from the model. All the arithmetic
 * (best per row, relative performance, wins, ranks, merged equal cells) is
 * done here, in the same pass that writes the markup; the page's fixed
 * parts are the compiled-in templates/review.html and review.css.
 *
 * One rule keeps the page safe: a string from an input reaches the page
 * only through ph_text, which escapes it (text_escape_xml: markup characters
 * become entities, controls are dropped, bad UTF-8 becomes U+FFFD).
 * Everything else written is our own constant markup or a number we
 * formatted.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <glib.h>
#include <json-c/json.h>

#include "chart-axis.h"
#include "chart-frame.h"
#include "chart-palette.h"
#include "text-escape.h"
#include "publish-html.h"
#include "publish-findings.h"
#include "publish-lead.h"
#include "publish-steady.h"
#include "stats.h"
#include "templates.h"
#include "version.h"
#include "xalloc.h"

/* A section being written: its set and what the rows share. */
struct ph_sec {
	struct strbuf			*out;
	struct result_set		*rs;
	size_t				 set;		/* 0-based */
	long				 baseline;	/* system index, or -1 */
	const struct publish_options	*opt;
	const struct publish_charts	*charts;
	size_t				*wins;		/* per system */
	double				*logsum;	/* per system: sum of log rel */
	size_t				*nrel;		/* per system */
	struct publish_lead		*leads;		/* per test: stars and wins */
};

static bool	 ph_has(const char *s, const char *needle);
static void	 ph_text(struct strbuf *out, const char *s);
static void	 ph_basename(struct strbuf *out, const char *path);
static void	 ph_source(struct strbuf *out, const struct result_set *rs);
static void	 ph_multiline(struct strbuf *out, const char *cls, const char *s);
static const char *ph_cell(const struct result_set *rs, size_t si,
		    const char *key, bool facts, const char **prov);
static void	 ph_keys(const struct result_set *rs, bool facts,
		    struct str_list *keys);
static void	 ph_system_head(struct strbuf *out, const struct result_set *rs,
		    const char *first, bool swatch, long baseline);
static void	 ph_components(struct ph_sec *ps, bool facts);
static void	 ph_notes(struct ph_sec *ps);
static int	 ph_best(const struct test *t, long baseline, double *ref);
static double	 ph_relative(const struct test *t, double v, double ref);
static void	 ph_win(struct ph_sec *ps, const struct test *t);
static void	 ph_test_heading(struct strbuf *out, const struct test *t);
static void	 ph_dark_css(struct strbuf *);
static void	 ph_overview_css(struct strbuf *, struct result_set *const *,
		    size_t);
static void	 ph_overview(struct ph_sec *ps);
static char	*ph_short_name(const struct result_set *rs, size_t ti,
		    struct json_object *profiles);
static void	 ph_standing(struct ph_sec *ps);
static void	 ph_value_note(struct strbuf *out, const struct value *v);
static void	 ph_result(struct ph_sec *ps, size_t ti);
static bool	 ph_unread(struct strbuf *out, const struct result_set *rs,
		    const struct test *t);
static void	 ph_combined(struct strbuf *out, const struct publish_combined *c);
static void	 ph_section(struct ph_sec *ps);
static bool	 ph_same_test(const struct test *a, const struct test *b);
static void	 ph_contents_tests(struct strbuf *out,
		    const struct result_set *rs, size_t set);
static void	 ph_contents(struct strbuf *out, struct result_set *const *sets,
		    size_t nsets, const struct publish_options *opt);
static void	 ph_body(struct strbuf *out, struct result_set *const *sets,
		    size_t nsets, const struct publish_options *opt,
		    const struct publish_charts *charts);
static void	 ph_page_body(struct strbuf *out, void *arg);
static void	 ph_frame(const char *title, const char *css, const char *user_css,
		    void (*body)(struct strbuf *, void *), void *arg,
		    struct strbuf *out);
static const char *ph_title(struct result_set *const *sets, size_t nsets,
		    const struct publish_options *opt);

/* Whether s holds needle (ASCII), in any case. */
static bool
ph_has(const char *s, const char *needle)
{
	size_t	n = strlen(needle);

	for (; *s != '\0'; s++)
		if (strncasecmp(s, needle, n) == 0)
			return true;
	return false;
}

/* The one way input text reaches the page. */
static void
ph_text(struct strbuf *out, const char *s)
{
	text_escape_xml(out, s);
}

/* The last component of path: the page never shows where a file was. */
static void
ph_basename(struct strbuf *out, const char *path)
{
	const char	*slash = strrchr(path, '/');

	ph_text(out, slash != NULL ? slash + 1 : path);
}

/* Where rs came from, as its URL (a link), its file name or its title. */
static void
ph_source(struct strbuf *out, const struct result_set *rs)
{
	if (rs->source_url != NULL && *rs->source_url) {
		strbuf_adds(out, "<a href=\"");
		ph_text(out, rs->source_url);
		strbuf_adds(out, "\">");
		ph_text(out, rs->source_ref != NULL && *rs->source_ref ?
		    rs->source_ref : rs->source_url);
		strbuf_adds(out, "</a>");
	} else if (rs->source_path != NULL && *rs->source_path)
		ph_basename(out, rs->source_path);
	else
		ph_text(out, rs->title != NULL ? rs->title : "");
	if (rs->generator != NULL && *rs->generator) {
		strbuf_adds(out, " (");
		ph_text(out, rs->generator);
		strbuf_adds(out, ")");
	}
}

/*
 * Text of several lines (a runner's fio job file, notes with line breaks)
 * as a code block, so its lines stay lines; one line as a paragraph.
 */
static void
ph_multiline(struct strbuf *out, const char *cls, const char *s)
{
	const char	*nl = strchr(s, '\n');
	char		*head;

	if (nl == NULL || nl[1] == '\0') {
		strbuf_printf(out, "<p class=\"%s\">", cls);
		ph_text(out, s);
		strbuf_adds(out, "</p>\n");
		return;
	}
	/* A first line ending in ':' is the block's caption. */
	if (nl > s && nl[-1] == ':') {
		head = xstrndup(s, (size_t)(nl - s));
		strbuf_printf(out, "<p class=\"%s\">", cls);
		ph_text(out, head);
		strbuf_adds(out, "</p>\n");
		free(head);
		s = nl + 1;
	}
	strbuf_adds(out, "<pre class=\"code\"><code>");
	ph_text(out, s);
	strbuf_adds(out, "</code></pre>\n");
}

void
publish_format_value(const struct value *v, char *buf, size_t size)
{
	const char	*stated;

	if (v == NULL || !v->has_mean) {
		snprintf(buf, size, "%s", "");
		return;
	}
	/*
	 * The source's own text carries the test's precision ("0.017" vs
	 * "440.01"); use it when it is one plain number.
	 */
	if ((stated = value_stated_text(v)) != NULL && strlen(stated) < size)
		memcpy(buf, stated, strlen(stated) + 1);
	else
		snprintf(buf, size, "%.2f", v->mean);
}

void
publish_format_se(const struct value *v, char *buf, size_t size)
{
	int	dec;

	if (v == NULL || !v->has_se || !isfinite(v->se)) {
		snprintf(buf, size, "%s", "");
		return;
	}
	dec = chart_axis_decimals(value_stated_text(v));
	snprintf(buf, size, "%.*f", chart_axis_se_decimals(v->se,
	    dec >= 0 ? dec : 2), v->se);
}

void
publish_short_names(const struct result_set *rs, struct str_list *names)
{
	struct json_object	*profiles = NULL;
	const char		*pj;
	size_t			 ti;

	/* Parsed once: a set of OpenBenchmarking's names them all. */
	if ((pj = kv_list_get(&rs->extra, "ob-test-profiles")) != NULL)
		profiles = json_tokener_parse(pj);
	for (ti = 0; ti < rs->ntests; ti++) {
		char	*name = ph_short_name(rs, ti, profiles);

		str_list_add(names, name);
		free(name);
	}
	json_object_put(profiles);
}

static char *
ph_short_name(const struct result_set *rs, size_t ti,
    struct json_object *profiles)
{
	static const char *const words[][2] = {
		{ "Random ", "Rand " }, { "Sequential ", "Seq " },
		{ "Frequency ", "Freq " }, { "Temperature ", "Temp " },
	};
	const struct test	*t = &rs->tests[ti];
	struct json_object	*n;
	struct strbuf		 sb;
	const char		*pj, *p, *part, *colon, *dash, *base;
	char			*name = NULL, *s, *hit;
	size_t			 i, len;

	strbuf_init(&sb);
	/* The source's own name first (OpenBenchmarking's overview rows). */
	if (profiles != NULL && t->title != NULL &&
	    json_object_object_get_ex(profiles, t->title, &n) &&
	    json_object_is_type(n, json_type_string))
		name = xstrdup(json_object_get_string(n));
	/* Else the profile: "pts/fio-2.1.0" is fio, as PTS's base name. */
	if (name == NULL && t->identifier != NULL && *t->identifier) {
		base = strrchr(t->identifier, '/');
		base = base != NULL ? base + 1 : t->identifier;
		dash = strrchr(base, '-');
		len = dash != NULL && isdigit((unsigned char)dash[1]) ?
		    (size_t)(dash - base) : strlen(base);
		name = xstrndup(base, len);
	}
	/* Else the profile a known title belongs to, as the export names it. */
	if (name == NULL && (pj = test_profile_by_title(t->title)) != NULL)
		name = xstrdup(pj);
	if (name == NULL) {
		name = xstrdup(t->title != NULL && *t->title ? t->title : "test");
		for (s = name; *s; s++)
			*s = (char)tolower((unsigned char)*s);
	}
	strbuf_adds(&sb, name);
	free(name);
	/* PTS's get_arguments_description_shortened: values without keys. */
	p = t->description != NULL && *t->description ? t->description : NULL;
	if (p != NULL) {
		strbuf_adds(&sb, ": ");
		for (part = p; part != NULL; part = dash != NULL ? dash + 3 : NULL) {
			dash = strstr(part, " - ");
			len = dash != NULL ? (size_t)(dash - part) : strlen(part);
			for (colon = part; colon + 1 < part + len &&
			    !(colon[0] == ':' && colon[1] == ' '); colon++)
				;
			if (colon + 1 < part + len) {
				len -= (size_t)(colon + 2 - part);
				part = colon + 2;
			}
			strbuf_add(&sb, part, len);
			if (dash != NULL)
				strbuf_adds(&sb, " - ");
		}
	}
	/* As PTS does: a space after the last word, so that it is replaced too. */
	strbuf_addc(&sb, ' ');
	s = strbuf_detach(&sb);
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		while ((hit = strstr(s, words[i][0])) != NULL) {
			len = strlen(words[i][1]);
			memcpy(hit, words[i][1], len);
			memmove(hit + len, hit + strlen(words[i][0]),
			    strlen(hit + strlen(words[i][0])) + 1);
		}
	s[strlen(s) - 1] = '\0';
	return s;
}

/*
 * The cell of system si in row key: the raw field, or with facts the
 * normalised fact (*prov its provenance). NULL when the source does not
 * state it for this system (absent, or empty: nothing was read).
 */
static const char *
ph_cell(const struct result_set *rs, size_t si, const char *key, bool facts,
    const char **prov)
{
	const struct fact	*f;
	const char		*v;

	*prov = NULL;
	if (facts) {
		f = fact_list_get(&rs->systems[si].normalized, key);
		v = f != NULL ? f->value : NULL;
		*prov = f != NULL ? f->source : NULL;
	} else
		v = kv_list_get(&rs->systems[si].fields, key);
	return v != NULL && *v != '\0' ? v : NULL;
}

/* Row keys of the systems table in first-seen order across systems. */
static void
ph_keys(const struct result_set *rs, bool facts, struct str_list *keys)
{
	const char	*key;
	size_t		 si, k, i, n;

	for (si = 0; si < rs->nsystems; si++) {
		n = facts ? rs->systems[si].normalized.len :
		    rs->systems[si].fields.len;
		for (k = 0; k < n; k++) {
			key = facts ? rs->systems[si].normalized.items[k].key :
			    rs->systems[si].fields.items[k].key;
			for (i = 0; i < keys->len; i++)
				if (strcmp(keys->items[i], key) == 0)
					break;
			if (i == keys->len)
				str_list_add(keys, key);
		}
	}
}

/* The header row of a table with one column per system. */
static void
ph_system_head(struct strbuf *out, const struct result_set *rs,
    const char *first, bool swatch, long baseline)
{
	size_t	si;

	strbuf_printf(out, "<thead><tr><th>%s</th>", first);
	for (si = 0; si < rs->nsystems; si++) {
		strbuf_adds(out, "<th>");
		if (swatch)
			strbuf_printf(out, "<span class=\"sw\" style=\"background:%s\" "
			    "aria-hidden=\"true\"></span>", chart_palette_hex(si));
		ph_text(out, rs->systems[si].identifier);
		if ((long)si == baseline)
			strbuf_adds(out, " (baseline)");
		strbuf_adds(out, "</th>");
	}
	strbuf_adds(out, "</tr></thead>\n<tbody>\n");
}

/*
 * The system table as OpenBenchmarking draws it: one row per component,
 * one column per system, runs of equal adjacent cells merged. With facts,
 * the rows are the normalised facts and each cell carries its provenance.
 * A cell the source does not state reads "not stated" ("unknown" for a
 * fact) and is never a difference: a row differs only when two systems
 * state different values.
 */
static void
ph_components(struct ph_sec *ps, bool facts)
{
	const struct result_set	*rs = ps->rs;
	struct strbuf		*out = ps->out;
	struct str_list		 keys = { 0 };
	const char		*a, *b, *prov, *known, *ignored;
	size_t			 si, sj, k;
	bool			 differs, missing = false;

	ph_keys(rs, facts, &keys);
	if (keys.len == 0 && facts)
		goto out;
	if (facts)
		strbuf_adds(out, "<details><summary>Normalised facts and where "
		    "each came from</summary>\n");
	strbuf_adds(out, "<div class=\"wrap\"><table class=\"sys\">\n");
	ph_system_head(out, rs, facts ? "Fact" : "Component", !facts,
	    facts ? -1 : ps->baseline);
	for (k = 0; k < keys.len; k++) {
		differs = false;
		known = NULL;
		for (si = 0; si < rs->nsystems; si++) {
			a = ph_cell(rs, si, keys.items[k], facts, &prov);
			if (a != NULL && known == NULL)
				known = a;
			else if (a != NULL && strcmp(a, known) != 0)
				differs = true;
		}
		strbuf_adds(out, differs ? "<tr class=\"differs\">" : "<tr>");
		strbuf_adds(out, "<th>");
		ph_text(out, keys.items[k]);
		strbuf_adds(out, "</th>");
		for (si = 0; si < rs->nsystems; si = sj) {
			a = ph_cell(rs, si, keys.items[k], facts, &prov);
			/* Equal neighbours share a cell; so do neighbours not stated. */
			for (sj = si + 1; sj < rs->nsystems; sj++) {
				b = ph_cell(rs, sj, keys.items[k], facts, &ignored);
				if ((a == NULL) != (b == NULL) ||
				    (a != NULL && strcmp(a, b) != 0))
					break;
			}
			strbuf_printf(out, "<td colspan=\"%zu\"", sj - si);
			if (a == NULL) {
				strbuf_printf(out, " class=\"missing\">%s</td>",
				    facts ? "unknown" : "not stated");
				missing = true;
				continue;
			}
			strbuf_adds(out, ">");
			ph_text(out, a);
			if (prov != NULL) {
				strbuf_adds(out, "<span class=\"rel\">from ");
				ph_text(out, prov);
				strbuf_adds(out, "</span>");
			}
			strbuf_adds(out, "</td>");
		}
		strbuf_adds(out, "</tr>\n");
	}
	strbuf_adds(out, "</tbody></table></div>\n");
	if (facts)
		strbuf_adds(out, "<p class=\"muted note\">Rows marked \u2260 differ "
		    "between systems where the fact is known for both; \u201cunknown\u201d "
		    "(not stated, or not derivable from what is) is never counted as a "
		    "difference.</p>\n</details>\n");
	else {
		strbuf_adds(out, "<p class=\"muted note\">Rows marked \u2260 differ "
		    "between systems in what the source states; equal cells are merged.");
		if (missing)
			strbuf_adds(out, " \u201cNot stated\u201d marks a field the source "
			    "gives for other systems but not for this one (or that could "
			    "not be read from it); it is never counted as a difference.");
		strbuf_adds(out, "</p>\n");
	}
out:
	str_list_free(&keys);
}

/*
 * Notes, with identical notes of several systems shown once, as
 * OpenBenchmarking does: compiler and security details usually repeat for
 * every system, and repeating them buries the one that differs.
 */
static void
ph_notes(struct ph_sec *ps)
{
	const struct result_set	*rs = ps->rs;
	struct strbuf		*out = ps->out;
	const char		*name, *text, *tj;
	size_t			 si, sj, k, kj, nsame;
	bool			 earlier, any = false;

	for (si = 0; si < rs->nsystems; si++) {
		const struct system *s = &rs->systems[si];

		for (k = 0; k <= s->notes.len; k++) {
			if (k < s->notes.len) {
				name = s->notes.items[k].key;
				text = s->notes.items[k].value;
			} else {
				name = "Notes";
				text = s->notes_text;
			}
			if (text == NULL || *text == '\0')
				continue;
			earlier = false;
			for (sj = 0; sj < si && !earlier; sj++)
				for (kj = 0; kj < rs->systems[sj].notes.len; kj++)
					if (strcmp(rs->systems[sj].notes.items[kj].key, name) == 0 &&
					    strcmp(rs->systems[sj].notes.items[kj].value, text) == 0)
						earlier = true;
			if (earlier)
				continue;
			nsame = 1;
			for (sj = si + 1; sj < rs->nsystems; sj++)
				if ((tj = kv_list_get(&rs->systems[sj].notes, name)) != NULL &&
				    strcmp(tj, text) == 0)
					nsame++;
			if (!any)
				strbuf_adds(out, "<h3>Notes</h3>\n<dl class=\"notes note\">\n");
			any = true;
			strbuf_adds(out, "<dt>");
			if (nsame == rs->nsystems && nsame > 1)
				strbuf_adds(out, "All systems");
			else {
				ph_text(out, s->identifier);
				for (sj = si + 1; sj < rs->nsystems; sj++)
					if ((tj = kv_list_get(&rs->systems[sj].notes, name)) != NULL &&
					    strcmp(tj, text) == 0) {
						strbuf_adds(out, ", ");
						ph_text(out, rs->systems[sj].identifier);
					}
			}
			strbuf_adds(out, ": ");
			ph_text(out, name);
			strbuf_adds(out, "</dt><dd>");
			ph_text(out, text);
			strbuf_adds(out, "</dd>\n");
		}
	}
	if (any)
		strbuf_adds(out, "</dl>\n");
}

/*
 * The reference value of a row: the baseline system's value when one is
 * named and present, else the best value by the test's direction. Returns
 * the index of the best value in t->values, or -1 when there is no winner:
 * no direction, or fewer than two values (one system is the best of
 * nothing, and 100 % of itself says nothing either).
 */
static int
ph_best(const struct test *t, long baseline, double *ref)
{
	const struct value	*v;
	size_t			 i, nknown = 0;
	int			 best = -1;

	for (i = 0; i < t->nvalues; i++) {
		v = &t->values[i];
		if (!v->has_mean || !isfinite(v->mean))
			continue;
		nknown++;
		if (best == -1 ||
		    (t->proportion == PROP_LIB && v->mean < t->values[best].mean) ||
		    (t->proportion != PROP_LIB && v->mean > t->values[best].mean))
			best = (int)i;
	}
	if (nknown < 2 ||
	    (t->proportion != PROP_HIB && t->proportion != PROP_LIB))
		return -1;
	*ref = t->values[best].mean;
	if (baseline >= 0 && (v = test_find_value(t, (size_t)baseline)) != NULL &&
	    v->has_mean)
		*ref = v->mean;
	return best;
}

/* Performance relative to ref in percent, larger is better for both directions. */
static double
ph_relative(const struct test *t, double v, double ref)
{
	if (t->proportion == PROP_LIB)
		return v > 0 ? ref / v * 100.0 : NAN;
	return ref != 0 ? v / ref * 100.0 : NAN;
}

/*
 * A win for the best system of t exactly where its value is starred: its
 * lead over the next system is significant (publish-lead.h). Every value
 * also adds to its system's geometric mean of performance relative to
 * the best (the rank).
 */
static void
ph_win(struct ph_sec *ps, const struct test *t)
{
	const struct publish_lead	*l = &ps->leads[t - ps->rs->tests];
	const struct value		*b, *v;
	double				 ref;
	size_t				 i;
	int				 best;

	if ((best = ph_best(t, -1, &ref)) < 0)
		return;
	b = &t->values[best];
	for (i = 0; i < t->nvalues; i++) {
		v = &t->values[i];
		if ((int)i == best || !v->has_mean || !isfinite(v->mean))
			continue;
		if (v->mean > 0 && b->mean > 0) {
			ps->logsum[v->system] += log(ph_relative(t, v->mean, ref) / 100);
			ps->nrel[v->system]++;
		}
	}
	if (b->mean > 0)
		ps->nrel[b->system]++;
	if (l->kind == PUBLISH_LEAD_WON)
		ps->wins[t->values[l->top].system]++;
}

/* "Title: description · unit": distinct for two charts that differ only by unit. */
static void
ph_test_heading(struct strbuf *out, const struct test *t)
{
	ph_text(out, t->title);
	if (t->description != NULL && *t->description) {
		strbuf_adds(out, " \u2014 ");
		ph_text(out, t->description);
	} else if (t->arguments != NULL && *t->arguments) {
		strbuf_adds(out, " \u2014 ");
		ph_text(out, t->arguments);
	}
	if (t->unit != NULL && *t->unit) {
		strbuf_adds(out, " \u00b7 ");
		ph_text(out, t->unit);
	}
}

/*
 * The compact overview, as OpenBenchmarking's result view has it: one row
 * per test under the source's short name, linked to the test's chart,
 * one column per system, the best marked and the others relative to it.
 */
static void
ph_overview(struct ph_sec *ps)
{
	const struct result_set	*rs = ps->rs;
	struct strbuf		*out = ps->out;
	const struct test	*t;
	const struct value	*v;
	struct str_list		 names = { NULL, 0, 0 };
	char			 buf[128];
	double			 ref = NAN, rel;
	size_t			 ti, si;
	int			 best;
	bool			 anybest = false;

	strbuf_printf(out, "<h3 id=\"s%zu-overview\">Result overview</h3>\n",
	    ps->set + 1);
	if (ps->charts != NULL && rs->ntests > 1) {
		strbuf_adds(out, "<div class=\"chart ov\">");
		(void)ps->charts->svg(rs, ps->set, -1, ps->charts->arg, out);
		strbuf_adds(out, "</div>\n");
	}
	strbuf_adds(out, "<div class=\"wrap ovw\"><table class=\"overview\">\n");
	ph_system_head(out, rs, "Test", false, -1);
	publish_short_names(rs, &names);
	for (ti = 0; ti < rs->ntests; ti++) {
		t = &rs->tests[ti];
		best = ph_best(t, ps->baseline, &ref);
		ph_win(ps, t);
		strbuf_printf(out, "<tr><th><a href=\"#r%zu-%zu\" title=\"",
		    ps->set + 1, ti + 1);
		ph_text(out, t->title);
		strbuf_adds(out, "\">");
		ph_text(out, names.items[ti]);
		strbuf_adds(out, "</a><span class=\"rel\">");
		ph_text(out, t->unit);
		strbuf_adds(out, t->proportion == PROP_HIB ? " \u2191 more is better" :
		    t->proportion == PROP_LIB ? " \u2193 fewer is better" : "");
		strbuf_adds(out, "</span></th>");
		for (si = 0; si < rs->nsystems; si++) {
			v = test_find_value(t, si);
			if (v == NULL || !v->has_mean) {
				strbuf_adds(out, "<td class=\"missing\">no result</td>");
				continue;
			}
			publish_format_value(v, buf, sizeof(buf));
			rel = best != -1 ? ph_relative(t, v->mean, ref) : NAN;
			strbuf_adds(out, "<td class=\"");
			if (publish_lead_starred(&ps->leads[ti],
			    (size_t)(v - t->values))) {
				strbuf_adds(out, "best ");
				anybest = true;
			}
			if (isfinite(rel))
				strbuf_printf(out, "b%d", (int)fmin(10, fmax(0,
				    floor(rel / 10))));
			strbuf_adds(out, "\">");
			ph_text(out, buf);
			if (publish_lead_starred(&ps->leads[ti],
			    (size_t)(v - t->values)))
				strbuf_adds(out, "<span class=\"rel\">best</span>");
			else if (isfinite(rel))
				strbuf_printf(out, "<span class=\"rel\">%.1f%%</span>", rel);
			strbuf_adds(out, "</td>");
		}
		strbuf_adds(out, "</tr>\n");
	}
	strbuf_adds(out, "</tbody></table></div>\n");
	str_list_free(&names);
	if (rs->nsystems > 1) {
		strbuf_adds(out, "<p class=\"muted note rule\">");
		publish_lead_rule(ps->leads, rs->ntests, out);
		strbuf_printf(out, "%s; percentages are relative ", anybest ? "" :
		    " (no lead here is)");
		if (ps->baseline >= 0) {
			strbuf_adds(out, "to the baseline ");
			ph_text(out, ps->opt->baseline);
		} else
			strbuf_adds(out, "to the best");
		strbuf_adds(out, " (higher is better), and the shading repeats them.</p>\n");
	} else if (rs->nsystems == 1)
		strbuf_adds(out, "<p class=\"muted note\">One system: no value is "
		    "marked best, as there is nothing to compare it with.</p>\n");
}

/*
 * Wins and rank per system: wins from ph_win, the rank by the geometric
 * mean of performance relative to the best over the tests the system ran.
 */
static void
ph_standing(struct ph_sec *ps)
{
	const struct result_set	*rs = ps->rs;
	struct strbuf		*out = ps->out;
	double			*gm;
	size_t			 si, sj, rank, total = 0;

	if (rs->nsystems < 2)
		return;
	gm = xcalloc(rs->nsystems, sizeof(*gm));
	for (si = 0; si < rs->nsystems; si++) {
		gm[si] = ps->nrel[si] > 0 ? exp(ps->logsum[si] / (double)ps->nrel[si]) :
		    NAN;
		total += ps->wins[si];
	}
	if (total == 0 && !isfinite(gm[0]))
		goto out;
	strbuf_printf(out, "<h3 id=\"s%zu-standing\">Wins and rank</h3>\n"
	    "<div class=\"wrap\"><table class=\"standing\">\n<thead><tr>"
	    "<th>System</th><th>Wins</th>"
	    "<th>Relative performance</th><th>Rank</th>"
	    "</tr></thead>\n<tbody>\n", ps->set + 1);
	for (si = 0; si < rs->nsystems; si++) {
		strbuf_printf(out, "<tr><th><span class=\"sw\" "
		    "style=\"background:%s\" aria-hidden=\"true\"></span>",
		    chart_palette_hex(si));
		ph_text(out, rs->systems[si].identifier);
		strbuf_printf(out, "</th><td>%zu</td>", ps->wins[si]);
		if (!isfinite(gm[si])) {
			strbuf_adds(out, "<td class=\"missing\">no result</td>"
			    "<td></td></tr>\n");
			continue;
		}
		for (rank = 1, sj = 0; sj < rs->nsystems; sj++)
			if (isfinite(gm[sj]) && gm[sj] > gm[si])
				rank++;
		strbuf_printf(out, "<td>%.1f%%</td><td>%zu</td></tr>\n",
		    gm[si] * 100, rank);
	}
	strbuf_adds(out, "</tbody></table></div>\n<p class=\"muted note\">A win is "
	    "a \u2605 of the overview: the best result of a test whose lead over "
	    "the next system is significant by the test the comparison uses. "
	    "Relative performance is the geometric mean over the "
	    "tests a system ran of its result relative to the best; the rank "
	    "orders it.</p>\n");
out:
	free(gm);
}

/*
 * A value's note and error. A long one (a raw dd line) is folded into
 * <details>, so that it never pushes the numbers out of view.
 */
static void
ph_value_note(struct strbuf *out, const struct value *v)
{
	if (v->note != NULL && *v->note) {
		if (strlen(v->note) > 48) {
			strbuf_adds(out, "<details class=\"raw\"><summary>source text"
			    "</summary>");
			ph_text(out, v->note);
			strbuf_adds(out, "</details>");
		} else {
			strbuf_adds(out, "<span class=\"rel\">");
			ph_text(out, v->note);
			strbuf_adds(out, "</span>");
		}
	}
	if (v->error != NULL && *v->error) {
		strbuf_adds(out, "<span class=\"rel\">error: ");
		ph_text(out, v->error);
		strbuf_adds(out, "</span>");
	}
}

static void
ph_result(struct ph_sec *ps, size_t ti)
{
	const struct result_set	*rs = ps->rs;
	struct strbuf		*out = ps->out;
	const struct test	*t = &rs->tests[ti];
	const struct value	*v;
	const char		*args;
	char			 buf[128], *stem = NULL;
	size_t			 i;

	strbuf_printf(out, "<article class=\"result\" id=\"r%zu-%zu\">\n<h3>",
	    ps->set + 1, ti + 1);
	ph_text(out, t->title);
	if (t->app_version != NULL && *t->app_version) {
		strbuf_adds(out, " ");
		ph_text(out, t->app_version);
	}
	strbuf_adds(out, "</h3>\n<p class=\"args\">");
	args = t->description != NULL && *t->description ? t->description :
	    t->arguments;
	ph_text(out, args);
	if (t->unit != NULL && *t->unit) {
		strbuf_adds(out, " \u00b7 ");
		ph_text(out, t->unit);
	}
	strbuf_adds(out, t->proportion == PROP_HIB ? " \u00b7 More Is Better" :
	    t->proportion == PROP_LIB ? " \u00b7 Fewer Is Better" : "");
	strbuf_adds(out, "</p>\n<div class=\"grid\">\n<div class=\"chart\">");
	if (ps->charts != NULL) {
		(void)ps->charts->svg(rs, ps->set, (long)ti, ps->charts->arg, out);
		if (ps->charts->file_stem != NULL &&
		    (stem = ps->charts->file_stem(rs, ps->set, ti,
		    ps->charts->arg)) != NULL) {
			strbuf_adds(out, "<p class=\"muted note\">Chart files: "
			    "<a href=\"charts/");
			ph_text(out, stem);
			strbuf_adds(out, ".svg\">SVG</a> \u00b7 <a href=\"charts/");
			ph_text(out, stem);
			strbuf_adds(out, ".png\">PNG</a></p>");
			free(stem);
		}
	}
	strbuf_adds(out, "</div>\n<div class=\"wrap data\"><table>\n<caption "
	    "class=\"muted note\">Data");
	if (t->unit != NULL && *t->unit) {
		strbuf_adds(out, " (");
		ph_text(out, t->unit);
		strbuf_adds(out, ")");
	}
	strbuf_adds(out, "</caption>\n<thead><tr><th>System</th>"
	    "<th>Value</th><th>SE</th>"
	    "<th>N</th></tr></thead>\n<tbody>\n");
	for (i = 0; i < t->nvalues; i++) {
		v = &t->values[i];
		strbuf_adds(out, "<tr><th>");
		ph_text(out, rs->systems[v->system].identifier);
		strbuf_adds(out, "</th>");
		if (!v->has_mean)
			strbuf_adds(out, "<td class=\"missing\">no result");
		else {
			strbuf_adds(out, publish_lead_starred(&ps->leads[ti], i) ?
			    "<td class=\"best\">" : "<td>");
			publish_format_value(v, buf, sizeof(buf));
			ph_text(out, buf);
		}
		ph_value_note(out, v);
		strbuf_adds(out, "</td><td>");
		if (v->has_se && v->n >= 2) {
			publish_format_se(v, buf, sizeof(buf));
			strbuf_adds(out, buf);
		}
		strbuf_adds(out, "</td><td>");
		if (v->n > 0)
			strbuf_printf(out, "%ld%s", v->n, v->n < 3 ? " \u26a0" : "");
		strbuf_adds(out, "</td></tr>\n");
	}
	strbuf_adds(out, "</tbody></table></div>\n</div>\n");
	if (t->annotation != NULL) {
		strbuf_adds(out, "<p class=\"note\">");
		ph_text(out, t->annotation);
		strbuf_adds(out, "</p>\n");
	}
	for (i = 0; i < t->footnotes.len; i++) {
		strbuf_adds(out, "<p class=\"note muted\">");
		ph_text(out, t->footnotes.items[i]);
		strbuf_adds(out, "</p>\n");
	}
	(void)ph_unread(out, rs, t);
	publish_steady_marks(out, rs, t);
	strbuf_adds(out, "</article>\n");
}

/*
 * What the import could not read or attribute (the set's extra field
 * "benchreport-warnings", "LINE: message" a line), said where the reader
 * looks: beside test t's result the warnings that name its chart (by
 * title and arguments, as the source's chart heading reads), or with t
 * NULL, in the section, those that name no chart of the set. True when
 * something was written.
 */
static bool
ph_unread(struct strbuf *out, const struct result_set *rs,
    const struct test *t)
{
	const char	*w, *p, *e, *m, *args;
	char		*line, *key;
	size_t		 ti;
	bool		 any = false, mine;

	if ((w = kv_list_get(&rs->extra, "benchreport-warnings")) == NULL)
		return false;
	for (p = w; *p != '\0'; p = *e != '\0' ? e + 1 : e) {
		e = p + strcspn(p, "\n");
		line = xstrndup(p, (size_t)(e - p));
		mine = false;
		for (ti = 0; ti < rs->ntests && !mine; ti++) {
			const struct test	*u = t != NULL ? t : &rs->tests[ti];

			args = u->description != NULL && *u->description ?
			    u->description : u->arguments != NULL ? u->arguments : "";
			key = xasprintf("chart \"%s%s%s\": ", u->title != NULL ?
			    u->title : "", *args ? " " : "", args);
			mine = strstr(line, key) != NULL;
			free(key);
			if (t != NULL)
				break;
		}
		if (mine == (t != NULL)) {
			if (!any)
				strbuf_adds(out, t != NULL ? "<div class=\"unread note\">" :
				    "<div class=\"unread note\"><p>What could not be "
				    "read from the source:</p>");
			any = true;
			strbuf_adds(out, "<p>");
			m = strstr(line, "\": ");
			if (t != NULL && m != NULL) {
				strbuf_printf(out, "Not read from the source (line %ld): ",
				    strtol(line, NULL, 10));
				ph_text(out, m + 3);
			} else
				ph_text(out, line);
			strbuf_adds(out, "</p>");
		}
		free(line);
	}
	if (any)
		strbuf_adds(out, "</div>\n");
	return any;
}

/* A combined section says what it combines: each input and merge's remarks. */
static void
ph_combined(struct strbuf *out, const struct publish_combined *c)
{
	const struct result_set	*p;
	size_t			 i;

	if (c->nparts == 0)
		return;
	strbuf_printf(out, "<div class=\"combined note\">\n<p>This section "
	    "combines %zu result sets on shared charts: where they ran the same "
	    "test (title, description and unit), their systems stand side by "
	    "side, with a footnote where the versions differ.</p>\n<ul>\n",
	    c->nparts);
	for (i = 0; i < c->nparts; i++) {
		p = c->parts[i];
		strbuf_adds(out, "<li>");
		ph_text(out, p->title);
		if ((p->source_path != NULL && *p->source_path) ||
		    (p->source_url != NULL && *p->source_url)) {
			strbuf_adds(out, " \u2014 ");
			ph_source(out, p);
		}
		strbuf_adds(out, "</li>\n");
	}
	strbuf_adds(out, "</ul>\n");
	if (c->notes != NULL && c->notes->len > 0) {
		strbuf_adds(out, "<ul class=\"muted\">");
		for (i = 0; i < c->notes->len; i++) {
			strbuf_adds(out, "<li>");
			ph_text(out, c->notes->items[i]);
			strbuf_adds(out, "</li>");
		}
		strbuf_adds(out, "</ul>\n");
	}
	strbuf_adds(out, "</div>\n");
}

static void
ph_section(struct ph_sec *ps)
{
	struct result_set	*rs = ps->rs;
	struct strbuf		*out = ps->out;
	struct str_list		 names = { NULL, 0, 0 };
	size_t			 ti;

	strbuf_printf(out, "<section id=\"s%zu\">\n<h2>", ps->set + 1);
	ph_text(out, rs->title != NULL && *rs->title ? rs->title :
	    "Untitled result set");
	strbuf_adds(out, "</h2>\n");
	if (rs->description != NULL && *rs->description)
		ph_multiline(out, "desc", rs->description);
	if (rs->notes != NULL && *rs->notes)
		ph_multiline(out, "note", rs->notes);
	if (ps->opt->combined != NULL)
		ph_combined(out, &ps->opt->combined[ps->set]);
	publish_short_names(rs, &names);
	publish_findings(rs, ps->leads, &names, ps->set, out);
	str_list_free(&names);
	strbuf_printf(out, "<h3 id=\"s%zu-systems\">Systems</h3>\n", ps->set + 1);
	ph_components(ps, false);
	ph_components(ps, true);
	ph_notes(ps);
	(void)ph_unread(out, rs, NULL);
	ph_overview(ps);
	ph_standing(ps);
	for (ti = 0; ti < rs->ntests; ti++)
		ph_result(ps, ti);
	strbuf_adds(out, "</section>\n");
}

/* Does test a have the same title and version as test b? */
static bool
ph_same_test(const struct test *a, const struct test *b)
{
	return strcmp(a->title != NULL ? a->title : "", b->title != NULL ?
	    b->title : "") == 0 && strcmp(a->app_version != NULL ?
	    a->app_version : "", b->app_version != NULL ? b->app_version :
	    "") == 0;
}

/*
 * A set's results in the contents, compact: one line per test (title and
 * version, its results gathered from the whole set), then a link per result named by its short arguments without
 * the parts every result of that test shares, and its unit ("Rand Read -
 * 4KB (IOPS)"). The result itself states its full arguments.
 */
static void
ph_contents_tests(struct strbuf *out, const struct result_set *rs, size_t set)
{
	struct str_list	 names = { NULL, 0, 0 };
	char		***parts, **common;
	const char	*desc, *colon;
	size_t		*grp, ng, nc, a, ti, k, n, m, j;
	bool		*done, first, shared;

	publish_short_names(rs, &names);
	done = xcalloc(rs->ntests + 1, sizeof(*done));
	grp = xcalloc(rs->ntests + 1, sizeof(*grp));
	parts = xcalloc(rs->ntests + 1, sizeof(*parts));
	/* Each result's short arguments, split at " - ", once. */
	for (ti = 0; ti < rs->ntests; ti++) {
		desc = names.items[ti];
		if ((colon = strstr(desc, ": ")) != NULL)
			desc = colon + 2;
		parts[ti] = g_strsplit(desc, " - ", -1);
	}
	for (a = 0; a < rs->ntests; a++) {
		if (done[a])
			continue;
		/* The test's results, wherever they are in the set. */
		for (ng = 0, ti = a; ti < rs->ntests; ti++)
			if (!done[ti] && ph_same_test(&rs->tests[a], &rs->tests[ti])) {
				done[ti] = true;
				grp[ng++] = ti;
			}
		/* The parts every result of the test shares say nothing here. */
		common = xcalloc(g_strv_length(parts[a]) + 1, sizeof(*common));
		nc = 0;
		for (n = 0; ng > 1 && parts[a][n] != NULL; n++) {
			shared = true;
			for (k = 1; k < ng && shared; k++) {
				for (m = 0; parts[grp[k]][m] != NULL &&
				    strcmp(parts[grp[k]][m], parts[a][n]) != 0; m++)
					;
				shared = parts[grp[k]][m] != NULL;
			}
			if (shared)
				common[nc++] = parts[a][n];
		}
		strbuf_adds(out, "<li>");
		ph_text(out, rs->tests[a].title != NULL && *rs->tests[a].title ?
		    rs->tests[a].title : "Untitled test");
		if (rs->tests[a].app_version != NULL && *rs->tests[a].app_version) {
			strbuf_adds(out, " ");
			ph_text(out, rs->tests[a].app_version);
		}
		strbuf_adds(out, ": ");
		for (k = 0; k < ng; k++) {
			ti = grp[k];
			strbuf_printf(out, "%s<a href=\"#r%zu-%zu\" title=\"", k > 0 ?
			    " \u00b7 " : "", set + 1, ti + 1);
			ph_test_heading(out, &rs->tests[ti]);
			strbuf_adds(out, "\">");
			first = true;
			for (n = 0; parts[ti][n] != NULL; n++) {
				for (j = 0; j < nc && strcmp(common[j], parts[ti][n]) != 0; j++)
					;
				if (j < nc)
					continue;
				strbuf_adds(out, first ? "" : " - ");
				ph_text(out, parts[ti][n]);
				first = false;
			}
			if (rs->tests[ti].unit != NULL && *rs->tests[ti].unit) {
				strbuf_adds(out, first ? "" : " (");
				ph_text(out, rs->tests[ti].unit);
				strbuf_adds(out, first ? "" : ")");
			} else if (first)
				strbuf_printf(out, "#%zu", k + 1);
			strbuf_adds(out, "</a>");
		}
		strbuf_adds(out, "</li>\n");
		free(common);
	}
	for (ti = 0; ti < rs->ntests; ti++)
		g_strfreev(parts[ti]);
	free(parts);
	free(grp);
	free(done);
	str_list_free(&names);
}

/* The contents: every entry distinct (a chart's unit is part of its name). */
static void
ph_contents(struct strbuf *out, struct result_set *const *sets, size_t nsets,
    const struct publish_options *opt)
{
	const struct result_set	*rs;
	size_t			 i;

	strbuf_adds(out, "<nav class=\"toc\" aria-label=\"Contents\">\n"
	    "<h2>Contents</h2>\n<ol>\n");
	if (opt->diff_html != NULL)
		strbuf_adds(out, "<li><a href=\"#comparison\">Comparison of the "
		    "two result sets</a></li>\n");
	for (i = 0; i < nsets; i++) {
		rs = sets[i];
		strbuf_printf(out, "<li><a href=\"#s%zu\">", i + 1);
		ph_text(out, rs->title != NULL && *rs->title ? rs->title :
		    "Untitled result set");
		strbuf_printf(out, "</a>\n<ol>\n<li><a href=\"#s%zu-systems\">"
		    "Systems</a></li>\n<li><a href=\"#s%zu-overview\">Result "
		    "overview</a></li>\n", i + 1, i + 1);
		ph_contents_tests(out, rs, i);
		strbuf_adds(out, "</ol></li>\n");
	}
	strbuf_adds(out, "</ol>\n</nav>\n");
}

static const char *
ph_title(struct result_set *const *sets, size_t nsets,
    const struct publish_options *opt)
{
	/* Several sets: the first one's title would misname the page. */
	if (opt->title != NULL)
		return opt->title;
	if (nsets == 1 && sets[0]->title != NULL && *sets[0]->title)
		return sets[0]->title;
	return "Benchmark review";
}

static void
ph_body(struct strbuf *out, struct result_set *const *sets, size_t nsets,
    const struct publish_options *opt, const struct publish_charts *charts)
{
	const struct publish_combined	*c;
	struct ph_sec			 ps;
	size_t				 i, k, nsrc = 0;

	strbuf_adds(out, "<header>\n<h1>");
	ph_text(out, ph_title(sets, nsets, opt));
	strbuf_adds(out, "</h1>\n");
	if (nsets == 1 && sets[0]->description != NULL && opt->title == NULL)
		ph_multiline(out, "desc", sets[0]->description);
	/* The inputs: a combined section's parts, not the merged set. */
	for (i = 0; i < nsets; i++) {
		c = opt->combined != NULL ? &opt->combined[i] : NULL;
		nsrc += c != NULL && c->nparts > 0 ? c->nparts : 1;
	}
	strbuf_printf(out, "<p class=\"muted\">Source%s: ", nsrc > 1 ? "s" : "");
	for (i = 0, nsrc = 0; i < nsets; i++) {
		c = opt->combined != NULL ? &opt->combined[i] : NULL;
		if (c == NULL || c->nparts == 0) {
			strbuf_adds(out, nsrc++ > 0 ? "; " : "");
			ph_source(out, sets[i]);
		}
		for (k = 0; c != NULL && k < c->nparts; k++) {
			strbuf_adds(out, nsrc++ > 0 ? "; " : "");
			ph_source(out, c->parts[k]);
		}
	}
	strbuf_adds(out, "</p>\n</header>\n");
	ph_contents(out, sets, nsets, opt);
	strbuf_adds(out, "<main>\n");
	if (opt->diff_html != NULL) {
		/* diff-html.c escaped every string of the sets already. */
		strbuf_adds(out, "<div id=\"comparison\">");
		strbuf_adds(out, opt->diff_html);
		strbuf_adds(out, "</div>\n");
	}
	/* publish-track.c escaped every string of the store already. */
	if (opt->track_html != NULL)
		strbuf_adds(out, opt->track_html);
	if (opt->xy_html != NULL)
		strbuf_adds(out, opt->xy_html);
	for (i = 0; i < nsets; i++) {
		memset(&ps, 0, sizeof(ps));
		ps.out = out;
		ps.rs = sets[i];
		ps.set = i;
		ps.opt = opt;
		ps.charts = charts;
		ps.baseline = opt->baseline != NULL ?
		    result_set_find_system(sets[i], opt->baseline) : -1;
		ps.wins = xcalloc(sets[i]->nsystems + 1, sizeof(*ps.wins));
		ps.nrel = xcalloc(sets[i]->nsystems + 1, sizeof(*ps.nrel));
		ps.logsum = xcalloc(sets[i]->nsystems + 1, sizeof(*ps.logsum));
		ps.leads = xcalloc(sets[i]->ntests + 1, sizeof(*ps.leads));
		publish_leads(sets[i], PUBLISH_LEAD_ALPHA, ps.leads);
		ph_section(&ps);
		free(ps.leads);
		free(ps.wins);
		free(ps.nrel);
		free(ps.logsum);
	}
	strbuf_adds(out, "</main>\n<footer>\n<p>Generated by benchreport "
	    BENCHREPORT_VERSION ". Values are the figures each source states; "
	    "whiskers and \u201cSE +/-\u201d show one standard error of the mean "
	    "over N runs.</p>\n</footer>\n");
}

/*
 * The charts' dark colours, from the palette's pairs: a chart's colours
 * are attributes (fill="#0072b2"), which a style sheet's rules override,
 * so the same SVG serves a light page, a dark one and a chart file. A
 * colour square's inline background gives way to an !important rule.
 */
static void
ph_dark_css(struct strbuf *out)
{
	const struct chart_colour_pair	*p;
	size_t				 i, n;
	char				 l[8], k[8];

	p = chart_palette_pairs(&n);
	strbuf_adds(out, "@media screen and (prefers-color-scheme: dark) {\n");
	for (i = 0; i < n; i++) {
		snprintf(l, sizeof(l), "#%06x", (unsigned)(p[i].light & 0xFFFFFF));
		snprintf(k, sizeof(k), "#%06x", (unsigned)(p[i].dark & 0xFFFFFF));
		if (p[i].light == CHART_INK || p[i].light == CHART_GREY)
			strbuf_printf(out, "  :root { --chart-%s:%s; }\n",
			    p[i].light == CHART_INK ? "ink" : "grey", k);
		strbuf_printf(out, "  .chart [fill=\"%s\"] { fill:%s; } "
		    ".chart [stroke=\"%s\"] { stroke:%s; }\n", l, k, l, k);
		/* Swatches and bars in HTML carry the light colour inline. */
		strbuf_printf(out, "  [style^=\"background:%s\"] "
		    "{ background:%s !important; }\n", l, k);
	}
	strbuf_adds(out, "}\n");
}

/*
 * On a narrow screen each overview row is a card (the style sheet's
 * ".overview" rules up to 1000 px): the test's name across, then each
 * system's value under its name. The names come from these rules, one
 * per system and section, so the table's cells stay as they are. A name
 * is a CSS string: every ASCII character but letters, digits and spaces
 * is written as an escape, so no input can end the string or the sheet.
 */
static void
ph_overview_css(struct strbuf *out, struct result_set *const *sets,
    size_t nsets)
{
	const unsigned char	*p;
	size_t			 i, si;

	strbuf_adds(out, "@media screen and (max-width: 1000px) {\n");
	for (i = 0; i < nsets; i++)
		for (si = 0; si < sets[i]->nsystems; si++) {
			strbuf_printf(out, "  #s%zu .overview td:nth-child(%zu)::before "
			    "{ content:\"", i + 1, si + 2);
			p = (const unsigned char *)(sets[i]->systems[si].identifier != NULL ?
			    sets[i]->systems[si].identifier : "");
			for (; *p != '\0'; p++)
				if (*p >= 0x80 || g_ascii_isalnum(*p) || *p == ' ')
					strbuf_addc(out, (char)*p);
				else
					strbuf_printf(out, "\\%02x ", *p);
			strbuf_adds(out, "\"; }\n");
		}
	strbuf_adds(out, "}\n");
}

/* What ph_frame's body callback for the review page needs. */
struct ph_page {
	struct result_set *const	*sets;
	size_t				 nsets;
	const struct publish_options	*opt;
	const struct publish_charts	*charts;
};

static void
ph_page_body(struct strbuf *out, void *arg)
{
	const struct ph_page	*pg = arg;

	ph_body(out, pg->sets, pg->nsets, pg->opt, pg->charts);
}

/*
 * The skeleton with its markers filled: the escaped title, our style
 * sheet and its dark colours, then css and user_css (either may be NULL),
 * and the body body writes.
 */
static void
ph_frame(const char *title, const char *css, const char *user_css,
    void (*body)(struct strbuf *, void *), void *arg, struct strbuf *out)
{
	const char	*skel = (const char *)template_review_html, *p, *at, *end;
	size_t		 len;

	/* The skeleton's @NAME@ markers are where the variable parts go. */
	for (p = skel; (at = strchr(p, '@')) != NULL; p = end + 1) {
		strbuf_add(out, p, (size_t)(at - p));
		if ((end = strchr(at + 1, '@')) == NULL) {
			p = at;
			break;
		}
		len = (size_t)(end - at - 1);
		if (len == 5 && memcmp(at + 1, "TITLE", 5) == 0)
			ph_text(out, title);
		else if (len == 9 && memcmp(at + 1, "GENERATOR", 9) == 0)
			strbuf_adds(out, "benchreport " BENCHREPORT_VERSION);
		else if (len == 3 && memcmp(at + 1, "CSS", 3) == 0) {
			strbuf_add(out, (const char *)template_review_css,
			    template_review_css_len);
			ph_dark_css(out);
			if (css != NULL)
				strbuf_adds(out, css);
			if (user_css != NULL) {
				strbuf_adds(out, "\n/* --css */\n");
				strbuf_adds(out, user_css);
			}
		} else if (len == 4 && memcmp(at + 1, "BODY", 4) == 0)
			body(out, arg);
		else
			strbuf_add(out, at, (size_t)(end - at + 1));
	}
	strbuf_adds(out, p);
}

void
publish_html_frame(const char *title, const char *css,
    void (*body)(struct strbuf *, void *), void *arg, struct strbuf *out)
{
	ph_frame(title, css, NULL, body, arg, out);
}

int
publish_html_page(struct result_set *const *sets, size_t nsets,
    const struct publish_options *opt, const struct publish_charts *charts,
    struct strbuf *out, struct diag *d)
{
	struct ph_page	pg = { sets, nsets, opt, charts };
	struct strbuf	css;

	if (nsets == 0)
		return diag_set(d, NULL, 0, "nothing to publish");
	/* A user's CSS is trusted, but may not end the element it is in. */
	if (opt->user_css != NULL && (ph_has(opt->user_css, "</style") ||
	    ph_has(opt->user_css, "<!--")))
		return diag_set(d, NULL, 0, "the style sheet holds \"</style\" or "
		    "\"<!--\", which would end the page's <style> element");
	/* The overview's narrow-screen names, then the diff section's. */
	strbuf_init(&css);
	ph_overview_css(&css, sets, nsets);
	if (opt->diff_css != NULL)
		strbuf_adds(&css, opt->diff_css);
	if (opt->track_css != NULL)
		strbuf_adds(&css, opt->track_css);
	ph_frame(ph_title(sets, nsets, opt), strbuf_str(&css), opt->user_css,
	    ph_page_body, &pg, out);
	strbuf_free(&css);
	return 0;
}

/*
 * Wins and relative performance per system, by the same rule as the
 * page's "Wins and rank" (ph_win), for the PDF. wins and gm hold
 * rs->nsystems entries; gm[i] is NAN for a system with no result.
 */
void
publish_standing(const struct result_set *rs, size_t *wins, double *gm)
{
	struct ph_sec	ps;
	size_t		ti, si;

	memset(&ps, 0, sizeof(ps));
	ps.rs = (struct result_set *)rs;
	ps.baseline = -1;
	ps.wins = xcalloc(rs->nsystems + 1, sizeof(*ps.wins));
	ps.nrel = xcalloc(rs->nsystems + 1, sizeof(*ps.nrel));
	ps.logsum = xcalloc(rs->nsystems + 1, sizeof(*ps.logsum));
	ps.leads = xcalloc(rs->ntests + 1, sizeof(*ps.leads));
	publish_leads(rs, PUBLISH_LEAD_ALPHA, ps.leads);
	for (ti = 0; ti < rs->ntests; ti++)
		ph_win(&ps, &rs->tests[ti]);
	for (si = 0; si < rs->nsystems; si++) {
		wins[si] = ps.wins[si];
		gm[si] = ps.nrel[si] > 0 ? exp(ps.logsum[si] /
		    (double)ps.nrel[si]) : NAN;
	}
	free(ps.wins);
	free(ps.nrel);
	free(ps.logsum);
	free(ps.leads);
}
