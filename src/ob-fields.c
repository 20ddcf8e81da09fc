/* SPDX-License-Identifier: ISC */
/*
 * The systems table's cells (see ob-fields.h): every reading of the run
 * counted forward and backward over (position, cells read) states, and
 * the Disk and Processor rows the names are compared with.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ob-fields.h"
#include "ob-shapes.h"
#include "xalloc.h"

/* Longest cell we place (the longest of the fixtures and corpus: 89 bytes). */
#define OB_FIELDS_MAX_CELL	256
/* Kernel majors below this (Linux 6, Darwin 24): "20.0|45.14.0" is none. */
#define OB_FIELDS_MAX_KERNEL	30
/*
 * Memory modules or devices per system, at most: "82 x 16GB" is "8" +
 * "2 x 16GB", "ALC8982 x Intel" is "ALC898" + "2 x Intel".
 */
#define OB_FIELDS_MAX_MODULES	64

/*
 * One pass over a cells run. A reading is a path through the states
 * (pi, t): t cells of the columns read (column t / nl, label t % nl next),
 * the next starting at pos[pi]. A cell from pos[pi] to pos[qi] leads to
 * (qi, t + 1), an unprinted cell to (pi, t + 1). f counts the readings
 * that reach a state. The forward count finds each reached state's moves
 * once and lists them (state i's are move[first[i]] to
 * move[first[i + 1] - 1]) for ob_fields_pin to walk back.
 */
struct ob_fields_run {
	const char	*s;
	size_t		 len;
	const struct ob_shape **shape;	/* per label */
	size_t		 nl, nt;	/* labels; cells of all columns */
	const struct ob_fields_evidence *ev;
	bool		 relaxed;	/* second pass: see ob_fields_join */
	size_t		*pos;		/* candidate cell starts, then len */
	size_t		 npos;
	bool		*glued;		/* see ob_fields_split */
	unsigned long	*left;		/* the document's steps */
	double		*f;		/* per state: see ob_fields_at */
	size_t		*first, *move;	/* the moves, see above */
	size_t		 nmove, capmove;
};

static size_t	ob_fields_digits_before(const char *s, size_t i);
static size_t	ob_fields_times(const char *s, size_t i);
static size_t	ob_fields_windows(const char *s, size_t i);
static bool	ob_fields_size_before(const char *s, size_t i);
static bool	ob_fields_pci_before(const char *s, size_t i);
static bool	ob_fields_id_before(const char *s, size_t i);
static size_t	ob_fields_starts(const char *s, size_t i, enum ob_shape_kind k);
static bool	ob_fields_join(const char *s, size_t i, bool relaxed);
static size_t	ob_fields_opens(const struct ob_fields_run *r, size_t i,
	    size_t l);
static size_t	ob_fields_min(size_t end, size_t e);
static size_t	ob_fields_tag(const char *s, size_t i);
static size_t	ob_fields_reach(const struct ob_fields_run *r, size_t a,
	    enum ob_shape_kind k);
static bool	ob_fields_whole(const struct ob_fields_run *r, size_t a,
	    size_t b, const struct ob_shape *shape, size_t n);
static void	ob_fields_moves(struct ob_fields_run *r, size_t pi, size_t t);
static size_t	ob_fields_at(const struct ob_fields_run *r, size_t pi,
	    size_t t);
static void	ob_fields_count(struct ob_fields_run *r);
static void	ob_fields_pin(struct ob_fields_run *r, struct ob_fields *out);
static bool	ob_fields_sep(char c);
static bool	ob_fields_word_in(const char *w, size_t wl, const char *s,
	    size_t len);
static bool	ob_fields_pair(const char *name,
	    const struct ob_fields_row *row, size_t i);
static bool	ob_fields_fits(const struct ob_names *names, size_t sys,
	    const char *cell, size_t len);

/* The run of digits that ends just before s + i, counted as ob_shapes_digits. */
static size_t
ob_fields_digits_before(const char *s, size_t i)
{
	size_t	n = 0;

	while (n < i && n < OB_SHAPES_DIGITS_MAX &&
	    isdigit((unsigned char)s[i - n - 1]))
		n++;
	return n;
}

/* The length of a count of drives or modules at s + i ("2 x "), or 0. */
static size_t
ob_fields_times(const char *s, size_t i)
{
	size_t	n = ob_shapes_digits(s + i);

	return n > 0 && s[i] != '0' && strncmp(s + i + n, " x ", 3) == 0 ?
	    n + 3 : 0;
}

/*
 * A Windows kernel as PTS prints it, the NT version, build and revision
 * ("10.0.22631.2715", "6.3.9600"): its length at s + i, or 0. The build
 * has four or five digits, as no part of a Linux version has.
 */
