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

static int
cmd_steady_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct result_set	*rs = NULL;
	struct json_object	*root = NULL, *arr = NULL, *o, *a;
	struct steady		 s;
	struct steady_consistency cons;
	struct diag		 d;
	const struct test	*t;
	const struct value	*v;
	const char		*fmt, *what = NULL, *ro, *dir;
	double			*r, *sec = NULL, round_ms = 0;
	char			*end, *path;
	long long		 id;
	size_t			 i, j, k, n, shown = 0, last = 0, nsec;
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
			if (json) {
				o = json_object_new_object();
				json_object_object_add(o, "title", text_json_string(t->title));
				json_object_object_add(o, "test",
				    text_json_string(t->description));
				json_object_object_add(o, "system", text_json_string(
				    rs->systems[v->system].identifier));
				json_object_object_add(o, "unit", text_json_string(t->unit));
				json_object_object_add(o, "rounds_from",
				    text_json_string(what));
				json_object_object_add(o, "rounds",
				    json_object_new_int64((int64_t)n));
				json_object_object_add(o, "checked",
				    json_object_new_boolean(s.ok));
				json_object_object_add(o, "why", s.ok ? NULL :
				    json_object_new_string(s.why));
				json_object_object_add(o, "reached",
				    json_object_new_boolean(s.ok && s.reached));
				if (s.ok) {
					json_object_object_add(o, "first_round",
					    json_object_new_int64((int64_t)s.first + 1));
					json_object_object_add(o, "last_round",
					    json_object_new_int64((int64_t)(s.first +
					    STEADY_WINDOW)));
					json_object_object_add(o, "average",
					    json_object_new_double(s.avg));
					json_object_object_add(o, "range",
					    json_object_new_double(s.range));
					json_object_object_add(o, "range_pct",
					    json_object_new_double(s.range_pct));
					json_object_object_add(o, "slope",
					    json_object_new_double(s.slope));
					json_object_object_add(o, "excursion",
					    json_object_new_double(s.excursion));
					json_object_object_add(o, "excursion_pct",
					    json_object_new_double(s.excursion_pct));
				}
				if (has_cons && cons.ok) {
					struct json_object *cj = json_object_new_object();

					json_object_object_add(cj, "seconds",
					    json_object_new_int64((int64_t)cons.seconds));
					json_object_object_add(cj, "mean",
					    json_object_new_double(cons.mean));
					json_object_object_add(cj, "sd",
					    json_object_new_double(cons.sd));
					json_object_object_add(cj, "mean_over_sd",
					    isfinite(cons.mean_sd) ?
					    json_object_new_double(cons.mean_sd) : NULL);
					json_object_object_add(cj, "p1",
					    json_object_new_double(cons.p1));
					json_object_object_add(cj, "p99_9",
					    json_object_new_double(cons.p999));
					json_object_object_add(o, "consistency", cj);
				}
				a = json_object_new_array();
				for (k = 0; k < n; k++)
					json_object_array_add(a, json_object_new_double(r[k]));
				json_object_object_add(o, "values", a);
				json_object_array_add(arr, o);
			} else {
				if (shown > 0)
					putchar('\n');
				text_safe_fputs(t->description != NULL ?
				    t->description : "", stdout);
				fputs("\nsystem ", stdout);
				text_safe_fputs(rs->systems[v->system].identifier, stdout);
				printf(", %zu rounds from the %s%s\n", n,
				    strcmp(what, "runs") == 0 ? "runs" : "series ",
				    strcmp(what, "runs") == 0 ? "" : what);
				if (!s.ok)
					printf("  not checked: %s\n", s.why);
				else {
					if (s.reached)
						printf("  steady state reached: rounds "
						    "%zu-%zu\n", s.first + 1,
						    s.first + STEADY_WINDOW);
					else
						printf("  steady state not reached in "
						    "%zu rounds (the last window, "
						    "rounds %zu-%zu:)\n", n,
						    s.first + 1, s.first +
						    STEADY_WINDOW);
					printf("  average %.6g, range %.6g (%.2f %% "
					    "of the average, limit %.0f %%), fit "
					    "excursion %.6g (%.2f %%, limit %.0f "
					    "%%), slope %.6g per round\n", s.avg,
					    s.range, s.range_pct, STEADY_RANGE_PCT,
					    s.excursion, s.excursion_pct,
					    STEADY_SLOPE_PCT, s.slope);
				}
				if (has_cons && cons.ok)
					printf("  consistency over the last %zu s: mean "
					    "%.6g, SD %.6g (mean / SD %.3g), p1 %.6g, "
					    "p99.9 %.6g per second\n", cons.seconds,
					    cons.mean, cons.sd, cons.mean_sd, cons.p1,
					    cons.p999);
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
