/* SPDX-License-Identifier: ISC */
/*
 * What an OpenBenchmarking "HTML result view" export means, shared by the
 * flattened-text reader and the HTML reader: the export URL, the chart
 * heading ("MB/s, More Is Better"), SE strings, Details notes, per-system
 * row notes, footnotes and failed-run lines. Both readers cut the document
 * into these pieces their own way and hand them here, so the two readings
 * of one export agree by construction.
 *
 * Ownership: every function copies what it keeps into the caller's
 * result_set or into caller-provided out-parameters the caller frees.
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

/*
 * Record the export URL: rs->source_url, the OpenBenchmarking ID into
 * rs->source_ref, and each view option ("&grs") as an rs->extra entry
 * "ob-view-option". Returns 0, or -1 when the URL has no result ID.
 */
int	 ob_segment_url(struct result_set *rs, const char *url);
/*
 * Split a chart heading "UNIT, More Is Better..." at the direction phrase:
 * *unit gets a copy of the unit, *prop the direction, and the return value
 * points just past the phrase. NULL when no direction phrase is present.
 */
const char *ob_segment_head(const char *s, char **unit, enum proportion *prop);
/*
 * Parse one complete "SE +/- x, N = n" string (nothing after n). Returns 0
 * and a copy of x in *se_text, or -1.
 */
int	 ob_segment_se(const char *s, char **se_text, long *n);
/*
 * Parse a chart title "TITLE VERSION" against the h2 title: returns a copy
 * of the version ("" when none), or NULL when s does not start with title.
 * args: NULL when s is a label of its own (HTML); else the arguments line
 * glued after the version ("" when empty: the names follow). *after, when
 * not NULL, receives the position after the version.
 */
char	*ob_segment_version(const char *s, const char *title, const char *args,
	    const char **after);
/*
 * One entry of a "<Section> Details" block: "- NAME[, NAME]: value" for the
 * systems named, otherwise "- value" for every system. Adds the note
 * "<Section> Details" to each system concerned.
 */
void	 ob_segment_note(struct result_set *rs, const char *section,
	    const char *entry);
/*
 * A paragraph after a chart: "NAME: reason" for a known system (a failed
 * run) returns that system's index and sets *reason to point into s;
 * anything else returns -1.
 */
long	 ob_segment_failed(const struct result_set *rs, const char *s,
	    const char **reason);
/*
 * Add a footnote "1. (CC) gcc options: ..." to t, without its number.
 */
void	 ob_segment_footnote(struct test *t, const char *s, size_t len);
/*
 * Fill t's values from bars (chart order), stored in table (system) order;
 * a "MIN: a / MAX: b" note also fills min and max. An ambiguous bar gets
 * no mean and its reason in value.error. Takes nothing from bars.
 */
void	 ob_segment_values(struct test *t, const struct ob_bar *bars,
	    size_t nbars);
/* Release the strings of nbars bars (not the array). */
void	 ob_segment_bars_free(struct ob_bar *bars, size_t nbars);
/*
 * The PTS profile names of the overview table's rows, flattened: s (len
 * bytes, the rows after the file's title, before the systems' names) is
 * "dbench: 12fio: Rand Read - ...", one "name: arguments" row per chart,
 * glued together. titles[i] is chart i's title; names[i] receives a copy
 * of its row's name, or NULL when the text does not settle it (nothing is
 * set when the rows are not n). A name is the run of lower-case letters,
 * digits and "-_." before ": ", starting with a letter; a run glued to
 * lower-case text is settled by the other rows of the same title (their
 * common end), or else by the title itself ("cockroach" of CockroachDB).
 */
void	 ob_segment_overview_names(const char *s, size_t len,
	    const char *const *titles, size_t n, char **names);
/*
 * The name of one overview row of its own ("fio: Rand Read - 4KB", as the
 * HTML has them): a copy of "fio", or NULL when s is not such a row.
 */
char	*ob_segment_row_name(const char *s);
/*
 * Record the overview's name of each of the n tests of rs (names[i] for
 * rs->tests[i], NULL when unknown) as the extra field "ob-test-profiles",
 * a JSON object from test title to name; a title given two names is left
 * out. The model's test identifier stays what the source states: the
 * pts-xml writer derives "pts/NAME" from this (docs/pts-xml.md).
 */
void	 ob_segment_profiles(struct result_set *rs, char *const *names,
	    size_t n);
/* True when the text is a number as printed in a chart: 12, 0.161, 1841.0 */
bool	 ob_segment_is_number(const char *s, size_t len);

#endif
