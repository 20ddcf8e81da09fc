/* SPDX-License-Identifier: ISC */
/*
 * benchreport show ID|FILE: a terminal table, one row per test and one
 * column per system, with value ± SE, unit and which direction is better.
 * Columns are fitted to the terminal: long labels are abbreviated and,
 * when the systems do not fit side by side (or labels would be cut too
 * short to tell tests apart), the table is transposed into one block per
 * test with one line per system. Colour only adds emphasis: a best
 * value whose lead over the next system is significant (the review
 * page's rule, publish-lead.h) also carries a "*". Numbers are aligned
 * on their decimal point:
 * down each system's column in the table, and down each test's block.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cmd-resolve.h"
#include "export.h"
#include "publish-lead.h"
#include "strbuf.h"
#include "text-term.h"
#include "text-safe.h"
#include "xalloc.h"

#define SHOW_BOLD	"\033[1m"
#define SHOW_BEST	"\033[1;32m"
#define SHOW_RESET	"\033[0m"

/* Widest a system column may become; narrowest a label is cut to. */
#define SHOW_SYS_MAX	24
#define SHOW_LABEL_MIN	16
/* A table whose labels would be cut below this many columns is transposed. */
#define SHOW_LABEL_KEEP	32

/* A cell: a value and its SE as printed, or a word ("failed"). */
struct show_cell {
	char	*text;		/* not a number: the whole cell; "" when absent */
	char	 val[64];	/* the value as the source states it, or rounded */
	char	 se[64];	/* "" without an SE */
};

/* Widths either side of the decimal point of a set of cells. */
struct show_align {
	size_t	vi, vf;		/* value: before the point, from it on */
	size_t	si, sf;		/* the same for the SE */
	size_t	text;		/* widest word */
	bool	se;		/* some cell has an SE */
};

struct show_layout {
	const struct result_set	*rs;
	bool			 color, utf8;
	struct show_cell	*cells;		/* ntests x nsystems */
	struct show_align	*cols;		/* per system, over its tests */
	size_t			*best;		/* per test: best system, or SIZE_MAX */
	size_t			 label_w, unit_w, better_w;
	size_t			 label_natural;	/* widest label */
	size_t			*sys_w;		/* per system */
};

static void	 cmd_show_labels(struct cmd_ctx *, long long);
static int	 cmd_show_exec(struct cmd_ctx *, const struct cmd_args *);
static void	 cmd_show_num(double, char *, size_t);
static void	 cmd_show_cell(const struct value *, struct show_cell *);
static void	 cmd_show_align_add(struct show_align *, const struct show_cell *);
static size_t	 cmd_show_align_width(const struct show_align *, bool);
static char	*cmd_show_fmt(const struct show_cell *, const struct show_align *,
		    bool);
static char	*cmd_show_label(const struct test *);
static const char *cmd_show_better(const struct test *, bool);
static void	 cmd_show_layout(struct show_layout *, int);
static bool	 cmd_show_labels_distinct(const struct result_set *, size_t);
static void	 cmd_show_table(const struct show_layout *);
static void	 cmd_show_blocks(const struct show_layout *, int);
static void	 cmd_show_warnings(const struct result_set *);

CMD_CHOICES(cmd_show_format, "text", "json")

