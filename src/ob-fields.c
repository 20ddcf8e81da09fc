/* SPDX-License-Identifier: ISC */
/*
 * Give the systems table's glued cells to systems: count every reading of
 * the cells run (first column complete, later columns any subset of the
 * labels in order) under the field shapes of ob-shapes.c (what each
 * field's values look like, the words they begin with, the words never
 * cut), forward and backward, and keep a cell only when every reading has
 * it. It never picks among readings; a field the readings disagree on
 * stays empty. The knowledge is in the tables; this file applies it.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ob-fields.h"
#include "ob-shapes.h"
#include "xalloc.h"

/* Start positions we are willing to count over (a table line is short). */
#define OB_FIELDS_MAX_POS	4000
/* Cells run length we read at all (seed 000's: about 750 bytes). */
#define OB_FIELDS_MAX_LEN	(256 * 1024)
/*
 * Longest cell we place. The longest cell of any reading of a fixture or
 * corpus table is 89 bytes (a Disk cell of two drives); without a bound,
 * every start was tried against every later one, quadratic in the run.
 */
#define OB_FIELDS_MAX_CELL	256
/* Cell placements per pass, at most (seed 000: 438,400). */
#define OB_FIELDS_MAX_WORK	2e6
/* Kernel majors below this (Linux 6, FreeBSD 14, Darwin 24): "20.0|45.14.0" is not one. */
#define OB_FIELDS_MAX_KERNEL	30
/* Memory modules per system, at most: "82 x 16GB" is "8" + "2 x 16GB". */
#define OB_FIELDS_MAX_MODULES	64

struct ob_fields_run {
	const char	*s;
	size_t		 len;
	size_t		*pos;		/* candidate cell starts, then len */
	size_t		 npos;
	size_t		*head_end;	/* least end of a glued Disk head from i on */
	size_t		*upper_after;	/* first capital letter at or after i */
	size_t		*proc_end;	/* end of the first "(... Threads)" after i */
	size_t		*paren_after;	/* first ")" glued to a letter or digit at or after i */
	size_t		*arch_end;	/* end of the first "(x86_64)" after i */
	const struct ob_shape **shape;	/* per label */
	size_t		 nl;
	/* May a cell of label l start at position i: glued[i * nl + l]. */
	unsigned char	*glued;
	const struct ob_fields_evidence *ev;
	bool		 relaxed;	/* second pass: see ob_fields_join */
	/*
	 * The ends of the cells of label l that may start at pos[pi], as
	 * indexes into pos, ascending: ends + first[pi * nl + l], count[pi *
	 * nl + l] of them (first SIZE_MAX: not worked out yet). Everything
	 * a placement asks but the Disk evidence, which depends on the
	 * column, so each is worked out once instead of once per column and
	 * pass (the counts forward and backward, the pin).
	 */
	size_t		*first;
	size_t		*count;
	size_t		*ends;
	size_t		 nends, capends;
};

static void	ob_fields_prepare(struct ob_fields_run *r,
		    const char *const *labels);
static size_t	ob_fields_digits(const char *s, size_t i);
static size_t	ob_fields_cap(const char *s, size_t i, bool mb_ok);
static size_t	ob_fields_starts(const char *s, size_t i, enum ob_shape_kind k);
static bool	ob_fields_may_glue(const char *s, size_t i);
static bool	ob_fields_glued(const char *s, size_t i,
	    const struct ob_shape *shape, bool relaxed);
static bool	ob_fields_pci_end(const char *s, size_t i);
static bool	ob_fields_version_end(const char *s, size_t i);
static bool	ob_fields_after_date(const char *s, size_t i);
static bool	ob_fields_res_end(const char *s, size_t i);
static bool	ob_fields_join(const char *s, size_t i, bool relaxed);
static bool	ob_fields_whole(const struct ob_fields_run *r, size_t a,
	    size_t b, size_t l);
static bool	ob_fields_skip(const struct ob_fields_run *r, size_t col,
	    size_t l);
static void	ob_fields_count(struct ob_fields_run *r, size_t nsys,
	    double *f, double *b);
static void	ob_fields_pin(struct ob_fields_run *r, const double *f,
	    const double *b, struct ob_fields *out);
