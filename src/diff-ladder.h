/* SPDX-License-Identifier: ISC */
/*
 * Latency ladders in a diff and on their own: for every compared value
 * whose both sides carry run histograms, the two ladders and their
 * ratios (src/ladder.h), as text and as JSON.
 *
 * Ownership: functions returning struct json_object * transfer one
 * reference to the caller; everything else borrows.
 */
#ifndef BENCHREPORT_DIFF_LADDER_H
#define BENCHREPORT_DIFF_LADDER_H

#include <stdio.h>

#include <json-c/json.h>

#include "diff.h"
#include "ladder.h"

/*
 * The "Latency ladders" section of a text diff: nothing when no compared
 * value has histograms on both sides.
 */
void	 diff_ladder_text(const struct diff *df, FILE *fp);
/* The "latency_ladders" array of a JSON diff (empty when none). */
struct json_object *diff_ladder_json(const struct diff *df);

/*
 * One ladder as text lines (indented by two spaces, one rung a line) and
 * as a JSON object: runs, I/Os, mean, interval method and seed, rungs
 * with value and interval or "not estimable" and the I/Os needed.
 */
void	 diff_ladder_print(const struct ladder *l, FILE *fp);
struct json_object *diff_ladder_to_json(const struct ladder *l);

#endif
