/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for the systems table's Disk cells as name evidence: which
 * cells are found in a joined cells run, and which names agree with them.
 */
#include <string.h>

#include "ob-cells.h"
#include "tap.h"

static bool	agree(const char *cells, const char **names, size_t n);

static bool
agree(const char *cells, const char **names, size_t n)
{
	struct ob_cells_row	row;
	struct ob_names		nm = { (char **)names, n };
	bool			r;

	ob_cells_disk_row(cells, &row);
	r = ob_cells_agree(&row, &nm);
	ob_cells_row_free(&row);
	return r;
}

int
main(void)
{
	struct ob_cells_row	 row;
	const char		*run = "Example CPU 8-Core @ 4.00GHz (8 Cores / 16 "
	    "Threads)2 x 16GB DDR5 Kit32GB2000GB ACME A1 PRODebian bookworm"
	    "1024GB ZETA Z9X024 + 128GB USB 3.2Gen14000GB XT4000T900X2";
	const char		*good[] = { "Acme A1 Pro 2TB", "Zeta Z9 1TB",
	    "Tern T900 4TB" };
	const char		*nocap[] = { "Acme A1 Pro", "Zeta Z9 1TB",
	    "Tern T900 4TB" };
	const char		*glued[] = { "Acme A1 Pro 2TBZeta", "Z9 1TB",
	    "Tern T900 4TB" };
	const char		*wrongcap[] = { "Acme A1 Pro 2TB", "Zeta Z9 2TB",
	    "Tern T900 4TB" };
	const char		*noword[] = { "Acme A1 Pro 2TB", "Other 1TB",
	    "Tern T900 4TB" };

	ob_cells_disk_row(run, &row);
	/* "2 x 16GB DDR5", "2000GB ACME", "1024GB ZETA", "(1)4000GB XT". */
	is_int(row.len, 4, "four capacity-headed cells; \"+ 128GB\" and \"Kit32GB2\" are not heads");
	if (row.len == 4) {
		is_double(row.cell[0].cap[1], 32, 1e-9, "\"2 x 16GB\": 32 GB in all");
		ok(strncmp(run + row.cell[1].start, "2000GB ACME", 11) == 0,
		    "the Disk cell glued after \"32GB\" starts at 2000GB");
		is_double(row.cell[3].cap[0], 14000, 1e-9,
		    "glued to \"Gen1\": 14000 GB is one reading");
		is_double(row.cell[3].cap[1], 4000, 1e-9, "4000 GB the other");
	}
	ob_cells_row_free(&row);
	ok(agree(run, good, 3), "names with the cells' words and capacities agree");
	ok(!agree(run, nocap, 3), "a name without a capacity does not");
	ok(!agree(run, glued, 3), "nor one whose capacity is glued to the next word");
	ok(!agree(run, wrongcap, 3), "nor one with another capacity");
	ok(!agree(run, noword, 3), "nor one sharing no word with its cell");
	ok(agree(run, good + 1, 2), "two names: the last two cells");
	ok(!agree("no capacity here", good, 3), "no cells: nothing agrees");

	/* The Processor row: every word of a name in its cell. */
	{
		const char	*procs = "Intel Core i9-13900K @ 5.80GHz (24 Cores / "
		    "32 Threads)Board X (1 BIOS)3840x2160AMD Ryzen 9 7950X3D "
		    "16-Core @ 5.76GHz (16 Cores / 32 Threads)";
		const char	*cpus[] = { "Core i9 13900K", "Ryzen 9 7950X3D" };
		const char	*across[] = { "Core i9 13900KRyzen", "9 7950X3D" };
		struct ob_names	 nm = { (char **)cpus, 2 }, ng = { (char **)across, 2 };

		ob_cells_proc_row(procs, &row);
		is_int(row.len, 2, "two processor cells, each ending at Threads)");
		ok(ob_cells_agree(&row, &nm), "CPU names agree with them");
		ok(!ob_cells_agree(&row, &ng), "a name glued across two does not");
		ob_cells_row_free(&row);
	}
	return tap_done();
}
