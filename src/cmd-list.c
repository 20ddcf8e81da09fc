/* SPDX-License-Identifier: ISC */
/*
 * benchreport list: the stored result sets, oldest first, as a table
 * fitted to the terminal, as TSV, or as JSON for scripts.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <unistd.h>

#include <json-c/json.h>

#include "cmd-resolve.h"
#include "strbuf.h"
#include "text-json.h"
#include "text-term.h"
#include "text-safe.h"

enum list_format {
	LIST_TEXT, LIST_TSV, LIST_JSON
};

struct list_state {
	struct cmd_ctx		*ctx;
	enum list_format	 format;
	struct json_object	*array;		/* LIST_JSON */
	size_t			 title_width;	/* LIST_TEXT */
	long			 count;
	long			 limit;		/* -1: all */
	long			 offset;
	const char		*title;		/* --title: only these */
	long			 matched;	/* sets that matched --title */
	struct kv_list		 labels;	/* of the row at hand */
};

static int	 cmd_list_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_list_row(const struct store_summary *, void *);
static bool	 cmd_list_has(const char *, const char *);

/* In enum list_format's order. */
CMD_CHOICES(cmd_list_format, "text", "tsv", "json")

static const struct cmd_option cmd_list_options[] = {
	{ "format", 'f', "FMT", "text (default), tsv or json", 0, cmd_list_format },
	{ "limit", 0, "N", "at most N sets", 0, NULL },
	{ "offset", 0, "N", "skip the N oldest sets first", 0, NULL },
	{ "title", 0, "TEXT", "only the sets whose title holds TEXT (any case)", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_list_entry = {
	.name = "list",
	.alias = "ls",
	.operands = "",
	.summary = "list the stored result sets",
	.options = cmd_list_options,
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_list_exec
};

/* Fixed columns of the text table: ID, FORMAT, SYS, TESTS, RESULTS, IMPORTED. */
#define LIST_FIXED	(4 + 1 + 10 + 1 + 3 + 1 + 5 + 1 + 7 + 1 + 16 + 1)

/* Whether hay holds needle, ASCII letters in any case. */
static bool
cmd_list_has(const char *hay, const char *needle)
{
	size_t	n = strlen(needle), i;

	if (hay == NULL)
		return false;
	for (; *hay != '\0'; hay++) {
		for (i = 0; i < n && hay[i] != '\0' &&
		    tolower((unsigned char)hay[i]) ==
		    tolower((unsigned char)needle[i]); i++)
			;
		if (i == n)
			return true;
	}
	return n == 0;
}

static int
cmd_list_row(const struct store_summary *s, void *arg)
{
	struct list_state	*ls = arg;
	struct json_object	*o, *lo;
	struct strbuf		 sb;
	struct diag		 d;
	char			*t;
	size_t			 i;

	/* --title: the store gives every set; offset and limit count matches. */
	if (ls->title != NULL) {
		if (!cmd_list_has(s->title, ls->title))
			return 0;
		if (ls->matched++ < ls->offset || (ls->limit >= 0 &&
		    ls->count >= ls->limit))
			return 0;
	}
	ls->count++;
	kv_list_free(&ls->labels);
	diag_clear(&d);
	if (store_labels_get(ls->ctx->store, s->id, &ls->labels, &d) == -1) {
		cmd_error(ls->ctx, &d);
		return -1;
	}
	switch (ls->format) {
	case LIST_JSON:
		o = json_object_new_object();
		json_object_object_add(o, "id", json_object_new_int64(s->id));
		json_object_object_add(o, "title", text_json_string(s->title));
		json_object_object_add(o, "format", text_json_string(s->format));
		json_object_object_add(o, "source", text_json_string(s->source_path));
		json_object_object_add(o, "imported_at", text_json_string(s->imported_at));
		json_object_object_add(o, "systems",
		    json_object_new_int64(s->nsystems));
		json_object_object_add(o, "tests",
		    json_object_new_int64(s->ntests));
		json_object_object_add(o, "results",
		    json_object_new_int64(s->nvalues));
		lo = json_object_new_object();
		for (i = 0; i < ls->labels.len; i++)
			json_object_object_add(lo, ls->labels.items[i].key,
			    text_json_string(ls->labels.items[i].value));
		json_object_object_add(o, "labels", lo);
		json_object_array_add(ls->array, o);
		break;
	case LIST_TSV:
		/* Tabs and newlines in a title would break the row: neutralised. */
		printf("%lld\t", (long long)s->id);
		text_safe_fputs(s->format, stdout);
		printf("\t%ld\t%ld\t%ld\t", s->nsystems, s->ntests, s->nvalues);
		text_safe_fputs(s->imported_at, stdout);
		putchar('\t');
		text_safe_fputs(s->title, stdout);
		putchar('\t');
		text_safe_fputs(s->source_path, stdout);
		putchar('\t');
		for (i = 0; i < ls->labels.len; i++) {
			if (i > 0)
				putchar(',');
			text_safe_fputs(ls->labels.items[i].key, stdout);
			putchar('=');
			text_safe_fputs(ls->labels.items[i].value, stdout);
		}
		putchar('\n');
		break;
	case LIST_TEXT:
		printf("%4lld ", (long long)s->id);
		text_term_cell(stdout, s->format != NULL ? s->format : "", 10, false);
		printf(" %3ld %5ld %7ld ", s->nsystems, s->ntests, s->nvalues);
		/* Minutes are enough to tell imports apart on screen. */
		printf("%-16.16s ", s->imported_at != NULL ? s->imported_at : "");
		strbuf_init(&sb);
		strbuf_adds(&sb, s->title != NULL && *s->title != '\0' ?
		    s->title : s->source_path != NULL ? s->source_path : "");
		for (i = 0; i < ls->labels.len; i++)
			strbuf_printf(&sb, "%s%s=%s%s", i > 0 ? ", " : " [",
			    ls->labels.items[i].key, ls->labels.items[i].value,
			    i + 1 == ls->labels.len ? "]" : "");
		t = text_term_fit(strbuf_str(&sb), ls->title_width);
		strbuf_free(&sb);
		fputs(t, stdout);
		free(t);
		putchar('\n');
		break;
	}
	return 0;
}

static int
cmd_list_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct list_state	 ls;
	struct store		*st = ctx->store;
	struct diag		 d;
	const char		*v;
	int			 rc = EXIT_OK;

	memset(&ls, 0, sizeof(ls));
	ls.ctx = ctx;
	ls.limit = -1;
	if (cmd_args_has(args, "format"))
		ls.format = (enum list_format)cmd_choice_index(cmd_list_format,
		    cmd_args_get(args, "format"));
	if ((v = cmd_args_get(args, "limit")) != NULL &&
	    cmd_parse_count(v, &ls.limit) == -1)
		return cmd_usage(&cmd_list_entry, "--limit must be a count");
	if ((v = cmd_args_get(args, "offset")) != NULL &&
	    cmd_parse_count(v, &ls.offset) == -1)
		return cmd_usage(&cmd_list_entry, "--offset must be a count");
	/*
	 * On a terminal (or with COLUMNS set) the title takes what the fixed
	 * columns leave, down to a stub; into a pipe or a file it is whole,
	 * so that `list | grep` finds what the title says.
	 */
	if (!isatty(STDOUT_FILENO) && getenv("COLUMNS") == NULL)
		ls.title_width = SIZE_MAX;
	else
		ls.title_width = ctx->term_width > LIST_FIXED + 5 ?
		    (size_t)ctx->term_width - LIST_FIXED : 5;
	if (ls.format == LIST_TEXT)
		printf("%4s %-10s %3s %5s %7s %-16s %s\n", "ID", "FORMAT", "SYS",
		    "TESTS", "RESULTS", "IMPORTED (UTC)", "TITLE");
	if (ls.format == LIST_JSON)
		ls.array = json_object_new_array();
	ls.title = cmd_args_get(args, "title");
	diag_clear(&d);
	if (store_list_range(st, ls.title != NULL ? -1 : ls.limit,
	    ls.title != NULL ? 0 : ls.offset, cmd_list_row, &ls, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
	} else if (ls.format == LIST_JSON && ls.count == 0)
		printf("[]\n");
	else if (ls.format == LIST_JSON &&
	    text_json_print(ls.array, stdout, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
	}
	json_object_put(ls.array);
	kv_list_free(&ls.labels);
	return rc;
}
