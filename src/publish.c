/* SPDX-License-Identifier: ISC */
/*
 * `publish` orchestration: chart files, the page (publish-html.c) and the
 * optional PDF, each written atomically. The page embeds the same
 * SVG the chart files hold, so what a reader sees and what a reviewer
 * embeds elsewhere cannot disagree.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "canvas-svg.h"
#include "canvas.h"
#include "chart.h"
#include "diff.h"
#include "merge.h"
#include "outfile.h"
#include "publish-dir.h"
#include "publish-html.h"
#include "publish-pdf.h"
#include "publish.h"
#include "strbuf.h"
#include "xalloc.h"

/*
 * The charts of one set, their file names and their drawings, computed
 * once: the page, the chart files and the PDF all use the same canvas.
 */
struct pub_names {
	struct chart_id	 *ids;
	char		**names;	/* chart_file_names, .svg */
	struct canvas	**canvases;	/* chart_canvas, NULL where nothing to draw */
	size_t		  n;
	size_t		 *test_chart;	/* test index -> index into ids, or n */
	size_t		  overview;	/* index of the overview, or n */
};

/* The page's sets, one per section, and what each was combined from. */
struct pub_sections {
	struct result_set	**sets;
	bool			 *owned;	/* merged here: free it */
	struct publish_combined	 *combined;	/* one per set */
	struct str_list		 *notes;	/* merge's remarks, one per set */
	size_t			  n;
};

struct pub_ctx {
	struct result_set *const *sets;
	size_t			  nsets;
	int			  width;
	struct pub_names	 *names;	/* one per set */
	const struct publish_job *job;		/* its progress callback */
};

/* cairo's image surfaces are at most this many pixels a side. */
#define PUB_PNG_MAX		32767

/*
 * The width the page's charts are laid out for, and shown at on every
 * screen (review.css never scales them down): it fits a 360 px phone, so
 * the smallest chart text (10 px) stays 10 px there. One layout, not one
 * per screen width: a second would double the page and the time to
 * write it (docs/publish-performance.md).
 */
#define PUB_PAGE_WIDTH		336

static long	 pub_set_index(const struct pub_ctx *pc, const struct result_set *rs);
static void	 pub_progress(const struct pub_ctx *pc, const char *what,
		    size_t done, size_t total);
static void	 pub_names_init(struct pub_ctx *pc, bool draw);
static void	 pub_names_free(struct pub_ctx *pc);
static char	*pub_stem(const struct pub_ctx *pc, const struct result_set *rs,
		    const char *name);
static int	 pub_svg(const struct result_set *rs, size_t set, long ti,
		    void *arg, struct strbuf *out);
static char	*pub_file_stem(const struct result_set *rs, size_t set,
		    size_t ti, void *arg);
static int	 pub_mkdir(const char *path, struct diag *d);
static int	 pub_sections(struct result_set *const *in, size_t n,
		    const struct publish_job *job, struct pub_sections *ps,
		    struct diag *d);
static void	 pub_short_names(struct result_set *,
		    struct result_set *const *, size_t);
static void	 pub_sections_free(struct pub_sections *ps);
static void	 pub_diff(struct result_set *const *sets, struct strbuf *html,
		    struct strbuf *css, char **text);
static int	 pub_chart_files(const struct pub_ctx *pc, const char *dir,
		    struct str_list *written, struct diag *d);

static long
pub_set_index(const struct pub_ctx *pc, const struct result_set *rs)
{
	size_t	i;

	for (i = 0; i < pc->nsets; i++)
		if (pc->sets[i] == rs)
			return (long)i;
	return 0;
}

/*
 * File name without extension of a chart. With several sets on one page
 * names are prefixed "sN-", because two sets may hold the same test.
 */
/*
 * Every chart's file name at once: chart_file_name for each chart in turn
 * would be quadratic in the number of tests.
 */
static void
pub_progress(const struct pub_ctx *pc, const char *what, size_t done,
    size_t total)
{
	if (pc->job != NULL && pc->job->progress != NULL)
		pc->job->progress(pc->job->progress_arg, what, done, total);
}

