/* SPDX-License-Identifier: ISC */
/*
 * Helpers shared by the reader tests: read a file through detection as
 * `import` does, find tests by description and unit, and locate the
 * shared corpus (read in place; absent on a fresh clone).
 */
#ifndef BENCHREPORT_TEST_READ_HELPERS_H
#define BENCHREPORT_TEST_READ_HELPERS_H

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "format.h"
#include "model.h"

#define CORPUS	"../shared/corpus"

static int	th_read(const char *path, const char *sys, struct result_set **rs,
		    struct str_list *warn, struct diag *d) __attribute__((unused));
static const struct test *th_find(const struct result_set *rs, const char *desc_part,
		    const char *unit) __attribute__((unused));
static int	th_has_corpus(void) __attribute__((unused));
static int	th_warned(const struct str_list *w, const char *part) __attribute__((unused));

/* Read path (detected format); returns 0 or -1 with d. */
static int
th_read(const char *path, const char *sys, struct result_set **rs,
    struct str_list *warn, struct diag *d)
{
	struct read_options	ro = { .system_name = sys, .warnings = warn };

	*rs = result_set_new();
	diag_clear(d);
	return format_read_file(path, &ro, *rs, d);
}

/* First test whose description contains desc_part and whose unit is unit. */
static const struct test *
th_find(const struct result_set *rs, const char *desc_part, const char *unit)
{
	size_t	i;

	for (i = 0; i < rs->ntests; i++)
		if (strstr(rs->tests[i].description, desc_part) != NULL &&
		    strcmp(rs->tests[i].unit, unit) == 0)
			return &rs->tests[i];
	return NULL;
}

static int
th_has_corpus(void)
{
	struct stat	st;

	return stat(CORPUS, &st) == 0 && S_ISDIR(st.st_mode);
}

static int
th_warned(const struct str_list *w, const char *part)
{
	size_t	i;

	for (i = 0; i < w->len; i++)
		if (strstr(w->items[i], part) != NULL)
			return 1;
	return 0;
}

#endif
