/* SPDX-License-Identifier: ISC */
/*
 * Input formats: a table of readers, detection from content (never from the
 * file name), and the safe way to open a user-named input.
 *
 * A new input format is one new file, parse-NAME.c, exporting
 * "const struct reader reader_NAME", plus one line READER(NAME) in
 * src/readers.def.
 *
 * Ownership: readers fill a caller-owned result_set; warnings are appended
 * to a caller-owned str_list.
 */
#ifndef BENCHREPORT_FORMAT_H
#define BENCHREPORT_FORMAT_H

#include <stddef.h>

#include "diag.h"
#include "model.h"

/* How many bytes of a file detection sees. */
#define FORMAT_HEAD_MAX	(64 * 1024)
/* Largest input a whole-file reader loads into memory. */
#define FORMAT_FILE_MAX	((size_t)512 * 1024 * 1024)

struct read_options {
	const char	*system_name;	/* --system: overrides host/dir names */
	struct str_list	*warnings;	/* readers append "file:line: text" here; may be NULL */
	/*
	 * --systems "A;B;C": system identifiers stated by the user, for
	 * formats whose text does not separate them (flattened exports).
	 */
	const char	*system_names;
	int		 strict;	/* --strict: refuse anything ambiguous */
	/* What the store records as the file's path (an upload's name); NULL: the path. */
	const char	*source_name;
};

/*
 * Where a streaming reader hands over each complete test: test_done(rs,
 * arg, d) is called with that test the last of rs->tests, naming only
 * systems already in rs->systems (which may still gain fields, notes or
 * meta later). On 0 the reader frees the test (result_set_pop_test) and
 * reads on, so memory follows one test, not the file; on -1 the read
 * stops and returns -1 with d as test_done filled it. The set's own
 * fields and its systems are complete only when the read returns.
 */
struct read_stream {
	int	(*test_done)(struct result_set *rs, void *arg, struct diag *d);
	void	*arg;
};

struct reader {
	const char	*name;		/* "pts-xml": stored as the source format */
	const char	*summary;	/* one line for `benchreport formats` */
	/*
	 * Score how likely head (the first len bytes of the file, NUL
	 * terminated, at most FORMAT_HEAD_MAX) is this format: 0 = not at
	 * all, 100 = certain. path is for context only.
	 */
	int		(*detect)(const char *head, size_t len);
	/* Parse path into rs. Return 0, or -1 with d filled (file, line). */
	int		(*read)(const char *path, const struct read_options *opt,
			    struct result_set *rs, struct diag *d);
	/*
	 * Optional: read, handing each test over as it completes (struct
	 * read_stream). NULL for readers that build the whole set; the
	 * importer then stores what read returns.
	 */
	int		(*read_stream)(const char *path,
			    const struct read_options *opt,
			    const struct read_stream *stream,
			    struct result_set *rs, struct diag *d);
};

/* NULL-terminated table of every reader, in detection priority order. */
extern const struct reader *const format_readers[];

/* The reader called name, or NULL. */
const struct reader *format_find(const char *name);
/* The name of the i-th reader, NULL past the last (a choice list). */
const char *format_reader_name(size_t i);
/*
 * Check that path names a regular file we may read (no device nodes,
 * FIFOs or directories) and detect its format. Returns the reader or NULL
 * with d filled ("unrecognised format", "empty file", ...).
 */
const struct reader *format_detect_file(const char *path, struct diag *d);
/*
 * Detect and read path into rs, and record rs->format, rs->source_path and
 * rs->source_sha256. Returns 0 or -1 with d filled.
 */
int	 format_read_file(const char *path, const struct read_options *opt,
	    struct result_set *rs, struct diag *d);
/* As format_read_file, but with reader r instead of detection (--format). */
int	 format_read_file_as(const struct reader *r, const char *path,
	    const struct read_options *opt, struct result_set *rs,
	    struct diag *d);
/*
 * Read a whole regular file into memory (NUL-terminated, *len excludes the
 * NUL), refusing non-regular files and files over FORMAT_FILE_MAX.
 * Returns a buffer to free() or NULL with d filled.
 */
char	*format_slurp(const char *path, size_t *len, struct diag *d);
/*
 * A PTS result directory (one holding a regular composite.xml) stands for
 * that file: "DIR/composite.xml" to free(), or NULL for any other path.
 */
char	*format_result_dir_file(const char *path);
/* Hex SHA-256 of the file's bytes into out[65]. Returns 0 or -1 with d. */
int	 format_sha256_file(const char *path, char out[65], struct diag *d);
/* The SHA-256 of text (without its NUL) as 64 hex digits and a NUL. */
void	 format_sha256_text(const char *text, char out[65]);
/*
 * Build the tree of an HTML page (len bytes of UTF-8) with libxml2 and
 * options: no network, never a DTD. Where the tree builder stops at its
 * depth limit, the rest of the page is not read: that is said as a
 * warning at the element's line. Returns the document (xmlFreeDoc) or
 * NULL with d filled.
 */
struct _xmlDoc *format_html_read(const char *buf, size_t len, const char *path,
	    int options, const struct read_options *opt, struct diag *d);
/* Append "path:line: text" to opt->warnings when it is not NULL. */
void	 format_warn(const struct read_options *opt, const char *path,
	    long line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
