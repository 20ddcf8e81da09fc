/* SPDX-License-Identifier: ISC */
/*
 * The fio terse reader (versions 3 and 5, lines inside other text) on the
 * project's fixtures and the corpus's terse files, read in place.
 * Bandwidth is checked against KiB moved / runtime from the same lines.
 */
#include <dirent.h>
#include <unistd.h>

#include "fio-checks.h"

static void	 check_terse_fixtures(void);

static void
check_terse_fixtures(void)
{
	struct result_set	*rs, *rs2;
	struct str_list		 w = { 0 }, w2 = { 0 };
	struct diag		 d;
	size_t			 i;

	check_terse_file(FX "terse-v3.txt");
	check_terse_file(FX "terse-v5.txt");
	check_terse_file(FX "terse-in-notes.md");
	is_str(detected(FX "terse-v5.txt"), "fio-terse", "detect terse");
	is_str(detected(FX "terse-in-notes.md"), "fio-terse", "detect terse in notes");
	check_terse_file(FX "terse-clones.txt");
	th_read(FX "terse-clones.txt", NULL, &rs, &w, &d);
	ok(th_warned(&w, "taken as repeated runs"), "terse lines of one job: warned");
	result_set_free(rs);
	str_list_free(&w);

	/* Terse v3 pasted in notes equals the terse file it was pasted from. */
	th_read(FX "terse-v3.txt", NULL, &rs, &w, &d);
	th_read(FX "terse-in-notes.md", NULL, &rs2, &w2, &d);
	ok(rs->ntests == rs2->ntests && rs->ntests > 0, "terse in notes: same tests");
	for (i = 0; i < rs->ntests && i < rs2->ntests; i++)
		ok(rs->tests[i].values[0].mean == rs2->tests[i].values[0].mean,
		    "terse in notes: same value");
	result_set_free(rs);
	result_set_free(rs2);
	str_list_free(&w);
	str_list_free(&w2);
	check_same_as(FX "terse-quoted.txt", FX "terse-v3.txt", "fio-terse");
}

int
main(void)
{
	check_terse_fixtures();
	check_corpus_kind("fio-terse", check_terse_file);
	return tap_done();
}