static const size_t *ob_fields_ends(struct ob_fields_run *r, size_t pi,
	    size_t l, size_t *n);
static bool	ob_fields_disk_ok(const struct ob_fields_run *r, size_t a,
	    size_t b, size_t l, size_t col);
static size_t	ob_fields_pairs(const struct ob_fields_run *r);
static size_t	ob_fields_limit(const struct ob_fields_run *r, size_t a,
	    size_t l);

/* Length of the run of digits at s + i. */
static size_t
ob_fields_digits(const char *s, size_t i)
{
	size_t	n = 0;

	while (isdigit((unsigned char)s[i + n]))
		n++;
	return n;
}

/* "2000GB", "1.5TB", "16 GB" at s + i (no leading zero): its length or 0. */
static size_t
ob_fields_cap(const char *s, size_t i, bool mb_ok)
{
	size_t	n = ob_fields_digits(s, i);

	if (n == 0 || s[i] == '0')
		return 0;
	if (s[i + n] == '.' && isdigit((unsigned char)s[i + n + 1]))
		n += 1 + ob_fields_digits(s, i + n + 1);
	if (s[i + n] == ' ' && mb_ok)
		n++;
	if ((s[i + n] == 'G' || s[i + n] == 'T' || (mb_ok && s[i + n] == 'M')) &&
	    s[i + n + 1] == 'B')
		return n + 2;
	return 0;
}

/*
 * May a cell of kind k start at s + i? The length of the beginning its
 * shape reads (the cell must be at least that long), or 0.
 */
static size_t
ob_fields_starts(const char *s, size_t i, enum ob_shape_kind k)
{
	size_t	n, m, i0 = i;

	switch (k) {
	case OBS_FREE:
	case OBS_PROC:
		return 1;
	case OBS_LETTER:
		/* "Intel I225-V", "2 x Intel 10G X550T". */
		n = ob_fields_digits(s, i);
		if (n > 0 && s[i] != '0' && strncmp(s + i + n, " x ", 3) == 0)
			i += n + 3;
		return isalpha((unsigned char)s[i]) ? i + 1 - i0 : 0;
	case OBS_FS:
		return islower((unsigned char)s[i]) ? 1 : 0;
	case OBS_MEM:
	case OBS_DISK:
		n = ob_fields_digits(s, i);
		if (n > 0 && s[i] != '0' && strncmp(s + i + n, " x ", 3) == 0) {
			if (k == OBS_MEM && strtol(s + i, NULL, 10) >
			    OB_FIELDS_MAX_MODULES)
				return 0;
			i += n + 3;
			m = ob_fields_cap(s, i, true);
			/* Memory modules: at most 512GB each ("2 x 1000GB" is a drive pair). */
			if (k == OBS_MEM && m > 0 && (s[i + m - 2] == 'T' ||
			    (s[i + m - 2] == 'G' && strtod(s + i, NULL) > 512)))
				return 0;
		}
		m = ob_fields_cap(s, i, k == OBS_MEM);
		if (m == 0)
			return 0;
		/*
		 * "2000GB Name" (no module count) names a drive: memory is
		 * "2 x 16GB DDR5-..." or a bare "16GB".
		 */
		if (k == OBS_MEM)
			return i == i0 && s[i + m] == ' ' &&
			    isalpha((unsigned char)s[i + m + 1]) ? 0 : i + m - i0;
		/* A Disk cell names the drive after its size. */
		return s[i + m] == ' ' && isalpha((unsigned char)s[i + m + 1]) ?
		    i + m + 2 - i0 : 0;
	case OBS_KERNEL:
		/* "6.7.0-...", "5.14", never "3.106.7.0": a leading digit cut. */
		n = ob_fields_digits(s, i);
		if (n == 0 || n > 2 || s[i] == '0' || s[i + n] != '.' ||
		    strtol(s + i, NULL, 10) >= OB_FIELDS_MAX_KERNEL)
			return 0;
		i += n + 1;
		n = ob_fields_digits(s, i);
		if (n == 0 || n > 3)
			return 0;
		i += n;
		if (s[i] == '.') {
			n = ob_fields_digits(s, i + 1);
			if (n == 0 || n > 3)
				return 0;
			i += n + 1;
		} else if (s[i] == '-' && isdigit((unsigned char)s[i + 1]))
			return 0;	/* Linux builds are X.Y.Z-N: "4.0-0514" is cut */
		return s[i] != '.' && !isdigit((unsigned char)s[i]) ? i - i0 : 0;
	case OBS_GL:
		/* "4.6 Mesa ...", "4.6.0", never "1.1.74.6". */
		if (s[i] < '1' || s[i] > '4' || s[i + 1] != '.' ||
		    !isdigit((unsigned char)s[i + 2]))
			return 0;
		n = i + 2 + ob_fields_digits(s, i + 2);
		if (s[n] == '.' && isdigit((unsigned char)s[n + 1]))
			n += 1 + ob_fields_digits(s, n + 1);
		return s[n] != '.' && !isdigit((unsigned char)s[n]) ? n - i0 : 0;
	case OBS_VULKAN:
	case OBS_RES:
		return isdigit((unsigned char)s[i]) && s[i] != '0' ? 1 : 0;
	case OBS_CL:
		return strncmp(s + i, "OpenCL", 6) == 0 ? 6 : 0;
	}
	return 0;
}

