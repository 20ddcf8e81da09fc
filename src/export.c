/* SPDX-License-Identifier: ISC */
/* The writer table and number formatting shared by every writer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"

#define WRITER(name) extern const struct writer writer_##name;
#include "writers.def"
#undef WRITER

const struct writer *const export_writers[] = {
#define WRITER(name) &writer_##name,
#include "writers.def"
#undef WRITER
	NULL
};

const struct writer *
export_find(const char *name)
{
	size_t	i;

	for (i = 0; export_writers[i] != NULL; i++)
		if (strcmp(export_writers[i]->name, name) == 0)
			return export_writers[i];
	return NULL;
}

void
export_format_double(double d, char *buf, size_t size)
{
	int	prec;

	if (isnan(d)) {
		snprintf(buf, size, "nan");
		return;
	}
	if (isinf(d)) {
		snprintf(buf, size, d < 0 ? "-inf" : "inf");
		return;
	}
	/* Shortest of the round-tripping precisions keeps files readable. */
	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			return;
	}
}
