/* SPDX-License-Identifier: ISC */
/*
 * Pages `serve` has written, kept for the next request that asks for the
 * same key with the same stamp (query_sets_stamp: it changes whenever the
 * page could). A set's review page takes tens of milliseconds to draw and
 * its charts are drawn one thread at a time; served again from here it
 * costs the stamp's two queries and a copy (docs/serve.md). Least
 * recently used pages go first past SERVE_CACHE_BYTES. Safe to call from
 * any thread.
 * Ownership: keys, stamps and bodies are copied in; a page handed out is
 * the caller's to free.
 */
#ifndef BENCHREPORT_SERVE_CACHE_H
#define BENCHREPORT_SERVE_CACHE_H

#include <stddef.h>

/* The most bytes of pages kept. */
#define SERVE_CACHE_BYTES	(64u << 20)

/* A copy of the page under key and stamp (*len bytes), or NULL. */
char	*serve_cache_get(const char *key, const char *stamp, size_t *len);
/* Keep body under key and stamp, replacing what key held. */
void	 serve_cache_put(const char *key, const char *stamp, const char *body,
	    size_t len);
/* Forget every page (at the end of a run). */
void	 serve_cache_clear(void);

#endif
