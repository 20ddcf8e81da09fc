/* SPDX-License-Identifier: ISC */
/*
 * The pages of serve-page.h. The set and compare pages are publish's
 * review page (publish_page), with a bar of links to the other pages put
 * after <body>; the others are written here into publish_html_frame, so
 * they share its style sheet, dark mode and phone layout. Forms are GET
 * forms, links plain links: the pages need no script, and the server's
 * Content-Security-Policy forbids any.
 *
 * A string from the store or the request reaches a page only through
 * sp_text (text_escape_xml) or, inside a URL, sp_url (percent-encoding,
 * which leaves nothing markup would read).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas-svg.h"
#include "canvas.h"
#include "chart.h"
#include "diff.h"
#include "meta.h"
#include "publish.h"
#include "query-sets.h"
#include "serve-cache.h"
#include "serve-find.h"
#include "serve-page.h"
#include "text-escape.h"
#include "text-json.h"
#include "xalloc.h"

/* The style the pages add to the review's sheet. */
#define SP_CSS \
	"nav.serve { display:flex; flex-wrap:wrap; gap:.4rem 1rem; padding:.4rem 0;" \
	" border-bottom:1px solid var(--line); font-size:.9rem; }\n" \
	"form.search { display:flex; flex-wrap:wrap; gap:.5rem; align-items:flex-end;" \
	" margin:.5rem 0 1rem; }\n" \
	"form.search label { display:flex; flex-direction:column; font-size:.8rem;" \
	" color:var(--muted); }\n" \
	"form input, form select, form button { font:inherit; padding:.3rem .4rem;" \
	" color:var(--fg); background:var(--bg); border:1px solid var(--line);" \
	" border-radius:3px; max-width:100%; }\n" \
	"form button { background:var(--head); cursor:pointer; }\n" \
	"td.num { text-align:right; font-variant-numeric:tabular-nums; white-space:nowrap;" \
	" min-width:0; }\n" \
	"td.pick { min-width:0; text-align:center; }\n" \
	"table.sets td:nth-child(3) { min-width:10rem; overflow-wrap:break-word; }\n" \
	".pages { display:flex; gap:1rem; margin:.5rem 0; }\n"

/* A body being written, and the page's parts the callback writes. */
struct sp_page {
	struct serve_ctx	 *sc;
	const struct serve_req	 *rq;
	struct serve_resp	 *rs;
	struct strbuf		 *out;	/* the body, during the callback */
	const char		 *title;
	void			(*main)(struct sp_page *);
	/* The list's search. */
	struct query_sets	  q;
	long			  page;
	/* History and drive. */
	const char		 *system;
	const char		 *test;
	const char		 *model;
	size_t			  nrows;
	/* History: the points as one test of one "system" per set, charted. */
	struct result_set	 *hist;
	bool			  hist_mixed;	/* points of several tests */
	bool			  hist_on;	/* collect them (the history page) */
	struct diag		  d;
	bool			  failed;
};

static void	 sp_text(struct strbuf *out, const char *s);
static void	 sp_url(struct strbuf *out, const char *s);
static void	 sp_nav(struct strbuf *out);
static void	 sp_body(struct strbuf *out, void *arg);
static void	 sp_render(struct sp_page *pg);
static void	 sp_value(struct strbuf *out, bool has, double v);
static bool	 sp_params(const struct serve_req *rq, struct serve_resp *rs,
		    const char *const *known, const char *const *one);
static int	 sp_list_row(const struct store_summary *s, void *arg);
static void	 sp_list_main(struct sp_page *pg);
static void	 sp_list_link(struct sp_page *pg, long page, const char *label);
static int	 sp_point_row(const struct query_result *r, void *arg);
static void	 sp_history_main(struct sp_page *pg);
static void	 sp_system_select(struct strbuf *out, const char *name,
		    const char *label, struct result_set *const *sets, size_t n,
		    const char *chosen);
static void	 sp_history_point(struct sp_page *pg, const struct query_result *r);
static void	 sp_history_chart(struct sp_page *pg);
static bool	 sp_same(const char *a, const char *b);
static int	 sp_drive_sys_row(const struct query_system *s, void *arg);
static void	 sp_drive_main(struct sp_page *pg);
static void	 sp_points_head(struct strbuf *out);
static int	 sp_review(struct serve_ctx *sc, struct result_set **sets,
		    const int64_t *ids, size_t n, const char *sys_a,
		    const char *sys_b, struct serve_resp *rs);

