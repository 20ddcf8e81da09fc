/* SPDX-License-Identifier: ISC */
/*
 * benchreport import FILE...: detect each file's format from its content,
 * read, normalise and store it, and print one line per file. A bad file is
 * reported and skipped; the others are still imported. With --merge-runs
 * (implied by --system with several files of one format) the files are
 * repeated runs, merged into one stored set, all or nothing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cmd-resolve.h"
#include "format.h"
#include "import-runs.h"
#include "meta.h"
#include "text-safe.h"
#include "xalloc.h"

static int	 cmd_import_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_import_labels(struct cmd_ctx *, const struct cmd_args *,
		    struct kv_list *);
static int	 cmd_import_label_set(struct cmd_ctx *, int64_t,
		    const struct kv_list *);
static int	 cmd_import_runs(struct cmd_ctx *, struct store *, char **, size_t,
		    const struct cmd_import_opts *);
static void	 cmd_import_name_notice(const struct cmd_ctx *,
		    const struct result_set *, const char *,
		    const struct cmd_import_opts *);

static const struct cmd_option cmd_import_options[] = {
	{ "system", 's', "NAME", "name the system, for formats that do not\n"
	    "record one (fio, dd)", 0, NULL },
	{ "systems", 0, "\"A;B;...\"", "the system names, for flattened OpenBenchmarking\n"
	    "text exports whose names run together\n"
	    "(\"Samsung 980 PRO 2TBInland PCIe 5.0 2TB\"): they\n"
	    "must make up the systems table's names run", 0, NULL },
	{ "strict", 0, NULL, "refuse a file with anything ambiguous (a system\n"
	    "name split or a value run the text does not pin)\n"
	    "instead of importing it with warnings", 0, NULL },
	{ "format", 'f', "NAME", "use this reader instead of detecting the format\n"
	    "(see 'benchreport formats')", 0, format_reader_name },
	{ "merge-runs", 0, NULL, "the files are repeated runs of the same tests: store\n"
	    "one set with N runs per value (implied by --system\n"
	    "with several files of one format)", 0, NULL },
	{ "label", 0, "KEY=VALUE", "label the sets (commit=3f2a9c1), for track --by\n"
	    "label:KEY; a stored file gets the label too", CMD_OPT_REPEAT, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.operands = "FILE...",
	.min_operands = 1,
	.max_operands = -1,
	.summary = "read result files and store them",
	.options = cmd_import_options,
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_import_exec
};

/*
 * A dd log names no machine: unless --system or a heading with facts
 * names it, the reader takes the name of the file's directory (of the
 * working directory for a bare file name). Such a system is one with no
 * fields under that name; say which name was chosen and how to set one.
 */
static void
cmd_import_name_notice(const struct cmd_ctx *ctx, const struct result_set *rs,
    const char *path, const struct cmd_import_opts *opts)
{
	char	*dir, *cwd = NULL, *base, *spath, *sbase;
	size_t	 i;

	if (opts->system_name != NULL || rs->format == NULL ||
	    strcmp(rs->format, "dd") != 0)
		return;
	dir = g_path_get_dirname(path);
	if (strcmp(dir, ".") == 0)
		cwd = g_get_current_dir();
	base = g_path_get_basename(cwd != NULL ? cwd : dir);
	for (i = 0; i < rs->nsystems; i++)
		if (rs->systems[i].fields.len == 0 &&
		    strcmp(rs->systems[i].identifier, base) == 0) {
			/* Both come from the file system: neutralised. */
			spath = text_safe_dup(path);
			sbase = text_safe_dup(base);
			msg(ctx, MSG_NORMAL, "%s: %s: dd names no system: its "
			    "results are under \"%s\", the name of the file's "
			    "directory; import with --system NAME to choose "
			    "another", ctx->prog, spath, sbase);
			free(spath);
			free(sbase);
			break;
		}
	g_free(base);
	g_free(cwd);
	g_free(dir);
}

