/* SPDX-License-Identifier: ISC */
/*
 * History over the store: a series is one test of one system identity
 * across result sets, ordered by when each result was made (or by a
 * fact or a label), with its change points (track-cp.h) and, at each,
 * the normalised facts that differ between the sets on either side.
 * Reads the store with index-backed queries on both backends; never
 * prints. This is the whole interface other commands need (track, the
 * review page, a web view).
 *
 * Ownership: a struct track_result owns everything in it, the points'
 * strings in one pool (track_result_free, which accepts an empty
 * result); the query's
 * strings are borrowed for the duration of track_build.
 */
#ifndef BENCHREPORT_TRACK_H
#define BENCHREPORT_TRACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "model.h"
#include "store.h"
#include "track-cp.h"

/* Where a point's place in time came from. */
enum track_when {
	TRACK_WHEN_STATED = 0,	/* the result file's own time (PTS TimeStamp, fio time) */
	TRACK_WHEN_IMPORTED	/* none stated: the import time */
};

/* What a series is ordered by. */
enum track_order {
	TRACK_BY_TIME = 0,
	TRACK_BY_FACT,		/* a normalised fact, compared version-aware */
	TRACK_BY_LABEL		/* a label given at import */
};

struct track_point {
	int64_t		 set_id;
	int64_t		 system_id;
	const char	*system;	/* the system's identifier in its set */
	const char	*when;		/* "YYYY-MM-DD HH:MM:SS" */
	enum track_when	 when_src;
	size_t		 rank;		/* the order of (when, set ID, system ID) in the result */
	const char	*key;		/* --by's value (fact or label); NULL by time */
	double		 value;		/* the stated figure */
	bool		 has_se;
	double		 se;
	long		 n;
};

/* A normalised fact (or label, "label:KEY") that differs at a change point. */
struct track_fact_change {
	char	*key;
	char	*before;
	char	*after;
};

struct track_change {
	struct track_cp			 cp;
	bool				 regression;	/* worse in the test's direction */
	bool				 improvement;	/* better in it; neither without one */
	struct track_fact_change	*facts;
	size_t				 nfacts;
};

struct track_series {
	char			*test_identifier;	/* "pts/fio-2.1.0", or NULL */
	char			*test_title;
	char			*test_description;
	char			*arguments;
	char			*unit;
	enum proportion		 proportion;
	char			*system;	/* the identity: identifier or "k=v, ..." */
	struct str_list		 joined;	/* identifiers that joined (--match) */
	struct track_point	*points;
	size_t			 len;
	size_t			 cap;
	size_t			 imported;	/* points ordered by their import time */
	struct track_change	*changes;
	size_t			 nchanges;
};

struct track_query {
	const char		*system;	/* an identifier, or NULL for all */
	const char		*test;		/* a glob over identifier, title, description */
	const char		*since;		/* "YYYY-MM-DD[ HH:MM:SS]", inclusive */
	const char		*until;		/* inclusive of the day or second given */
	const int64_t		*sets;		/* only these sets, when nsets > 0 */
	size_t			 nsets;
	enum track_order	 order;
	const char		*by;		/* fact name or label key */
	const struct str_list	*match;		/* fact names making an identity */
	struct track_cp_opts	 cp;
};

struct track_result {
	struct track_series	*series;
	size_t			 len;
	size_t			 unordered;	/* points left out: no --by value */
	void			*strings;	/* the points' strings, each kept once */
	size_t			 values;	/* points in all series */
	double			 cpu_read;	/* seconds of CPU reading the store */
	double			 cpu_detect;	/* ... finding the change points */
};

/* q with no filter, ordered by time, the change-point defaults. */
void	 track_query_init(struct track_query *q);
/*
 * The series of the store that q selects, sorted by test then system,
 * each with its points in order (ties by set ID) and its change points.
 * Returns 0, or -1 with d filled.
 */
int	 track_build(struct store *st, const struct track_query *q,
	    struct track_result *out, struct diag *d);
/*
 * Compare a and b as versions: runs of digits by their number, the rest
 * byte by byte ("6.6.8" < "6.10.1"). Returns <0, 0 or >0.
 */
int	 track_vercmp(const char *a, const char *b);
/* Whether glob matches s (fnmatch(3)), ASCII letters without regard to case. */
bool	 track_glob(const char *glob, const char *s);
/* "regression", "improvement" or "change" for c. */
const char *track_verdict(const struct track_change *c);
/* Release everything in r; r may be reused. */
void	 track_result_free(struct track_result *r);

#endif