static void
sp_text(struct strbuf *out, const char *s)
{
	text_escape_xml(out, s != NULL ? s : "");
}

/* s percent-encoded for a query string: only unreserved characters stay. */
static void
sp_url(struct strbuf *out, const char *s)
{
	static const char	hex[] = "0123456789ABCDEF";
	unsigned char		c;

	for (; s != NULL && *s != '\0'; s++) {
		c = (unsigned char)*s;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
		    c == '~')
			strbuf_addc(out, (char)c);
		else {
			strbuf_addc(out, '%');
			strbuf_addc(out, hex[c >> 4]);
			strbuf_addc(out, hex[c & 15]);
		}
	}
}

static void
sp_nav(struct strbuf *out)
{
	strbuf_adds(out, "<nav class=\"serve\"><a href=\"/\">Result sets</a>"
	    "<a href=\"/drive\">Drives</a><a href=\"/history\">History</a>"
	    "<a href=\"/api/sets\">JSON</a></nav>\n");
}

static void
sp_body(struct strbuf *out, void *arg)
{
	struct sp_page	*pg = arg;

	pg->out = out;
	sp_nav(out);
	strbuf_adds(out, "<header><h1>");
	sp_text(out, pg->title);
	strbuf_adds(out, "</h1></header>\n<main>\n");
	pg->main(pg);
	strbuf_adds(out, "</main>\n");
}

/* The page into rs, or, when its query failed, a 500 saying why. */
static void
sp_render(struct sp_page *pg)
{
	strbuf_reset(&pg->rs->body);
	publish_html_frame(pg->title, SP_CSS, sp_body, pg, &pg->rs->body);
	if (pg->failed)
		serve_route_error(pg->rs, false, 500, "the store failed: %s",
		    pg->d.msg);
}

/* A stored figure as it reads back exactly (shortest text), or "-". */
static void
sp_value(struct strbuf *out, bool has, double v)
{
	char	buf[64];

	if (!has || v != v) {
		strbuf_adds(out, "\xe2\x80\x93");
		return;
	}
	text_json_double(v, buf, sizeof(buf));
	strbuf_adds(out, buf);
}

/*
 * Refuse, with a 400 page, a parameter not in known or one of one given
 * twice. True when the request may go on.
 */
static bool
sp_params(const struct serve_req *rq, struct serve_resp *rs,
    const char *const *known, const char *const *one)
{
	const char	*bad, *v;

	if (!serve_route_known(rq, known, &bad)) {
		serve_route_error(rs, false, 400, "unknown parameter: %s", bad);
		return false;
	}
	for (; *one != NULL; one++)
		if (serve_route_param(rq, *one, &v) == -1) {
			serve_route_error(rs, false, 400,
			    "parameter %s given more than once", *one);
			return false;
		}
	return true;
}

void
serve_page_error(struct serve_resp *rs, const char *msg)
{
	struct strbuf	*out = &rs->body;

	rs->type = "text/html; charset=utf-8";
	strbuf_reset(out);
	strbuf_printf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head>"
	    "<meta charset=\"utf-8\"><meta name=\"viewport\" "
	    "content=\"width=device-width, initial-scale=1\">"
	    "<title>%d</title></head><body>\n<h1>%d</h1>\n<p>", rs->status,
	    rs->status);
	sp_text(out, msg);
	strbuf_adds(out, "</p>\n<p><a href=\"/\">Result sets</a></p>\n"
	    "</body></html>\n");
}

/* ---- The list ---- */

static int
sp_list_row(const struct store_summary *s, void *arg)
{
	struct sp_page	*pg = arg;
	struct strbuf	*out = pg->out;

	pg->nrows++;
	strbuf_printf(out, "<tr><td class=\"pick\"><input type=\"checkbox\" "
	    "name=\"id\" value=\"%lld\" aria-label=\"pick %lld\"></td>"
	    "<td class=\"num\">%lld</td><td><a href=\"/sets/%lld\">",
	    (long long)s->id, (long long)s->id, (long long)s->id,
	    (long long)s->id);
	sp_text(out, s->title != NULL && *s->title != '\0' ? s->title :
	    "(untitled)");
	strbuf_adds(out, "</a></td><td>");
	sp_text(out, s->format);
	strbuf_printf(out, "</td><td class=\"num\">%ld</td><td class=\"num\">"
	    "%ld</td><td class=\"num\">%ld</td><td>", s->nsystems, s->ntests,
	    s->nvalues);
	sp_text(out, s->imported_at);
	strbuf_adds(out, "</td></tr>\n");
	return 0;
}