static size_t
ob_fields_windows(const char *s, size_t i)
{
	size_t	v = 0, n;

	if (strncmp(s + i, "10.0.", 5) == 0)
		v = 5;
	else if (s[i] == '6' && s[i + 1] == '.' && s[i + 2] >= '0' &&
	    s[i + 2] <= '3' && s[i + 3] == '.')
		v = 4;
	if (v == 0 || (n = ob_shapes_digits(s + i + v)) < 4 || n > 5)
		return 0;
	v += n;
	if (s[i + v] == '.' && (n = ob_shapes_digits(s + i + v + 1)) > 0)
		v += n + 1;
	return s[i + v] != '.' && !isdigit((unsigned char)s[i + v]) ? v : 0;
}

/* Does a size glued to its number end at s + i ("24GB|")? */
static bool
ob_fields_size_before(const char *s, size_t i)
{
	return i > 2 && s[i - 1] == 'B' && strchr("KMGT", s[i - 2]) != NULL &&
	    isdigit((unsigned char)s[i - 3]);
}

/* Does a PCI ID end at s + i ("Device ab28|")? */
static bool
ob_fields_pci_before(const char *s, size_t i)
{
	return i >= 11 && strncmp(s + i - 11, "Device ", 7) == 0 &&
	    strspn(s + i - 4, "0123456789abcdefABCDEF") >= 4;
}

/*
 * Does an ID end at s + i, a PCI device's or a name ending in digits
 * (ob_shapes_id_before: "BCM2711|")?
 */
static bool
ob_fields_id_before(const char *s, size_t i)
{
	return ob_fields_pci_before(s, i) || ob_shapes_id_before(s, i);
}

/*
 * May a cell of kind k start at s + i? The length of the beginning its
 * shape reads (the cell must be at least that long), or 0.
 */
static size_t
ob_fields_starts(const char *s, size_t i, enum ob_shape_kind k)
{
	size_t	x, m, n, j = i;
	double	gb = 0;
	bool	word;

	switch (k) {
	case OBS_FREE:
	case OBS_PROC:
		return 1;
	case OBS_LETTER:
		/* "Intel I225-V", "2 x Intel 10G X550T". */
		x = ob_fields_times(s, i);
		return isalpha((unsigned char)s[i + x]) ? x + 1 : 0;
	case OBS_FS:
		return islower((unsigned char)s[i]) ? 1 : 0;
	case OBS_MEM:
	case OBS_DISK:
		/* "2 x 16GB ...", "16GB"; "2000GB Name", "2 x 1000GB Name". */
		x = ob_fields_times(s, i);
		if (x > 0 && k == OBS_MEM &&
		    strtol(s + i, NULL, 10) > OB_FIELDS_MAX_MODULES)
			return 0;
		/* Modules PTS found no size of: "8 x GB DDR3-1600MT/s". */
		if (x > 0 && k == OBS_MEM && strncmp(s + i + x, "GB ", 3) == 0)
			return x + 2;
		if ((m = ob_shapes_cap(s + i + x, k == OBS_MEM, x > 0 ? &gb :
		    NULL)) == 0)
			return 0;
		m += x;
		word = s[i + m] == ' ' && isalpha((unsigned char)s[i + m + 1]);
		if (k == OBS_DISK)
			return word ? m + 2 : 0;
		/*
		 * Modules of at most 512GB ("2 x 1000GB" is a drive pair); a
		 * size with no count before a name is a drive.
		 */
		return (x > 0 ? gb > 512 : word) ? 0 : m;
	case OBS_KERNEL:
		if ((x = ob_fields_windows(s, i)) > 0)
			return x;
		/* "6.7.0-...", "5.14", never "3.106.7.0": a leading digit cut. */
		n = ob_shapes_digits(s + i);
		if (n == 0 || n > 2 || s[i] == '0' || s[i + n] != '.' ||
		    strtol(s + i, NULL, 10) >= OB_FIELDS_MAX_KERNEL)
			return 0;
		/* Then one or two numbers of one to three digits. */
		for (j += n, m = 0; m < 2 && s[j] == '.'; m++, j += n + 1)
			if ((n = ob_shapes_digits(s + j + 1)) == 0 || n > 3)
				return 0;
		/* WSL's kernel has a fourth part: "5.15.153.1-microsoft". */
		if (m == 2 && s[j] == '.' &&
		    (n = ob_shapes_digits(s + j + 1)) > 0 &&
		    strncmp(s + j + 1 + n, "-microsoft", 10) == 0)
			j += n + 1;
		/* Linux builds are X.Y.Z-N: "4.0-0514" is cut. */
		if (m == 1 && s[j] == '-' && isdigit((unsigned char)s[j + 1]))
			return 0;
		/*
		 * A tag in lower case or digits ("-21-amd64", "+rpt-rpi-v8") is
		 * Linux's, whose major is below 10: "Debian 11|5.10.0-21",
		 * never "Debian 1|15.10.0-21" (Darwin's has no tag, FreeBSD's
		 * is in capitals: "14.0-RELEASE").
		 */
		if ((s[j] == '-' || s[j] == '+') &&
		    (islower((unsigned char)s[j + 1]) ||
		    isdigit((unsigned char)s[j + 1])) &&
		    strtol(s + i, NULL, 10) >= 10)
			return 0;
		break;
	case OBS_GL:
		/* "4.6 Mesa ...", "4.6.0", never "1.1.74.6". */
		if (s[i] < '1' || s[i] > '4' || s[i + 1] != '.' ||
		    !isdigit((unsigned char)s[i + 2]))
			return 0;
		j = i + 2 + ob_shapes_digits(s + i + 2);
		if (s[j] == '.' && isdigit((unsigned char)s[j + 1]))
			j += 1 + ob_shapes_digits(s + j + 1);
		break;
	case OBS_VULKAN:
		/* Every Vulkan API version so far is 1.x: "12.4.131|1.3.277". */
		return s[i] == '1' && s[i + 1] == '.' ? 2 : 0;
	case OBS_RES:
		return isdigit((unsigned char)s[i]) && s[i] != '0' ? 1 : 0;
	case OBS_CL:
		return strncmp(s + i, "OpenCL", 6) == 0 ? 6 : 0;
	}
	/* A kernel's or OpenGL's version ends before a dot or a digit. */
	return s[j] != '.' && !isdigit((unsigned char)s[j]) ? j - i : 0;
}

