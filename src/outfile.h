/* SPDX-License-Identifier: ISC */
/*
 * Atomic output files: write to a temporary name in the same directory,
 * then fsync and rename over the target, so a crash or a full disk never
 * leaves a half-written chart, page or export behind.
 * Ownership: outfile_open allocates; outfile_commit or outfile_abort
 * releases (exactly one of them must be called).
 */
#ifndef BENCHREPORT_OUTFILE_H
#define BENCHREPORT_OUTFILE_H

#include <stdio.h>

#include "diag.h"

struct outfile {
	FILE	*fp;		/* write here */
	char	*path;		/* final name */
	char	*tmp;		/* temporary name */
};

/* Start writing path ("-" means stdout, written directly). NULL with d on error. */
struct outfile *outfile_open(const char *path, struct diag *d);
/* Flush, fsync, rename into place. 0, or -1 with d (the temp file is removed). */
int	 outfile_commit(struct outfile *of, struct diag *d);
/* Discard the temporary file. NULL is fine. */
void	 outfile_abort(struct outfile *of);

#endif
