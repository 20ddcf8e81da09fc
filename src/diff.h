/* SPDX-License-Identifier: ISC */
/*
 * Comparing two result sets: tests matched by identity, systems paired by
 * identifier (or a map, or one chosen system per side), and per matched
 * value the change, Welch's t-test, Holm's correction and a verdict; then
 * a summary (counts, geometric mean of ratios) and the facts that differ
 * between compared systems. diff.c computes; diff-text.c, diff-json.c and
 * diff-html.c render the same struct diff.
 * Ownership: a struct diff borrows both result sets and the option strings
 * (they must outlive it) and owns everything else; diff_free accepts NULL.
 */
#ifndef BENCHREPORT_DIFF_H
#define BENCHREPORT_DIFF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"
#include "model.h"
#include "stats.h"
#include "stats-power.h"
#include "strbuf.h"

/* Version of the --format json document: bump when docs/diff-json.md changes. */
#define DIFF_JSON_SCHEMA	1

enum diff_verdict {
	DIFF_BETTER = 0,	/* significant, in the good direction */
	DIFF_WORSE,		/* significant, in the bad direction */
	DIFF_SAME,		/* no significant change */
	DIFF_CHANGED,		/* significant, but the test has no direction */
	DIFF_UNTESTABLE,	/* see diff_row.why */
	DIFF_EQUIVALENT,	/* --equivalence: TOST shows |change| < the margin */
	DIFF_INCONCLUSIVE,	/* --equivalence: neither significant nor equivalent */
	DIFF_NVERDICTS
};

/* --map OLD=NEW: system OLD of side A is compared with NEW of side B. */
struct diff_map {
	const char	*old_id;
	const char	*new_id;
};

struct diff_opts {
	double			 alpha;		/* significance level, 0.05 */
	bool			 correction;	/* Holm across the whole diff */
	double			 threshold_pct;	/* minimum |% change| worth reporting */
	const struct diff_map	*map;
	size_t			 nmap;
	const char		*system_a;	/* compare only this system of A */
	const char		*system_b;	/* ... with only this one of B */
	const char		*label_a;	/* how the user named A, for display */
	const char		*label_b;
	double			 equivalence_pct; /* margin, % of mean A; 0: off */
	double			 power;		/* of the detectable effect, 0.8 */
};

/* A pair of compared systems: indexes into a->systems and b->systems. */
struct diff_pair {
	size_t	a;
	size_t	b;
};

struct diff_row {
	size_t			 test_a;	/* index into a->tests */
	size_t			 test_b;	/* index into b->tests */
	size_t			 pair;		/* index into diff.pairs */
	const struct value	*va;		/* NULL when A has no entry */
	const struct value	*vb;
	bool			 has_change;	/* both means known */
	double			 change;	/* mean B - mean A, in the test's unit */
	bool			 has_pct;	/* mean A is not 0 */
	double			 pct;		/* change / |mean A| * 100 */
	int			 sign;		/* +1 B better, -1 B worse, 0 equal or no direction */
	struct welch		 welch;
	bool			 has_p_adj;
	double			 p_adj;		/* Holm-adjusted p (= p without correction) */
	bool			 has_ci;	/* CI of pct at level 1 - alpha */
	double			 ci_lo_pct, ci_hi_pct;
	struct mwu		 mwu;		/* ok only when both sides have >= 2 runs */
	double			 mwu_min_p;	/* smallest p the U test can reach */
	bool			 has_mde;
	double			 mde_pct;	/* minimum detectable effect, % of mean A */
	struct tost		 tost;		/* ok only with --equivalence */
	enum diff_verdict	 verdict;
	const char		*why;		/* static: why untestable, or a qualifier */
};

/* A normalised fact whose value differs between the systems of a pair. */
struct diff_fact {
	size_t	 pair;
	char	*key;
	char	*value_a;
	char	*value_b;
	/*
	 * Each system's name states its value (raid_mode "single" of
	 * "Single" against "raid1" of "RAID1"): the difference compared,
	 * information rather than a hidden dimension.
	 */
	bool	 named;
};

struct diff {
	const struct result_set	*a, *b;
	struct diff_opts	 opts;
	struct diff_pair	*pairs;
	size_t			 npairs;
	size_t			*sys_only_a;	/* systems of A not compared */
	size_t			 nsys_only_a;
	size_t			*sys_only_b;
	size_t			 nsys_only_b;
	struct diff_row		*rows;		/* test order of A, then pairs */
	size_t			 nrows;
	size_t			*only_a;	/* tests of A with no match in B */
	size_t			 nonly_a;
	size_t			*only_b;
	size_t			 nonly_b;
	size_t			 ntested;	/* rows with a Welch p-value */
	size_t			 counts[DIFF_NVERDICTS];
	struct geomean		 geomean;	/* of B/A ratios, > 1 means B is better */
	struct diff_fact	*facts;
	size_t			 nfacts;
};

