/* SPDX-License-Identifier: ISC */
/*
 * The Disk and Processor rows of a flattened systems table as evidence for
 * system names: find their cells, and compare a name with a cell by shared
 * words and capacity (Disk) or by all its words (Processor). It cuts no
 * other row (ob-fields.c does) and picks no name split: the caller counts
 * which splits agree.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ob-cells.h"
#include "ob-shapes.h"
#include "xalloc.h"

/* A name word and a cell word this long or longer may match inside. */
#define OB_CELLS_INNER_MIN	2

static double	ob_cells_unit(const char *s);
static void	ob_cells_add(struct ob_cells_row *row, size_t *cap,
	    size_t start, const double *caps, size_t ncap);
static bool	ob_cells_is_cap(const char *w, size_t len, double *gb);
static bool	ob_cells_sep(char c);
static bool	ob_cells_word_in(const char *w, size_t wl, const char *s,
	    size_t len);
static bool	ob_cells_pair(const char *name, const struct ob_cells_row *row,
	    size_t i);

/* The unit at s in GB, "GB" or "TB" before a space and a letter; else 0. */
static double
ob_cells_unit(const char *s)
{
	if ((s[0] != 'G' && s[0] != 'T') || s[1] != 'B' || s[2] != ' ' ||
	    !isalpha((unsigned char)s[3]))
		return 0;
	return s[0] == 'T' ? 1000 : 1;
}

/* Append a cell from start; the previous cell ends there. */
static void
ob_cells_add(struct ob_cells_row *row, size_t *cap, size_t start,
    const double *caps, size_t ncap)
{
	struct ob_cell	*c;

	xgrow(&row->cell, cap, row->len + 1, sizeof(*row->cell));
	c = &row->cell[row->len++];
	memset(c, 0, sizeof(*c));
	c->start = start;
	c->ncap = ncap;
	if (ncap > 0)
		memcpy(c->cap, caps, ncap * sizeof(*caps));
	if (row->len > 1)
		row->cell[row->len - 2].end = start;
}

void
ob_cells_disk_row(const char *cells, struct ob_cells_row *row)
{
	size_t	 i = 0, a, b, c, d, cap = 0, n;
	double	 caps[OB_CELLS_MAX_CAPS], unit;
	bool	 count;

	memset(row, 0, sizeof(*row));
	row->text = cells;
	while (cells[i] != '\0') {
		if (!isdigit((unsigned char)cells[i])) {
			i++;
			continue;
		}
		for (a = i; isdigit((unsigned char)cells[i]); i++)
			;
		b = i;
		/* Inside a cell a capacity follows a space: "+ 123GB". */
		if (a > 0 && cells[a - 1] == ' ')
			continue;
		/* "2 x 1000GB": the count starts the cell. */
		count = strncmp(cells + b, " x ", 3) == 0 &&
		    isdigit((unsigned char)cells[b + 3]);
		for (d = count ? b + 3 : b; isdigit((unsigned char)cells[d]); d++)
			;
		if ((unit = ob_cells_unit(cells + d)) == 0)
			continue;
		n = 0;
		if (!count) {
			/*
			 * The previous cell may end in digits ("Gen1" +
			 * "2000GB"): the capacity starts at some non-zero
			 * digit of the run. Keep the longest few readings.
			 */
			for (c = a; c < b && n < OB_CELLS_MAX_CAPS; c++)
				if (cells[c] != '0')
					caps[n++] = strtod(cells + c, NULL) * unit;
		} else if (cells[a] != '0') {
			caps[n++] = strtod(cells + b + 3, NULL) * unit;
			caps[n++] = caps[0] * strtod(cells + a, NULL);
		}
		if (n > 0)
			ob_cells_add(row, &cap, a, caps, n);
		i = d + 2;
	}
	if (row->len > 0)
		row->cell[row->len - 1].end = strlen(cells);
}

void
ob_cells_proc_row(const char *cells, struct ob_cells_row *row)
{
	size_t	 i, cap = 0, n;

	memset(row, 0, sizeof(*row));
	row->text = cells;
	row->every_word = true;
	for (i = 0; cells[i] != '\0'; i++)
		if ((n = ob_shapes_cores(cells + i)) > 0) {
			ob_cells_add(row, &cap, row->len > 0 ?
			    row->cell[row->len - 1].end : 0, NULL, 0);
			row->cell[row->len - 1].end = i + n;
		}
}

