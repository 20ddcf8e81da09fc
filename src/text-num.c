/* SPDX-License-Identifier: ISC */
/*
 * Fixed-point text of a double (see text-num.h).
 *
 * Why it equals printf: printf rounds the exact binary value of v to
 * "decimals" places, ties to even (glibc). With p = 10^decimals exact
 * and q an integer below 2^52, fma(v, p, -c) computes v * p - c with one
 * rounding, and a rounding never changes the sign of a non-zero result
 * nor makes it zero here (the exact difference is a multiple of v's last
 * bit times p's, far above the smallest subnormal). So the sign of
 * fma(v, p, -c) is the exact comparison of v * p with c, for c = q, q + 1
 * and q + 0.5 (all exact doubles), which is all the rounding needs.
 * tests/unit/test-text-num.c compares it with snprintf.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "text-num.h"

static const double text_num_pow10[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9
};

int
text_num_fixed(char buf[TEXT_NUM_FAST], double v, int decimals)
{
	char		 tmp[TEXT_NUM_FAST], *p = tmp + sizeof(tmp);
	double		 a, scale, q, h;
	uint64_t	 n;
	int		 neg, i, len;

	if (decimals < 0 || decimals > 9 || !isfinite(v))
		return -1;
	neg = signbit(v) != 0;
	a = fabs(v);
	scale = text_num_pow10[decimals];
	if (a >= 4503599627370496.0 / scale)	/* 2^52 */
		return -1;
	/* The integer part of a * scale, exactly. */
	q = floor(a * scale);
	if (fma(a, scale, -q) < 0)
		q -= 1;
	else if (fma(a, scale, -(q + 1)) >= 0)
		q += 1;
	/* Round: up above the half, to even on it. */
	h = fma(a, scale, -(q + 0.5));
	if (h > 0 || (h == 0 && fmod(q, 2) != 0))
		q += 1;
	n = (uint64_t)q;
	*--p = '\0';
	for (i = 0; i < decimals; i++) {
		*--p = (char)('0' + n % 10);
		n /= 10;
	}
	if (decimals > 0)
		*--p = '.';
	do {
		*--p = (char)('0' + n % 10);
		n /= 10;
	} while (n > 0);
	if (neg)
		*--p = '-';
	len = (int)(tmp + sizeof(tmp) - p - 1);
	memcpy(buf, p, (size_t)len + 1);
	return len;
}