/*
 * May a cell of label l start at i? The length ob_fields_starts reads, or
 * 0. Glued to the previous cell (i > 0), a shapeless cell starts at a word
 * join ("Audio|DELL", "89|GCC", "Threads)|ASUS").
 */
static size_t
ob_fields_opens(const struct ob_fields_run *r, size_t i, size_t l)
{
	const char		*s = r->s;
	const struct ob_shape	*shape = r->shape[l];
	enum ob_shape_kind	 k = shape->kind;
	size_t			 n = ob_fields_starts(s, i, k), j;
	bool			 join = k == OBS_FREE || k == OBS_LETTER ||
	    k == OBS_PROC, bare;
	unsigned char		 a, c;

	/*
	 * A virtual machine's drive may be its size alone ("49GB"): then
	 * that is the whole cell (ob_fields_whole).
	 */
	bare = n == 0 && k == OBS_DISK && (n = ob_shapes_cap(s + i, false,
	    NULL)) > 0;
	if (bare && s[i + n] == ' ')
		n = 0;
	/* "2000GB Name" is a drive: only a Disk or Memory cell starts so. */
	if (n == 0 || (join && ob_fields_starts(s, i, OBS_DISK) > 0))
		return 0;
	if (i == 0)
		return n;
	a = (unsigned char)s[i - 1];
	c = (unsigned char)s[i];
	/*
	 * A word this field's values begin with starts the cell wherever it
	 * is glued ("00AFY0|AMD DIMGREY", "ab28|ASUS VP28U"); one in lower
	 * case ("llvmpipe") not inside a word, but after the last capital of
	 * a model, a word in capitals or a one-letter word ("24GB|amdgpu",
	 * "SN64G|llvmpipe", "Virtual S|llvmpipe"), and one of eight letters or
	 * more, which ends no word, anywhere ("Virtual Disk|hyperv_drmdrmfb",
	 * "consoles|modesetting").
	 */
	if (isalpha(c) && (j = ob_shapes_lead(shape, s + i)) > 0 &&
	    (isupper(c) || !isalpha(a) || (isupper(a) && i >= 2 &&
	    !islower((unsigned char)s[i - 2])) || j >= 8))
		return n;
	/*
	 * Nor does a value begin with one capital glued to one: "G|llvmpipe",
	 * "L|CentOS Stream 9".
	 */
	if (isupper(c) && isalpha((unsigned char)s[i + 1]) &&
	    ob_shapes_lead(shape, s + i + 1) > 0)
		return 0;
	/*
	 * Two numbers glue where a value ends in a version or a model
	 * ("23.10|6.7.0", "14d8|2 x 16GB"), never inside a plain integer
	 * ("Mesa 2|3.2.1") nor after a size's unit ("128GB2|15GB"); but an OS
	 * name ends in its release and the Kernel follows it ("Debian
	 * 12|6.1.0-18-amd64"), and a PCI ID in four hex digits ("Device
	 * 0200|128GB").
	 */
	j = i - ob_fields_digits_before(s, i);
	if (isdigit(a) && isdigit(c) && k != OBS_KERNEL && (j == 0 ||
	    s[j - 1] == ' ' || s[j - 1] == '(' || s[j - 1] == ')' ||
	    ob_fields_size_before(s, j)) && !ob_fields_id_before(s, i))
		return 0;
	/*
	 * A bare memory or drive size is not cut from its digits ("1|6GB",
	 * "QEMU4|9GB"), unless they are a version's last part ("Rev
	 * 1.0|8GB") or a PCI ID.
	 */
	if ((k == OBS_MEM || bare) && isdigit(a) &&
	    ob_fields_times(s, i) == 0 && !(j > 0 && s[j - 1] == '.') &&
	    !ob_fields_id_before(s, i))
		return 0;
	/* Nor is a word cut: "e|xt4", "OpenC|L". */
	if ((k == OBS_FS || k == OBS_CL) && isalpha(a))
		return 0;
	/* A count glued to a model's digits: "ALC898|2 x Intel 82574L". */
	if (join && isdigit(a) && ob_fields_times(s, i) > 0 &&
	    strtol(s + i, NULL, 10) <= OB_FIELDS_MAX_MODULES)
		return n;
	/* A name in capitals after a build date: "20210822|GNOME Shell". */
	if (k == OBS_LETTER && isupper(c) && isupper((unsigned char)s[i + 1]) &&
	    i - j >= 4 && j > 0 && s[j - 1] == ' ')
		return n;
	/*
	 * Whatever follows a file system's name in capitals ("ext4|KVM"):
	 * the label before is the File-System's, and lower case and digits
	 * run back to a letter (after the digits of a date: "20160609ext4").
	 */
	for (j = i; l > 0 && r->shape[l - 1]->kind == OBS_FS && j > 0 &&
	    (islower((unsigned char)s[j - 1]) ||
	    isdigit((unsigned char)s[j - 1]));)
		j--;
	while (j < i && isdigit((unsigned char)s[j]))
		j++;
	if (isupper(c) && j < i && islower((unsigned char)s[j]))
		return n;
	return !join || ob_fields_join(s, i, r->relaxed) ? n : 0;
}

