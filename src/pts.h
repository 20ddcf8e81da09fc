/* SPDX-License-Identifier: ISC */
/*
 * What the PTS result file reader and writer must agree on: how the
 * Hardware/Software strings split into fields and back, the strict number
 * syntax of Value and RawString, and a Result's comparison hash.
 * Ownership: arguments are borrowed; returned strings are the caller's.
 */
#ifndef BENCHREPORT_PTS_H
#define BENCHREPORT_PTS_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/*
 * Append the components of a PTS Hardware or Software string ("Key: value,
 * Key: value") to l. A component starts at ", " followed by "Key: ", so
 * values keep their own commas; text without a key gets the key "".
 * pts_join_fields(l, a, b) of what was appended gives s back.
 */
void	 pts_split_fields(struct kv_list *l, const char *s);
/* Join fields [from, to) of l back into one PTS string. */
char	*pts_join_fields(const struct kv_list *l, size_t from, size_t to);
/*
 * How many leading fields of l are hardware: the fields before the first
 * one with a PTS software key (OS, Kernel, Compiler...). Splitting at a
 * prefix keeps the field order through a write and a read.
 */
size_t	 pts_hardware_count(const struct kv_list *l);
/* A plain decimal number (no nan, inf or hex), blanks around allowed. */
bool	 pts_number(const char *s, double *out);
/*
 * PTS's comparison hash of a Result, lower-case hex SHA-1 of
 * "<identifier minus its last .z>,<arguments>,<description>,<app
 * version>,<scale>" (the title stands in for an empty identifier).
 */
char	*pts_hash(const struct test *t);

#endif
