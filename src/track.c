/* SPDX-License-Identifier: ISC */
/*
 * Series out of the store, and their change points. One pass over the
 * values the query selects (systems found through their identifier's
 * index when one is named), grouped by test and system identity in a
 * hash table; facts and labels read per system or set, once each, only
 * where an identity, an order or a change point needs them. The
 * statistics are track-cp.c's; this file knows nothing of output.
 */
#include <ctype.h>
#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#include "store-impl.h"
#include "strbuf.h"
#include "track.h"
#include "xalloc.h"

/*
 * The values with what a point and its series key need, in the order
 * that is cheapest (points are sorted per series afterwards); a value
 * the source does not state (mean NULL) is skipped as the row is read.
 * A series is a test identity (results.test_key, store_test_key: one
 * integer for the test's identifier, title, arguments and unit, kept
 * with each value) and a system identity. The whole store reads values
 * alone: a system's set, identifier and import time are looked up once
 * per system (track_when_of), and a series' texts once, from its first
 * value's test, all series in a few queries after the pass
 * (track_texts): no value is joined to its test, and no text is
 * copied per value. --test joins them, for the texts it matches. With a system named, its systems come from
 * systems(identifier), their sets' tests from tests(set_id, pos) and
 * the values from results(test_id, pos): no scan of the store.
 */
#define TRACK_SQL_COLS(set, texts) \
	"SELECT " set ", v.system_id, v.test_key, v.mean, v.se, v.n," \
	"  v.test_id, " texts
#define TRACK_SQL_ALL TRACK_SQL_COLS("NULL", "NULL, NULL, NULL") \
	"  FROM results v"
#define TRACK_SQL_TEST TRACK_SQL_COLS("t.set_id", \
	"t.identifier, t.title, t.description") \
	"  FROM results v JOIN tests t ON t.id = v.test_id"
#define TRACK_SQL_SYSTEM TRACK_SQL_COLS("t.set_id", \
	"t.identifier, t.title, t.description") \
	", s.identifier, rs.imported_at" \
	"  FROM results v JOIN tests t ON t.id = v.test_id" \
	"  JOIN systems s ON s.id = v.system_id" \
	"  JOIN result_sets rs ON rs.id = t.set_id" \
	"  WHERE t.set_id = s.set_id AND s.identifier = ?"
enum {
	TRACK_COL_SET,				/* NULL in TRACK_SQL_ALL */
	TRACK_COL_SYSTEM, TRACK_COL_KEY, TRACK_COL_MEAN,
	TRACK_COL_SE, TRACK_COL_N, TRACK_COL_TEST_ROW,
	TRACK_COL_TEST_ID, TRACK_COL_TITLE, TRACK_COL_DESC, /* --test's */
	TRACK_COL_IDENT, TRACK_COL_IMPORTED	/* TRACK_SQL_SYSTEM's only */
};
/* Tests whose texts one query reads (track_texts). */
#define TRACK_TEXT_BATCH	500

/* A series: its test identity and its system identity (pooled). */
struct track_key {
	int64_t		 test;
	const char	*ident;
};

/* A series and the test row its texts come from. */
struct track_first {
	int64_t		 test;
	size_t		 series;
};

/* What one build keeps open: statements and the caches of facts and labels. */
struct track_ctx {
	struct store		*st;
	const struct track_query *q;
	struct store_stmt	*facts;
	struct store_stmt	*labels;
	struct store_stmt	*stamp;		/* a system's TimeStamp */
	struct store_stmt	*fiotime;	/* a set's fio time */
	struct store_stmt	*sysrow;	/* a system's identifier, its set's import time */
	GHashTable		*sys_when;	/* system id -> struct track_when_of */
	struct track_when_of	**whens;	/* the same, in the order read */
	size_t			 nwhens, capwhens;
	struct strbuf		 ident;		/* scratch of track_row */
	GHashTable		*sys_facts;	/* system id -> struct fact_list */
	GHashTable		*set_labels;	/* set id -> struct kv_list */
	GHashTable		*index;		/* struct track_key -> index + 1 */
	struct track_first	*firsts;	/* every series' first test row */
	size_t			 nfirsts, capfirsts;
	struct track_result	*out;
	size_t			 cap;
};

/* When a system's results were made, as track_when_of finds it. */
struct track_when_of {
	const char	*when;		/* in the result's pool */
	enum track_when	 src;
	const char	*system;	/* its identifier, in the pool */
	int64_t		 set, sys;
	size_t		 rank;		/* order read, then by (when, set, system) */
};

