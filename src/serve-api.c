/* SPDX-License-Identifier: ISC */
/*
 * The JSON API of serve-api.h. A set and a diff are the documents the
 * commands write (export-json.c, diff-json.c), byte for byte; the lists
 * are built with json-c and printed by text_json_print, so numbers and
 * strings follow docs/json-schema.md's rules. An import writes the body
 * to a private temporary directory under the name the client gives
 * (reduced to a safe base name) and runs import_file on it with a
 * writable store handle of its own, one import at a time.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "diff.h"
#include "export.h"
#include "import.h"
#include "meta.h"
#include "query-sets.h"
#include "serve-api.h"
#include "serve-find.h"
#include "text-json.h"
#include "xalloc.h"

/* What a JSON answer's row callbacks fill. */
struct sa_rows {
	struct json_object	*array;
};

static struct json_object *sa_str(const char *s);
static void	 sa_print(struct serve_resp *rs, struct json_object *root);
static bool	 sa_params(const struct serve_req *rq, struct serve_resp *rs,
		    const char *const *known, const char *const *one);
static bool	 sa_count(const char *s, long max, long *out);
static int	 sa_set_row(const struct store_summary *s, void *arg);
static int	 sa_point_row(const struct query_result *r, void *arg);
static int	 sa_system_row(const struct query_system *s, void *arg);
static struct json_object *sa_facts(const struct fact_list *facts);
static void	 sa_memstream(struct serve_resp *rs, const struct result_set *rs1,
		    const struct diff *df);
static char	*sa_upload_name(const char *name);
static int	 sa_load(struct serve_ctx *sc, struct serve_resp *rs,
		    const char *arg, int64_t *id, struct result_set **out);

static struct json_object *
sa_str(const char *s)
{
	return s != NULL ? json_object_new_string(s) : NULL;
}

static void
sa_print(struct serve_resp *rs, struct json_object *root)
{
	struct diag	 d;
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*fp;

	rs->type = "application/json";
	strbuf_reset(&rs->body);
	diag_clear(&d);
	if ((fp = open_memstream(&buf, &len)) == NULL) {
		json_object_put(root);
		rs->status = 500;
		strbuf_adds(&rs->body, "{\"error\": \"out of memory\"}\n");
		return;
	}
	(void)text_json_print(root, fp, &d);
	fclose(fp);
	strbuf_add(&rs->body, buf, len);
	free(buf);
	json_object_put(root);
}

void
serve_api_error(struct serve_resp *rs, const char *msg)
{
	struct json_object	*o;

	o = json_object_new_object();
	json_object_object_add(o, "error", json_object_new_string(msg));
	json_object_object_add(o, "status", json_object_new_int(rs->status));
	sa_print(rs, o);
}

static bool
sa_params(const struct serve_req *rq, struct serve_resp *rs,
    const char *const *known, const char *const *one)
{
	const char	*bad, *v;

	if (!serve_route_known(rq, known, &bad)) {
		serve_route_error(rs, true, 400, "unknown parameter: %s", bad);
		return false;
	}
	for (; *one != NULL; one++)
		if (serve_route_param(rq, *one, &v) == -1) {
			serve_route_error(rs, true, 400,
			    "parameter %s given more than once", *one);
			return false;
		}
	return true;
}

/* A count from 0 to max, digits only. */
static bool
sa_count(const char *s, long max, long *out)
{
	long	v = 0;
	size_t	n;

	for (n = 0; s[n] >= '0' && s[n] <= '9'; n++) {
		v = v * 10 + (s[n] - '0');
		if (v > max)
			return false;
	}
	if (n == 0 || s[n] != '\0')
		return false;
	*out = v;
	return true;
}

/* The same keys as `list --format json`. */
static int
sa_set_row(const struct store_summary *s, void *arg)
{
	struct sa_rows		*r = arg;
	struct json_object	*o;

	o = json_object_new_object();
	json_object_object_add(o, "id", json_object_new_int64(s->id));
	json_object_object_add(o, "title", sa_str(s->title));
	json_object_object_add(o, "format", sa_str(s->format));
	json_object_object_add(o, "source", sa_str(s->source_path));
	json_object_object_add(o, "imported_at", sa_str(s->imported_at));
	json_object_object_add(o, "systems", json_object_new_int64(s->nsystems));
	json_object_object_add(o, "tests", json_object_new_int64(s->ntests));
	json_object_object_add(o, "results", json_object_new_int64(s->nvalues));
	json_object_array_add(r->array, o);
	return 0;
}

