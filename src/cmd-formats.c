/* SPDX-License-Identifier: ISC */
/*
 * benchreport formats: list the input readers, or detect the format of
 * the named files without importing them.
 */
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "cmd.h"
#include "format.h"
#include "text-json.h"
#include "text-safe.h"

static int	 cmd_formats_exec(struct cmd_ctx *, const struct cmd_args *);

CMD_CHOICES(cmd_formats_format, "text", "json")

static const struct cmd_option cmd_formats_options[] = {
	{ "format", 'f', "FMT", "text (default) or json", 0, cmd_formats_format },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_formats_entry = {
	.name = "formats",
	.operands = "[FILE...]",
	.max_operands = -1,
	.summary = "list input formats, or detect the format of files",
	.options = cmd_formats_options,
	.flags = 0,
	.exec = cmd_formats_exec
};

/*
 * Text: "NAME  SUMMARY" per reader, or "FILE<TAB>NAME" per file. JSON:
 * [{"name", "summary"}] or [{"file", "format"}] (a file that cannot be
 * read is reported on stderr and left out).
 */
static int
cmd_formats_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	const struct reader	*r;
	const char		*f = cmd_args_get(args, "format");
	struct json_object	*arr = NULL, *o;
	struct diag		 d;
	int			 i, rc = EXIT_OK;

	if (f != NULL && strcmp(f, "json") == 0)
		arr = json_object_new_array();
	if (args->argc == 0) {
		for (i = 0; format_readers[i] != NULL; i++) {
			if (arr == NULL) {
				printf("%-12s %s\n", format_readers[i]->name,
				    format_readers[i]->summary);
				continue;
			}
			o = json_object_new_object();
			json_object_object_add(o, "name",
			    json_object_new_string(format_readers[i]->name));
			json_object_object_add(o, "summary",
			    json_object_new_string(format_readers[i]->summary));
			json_object_array_add(arr, o);
		}
	}
	for (i = 0; i < args->argc; i++) {
		diag_clear(&d);
		if ((r = format_detect_file(args->argv[i], &d)) == NULL) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
			continue;
		}
		if (arr == NULL) {
			text_safe_fputs(args->argv[i], stdout);
			printf("\t%s\n", r->name);
			continue;
		}
		o = json_object_new_object();
		json_object_object_add(o, "file",
		    json_object_new_string(args->argv[i]));
		json_object_object_add(o, "format", json_object_new_string(r->name));
		json_object_array_add(arr, o);
	}
	if (arr != NULL) {
		diag_clear(&d);
		if (text_json_print(arr, stdout, &d) == -1) {
			cmd_error(ctx, &d);
			rc = EXIT_BADINPUT;
		}
		json_object_put(arr);
	}
	return rc;
}