static int	 track_when_of(struct track_ctx *, int64_t, const char *,
		    const char *, int64_t, const struct track_when_of **,
		    struct diag *);
static int	 track_load_facts(struct track_ctx *, int64_t,
		    const struct fact_list **, struct diag *);
static int	 track_load_labels(struct track_ctx *, int64_t,
		    const struct kv_list **, struct diag *);
static void	 track_fact_list_destroy(gpointer);
static void	 track_kv_list_destroy(gpointer);
static char	*track_fio_time(const char *);
static bool	 track_test_matches(const char *, const char *, const char *,
		    const char *);
static bool	 track_in_range(const struct track_query *, const char *);
static guint	 track_key_hash(gconstpointer);
static gboolean	 track_key_equal(gconstpointer, gconstpointer);
static int	 track_row(struct track_ctx *, struct store_stmt *,
		    struct diag *);
static int	 track_texts(struct track_ctx *, struct diag *);
static int	 track_cmp_first(const void *, const void *);
static int	 track_cmp_when(const void *, const void *);
static void	 track_rank(struct track_ctx *);
static int	 track_cmp_str(const void *, const void *);
static void	 track_sort_points(struct track_series *,
		    int (*)(const void *, const void *));
static int	 track_cmp_series(const void *, const void *);
static int	 track_cmp_points_time(const void *, const void *);
static int	 track_cmp_points_key(const void *, const void *);
static int	 track_changes(struct track_ctx *, struct track_series *,
		    struct diag *);
static int	 track_diff_facts(struct track_ctx *, struct track_change *,
		    const struct track_point *, const struct track_point *,
		    struct diag *);
static void	 track_add_change(struct track_change *, const char *,
		    const char *, const char *);
static int	 track_strcmp0(const char *, const char *);
static double	 track_cpu(void);

/* Seconds of CPU this process has used. */
static double
track_cpu(void)
{
	struct timespec	 ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) == -1)
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
track_query_init(struct track_query *q)
{
	memset(q, 0, sizeof(*q));
	q->order = TRACK_BY_TIME;
	track_cp_defaults(&q->cp);
}

