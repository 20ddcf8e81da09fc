/* SPDX-License-Identifier: ISC */
/*
 * benchreport normalize [ID...]: derive the normalised facts of stored
 * result sets again from their raw fields and notes, after the rules
 * changed, and store them with their provenance. Prints one line per set
 * that changed; raw data is never touched.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-resolve.h"
#include "meta.h"
#include "xalloc.h"

struct cmd_normalize_ids {
	int64_t	*v;
	size_t	 len;
	size_t	 cap;
};

static int	 cmd_normalize_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_normalize_collect(const struct store_summary *, void *);
static size_t	 cmd_normalize_changes(const struct fact_list *,
		    const struct fact_list *);
static int	 cmd_normalize_one(struct cmd_ctx *, struct store *, int64_t,
		    bool);

static const struct cmd_option cmd_normalize_options[] = {
	{ "dry-run", 'n', NULL, "report what would change, store nothing", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_normalize_entry = {
	.name = "normalize",
	.operands = "[ID...]",
	.max_operands = -1,
	.summary = "derive the normalised system facts of stored sets again",
	.options = cmd_normalize_options,
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_normalize_exec
};

static int
cmd_normalize_collect(const struct store_summary *s, void *arg)
{
	struct cmd_normalize_ids	*ids = arg;

	xgrow(&ids->v, &ids->cap, ids->len + 1, sizeof(*ids->v));
	ids->v[ids->len++] = s->id;
	return 0;
}

/* Facts added, removed, or with another value or provenance. */
static size_t
cmd_normalize_changes(const struct fact_list *old, const struct fact_list *now)
{
	const struct fact	*f;
	size_t			 i, n = 0;

	for (i = 0; i < now->len; i++) {
		f = fact_list_get(old, now->items[i].key);
		if (f == NULL || strcmp(f->value, now->items[i].value) != 0 ||
		    strcmp(f->source != NULL ? f->source : "",
		    now->items[i].source) != 0)
			n++;
	}
	for (i = 0; i < old->len; i++)
		if (fact_list_get(now, old->items[i].key) == NULL)
			n++;
	return n;
}

static int
cmd_normalize_one(struct cmd_ctx *ctx, struct store *st, int64_t id,
    bool dry)
{
	struct result_set	*rs = NULL;
	struct fact_list	*old = NULL;
	struct diag		 d;
	size_t			 i, changed = 0, systems = 0, n;
	int			 rc = EXIT_STORE;

	diag_clear(&d);
	if (store_load_result_set(st, id, &rs, &d) == -1) {
		cmd_error(ctx, &d);
		goto out;
	}
	old = xcalloc(rs->nsystems + 1, sizeof(*old));
	for (i = 0; i < rs->nsystems; i++) {
		old[i] = rs->systems[i].normalized;
		memset(&rs->systems[i].normalized, 0, sizeof(old[i]));
	}
	meta_normalize_result_set(rs);
	/* Facts laid over the derived ones (the runner's "detected") stay. */
	for (i = 0; i < rs->nsystems; i++)
		for (n = 0; n < old[i].len; n++)
			if (!meta_is_derived_source(old[i].items[n].source))
				fact_list_set(&rs->systems[i].normalized,
				    old[i].items[n].key, old[i].items[n].value,
				    old[i].items[n].source);
	for (i = 0; i < rs->nsystems; i++)
		if ((n = cmd_normalize_changes(&old[i],
		    &rs->systems[i].normalized)) > 0) {
			changed += n;
			systems++;
		}
	if (changed > 0 && !dry && store_update_facts(st, id, rs, &d) == -1) {
		cmd_error(ctx, &d);
		goto out;
	}
	if (changed > 0)
		printf("%lld\t%zu system%s\t%zu fact%s %s\n", (long long)id,
		    systems, systems == 1 ? "" : "s", changed,
		    changed == 1 ? "" : "s", dry ? "would change" : "changed");
	rc = EXIT_OK;
out:
	if (old != NULL)
		for (i = 0; rs != NULL && i < rs->nsystems; i++)
			fact_list_free(&old[i]);
	free(old);
	result_set_free(rs);
	return rc;
}

static int
cmd_normalize_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct cmd_normalize_ids	 ids = { NULL, 0, 0 };
	struct store			*st = ctx->store;
	struct diag			 d;
	int64_t				 id;
	size_t				 i;
	bool				 dry = cmd_args_has(args, "dry-run");
	int				 k, one, rc = EXIT_OK;

	for (k = 0; k < args->argc; k++) {
		if ((rc = cmd_resolve_existing(ctx, st, args->argv[k], &id)) !=
		    EXIT_OK)
			goto out;
		cmd_normalize_collect(&(struct store_summary){ .id = id }, &ids);
	}
	diag_clear(&d);
	if (args->argc == 0 &&
	    store_list(st, cmd_normalize_collect, &ids, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
		goto out;
	}
	for (i = 0; i < ids.len; i++)
		if ((one = cmd_normalize_one(ctx, st, ids.v[i], dry)) != EXIT_OK)
			rc = one;
out:
	free(ids.v);
	return rc;
}