void
ob_cells_row_free(struct ob_cells_row *row)
{
	free(row->cell);
	row->cell = NULL;
	row->len = 0;
}

/* Is w ("2TB", "1.5TB", "512GB") a capacity? Its size in GB. */
static bool
ob_cells_is_cap(const char *w, size_t len, double *gb)
{
	size_t	i = 0;

	while (i < len && (isdigit((unsigned char)w[i]) || w[i] == '.'))
		i++;
	if (i == 0 || i + 2 != len || w[i + 1] != 'B' ||
	    (w[i] != 'G' && w[i] != 'T'))
		return false;
	*gb = strtod(w, NULL) * (w[i] == 'T' ? 1000 : 1);
	return true;
}

/* A cell word ends at these. */
static bool
ob_cells_sep(char c)
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
ob_cells_word_in(const char *w, size_t wl, const char *s, size_t len)
{
	size_t	 i, j, k;
	bool	 alpha = false, digit = false;

	for (k = 0; k < wl; k++) {
		alpha |= isalpha((unsigned char)w[k]) != 0;
		digit |= isdigit((unsigned char)w[k]) != 0;
	}
	for (i = 0; i < len; i = j) {
		while (i < len && ob_cells_sep(s[i]))
			i++;
		for (j = i; j < len && !ob_cells_sep(s[j]); j++)
			;
		if (j - i == wl && strncasecmp(s + i, w, wl) == 0)
			return true;
		if (alpha && digit && wl >= OB_CELLS_INNER_MIN && j - i > wl)
			for (k = i; k + wl <= j; k++)
				if (strncasecmp(s + k, w, wl) == 0)
					return true;
	}
	return false;
}

/* Does name agree with the row's cell i (see ob_cells_agree)? */
static bool
ob_cells_pair(const char *name, const struct ob_cells_row *row, size_t i)
{
	const struct ob_cell	*c = &row->cell[i];
	const char		*s = row->text + c->start, *w = name;
	size_t			 wl, k, len = c->end - c->start;
	bool			 word = false, hascap = false, capok = false;
	double			 gb;

	for (; *w != '\0'; w += wl) {
		while (*w == ' ')
			w++;
		if ((wl = strcspn(w, " ")) == 0)
			break;
		if (row->every_word) {
			if (!ob_cells_word_in(w, wl, s, len))
				return false;
			word = true;
		} else if (ob_cells_is_cap(w, wl, &gb)) {
			hascap = true;
			for (k = 0; k < c->ncap; k++)
				capok |= fabs(c->cap[k] - gb) <= 0.05 * gb;
		} else if (wl >= 2 && ob_cells_word_in(w, wl, s, len))
			word = true;
	}
	/*
	 * A Disk cell always states a capacity: a name that states none (or
	 * one glued to the next name's letters, "2TBNova") is not its drive.
	 */
	return word && (row->every_word || (hascap && capok));
}

bool
ob_cells_agree(const struct ob_cells_row *row, const struct ob_names *names)
{
	size_t	i, first;

	if (names->len == 0 || row->len < names->len)
		return false;
	first = row->len - names->len;
	for (i = 0; i < names->len; i++)
		if (!ob_cells_pair(names->name[i], row, first + i))
			return false;
	return true;
}

bool
ob_cells_fits(const char *name, const char *cell, size_t len)
{
	struct ob_cells_row	 row;
	char			*copy = xstrndup(cell, len);
	bool			 ok;

	ob_cells_disk_row(copy, &row);
	/* The cell starts here: its size is its whole first number. */
	if (row.len == 1 && strstr(copy, " x ") != copy + strspn(copy, "0123456789"))
		row.cell[0].ncap = 1;
	ok = row.len == 1 && row.cell[0].start == 0 &&
	    ob_cells_pair(name, &row, 0);
	ob_cells_row_free(&row);
	free(copy);
	return ok;
}
