/* SPDX-License-Identifier: ISC */
/*
 * Reader for Phoronix Test Suite result files: composite.xml (PTS 3.0 to
 * 10.x), the per-run test-N.xml files, and the pre-3.0 Benchmark/Results/
 * Group layout, streamed with libxml2's SAX2 push parser so memory follows
 * the largest element, not the file; read_stream hands each Result to the
 * caller as soon as it ends and frees it. It refuses DOCTYPEs, entities, deep nesting
 * and huge text instead of expanding them. It does not normalise system
 * facts (meta.c does) nor merge Results PTS would merge (see docs/pts-xml.md).
 */
#include <sys/stat.h>

#include <ctype.h>
#include <fcntl.h>
#include <errno.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <json-c/json.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>

#include "format.h"
#include "pts.h"
#include "strbuf.h"
#include "text-json.h"
#include "xalloc.h"

/* Nesting deeper than this is no PTS file: refuse before it costs memory. */
#define PTS_MAX_DEPTH	16
/* One element's text; line graphs and image comparisons are the largest. */
#define PTS_MAX_TEXT	((size_t)8 * 1024 * 1024)
/* Unknown children kept per block, and footnotes per Result. */
#define PTS_MAX_KEPT	64
/* What the push parser is given at a time. */
#define PTS_CHUNK	((size_t)128 * 1024)
/* How far the prolog may run before the root element. */
#define PTS_MAX_PROLOG	((size_t)1024 * 1024)

/* What a System block said, kept until its end tag. */
struct pts_sys {
	char		*identifier;
	char		*hardware;
	char		*software;
	char		*user, *timestamp, *version, *cost;
	char		*notes;
	char		*json;
	struct kv_list	 other;
	long		 line;
};

/* What an Entry said, kept until its end tag. */
struct pts_entry {
	struct strbuf identifier;	/* reused: no allocation per Entry */
	char	*value;
	char	*raw;
	char	*json;
	long	 line;
	long	 value_line;
};

/* Per system index: the raw strings, to compare duplicate System blocks. */
struct pts_sysinfo {
	char	*hardware;
	char	*software;
	bool	 placeholder;	/* created for an Entry, no System block yet */
};

struct pts_parser {
	const char		*path;
	const struct read_options *opt;
	const struct read_stream *stream;	/* NULL: keep every Result */
	struct result_set	*rs;
	struct diag		*d;
	xmlParserCtxtPtr	 ctxt;
	const xmlChar		*names[PTS_MAX_DEPTH + 1];
	/*
	 * Per open element: it has a child node, and its first child is
	 * text (what xmlTextReader's NOBLANKS decided white space by).
	 */
	bool			 had_child[PTS_MAX_DEPTH + 1];
	bool			 first_text[PTS_MAX_DEPTH + 1];
	int			 depth;		/* elements open */
	bool			 root_seen;
	struct strbuf		 text;
	bool			 failed;
	bool			 warned_kept;
	int			 open;		/* elements open, for truncation */
	bool			 old_layout;	/* pre-3.0 Benchmark/Suite file */
	char			*comment_date;	/* pre-3.0 "Generated:" comment */
	/* Generated children, put in canonical order at the end. */
	char			*known_extra[3];
	struct kv_list		 other_extra;
	struct pts_sys		 sys;
	struct pts_entry	 entry;
	struct pts_sysinfo	*info;
	size_t			 ninfo, capinfo;
	/* Current Result: index into rs->tests and the line of each value. */
	size_t			 test;
	bool			 in_test;
	long			 test_line;
	long			*vlines;
	size_t			 capvlines;
	GHashTable		*hashes;	/* comparison hash -> first line */
	GHashTable		*sysidx;	/* identifier -> system index */
	GHashTable		*dups;		/* identifier of several System blocks -> GArray of their indices */
	long			*plines;	/* per system: first Entry line */
	size_t			 sys_hint;	/* system of the next Entry, probably */
	/*
	 * Entry JSON without its run times, the value derived from it, and
	 * the min and max that JSON states (the value's own may come from
	 * its runs later, which the next Entry must not inherit).
	 */
	struct strbuf		 json_key;
	struct strbuf		 json_cut;	/* this Entry's, reused */
	struct value		*json_from;
	bool			 json_has_min, json_has_max;
	double			 json_min, json_max;
	size_t			 capplines;
};

static const char *const pts_known_extra[3] = {
	"InternalTags", "ReferenceID", "PreSetEnvironmentVariables"
};

static int	 parse_pts_xml_detect(const char *head, size_t len);
static int	 parse_pts_xml_read(const char *path,
		    const struct read_options *opt, struct result_set *rs,
		    struct diag *d);
static int	 parse_pts_xml_open(struct pts_parser *p, const char *path,
		    int *fd, struct diag *d);
static long	 parse_pts_xml_line(const struct pts_parser *p);
static void	 parse_pts_xml_stop(struct pts_parser *p);
static void	 parse_pts_xml_sax_start(void *arg, const xmlChar *local,
		    const xmlChar *prefix, const xmlChar *uri, int nns,
		    const xmlChar **ns, int nattr, int ndef,
		    const xmlChar **attrs);
static void	 parse_pts_xml_sax_end(void *arg, const xmlChar *local,
		    const xmlChar *prefix, const xmlChar *uri);
static void	 parse_pts_xml_sax_text(void *arg, const xmlChar *v, int len);
static void	 parse_pts_xml_sax_comment(void *arg, const xmlChar *v);
static void	 parse_pts_xml_sax_pi(void *arg, const xmlChar *target,
		    const xmlChar *data);
static void	 parse_pts_xml_sax_refuse(struct pts_parser *p);
static void	 parse_pts_xml_sax_subset(void *arg, const xmlChar *name,
		    const xmlChar *ext, const xmlChar *sys);
static void	 parse_pts_xml_sax_reference(void *arg, const xmlChar *name);
static bool	 parse_pts_xml_blank_n(const char *s, size_t len);
static int	 parse_pts_xml_feed(struct pts_parser *p, int fd);
static void	 parse_pts_xml_parser_free(struct pts_parser *p);
static int	 parse_pts_xml_read_stream(const char *path,
		    const struct read_options *opt,
		    const struct read_stream *stream, struct result_set *rs,
		    struct diag *d);
static int	 parse_pts_xml_check_prolog(int fd, const char *path,
		    struct diag *d);
static void	 parse_pts_xml_error(void *arg, xmlErrorPtr err);
static int	 parse_pts_xml_fail(struct pts_parser *p, long line,
		    const char *where, const char *fmt,
		    ...) __attribute__((format(printf, 4, 5)));
static char	*parse_pts_xml_take(struct pts_parser *p);
static bool	 parse_pts_xml_is(const xmlChar *a, const char *b);
static void	 parse_pts_xml_start(struct pts_parser *p, int depth,
		    long line);
static void	 parse_pts_xml_end(struct pts_parser *p, int depth);
static void	 parse_pts_xml_sys_clear(struct pts_sys *s);
static void	 parse_pts_xml_entry_clear(struct pts_entry *e);
static void	 parse_pts_xml_sys_field(struct pts_parser *p,
		    const xmlChar *name);
static void	 parse_pts_xml_sys_commit(struct pts_parser *p);
static void	 parse_pts_xml_keep(struct pts_parser *p, struct kv_list *l,
		    const char *key, const char *value);
static long	 parse_pts_xml_find_system(struct pts_parser *p, const char *id);
static long	 parse_pts_xml_dup_system(struct pts_parser *p, long first,
		    const struct pts_sys *s);
static void	 parse_pts_xml_value_check(struct pts_parser *p,
		    const struct test *t, struct value *v, long line);
static long	 parse_pts_xml_add_system(struct pts_parser *p, const char *id);
static size_t	 parse_pts_xml_sysinfo_add(struct pts_parser *p, const char *hw,
		    const char *sw, bool placeholder);
static void	 parse_pts_xml_generated_field(struct pts_parser *p,
		    const xmlChar *name);