/* Read, merge and store paths as the runs of one result set. */
static int
cmd_import_runs(struct cmd_ctx *ctx, struct store *st, char **paths, size_t n,
    const struct cmd_import_opts *opts)
{
	struct result_set	*rs = NULL;
	struct str_list		 warnings = { NULL, 0, 0 };
	struct read_options	 ro = { .system_name = opts->system_name,
	    .warnings = &warnings, .system_names = opts->system_names,
	    .strict = opts->strict };
	struct diag		 d;
	int64_t			 id;
	size_t			 i, nvalues;
	bool			 already;
	int			 rc = EXIT_OK;

	diag_clear(&d);
	if (import_runs_read(paths, n, opts->format, &ro, &rs, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
		goto out;
	}
	for (i = 0; i < warnings.len; i++)
		msg(ctx, MSG_NORMAL, "%s: warning: %s", ctx->prog, warnings.items[i]);
	cmd_import_name_notice(ctx, rs, paths[0], opts);
	meta_normalize_result_set(rs);
	if (store_import_result_set(st, rs, &id, &already, &d) == -1) {
		cmd_error_input(ctx, paths[0], &d);
		rc = EXIT_STORE;
		goto out;
	}
	if ((rc = cmd_import_label_set(ctx, id, &opts->labels)) != EXIT_OK)
		goto out;
	if (already) {
		printf("%zu runs: already imported as %lld\n", n, (long long)id);
		goto out;
	}
	for (i = 0, nvalues = 0; i < rs->ntests; i++)
		nvalues += rs->tests[i].nvalues;
	printf("%lld\t", (long long)id);
	text_safe_fputs(rs->title != NULL && *rs->title != '\0' ? rs->title :
	    paths[0], stdout);
	printf("\t%zu system%s\t%zu result%s\t%zu files merged as runs\n",
	    rs->nsystems, rs->nsystems == 1 ? "" : "s", nvalues,
	    nvalues == 1 ? "" : "s", n);
out:
	str_list_free(&warnings);
	result_set_free(rs);
	return rc;
}

/*
 * The --label options into l: KEY of letters, digits, '_', '.' and '-',
 * VALUE not empty. EXIT_OK, or EXIT_BADINPUT after saying which is wrong.
 */
static int
cmd_import_labels(struct cmd_ctx *ctx, const struct cmd_args *args,
    struct kv_list *l)
{
	const char	*v, *eq, *p;
	char		*k;
	size_t		 i;

	for (i = 0; (v = cmd_args_value(args, "label", i)) != NULL; i++) {
		eq = strchr(v, '=');
		for (p = v; eq != NULL && p < eq; p++)
			if (!isalnum((unsigned char)*p) && *p != '_' &&
			    *p != '.' && *p != '-')
				break;
		if (eq == NULL || eq == v || p < eq || eq[1] == '\0') {
			cmd_errorx(ctx, "import: --label wants KEY=VALUE (KEY of "
			    "letters, digits, _ . -): %s", v);
			return EXIT_BADINPUT;
		}
		k = xstrndup(v, (size_t)(eq - v));
		kv_list_set(l, k, eq + 1);
		free(k);
	}
	return EXIT_OK;
}

/* Label set id with l; EXIT_OK or EXIT_STORE after printing why. */
static int
cmd_import_label_set(struct cmd_ctx *ctx, int64_t id, const struct kv_list *l)
{
	struct diag	 d;

	diag_clear(&d);
	if (store_labels_set(ctx->store, id, l, &d) == -1) {
		cmd_error(ctx, &d);
		return EXIT_STORE;
	}
	return EXIT_OK;
}

static int
cmd_import_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct cmd_import_opts		 opts = { .system_name = NULL };
	struct import_file_result	 res;
	struct result_set		*rs = NULL;
	struct store			*st = ctx->store;
	char				**argv = args->argv;
	int				 k, one, rc = EXIT_OK;
	int				 argc = args->argc;
	bool				 merge;

	opts.format = cmd_args_get(args, "format");
	opts.system_name = cmd_args_get(args, "system");
	opts.system_names = cmd_args_get(args, "systems");
	opts.strict = cmd_args_has(args, "strict");
	if ((rc = cmd_import_labels(ctx, args, &opts.labels)) != EXIT_OK)
		goto out;
	merge = cmd_args_has(args, "merge-runs");
	/* One system named for several files of one format: its repeated runs. */
	if (merge || (opts.system_name != NULL && argc > 1 &&
	    import_runs_same_format(argv, (size_t)(argc),
	    opts.format))) {
		rc = cmd_import_runs(ctx, st, argv, (size_t)(argc),
		    &opts);
		goto out;
	}
	for (k = 0; k < argc; k++) {
		one = cmd_resolve_import(ctx, st, argv[k], &opts, &res, &rs);
		if (one != EXIT_OK) {
			/* A store error outranks bad input: it is the worse news. */
			if (rc != EXIT_STORE)
				rc = one;
			continue;
		}
		cmd_import_name_notice(ctx, rs, argv[k], &opts);
		if ((one = cmd_import_label_set(ctx, res.id, &opts.labels)) !=
		    EXIT_OK)
			rc = one;
		if (res.already) {
			text_safe_fputs(argv[k], stdout);
			printf(": already imported as %lld\n", (long long)res.id);
		} else {
			/* The tests may be gone (streamed): count from res. */
			printf("%lld\t", (long long)res.id);
			text_safe_fputs(rs->title != NULL && *rs->title != '\0' ?
			    rs->title : argv[k], stdout);
			printf("\t%zu system%s\t%zu result%s\n", rs->nsystems,
			    rs->nsystems == 1 ? "" : "s", res.nvalues,
			    res.nvalues == 1 ? "" : "s");
		}
		result_set_free(rs);
		rs = NULL;
	}
out:
	kv_list_free(&opts.labels);
	return rc;
}