static const struct cmd_option cmd_show_options[] = {
	{ "warnings", 0, NULL, "print what the import could not read or attribute\n"
	    "(stored with the set), one note a line, instead of the table", 0, NULL },
	{ "format", 'f', "FMT", "text (default) or json (the JSON export's schema)",
	    0, cmd_show_format },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_show_entry = {
	.name = "show",
	.operands = "ID|FILE",
	.min_operands = 1,
	.max_operands = 1,
	.summary = "show a result set as a table of tests by systems",
	.options = cmd_show_options,
	.help_extra = "The table fits the terminal width (COLUMNS overrides it). Colour is\n"
	    "used on a terminal unless NO_COLOR is set.\n",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_show_exec
};

/*
 * The notes the import stored (the extra field "benchreport-warnings",
 * "LINE: message" a line), each prefixed with the source file's name as
 * a compiler names a line: "seed.txt:21: chart ...".
 */
static void
cmd_show_warnings(const struct result_set *rs)
{
	const char	*w, *p, *e, *base;
	char		*line;

	if ((w = kv_list_get(&rs->extra, "benchreport-warnings")) == NULL) {
		printf("no notes: the import read and attributed everything\n");
		return;
	}
	base = rs->source_path != NULL ? rs->source_path : "";
	if (strrchr(base, '/') != NULL)
		base = strrchr(base, '/') + 1;
	for (p = w; *p != '\0'; p = *e != '\0' ? e + 1 : e) {
		e = p + strcspn(p, "\n");
		/* The notes quote the file's titles: no escape reaches the terminal. */
		line = xstrndup(p, (size_t)(e - p));
		if (*base != '\0') {
			text_safe_fputs(base, stdout);
			putchar(':');
		}
		text_safe_fputs(line, stdout);
		putchar('\n');
		free(line);
	}
}

/* Display precision: two decimals, more for very small magnitudes. */
static void
cmd_show_num(double v, char *buf, size_t size)
{
	if (v != 0 && fabs(v) < 0.01)
		snprintf(buf, size, "%.3g", v);
	else
		snprintf(buf, size, "%.2f", v);
}

static void
cmd_show_cell(const struct value *v, struct show_cell *c)
{
	const char	*stated;

	memset(c, 0, sizeof(*c));
	if (v == NULL) {
		c->text = xstrdup("");
		return;
	}
	if (!v->has_mean) {
		if (v->nseries > 0)
			c->text = xstrdup("(series)");
		else if (v->error != NULL)
			c->text = xstrdup("failed");
		/* Pass/fail and other non-numeric results: the source's word. */
		else if (v->value_text != NULL && *v->value_text != '\0')
			c->text = text_term_fit(v->value_text, SHOW_SYS_MAX - 2);
		else
			c->text = xstrdup("-");
		return;
	}
	/* The source's own text keeps its precision, when it is one number. */
	if ((stated = value_stated_text(v)) != NULL &&
	    strlen(stated) < sizeof(c->val))
		snprintf(c->val, sizeof(c->val), "%s", stated);
	else
		cmd_show_num(v->mean, c->val, sizeof(c->val));
	if (v->has_se && isfinite(v->se))
		cmd_show_num(v->se, c->se, sizeof(c->se));
}

/* Widen a to hold c; a number's parts are ASCII, one column a byte. */
static void
cmd_show_align_add(struct show_align *a, const struct show_cell *c)
{
	size_t	n;

	if (c->text != NULL) {
		if ((n = text_term_width(c->text)) > a->text)
			a->text = n;
		return;
	}
	n = strcspn(c->val, ".");
	a->vi = n > a->vi ? n : a->vi;
	a->vf = strlen(c->val) - n > a->vf ? strlen(c->val) - n : a->vf;
	if (*c->se == '\0')
		return;
	a->se = true;
	n = strcspn(c->se, ".");
	a->si = n > a->si ? n : a->si;
	a->sf = strlen(c->se) - n > a->sf ? strlen(c->se) - n : a->sf;
}

static size_t
cmd_show_align_width(const struct show_align *a, bool utf8)
{
	size_t	w = a->vi + a->vf;

	if (a->se)
		w += (utf8 ? 3 : 5) + a->si + a->sf;
	return w > a->text ? w : a->text;
}

/*
 * c as printed in a column aligned by a: a number padded either side of
 * its point (and of its SE's), so that points line up; a word as it is
 * (the caller right-aligns it).
 */
static char *
cmd_show_fmt(const struct show_cell *c, const struct show_align *a, bool utf8)
{
	size_t	vi, si;

	if (c->text != NULL)
		return xstrdup(c->text);
	vi = strcspn(c->val, ".");
	if (!a->se)
		return xasprintf("%*s%s%-*s", (int)(a->vi - vi), "", c->val,
		    (int)(a->vf - (strlen(c->val) - vi)), "");
	if (*c->se == '\0')
		return xasprintf("%*s%s%-*s", (int)(a->vi - vi), "", c->val,
		    (int)(a->vf - (strlen(c->val) - vi) + (utf8 ? 3 : 5) +
		    a->si + a->sf), "");
	si = strcspn(c->se, ".");
	return xasprintf("%*s%s%*s %s %*s%s%*s", (int)(a->vi - vi), "", c->val,
	    (int)(a->vf - (strlen(c->val) - vi)), "", utf8 ? "\xc2\xb1" : "+/-",
	    (int)(a->si - si), "", c->se, (int)(a->sf - (strlen(c->se) - si)),
	    "");
}

static char *
cmd_show_label(const struct test *t)
{
	const char	*title = t->title != NULL && *t->title != '\0' ?
	    t->title : t->identifier;
	const char	*detail = t->description != NULL &&
	    *t->description != '\0' ? t->description : t->arguments;

	if (title == NULL || *title == '\0')
		title = "(untitled)";
	if (detail != NULL && *detail != '\0')
		return xasprintf("%s: %s", title, detail);
	return xstrdup(title);
}

static const char *
cmd_show_better(const struct test *t, bool utf8)
{
	switch (t->proportion) {
	case PROP_HIB:
		return utf8 ? "\xe2\x86\x91 more" : "^ more";
	case PROP_LIB:
		return utf8 ? "\xe2\x86\x93 fewer" : "v fewer";
	default:
		return "";
	}
}

/* Compute cells, best values and natural column widths. */
static void
cmd_show_layout(struct show_layout *l, int term_width)
{
	const struct result_set	*rs = l->rs;
	const struct test	*t;
	const struct value	*v;
	struct publish_lead	*leads;
	size_t			 i, j, w, natural = 0, total;
	char			*s;

	l->cells = xcalloc(rs->ntests * rs->nsystems + 1, sizeof(*l->cells));
	l->cols = xcalloc(rs->nsystems + 1, sizeof(*l->cols));
	l->best = xcalloc(rs->ntests + 1, sizeof(*l->best));
	leads = xcalloc(rs->ntests + 1, sizeof(*leads));
	publish_leads(rs, PUBLISH_LEAD_ALPHA, leads);
	l->sys_w = xcalloc(rs->nsystems + 1, sizeof(*l->sys_w));
	l->unit_w = 4;
	l->better_w = 6;
	for (j = 0; j < rs->nsystems; j++) {
		s = text_safe_dup(rs->systems[j].identifier);
		l->sys_w[j] = text_term_width(s);
		if (l->sys_w[j] > SHOW_SYS_MAX)
			l->sys_w[j] = SHOW_SYS_MAX;
		free(s);
	}
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		s = cmd_show_label(t);
		if ((w = text_term_width(s)) > natural)
			natural = w;
		free(s);
		s = text_safe_dup(t->unit);
		if ((w = text_term_width(s)) > l->unit_w)
			l->unit_w = w;
		free(s);
		if ((w = text_term_width(cmd_show_better(t, l->utf8))) > l->better_w)
			l->better_w = w;
		l->best[i] = SIZE_MAX;
		for (j = 0; j < rs->nsystems; j++) {
			v = test_find_value(t, j);
			cmd_show_cell(v, &l->cells[i * rs->nsystems + j]);
			cmd_show_align_add(&l->cols[j],
			    &l->cells[i * rs->nsystems + j]);
		}
		/* The review page's rule: only a significant lead is marked. */
		if (leads[i].kind == PUBLISH_LEAD_WON)
			l->best[i] = t->values[leads[i].top].system;
	}
	free(leads);
	if (l->unit_w > 12)
		l->unit_w = 12;
	/* "*" marks the best: one more column after the aligned cells. */
	for (j = 0; j < rs->nsystems; j++)
		if ((w = cmd_show_align_width(&l->cols[j], l->utf8) + 1) >
		    l->sys_w[j])
			l->sys_w[j] = w;
	/* The label takes all the width the other columns leave. */
	for (total = l->unit_w + l->better_w + 4, j = 0; j < rs->nsystems; j++)
		total += 2 + l->sys_w[j];
	w = (size_t)term_width > total + SHOW_LABEL_MIN ?
	    (size_t)term_width - total : SHOW_LABEL_MIN;
	l->label_natural = natural;
	l->label_w = natural < w ? natural : w;
}

