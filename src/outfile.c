/* SPDX-License-Identifier: ISC */
/*
 * Atomic output files: temp file in the target's directory, then rename.
 * What is not a regular file (/dev/null, a FIFO, /dev/stdout on a pipe or
 * terminal) is written in place: renaming over it would replace a device
 * node with a regular file. A symbolic link is followed, so the file it
 * names is replaced and the link stays.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "xalloc.h"

struct outfile *
outfile_open(const char *path, struct diag *d)
{
	struct outfile	*of;
	struct stat	 sb;
	char		*real;
	int		 fd;

	of = xcalloc(1, sizeof(*of));
	of->path = xstrdup(path);
	if (strcmp(path, "-") == 0) {
		of->fp = stdout;
		return of;
	}
	if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
		diag_set(d, path, 0, "is a directory");
		goto fail;
	}
	real = NULL;
	if (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode))
		real = realpath(path, NULL);
	/* Not a regular file, or a link we cannot resolve: write in place. */
	if ((stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) ||
	    (lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode) && real == NULL)) {
		free(real);
		if ((of->fp = fopen(path, "w")) == NULL) {
			diag_set(d, path, 0, "cannot open: %s", strerror(errno));
			goto fail;
		}
		return of;	/* tmp stays NULL */
	}
	if (real != NULL) {
		free(of->path);
		of->path = xstrdup(real);
		free(real);	/* realpath's buffer comes from malloc */
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
	free(of->tmp);
	free(of->path);
	free(of);
}
