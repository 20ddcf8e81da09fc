/* SPDX-License-Identifier: ISC */
/*
 * The one in-memory model of benchmark results. Every reader fills a
 * struct result_set; every writer, the store, the charts and diff read one.
 * Nothing here knows of any input format, of SQLite or of rendering.
 *
 * Ownership: a result_set owns every string and array reachable from it.
 * Setters copy their string arguments. result_set_free releases everything
 * and accepts NULL. Indices (value.system) refer into rs->systems.
 *
 * Missing data is absent, never 0: every optional number has a has_ flag.
 */
#ifndef BENCHREPORT_MODEL_H
#define BENCHREPORT_MODEL_H

#include <stdbool.h>
#include <stddef.h>

/* JSON export schema version: bump when docs/json-schema.md changes. */
#define MODEL_JSON_SCHEMA	2

enum proportion {
	PROP_NONE = 0,		/* no direction: no winner, no arrow */
	PROP_HIB,		/* higher is better */
	PROP_LIB,		/* lower is better */
	PROP_ABSTRACT		/* PTS "ABSTRACT": informative only */
};

enum display {
	DISPLAY_BAR = 0,	/* BAR_GRAPH and anything unknown */
	DISPLAY_LINE,		/* LINE_GRAPH: value is a series */
	DISPLAY_OTHER		/* pass/fail, image, box plot...: see display_raw */
};

/*
 * An ordered key/value pair list (keys may repeat). A pair's key and value
 * are one allocation, the value after the key's NUL: free the key alone
 * (kv_list_free does). A reader's tests carry every option of their job,
 * and one allocation per pair instead of two is a tenth of what the fio
 * text reader allocates.
 */
struct kv {
	char	*key;
	char	*value;		/* inside key's allocation */
};

struct kv_list {
	struct kv	*items;
	size_t		 len;
	size_t		 cap;
};

/* A normalised fact and where it came from (e.g. "field:Disk", "note:disk-details"). */
struct fact {
	char	*key;		/* one of the names in docs/json-schema.md */
	char	*value;		/* text; lists are JSON arrays as text */
	char	*source;	/* provenance */
};

struct fact_list {
	struct fact	*items;
	size_t		 len;
	size_t		 cap;
};

struct dbl_list {
	double	*v;
	size_t	 len;
	size_t	 cap;
};

struct str_list {
	char	**items;
	size_t	  len;
	size_t	  cap;
};

struct system {
	char		*identifier;	/* as shown: "Samsung 980 PRO 2TB", "RAID0" */
	/*
	 * Raw components, in source order: Processor, Motherboard, ..., OS,
	 * Kernel, Compiler, File-System. Keys are the source's own labels.
	 */
	struct kv_list	 fields;
	/*
	 * Notes: PTS System/JSON keys (disk-scheduler, security...) or the
	 * headings of OpenBenchmarking "Details" paragraphs.
	 */
	struct kv_list	 notes;
	/* Run metadata kept for round trips: User, TimeStamp, TestClientVersion... */
	struct kv_list	 meta;
	char		*notes_text;	/* free prose (PTS System/Notes) */
	char		*json_raw;	/* PTS System/JSON exactly as found, or NULL */
	struct fact_list normalized;	/* filled by meta_normalize (later issue) */
};

/*
 * The series that holds one run's completion latency histogram: x the
 * bins' values (fio's log-linear bins, usec), y their I/O counts, one
 * series per run in run order (src/ladder.h reads them).
 */
#define MODEL_HIST_SERIES	"clat_hist"

/* A time series attached to a value: fio logs, PTS line graphs. */
struct series {
	char		*name;		/* "bw", "iops", "clat", "frame time"... */
	char		*unit;		/* unit of y */
	char		*x_unit;	/* unit of x ("ms"), NULL when x is an index */
	struct dbl_list	 x;		/* empty when implicit 0..n-1 */
	struct dbl_list	 y;
};