static void
pub_names_init(struct pub_ctx *pc, bool draw)
{
	struct pub_names	*pn;
	struct chart_opts	 o;
	struct diag		 d;
	size_t			 si, i, nt, done = 0, total = 0;

	chart_opts_init(&o);
	if (pc->width > 0)
		o.width = pc->width;
	pc->names = xcalloc(pc->nsets, sizeof(*pc->names));
	for (si = 0; si < pc->nsets; si++) {
		pn = &pc->names[si];
		pn->n = chart_list(pc->sets[si], &pn->ids);
		total += draw ? pn->n : 0;
	}
	for (si = 0; si < pc->nsets; si++) {
		pn = &pc->names[si];
		nt = pc->sets[si]->ntests;
		pn->names = chart_file_names(pc->sets[si], pn->ids, pn->n,
		    CHART_SVG);
		pn->canvases = xcalloc(pn->n + 1, sizeof(*pn->canvases));
		pn->test_chart = xcalloc(nt + 1, sizeof(*pn->test_chart));
		for (i = 0; i < nt; i++)
			pn->test_chart[i] = pn->n;
		pn->overview = pn->n;
		for (i = 0; i < pn->n; i++) {
			/* A chart that cannot be drawn stays NULL: the page keeps its table. */
			diag_clear(&d);
			if (draw) {
				pn->canvases[i] = chart_canvas(pc->sets[si],
				    &pn->ids[i], &o, &d);
				pub_progress(pc, "drawing charts", ++done,
				    total);
			}
			if (pn->ids[i].kind == CHART_OVERVIEW)
				pn->overview = i;
			if (pn->ids[i].kind == CHART_TEST &&
			    pn->ids[i].test < nt)
				pn->test_chart[pn->ids[i].test] = i;
		}
	}
}

static void
pub_names_free(struct pub_ctx *pc)
{
	size_t	si, i;

	for (si = 0; pc->names != NULL && si < pc->nsets; si++) {
		for (i = 0; i < pc->names[si].n; i++) {
			free(pc->names[si].names[i]);
			canvas_free(pc->names[si].canvases[i]);
		}
		free(pc->names[si].names);
		free(pc->names[si].canvases);
		free(pc->names[si].ids);
		free(pc->names[si].test_chart);
	}
	free(pc->names);
	pc->names = NULL;
}

/*
 * File name without extension of a chart (name, from chart_file_names).
 * With several sets on one page names are prefixed "sN-", because two
 * sets may hold the same test.
 */
static char *
pub_stem(const struct pub_ctx *pc, const struct result_set *rs,
    const char *name)
{
	const char	*dot;
	size_t		 len;

	len = (dot = strrchr(name, '.')) != NULL ? (size_t)(dot - name) :
	    strlen(name);
	if (pc->nsets > 1)
		return xasprintf("s%ld-%.*s", pub_set_index(pc, rs) + 1,
		    (int)len, name);
	return xstrndup(name, len);
}

/*
 * The page's chart of test ti (or the overview, ti -1) of set number set:
 * a bar chart as HTML (chart_html), a line chart drawn for the page's
 * width (PUB_PAGE_WIDTH) whatever the chart files' width. Ids inside
 * inlined SVGs must be unique on the page.
 */
static int
pub_svg(const struct result_set *rs, size_t set, long ti, void *arg,
    struct strbuf *out)
{
	struct pub_ctx		*pc = arg;
	const struct pub_names	*pn = &pc->names[set];
	struct chart_opts	 o;
	struct canvas		*c;
	struct diag		 d;
	char			 prefix[48];
	size_t			 chart;
	int			 rc;

