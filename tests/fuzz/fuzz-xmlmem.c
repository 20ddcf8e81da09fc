/* SPDX-License-Identifier: ISC */
/*
 * libxml2's memory in the fuzz harnesses: an arena per input, poisoned
 * by hand so AddressSanitizer still checks every access to it.
 *
 * Why: libxml2 2.9.14's HTML parser raises an error for every element
 * HTML 4 does not know (svg, g, rect, text...: hundreds on an
 * OpenBenchmarking page), and each error is formatted and copied twice
 * (the parser's last error and the global one) whatever the options.
 * Through ASan's allocator each of those strings costs a stack unwind,
 * a quarantine entry and a cold chunk: more than half of the ob_html
 * harness's time went there (docs/hardening.md). libxml2 is not
 * instrumented, so what ASan's allocator gave on its memory was
 * redzones and use-after-free detection for our code's accesses to it,
 * and leak detection. This keeps the three:
 *
 *   - a block is unpoisoned to its exact size, on a 16-byte boundary,
 *     with at least 16 poisoned bytes (its header) before the next one;
 *   - a freed block is poisoned again and never reused within the
 *     input (ASan's quarantine only delays reuse);
 *   - at the end of an input every block the input allocated must have
 *     been freed, or the harness stops with a leak report.
 *
 * What is lost is the allocation and free stacks in a report (an
 * access to this memory reports "use-after-poison"): replaying the
 * input with FUZZ_XMLMEM=0 in the environment uses libxml2's default
 * allocator again and gives them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>

#include "fuzz-xmlmem.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_XMLMEM_ASAN	1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(FUZZ_XMLMEM_ASAN)
#define FUZZ_XMLMEM_ASAN	1
#endif

/*
 * The arena's own code is neither checked by ASan (it reads the
 * poisoned headers) nor traced for coverage: it is the harness, not
 * the code under test, and its comparisons in libFuzzer's hooks cost a
 * fifth of ob_html's time.
 */
#ifdef FUZZ_XMLMEM_ASAN
#include <sanitizer/asan_interface.h>
#define FUZZ_NOASAN	__attribute__((no_sanitize("address", "coverage")))
#define fuzz_poison(p, n)	__asan_poison_memory_region((p), (n))
#define fuzz_unpoison(p, n)	__asan_unpoison_memory_region((p), (n))
#else
#define FUZZ_NOASAN
#define fuzz_poison(p, n)	((void)(p), (void)(n))
#define fuzz_unpoison(p, n)	((void)(p), (void)(n))
#endif

/* A block's header, in the 16 bytes before it (poisoned). */
struct fuzz_xmlmem_hdr {
	size_t		size;
	uint32_t	magic;		/* FUZZ_LIVE or FUZZ_FREED */
	uint32_t	pad;
};
#define FUZZ_LIVE	0x6c697665u
#define FUZZ_FREED	0x66726565u
#define FUZZ_HDR	16
#define FUZZ_ALIGN	16
#define FUZZ_CHUNK	(4u << 20)
#define FUZZ_CHUNKS	64		/* 256 MiB at most; past it, malloc */

struct fuzz_xmlmem_chunk {
	unsigned char	*base;
	size_t		 size, used;
};

static struct fuzz_xmlmem_chunk	fuzz_chunks[FUZZ_CHUNKS];
static size_t			fuzz_nchunks, fuzz_cur;
static size_t			fuzz_live;
static int			fuzz_on;

static struct fuzz_xmlmem_chunk	*fuzz_xmlmem_owner(const void *);
static void			*fuzz_xmlmem_malloc(size_t);
static void			*fuzz_xmlmem_realloc(void *, size_t);
static void			 fuzz_xmlmem_free(void *);
static char			*fuzz_xmlmem_strdup(const char *);
static size_t			 fuzz_xmlmem_span(size_t);
static struct fuzz_xmlmem_hdr	*fuzz_xmlmem_live(void *, const char *);

/*
 * The chunk holding p, or NULL: memory from malloc (before the arena).
 * The current chunk first: most blocks freed are recent.
 */
FUZZ_NOASAN static struct fuzz_xmlmem_chunk *
fuzz_xmlmem_owner(const void *p)
{
	uintptr_t	a = (uintptr_t)p, b;
	size_t		i, k;

	for (k = 0; k <= fuzz_nchunks; k++) {
		i = k == 0 ? fuzz_cur : k - 1;
		if (i >= fuzz_nchunks)
			continue;
		b = (uintptr_t)fuzz_chunks[i].base;
		if (a >= b && a < b + fuzz_chunks[i].used)
			return &fuzz_chunks[i];
	}
	return NULL;
}

/* The header of the live block p, or an abort naming what was asked. */
FUZZ_NOASAN static struct fuzz_xmlmem_hdr *
fuzz_xmlmem_live(void *p, const char *what)
{
	struct fuzz_xmlmem_hdr	*h;

	h = (struct fuzz_xmlmem_hdr *)(void *)((unsigned char *)p - FUZZ_HDR);
	if (h->magic != FUZZ_LIVE) {
		fprintf(stderr, "fuzz: libxml2 memory %p %s\n", p, what);
		abort();
	}
	return h;
}

