/* SPDX-License-Identifier: ISC */
/*
 * A tiny TAP producer for unit tests: ok(), is_int(), is_str(),
 * is_double(), skip(), diag(). Each test binary calls tap_done() last,
 * which prints the plan and returns the exit status (1 if anything failed).
 * tap_rnd() is a fixed generator (xorshift, seeded by tap_rnd_x) for
 * tests that try many cases: the same cases on every run.
 */
#ifndef BENCHREPORT_TAP_H
#define BENCHREPORT_TAP_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static void tap_result(int pass, const char *file, int line, const char *name)
    __attribute__((unused));
static int tap_done(void) __attribute__((unused));
static unsigned tap_rnd(unsigned n) __attribute__((unused));
static unsigned long tap_rnd_x __attribute__((unused)) = 88172645463325252UL;

static void
tap_result(int pass, const char *file, int line, const char *name)
{
	tap_n++;
	printf("%sok %d - %s\n", pass ? "" : "not ", tap_n, name);
	if (!pass) {
		tap_failed++;
		printf("#   at %s:%d\n", file, line);
	}
	fflush(stdout);
}

#define ok(cond, name) tap_result(!!(cond), __FILE__, __LINE__, (name))
#define is_int(got, want, name) do {					\
	long long g_ = (long long)(got), w_ = (long long)(want);	\
	tap_result(g_ == w_, __FILE__, __LINE__, (name));		\
	if (g_ != w_) printf("#   got %lld, want %lld\n", g_, w_);	\
} while (0)
#define is_str(got, want, name) do {					\
	const char *g_ = (got), *w_ = (want);				\
	int p_ = (g_ == NULL && w_ == NULL) ||				\
	    (g_ != NULL && w_ != NULL && strcmp(g_, w_) == 0);		\
	tap_result(p_, __FILE__, __LINE__, (name));			\
	if (!p_) printf("#   got \"%s\", want \"%s\"\n",		\
	    g_ ? g_ : "(null)", w_ ? w_ : "(null)");			\
} while (0)
#define is_double(got, want, tol, name) do {				\
	double g_ = (got), w_ = (want);					\
	int p_ = fabs(g_ - w_) <= (tol);				\
	tap_result(p_, __FILE__, __LINE__, (name));			\
	if (!p_) printf("#   got %.17g, want %.17g +/- %g\n", g_, w_, (double)(tol)); \
} while (0)
#define skip(name, why) do {						\
	tap_n++;							\
	printf("ok %d - %s # SKIP %s\n", tap_n, (name), (why));		\
} while (0)
#define diag(...) do { printf("# "); printf(__VA_ARGS__); printf("\n"); } while (0)

/* A number below n. */
static unsigned
tap_rnd(unsigned n)
{
	tap_rnd_x ^= tap_rnd_x << 13;
	tap_rnd_x ^= tap_rnd_x >> 7;
	tap_rnd_x ^= tap_rnd_x << 17;
	return (unsigned)(tap_rnd_x % n);
}

static int
tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}

#endif
