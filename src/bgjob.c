/* SPDX-License-Identifier: ISC */
/*
 * bgjob: fork, run, report the outcome through a pipe as the raw bytes of
 * a struct diag (parent and child are the same program, so the layout is
 * shared), exit with _exit so that the parent's stdio buffers and atexit
 * handlers (the store's) are not run twice.
 */
#include <sys/wait.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bgjob.h"

static int	bgjob_single_threaded(void);
static void	bgjob_in_process(struct bgjob *job, bgjob_fn fn, void *arg);

/*
 * fork copies only the calling thread; a lock another thread held at that
 * moment would stay locked in the child forever. Pango starts helper
 * threads of its own (fontconfig's set-up) and ends them, so ask the
 * kernel whether any is still running. Unknown counts as "no".
 */
static int
bgjob_single_threaded(void)
{
#ifdef __linux__
	FILE	*fp;
	char	 line[128];
	long	 n = -1;

	if ((fp = fopen("/proc/self/status", "r")) == NULL)
		return 0;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "Threads: %ld", &n) == 1)
			break;
	fclose(fp);
	return n == 1;
#else
	return 0;
#endif
}

static void
bgjob_in_process(struct bgjob *job, bgjob_fn fn, void *arg)
{
	job->pid = -1;
	job->fd = -1;
	diag_clear(&job->diag);
	job->rc = fn(arg, &job->diag);
}

void
bgjob_start(struct bgjob *job, bgjob_fn fn, void *arg)
{
	struct diag	 d;
	const char	*p;
	size_t		 left;
	ssize_t		 n;
	int		 fds[2], rc;

	if (!bgjob_single_threaded() || pipe(fds) == -1) {
		bgjob_in_process(job, fn, arg);
		return;
	}
	/* Nothing buffered may be written twice, by parent and child. */
	fflush(NULL);
	if ((job->pid = fork()) == -1) {
		close(fds[0]);
		close(fds[1]);
		bgjob_in_process(job, fn, arg);
		return;
	}
	if (job->pid == 0) {
		close(fds[0]);
		diag_clear(&d);
		rc = fn(arg, &d);
		if (rc != 0 && !diag_isset(&d))
			diag_set(&d, "", 0, "failed");
		p = (const char *)&d;
		left = rc != 0 ? sizeof(d) : 0;
		while (left > 0) {
			if ((n = write(fds[1], p, left)) == -1 && errno == EINTR)
				continue;
			if (n <= 0)
				_exit(2);
			p += n;
			left -= (size_t)n;
		}
		_exit(rc != 0 ? 1 : 0);
	}
	close(fds[1]);
	job->fd = fds[0];
	job->rc = 0;
	diag_clear(&job->diag);
}

int
bgjob_wait(struct bgjob *job, struct diag *d)
{
	struct diag	 got;
	char		*p = (char *)&got;
	size_t		 have = 0;
	ssize_t		 n;
	int		 status;

	if (job->pid == -1) {
		if (job->rc != 0)
			*d = job->diag;
		return job->rc;
	}
	/* Read the report first: the child may block on a full pipe. */
	while (have < sizeof(got)) {
		if ((n = read(job->fd, p + have, sizeof(got) - have)) == -1 &&
		    errno == EINTR)
			continue;
		if (n <= 0)
			break;
		have += (size_t)n;
	}
	close(job->fd);
	job->fd = -1;
	while (waitpid(job->pid, &status, 0) == -1)
		if (errno != EINTR)
			return diag_set(d, "", 0, "lost a helper process: %s",
			    strerror(errno));
	job->pid = -1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 1 &&
	    have == sizeof(got)) {
		/* The child's strings end within their buffers; make sure. */
		got.file[sizeof(got.file) - 1] = '\0';
		got.where[sizeof(got.where) - 1] = '\0';
		got.msg[sizeof(got.msg) - 1] = '\0';
		*d = got;
		return -1;
	}
	if (WIFSIGNALED(status))
		return diag_set(d, "", 0, "helper process killed by signal %d",
		    WTERMSIG(status));
	return diag_set(d, "", 0, "helper process failed (exit %d)",
	    WIFEXITED(status) ? WEXITSTATUS(status) : -1);
}
