/* SPDX-License-Identifier: ISC */
/*
 * The page cache of serve-cache.h: a short array searched in order (a
 * few hundred pages at most fit SERVE_CACHE_BYTES), one mutex, each entry
 * stamped with a use counter for eviction.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "serve-cache.h"
#include "xalloc.h"

struct serve_cache_entry {
	char		*key;
	char		*stamp;
	char		*body;
	size_t		 len;
	uint64_t	 used;
};

static pthread_mutex_t		 serve_cache_mu = PTHREAD_MUTEX_INITIALIZER;
static struct serve_cache_entry	*serve_cache_items;
static size_t			 serve_cache_n, serve_cache_cap, serve_cache_bytes;
static uint64_t			 serve_cache_tick;

static void	 serve_cache_drop(size_t i);

/* Remove entry i (the mutex is held). */
static void
serve_cache_drop(size_t i)
{
	struct serve_cache_entry	*e = &serve_cache_items[i];

	serve_cache_bytes -= e->len;
	free(e->key);
	free(e->stamp);
	free(e->body);
	serve_cache_items[i] = serve_cache_items[--serve_cache_n];
}

char *
serve_cache_get(const char *key, const char *stamp, size_t *len)
{
	char	*copy = NULL;
	size_t	 i;

	pthread_mutex_lock(&serve_cache_mu);
	for (i = 0; i < serve_cache_n; i++)
		if (strcmp(serve_cache_items[i].key, key) == 0) {
			if (strcmp(serve_cache_items[i].stamp, stamp) != 0) {
				serve_cache_drop(i);
				break;
			}
			serve_cache_items[i].used = ++serve_cache_tick;
			*len = serve_cache_items[i].len;
			copy = xmalloc(*len + 1);
			memcpy(copy, serve_cache_items[i].body, *len);
			copy[*len] = '\0';
			break;
		}
	pthread_mutex_unlock(&serve_cache_mu);
	return copy;
}

void
serve_cache_put(const char *key, const char *stamp, const char *body,
    size_t len)
{
	struct serve_cache_entry	*e;
	size_t				 i, old;

	if (len > SERVE_CACHE_BYTES / 4)
		return;	/* one page may not push out most others */
	pthread_mutex_lock(&serve_cache_mu);
	for (i = 0; i < serve_cache_n; i++)
		if (strcmp(serve_cache_items[i].key, key) == 0) {
			serve_cache_drop(i);
			break;
		}
	while (serve_cache_n > 0 && serve_cache_bytes + len > SERVE_CACHE_BYTES) {
		for (old = 0, i = 1; i < serve_cache_n; i++)
			if (serve_cache_items[i].used < serve_cache_items[old].used)
				old = i;
		serve_cache_drop(old);
	}
	xgrow(&serve_cache_items, &serve_cache_cap, serve_cache_n + 1,
	    sizeof(*serve_cache_items));
	e = &serve_cache_items[serve_cache_n++];
	e->key = xstrdup(key);
	e->stamp = xstrdup(stamp);
	e->body = xmalloc(len + 1);
	memcpy(e->body, body, len);
	e->body[len] = '\0';
	e->len = len;
	e->used = ++serve_cache_tick;
	serve_cache_bytes += len;
	pthread_mutex_unlock(&serve_cache_mu);
}

void
serve_cache_clear(void)
{
	pthread_mutex_lock(&serve_cache_mu);
	while (serve_cache_n > 0)
		serve_cache_drop(serve_cache_n - 1);
	free(serve_cache_items);
	serve_cache_items = NULL;
	serve_cache_cap = 0;
	pthread_mutex_unlock(&serve_cache_mu);
}
