/* SPDX-License-Identifier: ISC */
/*
 * The systems table's cells of a flattened OpenBenchmarking export, given
 * to systems where the text pins them. The cells are printed column by
 * column (system by system), each column in label order, a cell only when
 * it differs from the previous system's, all glued with no separator. Every
 * reading of the run under the generator's value shapes is counted; a
 * system's field is filled only when all readings agree on it.
 *
 * Ownership: struct ob_fields owns its value strings; free with
 * ob_fields_free.
 */
#ifndef BENCHREPORT_OB_FIELDS_H
#define BENCHREPORT_OB_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

struct ob_fields {
	char	**value;	/* nsys * nlabels: system i label j, NULL unpinned */
	size_t	  nsys, nlabels;
	double	  readings;	/* readings of the whole run (0: none) */
	bool	  gave_up;	/* too large to count: nothing filled */
};

/* What the system names say about their Disk cells; any member may be NULL. */
struct ob_fields_evidence {
	/* May the len bytes at cell be system sys's Disk (the drive it names)? */
	bool		(*disk_ok)(size_t sys, const char *cell, size_t len,
			    void *ctx);
	void		 *ctx;
	/*
	 * own_disk[i]: system i's name states another drive setup than
	 * system i - 1's ("Single", "RAID0"), so its Disk cell is printed.
	 */
	const bool	 *own_disk;
};

/*
 * Read cells (the run between the names and the watermark) for nsys
 * systems with the table's labels in order, the values shaped as
 * ob-shapes.h says, with the names' evidence (NULL: none). Fills out
 * (always; free it).
 */
void	 ob_fields_split(const char *cells, const char *const *labels,
	    size_t nlabels, size_t nsys, const struct ob_fields_evidence *ev,
	    struct ob_fields *out);
void	 ob_fields_free(struct ob_fields *f);

#endif
