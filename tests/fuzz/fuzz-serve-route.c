/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer harness for serve's router (make fuzz: fuzz-serve_route). An
 * input is a decoded request: "METHOD PATH", then one "KEY=VALUE" query
 * parameter a line, then an empty line and the body. Routed read-only,
 * without a token, against a store of the two writeback-tuning fixtures.
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

/* The store and the files SQLite keeps beside it. */
static void
fuzz_cleanup(void)
{
	static const char *const sfx[] = { "", "-wal", "-shm" };
	char			 path[96];
	size_t			 i;

	store_close(fuzz_st);
	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s%s", fuzz_db, sfx[i]);
		unlink(path);
	}
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
	int				 fd, i;

	snprintf(fuzz_db, sizeof(fuzz_db), "/tmp/fuzz-serve.XXXXXX");
	if ((fd = mkstemp(fuzz_db)) == -1 || canvas_dl_load(&d) != 0 ||
	    store_open(fuzz_db, &fuzz_st, &d) != 0)
		abort();
	close(fd);
	atexit(fuzz_cleanup);
	memset(&ro, 0, sizeof(ro));
	for (i = 0; i < 2; i++) {
		rs = result_set_new();
		(void)import_file(fuzz_st, seeds[i], NULL, &ro, rs, &res, &d);
		result_set_free(rs);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct serve_req	*rq = xcalloc(1, sizeof(*rq));
	struct serve_resp	 rs;
	struct serve_ctx	 sc;
	char			*buf = xmalloc(size + 1), *line, *next, *eq;

	memcpy(buf, data, size);
	buf[size] = '\0';
	rq->method = "GET";
	rq->path = "/";
	for (line = buf; line != NULL; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (line == buf) {
			if ((eq = strchr(line, ' ')) != NULL) {
				*eq = '\0';
				rq->method = line;
				rq->path = eq + 1;
			}
		} else if (*line == '\0') {
			rq->body = next;
			rq->body_len = next != NULL ? strlen(next) : 0;
			break;
		} else if (rq->nparams == SERVE_MAXPARAMS)
			rq->too_many = true;
		else {
			rq->params[rq->nparams].key = line;
			if ((eq = strchr(line, '=')) != NULL)
				*eq++ = '\0';
			rq->params[rq->nparams++].value = eq;
		}
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