void
serve_api_sets(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t unused, struct serve_resp *rs)
{
	static const char *const known[] = { "q", "key", "value", "offset",
	    "limit", NULL };
	struct query_sets	 q;
	struct json_object	*root;
	struct sa_rows		 rows;
	struct diag		 d;
	const char		*qs, *key, *value, *v;
	char			*keep = NULL;
	long			 offset = 0, limit = SERVE_PAGE_SETS, total = 0;

	if (!sa_params(rq, rs, known, known))
		return;
	(void)serve_route_param(rq, "q", &qs);
	(void)serve_route_param(rq, "key", &key);
	(void)serve_route_param(rq, "value", &value);
	if (serve_route_param(rq, "offset", &v) == 1 &&
	    !sa_count(v, 1000000000L, &offset)) {
		serve_route_error(rs, true, 400, "offset must be a count");
		return;
	}
	if (serve_route_param(rq, "limit", &v) == 1 &&
	    !sa_count(v, SERVE_MAX_SETS, &limit)) {
		serve_route_error(rs, true, 400, "limit must be a count up to %d",
		    SERVE_MAX_SETS);
		return;
	}
	if (query_sets_words(qs, &q, &keep) != 0) {
		serve_route_error(rs, true, 400, "at most %d words",
		    QUERY_SETS_MAXWORDS);
		goto out;
	}
	if (key != NULL && *key != '\0') {
		if (!meta_is_fact(key)) {
			serve_route_error(rs, true, 400,
			    "not a normalised fact: %s", key);
			goto out;
		}
		q.fact_key = key;
		q.fact_value = value != NULL ? value : "";
	} else
		q.fact_key = NULL;
	rows.array = json_object_new_array();
	diag_clear(&d);
	if (query_sets_find(sc->st, &q, limit, offset, &total, sa_set_row,
	    &rows, &d) != 0) {
		json_object_put(rows.array);
		serve_route_error(rs, true, 500, "the store failed: %s", d.msg);
		goto out;
	}
	root = json_object_new_object();
	json_object_object_add(root, "schema",
	    json_object_new_int(SERVE_API_SCHEMA));
	json_object_object_add(root, "total", json_object_new_int64(total));
	json_object_object_add(root, "offset", json_object_new_int64(offset));
	json_object_object_add(root, "limit", json_object_new_int64(limit));
	json_object_object_add(root, "sets", rows.array);
	sa_print(rs, root);
out:
	free(keep);
}

/* The document one of the commands writes, from a memory stream. */
static void
sa_memstream(struct serve_resp *rs, const struct result_set *set,
    const struct diff *df)
{
	const struct writer	*w;
	struct diag		 d;
	char			*buf = NULL;
	size_t			 len = 0;
	FILE			*fp;
	int			 rc;

	diag_clear(&d);
	if ((fp = open_memstream(&buf, &len)) == NULL) {
		serve_route_error(rs, true, 500, "out of memory");
		return;
	}
	if (df != NULL)
		rc = diff_json_write(df, fp, &d);
	else
		rc = (w = export_find("json")) != NULL ? w->write(set, fp, &d) :
		    diag_set(&d, NULL, 0, "no JSON writer");
	fclose(fp);
	if (rc != 0)
		serve_route_error(rs, true, 500, "cannot write: %s", d.msg);
	else {
		rs->type = "application/json";
		strbuf_reset(&rs->body);
		strbuf_add(&rs->body, buf, len);
	}
	free(buf);
}

/* Load the set an ID parameter names; 0, or -1 with rs an error. */
static int
sa_load(struct serve_ctx *sc, struct serve_resp *rs, const char *arg,
    int64_t *id, struct result_set **out)
{
	struct diag	d;

	*out = NULL;
	if (arg == NULL || !serve_route_id(arg, id)) {
		serve_route_error(rs, true, 400, "not a result set ID: %s",
		    arg != NULL ? arg : "(none)");
		return -1;
	}
	if (!store_exists(sc->st, *id)) {
		serve_route_error(rs, true, 404, "no result set %lld",
		    (long long)*id);
		return -1;
	}
	diag_clear(&d);
	if (store_load_result_set(sc->st, *id, out, &d) != 0) {
		serve_route_error(rs, true, 500, "cannot load result set %lld: %s",
		    (long long)*id, d.msg);
		return -1;
	}
	return 0;
}

