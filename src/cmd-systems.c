/* SPDX-License-Identifier: ISC */
/*
 * benchreport systems ID|FILE: each system of a result set with its raw
 * fields, notes and normalised facts, in source order. Selection and
 * provenance options extend struct systems_opts and the section printers;
 * nothing here interprets the fields.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-resolve.h"
#include "query-print.h"
#include "termtext.h"
#include "textsafe.h"
#include "xalloc.h"

struct systems_opts {
	bool	meta;		/* --meta: run metadata (User, TimeStamp...) too */
	bool	provenance;	/* --provenance: where each fact came from */
	bool	all;		/* --all: systems of every result set */
	struct query_where where;	/* --where KEY=VALUE,... */
	struct str_list	terms;	/* --test WORD: results of matching tests */
};

static int	 cmd_systems_exec(struct cmd_ctx *, int, char **);
static void	 cmd_systems_kv(const char *, const struct kv_list *);
static void	 cmd_systems_facts(const struct fact_list *, bool);
static int	 cmd_systems_all(struct cmd_ctx *, const struct systems_opts *);
static void	 cmd_systems_print(const struct system *, size_t,
		    const struct systems_opts *);

const struct cmd_entry cmd_systems_entry = {
	.name = "systems",
	.alias = NULL,
	.usage = "[--db PATH] [--meta] [--provenance] ID|FILE | --all "
	    "[--provenance] [--where KEY=VALUE,...] [--test WORD]...",
	.summary = "show the systems of a result set with their fields and notes",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_systems_exec
};

static const char cmd_systems_options[] =
	"  --db PATH    results database\n"
	"  -m, --meta   also show run metadata (user, time stamp, client)\n"
	"  -p, --provenance  show where each normalised fact came from\n"
	"  -a, --all    systems of every stored result set, one line each\n"
	"  -w, --where KEY=VALUE,...  with --all: only systems with these facts\n"
	"  -t, --test WORD  with --all: their results in tests matching every WORD\n"
	"  -h, --help   show this help\n";

/* One section: a heading (or none) and aligned "key: value" lines. */
static void
cmd_systems_kv(const char *heading, const struct kv_list *l)
{
	size_t	i, w, kw = 0;
	char	*k;

	if (l->len == 0)
		return;
	for (i = 0; i < l->len; i++)
		if ((w = termtext_width(l->items[i].key)) > kw)
			kw = w;
	if (kw > 24)
		kw = 24;
	if (heading != NULL)
		printf("  %s:\n", heading);
	for (i = 0; i < l->len; i++) {
		fputs(heading != NULL ? "    " : "  ", stdout);
		k = xasprintf("%s:", l->items[i].key);
		termtext_cell(stdout, k, kw + 1, false);
		free(k);
		putchar(' ');
		textsafe_fputs(l->items[i].value, stdout);
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
		termtext_cell(stdout, l->items[i].key, 18, false);
		putchar(' ');
		textsafe_fputs(l->items[i].value, stdout);
		if (provenance && l->items[i].source != NULL) {
			fputs("  (", stdout);
			textsafe_fputs(l->items[i].source, stdout);
			putchar(')');
		}
		putchar('\n');
	}
}

/* --all: one line per matching system, or per result with --test. */
static int
cmd_systems_all(struct cmd_ctx *ctx, const struct systems_opts *o)
{
	struct store	*st = NULL;
	struct diag	 d;
	long		 n;
	int		 rc;

	if ((rc = cmd_resolve_open(ctx, &st)) != EXIT_OK)
		return rc;
	diag_clear(&d);
	n = o->terms.len > 0 ?
	    query_print_results(stdout, st, &o->where, &o->terms, &d) :
	    query_print_systems(stdout, st, &o->where, o->provenance, &d);
	if (n < 0) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
	}
	store_close(st);
	return rc;
}

static void
cmd_systems_print(const struct system *s, size_t idx,
    const struct systems_opts *o)
{
	printf("%s%zu: ", idx > 0 ? "\n" : "", idx + 1);
	textsafe_fputs(s->identifier, stdout);
	putchar('\n');
	cmd_systems_kv(NULL, &s->fields);
	cmd_systems_kv("notes", &s->notes);
	if (s->notes_text != NULL && *s->notes_text != '\0') {
		printf("  notes text: ");
		textsafe_fputs(s->notes_text, stdout);
		putchar('\n');
	}
	if (o->meta)
		cmd_systems_kv("run", &s->meta);
	cmd_systems_facts(&s->normalized, o->provenance);
}

static int
cmd_systems_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "all",	no_argument,		NULL, 'a' },
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "help",	no_argument,		NULL, 'h' },
		{ "meta",	no_argument,		NULL, 'm' },
		{ "provenance",	no_argument,		NULL, 'p' },
		{ "test",	required_argument,	NULL, 't' },
		{ "where",	required_argument,	NULL, 'w' },
		{ NULL,		0,			NULL, 0 }
	};
	struct systems_opts	 o;
	struct result_set	*rs = NULL;
	struct diag		 d;
	long long		 id;
	size_t			 i;
	int			 ch, rc;

	memset(&o, 0, sizeof(o));
	while ((ch = getopt_long(argc, argv, "ahmpt:w:", longopts, NULL)) != -1) {
		switch (ch) {
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'h':
			rc = cmd_help(&cmd_systems_entry, cmd_systems_options);
			goto out;
		case 'm':
			o.meta = true;
			break;
		case 'a':
			o.all = true;
			break;
		case 'p':
			o.provenance = true;
			break;
		case 't':
			str_list_add(&o.terms, optarg);
			break;
		case 'w':
			diag_clear(&d);
			if (query_where_parse(optarg, &o.where, &d) == -1) {
				rc = cmd_usage(&cmd_systems_entry, d.msg);
				goto out;
			}
			break;
		default:
			rc = cmd_usage(&cmd_systems_entry, NULL);
			goto out;
		}
	}
	if (o.all) {
		if (argc != optind)
			rc = cmd_usage(&cmd_systems_entry,
			    "can't combine --all and an ID or FILE");
		else if (o.meta)
			rc = cmd_usage(&cmd_systems_entry, "can't combine --all and --meta");
		else
			rc = cmd_systems_all(ctx, &o);
		goto out;
	}
	if (o.where.len > 0 || o.terms.len > 0) {
		rc = cmd_usage(&cmd_systems_entry, "--where and --test need --all");
		goto out;
	}
	if (argc - optind != 1) {
		rc = cmd_usage(&cmd_systems_entry, "one ID or FILE expected");
		goto out;
	}
	if ((rc = cmd_load_arg(ctx, argv[optind], &rs, &id)) != EXIT_OK)
		goto out;
	for (i = 0; i < rs->nsystems; i++)
		cmd_systems_print(&rs->systems[i], i, &o);
	result_set_free(rs);
out:
	query_where_free(&o.where);
	str_list_free(&o.terms);
	return rc;
}
