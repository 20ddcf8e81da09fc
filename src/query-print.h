/* SPDX-License-Identifier: ISC */
/*
 * Printing fact queries for `systems --all` and `systems --test`: one
 * tab-separated line per system (or per result) with its normalised
 * columns, and optionally every fact with its provenance. Text from
 * input files is neutralised before it reaches the terminal.
 * Ownership: everything is borrowed.
 */
#ifndef BENCHREPORT_QUERY_PRINT_H
#define BENCHREPORT_QUERY_PRINT_H

#include <stdbool.h>
#include <stdio.h>

#include "query.h"

/*
 * Print every stored system matching w to fp: a header line, then
 * SET, SYS, IDENTIFIER and the normalised columns; with provenance, each
 * system's facts follow as indented "key value (source)" lines. Returns
 * the number of systems printed, or -1 with d filled.
 */
long	 query_print_systems(FILE *fp, struct store *st, const struct query_where *w,
	    bool provenance, struct diag *d);
/*
 * Print every result of a system matching w in a test matching all words
 * of terms: SET, SYS, IDENTIFIER, TEST, VALUE, UNIT and the system's
 * normalised columns. Returns the number of results, or -1 with d filled.
 */
long	 query_print_results(FILE *fp, struct store *st, const struct query_where *w,
	    const struct str_list *terms, struct diag *d);
/* Print the facts of one system as indented "key value (source)" lines. */
void	 query_print_facts(FILE *fp, const struct fact_list *facts,
	    bool provenance);

#endif
