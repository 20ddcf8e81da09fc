/* SPDX-License-Identifier: ISC */
/*
 * benchreport steady ID|FILE: the SNIA steady-state check (src/steady.c)
 * of every value with rounds: a log's samples folded into rounds (each
 * sample a round, or --round SECONDS of samples), or, without a series,
 * the value's runs in order as per-round results. Text or JSON; with
 * -o DIR, the measurement-window chart of each (src/chart-steady.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>

#include "chart-steady.h"
#include "cmd.h"
#include "exit.h"
#include "outfile.h"
#include "steady.h"
#include "text-json.h"
#include "text-safe.h"
#include "xalloc.h"

#define STEADY_JSON_SCHEMA	1

static int	 cmd_steady_exec(struct cmd_ctx *, const struct cmd_args *);
static bool	 cmd_steady_persec(const struct value *v, size_t last,
		    struct steady_consistency *c, double **sec, size_t *nsec);

CMD_CHOICES(cmd_steady_format, "text", "json")

static const struct cmd_option cmd_steady_options[] = {
	{ "format", 'f', "FMT", "text (default) or json", 0, cmd_steady_format },
	{ "round", 'r', "SECONDS", "fold a log's samples into rounds of SECONDS\n"
	    "(default: each sample is a round)", 0, NULL },
	{ "output", 'o', "DIR", "write each measurement-window chart (SVG) here", 0,
	    NULL },
	{ "last", 0, "SECONDS", "the consistency block of a log over its last\n"
	    "SECONDS (default: all of it)", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_steady_entry = {
	.name = "steady",
	.operands = "ID|FILE",
	.min_operands = 1,
	.max_operands = 1,
	.summary = "check steady state (SNIA rule) over rounds of logs or runs",
	.options = cmd_steady_options,
	.help_extra = "Steady state: a window of 5 rounds whose range is within 20 % of its\n"
	    "average and whose least-squares line moves by at most 10 % of it\n"
	    "(SNIA Solid State Storage Performance Test Specification).\n",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_steady_exec
};

/*
 * The consistency of v's first timed series (x in ms, not a histogram):
 * its samples folded into seconds. False when v has none.
 */
static bool
cmd_steady_persec(const struct value *v, size_t last,
    struct steady_consistency *c, double **sec, size_t *nsec)
{
	const struct series	*s;
	size_t			 i;

	memset(c, 0, sizeof(*c));
	*sec = NULL;
	*nsec = 0;
	for (i = 0; i < v->nseries; i++) {
		s = &v->series[i];
		if ((s->name != NULL && strcmp(s->name, MODEL_HIST_SERIES) == 0) ||
		    s->x.len != s->y.len || s->y.len == 0 || s->x_unit == NULL ||
		    strcmp(s->x_unit, "ms") != 0)
			continue;
		*sec = steady_fold(s->x.v, s->y.v, s->y.len, 1000, nsec);
		*c = steady_consistency(*sec, *nsec, last);
		return true;
	}
	return false;
}

/* One value's rounds and what steady and consistency found in them. */
struct cmd_steady_item {
	const struct test		*t;
	const struct value		*v;
	const char			*what;	/* "runs", or the series read */
	const double			*r;
	size_t				 n;
	struct steady			 s;
	bool				 has_cons;
	struct steady_consistency	 cons;
};

