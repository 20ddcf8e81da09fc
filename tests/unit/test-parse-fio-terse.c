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
static void	 check_clones(void);

/*
 * numjobs=2 without group_reporting: two adjacent lines of job "tc", one
 * run whose bandwidth is the sum of the lines' read bandwidth (field 7,
 * KiB/s, read here with sscanf) over 1024, N = 1. The same lines apart
 * (text between them) are two runs: N = 2.
 */
static void
check_clones(void)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	struct diag		 d;
	const struct test	*t;
	FILE			*fp;
	char			 line[8192];
	double			 bw, sum = 0;
	int			 n = 0;

	if ((fp = fopen(FX "terse-clones.txt", "r")) == NULL)
		return;
	while (fgets(line, sizeof(line), fp) != NULL)
		if (sscanf(line, "%*d;%*[^;];%*[^;];%*d;%*d;%*f;%lf;", &bw) == 1) {
			sum += bw;
			n++;
		}
	fclose(fp);
	is_int(n, 2, "terse clones: two lines");
	th_read(FX "terse-clones.txt", NULL, &rs, &w, &d);
	ok(th_warned(&w, "were summed"), "terse clones: summed, with a warning");
	t = th_find(rs, "Type: Read", "MB/s");
	ok(t != NULL && t->values[0].n == 1, "terse clones: one run");
	is_double(t != NULL ? t->values[0].mean : 0, sum / 1024, 1e-9 * sum,
	    "terse clones: bandwidth summed");
	result_set_free(rs);
	str_list_free(&w);
	th_read(FX "terse-runs-apart.txt", NULL, &rs, &w, &d);
	ok(th_warned(&w, "taken as repeated runs"), "terse lines apart: repeats, warned");
	t = th_find(rs, "Type: Read", "MB/s");
	ok(t != NULL && t->values[0].n == 2, "terse lines apart: N = 2");
	result_set_free(rs);
	str_list_free(&w);
}

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
	check_clones();

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
