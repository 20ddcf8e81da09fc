/* SPDX-License-Identifier: ISC */
/*
 * Atomic output files: write to a temporary name in the same directory,
 * then fsync and rename over the target, so a crash or a full disk never
 * leaves a half-written chart, page or export behind. A symbolic link
 * at the path is refused, never followed (the system's /dev/stdout and
 * /proc/self/fd/N aside).
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

/*
 * Many files committed at once (a publish writes thousands of charts):
 * each is written and closed under its temporary name, then one sync
 * makes them all durable and the renames follow. Zero-initialise.
 */
struct outfile_batch {
	char	**tmp;
	char	**path;
	size_t	  n, cap;
};
/* Flush and close of's temporary and add it to b; of is released. 0, or -1 with d (temp removed). */
int	 outfile_defer(struct outfile *of, struct outfile_batch *b,
	    struct diag *d);
/*
 * Make every temporary of b durable, then rename each into place. 0, or
 * -1 with d (the temporaries not yet renamed are removed). Empties b.
 */
int	 outfile_batch_commit(struct outfile_batch *b, struct diag *d);
/* Remove b's temporaries and empty it. */
void	 outfile_batch_abort(struct outfile_batch *b);

#endif
