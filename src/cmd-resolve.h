/* SPDX-License-Identifier: ISC */
/*
 * Shared plumbing of the store commands (the store is cmd_run's, in
 * ctx->store): importing one file (the path both `import` and
 * cmd_load_arg take), and parsing result-set IDs. Errors are printed here,
 * so callers only pass the returned exit status on.
 * Ownership: the store and result sets returned belong to the caller.
 */
#ifndef BENCHREPORT_CMD_RESOLVE_H
#define BENCHREPORT_CMD_RESOLVE_H

#include <stdbool.h>
#include <stdint.h>

#include "cmd.h"
#include "import.h"
#include "store.h"

/* What `import` may ask of a file beyond detection. */
struct cmd_import_opts {
	const char	*system_name;	/* --system, or NULL */
	const char	*format;	/* --format: force this reader, or NULL */
	const char	*system_names;	/* --systems "A;B;C", or NULL */
	int		 strict;	/* --strict: refuse anything ambiguous */
	struct kv_list	 labels;	/* --label KEY=VALUE (import only) */
};

/*
 * Read, normalise and store path (import_file: streamed when the reader
 * can). Returns EXIT_OK with *res (id, already: the same bytes were stored
 * before, counts), EXIT_BADINPUT when the file cannot be read or parsed,
 * EXIT_STORE on a database error; errors and reader warnings are printed
 * to stderr. *out (may be NULL) receives the result set as read (without
 * its tests when they were streamed to the store), for the caller to free.
 */
int	 cmd_resolve_import(struct cmd_ctx *ctx, struct store *st,
	    const char *path, const struct cmd_import_opts *opts,
	    struct import_file_result *res, struct result_set **out);
/* Parse a positive decimal ID; true on success. */
bool	 cmd_resolve_parse_id(const char *arg, int64_t *id);
/*
 * An ID argument that must name a stored set (delete): returns EXIT_OK,
 * or EXIT_BADINPUT after printing "no result set with ID".
 */
int	 cmd_resolve_existing(struct cmd_ctx *ctx, struct store *st,
	    const char *arg, int64_t *id);

#endif
