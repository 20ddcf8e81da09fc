/* SPDX-License-Identifier: ISC */
/*
 * benchreport normalize [ID...]: derive the normalised facts of stored
 * result sets again from their raw fields and notes, after the rules
 * changed, and store them with their provenance. Prints one line per set
 * that changed; raw data is never touched.
 */
#include <getopt.h>
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

static int	 cmd_normalize_exec(struct cmd_ctx *, int, char **);
static int	 cmd_normalize_collect(const struct store_summary *, void *);
static size_t	 cmd_normalize_changes(const struct fact_list *,
		    const struct fact_list *);
static int	 cmd_normalize_one(struct cmd_ctx *, struct store *, int64_t,
		    bool);

const struct cmd_entry cmd_normalize_entry = {
	.name = "normalize",
	.alias = NULL,
	.usage = "[--db PATH] [-n] [ID...]",
	.summary = "derive the normalised system facts of stored sets again",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_normalize_exec
};

static const char cmd_normalize_options[] =
	"  --db PATH       results database\n"
	"  -n, --dry-run   report what would change, store nothing\n"
	"  -h, --help      show this help\n";

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
cmd_normalize_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "dry-run",	no_argument,		NULL, 'n' },
		{ "help",	no_argument,		NULL, 'h' },
		{ NULL,		0,			NULL, 0 }
	};
	struct cmd_normalize_ids	 ids = { NULL, 0, 0 };
	struct store			*st = NULL;
	struct diag			 d;
	int64_t				 id;
	size_t				 i;
	bool				 dry = false;
	int				 ch, k, one, rc;

	while ((ch = getopt_long(argc, argv, "hn", longopts, NULL)) != -1) {
		switch (ch) {
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'h':
			return cmd_help(&cmd_normalize_entry, cmd_normalize_options);
		case 'n':
			dry = true;
			break;
		default:
			return cmd_usage(&cmd_normalize_entry, NULL);
		}
	}
	if ((rc = cmd_resolve_open(ctx, &st)) != EXIT_OK)
		goto out;
	for (k = optind; k < argc; k++) {
		if ((rc = cmd_resolve_existing(ctx, st, argv[k], &id)) != EXIT_OK)
			goto out;
		cmd_normalize_collect(&(struct store_summary){ .id = id }, &ids);
	}
	diag_clear(&d);
	if (optind == argc &&
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
	store_close(st);
	return rc;
}
