/* SPDX-License-Identifier: ISC */
/*
 * The review's directory, replaced whole: a new review is written into a
 * directory beside the old one and swapped in at the end, so a reader
 * never sees a half-old directory, a failed publish leaves the old review
 * as it was, and files of an earlier review (charts of tests no longer
 * there, a review.pdf not asked for) never outlive it. The directory's
 * manifest (PUBLISH_DIR_MANIFEST) lists what benchreport wrote there; a
 * directory holding anything else is refused unless forced.
 * Ownership: the struct owns its paths; publish_dir_end frees them.
 */
#ifndef BENCHREPORT_PUBLISH_DIR_H
#define BENCHREPORT_PUBLISH_DIR_H

#include <stdbool.h>

#include "diag.h"
#include "model.h"

#define PUBLISH_DIR_MANIFEST	".benchreport-review"

struct publish_dir {
	char	*final;		/* the directory asked for */
	char	*work;		/* where the new review is written */
	bool	 replace;	/* final exists and is swapped out */
};

/*
 * Check outdir (a directory that does not exist, is empty, or holds only
 * what its manifest lists; anything with force) and create the work
 * directory beside it. 0, or -1 with d.
 */
int	 publish_dir_begin(struct publish_dir *pd, const char *outdir,
	    bool force, struct diag *d);

/*
 * Write the manifest of files (paths under pd->work, as written) and
 * swap the work directory in; files then names the final paths. 0, or
 * -1 with d (the old directory is left as it was where it can be).
 */
int	 publish_dir_commit(struct publish_dir *pd, struct str_list *files,
	    struct diag *d);

/* Remove the work directory if it is still there; free the paths. */
void	 publish_dir_end(struct publish_dir *pd);

#endif