/* A link to another page of the same search. */
static void
sp_list_link(struct sp_page *pg, long page, const char *label)
{
	size_t	i;

	strbuf_printf(pg->out, "<a href=\"/?page=%ld", page);
	if (pg->q.nwords > 0) {
		strbuf_adds(pg->out, "&amp;q=");
		for (i = 0; i < pg->q.nwords; i++) {
			if (i > 0)
				strbuf_adds(pg->out, "+");
			sp_url(pg->out, pg->q.words[i]);
		}
	}
	if (pg->q.fact_key != NULL) {
		strbuf_adds(pg->out, "&amp;key=");
		sp_url(pg->out, pg->q.fact_key);
		strbuf_adds(pg->out, "&amp;value=");
		sp_url(pg->out, pg->q.fact_value);
	}
	strbuf_printf(pg->out, "\">%s</a>", label);
}

static void
sp_list_main(struct sp_page *pg)
{
	struct strbuf	*out = pg->out;
	long		 total = 0, pages;
	size_t		 i, k;

	strbuf_adds(out, "<form class=\"search\" method=\"get\" action=\"/\">"
	    "<label>Words (title, system, facts)<input type=\"search\" "
	    "name=\"q\" value=\"");
	for (i = 0; i < pg->q.nwords; i++) {
		if (i > 0)
			strbuf_addc(out, ' ');
		sp_text(out, pg->q.words[i]);
	}
	strbuf_adds(out, "\"></label><label>Fact<select name=\"key\">"
	    "<option value=\"\">any</option>");
	for (k = 0; meta_fact_names[k] != NULL; k++) {
		strbuf_printf(out, "<option%s>%s</option>",
		    pg->q.fact_key != NULL && strcmp(pg->q.fact_key,
		    meta_fact_names[k]) == 0 ? " selected" : "",
		    meta_fact_names[k]);
	}
	strbuf_adds(out, "</select></label><label>contains<input type=\"text\" "
	    "name=\"value\" value=\"");
	sp_text(out, pg->q.fact_value);
	strbuf_adds(out, "\"></label><button type=\"submit\">Search</button>"
	    "</form>\n<form method=\"get\" action=\"/compare\">\n"
	    "<div class=\"wrap\"><table class=\"sets\"><thead><tr><th>Pick</th>"
	    "<th>ID</th><th>Title</th><th>Format</th><th>Systems</th>"
	    "<th>Tests</th><th>Results</th><th>Imported (UTC)</th></tr>"
	    "</thead><tbody>\n");
	diag_clear(&pg->d);
	if (query_sets_find(pg->sc->st, &pg->q, SERVE_PAGE_SETS,
	    pg->page * SERVE_PAGE_SETS, &total, sp_list_row, pg, &pg->d) != 0)
		pg->failed = true;
	strbuf_adds(out, "</tbody></table></div>\n");
	if (pg->nrows == 0)
		strbuf_adds(out, "<p class=\"muted\">No result set matches.</p>\n");
	pages = (total + SERVE_PAGE_SETS - 1) / SERVE_PAGE_SETS;
	strbuf_printf(out, "<p class=\"muted\">%ld result set%s match%s; "
	    "page %ld of %ld.</p>\n<div class=\"pages\">", total,
	    total == 1 ? "" : "s", total == 1 ? "es" : "", pages > 0 ?
	    pg->page + 1 : 0, pages);
	if (pg->page > 0)
		sp_list_link(pg, pg->page - 1, "Previous page");
	if (pg->page + 1 < pages)
		sp_list_link(pg, pg->page + 1, "Next page");
	strbuf_adds(out, "</div>\n<p><button type=\"submit\">Compare the sets "
	    "picked</button> <span class=\"muted\">(two to "
	    "8, the first picked is the reference)</span></p>\n</form>\n");
}