	if (ti < 0) {
		if (!chart_overview_possible(rs))
			return -1;
		chart = pn->overview;
		snprintf(prefix, sizeof(prefix), "s%zuov", set + 1);
	} else {
		if ((size_t)ti >= rs->ntests || !chart_test_possible(rs, (size_t)ti))
			return -1;
		chart = pn->test_chart[ti];
		snprintf(prefix, sizeof(prefix), "s%zut%ld", set + 1, ti + 1);
	}
	if (chart >= pn->n)
		return -1;
	chart_opts_init(&o);
	o.width = PUB_PAGE_WIDTH;
	/* The article around the chart states its title, unit and notes. */
	o.bare = true;
	diag_clear(&d);
	/* Bar charts as HTML, which fill the column at any width. */
	if ((rc = chart_html(rs, &pn->ids[chart], &o, out, &d)) != 1)
		return rc;
	/* No drawing: the page keeps the data table. */
	if ((c = chart_canvas(rs, &pn->ids[chart], &o, &d)) == NULL)
		return -1;
	/* No tooltips: the data table beside the chart has the figures. */
	canvas_svg_render_inline(c, prefix, NULL,
	    CANVAS_SVG_COMPACT | CANVAS_SVG_NO_TIPS, out);
	canvas_free(c);
	return 0;
}

static char *
pub_file_stem(const struct result_set *rs, size_t set, size_t ti, void *arg)
{
	const struct pub_ctx	*pc = arg;
	const struct pub_names	*pn = &pc->names[set];

	if (ti >= rs->ntests || !chart_test_possible(rs, ti) ||
	    pn->test_chart[ti] >= pn->n)
		return NULL;
	return pub_stem(pc, rs, pn->names[pn->test_chart[ti]]);
}

