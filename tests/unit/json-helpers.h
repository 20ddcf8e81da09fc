/* SPDX-License-Identifier: ISC */
/*
 * Shared by the store tests: the JSON export of a result set as a string,
 * the form in which two sets are compared.
 * Ownership: the returned string is the caller's (free()).
 */
#ifndef BENCHREPORT_TEST_JSON_HELPERS_H
#define BENCHREPORT_TEST_JSON_HELPERS_H

#include <stdio.h>

#include "export.h"
#include "tap.h"
#include "xalloc.h"

static char	*json_of(const struct result_set *rs) __attribute__((unused));

static char *
json_of(const struct result_set *rs)
{
	const struct writer	*w = export_find("json");
	struct diag		 d;
	char			*buf = NULL;
	size_t			 len = 0;
	FILE			*fp;

	if (w == NULL || (fp = open_memstream(&buf, &len)) == NULL)
		return xstrdup("");
	diag_clear(&d);
	if (w->write(rs, fp, &d) == -1)
		diag("json: %s", d.msg);
	fclose(fp);
	return buf;
}

#endif