/*
 * A join of two cells' words: "Audio|DELL", "U2723QE|Intel",
 * "Threads)|ASUS", a unit, a dotted version, a resolution or a PCI ID then
 * a capital ("10GB|NVIDIA", "12.4.89|GCC", "2160|AMD", "Device ab28|ASUS").
 * Not "89GC|C" nor "7NV|IDIA" unless relaxed: a table with no other
 * reading joins two all-capital words somewhere, and then any capital may
 * start a cell.
 */
static bool
ob_fields_join(const char *s, size_t i, bool relaxed)
{
	unsigned char	 a = (unsigned char)s[i - 1], b = (unsigned char)s[i];
	size_t		 j, h = ob_fields_digits_before(s, i);
	bool		 dot = false;

	if (a == ')' || (islower(a) && isupper(b)))
		return true;
	if (!isupper(b))
		return false;
	/* Relaxed: capitals glued to capitals ("HDMI/DP|DELL") may part. */
	if (relaxed && isupper(a))
		return true;
	/* A capitalised word, but not a size's "B" ("24G|Bamdgpu"). */
	if (isalnum(a) && islower((unsigned char)s[i + 1]) &&
	    !ob_fields_size_before(s, i + 1))
		return true;
	/* A size after its number: "10GB|NVIDIA" ("MHz|X" is lower|upper). */
	if (ob_fields_size_before(s, i))
		return true;
	if (ob_fields_id_before(s, i))
		return true;
	/* A resolution, a column's end, maybe glued ("ext4|3840x2160"). */
	if (h >= 3 && h <= 4 && i - h >= 4 && s[i - h - 1] == 'x' &&
	    ob_fields_digits_before(s, i - h - 1) >= 3)
		return true;
	/* A dotted version ("1.21.1.7|NVIDIA"), not a model ("X670|E"). */
	for (j = i; j > 0 && (isdigit((unsigned char)s[j - 1]) ||
	    s[j - 1] == '.'); j--)
		dot |= s[j - 1] == '.';
	return isdigit(a) && dot &&
	    (j == 0 || !isalnum((unsigned char)s[j - 1]));
}

/* The lesser of end and e. */
static size_t
ob_fields_min(size_t end, size_t e)
{
	return e < end ? e : end;
}

/*
 * A kernel's tag at s + i: a dash, capitals, maybe digits, then no letter
 * (a BSD branch "14.0-RELEASE", WSL's "5.15.153.1-microsoft-standard-WSL2");
 * the length after the dash, or 0.
 */
