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

/*
 * Evidence for a Disk cell: may the len bytes at cell be system sys's
 * Disk (its name states that drive)? NULL: no such evidence.
 */
typedef bool	(*ob_fields_disk_fn)(size_t sys, const char *cell, size_t len,
		    void *ctx);

/*
 * Read cells (the run between the names and the watermark) for nsys
 * systems with the table's labels in order. Fills out (always; free it).
 */
void	 ob_fields_split(const char *cells, const char *const *labels,
	    size_t nlabels, size_t nsys, ob_fields_disk_fn disk_ok, void *ctx,
	    struct ob_fields *out);
void	 ob_fields_free(struct ob_fields *f);

#endif