void
serve_page_list(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t id, struct serve_resp *rs)
{
	static const char *const known[] = { "q", "key", "value", "page", NULL };
	struct sp_page	 pg;
	const char	*q, *key, *value, *page;
	char		*keep = NULL, *end;

	if (!sp_params(rq, rs, known, known))
		return;
	memset(&pg, 0, sizeof(pg));
	pg.sc = sc;
	pg.rq = rq;
	pg.rs = rs;
	pg.title = "Result sets";
	pg.main = sp_list_main;
	(void)serve_route_param(rq, "q", &q);
	(void)serve_route_param(rq, "key", &key);
	(void)serve_route_param(rq, "value", &value);
	(void)serve_route_param(rq, "page", &page);
	if (query_sets_words(q, &pg.q, &keep) != 0) {
		serve_route_error(rs, false, 400, "at most %d words",
		    QUERY_SETS_MAXWORDS);
		goto out;
	}
	if (key != NULL && *key != '\0') {
		if (!meta_is_fact(key)) {
			serve_route_error(rs, false, 400,
			    "not a normalised fact: %s", key);
			goto out;
		}
		pg.q.fact_key = key;
		pg.q.fact_value = value != NULL ? value : "";
	}
	if (page != NULL) {
		pg.page = strtol(page, &end, 10);
		if (*page < '0' || *page > '9' || *end != '\0' ||
		    pg.page > 1000000) {
			serve_route_error(rs, false, 400, "page must be a number "
			    "from 0 to 1000000");
			goto out;
		}
	}
	sp_render(&pg);
out:
	free(keep);
}

/* ---- A set, and a comparison ---- */

/*
 * A <select> named name of the systems of sets[0..n) (each name once),
 * chosen selected; its first choice, "", pairs systems by name.
 */
static void
sp_system_select(struct strbuf *out, const char *name, const char *label,
    struct result_set *const *sets, size_t n, const char *chosen)
{
	struct str_list	 seen = { 0 };
	const char	*id;
	size_t		 i, k, j;

	strbuf_printf(out, "<label>%s<select name=\"%s\"><option value=\"\">"
	    "paired by name</option>", label, name);
	for (i = 0; i < n; i++)
		for (k = 0; k < sets[i]->nsystems; k++) {
			id = sets[i]->systems[k].identifier != NULL ?
			    sets[i]->systems[k].identifier : "";
			for (j = 0; j < seen.len && strcmp(seen.items[j], id) != 0;
			    j++)
				;
			if (j < seen.len)
				continue;
			str_list_add(&seen, id);
			strbuf_adds(out, "<option value=\"");
			sp_text(out, id);
			strbuf_printf(out, "\"%s>", chosen != NULL &&
			    strcmp(chosen, id) == 0 ? " selected" : "");
			sp_text(out, id);
			strbuf_adds(out, "</option>");
		}
	strbuf_adds(out, "</select></label>");
	str_list_free(&seen);
}

/*
 * The review of sets (ids[0..n), loaded into sets by the caller) into rs,
 * with the nav bar after <body> and, for two or more, each set's diff
 * against the first (of system sys_a of the first with sys_b of the
 * other, when given). 0, or -1 with rs an error.
 */