static size_t
ob_fields_tag(const char *s, size_t i)
{
	size_t	n = 1;

	if (s[i] != '-' || !isupper((unsigned char)s[i + 1]))
		return 0;
	while (isupper((unsigned char)s[i + n]))
		n++;
	while (isdigit((unsigned char)s[i + n]))
		n++;
	return isalpha((unsigned char)s[i + n]) ? 0 : n - 1;
}

/*
 * How far a cell of kind k from a may reach (OB_FIELDS_MAX_CELL bytes at
 * most). It stops before a Disk head glued to the text before it
 * ("PRO|2000GB Corsair"; read from the start of its digits, so "24GB" in
 * "1024GB" is none) and after a ")" glued to more text ("(x86_64)|6.11.0",
 * "BIOS)|AMD"). Only a processor holds "(16 Cores / 32 Threads)", and ends
 * there; only a kernel holds "(x86_64)", and a kernel no capital but in a
 * tag after a dash ("14.0-RELEASE", "-WSL2").
 */
static size_t
ob_fields_reach(const struct ob_fields_run *r, size_t a, enum ob_shape_kind k)
{
	const char	*s = r->s;
	size_t		 end, i, n;

	end = ob_fields_min(r->len, a + OB_FIELDS_MAX_CELL);
	for (i = a; i < end; i++) {
		/* No cell holds a glued head ("2000GB N", n bytes) to its unit. */
		if (i > a && isdigit((unsigned char)s[i]) && s[i - 1] != ' ' &&
		    !isdigit((unsigned char)s[i - 1]) &&
		    (n = ob_fields_starts(s, i, OBS_DISK)) > 0)
			end = ob_fields_min(end, i + n - 3);
		if (s[i] == ')' && isalnum((unsigned char)s[i + 1]))
			end = ob_fields_min(end, i + 1);
		if (i > a && r->glued[i])
			end = ob_fields_min(end, i);
		/* A PCI ID has four hex digits: "Device 14a4|24 x 64GB". */
		if (i + 11 <= r->len && ob_fields_pci_before(s, i + 11) &&
		    s[i + 11] != ' ')
			end = ob_fields_min(end, i + 11);
		if (i > a && (s[i] == 'C' || s[i] == 'T') &&
		    (n = ob_shapes_cores(s + i)) > 0)
			end = ob_fields_min(end, k == OBS_PROC ? i + n : i + n - 1);
		if (k != OBS_KERNEL && s[i] == '(' &&
		    (n = ob_shapes_arch(s + i)) > 0)
			end = ob_fields_min(end, i + n - 1);
		if (k == OBS_KERNEL && (n = ob_fields_tag(s, i)) > 0)
			i += n;
		else if (k == OBS_KERNEL && isupper((unsigned char)s[i]))
			end = ob_fields_min(end, i);
	}
	return end;
}

/* Is [a, b) a whole cell of the shape, n its ob_fields_opens, b in reach? */
static bool
ob_fields_whole(const struct ob_fields_run *r, size_t a, size_t b,
    const struct ob_shape *shape, size_t n)
{
	enum ob_shape_kind	 k = shape->kind;
	const char		*s = r->s;
	size_t			 i;

	if (a + n > b || s[b - 1] == ' ')
		return false;
	/* "Ubuntu 23.10", never "Ubuntu 23.1" + "06.7.0". */
	if (!ob_shapes_release_ok(shape, s + a, b - a))
		return false;
	switch (k) {
	case OBS_DISK:
		/* "2000GB Name", or a bare size and nothing more. */
		return s[a + n - 2] == ' ' || b == a + n;
	case OBS_PROC:
		/* It ends at its first "Core)", "Cores)", "Threads)" (5 to 8 bytes). */
		for (n = 5; n <= 8; n++)
			if (b > a + n && ob_shapes_cores(s + b - n) == n)
				return true;
		return false;
	case OBS_KERNEL:
		/*
		 * Darwin's major is 10 or more, and a Mac's kernel is Darwin's:
		 * "(arm64)" is Darwin's name for what Linux calls "(aarch64)",
		 * and a kernel glued to a macOS release is a Mac's ("macOS
		 * 14.1|23.1.0 (x86_64)", never "macOS 14.12|3.1.0 (x86_64)").
		 */
		if (strtol(s + a, NULL, 10) >= 10)
			return true;
		if (b - a > 7 && strncmp(s + b - 7, "(arm64)", 7) == 0)
			return false;
		/* A release ("10.15.7") is short: no longer scan is needed. */
		for (i = a; i > 0 && a - i < 12 && (s[i - 1] == '.' ||
		    isdigit((unsigned char)s[i - 1])); i--)
			;
		return !(i >= 6 && strncmp(s + i - 6, "macOS ", 6) == 0) &&
		    !(i >= 9 && strncmp(s + i - 9, "Mac OS X ", 9) == 0);
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
		i = a + ob_shapes_digits(s + a) + 1;
		return i >= a + 4 && i <= a + 5 && s[i - 1] == 'x' &&
		    s[i] != '0' && b >= i + 3 && b <= i + 4 &&
		    ob_shapes_digits(s + i) >= b - i;
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
		    !ob_shapes_overrun(shape, s + a, b - a);
	default:
		return true;
	}
}