void
serve_api_set(struct serve_ctx *sc, const struct serve_req *rq, int64_t id,
    struct serve_resp *rs)
{
	static const char *const none[] = { NULL };
	struct result_set	*set = NULL;
	char			 buf[24];

	if (!sa_params(rq, rs, none, none))
		return;
	snprintf(buf, sizeof(buf), "%lld", (long long)id);
	if (sa_load(sc, rs, buf, &id, &set) == 0)
		sa_memstream(rs, set, NULL);
	result_set_free(set);
}

void
serve_api_diff(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t unused, struct serve_resp *rs)
{
	static const char *const known[] = { "a", "b", "system_a", "system_b",
	    NULL };
	struct result_set	*a = NULL, *b = NULL;
	struct diff_opts	 o;
	struct diff		*df = NULL;
	struct diag		 d;
	const char		*va, *vb, *sa, *sb;
	int64_t			 ia, ib;
	char			*la = NULL, *lb = NULL;

	if (!sa_params(rq, rs, known, known))
		return;
	(void)serve_route_param(rq, "a", &va);
	(void)serve_route_param(rq, "b", &vb);
	(void)serve_route_param(rq, "system_a", &sa);
	(void)serve_route_param(rq, "system_b", &sb);
	if (sa_load(sc, rs, va, &ia, &a) != 0 || sa_load(sc, rs, vb, &ib, &b) != 0)
		goto out;
	diff_opts_init(&o);
	o.system_a = sa != NULL && *sa != '\0' ? sa : NULL;
	o.system_b = sb != NULL && *sb != '\0' ? sb : NULL;
	/* Labelled as `diff A[:SYSTEM] B[:SYSTEM]` labels its sides. */
	la = o.system_a != NULL ? xasprintf("%lld:%s", (long long)ia, o.system_a) :
	    xasprintf("%lld", (long long)ia);
	lb = o.system_b != NULL ? xasprintf("%lld:%s", (long long)ib, o.system_b) :
	    xasprintf("%lld", (long long)ib);
	o.label_a = la;
	o.label_b = lb;
	diag_clear(&d);
	if (diff_compute(a, b, &o, &df, &d) != 0) {
		serve_route_error(rs, true, 422, "%s", d.msg);
		goto out;
	}
	sa_memstream(rs, NULL, df);
out:
	diff_free(df);
	free(la);
	free(lb);
	result_set_free(a);
	result_set_free(b);
}

static struct json_object *
sa_facts(const struct fact_list *facts)
{
	struct json_object	*o;
	size_t			 i;

	o = json_object_new_object();
	for (i = 0; facts != NULL && i < facts->len; i++)
		json_object_object_add(o, facts->items[i].key,
		    sa_str(facts->items[i].value));
	return o;
}

static int
sa_point_row(const struct query_result *r, void *arg)
{
	struct sa_rows		*rows = arg;
	struct json_object	*o;

	o = json_object_new_object();
	json_object_object_add(o, "set_id", json_object_new_int64(r->sys.set_id));
	json_object_object_add(o, "set_title", sa_str(r->sys.set_title));
	json_object_object_add(o, "system", sa_str(r->sys.identifier));
	json_object_object_add(o, "system_pos", json_object_new_int64(r->sys.pos));
	json_object_object_add(o, "test", sa_str(r->test_title));
	json_object_object_add(o, "description", sa_str(r->test_description));
	json_object_object_add(o, "unit", sa_str(r->unit));
	json_object_object_add(o, "value", text_json_number(r->has_mean,
	    r->mean));
	json_object_object_add(o, "se", text_json_number(r->has_se, r->se));
	json_object_object_add(o, "n", json_object_new_int64(r->n));
	json_object_array_add(rows->array, o);
	return 0;
}