struct value {
	size_t		 system;	/* index into result_set.systems */
	/*
	 * The value: the figure the source states (a PTS <Value>, a printed
	 * OpenBenchmarking number, a dd rate), else the mean of the runs.
	 * It is what is shown, charted, exported and diffed; the runs give
	 * SE, N, min and max, and their own mean (value_runs_mean) only
	 * where it differs from the stated figure.
	 */
	bool		 has_mean;
	double		 mean;
	bool		 has_se;
	double		 se;
	long		 n;		/* number of runs; 0 = unknown */
	bool		 has_min;
	double		 min;
	bool		 has_max;
	double		 max;
	struct dbl_list	 runs;		/* raw per-run values, when known */
	/*
	 * Exactly as the source wrote them, for display precision and
	 * byte-faithful round trips. NULL when the source had no such text.
	 */
	char		*value_text;	/* PTS <Value>: "1523.33", or a series */
	char		*raw_string;	/* PTS <RawString>: "1519:1530:1521" */
	char		*json_raw;	/* PTS Entry <JSON>, opaque */
	char		*note;		/* per-value note: "MIN: 9.7 / MAX: 10.1", "-lnuma" */
	char		*error;		/* why a run failed (empty Value) */
	struct series	*series;	/* array of nseries */
	size_t		 nseries;
};

struct test {
	char		*identifier;	/* "pts/fio-2.1.0"; may be "" */
	char		*title;		/* "Flexible IO Tester" */
	char		*app_version;	/* "3.33" */
	char		*arguments;	/* machine arguments: "randread io_uring 1 0 4k" */
	char		*description;	/* human arguments: "Type: Random Read - ..." */
	char		*unit;		/* "MB/s"; "" when the source left it empty */
	enum proportion	 proportion;
	char		*proportion_raw; /* as written, for round trips */
	enum display	 display;
	char		*display_raw;	/* "BAR_GRAPH", as written */
	char		*annotation;	/* PTS Result/Annotation, NULL when absent */
	char		*parent;	/* PTS Result/Parent hash, NULL when absent */
	struct str_list	 footnotes;	/* "(CC) gcc options: -O2" ... */
	/*
	 * Facts that define the test beyond its name, in source order: fio
	 * job options ("iodepth" = "8"), dd operands. Tests of the same name
	 * with different facts are different tests.
	 */
	struct kv_list	 facts;
	struct value	*values;	/* in source (bar) order */
	size_t		 nvalues;
	size_t		 capvalues;
};

struct result_set {
	char		*title;
	char		*description;
	char		*notes;		/* file-level notes */
	char		*generator;	/* "Phoronix Test Suite v10.8.4" */
	char		*last_modified;
	char		*source_url;	/* OpenBenchmarking URL, when known */
	char		*source_ref;	/* OpenBenchmarking ID: "2403215-PTS-SSDLINUX59" */
	char		*format;	/* reader that produced it: "pts-xml", "fio-json" */
	/*
	 * Other file-level fields kept verbatim for round trips
	 * (InternalTags, ReferenceID, PreSetEnvironmentVariables, view options).
	 */
	struct kv_list	 extra;
	/* Where a source was a file: set by the importer, not by readers. */
	char		*source_path;
	char		*source_sha256;
	struct system	*systems;
	size_t		 nsystems;
	size_t		 capsystems;
	struct test	*tests;
	size_t		 ntests;
	size_t		 captests;
};

/* Allocate an empty result set. Never NULL. */
struct result_set *result_set_new(void);
/* Release rs and everything it owns. NULL is fine. */
void	 result_set_free(struct result_set *rs);

/* Replace *dst by a copy of src (NULL allowed). */
void	 model_set_str(char **dst, const char *src);

/* Append a system with this identifier; returns its index. */
size_t	 result_set_add_system(struct result_set *rs, const char *identifier);
/* Index of the system with this identifier, or -1. */
long	 result_set_find_system(const struct result_set *rs, const char *identifier);
/*
 * The system a user named: the exact identifier, else the one identifier
 * equal to name ignoring ASCII case. -1 when none, -2 when several differ
 * only in case.
 */
