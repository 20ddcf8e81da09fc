/* SPDX-License-Identifier: ISC */
/*
 * benchreport show ID|FILE: a terminal table, one row per test and one
 * column per system, with value ± SE, unit and which direction is better.
 * Columns are fitted to the terminal: long labels are abbreviated and,
 * when the systems do not fit side by side (or labels would be cut too
 * short to tell tests apart), the table is transposed into one block per
 * test with one line per system. Colour only adds emphasis: the best
 * value also carries a "*".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cmd-resolve.h"
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

struct show_layout {
	const struct result_set	*rs;
	bool			 color, utf8;
	char			**cells;	/* ntests x nsystems, "" when absent */
	size_t			*best;		/* per test: best system, or SIZE_MAX */
	size_t			 label_w, unit_w, better_w;
	size_t			 label_natural;	/* widest label */
	size_t			*sys_w;		/* per system */
};

static int	 cmd_show_exec(struct cmd_ctx *, const struct cmd_args *);
static void	 cmd_show_num(double, char *, size_t);
static char	*cmd_show_cell(const struct value *, bool);
static char	*cmd_show_label(const struct test *);
static const char *cmd_show_better(const struct test *, bool);
static void	 cmd_show_layout(struct show_layout *, int);
static bool	 cmd_show_labels_distinct(const struct result_set *, size_t);
static void	 cmd_show_table(const struct show_layout *);
static void	 cmd_show_blocks(const struct show_layout *, int);

const struct cmd_entry cmd_show_entry = {
	.name = "show",
	.operands = "ID|FILE",
	.min_operands = 1,
	.max_operands = 1,
	.summary = "show a result set as a table of tests by systems",
	.help_extra = "The table fits the terminal width (COLUMNS overrides it). Colour is\n"
	    "used on a terminal unless NO_COLOR is set.\n",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_show_exec
};

/* Display precision: two decimals, more for very small magnitudes. */
static void
cmd_show_num(double v, char *buf, size_t size)
{
	if (v != 0 && fabs(v) < 0.01)
		snprintf(buf, size, "%.3g", v);
	else
		snprintf(buf, size, "%.2f", v);
}