static void	 parse_pts_xml_suite_field(struct pts_parser *p,
		    const xmlChar *name);
static void	 parse_pts_xml_result_field(struct pts_parser *p,
		    const xmlChar *name);
static void	 parse_pts_xml_entry_field(struct pts_parser *p,
		    const xmlChar *name);
static void	 parse_pts_xml_entry_commit(struct pts_parser *p);
static void	 parse_pts_xml_test_begin(struct pts_parser *p, long line);
static void	 parse_pts_xml_test_finish(struct pts_parser *p);
static void	 parse_pts_xml_value_fill(struct pts_parser *p, struct test *t,
		    struct value *v, long line);
static void	 parse_pts_xml_entry_json(struct test *t, struct value *v);
static void	 parse_pts_xml_entry_ours(struct test *t, struct value *v);
static void	 parse_pts_xml_entry_series(struct value *v,
		    struct json_object *a);
static void	 parse_pts_xml_json_dbls(struct json_object *a,
		    struct dbl_list *l);
static void	 parse_pts_xml_entry_json_cached(struct pts_parser *p,
		    struct test *t, struct value *v);
static void	 parse_pts_xml_system_ours(struct system *s,
		    struct json_object *b);
static void	 parse_pts_xml_system_json(struct pts_parser *p,
		    struct system *s, const char *json);
static void	 parse_pts_xml_finish(struct pts_parser *p);
static void	 parse_pts_xml_comment(struct pts_parser *p, const char *text);

const struct reader reader_pts_xml = {
	.name = "pts-xml",
	.summary = "Phoronix Test Suite result file (composite.xml, test-N.xml, "
	    "pre-3.0 layout)",
	.detect = parse_pts_xml_detect,
	.read = parse_pts_xml_read,
	.read_stream = parse_pts_xml_read_stream
};

/*
 * Skip the prolog (BOM, XML declaration, processing instructions, comments,
 * a DOCTYPE) and look at the root element's name.
 */
static int
parse_pts_xml_detect(const char *head, size_t len)
{
	const char	*p = head, *end = head + len, *q;

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < end) {
		while (p < end && isspace((unsigned char)*p))
			p++;
		if (p >= end || *p != '<')
			return 0;
		if (strncmp(p, "<?", 2) == 0)
			q = strstr(p, "?>");
		else if (strncmp(p, "<!--", 4) == 0)
			q = strstr(p, "-->");
		else if (strncmp(p, "<!DOCTYPE", 9) == 0) {
			/* Skip an internal subset too: it may hold '>'. */
			q = strpbrk(p, "[>");
			if (q != NULL && *q == '[')
				q = strstr(q, "]");
			if (q != NULL)
				q = strchr(q, '>');
		} else
			break;
		if (q == NULL)
			return 0;
		p = strchr(q, '>') + 1;
	}
	if (end - p >= 18 && strncmp(p, "<PhoronixTestSuite", 18) == 0 &&
	    (p + 18 == end || strchr(" \t\r\n>/", p[18]) != NULL))
		return 95;
	return strstr(head, "<PhoronixTestSuite>") != NULL ? 30 : 0;
}

/*
 * Refuse a DOCTYPE before libxml2 sees the file: PTS never writes one, and
 * it is the only door to entity expansion (billion laughs) and external
 * entities (XXE). Reads the prolog only, line by line.
 */
static int
parse_pts_xml_check_prolog(int fd, const char *path, struct diag *d)
{
	char	 buf[4096];
	size_t	 seen = 0, i;
	ssize_t	 n;
	long	 line = 1;
	int	 state = 0;	/* 0 text, 1 in "<?", 2 in "<!--" */
	char	 prev[8] = "";

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			return diag_set(d, path, 0, "read: %s", strerror(errno));
		if (n == 0)
			break;
		for (i = 0; i < (size_t)n; i++, seen++) {
			char	c = buf[i];

			memmove(prev, prev + 1, sizeof(prev) - 2);
			prev[sizeof(prev) - 2] = c;
			if (c == '\n')
				line++;
			if (state == 1 && strcmp(prev + 5, "?>") == 0)
				state = 0;
			else if (state == 2 && strcmp(prev + 4, "-->") == 0)
				state = 0;
			else if (state == 0 && strcmp(prev + 5, "<?") == 0)
				state = 1;
			else if (state == 0 && strcmp(prev + 3, "<!--") == 0)
				state = 2;
			else if (state == 0 && strcmp(prev + 3, "<!DO") == 0) {
				diag_set(d, path, line, "DOCTYPE declarations are "
				    "refused (a PTS result file has none; they could "
				    "declare entities or load external files)");
				diag_where(d, "DOCTYPE");
				return -1;
			} else if (state == 0 && prev[5] == '<' &&
			    (isalpha((unsigned char)c) || c == '_'))
				return 0;	/* the root element: prolog done */
		}
		if (seen > PTS_MAX_PROLOG)
			return diag_set(d, path, line, "no root element in the "
			    "first %zu bytes", PTS_MAX_PROLOG);
	}
	return diag_set(d, path, line, "no XML root element (empty or not XML)");
}

static void
parse_pts_xml_error(void *arg, xmlErrorPtr err)
{
	struct pts_parser	*p = arg;
	char			 msg[512];
	size_t			 n;

	if (err == NULL || err->message == NULL)
		return;
	snprintf(msg, sizeof(msg), "%s", err->message);
	n = strlen(msg);
	while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
		msg[--n] = '\0';
	if (err->level == XML_ERR_WARNING) {
		format_warn(p->opt, p->path, err->line, "%s", msg);
		return;
	}
	/*
	 * libxml2's reader calls a file that stops inside an element "extra
	 * content at the end"; say what happened instead.
	 */
	if (err->code == XML_ERR_DOCUMENT_END && p->open > 0)
		parse_pts_xml_fail(p, err->line, NULL, "unexpected end of file: "
		    "truncated XML");
	else
		parse_pts_xml_fail(p, err->line, NULL, "XML error: %s", msg);
}

static int
parse_pts_xml_fail(struct pts_parser *p, long line, const char *where,
    const char *fmt, ...)
{
	va_list	ap;
	char	msg[DIAG_MSG_MAX];

	if (p->failed)
		return -1;	/* the first error is the one that matters */
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	diag_set(p->d, p->path, line, "%s", msg);
	if (where != NULL)
		diag_where(p->d, where);
	p->failed = true;
	return -1;
}

/* The text collected for the element that just ended, as a new string. */
static char *
parse_pts_xml_take(struct pts_parser *p)
{
	return xstrndup(strbuf_str(&p->text), p->text.len);
}

static bool
parse_pts_xml_is(const xmlChar *a, const char *b)
{
	/* The first byte settles most mismatches: this runs per element. */
	return a != NULL && a[0] == (xmlChar)b[0] &&
	    strcmp((const char *)a, b) == 0;
}

/* Is s only white space (or NULL)? PTS writes " " for "nothing" at times. */
static bool
parse_pts_xml_blank(const char *s)
{
	if (s == NULL)
		return true;
	while (*s != '\0' && isspace((unsigned char)*s))
		s++;
	return *s == '\0';
}

/* Replace *dst by s when s has content, else by NULL; frees s. */
static void
parse_pts_xml_set_opt(char **dst, char *s)
{
	free(*dst);
	if (parse_pts_xml_blank(s)) {
		free(s);
		s = NULL;
	}
	*dst = s;
}

static void
parse_pts_xml_sys_clear(struct pts_sys *s)
{
	free(s->identifier);
	free(s->hardware);
	free(s->software);
	free(s->user);
	free(s->timestamp);
	free(s->version);
	free(s->cost);
	free(s->notes);
	free(s->json);
	kv_list_free(&s->other);
	memset(s, 0, sizeof(*s));
}

static void
parse_pts_xml_entry_clear(struct pts_entry *e)
{
	strbuf_reset(&e->identifier);
	free(e->value);
	free(e->raw);
	free(e->json);
	e->value = e->raw = e->json = NULL;
	e->line = e->value_line = 0;
}

