/* SPDX-License-Identifier: ISC */
/*
 * benchreport systems ID|FILE: each system of a result set with its raw
 * fields, notes and normalised facts, in source order. Selection and
 * provenance options extend struct systems_opts and the section printers;
 * nothing here interprets the fields.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "cmd-resolve.h"
#include "query-print.h"
#include "text-json.h"
#include "text-term.h"
#include "text-safe.h"
#include "xalloc.h"

struct systems_opts {
	bool	meta;		/* --meta: run metadata (User, TimeStamp...) too */
	bool	provenance;	/* --provenance: where each fact came from */
	bool	all;		/* --all: systems of every result set */
	struct query_where where;	/* --where KEY=VALUE,... */
	struct str_list	terms;	/* --test WORD: results of matching tests */
	bool	json;		/* --format json */
};

static int	 cmd_systems_exec(struct cmd_ctx *, const struct cmd_args *);
static void	 cmd_systems_kv(const char *, const struct kv_list *);
static void	 cmd_systems_facts(const struct fact_list *, bool);
static int	 cmd_systems_all(struct cmd_ctx *, const struct systems_opts *);
static void	 cmd_systems_print(const struct system *, size_t,
		    const struct systems_opts *);
static struct json_object *cmd_systems_json(const struct system *, size_t);
static struct json_object *cmd_systems_json_kv(const struct kv_list *);

CMD_CHOICES(cmd_systems_format, "text", "json")

static const struct cmd_option cmd_systems_options[] = {
	{ "meta", 'm', NULL, "also show run metadata (user, time stamp, client)", 0, NULL },
	{ "provenance", 'p', NULL, "show where each normalised fact came from", 0, NULL },
	{ "all", 'a', NULL, "systems of every stored result set, one line each", 0, NULL },
	{ "where", 'w', "KEY=VALUE,...", "with --all: only systems with these facts",
	    CMD_OPT_REPEAT, NULL },
	{ "test", 't', "WORD", "with --all: their results in tests matching every WORD",
	    CMD_OPT_REPEAT, NULL },
	{ "format", 'f', "FMT", "text (default) or json (not with --all)", 0,
	    cmd_systems_format },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_systems_entry = {
	.name = "systems",
	.operands = "ID|FILE",
	.max_operands = 1,
	.summary = "show the systems of a result set with their fields and notes",
	.options = cmd_systems_options,
	.help_extra = "With --all no ID or FILE is given.\n",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_systems_exec
};

/* One section: a heading (or none) and aligned "key: value" lines. */
static void
cmd_systems_kv(const char *heading, const struct kv_list *l)
{
	size_t	i, w, kw = 0;
	char	*k;

	if (l->len == 0)
		return;
	for (i = 0; i < l->len; i++)
		if ((w = text_term_width(l->items[i].key)) > kw)
			kw = w;
	if (kw > 24)
		kw = 24;
	if (heading != NULL)
		printf("  %s:\n", heading);
	for (i = 0; i < l->len; i++) {
		fputs(heading != NULL ? "    " : "  ", stdout);
		k = xasprintf("%s:", l->items[i].key);
		text_term_cell(stdout, k, kw + 1, false);
		free(k);
		putchar(' ');
		text_safe_fputs(l->items[i].value, stdout);
		putchar('\n');
	}
}

static void
cmd_systems_facts(const struct fact_list *l, bool provenance)
{
	size_t	i;

	if (l->len == 0)
		return;
	printf("  normalised:\n");
	for (i = 0; i < l->len; i++) {
		fputs("    ", stdout);
		text_term_cell(stdout, l->items[i].key, 18, false);
		putchar(' ');
		text_safe_fputs(l->items[i].value, stdout);
		if (provenance && l->items[i].source != NULL) {
			fputs("  (", stdout);
			text_safe_fputs(l->items[i].source, stdout);
			putchar(')');
		}
		putchar('\n');
	}
}

/* --all: one line per matching system, or per result with --test. */
static int
cmd_systems_all(struct cmd_ctx *ctx, const struct systems_opts *o)
{
	struct store	*st = ctx->store;
	struct diag	 d;
	long		 n;
	int		 rc = EXIT_OK;

	diag_clear(&d);
	n = o->terms.len > 0 ?
	    query_print_results(stdout, st, &o->where, &o->terms, &d) :
	    query_print_systems(stdout, st, &o->where, o->provenance, &d);
	if (n < 0) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
	}
	return rc;
}

static void
cmd_systems_print(const struct system *s, size_t idx,
    const struct systems_opts *o)
{
	printf("%s%zu: ", idx > 0 ? "\n" : "", idx + 1);
	text_safe_fputs(s->identifier, stdout);
	putchar('\n');
	cmd_systems_kv(NULL, &s->fields);
	cmd_systems_kv("notes", &s->notes);
	if (s->notes_text != NULL && *s->notes_text != '\0') {
		printf("  notes text: ");
		text_safe_fputs(s->notes_text, stdout);
		putchar('\n');
	}
	if (o->meta)
		cmd_systems_kv("run", &s->meta);
	cmd_systems_facts(&s->normalized, o->provenance);
}

