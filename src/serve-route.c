/* SPDX-License-Identifier: ISC */
/*
 * The router of `serve`: a table of exact paths and one prefix
 * ("/sets/ID", "/api/sets/ID"), each with the methods it takes. Nothing
 * here reads a file: a path that is not in the table is a 404 whatever
 * it holds, so "../" and its encodings have nothing to reach.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "serve-api.h"
#include "serve-page.h"
#include "serve-route.h"
#include "text-escape.h"
#include "xalloc.h"

/* A route: a path (exact, or a prefix followed by an ID) and its handler. */
struct serve_route_entry {
	const char	*path;
	bool		 id;		/* path is a prefix; an ID follows */
	bool		 api;		/* errors as JSON */
	bool		 post;		/* POST only (else GET and HEAD) */
	void		(*fn)(struct serve_ctx *, const struct serve_req *,
			    int64_t, struct serve_resp *);
};

static const struct serve_route_entry serve_routes[] = {
	{ "/", false, false, false, serve_page_list },
	{ "/sets/", true, false, false, serve_page_set },
	{ "/compare", false, false, false, serve_page_compare },
	{ "/history", false, false, false, serve_page_history },
	{ "/drive", false, false, false, serve_page_drive },
	{ "/api/sets", false, true, false, serve_api_sets },
	{ "/api/sets/", true, true, false, serve_api_set },
	{ "/api/diff", false, true, false, serve_api_diff },
	{ "/api/history", false, true, false, serve_api_history },
	{ "/api/drive", false, true, false, serve_api_drive },
	{ "/api/import", false, true, true, serve_api_import },
	{ NULL, false, false, false, NULL }
};

void
serve_resp_init(struct serve_resp *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->status = 200;
	rs->type = "text/html; charset=utf-8";
	strbuf_init(&rs->body);
}

void
serve_resp_free(struct serve_resp *rs)
{
	strbuf_free(&rs->body);
}

int
serve_route_param(const struct serve_req *rq, const char *key,
    const char **value)
{
	size_t	i;
	int	n = 0;

	*value = NULL;
	for (i = 0; i < rq->nparams; i++)
		if (strcmp(rq->params[i].key, key) == 0) {
			if (n++ > 0)
				return -1;
			*value = rq->params[i].value != NULL ?
			    rq->params[i].value : "";
		}
	return n;
}

bool
serve_route_id(const char *s, int64_t *id)
{
	int64_t	v = 0;
	size_t	n;

	for (n = 0; s[n] >= '0' && s[n] <= '9'; n++) {
		if (n == 18)
			return false;
		v = v * 10 + (s[n] - '0');
	}
	if (n == 0 || s[n] != '\0' || v <= 0)
		return false;
	*id = v;
	return true;
}

bool
serve_route_known(const struct serve_req *rq, const char *const *known,
    const char **bad)
{
	size_t	i, k;

	for (i = 0; i < rq->nparams; i++) {
		for (k = 0; known[k] != NULL; k++)
			if (strcmp(rq->params[i].key, known[k]) == 0)
				break;
		if (known[k] == NULL) {
			*bad = rq->params[i].key;
			return false;
		}
	}
	return true;
}

void
serve_route_error(struct serve_resp *rs, bool api, int status,
    const char *fmt, ...)
{
	va_list	 ap;
	char	 msg[512];

	/* A request's path may be long: the message keeps its start. */
	va_start(ap, fmt);
	(void)vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	strbuf_reset(&rs->body);
	rs->status = status;
	if (api)
		serve_api_error(rs, msg);
	else
		serve_page_error(rs, msg);
}

void
serve_route(struct serve_ctx *sc, const struct serve_req *rq,
    struct serve_resp *rs)
{
	const struct serve_route_entry	*e;
	const char			*rest = NULL;
	bool				 api, get;
	int64_t				 id = 0;
	size_t				 len;

	api = strncmp(rq->path, "/api/", 5) == 0 || strcmp(rq->path, "/api") == 0;
	for (e = serve_routes; e->path != NULL; e++) {
		len = strlen(e->path);
		if (e->id ? strncmp(rq->path, e->path, len) == 0 &&
		    rq->path[len] != '\0' : strcmp(rq->path, e->path) == 0) {
			rest = rq->path + len;
			break;
		}
	}
	if (e->path == NULL) {
		serve_route_error(rs, api, 404, "no such page: %s", rq->path);
		return;
	}
	get = strcmp(rq->method, "GET") == 0 || strcmp(rq->method, "HEAD") == 0;
	if (e->post ? strcmp(rq->method, "POST") != 0 : !get) {
		rs->allow = e->post ? "POST" : "GET, HEAD";
		serve_route_error(rs, e->api, 405, "%s takes %s requests only",
		    e->path, rs->allow);
		return;
	}
	if (rq->too_many) {
		serve_route_error(rs, e->api, 400, "more than %d query parameters",
		    SERVE_MAXPARAMS);
		return;
	}
	if (e->id && !serve_route_id(rest, &id)) {
		serve_route_error(rs, e->api, 404, "not a result set ID: %s", rest);
		return;
	}
	e->fn(sc, rq, id, rs);
}
