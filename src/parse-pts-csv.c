/* SPDX-License-Identifier: ISC */
/*
 * The CSV the Phoronix Test Suite writes with result-file-to-csv, in the
 * layouts of every release since 5.x, and benchreport's own export: a
 * title line (",TITLE," since 10.8.6, the bare title before, then the
 * description from 9.4 on), the systems table (a header " ,,"A","B"" or,
 * before 8.0.1, " ,"A","B"" naming the systems as columns, then one
 * "Field,,a,b" or "Field,a,b" row per component), and the results (the
 * header again, then one row per result: ""TITLE - DESCRIPTION
 * (UNIT)",HIB,a,b"; the HIB/LIB column since 7.0, the unit since 9.6.1).
 * Values are the figures PTS printed (for a line graph, the mean it
 * rounded to two decimals); the unit is PTS's shortened form ("sec" for
 * Seconds). PTS quotes without escaping, so a field is quoted when it
 * starts with '"' and ends at a '"' before a comma or the line's end;
 * RFC 4180's doubled quotes inside are one quote. The rules are in
 * docs/fio-dd.md ("PTS's own exports").
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
	size_t			 off;		/* the first value column: 2, or 1 before 8.0.1 */
	bool			 prop;		/* results have a HIB/LIB column (7.0 on) */
	bool			 titled;	/* the title line is read */
	int			 headers;	/* column headers seen: 1 systems, 2 results */
	long			 lineno;
	size_t			 extra;		/* result rows with cells beyond the systems */
	GArray			*unit_of;	/* per test: the name ended in " (UNIT)" */
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
static size_t	 parse_pts_csv_offset(gchar **f);
static bool	 parse_pts_csv_blank(const char *line);
static void	 parse_pts_csv_units(struct pts_csv_state *st);

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
	GString		*g;
	const char	*p = line, *q, *e;

	for (;;) {
		if (*p == '"') {
			g = g_string_new(NULL);
			for (q = p + 1; *q != '\0' && !(*q == '"' &&
			    (q[1] == ',' || q[1] == '\0')); q++) {
				if (q[0] == '"' && q[1] == '"')
					q++;	/* RFC 4180: "" is one quote */
				g_string_append_c(g, *q);
			}
			g_ptr_array_add(a, g_string_free(g, FALSE));
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

/*
 * The column header: " ", then the systems, after an empty column since
 * 8.0.1 (" ,,"A"") and right after it before (" ,"A"").
 */
static bool
parse_pts_csv_header(gchar **f)
{
	return f[0] != NULL && strcmp(f[0], " ") == 0 && f[1] != NULL &&
	    (f[1][0] != '\0' || (f[2] != NULL && f[2][0] != '\0'));
}

/* The first value column of header f: 2 after an empty one, else 1. */
static size_t
parse_pts_csv_offset(gchar **f)
{
	return f[1][0] == '\0' ? 2 : 1;
}

/* A line of commas only (a spreadsheet's blank row) or nothing. */
static bool
parse_pts_csv_blank(const char *line)
{
	return line[strspn(line, ", \t")] == '\0';
}

/*
 * A title line, at most two more lines (the description, a blank line),
 * then the systems header " ,,"A"" or " ,"A"" followed by a component
 * or result row. ",TITLE," with the header after an empty column is the
 * current layout (85); the older ones score 75.
 */
static int
parse_pts_csv_detect(const char *head, size_t len)
{
	const char	*p = head, *nl;
	gchar		**f;
	char		*l;
	bool		 current, header = false;
	int		 n;

	(void)len;
	if (*p == '\0' || *p == '\n' || *p == '\r' || *p == ' ')
		return 0;
	nl = strchr(p, '\n');
	current = p[0] == ',' && nl != NULL && nl > p + 1 &&
	    (nl[-1] == ',' || (nl[-1] == '\r' && nl[-2] == ','));
	for (n = 0; n < 4 && nl != NULL && !header; n++) {
		p = nl + 1;
		nl = strchr(p, '\n');
		if (p[0] != ' ' || p[1] != ',' || nl == NULL)
			continue;
		l = xstrndup(p, strcspn(p, "\r\n"));
		f = parse_pts_csv_fields(l);
		header = parse_pts_csv_header(f);
		if (header && parse_pts_csv_offset(f) != 2)
			current = false;
		g_strfreev(f);
		free(l);
		/* A row after the header: a component or a result. */
		if (header && (nl[1] == '\0' || nl[1] == ' ' || nl[1] == ',' ||
		    nl[1] == '\r' || nl[1] == '\n'))
			header = false;
	}
	if (!header)
		return 0;
	return current ? 85 : 75;
}

static void
parse_pts_csv_systems(struct pts_csv_state *st, gchar **f)
{
	size_t	n, i;
	long	found;

	st->off = parse_pts_csv_offset(f);
	/* Trailing empty columns are a spreadsheet's, not systems. */
	for (n = 0; f[st->off + n] != NULL; n++)
		;
	while (n > 0 && f[st->off + n - 1][0] == '\0')
		n--;
	if (st->sys != NULL) {
		/* The results header: the same systems, and the HIB/LIB column with the empty one. */
		st->prop = st->off == 2;
		if (n != st->ncols)
			format_warn(st->opt, st->path, st->lineno, "results header "
			    "names %zu columns, the systems table %zu systems: the "
			    "systems table's are read", n, st->ncols);
		return;
	}
	st->sys = xcalloc(n + 1, sizeof(*st->sys));
	st->ncols = n;
	for (i = 0; i < n; i++)
		st->sys[i] = (found = result_set_find_system(st->rs, f[st->off + i])) >= 0 ?
		    (size_t)found : result_set_add_system(st->rs, f[st->off + i]);
}

/* "Processor,,AMD ...,AMD ...": a component of each system, when stated. */
static void
parse_pts_csv_field(struct pts_csv_state *st, gchar **f)
{
	size_t	i;

	if (f[1] == NULL || f[0][0] == '\0' || (st->off == 2 && f[2] == NULL))
		return;
	for (i = 0; i < st->ncols && f[st->off + i] != NULL; i++)
		if (f[st->off + i][0] != '\0')
			kv_list_add(&st->rs->systems[st->sys[i]].fields, f[0],
			    f[st->off + i]);
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

	size_t		 off = st->prop ? 2 : 1;
	bool		 has_unit;

	if (f[1] == NULL || (st->prop && f[2] == NULL && st->ncols > 0))
		return;
	parse_pts_csv_name(f[0], &title, &desc, &unit);
	has_unit = f[0][0] != '\0' && f[0][strlen(f[0]) - 1] == ')' &&
	    (*unit != '\0' || strstr(f[0], " ()") != NULL);
	g_array_append_val(st->unit_of, has_unit);
	t = result_set_add_test(st->rs);
	model_set_str(&t->identifier, "");
	model_set_str(&t->title, title);
	model_set_str(&t->app_version, "");
	model_set_str(&t->description, desc);
	model_set_str(&t->arguments, desc);
	model_set_str(&t->unit, unit);
	/* Before 7.0 there is no HIB/LIB column: the direction is not stated. */
	if (st->prop) {
		model_set_str(&t->proportion_raw, f[1]);
		t->proportion = strcmp(f[1], "HIB") == 0 ? PROP_HIB :
		    strcmp(f[1], "LIB") == 0 ? PROP_LIB : PROP_NONE;
	} else
		t->proportion = PROP_NONE;
	t->display = DISPLAY_BAR;
	for (i = 0; f[off + i] != NULL; i++)
		if (i >= st->ncols && f[off + i][0] != '\0') {
			st->extra++;
			break;
		}
	for (i = 0; i < st->ncols && f[off + i] != NULL; i++) {
		if (f[off + i][0] == '\0')
			continue;	/* the system did not run this test */
		v = test_add_value(t, st->sys[i]);
		model_set_str(&v->value_text, f[off + i]);
		x = g_ascii_strtod(f[off + i], &end);
		if (end != f[off + i] && *end == '\0' && isfinite(x)) {
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

/*
 * PTS writes " (UNIT)" after every result's name since 9.6.1, and none
 * before: a name that ends in a parenthesised part is a unit only when
 * every name does. Otherwise the part goes back where it was.
 */
static void
parse_pts_csv_units(struct pts_csv_state *st)
{
	struct test	*t;
	char		*s;
	size_t		 i;

	for (i = 0; i < st->unit_of->len; i++)
		if (!g_array_index(st->unit_of, bool, i))
			break;
	if (i == st->unit_of->len)
		return;
	for (i = 0; i < st->rs->ntests && i < st->unit_of->len; i++) {
		t = &st->rs->tests[i];
		if (!g_array_index(st->unit_of, bool, i))
			continue;
		if (*t->description != '\0') {
			s = xasprintf("%s (%s)", t->description, t->unit);
			model_set_str(&t->description, s);
			model_set_str(&t->arguments, s);
		} else {
			s = xasprintf("%s (%s)", t->title, t->unit);
			model_set_str(&t->title, s);
		}
		free(s);
		model_set_str(&t->unit, "");
	}
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
	st.unit_of = g_array_new(FALSE, FALSE, sizeof(bool));
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
		if (parse_pts_csv_blank(line))
			continue;
		f = parse_pts_csv_fields(line);
		/* ",TITLE," (10.8.6 on) or the bare title; then the description. */
		if (!st.titled) {
			model_set_str(&rs->title, f[0][0] == '\0' && f[1] != NULL ? f[1] : f[0]);
			st.titled = true;
		} else if (parse_pts_csv_header(f) && st.headers < 2) {
			parse_pts_csv_systems(&st, f);
			st.headers++;
		} else if (st.headers == 0 && rs->description == NULL)
			model_set_str(&rs->description, line);
		else if (st.headers == 1)
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
	parse_pts_csv_units(&st);
	if (st.extra > 0)
		format_warn(opt, path, 0, "%zu result row%s with cells beyond the "
		    "systems the header names: those cells are not read", st.extra,
		    st.extra == 1 ? "" : "s");
	model_set_str(&rs->generator, "Phoronix Test Suite (CSV export)");
	rc = 0;
out:
	if (st.unit_of != NULL)
		g_array_free(st.unit_of, TRUE);
	free(st.sys);
	free(buf);
	return rc;
}