long	 result_set_match_system(const struct result_set *rs, const char *name);
/* "A, B, C" of every identifier, cut with "..." to at most max bytes; free() it. */
char	*result_set_system_names(const struct result_set *rs, size_t max);
/* Append an empty test; returns a pointer valid until the next add_test. */
struct test *result_set_add_test(struct result_set *rs);
/*
 * Free the last test and everything it owns (streaming readers, once the
 * importer has stored it). No-op on a set without tests.
 */
void	 result_set_pop_test(struct result_set *rs);
/* Append an empty value for system index sys; pointer valid until next add. */
struct value *test_add_value(struct test *t, size_t sys);
/* The value of system index sys in t, or NULL. */
struct value *test_find_value(const struct test *t, size_t sys);
/* Release what v owns and leave it empty, for the same system. */
void	 value_clear(struct value *v);
/*
 * Deep copies for code that builds one set from others (merge): dst must
 * be empty (fresh from test_add_value / result_set_add_test).
 * value_copy copies everything but the system index; test_copy_info
 * copies everything but the values.
 */
void	 value_copy(struct value *dst, const struct value *src);
void	 test_copy_info(struct test *dst, const struct test *src);
/* Append a series to v; pointer valid until the next add. */
struct series *value_add_series(struct value *v, const char *name);

void	 kv_list_add(struct kv_list *l, const char *key, const char *value);
/* First value for key, or NULL. */
const char *kv_list_get(const struct kv_list *l, const char *key);
/* Set key (replace the first occurrence or append). */
void	 kv_list_set(struct kv_list *l, const char *key, const char *value);
void	 kv_list_free(struct kv_list *l);
/* Same keys and values in the same order. */
bool	 kv_list_equal(const struct kv_list *a, const struct kv_list *b);

void	 fact_list_set(struct fact_list *l, const char *key, const char *value,
	    const char *source);
const struct fact *fact_list_get(const struct fact_list *l, const char *key);
void	 fact_list_free(struct fact_list *l);

void	 dbl_list_add(struct dbl_list *l, double v);
void	 dbl_list_free(struct dbl_list *l);
void	 str_list_add(struct str_list *l, const char *s);
void	 str_list_free(struct str_list *l);

/* "HIB", "LIB", "ABSTRACT" or "" for a proportion; parse the reverse. */
const char *proportion_name(enum proportion p);
enum proportion proportion_parse(const char *s);
/* "BAR_GRAPH" style names for enum display; parse the reverse. */
const char *display_name(enum display d);
enum display display_parse(const char *s);

/*
 * Fill N, SE, min and max of v from v->runs when there are runs: N is
 * their count, SE the sample standard deviation over sqrt(N) (0 when
 * N = 1), min and max their extremes when there are two or more and the
 * source stated none. The mean is set to the runs' mean only when the
 * source stated no value (has_mean false): a stated value stays the value.
 * With no runs, leave what the source stated. Never invents.
 */
void	 value_compute_stats(struct value *v);
/*
 * The mean of v's raw runs in *out, when it has runs and that mean
 * differs from the value (v->mean) by more than printing noise; false
 * otherwise. The secondary figure shown beside a stated value.
 */
bool	 value_runs_mean(const struct value *v, double *out);
/*
 * v's value as the source printed it ("42.0", "440.01": the test's
 * precision) when that text is one plain number, else NULL. Borrowed.
 */
const char *value_stated_text(const struct value *v);

/*
 * The name of the PTS test profile a test title belongs to ("fio" for
 * "Flexible IO Tester"), from a table of the profiles' own titles; NULL
 * for a title not in it or shared by two profiles. Static storage.
 */
const char *test_profile_by_title(const char *title);
/*
 * The mean that statistics use: the runs' mean when there are runs (a
 * stated value may be rounded), else the value. Callers check has_mean.
 */
double	 value_stat_mean(const struct value *v);

#endif