static void
parse_pts_xml_start(struct pts_parser *p, int depth, long line)
{
	const xmlChar	*name = p->names[depth];
	const xmlChar	*parent = depth > 0 ? p->names[depth - 1] : NULL;

	if (depth == 0) {
		if (!parse_pts_xml_is(name, "PhoronixTestSuite"))
			parse_pts_xml_fail(p, line, (const char *)name, "root element is "
			    "not PhoronixTestSuite: not a PTS result file");
		return;
	}
	if (depth == 1 && parse_pts_xml_is(name, "System")) {
		parse_pts_xml_sys_clear(&p->sys);
		p->sys.line = line;
	} else if (depth == 1 && (parse_pts_xml_is(name, "Result") ||
	    parse_pts_xml_is(name, "Benchmark"))) {
		if (parse_pts_xml_is(name, "Benchmark"))
			p->old_layout = true;
		parse_pts_xml_test_begin(p, line);
	} else if (depth == 1 && parse_pts_xml_is(name, "Suite"))
		p->old_layout = true;
	else if (parse_pts_xml_is(name, "Entry") && p->in_test &&
	    (parse_pts_xml_is(parent, "Data") || parse_pts_xml_is(parent, "Group"))) {
		parse_pts_xml_entry_clear(&p->entry);
		p->entry.line = line;
	} else if (parse_pts_xml_is(name, "Value") && parse_pts_xml_is(parent, "Entry"))
		p->entry.value_line = line;
}

static void
parse_pts_xml_end(struct pts_parser *p, int depth)
{
	const xmlChar	*name = p->names[depth];
	const xmlChar	*parent = depth > 0 ? p->names[depth - 1] : NULL;

	if (depth == 1) {
		if (parse_pts_xml_is(name, "System"))
			parse_pts_xml_sys_commit(p);
		else if (parse_pts_xml_is(name, "Result") ||
		    parse_pts_xml_is(name, "Benchmark"))
			parse_pts_xml_test_finish(p);
		return;
	}
	if (depth == 2 && parse_pts_xml_is(parent, "Generated"))
		parse_pts_xml_generated_field(p, name);
	else if (depth == 2 && parse_pts_xml_is(parent, "System"))
		parse_pts_xml_sys_field(p, name);
	else if (depth == 2 && parse_pts_xml_is(parent, "Suite"))
		parse_pts_xml_suite_field(p, name);
	else if (depth == 2 && p->in_test &&
	    (parse_pts_xml_is(parent, "Result") || parse_pts_xml_is(parent, "Benchmark")))
		parse_pts_xml_result_field(p, name);
	else if (parse_pts_xml_is(parent, "Entry") && p->in_test)
		parse_pts_xml_entry_field(p, name);
	else if (parse_pts_xml_is(name, "Entry") && p->in_test &&
	    (parse_pts_xml_is(parent, "Data") || parse_pts_xml_is(parent, "Group")))
		parse_pts_xml_entry_commit(p);
}

/*
 * Keep an unknown element's text under its name. Real files have a few;
 * past PTS_MAX_KEPT names the rest is dropped with one warning, so that
 * the linear lookups stay cheap whatever the file holds.
 */
static void
parse_pts_xml_keep(struct pts_parser *p, struct kv_list *l, const char *key,
    const char *value)
{
	if (l->len >= PTS_MAX_KEPT && kv_list_get(l, key) == NULL) {
		if (!p->warned_kept)
			format_warn(p->opt, p->path, parse_pts_xml_line(p),
			    "more than %d unknown elements; the "
			    "others are ignored", PTS_MAX_KEPT);
		p->warned_kept = true;
		return;
	}
	kv_list_set(l, key, value);
}

static void
parse_pts_xml_generated_field(struct pts_parser *p, const xmlChar *name)
{
	struct result_set	*rs = p->rs;
	size_t			 i;

	if (parse_pts_xml_is(name, "Title"))
		parse_pts_xml_set_opt(&rs->title, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "Description"))
		parse_pts_xml_set_opt(&rs->description, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "Notes"))
		parse_pts_xml_set_opt(&rs->notes, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "TestClient") ||
	    parse_pts_xml_is(name, "TestClientString"))
		parse_pts_xml_set_opt(&rs->generator, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "LastModified") ||
	    parse_pts_xml_is(name, "TimeStamp"))
		parse_pts_xml_set_opt(&rs->last_modified, parse_pts_xml_take(p));
	else {
		for (i = 0; i < 3; i++) {
			if (parse_pts_xml_is(name, pts_known_extra[i])) {
				parse_pts_xml_set_opt(&p->known_extra[i], parse_pts_xml_take(p));
				return;
			}
		}
		if (!parse_pts_xml_blank(strbuf_str(&p->text)))
			parse_pts_xml_keep(p, &p->other_extra,
			    (const char *)name, strbuf_str(&p->text));
	}
}

/* Pre-3.0 Suite block: its title and description are the file's. */
static void
parse_pts_xml_suite_field(struct pts_parser *p, const xmlChar *name)
{
	char	*key;

	if (parse_pts_xml_is(name, "Title"))
		parse_pts_xml_set_opt(&p->rs->title, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "Description"))
		parse_pts_xml_set_opt(&p->rs->description, parse_pts_xml_take(p));
	else if (!parse_pts_xml_blank(strbuf_str(&p->text))) {
		key = xasprintf("Suite%s", (const char *)name);
		parse_pts_xml_keep(p, &p->other_extra, key, strbuf_str(&p->text));
		free(key);
	}
}

static void
parse_pts_xml_sys_field(struct pts_parser *p, const xmlChar *name)
{
	struct pts_sys	*s = &p->sys;

	if (parse_pts_xml_is(name, "Identifier") ||
	    parse_pts_xml_is(name, "AssociatedIdentifiers"))
		model_set_str(&s->identifier, strbuf_str(&p->text));
	else if (parse_pts_xml_is(name, "Hardware"))
		model_set_str(&s->hardware, strbuf_str(&p->text));
	else if (parse_pts_xml_is(name, "Software"))
		model_set_str(&s->software, strbuf_str(&p->text));
	else if (parse_pts_xml_is(name, "User") ||
	    parse_pts_xml_is(name, "Author"))
		parse_pts_xml_set_opt(&s->user, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "TimeStamp") ||
	    parse_pts_xml_is(name, "TestDate"))
		parse_pts_xml_set_opt(&s->timestamp, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "TestClientVersion") ||
	    parse_pts_xml_is(name, "Version"))
		parse_pts_xml_set_opt(&s->version, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "CostValueForComparison"))
		parse_pts_xml_set_opt(&s->cost, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "Notes") ||
	    parse_pts_xml_is(name, "TestNotes"))
		parse_pts_xml_set_opt(&s->notes, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "JSON"))
		parse_pts_xml_set_opt(&s->json, parse_pts_xml_take(p));
	else if (!parse_pts_xml_blank(strbuf_str(&p->text)))
		parse_pts_xml_keep(p, &s->other, (const char *)name,
		    strbuf_str(&p->text));
}

/*
 * Systems by identifier through a hash table: a hostile file naming a
 * million systems must not cost a million squared string compares.
 */
static long
parse_pts_xml_find_system(struct pts_parser *p, const char *id)
{
	gpointer	v;

	if (!g_hash_table_lookup_extended(p->sysidx, id, NULL, &v))
		return -1;
	return (long)GPOINTER_TO_SIZE(v);
}

static long
parse_pts_xml_add_system(struct pts_parser *p, const char *id)
{
	size_t	idx;

	idx = result_set_add_system(p->rs, id);
	g_hash_table_insert(p->sysidx, xstrdup(p->rs->systems[idx].identifier),
	    GSIZE_TO_POINTER(idx));
	return (long)idx;
}

static size_t
parse_pts_xml_sysinfo_add(struct pts_parser *p, const char *hw, const char *sw,
    bool placeholder)
{
	struct pts_sysinfo	*i;

	xgrow(&p->info, &p->capinfo, p->ninfo + 1, sizeof(*p->info));
	i = &p->info[p->ninfo];
	i->hardware = xstrdup(hw ? hw : "");
	i->software = xstrdup(sw ? sw : "");
	i->placeholder = placeholder;
	return p->ninfo++;
}