static int
sp_review(struct serve_ctx *sc, struct result_set **sets, const int64_t *ids,
    size_t n, const char *sys_a, const char *sys_b, struct serve_resp *rs)
{
	struct publish_options	 opt;
	struct diff_opts	 dopt;
	struct diff		*df;
	struct strbuf		 html, css, nav;
	struct diag		 d;
	char			 la[32], lb[32];
	const char		*body;
	size_t			 i;
	int			 rc = -1;

	memset(&opt, 0, sizeof(opt));
	strbuf_init(&html);
	strbuf_init(&css);
	strbuf_init(&nav);
	for (i = 1; i < n; i++) {
		diff_opts_init(&dopt);
		snprintf(la, sizeof(la), "#%lld", (long long)ids[0]);
		snprintf(lb, sizeof(lb), "#%lld", (long long)ids[i]);
		dopt.label_a = la;
		dopt.label_b = lb;
		dopt.system_a = sys_a;
		dopt.system_b = sys_b;
		diag_clear(&d);
		df = NULL;
		if (diff_compute(sets[0], sets[i], &dopt, &df, &d) != 0)
			diff_html_none(sets[0], sets[i], la, lb, d.msg, &html);
		else
			diff_html_section(df, &html);
		diff_free(df);
	}
	if (n > 1) {
		diff_html_css(&css);
		opt.diff_html = strbuf_str(&html);
		opt.title = "Comparison";
	}
	/* The bar of links and the forms this file adds to the review. */
	strbuf_adds(&css, SP_CSS);
	opt.diff_css = strbuf_str(&css);
	diag_clear(&d);
	if (sc->lock != NULL)
		sc->lock(SERVE_LOCK_DRAW, true);
	rc = publish_page(sets, n, &opt, &rs->body, &d);
	if (sc->lock != NULL)
		sc->lock(SERVE_LOCK_DRAW, false);
	if (rc != 0) {
		serve_route_error(rs, false, 500, "cannot write the page: %s",
		    d.msg);
		goto out;
	}
	/* The links to the other pages, first in the body. */
	sp_nav(&nav);
	strbuf_adds(&nav, "<p class=\"muted\">");
	for (i = 0; i < n; i++)
		strbuf_printf(&nav, "%s<a href=\"/api/sets/%lld\">set #%lld as "
		    "JSON</a>", i > 0 ? " \xc2\xb7 " : "", (long long)ids[i],
		    (long long)ids[i]);
	if (n == 2)
		strbuf_printf(&nav, " \xc2\xb7 <a href=\"/api/diff?a=%lld&amp;"
		    "b=%lld\">the diff as JSON</a>", (long long)ids[0],
		    (long long)ids[1]);
	strbuf_adds(&nav, "</p>\n");
	/* Compare one system of each side: a GET form of the same sets. */
	if (n > 1) {
		strbuf_adds(&nav, "<form class=\"search\" method=\"get\" "
		    "action=\"/compare\">");
		for (i = 0; i < n; i++)
			strbuf_printf(&nav, "<input type=\"hidden\" name=\"id\" "
			    "value=\"%lld\">", (long long)ids[i]);
		sp_system_select(&nav, "system_a", "System of the first",
		    sets, 1, sys_a);
		sp_system_select(&nav, "system_b", "System of the others",
		    sets + 1, n - 1, sys_b);
		strbuf_adds(&nav, "<button type=\"submit\">Compare</button>"
		    "</form>\n");
	}
	/* A machine's history starts from its set. */
	if (n == 1 && sets[0]->nsystems > 0) {
		strbuf_adds(&nav, "<p class=\"muted\">History of ");
		for (i = 0; i < sets[0]->nsystems; i++) {
			strbuf_adds(&nav, i > 0 ? ", " : "");
			strbuf_adds(&nav, "<a href=\"/history?system=");
			sp_url(&nav, sets[0]->systems[i].identifier);
			strbuf_adds(&nav, "\">");
			sp_text(&nav, sets[0]->systems[i].identifier);
			strbuf_adds(&nav, "</a>");
		}
		strbuf_adds(&nav, "</p>\n");
	}
	if ((body = strstr(strbuf_str(&rs->body), "<body>\n")) != NULL) {
		strbuf_reset(&html);
		i = (size_t)(body - strbuf_str(&rs->body)) + 7;
		strbuf_add(&html, rs->body.buf, i);
		strbuf_add(&html, nav.buf, nav.len);
		strbuf_add(&html, rs->body.buf + i, rs->body.len - i);
		strbuf_reset(&rs->body);
		strbuf_add(&rs->body, html.buf, html.len);
	}
	rc = 0;
out:
	strbuf_free(&html);
	strbuf_free(&css);
	strbuf_free(&nav);
	return rc;
}

void
serve_page_set(struct serve_ctx *sc, const struct serve_req *rq, int64_t id,
    struct serve_resp *rs)
{
	static const char *const none[] = { NULL };
	struct result_set	*set = NULL;
	struct diag		 d;
	char			 key[32], *stamp = NULL, *page;
	size_t			 len;
	int			 got;

	if (!sp_params(rq, rs, none, none))
		return;
	diag_clear(&d);
	/* The stamp first: a page stored under it is never newer than it. */
	if ((got = query_sets_stamp(sc->st, id, &stamp, &d)) == 1) {
		serve_route_error(rs, false, 404, "no result set %lld",
		    (long long)id);
		return;
	}
	if (got != 0) {
		serve_route_error(rs, false, 500, "the store failed: %s", d.msg);
		return;
	}
	snprintf(key, sizeof(key), "set %lld", (long long)id);
	if ((page = serve_cache_get(key, stamp, &len)) != NULL) {
		strbuf_reset(&rs->body);
		strbuf_add(&rs->body, page, len);
		free(page);
		goto out;
	}
	if (store_load_result_set(sc->st, id, &set, &d) != 0) {
		serve_route_error(rs, false, 500, "cannot load result set %lld: %s",
		    (long long)id, d.msg);
		goto out;
	}
	if (sp_review(sc, &set, &id, 1, NULL, NULL, rs) == 0)
		serve_cache_put(key, stamp, rs->body.buf, rs->body.len);
out:
	result_set_free(set);
	free(stamp);
}