/*
 * Can any cell start at i (0 < i)? Never at a space or after one, after an
 * opening or a joining mark, before a closing one: tested once per
 * position, before each label's own test (ob_fields_glued).
 */
static bool
ob_fields_may_glue(const char *s, size_t i)
{
	unsigned char	a = (unsigned char)s[i - 1], c = (unsigned char)s[i];

	return !(a == ' ' || c == ' ' || strchr("(-/+,", a) != NULL ||
	    strchr(".-)/,+", c) != NULL || (a == '.' && isdigit(c)));
}

/*
 * May a cell of kind k start at i > 0, glued to the previous cell? Cells
 * are trimmed and a number is never cut at its dot; a shapeless cell
 * starts at a word join ("Audio|DELL", "89|GCC", "Threads)|ASUS").
 * Called only where ob_fields_may_glue and ob_fields_starts hold;
 */
static bool
ob_fields_glued(const char *s, size_t i, const struct ob_shape *shape,
    bool relaxed)
{
	unsigned char		a = (unsigned char)s[i - 1], c = (unsigned char)s[i];
	enum ob_shape_kind	k = shape->kind;

	/*
	 * A word this field's values begin with starts the cell wherever it
	 * is glued ("00AFY0|AMD DIMGREY", "ab28|ASUS VP28U"); one in lower
	 * case ("llvmpipe") not inside a word.
	 */
	if ((isupper(c) || !isalpha(a)) && ob_shapes_lead(shape, s + i) > 0)
		return true;
	/*
	 * Two numbers glue where a value ends in a version or a model
	 * ("23.10|6.7.0", "14d8|2 x 16GB"), never inside a plain integer
	 * ("Mesa 2|3.2.1"); but an OS name ends in its release and the
	 * Kernel follows it ("Debian 12|6.1.0-18-amd64").
	 */
	if (isdigit(a) && isdigit(c) && k != OBS_KERNEL) {
		size_t	j = i;

		while (j > 0 && isdigit((unsigned char)s[j - 1]))
			j--;
		if (j == 0 || s[j - 1] == ' ' || s[j - 1] == '(' || s[j - 1] == ')')
			return false;
	}
	/* A bare memory size is not cut from its digits: "1|6GB". */
	if (k == OBS_MEM && isdigit(a) && strncmp(s + i + ob_fields_digits(s, i),
	    " x ", 3) != 0)
		return false;
	/* Nor is a word cut: "e|xt4", "OpenC|L". */
	if ((k == OBS_FS || k == OBS_CL) && isalpha(a))
		return false;
	/* A name in capitals after a build date: "20210822|GNOME Shell". */
	if (k == OBS_LETTER && isupper(c) && isupper((unsigned char)s[i + 1]) &&
	    ob_fields_after_date(s, i))
		return true;
	if (k == OBS_FREE || k == OBS_LETTER || k == OBS_PROC)
		return ob_fields_join(s, i, relaxed);
	return true;
}