static void
parse_pts_xml_sys_commit(struct pts_parser *p)
{
	struct pts_sys		*s = &p->sys;
	struct system		*sys;
	struct pts_sysinfo	*info;
	long			 idx;
	size_t			 i;

	if (s->identifier == NULL) {
		format_warn(p->opt, p->path, s->line,
		    "System without Identifier: its identifier is empty");
		s->identifier = xstrdup("");
	}
	idx = parse_pts_xml_find_system(p, s->identifier);
	if (idx >= 0 && !p->info[idx].placeholder) {
		/*
		 * Another System block of the same identifier is another system
		 * (docs/pts-xml.md): it gets a name of its own, and the second
		 * Entry of that identifier in each Result is its value.
		 */
		idx = parse_pts_xml_dup_system(p, idx, s);
		parse_pts_xml_sysinfo_add(p, s->hardware, s->software, false);
	} else if (idx < 0) {
		idx = parse_pts_xml_add_system(p, s->identifier);
		parse_pts_xml_sysinfo_add(p, s->hardware, s->software, false);
	} else {
		info = &p->info[idx];
		model_set_str(&info->hardware, s->hardware ? s->hardware : "");
		model_set_str(&info->software, s->software ? s->software : "");
		info->placeholder = false;
	}
	sys = &p->rs->systems[idx];
	pts_split_fields(&sys->fields, s->hardware);
	pts_split_fields(&sys->fields, s->software);
	/* Canonical order, so that a written file reads back the same. */
	if (s->user != NULL)
		kv_list_add(&sys->meta, "User", s->user);
	if (s->timestamp != NULL)
		kv_list_add(&sys->meta, "TimeStamp", s->timestamp);
	if (s->version != NULL)
		kv_list_add(&sys->meta, "TestClientVersion", s->version);
	if (s->cost != NULL)
		kv_list_add(&sys->meta, "CostValueForComparison", s->cost);
	for (i = 0; i < s->other.len; i++)
		kv_list_add(&sys->meta, s->other.items[i].key,
		    s->other.items[i].value);
	model_set_str(&sys->notes_text, s->notes);
	if (s->json != NULL)
		parse_pts_xml_system_json(p, sys, s->json);
}

/*
 * A System block whose identifier an earlier block has (at index first):
 * a new system "ID (k)" (k its block's rank; a number further up when
 * that name is taken), listed under the identifier so Entries find it,
 * with a warning. Returns its index.
 */
static long
parse_pts_xml_dup_system(struct pts_parser *p, long first, const struct pts_sys *s)
{
	GArray		*list;
	char		*name = NULL;
	long		 idx;
	size_t		 k, first_i = (size_t)first;
	const struct pts_sysinfo *info = &p->info[first];
	bool		 same;

	if (p->dups == NULL)
		p->dups = g_hash_table_new_full(g_str_hash, g_str_equal, free,
		    (GDestroyNotify)g_array_unref);
	if ((list = g_hash_table_lookup(p->dups, s->identifier)) == NULL) {
		list = g_array_new(FALSE, FALSE, sizeof(size_t));
		g_array_append_val(list, first_i);
		g_hash_table_insert(p->dups, xstrdup(s->identifier), list);
	}
	for (k = list->len + 1; name == NULL || parse_pts_xml_find_system(p, name) >= 0; k++) {
		free(name);
		name = xasprintf("%s (%zu)", s->identifier, k);
	}
	same = strcmp(info->hardware, s->hardware ? s->hardware : "") == 0 &&
	    strcmp(info->software, s->software ? s->software : "") == 0;
	format_warn(p->opt, p->path, s->line, "System \"%s\" appears again%s: "
	    "kept as a system of its own, \"%s\", whose values are each "
	    "Result's Entry number %u of that identifier", s->identifier,
	    same ? "" : " with different hardware or software", name, list->len + 1);
	idx = parse_pts_xml_add_system(p, name);
	k = (size_t)idx;
	g_array_append_val(list, k);
	free(name);
	return idx;
}

/* Keep System/JSON raw; its string members become notes. */
static void
parse_pts_xml_system_json(struct pts_parser *p, struct system *s, const char *json)
{
	struct json_object	*o;

	model_set_str(&s->json_raw, json);
	o = json_tokener_parse(json);
	if (o == NULL || !json_object_is_type(o, json_type_object)) {
		format_warn(p->opt, p->path, p->sys.line, "System \"%s\": JSON "
		    "is not an object; kept as raw text", s->identifier);
		json_object_put(o);
		return;
	}
	json_object_object_foreach(o, key, val) {
		if (json_object_is_type(val, json_type_string))
			kv_list_add(&s->notes, key, json_object_get_string(val));
		else if (strcmp(key, "benchreport") == 0 &&
		    json_object_is_type(val, json_type_object))
			parse_pts_xml_system_ours(s, val);
	}
	json_object_put(o);
}

/*
 * The "benchreport" member of a System JSON (export-pts.c): run
 * metadata whose keys are not XML names ("fio time"), as [key, value]
 * pairs, after the metadata the System's own elements gave.
 */
static void
parse_pts_xml_system_ours(struct system *s, struct json_object *b)
{
	struct json_object	*x, *pair, *k, *val;
	size_t			 i, n;

	if (!json_object_object_get_ex(b, "meta", &x) ||
	    !json_object_is_type(x, json_type_array))
		return;
	n = json_object_array_length(x);
	for (i = 0; i < n && i < PTS_MAX_KEPT; i++) {
		pair = json_object_array_get_idx(x, i);
		if (!json_object_is_type(pair, json_type_array) ||
		    json_object_array_length(pair) != 2)
			continue;
		k = json_object_array_get_idx(pair, 0);
		val = json_object_array_get_idx(pair, 1);
		if (json_object_is_type(k, json_type_string) &&
		    json_object_is_type(val, json_type_string))
			kv_list_add(&s->meta, json_object_get_string(k),
			    json_object_get_string(val));
	}
}

static void
parse_pts_xml_test_begin(struct pts_parser *p, long line)
{
	struct test	*t;

	t = result_set_add_test(p->rs);
	/* Required elements: present even when the file omits them. */
	model_set_str(&t->identifier, "");
	model_set_str(&t->title, "");
	model_set_str(&t->app_version, "");
	model_set_str(&t->arguments, "");
	model_set_str(&t->description, "");
	model_set_str(&t->unit, "");
	model_set_str(&t->proportion_raw, "");
	model_set_str(&t->display_raw, "");
	p->test = p->rs->ntests - 1;
	p->in_test = true;
	p->test_line = line;
}

static void
parse_pts_xml_result_field(struct pts_parser *p, const xmlChar *name)
{
	struct test	*t = &p->rs->tests[p->test];
	const char	*s = strbuf_str(&p->text);

	/* Modern names first, then their pre-3.0 equivalents. */
	if (parse_pts_xml_is(name, "Identifier") ||
	    parse_pts_xml_is(name, "TestName"))
		model_set_str(&t->identifier, s);
	else if (parse_pts_xml_is(name, "Title") ||
	    parse_pts_xml_is(name, "Name"))
		model_set_str(&t->title, s);
	else if (parse_pts_xml_is(name, "AppVersion") ||
	    parse_pts_xml_is(name, "Version"))
		model_set_str(&t->app_version, s);
	else if (parse_pts_xml_is(name, "Arguments") ||
	    parse_pts_xml_is(name, "TestArguments"))
		model_set_str(&t->arguments, s);
	else if (parse_pts_xml_is(name, "Description") ||
	    parse_pts_xml_is(name, "Attributes"))
		model_set_str(&t->description, s);
	else if (parse_pts_xml_is(name, "Scale"))
		model_set_str(&t->unit, s);
	else if (parse_pts_xml_is(name, "Proportion")) {
		model_set_str(&t->proportion_raw, s);
		t->proportion = proportion_parse(s);
	} else if (parse_pts_xml_is(name, "DisplayFormat") ||
	    parse_pts_xml_is(name, "ResultFormat")) {
		model_set_str(&t->display_raw, s);
		t->display = display_parse(s);
	} else if (parse_pts_xml_is(name, "Annotation"))
		model_set_str(&t->annotation, s);
	else if (parse_pts_xml_is(name, "Parent"))
		model_set_str(&t->parent, s);
}

