/* SPDX-License-Identifier: ISC */
/*
 * Benchmark driver for `make bench`: detect, hash and parse one file with
 * the readers exactly as an import does, without the store, and print what
 * was read. Not part of the installed program.
 */
#include <stdio.h>

#include "diag.h"
#include "format.h"

int
main(int argc, char **argv)
{
	struct result_set	*rs;
	struct diag		 d;
	size_t			 i, values = 0;
	int			 rc = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: pts-read FILE\n");
		return 2;
	}
	rs = result_set_new();
	diag_clear(&d);
	if (format_read_file(argv[1], NULL, rs, &d) == -1) {
		diag_print(&d, "pts-read", stderr);
		rc = 2;
	} else {
		for (i = 0; i < rs->ntests; i++)
			values += rs->tests[i].nvalues;
		printf("%s: %zu systems, %zu results, %zu values\n", rs->format,
		    rs->nsystems, rs->ntests, values);
	}
	result_set_free(rs);
	return rc;
}
