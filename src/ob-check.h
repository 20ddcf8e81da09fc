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
/*
 * The steps one document may take to read, over all its searches (each
 * says in ob-split.h or ob-fields.h what a step is); past them it is
 * refused. The most a real export takes is docs/ob-text.md's.
 */
#define OB_DOC_STEPS	20000000UL

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
	unsigned long		 left;		/* of OB_DOC_STEPS */
};

/*
 * Refuse the document at line, whose reading of what (and its quoted name,
 * when not NULL) spent the steps (t->left is 0); returns -1.
 */
int	 ob_check_spent(struct tdoc *t, long line, const char *what,
	    const char *name);
/* Text of value j (chart order) of reading ci of c; caller frees. */
char	*ob_check_cand_value(const struct tchart *c, size_t ci, size_t j);
/*
 * Narrow every chart's readings until no check narrows more: the overview
 * line's value run ovv (NULL: none; one disagreeing row set aside, A9;
 * rows' stored precision fixed; readings kept that the whole overview
 * reads with) and fio's MB/s-IOPS pairs by their block size. Returns 0,
 * or -1 when the steps are spent (the document refused, ob_check_spent).
 */
int	 ob_check_values(struct tdoc *t, const char *ovv);

#endif