static void
parse_pts_xml_entry_field(struct pts_parser *p, const xmlChar *name)
{
	struct pts_entry	*e = &p->entry;

	if (parse_pts_xml_is(name, "Identifier")) {
		strbuf_reset(&e->identifier);
		strbuf_adds(&e->identifier, strbuf_str(&p->text));
	} else if (parse_pts_xml_is(name, "Value"))
		parse_pts_xml_set_opt(&e->value, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "RawString"))
		parse_pts_xml_set_opt(&e->raw, parse_pts_xml_take(p));
	else if (parse_pts_xml_is(name, "JSON"))
		parse_pts_xml_set_opt(&e->json, parse_pts_xml_take(p));
}

/*
 * One Entry becomes one value. Several Entries for one system in one Result
 * are all kept, in file order; statistics wait for the Result's end, when
 * DisplayFormat is surely known.
 */
static void
parse_pts_xml_entry_commit(struct pts_parser *p)
{
	struct pts_entry	*e = &p->entry;
	struct test		*t = &p->rs->tests[p->test];
	struct value		*v;
	const char		*id = strbuf_str(&e->identifier);
	GArray			*dl;
	size_t			 k, j, n;
	long			 idx;

	/* Entries usually follow the System order: try the next one first. */
	idx = p->sys_hint < p->rs->nsystems &&
	    strcmp(p->rs->systems[p->sys_hint].identifier, id) == 0 ?
	    (long)p->sys_hint : parse_pts_xml_find_system(p, id);
	/* Several System blocks of this identifier: the n-th Entry is the n-th's. */
	if (p->dups != NULL && (dl = g_hash_table_lookup(p->dups, id)) != NULL) {
		for (k = 0, n = 0; k < t->nvalues; k++)
			for (j = 0; j < dl->len; j++)
				n += t->values[k].system == g_array_index(dl, size_t, j);
		idx = (long)g_array_index(dl, size_t, n < dl->len ? n : 0);
	}
	if (idx < 0) {
		/* Pre-3.0 files put System after the results: wait till the end. */
		idx = parse_pts_xml_add_system(p, id);
		parse_pts_xml_sysinfo_add(p, NULL, NULL, true);
		xgrow(&p->plines, &p->capplines, p->ninfo, sizeof(*p->plines));
		p->plines[idx] = e->line;
	}
	p->sys_hint = (size_t)idx + 1;
	v = test_add_value(t, (size_t)idx);
	/* The strings move into the model: no copies on the hot path. */
	if (e->value != NULL && *e->value != '\0') {
		v->value_text = e->value;
		e->value = NULL;
	}
	v->raw_string = e->raw;
	v->json_raw = e->json;
	e->raw = e->json = NULL;
	xgrow(&p->vlines, &p->capvlines, t->nvalues, sizeof(*p->vlines));
	p->vlines[t->nvalues - 1] = e->value_line ? e->value_line : e->line;
}

/* Parse "a<sep>b<sep>c" into l when every item is a number. */
static bool
parse_pts_xml_numbers(const char *s, char sep, struct dbl_list *l)
{
	const char	*end;
	char		 item[64];
	double		 d;
	size_t		 n;

	for (;;) {
		end = strchr(s, sep);
		n = end != NULL ? (size_t)(end - s) : strlen(s);
		if (n >= sizeof(item) || (memcpy(item, s, n), item[n] = '\0',
		    !pts_number(item, &d))) {
			dbl_list_free(l);
			return false;
		}
		dbl_list_add(l, d);
		if (end == NULL)
			return true;
		s = end + 1;
	}
}

static void
parse_pts_xml_value_fill(struct pts_parser *p, struct test *t, struct value *v,
    long line)
{
	struct series	*s;
	struct dbl_list	 y = { 0 };
	double		 d;

	if (v->json_raw != NULL)
		parse_pts_xml_entry_json_cached(p, t, v);
	if (v->value_text == NULL)
		return;	/* a failed run: absent, with the error if any */
	if (t->display == DISPLAY_LINE) {
		/*
		 * A series has no single PTS value: the mean stays absent
		 * rather than one PTS never showed (docs/pts-xml.md).
		 */
		if (!parse_pts_xml_numbers(v->value_text, ',', &y)) {
			format_warn(p->opt, p->path, line, "LINE_GRAPH Value is "
			    "not a list of numbers; kept as text");
			return;
		}
		s = value_add_series(v, "value");
		model_set_str(&s->unit, t->unit);
		s->y = y;
		return;
	}
	if (!pts_number(v->value_text, &d)) {
		if (t->display == DISPLAY_BAR)
			parse_pts_xml_fail(p, line, "Entry/Value", "\"%.60s\" is not a "
			    "number (Result \"%.60s\" is a %s)", v->value_text,
			    t->title, *t->display_raw ? t->display_raw :
			    "BAR_GRAPH");
		/* PASS_FAIL, IMAGE_COMPARISON...: the text is the result. */
		return;
	}
	/* The stated <Value> is the value; the runs give SE, N, min and max. */
	v->has_mean = true;
	v->mean = d;
	if (v->raw_string != NULL && parse_pts_xml_numbers(v->raw_string, ':', &v->runs)) {
		value_compute_stats(v);
		parse_pts_xml_value_check(p, t, v, line);
		return;
	}
	v->n = 1;
	if (v->raw_string != NULL)
		format_warn(p->opt, p->path, line, "RawString \"%.40s\" is "
		    "not a list of numbers; using Value", v->raw_string);
}

/*
 * A stated Value is its runs' mean rounded to the digits it shows, so it
 * lies between the runs' least and greatest, give or take half its last
 * digit. One outside (12 with runs 1000:2000:3000) contradicts them: it
 * stays the value shown, and a warning and the value's note say so, with
 * the runs' mean beside it.
 */
static void
parse_pts_xml_value_check(struct pts_parser *p, const struct test *t,
    struct value *v, long line)
{
	const char	*dot = strchr(v->value_text, '.');
	double		 lo, hi, sum = 0, half = 0.5;
	char		*note;
	size_t		 i, d;

	if (v->runs.len == 0)
		return;
	lo = hi = v->runs.v[0];
	for (i = 0; i < v->runs.len; i++) {
		lo = fmin(lo, v->runs.v[i]);
		hi = fmax(hi, v->runs.v[i]);
		sum += v->runs.v[i];
	}
	if (dot != NULL)
		for (d = strspn(dot + 1, "0123456789"); d > 0; d--)
			half /= 10;
	half += 1e-9 * fabs(v->mean);
	if (v->mean >= lo - half && v->mean <= hi + half)
		return;
	format_warn(p->opt, p->path, line, "Result \"%.60s\", system \"%s\": "
	    "Value %s lies outside its RawString's runs (%.6g to %.6g, mean "
	    "%.6g): the stated Value is the value shown; SE and N are the runs'",
	    t->title, p->rs->systems[v->system].identifier, v->value_text, lo, hi,
	    sum / (double)v->runs.len);
	note = xasprintf("%s%sValue %s contradicts its runs (%.6g to %.6g, mean "
	    "%.6g): the Value is shown, SE and N are the runs'", v->note != NULL ?
	    v->note : "", v->note != NULL ? "; " : "", v->value_text, lo, hi,
	    sum / (double)v->runs.len);
	free(v->note);
	v->note = note;
}

