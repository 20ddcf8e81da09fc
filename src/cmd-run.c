/* SPDX-License-Identifier: ISC */
/*
 * benchreport run: measure storage with the bundled io_uring runner and
 * store the results like any import (normalised, with the detected system
 * facts laid over the derived ones), optionally exporting them too. The
 * I/O itself is in run-engine.c; this file is options, signals, progress
 * and the hand-over to the store.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cmd-resolve.h"
#include "export.h"
#include "meta.h"
#include "run-engine.h"
#include "run-precond.h"
#include "run-profile.h"
#include "run-repeat.h"
#include "run-result.h"
#include "run-steady.h"
#include "run-sweep.h"
#include "run-sysinfo.h"
#include "run-target.h"
#include "text-term.h"
#include "text-safe.h"
#include "version.h"
#include "xalloc.h"

/* The shell's status for a command ended by SIGINT. */
#define RUN_EXIT_INTERRUPTED	130

/*
 * The signals that stop a run the way Ctrl-C does (finished repeats kept,
 * the test file removed): a terminal's, a supervisor's, and a closed
 * pipe's (`run ... 2>&1 | head -1`), which would otherwise kill the
 * process with its test file left behind.
 */
static const int run_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE,
    SIGQUIT };
#define RUN_NSIGNALS	(sizeof(run_signals) / sizeof(run_signals[0]))

enum run_format {
	RUN_FORMAT_TEXT = 0,
	RUN_FORMAT_TSV,
	RUN_FORMAT_JSON
};

struct run_opts {
	struct run_settings	 s;
	const char		*profile;
	const char		*system;
	const char		*output;
	enum run_format		 format;
	bool			 print_job;
	bool			 no_store;
	bool			 repeat_auto;	/* --repeat auto: see run-repeat.h */
	double			 target_ci;
	bool			 destructive;	/* --destructive */
	dev_t			 rdev;		/* --device's number, checked */
};

struct run_progress {
	const struct cmd_ctx	*ctx;
	const char		*label;
	unsigned		 rep;
	unsigned		 nrep;
	bool			 tty;
	bool			 shown;
	double			 t0;		/* monotonic seconds at the first test */
	double			 after;		/* planned seconds after this repeat */
	bool			 after_known;	/* false while a dd repeat is untimed */
};

static int	 cmd_run_exec(struct cmd_ctx *, const struct cmd_args *);
struct run_loop;
static int	 run_tests(struct run_loop *l, struct diag *d);
static void	 run_repeat_done(struct run_loop *l, const struct run_test *t,
		    unsigned rep, size_t test);
static int	 run_opts_read(struct cmd_ctx *ctx, const struct cmd_args *args,
		    struct run_opts *o, unsigned *max_bs);
static struct result_set *run_describe(const struct run_opts *o,
		    const char *job, struct fact_list *facts, size_t *sys);
static int	 run_parse_size(const char *arg, uint64_t *out);
static int	 run_device_opts(struct cmd_ctx *ctx, const struct cmd_args *args,
		    struct run_opts *o);
static int	 run_precondition(struct run_loop *l, struct fact_list *facts,
		    struct diag *d);
static int	 run_sweep_opts(struct cmd_ctx *ctx, const struct cmd_args *args,
		    struct run_settings *s, struct run_sweep *sw, unsigned *steady_max);
static int	 run_curve_opts(const struct cmd_args *args,
		    const struct run_settings *s, const struct run_sweep *sw,
		    unsigned steady_max, unsigned *shares, size_t *n);
static int	 run_curve_tests(struct run_loop *l, struct run_settings *s,
		    struct diag *d);
static int	 run_parse_seconds(const char *arg, double *out);
static int	 run_parse_count(const char *arg, unsigned max, unsigned *out);
static void	 run_on_signal(int sig);
static void	 run_leftover(void *arg, const char *path, uint64_t size);
static void	 run_mark_partial(struct result_set *rs, size_t sys,
		    const char *why, unsigned kept, unsigned planned);
static void	 run_progress_cb(void *arg, double elapsed, double total,
		    uint64_t ios);
static void	 run_progress_end(struct run_progress *p);
static void	 run_normalize(struct result_set *rs,
		    const struct fact_list *facts);
static int	 run_store(struct cmd_ctx *ctx, const struct result_set *rs);
static int	 run_export(struct cmd_ctx *ctx, const struct result_set *rs,
		    const char *path);
static void	 run_print_tsv(const struct result_set *rs, FILE *fp);
static int	 run_print_json(const struct result_set *rs, FILE *fp);
static void	 run_print_text(const struct result_set *rs, FILE *fp);
static void	 run_num(double v, int digits, char *buf, size_t size);
static void	 run_duration(double s, char *buf, size_t size);
static double	 run_now(void);
static double	 run_plan_left(const struct run_settings *s, size_t test,
		    unsigned rep, double dd_seconds, double extra, bool *known);
static char	*run_label(const struct run_settings *s, const struct run_test *t);
static int	 run_repeat(const struct run_settings *s, const struct run_test *t,
		    const struct run_spec *spec, struct run_file *file,
		    struct run_result *res, struct run_progress *prog,
		    struct diag *d);

/* In enum run_format's order. */
CMD_CHOICES(run_format_name, "text", "tsv", "json")