/*
 * List the moves of a reading in state (pi, t), at most npos - pi: pi
 * itself when the column may print no cell of its label (it is the previous
 * system's; not a Disk cell the names say differs from the previous
 * system's), then the ends of its cells, ascending (a Disk cell only where
 * the names' evidence allows).
 */
static void
ob_fields_moves(struct ob_fields_run *r, size_t pi, size_t t)
{
	const struct ob_fields_evidence	*ev = r->ev;
	const struct ob_shape		*shape = r->shape[t % r->nl];
	enum ob_shape_kind		 k = shape->kind;
	size_t				 a = r->pos[pi], col = t / r->nl, qi;
	size_t				 open, reach;

	if (col > 0 && !(k == OBS_DISK && ev != NULL &&
	    ev->own_disk != NULL && ev->own_disk[col]))
		r->move[r->nmove++] = pi;
	if (*r->left == 0 || (open = ob_fields_opens(r, a, t % r->nl)) == 0)
		return;
	reach = ob_fields_reach(r, a, k);
	*r->left -= reach - a < *r->left ? reach - a : *r->left;
	for (qi = pi + 1; qi < r->npos && r->pos[qi] <= reach; qi++)
		if (ob_fields_whole(r, a, r->pos[qi], shape, open) &&
		    (k != OBS_DISK || ev == NULL || ev->names == NULL ||
		    ob_fields_fits(ev->names, col, r->s + a, r->pos[qi] - a)))
			r->move[r->nmove++] = qi;
}

/* The index of state (pi, t) in r->f. */
static size_t
ob_fields_at(const struct ob_fields_run *r, size_t pi, size_t t)
{
	return pi * (r->nt + 1) + t;
}

/* Count the readings reaching each state (f), listing its moves. */
static void
ob_fields_count(struct ob_fields_run *r)
{
	size_t	pi, t, i, k;

	r->f[0] = 1;
	r->nmove = 0;
	for (pi = 0; pi < r->npos; pi++)
		for (t = 0; t <= r->nt; t++) {
			i = ob_fields_at(r, pi, t);
			r->first[i] = r->nmove;
			if (r->f[i] == 0 || t == r->nt)
				continue;
			xgrow(&r->move, &r->capmove, r->nmove + r->npos - pi,
			    sizeof(*r->move));
			ob_fields_moves(r, pi, t);
			for (k = r->first[i]; k < r->nmove; k++)
				r->f[ob_fields_at(r, r->move[k], t + 1)] += r->f[i];
		}
	r->first[r->npos * (r->nt + 1)] = r->nmove;
}

/*
 * Keep, per system and label, the cell (or its absence) every reading has.
 * Walking the states back, b counts the readings from each to the end of
 * the run, so a move from state i to j is in f[i] * b[j] readings.
 */
static void
ob_fields_pin(struct ob_fields_run *r, struct ob_fields *out)
{
	size_t	 nl = r->nl, t, pi, qi, i, j, k, cells, ca = 0, cb = 0;
	double	 total = out->readings, tol = total * 1e-9, skip, here;
	double	*b = xcalloc(r->npos * (r->nt + 1), sizeof(double));
	bool	*same = xcalloc(r->nt, sizeof(bool));

	b[ob_fields_at(r, r->npos - 1, r->nt)] = 1;
	for (t = r->nt; t-- > 0;) {
		cells = 0;
		skip = 0;
		for (pi = 0; pi < r->npos; pi++) {
			i = ob_fields_at(r, pi, t);
			for (k = r->first[i]; k < r->first[i + 1]; k++) {
				qi = r->move[k];
				j = ob_fields_at(r, qi, t + 1);
				b[i] += b[j];
				here = r->f[i] * b[j];
				if (qi == pi)
					skip += here;
				else if (here != 0) {
					cells++;
					ca = r->pos[pi];
					cb = r->pos[qi];
					/* Not in every reading? */
					if (here < total - tol)
						cells++;
				}
			}
		}
		/* Not printed: the same as the previous system's (below). */
		same[t] = t >= nl && skip >= total - tol;
		if (!same[t] && cells == 1 && skip == 0)
			out->value[t] = xstrndup(r->s + ca, cb - ca);
	}
	for (t = nl; t < r->nt; t++)
		if (same[t] && out->value[t - nl] != NULL)
			out->value[t] = xstrdup(out->value[t - nl]);
	free(b);
	free(same);
}

