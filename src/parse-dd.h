/* SPDX-License-Identifier: ISC */
/*
 * dd summaries for other readers: the fio text reader also reads the dd
 * results of a file that holds both.
 */
#ifndef BENCHREPORT_PARSE_DD_H
#define BENCHREPORT_PARSE_DD_H

#include <stdbool.h>
#include <stddef.h>

#include "format.h"
#include "text-paste.h"

extern const struct reader reader_dd;

/* True when a line of text cleaned by text_paste_read is a dd summary. */
bool	 parse_dd_any(const struct paste_text *pt);

/*
 * The dd reader's read() over text already cleaned (the file's, without
 * NUL bytes): the same results, warnings and refusals, for a reader that
 * has cleaned the text for itself.
 */
int	 parse_dd_read_text(const struct paste_text *pt, const char *path,
	    const struct read_options *opt, struct result_set *rs, struct diag *d);

#endif