void
serve_page_compare(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t unused, struct serve_resp *rs)
{
	static const char *const known[] = { "id", "system_a", "system_b", NULL };
	static const char *const one[] = { "system_a", "system_b", NULL };
	struct result_set	*sets[SERVE_MAXCOMPARE] = { NULL };
	int64_t			 ids[SERVE_MAXCOMPARE];
	struct diag		 d;
	const char		*sa, *sb;
	size_t			 n = 0, i, k;

	if (!sp_params(rq, rs, known, one))
		return;
	(void)serve_route_param(rq, "system_a", &sa);
	(void)serve_route_param(rq, "system_b", &sb);
	if (sa != NULL && *sa == '\0')
		sa = NULL;
	if (sb != NULL && *sb == '\0')
		sb = NULL;
	for (i = 0; i < rq->nparams; i++) {
		if (strcmp(rq->params[i].key, "id") != 0)
			continue;
		if (n == SERVE_MAXCOMPARE) {
			serve_route_error(rs, false, 400, "compare at most %d sets",
			    SERVE_MAXCOMPARE);
			goto out;
		}
		if (!serve_route_id(rq->params[i].value != NULL ?
		    rq->params[i].value : "", &ids[n])) {
			serve_route_error(rs, false, 400, "id must be a result "
			    "set ID");
			goto out;
		}
		for (k = 0; k < n && ids[k] != ids[n]; k++)
			;
		if (k == n)
			n++;
	}
	if (n < 2) {
		serve_route_error(rs, false, 400, "pick two or more different "
		    "result sets to compare");
		goto out;
	}
	for (i = 0; i < n; i++) {
		diag_clear(&d);
		if (!store_exists(sc->st, ids[i])) {
			serve_route_error(rs, false, 404, "no result set %lld",
			    (long long)ids[i]);
			goto out;
		}
		if (store_load_result_set(sc->st, ids[i], &sets[i], &d) != 0) {
			serve_route_error(rs, false, 500, "cannot load result set "
			    "%lld: %s", (long long)ids[i], d.msg);
			goto out;
		}
	}
	(void)sp_review(sc, sets, ids, n, sa, sb, rs);
out:
	for (i = 0; i < n; i++)
		result_set_free(sets[i]);
}

/* ---- History and drives ---- */

static void
sp_points_head(struct strbuf *out)
{
	strbuf_adds(out, "<div class=\"wrap\"><table class=\"points\"><thead><tr>"
	    "<th>Set</th><th>System</th><th>Test</th><th>Value</th><th>SE</th>"
	    "<th>N</th><th>Unit</th></tr></thead><tbody>\n");
}

/* The history chart's bars: at most this many sets. */
#define SP_HIST_BARS	60

static bool
sp_same(const char *a, const char *b)
{
	return (a == NULL && b == NULL) || (a != NULL && b != NULL &&
	    strcmp(a, b) == 0);
}

/* Add r to the history chart's set, or mark the chart impossible. */
static void
sp_history_point(struct sp_page *pg, const struct query_result *r)
{
	struct test	*t;
	struct value	*v;
	char		*label;
	size_t		 sys;

	if (pg->hist_mixed)
		return;
	if (pg->hist == NULL) {
		pg->hist = result_set_new();
		t = result_set_add_test(pg->hist);
		model_set_str(&t->title, r->test_title);
		model_set_str(&t->description, r->test_description);
		model_set_str(&t->unit, r->unit);
	}
	t = &pg->hist->tests[0];
	if (!sp_same(t->title, r->test_title) ||
	    !sp_same(t->description, r->test_description) ||
	    !sp_same(t->unit, r->unit) || pg->hist->nsystems == SP_HIST_BARS) {
		pg->hist_mixed = true;
		return;
	}
	label = xasprintf("#%lld %s", (long long)r->sys.set_id,
	    r->sys.set_title != NULL ? r->sys.set_title : "");
	sys = result_set_add_system(pg->hist, label);
	free(label);
	v = test_add_value(t, sys);
	v->has_mean = r->has_mean;
	v->mean = r->mean;
	v->has_se = r->has_se;
	v->se = r->se;
	v->n = r->n;
}