/*
 * True when cutting every label to width still tells the tests apart:
 * "Flexible IO Tester: Type: Random Read -..." twice would not.
 */
static bool
cmd_show_labels_distinct(const struct result_set *rs, size_t width)
{
	GHashTable	*seen;
	const char	*prev;
	char		*full, *fit;
	size_t		 i;
	bool		 distinct = true;

	seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
	for (i = 0; i < rs->ntests && distinct; i++) {
		full = cmd_show_label(&rs->tests[i]);
		fit = text_term_fit(full, width);
		prev = g_hash_table_lookup(seen, fit);
		if (prev != NULL && strcmp(prev, full) != 0)
			distinct = false;
		/* The table now owns both strings. */
		g_hash_table_replace(seen, g_strdup(fit), g_strdup(full));
		free(fit);
		free(full);
	}
	g_hash_table_destroy(seen);
	return distinct;
}

/* Print the table: one row per test, one column per system. */
static void
cmd_show_table(const struct show_layout *l)
{
	const struct result_set	*rs = l->rs;
	const struct test	*t;
	size_t			 i, j;
	char			*s, *cell;
	bool			 best;

	if (l->color)
		fputs(SHOW_BOLD, stdout);
	text_term_cell(stdout, "TEST", l->label_w, false);
	fputs("  ", stdout);
	text_term_cell(stdout, "UNIT", l->unit_w, false);
	fputs("  ", stdout);
	text_term_cell(stdout, "BETTER", l->better_w, false);
	for (j = 0; j < rs->nsystems; j++) {
		fputs("  ", stdout);
		text_term_cell(stdout, rs->systems[j].identifier, l->sys_w[j], true);
	}
	if (l->color)
		fputs(SHOW_RESET, stdout);
	putchar('\n');
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		s = cmd_show_label(t);
		text_term_cell(stdout, s, l->label_w, false);
		free(s);
		fputs("  ", stdout);
		text_term_cell(stdout, t->unit != NULL ? t->unit : "", l->unit_w,
		    false);
		fputs("  ", stdout);
		text_term_cell(stdout, cmd_show_better(t, l->utf8), l->better_w,
		    false);
		for (j = 0; j < rs->nsystems; j++) {
			fputs("  ", stdout);
			best = l->best[i] == j;
			cell = cmd_show_fmt(&l->cells[i * rs->nsystems + j],
			    &l->cols[j], l->utf8);
			s = xasprintf("%s%s", cell, best ? "*" : " ");
			if (l->color && best)
				fputs(SHOW_BEST, stdout);
			text_term_cell(stdout, s, l->sys_w[j], true);
			if (l->color && best)
				fputs(SHOW_RESET, stdout);
			free(s);
			free(cell);
		}
		putchar('\n');
	}
}