static char *
cmd_show_cell(const struct value *v, bool utf8)
{
	const char	*stated;
	char		 val[64], se[64];

	if (v == NULL)
		return xstrdup("");
	if (!v->has_mean) {
		if (v->nseries > 0)
			return xstrdup("(series)");
		if (v->error != NULL)
			return xstrdup("failed");
		/* Pass/fail and other non-numeric results: the source's word. */
		if (v->value_text != NULL && *v->value_text != '\0')
			return text_term_fit(v->value_text, SHOW_SYS_MAX - 2);
		return xstrdup("-");
	}
	/* The source's own text keeps its precision, when it is one number. */
	if ((stated = value_stated_text(v)) != NULL && strlen(stated) < sizeof(val))
		snprintf(val, sizeof(val), "%s", stated);
	else
		cmd_show_num(v->mean, val, sizeof(val));
	if (!v->has_se || !isfinite(v->se))
		return xstrdup(val);
	cmd_show_num(v->se, se, sizeof(se));
	return xasprintf("%s %s %s", val, utf8 ? "\xc2\xb1" : "+/-", se);
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
	const struct value	*v, *bv;
	size_t			 i, j, w, natural = 0, nnum, total;
	char			*s;

	l->cells = xcalloc(rs->ntests * rs->nsystems + 1, sizeof(*l->cells));
	l->best = xcalloc(rs->ntests + 1, sizeof(*l->best));
	l->sys_w = xcalloc(rs->nsystems + 1, sizeof(*l->sys_w));
	l->unit_w = 4;
	l->better_w = 6;
	for (j = 0; j < rs->nsystems; j++) {
		s = text_safe_dup(rs->systems[j].identifier);
		l->sys_w[j] = text_term_width(s);
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
		bv = NULL;
		nnum = 0;
		for (j = 0; j < rs->nsystems; j++) {
			v = test_find_value(t, j);
			/* "*" marks the best: one more column. */
			s = cmd_show_cell(v, l->utf8);
			l->cells[i * rs->nsystems + j] = s;
			if ((w = text_term_width(s) + 1) > l->sys_w[j])
				l->sys_w[j] = w;
			if (v == NULL || !v->has_mean || !isfinite(v->mean) ||
			    (t->proportion != PROP_HIB && t->proportion != PROP_LIB))
				continue;
			nnum++;
			if (bv == NULL || (t->proportion == PROP_HIB ?
			    v->mean > bv->mean : v->mean < bv->mean)) {
				bv = v;
				l->best[i] = j;
			}
		}
		/* A lone value is not "best" of anything. */
		if (nnum < 2)
			l->best[i] = SIZE_MAX;
	}
	if (l->unit_w > 12)
		l->unit_w = 12;
	for (j = 0; j < rs->nsystems; j++)
		if (l->sys_w[j] > SHOW_SYS_MAX)
			l->sys_w[j] = SHOW_SYS_MAX;
	/* The label takes what is left after one system column, within reason. */
	w = (size_t)term_width > l->unit_w + l->better_w + 4 +
	    (rs->nsystems > 0 ? l->sys_w[0] + 2 : 0) ?
	    (size_t)term_width - l->unit_w - l->better_w - 4 -
	    (rs->nsystems > 0 ? l->sys_w[0] + 2 : 0) : SHOW_LABEL_MIN;
	if (w > (size_t)term_width * 2 / 5 && rs->nsystems > 1)
		w = (size_t)term_width * 2 / 5;
	if (w < SHOW_LABEL_MIN)
		w = SHOW_LABEL_MIN;
	l->label_natural = natural;
	l->label_w = natural < w ? natural : w;
	/* Rather abbreviate labels further than page a few systems. */
	for (total = l->label_w + l->unit_w + l->better_w + 4, j = 0;
	    j < rs->nsystems; j++)
		total += 2 + l->sys_w[j];
	if (total > (size_t)term_width && l->label_w > SHOW_LABEL_MIN)
		l->label_w -= total - (size_t)term_width < l->label_w -
		    SHOW_LABEL_MIN ? total - (size_t)term_width :
		    l->label_w - SHOW_LABEL_MIN;
	if (l->label_w < 4)
		l->label_w = 4;
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
	char			*s;
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
			s = xasprintf("%s%s", l->cells[i * rs->nsystems + j],
			    best ? "*" : " ");
			if (l->color && best)
				fputs(SHOW_BEST, stdout);
			text_term_cell(stdout, s, l->sys_w[j], true);
			if (l->color && best)
				fputs(SHOW_RESET, stdout);
			free(s);
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
	const char		*better;
	size_t			 i, j, name_w = 4, cell_w = 1, w;
	char			*s;
	bool			 best;

	for (j = 0; j < rs->nsystems; j++) {
		s = text_safe_dup(rs->systems[j].identifier);
		if ((w = text_term_width(s)) > name_w)
			name_w = w;
		free(s);
		for (i = 0; i < rs->ntests; i++)
			if ((w = text_term_width(l->cells[i * rs->nsystems + j])) >
			    cell_w)
				cell_w = w;
	}
	if (name_w + cell_w + 6 > (size_t)term_width)
		name_w = (size_t)term_width > cell_w + 6 + 8 ?
		    (size_t)term_width - cell_w - 6 : 8;
	for (i = 0; i < rs->ntests; i++) {
		t = &rs->tests[i];
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
			if (*l->cells[i * rs->nsystems + j] == '\0')
				continue;
			best = l->best[i] == j;
			fputs("  ", stdout);
			text_term_cell(stdout, rs->systems[j].identifier, name_w,
			    false);
			fputs("  ", stdout);
			if (l->color && best)
				fputs(SHOW_BEST, stdout);
			text_term_cell(stdout, l->cells[i * rs->nsystems + j],
			    cell_w, true);
			if (l->color && best)
				fputs(SHOW_RESET, stdout);
			fputs(best ? " *\n" : "\n", stdout);
		}
	}
}

static int
cmd_show_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct show_layout	 l;
	struct result_set	*rs = NULL;
	long long		 id;
	char			*head;
	size_t			 i, used;
	int			 rc;

	if ((rc = cmd_load_arg(ctx, args->argv[0], &rs, &id)) != EXIT_OK)
		return rc;

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
	/* One system is the best of nothing: no "*", so no legend for it. */
	head = xasprintf("%zu system%s, %zu test%s. %s more is better, %s "
	    "fewer is better%s", rs->nsystems, rs->nsystems == 1 ? "" :
	    "s", rs->ntests, rs->ntests == 1 ? "" : "s",
	    l.utf8 ? "\xe2\x86\x91" : "^", l.utf8 ? "\xe2\x86\x93" : "v",
	    rs->nsystems > 1 ? ", * best." : ".");
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
			free(l.cells[i]);
	free(l.cells);
	free(l.best);
	free(l.sys_w);
	result_set_free(rs);
	return EXIT_OK;
}