void
serve_api_history(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t unused, struct serve_resp *rs)
{
	static const char *const known[] = { "system", "test", NULL };
	struct json_object	*root;
	struct str_list		 terms = { 0 };
	struct query_sets	 words;
	struct sa_rows		 rows;
	struct diag		 d;
	const char		*system, *test;
	char			*keep = NULL;
	bool			 more = false;
	size_t			 i;

	if (!sa_params(rq, rs, known, known))
		return;
	(void)serve_route_param(rq, "system", &system);
	(void)serve_route_param(rq, "test", &test);
	if (system == NULL || *system == '\0') {
		serve_route_error(rs, true, 400, "name a system: system=NAME");
		return;
	}
	if (query_sets_words(test, &words, &keep) != 0) {
		serve_route_error(rs, true, 400, "at most %d words in test",
		    QUERY_SETS_MAXWORDS);
		goto out;
	}
	for (i = 0; i < words.nwords; i++)
		str_list_add(&terms, words.words[i]);
	rows.array = json_object_new_array();
	diag_clear(&d);
	if (serve_find_history(sc->st, system, &terms, SERVE_MAX_ROWS,
	    sa_point_row, &rows, &more, &d) != 0) {
		json_object_put(rows.array);
		serve_route_error(rs, true, 500, "the store failed: %s", d.msg);
		goto out;
	}
	root = json_object_new_object();
	json_object_object_add(root, "schema",
	    json_object_new_int(SERVE_API_SCHEMA));
	json_object_object_add(root, "system", json_object_new_string(system));
	json_object_object_add(root, "test", sa_str(test));
	json_object_object_add(root, "truncated", json_object_new_boolean(more));
	json_object_object_add(root, "points", rows.array);
	sa_print(rs, root);
out:
	str_list_free(&terms);
	free(keep);
}

static int
sa_system_row(const struct query_system *s, void *arg)
{
	struct sa_rows		*rows = arg;
	struct json_object	*o;

	o = json_object_new_object();
	json_object_object_add(o, "set_id", json_object_new_int64(s->set_id));
	json_object_object_add(o, "set_title", sa_str(s->set_title));
	json_object_object_add(o, "system", sa_str(s->identifier));
	json_object_object_add(o, "system_pos", json_object_new_int64(s->pos));
	json_object_object_add(o, "normalized", sa_facts(s->facts));
	json_object_array_add(rows->array, o);
	return 0;
}

void
serve_api_drive(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t unused, struct serve_resp *rs)
{
	static const char *const known[] = { "model", NULL };
	struct json_object	*root;
	struct sa_rows		 sys, res;
	struct diag		 d;
	const char		*model;
	bool			 more_sys = false, more_res = false;

	if (!sa_params(rq, rs, known, known))
		return;
	(void)serve_route_param(rq, "model", &model);
	if (model == NULL || *model == '\0') {
		serve_route_error(rs, true, 400, "name a drive: model=TEXT");
		return;
	}
	sys.array = json_object_new_array();
	res.array = json_object_new_array();
	diag_clear(&d);
	if (serve_find_drive_systems(sc->st, model, SERVE_MAX_ROWS, sa_system_row,
	    &sys, &more_sys, &d) != 0 || serve_find_drive_results(sc->st, model,
	    SERVE_MAX_ROWS, sa_point_row, &res, &more_res, &d) != 0) {
		json_object_put(sys.array);
		json_object_put(res.array);
		serve_route_error(rs, true, 500, "the store failed: %s", d.msg);
		return;
	}
	root = json_object_new_object();
	json_object_object_add(root, "schema",
	    json_object_new_int(SERVE_API_SCHEMA));
	json_object_object_add(root, "model", json_object_new_string(model));
	json_object_object_add(root, "truncated",
	    json_object_new_boolean(more_sys || more_res));
	json_object_object_add(root, "systems", sys.array);
	json_object_object_add(root, "results", res.array);
	sa_print(rs, root);
}

/*
 * The upload's file name: the last path component of name, letters,
 * digits and "._-" kept (others become '_'), at most 100 bytes, never
 * starting with a dot; "upload" when nothing is left.
 */
static char *
sa_upload_name(const char *name)
{
	const char	*base;
	char		*out;
	size_t		 i, n = 0;

	if (name == NULL)
		return xstrdup("upload");
	base = strrchr(name, '/') != NULL ? strrchr(name, '/') + 1 : name;
	out = xmalloc(101);
	for (i = 0; base[i] != '\0' && n < 100; i++) {
		char	c = base[i];

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '-' || c == '_' ||
		    (c == '.' && n > 0))
			out[n++] = c;
		else
			out[n++] = '_';
	}
	out[n] = '\0';
	if (n == 0) {
		free(out);
		return xstrdup("upload");
	}
	return out;
}

