/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for atomic output files over what is already there: a regular
 * file is replaced whole or not at all (abort keeps the old content, no
 * temporary file is left), and what is not a regular file is written in
 * place: a null device stays a device (renaming over /dev/null as root
 * turned it into a file), a FIFO gets the bytes; a symbolic link, to a
 * file or dangling, is refused and its target left alone.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outfile.h"
#include "tap.h"
#include "xalloc.h"

static char	*slurp(const char *);
static int	 write_one(const char *, const char *);
static int	 entries(const char *);

static char *
slurp(const char *path)
{
	char	 buf[256];
	FILE	*fp;
	size_t	 n;

	if ((fp = fopen(path, "r")) == NULL)
		return xstrdup("(missing)");
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return xstrdup(buf);
}

static int
write_one(const char *path, const char *text)
{
	struct outfile	*of;
	struct diag	 d;

	diag_clear(&d);
	if ((of = outfile_open(path, &d)) == NULL)
		return -1;
	fputs(text, of->fp);
	return outfile_commit(of, &d);
}

/* Directory entries other than . and .. */
static int
entries(const char *dir)
{
	DIR		*dp;
	struct dirent	*e;
	int		 n = 0;

	if ((dp = opendir(dir)) == NULL)
		return -1;
	while ((e = readdir(dp)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			n++;
	closedir(dp);
	return n;
}

int
main(void)
{
	char		 dir[] = "/tmp/broutfile.XXXXXX";
	char		*file, *link, *fifo, *dev, *s, *cmd;
	struct outfile	*of;
	struct stat	 sb;
	struct diag	 d;
	pid_t		 pid;
	int		 status;

	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		return 2;
	}
	file = xasprintf("%s/out.txt", dir);
	link = xasprintf("%s/link.txt", dir);
	fifo = xasprintf("%s/fifo", dir);
	dev = xasprintf("%s/null", dir);

	ok(write_one(file, "first\n") == 0, "write a new file");
	s = slurp(file);
	is_str(s, "first\n", "it holds what was written");
	free(s);
	is_int(entries(dir), 1, "no temporary file is left");

	diag_clear(&d);
	of = outfile_open(file, &d);
	ok(of != NULL, "open over an existing file");
	if (of != NULL) {
		fputs("half", of->fp);
		s = slurp(file);
		is_str(s, "first\n", "the old content stays while writing");
		free(s);
		outfile_abort(of);
	}
	s = slurp(file);
	is_str(s, "first\n", "abort keeps the old content");
	free(s);
	is_int(entries(dir), 1, "abort removes the temporary file");

	/*
	 * A device node: root may rename over one, so a regression here once
	 * replaced /dev/null. Use a private node (root only) so that a
	 * regression cannot break the machine's.
	 */
	if (mknod(dev, S_IFCHR | 0666, makedev(1, 3)) == 0) {
		ok(write_one(dev, "discarded\n") == 0, "write to a null device");
		ok(lstat(dev, &sb) == 0 && S_ISCHR(sb.st_mode),
		    "the device is still a device");
		(void)unlink(dev);
	} else {
		skip("write to a null device", "mknod needs root");
		skip("the device is still a device", "mknod needs root");
	}

	/*
	 * A symbolic link is refused, never followed: whoever planted it in a
	 * shared directory would choose the file replaced. A dangling one
	 * too (it would create its target).
	 */
	ok(symlink("out.txt", link) == 0, "make a link");
	diag_clear(&d);
	ok(outfile_open(link, &d) == NULL && strstr(d.msg, "symbolic link") !=
	    NULL, "a link is refused, saying so");
	ok(lstat(link, &sb) == 0 && S_ISLNK(sb.st_mode), "the link is still a link");
	s = slurp(file);
	is_str(s, "first\n", "the file it names is unchanged");
	free(s);
	is_int(entries(dir), 2, "no temporary file beside either");
	ok(unlink(link) == 0 && symlink("planted.txt", link) == 0,
	    "make a dangling link");
	ok(write_one(link, "created?\n") == -1, "a dangling link is refused");
	ok(access(s = xasprintf("%s/planted.txt", dir), F_OK) == -1,
	    "and its target is not created");
	free(s);
	is_int(entries(dir), 2, "nothing left beside it");
	(void)unlink(link);

	/* A FIFO is written in place (a reader on the other end). */
	ok(mkfifo(fifo, 0600) == 0, "make a FIFO");
	fflush(stdout);
	if ((pid = fork()) == 0) {
		char	*got;
		int	 same;

		alarm(10);	/* nobody opens the FIFO when it was replaced */
		got = slurp(fifo);
		same = strcmp(got, "down the pipe\n") == 0;
		/* Free what the child holds: valgrind checks it at _exit too. */
		free(got);
		free(file);
		free(link);
		free(fifo);
		free(dev);
		_exit(same ? 0 : 1);
	}
	ok(write_one(fifo, "down the pipe\n") == 0, "write to the FIFO");
	ok(waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 0, "the reader got the bytes");
	ok(lstat(fifo, &sb) == 0 && S_ISFIFO(sb.st_mode), "the FIFO is still a FIFO");

	diag_clear(&d);
	ok(outfile_open(dir, &d) == NULL && strstr(d.msg, "directory") != NULL,
	    "a directory is refused");

	free(file);
	free(link);
	free(fifo);
	free(dev);
	cmd = xasprintf("rm -rf '%s'", dir);
	if (system(cmd) != 0)
		diag("could not remove %s", dir);
	free(cmd);
	return tap_done();
}
