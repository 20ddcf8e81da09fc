/* SPDX-License-Identifier: ISC */
/*
 * From measurements to tests and values. Names come from run-profile.c;
 * the extra results (latency, CPU) keep the test's description and
 * append " - <what>" the way PTS names a test's secondary results, so they
 * never collide with the PTS-named MB/s and IOPS results.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run-result.h"
#include "xalloc.h"

struct result_metric {
	const char	*unit;
	enum proportion	 prop;
	const char	*suffix;	/* appended to the description, or NULL */
};

static const struct result_metric result_metrics[RUN_M_COUNT] = {
	[RUN_M_MBS] = { "MB/s", PROP_HIB, NULL },
	/*
	 * PTS's fio "MB/s" is fio's MiB/s figure (its results parser strips
	 * "MiB/s" from the bw= line), and the fio readers follow it: a fio
	 * test's MB/s result holds MiB/s, so it pairs with the seeds' like
	 * for like. The 10^6 figure goes into the value's note.
	 */
	[RUN_M_MIBS] = { "MB/s", PROP_HIB, NULL },
	[RUN_M_IOPS] = { "IOPS", PROP_HIB, NULL },
	/* The fio readers' latency names and unit, so the two line up. */
	[RUN_M_LAT_MEAN] = { "usec", PROP_LIB, "Latency: Completion Mean" },
	[RUN_M_LAT_P50] = { "usec", PROP_LIB,
	    "Latency: Completion 50th Percentile" },
	[RUN_M_LAT_P99] = { "usec", PROP_LIB,
	    "Latency: Completion 99th Percentile" },
	[RUN_M_LAT_P999] = { "usec", PROP_LIB,
	    "Latency: Completion 99.9th Percentile" },
	[RUN_M_CPU_USER] = { "usec per I/O", PROP_LIB, "CPU Time: User" },
	[RUN_M_CPU_SYS] = { "usec per I/O", PROP_LIB, "CPU Time: System" },
};

static struct test *result_test(struct result_set *rs,
		    const struct run_settings *s, const struct run_test *t,
		    const struct run_result *r, enum run_metric m);
static char	*result_footnote(const struct run_settings *s,
		    const struct run_test *t, const struct run_result *r);
static void	 run_result_hist(struct value *v, const struct run_hist *h);

int
run_result_metric(const struct run_result *r, enum run_metric m, double *out)
{
	double	v;

	switch (m) {
	case RUN_M_MBS:
		if (r->seconds <= 0)
			return -1;
		*out = r->bytes_per_s / 1e6;
		return 0;
	case RUN_M_MIBS:
		if (r->seconds <= 0)
			return -1;
		*out = r->bytes_per_s / 1048576.0;
		return 0;
	case RUN_M_IOPS:
		if (r->seconds <= 0)
			return -1;
		*out = r->iops;
		return 0;
	case RUN_M_LAT_MEAN:
		if (run_hist_mean(&r->lat, &v) == -1)
			return -1;
		break;
	case RUN_M_LAT_P50:
		if (run_hist_percentile(&r->lat, 50, &v) == -1)
			return -1;
		break;
	case RUN_M_LAT_P99:
		if (run_hist_percentile(&r->lat, 99, &v) == -1)
			return -1;
		break;
	case RUN_M_LAT_P999:
		if (run_hist_percentile(&r->lat, 99.9, &v) == -1)
			return -1;
		break;
	case RUN_M_CPU_USER:
	case RUN_M_CPU_SYS:
		if (r->ios == 0)
			return -1;
		*out = (m == RUN_M_CPU_USER ? r->cpu_user : r->cpu_sys) /
		    (double)r->ios * 1e6;
		return 0;
	default:
		return -1;
	}
	*out = v / 1000.0;	/* ns to microseconds */
	return 0;
}

/* How the figures were made, for every test's footnotes. */
static char *
result_footnote(const struct run_settings *s, const struct run_test *t,
    const struct run_result *r)
{
	struct run_spec	spec;

	run_profile_spec(s, t, &spec);
	if (t->dd)
		return xasprintf("benchreport run (io_uring through liburing): "
		    "%llu bytes written from a zero buffer in %u-byte blocks, "
		    "buffered, one at a time, timed to the end of the final "
		    "fsync", (unsigned long long)spec.total, spec.bs);
	return xasprintf("benchreport run (io_uring through liburing), not "
	    "fio; named as %s names its test: iodepth %u, %u job%s, %s, %s "
	    "buffers, %g s measured after a %g s ramp, %llu MiB file; "
	    "completion latency from queueing to reaping",
	    s->profile->pts_profile != NULL ? s->profile->pts_profile : "PTS",
	    spec.iodepth, spec.jobs, spec.jobs == 1 ? "" : "s",
	    spec.direct ? "O_DIRECT" : "buffered",
	    r->fixed_buffers ? "registered" : "plain", spec.runtime, spec.ramp,
	    (unsigned long long)(s->size >> 20));
}

