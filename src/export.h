/* SPDX-License-Identifier: ISC */
/*
 * Output formats for `export`: a table of writers over the model. Writers
 * know nothing of input formats or of the store.
 * A new output format is one file export-NAME.c exporting
 * "const struct writer writer_NAME" plus one line in src/writers.def.
 * Ownership: writers borrow the result set and the stream.
 */
#ifndef BENCHREPORT_EXPORT_H
#define BENCHREPORT_EXPORT_H

#include <stdio.h>

#include "diag.h"
#include "model.h"

struct writer {
	const char	*name;		/* "json", "pts-xml", "csv" */
	const char	*summary;
	/* Write rs to fp. Return 0, or -1 with d filled. */
	int		(*write)(const struct result_set *rs, FILE *fp,
			    struct diag *d);
};

extern const struct writer *const export_writers[];

/* The writer called name, or NULL. */
const struct writer *export_find(const char *name);
/* The name of the i-th writer, NULL past the last (a choice list). */
const char *export_writer_name(size_t i);

/*
 * Write rs with w to path ("-" is standard output), atomically: a temporary
 * file renamed into place, or nothing at all on error. 0, or -1 with d.
 */
int	 export_write_file(const struct writer *w, const struct result_set *rs,
	    const char *path, struct diag *d);

#endif
