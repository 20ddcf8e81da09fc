/* SPDX-License-Identifier: ISC */
/*
 * Normalised system metadata: derive facts (cpu_model, filesystem,
 * raid_mode, kernel_version, ...) with provenance from each system's raw
 * fields and notes. Readers never call this; the importer does, so every
 * format is normalised the same way. docs/normalisation.md lists the
 * facts, the rules and the provenance strings.
 * Ownership: normalisation works in place on a caller-owned result set;
 * meta_diff_systems returns an array the caller frees with free() whose
 * strings are borrowed from the two systems.
 */
#ifndef BENCHREPORT_META_H
#define BENCHREPORT_META_H

#include <stdbool.h>
#include <stddef.h>

#include "model.h"

/* One normalised fact that differs between two systems. */
struct meta_difference {
	const char	*key;		/* a name from meta_fact_names */
	const char	*a;		/* value in system A, NULL when unknown */
	const char	*b;		/* value in system B, NULL when unknown */
};

/*
 * Every fact name, in display order, NULL-terminated: cpu_vendor,
 * cpu_model, ..., cpu_governor. These are the keys of system.normalized
 * and of "normalized" in the JSON export.
 */
extern const char *const meta_fact_names[];

/* True when key is one of meta_fact_names. */
bool	 meta_is_fact(const char *key);
/*
 * True when the fact's value is always a decimal integer (cpu_cores,
 * memory_mb, block_size, ...). Others are text even when they look like
 * numbers: os_version "23.10" is not 23.1.
 */
bool	 meta_fact_is_number(const char *key);
/*
 * True when source is a provenance this module writes ("field:...",
 * "note:...", "json:...", "identifier"); false for facts another part
 * laid over them (the runner's "detected"), which re-normalising keeps.
 */
bool	 meta_is_derived_source(const char *source);
/* Fill system.normalized for every system of rs (replacing what was there). */
void	 meta_normalize_result_set(struct result_set *rs);
/*
 * Fill rs->systems[i].normalized (replacing what was there). The other
 * systems of rs are read only to split OpenBenchmarking "- NAME: ..."
 * notes into their per-system parts.
 */
void	 meta_normalize_system(struct result_set *rs, size_t i);
/*
 * The hidden dimensions between systems a and b: every fact whose values
 * differ, in meta_fact_names order, into *out (free() it; NULL when none).
 * Values are compared as text. A fact known on one side only is listed,
 * with NULL for the unknown side, only when include_unknown is true; a
 * fact unknown on both sides is never listed. Returns the count.
 */
size_t	 meta_diff_systems(const struct system *a, const struct system *b,
	    bool include_unknown, struct meta_difference **out);

#endif
