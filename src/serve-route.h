/* SPDX-License-Identifier: ISC */
/*
 * `serve`'s requests and responses, and the router that maps a request's
 * method and path to a page (serve-page.c) or an API answer
 * (serve-api.c). It knows nothing of HTTP connections: serve.c turns a
 * libmicrohttpd request into a struct serve_req and sends back the
 * struct serve_resp, so the router can be exercised on its own, without
 * a server.
 * Ownership: a request's strings are borrowed for the call; a response's
 * body is the response's (serve_resp_free).
 */
#ifndef BENCHREPORT_SERVE_ROUTE_H
#define BENCHREPORT_SERVE_ROUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "store.h"
#include "strbuf.h"

/* The most query parameters a request may carry. */
#define SERVE_MAXPARAMS		32
/* The most sets one compare page takes. */
#define SERVE_MAXCOMPARE	8
/* Rows of the set list per page, and the most the API gives at once. */
#define SERVE_PAGE_SETS		50
#define SERVE_MAX_SETS		500
/* Rows a history or drive answer holds at most (it says when it stops). */
#define SERVE_MAX_ROWS		2000

struct serve_param {
	const char	*key;
	const char	*value;
};

struct serve_req {
	const char		*method;	/* "GET", "HEAD", "POST", ... */
	const char		*path;		/* decoded, starts with '/' */
	struct serve_param	 params[SERVE_MAXPARAMS];
	size_t			 nparams;
	bool			 too_many;	/* more parameters than that */
	/* POST /api/import: the body, and whether the token was right. */
	const char		*body;
	size_t			 body_len;
	bool			 authorized;
};

struct serve_resp {
	int		 status;	/* HTTP status */
	const char	*type;		/* Content-Type (static) */
	struct strbuf	 body;
	const char	*allow;		/* for 405: the Allow header (static) */
};

/*
 * What the router works with: the request's store handle (read-only), the
 * spec to open a writable one for an import, and the locks of what is not
 * safe to run on two threads at once (drawing, importing).
 */
struct serve_ctx {
	struct store	*st;
	const char	*db;
	bool		 writes;	/* started with a token: POST /api/import */
	size_t		 max_upload;	/* bytes */
	void		(*lock)(int which, bool on);	/* NULL: no locking */
};

/* Locks the router takes through serve_ctx.lock. */
#define SERVE_LOCK_DRAW		0
#define SERVE_LOCK_IMPORT	1

/* An empty 200 response. */
void	 serve_resp_init(struct serve_resp *rs);
void	 serve_resp_free(struct serve_resp *rs);

/*
 * Answer rq into rs (initialised by the caller): a page, a JSON answer or
 * an error (status and a short page or JSON object saying why). Never
 * fails otherwise.
 */
void	 serve_route(struct serve_ctx *sc, const struct serve_req *rq,
	    struct serve_resp *rs);

/*
 * Parameter key of rq: 0 and *value NULL when absent, 1 with *value when
 * given once, -1 when given more than once (a 400 for parameters that
 * take one value).
 */
int	 serve_route_param(const struct serve_req *rq, const char *key,
	    const char **value);
/*
 * A positive decimal ID (at most 18 digits) in s: true with *id. */
bool	 serve_route_id(const char *s, int64_t *id);
/*
 * Whether every parameter of rq is one of the names in known (a
 * NULL-terminated list); *bad gets the first that is not.
 */
bool	 serve_route_known(const struct serve_req *rq,
	    const char *const *known, const char **bad);
/* Set rs to an error: status, and a message (HTML or JSON by api). */
void	 serve_route_error(struct serve_resp *rs, bool api, int status,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
