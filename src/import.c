/* SPDX-License-Identifier: ISC */
/*
 * One file into the store, streamed when the reader can: every finished
 * test is written inside the open import transaction and freed by the
 * reader, so peak memory follows one test, not the file. Readers that do
 * not stream return the whole set, stored at the end by the same steps.
 * It does not print; commands report what it returns.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "import.h"
#include "meta.h"
#include "strbuf.h"
#include "xalloc.h"

struct import_file_ctx {
	struct store_import		*imp;
	struct import_file_result	*res;
};

static int	 import_file_test(struct result_set *, void *, struct diag *);
static int	 import_file_read(struct store *, const char *, const char *,
		    const struct reader *, const struct read_options *,
		    struct result_set *, struct import_file_result *,
		    struct import_file_ctx *, struct diag *);
static char	*import_stdin_copy(struct diag *);
static int	 import_file_put(struct import_file_ctx *, struct result_set *,
		    const struct test *, struct diag *);
static void	 import_file_warnings(const char *, const struct read_options *,
		    struct result_set *);
static int	 import_file_recheck(const char *path, const struct reader *r,
		    const struct read_options *ro, struct diag *d);

static int
import_file_put(struct import_file_ctx *c, struct result_set *rs,
    const struct test *t, struct diag *d)
{
	if (store_import_add_test(c->imp, rs, t, d) == -1) {
		c->res->store_failed = true;
		return -1;
	}
	c->res->ntests++;
	c->res->nvalues += t->nvalues;
	return 0;
}

/* The reader's test_done: store the test it just finished. */
static int
import_file_test(struct result_set *rs, void *arg, struct diag *d)
{
	return import_file_put(arg, rs, &rs->tests[rs->ntests - 1], d);
}

/*
 * Bytes stored before, perhaps without --strict: the strict check still
 * runs, so `import --strict` refuses what it would refuse on a first import.
 */
static int
import_file_recheck(const char *path, const struct reader *r,
    const struct read_options *ro, struct diag *d)
{
	struct result_set	*tmp;
	int			 rc;

	if (ro == NULL || !ro->strict)
		return 0;
	tmp = result_set_new();
	rc = r->read(path, ro, tmp, d);
	result_set_free(tmp);
	if (rc == -1 && d->file[0] == '\0')
		snprintf(d->file, sizeof(d->file), "%s", path);
	return rc;
}

/*
 * What the reader could not read or attribute stays with the set, for the
 * review page to say beside the result it concerns: the extra field
 * "benchreport-warnings", one warning a line as "LINE: message" (the
 * file's path left out: it names this machine, not the source).
 */
static void
import_file_warnings(const char *path, const struct read_options *ro,
    struct result_set *rs)
{
	struct strbuf	 sb;
	const char	*w;
	size_t		 i, plen = strlen(path);

	if (ro == NULL || ro->warnings == NULL || ro->warnings->len == 0)
		return;
	strbuf_init(&sb);
	for (i = 0; i < ro->warnings->len; i++) {
		w = ro->warnings->items[i];
		if (strncmp(w, path, plen) == 0 && w[plen] == ':')
			w += plen + 1;
		while (*w == ' ')
			w++;
		strbuf_printf(&sb, "%s%.*s", i > 0 ? "\n" : "",
		    (int)strcspn(w, "\n"), w);
	}
	kv_list_set(&rs->extra, "benchreport-warnings", strbuf_str(&sb));
	strbuf_free(&sb);
}

int
import_file(struct store *st, const char *path, const struct reader *r,
    const struct read_options *ro, struct result_set *rs,
    struct import_file_result *res, struct diag *d)
{
	struct import_file_ctx	 c;
	char			*dirfile;
	int			 rc;

