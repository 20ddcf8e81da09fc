/* SPDX-License-Identifier: ISC */
/*
 * The systems table's cells of a flattened OpenBenchmarking export, printed
 * column by column (system by system), each column in label order, a cell
 * only when it differs from the previous system's, all glued. A system's
 * field is filled only when every reading of the run under the value
 * shapes agrees on it. The Disk and Processor cells are also evidence for
 * the system names (drives compared share words and a capacity with their
 * Disk cells). Nothing here chooses among readings or names.
 *
 * Ownership: struct ob_fields owns its value strings (ob_fields_free); a
 * struct ob_fields_row owns its cell array, not its text.
 */
#ifndef BENCHREPORT_OB_FIELDS_H
#define BENCHREPORT_OB_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "ob-split.h"

#define OB_FIELDS_MAX_CAPS	4

struct ob_fields {
	char	**value;	/* nsys * nlabels: system i label j, NULL unpinned */
	size_t	  nsys, nlabels;
	double	  readings;	/* readings of the whole run (0: none) */
};

/* What the system names say of their Disk cells; either may be NULL. */
struct ob_fields_evidence {
	/* Names that state their drives: system i's Disk cell is name i's. */
	const struct ob_names	*names;
	/*
	 * own_disk[i]: system i's name states another drive setup than
	 * system i - 1's ("Single", "RAID0"), so its Disk cell is printed.
	 */
	const bool		*own_disk;
};

/* One Disk or Processor cell: text [start, end) of the cells run. */
struct ob_fields_cell {
	size_t	 start, end;
	double	 cap[OB_FIELDS_MAX_CAPS];	/* its possible GB */
	size_t	 ncap;
};

struct ob_fields_row {
	const char		*text;		/* the run, not owned */
	struct ob_fields_cell	*cell;
	size_t			 len;
	bool			 every_word;	/* Processor row */
};

/*
 * Read cells (the run between the names and the watermark) for nsys
 * systems with the table's labels in order, the values shaped as
 * ob-shapes.h says, with the names' evidence (NULL: none). Fills out
 * (always; free it). A step of *left is a state (the run's bytes times
 * cells + 1, a pass) or a byte scanned for a cell; once they are spent
 * nothing is filled (ob-split.h).
 */
void	 ob_fields_split(const char *cells, const char *const *labels,
	    size_t nlabels, size_t nsys, const struct ob_fields_evidence *ev,
	    struct ob_fields *out, unsigned long *left);
/* Free f's values. */
void	 ob_fields_free(struct ob_fields *f);
/*
 * The Disk row: every capacity-headed cell of the cells run, in order. A
 * head is glued to what precedes it and followed by a space and a letter
 * ("...F16G2000GB Samsung", "2 x 1000GB Western"); a digit glued in front
 * leaves the capacity open ("Gen12000GB": 12000 or 2000 GB).
 */
void	 ob_fields_disk_row(const char *cells, struct ob_fields_row *row);
/* The Processor row: cells end at "Cores)" / "Threads)" / "Core)". */
void	 ob_fields_proc_row(const char *cells, struct ob_fields_row *row);
/* Free the row's cells (not its text). */
void	 ob_fields_row_free(struct ob_fields_row *row);
/*
 * Do the names agree, in order, with the row's last names->len cells:
 * each sharing a word with its Disk cell ("T705" inside "CT2000T705SSD5")
 * and stating its capacity as a word ("2TB") within 5 %, or having every
 * word in its Processor cell ("Core i9 13900K" in "Intel Core i9-13900K")?
 */
bool	 ob_fields_agree(const struct ob_fields_row *row,
	    const struct ob_names *names);

#endif