int
track_vercmp(const char *a, const char *b)
{
	const char	*ea, *eb;
	size_t		 la, lb;
	int		 c;

	while (*a != '\0' && *b != '\0') {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			while (*a == '0' && isdigit((unsigned char)a[1]))
				a++;
			while (*b == '0' && isdigit((unsigned char)b[1]))
				b++;
			for (ea = a; isdigit((unsigned char)*ea); ea++)
				;
			for (eb = b; isdigit((unsigned char)*eb); eb++)
				;
			la = (size_t)(ea - a);
			lb = (size_t)(eb - b);
			if (la != lb)
				return la < lb ? -1 : 1;
			if ((c = memcmp(a, b, la)) != 0)
				return c;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

const char *
track_verdict(const struct track_change *c)
{
	if (c->regression)
		return "regression";
	if (c->improvement)
		return "improvement";
	return "change";
}

static int
track_strcmp0(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a != NULL) - (b != NULL);
	return strcmp(a, b);
}

static void
track_fact_list_destroy(gpointer p)
{
	fact_list_free(p);
	free(p);
}

static void
track_kv_list_destroy(gpointer p)
{
	kv_list_free(p);
	free(p);
}

/* The normalised facts of system id, read once. */
static int
track_load_facts(struct track_ctx *c, int64_t id, const struct fact_list **out,
    struct diag *d)
{
	struct fact_list	*l;
	int			 step;

	if ((*out = g_hash_table_lookup(c->sys_facts, &id)) != NULL)
		return 0;
	if (store_prepare(c->st, &c->facts, "SELECT key, value, source FROM"
	    " system_facts WHERE system_id = ? ORDER BY pos", d) == -1 ||
	    store_query(c->st, c->facts, d, "i", id) == -1)
		return -1;
	l = xcalloc(1, sizeof(*l));
	while ((step = store_next(c->st, c->facts, d)) == 1)
		fact_list_set(l, store_col_text(c->st, c->facts, 0),
		    store_col_text(c->st, c->facts, 1),
		    store_col_text(c->st, c->facts, 2));
	if (step == -1) {
		track_fact_list_destroy(l);
		return -1;
	}
	g_hash_table_insert(c->sys_facts, g_memdup2(&id, sizeof(id)), l);
	*out = l;
	return 0;
}

/* The labels of set id, by key, read once. */
static int
track_load_labels(struct track_ctx *c, int64_t id, const struct kv_list **out,
    struct diag *d)
{
	struct kv_list	*l;
	int		 step;

	if ((*out = g_hash_table_lookup(c->set_labels, &id)) != NULL)
		return 0;
	if (store_prepare(c->st, &c->labels, "SELECT key, value FROM"
	    " result_set_labels WHERE set_id = ? ORDER BY key", d) == -1 ||
	    store_query(c->st, c->labels, d, "i", id) == -1)
		return -1;
	l = xcalloc(1, sizeof(*l));
	while ((step = store_next(c->st, c->labels, d)) == 1)
		kv_list_add(l, store_col_text(c->st, c->labels, 0),
		    store_col_text(c->st, c->labels, 1));
	if (step == -1) {
		track_kv_list_destroy(l);
		return -1;
	}
	g_hash_table_insert(c->set_labels, g_memdup2(&id, sizeof(id)), l);
	*out = l;
	return 0;
}

/*
 * When the results of system sys (of set set, imported at imported) were
 * made: its TimeStamp, else its set's fio time, else the import time;
 * and its identifier ident. Looked up once per system; a row that has no
 * identifier and import time (NULL, the whole store's query) has them
 * read here.
 */
static int
track_when_of(struct track_ctx *c, int64_t sys, const char *imported,
    const char *ident, int64_t set, const struct track_when_of **out,
    struct diag *d)
{
	struct track_when_of	*w;
	const char		*v = NULL;
	char			*fio = NULL;
	int			 step;

	if ((*out = g_hash_table_lookup(c->sys_when, &sys)) != NULL)
		return 0;
	w = xcalloc(1, sizeof(*w));
	if (ident == NULL) {
		if (store_prepare(c->st, &c->sysrow, "SELECT s.identifier,"
		    " rs.imported_at, s.set_id FROM systems s JOIN result_sets"
		    " rs ON rs.id = s.set_id WHERE s.id = ?", d) == -1 ||
		    store_query(c->st, c->sysrow, d, "i", sys) == -1 ||
		    (step = store_next(c->st, c->sysrow, d)) == -1)
			goto fail;
		if (step == 1) {
			ident = store_col_text(c->st, c->sysrow, 0);
			imported = store_col_text(c->st, c->sysrow, 1);
			set = store_col_int(c->st, c->sysrow, 2);
		}
		/* Pooled now: the row is gone at the next query. */
		imported = g_string_chunk_insert_const(c->out->strings,
		    imported != NULL ? imported : "");
	}
	w->system = g_string_chunk_insert_const(c->out->strings,
	    ident != NULL ? ident : "");
	if (store_prepare(c->st, &c->stamp, "SELECT value FROM system_fields"
	    " WHERE system_id = ? AND kind = 'meta' AND key = 'TimeStamp'"
	    " ORDER BY pos LIMIT 1", d) == -1 ||
	    store_query(c->st, c->stamp, d, "i", sys) == -1 ||
	    (step = store_next(c->st, c->stamp, d)) == -1)
		goto fail;
	if (step == 1)
		v = store_col_text(c->st, c->stamp, 0);
	if (v != NULL && *v != '\0')
		w->when = g_string_chunk_insert_const(c->out->strings, v);
	else {
		if (store_prepare(c->st, &c->fiotime, "SELECT value FROM"
		    " result_set_extra WHERE set_id = ? AND key = 'fio time'"
		    " ORDER BY pos LIMIT 1", d) == -1 ||
		    store_query(c->st, c->fiotime, d, "i", set) == -1 ||
		    (step = store_next(c->st, c->fiotime, d)) == -1)
			goto fail;
		if (step == 1 && (fio = track_fio_time(store_col_text(c->st,
		    c->fiotime, 0))) != NULL)
			w->when = g_string_chunk_insert_const(c->out->strings,
			    fio);
		else {
			w->when = g_string_chunk_insert_const(c->out->strings,
			    imported != NULL ? imported : "");
			w->src = TRACK_WHEN_IMPORTED;
		}
		free(fio);
	}
	w->set = set;
	w->sys = sys;
	w->rank = c->nwhens;
	if (c->nwhens == c->capwhens)
		xgrow(&c->whens, &c->capwhens, c->nwhens + 1, sizeof(*c->whens));
	c->whens[c->nwhens++] = w;
	g_hash_table_insert(c->sys_when, g_memdup2(&sys, sizeof(sys)), w);
	*out = w;
	return 0;
fail:
	free(w);
	return -1;
}

/*
 * fio's "time" ("Thu Mar 21 15:02:40 2024", local time of the run, no
 * zone stated) as "YYYY-MM-DD HH:MM:SS", or NULL when it is not that.
 */
static char *
track_fio_time(const char *s)
{
	static const char	 months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	char			 wd[8], mon[8];
	const char		*m;
	int			 day, h, mi, sec, year;

	if (s == NULL || sscanf(s, "%7s %7s %d %d:%d:%d %d", wd, mon, &day, &h,
	    &mi, &sec, &year) != 7 || strlen(mon) != 3 ||
	    (m = strstr(months, mon)) == NULL || (m - months) % 3 != 0 ||
	    day < 1 || day > 31 || h < 0 || h > 23 || mi < 0 || mi > 59 ||
	    sec < 0 || sec > 60 || year < 1970 || year > 9999)
		return NULL;
	return xasprintf("%04d-%02d-%02d %02d:%02d:%02d", year,
	    (int)(m - months) / 3 + 1, day, h, mi, sec);
}

bool
track_glob(const char *glob, const char *s)
{
	char	*g, *t, *p;
	bool	 hit;

	if (s == NULL)
		return false;
	g = xstrdup(glob);
	t = xstrdup(s);
	for (p = g; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	for (p = t; *p != '\0'; p++)
		*p = (char)tolower((unsigned char)*p);
	hit = fnmatch(g, t, 0) == 0;
	free(g);
	free(t);
	return hit;
}

/* Whether the glob matches the test's identifier, title or description. */
static bool
track_test_matches(const char *glob, const char *id, const char *title,
    const char *desc)
{
	if (glob == NULL)
		return true;
	return track_glob(glob, id) || track_glob(glob, title) ||
	    track_glob(glob, desc);
}

/* Whether when lies in [since, until], each compared to its own length. */
static bool
track_in_range(const struct track_query *q, const char *when)
{
	if (q->since != NULL && strcmp(when, q->since) < 0)
		return false;
	if (q->until != NULL &&
	    strncmp(when, q->until, strlen(q->until)) > 0)
		return false;
	return true;
}

static guint
track_key_hash(gconstpointer v)
{
	const struct track_key	*k = v;
	uint64_t		 h;

	/* The test key is a SHA-256's bytes already; the identity pooled. */
	h = (uint64_t)k->test ^ (uint64_t)(uintptr_t)k->ident *
	    0x9e3779b97f4a7c15ULL;
	return (guint)(h ^ h >> 32);
}

static gboolean
track_key_equal(gconstpointer va, gconstpointer vb)
{
	const struct track_key	*a = va, *b = vb;

	return a->test == b->test && a->ident == b->ident;
}

/*
 * One row of the values query into its series. What a new series needs
 * alone (its test's description and proportion) is read only for one.
 */
static int
track_row(struct track_ctx *c, struct store_stmt *s, struct diag *d)
{
	struct store		*st = c->st;
	const struct track_query *q = c->q;
	const struct fact_list	*facts = NULL;
	const struct kv_list	*labels;
	const struct fact	*f;
	const char		*v;
	struct track_series	*se;
	struct track_point	 pt;
	struct track_key	 key, *kp;
	struct strbuf		*ident = &c->ident;
	const struct track_when_of *wo;
	const char		*k = NULL;
	int64_t			 set_id;
	double			 value;
	bool			 stated;
	gpointer		 hit;
	size_t			 i, at;
	bool			 all;

	value = store_col_dbl(st, s, TRACK_COL_MEAN, &stated);
	if (!stated)
		return 0;
	if (q->test != NULL && !track_test_matches(q->test,
	    store_col_text(st, s, TRACK_COL_TEST_ID),
	    store_col_text(st, s, TRACK_COL_TITLE),
	    store_col_text(st, s, TRACK_COL_DESC)))
		return 0;
	memset(&pt, 0, sizeof(pt));
	pt.system_id = store_col_int(st, s, TRACK_COL_SYSTEM);
	if (track_when_of(c, pt.system_id, q->system != NULL ?
	    store_col_text(st, s, TRACK_COL_IMPORTED) : NULL, q->system != NULL ?
	    store_col_text(st, s, TRACK_COL_IDENT) : NULL, q->system != NULL ?
	    store_col_int(st, s, TRACK_COL_SET) : -1, &wo, d) == -1)
		return -1;
	set_id = wo->set;
	if (q->nsets > 0) {
		for (i = 0; i < q->nsets && q->sets[i] != set_id; i++)
			;
		if (i == q->nsets)
			return 0;
	}
	if (!track_in_range(q, wo->when))
		return 0;
	if (q->order == TRACK_BY_FACT || (q->match != NULL && q->match->len > 0))
		if (track_load_facts(c, pt.system_id, &facts, d) == -1)
			return -1;
	if (q->order == TRACK_BY_FACT) {
		if ((f = fact_list_get(facts, q->by)) == NULL || f->value == NULL) {
			c->out->unordered++;
			return 0;
		}
		k = g_string_chunk_insert_const(c->out->strings, f->value);
	} else if (q->order == TRACK_BY_LABEL) {
		if (track_load_labels(c, set_id, &labels, d) == -1)
			return -1;
		if ((v = kv_list_get(labels, q->by)) == NULL) {
			c->out->unordered++;
			return 0;
		}
		k = g_string_chunk_insert_const(c->out->strings, v);
	}
	/*
	 * The identity: the identifier, or the --match facts when all are
	 * stated; pooled, so that one identity is one pointer.
	 */
	key.test = store_col_int(st, s, TRACK_COL_KEY);
	key.ident = wo->system;
	all = q->match != NULL && q->match->len > 0;
	if (all) {
		strbuf_reset(ident);
		for (i = 0; all && i < q->match->len; i++) {
			if ((f = fact_list_get(facts, q->match->items[i])) ==
			    NULL || f->value == NULL) {
				all = false;
				break;
			}
			strbuf_printf(ident, "%s%s=%s", i > 0 ? ", " : "",
			    q->match->items[i], f->value);
		}
		if (all)
			key.ident = g_string_chunk_insert_const(c->out->strings,
			    strbuf_str(ident));
	}
	if ((hit = g_hash_table_lookup(c->index, &key)) != NULL)
		at = GPOINTER_TO_SIZE(hit) - 1;
	else {
		if (c->out->len == c->cap)
			xgrow(&c->out->series, &c->cap, c->out->len + 1,
			    sizeof(*c->out->series));
		at = c->out->len++;
		se = &c->out->series[at];
		memset(se, 0, sizeof(*se));
		se->system = xstrdup(key.ident);
		if (c->nfirsts == c->capfirsts)
			xgrow(&c->firsts, &c->capfirsts, c->nfirsts + 1,
			    sizeof(*c->firsts));
		c->firsts[c->nfirsts].test = store_col_int(st, s,
		    TRACK_COL_TEST_ROW);
		c->firsts[c->nfirsts++].series = at;
		kp = xmalloc(sizeof(*kp));
		*kp = key;
		g_hash_table_insert(c->index, kp, GSIZE_TO_POINTER(at + 1));
	}
	se = &c->out->series[at];
	if (se->len == se->cap)
		xgrow(&se->points, &se->cap, se->len + 1, sizeof(*se->points));
	pt.set_id = set_id;
	pt.system = wo->system;
	pt.when = wo->when;
	pt.when_src = wo->src;
	pt.rank = wo->rank;
	pt.key = k;
	pt.value = value;
	pt.se = store_col_dbl(st, s, TRACK_COL_SE, &pt.has_se);
	pt.n = (long)store_col_int(st, s, TRACK_COL_N);
	se->points[se->len++] = pt;
	if (wo->src == TRACK_WHEN_IMPORTED)
		se->imported++;
	/* Pooled: the same identifier is the same pointer. */
	for (i = 0; i < se->joined.len && se->joined.items[i] != pt.system &&
	    strcmp(se->joined.items[i], pt.system) != 0; i++)
		;
	if (i == se->joined.len)
		str_list_add(&se->joined, pt.system);
	return 0;
}

/* Sort se's points with cmp, unless they come in order already (a store's usual case). */
static int
track_cmp_first(const void *pa, const void *pb)
{
	const struct track_first	*a = pa, *b = pb;

	if (a->test != b->test)
		return (a->test > b->test) - (a->test < b->test);
	return (a->series > b->series) - (a->series < b->series);
}

/*
 * Each series' texts (test identifier, title, description, arguments,
 * unit, proportion) from the test of its first value: the tests by ID,
 * TRACK_TEXT_BATCH to a query (IDs this store gave, so written into the
 * SQL as numbers). Several series may share a test (one per system of
 * its set).
 */
static int
track_texts(struct track_ctx *c, struct diag *d)
{
	struct store_stmt	*s = NULL;
	struct track_first	*f = c->firsts;
	struct track_series	*se;
	struct strbuf		 sql;
	const char		*tid, *title, *desc, *args, *unit;
	int64_t			 id;
	size_t			 i, j, n, lo, hi;
	int			 step, rc = -1;

	if (c->nfirsts == 0)
		return 0;
	qsort(f, c->nfirsts, sizeof(*f), track_cmp_first);
	strbuf_init(&sql);
	for (i = 0; i < c->nfirsts; i = j) {
		strbuf_reset(&sql);
		strbuf_adds(&sql, "SELECT id, identifier, title, description,"
		    " arguments, unit, proportion FROM tests WHERE id IN (");
		for (j = i, n = 0; j < c->nfirsts && n < TRACK_TEXT_BATCH; j++) {
			if (j > i && f[j].test == f[j - 1].test)
				continue;
			strbuf_printf(&sql, "%s%lld", n++ > 0 ? "," : "",
			    (long long)f[j].test);
		}
		strbuf_adds(&sql, ")");
		if (store_prepare(c->st, &s, strbuf_str(&sql), d) == -1 ||
		    store_query(c->st, s, d, "") == -1)
			goto out;
		while ((step = store_next(c->st, s, d)) == 1) {
			id = store_col_int(c->st, s, 0);
			tid = store_col_text(c->st, s, 1);
			title = store_col_text(c->st, s, 2);
			desc = store_col_text(c->st, s, 3);
			args = store_col_text(c->st, s, 4);
			unit = store_col_text(c->st, s, 5);
			/* The first of f[i..j) with this test. */
			for (lo = i, hi = j; lo < hi;) {
				n = lo + (hi - lo) / 2;
				if (f[n].test < id)
					lo = n + 1;
				else
					hi = n;
			}
			for (; lo < j && f[lo].test == id; lo++) {
				se = &c->out->series[f[lo].series];
				se->test_identifier = tid != NULL &&
				    *tid != '\0' ? xstrdup(tid) : NULL;
				se->test_title = xstrdup(title != NULL ?
				    title : "");
				se->test_description = desc != NULL ?
				    xstrdup(desc) : NULL;
				se->arguments = args != NULL ? xstrdup(args) :
				    NULL;
				se->unit = unit != NULL ? xstrdup(unit) : NULL;
				se->proportion = (enum proportion)store_col_int(
				    c->st, s, 6);
			}
		}
		store_finalize(c->st, s);
		s = NULL;
		if (step == -1)
			goto out;
	}
	rc = 0;
out:
	store_finalize(c->st, s);
	strbuf_free(&sql);
	return rc;
}

/*
 * Points in the order cmp gives, stably (as glibc's merge sort). By time
 * the order is the rank, a small integer (one per system): where the
 * ranks of a series span no more than a few times its points, a
 * counting sort places them in one pass instead of n log n
 * comparisons.
 */
static void
track_sort_points(struct track_series *se, int (*cmp)(const void *,
    const void *))
{
	struct track_point	*to;
	size_t			*count, lo, hi, span, i, at, n;

	for (i = 1; i < se->len; i++)
		if (cmp(&se->points[i - 1], &se->points[i]) > 0)
			break;
	if (i >= se->len)
		return;
	if (cmp != track_cmp_points_time) {
		qsort(se->points, se->len, sizeof(*se->points), cmp);
		return;
	}
	lo = hi = se->points[0].rank;
	for (i = 1; i < se->len; i++) {
		lo = se->points[i].rank < lo ? se->points[i].rank : lo;
		hi = se->points[i].rank > hi ? se->points[i].rank : hi;
	}
	span = hi - lo + 1;
	if (span / 4 > se->len) {
		qsort(se->points, se->len, sizeof(*se->points), cmp);
		return;
	}
	count = xcalloc(span, sizeof(*count));
	for (i = 0; i < se->len; i++)
		count[se->points[i].rank - lo]++;
	for (i = 0, at = 0; i < span; i++) {
		n = count[i];
		count[i] = at;
		at += n;
	}
	to = xreallocarray(NULL, se->len, sizeof(*to));
	for (i = 0; i < se->len; i++)
		to[count[se->points[i].rank - lo]++] = se->points[i];
	free(se->points);
	se->points = to;
	se->cap = se->len;
	free(count);
}

static int
track_cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
track_cmp_series(const void *pa, const void *pb)
{
	const struct track_series	*a = pa, *b = pb;
	int				 c;

	if ((c = track_strcmp0(a->test_title, b->test_title)) != 0 ||
	    (c = track_strcmp0(a->test_description, b->test_description)) != 0 ||
	    (c = track_strcmp0(a->test_identifier, b->test_identifier)) != 0 ||
	    (c = track_strcmp0(a->arguments, b->arguments)) != 0 ||
	    (c = track_strcmp0(a->unit, b->unit)) != 0)
		return c;
	return strcmp(a->system, b->system);
}

/* Systems by when their results were made, then set and system ID. */
static int
track_cmp_when(const void *pa, const void *pb)
{
	const struct track_when_of	*a = *(const struct track_when_of *const *)pa;
	const struct track_when_of	*b = *(const struct track_when_of *const *)pb;
	int				 c;

	/* Pooled: the same time is the same pointer. */
	if (a->when != b->when && (c = strcmp(a->when, b->when)) != 0)
		return c;
	if (a->set != b->set)
		return (a->set > b->set) - (a->set < b->set);
	return (a->sys > b->sys) - (a->sys < b->sys);
}

/*
 * Every point's rank by (when, set, system): its system's place among
 * the systems read, sorted once, so that sorting a series compares
 * integers.
 */
static void
track_rank(struct track_ctx *c)
{
	size_t	*to, i, j;

	if (c->nwhens == 0)
		return;
	qsort(c->whens, c->nwhens, sizeof(*c->whens), track_cmp_when);
	to = xreallocarray(NULL, c->nwhens, sizeof(*to));
	for (i = 0; i < c->nwhens; i++)
		to[c->whens[i]->rank] = i;
	for (i = 0; i < c->nwhens; i++)
		c->whens[i]->rank = i;
	for (i = 0; i < c->out->len; i++)
		for (j = 0; j < c->out->series[i].len; j++)
			c->out->series[i].points[j].rank =
			    to[c->out->series[i].points[j].rank];
	free(to);
}

static int
track_cmp_points_time(const void *pa, const void *pb)
{
	const struct track_point	*a = pa, *b = pb;

	return (a->rank > b->rank) - (a->rank < b->rank);
}

static int
track_cmp_points_key(const void *pa, const void *pb)
{
	const struct track_point	*a = pa, *b = pb;
	int				 c;

	if ((c = track_vercmp(a->key, b->key)) != 0)
		return c;
	return track_cmp_points_time(pa, pb);
}

static void
track_add_change(struct track_change *ch, const char *key, const char *before,
    const char *after)
{
	struct track_fact_change	*f;

	ch->facts = xreallocarray(ch->facts, ch->nfacts + 1,
	    sizeof(*ch->facts));
	f = &ch->facts[ch->nfacts++];
	f->key = xstrdup(key);
	f->before = xstrdup(before);
	f->after = xstrdup(after);
}

/*
 * The facts stated for both a and b whose values differ, in b's order,
 * then the labels likewise ("label:KEY"). A fact stated on one side only
 * is not stated, not a change.
 */
static int
track_diff_facts(struct track_ctx *c, struct track_change *ch,
    const struct track_point *a, const struct track_point *b, struct diag *d)
{
	const struct fact_list	*fa, *fb;
	const struct kv_list	*la, *lb;
	const struct fact	*x;
	const char		*y;
	char			*k;
	size_t			 i;

	if (track_load_facts(c, a->system_id, &fa, d) == -1 ||
	    track_load_facts(c, b->system_id, &fb, d) == -1)
		return -1;
	for (i = 0; i < fb->len; i++) {
		if (fb->items[i].value == NULL ||
		    (x = fact_list_get(fa, fb->items[i].key)) == NULL ||
		    x->value == NULL || strcmp(x->value, fb->items[i].value) == 0)
			continue;
		track_add_change(ch, fb->items[i].key, x->value,
		    fb->items[i].value);
	}
	if (track_load_labels(c, a->set_id, &la, d) == -1 ||
	    track_load_labels(c, b->set_id, &lb, d) == -1)
		return -1;
	for (i = 0; i < lb->len; i++) {
		if ((y = kv_list_get(la, lb->items[i].key)) == NULL ||
		    strcmp(y, lb->items[i].value) == 0)
			continue;
		k = xasprintf("label:%s", lb->items[i].key);
		track_add_change(ch, k, y, lb->items[i].value);
		free(k);
	}
	return 0;
}

/* The change points of se and what changed at each. */
static int
track_changes(struct track_ctx *c, struct track_series *se, struct diag *d)
{
	struct track_cp_list	 l = { NULL, 0 };
	struct track_change	*ch;
	const char		*why;
	double			*x;
	size_t			 i;
	int			 rc = -1;

	x = xreallocarray(NULL, se->len > 0 ? se->len : 1, sizeof(*x));
	for (i = 0; i < se->len; i++)
		x[i] = se->points[i].value;
	if (track_cp_detect(x, se->len, &c->q->cp, &l, &why) == -1) {
		diag_set(d, NULL, 0, "%s", why);
		goto out;
	}
	se->changes = l.len > 0 ? xcalloc(l.len, sizeof(*se->changes)) : NULL;
	se->nchanges = l.len;
	for (i = 0; i < l.len; i++) {
		ch = &se->changes[i];
		ch->cp = l.items[i];
		if (ch->cp.after.mean != ch->cp.before.mean &&
		    (se->proportion == PROP_HIB || se->proportion == PROP_LIB)) {
			ch->regression = (ch->cp.after.mean <
			    ch->cp.before.mean) == (se->proportion == PROP_HIB);
			ch->improvement = !ch->regression;
		}
		if (track_diff_facts(c, ch, &se->points[ch->cp.index - 1],
		    &se->points[ch->cp.index], d) == -1)
			goto out;
	}
	rc = 0;
out:
	track_cp_list_free(&l);
	free(x);
	return rc;
}

int
track_build(struct store *st, const struct track_query *q,
    struct track_result *out, struct diag *d)
{
	struct track_ctx	 c;
	struct store_stmt	*s = NULL;
	size_t			 i;
	double			 t0;
	int			 step, rc = -1;

	memset(out, 0, sizeof(*out));
	memset(&c, 0, sizeof(c));
	c.st = st;
	c.q = q;
	c.out = out;
	c.sys_facts = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
	    track_fact_list_destroy);
	c.set_labels = g_hash_table_new_full(g_int64_hash, g_int64_equal,
	    g_free, track_kv_list_destroy);
	t0 = track_cpu();
	c.index = g_hash_table_new_full(track_key_hash, track_key_equal, free,
	    NULL);
	c.sys_when = g_hash_table_new_full(g_int64_hash, g_int64_equal, g_free,
	    free);
	out->strings = g_string_chunk_new(4096);
	strbuf_init(&c.ident);
	if (store_prepare(st, &s, q->system != NULL ? TRACK_SQL_SYSTEM :
	    q->test != NULL ? TRACK_SQL_TEST : TRACK_SQL_ALL, d) == -1 ||
	    (q->system != NULL ?
	    store_query(st, s, d, "t", q->system) :
	    store_query(st, s, d, "")) == -1)
		goto out;
	while ((step = store_next(st, s, d)) == 1)
		if (track_row(&c, s, d) == -1)
			goto out;
	if (step == -1 || track_texts(&c, d) == -1)
		goto out;
	if (out->len > 1)
		qsort(out->series, out->len, sizeof(*out->series),
		    track_cmp_series);
	track_rank(&c);
	out->cpu_read = track_cpu() - t0;
	t0 = track_cpu();
	for (i = 0; i < out->len; i++) {
		out->values += out->series[i].len;
		track_sort_points(&out->series[i], q->order == TRACK_BY_TIME ?
		    track_cmp_points_time : track_cmp_points_key);
		if (out->series[i].joined.len > 1)
			qsort(out->series[i].joined.items,
			    out->series[i].joined.len, sizeof(char *),
			    track_cmp_str);
		if (track_changes(&c, &out->series[i], d) == -1)
			goto out;
	}
	out->cpu_detect = track_cpu() - t0;
	rc = 0;
out:
	if (rc == -1)
		track_result_free(out);
	free(c.firsts);
	store_finalize(st, s);
	store_finalize(st, c.facts);
	store_finalize(st, c.labels);
	store_finalize(st, c.stamp);
	store_finalize(st, c.fiotime);
	store_finalize(st, c.sysrow);
	g_hash_table_destroy(c.sys_when);
	free(c.whens);
	strbuf_free(&c.ident);
	g_hash_table_destroy(c.sys_facts);
	g_hash_table_destroy(c.set_labels);
	g_hash_table_destroy(c.index);
	return rc;
}

void
track_result_free(struct track_result *r)
{
	struct track_series	*se;
	size_t			 i, j, k;

	for (i = 0; i < r->len; i++) {
		se = &r->series[i];
		free(se->test_identifier);
		free(se->test_title);
		free(se->test_description);
		free(se->arguments);
		free(se->unit);
		free(se->system);
		str_list_free(&se->joined);
		free(se->points);
		for (j = 0; j < se->nchanges; j++) {
			for (k = 0; k < se->changes[j].nfacts; k++) {
				free(se->changes[j].facts[k].key);
				free(se->changes[j].facts[k].before);
				free(se->changes[j].facts[k].after);
			}
			free(se->changes[j].facts);
		}
		free(se->changes);
	}
	free(r->series);
	if (r->strings != NULL)
		g_string_chunk_free(r->strings);
	memset(r, 0, sizeof(*r));
}
