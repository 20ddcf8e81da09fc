/* SPDX-License-Identifier: ISC */
/*
 * The CSV the Phoronix Test Suite writes with result-file-to-csv: a title
 * line (",TITLE,"), the systems table (a header " ,,"A","B"" naming the
 * systems as columns, then one "Field,,a,b" row per component), and the
 * results (the same header, then one row per result:
 * ""TITLE - DESCRIPTION (UNIT)",HIB,a,b"). Values are the figures PTS
 * printed (for a line graph, the mean it rounded to two decimals); the
 * unit is PTS's shortened form ("sec" for Seconds). PTS quotes without
 * escaping, so a field is quoted only when it starts and ends with '"'.
 * The rules are in docs/fio-dd.md ("PTS's own exports").
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "format.h"
#include "strbuf.h"
#include "xalloc.h"

#define CSV_MAX_COLS	4096	/* systems in one export: far beyond PTS's */

struct pts_csv_state {
	const char		*path;
	const struct read_options *opt;
	struct result_set	*rs;
	size_t			*sys;		/* system index of each value column */
	size_t			 ncols;		/* value columns (systems) */
	int			 headers;	/* column headers seen: 1 systems, 2 results */
	long			 lineno;
};

static int	 parse_pts_csv_detect(const char *head, size_t len);
static int	 parse_pts_csv_read(const char *path, const struct read_options *opt,
		    struct result_set *rs, struct diag *d);
static gchar	**parse_pts_csv_fields(const char *line);
static bool	 parse_pts_csv_header(gchar **f);
static void	 parse_pts_csv_systems(struct pts_csv_state *st, gchar **f);
static void	 parse_pts_csv_field(struct pts_csv_state *st, gchar **f);
static void	 parse_pts_csv_result(struct pts_csv_state *st, gchar **f);
static void	 parse_pts_csv_name(const char *name, char **title, char **desc,
		    char **unit);

const struct reader reader_pts_csv = {
	.name = "pts-csv",
	.summary = "Phoronix Test Suite CSV (result-file-to-csv)",
	.detect = parse_pts_csv_detect,
	.read = parse_pts_csv_read
};

/*
 * Fields of one line, split at commas; a field that starts with '"' runs
 * to the next '"' that ends it (followed by a comma or the line's end),
 * quotes removed. Linear in the line.
 */
static gchar **
parse_pts_csv_fields(const char *line)
{
	GPtrArray	*a = g_ptr_array_new();
	const char	*p = line, *q, *e;

	for (;;) {
		if (*p == '"') {
			for (q = p + 1; *q != '\0' && !(*q == '"' &&
			    (q[1] == ',' || q[1] == '\0')); q++)
				;
			g_ptr_array_add(a, g_strndup(p + 1, (gsize)(q - p - 1)));
			e = *q == '"' ? q + 1 : q;
		} else {
			e = p + strcspn(p, ",");
			g_ptr_array_add(a, g_strndup(p, (gsize)(e - p)));
		}
		if (*e != ',' || a->len >= CSV_MAX_COLS)
			break;
		p = e + 1;
	}
	g_ptr_array_add(a, NULL);
	return (gchar **)g_ptr_array_free(a, FALSE);
}

/* The column header: " ", "", then the systems. */
static bool
parse_pts_csv_header(gchar **f)
{
	return f[0] != NULL && strcmp(f[0], " ") == 0 && f[1] != NULL &&
	    f[1][0] == '\0' && f[2] != NULL;
}

static int
parse_pts_csv_detect(const char *head, size_t len)
{
	const char	*nl;
	gchar		**f;
	bool		 title, header = false;

	/* ",TITLE," then a blank line, then the header ' ,,"A"'. */
	nl = strchr(head, '\n');
	title = head[0] == ',' && nl != NULL && nl > head + 1 &&
	    (nl[-1] == ',' || (nl[-1] == '\r' && nl[-2] == ','));
	if (!title)
		return 0;
	if ((nl = strstr(head, "\n ,,\"")) != NULL) {
		char *l = xstrndup(nl + 1, strcspn(nl + 1, "\r\n"));

		f = parse_pts_csv_fields(l);
		header = parse_pts_csv_header(f);
		g_strfreev(f);
		free(l);
	}
	return header ? 85 : 0;
}

static void
parse_pts_csv_systems(struct pts_csv_state *st, gchar **f)
{
	size_t	n, i;
	long	found;

	for (n = 0; f[2 + n] != NULL; n++)
		;
	if (st->sys != NULL) {
		/* The results repeat the header: the same systems, in order. */
		if (n != st->ncols)
			format_warn(st->opt, st->path, st->lineno, "results header "
			    "names %zu systems, the systems table %zu", n, st->ncols);
	}
	free(st->sys);
	st->sys = xcalloc(n + 1, sizeof(*st->sys));
	st->ncols = n;
	for (i = 0; i < n; i++)
		st->sys[i] = (found = result_set_find_system(st->rs, f[2 + i])) >= 0 ?
		    (size_t)found : result_set_add_system(st->rs, f[2 + i]);
}

