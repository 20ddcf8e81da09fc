/* SPDX-License-Identifier: ISC */
/*
 * benchreport import FILE...: detect each file's format from its content,
 * read, normalise and store it, and print one line per file. A bad file is
 * reported and skipped; the others are still imported. With --merge-runs
 * (implied by --system with several files of one format) the files are
 * repeated runs, merged into one stored set, all or nothing.
 */
#include <getopt.h>
#include <stdio.h>

#include "cmd-resolve.h"
#include "import-runs.h"
#include "meta.h"
#include "textsafe.h"

static int	 cmd_import_exec(struct cmd_ctx *, int, char **);
static int	 cmd_import_runs(struct cmd_ctx *, struct store *, char **, size_t,
		    const struct cmd_import_opts *);

const struct cmd_entry cmd_import_entry = {
	.name = "import",
	.alias = NULL,
	.usage = "[--db PATH] [--system NAME] [--systems \"A;B;...\"] [--strict]\n"
	    "       [--format NAME] [--merge-runs] FILE...",
	.summary = "read result files and store them",
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_import_exec
};

static const char cmd_import_options[] =
	"  --db PATH        results database (default: BENCHREPORT_DB, or\n"
	"                   $XDG_DATA_HOME/benchreport/results.db)\n"
	"  --system NAME    name the system, for formats that do not\n"
	"                   record one (fio, dd)\n"
	"  --systems \"A;B;...\"\n"
	"                   the system names, for flattened OpenBenchmarking\n"
	"                   text exports whose names run together\n"
	"                   (\"Samsung 980 PRO 2TBInland PCIe 5.0 2TB\"): they\n"
	"                   must make up the systems table's names run\n"
	"  --strict         refuse a file with anything ambiguous (a system\n"
	"                   name split or a value run the text does not pin)\n"
	"                   instead of importing it with warnings\n"
	"  --format NAME    use this reader instead of detecting the format\n"
	"                   (see 'benchreport formats')\n"
	"  --merge-runs     the files are repeated runs of the same tests: store\n"
	"                   one set with N runs per value (implied by --system\n"
	"                   with several files of one format)\n"
	"  -h, --help       show this help\n";

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
	meta_normalize_result_set(rs);
	if (store_import_result_set(st, rs, &id, &already, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
		goto out;
	}
	if (already) {
		printf("%zu runs: already imported as %lld\n", n, (long long)id);
		goto out;
	}
	for (i = 0, nvalues = 0; i < rs->ntests; i++)
		nvalues += rs->tests[i].nvalues;
	printf("%lld\t", (long long)id);
	textsafe_fputs(rs->title != NULL && *rs->title != '\0' ? rs->title :
	    paths[0], stdout);
	printf("\t%zu system%s\t%zu result%s\t%zu files merged as runs\n",
	    rs->nsystems, rs->nsystems == 1 ? "" : "s", nvalues,
	    nvalues == 1 ? "" : "s", n);
out:
	str_list_free(&warnings);
	result_set_free(rs);
	return rc;
}

static int
cmd_import_exec(struct cmd_ctx *ctx, int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "db",		required_argument,	NULL, CMD_OPT_DB },
		{ "format",	required_argument,	NULL, 'f' },
		{ "help",	no_argument,		NULL, 'h' },
		{ "merge-runs",	no_argument,		NULL, 'm' },
		/* --strict and --systems are long only: 'S', 'N' are not in optstring. */
		{ "strict",	no_argument,		NULL, 'S' },
		{ "system",	required_argument,	NULL, 's' },
		{ "systems",	required_argument,	NULL, 'N' },
		{ NULL,		0,			NULL, 0 }
	};
	struct cmd_import_opts		 opts = { .system_name = NULL };
	struct import_file_result	 res;
	struct result_set		*rs = NULL;
	struct store			*st = NULL;
	int				 ch, k, one, rc = EXIT_OK;
	bool				 merge = false;

	while ((ch = getopt_long(argc, argv, "f:hms:", longopts, NULL)) != -1) {
		switch (ch) {
		case CMD_OPT_DB:
			ctx->db_path = optarg;
			break;
		case 'f':
			opts.format = optarg;
			break;
		case 'h':
			return cmd_help(&cmd_import_entry, cmd_import_options);
		case 'm':
			merge = true;
			break;
		case 's':
			opts.system_name = optarg;
			break;
		case 'N':
			opts.system_names = optarg;
			break;
		case 'S':
			opts.strict = 1;
			break;
		default:
			return cmd_usage(&cmd_import_entry, NULL);
		}
	}
	if (optind == argc)
		return cmd_usage(&cmd_import_entry, "no FILE given");
	if ((rc = cmd_resolve_open(ctx, &st)) != EXIT_OK)
		goto out;
	/* One system named for several files of one format: its repeated runs. */
	if (merge || (opts.system_name != NULL && argc - optind > 1 &&
	    import_runs_same_format(argv + optind, (size_t)(argc - optind),
	    opts.format))) {
		rc = cmd_import_runs(ctx, st, argv + optind, (size_t)(argc - optind),
		    &opts);
		goto out;
	}
	for (k = optind; k < argc; k++) {
		one = cmd_resolve_import(ctx, st, argv[k], &opts, &res, &rs);
		if (one != EXIT_OK) {
			/* A store error outranks bad input: it is the worse news. */
			if (rc != EXIT_STORE)
				rc = one;
			continue;
		}
		if (res.already) {
			textsafe_fputs(argv[k], stdout);
			printf(": already imported as %lld\n", (long long)res.id);
		} else {
			/* The tests may be gone (streamed): count from res. */
			printf("%lld\t", (long long)res.id);
			textsafe_fputs(rs->title != NULL && *rs->title != '\0' ?
			    rs->title : argv[k], stdout);
			printf("\t%zu system%s\t%zu result%s\n", rs->nsystems,
			    rs->nsystems == 1 ? "" : "s", res.nvalues,
			    res.nvalues == 1 ? "" : "s");
		}
		result_set_free(rs);
		rs = NULL;
	}
out:
	store_close(st);
	return rc;
}