/*
 * A join of two cells' words: "Audio|DELL", "U2723QE|Intel",
 * "Threads)|ASUS", a size unit then a capital ("10GB|NVIDIA"), a dotted
 * version or a resolution then a capital ("12.4.89|GCC", "2160|AMD"). Not "89GC|C" nor "7NV|IDIA"
 * unless relaxed: a table whose cells cannot be read otherwise joins two
 * all-capital words somewhere, and then any capital may start a cell.
 */
static bool
ob_fields_join(const char *s, size_t i, bool relaxed)
{
	unsigned char	 a = (unsigned char)s[i - 1], b = (unsigned char)s[i];

	if (a == ')' || (islower(a) && isupper(b)))
		return true;
	if (!isupper(b))
		return false;
	/* Relaxed: capitals glued to capitals ("HDMI/DP|DELL") may part. */
	if (relaxed && isupper(a))
		return true;
	if (isalnum(a) && islower((unsigned char)s[i + 1]))
		return true;
	/* A size or a clock after its number: "KB", "MB", "GB", "TB", "MHz", "GHz". */
	if (i > 2 && a == 'B' && (s[i - 2] == 'K' || s[i - 2] == 'M' ||
	    s[i - 2] == 'G' || s[i - 2] == 'T') && isdigit((unsigned char)s[i - 3]))
		return true;
	if (i > 3 && a == 'z' && s[i - 2] == 'H' && (s[i - 3] == 'M' ||
	    s[i - 3] == 'G') && isdigit((unsigned char)s[i - 4]))
		return true;
	return ob_fields_version_end(s, i) || ob_fields_res_end(s, i) ||
	    ob_fields_pci_end(s, i);
}

/* Does a PCI device ID end at i ("AMD Device ab28|ASUS")? */
static bool
ob_fields_pci_end(const char *s, size_t i)
{
	size_t	j;

	if (i < 11 || strncmp(s + i - 11, "Device ", 7) != 0)
		return false;
	for (j = i - 4; j < i; j++)
		if (!isxdigit((unsigned char)s[j]))
			return false;
	return true;
}

/*
 * Does a screen resolution, the last label of a column, end at i
 * ("3840x2160|AMD Ryzen": the next system's first cell)?
 */
static bool
ob_fields_res_end(const char *s, size_t i)
{
	size_t	j = i, h, w;

	while (j > 0 && isdigit((unsigned char)s[j - 1]))
		j--;
	h = i - j;
	if (h < 3 || h > 4 || j < 4 || s[j - 1] != 'x')
		return false;
	j--;
	/* The width may be glued to digits before it ("ext4|3840x2160"). */
	for (w = 0; j > 0 && isdigit((unsigned char)s[j - 1]); w++)
		j--;
	return w >= 3;
}

/* Does a number of 4 or more digits, a word of its own, end at i? */
static bool
ob_fields_after_date(const char *s, size_t i)
{
	size_t	j = i;

	while (j > 0 && isdigit((unsigned char)s[j - 1]))
		j--;
	return i - j >= 4 && j > 0 && s[j - 1] == ' ';
}

/*
 * Does a dotted version number end just before i ("12.4.89|GCC",
 * "1.21.1.7|NVIDIA")? A model number does not ("X670|E", "7950|X").
 */
static bool
ob_fields_version_end(const char *s, size_t i)
{
	size_t	j = i;
	bool	dot = false;

	if (!isdigit((unsigned char)s[i - 1]))
		return false;
	while (j > 0 && (isdigit((unsigned char)s[j - 1]) || s[j - 1] == '.')) {
		dot |= s[j - 1] == '.';
		j--;
	}
	return dot && (j == 0 || !isalnum((unsigned char)s[j - 1]));
}

