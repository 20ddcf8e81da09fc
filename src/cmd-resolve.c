/* SPDX-License-Identifier: ISC */
/*
 * Resolving what the user named: a stored result set by ID, or a FILE
 * imported on the fly exactly as `import` would, in the store cmd_run
 * opened. Prints its own errors; never exits.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cmd-resolve.h"
#include "format.h"
#include "text-safe.h"

bool
cmd_resolve_parse_id(const char *arg, int64_t *id)
{
	char		*end;
	long long	 v;

	if (arg[0] < '0' || arg[0] > '9')
		return false;
	errno = 0;
	v = strtoll(arg, &end, 10);
	if (errno != 0 || *end != '\0' || v <= 0)
		return false;
	*id = v;
	return true;
}

int
cmd_resolve_import(struct cmd_ctx *ctx, struct store *st, const char *path,
    const struct cmd_import_opts *opts, struct import_file_result *res,
    struct result_set **out)
{
	const struct reader	*r = NULL;
	struct result_set	*rs;
	struct str_list		 warnings = { NULL, 0, 0 };
	struct read_options	 ro;
	struct diag		 d;
	size_t			 i;
	int			 rc = EXIT_OK, got;

	if (out != NULL)
		*out = NULL;
	memset(res, 0, sizeof(*res));
	diag_clear(&d);
	/* --format skips detection. */
	if (opts != NULL && opts->format != NULL &&
	    (r = format_find(opts->format)) == NULL) {
		diag_set(&d, path, 0, "unknown format: %s (see 'benchreport "
		    "formats')", opts->format);
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	memset(&ro, 0, sizeof(ro));
	ro.system_name = opts != NULL ? opts->system_name : NULL;
	ro.system_names = opts != NULL ? opts->system_names : NULL;
	ro.strict = opts != NULL ? opts->strict : 0;
	ro.warnings = &warnings;
	rs = result_set_new();
	got = import_file(st, path, r, &ro, rs, res, &d);
	/*
	 * Warnings first when the import failed: they may explain the error.
	 * Otherwise they are stored with the set, and the terminal gets one
	 * line saying where to read them (each one with -v).
	 */
	for (i = 0; i < warnings.len; i++)
		msg(ctx, got == -1 ? MSG_NORMAL : MSG_VERBOSE, "%s: warning: %s",
		    ctx->prog, warnings.items[i]);
	if (got != -1 && warnings.len > 0)
		msg(ctx, MSG_NORMAL, "%s: %s: %zu note%s: benchreport show %lld "
		    "--warnings", ctx->prog, path, warnings.len,
		    warnings.len == 1 ? "" : "s", (long long)res->id);
	if (got == -1) {
		if (d.file[0] == '\0')
			snprintf(d.file, sizeof(d.file), "%s", path);
		if (res->store_failed)
			cmd_error_input(ctx, path, &d);
		else
			cmd_error(ctx, &d);
		rc = res->store_failed ? EXIT_STORE : EXIT_BADINPUT;
		goto out;
	}
	if (out != NULL) {
		*out = rs;
		rs = NULL;
	}
out:
	str_list_free(&warnings);
	result_set_free(rs);
	return rc;
}

int
cmd_resolve_existing(struct cmd_ctx *ctx, struct store *st, const char *arg,
    int64_t *id)
{
	if (!cmd_resolve_parse_id(arg, id)) {
		cmd_errorx(ctx, "not a result-set ID: %s", arg);
		return EXIT_BADINPUT;
	}
	if (!store_exists(st, *id)) {
		cmd_errorx(ctx, "no result set with ID %s (see 'benchreport "
		    "list')", arg);
		return EXIT_BADINPUT;
	}
	return EXIT_OK;
}

/*
 * An ID names a stored set; anything else (or a number that is not a
 * stored ID but is an existing file) is a file to import first, so the
 * result is the same set `import` would have stored.
 */
int
cmd_load_arg(struct cmd_ctx *ctx, const char *arg, struct result_set **out,
    long long *id)
{
	struct store			*st = ctx->store;
	struct import_file_result	 res;
	struct stat			 sb;
	struct diag			 d;
	int64_t				 sid = 0;
	int				 rc;

	*out = NULL;
	if (cmd_resolve_parse_id(arg, &sid) && !store_exists(st, sid) &&
	    stat(arg, &sb) == -1) {
		cmd_errorx(ctx, "no result set with ID %s (see 'benchreport "
		    "list')", arg);
		rc = EXIT_BADINPUT;
		goto out;
	}
	if (sid == 0 || !store_exists(st, sid)) {
		rc = cmd_resolve_import(ctx, st, arg, NULL, &res, NULL);
		if (rc != EXIT_OK)
			goto out;
		sid = res.id;
	}
	diag_clear(&d);
	if (store_load_result_set(st, sid, out, &d) == -1) {
		cmd_error(ctx, &d);
		rc = EXIT_STORE;
		goto out;
	}
	*id = sid;
	rc = EXIT_OK;
out:
	return rc;
}
