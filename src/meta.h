/* SPDX-License-Identifier: ISC */
/*
 * Normalised system metadata: derive facts (cpu_model, filesystem,
 * raid_mode, kernel_version, ...) with provenance from each system's raw
 * fields and notes. Readers never call this; the importer does, so every
 * format is normalised the same way.
 * Ownership: works in place on a caller-owned result set.
 */
#ifndef BENCHREPORT_META_H
#define BENCHREPORT_META_H

#include "model.h"

/* Fill system.normalized for every system of rs (replacing what was there). */
void	meta_normalize_result_set(struct result_set *rs);

#endif
