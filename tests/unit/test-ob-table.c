/* SPDX-License-Identifier: ISC */
/*
 * The systems table of a flattened OpenBenchmarking export, field by
 * field: each document's reading against the expected file beside it
 * (NAME.fields: "system<TAB>field<TAB>value", every field of every system
 * in table order). The project's own demo fixtures always; the seeds when
 * $SHARED names the shared directory. The text reading of a page with an
 * HTML twin gives the same fields as the page wherever it gives one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format.h"
#include "model.h"
#include "strbuf.h"
#include "tap.h"

extern const struct reader reader_ob_text;
extern const struct reader reader_ob_html;

static int	 read_doc(const struct reader *r, const char *path,
		    struct result_set **rs, struct str_list *w);
static char	*fields_tsv(const struct result_set *rs);
static char	*expected_tsv(const char *path);
static void	 check_table(const char *doc, const char *want);
static void	 check_twin(const char *txt, const char *html);

static int
read_doc(const struct reader *r, const char *path, struct result_set **rs,
    struct str_list *w)
{
	struct read_options	 opt;
	struct diag		 d;
	int			 rc;

	memset(&opt, 0, sizeof(opt));
	opt.warnings = w;
	*rs = result_set_new();
	diag_clear(&d);
	rc = r->read(path, &opt, *rs, &d);
	if (rc != 0)
		diag("%s:%ld: %s", d.file, d.line, d.msg);
	return rc;
}

/* Every system's fields, one "system\tfield\tvalue" line each. */
static char *
fields_tsv(const struct result_set *rs)
{
	struct strbuf	sb;
	size_t		i, j;

	strbuf_init(&sb);
	for (i = 0; i < rs->nsystems; i++)
		for (j = 0; j < rs->systems[i].fields.len; j++)
			strbuf_printf(&sb, "%s\t%s\t%s\n", rs->systems[i].identifier,
			    rs->systems[i].fields.items[j].key,
			    rs->systems[i].fields.items[j].value);
	return strbuf_detach(&sb);
}

/* The expected file without its comment lines, or NULL. */
static char *
expected_tsv(const char *path)
{
	struct strbuf	 sb;
	char		 line[4096];
	FILE		*fp = fopen(path, "r");

	if (fp == NULL)
		return NULL;
	strbuf_init(&sb);
	while (fgets(line, sizeof(line), fp) != NULL)
		if (line[0] != '#')
			strbuf_adds(&sb, line);
	fclose(fp);
	return strbuf_detach(&sb);
}

/* Compare line by line and name the first difference. */
static void
check_table(const char *doc, const char *want_path)
{
	struct result_set	*rs;
	struct str_list		 w = { 0 };
	char			*got = NULL, *want, name[600];
	const char		*g, *e;
	size_t			 i, line = 1, nlines = 0;

	want = expected_tsv(want_path);
	snprintf(name, sizeof(name), "%s: expected table %s", doc, want_path);
	ok(want != NULL, name);
	if (want == NULL)
		return;
	for (i = 0; want[i] != '\0'; i++)
		nlines += want[i] == '\n';
	snprintf(name, sizeof(name), "%s reads", doc);
	is_int(read_doc(&reader_ob_text, doc, &rs, &w), 0, name);
	got = fields_tsv(rs);
	/* g and e: the starts of the first line that differs. */
	for (g = got, e = want; *g != '\0' && strncmp(g, e, strcspn(g, "\n") + 1) == 0;
	    line++) {
		e += strcspn(g, "\n") + 1;
		g += strcspn(g, "\n") + 1;
	}
	if (*g != '\0' || *e != '\0')
		diag("%s: line %zu of the table differs\n#   got  %.*s\n#   want %.*s",
		    doc, line, (int)strcspn(g, "\n"), g, (int)strcspn(e, "\n"), e);
	snprintf(name, sizeof(name), "%s: all %zu fields of every system as "
	    "expected", doc, nlines);
	ok(strcmp(got, want) == 0, name);
	snprintf(name, sizeof(name), "%s: no warning about the table", doc);
	for (i = 0; i < w.len; i++)
		if (strstr(w.items[i], "systems table") != NULL)
			break;
	ok(i == w.len, name);
	free(got);
	free(want);
	result_set_free(rs);
	str_list_free(&w);
}

/* Every field the text gives is the page's. */
static void
check_twin(const char *txt, const char *html)
{
	struct result_set	*rt, *rh;
	struct str_list		 w = { 0 };
	size_t			 i, j, given = 0, bad = 0;
	char			 name[600];

	if (read_doc(&reader_ob_text, txt, &rt, &w) != 0 ||
	    read_doc(&reader_ob_html, html, &rh, &w) != 0 ||
	    rt->nsystems != rh->nsystems) {
		ok(0, txt);
		goto out;
	}
	for (i = 0; i < rt->nsystems; i++)
		for (j = 0; j < rt->systems[i].fields.len; j++) {
			const struct kv *f = &rt->systems[i].fields.items[j];
			const char *v = kv_list_get(&rh->systems[i].fields, f->key);

			given++;
			if (v == NULL || strcmp(v, f->value) != 0) {
				diag("%s: %s %s: text \"%s\", page \"%s\"", txt,
				    rt->systems[i].identifier, f->key, f->value,
				    v != NULL ? v : "(none)");
				bad++;
			}
		}
	snprintf(name, sizeof(name), "%s: the %zu fields the text gives are the "
	    "HTML page's", txt, given);
	ok(given > 0 && bad == 0, name);
out:
	result_set_free(rt);
	result_set_free(rh);
	str_list_free(&w);
}

int
main(void)
{
	const char	*shared = getenv("SHARED");
	char		 path[1024];

	check_table("fixtures/demo/nvme-review.txt", "fixtures/demo/nvme-review.fields");
	check_table("fixtures/demo/btrfs-raid.txt", "fixtures/demo/btrfs-raid.fields");
	check_twin("fixtures/ob/nas-layouts.txt", "fixtures/ob/nas-layouts.html");
	if (shared == NULL || *shared == '\0') {
		skip("seeds 000 and 004 field by field", "$SHARED is empty");
		return tap_done();
	}
	snprintf(path, sizeof(path), "%s/seeds/000_d75a954a9db40170.txt", shared);
	check_table(path, "fixtures/ob/seed-000.fields");
	snprintf(path, sizeof(path), "%s/seeds/004_4dc820b1900c28e3.txt", shared);
	check_table(path, "fixtures/ob/seed-004.fields");
	return tap_done();
}
