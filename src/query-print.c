/* SPDX-License-Identifier: ISC */
/*
 * Tab-separated listings of fact queries: stable columns for scripts
 * (cut, awk, sort), "-" where a fact is unknown, control characters
 * neutralised. The columns are the facts people filter comparisons by;
 * --provenance shows all of them with their sources.
 */
#include <stdio.h>
#include <string.h>

#include "meta.h"
#include "query-print.h"
#include "text-safe.h"

struct query_print_ctx {
	FILE	*fp;
	bool	 provenance;
	long	 n;
};

/* The columns of a listing, after SET, SYS and IDENTIFIER. */
static const char *const query_print_cols[] = {
	"cpu_model", "memory_mb", "disk_count", "filesystem", "raid_mode",
	"kernel_version", "os_name", "os_version",
};
#define QUERY_PRINT_NCOLS (sizeof(query_print_cols) / sizeof(query_print_cols[0]))

static void	 query_print_header(FILE *fp, const char *extra);
static void	 query_print_row(FILE *fp, const struct query_system *s);
static void	 query_print_cols_of(FILE *fp, const struct fact_list *facts);
static int	 query_print_sys_cb(const struct query_system *, void *);
static int	 query_print_res_cb(const struct query_result *, void *);

static void
query_print_header(FILE *fp, const char *extra)
{
	size_t	i;

	fprintf(fp, "SET\tSYS\tIDENTIFIER%s", extra);
	for (i = 0; i < QUERY_PRINT_NCOLS; i++)
		fprintf(fp, "\t%s", query_print_cols[i]);
	fputc('\n', fp);
}

/* SET, SYS and IDENTIFIER; query_print_cols_of ends the line. */
static void
query_print_row(FILE *fp, const struct query_system *s)
{
	fprintf(fp, "%lld\t%ld\t", (long long)s->set_id, s->pos);
	text_safe_fputs(*s->identifier != '\0' ? s->identifier : "-", fp);
}

/* The fact columns, "-" where unknown, and the end of the line. */
static void
query_print_cols_of(FILE *fp, const struct fact_list *facts)
{
	const struct fact	*f;
	size_t			 i;

	for (i = 0; i < QUERY_PRINT_NCOLS; i++) {
		fputc('\t', fp);
		f = fact_list_get(facts, query_print_cols[i]);
		text_safe_fputs(f != NULL ? f->value : "-", fp);
	}
	fputc('\n', fp);
}

void
query_print_facts(FILE *fp, const struct fact_list *facts, bool provenance)
{
	const struct fact	*f;
	size_t			 i;

	/* In fact order, whatever order they were stored in. */
	for (i = 0; meta_fact_names[i] != NULL; i++) {
		if ((f = fact_list_get(facts, meta_fact_names[i])) == NULL)
			continue;
		fprintf(fp, "    %-18s ", f->key);
		text_safe_fputs(f->value, fp);
		if (provenance && f->source != NULL) {
			fputs("  (", fp);
			text_safe_fputs(f->source, fp);
			fputc(')', fp);
		}
		fputc('\n', fp);
	}
}

static int
query_print_sys_cb(const struct query_system *s, void *arg)
{
	struct query_print_ctx	*c = arg;

	query_print_row(c->fp, s);
	query_print_cols_of(c->fp, s->facts);
	if (c->provenance)
		query_print_facts(c->fp, s->facts, true);
	c->n++;
	return 0;
}

static int
query_print_res_cb(const struct query_result *r, void *arg)
{
	struct query_print_ctx	*c = arg;

	query_print_row(c->fp, &r->sys);
	fputc('\t', c->fp);
	text_safe_fputs(r->test_title, c->fp);
	if (*r->test_description != '\0') {
		fputs(": ", c->fp);
		text_safe_fputs(r->test_description, c->fp);
	}
	if (r->has_mean)
		fprintf(c->fp, "\t%.17g\t", r->mean);
	else
		fputs("\t-\t", c->fp);
	text_safe_fputs(*r->unit != '\0' ? r->unit : "-", c->fp);
	query_print_cols_of(c->fp, r->sys.facts);
	c->n++;
	return 0;
}

long
query_print_systems(FILE *fp, struct store *st, const struct query_where *w,
    bool provenance, struct diag *d)
{
	struct query_print_ctx	c = { fp, provenance, 0 };

	query_print_header(fp, "");
	if (query_systems(st, w, query_print_sys_cb, &c, d) == -1)
		return -1;
	return c.n;
}

long
query_print_results(FILE *fp, struct store *st, const struct query_where *w,
    const struct str_list *terms, struct diag *d)
{
	struct query_print_ctx	c = { fp, false, 0 };

	query_print_header(fp, "\tTEST\tVALUE\tUNIT");
	if (query_results(st, w, terms, query_print_res_cb, &c, d) == -1)
		return -1;
	return c.n;
}