void
serve_api_import(struct serve_ctx *sc, const struct serve_req *rq,
    int64_t unused, struct serve_resp *rs)
{
	static const char *const known[] = { "name", NULL };
	struct import_file_result res;
	struct read_options	 ro;
	struct result_set	*set = NULL;
	struct store		*st = NULL;
	struct json_object	*root;
	struct str_list		 warnings = { 0 };
	struct diag		 d;
	const char		*name, *tmp;
	char			*base = NULL, *dir = NULL, *path = NULL;
	size_t			 off, i;
	ssize_t			 w;
	int			 fd = -1, got;
	bool			 locked = false;

	if (!sc->writes) {
		serve_route_error(rs, true, 403, "this server is read-only "
		    "(start it with --token-file to take imports)");
		return;
	}
	if (!rq->authorized) {
		serve_route_error(rs, true, 401, "a valid token is required "
		    "(Authorization: Bearer TOKEN)");
		return;
	}
	if (!sa_params(rq, rs, known, known))
		return;
	if (rq->body_len == 0) {
		serve_route_error(rs, true, 400, "the request has no body: send "
		    "the result file as the body");
		return;
	}
	if (rq->body_len > sc->max_upload) {
		serve_route_error(rs, true, 413, "the file is larger than %zu "
		    "bytes", sc->max_upload);
		return;
	}
	(void)serve_route_param(rq, "name", &name);
	base = sa_upload_name(name);
	tmp = getenv("TMPDIR");
	dir = xasprintf("%s/benchreport-upload.XXXXXX", tmp != NULL &&
	    *tmp == '/' ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		free(dir);
		dir = NULL;
		serve_route_error(rs, true, 500, "cannot create a temporary "
		    "directory: %s", strerror(errno));
		goto out;
	}
	path = xasprintf("%s/%s", dir, base);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0600)) == -1) {
		serve_route_error(rs, true, 500, "cannot write the upload: %s",
		    strerror(errno));
		goto out;
	}
	for (off = 0; off < rq->body_len; off += (size_t)w)
		if ((w = write(fd, rq->body + off, rq->body_len - off)) <= 0) {
			serve_route_error(rs, true, 500, "cannot write the "
			    "upload: %s", strerror(errno));
			goto out;
		}
	if (close(fd) != 0) {
		fd = -1;
		serve_route_error(rs, true, 500, "cannot write the upload: %s",
		    strerror(errno));
		goto out;
	}
	fd = -1;
	if (sc->lock != NULL) {
		sc->lock(SERVE_LOCK_IMPORT, true);
		locked = true;
	}
	diag_clear(&d);
	if (store_open(sc->db, &st, &d) != 0) {
		serve_route_error(rs, true, 503, "the store cannot be opened: %s",
		    d.msg);
		goto out;
	}
	memset(&ro, 0, sizeof(ro));
	ro.warnings = &warnings;
	ro.source_name = base;
	set = result_set_new();
	memset(&res, 0, sizeof(res));
	got = import_file(st, path, NULL, &ro, set, &res, &d);
	if (got != 0) {
		/* The message names the upload, not the temporary file. */
		if (d.line > 0)
			serve_route_error(rs, true, res.store_failed ? 503 : 400,
			    "%s:%ld: %s", base, d.line, d.msg);
		else
			serve_route_error(rs, true, res.store_failed ? 503 : 400,
			    "%s: %s", base, d.msg);
		goto out;
	}
	rs->status = res.already ? 200 : 201;
	root = json_object_new_object();
	json_object_object_add(root, "schema",
	    json_object_new_int(SERVE_API_SCHEMA));
	json_object_object_add(root, "id", json_object_new_int64(res.id));
	json_object_object_add(root, "already", json_object_new_boolean(res.already));
	json_object_object_add(root, "tests", json_object_new_int64((int64_t)res.ntests));
	json_object_object_add(root, "values", json_object_new_int64((int64_t)res.nvalues));
	json_object_object_add(root, "warnings", json_object_new_array());
	/* Warnings name the upload, not the temporary file. */
	for (i = 0; i < warnings.len; i++)
		json_object_array_add(json_object_object_get(root, "warnings"),
		    json_object_new_string(strncmp(warnings.items[i], dir,
		    strlen(dir)) == 0 && warnings.items[i][strlen(dir)] == '/' ?
		    warnings.items[i] + strlen(dir) + 1 : warnings.items[i]));
	sa_print(rs, root);
out:
	store_close(st);
	if (locked)
		sc->lock(SERVE_LOCK_IMPORT, false);
	if (fd != -1)
		close(fd);
	if (path != NULL)
		(void)unlink(path);
	if (dir != NULL)
		(void)rmdir(dir);
	result_set_free(set);
	str_list_free(&warnings);
	free(path);
	free(dir);
	free(base);
}
