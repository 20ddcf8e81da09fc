/* SPDX-License-Identifier: ISC */
/*
 * The systems table's cells against real systems. Every PTS result file in
 * ../shared/corpus/pts-xml is read with the PTS reader; its systems'
 * fields are printed as the OpenBenchmarking view prints its systems
 * table (column by column, each column in label order, a cell only where
 * it differs from the previous system's, all glued) and read back with
 * ob_fields_split, each system alone and, where they share their labels,
 * all together. A field the reader pins must be the one the file states;
 * one it leaves open is counted, not failed (the text may allow more
 * than one reading), but the pinned ones may not fall below a floor.
 * Skipped where ../shared is absent.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "model.h"
#include "ob-fields.h"
#include "strbuf.h"
#include "tap.h"
#include "xalloc.h"

#define CORPUS	"../shared/corpus/pts-xml"

extern const struct reader reader_pts_xml;

static size_t	pinned, open_, wrong;

static bool	same_labels(const struct system *a, const struct system *b);
static void	check(const char *file, const struct system *sys, size_t ns);

static bool
same_labels(const struct system *a, const struct system *b)
{
	size_t	i;

	if (a->fields.len != b->fields.len)
		return false;
	for (i = 0; i < a->fields.len; i++)
		if (strcmp(a->fields.items[i].key, b->fields.items[i].key) != 0)
			return false;
	return true;
}

/* Print systems sys[0..ns) (one set of labels) as the table's cells; read. */
static void
check(const char *file, const struct system *sys, size_t ns)
{
	struct ob_fields	 f;
	struct strbuf		 run;
	const char		**labels, *v;
	size_t			 nl = sys[0].fields.len, i, l;
	unsigned long		 left = 20000000;

	if (nl == 0)
		return;
	labels = xcalloc(nl, sizeof(*labels));
	for (l = 0; l < nl; l++)
		labels[l] = sys[0].fields.items[l].key;
	strbuf_init(&run);
	for (i = 0; i < ns; i++)
		for (l = 0; l < nl; l++)
			if (i == 0 || strcmp(sys[i].fields.items[l].value,
			    sys[i - 1].fields.items[l].value) != 0)
				strbuf_adds(&run, sys[i].fields.items[l].value);
	ob_fields_split(strbuf_str(&run), labels, nl, ns, NULL, &f, &left);
	for (i = 0; i < ns; i++)
		for (l = 0; l < nl; l++) {
			if ((v = f.value[i * nl + l]) == NULL) {
				open_++;
				continue;
			}
			pinned++;
			if (strcmp(v, sys[i].fields.items[l].value) != 0) {
				wrong++;
				diag("%s [%s] %s: pinned \"%s\", the file states "
				    "\"%s\"", file, sys[i].identifier, labels[l], v,
				    sys[i].fields.items[l].value);
			}
		}
	ob_fields_free(&f);
	strbuf_free(&run);
	free(labels);
}

int
main(void)
{
	struct read_options	 opt = { 0 };
	struct result_set	*rs;
	struct dirent		*de;
	struct diag		 d;
	DIR			*dir;
	char			*path;
	size_t			 i, files = 0;

	if ((dir = opendir(CORPUS)) == NULL) {
		skip("corpus systems rows", "../shared is absent");
		return tap_done();
	}
	while ((de = readdir(dir)) != NULL) {
		if (strstr(de->d_name, ".xml") == NULL)
			continue;
		path = xasprintf("%s/%s", CORPUS, de->d_name);
		rs = result_set_new();
		if (reader_pts_xml.read(path, &opt, rs, &d) == 0) {
			files++;
			for (i = 0; i < rs->nsystems; i++)
				check(de->d_name, &rs->systems[i], 1);
			for (i = 1; i < rs->nsystems &&
			    same_labels(&rs->systems[0], &rs->systems[i]); i++)
				;
			if (rs->nsystems > 1 && i == rs->nsystems)
				check(de->d_name, rs->systems, rs->nsystems);
		}
		result_set_free(rs);
		free(path);
	}
	closedir(dir);
	diag("%zu files: %zu fields pinned, %zu open", files, pinned, open_);
	ok(files > 0 && pinned > 0, "the corpus' systems are read");
	is_int(wrong, 0, "no pinned field differs from the file");
	/*
	 * The floor is what the rules of docs/ob-text.md pin: a change that
	 * leaves more fields open lowers it here, in the same diff.
	 */
	ok(pinned >= 2299, "at least 2,299 fields pinned");
	return tap_done();
}
