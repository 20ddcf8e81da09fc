/* SPDX-License-Identifier: ISC */
/*
 * What the values of an OpenBenchmarking systems table look like, as data:
 * one row per field label (its value shape and the words its values begin
 * with), the brand words never cut, and the words of a system name that
 * state its drive setup. Nothing here looks at a document.
 *
 * Ownership: everything returned points into static tables.
 */
#ifndef BENCHREPORT_OB_SHAPES_H
#define BENCHREPORT_OB_SHAPES_H

#include <stdbool.h>
#include <stddef.h>

#define OB_SHAPES_DIGITS_MAX	32

/* How a field's value is read (the checks live in ob-fields.c). */
enum ob_shape_kind {
	OBS_FREE,	/* any text, starting at a word join */
	OBS_LETTER,	/* starts with a letter */
	OBS_PROC,	/* "... (16 Cores / 32 Threads)" */
	OBS_MEM,	/* "2 x 16GB ...", "16GB" */
	OBS_DISK,	/* "2000GB ...", "2 x 1000GB ..." */
	OBS_KERNEL,	/* "6.7.0-060700-generic (x86_64)" */
	OBS_GL,		/* "4.6 Mesa ...", "4.6.0" */
	OBS_VULKAN,	/* "1.2.185" */
	OBS_CL,		/* "OpenCL 3.0 ..." */
	OBS_FS,		/* "ext4", "btrfs" */
	OBS_RES		/* "3840x2160" */
};

struct ob_shape {
	const char		*label;		/* NULL: any other label */
	enum ob_shape_kind	 kind;
	/*
	 * Words a value begins with (vendors, OS names), NULL-terminated;
	 * glued to the cell before ("ab28ASUS VP28U"), one starts this cell.
	 */
	const char *const	*lead;
	/*
	 * Names with a release of a known form, NULL-terminated pairs:
	 * { "Ubuntu", "##.##" } ('#' a digit, '?' an optional digit).
	 */
	const char *const	*release;
};

/* Drive setup a system name states (see ob_shapes_setup). */
enum ob_shape_setup {
	OBS_SETUP_UNKNOWN,
	OBS_SETUP_SINGLE,	/* "Single", "Single Drive" */
	OBS_SETUP_ARRAY		/* "RAID0", "RAID 10", "raidz2", "mdadm RAID5" */
};

/* The shape of label's values (the catch-all row for an unknown label). */
const struct ob_shape	*ob_shapes_of(const char *label);
/* The length of the longest field label s starts with ("Disk"), or 0. */
size_t	 ob_shapes_label(const char *s);
/*
 * uncut[i] (i < len): no cell starts at s + i: next to a space, at a mark
 * ("(", ",", "."...), inside a brand word with a capital ("Ge|Force") or
 * a unit glued to its number ("1000|GB").
 */
void	 ob_shapes_uncut(const char *s, size_t len, bool *uncut);
/*
 * The length of a lead word of shape at s, a word of its own, glued to
 * another field's lead word ("ASPEED|Broadcom") or, in lower case, to a
 * digit ("nouveau|4.3 Mesa"), or 0.
 */
size_t	 ob_shapes_lead(const struct ob_shape *shape, const char *s);
/* Does the cell (len bytes at s) fit its release form ("Ubuntu 23.10")? */
bool	 ob_shapes_release_ok(const struct ob_shape *shape, const char *s,
	    size_t len);
/* Is s (len bytes) a lead word of shape with digits glued ("btrfs3")? */
bool	 ob_shapes_overrun(const struct ob_shape *shape, const char *s,
	    size_t len);
/*
 * The length of the run of digits at s, counted to OB_SHAPES_DIGITS_MAX:
 * no number in a systems table is longer, and counting no further keeps a
 * line of glued digits linear to read.
 */
size_t	 ob_shapes_digits(const char *s);
/*
 * The length of a capacity at s, "2000GB" or "1.5TB" with no leading zero
 * (mem: also "16 GB", "512MB"), or 0; its size in GB into *gb (if not
 * NULL).
 */
size_t	 ob_shapes_cap(const char *s, bool mem, double *gb);
/*
 * Does a name that ends in digits end at s + i: a Broadcom SoC's ID, a
 * Raspberry Pi's motherboard ("BCM2711|"), or a brand word so ending
 * ("AMD Raven/Raven2|")? Each is one word (ob_shapes_uncut).
 */
bool	 ob_shapes_id_before(const char *s, size_t i);
/* The length of a kernel architecture at s ("(x86_64)"), or 0. */
size_t	 ob_shapes_arch(const char *s);
/* The length of a processor's last word at s ("Threads)", "Cores)"), or 0. */
size_t	 ob_shapes_cores(const char *s);
/* The drive setup a system name states, by its words. */
enum ob_shape_setup ob_shapes_setup(const char *name);

#endif