/* Is [a, b) a whole cell of kind k? */
static bool
ob_fields_whole(const struct ob_fields_run *r, size_t a, size_t b, size_t l)
{
	enum ob_shape_kind	k = r->shape[l]->kind;
	const char	*s = r->s;
	size_t		 i, n;

	n = ob_fields_starts(s, a, k);
	if (b <= a || n == 0 || a + n > b || s[b - 1] == ' ')
		return false;
	/* A glued Disk head ("PRO2000GB Corsair") starts a cell of its own. */
	if (r->head_end[a + 1] <= b)
		return false;
	/* ")" glued to more text ends a cell: "(x86_64)|6.11.0", "BIOS)|AMD". */
	if (r->paren_after[a] + 1 < b)
		return false;
	/* "... (16 Cores / 32 Threads)" is a processor, in no other field. */
	if (k != OBS_PROC && r->proc_end[a] <= b)
		return false;
	/* "(x86_64)" is a kernel's, in no other field. */
	if (k != OBS_KERNEL && r->arch_end[a] <= b)
		return false;
	/* "Ubuntu 23.10", never "Ubuntu 23.1" + "06.7.0". */
	if (!ob_shapes_release_ok(r->shape[l], s + a, b - a))
		return false;
	/* "2000GB Name" is a drive: only a Disk or Memory cell starts so. */
	if ((k == OBS_FREE || k == OBS_LETTER || k == OBS_PROC) &&
	    ob_fields_starts(s, a, OBS_DISK) > 0)
		return false;
	switch (k) {
	case OBS_PROC:
		/* "... (16 Cores / 32 Threads)", "... (4 Cores)": one processor. */
		return r->proc_end[a] == b;
	case OBS_KERNEL:
		return r->upper_after[a] >= b;
	case OBS_GL:
		/* The version is a word of its own: "4.6 Mesa", not "2.0-rc1". */
		return a + n == b || s[a + n] == ' ';
	case OBS_VULKAN:
		/* An API version: "1.2.185", three numbers. */
		for (i = a, n = 0; i < b; i++) {
			if (s[i] == '.')
				n++;
			else if (!isdigit((unsigned char)s[i]))
				return false;
		}
		return n == 2 && s[b - 1] != '.';
	case OBS_RES:
		/* 640x480 to 7680x4320: three or four digits each way. */
		i = ob_fields_digits(s, a);
		if (i < 3 || i > 4 || s[a + i] != 'x' || s[a + i + 1] == '0' ||
		    b < a + i + 1 || b - (a + i + 1) > 4)
			return false;
		for (n = a + i + 1; n < b; n++)
			if (!isdigit((unsigned char)s[n]))
				return false;
		return b - (a + i + 1) >= 3 && b - (a + i + 1) <= 4;
	case OBS_FS:
		for (i = a; i < b; i++)
			if (!isdigit((unsigned char)s[i]) &&
			    !islower((unsigned char)s[i]))
				return false;
		/*
		 * "ext4", "f2fs": never two digits at the end ("ext43"), nor
		 * digits after a known name ("btrfs3").
		 */
		return !(b - a >= 2 && isdigit((unsigned char)s[b - 1]) &&
		    isdigit((unsigned char)s[b - 2])) &&
		    !ob_shapes_overrun(r->shape[l], s + a, b - a);
	default:
		return true;
	}
}

/* The ends of the cells of label l from pos[pi] (see struct ob_fields_run). */
static const size_t *
ob_fields_ends(struct ob_fields_run *r, size_t pi, size_t l, size_t *n)
{
	size_t	at = pi * r->nl + l, qi, lim;

	if (r->first[at] == SIZE_MAX) {
		r->first[at] = r->nends;
		lim = ob_fields_limit(r, r->pos[pi], l);
		for (qi = pi + 1; qi < r->npos && r->pos[qi] <= lim; qi++)
			if (ob_fields_whole(r, r->pos[pi], r->pos[qi], l)) {
				xgrow(&r->ends, &r->capends, r->nends + 1,
				    sizeof(*r->ends));
				r->ends[r->nends++] = qi;
			}
		r->count[at] = r->nends - r->first[at];
	}
	*n = r->count[at];
	return *n > 0 ? r->ends + r->first[at] : NULL;
}

/* The Disk evidence of a cell ob_fields_ends gave, for column col. */
static bool
ob_fields_disk_ok(const struct ob_fields_run *r, size_t a, size_t b, size_t l,
    size_t col)
{
	return r->shape[l]->kind != OBS_DISK || r->ev == NULL ||
	    r->ev->disk_ok == NULL || r->ev->disk_ok(col, r->s + a, b - a,
	    r->ev->ctx);
}

/*
 * May column col print no cell of label l (it is the previous system's)?
 * Not a Disk cell the names say differs from the previous system's.
 */
