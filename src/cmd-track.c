/* SPDX-License-Identifier: ISC */
/*
 * benchreport track [ID...]: the history of each test on each system
 * across the stored result sets, its change points and the facts that
 * changed where the numbers moved, as text, JSON, Markdown (a
 * pull-request comment) or TSV. --fail-on makes it a CI gate: exit 1
 * when such a change point lies among the newest --last points and
 * --ack does not name it.
 */
#include <errno.h>
#include <fnmatch.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "canvas-dl.h"
#include "cmd.h"
#include "outfile.h"
#include "strbuf.h"
#include "text-escape.h"
#include "text-json.h"
#include "text-safe.h"
#include "track-chart.h"
#include "track.h"
#include "xalloc.h"

enum track_format {
	TRACK_TEXT, TRACK_JSON, TRACK_MARKDOWN, TRACK_TSV
};

enum track_fail {
	TRACK_FAIL_REGRESSION, TRACK_FAIL_CHANGE
};

/* One line of an --ack file. */
struct track_ack {
	int64_t	 set;
	char	*system;	/* glob */
	char	*test;		/* glob */
	char	*reason;
};

struct track_acks {
	struct track_ack	*items;
	size_t			 len;
};

static int	 cmd_track_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_track_real(const char *, double *);
static char	*cmd_track_trim(char *);
static int	 cmd_track_acks_read(const char *, struct track_acks *,
		    struct diag *);
static void	 cmd_track_acks_free(struct track_acks *);
static const struct track_ack *cmd_track_acked(const struct track_acks *,
		    const struct track_series *, const struct track_change *);
static char	*cmd_track_number(double);
static char	*cmd_track_test_name(const struct track_series *);
static char	*cmd_track_facts(const struct track_change *);
static void	 cmd_track_joined(FILE *, const struct track_series *);
static void	 cmd_track_text(FILE *, const struct track_result *,
		    const struct track_acks *, bool);
static void	 cmd_track_tsv(FILE *, const struct track_result *,
		    const struct track_acks *);
static void	 cmd_track_markdown(FILE *, const struct track_result *,
		    const struct track_acks *, size_t);
static struct json_object *cmd_track_json(const struct track_result *,
		    const struct track_query *, const struct track_acks *);
static struct json_object *cmd_track_json_seg(const struct track_seg *);

/* In enum track_format's order; "md" is markdown too. */
CMD_CHOICES(cmd_track_format, "text", "json", "markdown", "tsv", "md")
CMD_CHOICES(cmd_track_fail, "regression", "change")
CMD_CHOICES(cmd_track_chart_format, "svg", "png", "pdf")

static const struct cmd_option cmd_track_options[] = {
	{ "format", 'f', "FMT", "text (default), json, markdown or tsv", 0,
	    cmd_track_format },
	{ "output", 'o', "FILE", "write there instead of standard output", 0, NULL },
	{ "system", 's', "NAME", "only the system with this identifier", 0, NULL },
	{ "test", 't', "GLOB", "only tests whose identifier, title or description\n"
	    "matches GLOB (case-insensitive)", 0, NULL },
	{ "since", 0, "WHEN", "only results made at or after WHEN (YYYY-MM-DD[ HH:MM:SS])", 0, NULL },
	{ "until", 0, "WHEN", "only results made up to WHEN (inclusive)", 0, NULL },
	{ "by", 0, "KEY", "order by a normalised fact (version-aware, e.g.\n"
	    "kernel_version) or by label:KEY; default: when each result was made", 0, NULL },
	{ "match", 0, "FACTS", "one system is every system whose named facts agree\n"
	    "(comma-separated fact names)", 0, NULL },
	{ "all", 'a', NULL, "text: list series without a change point too", 0, NULL },
	{ "fail-on", 0, "KIND", "exit 1 for a regression (or any change) point among\n"
	    "the newest --last points", 0, cmd_track_fail },
	{ "last", 0, "N", "the newest N points of each series (default: all)", 0, NULL },
	{ "ack", 0, "FILE", "acknowledged change points: lines SET | SYSTEM | TEST | REASON", 0, NULL },
	{ "window", 0, "N", "points per window of the detector (default 50)", 0, NULL },
	{ "max-p", 0, "P", "significance level of a change point (default 0.0001)", 0, NULL },
	{ "min-magnitude", 0, "PCT", "drop change points of at most PCT % (default 0)", 0, NULL },
	{ "min-segment", 0, "N", "points on each side of a change point (default 3)", 0, NULL },
	{ "retest-neighbours", 0, NULL, "after dropping a weak point re-test both its\n"
	    "neighbours, not the two points after it as Otava does", 0, NULL },
	{ "chart", 'c', "DIR", "write a chart of each series into DIR", 0, NULL },
	{ "chart-format", 0, "FMT", "svg (default), png or pdf", 0, cmd_track_chart_format },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_track_entry = {
	.name = "track",
	.operands = "[ID ...]",
	.min_operands = 0,
	.max_operands = -1,
	.summary = "history of each test and system, with change points",
	.options = cmd_track_options,
	.help_extra = "IDs limit the series to those stored result sets.\n"
	    "Exit status: 0 success (no --fail-on point), 1 a --fail-on point was\n"
	    "found, 2 bad input, 3 database error.\n",
	/* The drawing libraries are loaded for --chart only (cmd_track_exec). */
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_track_exec
};

static int
cmd_track_real(const char *arg, double *out)
{
	char	*end;

	errno = 0;
	*out = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !isfinite(*out))
		return -1;
	return 0;
}