/* A key-value list as a JSON object, in its order. */
static struct json_object *
cmd_systems_json_kv(const struct kv_list *l)
{
	struct json_object	*o = json_object_new_object();
	size_t			 i;

	for (i = 0; i < l->len; i++)
		json_object_object_add(o, l->items[i].key, l->items[i].value !=
		    NULL ? json_object_new_string(l->items[i].value) : NULL);
	return o;
}

/*
 * One system: {"index", "identifier", "fields", "notes", "notes_text",
 * "meta", "facts": [{"key", "value", "source"}]}; what is not known is
 * null or empty.
 */
static struct json_object *
cmd_systems_json(const struct system *s, size_t idx)
{
	struct json_object	*o, *facts, *f;
	const struct fact	*x;
	size_t			 i;

	o = json_object_new_object();
	json_object_object_add(o, "index", json_object_new_int64((int64_t)idx + 1));
	json_object_object_add(o, "identifier", s->identifier != NULL ?
	    json_object_new_string(s->identifier) : NULL);
	json_object_object_add(o, "fields", cmd_systems_json_kv(&s->fields));
	json_object_object_add(o, "notes", cmd_systems_json_kv(&s->notes));
	json_object_object_add(o, "notes_text", s->notes_text != NULL ?
	    json_object_new_string(s->notes_text) : NULL);
	json_object_object_add(o, "meta", cmd_systems_json_kv(&s->meta));
	facts = json_object_new_array();
	for (i = 0; i < s->normalized.len; i++) {
		x = &s->normalized.items[i];
		f = json_object_new_object();
		json_object_object_add(f, "key", json_object_new_string(x->key));
		json_object_object_add(f, "value", x->value != NULL ?
		    json_object_new_string(x->value) : NULL);
		json_object_object_add(f, "source", x->source != NULL ?
		    json_object_new_string(x->source) : NULL);
		json_object_array_add(facts, f);
	}
	json_object_object_add(o, "facts", facts);
	return o;
}

static int
cmd_systems_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct systems_opts	 o;
	struct result_set	*rs = NULL;
	struct diag		 d;
	const char		*v;
	long long		 id;
	size_t			 i;
	int			 rc = EXIT_OK;

	memset(&o, 0, sizeof(o));
	o.meta = cmd_args_has(args, "meta");
	o.all = cmd_args_has(args, "all");
	o.provenance = cmd_args_has(args, "provenance");
	o.json = (v = cmd_args_get(args, "format")) != NULL &&
	    strcmp(v, "json") == 0;
	for (i = 0; (v = cmd_args_value(args, "test", i)) != NULL; i++)
		str_list_add(&o.terms, v);
	for (i = 0; (v = cmd_args_value(args, "where", i)) != NULL; i++) {
		diag_clear(&d);
		if (query_where_parse(v, &o.where, &d) == -1) {
			rc = cmd_usage(&cmd_systems_entry, d.msg);
			goto out;
		}
	}
	if (o.all) {
		if (args->argc != 0)
			rc = cmd_usage(&cmd_systems_entry,
			    "can't combine --all and an ID or FILE");
		else if (o.meta)
			rc = cmd_usage(&cmd_systems_entry, "can't combine --all and --meta");
		else if (o.json)
			rc = cmd_usage(&cmd_systems_entry,
			    "can't combine --all and --format json");
		else
			rc = cmd_systems_all(ctx, &o);
		goto out;
	}
	if (o.where.len > 0 || o.terms.len > 0) {
		rc = cmd_usage(&cmd_systems_entry, "--where and --test need --all");
		goto out;
	}
	if (args->argc != 1) {
		rc = cmd_usage(&cmd_systems_entry, "one ID or FILE expected");
		goto out;
	}
	if ((rc = cmd_load_arg(ctx, args->argv[0], &rs, &id)) != EXIT_OK)
		goto out;
	if (o.json) {
		struct json_object	*arr = json_object_new_array();

		for (i = 0; i < rs->nsystems; i++)
			json_object_array_add(arr,
			    cmd_systems_json(&rs->systems[i], i));
		diag_clear(&d);
		if (text_json_print(arr, stdout, &d) == -1) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
		}
		json_object_put(arr);
	} else
		for (i = 0; i < rs->nsystems; i++)
			cmd_systems_print(&rs->systems[i], i, &o);
	result_set_free(rs);
out:
	query_where_free(&o.where);
	str_list_free(&o.terms);
	return rc;
}
