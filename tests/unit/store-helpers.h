/* SPDX-License-Identifier: ISC */
/*
 * Shared by the store tests: the JSON export of a result set as a string,
 * the form in which two sets are compared, and the row count of a table.
 * Ownership: the returned string is the caller's (free()).
 */
#ifndef BENCHREPORT_TEST_STORE_HELPERS_H
#define BENCHREPORT_TEST_STORE_HELPERS_H

#include <stdio.h>
#include <stdlib.h>

#include "export.h"
#include "store.h"
#include "tap.h"
#include "xalloc.h"

static char	*json_of(const struct result_set *rs) __attribute__((unused));
static long	 count(struct store *st, const char *table) __attribute__((unused));

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

/* Rows in table, or -1 when it cannot be counted. */
static long
count(struct store *st, const char *table)
{
	sqlite3_stmt	*stmt = NULL;
	char		*sql = xasprintf("SELECT count(*) FROM %s", table);
	long		 n = -1;

	if (sqlite3_prepare_v2(store_db(st), sql, -1, &stmt, NULL) == SQLITE_OK &&
	    sqlite3_step(stmt) == SQLITE_ROW)
		n = (long)sqlite3_column_int64(stmt, 0);
	sqlite3_finalize(stmt);
	free(sql);
	return n;
}

#endif
