/* SPDX-License-Identifier: ISC */
/*
 * The systems table's cells of a flattened OpenBenchmarking export as
 * evidence for the system names: when the systems compared are drives,
 * each has a Disk cell ("2000GB ...", "2 x 1000GB ...") sharing words and
 * a capacity with its name; when they are processors, a Processor cell.
 * This module finds those cells and says whether a candidate list of names
 * agrees with them; it chooses nothing itself.
 *
 * Ownership: a struct ob_cells_row owns its cell array, not the text.
 */
#ifndef BENCHREPORT_OB_CELLS_H
#define BENCHREPORT_OB_CELLS_H

#include <stdbool.h>
#include <stddef.h>

#include "ob-split.h"

#define OB_CELLS_MAX_CAPS	4

/* One capacity-headed cell: text [start, end) of the cells run. */
struct ob_cell {
	size_t	 start, end;
	double	 cap[OB_CELLS_MAX_CAPS];	/* possible capacities, in GB */
	size_t	 ncap;
};

struct ob_cells_row {
	const char	*text;		/* the cells run, not owned */
	struct ob_cell	*cell;
	size_t		 len;
	/*
	 * Processor row: a name agrees when every word of it is in its cell
	 * ("Core i9 13900K" in "Intel Core i9-13900K @ ..."); no capacity.
	 */
	bool		 every_word;
};

/*
 * The Disk row: every capacity-headed cell of the cells run, in order. A
 * head is glued to what precedes it and followed by a space and a letter
 * ("...F16G2000GB Samsung", "2 x 1000GB Western"); a digit glued in front
 * leaves the capacity open ("Gen12000GB": 12000 or 2000 GB).
 */
void	 ob_cells_disk_row(const char *cells, struct ob_cells_row *row);
/* The Processor row: cells end at "Cores)" / "Threads)" / "Core)". */
void	 ob_cells_proc_row(const char *cells, struct ob_cells_row *row);
/* Free the row's cells (not its text). */
void	 ob_cells_row_free(struct ob_cells_row *row);
/*
 * Do the names agree, in order, with the row's last names->len cells:
 * each sharing a word with its cell ("T705" inside "CT2000T705SSD5") and
 * stating its capacity as a word ("2TB") within 5 %?
 */
bool	 ob_cells_agree(const struct ob_cells_row *row,
	    const struct ob_names *names);
/* Is the Disk cell (len bytes at cell) the drive the name states? */
bool	 ob_cells_fits(const char *name, const char *cell, size_t len);

#endif
