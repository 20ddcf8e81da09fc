/* SPDX-License-Identifier: ISC */
/*
 * run --steady-state N: each test repeats its rounds until the SNIA
 * steady-state rule (src/steady.c) holds over the IOPS of its last
 * rounds, or N rounds ran; the verdict is the IOPS value's note
 * ("steady state (SNIA): rounds 3-7 of 7" or "... not reached in 25
 * rounds"), and the rounds stay as the value's runs, so `steady` and
 * `chart` show them.
 *
 * Ownership: everything is borrowed.
 */
#ifndef BENCHREPORT_RUN_STEADY_H
#define BENCHREPORT_RUN_STEADY_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"
#include "run-profile.h"

#define RUN_STEADY_MIN	5	/* rounds in the window: the least cap */

/*
 * After round `rounds` (from 1) of test t on system sys: true when steady
 * state holds over its IOPS rounds so far (stop repeating). Records the
 * verdict when it holds or when rounds reaches max.
 */
bool	 run_steady_round(struct result_set *rs, size_t sys,
	    const struct run_settings *s, const struct run_test *t,
	    unsigned rounds, unsigned max);

#endif
