/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer harness for serve's router (make fuzz: fuzz-serve_route).
 * An input is a request as the server hands it over once decoded: the
 * first line is "METHOD PATH", each further line one query parameter
 * "KEY=VALUE" (any bytes but newline; no "=" is a parameter without a
 * value), the first empty line ends them and what follows is the body.
 * Routed against a store of the two writeback-tuning fixtures (when run
 * from the source tree), read-only and without a token, as serve would.
 * The sanitizers and libFuzzer's limits are the oracle.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "canvas-dl.h"
#include "format.h"
#include "import.h"
#include "serve-route.h"
#include "store.h"
#include "xalloc.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct store	*fuzz_st;
static char		 fuzz_db[64];

static void
fuzz_cleanup(void)
{
	char	path[96];

	store_close(fuzz_st);
	unlink(fuzz_db);
	snprintf(path, sizeof(path), "%s-wal", fuzz_db);
	unlink(path);
	snprintf(path, sizeof(path), "%s-shm", fuzz_db);
	unlink(path);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const seeds[] = { "fixtures/diff/before.xml",
	    "fixtures/diff/after.xml" };
	struct import_file_result	 res;
	struct read_options		 ro;
	struct result_set		*rs;
	struct diag			 d;
	size_t				 i;
	int				 fd;

	snprintf(fuzz_db, sizeof(fuzz_db), "/tmp/fuzz-serve.XXXXXX");
	if ((fd = mkstemp(fuzz_db)) == -1 || canvas_dl_load(&d) != 0 ||
	    store_open(fuzz_db, &fuzz_st, &d) != 0)
		abort();
	close(fd);
	atexit(fuzz_cleanup);
	memset(&ro, 0, sizeof(ro));
	for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		rs = result_set_new();
		(void)import_file(fuzz_st, seeds[i], NULL, &ro, rs, &res, &d);
		result_set_free(rs);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct serve_req	*rq;
	struct serve_resp	 rs;
	struct serve_ctx	 sc;
	char			*buf, *line, *next, *eq, *sp;
	bool			 first = true;

	buf = xmalloc(size + 1);
	memcpy(buf, data, size);
	buf[size] = '\0';
	rq = xcalloc(1, sizeof(*rq));
	rq->method = "GET";
	rq->path = "/";
	for (line = buf; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (first) {
			first = false;
			if ((sp = strchr(line, ' ')) != NULL) {
				*sp = '\0';
				rq->method = line;
				rq->path = sp + 1;
			}
			continue;
		}
		if (*line == '\0') {
			rq->body = next;
			rq->body_len = next != NULL ? strlen(next) : 0;
			break;
		}
		if (rq->nparams == SERVE_MAXPARAMS) {
			rq->too_many = true;
			continue;
		}
		rq->params[rq->nparams].key = line;
		if ((eq = strchr(line, '=')) != NULL)
			*eq++ = '\0';
		rq->params[rq->nparams++].value = eq;
	}
	memset(&sc, 0, sizeof(sc));
	sc.st = fuzz_st;
	sc.db = fuzz_db;
	sc.max_upload = 1 << 20;
	serve_resp_init(&rs);
	if (*rq->path == '/')
		serve_route(&sc, rq, &rs);
	serve_resp_free(&rs);
	free(rq);
	free(buf);
	return 0;
}