static struct json_object *
cmd_steady_json(const struct result_set *rs, const struct cmd_steady_item *it)
{
	struct json_object	*o, *a;
	size_t			 k;

	o = json_object_new_object();
	json_object_object_add(o, "title", text_json_string(it->t->title));
	json_object_object_add(o, "test",
	    text_json_string(it->t->description));
	json_object_object_add(o, "system", text_json_string(
	    rs->systems[it->v->system].identifier));
	json_object_object_add(o, "unit", text_json_string(it->t->unit));
	json_object_object_add(o, "rounds_from",
	    text_json_string(it->what));
	json_object_object_add(o, "rounds",
	    json_object_new_int64((int64_t)it->n));
	json_object_object_add(o, "checked",
	    json_object_new_boolean(it->s.ok));
	json_object_object_add(o, "why", it->s.ok ? NULL :
	    json_object_new_string(it->s.why));
	json_object_object_add(o, "reached",
	    json_object_new_boolean(it->s.ok && it->s.reached));
	if (it->s.ok) {
		json_object_object_add(o, "first_round",
		    json_object_new_int64((int64_t)it->s.first + 1));
		json_object_object_add(o, "last_round",
		    json_object_new_int64((int64_t)(it->s.first +
		    STEADY_WINDOW)));
		json_object_object_add(o, "average",
		    json_object_new_double(it->s.avg));
		json_object_object_add(o, "range",
		    json_object_new_double(it->s.range));
		json_object_object_add(o, "range_pct",
		    json_object_new_double(it->s.range_pct));
		json_object_object_add(o, "slope",
		    json_object_new_double(it->s.slope));
		json_object_object_add(o, "excursion",
		    json_object_new_double(it->s.excursion));
		json_object_object_add(o, "excursion_pct",
		    json_object_new_double(it->s.excursion_pct));
	}
	if (it->has_cons) {
		struct json_object *cj = json_object_new_object();

		json_object_object_add(cj, "seconds",
		    json_object_new_int64((int64_t)it->cons.seconds));
		json_object_object_add(cj, "mean",
		    json_object_new_double(it->cons.mean));
		json_object_object_add(cj, "sd",
		    json_object_new_double(it->cons.sd));
		json_object_object_add(cj, "mean_over_sd",
		    isfinite(it->cons.mean_sd) ?
		    json_object_new_double(it->cons.mean_sd) : NULL);
		json_object_object_add(cj, "p1",
		    json_object_new_double(it->cons.p1));
		json_object_object_add(cj, "p99_9",
		    json_object_new_double(it->cons.p999));
		json_object_object_add(o, "consistency", cj);
	}
	a = json_object_new_array();
	for (k = 0; k < it->n; k++)
		json_object_array_add(a, json_object_new_double(it->r[k]));
	json_object_object_add(o, "values", a);
	return o;
}

static void
cmd_steady_text(const struct result_set *rs, const struct cmd_steady_item *it)
{
	text_safe_fputs(it->t->description != NULL ?
	    it->t->description : "", stdout);
	fputs("\nsystem ", stdout);
	text_safe_fputs(rs->systems[it->v->system].identifier, stdout);
	printf(", %zu rounds from the %s%s\n", it->n,
	    strcmp(it->what, "runs") == 0 ? "runs" : "series ",
	    strcmp(it->what, "runs") == 0 ? "" : it->what);
	if (!it->s.ok)
		printf("  not checked: %s\n", it->s.why);
	else {
		if (it->s.reached)
			printf("  steady state reached: rounds "
			    "%zu-%zu\n", it->s.first + 1,
			    it->s.first + STEADY_WINDOW);
		else
			printf("  steady state not reached in "
			    "%zu rounds (the last window, "
			    "rounds %zu-%zu:)\n", it->n,
			    it->s.first + 1, it->s.first +
			    STEADY_WINDOW);
		printf("  average %.6g, range %.6g (%.2f %% "
		    "of the average, limit %.0f %%), fit "
		    "excursion %.6g (%.2f %%, limit %.0f "
		    "%%), slope %.6g per round\n", it->s.avg,
		    it->s.range, it->s.range_pct, STEADY_RANGE_PCT,
		    it->s.excursion, it->s.excursion_pct,
		    STEADY_SLOPE_PCT, it->s.slope);
	}
	if (it->has_cons)
		printf("  consistency over the last %zu s: mean "
		    "%.6g, SD %.6g (mean / SD %.3g), p1 %.6g, "
		    "p99.9 %.6g per second\n", it->cons.seconds,
		    it->cons.mean, it->cons.sd, it->cons.mean_sd, it->cons.p1,
		    it->cons.p999);
}

