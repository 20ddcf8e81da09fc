/* SPDX-License-Identifier: ISC */
/*
 * CSV export in the layout of PTS's result-file-to-csv: a title line, a
 * blank line, a header row " ,<identifier>,...", one row per system
 * component, a blank line, the header again, then one row per result,
 * "Title - Description",value,... Cells are quoted per RFC 4180, and text
 * a spreadsheet would run as a formula is defused. No SE or runs: use json.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "export.h"
#include "pts.h"
#include "strbuf.h"
#include "xalloc.h"

static int	 export_csv_write(const struct result_set *, FILE *, struct diag *);
static void	 export_csv_cell(struct strbuf *sb, const char *s);
static void	 export_csv_header(struct strbuf *sb, const struct result_set *rs);
static void	 export_csv_blank(struct strbuf *sb, size_t ncols);

const struct writer writer_csv = {
	.name = "csv",
	.summary = "PTS-style CSV: system table, then one row per result",
	.write = export_csv_write
};

/*
 * Append one cell. A cell that starts with = + - @ (or a tab or CR) would
 * run as a formula in a spreadsheet: it gets a leading apostrophe, unless it
 * is a plain number such as "-3.5". Then RFC 4180 quoting.
 */
static void
export_csv_cell(struct strbuf *sb, const char *s)
{
	double	 d;
	bool	 defuse;
	char	*t;

	if (s == NULL)
		s = "";
	defuse = strchr("=+-@\t\r", s[0]) != NULL && s[0] != '\0' &&
	    !pts_number(s, &d);
	t = defuse ? xasprintf("'%s", s) : xstrdup(s);
	if (strpbrk(t, ",\"\r\n") != NULL) {
		const char	*p;

		strbuf_addc(sb, '"');
		for (p = t; *p != '\0'; p++) {
			if (*p == '"')
				strbuf_addc(sb, '"');
			strbuf_addc(sb, *p);
		}
		strbuf_addc(sb, '"');
	} else
		strbuf_adds(sb, t);
	free(t);
}

static void
export_csv_blank(struct strbuf *sb, size_t ncols)
{
	size_t	i;

	for (i = 1; i < ncols; i++)
		strbuf_addc(sb, ',');
	strbuf_adds(sb, "\n");
}

static void
export_csv_header(struct strbuf *sb, const struct result_set *rs)
{
	size_t	i;

	strbuf_adds(sb, " ");
	for (i = 0; i < rs->nsystems; i++) {
		strbuf_addc(sb, ',');
		export_csv_cell(sb, rs->systems[i].identifier);
	}
	strbuf_adds(sb, "\n");
}

static int
export_csv_write(const struct result_set *rs, FILE *fp, struct diag *d)
{
	struct strbuf	 sb;
	struct str_list	 keys = { 0 };
	const struct value **first;
	GHashTable	*seen;
	const char	*val;
	char		*label, buf[64];
	size_t		 i, j, k, ncols = rs->nsystems + 1;
	int		 rc = 0;

	first = xcalloc(rs->nsystems + 1, sizeof(*first));
	/* Borrowed keys: the result set outlives the table. */
	seen = g_hash_table_new(g_str_hash, g_str_equal);
	strbuf_init(&sb);
	export_csv_cell(&sb, rs->title != NULL ? rs->title : "");
	for (i = 1; i < ncols; i++)
		strbuf_addc(&sb, ',');
	strbuf_adds(&sb, "\n");
	export_csv_blank(&sb, ncols);
	export_csv_header(&sb, rs);
	/* Component rows: every key any system has, in first-seen order. */
	for (i = 0; i < rs->nsystems; i++) {
		const struct kv_list	*f = &rs->systems[i].fields;

		for (j = 0; j < f->len; j++) {
			if (g_hash_table_contains(seen, f->items[j].key))
				continue;
			g_hash_table_add(seen, f->items[j].key);
			str_list_add(&keys, f->items[j].key);
		}
	}
	for (k = 0; k < keys.len; k++) {
		export_csv_cell(&sb, keys.items[k]);
		for (i = 0; i < rs->nsystems; i++) {
			strbuf_addc(&sb, ',');
			export_csv_cell(&sb, kv_list_get(&rs->systems[i].fields,
			    keys.items[k]));
		}
		strbuf_adds(&sb, "\n");
	}
	export_csv_blank(&sb, ncols);
	export_csv_header(&sb, rs);
	for (j = 0; j < rs->ntests; j++) {
		const struct test	*t = &rs->tests[j];

		label = t->description != NULL && *t->description != '\0' ?
		    xasprintf("%s - %s", t->title ? t->title : "",
		    t->description) : xstrdup(t->title ? t->title : "");
		export_csv_cell(&sb, label);
		free(label);
		/* The first value of each system, as PTS shows one bar. */
		for (i = 0; i < rs->nsystems; i++)
			first[i] = NULL;
		for (i = t->nvalues; i-- > 0;)
			if (t->values[i].system < rs->nsystems)
				first[t->values[i].system] = &t->values[i];
		for (i = 0; i < rs->nsystems; i++) {
			const struct value	*v = first[i];

			strbuf_addc(&sb, ',');
			val = NULL;
			if (v != NULL && v->value_text != NULL)
				val = v->value_text;
			else if (v != NULL && v->has_mean) {
				export_format_double(v->mean, buf, sizeof(buf));
				val = buf;
			}
			export_csv_cell(&sb, val);
		}
		strbuf_adds(&sb, "\n");
		/* Keep memory flat on large sets: flush each row. */
		if (fwrite(sb.buf, 1, sb.len, fp) != sb.len)
			rc = -1;
		strbuf_reset(&sb);
	}
	if (sb.len > 0 && fwrite(sb.buf, 1, sb.len, fp) != sb.len)
		rc = -1;
	if (rc == -1 || fflush(fp) == EOF)
		rc = diag_set(d, NULL, 0, "write error");
	strbuf_free(&sb);
	str_list_free(&keys);
	free(first);
	g_hash_table_destroy(seen);
	return rc;
}
