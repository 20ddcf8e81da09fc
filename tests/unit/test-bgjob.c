/* SPDX-License-Identifier: ISC */
/*
 * bgjob: a job's success, its failure with its own message (file and
 * text intact), and a child that dies, all come back to the waiter; with
 * another thread running the job runs in process and says so by its pid,
 * with the same outcomes.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bgjob.h"
#include "tap.h"

static int
job_ok(void *arg, struct diag *d)
{
	(void)d;
	return *(int *)arg == 42 ? 0 : diag_set(d, "arg", 0, "bad argument");
}

static int
job_fail(void *arg, struct diag *d)
{
	(void)arg;
	return diag_set(d, "out/review.pdf", 7, "disk full");
}

static int
job_die(void *arg, struct diag *d)
{
	(void)arg;
	(void)d;
	raise(SIGKILL);
	return 0;
}

static pthread_mutex_t	lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t	cond = PTHREAD_COND_INITIALIZER;
static int		release;

static void *
idle_thread(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&lock);
	while (!release)
		pthread_cond_wait(&cond, &lock);
	pthread_mutex_unlock(&lock);
	return NULL;
}

/* Run the three jobs; forked says whether a child is expected. */
static void
three_jobs(int forked, const char *how)
{
	struct bgjob	job;
	struct diag	d;
	char		name[128];
	int		arg = 42;

	bgjob_start(&job, job_ok, &arg);
	snprintf(name, sizeof(name), "%s: the job %s", how,
	    forked ? "runs in a child" : "ran in process");
	ok(forked ? job.pid > 0 : job.pid == -1, name);
	diag_clear(&d);
	snprintf(name, sizeof(name), "%s: success comes back", how);
	is_int(bgjob_wait(&job, &d), 0, name);

	bgjob_start(&job, job_fail, &arg);
	diag_clear(&d);
	snprintf(name, sizeof(name), "%s: failure comes back", how);
	is_int(bgjob_wait(&job, &d), -1, name);
	snprintf(name, sizeof(name), "%s: with its file, line and message", how);
	ok(strcmp(d.file, "out/review.pdf") == 0 && d.line == 7 &&
	    strcmp(d.msg, "disk full") == 0, name);
}

int
main(void)
{
	struct bgjob	job;
	struct diag	d;
	pthread_t	t;

	three_jobs(1, "single-threaded");
	bgjob_start(&job, job_die, NULL);
	diag_clear(&d);
	ok(bgjob_wait(&job, &d) == -1 && strstr(d.msg, "signal 9") != NULL,
	    "a child killed by a signal is reported");

	if (pthread_create(&t, NULL, idle_thread, NULL) != 0) {
		skip("another thread", "cannot start a thread");
		return tap_done();
	}
	three_jobs(0, "with another thread");
	pthread_mutex_lock(&lock);
	release = 1;
	pthread_cond_signal(&cond);
	pthread_mutex_unlock(&lock);
	pthread_join(t, NULL);
	return tap_done();
}
