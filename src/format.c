/* SPDX-License-Identifier: ISC */
/*
 * Format detection and safe input opening. Detection reads only the start
 * of the file and asks every reader for a score, so a .json file holding an
 * fio error message or a .txt holding XML is still recognised for what it is.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <libxml/HTMLparser.h>
#include <libxml/parserInternals.h>
#include <nettle/sha2.h>

#include "format.h"
#include "strbuf.h"
#include "xalloc.h"

#define READER(name) extern const struct reader reader_##name;
#include "readers.def"
#undef READER

const struct reader *const format_readers[] = {
#define READER(name) &reader_##name,
#include "readers.def"
#undef READER
	NULL
};

static int	 format_open(const char *path, struct stat *st, struct diag *d);
static void	 format_html_start(void *ctx, const xmlChar *name,
		    const xmlChar **atts);
static int	 format_read_up_to(int fd, char *buf, size_t want, size_t *got,
		    const char *path, struct diag *d);

const struct reader *
format_find(const char *name)
{
	size_t	i;

	for (i = 0; format_readers[i] != NULL; i++)
		if (strcmp(format_readers[i]->name, name) == 0)
			return format_readers[i];
	return NULL;
}

const char *
format_reader_name(size_t i)
{
	size_t	n;

	for (n = 0; format_readers[n] != NULL; n++)
		if (n == i)
			return format_readers[n]->name;
	return NULL;
}

/*
 * Open path read-only, refusing anything but a regular file: the only
 * command allowed near devices is `run`, and a FIFO would hang us.
 * O_NONBLOCK keeps the open itself from blocking on a FIFO.
 */
static int
format_open(const char *path, struct stat *st, struct diag *d)
{
	int	fd;

	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd == -1) {
		diag_set(d, path, 0, "%s", strerror(errno));
		return -1;
	}
	if (fstat(fd, st) == -1) {
		diag_set(d, path, 0, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	if (!S_ISREG(st->st_mode)) {
		diag_set(d, path, 0, "%s", S_ISDIR(st->st_mode) ?
		    "is a directory" : "not a regular file (refusing devices, FIFOs and sockets)");
		close(fd);
		return -1;
	}
	return fd;
}

/*
 * Read up to want bytes (fewer at end of file: a file that shrinks under
 * us gives what is there). 0 with *got, or -1 with d.
 */
static int
format_read_up_to(int fd, char *buf, size_t want, size_t *got,
    const char *path, struct diag *d)
{
	ssize_t	n;

	*got = 0;
	while (*got < want) {
		n = read(fd, buf + *got, want - *got);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return diag_set(d, path, 0, "read: %s", strerror(errno));
		if (n == 0)
			break;
		*got += (size_t)n;
	}
	return 0;
}

char *
format_slurp(const char *path, size_t *len, struct diag *d)
{
	struct stat	 st;
	char		*buf = NULL;
	size_t		 size, got = 0;
	int		 fd;

	if ((fd = format_open(path, &st, d)) == -1)
		return NULL;
	if ((unsigned long long)st.st_size > FORMAT_FILE_MAX) {
		diag_set(d, path, 0, "file too large (%lld bytes, limit %zu)",
		    (long long)st.st_size, FORMAT_FILE_MAX);
		goto fail;
	}
	size = (size_t)st.st_size;
	buf = xmalloc(size + 1);
	if (format_read_up_to(fd, buf, size, &got, path, d) == -1)
		goto fail;
	buf[got] = '\0';
	*len = got;
	close(fd);
	return buf;
fail:
	free(buf);
	close(fd);
	return NULL;
}

int
format_sha256_file(const char *path, char out[65], struct diag *d)
{
	struct stat		 st;
	struct sha256_ctx	 ctx;
	uint8_t			 md[SHA256_DIGEST_SIZE];
	char			 buf[65536];
	ssize_t			 n;
	size_t			 i;
	int			 fd, rc = -1;

	if ((fd = format_open(path, &st, d)) == -1)
		return -1;
	/*
	 * Nettle uses the CPU's SHA instructions: 700 MB/s against GLib's
	 * GChecksum's 170 MB/s here (100 MB, 3 runs). At the import speed
	 * docs/store.md aims for (64 MB/s), GLib's would cost a fifth of it.
	 */
	sha256_init(&ctx);
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			diag_set(d, path, 0, "read: %s", strerror(errno));
			goto out;
		}
		if (n == 0)
			break;
		sha256_update(&ctx, (size_t)n, (const uint8_t *)buf);
	}
	sha256_digest(&ctx, sizeof(md), md);
	for (i = 0; i < sizeof(md); i++)
		snprintf(out + 2 * i, 3, "%02x", md[i]);
	rc = 0;
out:
	close(fd);
	return rc;
}

void
format_sha256_text(const char *text, char out[65])
{
	struct sha256_ctx	 ctx;
	uint8_t			 md[SHA256_DIGEST_SIZE];
	size_t			 i;

	sha256_init(&ctx);
	sha256_update(&ctx, strlen(text), (const uint8_t *)text);
	sha256_digest(&ctx, sizeof(md), md);
	for (i = 0; i < sizeof(md); i++)
		snprintf(out + 2 * i, 3, "%02x", md[i]);
}

