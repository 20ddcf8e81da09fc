/* SPDX-License-Identifier: ISC */
/*
 * The values of a sweep, checked before any I/O, and the settings for
 * each. Nothing here does I/O or prints.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "run-sweep.h"
#include "xalloc.h"

static int	 run_sweep_value(const char *s, enum run_sweep_key key,
		    unsigned *out);

/* One value: digits, and for bs an optional k or m (powers of 1024). */
static int
run_sweep_value(const char *s, enum run_sweep_key key, unsigned *out)
{
	unsigned long long	 v;
	char			*end;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0)
		return -1;
	if (key == RUN_SWEEP_BS && (*end == 'k' || *end == 'K')) {
		v <<= 10;
		end++;
	} else if (key == RUN_SWEEP_BS && (*end == 'm' || *end == 'M')) {
		v <<= 20;
		end++;
	}
	if (*end != '\0' || v == 0 || v > (1ull << 30))
		return -1;
	*out = (unsigned)v;
	return 0;
}

int
run_sweep_parse(const char *spec, const struct run_settings *s,
    uint64_t buffer_limit, struct run_sweep *sw, struct diag *d)
{
	const char	*eq = strchr(spec, '=');
	char		*list = NULL, *p, *tok, *save = NULL;
	size_t		 klen, i;
	uint64_t	 jobs, depth, bs;
	int		 rc = -1;

	memset(sw, 0, sizeof(*sw));
	klen = eq != NULL ? (size_t)(eq - spec) : 0;
	if (klen == 7 && strncmp(spec, "iodepth", 7) == 0)
		sw->key = RUN_SWEEP_IODEPTH;
	else if (klen == 2 && strncmp(spec, "bs", 2) == 0)
		sw->key = RUN_SWEEP_BS;
	else if ((klen == 7 && strncmp(spec, "numjobs", 7) == 0) ||
	    (klen == 4 && strncmp(spec, "jobs", 4) == 0))
		sw->key = RUN_SWEEP_JOBS;
	else {
		diag_set(d, "", 0, "--sweep %s: give iodepth=, bs= or numjobs= "
		    "and a list of values", spec);
		return -1;
	}
	list = xstrdup(eq + 1);
	sw->vals = xcalloc(RUN_SWEEP_MAX, sizeof(*sw->vals));
	for (p = list; (tok = strtok_r(p, ",", &save)) != NULL; p = NULL) {
		if (sw->n == RUN_SWEEP_MAX) {
			diag_set(d, "", 0, "--sweep: at most %d values",
			    RUN_SWEEP_MAX);
			goto out;
		}
		if (run_sweep_value(tok, sw->key, &sw->vals[sw->n]) == -1 ||
		    (sw->key == RUN_SWEEP_BS && (sw->vals[sw->n] % 512 != 0 ||
		    sw->vals[sw->n] > s->size))) {
			diag_set(d, "", 0, "--sweep: \"%s\" is not a %s", tok,
			    sw->key == RUN_SWEEP_BS ? "block size (a multiple "
			    "of 512 bytes, k or m, at most --size)" :
			    "positive whole number");
			goto out;
		}
		sw->n++;
	}
	if (sw->n == 0) {
		diag_set(d, "", 0, "--sweep %s: no values", spec);
		goto out;
	}
	for (i = 0; i < sw->n; i++) {
		jobs = sw->key == RUN_SWEEP_JOBS ? sw->vals[i] : s->jobs;
		depth = sw->key == RUN_SWEEP_IODEPTH ? sw->vals[i] : s->iodepth;
		bs = sw->key == RUN_SWEEP_BS ? sw->vals[i] : 2u << 20;
		if (jobs * depth * bs > buffer_limit) {
			diag_set(d, "", 0, "--sweep: %llu jobs x %llu in flight x "
			    "%llu bytes needs more than the %llu MiB of I/O "
			    "buffers a run may use", (unsigned long long)jobs,
			    (unsigned long long)depth, (unsigned long long)bs,
			    (unsigned long long)(buffer_limit >> 20));
			goto out;
		}
	}
	if (sw->key == RUN_SWEEP_BS) {
		sw->prof = *s->profile;
		sw->tests = xcalloc(s->profile->ntests, sizeof(*sw->tests));
		memcpy(sw->tests, s->profile->tests, s->profile->ntests *
		    sizeof(*sw->tests));
		sw->prof.tests = sw->tests;
	}
	rc = 0;
out:
	free(list);
	if (rc == -1)
		run_sweep_free(sw);
	return rc;
}

size_t
run_sweep_count(const struct run_sweep *sw)
{
	return sw->key == RUN_SWEEP_NONE ? 1 : sw->n;
}

void
run_sweep_apply(struct run_sweep *sw, size_t i, struct run_settings *s)
{
	size_t	k;

	switch (sw->key) {
	case RUN_SWEEP_IODEPTH:
		s->iodepth = sw->vals[i];
		break;
	case RUN_SWEEP_JOBS:
		s->jobs = sw->vals[i];
		break;
	case RUN_SWEEP_BS:
		for (k = 0; k < sw->prof.ntests; k++)
			if (!sw->tests[k].dd)
				sw->tests[k].bs = sw->vals[i];
		s->profile = &sw->prof;
		break;
	default:
		break;
	}
}

void
run_sweep_free(struct run_sweep *sw)
{
	free(sw->vals);
	free(sw->tests);
	memset(sw, 0, sizeof(*sw));
}