static int
pub_mkdir(const char *path, struct diag *d)
{
	struct stat	st;

	if (mkdir(path, 0777) == 0)
		return 0;
	if (errno == EEXIST && stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	return diag_set(d, path, 0, "cannot create directory: %s",
	    errno == EEXIST ? "exists and is not a directory" : strerror(errno));
}

/*
 * Every chart's files, SVG and PNG, each to a temporary name, then one
 * sync and the renames (outfile_batch_commit).
 */
static int
pub_chart_files(const struct pub_ctx *pc, const char *dir,
    struct str_list *written, struct diag *d)
{
	static const enum chart_format	 formats[] = { CHART_SVG, CHART_PNG };
	const struct pub_names		*pn;
	struct chart_opts		 o;
	struct outfile_batch		 batch = { 0 };
	char				*stem = NULL, *path = NULL;
	size_t				 si, i, f, done = 0, total = 0;
	int				 rc = -1;

	chart_opts_init(&o);
	if (pc->width > 0)
		o.width = pc->width;
	o.xml_decl = true;
	for (si = 0; si < pc->nsets; si++)
		total += pc->names[si].n;
	for (si = 0; si < pc->nsets; si++) {
		pn = &pc->names[si];
		for (i = 0; i < pn->n; i++) {
			pub_progress(pc, "writing chart files", ++done, total);
			if (pn->canvases[i] == NULL)
				continue;
			stem = pub_stem(pc, pc->sets[si], pn->names[i]);
			for (f = 0; f < sizeof(formats) / sizeof(formats[0]); f++) {
				path = xasprintf("%s/%s.%s", dir, stem,
				    chart_format_ext(formats[f]));
				/* Say what to do rather than cairo's words. */
				if (formats[f] == CHART_PNG &&
				    pn->canvases[i]->height * (o.scale > 0 ?
				    o.scale : 1) > PUB_PNG_MAX) {
					diag_set(d, path, 0, "a chart of %zu "
					    "systems is %.0f pixels tall, more "
					    "than an image can be (%d): publish "
					    "with --no-chart-files (the page "
					    "keeps its charts), or fewer systems "
					    "per set", pc->sets[si]->nsystems,
					    pn->canvases[i]->height, PUB_PNG_MAX);
					goto out;
				}
				if (chart_write_canvas(pn->canvases[i],
				    &pn->ids[i], formats[f], path, &o, &batch,
				    d) != 0)
					goto out;
				str_list_add(written, path);
				free(path);
				path = NULL;
			}
			free(stem);
			stem = NULL;
		}
	}
	/* One sync for all the charts, then the renames (see outfile.c). */
	pub_progress(pc, "syncing chart files", 0, 1);
	rc = outfile_batch_commit(&batch, d);
	pub_progress(pc, "syncing chart files", 1, 1);
out:
	outfile_batch_abort(&batch);
	free(path);
	free(stem);
	return rc;
}

/*
 * The page's sections, built from the inputs as the job says: an input
 * alone is borrowed; several inputs are merged the way PTS merges result
 * files (merge_result_sets_comparable), and the section keeps what it was
 * made of, so that the page can say so.
 */
static int
pub_sections(struct result_set *const *in, size_t n,
    const struct publish_job *job, struct pub_sections *ps, struct diag *d)
{
	const struct publish_section	*sec;
	struct result_set		**parts;
	struct publish_section		  one;
	struct strbuf			  title;
	bool				 *used = NULL;
	size_t				  nsec, i, k;
	int				  rc = -1;

	memset(ps, 0, sizeof(*ps));
	strbuf_init(&title);
	nsec = job->sections != NULL ? job->nsections : n;
	ps->sets = xcalloc(nsec + 1, sizeof(*ps->sets));
	ps->owned = xcalloc(nsec + 1, sizeof(*ps->owned));
	ps->combined = xcalloc(nsec + 1, sizeof(*ps->combined));
	ps->notes = xcalloc(nsec + 1, sizeof(*ps->notes));
	used = xcalloc(n + 1, sizeof(*used));
	for (i = 0; i < nsec; i++) {
		if (job->sections != NULL)
			sec = &job->sections[i];
		else {
			one.inputs = &i;
			one.n = 1;
			sec = &one;
		}
		if (sec->n == 0) {
			diag_set(d, NULL, 0, "section %zu holds no input", i + 1);
			goto out;
		}
		for (k = 0; k < sec->n; k++) {
			if (sec->inputs[k] >= n || used[sec->inputs[k]]) {
				diag_set(d, NULL, 0, "input %zu is %s", sec->inputs[k] + 1,
				    sec->inputs[k] >= n ? "not given" :
				    "in two sections");
				goto out;
			}
			used[sec->inputs[k]] = true;
		}
		ps->n++;
		if (sec->n == 1) {
			ps->sets[i] = in[sec->inputs[0]];
			continue;
		}
		parts = xcalloc(sec->n, sizeof(*parts));
		ps->combined[i].parts = parts;
		ps->combined[i].nparts = sec->n;
		ps->combined[i].notes = &ps->notes[i];
		strbuf_reset(&title);
		for (k = 0; k < sec->n; k++) {
			parts[k] = in[sec->inputs[k]];
			strbuf_printf(&title, "%s%s", k ? " + " : "",
			    parts[k]->title != NULL && *parts[k]->title ?
			    parts[k]->title : "untitled");
		}
		if (merge_result_sets_comparable(parts, sec->n, strbuf_str(&title),
		    &ps->sets[i], &ps->notes[i], d) != 0)
			goto out;
		ps->owned[i] = true;
		pub_short_names(ps->sets[i], parts, sec->n);
	}
	for (i = 0; i < n; i++)
		if (!used[i]) {
			diag_set(d, NULL, 0, "input %zu is in no section", i + 1);
			goto out;
		}
	rc = 0;
out:
	free(used);
	strbuf_free(&title);
	return rc;
}

/*
 * The short names OpenBenchmarking gives its tests ("ob-test-profiles":
 * title to name) are a set's, and a merge keeps no set's extras: the
 * combined section takes every part's, the first part's name for a title
 * winning, so its overview names tests as their sources do.
 */
static void
pub_short_names(struct result_set *out, struct result_set *const *parts,
    size_t n)
{
	struct json_object	*all, *one;
	const char		*pj;
	size_t			 k;

	all = json_object_new_object();
	for (k = 0; k < n; k++) {
		if ((pj = kv_list_get(&parts[k]->extra, "ob-test-profiles")) == NULL ||
		    (one = json_tokener_parse(pj)) == NULL)
			continue;
		if (json_object_is_type(one, json_type_object)) {
			json_object_object_foreach(one, key, val)
				if (json_object_is_type(val, json_type_string) &&
				    !json_object_object_get_ex(all, key, NULL))
					json_object_object_add(all, key,
					    json_object_get(val));
		}
		json_object_put(one);
	}
	if (json_object_object_length(all) > 0)
		kv_list_set(&out->extra, "ob-test-profiles",
		    json_object_to_json_string_ext(all, JSON_C_TO_STRING_PLAIN));
	json_object_put(all);
}

static void
pub_sections_free(struct pub_sections *ps)
{
	size_t	i;

	for (i = 0; i < ps->n; i++) {
		if (ps->owned[i])
			result_set_free(ps->sets[i]);
		free((void *)ps->combined[i].parts);
		str_list_free(&ps->notes[i]);
	}
	free(ps->sets);
	free(ps->owned);
	free(ps->combined);
	free(ps->notes);
	memset(ps, 0, sizeof(*ps));
}

/*
 * Two inputs: the page also says what changed from the first to the
 * second, with the same verdicts as `benchreport diff`, over what both
 * have; when they have no system or no test in common, the section says
 * that nothing is compared.
 */
static void
pub_diff(struct result_set *const *sets, struct strbuf *html, struct strbuf *css,
    char **text)
{
	struct diff_opts	 o;
	struct diff		*df = NULL;
	struct diag		 sub;
	FILE			*fp;
	size_t			 len;

	diff_opts_init(&o);
	diag_clear(&sub);
	*text = NULL;
	if (diff_compute(sets[0], sets[1], &o, &df, &sub) != 0)
		diff_html_none(sets[0], sets[1], NULL, NULL,
		    "A and B have no system in common", html);
	else {
		diff_html_section(df, html);
		/* The PDF sets diff's own text: 92 columns fit its width. */
		if ((fp = open_memstream(text, &len)) != NULL) {
			diff_text_write(df, fp, false, 92);
			if (fclose(fp) != 0) {
				free(*text);
				*text = NULL;
			}
		}
	}
	diff_html_css(css);
	diff_free(df);
}

int
publish_write(struct result_set *const *inputs, size_t ninputs,
    const struct publish_job *job, struct str_list *written, struct diag *d)
{
	struct result_set	**sets;
	struct publish_options	  page;
	struct pub_sections	  ps;
	size_t			  nsets = 0, i;
	struct pub_ctx		  pc;
	struct publish_charts	  charts = { pub_svg, pub_file_stem, NULL };
	struct outfile		 *of = NULL;
	struct strbuf		  html, diffhtml, diffcss;
	struct publish_dir	  pd = { 0 };
	struct str_list		  files = { 0 };
	const char		 *outdir;
	struct publish_pdf_charts *pdfc = NULL;
	char			 *path = NULL, *pdfpath = NULL, *chartdir = NULL;
	char			 *difftext = NULL;
	size_t			  ncharts = 0;
	int			  rc = -1;

	strbuf_init(&html);
	strbuf_init(&diffhtml);
	strbuf_init(&diffcss);
	memset(&pc, 0, sizeof(pc));
	if (pub_sections(inputs, ninputs, job, &ps, d) != 0)
		goto out;
	sets = ps.sets;
	nsets = ps.n;
	pc.sets = sets;
	pc.nsets = nsets;
	pc.width = job->chart_width;
	pc.job = job;
	charts.arg = &pc;
	/* Drawings at the chart width are for the chart files and the PDF. */
	pub_names_init(&pc, job->chart_files || job->pdf);
	if (publish_dir_begin(&pd, job->outdir, job->force, d) != 0)
		goto out;
	outdir = pd.work;
	page = job->page;
	page.combined = ps.combined;
	if (page.title == NULL && ninputs > 1)
		page.title = "Benchmark review";	/* not one input's title */
	for (i = 0; i < nsets; i++)
		ncharts += pc.names[i].n;
	if (job->chart_files) {
		chartdir = xasprintf("%s/charts", outdir);
		if (pub_mkdir(chartdir, d) != 0)
			goto out;
	} else
		charts.file_stem = NULL;
	if (job->chart_files && pub_chart_files(&pc, chartdir, &files, d) != 0)
		goto out;
	if (ninputs == 2) {
		pub_diff(inputs, &diffhtml, &diffcss, &difftext);
		page.diff_text = difftext;
		page.diff_html = strbuf_str(&diffhtml);
		page.diff_css = strbuf_str(&diffcss);
	}
	if (publish_html_page(sets, nsets, &page, &charts, &html, d) != 0)
		goto out;
	path = xasprintf("%s/index.html", outdir);
	if ((of = outfile_open(path, d)) == NULL)
		goto out;
	if (fwrite(html.buf, 1, html.len, of->fp) != html.len) {
		diag_set(d, path, 0, "write error");
		goto out;
	}
	if (outfile_commit(of, d) != 0) {
		of = NULL;
		goto out;
	}
	of = NULL;
	str_list_add(&files, path);
	if (job->pdf) {
		pdfc = xcalloc(nsets, sizeof(*pdfc));
		for (i = 0; i < nsets; i++) {
			pdfc[i].c = pc.names[i].canvases;
			pdfc[i].n = pc.names[i].n;
		}
		pdfpath = xasprintf("%s/review.pdf", outdir);
		if (publish_pdf_write(sets, nsets, pdfc, &page, pdfpath, d) != 0)
			goto out;
		str_list_add(&files, pdfpath);
	}
	if (publish_dir_commit(&pd, &files, d) != 0)
		goto out;
	for (i = 0; written != NULL && i < files.len; i++)
		str_list_add(written, files.items[i]);
	rc = 0;
out:
	outfile_abort(of);
	/* Name a file by where it was to be, not by the work directory. */
	if (rc != 0 && pd.work != NULL && strncmp(d->file, pd.work,
	    strlen(pd.work)) == 0 && d->file[strlen(pd.work)] == '/') {
		char	*fin = xasprintf("%s%s", pd.final, d->file + strlen(pd.work));

		snprintf(d->file, sizeof(d->file), "%s", fin);
		free(fin);
	}
	publish_dir_end(&pd);
	str_list_free(&files);
	strbuf_free(&html);
	strbuf_free(&diffhtml);
	strbuf_free(&diffcss);
	free(difftext);
	free(path);
	free(pdfpath);
	free(chartdir);
	free(pdfc);
	if (nsets > 0)
		pub_names_free(&pc);
	pub_sections_free(&ps);
	return rc;
}

int
publish_page(struct result_set *const *inputs, size_t ninputs,
    const struct publish_options *opt, struct strbuf *out, struct diag *d)
{
	struct publish_options	 page;
	struct publish_job	 job;
	struct pub_sections	 ps;
	struct pub_ctx		 pc;
	struct publish_charts	 charts = { pub_svg, NULL, NULL };
	struct strbuf		 diffhtml, diffcss;
	char			*difftext = NULL;
	int			 rc = -1;

	strbuf_init(&diffhtml);
	strbuf_init(&diffcss);
	memset(&pc, 0, sizeof(pc));
	memset(&job, 0, sizeof(job));
	if (pub_sections(inputs, ninputs, &job, &ps, d) != 0)
		goto out;
	pc.sets = ps.sets;
	pc.nsets = ps.n;
	charts.arg = &pc;
	/* Only the page's own drawings (pub_svg), no chart files. */
	pub_names_init(&pc, false);
	page = *opt;
	page.combined = ps.combined;
	if (page.title == NULL && ninputs > 1)
		page.title = "Benchmark review";
	if (ninputs == 2 && page.diff_html == NULL) {
		pub_diff(inputs, &diffhtml, &diffcss, &difftext);
		page.diff_html = strbuf_str(&diffhtml);
		page.diff_css = strbuf_str(&diffcss);
	}
	rc = publish_html_page(ps.sets, ps.n, &page, &charts, out, d);
out:
	if (ps.n > 0)
		pub_names_free(&pc);
	pub_sections_free(&ps);
	strbuf_free(&diffhtml);
	strbuf_free(&diffcss);
	free(difftext);
	return rc;
}
