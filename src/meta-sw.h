/* SPDX-License-Identifier: ISC */
/*
 * Normalisation rules for software: kernel_version, kernel_flavour,
 * os_name, os_version, compiler, compiler_version, cpu_governor.
 * Ownership: extractors borrow raw and write through the emitter.
 */
#ifndef BENCHREPORT_META_SW_H
#define BENCHREPORT_META_SW_H

#include "meta-util.h"

/*
 * A kernel release: "6.7.0-060700-generic (x86_64)" gives 6.7.0 and
 * generic; "5.14.0-051400rc7-generic" gives 5.14.0-rc7; "6.1.0-31-amd64"
 * gives 6.1.0 and amd64; "12.1-STABLE (r363130)" gives 12.1 and STABLE.
 */
void	 meta_sw_kernel(const char *raw, struct meta_emit *e);
/* A `uname -a` line: the kernel release. */
void	 meta_sw_uname(const char *raw, struct meta_emit *e);
/* The OS name of a BSD `uname -a` line. */
void	 meta_sw_os_uname(const char *raw, struct meta_emit *e);
/* An OS string: "Ubuntu 23.10", "FreeBSD 12.1-STABLE (r363130) amd64". */
void	 meta_sw_os(const char *raw, struct meta_emit *e);
/* The BSD kernel inside an OS string (their OS and kernel releases are one). */
void	 meta_sw_bsd_kernel(const char *raw, struct meta_emit *e);
/* A compiler string: "GCC 13.2.0", "Clang 15.0.7 + GCC 10.2.1 20210110". */
void	 meta_sw_compiler(const char *raw, struct meta_emit *e);
/* "acpi-cpufreq ondemand", "Scaling Governor: amd-pstate-epp powersave (...)". */
void	 meta_sw_governor(const char *raw, struct meta_emit *e);

#endif