	memset(res, 0, sizeof(*res));
	memset(&c, 0, sizeof(c));
	c.res = res;
	/*
	 * "-" is standard input, read from a private copy (detection and
	 * the checksum read the bytes more than once); the set's source is
	 * "-". A PTS result directory is its composite.xml.
	 */
	if (strcmp(path, "-") == 0) {
		if ((dirfile = import_stdin_copy(d)) == NULL)
			return -1;
		rc = import_file_read(st, dirfile, "-", r, ro, rs, res, &c, d);
		if (strcmp(d->file, dirfile) == 0)
			snprintf(d->file, sizeof(d->file), "-");
		(void)unlink(dirfile);
		free(dirfile);
		return rc;
	}
	if ((dirfile = format_result_dir_file(path)) != NULL)
		path = dirfile;
	rc = import_file_read(st, path, path, r, ro, rs, res, &c, d);
	free(dirfile);
	return rc;
}

/*
 * Standard input into a new private file under $TMPDIR (else /tmp);
 * its path, or NULL with d (nothing left behind). A terminal is refused:
 * nobody types a result file.
 */
static char *
import_stdin_copy(struct diag *d)
{
	const char	*dir = getenv("TMPDIR");
	char		*path, buf[65536];
	ssize_t		 n, w, off;
	int		 fd;

	if (isatty(STDIN_FILENO))
		return diag_set(d, "-", 0, "standard input is a terminal: pipe "
		    "or redirect a result file into it"), NULL;
	path = xasprintf("%s/benchreport-stdin.XXXXXX", dir != NULL &&
	    *dir == '/' ? dir : "/tmp");
	if ((fd = mkstemp(path)) == -1) {
		diag_set(d, "-", 0, "cannot copy standard input: %s: %s", path,
		    strerror(errno));
		free(path);
		return NULL;
	}
	while ((n = read(STDIN_FILENO, buf, sizeof(buf))) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			goto fail;
		for (off = 0; off < n; off += w)
			if ((w = write(fd, buf + off, (size_t)(n - off))) == -1 &&
			    errno != EINTR)
				goto fail;
			else if (w == -1)
				w = 0;
	}
	if (close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	return path;
fail:
	diag_set(d, "-", 0, "cannot copy standard input: %s", strerror(errno));
	if (fd != -1)
		close(fd);
	(void)unlink(path);
	free(path);
	return NULL;
}

/* Read path; name is what the set records as its source. */
static int
import_file_read(struct store *st, const char *path, const char *name,
    const struct reader *r, const struct read_options *ro,
    struct result_set *rs, struct import_file_result *res,
    struct import_file_ctx *cp, struct diag *d)
{
	struct import_file_ctx	 c = *cp;
	struct read_stream	 stream;
	char			 sum[65];
	size_t			 i;

	if (r == NULL && (r = format_detect_file(path, d)) == NULL)
		return -1;
	/* format_sha256_file refuses what is not a regular file. */
	if (format_sha256_file(path, sum, d) == -1)
		return -1;
	model_set_str(&rs->format, r->name);
	model_set_str(&rs->source_path, ro != NULL && ro->source_name != NULL ?
	    ro->source_name : name);
	model_set_str(&rs->source_sha256, sum);
	/* The duplicate check comes first: known bytes are not parsed again. */
	if (store_import_begin(st, rs, &c.imp, &res->id, &res->already, d) == -1) {
		res->store_failed = true;
		return -1;
	}
	if (c.imp == NULL)
		return import_file_recheck(path, r, ro, d);
	stream.test_done = import_file_test;
	stream.arg = &c;
	if ((r->read_stream != NULL ? r->read_stream(path, ro, &stream, rs, d) :
	    r->read(path, ro, rs, d)) == -1) {
		if (d->file[0] == '\0')
			snprintf(d->file, sizeof(d->file), "%s", path);
		goto fail;
	}
	/* What a reader that does not stream returned in one piece. */
	for (i = 0; i < rs->ntests; i++)
		if (import_file_put(&c, rs, &rs->tests[i], d) == -1)
			goto fail;
	meta_normalize_result_set(rs);
	import_file_warnings(path, ro, rs);
	if (store_import_commit(c.imp, rs, &res->id, d) == -1) {
		res->store_failed = true;
		return -1;
	}
	return 0;
fail:
	store_import_abort(c.imp);
	res->ntests = res->nvalues = 0;
	return -1;
}
