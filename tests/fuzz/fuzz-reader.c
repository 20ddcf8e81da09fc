/* SPDX-License-Identifier: ISC */
/*
 * libFuzzer harness for the input readers. Built once per line of
 * src/readers.def with -DFUZZ_READER=name: each input goes through that
 * reader's detect() and read(); without FUZZ_READER it follows `import`
 * (detection, then the winner's read()). A set that was read goes through
 * one export writer, picked by the input's length. The sanitizers and
 * libFuzzer's leak, timeout and memory limits are the oracle.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "format.h"
#include "model.h"
#include "xalloc.h"

int	LLVMFuzzerInitialize(int *, char ***);
int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#ifdef FUZZ_READER
#define FUZZ_CAT(a, b)	a##b
#define FUZZ_REF(n)	FUZZ_CAT(reader_, n)
extern const struct reader FUZZ_REF(FUZZ_READER);
#endif

/*
 * Readers take a path, as in `import`. The fio log reader takes the log
 * kind from the file name, so the input's length picks one of these names.
 */
static const char *const fuzz_names[] = {
	"input", "job_bw.1.log", "job_iops.1.log", "job_lat.1.log",
	"job_clat.1.log", "job_slat.1.log", "job_clat_hist.1.log", "job.log"
};
#define FUZZ_NNAMES	(sizeof(fuzz_names) / sizeof(fuzz_names[0]))

static char	 fuzz_dir[4096];

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char	*tmp = getenv("TMPDIR");

	snprintf(fuzz_dir, sizeof(fuzz_dir), "%s/brfuzz.XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(fuzz_dir) == NULL)
		abort();
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct str_list		 warnings = { NULL, 0, 0 };
	struct read_options	 opt = { 0 };
	struct result_set	*rs = result_set_new();
	struct diag		 d;
	char			 path[4200], *head;
	FILE			*fp;
	size_t			 n, len = size < FORMAT_HEAD_MAX ? size : FORMAT_HEAD_MAX;
	int			 rc;

	snprintf(path, sizeof(path), "%s/%s", fuzz_dir, fuzz_names[size % FUZZ_NNAMES]);
	if ((fp = fopen(path, "w")) == NULL || fwrite(data, 1, size, fp) != size ||
	    fclose(fp) != 0)
		abort();
	head = xmalloc(len + 1);
	memcpy(head, data, len);
	head[len] = '\0';
	opt.warnings = &warnings;
	diag_clear(&d);
#ifdef FUZZ_READER
	(void)FUZZ_REF(FUZZ_READER).detect(head, len);
	rc = FUZZ_REF(FUZZ_READER).read(path, &opt, rs, &d);
#else
	rc = format_read_file(path, &opt, rs, &d);
#endif
	free(head);
	if (rc == 0 && (fp = fopen("/dev/null", "w")) != NULL) {
		for (n = 0; export_writers[n] != NULL; n++)
			;
		(void)export_writers[size / FUZZ_NNAMES % n]->write(rs, fp, &d);
		fclose(fp);
	}
	result_set_free(rs);
	str_list_free(&warnings);
	(void)remove(path);
	return 0;
}