/* The points of one test as bars, one a set, oldest first. */
static void
sp_history_chart(struct sp_page *pg)
{
	struct chart_opts	 o;
	struct chart_id		 id = { CHART_TEST, 0, NULL };
	struct canvas		*c;
	struct diag		 d;

	if (pg->hist == NULL || pg->hist_mixed || pg->hist->nsystems < 2)
		return;
	chart_opts_init(&o);
	o.width = 336;	/* the review's chart width: it fits a phone */
	diag_clear(&d);
	if (pg->sc->lock != NULL)
		pg->sc->lock(SERVE_LOCK_DRAW, true);
	if ((c = chart_canvas(pg->hist, &id, &o, &d)) != NULL) {
		strbuf_adds(pg->out, "<div class=\"chart\">");
		canvas_svg_render_inline(c, "hist", NULL, CANVAS_SVG_COMPACT,
		    pg->out);
		strbuf_adds(pg->out, "</div>\n");
		canvas_free(c);
	}
	if (pg->sc->lock != NULL)
		pg->sc->lock(SERVE_LOCK_DRAW, false);
}

static int
sp_point_row(const struct query_result *r, void *arg)
{
	struct sp_page	*pg = arg;
	struct strbuf	*out = pg->out;

	pg->nrows++;
	if (pg->hist_on)
		sp_history_point(pg, r);
	strbuf_printf(out, "<tr><td><a href=\"/sets/%lld\">#%lld ",
	    (long long)r->sys.set_id, (long long)r->sys.set_id);
	sp_text(out, r->sys.set_title);
	strbuf_adds(out, "</a></td><td><a href=\"/history?system=");
	sp_url(out, r->sys.identifier);
	strbuf_adds(out, "&amp;test=");
	sp_url(out, r->test_title);
	strbuf_adds(out, "\">");
	sp_text(out, r->sys.identifier);
	strbuf_adds(out, "</a></td><td>");
	sp_text(out, r->test_title);
	if (r->test_description != NULL && *r->test_description != '\0') {
		strbuf_adds(out, ": ");
		sp_text(out, r->test_description);
	}
	strbuf_adds(out, "</td><td class=\"num\">");
	sp_value(out, r->has_mean, r->mean);
	strbuf_adds(out, "</td><td class=\"num\">");
	sp_value(out, r->has_se, r->se);
	strbuf_printf(out, "</td><td class=\"num\">%ld</td><td>", r->n);
	sp_text(out, r->unit);
	strbuf_adds(out, "</td></tr>\n");
	return 0;
}

static void
sp_history_main(struct sp_page *pg)
{
	struct strbuf	*out = pg->out, table;
	struct str_list	 terms = { 0 };
	struct query_sets words;
	char		*keep = NULL;
	bool		 more = false;
	size_t		 i;

	strbuf_adds(out, "<form class=\"search\" method=\"get\" "
	    "action=\"/history\"><label>System<input type=\"text\" "
	    "name=\"system\" value=\"");
	sp_text(out, pg->system);
	strbuf_adds(out, "\"></label><label>Test (words)<input type=\"search\" "
	    "name=\"test\" value=\"");
	sp_text(out, pg->test);
	strbuf_adds(out, "\"></label><button type=\"submit\">Show</button>"
	    "</form>\n");
	if (pg->system == NULL || *pg->system == '\0') {
		strbuf_adds(out, "<p class=\"muted\">Name a system (as its "
		    "result sets name it) and words of a test: every stored "
		    "result of that system in those tests, oldest set first."
		    "</p>\n");
		return;
	}
	(void)query_sets_words(pg->test, &words, &keep);
	for (i = 0; i < words.nwords; i++)
		str_list_add(&terms, words.words[i]);
	/* The table goes after the chart: written aside first. */
	strbuf_init(&table);
	pg->out = &table;
	pg->hist_on = true;
	sp_points_head(&table);
	diag_clear(&pg->d);
	if (serve_find_history(pg->sc->st, pg->system, &terms, SERVE_MAX_ROWS,
	    sp_point_row, pg, &more, &pg->d) != 0)
		pg->failed = true;
	strbuf_adds(&table, "</tbody></table></div>\n");
	pg->out = out;
	sp_history_chart(pg);
	strbuf_add(out, table.buf, table.len);
	strbuf_free(&table);
	result_set_free(pg->hist);
	pg->hist = NULL;
	strbuf_printf(out, "<p class=\"muted\">%zu result%s%s.</p>\n", pg->nrows,
	    pg->nrows == 1 ? "" : "s", more ? " (the first ones: there are "
	    "more; name the test more closely)" : "");
	str_list_free(&terms);
	free(keep);
}

