/* SPDX-License-Identifier: ISC */
/*
 * Loading the drawing libraries (cairo, pango, HarfBuzz, libpng) when a
 * command draws, not at start: the commands that only read, store and
 * print (an import above all) then map neither them nor what they bring
 * (fontconfig, freetype, pixman, X11), which is most of such a command's
 * memory and a share of its start-up. The calls go through the table in
 * canvas-dl-table.h, private to the modules that draw.
 * Ownership: the libraries stay loaded until the process ends.
 */
#ifndef BENCHREPORT_CANVAS_DL_H
#define BENCHREPORT_CANVAS_DL_H

#include "diag.h"

/* Load the libraries and fill the table, once; 0, or -1 with d set. */
int	canvas_dl_load(struct diag *d);

/*
 * The same for a caller that has no error to return: on failure, print
 * why and exit with status 2 (outfile.h's temporaries are removed at
 * exit). Commands that draw load first (CMD_DRAWS, publish with chart
 * files or a PDF); this loads for a page whose own charts measure text,
 * for tests and for the bench programs.
 */
void	canvas_dl_need(void);

#endif
