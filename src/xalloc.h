/* SPDX-License-Identifier: ISC */
/*
 * Allocation wrappers that never return NULL: they abort the process with a
 * message on exhaustion or size overflow, so callers need no NULL checks.
 * Only these wrappers (and main) may terminate the process.
 * Ownership: every pointer returned is the caller's, to release with free().
 */
#ifndef BENCHREPORT_XALLOC_H
#define BENCHREPORT_XALLOC_H

#include <stddef.h>

/* malloc(size); aborts on failure. A zero size returns a unique pointer. */
void	*xmalloc(size_t size);
/* calloc(nmemb, size) with overflow check. */
void	*xcalloc(size_t nmemb, size_t size);
/* realloc(ptr, nmemb * size) with overflow check. */
void	*xreallocarray(void *ptr, size_t nmemb, size_t size);
/* strdup(s); s may be NULL, then NULL is returned. */
char	*xstrdup(const char *s);
/* Copy of the first n bytes of s, NUL-terminated. */
char	*xstrndup(const char *s, size_t n);
/* Formatted string, like asprintf, but aborts on failure. */
char	*xasprintf(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));

/*
 * Grow *items (an array of *cap elements of size elsize) so that it holds at
 * least need elements; capacity doubles, so appends are amortised O(1).
 */
void	 xgrow(void *items, size_t *cap, size_t need, size_t elsize);

#endif