char *
format_result_dir_file(const char *path)
{
	struct stat	 st;
	char		*f;

	if (stat(path, &st) == -1 || !S_ISDIR(st.st_mode))
		return NULL;
	f = xasprintf("%s/composite.xml", path);
	if (stat(f, &st) == -1 || !S_ISREG(st.st_mode)) {
		free(f);
		return NULL;
	}
	return f;
}

const struct reader *
format_detect_file(const char *path, struct diag *d)
{
	struct stat		 st;
	const struct reader	*best = NULL;
	char			*head = NULL, *dirfile = format_result_dir_file(path);
	size_t			 got = 0, i;
	int			 fd, score, best_score = 0;

	if (dirfile != NULL)
		path = dirfile;
	if ((fd = format_open(path, &st, d)) == -1) {
		free(dirfile);
		return NULL;
	}
	if (st.st_size == 0) {
		diag_set(d, path, 0, "empty file");
		goto out;
	}
	head = xmalloc(FORMAT_HEAD_MAX + 1);
	if (format_read_up_to(fd, head, FORMAT_HEAD_MAX, &got, path, d) == -1)
		goto out;
	head[got] = '\0';
	for (i = 0; format_readers[i] != NULL; i++) {
		score = format_readers[i]->detect(head, got);
		if (score > best_score) {
			best_score = score;
			best = format_readers[i];
		}
	}
	if (best == NULL)
		diag_set(d, path, 0, "unrecognised format (not a PTS result file, "
		    "OpenBenchmarking export, fio or dd output)");
out:
	free(head);
	free(dirfile);
	close(fd);
	return best;
}

int
format_read_file(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	const struct reader	*r;
	char			*dirfile = format_result_dir_file(path);
	int			 rc = -1;

	if (dirfile != NULL)
		path = dirfile;
	if ((r = format_detect_file(path, d)) != NULL)
		rc = format_read_file_as(r, path, opt, rs, d);
	free(dirfile);
	return rc;
}

int
format_read_file_as(const struct reader *r, const char *path,
    const struct read_options *opt, struct result_set *rs, struct diag *d)
{
	char	sum[65];

	/* format_sha256_file refuses what is not a regular file. */
	if (format_sha256_file(path, sum, d) == -1)
		return -1;
	if (r->read(path, opt, rs, d) == -1) {
		if (d->file[0] == '\0')
			snprintf(d->file, sizeof(d->file), "%s", path);
		return -1;
	}
	model_set_str(&rs->format, r->name);
	model_set_str(&rs->source_path, path);
	model_set_str(&rs->source_sha256, sum);
	return 0;
}

void
format_warn(const struct read_options *opt, const char *path, long line,
    const char *fmt, ...)
{
	struct strbuf	sb;
	va_list		ap;
	char		*text;

	if (opt == NULL || opt->warnings == NULL)
		return;
	va_start(ap, fmt);
	text = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	strbuf_init(&sb);
	if (line > 0)
		strbuf_printf(&sb, "%s:%ld: %s", path, line, text);
	else
		strbuf_printf(&sb, "%s: %s", path, text);
	g_free(text);
	str_list_add(opt->warnings, strbuf_str(&sb));
	strbuf_free(&sb);
}

/* Where libxml2's tree builder stopped a page (format_html_read). */
struct format_deep {
	startElementSAXFunc	 start;		/* the tree builder's */
	char			*name;
	long			 line;
};

/* The tree builder's start of an element, noting where it stops. */
static void
format_html_start(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	htmlParserCtxtPtr	 c = ctx;
	struct format_deep	*deep = c->_private;

	if (deep->name == NULL && c->nodeNr > (int)xmlParserMaxDepth &&
	    (c->options & XML_PARSE_HUGE) == 0) {
		deep->name = xstrdup((const char *)name);
		deep->line = c->input != NULL ? c->input->line : 0;
	}
	deep->start(ctx, name, atts);
}

struct _xmlDoc *
format_html_read(const char *buf, size_t len, const char *path, int options,
    const struct read_options *opt, struct diag *d)
{
	struct format_deep	 deep = { NULL, NULL, 0 };
	htmlParserCtxtPtr	 ctxt;
	htmlDocPtr		 doc = NULL;

	if (len > INT32_MAX) {
		diag_set(d, path, 0, "file too large");
		return NULL;
	}
	if ((ctxt = htmlNewParserCtxt()) != NULL && ctxt->sax != NULL) {
		deep.start = ctxt->sax->startElement;
		ctxt->sax->startElement = format_html_start;
		ctxt->_private = &deep;
		doc = htmlCtxtReadMemory(ctxt, buf, (int)len, path, "UTF-8",
		    options | HTML_PARSE_NONET);
	}
	if (doc == NULL)
		diag_set(d, path, 0, "not parseable as HTML");
	else if (deep.name != NULL)
		format_warn(opt, path, deep.line, "elements nested deeper than "
		    "%u (at <%s>): the rest of the page is not read",
		    xmlParserMaxDepth, deep.name);
	free(deep.name);
	if (ctxt != NULL)
		htmlFreeParserCtxt(ctxt);
	return doc;
}
