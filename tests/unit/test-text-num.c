/* SPDX-License-Identifier: ISC */
/*
 * text_num_fixed against snprintf's "%.*f": the figures a chart prints,
 * ties (exact binary halves), values just either side of them, negative
 * zero, the edge of the quick method, and a fixed-seed sweep.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "text-num.h"

static int	same(double v, int dec);
static uint64_t	next(uint64_t *s);

/* 1 when text_num_fixed agrees with snprintf, or rightly declines. */
static int
same(double v, int dec)
{
	char	a[TEXT_NUM_FAST], b[512];
	int	n;

	snprintf(b, sizeof(b), "%.*f", dec, v);
	if ((n = text_num_fixed(a, v, dec)) < 0)
		return isfinite(v) && dec >= 0 && dec <= 9 ?
		    fabs(v) * pow(10, dec) >= 4503599627370496.0 : 1;
	if ((size_t)n != strlen(a) || strcmp(a, b) != 0) {
		diag("%.17g at %d: got \"%s\", printf \"%s\"", v, dec, a, b);
		return 0;
	}
	return 1;
}

/* xorshift64: a fixed sequence, the same on every run. */
static uint64_t
next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int
main(void)
{
	static const double	 picked[] = {
		0, -0.0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.125, 0.375, 1.005,
		2.675, 9029.06, 47.905, 0.045, 1e-7, -1e-7, 0.0049999999,
		999.995, 1234567.891, 4503599.6270374, 0.1, 0.2, 0.3,
		123456789012.345, 5e-324, -5e-324, 2.2250738585072014e-308,
	};
	char			 buf[TEXT_NUM_FAST];
	uint64_t		 s = 0x9e3779b97f4a7c15ULL, bits;
	size_t			 i, bad = 0, declined = 0;
	double			 v, scale;
	int			 dec;

	for (i = 0; i < sizeof(picked) / sizeof(picked[0]); i++)
		for (dec = 0; dec <= 9; dec++)
			bad += !same(picked[i], dec);
	is_int((int)bad, 0, "chosen values, 0 to 9 decimals, as printf");

	/* Exact ties k/2^m and their neighbours, at every precision. */
	bad = 0;
	for (i = 0; i < 4000; i++) {
		v = (double)i / 16;
		for (dec = 0; dec <= 4; dec++) {
			bad += !same(v, dec) + !same(-v, dec);
			bad += !same(nextafter(v, 0), dec) +
			    !same(nextafter(v, 1e9), dec);
		}
	}
	is_int((int)bad, 0, "ties to even and their neighbours");

	/* Decimal halves (x.xx5), which are not exact in binary. */
	bad = 0;
	for (i = 0; i < 20000; i++) {
		v = (double)i / 1000 + 0.0005;
		bad += !same(v, 3) + !same(v, 2) + !same(v * 1000, 1);
	}
	is_int((int)bad, 0, "decimal halves");

	/* The edge of the quick method: below 2^52 / 10^dec. */
	bad = 0;
	for (dec = 0; dec <= 9; dec++) {
		scale = pow(10, dec);
		v = 4503599627370496.0 / scale;
		bad += !same(v, dec) + !same(nextafter(v, 0), dec) +
		    !same(nextafter(nextafter(v, 0), 0), dec);
	}
	is_int((int)bad, 0, "either side of 2^52");
	ok(text_num_fixed(buf, NAN, 2) == -1 &&
	    text_num_fixed(buf, INFINITY, 2) == -1 &&
	    text_num_fixed(buf, 1, 10) == -1 && text_num_fixed(buf, 1, -1) == -1 &&
	    text_num_fixed(buf, 1e300, 0) == -1,
	    "NaN, infinity, 10 decimals and huge values go to printf");

	/* Any bit pattern, and numbers of chart size. */
	bad = 0;
	for (i = 0; i < 300000; i++) {
		bits = next(&s);
		memcpy(&v, &bits, sizeof(v));
		dec = (int)(next(&s) % 10);
		bad += !same(v, dec);
		v = (double)(next(&s) % 100000000) / pow(10, (int)(next(&s) % 9));
		bad += !same(v, dec) + !same(-v, dec);
		if (text_num_fixed(buf, v, dec) < 0)
			declined++;
	}
	is_int((int)bad, 0, "900,000 fixed-seed values as printf");
	ok(declined < 300000 / 4, "the quick method takes chart-sized numbers");
	return tap_done();
}
