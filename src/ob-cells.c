/* SPDX-License-Identifier: ISC */
/*
 * The Disk and Processor rows of a flattened systems table as evidence for
 * system names: find their cells and compare a name with a cell by shared
 * words and capacity (Disk) or by all its words (Processor). It does not cut the other rows (see ob-fields.c)
 * and never picks a name split: the caller counts which splits agree.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>


#include "ob-cells.h"
#include "xalloc.h"

/* A name word and a cell word this long or longer may match inside. */
#define OB_CELLS_INNER_MIN	2

static size_t	ob_cells_unit(const char *s);
static void	ob_cells_add(struct ob_cells_row *row, size_t *cap,
	    size_t start, const double *caps, size_t ncap);
static bool	ob_cells_is_cap(const char *w, size_t len, double *gb);
static bool	ob_cells_sep(char c);
static bool	ob_cells_word_in(const char *w, size_t wl, const char *s,
	    size_t len);
static bool	ob_cells_pair(const char *name, const struct ob_cells_row *row,
	    size_t i);

/* Length of "GB " or "TB " followed by a letter at s, else 0. */
static size_t
ob_cells_unit(const char *s)
{
	if ((s[0] == 'G' || s[0] == 'T') && s[1] == 'B' && s[2] == ' ' &&
	    isalpha((unsigned char)s[3]))
		return 2;
	return 0;
}

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
	size_t	 i = 0, a, b, c, d, cap = 0, s, n;
	double	 caps[OB_CELLS_MAX_CAPS], v, mult;

	memset(row, 0, sizeof(*row));
	row->text = cells;
	while (cells[i] != '\0') {
		if (!isdigit((unsigned char)cells[i])) {
			i++;
			continue;
		}
		a = i;
		while (isdigit((unsigned char)cells[i]))
			i++;
		b = i;
		/* Inside a cell a capacity follows a space: "+ 123GB". */
		if (a > 0 && cells[a - 1] == ' ')
			continue;
		mult = 0;
		c = b;
		if (strncmp(cells + b, " x ", 3) == 0 &&
		    isdigit((unsigned char)cells[b + 3])) {
			/* "2 x 1000GB": the count starts the cell. */
			c = d = b + 3;
			while (isdigit((unsigned char)cells[d]))
				d++;
			if (ob_cells_unit(cells + d) == 0)
				continue;
			mult = strtod(cells + a, NULL);
			v = strtod(cells + c, NULL) *
			    (cells[d] == 'T' ? 1000 : 1);
			caps[0] = v;
			caps[1] = v * mult;
			if (cells[a] != '0')
				ob_cells_add(row, &cap, a, caps, 2);
			i = d + 2;
			continue;
		}
		if (ob_cells_unit(cells + b) == 0)
			continue;
		/*
		 * The previous cell may end in digits ("Gen1" + "2000GB"):
		 * the capacity starts at some non-zero digit of the run.
		 * Keep the longest few readings.
		 */
		n = 0;
		for (s = a; s < b && n < OB_CELLS_MAX_CAPS; s++) {
			if (cells[s] == '0')
				continue;
			caps[n++] = strtod(cells + s, NULL) *
			    (cells[b] == 'T' ? 1000 : 1);
		}
		if (n > 0)
			ob_cells_add(row, &cap, a, caps, n);
		i = b + 2;
	}
	if (row->len > 0)
		row->cell[row->len - 1].end = strlen(cells);
}

void
ob_cells_proc_row(const char *cells, struct ob_cells_row *row)
{
	static const char *const ends[] = { "Threads)", "Cores)", "Core)" };
	size_t	 i, k, cap = 0, start = 0, l;

	memset(row, 0, sizeof(*row));
	row->text = cells;
	row->every_word = true;
	for (i = 0; cells[i] != '\0'; i++)
		for (k = 0; k < sizeof(ends) / sizeof(ends[0]); k++) {
			l = strlen(ends[k]);
			if (strncmp(cells + i, ends[k], l) != 0)
				continue;
			ob_cells_add(row, &cap, start, NULL, 0);
			row->cell[row->len - 1].end = i + l;
			start = i + l;
			break;
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
	size_t	 i = 0, j, k;
	bool	 alpha = false, digit = false;

	for (k = 0; k < wl; k++) {
		alpha |= isalpha((unsigned char)w[k]) != 0;
		digit |= isdigit((unsigned char)w[k]) != 0;
	}
	for (; i < len; i = j) {
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

static bool
ob_cells_pair(const char *name, const struct ob_cells_row *row, size_t i)
{
	struct ob_cell		*c = &row->cell[i];
	const char		*s = row->text + c->start, *w = name;
	size_t			 wl, k;
	bool			 word = false, hascap = false, capok = false;
	double			 gb;

	while (*w != '\0') {
		while (*w == ' ')
			w++;
		wl = strcspn(w, " ");
		if (wl == 0)
			break;
		if (row->every_word) {
			if (!ob_cells_word_in(w, wl, s, c->end - c->start))
				return false;
			word = true;
		} else if (ob_cells_is_cap(w, wl, &gb)) {
			hascap = true;
			for (k = 0; k < c->ncap; k++)
				if (fabs(c->cap[k] - gb) <= 0.05 * gb)
					capok = true;
		} else if (wl >= 2 && ob_cells_word_in(w, wl, s, c->end - c->start))
			word = true;
		w += wl;
	}
	if (row->every_word)
		return word;
	/*
	 * The cell always states a capacity: a name that states none (or one
	 * glued to the next name's letters, "2TBNova") is not its drive.
	 */
	return word && hascap && capok;
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
