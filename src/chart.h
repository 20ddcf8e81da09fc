/* SPDX-License-Identifier: ISC */
/*
 * Charts of a result set: the OpenBenchmarking-style horizontal bar chart
 * per test (value, +/-1 SE whisker, "SE +/- x, N = n"), line charts for
 * line-graph results and value series (fio logs), and an overview chart
 * (geometric mean of relative performance). Rendered as SVG text into a
 * strbuf, or written as SVG, PNG (1x/2x) or PDF files. Reads src/model.h
 * only; never prints, fills a struct diag on error.
 *
 * Ownership: the result set and options are borrowed; functions returning
 * char * give a string to free(); chart_list gives an array to free().
 * Output is deterministic: the same data and options give the same bytes.
 */
#ifndef BENCHREPORT_CHART_H
#define BENCHREPORT_CHART_H

#include <stdbool.h>
#include <stddef.h>

#include <libxml/tree.h>

#include "diag.h"
#include "model.h"
#include "strbuf.h"

#define CHART_DEFAULT_WIDTH	800	/* CSS pixels */
#define CHART_MIN_WIDTH		320
#define CHART_MAX_WIDTH		4000

enum chart_format {
	CHART_SVG = 0,
	CHART_PNG,
	CHART_PDF
};

enum chart_kind {
	CHART_TEST = 0,		/* bar chart, or line chart for DISPLAY_LINE */
	CHART_SERIES,		/* line chart of the values' series named .series */
	CHART_OVERVIEW		/* geometric mean of relative performance */
};

/* Which chart of a result set. */
struct chart_id {
	enum chart_kind	 kind;
	size_t		 test;		/* index into rs->tests (TEST, SERIES) */
	const char	*series;	/* series name (SERIES); borrowed */
};

struct chart_opts {
	int		 width;		/* CSS pixels; 0 = CHART_DEFAULT_WIDTH */
	bool		 sort;		/* bars best first instead of set order */
	int		 scale;		/* PNG pixels per CSS pixel: 1 or 2; 0 = 1 */
	/*
	 * Prefix of the ids inside an SVG (clip paths), so that several charts
	 * inlined in one HTML page never clash. NULL = one per chart of a set
	 * ("chart-overview", "chart-t3", "chart-t3-bw"); give distinct
	 * prefixes to charts of different sets. Only [A-Za-z0-9_-] are kept.
	 */
	const char	*id_prefix;
	/* Provenance shown in the footer; NULL = rs->source_url, else the base name of rs->source_path. */
	const char	*source;
	/* Emit the <?xml ...?> declaration (standalone files); false when inlining. */
	bool		 xml_decl;
	/*
	 * Draw the unit line and the plot, without the title, arguments,
	 * footnotes and provenance: for a page that states them around the
	 * chart as text (and wraps them to the reader's width).
	 */
	bool		 bare;
};

/* Fill o with the defaults (800 px, set order, scale 1, no XML declaration). */
void	 chart_opts_init(struct chart_opts *o);

/*
 * Every chart of rs in a stable order: the overview first (when
 * chart_overview_possible), then per test its chart and one SERIES chart
 * per distinct series name of its values (unless an earlier test has the
 * very same series). Tests that cannot be charted
 * (DISPLAY_OTHER, no value at all) are left out. Returns the count;
 * *out (free() it; may be NULL when 0) borrows series names from rs.
 */
size_t	 chart_list(const struct result_set *rs, struct chart_id **out);

/* True when the overview can be drawn: >= 2 systems and >= 1 test that every system has with a direction. */
bool	 chart_overview_possible(const struct result_set *rs);
/* True when test ti gets a CHART_TEST chart. */
bool	 chart_test_possible(const struct result_set *rs, size_t ti);

struct canvas;

/*
 * The drawing of chart id as a canvas (CSS pixels), for callers that
 * place several charts on one surface (the review PDF). canvas_free() it.
 * NULL with d when there is nothing to draw.
 */
struct canvas *chart_canvas(const struct result_set *rs,
	    const struct chart_id *id, const struct chart_opts *o,
	    struct diag *d);

/*
 * Append the SVG of chart id to out. 0, or -1 with d (nothing to draw,
 * bad index, layout failure); out may then hold a partial document.
 */
int	 chart_svg(const struct result_set *rs, const struct chart_id *id,
	    const struct chart_opts *o, struct strbuf *out, struct diag *d);
/*
 * Append chart id as HTML (chart-html.c) when it is a bar chart (a test's
 * or the overview): 0. 1 when it is a line chart, which has no HTML form
 * (nothing appended); -1 with d when there is nothing to draw.
 */
int	 chart_html(const struct result_set *rs, const struct chart_id *id,
	    const struct chart_opts *o, struct strbuf *out, struct diag *d);
/* Shorthands for chart_svg: test ti (bar or line), and the overview. */
int	 chart_test_svg(const struct result_set *rs, size_t ti,
	    const struct chart_opts *o, struct strbuf *out, struct diag *d);
int	 chart_overview_svg(const struct result_set *rs,
	    const struct chart_opts *o, struct strbuf *out, struct diag *d);

/*
 * Write chart id to path in format f, atomically (temp file + rename).
 * PNG is o->scale times the CSS size. 0, or -1 with d naming the path.
 */
int	 chart_write(const struct result_set *rs, const struct chart_id *id,
	    enum chart_format f, const char *path, const struct chart_opts *o,
	    struct diag *d);
struct outfile_batch;

/*
 * chart_write for a chart already drawn by chart_canvas with the same
 * options, so that one drawing serves several files. With batch (may be
 * NULL) the file is left under its temporary name in batch, for
 * outfile_batch_commit (one sync for many files).
 */
int	 chart_write_canvas(const struct canvas *c, const struct chart_id *id,
	    enum chart_format f, const char *path, const struct chart_opts *o,
	    struct outfile_batch *batch, struct diag *d);

/*
 * Stable, readable file name of chart id, with the format's extension:
 * "overview.svg", "flexible-io-tester-3-36-random-read-io-uring-yes-4kb-32-
 * default-test-directory-iops.png". Built from title, version, arguments
 * (when too long, only their values: "Block Size: 4KB" gives "4kb") and
 * unit, lower case [a-z0-9-] only, at most 120 characters before the
 * extension (long arguments keep words from both ends); a test whose name repeats an
 * earlier test's gets "-2", "-3"... Same set, same names. free() it.
 */
char	*chart_file_name(const struct result_set *rs, const struct chart_id *id,
	    enum chart_format f);

/*
 * chart_file_name of each of the n ids at once, in linear time (a set of
 * thousands of tests would make n separate calls quadratic). Returns an
 * array of n strings; free() each and the array.
 */
char	**chart_file_names(const struct result_set *rs,
	    const struct chart_id *ids, size_t n, enum chart_format f);

/* "svg", "png", "pdf"; and the reverse (-1 when unknown). */
const char *chart_format_ext(enum chart_format f);
int	 chart_format_parse(const char *s);

#endif
