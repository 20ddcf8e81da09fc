/* SPDX-License-Identifier: ISC */
/*
 * What the pieces of an OpenBenchmarking "HTML result view" export mean,
 * for the flattened-text and the HTML reader: each cuts the document its
 * own way and hands the pieces here, so the two readings of one export
 * agree by construction.
 *
 * Ownership: every function copies what it keeps into the caller's
 * result_set or into out-parameters the caller frees.
 */
#ifndef BENCHREPORT_OB_SEGMENT_H
#define BENCHREPORT_OB_SEGMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

#define OB_WATERMARK	"OpenBenchmarking.org"
#define OB_EXPORT_LINE	"HTML result view exported from: "
#define OB_TRAILER	"Phoronix Test Suite v"

/* One chart's per-system reading, in chart (bar) order. */
struct ob_bar {
	long	 system;	/* index into rs->systems */
	char	*value_text;	/* printed value, NULL when unknown */
	char	*se_text;	/* printed SE, NULL when unknown */
	long	 n;		/* runs, 0 when unknown */
	char	*note;		/* row note, NULL when none or unattributable */
	char	*ambiguous;	/* why the value is not certain, or NULL */
};

/* Record the export URL, its result ID and view options; -1: no ID. */
int	 ob_segment_url(struct result_set *rs, const char *url);
/* "UNIT, More Is Better...": *unit (a copy), *prop, the rest; or NULL. */
const char *ob_segment_head(const char *s, char **unit, enum proportion *prop);
/* Parse a whole "SE +/- x, N = n": 0 with a copy of x in *se_text, or -1. */
int	 ob_segment_se(const char *s, char **se_text, long *n);
/*
 * The version ("" when none) in s = title + version (+ args, glued, when
 * args is not NULL; "" when empty), a copy; NULL when s does not start
 * with title. *after (when not NULL) gets the position after the version.
 */
char	*ob_segment_version(const char *s, const char *title, const char *args,
	    const char **after);
/* The longest system name at s followed by ':' or ',': its length, or 0. */
size_t	 ob_segment_system_at(const struct result_set *rs, const char *s);
/* A "<Section> Details" entry, "- NAME[, NAME]: value" or "- value". */
void	 ob_segment_note(struct result_set *rs, const char *section,
	    const char *entry);
/* A failed run "NAME: reason": the system's index and *reason, or -1. */
long	 ob_segment_failed(const struct result_set *rs, const char *s,
	    const char **reason);
/* Add a footnote "1. (CC) gcc options: ..." to t, without its number. */
void	 ob_segment_footnote(struct test *t, const char *s, size_t len);
/*
 * Fill t's values from bars (chart order) in table order: "MIN: a / MAX:
 * b" notes give min and max, an ambiguous bar no mean but value.error.
 */
void	 ob_segment_values(struct test *t, const struct ob_bar *bars,
	    size_t nbars);
/* Release the strings of nbars bars (not the array). */
void	 ob_segment_bars_free(struct ob_bar *bars, size_t nbars);
/*
 * The PTS profile names of the flattened overview's rows: s (len bytes,
 * between the title and the names) is "name: arguments" rows glued, one
 * per chart (titles[i] chart i's title); names[i] gets a copy of its row's
 * name, or stays NULL when the text does not settle it (docs/pts-xml.md).
 */
void	 ob_segment_overview_names(const char *s, size_t len,
	    const char *const *titles, size_t n, char **names);
/* The name of an overview row of its own ("fio: Rand Read"): "fio", or NULL. */
char	*ob_segment_row_name(const char *s);
/*
 * Record the n tests' overview names (names[i], NULL when unknown) as the
 * extra "ob-test-profiles", from title to name (docs/pts-xml.md).
 */
void	 ob_segment_profiles(struct result_set *rs, char *const *names,
	    size_t n);
/* True when the text is a number as printed in a chart: 12, 0.161, 1841.0 */
bool	 ob_segment_is_number(const char *s, size_t len);

#endif
