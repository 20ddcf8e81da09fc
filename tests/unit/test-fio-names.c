/* SPDX-License-Identifier: ISC */
/*
 * What all fio readers share: fio's number and unit syntax (fio-names.c),
 * and detection: every fio file of the corpus goes to an fio reader, and
 * no fio or dd reader claims a PTS or OpenBenchmarking file.
 */
#include <dirent.h>
#include <unistd.h>

#include "fio-checks.h"

static void	 check_names(void);
static void	 check_no_steal(void);
static void	 check_corpus_detected(void);
static void	 detected_fio(const char *path, const char *reader, const char *unused);

static void
check_names(void)
{
	double	v;
	const char *e;

	ok(fio_names_size("4k", &v) == 0 && v == 4096, "size 4k");
	ok(fio_names_size("16.0KiB", &v) == 0 && v == 16384, "size 16.0KiB");
	ok(fio_names_size("4096B", &v) == 0 && v == 4096, "size 4096B");
	ok(fio_names_size("1M", &v) == 0 && v == 1048576, "size 1M");
	ok(fio_names_size("x", &v) == -1, "size junk refused");
	ok(fio_names_number("23.9k", &v, &e) == 0 && fabs(v - 23900) < 1e-9,
	    "IOPS=23.9k is 23900");
	ok(fio_names_number(" 4700.9k,", &v, &e) == 0 && fabs(v - 4700900) < 1e-6 &&
	    *e == ',', "max=4700.9k (nsec) is 4700900");
	is_double(fio_names_time_scale("nsec", 4), 0.001, 0, "nsec in usec");
	is_double(fio_names_time_scale("msec", 4), 1000, 0, "msec in usec");
	is_double(fio_names_unit_kib("MiB", 3), 1024, 0, "MiB in KiB");
	is_double(fio_names_unit_kib("KB", 2), 1, 0, "2.x KB is KiB");
	{
		char *s = fio_names_version("fio-3.6-31-g4386");

		is_str(s, "3.6-31-g4386", "version without fio-");
		free(s);
	}
}

/* Each corpus fio file is claimed by one of the fio readers. */
static void
detected_fio(const char *path, const char *reader, const char *unused)
{
	ok(strncmp(reader, "fio-", 4) == 0, path);
}

static void
check_corpus_detected(void)
{
	(void)fc_walk_corpus(detected_fio, NULL);
}

/*
 * PTS XML, OpenBenchmarking exports and the other seeds belong to other
 * readers: the fio and dd readers must score 0 on them.
 */
static void
check_no_steal(void)
{
	static const char *const dirs[] = { CORPUS "/pts-xml", CORPUS "/ob-export",
	    CORPUS "/ob-text", CORPUS "/ob-html", CORPUS "/pts-other",
	    CORPUS "/../seeds", CORPUS "/../docs", NULL };
	static const char *const mine[] = { "fio-json", "fio-text", "fio-terse",
	    "fio-log", "dd", NULL };
	struct dirent	*de;
	DIR		*dir;
	FILE		*fp;
	char		 path[1024], *head;
	size_t		 i, k, n, files = 0, stolen = 0;

	if (!th_has_corpus()) {
		skip("other formats left alone", "../shared is absent");
		return;
	}
	head = xmalloc(FORMAT_HEAD_MAX + 1);
	for (i = 0; dirs[i] != NULL; i++) {
		if ((dir = opendir(dirs[i])) == NULL)
			continue;
		while ((de = readdir(dir)) != NULL) {
			snprintf(path, sizeof(path), "%s/%s", dirs[i], de->d_name);
			/* Seed 001 is dd output: it is ours. */
			if (de->d_name[0] == '.' || strncmp(de->d_name, "001_", 4) == 0 ||
			    (fp = fopen(path, "r")) == NULL)
				continue;
			n = fread(head, 1, FORMAT_HEAD_MAX, fp);
			fclose(fp);
			if (n == 0)
				continue;
			head[n] = '\0';
			files++;
			for (k = 0; mine[k] != NULL; k++)
				if (format_find(mine[k])->detect(head, n) > 0) {
					stolen++;
					diag("%s claims %s", mine[k], path);
				}
		}
		closedir(dir);
	}
	free(head);
	ok(files > 10, "other formats: files looked at");
	is_int(stolen, 0, "other formats: no fio or dd reader claims them");
}

int
main(void)
{
	check_names();
	check_corpus_detected();
	check_no_steal();
	return tap_done();
}
