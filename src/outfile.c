/* SPDX-License-Identifier: ISC */
/*
 * Atomic output files: temp file in the target's directory, then rename.
 * What is not a regular file (/dev/null, a FIFO, /dev/stdout on a pipe or
 * terminal) is written in place: renaming over it would replace a device
 * node with a regular file. A symbolic link at the path is refused, never
 * followed: in a shared directory whoever planted it would choose which
 * file is replaced. The temporary is made with O_EXCL (mkstemp), and the
 * rename replaces the name itself, so a link planted after the check is
 * replaced, not followed.
 */
#define _GNU_SOURCE		/* syncfs */
#include <sys/stat.h>

#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "xalloc.h"

static int	outfile_sync_one(const char *);
static void	outfile_batch_release(struct outfile_batch *, size_t);
static void	outfile_live_add(const char *);
static void	outfile_live_drop(const char *);
static void	outfile_live_unlink(void);

/*
 * The temporaries that exist now (not yet renamed or removed): a command
 * that exits in the middle of its work (canvas_dl_need when a drawing
 * library is missing, an allocation that fails) leaves none behind.
 */
static const char	**outfile_live;
static size_t		  outfile_nlive, outfile_caplive;

static void
outfile_live_add(const char *tmp)
{
	static bool	registered;

	if (!registered)
		registered = atexit(outfile_live_unlink) == 0;
	if (outfile_nlive == outfile_caplive) {
		outfile_caplive = outfile_caplive ? 2 * outfile_caplive : 16;
		outfile_live = xreallocarray(outfile_live, outfile_caplive,
		    sizeof(*outfile_live));
	}
	outfile_live[outfile_nlive++] = tmp;
}

static void
outfile_live_drop(const char *tmp)
{
	size_t	i;

	for (i = outfile_nlive; i > 0; i--)
		if (outfile_live[i - 1] == tmp) {
			outfile_live[i - 1] = outfile_live[--outfile_nlive];
			return;
		}
}

static void
outfile_live_unlink(void)
{
	size_t	i;

	for (i = 0; i < outfile_nlive; i++)
		(void)unlink(outfile_live[i]);
	outfile_nlive = 0;
	free(outfile_live);
	outfile_live = NULL;
	outfile_caplive = 0;
}

struct outfile *
outfile_open(const char *path, struct diag *d)
{
	struct outfile	*of;
	struct stat	 sb;
	bool		 islink;
	int		 fd;

	of = xcalloc(1, sizeof(*of));
	of->path = xstrdup(path);
	if (strcmp(path, "-") == 0) {
		of->fp = stdout;
		return of;
	}
	/*
	 * The system's own names for this process's streams (/dev/stdout,
	 * /proc/self/fd/N) are links in directories nobody else writes:
	 * they are written in place, whatever they lead to.
	 */
	islink = lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode);
	if (islink && strncmp(path, "/dev/", 5) != 0 &&
	    strncmp(path, "/proc/self/fd/", 14) != 0) {
		diag_set(d, path, 0, "is a symbolic link: not followed (remove "
		    "it, or name the file it points to)");
		goto fail;
	}
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		diag_set(d, path, 0, "is a directory");
		goto fail;
	}
	/* Not a regular file: write in place, never through a link. */
	if (islink || (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode))) {
		if ((fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC |
		    (islink ? O_TRUNC : O_NOFOLLOW))) == -1) {
			diag_set(d, path, 0, "cannot open: %s", errno == ELOOP ?
			    "is a symbolic link: not followed" : strerror(errno));
			goto fail;
		}
		if ((of->fp = fdopen(fd, "w")) == NULL) {
			diag_set(d, path, 0, "cannot open: %s", strerror(errno));
			close(fd);
			goto fail;
		}
		return of;	/* tmp stays NULL */
	}
	of->tmp = xasprintf("%s.tmpXXXXXX", of->path);
	if ((fd = mkstemp(of->tmp)) == -1) {
		diag_set(d, path, 0, "cannot create: %s", strerror(errno));
		goto fail;
	}
	/* mkstemp makes 0600; outputs are meant to be shared like any file. */
	{
		mode_t	mask = umask(0);

		umask(mask);
		(void)fchmod(fd, 0666 & ~mask);
	}
	if ((of->fp = fdopen(fd, "w")) == NULL) {
		diag_set(d, path, 0, "cannot open: %s", strerror(errno));
		close(fd);
		unlink(of->tmp);
		goto fail;
	}
	outfile_live_add(of->tmp);
	return of;
fail:
	free(of->tmp);
	free(of->path);
	free(of);
	return NULL;
}

