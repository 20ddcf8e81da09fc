/* SPDX-License-Identifier: ISC */
/*
 * Diagnostics: a small fixed-size record rather than heap strings, so that
 * error paths never allocate and a diag can live on the stack.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "diag.h"
#include "text-safe.h"

void
diag_clear(struct diag *d)
{
	memset(d, 0, sizeof(*d));
}

int
diag_set(struct diag *d, const char *file, long line, const char *fmt, ...)
{
	va_list	ap;

	if (d == NULL)
		return -1;
	if (file != NULL)
		snprintf(d->file, sizeof(d->file), "%s", file);
	d->line = line;
	d->detail[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
	va_end(ap);
	if (d->msg[0] == '\0')
		snprintf(d->msg, sizeof(d->msg), "error");
	return -1;
}

void
diag_detail(struct diag *d, const char *detail)
{
	if (d == NULL)
		return;
	snprintf(d->detail, sizeof(d->detail), "%s", detail ? detail : "");
}

void
diag_where(struct diag *d, const char *where)
{
	if (d == NULL)
		return;
	snprintf(d->where, sizeof(d->where), "%s", where ? where : "");
}

int
diag_isset(const struct diag *d)
{
	return d != NULL && d->msg[0] != '\0';
}

void
diag_print(const struct diag *d, const char *prog, FILE *fp)
{
	fprintf(fp, "%s: ", prog);
	if (d->file[0] != '\0') {
		text_safe_fputs(d->file, fp);
		if (d->line > 0)
			fprintf(fp, ":%ld", d->line);
		fputs(": ", fp);
	}
	if (d->where[0] != '\0') {
		text_safe_fputs(d->where, fp);
		fputs(": ", fp);
	}
	text_safe_fputs(d->msg, fp);
	fputc('\n', fp);
}
