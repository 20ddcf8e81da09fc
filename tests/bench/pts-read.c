/* SPDX-License-Identifier: ISC */
/*
 * Benchmark driver for `make bench`: read one file as an import does
 * (detect, SHA-256, parse into the model, free), without the store, and
 * print the counts and the time of each phase. Not part of the program.
 */
#include <stdio.h>
#include <time.h>

#include "diag.h"
#include "format.h"

static double
now(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	const struct reader	*r;
	struct result_set	*rs;
	struct diag		 d;
	char			 sum[65];
	double			 t0, t1, t2, t3;
	size_t			 i, values = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: pts-read FILE\n");
		return 2;
	}
	rs = result_set_new();
	diag_clear(&d);
	t0 = now();
	if ((r = format_detect_file(argv[1], &d)) == NULL ||
	    format_sha256_file(argv[1], sum, &d) == -1)
		goto fail;
	t1 = now();
	if (r->read(argv[1], NULL, rs, &d) == -1)
		goto fail;
	t2 = now();
	for (i = 0; i < rs->ntests; i++)
		values += rs->tests[i].nvalues;
	printf("%s: %zu systems, %zu results, %zu values\n", r->name,
	    rs->nsystems, rs->ntests, values);
	result_set_free(rs);
	t3 = now();
	printf("phases: detect+sha256 %.0f ns, parse %.0f ns, free %.0f ns\n",
	    (t1 - t0) * 1e9, (t2 - t1) * 1e9, (t3 - t2) * 1e9);
	return 0;
fail:
	diag_print(&d, "pts-read", stderr);
	result_set_free(rs);
	return 2;
}
