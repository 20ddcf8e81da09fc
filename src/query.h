/* SPDX-License-Identifier: ISC */
/*
 * Queries over the store's normalised facts: systems across every result
 * set that match "KEY=VALUE,..." conditions, and the results those
 * systems have in tests matching some words ("every fio 4K random read on
 * btrfs RAID1"). SQL only; nothing here prints.
 * Ownership: a query_where owns its conditions (query_where_free); rows
 * handed to callbacks are borrowed and valid during the call only.
 */
#ifndef BENCHREPORT_QUERY_H
#define BENCHREPORT_QUERY_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "model.h"
#include "store.h"

struct query_cond {
	char	*key;		/* a normalised fact name */
	char	*value;		/* compared without regard to case */
};

struct query_where {
	struct query_cond	*items;
	size_t			 len;
	size_t			 cap;
};

/* A matching system, with all its normalised facts. */
struct query_system {
	int64_t			 set_id;
	const char		*set_title;
	long			 pos;		/* 1-based place in its set */
	const char		*identifier;
	const struct fact_list	*facts;
};

/* A result of a matching system in a matching test. */
struct query_result {
	struct query_system	 sys;
	const char		*test_title;
	const char		*test_description;
	const char		*unit;
	bool			 has_mean;
	double			 mean;
	bool			 has_se;
	double			 se;
	long			 n;
};

/*
 * Append the conditions of spec ("filesystem=btrfs,raid_mode=raid1") to
 * w. A piece without "=" continues the previous value, so
 * "mount_options=relatime,rw" keeps its comma. Keys must be fact names.
 * Returns 0, or -1 with d saying what is wrong.
 */
int	 query_where_parse(const char *spec, struct query_where *w,
	    struct diag *d);
/* Release the conditions; w may be reused. */
void	 query_where_free(struct query_where *w);
/*
 * Call fn for every stored system that has every fact of w (all systems
 * when w is empty), by result set then place. fn returning non-zero
 * stops. Returns 0, or -1 with d filled.
 */
int	 query_systems(struct store *st, const struct query_where *w,
	    int (*fn)(const struct query_system *, void *), void *arg,
	    struct diag *d);
/*
 * Call fn for every result of a system matching w in a test whose
 * identifier, title, arguments or description contains every word of
 * terms (case-insensitive). Returns 0, or -1 with d filled.
 */
int	 query_results(struct store *st, const struct query_where *w,
	    const struct str_list *terms,
	    int (*fn)(const struct query_result *, void *), void *arg,
	    struct diag *d);

#endif
