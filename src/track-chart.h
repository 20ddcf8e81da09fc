/* SPDX-License-Identifier: ISC */
/*
 * The chart of a tracked series: each point with its SE whisker, each
 * segment's mean with its 95 % CI band, and the change points marked and
 * labelled with the change and the facts that changed there. Drawn once
 * on the canvas (canvas.h) and replayed as SVG, PNG or PDF.
 * Ownership: series and results are borrowed; a canvas returned belongs
 * to the caller (canvas_free); strings returned are the caller's.
 */
#ifndef BENCHREPORT_TRACK_CHART_H
#define BENCHREPORT_TRACK_CHART_H

#include "canvas.h"
#include "diag.h"
#include "strbuf.h"
#include "track.h"

/* The drawing of series se, width CSS pixels wide (320 to 4000). */
struct canvas *track_chart_canvas(const struct track_series *se, int width);
/*
 * Append the inline SVG of se to out (no XML declaration); ids inside it
 * start with id_prefix ([A-Za-z0-9_-]).
 */
void	 track_chart_svg(const struct track_series *se, int width,
	    const char *id_prefix, struct strbuf *out);
/* "NNN-title-system.EXT", stable and readable: lower-case [a-z0-9-]. */
char	*track_chart_file_name(const struct track_series *se, size_t index,
	    const char *ext);
/*
 * Write the chart of every series of r into directory dir (created when
 * missing) in format ("svg", "png" or "pdf"), each atomically. 0, or -1
 * with d naming the file.
 */
int	 track_chart_write_dir(const struct track_result *r, const char *dir,
	    const char *format, struct diag *d);

#endif