int
outfile_commit(struct outfile *of, struct diag *d)
{
	int	rc = -1;

	if (of->fp == stdout) {
		if (fflush(stdout) == EOF)
			diag_set(d, "-", 0, "write error: %s", strerror(errno));
		else
			rc = 0;
		goto out;
	}
	if (of->tmp == NULL) {		/* a device or FIFO, written in place */
		/* Close whatever ferror says: '|', not '||'. */
		if (ferror(of->fp) | (fclose(of->fp) == EOF))
			diag_set(d, of->path, 0, "write error: %s", strerror(errno));
		else
			rc = 0;
		goto out;
	}
	if (fflush(of->fp) == EOF || ferror(of->fp)) {
		diag_set(d, of->path, 0, "write error: %s", strerror(errno));
		fclose(of->fp);
		unlink(of->tmp);
		goto out;
	}
	if (fsync(fileno(of->fp)) == -1 && errno != EINVAL) {
		diag_set(d, of->path, 0, "fsync: %s", strerror(errno));
		fclose(of->fp);
		unlink(of->tmp);
		goto out;
	}
	if (fclose(of->fp) == EOF) {
		diag_set(d, of->path, 0, "close: %s", strerror(errno));
		unlink(of->tmp);
		goto out;
	}
	if (rename(of->tmp, of->path) == -1) {
		diag_set(d, of->path, 0, "rename: %s", strerror(errno));
		unlink(of->tmp);
		goto out;
	}
	rc = 0;
out:
	outfile_live_drop(of->tmp);
	free(of->tmp);
	free(of->path);
	free(of);
	return rc;
}

void
outfile_abort(struct outfile *of)
{
	if (of == NULL)
		return;
	if (of->fp != NULL && of->fp != stdout) {
		fclose(of->fp);
		if (of->tmp != NULL)
			unlink(of->tmp);
	}
	outfile_live_drop(of->tmp);
	free(of->tmp);
	free(of->path);
	free(of);
}

int
outfile_defer(struct outfile *of, struct outfile_batch *b, struct diag *d)
{
	/* stdout, a device or a FIFO: written in place, nothing to rename. */
	if (of->fp == stdout || of->tmp == NULL)
		return outfile_commit(of, d);
	if (fflush(of->fp) == EOF || ferror(of->fp)) {
		diag_set(d, of->path, 0, "write error: %s", strerror(errno));
		fclose(of->fp);
		goto fail;
	}
	if (fclose(of->fp) == EOF) {
		diag_set(d, of->path, 0, "close: %s", strerror(errno));
		goto fail;
	}
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->tmp = xreallocarray(b->tmp, b->cap, sizeof(*b->tmp));
		b->path = xreallocarray(b->path, b->cap, sizeof(*b->path));
	}
	b->tmp[b->n] = of->tmp;
	b->path[b->n++] = of->path;
	free(of);
	return 0;
fail:
	unlink(of->tmp);
	outfile_live_drop(of->tmp);
	free(of->tmp);
	free(of->path);
	free(of);
	return -1;
}

/* fsync one closed temporary. */
static int
outfile_sync_one(const char *tmp)
{
	int	fd, rc;

	if ((fd = open(tmp, O_RDONLY)) == -1)
		return -1;
	rc = fsync(fd) == -1 && errno != EINVAL ? -1 : 0;
	if (close(fd) == -1)
		rc = -1;
	return rc;
}

/*
 * Why this keeps outfile_commit's promise (the real name never holds half
 * a file) with one sync instead of one fsync per file: every temporary is
 * complete and closed before the sync, and no rename happens before the
 * sync has returned, so each rename only ever exposes data already on
 * disk. A crash before or during the renames leaves some targets old and
 * some new, each of them whole, plus *.tmpXXXXXX files; never a partial
 * file under a target's name. syncfs flushes the whole filesystem of the
 * temporaries' directory; when it is not available (or fails, or the
 * temporaries span filesystems), each file is fsynced as before.
 */
int
outfile_batch_commit(struct outfile_batch *b, struct diag *d)
{
	struct stat	 st;
	dev_t		 dev = 0;
	size_t		 i, done = 0;
	int		 fd, synced = 0, rc = -1;

	for (i = 0; i < b->n; i++) {
		if (stat(b->tmp[i], &st) == -1) {
			diag_set(d, b->path[i], 0, "stat: %s", strerror(errno));
			goto out;
		}
		if (i > 0 && st.st_dev != dev)
			break;
		dev = st.st_dev;
	}
	if (b->n > 0 && i == b->n && (fd = open(b->tmp[0], O_RDONLY)) != -1) {
		synced = syncfs(fd) == 0;
		if (close(fd) == -1)
			synced = 0;
	}
	for (i = 0; !synced && i < b->n; i++)
		if (outfile_sync_one(b->tmp[i]) == -1) {
			diag_set(d, b->path[i], 0, "fsync: %s", strerror(errno));
			goto out;
		}
	for (done = 0; done < b->n; done++)
		if (rename(b->tmp[done], b->path[done]) == -1) {
			diag_set(d, b->path[done], 0, "rename: %s",
			    strerror(errno));
			goto out;
		}
	rc = 0;
out:
	outfile_batch_release(b, done);
	return rc;
}

void
outfile_batch_abort(struct outfile_batch *b)
{
	outfile_batch_release(b, 0);
}

/* Remove the temporaries from index from on (not renamed) and empty b. */
static void
outfile_batch_release(struct outfile_batch *b, size_t from)
{
	size_t	i;

	for (i = 0; i < b->n; i++) {
		if (i >= from)
			unlink(b->tmp[i]);
		outfile_live_drop(b->tmp[i]);
		free(b->tmp[i]);
		free(b->path[i]);
	}
	free(b->tmp);
	free(b->path);
	memset(b, 0, sizeof(*b));
}