/*
 * Transposed layout for sets with more systems than fit side by side:
 * one block per test, one line per system, so no label is abbreviated.
 */
static void
cmd_show_blocks(const struct show_layout *l, int term_width)
{
	const struct result_set	*rs = l->rs;
	const struct test	*t;
	const struct show_cell	*c;
	struct show_align	 a;
	const char		*better;
	size_t			 i, j, name_w = 4, cell_w, w, nw;
	char			*s;
	bool			 best;

	for (j = 0; j < rs->nsystems; j++) {
		s = text_safe_dup(rs->systems[j].identifier);
		if ((w = text_term_width(s)) > name_w)
			name_w = w;
		free(s);
	}
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
		/* Each test's values line up on their points. */
		memset(&a, 0, sizeof(a));
		for (j = 0; j < rs->nsystems; j++)
			cmd_show_align_add(&a, &l->cells[i * rs->nsystems + j]);
		cell_w = cmd_show_align_width(&a, l->utf8);
		nw = name_w + cell_w + 6 > (size_t)term_width ?
		    ((size_t)term_width > cell_w + 6 + 8 ?
		    (size_t)term_width - cell_w - 6 : 8) : name_w;
		s = cmd_show_label(t);
		putchar('\n');
		if (l->color)
			fputs(SHOW_BOLD, stdout);
		text_term_wrap(stdout, s, (size_t)term_width, 2);
		if (l->color)
			fputs(SHOW_RESET, stdout);
		free(s);
		fputs("  ", stdout);
		text_safe_fputs(t->unit != NULL && *t->unit != '\0' ? t->unit :
		    "(no unit)", stdout);
		better = cmd_show_better(t, l->utf8);
		if (*better != '\0')
			printf(", %s is better", better);
		putchar('\n');
		for (j = 0; j < rs->nsystems; j++) {
			c = &l->cells[i * rs->nsystems + j];
			if (c->text != NULL && *c->text == '\0')
				continue;
			best = l->best[i] == j;
			fputs("  ", stdout);
			text_term_cell(stdout, rs->systems[j].identifier, nw,
			    false);
			fputs("  ", stdout);
			if (l->color && best)
				fputs(SHOW_BEST, stdout);
			s = cmd_show_fmt(c, &a, l->utf8);
			text_term_cell(stdout, s, cell_w, true);
			free(s);
			if (l->color && best)
				fputs(SHOW_RESET, stdout);
			fputs(best ? " *\n" : "\n", stdout);
		}
	}
}

