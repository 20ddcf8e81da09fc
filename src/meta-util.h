/* SPDX-License-Identifier: ISC */
/*
 * Shared pieces of the normalisation rules (meta-*.c): the emitter that
 * records a fact with its provenance unless a stronger rule already set
 * it, a POSIX regular-expression matcher, and small string helpers.
 * Ownership: functions returning char * hand a malloc'd string to the
 * caller; everything else borrows its arguments.
 */
#ifndef BENCHREPORT_META_UTIL_H
#define BENCHREPORT_META_UTIL_H

#include <regex.h>
#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* Most capture groups a rule's regular expression may use. */
#define META_UTIL_MAXGROUPS	8

/*
 * Where an extractor writes: the fact list of one system and the
 * provenance ("field:Processor") of the raw text being read.
 */
struct meta_emit {
	struct fact_list	*facts;
	const char		*source;
	int			 emitted;	/* facts this rule set */
};

/*
 * An extractor reads one raw string and emits zero or more facts. It
 * never guesses: what the text does not say stays unset.
 */
typedef void (*meta_extract_fn)(const char *raw, struct meta_emit *e);

/*
 * Set key to value with e->source as provenance, unless the key is set
 * already (rules run strongest first) or value is NULL or empty.
 */
void	 meta_util_emit(struct meta_emit *e, const char *key, const char *value);
/* meta_util_emit of a decimal integer. */
void	 meta_util_emit_long(struct meta_emit *e, const char *key, long v);
/*
 * Match the extended, case-insensitive regular expression re against s.
 * On a match fill m[0..META_UTIL_MAXGROUPS-1] and return true. A pattern
 * that does not compile is a programming error and never matches. Each
 * pattern is compiled once and kept for the process; any thread may call.
 */
bool	 meta_util_match(const char *re, const char *s, regmatch_t *m);
/* Copy of group g of a match in s, trimmed; NULL when the group is unset. */
char	*meta_util_group(const char *s, const regmatch_t *m, int g);
/* Copy of s without leading and trailing white space, inner runs collapsed. */
char	*meta_util_squeeze(const char *s);
/* Copy of s in lower case. */
char	*meta_util_lower(const char *s);
/*
 * The "N x " multiplier at the start of *p ("2 x 16GB", "4 x 4001GB"):
 * advance *p past it and return N; 1 when there is none.
 */
long	 meta_util_multiplier(const char **p);
/*
 * Append to *parts the pieces of s separated by sep (" + "), each
 * trimmed; empty pieces are dropped.
 */
void	 meta_util_split(const char *s, const char *sep, struct str_list *parts);

#endif
