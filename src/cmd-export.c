/* SPDX-License-Identifier: ISC */
/*
 * benchreport export ID|FILE --format NAME [-o FILE]: write a result set
 * with one of the export writers. Output goes to a temporary file renamed
 * into place, so a failed export never leaves half a file behind.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd-resolve.h"
#include "export.h"
#include "text-safe.h"

static int	 cmd_export_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_export_tty(const struct writer *, const struct result_set *,
		    struct diag *);

static const struct cmd_option cmd_export_options[] = {
	{ "format", 'f', "NAME", "output format (default json)", 0, export_writer_name },
	{ "output", 'o', "FILE", "write to FILE (default: standard output, also '-')", 0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_export_entry = {
	.name = "export",
	.operands = "ID|FILE",
	.min_operands = 1,
	.max_operands = 1,
	.summary = "write a result set as PTS XML, CSV or JSON",
	.options = cmd_export_options,
	.flags = CMD_NEEDS_STORE,
	.exec = cmd_export_exec
};

static int
cmd_export_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	const struct writer	*w;
	struct result_set	*rs = NULL;
	struct diag		 d;
	const char		*fmt, *out;
	long long		 id;
	int			 rc;

	fmt = cmd_args_has(args, "format") ? cmd_args_get(args, "format") : "json";
	out = cmd_args_has(args, "output") ? cmd_args_get(args, "output") : "-";
	/* The choices were checked by cmd_run: the writer exists. */
	w = export_find(fmt);
	if ((rc = cmd_load_arg(ctx, args->argv[0], &rs, &id)) != EXIT_OK)
		return rc;
	diag_clear(&d);
	if (strcmp(out, "-") == 0 && isatty(STDOUT_FILENO)) {
		if (cmd_export_tty(w, rs, &d) == -1) {
			rc = EXIT_BADINPUT;
			cmd_error(ctx, &d);
		}
	} else if (export_write_file(w, rs, out, &d) == -1) {
		rc = EXIT_BADINPUT;
		cmd_error(ctx, &d);
	}
	result_set_free(rs);
	return rc;
}

/*
 * To a terminal: what a result file put in its text (ESC sequences in a
 * CSV cell) must not drive it, so each line is written neutralised, as
 * show and list write theirs. Into a pipe or a file the bytes stay.
 */
static int
cmd_export_tty(const struct writer *w, const struct result_set *rs,
    struct diag *d)
{
	FILE	*mem;
	char	*buf = NULL, *line, *nl;
	size_t	 len = 0;
	bool	 cr;
	int	 rc = -1;

	if ((mem = open_memstream(&buf, &len)) == NULL)
		return diag_set(d, "-", 0, "out of memory");
	if (w->write(rs, mem, d) == -1) {
		fclose(mem);
		goto out;
	}
	if (fclose(mem) == EOF) {
		diag_set(d, "-", 0, "out of memory");
		goto out;
	}
	for (line = buf; line < buf + len; line = nl + 1) {
		if ((nl = memchr(line, '\n', len - (size_t)(line - buf))) == NULL)
			nl = buf + len;
		/* The line's own end (a CRLF stays one) is written as it is. */
		cr = nl > line && nl[-1] == '\r';
		nl[cr ? -1 : 0] = '\0';
		text_safe_fputs(line, stdout);
		if (nl < buf + len)
			fputs(cr ? "\r\n" : "\n", stdout);
	}
	rc = fflush(stdout) == EOF ? diag_set(d, "-", 0, "write error") : 0;
out:
	free(buf);
	return rc;
}
