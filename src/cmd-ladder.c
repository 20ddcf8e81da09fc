/* SPDX-License-Identifier: ISC */
/*
 * benchreport ladder ID|FILE: the latency ladder (p50 to p99.99 with 95 %
 * intervals, or "not estimable") of every value whose runs carry
 * latency histograms, as text or JSON. The exceedance chart of the same
 * values is `chart`'s (src/chart-exceed.c); diff compares two ladders.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>

#include "cmd.h"
#include "diff-ladder.h"
#include "exit.h"
#include "text-json.h"
#include "text-safe.h"
#include "xalloc.h"

/* Schema of `ladder --format json`: bump when docs/storage-analysis.md changes it. */
#define LADDER_JSON_SCHEMA	1

static int	 cmd_ladder_exec(struct cmd_ctx *, const struct cmd_args *);

CMD_CHOICES(cmd_ladder_format, "text", "json")

static const struct cmd_option cmd_ladder_options[] = {
	{ "format", 'f', "FMT", "text (default) or json", 0, cmd_ladder_format },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_ladder_entry = {
	.name = "ladder",
	.operands = "ID|FILE",
	.min_operands = 1,
	.max_operands = 1,
	.summary = "show latency ladders (p50 to p99.99 with intervals) from histograms",
	.options = cmd_ladder_options,
	.help_extra = "Percentiles come from the runs' merged latency histograms (fio json+\n"
	    "bins, clat_hist logs, the runner's own); one with fewer than 10 I/Os\n"
	    "above it is \"not estimable\". See docs/storage-analysis.md.\n",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_ladder_exec
};

static int
cmd_ladder_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct result_set	*rs = NULL;
	struct ladder_hist	*h = NULL;
	struct json_object	*root = NULL, *arr = NULL, *o;
	struct ladder		 l;
	struct diag		 d;
	const struct test	*t;
	const struct value	*v;
	const char		*fmt, *why = NULL, *desc, *cut;
	char			*part;
	long long		 id;
	size_t			 i, j, nh, shown = 0;
	bool			 json;
	int			 rc;

	diag_clear(&d);
	if ((fmt = cmd_args_get(args, "format")) == NULL)
		fmt = "text";
	json = strcmp(fmt, "json") == 0;
	if ((rc = cmd_load_arg(ctx, args->argv[0], &rs, &id)) != EXIT_OK)
		return rc;
	if (json)
		root = text_json_set_doc("ladder_schema", LADDER_JSON_SCHEMA, id, "ladders",
		    &arr);
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		for (j = 0; j < t->nvalues; j++) {
			v = &t->values[j];
			if (ladder_hists_from_value(v, &h, &nh, &why) == -1) {
				cmd_errorx(ctx, "%s: test %zu, system %s: a latency "
				    "histogram %s", args->argv[0], i + 1,
				    rs->systems[v->system].identifier, why);
				rc = EXIT_BADINPUT;
				goto out;
			}
			if (nh == 0)
				continue;
			ladder_compute(h, nh, LADDER_SEED, &l);
			ladder_hists_free(h, nh);
			h = NULL;
			if (json) {
				o = diff_ladder_to_json(&l);
				json_object_object_add(o, "title",
				    text_json_string(t->title));
				json_object_object_add(o, "test",
				    text_json_string(t->description));
				json_object_object_add(o, "system",
				    text_json_string(rs->systems[v->system].identifier));
				json_object_object_add(o, "unit",
				    json_object_new_string("usec"));
				json_object_array_add(arr, o);
			} else {
				if (shown > 0)
					putchar('\n');
				text_safe_fputs(t->title != NULL ? t->title : "", stdout);
				fputs(": ", stdout);
				/* The job's name: the histograms ride on its p99 test. */
				desc = t->description != NULL ? t->description : "";
				cut = strstr(desc, " - Latency: ");
				part = g_strndup(desc, cut != NULL ? (size_t)(cut -
				    desc) : strlen(desc));
				text_safe_fputs(part, stdout);
				g_free(part);
				fputs("\nsystem ", stdout);
				text_safe_fputs(rs->systems[v->system].identifier,
				    stdout);
				fputs(", completion latency in usec\n", stdout);
				diff_ladder_print(&l, stdout);
			}
			ladder_free(&l);
			shown++;
		}
	}
	if (json) {
		if (text_json_print(root, stdout, &d) == -1) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
		}
	} else if (shown == 0)
		printf("no latency histograms in this set (fio json+ bins, "
		    "clat_hist logs or the runner's own)\n");
out:
	json_object_put(root);
	result_set_free(rs);
	return rc;
}
