/* SPDX-License-Identifier: ISC */
#ifndef BENCHREPORT_TRACK_CHART_H
#define BENCHREPORT_TRACK_CHART_H
#include "diag.h"
#include "track.h"
int	 track_chart_write_dir(const struct track_result *r, const char *dir,
	    const char *format, struct diag *d);
#endif
