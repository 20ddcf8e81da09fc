/* SPDX-License-Identifier: ISC */
/*
 * Reader speed (tests/fuzz/speed.sh): every reader of src/readers.def gets
 * the same inputs, each tiled to SIZE KiB and to 16 x SIZE KiB: the seed
 * files named on the command line and synthetic shapes that make scanners
 * work (one long line, many short lines, deep nesting, digits, random
 * bytes from a fixed generator). For each reader it prints the input
 * costing most CPU time at SIZE (detect and read, best of a few runs),
 * and the ratio of its cost at 16 x SIZE to 16 times that: about 1 for a
 * linear reader. A measuring tool, not a test: it never fails.
 *
 * speed -c READER DIR: every file of DIR (a grown fuzz corpus) as it is,
 * best of 3, then the 10 slowest again at best of 25, printed with their
 * sizes: the bound is stated for any input, and fuzzing finds shapes the
 * synthetic ones above do not.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "format.h"
#include "model.h"

#define READER(name) extern const struct reader reader_##name;
#include "readers.def"
#undef READER

static const struct reader *const readers[] = {
#define READER(name) &reader_##name,
#include "readers.def"
#undef READER
	NULL
};

struct input {
	char	 name[128];
	char	*data;		/* one period, tiled */
	size_t	 len;
};

static double	 cpu_ms(void);
static double	 run(const struct reader *r, const char *path, const char *buf,
		    size_t len, int reps);
static int	 corpus(const char *name, const char *dir, const char *path);
static void	 tile(const struct input *in, size_t size, char *out);

static double
cpu_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void
tile(const struct input *in, size_t size, char *out)
{
	size_t	i;

	for (i = 0; i < size; i++)
		out[i] = in->data[i % in->len];
}

/*
 * CPU ms of detect + read of buf (written to path), the best of reps (25
 * for a figure): on a shared host, steal time moved a best of five by
 * half (dd: 4.6 to 9.5).
 */
static double
run(const struct reader *r, const char *path, const char *buf, size_t len,
    int reps)
{
	struct read_options	 ro = { 0 };
	struct str_list		 w = { 0 };
	struct result_set	*rs;
	struct diag		 d;
	FILE			*fp;
	char			*head;
	double			 t0, best = 1e300, t;
	size_t			 hl = len < FORMAT_HEAD_MAX ? len : FORMAT_HEAD_MAX;
	int			 k;

	if ((fp = fopen(path, "wb")) == NULL)
		exit(2);
	fwrite(buf, 1, len, fp);
	fclose(fp);
	head = malloc(hl + 1);
	memcpy(head, buf, hl);
	head[hl] = '\0';
	ro.warnings = &w;
	for (k = 0; k < reps; k++) {
		t0 = cpu_ms();
		(void)r->detect(head, hl);
		rs = result_set_new();
		diag_clear(&d);
		(void)r->read(path, &ro, rs, &d);
		result_set_free(rs);
		str_list_free(&w);
		t = cpu_ms() - t0;
		if (t < best)
			best = t;
	}
	free(head);
	return best;
}

struct timed {
	char	name[256];
	size_t	len;
	double	ms;
};

static int
timed_cmp(const void *a, const void *b)
{
	const struct timed	*x = a, *y = b;

	return x->ms < y->ms ? 1 : x->ms > y->ms ? -1 : 0;
}

/* The -c mode: see the top of the file. */
static int
corpus(const char *name, const char *dir, const char *path)
{
	const struct reader	*r = NULL;
	struct timed		*t = NULL;
	struct dirent		*de;
	size_t			 n = 0, cap = 0, i, k;
	char			 file[4096], *data = NULL;
	FILE			*fp;
	DIR			*dp;

	for (i = 0; readers[i] != NULL; i++)
		if (strcmp(readers[i]->name, name) == 0)
			r = readers[i];
	if (r == NULL || (dp = opendir(dir)) == NULL)
		return fprintf(stderr, "speed: no reader %s or directory %s\n",
		    name, dir), 2;
	data = malloc(1 << 20);
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(file, sizeof(file), "%s/%s", dir, de->d_name);
		if ((fp = fopen(file, "rb")) == NULL)
			continue;
		k = fread(data, 1, 1 << 20, fp);
		fclose(fp);
		if (n == cap && (t = realloc(t, (cap = cap * 2 + 64) *
		    sizeof(*t))) == NULL)
			return 2;
		snprintf(t[n].name, sizeof(t[n].name), "%s", de->d_name);
		t[n].len = k;
		t[n++].ms = run(r, path, data, k, 3);
	}
	closedir(dp);
	qsort(t, n, sizeof(*t), timed_cmp);
	for (i = 0; i < n && i < 10; i++) {
		snprintf(file, sizeof(file), "%s/%s", dir, t[i].name);
		if ((fp = fopen(file, "rb")) == NULL)
			continue;
		k = fread(data, 1, 1 << 20, fp);
		fclose(fp);
		t[i].ms = run(r, path, data, k, 25);
	}
	qsort(t, n < 10 ? n : 10, sizeof(*t), timed_cmp);
	printf("%s: %zu inputs; the slowest (ms, best of 25; bytes; name):\n",
	    name, n);
	for (i = 0; i < n && i < 10; i++)
		printf("%9.2f %7zu  %s\n", t[i].ms, t[i].len, t[i].name);
	free(data);
	free(t);
	return 0;
}

