/* SPDX-License-Identifier: ISC */
/*
 * The history and drive searches of serve-find.h, over the fact and test
 * queries of query.c: the rows are filtered here by system name or drive
 * model and counted, so each answer has a bounded size whatever the
 * store holds.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "serve-find.h"
#include "xalloc.h"

struct serve_find {
	const char	*system;	/* history: NULL for any */
	const char	*model;		/* drive */
	size_t		 max;
	size_t		 n;
	bool		 more;
	int		(*res_fn)(const struct query_result *, void *);
	int		(*sys_fn)(const struct query_system *, void *);
	void		*arg;
};

static bool	 serve_find_contains(const char *hay, const char *needle);
static bool	 serve_find_drive_match(const struct query_system *sys,
		    const char *model);
static int	 serve_find_history_row(const struct query_result *r, void *arg);
static int	 serve_find_drive_sys_row(const struct query_system *s, void *arg);
static int	 serve_find_drive_res_row(const struct query_result *r, void *arg);

/* Whether needle occurs in hay, without regard to ASCII case. */
static bool
serve_find_contains(const char *hay, const char *needle)
{
	size_t	n = strlen(needle);

	if (hay == NULL)
		return false;
	for (; *hay != '\0'; hay++)
		if (strncasecmp(hay, needle, n) == 0)
			return true;
	return n == 0;
}

static bool
serve_find_drive_match(const struct query_system *sys, const char *model)
{
	const struct fact	*f;

	f = fact_list_get(sys->facts, "disk_models");
	return f != NULL && serve_find_contains(f->value, model);
}

static int
serve_find_history_row(const struct query_result *r, void *arg)
{
	struct serve_find	*sf = arg;

	if (sf->system != NULL && (r->sys.identifier == NULL ||
	    strcasecmp(r->sys.identifier, sf->system) != 0))
		return 0;
	if (sf->n == sf->max) {
		sf->more = true;
		return 1;
	}
	sf->n++;
	return sf->res_fn(r, sf->arg);
}

int
serve_find_history(struct store *st, const char *system,
    const struct str_list *terms, size_t max,
    int (*fn)(const struct query_result *, void *), void *arg, bool *more,
    struct diag *d)
{
	struct query_where	w = { 0 };
	struct serve_find	sf = { 0 };
	int			rc;

	sf.system = system;
	sf.max = max;
	sf.res_fn = fn;
	sf.arg = arg;
	rc = query_results(st, &w, terms, serve_find_history_row, &sf, d);
	*more = sf.more;
	return rc;
}

static int
serve_find_drive_sys_row(const struct query_system *s, void *arg)
{
	struct serve_find	*sf = arg;

	if (!serve_find_drive_match(s, sf->model))
		return 0;
	if (sf->n == sf->max) {
		sf->more = true;
		return 1;
	}
	sf->n++;
	return sf->sys_fn(s, sf->arg);
}

int
serve_find_drive_systems(struct store *st, const char *model, size_t max,
    int (*fn)(const struct query_system *, void *), void *arg, bool *more,
    struct diag *d)
{
	struct query_where	w = { 0 };
	struct serve_find	sf = { 0 };
	int			rc;

	sf.model = model;
	sf.max = max;
	sf.sys_fn = fn;
	sf.arg = arg;
	rc = query_systems(st, &w, serve_find_drive_sys_row, &sf, d);
	*more = sf.more;
	return rc;
}

static int
serve_find_drive_res_row(const struct query_result *r, void *arg)
{
	struct serve_find	*sf = arg;

	if (!serve_find_drive_match(&r->sys, sf->model))
		return 0;
	if (sf->n == sf->max) {
		sf->more = true;
		return 1;
	}
	sf->n++;
	return sf->res_fn(r, sf->arg);
}

int
serve_find_drive_results(struct store *st, const char *model, size_t max,
    int (*fn)(const struct query_result *, void *), void *arg, bool *more,
    struct diag *d)
{
	struct query_where	w = { 0 };
	struct str_list		terms = { 0 };
	struct serve_find	sf = { 0 };
	int			rc;

	sf.model = model;
	sf.max = max;
	sf.res_fn = fn;
	sf.arg = arg;
	rc = query_results(st, &w, &terms, serve_find_drive_res_row, &sf, d);
	*more = sf.more;
	return rc;
}