/* Defaults: alpha 0.05, Holm on, no threshold, no map, no chosen systems. */
void	 diff_opts_init(struct diff_opts *o);

/*
 * Compare a (old) with b (new). Returns 0 with *out (diff_free it), or -1
 * with d filled when the options name a system that does not exist or no
 * system can be paired.
 */
int	 diff_compute(const struct result_set *a, const struct result_set *b,
	    const struct diff_opts *o, struct diff **out, struct diag *d);
void	 diff_free(struct diff *df);

/*
 * True when the diff should fail (exit status 1). With regressions_only
 * false: any significant difference. Otherwise: a significant regression
 * whose |% change| exceeds above_pct (0 = any). Under --equivalence a
 * value neither significant nor shown equivalent (inconclusive) fails
 * too, so a gate never passes what the runs could not have seen.
 */
bool	 diff_fails(const struct diff *df, bool regressions_only,
	    double above_pct);

/* How many of df's facts are hidden dimensions (not stated by the names). */
size_t	 diff_hidden_count(const struct diff *df);
/*
 * "better", "worse", "no significant change", "changed", "not testable",
 * "equivalent", "inconclusive".
 */
const char *diff_verdict_name(enum diff_verdict v);
/* Machine name: "better", "worse", "same", "changed", "untestable", ... */
const char *diff_verdict_key(enum diff_verdict v);
/*
 * r's verdict in words with what qualifies it: "no change beyond +/-9.1 %
 * detectable", "equivalent within +/-2 %", "inconclusive (MDE 9.1 %)".
 * pm is the plus-minus sign to use ("\u00b1" or "+/-"). free() it.
 */
char	*diff_verdict_text(const struct diff *df, const struct diff_row *r,
	    const char *pm);
/*
 * The change in words, never a bare sign: "16.3% higher", "11.5% lower",
 * "no change", or the signed difference when mean A is 0 ("+5 (A is 0)").
 * decimals: digits after the point of the percentage.
 */
void	 diff_format_change(const struct diff_row *r, int decimals, char *buf,
	    size_t size);
/* "p (Holm)" or "p" (--no-correction): the label of p_adj. */
const char *diff_p_label(const struct diff *df);
/*
 * Why r's Mann-Whitney p cannot reach alpha with its runs, or NULL:
 * "Mann-Whitney cannot reach p < 0.05 with 3+3 runs (its smallest p is
 * 0.100)". free() it.
 */
char	*diff_mwu_notice(const struct diff *df, const struct diff_row *r);
/* "Title AppVersion: description (unit)" for t; free() the result. Raw text. */
char	*diff_test_label(const struct test *t);
/* A number for display: 6 significant digits, or "-" when absent. */
void	 diff_format_num(bool has, double v, char *buf, size_t size);
/*
 * v's value for display: the source's own text when it is a number (its
 * precision: "42.0"), else diff_format_num of the mean.
 */
void	 diff_format_value(const struct value *v, char *buf, size_t size);
/* A standard error for display: 3 significant digits, no exponent. */
void	 diff_format_se(double se, char *buf, size_t size);

/*
 * Text outputs (diff-text.c). color adds ANSI colours (the words carry the
 * meaning); test names wrap at term_width columns (0: never).
 */
void	 diff_text_write(const struct diff *df, FILE *fp, bool color,
	    int term_width);
/* GitHub-flavoured Markdown, for pull-request comments. */
void	 diff_text_markdown(const struct diff *df, FILE *fp);

/* The JSON document of docs/diff-json.md (diff-json.c). 0, or -1 with d. */
int	 diff_json_write(const struct diff *df, FILE *fp, struct diag *d);

/*
 * HTML (diff-html.c). diff_html_section appends a <section class="diff">
 * (no <style>; classes documented in docs/diff-json.md) for embedding in a
 * page; diff_html_css appends the CSS it needs; diff_html_write writes a
 * standalone page. Every string from the sets is escaped.
 */
void	 diff_html_section(const struct diff *df, struct strbuf *sb);
/*
 * The same section when nothing is compared: what A and B are and why
 * (why: raw text, "A and B have no system in common"). Labels may be NULL.
 */
void	 diff_html_none(const struct result_set *a, const struct result_set *b,
	    const char *label_a, const char *label_b, const char *why,
	    struct strbuf *sb);
void	 diff_html_css(struct strbuf *sb);
int	 diff_html_write(const struct diff *df, FILE *fp, struct diag *d);
/*
 * The diff chart alone: an <svg> element (% change per value, confidence
 * whiskers, verdict in words) appended to sb; returns the number of values
 * drawn (0: a one-line "nothing to chart" image). diff_html_write_svg
 * writes it as a standalone SVG file.
 */
size_t	 diff_html_svg(const struct diff *df, struct strbuf *sb);
int	 diff_html_write_svg(const struct diff *df, FILE *fp, struct diag *d);

#endif