void
ob_fields_split(const char *cells, const char *const *labels, size_t nlabels,
    size_t nsys, const struct ob_fields_evidence *ev, struct ob_fields *out,
    unsigned long *left)
{
	struct ob_fields_run	 r;
	bool			*uncut;
	size_t			 i, l, nstates;
	int			 pass;

	memset(out, 0, sizeof(*out));
	out->nsys = nsys;
	out->nlabels = nlabels;
	out->value = xcalloc(nsys * nlabels + 1, sizeof(char *));
	if (nsys == 0 || nlabels == 0 || cells[0] == '\0')
		return;
	r = (struct ob_fields_run){ .s = cells, .len = strlen(cells),
	    .nl = nlabels, .nt = nsys * nlabels, .ev = ev, .left = left };
	if ((double)r.len * (r.nt + 1) > *left) {
		*left = 0;
		return;
	}
	r.shape = xcalloc(nlabels, sizeof(*r.shape));
	for (l = 0; l < nlabels; l++)
		r.shape[l] = ob_shapes_of(labels[l]);
	r.pos = xcalloc(r.len + 2, sizeof(size_t));
	uncut = xcalloc(r.len + 1, sizeof(bool));
	ob_shapes_uncut(cells, r.len, uncut);
	/*
	 * A field's lead word in capitals glued to a letter or a digit starts
	 * a cell: no cell runs over it ("K5000|Realtek ALC262").
	 */
	r.glued = xcalloc(r.len + 1, sizeof(bool));
	for (i = 1; i < r.len; i++)
		for (l = 0; l < nlabels && !uncut[i] && !r.glued[i] &&
		    isupper((unsigned char)cells[i]) &&
		    isalnum((unsigned char)cells[i - 1]); l++)
			r.glued[i] = ob_shapes_lead(r.shape[l], cells + i) > 0;
	/* Cells end at word joins; only a table with no such reading relaxes. */
	for (pass = 0; pass < 2 && out->readings == 0; pass++) {
		r.relaxed = pass == 1;
		r.npos = 0;
		r.pos[r.npos++] = 0;
		for (i = 1; i < r.len; i++) {
			/* "Ge|Force", "San|Disk", "2.5|GbE": one word to a reader. */
			if (uncut[i])
				continue;
			for (l = 0; l < nlabels; l++)
				if (ob_fields_opens(&r, i, l) > 0)
					break;
			if (l < nlabels)
				r.pos[r.npos++] = i;
		}
		r.pos[r.npos++] = r.len;
		nstates = r.npos * (r.nt + 1);
		if (nstates > *left) {
			*left = 0;
			break;
		}
		*left -= nstates;
		free(r.f);
		free(r.first);
		r.f = xcalloc(nstates, sizeof(double));
		r.first = xcalloc(nstates + 1, sizeof(size_t));
		ob_fields_count(&r);
		if (*left == 0)
			break;
		out->readings = r.f[nstates - 1];
	}
	if (out->readings > 0)
		ob_fields_pin(&r, out);
	free(uncut);
	free(r.glued);
	free(r.shape);
	free(r.pos);
	free(r.f);
	free(r.first);
	free(r.move);
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

void
ob_fields_disk_row(const char *cells, struct ob_fields_row *row)
{
	const char		*s = cells;
	struct ob_fields_cell	 c;
	size_t			 i, d, m, x, e = 0, cap = 0;
	double			 gb;

	memset(row, 0, sizeof(*row));
	row->text = cells;
	for (i = 0; s[i] != '\0'; i++) {
		/* Inside a cell a capacity follows a space: "+ 123GB". */
		if (!isdigit((unsigned char)s[i]) || (i > 0 &&
		    (s[i - 1] == ' ' || isdigit((unsigned char)s[i - 1]))))
			continue;
		memset(&c, 0, sizeof(c));
		x = ob_fields_times(s, i);
		if (x > 0 && (m = ob_shapes_cap(s + i + x, false, &gb)) > 0) {
			/* "2 x 1000GB": the count starts the cell. */
			c.cap[c.ncap++] = gb;
			c.cap[c.ncap++] = gb * strtod(s + i, NULL);
			e = i + x + m;
		} else
			/*
			 * The previous cell may end in digits ("Gen1" +
			 * "2000GB"): the capacity starts at some non-zero
			 * digit of the run. Keep the longest few readings.
			 */
			for (d = i; d < i + ob_shapes_digits(s + i) &&
			    c.ncap < OB_FIELDS_MAX_CAPS; d++)
				if ((m = ob_shapes_cap(s + d, false,
				    &gb)) > 0) {
					c.cap[c.ncap++] = gb;
					e = d + m;
				}
		if (c.ncap > 0 && s[e] == ' ' &&
		    isalpha((unsigned char)s[e + 1])) {
			c.start = i;
			if (row->len > 0)
				row->cell[row->len - 1].end = i;
			xgrow(&row->cell, &cap, row->len + 1, sizeof(c));
			row->cell[row->len++] = c;
			i = e - 1;
		}
	}
	if (row->len > 0)
		row->cell[row->len - 1].end = i;
}

void
ob_fields_proc_row(const char *cells, struct ob_fields_row *row)
{
	size_t	 i, cap = 0, n;

	memset(row, 0, sizeof(*row));
	row->text = cells;
	row->every_word = true;
	for (i = 0; cells[i] != '\0'; i++)
		if ((n = ob_shapes_cores(cells + i)) > 0) {
			xgrow(&row->cell, &cap, row->len + 1,
			    sizeof(*row->cell));
			memset(&row->cell[row->len], 0, sizeof(*row->cell));
			row->cell[row->len].start = row->len > 0 ?
			    row->cell[row->len - 1].end : 0;
			row->cell[row->len++].end = i + n;
		}
}

void
ob_fields_row_free(struct ob_fields_row *row)
{
	free(row->cell);
	row->cell = NULL;
	row->len = 0;
}

/*
 * Does a cell word end at c? Plain comparisons: the names search asks
 * this for every byte of a cell, for every split it ranks.
 */
static bool
ob_fields_sep(char c)
{
	return c == ' ' || c == '(' || c == ')' || c == ',' || c == '+' ||
	    c == '/';
}

/*
 * Does the name word w occur among the words of the cell s (len bytes):
 * equal (any case), or, for a model-number-like word (letters and digits),
 * inside a cell word?
 */
static bool
ob_fields_word_in(const char *w, size_t wl, const char *s, size_t len)
{
	size_t	 i, j, k;
	bool	 alpha = false, digit = false;

	for (k = 0; k < wl; k++) {
		alpha |= isalpha((unsigned char)w[k]) != 0;
		digit |= isdigit((unsigned char)w[k]) != 0;
	}
	for (i = 0; i < len; i = j) {
		while (i < len && ob_fields_sep(s[i]))
			i++;
		for (j = i; j < len && !ob_fields_sep(s[j]); j++)
			;
		if (j - i == wl && strncasecmp(s + i, w, wl) == 0)
			return true;
		if (alpha && digit && j - i > wl)
			for (k = i; k + wl <= j; k++)
				if (strncasecmp(s + k, w, wl) == 0)
					return true;
	}
	return false;
}

/* Does name agree with the row's cell i (see ob_fields_agree)? */
static bool
ob_fields_pair(const char *name, const struct ob_fields_row *row, size_t i)
{
	const struct ob_fields_cell	*c = &row->cell[i];
	const char			*s = row->text + c->start, *w = name;
	size_t				 wl, k, len = c->end - c->start;
	bool				 word = false, capok = false;
	double				 gb;

	for (; *w != '\0'; w += wl) {
		while (*w == ' ')
			w++;
		if ((wl = strcspn(w, " ")) == 0)
			break;
		if (row->every_word) {
			if (!ob_fields_word_in(w, wl, s, len))
				return false;
			word = true;
		} else if (ob_shapes_cap(w, false, &gb) == wl) {
			for (k = 0; k < c->ncap; k++)
				capok |= fabs(c->cap[k] - gb) <= 0.05 * gb;
		} else if (wl >= 2 && ob_fields_word_in(w, wl, s, len))
			word = true;
	}
	/*
	 * A Disk cell always states a capacity: a name that states none (or
	 * one glued to the next name's letters, "2TBNova") is not its drive.
	 */
	return word && (row->every_word || capok);
}

bool
ob_fields_agree(const struct ob_fields_row *row, const struct ob_names *names)
{
	size_t	i, first;

	if (names->len == 0 || row->len < names->len)
		return false;
	first = row->len - names->len;
	for (i = 0; i < names->len; i++)
		if (!ob_fields_pair(names->name[i], row, first + i))
			return false;
	return true;
}

/* Is the Disk cell (len bytes at cell) the drive system sys's name states? */
static bool
ob_fields_fits(const struct ob_names *names, size_t sys, const char *cell,
    size_t len)
{
	struct ob_fields_row	 row;
	char			*copy;
	bool			 ok;

	if (sys >= names->len)
		return false;
	copy = xstrndup(cell, len);
	ob_fields_disk_row(copy, &row);
	/* The cell starts here: its size is its whole first number. */
	if (row.len == 1 && ob_fields_times(copy, 0) == 0)
		row.cell[0].ncap = 1;
	ok = row.len == 1 && row.cell[0].start == 0 &&
	    ob_fields_pair(names->name[sys], &row, 0);
	ob_fields_row_free(&row);
	free(copy);
	return ok;
}
