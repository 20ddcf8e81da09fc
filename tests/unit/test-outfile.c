/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for atomic output files: one at a time, and in a batch
 * (temporaries closed, one sync, renames): contents arrive whole, nothing
 * but the targets is left behind, an aborted batch leaves nothing.
 */
#include <sys/wait.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "tap.h"
#include "xalloc.h"

static char	*slurp(const char *path);
static size_t	 entries(const char *dir);

static char *
slurp(const char *path)
{
	FILE	*fp;
	char	 buf[256];
	size_t	 n;

	if ((fp = fopen(path, "r")) == NULL)
		return NULL;
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	buf[n] = '\0';
	return xstrdup(buf);
}

/* Names in dir other than "." and "..". */
static size_t
entries(const char *dir)
{
	DIR		*dp;
	struct dirent	*de;
	size_t		 n = 0;

	if ((dp = opendir(dir)) == NULL)
		return (size_t)-1;
	while ((de = readdir(dp)) != NULL)
		if (strcmp(de->d_name, ".") != 0 && strcmp(de->d_name, "..") != 0)
			n++;
	closedir(dp);
	return n;
}

int
main(void)
{
	char			 dir[] = "/tmp/test-outfile.XXXXXX";
	struct outfile_batch	 b = { 0 };
	struct outfile		*of;
	struct diag		 d;
	char			*path, *s;
	pid_t			 pid;
	int			 i, st, good = 1;

	if (mkdtemp(dir) == NULL) {
		ok(0, "temporary directory");
		return tap_done();
	}
	diag_clear(&d);
	for (i = 0; i < 3; i++) {
		path = xasprintf("%s/f%d", dir, i);
		if ((of = outfile_open(path, &d)) == NULL ||
		    fprintf(of->fp, "file %d\n", i) < 0 ||
		    outfile_defer(of, &b, &d) != 0)
			good = 0;
		free(path);
	}
	ok(good && b.n == 3, "three files deferred");
	path = xasprintf("%s/f0", dir);
	ok(access(path, F_OK) == -1, "a deferred file is not under its name yet");
	free(path);
	ok(outfile_batch_commit(&b, &d) == 0 && b.n == 0, "batch committed");
	for (i = 0; i < 3; i++) {
		path = xasprintf("%s/f%d", dir, i);
		s = slurp(path);
		good = s != NULL && atoi(s + 5) == i &&
		    strncmp(s, "file ", 5) == 0;
		ok(good, "a committed file holds what was written");
		free(s);
		unlink(path);
		free(path);
	}
	ok(entries(dir) == 0, "no temporary left after the commit");

	path = xasprintf("%s/g", dir);
	of = outfile_open(path, &d);
	ok(of != NULL && outfile_defer(of, &b, &d) == 0, "one more deferred");
	outfile_batch_abort(&b);
	ok(entries(dir) == 0 && b.n == 0, "an aborted batch leaves nothing");
	free(path);

	/*
	 * A process that exits with a file open and another deferred (a
	 * drawing library missing half-way, say) leaves no temporary.
	 */
	fflush(stdout);
	if ((pid = fork()) == 0) {
		/* The open one is held where a leak checker sees it. */
		static struct outfile	*open;

		path = xasprintf("%s/h", dir);
		of = outfile_open(path, &d);
		free(path);
		if (of == NULL || fputs("half\n", of->fp) == EOF ||
		    outfile_defer(of, &b, &d) != 0)
			_exit(3);
		path = xasprintf("%s/i", dir);
		open = outfile_open(path, &d);
		free(path);
		if (open == NULL)
			_exit(3);
		fputs("half\n", open->fp);
		fflush(open->fp);
		exit(entries(dir) == 2 ? 2 : 4);
	}
	ok(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
	    WEXITSTATUS(st) == 2, "a child exits with two temporaries");
	ok(entries(dir) == 0, "  and none is left");
	rmdir(dir);
	return tap_done();
}
