/* SPDX-License-Identifier: ISC */
/*
 * fio terse (--minimal) lines, versions 2, 3, 4 and 5, wherever they sit
 * in a text file. Exposed so the normal-text reader also picks up terse
 * lines mixed into its output.
 * Ownership: jobs are appended to a caller-owned list.
 */
#ifndef BENCHREPORT_PARSE_FIO_TERSE_H
#define BENCHREPORT_PARSE_FIO_TERSE_H

#include "fio-names.h"
#include "format.h"
#include "text-paste.h"

/* Append every terse line of buf to out. Returns the number found. */
size_t	 parse_fio_terse_jobs(const char *buf, const char *path,
	    const struct read_options *opt, struct fio_job_list *out);
/* As parse_fio_terse_jobs, over text already cleaned by text_paste_read. */
size_t	 parse_fio_terse_lines(const struct paste_text *pt, const char *path,
	    const struct read_options *opt, struct fio_job_list *out);

#endif
