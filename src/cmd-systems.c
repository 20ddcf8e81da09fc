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
#include "termtext.h"
#include "textsafe.h"
#include "xalloc.h"

struct systems_opts {
	bool	meta;		/* --meta: run metadata (User, TimeStamp...) too */
};

static int	 cmd_systems_exec(struct cmd_ctx *, int, char **);
static void	 cmd_systems_kv(const char *, const struct kv_list *);
static void	 cmd_systems_facts(const struct fact_list *);
static void	 cmd_systems_print(const struct system *, size_t,
		    const struct systems_opts *);

const struct cmd_entry cmd_systems_entry = {
	.name = "systems",
	.alias = NULL,
	.usage = "[--db PATH] [--meta] ID|FILE",
	.summary = "show the systems of a result set with their fields and notes",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_systems_exec
};

static const char cmd_systems_options[] =
	"  --db PATH    results database\n"
	"  -m, --meta   also show run metadata (user, time stamp, client)\n"
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
cmd_systems_facts(const struct fact_list *l)
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
		putchar('\n');
	}
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
	cmd_systems_facts(&s->normalized);
}

static int
cmd_systems_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "help",	no_argument,		NULL, 'h' },
		{ "meta",	no_argument,		NULL, 'm' },
		{ NULL,		0,			NULL, 0 }
	};
	struct systems_opts	 o;
	struct result_set	*rs = NULL;
	long long		 id;
	size_t			 i;
	int			 ch, rc;

	memset(&o, 0, sizeof(o));
	while ((ch = getopt_long(argc, argv, "hm", longopts, NULL)) != -1) {
		switch (ch) {
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'h':
			return cmd_help(&cmd_systems_entry, cmd_systems_options);
		case 'm':
			o.meta = true;
			break;
		default:
			return cmd_usage(&cmd_systems_entry, NULL);
		}
	}
	if (argc - optind != 1)
		return cmd_usage(&cmd_systems_entry, "one ID or FILE expected");
	if ((rc = cmd_load_arg(ctx, argv[optind], &rs, &id)) != EXIT_OK)
		return rc;
	for (i = 0; i < rs->nsystems; i++)
		cmd_systems_print(&rs->systems[i], i, &o);
	result_set_free(rs);
	return EXIT_OK;
}
