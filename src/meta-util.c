/* SPDX-License-Identifier: ISC */
/*
 * Helpers shared by the normalisation rules: first-writer-wins fact
 * emission with provenance, POSIX ERE matching, string trimming. No rule
 * knowledge lives here; see meta.c for the table and meta-hw.c,
 * meta-disk.c and meta-sw.c for the extractors.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "meta-util.h"
#include "xalloc.h"

/*
 * Compiled patterns, kept for the process. Every pattern is a constant of
 * this program, and compiling one costs more than matching it: a note of
 * thousands of segments compiled the same few patterns thousands of times
 * (20,000 segments: 4 s). A pattern is found by its text (a few are
 * built at run time), entries never move, so a match runs outside the
 * lock; POSIX lets threads share a compiled pattern.
 */
struct meta_util_rx {
	char		*re;
	regex_t		 rx;
	bool		 ok;
};

static struct meta_util_rx	**meta_util_rxs;
static size_t			  meta_util_nrx, meta_util_caprx;
static pthread_mutex_t		  meta_util_rx_lock = PTHREAD_MUTEX_INITIALIZER;

static const regex_t	*meta_util_compiled(const char *re);

/* The compiled form of re, compiled on first use; NULL if it does not compile. */
static const regex_t *
meta_util_compiled(const char *re)
{
	struct meta_util_rx	*e = NULL;
	size_t			 i;

	pthread_mutex_lock(&meta_util_rx_lock);
	for (i = 0; i < meta_util_nrx && e == NULL; i++)
		if (strcmp(meta_util_rxs[i]->re, re) == 0)
			e = meta_util_rxs[i];
	if (e == NULL) {
		e = xcalloc(1, sizeof(*e));
		e->re = xstrdup(re);
		e->ok = regcomp(&e->rx, re, REG_EXTENDED | REG_ICASE) == 0;
		xgrow(&meta_util_rxs, &meta_util_caprx, meta_util_nrx + 1,
		    sizeof(*meta_util_rxs));
		meta_util_rxs[meta_util_nrx++] = e;
	}
	pthread_mutex_unlock(&meta_util_rx_lock);
	return e->ok ? &e->rx : NULL;
}

void
meta_util_emit(struct meta_emit *e, const char *key, const char *value)
{
	if (value == NULL || *value == '\0')
		return;
	if (fact_list_get(e->facts, key) != NULL)
		return;
	fact_list_set(e->facts, key, value, e->source);
	e->emitted++;
}

void
meta_util_emit_long(struct meta_emit *e, const char *key, long v)
{
	char	buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	meta_util_emit(e, key, buf);
}

bool
meta_util_match(const char *re, const char *s, regmatch_t *m)
{
	const regex_t	*rx;

	if (s == NULL)
		return false;
	/* Patterns are constants of this program: compile failure is a bug. */
	if ((rx = meta_util_compiled(re)) == NULL)
		return false;
	return regexec(rx, s, META_UTIL_MAXGROUPS, m, 0) == 0;
}

char *
meta_util_group(const char *s, const regmatch_t *m, int g)
{
	char	*raw, *out;

	if (g >= META_UTIL_MAXGROUPS || m[g].rm_so < 0)
		return NULL;
	raw = xstrndup(s + m[g].rm_so, (size_t)(m[g].rm_eo - m[g].rm_so));
	out = meta_util_squeeze(raw);
	free(raw);
	return out;
}

char *
meta_util_squeeze(const char *s)
{
	char	*out, *o;
	int	 space = 0;

	out = o = xmalloc(strlen(s) + 1);
	while (isspace((unsigned char)*s))
		s++;
	for (; *s != '\0'; s++) {
		if (isspace((unsigned char)*s)) {
			space = 1;
			continue;
		}
		if (space && o != out)
			*o++ = ' ';
		space = 0;
		*o++ = *s;
	}
	*o = '\0';
	return out;
}

char *
meta_util_lower(const char *s)
{
	char	*out, *p;

	out = xstrdup(s);
	for (p = out; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	return out;
}

void
meta_util_split(const char *s, const char *sep, struct str_list *parts)
{
	const char	*p, *q;
	size_t		 seplen = strlen(sep);
	char		*raw, *piece;

	for (p = s;; p = q + seplen) {
		q = strstr(p, sep);
		raw = q != NULL ? xstrndup(p, (size_t)(q - p)) : xstrdup(p);
		piece = meta_util_squeeze(raw);
		if (*piece != '\0')
			str_list_add(parts, piece);
		free(piece);
		free(raw);
		if (q == NULL)
			break;
	}
}

long
meta_util_multiplier(const char **p)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];
	long		n;

	if (!meta_util_match("^([0-9]+) x( |$)", *p, m))
		return 1;
	n = strtol(*p + m[1].rm_so, NULL, 10);
	*p += m[0].rm_eo;
	return n;
}