static bool
ob_fields_skip(const struct ob_fields_run *r, size_t col, size_t l)
{
	return col > 0 && !(r->shape[l]->kind == OBS_DISK && r->ev != NULL &&
	    r->ev->own_disk != NULL && r->ev->own_disk[col]);
}

/*
 * The last end a cell of label l starting at a can have: 0 when none
 * starts there, else OB_FIELDS_MAX_CELL bytes on (ob_fields_whole decides).
 */
static size_t
ob_fields_limit(const struct ob_fields_run *r, size_t a, size_t l)
{
	if ((a > 0 && !r->glued[a * r->nl + l]) ||
	    ob_fields_starts(r->s, a, r->shape[l]->kind) == 0)
		return 0;
	return a + OB_FIELDS_MAX_CELL;
}

/* Pairs of starts at most OB_FIELDS_MAX_CELL apart: the cells we try. */
static size_t
ob_fields_pairs(const struct ob_fields_run *r)
{
	size_t	pi, qi = 0, n = 0;

	for (pi = 0; pi < r->npos; pi++) {
		if (qi < pi + 1)
			qi = pi + 1;
		while (qi < r->npos && r->pos[qi] - r->pos[pi] <= OB_FIELDS_MAX_CELL)
			qi++;
		n += qi - pi - 1;
	}
	return n;
}

#define OBS_AT(pi, col, l)	(((pi) * nsys + (col)) * (nl + 1) + (l))

/*
 * f: readings reaching state (start position, column, next label);
 * b: readings from that state to the end of the run.
 */
static void
ob_fields_count(struct ob_fields_run *r, size_t nsys, double *f, double *b)
{
	const size_t	*e;
	size_t		 pi, col, l, k, ne, np = r->npos, nl = r->nl;

	f[OBS_AT(0, 0, 0)] = 1;
	for (pi = 0; pi < np; pi++)
		for (col = 0; col < nsys; col++)
			for (l = 0; l <= nl; l++) {
				double	v = f[OBS_AT(pi, col, l)];

				if (v == 0)
					continue;
				if (l == nl) {
					if (col + 1 < nsys)
						f[OBS_AT(pi, col + 1, 0)] += v;
					continue;
				}
				if (ob_fields_skip(r, col, l))
					f[OBS_AT(pi, col, l + 1)] += v;
				e = ob_fields_ends(r, pi, l, &ne);
				for (k = 0; k < ne; k++)
					if (ob_fields_disk_ok(r, r->pos[pi],
					    r->pos[e[k]], l, col))
						f[OBS_AT(e[k], col, l + 1)] += v;
			}
	b[OBS_AT(np - 1, nsys - 1, nl)] = 1;
	for (pi = np; pi-- > 0;)
		for (col = nsys; col-- > 0;)
			for (l = nl + 1; l-- > 0;) {
				double	v = 0;

				/*
				 * Only states some reading reaches are ever
				 * asked for (their successors are reached too).
				 */
				if (f[OBS_AT(pi, col, l)] == 0)
					continue;
				if (l == nl) {
					if (col + 1 < nsys)
						v += b[OBS_AT(pi, col + 1, 0)];
					b[OBS_AT(pi, col, l)] += v;
					continue;
				}
				if (ob_fields_skip(r, col, l))
					v += b[OBS_AT(pi, col, l + 1)];
				e = ob_fields_ends(r, pi, l, &ne);
				for (k = 0; k < ne; k++)
					if (b[OBS_AT(e[k], col, l + 1)] != 0 &&
					    ob_fields_disk_ok(r, r->pos[pi],
					    r->pos[e[k]], l, col))
						v += b[OBS_AT(e[k], col, l + 1)];
				b[OBS_AT(pi, col, l)] += v;
			}
}


/* Keep, per system and label, the cell (or its absence) every reading has. */
static void
ob_fields_pin(struct ob_fields_run *r, const double *f, const double *b,
    struct ob_fields *out)
{
	const size_t	*e;
	size_t	nl = out->nlabels, nsys = out->nsys, np = r->npos;
	size_t	col, l, pi, qi, k, ne, ca = 0, cb = 0;
	double	total = out->readings, skip, here, tol = total * 1e-9;