static const struct cmd_option cmd_run_options[] = {
	{ "dir", 0, "PATH", "directory for the test file (created, removed after)", 0, NULL },
	{ "profile", 0, "NAME", "seed (default: seed 000's fio tests), seed-fio-1.14\n"
	    "(seed 004's), dd, quick, or one seed test:\n"
	    "randread-4k, randwrite-4k, read-2m, write-2m", 0, NULL },
	{ "size", 0, "SIZE", "test file size, e.g. 256m, 4g (profile default)", 0, NULL },
	{ "runtime", 0, "S", "measured seconds per repeat (profile default)", 0, NULL },
	{ "ramp", 0, "S", "unmeasured seconds before each repeat", 0, NULL },
	{ "repeat", 0, "N", "repeats per test (default 3): mean, SE and N; auto:\n"
	    "until the 95% CI is within --target-ci of the mean", 0, NULL },
	{ "target-ci", 0, "PCT", "with --repeat auto: the CI half-width to reach,\n"
	    "in % of the mean (default 2)", 0, NULL },
	{ "max-repeat", 0, "N", "with --repeat auto: the cap (default 30)", 0, NULL },
	{ "jobs", 0, "N", "threads per test, each with its own ring (profile\n"
	    "default: seed 32, seed-fio-1.14 1)", 0, NULL },
	{ "iodepth", 0, "N", "I/Os in flight per job (profile default: 64)", 0, NULL },
	{ "system", 0, "NAME", "name of the system in the results (default: host name)", 0, NULL },
	{ "buffered", 0, NULL, "use the page cache instead of O_DIRECT", 0, NULL },
	{ "print-fio-job", 0, NULL, "print the equivalent fio job file and exit", 0, NULL },
	{ "no-store", 0, NULL, "do not store the results", 0, NULL },
	{ "sweep", 0, "KEY=V,...", "run every test at each value of iodepth=, bs=\n"
	    "or numjobs= (e.g. iodepth=1,2,4,8,16,32,64,128)", 0, NULL },
	{ "steady-state", 0, "N", "repeat each test until steady state (SNIA: 5\n"
	    "rounds within 20 % and a fit within 10 %) or N rounds", 0, NULL },
	{ "curve", 0, "PCT,...", "a load-latency curve: the test's maximum IOPS,\n"
	    "then rounds paced at these shares of it (e.g.\n"
	    "10,50,70,90,100); a one-test profile", 0, NULL },
	{ "device", 0, "PATH", "run on this whole block device instead of a file\n"
	    "in --dir (its data is lost: needs --destructive)", 0, NULL },
	{ "destructive", 0, NULL, "allow --device to write the device: refused\n"
	    "anyway for a partition, a mounted, held or swap device", 0, NULL },
	{ "precondition", 0, NULL, "first write the target sequentially in 128 KiB\n"
	    "blocks, twice over (SNIA PTS); with --steady-state,\n"
	    "the rest of SNIA's preconditioning (no purge)", 0, NULL },
	{ "precondition-passes", 0, "N", "--precondition's passes over the target\n"
	    "(default 2)", 0, NULL },
	{ "format", 0, "FMT", "the summary on stdout: text (default), tsv or json", 0,
	    run_format_name },
	{ "output", 'o', "FILE", "also write the results to FILE (.xml: composite.xml,\n"
	    ".json: the JSON export)", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

/*
 * The store is opened (by cmd_store) only when the results are stored:
 * --print-fio-job and --no-store create no database.
 */
const struct cmd_entry cmd_run_entry = {
	.name = "run",
	.operands = "",
	.summary = "measure storage with the bundled io_uring runner",
	.options = cmd_run_options,
	.flags = CMD_OPENS_DEVICES,
	.exec = cmd_run_exec
};

static void
run_on_signal(int sig)
{
	(void)sig;
	run_engine_stop();
}

/* A leftover test file of an earlier run, named before it is removed. */
static void
run_leftover(void *arg, const char *path, uint64_t size)
{
	msg(arg, MSG_QUIET, "removing a test file an earlier run left "
	    "behind: %s (%llu MiB)", path, (unsigned long long)(size >> 20));
}

/*
 * A run that stopped short is stored as such: its title says so, and so
 * does a fact of its system, so it is never taken for a complete run.
 */
static void
run_mark_partial(struct result_set *rs, size_t sys, const char *why,
    unsigned kept, unsigned planned)
{
	char	*title, *fact;

	title = xasprintf("%s (%s)", rs->title, why);
	free(rs->title);
	rs->title = title;
	fact = xasprintf("%s after %u of %u repeats", why, kept, planned);
	fact_list_set(&rs->systems[sys].normalized, "run_incomplete", fact,
	    "detected");
	free(fact);
}

/* "4096", "256m", "4g", "1T", "64KiB": powers of 1024. */
static int
run_parse_size(const char *arg, uint64_t *out)
{
	unsigned long long	 v;
	char			*end;
	int			 shift = 0;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (errno != 0 || end == arg || *arg == '-')
		return -1;
	switch (*end) {
	case 'k': case 'K':
		shift = 10;
		break;
	case 'm': case 'M':
		shift = 20;
		break;
	case 'g': case 'G':
		shift = 30;
		break;
	case 't': case 'T':
		shift = 40;
		break;
	case '\0':
		break;
	default:
		return -1;
	}
	if (*end != '\0') {
		end++;
		if (strcasecmp(end, "") != 0 && strcasecmp(end, "b") != 0 &&
		    strcasecmp(end, "ib") != 0)
			return -1;
	}
	if (shift > 0 && v > (UINT64_MAX >> shift))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

static int
run_parse_seconds(const char *arg, double *out)
{
	char	*end;
	double	 v;

	errno = 0;
	v = strtod(arg, &end);
	if (errno != 0 || end == arg || *end != '\0' || !isfinite(v) ||
	    v < 0 || v > 86400)
		return -1;
	*out = v;
	return 0;
}

static int
run_parse_count(const char *arg, unsigned max, unsigned *out)
{
	char		*end;
	unsigned long	 v;

	errno = 0;
	v = strtoul(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || *arg == '-' || v == 0 ||
	    v > max)
		return -1;
	*out = (unsigned)v;
	return 0;
}

static char *
run_label(const struct run_settings *s, const struct run_test *t)
{
	struct run_spec	 spec;
	char		*bs, *label;

	run_profile_spec(s, t, &spec);
	bs = run_profile_bs_name(spec.bs);
	if (t->dd)
		label = xasprintf("dd write %s x %llu", bs,
		    (unsigned long long)(spec.total / spec.bs));
	else
		label = xasprintf("%s %s", run_engine_rw_title(t->rw), bs);
	free(bs);
	return label;
}

static double
run_now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "42 s", "3:05", "1:02:03": as a person reads a remaining time. */
static void
run_duration(double s, char *buf, size_t size)
{
	long	t = s > 0 ? lround(s) : 0;

	if (t < 60)
		snprintf(buf, size, "%ld s", t);
	else if (t < 3600)
		snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
	else
		snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60,
		    t % 60);
}

/*
 * The planned seconds of every repeat after repeat rep of test number
 * test: ramp plus runtime for fio-style tests, plus extra (what setting up
 * and ending a repeat has taken so far, on average); a dd repeat has no
 * fixed time, so it counts as long as the last one took (dd_seconds), and
 * *known is false while none has.
 */
static double
run_plan_left(const struct run_settings *s, size_t test, unsigned rep,
    double dd_seconds, double extra, bool *known)
{
	const struct run_test	*t;
	double			 left = 0;
	unsigned		 n;
	size_t			 i;

	*known = true;
	for (i = test; i < s->profile->ntests; i++) {
		t = &s->profile->tests[i];
		n = i == test ? s->repeat - rep : s->repeat;
		if (n == 0)
			continue;
		if (t->dd && dd_seconds <= 0)
			*known = false;
		left += n * (t->dd ? dd_seconds : s->ramp + s->runtime + extra);
	}
	return left;
}

static void
run_progress_cb(void *arg, double elapsed, double total, uint64_t ios)
{
	struct run_progress	*p = arg;
	char			 run[32], left[32];
	double			 shown;

	if (!p->tty || p->ctx->verbosity < MSG_NORMAL)
		return;
	run_duration(run_now() - p->t0, run, sizeof(run));
	/*
	 * The repeat's clock stops at its plan: the last I/Os in flight and
	 * the threads' ending take a moment more, which is not measured.
	 */
	shown = total > 0 && elapsed > total ? total : elapsed;
	if (p->after_known)
		run_duration((total > 0 ? total - shown : 0) + p->after, left,
		    sizeof(left));
	else
		snprintf(left, sizeof(left), "unknown");
	/* One line redrawn in place; only on a terminal. */
	if (total > 0)
		fprintf(stderr, "\r\033[K%s  repeat %u/%u  %.1f/%.1f s  "
		    "%.0f IOPS  |  run %s, %s left", p->label, p->rep, p->nrep,
		    floor(shown * 10) / 10, total, elapsed > 0 ?
		    (double)ios / elapsed : 0.0, run, left);
	else
		fprintf(stderr, "\r\033[K%s  repeat %u/%u  %.0f s  %llu blocks  "
		    "|  run %s, %s left", p->label, p->rep, p->nrep, elapsed,
		    (unsigned long long)ios, run, left);
	p->shown = true;
}

static void
run_progress_end(struct run_progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = false;
}

/*
 * One repeat of test t: 0 with res filled, 1 when stopped, -1 with d.
 * dd writes a new file each time, as the command it mirrors does.
 */
static int
run_repeat(const struct run_settings *s, const struct run_test *t,
    const struct run_spec *spec, struct run_file *file, struct run_result *res,
    struct run_progress *prog, struct diag *d)
{
	int	r;

	if (t->dd && (r = run_file_create(file, s->dir, spec->total, false,
	    false, d)) != 0)
		return r;
	r = run_engine_run(spec, file, res, run_progress_cb, prog, d);
	run_progress_end(prog);
	if (t->dd)
		run_file_remove(file);
	return r;
}

/* Normalise as any import does, then lay the detected facts over. */
static void
run_normalize(struct result_set *rs, const struct fact_list *facts)
{
	const struct fact	*f;
	size_t			 i;

	meta_normalize_result_set(rs);
	for (i = 0; i < facts->len; i++) {
		f = &facts->items[i];
		if (run_sysinfo_fact_is_soft(f->key) &&
		    fact_list_get(&rs->systems[0].normalized, f->key) != NULL)
			continue;
		fact_list_set(&rs->systems[0].normalized, f->key, f->value,
		    f->source);
	}
}

/* The import path's store step: one transaction, like `import`. */
static int
run_store(struct cmd_ctx *ctx, const struct result_set *rs)
{
	struct diag	 d;
	int64_t		 id;
	bool		 already;
	int		 rc;

	if ((rc = cmd_store(ctx)) != EXIT_OK)
		return rc;
	diag_clear(&d);
	if (store_import_result_set(ctx->store, rs, &id, &already, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
	} else
		msg(ctx, MSG_NORMAL, "stored as result set %lld",
		    (long long)id);
	return rc;
}

static int
run_export(struct cmd_ctx *ctx, const struct result_set *rs, const char *path)
{
	const struct writer	*w;
	const char		*dot = strrchr(path, '.'), *name;
	struct diag		 d;

	name = dot != NULL && strcasecmp(dot, ".json") == 0 ? "json" : "pts-xml";
	if ((w = export_find(name)) == NULL) {
		cmd_errorx(ctx, "%s: this build has no %s writer", path, name);
		return EXIT_BADINPUT;
	}
	diag_clear(&d);
	if (export_write_file(w, rs, path, &d) == -1) {
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	msg(ctx, MSG_VERBOSE, "wrote %s", path);
	return EXIT_OK;
}

/*
 * v with `digits` significant digits and never an exponent: "80097",
 * "312.9", "3.44", "0.00123". Large values keep all their integer digits.
 */
static void
run_num(double v, int digits, char *buf, size_t size)
{
	int	dec;

	if (!isfinite(v)) {
		snprintf(buf, size, "%s", isnan(v) ? "nan" : v > 0 ? "inf" :
		    "-inf");
		return;
	}
	dec = v == 0 ? 0 : digits - 1 - (int)floor(log10(fabs(v)));
	if (dec < 0)
		dec = 0;
	if (dec > 12)
		dec = 12;
	snprintf(buf, size, "%.*f", dec, v);
}

/* For scripts: one line per result, tab-separated, 6 significant digits. */
static void
run_print_tsv(const struct result_set *rs, FILE *fp)
{
	const struct test	*t;
	const struct value	*v;
	char			 mean[64], se[64];
	size_t			 i;

	fputs("test\tunit\tmean\tse\tn\n", fp);
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		if (t->nvalues == 0 || !(v = &t->values[0])->has_mean)
			continue;
		run_num(v->mean, 6, mean, sizeof(mean));
		if (v->has_se)
			run_num(v->se, 6, se, sizeof(se));
		else
			se[0] = '\0';	/* N = 1: no SE */
		text_safe_fputs(t->description, fp);
		fprintf(fp, "\t%s\t%s\t%s\t%ld\n", t->unit, mean, se, v->n);
	}
}

/* For scripts: {"results": [{title, description, unit, mean, se, n, better}]}. */
static int
run_print_json(const struct result_set *rs, FILE *fp)
{
	json_object		*root, *arr, *o;
	const struct test	*t;
	const struct value	*v;
	char			 buf[64];
	size_t			 i;
	int			 rc;

	root = json_object_new_object();
	arr = json_object_new_array();
	json_object_object_add(root, "results", arr);
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		if (t->nvalues == 0 || !(v = &t->values[0])->has_mean)
			continue;
		o = json_object_new_object();
		json_object_object_add(o, "title", json_object_new_string(
		    t->title != NULL ? t->title : ""));
		json_object_object_add(o, "description", json_object_new_string(
		    t->description != NULL ? t->description : ""));
		json_object_object_add(o, "unit", json_object_new_string(
		    t->unit != NULL ? t->unit : ""));
		run_num(v->mean, 6, buf, sizeof(buf));
		json_object_object_add(o, "mean",
		    json_object_new_double_s(v->mean, buf));
		if (v->has_se && isfinite(v->se)) {
			run_num(v->se, 6, buf, sizeof(buf));
			json_object_object_add(o, "se",
			    json_object_new_double_s(v->se, buf));
		}
		json_object_object_add(o, "n", json_object_new_int64(v->n));
		json_object_object_add(o, "better", json_object_new_string(
		    t->proportion == PROP_LIB ? "fewer" : "more"));
		json_object_array_add(arr, o);
	}
	rc = fprintf(fp, "%s\n", json_object_to_json_string_ext(root,
	    JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
	    JSON_C_TO_STRING_NOSLASHESCAPE)) < 0 ? -1 : 0;
	json_object_put(root);
	return rc;
}

/*
 * For people, as `show` prints a set: each test's name once, then its
 * results, one line each with value +/- SE, N, unit and which way is
 * better. The extra results (latency, CPU) are named by what they add to
 * the test's description.
 */
static void
run_print_text(const struct result_set *rs, FILE *fp)
{
	const struct test	*t;
	const struct value	*v;
	const char		*base = NULL, *what;
	char			 mean[64], se[64], *label;
	bool			 utf8 = text_term_utf8();
	size_t			 i, nb = 0;

	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		if (t->nvalues == 0 || !(v = &t->values[0])->has_mean)
			continue;
		if (base != NULL && strcmp(t->description, base) == 0)
			what = NULL;	/* MB/s and IOPS share the name */
		else if (base != NULL && strncmp(t->description, base, nb) == 0 &&
		    strncmp(t->description + nb, " - ", 3) == 0)
			what = t->description + nb + 3;
		else {
			base = t->description;
			nb = strlen(base);
			what = NULL;
			fputc('\n', fp);
			text_safe_fputs(t->title, fp);
			fputs(": ", fp);
			text_safe_fputs(t->description, fp);
			fputc('\n', fp);
		}
		run_num(v->mean, 4, mean, sizeof(mean));
		if (v->has_se)
			run_num(v->se, 3, se, sizeof(se));
		label = what != NULL ? xasprintf("%s (%s)", what, t->unit) :
		    xstrdup(t->unit);
		fputs("  ", fp);
		text_term_cell(fp, label, 46, false);
		/* N = 1 has no SE: blanks, never a "+/- 0". */
		fprintf(fp, "%12s %s %-9s N = %-3ld %s\n", mean,
		    v->has_se ? (utf8 ? "\xc2\xb1" : "+/-") : (utf8 ? " " : "   "),
		    v->has_se ? se : "", v->n,
		    t->proportion == PROP_LIB ? (utf8 ? "\xe2\x86\x93 fewer is "
		    "better" : "v fewer is better") : (utf8 ? "\xe2\x86\x91 more "
		    "is better" : "^ more is better"));
		free(label);
	}
}

/*
 * The options into o, with the profile's defaults where none was given;
 * an exit status, EXIT_OK when the run can start.
 */
static int
run_opts_read(struct cmd_ctx *ctx, const struct cmd_args *args,
    struct run_opts *o, unsigned *max_bs)
{
	struct run_settings	*s = &o->s;
	const char		*v;
	size_t			 i;
	int			 rc;

	memset(o, 0, sizeof(*o));
	o->profile = "seed";
	s->repeat = 3;
	s->direct = !cmd_args_has(args, "buffered");
	s->dir = cmd_args_get(args, "dir");
	o->no_store = cmd_args_has(args, "no-store");
	o->output = cmd_args_get(args, "output");
	o->print_job = cmd_args_has(args, "print-fio-job");
	o->system = cmd_args_get(args, "system");
	if (cmd_args_has(args, "profile"))
		o->profile = cmd_args_get(args, "profile");
	if (cmd_args_has(args, "format"))
		o->format = (enum run_format)cmd_choice_index(run_format_name,
		    cmd_args_get(args, "format"));
	if ((v = cmd_args_get(args, "repeat")) != NULL && strcmp(v, "auto") == 0) {
		o->repeat_auto = true;
		s->repeat = RUN_REPEAT_MAX;
	} else if (v != NULL && run_parse_count(v, 1000, &s->repeat) == -1)
		return cmd_usage(&cmd_run_entry, "--repeat: auto or a number "
		    "from 1 to 1000");
	o->target_ci = RUN_REPEAT_TARGET;
	if ((v = cmd_args_get(args, "target-ci")) != NULL &&
	    run_repeat_parse_pct(v, &o->target_ci) == -1)
		return cmd_usage(&cmd_run_entry, "--target-ci: a percentage "
		    "above 0, at most 100");
	if ((v = cmd_args_get(args, "max-repeat")) != NULL &&
	    run_parse_count(v, 1000, &s->repeat) == -1)
		return cmd_usage(&cmd_run_entry, "--max-repeat: a number from 1 "
		    "to 1000");
	if (!o->repeat_auto && (cmd_args_has(args, "target-ci") ||
	    cmd_args_has(args, "max-repeat")))
		return cmd_usage(&cmd_run_entry, "--target-ci and --max-repeat "
		    "need --repeat auto");
	if (o->repeat_auto && s->repeat < RUN_REPEAT_MIN)
		return cmd_usage(&cmd_run_entry, "--max-repeat: at least 3");
	if ((s->profile = run_profile_find(o->profile)) == NULL)
		return cmd_usage(&cmd_run_entry, "--profile: one of seed, "
		    "seed-fio-1.14, dd, quick, randread-4k, randwrite-4k, read-2m, "
		    "write-2m");
	s->jobs = s->profile->jobs;
	if ((v = cmd_args_get(args, "jobs")) != NULL &&
	    run_parse_count(v, 256, &s->jobs) == -1)
		return cmd_usage(&cmd_run_entry, "--jobs: a number from 1 to 256");
	s->iodepth = s->profile->iodepth;
	if ((v = cmd_args_get(args, "iodepth")) != NULL &&
	    run_parse_count(v, 4096, &s->iodepth) == -1)
		return cmd_usage(&cmd_run_entry, "--iodepth: a number from 1 to 4096");
	s->ramp = s->profile->ramp;
	if ((v = cmd_args_get(args, "ramp")) != NULL &&
	    run_parse_seconds(v, &s->ramp) == -1)
		return cmd_usage(&cmd_run_entry, "--ramp: seconds, 0 to 86400");
	s->runtime = s->profile->runtime;
	if ((v = cmd_args_get(args, "runtime")) != NULL &&
	    (run_parse_seconds(v, &s->runtime) == -1 || s->runtime <= 0))
		return cmd_usage(&cmd_run_entry, "--runtime: seconds, more than 0");
	s->size = s->profile->size;
	if ((v = cmd_args_get(args, "size")) != NULL &&
	    (run_parse_size(v, &s->size) == -1 || s->size == 0))
		return cmd_usage(&cmd_run_entry,
		    "--size: bytes with an optional k, m, g or t");
	if ((rc = run_device_opts(ctx, args, o)) != EXIT_OK)
		return rc;
	if (s->dir == NULL && !o->print_job)
		return cmd_usage(&cmd_run_entry, "--dir or --device is required");
	if (s->dir == NULL)
		s->dir = ".";
	*max_bs = 0;
	for (i = 0; i < s->profile->ntests; i++)
		if (!s->profile->tests[i].dd && s->profile->tests[i].bs > *max_bs)
			*max_bs = s->profile->tests[i].bs;
	/* Whole blocks of the largest size, and whole 4 KiB for O_DIRECT. */
	if (*max_bs > 0) {
		if (s->size < *max_bs)
			return cmd_usage(&cmd_run_entry, "--size: at least the "
			    "largest block size of the profile (2m)");
		s->size -= s->size % *max_bs;
	} else {
		if (s->size < 4096)
			return cmd_usage(&cmd_run_entry, "--size: at least 4k");
		s->size -= s->size % 4096;
	}
	/* dd has one job with one buffer; the fio-style tests have the rest. */
	if (*max_bs > 0 && (uint64_t)s->jobs * s->iodepth * *max_bs >
	    run_engine_buffer_limit()) {
		cmd_errorx(ctx, "--jobs x --iodepth x block size needs more than "
		    "the %llu MiB of I/O buffers a run may use (4 GiB, or half "
		    "the memory): lower --iodepth or --jobs (the test names do "
		    "not include the queue depth)",
		    (unsigned long long)(run_engine_buffer_limit() >> 20));
		return EXIT_BADINPUT;
	}
	return EXIT_OK;
}

/*
 * --device, --destructive, --precondition and --precondition-passes. A
 * device is checked here, before anything is opened for writing: it must
 * be a block device, whole, with a capacity, writable, with nothing of it
 * mounted, held or used as swap (run-target.c), and --destructive must be
 * given; every reason found is said at once. A file in --dir may be
 * preconditioned without --destructive: only the runner's own file is
 * written.
 */
static int
run_device_opts(struct cmd_ctx *ctx, const struct cmd_args *args,
    struct run_opts *o)
{
	struct run_settings		*s = &o->s;
	struct run_target_verdict	 v;
	struct stat			 st;
	const char			*arg, *kind;
	char				*why, *t;
	size_t				 i;
	int				 rc = EXIT_OK;

	o->destructive = cmd_args_has(args, "destructive");
	s->device = cmd_args_get(args, "device");
	if ((arg = cmd_args_get(args, "precondition-passes")) != NULL) {
		if (run_parse_count(arg, RUN_PRECOND_MAX_PASSES,
		    &s->precondition) == -1)
			return cmd_usage(&cmd_run_entry, "--precondition-passes: "
			    "a number from 1 to 100");
	} else if (cmd_args_has(args, "precondition"))
		s->precondition = RUN_PRECOND_PASSES;
	for (i = 0; i < s->profile->ntests; i++)
		if (s->profile->tests[i].dd && (s->device != NULL ||
		    s->precondition > 0))
			return cmd_usage(&cmd_run_entry, "--device and "
			    "--precondition need a profile of fio tests (dd writes "
			    "a new file per repeat)");
	if (s->device == NULL) {
		if (o->destructive)
			return cmd_usage(&cmd_run_entry, "--destructive goes "
			    "with --device (a run in --dir writes only its own "
			    "test file)");
		return EXIT_OK;
	}
	if (s->dir != NULL)
		return cmd_usage(&cmd_run_entry, "can't combine --dir and "
		    "--device");
	s->dir = s->device;
	if (o->print_job)
		return EXIT_OK;		/* nothing is opened */
	if (stat(s->device, &st) == -1) {
		cmd_errorx(ctx, "%s: %s", s->device, strerror(errno));
		return EXIT_BADINPUT;
	}
	if (!S_ISBLK(st.st_mode)) {
		kind = S_ISREG(st.st_mode) ? "a regular file" :
		    S_ISDIR(st.st_mode) ? "a directory" : S_ISCHR(st.st_mode) ?
		    "a character device" : "not a device";
		cmd_errorx(ctx, "%s: refusing to write it: not a block device "
		    "(%s); --device takes a whole block device such as "
		    "/dev/nvme0n1, --dir a directory for a test file", s->device,
		    kind);
		return EXIT_BADINPUT;
	}
	(void)run_target_check(&run_target_system, s->device,
	    major(st.st_rdev), minor(st.st_rdev), &v);
	why = v.text != NULL ? xstrdup(v.text) : NULL;
	if (!o->destructive) {
		t = xasprintf("%s%s--destructive was not given (the run writes "
		    "the device: its data is lost)", why != NULL ? why : "",
		    why != NULL ? "; " : "");
		free(why);
		why = t;
	}
	if (why != NULL) {
		cmd_errorx(ctx, "%s: refusing to write this device: %s",
		    s->device, why);
		rc = EXIT_BADINPUT;
	} else {
		o->rdev = st.st_rdev;
		/* The whole device, or its first --size bytes. */
		if (!cmd_args_has(args, "size") || s->size > v.bytes)
			s->size = v.bytes;
	}
	free(why);
	run_target_verdict_free(&v);
	return rc;
}

/* The result set and its one system, described before any I/O. */
static struct result_set *
run_describe(const struct run_opts *o, const char *job, struct fact_list *facts,
    size_t *sys)
{
	const struct run_settings	*s = &o->s;
	struct result_set		*rs;
	char				 host[256], stamp[32];
	time_t				 now;

	rs = result_set_new();
	if (gethostname(host, sizeof(host)) == -1)
		snprintf(host, sizeof(host), "localhost");
	host[sizeof(host) - 1] = '\0';
	*sys = result_set_add_system(rs, o->system != NULL ? o->system : host);
	run_sysinfo_describe(&rs->systems[*sys], facts, s->dir);
	now = time(NULL);
	strftime(stamp, sizeof(stamp), "%Y-%m-%d %H:%M:%S", gmtime(&now));
	kv_list_set(&rs->systems[*sys].meta, "TimeStamp", stamp);
	kv_list_set(&rs->systems[*sys].meta, "TestClientVersion",
	    "benchreport " BENCHREPORT_VERSION);
	rs->title = xasprintf("benchreport run: %s profile", s->profile->name);
	if (o->repeat_auto)
		rs->description = xasprintf("Measured by benchreport's io_uring "
		    "runner in %s: repeats per test until the 95%% CI half-width "
		    "of the MB/s is within %g%% of the mean (at least %d, at "
		    "most %u), %s.", s->dir, o->target_ci, RUN_REPEAT_MIN,
		    s->repeat, s->direct ? "O_DIRECT" : "buffered");
	else
		rs->description = xasprintf("Measured by benchreport's io_uring "
		    "runner in %s: %u repeat%s per test, %s.", s->dir, s->repeat,
		    s->repeat == 1 ? "" : "s", s->direct ? "O_DIRECT" : "buffered");
	if (s->device != NULL || s->precondition > 0) {
		char	*t = xasprintf("%s%s%s", rs->description, s->device != NULL ?
		    " The target is the whole block device, not a file." : "",
		    s->precondition > 0 ? " Preconditioned first: sequential "
		    "128 KiB writes over the whole target (SNIA PTS), see the "
		    "precondition facts." : "");

		free(rs->description);
		rs->description = t;
	}
	rs->generator = xstrdup("benchreport " BENCHREPORT_VERSION);
	rs->format = xstrdup("benchreport-run");
	rs->last_modified = xstrdup(stamp);
	rs->notes = xasprintf("Equivalent fio job file:\n%s", job);
	return rs;
}

/* What the measuring loop keeps across tests and repeats. */
struct run_loop {
	struct cmd_ctx		*ctx;
	const struct run_settings *s;
	struct result_set	*rs;
	size_t			 sys;
	struct run_file		*file;
	struct run_result	*res;
	struct run_progress	*prog;
	unsigned		 kept;		/* repeats finished */
	unsigned		 ntests_kept;	/* tests with a finished repeat */
	bool			 warned_buffers;
	double			 dd_seconds;	/* the last dd repeat's time */
	double			 extra;		/* set-up beyond a repeat's plan, mean */
	double			 extra_sum;
	unsigned		 nextra;
	struct run_repeat	*autorep;	/* --repeat auto, else NULL */
	unsigned		 steady_max;	/* --steady-state N, 0 without */
	const unsigned		*curve;		/* --curve shares in %, or NULL */
	size_t			 ncurve;
};

/* One finished repeat on stderr: its IOPS and MB/s, and the time left. */
static void
run_repeat_done(struct run_loop *l, const struct run_test *t, unsigned rep,
    size_t test)
{
	const struct run_result	*res = l->res;
	char			 left[32], n1[32], n2[32];
	double			 mbs;
	bool			 known, more;

	/* MB/s as the result records it: MiB for fio's tests. */
	if (run_result_metric(res, t->dd ? RUN_M_MBS : RUN_M_MIBS, &mbs) == -1)
		mbs = 0;
	run_num(res->iops, 4, n1, sizeof(n1));
	run_num(mbs, 4, n2, sizeof(n2));
	run_duration(run_plan_left(l->s, test, rep, l->dd_seconds, l->extra,
	    &known), left, sizeof(left));
	more = strcmp(left, "0 s") != 0;
	if (l->ctx->verbosity >= MSG_NORMAL)
		fprintf(stderr, "%s: repeat %u/%u: %s IOPS, %s MB/s%s%s%s\n",
		    l->prog->label, rep, l->s->repeat, n1, n2, more ? "; " : "",
		    more ? (known ? left : "unknown time") : "", more ? " left" : "");
	if (!res->fixed_buffers && !l->warned_buffers) {
		/* Unprivileged pinning counts against RLIMIT_MEMLOCK. */
		msg(l->ctx, MSG_NORMAL, "note: the I/O buffers could not be "
		    "registered (RLIMIT_MEMLOCK, see ulimit -l); plain buffers "
		    "were used, which costs more CPU per I/O");
		l->warned_buffers = true;
	}
}

/*
 * Every repeat of every test of the profile into l->rs. Returns 0, 1 when
 * interrupted (what finished is kept), -1 with d set on an I/O error.
 */
static int
run_tests(struct run_loop *l, struct diag *d)
{
	const struct run_settings	*s = l->s;
	const struct run_test		*t;
	struct run_spec			 spec;
	char				*label = NULL;
	double				 rep_t0, took;
	unsigned			 rep;
	size_t				 i;
	bool				 test_kept;
	int				 r = 0;

	l->prog->t0 = run_now();
	for (i = 0; i < s->profile->ntests && r == 0; i++) {
		t = &s->profile->tests[i];
		free(label);
		label = run_label(s, t);
		l->prog->label = label;
		run_profile_spec(s, t, &spec);
		test_kept = false;
		for (rep = 1; rep <= s->repeat; rep++) {
			l->prog->rep = rep;
			l->prog->after = run_plan_left(s, i, rep, l->dd_seconds,
			    l->extra, &l->prog->after_known);
			/* This dd repeat's own time is not known yet either. */
			if (t->dd && l->dd_seconds <= 0)
				l->prog->after_known = false;
			rep_t0 = run_now();
			if ((r = run_repeat(s, t, &spec, l->file, l->res, l->prog,
			    d)) != 0)
				break;
			took = run_now() - rep_t0;
			if (t->dd)
				l->dd_seconds = took;
			else if (took > s->ramp + s->runtime) {
				/* Buffers, rings and threads: 32 jobs take a while. */
				l->extra_sum += took - s->ramp - s->runtime;
				l->extra = l->extra_sum / ++l->nextra;
			}
			run_result_add(l->rs, l->sys, s, t, l->res);
			l->kept++;
			test_kept = true;
			run_repeat_done(l, t, rep, i);
			if (l->steady_max > 0 && run_steady_round(l->rs, l->sys,
			    s, t, rep, l->steady_max))
				break;
			if (l->autorep != NULL && run_result_metric(l->res, t->dd ?
			    RUN_M_MBS : RUN_M_MIBS, &took) == 0 &&
			    run_repeat_add(l->autorep, took))
				break;
		}
		if (test_kept)
			l->ntests_kept++;
		if (l->autorep != NULL && test_kept) {
			if (r == 1)
				l->autorep->stop = RUN_REPEAT_INTERRUPTED;
			run_repeat_record(l->autorep, l->rs, label);
			msg(l->ctx, MSG_NORMAL, "%s: %s", label,
			    l->rs->extra.items[l->rs->extra.len - 1].value);
			run_repeat_reset(l->autorep);
		}
	}
	free(label);
	return r;
}

/*
 * --precondition: the target written sequentially, passes times over, in
 * 128 KiB blocks (run-precond.c); what was done becomes facts of the
 * set. 0, 1 when interrupted, -1 with d.
 */
static int
run_precondition(struct run_loop *l, struct fact_list *facts, struct diag *d)
{
	const struct run_settings	*s = l->s;
	struct run_precond		 p;
	char				*label;
	int				 r;

	label = xasprintf("precondition: %u x %llu MiB of sequential 128 KiB "
	    "writes", s->precondition,
	    (unsigned long long)(l->file->size >> 20));
	msg(l->ctx, MSG_NORMAL, "%s", label);
	l->prog->label = label;
	l->prog->rep = l->prog->nrep = 1;
	l->prog->after_known = false;
	l->prog->t0 = run_now();
	r = run_precond_run(l->file, s->precondition, s->direct,
	    run_progress_cb, l->prog, &p, d);
	run_progress_end(l->prog);
	l->prog->label = NULL;
	l->prog->nrep = s->repeat;
	free(label);
	if (r != 0)
		return r;
	run_precond_facts(&p, facts);
	msg(l->ctx, MSG_NORMAL, "preconditioned: %llu MiB in %.2f s",
	    (unsigned long long)(p.bytes >> 20), p.seconds);
	return 0;
}

/*
 * The target ready for the tests: the block device opened (--device), or
 * the test file made (filled unless it is to be preconditioned), then
 * the preconditioning asked for. 0, 1 when interrupted, or -1 with d.
 */
static int
run_target_ready(struct run_loop *l, const struct run_opts *o,
    unsigned max_bs, struct fact_list *facts, struct diag *d)
{
	const struct run_settings	*s = &o->s;
	int				 r = 0;

	if (s->device != NULL) {
		if (run_file_device(l->file, s->device, o->rdev, s->size,
		    max_bs, d) == -1)
			return -1;
		msg(l->ctx, MSG_NORMAL, "using the block device %s: %llu MiB",
		    s->device, (unsigned long long)(l->file->size >> 20));
	} else if (max_bs > 0) {
		/* Preconditioning writes the file whole: no fill first. */
		msg(l->ctx, MSG_NORMAL, "%s a %llu MiB test file in %s",
		    s->precondition > 0 ? "creating" : "writing",
		    (unsigned long long)(s->size >> 20), s->dir);
		if ((r = run_file_create(l->file, s->dir, s->size, s->direct,
		    s->precondition == 0, d)) == -1)
			return -1;
	}
	if (r == 0 && s->precondition > 0)
		r = run_precondition(l, facts, d);
	return r;
}

/* The summary in the format asked, then the export and the store. */
static int
run_outputs(struct cmd_ctx *ctx, const struct run_opts *o,
    struct result_set *rs)
{
	int	 r, rc = EXIT_OK;

	switch (o->format) {
	case RUN_FORMAT_TSV:
		run_print_tsv(rs, stdout);
		break;
	case RUN_FORMAT_JSON:
		if (run_print_json(rs, stdout) == -1)
			rc = EXIT_BADINPUT;
		break;
	default:
		run_print_text(rs, stdout);
		break;
	}
	if (o->output != NULL && (r = run_export(ctx, rs, o->output)) != EXIT_OK)
		rc = r;
	if (!o->no_store && (r = run_store(ctx, rs)) != EXIT_OK)
		rc = r;
	return rc;
}

static int
cmd_run_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct run_opts		 o;
	struct run_settings	*s = &o.s;
	struct result_set	*rs = NULL;
	struct fact_list	 facts = { NULL, 0, 0 };
	struct run_file		 file = { NULL, 0, 0, 0, false, 0, -1 };
	struct run_result	*res = NULL;
	struct run_progress	 prog;
	struct run_loop		 l;
	struct run_repeat	 autorep;
	struct run_sweep	 sweep;
	struct sigaction	 sa, old_sa[RUN_NSIGNALS];
	struct diag		 d;
	char			*job = NULL;
	const char		*why = NULL;	/* a run that stopped short */
	unsigned		 max_bs = 0, steady_max = 0, shares[32];
	size_t			 nshares = 0;
	size_t			 sys, k;
	bool			 interrupted = false, signals = false;
	bool			 failed = false;
	int			 r, rc;

	memset(&sweep, 0, sizeof(sweep));
	if ((rc = run_opts_read(ctx, args, &o, &max_bs)) != EXIT_OK)
		return rc;
	if ((rc = run_sweep_opts(ctx, args, s, &sweep, &steady_max)) != EXIT_OK)
		return rc;
	if ((rc = run_curve_opts(args, s, &sweep, steady_max, shares,
	    &nshares)) != EXIT_OK) {
		run_sweep_free(&sweep);
		return rc;
	}
	run_repeat_init(&autorep, o.target_ci, s->repeat);
	job = run_profile_fio_job(s);
	if (o.print_job) {
		fputs(job, stdout);
		goto out;
	}
	rs = run_describe(&o, job, &facts, &sys);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = run_on_signal;
	sigemptyset(&sa.sa_mask);
	for (k = 0; k < RUN_NSIGNALS; k++)
		sigaction(run_signals[k], &sa, &old_sa[k]);
	signals = true;
	if (s->device == NULL)
		(void)run_file_sweep(s->dir, run_leftover, ctx);

	memset(&prog, 0, sizeof(prog));
	prog.ctx = ctx;
	prog.tty = isatty(STDERR_FILENO);
	prog.nrep = s->repeat;
	res = xmalloc(sizeof(*res));
	memset(&l, 0, sizeof(l));
	l.ctx = ctx;
	l.s = s;
	l.rs = rs;
	l.sys = sys;
	l.file = &file;
	l.res = res;
	l.prog = &prog;
	l.autorep = o.repeat_auto ? &autorep : NULL;
	l.steady_max = steady_max;
	l.curve = nshares > 0 ? shares : NULL;
	l.ncurve = nshares;
	diag_clear(&d);
	if ((r = run_target_ready(&l, &o, max_bs, &facts, &d)) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	interrupted = r == 1;
	if (l.ncurve > 0)
		r = interrupted ? 1 : run_curve_tests(&l, s, &d);
	else
		for (k = 0, r = interrupted; r == 0 &&
		    k < run_sweep_count(&sweep); k++) {
			run_sweep_apply(&sweep, k, s);
			r = run_tests(&l, &d);
		}
	if (r == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		run_file_remove(&file);
		if (l.kept == 0)
			goto out;
		/* What finished before the error stands, as after Ctrl-C. */
		failed = true;
		msg(ctx, MSG_QUIET, "stopped by that error: keeping %u finished "
		    "repeat%s of %u test%s; the test file was removed", l.kept,
		    l.kept == 1 ? "" : "s", l.ntests_kept,
		    l.ntests_kept == 1 ? "" : "s");
		why = "stopped by an error";
	}
	interrupted = !failed && (interrupted || r == 1);
	run_file_remove(&file);
	if (interrupted) {
		if (l.kept == 0) {
			msg(ctx, MSG_QUIET, "interrupted: no repeat had "
			    "finished, nothing kept; the test file was removed");
			rc = RUN_EXIT_INTERRUPTED;
			goto out;
		}
		msg(ctx, MSG_QUIET, "interrupted: keeping %u finished repeat%s "
		    "of %u test%s; the test file was removed", l.kept,
		    l.kept == 1 ? "" : "s", l.ntests_kept,
		    l.ntests_kept == 1 ? "" : "s");
		why = "interrupted";
	}
	run_result_finish(rs);
	run_normalize(rs, &facts);
	if (why != NULL)
		run_mark_partial(rs, sys, why, l.kept,
		    s->repeat * (unsigned)s->profile->ntests);
	if ((r = run_outputs(ctx, &o, rs)) != EXIT_OK)
		rc = r;
	if (interrupted && rc == EXIT_OK)
		rc = RUN_EXIT_INTERRUPTED;
out:
	run_file_remove(&file);
	/*
	 * A closed pipe stays ignored: what is left in stdout's buffer is
	 * written at exit, and that write must fail, not kill the process.
	 */
	for (k = 0; signals && k < RUN_NSIGNALS; k++) {
		if (run_signals[k] == SIGPIPE)
			signal(SIGPIPE, SIG_IGN);
		else
			sigaction(run_signals[k], &old_sa[k], NULL);
	}
	free(res);
	free(job);
	run_repeat_free(&autorep);
	run_sweep_free(&sweep);
	fact_list_free(&facts);
	result_set_free(rs);
	return rc;
}

/*
 * --sweep and --steady-state N (src/run-sweep.c, src/run-steady.c):
 * --steady-state makes N the number of repeats, at most, of each test.
 */
static int
run_sweep_opts(struct cmd_ctx *ctx, const struct cmd_args *args,
    struct run_settings *s, struct run_sweep *sw, unsigned *steady_max)
{
	struct diag	 d;
	const char	*v;

	*steady_max = 0;
	diag_clear(&d);
	if ((v = cmd_args_get(args, "sweep")) != NULL &&
	    run_sweep_parse(v, s, run_engine_buffer_limit(), sw, &d) == -1)
		return cmd_usage(&cmd_run_entry, d.msg);
	if ((v = cmd_args_get(args, "steady-state")) != NULL) {
		if (cmd_args_has(args, "repeat"))
			return cmd_usage(&cmd_run_entry, "can't combine "
			    "--steady-state and --repeat");
		if (run_parse_count(v, 1000, steady_max) == -1 ||
		    *steady_max < RUN_STEADY_MIN)
			return cmd_usage(&cmd_run_entry, "--steady-state takes "
			    "5 to 1000 rounds");
		s->repeat = *steady_max;
	}
	return EXIT_OK;
}

/*
 * --curve 10,50,...: shares of the maximum, 1 to 100 %, at most 32, for
 * a profile of one fio-style test; not with --sweep or --steady-state.
 */
static int
run_curve_opts(const struct cmd_args *args, const struct run_settings *s,
    const struct run_sweep *sw, unsigned steady_max, unsigned *shares,
    size_t *n)
{
	const char	*v;
	char		*list, *p, *tok, *save = NULL;
	int		 rc = EXIT_OK;

	*n = 0;
	if ((v = cmd_args_get(args, "curve")) == NULL)
		return EXIT_OK;
	if (sw->key != RUN_SWEEP_NONE || steady_max > 0)
		return cmd_usage(&cmd_run_entry, "can't combine --curve with "
		    "--sweep or --steady-state");
	if (s->profile->ntests != 1 || s->profile->tests[0].dd)
		return cmd_usage(&cmd_run_entry, "--curve needs a profile of one "
		    "fio test (randread-4k, randwrite-4k, read-2m, write-2m)");
	list = xstrdup(v);
	for (p = list; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		if (*n == 32 || run_parse_count(tok, 100, &shares[*n]) == -1) {
			rc = cmd_usage(&cmd_run_entry, "--curve takes up to 32 "
			    "shares of the maximum, 1 to 100 (%)");
			break;
		}
		(*n)++;
	}
	free(list);
	if (rc == EXIT_OK && *n == 0)
		rc = cmd_usage(&cmd_run_entry, "--curve: no shares");
	return rc;
}

/*
 * The load-latency curve: the test as fast as it goes (its maximum, the
 * mean IOPS of its repeats), then its repeats paced at each share of that
 * maximum (rate_iops per job, a fact of each round's tests).
 */
static int
run_curve_tests(struct run_loop *l, struct run_settings *s, struct diag *d)
{
	const struct value	*v;
	double			 max;
	size_t			 k;
	int			 r;

	s->rate_iops = 0;
	if ((r = run_tests(l, d)) != 0)
		return r;
	v = run_result_value(l->rs, l->sys, s, &s->profile->tests[0], "IOPS");
	if (v == NULL || v->runs.len == 0)
		return diag_set(d, "", 0, "--curve: the unpaced round measured "
		    "no IOPS");
	for (k = 0, max = 0; k < v->runs.len; k++)
		max += v->runs.v[k] / (double)v->runs.len;
	msg(l->ctx, MSG_NORMAL, "maximum %.0f IOPS: pacing at %zu shares of it",
	    max, l->ncurve);
	for (k = 0; k < l->ncurve && r == 0; k++) {
		s->rate_iops = max * l->curve[k] / 100.0 / s->jobs;
		if (s->rate_iops < 1)
			s->rate_iops = 1;
		r = run_tests(l, d);
	}
	s->rate_iops = 0;
	return r;
}