void
serve_page_history(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t unused, struct serve_resp *rs)
{
	static const char *const known[] = { "system", "test", NULL };
	struct sp_page		 pg;
	struct query_sets	 words;
	char			*keep = NULL;

	if (!sp_params(rq, rs, known, known))
		return;
	memset(&pg, 0, sizeof(pg));
	pg.sc = sc;
	pg.rq = rq;
	pg.rs = rs;
	pg.title = "History";
	pg.main = sp_history_main;
	(void)serve_route_param(rq, "system", &pg.system);
	(void)serve_route_param(rq, "test", &pg.test);
	if (query_sets_words(pg.test, &words, &keep) != 0) {
		serve_route_error(rs, false, 400, "at most %d words in test",
		    QUERY_SETS_MAXWORDS);
		free(keep);
		return;
	}
	free(keep);
	sp_render(&pg);
}

static int
sp_drive_sys_row(const struct query_system *s, void *arg)
{
	struct sp_page		*pg = arg;
	struct strbuf		*out = pg->out;
	const struct fact	*f;
	static const char *const keys[] = { "disk_models", "filesystem",
	    "raid_mode", "kernel_version", NULL };
	size_t			 k;

	pg->nrows++;
	strbuf_printf(out, "<tr><td><a href=\"/sets/%lld\">#%lld ",
	    (long long)s->set_id, (long long)s->set_id);
	sp_text(out, s->set_title);
	strbuf_adds(out, "</a></td><td>");
	sp_text(out, s->identifier);
	strbuf_adds(out, "</td>");
	for (k = 0; keys[k] != NULL; k++) {
		f = fact_list_get(s->facts, keys[k]);
		strbuf_adds(out, f != NULL ? "<td>" : "<td class=\"missing\">");
		sp_text(out, f != NULL ? f->value : "unknown");
		strbuf_adds(out, "</td>");
	}
	strbuf_adds(out, "</tr>\n");
	return 0;
}

static void
sp_drive_main(struct sp_page *pg)
{
	struct strbuf	*out = pg->out;
	bool		 more = false;
	size_t		 nsys;

	strbuf_adds(out, "<form class=\"search\" method=\"get\" "
	    "action=\"/drive\"><label>Drive model (part of it)<input "
	    "type=\"search\" name=\"model\" value=\"");
	sp_text(out, pg->model);
	strbuf_adds(out, "\"></label><button type=\"submit\">Find</button>"
	    "</form>\n");
	if (pg->model == NULL || *pg->model == '\0') {
		strbuf_adds(out, "<p class=\"muted\">Every stored result of the "
		    "systems whose normalised disk_models fact names the drive."
		    "</p>\n");
		return;
	}
	strbuf_adds(out, "<h2>Systems</h2>\n<div class=\"wrap\"><table "
	    "class=\"systems\"><thead><tr><th>Set</th><th>System</th>"
	    "<th>disk_models</th><th>filesystem</th><th>raid_mode</th>"
	    "<th>kernel_version</th></tr></thead><tbody>\n");
	diag_clear(&pg->d);
	if (serve_find_drive_systems(pg->sc->st, pg->model, SERVE_MAX_ROWS,
	    sp_drive_sys_row, pg, &more, &pg->d) != 0)
		pg->failed = true;
	strbuf_adds(out, "</tbody></table></div>\n");
	nsys = pg->nrows;
	strbuf_printf(out, "<p class=\"muted\">%zu system%s%s.</p>\n", nsys,
	    nsys == 1 ? "" : "s", more ? " (the first ones: there are more)" :
	    "");
	if (nsys == 0 || pg->failed)
		return;
	pg->nrows = 0;
	more = false;
	strbuf_adds(out, "<h2>Results</h2>\n");
	sp_points_head(out);
	if (serve_find_drive_results(pg->sc->st, pg->model, SERVE_MAX_ROWS,
	    sp_point_row, pg, &more, &pg->d) != 0)
		pg->failed = true;
	strbuf_adds(out, "</tbody></table></div>\n");
	strbuf_printf(out, "<p class=\"muted\">%zu result%s%s.</p>\n", pg->nrows,
	    pg->nrows == 1 ? "" : "s", more ? " (the first ones: there are "
	    "more)" : "");
}

void
serve_page_drive(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t unused, struct serve_resp *rs)
{
	static const char *const known[] = { "model", NULL };
	struct sp_page	pg;

	if (!sp_params(rq, rs, known, known))
		return;
	memset(&pg, 0, sizeof(pg));
	pg.sc = sc;
	pg.rq = rq;
	pg.rs = rs;
	pg.title = "Drives";
	pg.main = sp_drive_main;
	(void)serve_route_param(rq, "model", &pg.model);
	sp_render(&pg);
}
