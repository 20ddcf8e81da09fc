/* SPDX-License-Identifier: ISC */
/*
 * The flattened-text reader's working state, shared by its two files:
 * parse-ob-text.c (document structure, names, notes, building the result
 * set) and ob-check.c (cross-checks that narrow a chart's readings: the
 * overview line and fio's MB/s-IOPS pairs).
 *
 * Ownership: a struct tdoc owns its paragraphs and charts; ob-check only
 * narrows the candidates the charts already hold.
 */
#ifndef BENCHREPORT_OB_CHECK_H
#define BENCHREPORT_OB_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "format.h"
#include "model.h"
#include "ob-split.h"

#define OB_MAX_TICKS	8

struct para {
	char	*s;
	long	 line;
};

struct tse {
	char	*se;
	long	 n;
};

struct tchart {
	const struct para *title_p, *chart_p;
	const char	*title, *args;
	char		*unit, *version;
	enum proportion	 prop;
	const char	*rest;		/* after the arguments, in chart_p->s */
	size_t		 tstart[OB_MAX_TICKS], tend[OB_MAX_TICKS];
	double		 tlast[OB_MAX_TICKS];
	size_t		 nticks, tick;	/* options, the one chosen */
	char		*names_run;
	long		 count;		/* values when the run has decimals, else -1 */
	struct tse	*se;
	size_t		 nse;
	char		*vrun, *notes, *foot;
	size_t		*order, k;	/* systems in chart order */
	bool		 placed;
	struct ob_cands	 cands;
	char		*ambiguous;
	int		 ovdec;		/* decimals of its overview row, -1 unknown */
	bool		 ovfree;	/* its overview row disagrees: not evidence */
	size_t		 ex_lo, ex_hi;	/* paragraphs after the chart */
};

struct tdoc {
	const char		*path;
	const struct read_options *opt;
	struct para		*p;
	size_t			 np;
	size_t			 iexport;
	struct tchart		*c;
	size_t			 nc;
	char			*names_t;	/* table-order names run */
	struct ob_names		 names;
	struct result_set	*rs;
	struct diag		*d;
};

/* Text of value j (chart order) of reading ci of c; caller frees. */
char	*ob_check_cand_value(const struct tchart *c, size_t ci, size_t j);
/*
 * Narrow every chart's readings with the overview line's value run ovv:
 * set aside one disagreeing row (A9), fix rows' stored precision, keep the
 * readings the whole overview can be read with.
 */
void	 ob_check_overview(struct tdoc *t, const char *ovv);
/* Narrow fio MB/s and IOPS charts of one run with the block size. */
void	 ob_check_siblings(struct tdoc *t);

#endif
