/* SPDX-License-Identifier: ISC */
/*
 * Reading several files that are repeated runs of the same benchmarks into
 * one result set (import --merge-runs): each file is read as `import`
 * would read it, then model_runs_sets folds the runs together. Nothing is
 * stored here.
 * Ownership: *out belongs to the caller; warnings are appended to the
 * caller's list.
 */
#ifndef BENCHREPORT_IMPORT_RUNS_H
#define BENCHREPORT_IMPORT_RUNS_H

#include <stdbool.h>
#include <stddef.h>

#include "format.h"
#include "model.h"

/*
 * Read paths[0..n-1] (format forced when format is not NULL, detected
 * otherwise) and merge them, in order, into one set whose values carry
 * the runs. The set's source is the first file; its checksum covers every
 * file, so importing the same runs twice is recognised. Returns 0 with
 * *out, or -1 with d naming the first file that could not be read (and
 * nothing returned).
 */
int	 import_runs_read(char *const *paths, size_t n, const char *format,
	    const struct read_options *ro, struct result_set **out, struct diag *d);

/*
 * True when every path is detected as the same format (or format is
 * forced): the condition under which --system with several files means
 * repeated runs. A file that cannot be detected makes it false.
 */
bool	 import_runs_same_format(char *const *paths, size_t n, const char *format);

#endif
