/* SPDX-License-Identifier: ISC */
/*
 * Fixed-point decimal text of a double, byte for byte what printf's
 * "%.*f" gives in the C locale, without printf's cost: the charts and the
 * page format some hundred thousand numbers for a large review, and
 * vsnprintf was a third of that work (docs/publish-performance.md).
 * Ownership: the caller's buffer; nothing is allocated.
 */
#ifndef BENCHREPORT_TEXT_NUM_H
#define BENCHREPORT_TEXT_NUM_H

#include <stddef.h>

/* Room text_num_fixed needs: sign, 16 digits, point, NUL, and spare. */
#define TEXT_NUM_FAST	40

/*
 * Write v with decimals (0 to 9) digits after the point into buf, as
 * snprintf(buf, size, "%.*f", decimals, v) does, including "-0.00" for a
 * negative value that rounds to zero and ties rounded to even. Returns
 * the length, or -1 (buf untouched) where the quick method does not
 * apply: NaN, infinities, decimals out of range, or |v| * 10^decimals of
 * 2^52 or more. Callers then use printf.
 */
int	 text_num_fixed(char buf[TEXT_NUM_FAST], double v, int decimals);

#endif