/* min-result and max-result as single numbers; lists stay in the JSON. */
static bool
parse_pts_xml_json_number(struct json_object *o, const char *key, double *out)
{
	struct json_object	*v;

	if (!json_object_object_get_ex(o, key, &v))
		return false;
	if (json_object_is_type(v, json_type_double) ||
	    json_object_is_type(v, json_type_int)) {
		*out = json_object_get_double(v);
		return true;
	}
	if (json_object_is_type(v, json_type_string))
		return pts_number(json_object_get_string(v), out);
	return false;
}

/* Footnotes are looked up linearly: bounded, so a hostile file stays fast. */
static void
parse_pts_xml_footnote(struct test *t, const char *note)
{
	size_t	i;

	if (t->footnotes.len >= PTS_MAX_KEPT)
		return;
	for (i = 0; i < t->footnotes.len; i++)
		if (strcmp(t->footnotes.items[i], note) == 0)
			return;
	str_list_add(&t->footnotes, note);
}

static void
parse_pts_xml_entry_json(struct test *t, struct value *v)
{
	struct json_object	*o, *co, *x;
	struct strbuf		 sb;
	char			 a[64], b[64];

	/*
	 * Most entries carry only test-run-times: skip the parse unless a key
	 * we use is there (it is the costliest step of a large import).
	 */
	if (strstr(v->json_raw, "-result") == NULL &&
	    strstr(v->json_raw, "\"error\"") == NULL &&
	    strstr(v->json_raw, "compiler-options") == NULL &&
	    strstr(v->json_raw, "install-footnote") == NULL)
		return;
	o = json_tokener_parse(v->json_raw);
	if (o == NULL || !json_object_is_type(o, json_type_object))
		goto out;	/* opaque: kept raw, nothing derived */
	v->has_min = parse_pts_xml_json_number(o, "min-result", &v->min);
	v->has_max = parse_pts_xml_json_number(o, "max-result", &v->max);
	if (v->has_min || v->has_max) {
		strbuf_init(&sb);
		if (v->has_min) {
			text_json_double(v->min, a, sizeof(a));
			strbuf_printf(&sb, "MIN: %s", a);
		}
		if (v->has_max) {
			text_json_double(v->max, b, sizeof(b));
			strbuf_printf(&sb, "%sMAX: %s", v->has_min ? " / " : "", b);
		}
		v->note = strbuf_detach(&sb);
	}
	if (json_object_object_get_ex(o, "error", &x) &&
	    json_object_is_type(x, json_type_string))
		model_set_str(&v->error, json_object_get_string(x));
	if (json_object_object_get_ex(o, "compiler-options", &co) &&
	    json_object_is_type(co, json_type_object)) {
		struct json_object	*ct, *cc, *opts;
		char			*note;

		json_object_object_get_ex(co, "compiler-type", &ct);
		json_object_object_get_ex(co, "compiler", &cc);
		json_object_object_get_ex(co, "compiler-options", &opts);
		/* PTS's footnote: "(CC) gcc options: -O2 ..." */
		note = xasprintf("(%s) %s options: %s",
		    ct ? json_object_get_string(ct) : "",
		    cc ? json_object_get_string(cc) : "",
		    opts ? json_object_get_string(opts) : "");
		parse_pts_xml_footnote(t, note);
		free(note);
	}
	if (json_object_object_get_ex(o, "install-footnote", &x) &&
	    json_object_is_type(x, json_type_string))
		parse_pts_xml_footnote(t, json_object_get_string(x));
out:
	json_object_put(o);
}

/* Numbers of a JSON array into l; other members are skipped. */
static void
parse_pts_xml_json_dbls(struct json_object *a, struct dbl_list *l)
{
	struct json_object	*x;
	size_t			 i, n;

	if (!json_object_is_type(a, json_type_array))
		return;
	n = json_object_array_length(a);
	for (i = 0; i < n; i++) {
		x = json_object_array_get_idx(a, i);
		if (json_object_is_type(x, json_type_double) ||
		    json_object_is_type(x, json_type_int))
			dbl_list_add(l, json_object_get_double(x));
	}
}

/*
 * The value's series as the model had them (names, units, x), instead of
 * the one a LINE_GRAPH Value gives.
 */
static void
parse_pts_xml_entry_series(struct value *v, struct json_object *a)
{
	struct json_object	*so, *x;
	struct series		*s;
	size_t			 i, n;

	for (i = 0; i < v->nseries; i++) {
		free(v->series[i].name);
		free(v->series[i].unit);
		free(v->series[i].x_unit);
		dbl_list_free(&v->series[i].x);
		dbl_list_free(&v->series[i].y);
	}
	v->nseries = 0;
	n = json_object_array_length(a);
	for (i = 0; i < n && i < PTS_MAX_KEPT; i++) {
		so = json_object_array_get_idx(a, i);
		if (!json_object_is_type(so, json_type_object))
			continue;
		s = value_add_series(v, json_object_object_get_ex(so, "name", &x) &&
		    json_object_is_type(x, json_type_string) ?
		    json_object_get_string(x) : "");
		if (json_object_object_get_ex(so, "unit", &x) &&
		    json_object_is_type(x, json_type_string))
			model_set_str(&s->unit, json_object_get_string(x));
		if (json_object_object_get_ex(so, "x_unit", &x) &&
		    json_object_is_type(x, json_type_string))
			model_set_str(&s->x_unit, json_object_get_string(x));
		if (json_object_object_get_ex(so, "x", &x))
			parse_pts_xml_json_dbls(x, &s->x);
		if (json_object_object_get_ex(so, "y", &x))
			parse_pts_xml_json_dbls(x, &s->y);
	}
}

/*
 * The "benchreport" member of an Entry JSON (written by export-pts.c):
 * what the model held that PTS has no element for. Applied once the value
 * is filled from Value and RawString, since it states what those cannot:
 * SE and N without runs (over runs only "no SE"), the row note, a Value that was
 * the writer's and not the source's, and the test's footnotes and facts.
 * Members of the wrong type are ignored; PTS ignores the whole member.
 */
static void
parse_pts_xml_entry_ours(struct test *t, struct value *v)
{
	struct json_object	*o = NULL, *b, *x, *k, *val;
	double			 d;
	size_t			 i, n;

	if (v->json_raw == NULL || strstr(v->json_raw, "\"benchreport\"") == NULL)
		return;
	o = json_tokener_parse(v->json_raw);
	if (o == NULL || !json_object_is_type(o, json_type_object) ||
	    !json_object_object_get_ex(o, "benchreport", &b) ||
	    !json_object_is_type(b, json_type_object))
		goto out;
	if (json_object_object_get_ex(b, "se", &x)) {
		if (x == NULL)
			v->has_se = false;
		else if (v->runs.len == 0 &&
		    json_object_is_type(x, json_type_string) &&
		    pts_number(json_object_get_string(x), &d) && d >= 0) {
			v->has_se = true;
			v->se = d;
		}
	}
	if (v->runs.len == 0 && json_object_object_get_ex(b, "n", &x) &&
	    json_object_is_type(x, json_type_int) &&
	    json_object_get_int64(x) >= 0)
		v->n = (long)json_object_get_int64(x);
	if (json_object_object_get_ex(b, "note", &x)) {
		if (x == NULL)
			model_set_str(&v->note, NULL);
		else if (json_object_is_type(x, json_type_string))
			model_set_str(&v->note, json_object_get_string(x));
	}
	if (json_object_object_get_ex(b, "value-text", &x) &&
	    json_object_is_type(x, json_type_boolean) &&
	    !json_object_get_boolean(x))
		model_set_str(&v->value_text, NULL);
	if (json_object_object_get_ex(b, "series", &x) &&
	    json_object_is_type(x, json_type_array))
		parse_pts_xml_entry_series(v, x);
	if (json_object_object_get_ex(b, "footnotes", &x) &&
	    json_object_is_type(x, json_type_array)) {
		/* The whole list, in order: it already holds PTS's own. */
		str_list_free(&t->footnotes);
		n = json_object_array_length(x);
		for (i = 0; i < n && i < PTS_MAX_KEPT; i++) {
			val = json_object_array_get_idx(x, i);
			if (json_object_is_type(val, json_type_string))
				parse_pts_xml_footnote(t, json_object_get_string(val));
		}
	}
	if (json_object_object_get_ex(b, "facts", &x) &&
	    json_object_is_type(x, json_type_array)) {
		kv_list_free(&t->facts);
		n = json_object_array_length(x);
		for (i = 0; i < n && i < PTS_MAX_KEPT; i++) {
			val = json_object_array_get_idx(x, i);
			if (!json_object_is_type(val, json_type_array) ||
			    json_object_array_length(val) != 2)
				continue;
			k = json_object_array_get_idx(val, 0);
			val = json_object_array_get_idx(val, 1);
			if (json_object_is_type(k, json_type_string) &&
			    json_object_is_type(val, json_type_string))
				kv_list_add(&t->facts, json_object_get_string(k),
				    json_object_get_string(val));
		}
	}
out:
	json_object_put(o);
}