	for (col = 0; col < nsys; col++)
		for (l = 0; l < nl; l++) {
			size_t	cells = 0;

			skip = 0;
			for (pi = 0; pi < np; pi++) {
				double	v = f[OBS_AT(pi, col, l)];

				if (v == 0)
					continue;
				if (ob_fields_skip(r, col, l))
					skip += v * b[OBS_AT(pi, col, l + 1)];
				e = ob_fields_ends(r, pi, l, &ne);
				for (k = 0; k < ne; k++) {
					qi = e[k];
					here = b[OBS_AT(qi, col, l + 1)];
					if (here == 0 || !ob_fields_disk_ok(r,
					    r->pos[pi], r->pos[qi], l, col))
						continue;
					here *= v;
					cells++;
					ca = r->pos[pi];
					cb = r->pos[qi];
					if (here < total - tol)
						cells++;	/* not in every reading */
				}
			}
			if (col > 0 && skip >= total - tol) {
				/* Not printed: the same as the previous system. */
				if (out->value[(col - 1) * nl + l] != NULL)
					out->value[col * nl + l] =
					    xstrdup(out->value[(col - 1) * nl + l]);
			} else if (cells == 1 && skip == 0)
				out->value[col * nl + l] = xstrndup(r->s + ca,
				    cb - ca);
		}
}

/*
 * What every reading asks of a position, worked out once per position:
 * each label's shape, where a glued cell head, an upper-case letter, a
 * ")" glued to more text, a kernel architecture and a processor's
 * "Cores)" end after it.
 */
static void
ob_fields_prepare(struct ob_fields_run *r, const char *const *labels)
{
	size_t	i, k, best, len = r->len;

	r->shape = xcalloc(r->nl, sizeof(*r->shape));
	for (i = 0; i < r->nl; i++)
		r->shape[i] = ob_shapes_of(labels[i]);
	r->glued = xcalloc((len + 1) * r->nl, 1);
	r->head_end = xcalloc(len + 2, sizeof(size_t));
	r->upper_after = xcalloc(len + 2, sizeof(size_t));
	r->head_end[len] = r->head_end[len + 1] = len + 1;
	r->upper_after[len] = r->upper_after[len + 1] = len + 1;
	r->paren_after = xcalloc(len + 2, sizeof(size_t));
	r->paren_after[len] = r->paren_after[len + 1] = len + 1;
	r->arch_end = xcalloc(len + 2, sizeof(size_t));
	r->arch_end[len] = r->arch_end[len + 1] = len + 1;
	for (i = len; i-- > 0;) {
		size_t	e = len + 1, arch = ob_shapes_arch(r->s + i);

		r->upper_after[i] = isupper((unsigned char)r->s[i]) ? i :
		    r->upper_after[i + 1];
		r->paren_after[i] = r->s[i] == ')' &&
		    isalnum((unsigned char)r->s[i + 1]) ? i : r->paren_after[i + 1];
		r->arch_end[i] = arch > 0 ? i + arch : r->arch_end[i + 1];
		/*
		 * A head glued to the text before it, read from the start of
		 * its digits: "MP7001000GB" holds the head "7001000GB ...",
		 * which is all a cell needs to know to stop before it; the
		 * digits' tails ("24GB" in "1024GB") are no heads.
		 */
		if (i > 0 && r->s[i - 1] != ' ' &&
		    !isdigit((unsigned char)r->s[i - 1]) &&
		    ob_fields_starts(r->s, i, OBS_DISK) > 0) {
			/* The head ends with its unit: "2000GB", "2 x 16GB". */
			size_t	j = i, n = ob_fields_digits(r->s, i);

			if (strncmp(r->s + j + n, " x ", 3) == 0)
				j += n + 3;
			e = j + ob_fields_cap(r->s, j, false);
		}
		r->head_end[i] = e < r->head_end[i + 1] ? e : r->head_end[i + 1];
	}
	/* A processor cell ends at its first "Cores)" / "Threads)" / "Core)". */
	r->proc_end = xcalloc(len + 2, sizeof(size_t));
	best = len + 1;
	r->proc_end[len] = r->proc_end[len + 1] = best;
	for (i = len; i-- > 0;) {
		static const char *const suf[] = { "Threads)", "Cores)", "Core)" };

		/* Suffixes starting at i + 1 end a cell that starts at i. */
		for (k = 0; k < 3; k++)
			if (strncmp(r->s + i + 1, suf[k], strlen(suf[k])) == 0 &&
			    i + 1 + strlen(suf[k]) < best)
				best = i + 1 + strlen(suf[k]);
		r->proc_end[i] = best;
	}
}