/* "labels: commit=3f2a9c1, branch=main" when set id has labels. */
static void
cmd_show_labels(struct cmd_ctx *ctx, long long id)
{
	struct kv_list	 l = { NULL, 0, 0 };
	struct strbuf	 sb;
	struct diag	 d;
	size_t		 i;

	diag_clear(&d);
	if (store_labels_get(ctx->store, id, &l, &d) == -1)
		cmd_error(ctx, &d);
	strbuf_init(&sb);
	for (i = 0; i < l.len; i++)
		strbuf_printf(&sb, "%s%s=%s", i > 0 ? ", " : "labels: ",
		    l.items[i].key, l.items[i].value);
	if (l.len > 0)
		text_term_wrap(stdout, strbuf_str(&sb), (size_t)ctx->term_width, 2);
	strbuf_free(&sb);
	kv_list_free(&l);
}

static int
cmd_show_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct show_layout	 l;
	struct result_set	*rs = NULL;
	long long		 id;
	const char		*f;
	char			*head;
	size_t			 i, used;
	int			 rc;

	if ((rc = cmd_load_arg(ctx, args->argv[0], &rs, &id)) != EXIT_OK)
		return rc;
	if (cmd_args_has(args, "warnings")) {
		cmd_show_warnings(rs);
		result_set_free(rs);
		return EXIT_OK;
	}
	/* For scripts: the set as `export -f json` writes it. */
	if ((f = cmd_args_get(args, "format")) != NULL &&
	    strcmp(f, "json") == 0) {
		struct diag	d;

		diag_clear(&d);
		if (export_find("json")->write(rs, stdout, &d) == -1) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
		}
		result_set_free(rs);
		return rc;
	}

	memset(&l, 0, sizeof(l));
	l.rs = rs;
	l.color = ctx->color;
	l.utf8 = text_term_utf8();
	head = xasprintf("ID %lld, %s, %s", id, rs->format != NULL ?
	    rs->format : "?", rs->source_path != NULL ? rs->source_path :
	    "(no file)");
	if (l.color)
		fputs(SHOW_BOLD, stdout);
	text_term_wrap(stdout, rs->title != NULL && *rs->title != '\0' ?
	    rs->title : "(untitled)", (size_t)ctx->term_width, 2);
	if (l.color)
		fputs(SHOW_RESET, stdout);
	text_term_wrap(stdout, head, (size_t)ctx->term_width, 2);
	free(head);
	cmd_show_labels(ctx, id);
	/* One system is the best of nothing: no "*", so no legend for it. */
	head = xasprintf("%zu system%s, %zu test%s. %s more is better, %s "
	    "fewer is better%s", rs->nsystems, rs->nsystems == 1 ? "" :
	    "s", rs->ntests, rs->ntests == 1 ? "" : "s",
	    l.utf8 ? "\xe2\x86\x91" : "^", l.utf8 ? "\xe2\x86\x93" : "v",
	    rs->nsystems > 1 ? ", * significant lead." : ".");
	text_term_wrap(stdout, head, (size_t)ctx->term_width, 0);
	free(head);
	if (rs->ntests == 0 || rs->nsystems == 0) {
		printf("\nno results\n");
		goto out;
	}
	cmd_show_layout(&l, ctx->term_width);
	for (used = l.label_w + 2 + l.unit_w + 2 + l.better_w, i = 0; i < rs->nsystems; i++)
		used += 2 + l.sys_w[i];
	/*
	 * Transpose when the systems do not fit side by side, or only by
	 * cutting the test labels too short to tell the tests apart.
	 */
	if (used > (size_t)ctx->term_width ||
	    l.label_w < (l.label_natural < SHOW_LABEL_KEEP ? l.label_natural :
	    SHOW_LABEL_KEEP) ||
	    (l.label_w < l.label_natural &&
	    !cmd_show_labels_distinct(rs, l.label_w))) {
		cmd_show_blocks(&l, ctx->term_width);
		goto out;
	}
	putchar('\n');
	cmd_show_table(&l);
out:
	if (l.cells != NULL)
		for (i = 0; i < rs->ntests * rs->nsystems; i++)
			free(l.cells[i].text);
	free(l.cells);
	free(l.cols);
	free(l.best);
	free(l.sys_w);
	result_set_free(rs);
	return EXIT_OK;
}
