/* SPDX-License-Identifier: ISC */
/* The writer table and number formatting shared by every writer. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "outfile.h"

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

const char *
export_writer_name(size_t i)
{
	size_t	n;

	for (n = 0; export_writers[n] != NULL; n++)
		if (n == i)
			return export_writers[n]->name;
	return NULL;
}

int
export_write_file(const struct writer *w, const struct result_set *rs,
    const char *path, struct diag *d)
{
	struct outfile	*of;

	if ((of = outfile_open(path, d)) == NULL)
		return -1;
	if (w->write(rs, of->fp, d) == -1) {
		outfile_abort(of);
		if (d->file[0] == '\0')
			snprintf(d->file, sizeof(d->file), "%s", path);
		return -1;
	}
	return outfile_commit(of, d);
}
