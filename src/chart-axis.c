/* SPDX-License-Identifier: ISC */
/*
 * Axis arithmetic for charts: 1-2-5 tick steps, suffixed tick labels and
 * source-precision value formatting. Knows nothing of drawing or of the
 * model; formats with the C locale's decimal point (main sets LC_NUMERIC).
 */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart-axis.h"
#include "xalloc.h"

static void	chart_axis_trim(char *);

void
chart_axis_nice(double lo, double hi, int target, int include_zero,
    struct chart_axis *a)
{
	double	raw, mag, norm, step;

	if (!isfinite(lo) || !isfinite(hi) || lo > hi) {
		lo = 0;
		hi = 1;
	}
	if (include_zero) {
		if (lo > 0)
			lo = 0;
		if (hi < 0)
			hi = 0;
	}
	if (hi == lo) {
		if (hi == 0)
			hi = 1;
		else if (hi > 0)
			lo = include_zero ? 0 : hi / 2;
		else
			hi = include_zero ? 0 : lo / 2;
		if (hi == lo)
			hi = lo + 1;
	}
	if (target < 1)
		target = 1;
	/*
	 * Keep hi - lo finite (only ends of both signs near DBL_MAX overflow
	 * it); otherwise the ends are kept whole, so that a value of 1e308
	 * stays on the axis rather than past an end clamped below it.
	 */
	if (!isfinite(hi - lo)) {
		lo = fmax(lo, -DBL_MAX / 4);
		hi = fmin(hi, DBL_MAX / 4);
	}
	raw = (hi - lo) / target;
	mag = pow(10, floor(log10(raw)));
	norm = raw / mag;
	if (norm <= 1)
		step = mag;
	else if (norm <= 2)
		step = 2 * mag;
	else if (norm <= 5)
		step = 5 * mag;
	else
		step = 10 * mag;
	/* A hair of tolerance so that exact multiples are not pushed up a step. */
	a->lo = floor(lo / step + 1e-9) * step;
	a->hi = ceil(hi / step - 1e-9) * step;
	/*
	 * Near DBL_MAX the next multiple of the step is past it: the axis
	 * ends at the data's own end, with ticks at the multiples inside.
	 */
	if (!isfinite(a->lo))
		a->lo = lo;
	if (!isfinite(a->hi))
		a->hi = hi;
	if (a->hi <= a->lo)
		a->hi = a->lo + step;
	a->step = step;
	a->nticks = (size_t)floor((a->hi - a->lo) / step + 1e-9) + 1;
	if (!isfinite(a->lo) || !isfinite(a->hi) || a->nticks > 100) {
		/* Unreachable for finite input; never loop on garbage. */
		a->lo = 0;
		a->hi = 1;
		a->step = 0.2;
		a->nticks = 6;
	}
}

double
chart_axis_tick(const struct chart_axis *a, size_t i)
{
	double	v;

	v = a->lo + (double)i * a->step;
	/* Snap away the binary noise of "0.1 * 3". */
	v = round(v / a->step * 1e6) / 1e6 * a->step;
	if (fabs(v) < a->step * 1e-9)
		v = 0;
	return v;
}

static void
chart_axis_trim(char *s)
{
	char	*dot, *e;

	if ((dot = strchr(s, '.')) == NULL)
		return;
	e = s + strlen(s);
	while (e > dot + 1 && e[-1] == '0')
		*--e = '\0';
	if (e == dot + 1)
		*dot = '\0';
}

char *
chart_axis_label(const struct chart_axis *a, double v)
{
	static const struct {
		double		 div;
		const char	*suffix;
	} units[] = {
		{ 1e9, "G" }, { 1e6, "M" }, { 1e3, "K" }
	};
	double		 div = 1, span;
	const char	*suffix = "";
	char		*s, *r;
	int		 dec;
	size_t		 i;

	span = fmax(fabs(a->lo), fabs(a->hi));
	if (v == 0)
		return xstrdup("0");
	/* Beyond G, or below what six decimals show: scientific notation. */
	if (span >= 1e12 || a->step < 1e-6)
		return xasprintf("%.3g", v);
	/*
	 * A suffix when the ticks are whole multiples of it (1K, 2K) or the
	 * axis reaches ten of it (500K ... 2500K); never "0.2K" for 200.
	 */
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (span >= 10 * units[i].div ||
		    (span >= units[i].div && a->step >= units[i].div)) {
			div = units[i].div;
			suffix = units[i].suffix;
			break;
		}
	dec = (int)ceil(-log10(a->step / div) - 1e-9);
	if (dec < 0)
		dec = 0;
	if (dec > 9)
		dec = 9;
	s = chart_axis_fmt(v / div, dec);
	chart_axis_trim(s);
	r = xasprintf("%s%s", s, suffix);
	free(s);
	return r;
}

int
chart_axis_decimals(const char *s)
{
	const char	*p, *dot = NULL, *end;
	int		 digits = 0;

	if (s == NULL)
		return -1;
	p = s;
	while (isspace((unsigned char)*p))
		p++;
	if (*p == '-' || *p == '+')
		p++;
	for (; *p != '\0' && !isspace((unsigned char)*p); p++) {
		if (*p == '.' && dot == NULL)
			dot = p;
		else if (isdigit((unsigned char)*p))
			digits++;
		else
			return -1;
	}
	end = p;
	while (isspace((unsigned char)*p))
		p++;
	if (*p != '\0' || digits == 0)
		return -1;
	return dot != NULL ? (int)(end - dot - 1) : 0;
}

char *
chart_axis_fmt(double v, int decimals)
{
	char	*s;

	if (decimals < 0)
		decimals = 0;
	if (decimals > 9)
		decimals = 9;
	s = xasprintf("%.*f", decimals, v);
	/* "-0.00" says something that is not there. */
	if (s[0] == '-' && strspn(s + 1, "0.") == strlen(s + 1)) {
		char	*t = xstrdup(s + 1);

		free(s);
		s = t;
	}
	return s;
}

int
chart_axis_se_decimals(double se, int vdec)
{
	char	buf[48];
	double	p, r;
	int	dec, d;

	dec = vdec > 2 ? vdec : 2;
	if (!isfinite(se) || se <= 0 || se >= 1e15)
		return dec;
	while (dec < 6 && se < 0.5 * pow(10, -dec))
		dec++;
	/*
	 * The fewest decimals from dec up that read back as se itself; only
	 * a count that leaves se a whole number of its last digit (to within
	 * rounding) is printed and read back to make sure.
	 */
	for (d = dec, p = pow(10, dec); d <= 6; d++, p *= 10) {
		r = se * p;
		if (fabs(r - nearbyint(r)) > 1e-6 * fmax(1, r))
			continue;
		snprintf(buf, sizeof(buf), "%.*f", d, se);
		if (strtod(buf, NULL) == se)
			return d;
	}
	return dec;
}
