/* SPDX-License-Identifier: ISC */
/*
 * Normalisation rules for processors and memory: cpu_vendor, cpu_model,
 * cpu_cores, cpu_threads, cpu_max_mhz, memory_mb, memory_type.
 * Ownership: extractors borrow raw and write through the emitter.
 */
#ifndef BENCHREPORT_META_HW_H
#define BENCHREPORT_META_HW_H

#include "meta-util.h"

/*
 * A processor string: "AMD Ryzen 9 7950X 16-Core @ 5.88GHz (16 Cores / 32
 * Threads)", "2 x Intel Xeon E5-2620 v2 @ 2.60GHz (12 Cores / 24
 * Threads)", "Intel(R) Core(TM) i7-7700 CPU @ 3.60GHz". The clock of a raw
 * CPUID brand string is the base clock, so it never becomes cpu_max_mhz.
 */
void	 meta_hw_cpu(const char *raw, struct meta_emit *e);
/* A memory string: "2 x 16GB DDR5-6000MT/s ...", "14336MB", "16384 MB + 12227 MB RAM". */
void	 meta_hw_memory(const char *raw, struct meta_emit *e);

#endif
