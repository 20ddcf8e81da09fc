/* SPDX-License-Identifier: ISC */
/*
 * dd summaries for other readers: the fio text reader also reads the dd
 * results of a file that holds both.
 */
#ifndef BENCHREPORT_PARSE_DD_H
#define BENCHREPORT_PARSE_DD_H

#include <stddef.h>

#include "format.h"
#include "text-paste.h"

extern const struct reader reader_dd;

/* Number of dd summary lines in text cleaned by text_paste_read. */
size_t	 parse_dd_count(const struct paste_text *pt);

#endif
