/* SPDX-License-Identifier: ISC */
/*
 * Allocation wrappers: abort on exhaustion or overflow. This is the only
 * module besides main that may end the process, because an out-of-memory
 * condition leaves no sensible way to continue an import half way.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"

static void	 xalloc_die(const char *what, size_t n, size_t size)
		    __attribute__((noreturn));

static void
xalloc_die(const char *what, size_t n, size_t size)
{
	fprintf(stderr, "benchreport: %s: cannot allocate %zu x %zu bytes\n",
	    what, n, size);
	abort();
}

void *
xmalloc(size_t size)
{
	void	*p;

	p = malloc(size ? size : 1);
	if (p == NULL)
		xalloc_die("xmalloc", 1, size);
	return p;
}

void *
xcalloc(size_t nmemb, size_t size)
{
	void	*p;

	if (nmemb == 0 || size == 0)
		nmemb = size = 1;
	p = calloc(nmemb, size);
	if (p == NULL)
		xalloc_die("xcalloc", nmemb, size);
	return p;
}

void *
xreallocarray(void *ptr, size_t nmemb, size_t size)
{
	void	*p;

	if (size != 0 && nmemb > SIZE_MAX / size)
		xalloc_die("xreallocarray", nmemb, size);
	p = realloc(ptr, nmemb != 0 && size != 0 ? nmemb * size : 1);
	if (p == NULL)
		xalloc_die("xreallocarray", nmemb, size);
	return p;
}

char *
xstrdup(const char *s)
{
	if (s == NULL)
		return NULL;
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char	*p;

	if (n == SIZE_MAX)
		xalloc_die("xstrndup", 1, n);
	p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list	 ap;
	char	*p, small[256];
	int	 n;

	/* Most strings are short: one formatting pass, not two. */
	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		xalloc_die("xasprintf", 1, 0);
	p = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof(small)) {
		memcpy(p, small, (size_t)n + 1);
		return p;
	}
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void
xgrow(void *items, size_t *cap, size_t need, size_t elsize)
{
	void	**pp = items;
	size_t	  ncap;

	if (need <= *cap)
		return;
	ncap = *cap ? *cap : 8;
	while (ncap < need) {
		if (ncap > SIZE_MAX / 2)
			xalloc_die("xgrow", need, elsize);
		ncap *= 2;
	}
	*pp = xreallocarray(*pp, ncap, elsize);
	*cap = ncap;
}