/*
 * Entries of one Result often carry the same JSON but for their run times
 * (compiler flags): derive once, copy after, since json-c's parse is the
 * dearest step of a large file.
 */
static void
parse_pts_xml_entry_json_cached(struct pts_parser *p, struct test *t, struct value *v)
{
	const char	*rt, *end;
	struct strbuf	*key = &p->json_cut;

	strbuf_reset(key);
	rt = strstr(v->json_raw, "\"test-run-times\":\"");
	end = rt != NULL ? strchr(rt + 18, '"') : NULL;
	/* An escaped quote would end the cut early: then no cut at all. */
	if (end != NULL && memchr(rt + 18, '\\', (size_t)(end - rt - 18)) == NULL) {
		strbuf_add(key, v->json_raw, (size_t)(rt - v->json_raw));
		strbuf_adds(key, end + 1);
	} else
		strbuf_adds(key, v->json_raw);
	if (p->json_from != NULL && strcmp(strbuf_str(key),
	    strbuf_str(&p->json_key)) == 0) {
		v->has_min = p->json_has_min;
		v->min = p->json_min;
		v->has_max = p->json_has_max;
		v->max = p->json_max;
		model_set_str(&v->note, p->json_from->note);
		model_set_str(&v->error, p->json_from->error);
	} else {
		parse_pts_xml_entry_json(t, v);
		strbuf_reset(&p->json_key);
		strbuf_adds(&p->json_key, strbuf_str(key));
		p->json_has_min = v->has_min;
		p->json_min = v->min;
		p->json_has_max = v->has_max;
		p->json_max = v->max;
	}
	p->json_from = v;
}

static void
parse_pts_xml_test_finish(struct pts_parser *p)
{
	struct test	*t = &p->rs->tests[p->test];
	char		*hash;
	gpointer	 first;
	size_t		 i;

	p->in_test = false;
	p->json_from = NULL;	/* footnotes belong to one Result */
	for (i = 0; i < t->nvalues && !p->failed; i++) {
		parse_pts_xml_value_fill(p, t, &t->values[i], p->vlines[i]);
		parse_pts_xml_entry_ours(t, &t->values[i]);
	}
	/* Same comparison hash: PTS would keep only this Result's data. */
	hash = pts_hash(t);
	if (g_hash_table_lookup_extended(p->hashes, hash, NULL, &first)) {
		format_warn(p->opt, p->path, p->test_line, "Result \"%s\" has "
		    "the same identity as the one at line %ld; both kept",
		    t->title, (long)GPOINTER_TO_SIZE(first));
		free(hash);
	} else
		g_hash_table_insert(p->hashes, hash,
		    GSIZE_TO_POINTER((gsize)p->test_line));
	/* Streaming: hand the finished Result over and forget it. */
	if (p->failed || p->stream == NULL)
		return;
	if (p->stream->test_done(p->rs, p->stream->arg, p->d) == -1) {
		p->failed = true;
		return;
	}
	result_set_pop_test(p->rs);
}

/* A pre-3.0 file states its date only in a "Generated:" comment. */
static void
parse_pts_xml_comment(struct pts_parser *p, const char *text)
{
	const char	*s;

	while (isspace((unsigned char)*text))
		text++;
	if (strncmp(text, "Generated:", 10) != 0)
		return;
	s = text + 10;
	while (isspace((unsigned char)*s))
		s++;
	parse_pts_xml_set_opt(&p->comment_date, g_strchomp(xstrdup(s)));
}

static void
parse_pts_xml_finish(struct pts_parser *p)
{
	struct result_set	*rs = p->rs;
	size_t			 i;

	for (i = 0; i < 3; i++)
		if (p->known_extra[i] != NULL)
			kv_list_add(&rs->extra, pts_known_extra[i],
			    p->known_extra[i]);
	for (i = 0; i < p->other_extra.len; i++)
		kv_list_add(&rs->extra, p->other_extra.items[i].key,
		    p->other_extra.items[i].value);
	for (i = 0; i < p->ninfo; i++)
		if (p->info[i].placeholder)
			format_warn(p->opt, p->path, p->plines[i], "Entry for "
			    "\"%s\", which has no System block: system added "
			    "without details", rs->systems[i].identifier);
	if (p->old_layout && rs->last_modified == NULL && p->comment_date)
		rs->last_modified = xstrdup(p->comment_date);
	if (rs->title != NULL && strchr(rs->title, '$') != NULL)
		format_warn(p->opt, p->path, 0, "title \"%s\" looks like an "
		    "unexpanded placeholder", rs->title);
}

static int
parse_pts_xml_read(const char *path, const struct read_options *opt,
    struct result_set *rs, struct diag *d)
{
	return parse_pts_xml_read_stream(path, opt, NULL, rs, d);
}

/* The parser's current line: where the last event ended. */
static long
parse_pts_xml_line(const struct pts_parser *p)
{
	return p->ctxt != NULL && p->ctxt->input != NULL ?
	    (long)p->ctxt->input->line : 0;
}

/* Stop libxml2 after the first error of ours: nothing more is read. */
static void
parse_pts_xml_stop(struct pts_parser *p)
{
	if (p->failed && p->ctxt != NULL)
		xmlStopParser(p->ctxt);
}

/*
 * SAX2 start tag. Element names are compared by their qualified name, as
 * xmlTextReaderConstName gave them (no PTS file uses namespaces), and
 * live in the parser's dictionary until the end of the parse.
 */
static void
parse_pts_xml_sax_start(void *arg, const xmlChar *local, const xmlChar *prefix,
    const xmlChar *uri, int nns, const xmlChar **ns, int nattr, int ndef,
    const xmlChar **attrs)
{
	struct pts_parser	*p = arg;
	int			 depth = p->depth;
	long			 line = parse_pts_xml_line(p);

	if (p->failed)
		return;
	if (depth > PTS_MAX_DEPTH) {
		parse_pts_xml_fail(p, line, NULL, "elements nested deeper than "
		    "%d levels", PTS_MAX_DEPTH);
		parse_pts_xml_stop(p);
		return;
	}
	if (depth > 0)
		p->had_child[depth - 1] = true;
	p->root_seen = true;
	p->names[depth] = prefix == NULL ? local :
	    xmlDictQLookup(p->ctxt->dict, prefix, local);
	p->had_child[depth] = p->first_text[depth] = false;
	p->depth = depth + 1;
	p->open = depth + 1;
	strbuf_reset(&p->text);
	parse_pts_xml_start(p, depth, line);
	parse_pts_xml_stop(p);
}

