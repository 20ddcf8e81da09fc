/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer harness for serve's router (make fuzz: fuzz-serve_route). An
 * input is a decoded request: "METHOD PATH", then one "KEY=VALUE" query
 * parameter a line, then an empty line and the body. Routed read-only,
 * without a token, against a store of the two writeback-tuning fixtures.
 */
#include <stdint.h>
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
static char		 fuzz_db[64] = "/tmp/fuzz-serve.XXXXXX";

/* The store and the files SQLite keeps beside it. */
static void
fuzz_cleanup(void)
{
	char	path[96];

	store_close(fuzz_st);
	unlink(fuzz_db);
	unlink(strcat(strcpy(path, fuzz_db), "-wal"));
	unlink(strcat(strcpy(path, fuzz_db), "-shm"));
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const seeds[] = { "fixtures/diff/before.xml",
	    "fixtures/diff/after.xml" };
	struct import_file_result	 res;
	struct read_options		 ro = { 0 };
	struct result_set		*rs;
	struct diag			 d;
	int				 fd, i;

	if ((fd = mkstemp(fuzz_db)) == -1 || canvas_dl_load(&d) != 0 ||
	    store_open(fuzz_db, &fuzz_st, &d) != 0)
		abort();
	close(fd);
	atexit(fuzz_cleanup);
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
	struct serve_req	 rq = { .method = "GET", .path = "/" };
	struct serve_resp	 rs;
	struct serve_ctx	 sc = { .st = fuzz_st, .db = fuzz_db,
				    .max_upload = 1 << 20 };
	char			*buf = xstrndup((const char *)data, size);
	char			*line, *next, *eq;

	if ((next = strchr(buf, '\n')) != NULL)
		*next++ = '\0';
	if ((eq = strchr(buf, ' ')) != NULL) {
		*eq = '\0';
		rq.method = buf;
		rq.path = eq + 1;
	}
	while ((line = next) != NULL && *line != '\0' && *line != '\n') {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if ((eq = strchr(line, '=')) != NULL)
			*eq++ = '\0';
		if (rq.nparams == SERVE_MAXPARAMS)
			rq.too_many = true;
		else
			rq.params[rq.nparams++] =
			    (struct serve_param){ .key = line, .value = eq };
	}
	rq.body = line != NULL && *line == '\n' ? line + 1 : NULL;
	rq.body_len = rq.body != NULL ? strlen(rq.body) : 0;
	serve_resp_init(&rs);
	if (*rq.path == '/')
		serve_route(&sc, &rq, &rs);
	serve_resp_free(&rs);
	free(buf);
	return 0;
}