/* "Processor,,AMD ...,AMD ...": a component of each system, when stated. */
static void
parse_pts_csv_field(struct pts_csv_state *st, gchar **f)
{
	size_t	i;

	if (f[1] == NULL || f[0][0] == '\0')
		return;
	for (i = 0; i < st->ncols && f[2 + i] != NULL; i++)
		if (f[2 + i][0] != '\0')
			kv_list_add(&st->rs->systems[st->sys[i]].fields, f[0], f[2 + i]);
}

/*
 * "TITLE - DESCRIPTION (UNIT)": the unit is the last parenthesised part,
 * the title what comes before the first " - " (PTS test titles have
 * none), the description the rest.
 */
static void
parse_pts_csv_name(const char *name, char **title, char **desc, char **unit)
{
	const char	*open, *dash;
	size_t		 len = strlen(name), depth = 0;
	char		*body;

	*unit = xstrdup("");
	open = NULL;
	if (len > 0 && name[len - 1] == ')') {
		/* The matching "(" of the last ")", scanning back once. */
		for (open = name + len - 1; open >= name; open--) {
			if (*open == ')')
				depth++;
			else if (*open == '(' && --depth == 0)
				break;
		}
		if (open < name || open == name || open[-1] != ' ')
			open = NULL;
	}
	if (open != NULL) {
		free(*unit);
		*unit = xstrndup(open + 1, (size_t)(name + len - 1 - open - 1));
		body = xstrndup(name, (size_t)(open - 1 - name));
	} else
		body = xstrdup(name);
	if ((dash = strstr(body, " - ")) != NULL) {
		*title = xstrndup(body, (size_t)(dash - body));
		*desc = xstrdup(dash + 3);
	} else {
		*title = xstrdup(body);
		*desc = xstrdup("");
	}
	free(body);
}

static void
parse_pts_csv_result(struct pts_csv_state *st, gchar **f)
{
	struct test	*t;
	struct value	*v;
	char		*title, *desc, *unit, *end;
	double		 x;
	size_t		 i;

	if (f[1] == NULL)
		return;
	parse_pts_csv_name(f[0], &title, &desc, &unit);
	t = result_set_add_test(st->rs);
	model_set_str(&t->identifier, "");
	model_set_str(&t->title, title);
	model_set_str(&t->app_version, "");
	model_set_str(&t->description, desc);
	model_set_str(&t->arguments, desc);
	model_set_str(&t->unit, unit);
	model_set_str(&t->proportion_raw, f[1]);
	t->proportion = strcmp(f[1], "HIB") == 0 ? PROP_HIB :
	    strcmp(f[1], "LIB") == 0 ? PROP_LIB : PROP_NONE;
	t->display = DISPLAY_BAR;
	for (i = 0; i < st->ncols && f[2 + i] != NULL; i++) {
		if (f[2 + i][0] == '\0')
			continue;	/* the system did not run this test */
		v = test_add_value(t, st->sys[i]);
		model_set_str(&v->value_text, f[2 + i]);
		x = g_ascii_strtod(f[2 + i], &end);
		if (end != f[2 + i] && *end == '\0' && isfinite(x)) {
			v->has_mean = true;
			v->mean = x;
		} else
			t->display = DISPLAY_OTHER;	/* PASS, FAIL: a text result */
	}
	if (t->display == DISPLAY_OTHER)
		model_set_str(&t->display_raw, "PASS_FAIL");
	free(title);
	free(desc);
	free(unit);
}

static int
parse_pts_csv_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	struct pts_csv_state	 st;
	char			*buf, *line, *nl;
	gchar			**f;
	size_t			 len;
	int			 rc = -1;

	memset(&st, 0, sizeof(st));
	st.path = path;
	st.opt = opt;
	st.rs = rs;
	if ((buf = format_slurp(path, &len, d)) == NULL)
		return -1;
	if (memchr(buf, '\0', len) != NULL) {
		diag_set(d, path, 0, "binary data (NUL bytes): not a PTS CSV export");
		goto out;
	}
	for (line = buf; *line != '\0'; line = nl) {
		nl = line + strcspn(line, "\n");
		if (*nl == '\n')
			*nl++ = '\0';
		st.lineno++;
		line[strcspn(line, "\r")] = '\0';
		if (line[0] == '\0')
			continue;
		f = parse_pts_csv_fields(line);
		if (st.headers == 0 && line[0] == ',' && rs->title == NULL)
			model_set_str(&rs->title, f[1] != NULL ? f[1] : "");
		else if (parse_pts_csv_header(f) && st.headers < 2) {
			parse_pts_csv_systems(&st, f);
			st.headers++;
		} else if (st.headers == 1)
			parse_pts_csv_field(&st, f);
		else if (st.headers == 2)
			parse_pts_csv_result(&st, f);
		g_strfreev(f);
	}
	if (rs->nsystems == 0) {
		diag_set(d, path, 0, "PTS CSV without the systems header "
		    "(\" ,,\"SYSTEM\",...\")");
		goto out;
	}
	if (rs->ntests == 0) {
		diag_set(d, path, 0, "PTS CSV without any result row");
		goto out;
	}
	model_set_str(&rs->generator, "Phoronix Test Suite (CSV export)");
	rc = 0;
out:
	free(st.sys);
	free(buf);
	return rc;
}
