/* SPDX-License-Identifier: ISC */
/*
 * fio's normal (human) output, 2.x and 3.x, wherever it sits in a text
 * file. Exposed beyond the reader so the JSON reader can cross-check
 * json,normal files against the text.
 * Ownership: jobs are appended to a caller-owned list.
 */
#ifndef BENCHREPORT_PARSE_FIO_TEXT_H
#define BENCHREPORT_PARSE_FIO_TEXT_H

#include "fio-names.h"
#include "format.h"
#include "text-paste.h"

/*
 * Append every job block of buf (NUL-terminated) to out, in fixed units.
 * Warnings (may be NULL opt) name path and line. Returns the number of
 * jobs found.
 */
size_t	 parse_fio_text_jobs(const char *buf, const char *path,
	    const struct read_options *opt, struct fio_job_list *out);
/* As parse_fio_text_jobs, over text already cleaned by text_paste_read. */
size_t	 parse_fio_text_lines(const struct paste_text *pt, const char *path,
	    const struct read_options *opt, struct fio_job_list *out);

/*
 * The options of a fio command line ("$ sudo fio --rw=read --bs=4k"):
 * what "^(?:.*[$#>]\s*|\s*)(?:sudo\s+)?(?:\S*\/)?fio\s+(.*--\w.*)$" captures
 * in line, with GLib's classes and line ends, as a new string (free()),
 * or NULL when line is not one. Linear in the line's length.
 */
char	*parse_fio_text_cmd_args(const char *line);

/*
 * A group_reporting block reporting I/O in a direction its rw does not
 * do holds other jobs: its rw becomes the option "rw of the first job",
 * so the type is named from the data, with a warning naming path and
 * j's line. Text blocks qualify with "jobs=" over 1; with any, every
 * block does (fio's JSON names a group after its first job but lists the
 * last job's options, and says nothing of group_reporting).
 */
void	 parse_fio_text_group(struct fio_job *j, bool any, const char *path,
	    const struct read_options *opt);

#endif