/* Trim spaces and tabs at both ends of s, in place. */
static char *
cmd_track_trim(char *s)
{
	char	*e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' ||
	    e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/*
 * Read an --ack file: "SET | SYSTEM | TEST | REASON" a line, SYSTEM and
 * TEST globs, the reason not empty; blank lines and lines starting '#'
 * ignored. 0, or -1 with d naming the file and line.
 */
static int
cmd_track_acks_read(const char *path, struct track_acks *a, struct diag *d)
{
	FILE		*fp;
	char		*line = NULL, *f[4], *p, *end;
	size_t		 cap = 0, i;
	long		 lineno = 0;
	long long	 set;
	int		 rc = -1;

	if ((fp = fopen(path, "r")) == NULL) {
		diag_set(d, path, 0, "%s", strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, fp) != -1) {
		lineno++;
		p = cmd_track_trim(line);
		if (*p == '\0' || *p == '#')
			continue;
		for (i = 0; i < 4; i++) {
			f[i] = p;
			if (i < 3) {
				if ((p = strchr(p, '|')) == NULL)
					break;
				*p++ = '\0';
			}
			f[i] = cmd_track_trim(f[i]);
		}
		if (i < 4) {
			diag_set(d, path, lineno, "want SET | SYSTEM | TEST | REASON");
			goto out;
		}
		errno = 0;
		set = strtoll(f[0], &end, 10);
		if (*f[0] < '0' || *f[0] > '9' || *end != '\0' || errno != 0 ||
		    set <= 0) {
			diag_set(d, path, lineno, "not a result-set ID: %s", f[0]);
			goto out;
		}
		if (*f[1] == '\0' || *f[2] == '\0' || *f[3] == '\0') {
			diag_set(d, path, lineno, "a system, a test and a reason are needed");
			goto out;
		}
		a->items = xreallocarray(a->items, a->len + 1, sizeof(*a->items));
		a->items[a->len].set = set;
		a->items[a->len].system = xstrdup(f[1]);
		a->items[a->len].test = xstrdup(f[2]);
		a->items[a->len].reason = xstrdup(f[3]);
		a->len++;
	}
	if (ferror(fp)) {
		diag_set(d, path, 0, "read error");
		goto out;
	}
	rc = 0;
out:
	free(line);
	fclose(fp);
	return rc;
}

static void
cmd_track_acks_free(struct track_acks *a)
{
	size_t	 i;

	for (i = 0; i < a->len; i++) {
		free(a->items[i].system);
		free(a->items[i].test);
		free(a->items[i].reason);
	}
	free(a->items);
}

/* The acknowledgement of change c of series se, or NULL. */
static const struct track_ack *
cmd_track_acked(const struct track_acks *a, const struct track_series *se,
    const struct track_change *c)
{
	const struct track_ack	*k;
	size_t			 i;

	for (i = 0; i < a->len; i++) {
		k = &a->items[i];
		if (k->set != se->points[c->cp.index].set_id ||
		    fnmatch(k->system, se->system, 0) != 0)
			continue;
		if (track_glob(k->test, se->test_identifier) ||
		    track_glob(k->test, se->test_title) ||
		    track_glob(k->test, se->test_description))
			return k;
	}
	return NULL;
}

/* v with four significant digits and no exponent. */
static char *
cmd_track_number(double v)
{
	int	 dec;

	if (v == 0)
		return xstrdup("0");
	dec = 3 - (int)floor(log10(fabs(v)));
	if (dec < 0)
		dec = 0;
	if (dec > 12)
		return xasprintf("%.4g", v);
	return xasprintf("%.*f", dec, v);
}

/* "Title: description (unit)", or the identifier when there is no title. */
static char *
cmd_track_test_name(const struct track_series *se)
{
	struct strbuf	 sb;

	strbuf_init(&sb);
	strbuf_adds(&sb, *se->test_title != '\0' ? se->test_title :
	    se->test_identifier != NULL ? se->test_identifier : "(untitled)");
	if (se->test_description != NULL && *se->test_description != '\0')
		strbuf_printf(&sb, ": %s", se->test_description);
	if (se->unit != NULL && *se->unit != '\0')
		strbuf_printf(&sb, " (%s)", se->unit);
	return strbuf_detach(&sb);
}

/* "kernel_version 6.6.8 -> 6.7.1; ..." or "no stated fact changed". */
static char *
cmd_track_facts(const struct track_change *c)
{
	struct strbuf	 sb;
	size_t		 i;

	if (c->nfacts == 0)
		return xstrdup("no stated fact changed");
	strbuf_init(&sb);
	for (i = 0; i < c->nfacts; i++)
		strbuf_printf(&sb, "%s%s %s -> %s", i > 0 ? "; " : "",
		    c->facts[i].key, c->facts[i].before, c->facts[i].after);
	return strbuf_detach(&sb);
}

/* "  joined: nvme0 (sets 1-60), nvme0 (rerun) (set 61)": who joined, from which sets. */
static void
cmd_track_joined(FILE *fp, const struct track_series *se)
{
	size_t	 j, k, n;
	int64_t	 lo, hi;

	fputs("  joined:", fp);
	for (j = 0; j < se->joined.len; j++) {
		fputs(j > 0 ? ", " : " ", fp);
		text_safe_fputs(se->joined.items[j], fp);
		lo = INT64_MAX;
		hi = 0;
		for (k = 0, n = 0; k < se->len; k++)
			if (strcmp(se->points[k].system, se->joined.items[j]) == 0) {
				n++;
				lo = se->points[k].set_id < lo ? se->points[k].set_id : lo;
				hi = se->points[k].set_id > hi ? se->points[k].set_id : hi;
			}
		if (n == 1)
			fprintf(fp, " (set %lld)", (long long)lo);
		else
			fprintf(fp, " (%zu sets, IDs %lld to %lld)", n,
			    (long long)lo, (long long)hi);
	}
	fputc('\n', fp);
}

static void
cmd_track_text(FILE *fp, const struct track_result *r,
    const struct track_acks *acks, bool all)
{
	const struct track_series	*se;
	const struct track_change	*c;
	const struct track_point	*pt;
	const struct track_ack		*k;
	char				*name, *facts, *b, *a, *lo1, *hi1, *lo2, *hi2;
	size_t				 i, j, shown = 0;

	for (i = 0; i < r->len; i++) {
		se = &r->series[i];
		if (se->nchanges == 0 && !all)
			continue;
		shown++;
		name = cmd_track_test_name(se);
		text_safe_fputs(name, fp);
		fputs(" on ", fp);
		text_safe_fputs(se->system, fp);
		fprintf(fp, ": %zu point%s", se->len, se->len == 1 ? "" : "s");
		if (se->imported > 0)
			fprintf(fp, " (%zu ordered by import time: no time stated)",
			    se->imported);
		if (se->nchanges == 0)
			fputs(", no change point", fp);
		fputc('\n', fp);
		free(name);
		if (se->joined.len > 1)
			cmd_track_joined(fp, se);
		for (j = 0; j < se->nchanges; j++) {
			c = &se->changes[j];
			pt = &se->points[c->cp.index];
			b = cmd_track_number(c->cp.before.mean);
			a = cmd_track_number(c->cp.after.mean);
			lo1 = c->cp.before.has_ci ? cmd_track_number(c->cp.before.ci_lo) : xstrdup("?");
			hi1 = c->cp.before.has_ci ? cmd_track_number(c->cp.before.ci_hi) : xstrdup("?");
			lo2 = c->cp.after.has_ci ? cmd_track_number(c->cp.after.ci_lo) : xstrdup("?");
			hi2 = c->cp.after.has_ci ? cmd_track_number(c->cp.after.ci_hi) : xstrdup("?");
			fprintf(fp, "  #%zu set %lld ", c->cp.index + 1,
			    (long long)pt->set_id);
			text_safe_fputs(pt->key != NULL ? pt->key : pt->when, fp);
			fprintf(fp, ": %s %+.1f %%, %s [%s, %s] -> %s [%s, %s], "
			    "p = %.2g; ", track_verdict(c), 100 * c->cp.rel_change,
			    b, lo1, hi1, a, lo2, hi2, c->cp.p);
			facts = cmd_track_facts(c);
			text_safe_fputs(facts, fp);
			if ((k = cmd_track_acked(acks, se, c)) != NULL) {
				fputs(" (acknowledged: ", fp);
				text_safe_fputs(k->reason, fp);
				fputc(')', fp);
			}
			fputc('\n', fp);
			free(facts);
			free(b);
			free(a);
			free(lo1);
			free(hi1);
			free(lo2);
			free(hi2);
		}
	}
	if (r->len == 0)
		fputs("no series: no stored value matches\n", fp);
	else if (shown == 0)
		fprintf(fp, "%zu series, no change point\n", r->len);
}

static void
cmd_track_tsv(FILE *fp, const struct track_result *r,
    const struct track_acks *acks)
{
	const struct track_series	*se;
	const struct track_change	*c;
	const struct track_point	*pt;
	const struct track_ack		*k;
	char				*name, *facts;
	size_t				 i, j;

	fputs("test\tsystem\tposition\tset\twhen\tverdict\trelative_change\t"
	    "mean_before\tmean_after\tp\tfacts_changed\tacknowledged\n", fp);
	for (i = 0; i < r->len; i++) {
		se = &r->series[i];
		name = cmd_track_test_name(se);
		for (j = 0; j < se->nchanges; j++) {
			c = &se->changes[j];
			pt = &se->points[c->cp.index];
			text_safe_fputs(name, fp);
			fputc('\t', fp);
			text_safe_fputs(se->system, fp);
			fprintf(fp, "\t%zu\t%lld\t", c->cp.index + 1,
			    (long long)pt->set_id);
			text_safe_fputs(pt->key != NULL ? pt->key : pt->when, fp);
			fprintf(fp, "\t%s\t%.6g\t%.17g\t%.17g\t%.3g\t",
			    track_verdict(c), c->cp.rel_change, c->cp.before.mean,
			    c->cp.after.mean, c->cp.p);
			facts = cmd_track_facts(c);
			text_safe_fputs(facts, fp);
			free(facts);
			fputc('\t', fp);
			if ((k = cmd_track_acked(acks, se, c)) != NULL)
				text_safe_fputs(k->reason, fp);
			fputc('\n', fp);
		}
		free(name);
	}
}

static void
cmd_track_markdown(FILE *fp, const struct track_result *r,
    const struct track_acks *acks, size_t last)
{
	const struct track_series	*se;
	const struct track_change	*c;
	const struct track_ack		*k;
	char				*cell[5], *raw, *b, *a;
	size_t				 i, j, n = 0, cnt;

	fputs("### benchreport track\n\n", fp);
	for (i = 0; i < r->len; i++)
		n += r->series[i].nchanges;
	fprintf(fp, "%zu series, %zu change point%s.\n", r->len, n,
	    n == 1 ? "" : "s");
	if (n == 0)
		return;
	fputs("\n| Test | System | Point | Change | Verdict | What changed |\n"
	    "|---|---|---|---|---|---|\n", fp);
	for (i = 0; i < r->len; i++) {
		se = &r->series[i];
		for (j = 0; j < se->nchanges; j++) {
			c = &se->changes[j];
			raw = cmd_track_test_name(se);
			cell[0] = text_escape_md_dup(raw);
			free(raw);
			cell[1] = text_escape_md_dup(se->system);
			raw = xasprintf("#%zu (set %lld, %s)", c->cp.index + 1,
			    (long long)se->points[c->cp.index].set_id,
			    se->points[c->cp.index].key != NULL ?
			    se->points[c->cp.index].key :
			    se->points[c->cp.index].when);
			cell[2] = text_escape_md_dup(raw);
			free(raw);
			b = cmd_track_number(c->cp.before.mean);
			a = cmd_track_number(c->cp.after.mean);
			raw = xasprintf("%+.1f %% (%s -> %s, p = %.2g)",
			    100 * c->cp.rel_change, b, a, c->cp.p);
			cell[3] = text_escape_md_dup(raw);
			free(raw);
			free(b);
			free(a);
			raw = cmd_track_facts(c);
			cell[4] = text_escape_md_dup(raw);
			free(raw);
			k = cmd_track_acked(acks, se, c);
			cnt = last == 0 || c->cp.index + last >= se->len;
			fprintf(fp, "| %s | %s | %s | %s | %s%s%s%s | %s |\n",
			    cell[0], cell[1], cell[2], cell[3],
			    c->regression && k == NULL && cnt ? "**" : "",
			    track_verdict(c),
			    c->regression && k == NULL && cnt ? "**" : "",
			    k != NULL ? " (acknowledged)" : "", cell[4]);
			free(cell[0]);
			free(cell[1]);
			free(cell[2]);
			free(cell[3]);
			free(cell[4]);
		}
	}
}

static struct json_object *
cmd_track_json_seg(const struct track_seg *s)
{
	struct json_object	*o, *ci;

	o = json_object_new_object();
	json_object_object_add(o, "points", json_object_new_int64((int64_t)s->len));
	json_object_object_add(o, "mean", json_object_new_double(s->mean));
	json_object_object_add(o, "sd", json_object_new_double(s->sd));
	if (s->has_ci) {
		ci = json_object_new_array();
		json_object_array_add(ci, json_object_new_double(s->ci_lo));
		json_object_array_add(ci, json_object_new_double(s->ci_hi));
		json_object_object_add(o, "ci95", ci);
	} else
		json_object_object_add(o, "ci95", NULL);
	return o;
}

static struct json_object *
cmd_track_json(const struct track_result *r, const struct track_query *q,
    const struct track_acks *acks)
{
	const struct track_series	*se;
	const struct track_change	*c;
	const struct track_point	*pt;
	const struct track_ack		*k;
	struct json_object		*root, *arr, *o, *pts, *p, *cps, *cj, *fa, *f;
	size_t				 i, j, m;

	root = json_object_new_object();
	o = json_object_new_object();
	json_object_object_add(o, "method", json_object_new_string(
	    "e-divisive means, Student t significance"));
	json_object_object_add(o, "window", json_object_new_int(q->cp.window));
	json_object_object_add(o, "max_p", json_object_new_double(q->cp.max_p));
	json_object_object_add(o, "min_magnitude",
	    json_object_new_double(q->cp.min_magnitude));
	json_object_object_add(o, "min_segment",
	    json_object_new_int(q->cp.min_segment));
	json_object_object_add(o, "retest", json_object_new_string(
	    q->cp.retest_neighbours ? "the neighbours of a dropped point" :
	    "the two after a dropped point"));
	json_object_object_add(o, "order", json_object_new_string(
	    q->order == TRACK_BY_TIME ? "time" : q->order == TRACK_BY_FACT ?
	    "fact" : "label"));
	if (q->by != NULL)
		json_object_object_add(o, "by", text_json_string(q->by));
	json_object_object_add(root, "options", o);
	if (r->unordered > 0)
		json_object_object_add(root, "left_out_unordered",
		    json_object_new_int64((int64_t)r->unordered));
	arr = json_object_new_array();
	for (i = 0; i < r->len; i++) {
		se = &r->series[i];
		o = json_object_new_object();
		json_object_object_add(o, "test", text_json_string(se->test_title));
		json_object_object_add(o, "identifier", text_json_string(se->test_identifier));
		json_object_object_add(o, "description", text_json_string(se->test_description));
		json_object_object_add(o, "arguments", text_json_string(se->arguments));
		json_object_object_add(o, "unit", text_json_string(se->unit));
		json_object_object_add(o, "proportion", json_object_new_string(
		    proportion_name(se->proportion)));
		json_object_object_add(o, "system", text_json_string(se->system));
		p = json_object_new_array();
		for (j = 0; j < se->joined.len; j++)
			json_object_array_add(p,
			    text_json_string(se->joined.items[j]));
		json_object_object_add(o, "systems_joined", p);
		pts = json_object_new_array();
		for (j = 0; j < se->len; j++) {
			pt = &se->points[j];
			p = json_object_new_object();
			json_object_object_add(p, "set", json_object_new_int64(pt->set_id));
			json_object_object_add(p, "system", text_json_string(pt->system));
			json_object_object_add(p, "when", text_json_string(pt->when));
			json_object_object_add(p, "when_source", json_object_new_string(
			    pt->when_src == TRACK_WHEN_STATED ? "stated" : "imported"));
			if (pt->key != NULL)
				json_object_object_add(p, "key",
				    text_json_string(pt->key));
			json_object_object_add(p, "value", json_object_new_double(pt->value));
			json_object_object_add(p, "se", pt->has_se ?
			    json_object_new_double(pt->se) : NULL);
			json_object_object_add(p, "n", json_object_new_int64(pt->n));
			json_object_array_add(pts, p);
		}
		json_object_object_add(o, "points", pts);
		cps = json_object_new_array();
		for (j = 0; j < se->nchanges; j++) {
			c = &se->changes[j];
			cj = json_object_new_object();
			json_object_object_add(cj, "position",
			    json_object_new_int64((int64_t)c->cp.index + 1));
			json_object_object_add(cj, "set", json_object_new_int64(
			    se->points[c->cp.index].set_id));
			json_object_object_add(cj, "before", cmd_track_json_seg(&c->cp.before));
			json_object_object_add(cj, "after", cmd_track_json_seg(&c->cp.after));
			json_object_object_add(cj, "relative_change",
			    json_object_new_double(c->cp.rel_change));
			json_object_object_add(cj, "p", json_object_new_double(c->cp.p));
			json_object_object_add(cj, "verdict",
			    json_object_new_string(track_verdict(c)));
			fa = json_object_new_array();
			for (m = 0; m < c->nfacts; m++) {
				f = json_object_new_object();
				json_object_object_add(f, "fact",
				    text_json_string(c->facts[m].key));
				json_object_object_add(f, "before",
				    text_json_string(c->facts[m].before));
				json_object_object_add(f, "after",
				    text_json_string(c->facts[m].after));
				json_object_array_add(fa, f);
			}
			json_object_object_add(cj, "facts_changed", fa);
			k = cmd_track_acked(acks, se, c);
			json_object_object_add(cj, "acknowledged", k != NULL ?
			    text_json_string(k->reason) : NULL);
			json_object_array_add(cps, cj);
		}
		json_object_object_add(o, "change_points", cps);
		json_object_array_add(arr, o);
	}
	json_object_object_add(root, "series", arr);
	return root;
}

/* What --fail-on and --last are, and the rest of the options, read. */
struct cmd_track_opts {
	struct track_query	 q;
	struct str_list		 match;
	char			*dup;		/* --match's copy, cut */
	int64_t			*sets;
	int			 fail;		/* a TRACK_FAIL_*, or -1 */
	long			 last;
};

/*
 * The options and arguments into o: 0, or the exit status after saying
 * what is wrong.
 */
static int
cmd_track_read_options(struct cmd_ctx *ctx, const struct cmd_args *args,
    struct cmd_track_opts *o)
{
	struct track_query	*q = &o->q;
	const char		*v;
	char			*tok, *save;
	long			 n;
	double			 x;
	size_t			 i;

	track_query_init(q);
	o->fail = -1;
	q->system = cmd_args_get(args, "system");
	q->test = cmd_args_get(args, "test");
	q->since = cmd_args_get(args, "since");
	q->until = cmd_args_get(args, "until");
	if ((v = cmd_args_get(args, "by")) != NULL) {
		if (strncmp(v, "label:", 6) == 0) {
			q->order = TRACK_BY_LABEL;
			q->by = v + 6;
		} else {
			q->order = TRACK_BY_FACT;
			q->by = v;
		}
		if (*q->by == '\0')
			return cmd_usage(&cmd_track_entry,
			    "--by needs a fact or label:KEY");
	}
	if ((v = cmd_args_get(args, "match")) != NULL) {
		o->dup = xstrdup(v);
		for (tok = strtok_r(o->dup, ",", &save); tok != NULL;
		    tok = strtok_r(NULL, ",", &save))
			if (*tok != '\0')
				str_list_add(&o->match, tok);
		if (o->match.len == 0)
			return cmd_usage(&cmd_track_entry,
			    "--match needs fact names");
		q->match = &o->match;
	}
	if ((v = cmd_args_get(args, "window")) != NULL) {
		if (cmd_parse_count(v, &n) == -1 || n < 2 ||
		    n > TRACK_CP_WINDOW_MAX)
			return cmd_usage(&cmd_track_entry,
			    "--window must be 2 to 2000");
		q->cp.window = (int)n;
	}
	if ((v = cmd_args_get(args, "min-segment")) != NULL) {
		if (cmd_parse_count(v, &n) == -1 || n < 1 || n > 100000)
			return cmd_usage(&cmd_track_entry,
			    "--min-segment must be a count of 1 or more");
		q->cp.min_segment = (int)n;
	}
	if ((v = cmd_args_get(args, "max-p")) != NULL) {
		if (cmd_track_real(v, &x) == -1 || !(x > 0 && x <= 1))
			return cmd_usage(&cmd_track_entry,
			    "--max-p must be above 0 and at most 1");
		q->cp.max_p = x;
	}
	if ((v = cmd_args_get(args, "min-magnitude")) != NULL) {
		if (cmd_track_real(v, &x) == -1 || x < 0)
			return cmd_usage(&cmd_track_entry,
			    "--min-magnitude must be a percentage of 0 or more");
		q->cp.min_magnitude = x / 100;
	}
	q->cp.retest_neighbours = cmd_args_has(args, "retest-neighbours");
	if ((v = cmd_args_get(args, "fail-on")) != NULL)
		o->fail = cmd_choice_index(cmd_track_fail, v);
	if ((v = cmd_args_get(args, "last")) != NULL) {
		if (cmd_parse_count(v, &o->last) == -1 || o->last < 1)
			return cmd_usage(&cmd_track_entry,
			    "--last must be a count of 1 or more");
		if (o->fail == -1)
			return cmd_usage(&cmd_track_entry,
			    "--last needs --fail-on");
	}
	if (cmd_args_has(args, "chart-format") && !cmd_args_has(args, "chart"))
		return cmd_usage(&cmd_track_entry, "--chart-format needs --chart");
	if (args->argc > 0) {
		o->sets = xreallocarray(NULL, (size_t)args->argc,
		    sizeof(*o->sets));
		for (i = 0; i < (size_t)args->argc; i++) {
			if (cmd_parse_count(args->argv[i], &n) == -1 || n < 1) {
				cmd_errorx(ctx, "track: not a result-set ID: %s",
				    args->argv[i]);
				return EXIT_BADINPUT;
			}
			o->sets[i] = n;
		}
		q->sets = o->sets;
		q->nsets = (size_t)args->argc;
	}
	return 0;
}

/* Change points the gate counts: of its kind, among the last, not acknowledged. */
static size_t
cmd_track_hits(const struct track_result *r, const struct track_acks *acks,
    int fail, long last)
{
	const struct track_series	*se;
	size_t				 i, j, hits = 0;

	for (i = 0; i < r->len; i++) {
		se = &r->series[i];
		for (j = 0; j < se->nchanges; j++) {
			if (fail == TRACK_FAIL_REGRESSION &&
			    !se->changes[j].regression)
				continue;
			if (last > 0 && se->changes[j].cp.index +
			    (size_t)last < se->len)
				continue;
			if (cmd_track_acked(acks, se, &se->changes[j]) == NULL)
				hits++;
		}
	}
	return hits;
}

static int
cmd_track_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct cmd_track_opts	 o;
	struct track_result	 r;
	struct track_acks	 acks = { NULL, 0 };
	struct outfile		*of = NULL;
	struct json_object	*root = NULL;
	struct diag		 d;
	enum track_format	 fmt = TRACK_TEXT;
	const char		*v, *out = "-";
	size_t			 hits;
	int			 rc;

	memset(&r, 0, sizeof(r));
	memset(&o, 0, sizeof(o));
	diag_clear(&d);
	if ((v = cmd_args_get(args, "format")) != NULL)
		fmt = (enum track_format)cmd_choice_index(cmd_track_format, v);
	if (fmt > TRACK_TSV)
		fmt = TRACK_MARKDOWN;
	if ((v = cmd_args_get(args, "output")) != NULL)
		out = v;
	if ((rc = cmd_track_read_options(ctx, args, &o)) != 0)
		goto out;
	rc = EXIT_BADINPUT;
	if ((v = cmd_args_get(args, "ack")) != NULL &&
	    cmd_track_acks_read(v, &acks, &d) == -1) {
		cmd_error(ctx, &d);
		goto out;
	}
	if (track_build(ctx->store, &o.q, &r, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
		goto out;
	}
	msg(ctx, MSG_VERBOSE, "%s: track: %zu values in %zu series: %.1f ms of "
	    "CPU reading them, %.1f ms finding the change points", ctx->prog,
	    r.values, r.len, 1e3 * r.cpu_read, 1e3 * r.cpu_detect);
	if (r.unordered > 0)
		msg(ctx, MSG_NORMAL, "%s: track: %zu value%s left out: %s not stated",
		    ctx->prog, r.unordered, r.unordered == 1 ? "" : "s", o.q.by);
	if ((v = cmd_args_get(args, "chart")) != NULL && canvas_dl_load(&d) == -1) {
		cmd_error(ctx, &d);
		goto out;
	}
	if (v != NULL &&
	    track_chart_write_dir(&r, v, cmd_args_has(args, "chart-format") ?
	    cmd_args_get(args, "chart-format") : "svg", &d) == -1) {
		cmd_error(ctx, &d);
		goto out;
	}
	if ((of = outfile_open(out, &d)) == NULL) {
		cmd_error(ctx, &d);
		goto out;
	}
	switch (fmt) {
	case TRACK_TEXT:
		cmd_track_text(of->fp, &r, &acks, cmd_args_has(args, "all"));
		break;
	case TRACK_TSV:
		cmd_track_tsv(of->fp, &r, &acks);
		break;
	case TRACK_MARKDOWN:
		cmd_track_markdown(of->fp, &r, &acks,
		    o.fail != -1 ? (size_t)o.last : 0);
		break;
	case TRACK_JSON:
		root = cmd_track_json(&r, &o.q, &acks);
		if (text_json_print(root, of->fp, &d) == -1) {
			cmd_error(ctx, &d);
			goto out;
		}
		break;
	}
	if (outfile_commit(of, &d) == -1) {
		of = NULL;
		cmd_error(ctx, &d);
		goto out;
	}
	of = NULL;
	rc = EXIT_OK;
	if (o.fail != -1 && (hits = cmd_track_hits(&r, &acks, o.fail,
	    o.last)) > 0) {
		msg(ctx, MSG_NORMAL, "%s: track: %zu %s point%s not acknowledged",
		    ctx->prog, hits, o.fail == TRACK_FAIL_REGRESSION ?
		    "regression" : "change", hits == 1 ? "" : "s");
		rc = EXIT_DIFFERENT;
	}
out:
	outfile_abort(of);
	json_object_put(root);
	track_result_free(&r);
	cmd_track_acks_free(&acks);
	str_list_free(&o.match);
	free(o.dup);
	free(o.sets);
	return rc;
}
