/* SPDX-License-Identifier: ISC */
/*
 * `serve`'s JSON API (docs/serve.md): the sets, searched and paged; a set
 * as `export --format json` writes it (docs/json-schema.md); a diff as
 * `diff --format json` writes it (docs/diff-json.md); a system's history
 * and a drive's results; and the one write, POST /api/import, through the
 * same import path as `import` (import.c), only with the server's token.
 * Ownership: requests are borrowed; answers are appended to the response.
 */
#ifndef BENCHREPORT_SERVE_API_H
#define BENCHREPORT_SERVE_API_H

#include <stdint.h>

#include "serve-route.h"

/* Version of the API's own documents (docs/serve.md). */
#define SERVE_API_SCHEMA	1

/* GET /api/sets?q=&key=&value=&offset=&limit= */
void	 serve_api_sets(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* GET /api/sets/ID */
void	 serve_api_set(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* GET /api/diff?a=ID&b=ID */
void	 serve_api_diff(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* GET /api/history?system=NAME&test=WORDS */
void	 serve_api_history(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* GET /api/drive?model=TEXT */
void	 serve_api_drive(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* POST /api/import?name=FILE with the file as the body and the token. */
void	 serve_api_import(struct serve_ctx *sc, const struct serve_req *rq,
	    int64_t id, struct serve_resp *rs);
/* Replace rs's body with {"error": msg, "status": N}. */
void	 serve_api_error(struct serve_resp *rs, const char *msg);

#endif
