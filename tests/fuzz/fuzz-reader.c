/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer harness for the input readers. Built once per line of
 * src/readers.def with -DFUZZ_READER=name: each input goes through that
 * reader's detect() and read(), and a set it reads goes through one
 * export writer, picked by the input's length. Built without FUZZ_READER
 * it follows `import`: detection over every reader, then the winner's
 * read(). It checks nothing by itself: the sanitizers and libFuzzer's
 * leak, timeout and memory limits are the oracle.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "export.h"
#include "format.h"
#include "fuzz-xmlmem.h"
#include "model.h"
#include "xalloc.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void	 fuzz_cleanup(void);
static int	 fuzz_write(const char *, const uint8_t *, size_t);
static void	 fuzz_export(const struct result_set *, size_t);

#ifdef FUZZ_READER
#define FUZZ_CAT(a, b)	a##b
#define FUZZ_REF(n)	FUZZ_CAT(reader_, n)
extern const struct reader FUZZ_REF(FUZZ_READER);
static void	 fuzz_head(const uint8_t *, size_t, char **, size_t *);
#endif

/*
 * Readers are handed a path, as in `import`, so the input is written to a
 * file in a private directory first. The fio log reader takes the log kind
 * from the file name (job_clat.1.log): the input's length picks one, so the
 * seeds and their mutations reach every kind, reproducibly. The files are
 * rewritten in place, not removed after each input (no reader looks at
 * another file of the directory), and removed at exit.
 */
static const char *const fuzz_names[] = {
	"input", "job_bw.1.log", "job_iops.1.log", "job_lat.1.log",
	"job_clat.1.log", "job_slat.1.log", "job_clat_hist.1.log", "job.log"
};
#define FUZZ_NNAMES	(sizeof(fuzz_names) / sizeof(fuzz_names[0]))

static char	 fuzz_dir[4096];
static FILE	*fuzz_null;

static void
fuzz_cleanup(void)
{
	size_t	i;
	char	path[4200];

	for (i = 0; i < FUZZ_NNAMES; i++) {
		snprintf(path, sizeof(path), "%s/%s", fuzz_dir, fuzz_names[i]);
		(void)unlink(path);
	}
	(void)rmdir(fuzz_dir);
}

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char	*tmp = getenv("TMPDIR");

	snprintf(fuzz_dir, sizeof(fuzz_dir), "%s/brfuzz.XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(fuzz_dir) == NULL) {
		perror("fuzz: mkdtemp");
		abort();
	}
	if (atexit(fuzz_cleanup) != 0)
		abort();
	fuzz_xmlmem_init();
	if ((fuzz_null = fopen("/dev/null", "w")) == NULL) {
		perror("fuzz: /dev/null");
		abort();
	}
	return 0;
}

static int
fuzz_write(const char *path, const uint8_t *data, size_t size)
{
	size_t	done = 0;
	ssize_t	n;
	int	fd;

	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd == -1)
		return -1;
	while (done < size) {
		n = write(fd, data + done, size - done);
		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0) {
			close(fd);
			return -1;
		}
		done += (size_t)n;
	}
	return close(fd);
}

#ifdef FUZZ_READER
/* What format_detect_file hands detect(): the first bytes, NUL-terminated. */
static void
fuzz_head(const uint8_t *data, size_t size, char **head, size_t *len)
{
	*len = size < FORMAT_HEAD_MAX ? size : FORMAT_HEAD_MAX;
	*head = xmalloc(*len + 1);
	memcpy(*head, data, *len);
	(*head)[*len] = '\0';
}
#endif

/*
 * A writer over what the reader produced, so strange models reach the
 * writers too: for one input length in FUZZ_EXPORT_EVERY, one writer,
 * picked by another digit of the length (the file name takes the
 * first). Mutations of one input reach every writer, and the harness's
 * time stays the reader's: with an export for every input, the writers
 * took a fifth of fio_text's fuzzing time (docs/hardening.md).
 */
#define FUZZ_EXPORT_EVERY	4

static void
fuzz_export(const struct result_set *rs, size_t size)
{
	struct diag	d;
	size_t		n, pick = size / FUZZ_NNAMES;

	if (pick % FUZZ_EXPORT_EVERY != 0)
		return;
	for (n = 0; export_writers[n] != NULL; n++)
		;
	diag_clear(&d);
	(void)export_writers[pick / FUZZ_EXPORT_EVERY % n]->write(rs, fuzz_null, &d);
	(void)fflush(fuzz_null);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct str_list		 warnings = { NULL, 0, 0 };
	struct read_options	 opt;
	struct result_set	*rs;
	struct diag		 d;
	char			 path[4200];
	int			 rc;
#ifdef FUZZ_READER
	const struct reader	*r = &FUZZ_REF(FUZZ_READER);
	char			*head;
	size_t			 len;

	fuzz_head(data, size, &head, &len);
	(void)r->detect(head, len);
	free(head);
#endif

	snprintf(path, sizeof(path), "%s/%s", fuzz_dir,
	    fuzz_names[size % FUZZ_NNAMES]);
	if (fuzz_write(path, data, size) == -1) {
		perror("fuzz: writing the input");
		abort();
	}
	memset(&opt, 0, sizeof(opt));
	opt.warnings = &warnings;
	rs = result_set_new();
	diag_clear(&d);
#ifdef FUZZ_READER
	rc = r->read(path, &opt, rs, &d);
#else
	rc = format_read_file(path, &opt, rs, &d);
#endif
	if (rc == 0)
		fuzz_export(rs, size);
	result_set_free(rs);
	str_list_free(&warnings);
	fuzz_xmlmem_end();
	return 0;
}