void
ob_fields_split(const char *cells, const char *const *labels, size_t nlabels,
    size_t nsys, const struct ob_fields_evidence *ev, struct ob_fields *out)
{
	struct ob_fields_run	 r;
	double			*f = NULL, *b = NULL;
	bool			*uncut = NULL;
	size_t			 i, k, nl = nlabels, cells_len;
	int			 pass;
	bool			 any;

	memset(out, 0, sizeof(*out));
	memset(&r, 0, sizeof(r));
	out->nsys = nsys;
	out->nlabels = nlabels;
	out->value = xcalloc(nsys * nlabels + 1, sizeof(char *));
	if (nsys == 0 || nlabels == 0 || cells[0] == '\0')
		return;
	r.s = cells;
	r.len = cells_len = strlen(cells);
	if (cells_len > OB_FIELDS_MAX_LEN) {
		out->gave_up = true;
		return;
	}
	r.ev = ev;
	r.nl = nl;
	ob_fields_prepare(&r, labels);
	r.pos = xcalloc(cells_len + 2, sizeof(size_t));
	uncut = xcalloc(cells_len + 1, sizeof(bool));
	ob_shapes_uncut(cells, cells_len, uncut);
	/* Cells end at word joins; only a table with no such reading relaxes. */
	for (pass = 0; pass < 2 && out->readings == 0; pass++) {
		r.relaxed = pass == 1;
		r.npos = 0;
		r.pos[r.npos++] = 0;
		for (i = 1; i < cells_len; i++) {
			/* "Ge|Force", "San|Disk", "2.5|GbE": one word to a reader. */
			if (uncut[i] || !ob_fields_may_glue(cells, i))
				continue;
			any = false;
			for (k = 0; k < nl; k++) {
				r.glued[i * nl + k] = ob_fields_starts(cells, i,
				    r.shape[k]->kind) > 0 && ob_fields_glued(cells,
				    i, r.shape[k], r.relaxed);
				any |= r.glued[i * nl + k];
			}
			if (any)
				r.pos[r.npos++] = i;
		}
		r.pos[r.npos++] = cells_len;
		if (r.npos > OB_FIELDS_MAX_POS || (double)ob_fields_pairs(&r) *
		    nsys * (nl + 1) > OB_FIELDS_MAX_WORK) {
			out->gave_up = true;
			goto out;
		}
		free(f);
		free(b);
		free(r.first);
		free(r.count);
		r.first = xmalloc(r.npos * nl * sizeof(*r.first));
		r.count = xmalloc(r.npos * nl * sizeof(*r.count));
		for (i = 0; i < r.npos * nl; i++)
			r.first[i] = SIZE_MAX;
		r.nends = 0;
		f = xcalloc(r.npos * nsys * (nl + 1), sizeof(double));
		b = xcalloc(r.npos * nsys * (nl + 1), sizeof(double));
		ob_fields_count(&r, nsys, f, b);
		out->readings = f[(((r.npos - 1) * nsys) + nsys - 1) * (nl + 1) +
		    nl];
	}
	if (out->readings > 0)
		ob_fields_pin(&r, f, b, out);
out:
	free(uncut);
	free(f);
	free(b);
	free(r.shape);
	free(r.glued);
	free(r.pos);
	free(r.head_end);
	free(r.upper_after);
	free(r.paren_after);
	free(r.arch_end);
	free(r.proc_end);
	free(r.first);
	free(r.count);
	free(r.ends);
}

void
ob_fields_free(struct ob_fields *f)
{
	size_t	i;

	if (f->value != NULL)
		for (i = 0; i < f->nsys * f->nlabels; i++)
			free(f->value[i]);
	free(f->value);
	f->value = NULL;
}