/* Is s[0..len) only XML white space? */
static bool
parse_pts_xml_blank_n(const char *s, size_t len)
{
	size_t	i;

	for (i = 0; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
			return false;
	return true;
}

static void
parse_pts_xml_sax_end(void *arg, const xmlChar *local, const xmlChar *prefix,
    const xmlChar *uri)
{
	struct pts_parser	*p = arg;
	int			 depth = p->depth - 1;

	if (p->failed || depth < 0)
		return;
	/*
	 * White space after a child node is no text of the element unless its
	 * first child was text: what the reader's NOBLANKS kept before.
	 */
	if (p->had_child[depth] && !p->first_text[depth] &&
	    parse_pts_xml_blank_n(strbuf_str(&p->text), p->text.len))
		strbuf_reset(&p->text);
	parse_pts_xml_end(p, depth);
	p->depth = depth;
	p->open = depth;
	strbuf_reset(&p->text);
	parse_pts_xml_stop(p);
}

static void
parse_pts_xml_sax_text(void *arg, const xmlChar *v, int len)
{
	struct pts_parser	*p = arg;
	size_t			 n = len > 0 ? (size_t)len : 0;

	if (p->failed || p->depth == 0)
		return;
	if (!p->had_child[p->depth - 1] && !p->first_text[p->depth - 1] &&
	    !parse_pts_xml_blank_n((const char *)v, n))
		p->first_text[p->depth - 1] = true;
	if (p->text.len + n > PTS_MAX_TEXT) {
		parse_pts_xml_fail(p, parse_pts_xml_line(p), NULL, "element "
		    "text longer than %zu bytes", PTS_MAX_TEXT);
		parse_pts_xml_stop(p);
		return;
	}
	strbuf_add(&p->text, (const char *)v, n);
}

static void
parse_pts_xml_sax_comment(void *arg, const xmlChar *v)
{
	struct pts_parser	*p = arg;

	if (p->failed)
		return;
	if (!p->root_seen)
		parse_pts_xml_comment(p, (const char *)v);
	else if (p->depth > 0)
		p->had_child[p->depth - 1] = true;
}

static void
parse_pts_xml_sax_pi(void *arg, const xmlChar *target, const xmlChar *data)
{
	struct pts_parser	*p = arg;

	if (p->depth > 0)
		p->had_child[p->depth - 1] = true;
}

/* A DOCTYPE that passed the prolog check, or an entity reference. */
static void
parse_pts_xml_sax_refuse(struct pts_parser *p)
{
	if (p->failed)
		return;
	parse_pts_xml_fail(p, parse_pts_xml_line(p), NULL, "entity or DOCTYPE "
	    "refused");
	parse_pts_xml_stop(p);
}

static void
parse_pts_xml_sax_subset(void *arg, const xmlChar *name, const xmlChar *ext,
    const xmlChar *sys)
{
	parse_pts_xml_sax_refuse(arg);
}

static void
parse_pts_xml_sax_reference(void *arg, const xmlChar *name)
{
	parse_pts_xml_sax_refuse(arg);
}

/*
 * The file as our own descriptor (libxml2 would open "-" or decompress
 * .gz), its prolog checked, and a SAX2 push parser for it: about half
 * the work of xmlTextReader, which builds and frees a node per node.
 * Returns -1 with d set.
 */
static int
parse_pts_xml_open(struct pts_parser *p, const char *path, int *fd,
    struct diag *d)
{
	xmlSAXHandler	sax;
	struct stat	st;
	char		head[4];
	ssize_t		n;

	*fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (*fd == -1) {
		diag_set(d, path, 0, "%s", strerror(errno));
		return -1;
	}
	if (fstat(*fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		diag_set(d, path, 0, "not a regular file");
		return -1;
	}
	if (parse_pts_xml_check_prolog(*fd, path, d) == -1)
		return -1;
	if (lseek(*fd, 0, SEEK_SET) == -1) {
		diag_set(d, path, 0, "lseek: %s", strerror(errno));
		return -1;
	}
	memset(&sax, 0, sizeof(sax));
	sax.initialized = XML_SAX2_MAGIC;
	sax.startElementNs = parse_pts_xml_sax_start;
	sax.endElementNs = parse_pts_xml_sax_end;
	sax.characters = parse_pts_xml_sax_text;
	/* White space is text here; the end tag decides (see _sax_end). */
	sax.ignorableWhitespace = parse_pts_xml_sax_text;
	sax.comment = parse_pts_xml_sax_comment;
	sax.processingInstruction = parse_pts_xml_sax_pi;
	sax.internalSubset = parse_pts_xml_sax_subset;
	sax.externalSubset = parse_pts_xml_sax_subset;
	sax.reference = parse_pts_xml_sax_reference;
	sax.serror = parse_pts_xml_error;
	/* The first bytes tell the encoding, as xmlTextReader gives them. */
	do
		n = read(*fd, head, sizeof(head));
	while (n == -1 && errno == EINTR);
	if (n == -1) {
		diag_set(d, path, 0, "read: %s", strerror(errno));
		return -1;
	}
	p->ctxt = xmlCreatePushParserCtxt(&sax, p, head, (int)n, path);
	if (p->ctxt == NULL) {
		diag_set(d, path, 0, "cannot open for XML parsing");
		return -1;
	}
	/*
	 * No network, no DTD loading, no entity substitution (the defaults,
	 * spelt out by leaving DTDLOAD and NOENT off); CDATA as text.
	 */
	xmlCtxtUseOptions(p->ctxt, XML_PARSE_NONET | XML_PARSE_NOCDATA |
	    XML_PARSE_BIG_LINES | XML_PARSE_NOWARNING);
	return 0;
}

/* Everything the parser holds; the result set is the caller's. */
static void
parse_pts_xml_parser_free(struct pts_parser *p)
{
	size_t	i;

	if (p->ctxt != NULL) {
		if (p->ctxt->myDoc != NULL)
			xmlFreeDoc(p->ctxt->myDoc);
		xmlFreeParserCtxt(p->ctxt);
	}
	parse_pts_xml_sys_clear(&p->sys);
	parse_pts_xml_entry_clear(&p->entry);
	strbuf_free(&p->entry.identifier);
	strbuf_free(&p->json_key);
	strbuf_free(&p->json_cut);
	for (i = 0; i < p->ninfo; i++) {
		free(p->info[i].hardware);
		free(p->info[i].software);
	}
	free(p->info);
	for (i = 0; i < 3; i++)
		free(p->known_extra[i]);
	kv_list_free(&p->other_extra);
	free(p->comment_date);
	free(p->vlines);
	free(p->plines);
	g_hash_table_destroy(p->hashes);
	g_hash_table_destroy(p->sysidx);
	if (p->dups != NULL)
		g_hash_table_destroy(p->dups);
	strbuf_free(&p->text);
}

/* Feed the file to the push parser in large pieces. 0, or -1 (failed). */
static int
parse_pts_xml_feed(struct pts_parser *p, int fd)
{
	char		*buf = xmalloc(PTS_CHUNK);
	ssize_t		 n;

	while (!p->failed) {
		n = read(fd, buf, PTS_CHUNK);
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			parse_pts_xml_fail(p, parse_pts_xml_line(p), NULL,
			    "read: %s", strerror(errno));
			break;
		}
		(void)xmlParseChunk(p->ctxt, buf, (int)n, n == 0);
		if (n == 0)
			break;
	}
	free(buf);
	return p->failed ? -1 : 0;
}

static int
parse_pts_xml_read_stream(const char *path, const struct read_options *opt,
    const struct read_stream *stream, struct result_set *rs, struct diag *d)
{
	struct pts_parser	 p;
	int			 fd = -1, rc = -1;

	memset(&p, 0, sizeof(p));
	p.path = path;
	p.opt = opt;
	p.stream = stream;
	p.rs = rs;
	p.d = d;
	strbuf_init(&p.text);
	strbuf_init(&p.entry.identifier);
	strbuf_init(&p.json_key);
	strbuf_init(&p.json_cut);
	p.hashes = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	p.sysidx = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	if (parse_pts_xml_open(&p, path, &fd, d) == -1)
		goto out;
	if (parse_pts_xml_feed(&p, fd) == -1)
		goto out;
	if (!p.ctxt->wellFormed) {
		parse_pts_xml_fail(&p, parse_pts_xml_line(&p), NULL,
		    "XML parse error");
		goto out;
	}
	if (!p.root_seen) {
		diag_set(d, path, 0, "no root element");
		goto out;
	}
	parse_pts_xml_finish(&p);
	rc = 0;
out:
	parse_pts_xml_parser_free(&p);
	if (fd != -1)
		close(fd);
	return rc;
}