FUZZ_NOASAN static void *
fuzz_xmlmem_malloc(size_t n)
{
	struct fuzz_xmlmem_chunk	*c;
	struct fuzz_xmlmem_hdr		*h;
	size_t				 need;

	if (n > SIZE_MAX / 2)
		return NULL;
	need = fuzz_xmlmem_span(n);
	while (fuzz_cur < fuzz_nchunks &&
	    fuzz_chunks[fuzz_cur].size - fuzz_chunks[fuzz_cur].used < need)
		fuzz_cur++;
	if (fuzz_cur == fuzz_nchunks) {
		if (fuzz_nchunks == FUZZ_CHUNKS)
			return malloc(n);
		c = &fuzz_chunks[fuzz_nchunks];
		c->size = need > FUZZ_CHUNK ? need : FUZZ_CHUNK;
		if ((c->base = malloc(c->size)) == NULL)
			return NULL;
		c->used = 0;
		fuzz_poison(c->base, c->size);
		fuzz_nchunks++;
	}
	c = &fuzz_chunks[fuzz_cur];
	h = (struct fuzz_xmlmem_hdr *)(void *)(c->base + c->used);
	h->size = n;
	h->magic = FUZZ_LIVE;
	c->used += need;
	fuzz_live++;
	fuzz_unpoison((unsigned char *)h + FUZZ_HDR, n);
	return (unsigned char *)h + FUZZ_HDR;
}

FUZZ_NOASAN static void
fuzz_xmlmem_free(void *p)
{
	struct fuzz_xmlmem_hdr	*h;

	if (p == NULL)
		return;
	if (fuzz_xmlmem_owner(p) == NULL) {
		free(p);
		return;
	}
	h = fuzz_xmlmem_live(p, "freed twice, or not a block");
	h->magic = FUZZ_FREED;
	fuzz_poison(p, h->size);
	fuzz_live--;
}

/* The bytes a block of n takes in a chunk, its header included. */
FUZZ_NOASAN static size_t
fuzz_xmlmem_span(size_t n)
{
	size_t	need = FUZZ_HDR + (n + FUZZ_ALIGN - 1) / FUZZ_ALIGN * FUZZ_ALIGN;

	if (n % FUZZ_ALIGN == 0)
		need += FUZZ_ALIGN;	/* a poisoned granule after it, always */
	return need;
}

/*
 * The last block of the current chunk grows or shrinks in place (a
 * buffer doubling while it is filled); any other moves, and its old
 * place stays poisoned.
 */
FUZZ_NOASAN static void *
fuzz_xmlmem_realloc(void *p, size_t n)
{
	struct fuzz_xmlmem_chunk	*c;
	struct fuzz_xmlmem_hdr		*h;
	size_t				 at;
	void				*q;

	if (p == NULL)
		return fuzz_xmlmem_malloc(n);
	if ((c = fuzz_xmlmem_owner(p)) == NULL)
		return realloc(p, n);
	h = fuzz_xmlmem_live(p, "reallocated after its free");
	at = (size_t)((unsigned char *)h - c->base);
	if (c == &fuzz_chunks[fuzz_cur] && at + fuzz_xmlmem_span(h->size) == c->used &&
	    n <= SIZE_MAX / 2 && at + fuzz_xmlmem_span(n) <= c->size) {
		fuzz_poison(p, h->size);
		c->used = at + fuzz_xmlmem_span(n);
		h->size = n;
		fuzz_unpoison(p, n);
		return p;
	}
	if ((q = fuzz_xmlmem_malloc(n)) == NULL)
		return NULL;
	memcpy(q, p, h->size < n ? h->size : n);
	fuzz_xmlmem_free(p);
	return q;
}

FUZZ_NOASAN static char *
fuzz_xmlmem_strdup(const char *s)
{
	size_t	n = strlen(s) + 1;
	char	*d = fuzz_xmlmem_malloc(n);

	if (d != NULL)
		memcpy(d, s, n);
	return d;
}

void
fuzz_xmlmem_init(void)
{
	const char	*e = getenv("FUZZ_XMLMEM");

	/* libxml2's own start-up state, from malloc, before the arena. */
	xmlInitParser();
	if (e != NULL && strcmp(e, "0") == 0)
		return;
	if (xmlGcMemSetup(fuzz_xmlmem_free, fuzz_xmlmem_malloc,
	    fuzz_xmlmem_malloc, fuzz_xmlmem_realloc, fuzz_xmlmem_strdup) != 0) {
		fprintf(stderr, "fuzz: xmlGcMemSetup failed\n");
		abort();
	}
	fuzz_on = 1;
}

/*
 * The end of an input: the last error libxml2 keeps for the thread is
 * dropped (it is the only block that outlives a parse by design), every
 * other block must have been freed, and the arena starts again.
 */
void
fuzz_xmlmem_end(void)
{
	size_t	i;

	if (!fuzz_on)
		return;
	xmlResetLastError();
	if (fuzz_live != 0) {
		fprintf(stderr, "fuzz: %zu block%s of libxml2 memory not freed "
		    "at the end of the input (a leak; FUZZ_XMLMEM=0 gives "
		    "LeakSanitizer's report)\n", fuzz_live,
		    fuzz_live == 1 ? "" : "s");
		abort();
	}
	for (i = 0; i < fuzz_nchunks; i++) {
		fuzz_poison(fuzz_chunks[i].base, fuzz_chunks[i].used);
		fuzz_chunks[i].used = 0;
	}
	fuzz_cur = 0;
}