static int
cmd_steady_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct result_set	*rs = NULL;
	struct json_object	*root = NULL, *arr = NULL;
	struct cmd_steady_item	 it;
	struct steady		 s;
	struct steady_consistency cons;
	struct diag		 d;
	const struct test	*t;
	const struct value	*v;
	const char		*fmt, *what = NULL, *ro, *dir;
	double			*r, *sec = NULL, round_ms = 0;
	char			*end, *path;
	long long		 id;
	size_t			 i, j, n, shown = 0, last = 0, nsec;
	bool			 has_cons;
	bool			 json;
	int			 rc;

	diag_clear(&d);
	memset(&cons, 0, sizeof(cons));
	if ((fmt = cmd_args_get(args, "format")) == NULL)
		fmt = "text";
	json = strcmp(fmt, "json") == 0;
	if ((ro = cmd_args_get(args, "round")) != NULL) {
		round_ms = strtod(ro, &end) * 1000;
		if (*ro == '\0' || *end != '\0' || !(round_ms > 0) ||
		    !isfinite(round_ms)) {
			cmd_errorx(ctx, "--round %s: not a positive number of "
			    "seconds", ro);
			return EXIT_BADINPUT;
		}
	}
	if ((ro = cmd_args_get(args, "last")) != NULL) {
		double	secs = strtod(ro, &end);

		if (*ro == '\0' || *end != '\0' || !(secs >= 1) || secs > 1e9) {
			cmd_errorx(ctx, "--last %s: not a number of seconds (1 or "
			    "more)", ro);
			return EXIT_BADINPUT;
		}
		last = (size_t)secs;
	}
	dir = cmd_args_get(args, "output");
	if ((rc = cmd_load_arg(ctx, args->argv[0], &rs, &id)) != EXIT_OK)
		return rc;
	if (json)
		root = text_json_set_doc("steady_schema", STEADY_JSON_SCHEMA, id, "results",
		    &arr);
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		for (j = 0; j < t->nvalues; j++) {
			v = &t->values[j];
			if ((r = steady_value_rounds(v, round_ms, true, &what, &n)) == NULL)
				continue;
			s = steady_find(r, n);
			has_cons = cmd_steady_persec(v, last, &cons, &sec, &nsec);
			if (dir != NULL && has_cons && cons.ok) {
				path = xasprintf("%s/consistency-t%zu-s%zu.svg", dir,
				    i + 1, v->system + 1);
				if (chart_steady_consistency_write(rs, i, v->system,
				    sec, nsec, &cons, path, &d) == -1) {
					cmd_error(ctx, &d);
					free(path);
					free(sec);
					free(r);
					rc = EXIT_BADINPUT;
					goto out;
				}
				if (!json)
					printf("%s\n", path);
				free(path);
			}
			free(sec);
			sec = NULL;
			if (dir != NULL && s.ok) {
				path = xasprintf("%s/steady-t%zu-s%zu.svg", dir,
				    i + 1, v->system + 1);
				if (chart_steady_write(rs, i, v->system, r, n, &s,
				    path, &d) == -1) {
					cmd_error(ctx, &d);
					free(path);
					free(r);
					rc = EXIT_BADINPUT;
					goto out;
				}
				if (!json)
					printf("%s\n", path);
				free(path);
			}
			it.t = t;
			it.v = v;
			it.what = what;
			it.r = r;
			it.n = n;
			it.s = s;
			it.has_cons = has_cons && cons.ok;
			it.cons = cons;
			if (json)
				json_object_array_add(arr, cmd_steady_json(rs, &it));
			else {
				if (shown > 0)
					putchar('\n');
				cmd_steady_text(rs, &it);
			}
			free(r);
			shown++;
		}
	}
	if (json) {
		if (text_json_print(root, stdout, &d) == -1) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
		}
	} else if (shown == 0)
		printf("no rounds in this set (a log's samples or two runs or "
		    "more)\n");
out:
	json_object_put(root);
	result_set_free(rs);
	return rc;
}