int
main(int argc, char **argv)
{
	struct input	*in;
	size_t		 nin = 0, size, i, k, worst;
	char		*buf, path[4096], *tmp;
	double		 t, tw, big;
	uint32_t	 x = 12345;
	FILE		*fp;
	int		 a;

	tmp = getenv("TMPDIR");
	snprintf(path, sizeof(path), "%s/speed-input.%ld", tmp != NULL ? tmp : "/tmp",
	    (long)getpid());
	if (argc == 4 && strcmp(argv[1], "-c") == 0) {
		a = corpus(argv[2], argv[3], path);
		unlink(path);
		return a;
	}
	if (argc < 2)
		return fprintf(stderr, "usage: speed SIZE_KIB [FILE...]\n"
		    "       speed -c READER DIR\n"), 2;
	size = (size_t)atol(argv[1]) * 1024;
	in = calloc((size_t)argc + 20, sizeof(*in));
	for (a = 2; a < argc; a++) {
		if ((fp = fopen(argv[a], "rb")) == NULL)
			continue;
		in[nin].data = malloc(size);
		in[nin].len = fread(in[nin].data, 1, size, fp);
		fclose(fp);
		if (in[nin].len == 0 || memchr(in[nin].data, '\0', in[nin].len) != NULL)
			continue;
		snprintf(in[nin].name, sizeof(in[nin].name), "%s",
		    strrchr(argv[a], '/') != NULL ? strrchr(argv[a], '/') + 1 : argv[a]);
		nin++;
	}
	/* Synthetic shapes: one period each, tiled. */
	{
		static const char *const shapes[][2] = {
			{ "long line", "a" }, { "short lines", "x\n" },
			{ "blank lines", "\n" }, { "CRs", "\r" },
			{ "digits", "1234567890" }, { "tags", "<a>" },
			{ "open tags", "<p" }, { "quotes", "> " },
			{ "dd records", "1+0 records in\n" },
			{ "key lines", "Processor: x\n" },
			{ "semicolons", "3;fio-3.33;" }, { "commas", "1,2,3,4\n" },
			{ "braces", "{\"a\":" }, { "parens", "(" },
		};
		for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
			snprintf(in[nin].name, sizeof(in[nin].name), "%s", shapes[i][0]);
			in[nin].data = strdup(shapes[i][1]);
			in[nin].len = strlen(shapes[i][1]);
			nin++;
		}
		snprintf(in[nin].name, sizeof(in[nin].name), "random printable");
		in[nin].data = malloc(4096);
		for (k = 0; k < 4096; k++) {
			x = x * 1103515245u + 12345u;
			in[nin].data[k] = (char)(32 + (x >> 16) % 95);
			if ((x >> 8) % 61 == 0)
				in[nin].data[k] = '\n';
		}
		in[nin].len = 4096;
		nin++;
		/*
		 * Distinct dd summaries (each byte count is a test of its own),
		 * one period as long as the largest size, so no line repeats.
		 */
		snprintf(in[nin].name, sizeof(in[nin].name), "dd summaries");
		in[nin].data = malloc(16 * size + 64);
		for (k = 0, in[nin].len = 0; in[nin].len < 16 * size; k++)
			in[nin].len += (size_t)sprintf(in[nin].data + in[nin].len,
			    "%zu bytes copied, 1 s, 1 MB/s\n", 1000 + k);
		nin++;
	}
	buf = malloc(16 * size);
	printf("%-10s %9s %9s  %s\n", "reader", "ms/64KiB", "x16 ratio", "worst input");
	for (i = 0; readers[i] != NULL; i++) {
		tw = -1;
		worst = 0;
		for (k = 0; k < nin; k++) {
			tile(&in[k], size, buf);
			if ((t = run(readers[i], path, buf, size, 25)) > tw) {
				tw = t;
				worst = k;
			}
		}
		tile(&in[worst], 16 * size, buf);
		big = run(readers[i], path, buf, 16 * size, 25);
		printf("%-10s %9.2f %9.2f  %s\n", readers[i]->name, tw,
		    tw > 0 ? big / (16 * tw) : 0, in[worst].name);
		fflush(stdout);
	}
	unlink(path);
	return 0;
}