static struct test *
result_test(struct result_set *rs, const struct run_settings *s,
    const struct run_test *t, const struct run_result *r, enum run_metric m)
{
	const struct result_metric	*rm = &result_metrics[m];
	struct test			*test;
	struct kv_list			 opts = { NULL, 0, 0 };
	char				*title, *desc, *args, *full, *note;
	size_t				 i;

	run_profile_names(s, t, &title, &desc, &args);
	full = rm->suffix != NULL ? xasprintf("%s - %s", desc, rm->suffix) :
	    xstrdup(desc);
	/* The options too: a sweep runs one name at several queue depths. */
	if (!t->dd)
		run_profile_job_opts(s, t, &opts);
	for (i = 0; i < rs->ntests; i++) {
		test = &rs->tests[i];
		if (strcmp(test->title, title) == 0 &&
		    strcmp(test->description, full) == 0 &&
		    strcmp(test->unit, rm->unit) == 0 &&
		    (t->dd || kv_list_equal(&test->facts, &opts)))
			goto out;
	}
	test = result_set_add_test(rs);
	/* No PTS profile applies: an empty identifier, as the fio and dd readers give. */
	model_set_str(&test->identifier, "");
	model_set_str(&test->title, title);
	model_set_str(&test->app_version, "benchreport-run");
	model_set_str(&test->description, full);
	free(full);
	full = rm->suffix != NULL ? xasprintf("%s - %s", args, rm->suffix) :
	    xstrdup(args);
	model_set_str(&test->arguments, full);
	model_set_str(&test->unit, rm->unit);
	test->proportion = rm->prop;
	model_set_str(&test->proportion_raw, proportion_name(rm->prop));
	test->display = DISPLAY_BAR;
	model_set_str(&test->display_raw, "BAR_GRAPH");
	note = result_footnote(s, t, r);
	str_list_add(&test->footnotes, note);
	free(note);
	if (!t->dd)
		run_profile_job_opts(s, t, &test->facts);
out:
	kv_list_free(&opts);
	free(full);
	free(title);
	free(desc);
	free(args);
	return test;
}

void
run_result_add(struct result_set *rs, size_t sys, const struct run_settings *s,
    const struct run_test *t, const struct run_result *r)
{
	struct test	*test;
	struct value	*v;
	double		 x;
	/* A dd copy is one measurement: MB/s, as dd prints it (MiB/s in its note). */
	int		 m, last = t->dd ? RUN_M_MBS : RUN_M_COUNT - 1;

	for (m = 0; m <= last; m++) {
		/* fio tests: MB/s as PTS records it (RUN_M_MIBS), not 10^6. */
		if (m == RUN_M_MBS && !t->dd)
			continue;
		if (run_result_metric(r, (enum run_metric)m, &x) == -1)
			continue;
		test = result_test(rs, s, t, r, (enum run_metric)m);
		if ((v = test_find_value(test, sys)) == NULL)
			v = test_add_value(test, sys);
		dbl_list_add(&v->runs, x);
		if (m == RUN_M_LAT_P99)
			run_result_hist(v, &r->lat);
	}
}

/* The run's latency histogram as one more run histogram of v (usec). */
static void
run_result_hist(struct value *v, const struct run_hist *h)
{
	struct series	*s;
	unsigned	 i;

	s = value_add_series(v, MODEL_HIST_SERIES);
	model_set_str(&s->unit, "I/Os");
	model_set_str(&s->x_unit, "usec");
	for (i = 0; i < RUN_HIST_NR; i++)
		if (h->bins[i] > 0) {
			dbl_list_add(&s->x, run_hist_bucket_value(i) / 1000.0);
			dbl_list_add(&s->y, (double)h->bins[i]);
		}
}

void
run_result_finish(struct result_set *rs)
{
	struct value	*v;
	char		 buf[64];
	size_t		 i, j;

	for (i = 0; i < rs->ntests; i++)
		for (j = 0; j < rs->tests[i].nvalues; j++) {
			v = &rs->tests[i].values[j];
			value_compute_stats(v);
			if (!v->has_mean)
				continue;
			/* One repeat has no spread: no SE, not an SE of 0. */
			if (v->n < 2)
				v->has_se = false;
			/* The display text, as PTS rounds: whole numbers from 1000 up. */
			snprintf(buf, sizeof(buf), fabs(v->mean) >= 1000 ? "%.0f" :
			    "%.2f", v->mean);
			model_set_str(&v->value_text, buf);
			if (v->note != NULL || strcmp(rs->tests[i].unit,
			    "MB/s") != 0)
				continue;
			/* The dd reader's form: the MiB/s figure beside the value. */
			if (strcmp(rs->tests[i].title, "dd") == 0)
				v->note = xasprintf("%.4g MiB/s",
				    v->mean * 1e6 / 1048576.0);
			else	/* fio's MB/s is MiB/s, as PTS's: say the other. */
				v->note = xasprintf("MiB/s, as PTS records "
				    "fio's MB/s; %.4g MB/s in 10^6 bytes",
				    v->mean * 1048576.0 / 1e6);
		}
}

struct value *
run_result_value(struct result_set *rs, size_t sys, const struct run_settings *s,
    const struct run_test *t, const char *unit)
{
	struct kv_list	 opts = { NULL, 0, 0 };
	struct value	*v = NULL;
	struct test	*x;
	char		*title, *desc, *args;
	size_t		 i;

	run_profile_names(s, t, &title, &desc, &args);
	if (!t->dd)
		run_profile_job_opts(s, t, &opts);
	for (i = 0; i < rs->ntests && v == NULL; i++) {
		x = &rs->tests[i];
		if (strcmp(x->unit, unit) == 0 && strcmp(x->title, title) == 0 &&
		    strcmp(x->description, desc) == 0 &&
		    (t->dd || kv_list_equal(&x->facts, &opts)))
			v = test_find_value(x, sys);
	}
	kv_list_free(&opts);
	free(title);
	free(desc);
	free(args);
	return v;
}
