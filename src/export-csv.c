/* SPDX-License-Identifier: ISC */
/*
 * CSV export in the layout of PTS 10.8.6's result-file-to-csv, which the
 * pts-csv reader reads back: a title line ",TITLE,", a blank line, a
 * header row " ,,"SYSTEM",...", one row per system component
 * ("Field,,a,b"), a blank line, the header again, then one row per
 * result, ""Title - Description (unit)",HIB,value,...". Cells are quoted
 * per RFC 4180 (a line break inside a cell becomes a space, so each row is
 * one line), and text a spreadsheet would run as a formula is defused.
 * No SE or runs: use json.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "export.h"
#include "pts.h"
#include "strbuf.h"
#include "text-json.h"
#include "xalloc.h"

static int	 export_csv_write(const struct result_set *, FILE *, struct diag *);
static void	 export_csv_cell(struct strbuf *sb, const char *s);
static void	 export_csv_cell_q(struct strbuf *sb, const char *s, bool quote);
static bool	 export_csv_series(const char *text, char *buf, size_t len);
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
	export_csv_cell_q(sb, s, false);
}

/* As export_csv_cell; quote: always quoted, as PTS writes system names. */
static void
export_csv_cell_q(struct strbuf *sb, const char *s, bool quote)
{
	double	 d;
	bool	 defuse;
	char	*t, *e;

	if (s == NULL)
		s = "";
	defuse = strchr("=+-@\t\r", s[0]) != NULL && s[0] != '\0' &&
	    !pts_number(s, &d);
	t = defuse ? xasprintf("'%s", s) : xstrdup(s);
	/* One row a line: a line break inside a cell is a space. */
	for (e = t; (e = strpbrk(e, "\r\n")) != NULL; e++)
		*e = ' ';
	if (quote || strpbrk(t, ",\"") != NULL) {
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

/*
 * A line graph's series ("16,17,15") as PTS's CSV shows it: the mean
 * rounded to two decimals, without trailing zeros ("16.57"). False when
 * text is not a list of numbers.
 */
static bool
export_csv_series(const char *text, char *buf, size_t len)
{
	const char	*p = text;
	char		*end, *z;
	double		 sum = 0, x;
	size_t		 n = 0;

	for (;;) {
		x = strtod(p, &end);
		if (end == p || !isfinite(x))
			return false;
		sum += x;
		n++;
		if (*end == '\0')
			break;
		if (*end != ',')
			return false;
		p = end + 1;
	}
	(void)snprintf(buf, len, "%.2f", sum / (double)n);
	if ((z = strchr(buf, '.')) != NULL) {
		for (end = buf + strlen(buf); end > z && (end[-1] == '0' || end[-1] == '.'); )
			*--end = '\0';
	}
	return true;
}

static void
export_csv_blank(struct strbuf *sb, size_t ncols)
{
	(void)ncols;
	strbuf_adds(sb, "\n");
}

/* " ,," then each system's name, always quoted as PTS writes it. */
static void
export_csv_header(struct strbuf *sb, const struct result_set *rs)
{
	size_t		 i;

	strbuf_adds(sb, " ,");
	for (i = 0; i < rs->nsystems; i++) {
		strbuf_addc(sb, ',');
		export_csv_cell_q(sb, rs->systems[i].identifier, true);
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
	strbuf_addc(&sb, ',');
	export_csv_cell(&sb, rs->title != NULL ? rs->title : "");
	strbuf_adds(&sb, ",\n");
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
		strbuf_addc(&sb, ',');
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

		/* The unit in brackets after the name, as PTS writes it since 9.6.1. */
		label = t->description != NULL && *t->description != '\0' ?
		    xasprintf("%s - %s (%s)", t->title ? t->title : "",
		    t->description, t->unit != NULL ? t->unit : "") :
		    xasprintf("%s (%s)", t->title ? t->title : "",
		    t->unit != NULL ? t->unit : "");
		export_csv_cell_q(&sb, label, true);
		free(label);
		strbuf_addc(&sb, ',');
		export_csv_cell(&sb, t->proportion_raw != NULL && *t->proportion_raw != '\0' ?
		    t->proportion_raw : t->proportion == PROP_HIB ? "HIB" :
		    t->proportion == PROP_LIB ? "LIB" : "");
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
			/* The source's text when it is the value; a series by its mean. */
			if (v != NULL && (val = value_stated_text(v)) != NULL)
				;
			else if (v != NULL && !v->has_mean && v->value_text != NULL)
				val = export_csv_series(v->value_text, buf, sizeof(buf)) ?
				    buf : v->value_text;
			else if (v != NULL && v->has_mean) {
				text_json_double(v->mean, buf, sizeof(buf));
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
	strbuf_adds(&sb, "\n");	/* PTS ends the file with a blank line */
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
