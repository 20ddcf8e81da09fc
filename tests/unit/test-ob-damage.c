/* SPDX-License-Identifier: ISC */
/*
 * Damaged OpenBenchmarking exports never crash or hang the readers: the
 * project's fixture text export and its HTML twin with one byte deleted at
 * many places or cut short at many places (and seed 004 of ../shared with
 * bytes deleted, when present), each either reads or is refused with a
 * message naming the file. Run under `make check
 * SANITIZE=1` this is where memory errors on bad input would show.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "format.h"
#include "model.h"
#include "tap.h"

extern const struct reader reader_ob_text;
extern const struct reader reader_ob_html;

static int
write_file(const char *path, const char *buf, size_t len)
{
	FILE	*fp = fopen(path, "wb");

	if (fp == NULL)
		return -1;
	if (fwrite(buf, 1, len, fp) != len) {
		fclose(fp);
		return -1;
	}
	return fclose(fp);
}

/* Read path with r; 0 when it read or was refused properly, else -1. */
static int
try_read(const struct reader *r, const char *path)
{
	struct read_options	 opt;
	struct str_list		 w = { 0 };
	struct diag		 d;
	struct result_set	*rs = result_set_new();
	int			 rc, bad = 0;

	memset(&opt, 0, sizeof(opt));
	opt.warnings = &w;
	diag_clear(&d);
	rc = r->read(path, &opt, rs, &d);
	if (rc != 0 && (strcmp(d.file, path) != 0 || d.msg[0] == '\0'))
		bad = -1;
	if (rc == 0 && rs->ntests == 0)
		bad = -1;
	result_set_free(rs);
	str_list_free(&w);
	return bad;
}

static void
sweep(const struct reader *r, const char *src, const char *tmp, size_t step,
    int deletions)
{
	struct diag	 d;
	char		*buf, *mod, name[256];
	size_t		 len, p, runs = 0, bad = 0;

	buf = format_slurp(src, &len, &d);
	if (buf == NULL) {
		ok(0, src);
		return;
	}
	mod = malloc(len + 1);
	for (p = 0; p < len; p += step) {
		size_t	n;

		if (deletions) {
			memcpy(mod, buf, p);
			memcpy(mod + p, buf + p + 1, len - p - 1);
			n = len - 1;
		} else {
			memcpy(mod, buf, p);
			n = p;
		}
		if (n == 0 || write_file(tmp, mod, n) != 0)
			continue;
		runs++;
		if (try_read(r, tmp) != 0) {
			diag("%s: bad outcome at byte %zu", src, p);
			bad++;
		}
	}
	snprintf(name, sizeof(name), "%s %s at %zu places: read or refused "
	    "with a message", src, deletions ? "one byte deleted" : "cut short",
	    runs);
	ok(bad == 0 && runs > 10, name);
	free(mod);
	free(buf);
}

int
main(void)
{
	char		 tmp[] = "/tmp/test-ob-damage-XXXXXX";
	int		 fd;

	fd = mkstemp(tmp);
	if (fd == -1) {
		skip("damage sweeps", "no temporary file");
		return tap_done();
	}
	close(fd);
	sweep(&reader_ob_text, "fixtures/ob/nas-layouts.txt", tmp, 3, 1);
	sweep(&reader_ob_text, "fixtures/ob/nas-layouts.txt", tmp, 7, 0);
	sweep(&reader_ob_html, "fixtures/ob/nas-layouts.html", tmp, 11, 0);
	sweep(&reader_ob_html, "fixtures/ob/nas-layouts.html", tmp, 13, 1);
	if (access("../shared/seeds/004_4dc820b1900c28e3.txt", R_OK) == 0)
		sweep(&reader_ob_text, "../shared/seeds/004_4dc820b1900c28e3.txt",
		    tmp, 53, 1);
	else
		skip("seed 004 damage sweep", "../shared is absent");
	unlink(tmp);
	return tap_done();
}
