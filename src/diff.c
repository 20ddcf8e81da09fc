/* SPDX-License-Identifier: ISC */
/*
 * The diff engine: pair systems, match tests by identity, and for every
 * matched value compute the change, Welch's t-test (Holm-corrected across
 * the whole diff), a verdict and the summary. It renders nothing (see
 * diff-text.c, diff-json.c, diff-html.c) and never prints.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "diff.h"
#include "meta.h"
#include "xalloc.h"

static char	*diff_name_key(const struct test *t);
static const char *diff_base_id(const char *id, size_t *len);
static bool	 diff_same_test(const struct test *x, const struct test *y);
static bool	 diff_str_eq(const char *x, const char *y);
static void	 diff_match_tests(struct diff *df);
static void	 diff_free_list(gpointer key, gpointer value, gpointer arg);
static int	 diff_pair_systems(struct diff *df, struct diag *d);
static long	 diff_find_system(const struct result_set *rs, const char *name,
		    const char *label, struct diag *d);
static void	 diff_add_pair(struct diff *df, size_t a, size_t b);
static void	 diff_add_row(struct diff *df, size_t ta, size_t tb, size_t pair);
static void	 diff_power(const struct diff *df, struct diff_row *r);
static void	 diff_judge(struct diff *df);
static void	 diff_summary(struct diff *df);
static void	 diff_hidden_facts(struct diff *df);
static bool	 diff_names_say(const char *identifier, const char *value);

void
diff_opts_init(struct diff_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->alpha = 0.05;
	o->correction = true;
	o->power = STATS_POWER_DEFAULT;
}

/* Indexed by enum diff_verdict. */
static const struct {
	const char	*key;
	const char	*name;
} diff_verdicts[DIFF_NVERDICTS] = {
	{ "better",	"better" },
	{ "worse",	"worse" },
	{ "same",	"no significant change" },
	{ "changed",	"changed (no direction)" },
	{ "untestable",	"not testable" },
	{ "equivalent",	"equivalent" },
	{ "inconclusive", "inconclusive" }
};

const char *
diff_verdict_name(enum diff_verdict v)
{
	return diff_verdicts[v < DIFF_NVERDICTS ? v : DIFF_UNTESTABLE].name;
}

const char *
diff_verdict_key(enum diff_verdict v)
{
	return diff_verdicts[v < DIFF_NVERDICTS ? v : DIFF_UNTESTABLE].key;
}

char *
diff_verdict_text(const struct diff *df, const struct diff_row *r,
    const char *pm)
{
	switch (r->verdict) {
	case DIFF_SAME:
		if (r->has_mde && r->why == NULL)
			return xasprintf("no change beyond %s%.1f%% detectable",
			    pm, r->mde_pct);
		break;
	case DIFF_EQUIVALENT:
		return xasprintf("equivalent within %s%g%%", pm,
		    df->opts.equivalence_pct);
	case DIFF_INCONCLUSIVE:
		if (r->has_mde)
			return xasprintf("inconclusive (MDE %.1f%%)", r->mde_pct);
		break;
	default:
		break;
	}
	return xstrdup(diff_verdict_name(r->verdict));
}

void
diff_format_change(const struct diff_row *r, int decimals, char *buf,
    size_t size)
{
	if (r->has_pct && r->pct != 0 && fabs(r->pct) < 0.5 * pow(10, -decimals))
		snprintf(buf, size, "<%.*f%% %s", decimals, pow(10, -decimals),
		    r->pct > 0 ? "higher" : "lower");
	else if (r->has_pct && r->pct != 0)
		snprintf(buf, size, "%.*f%% %s", decimals, fabs(r->pct),
		    r->pct > 0 ? "higher" : "lower");
	else if (r->has_pct || (r->has_change && r->change == 0))
		snprintf(buf, size, "no change");
	else if (r->has_change)
		snprintf(buf, size, "%+.6g (A is 0)", r->change);
	else
		snprintf(buf, size, "?");
}

const char *
diff_p_label(const struct diff *df)
{
	return df->opts.correction ? "p (Holm)" : "p";
}

char *
diff_mwu_notice(const struct diff *df, const struct diff_row *r)
{
	if (r->va == NULL || r->vb == NULL || r->va->runs.len == 0 ||
	    r->vb->runs.len == 0 || r->mwu_min_p < df->opts.alpha)
		return NULL;
	return xasprintf("Mann-Whitney cannot reach p < %g with %zu+%zu runs "
	    "(its smallest p is %.3f)", df->opts.alpha, r->va->runs.len,
	    r->vb->runs.len, r->mwu_min_p);
}

char *
diff_test_label(const struct test *t)
{
	struct strbuf	sb;
	const char	*detail;

	strbuf_init(&sb);
	strbuf_adds(&sb, t->title != NULL && *t->title != '\0' ? t->title :
	    (t->identifier != NULL ? t->identifier : "?"));
	if (t->app_version != NULL && *t->app_version != '\0')
		strbuf_printf(&sb, " %s", t->app_version);
	detail = t->description != NULL && *t->description != '\0' ?
	    t->description : t->arguments;
	if (detail != NULL && *detail != '\0')
		strbuf_printf(&sb, ": %s", detail);
	if (t->unit != NULL && *t->unit != '\0')
		strbuf_printf(&sb, " (%s)", t->unit);
	return strbuf_detach(&sb);
}

/* Large numbers in full: "1234567", never "1.23457e+06". */
void
diff_format_num(bool has, double v, char *buf, size_t size)
{
	if (!has || !isfinite(v))
		snprintf(buf, size, "-");
	else
		snprintf(buf, size, fabs(v) >= 1e6 ? "%.0f" : "%.6g", v);
}

void
diff_format_value(const struct value *v, char *buf, size_t size)
{
	const char	*stated = value_stated_text(v);

	/* The figure as the source printed it keeps its precision ("42.0"). */
	if (stated != NULL && strlen(stated) < size)
		snprintf(buf, size, "%s", stated);
	else
		diff_format_num(v->has_mean, v->mean, buf, size);
}

void
diff_format_se(double se, char *buf, size_t size)
{
	snprintf(buf, size, fabs(se) >= 1000 ? "%.0f" : "%.3g", se);
}

/*
 * "pts/fio-2.1.0" -> "pts/fio": the profile version is not part of a
 * test's identity (runs of a newer profile compare with older ones).
 */
static const char *
diff_base_id(const char *id, size_t *len)
{
	size_t	n = strlen(id), i = n;

	while (i > 0 && (isdigit((unsigned char)id[i - 1]) || id[i - 1] == '.'))
		i--;
	if (i > 0 && i < n && id[i - 1] == '-')
		n = i - 1;
	*len = n;
	return id;
}

/* Equal after trimming surrounding blanks; NULL equals "". */
static bool
diff_str_eq(const char *x, const char *y)
{
	size_t	lx, ly;

	x = x != NULL ? x : "";
	y = y != NULL ? y : "";
	while (isspace((unsigned char)*x))
		x++;
	while (isspace((unsigned char)*y))
		y++;
	lx = strlen(x);
	ly = strlen(y);
	while (lx > 0 && isspace((unsigned char)x[lx - 1]))
		lx--;
	while (ly > 0 && isspace((unsigned char)y[ly - 1]))
		ly--;
	return lx == ly && memcmp(x, y, lx) == 0;
}

/* Hash key: the title (case-folded) and the unit; the rest is checked pairwise. */
static char *
diff_name_key(const struct test *t)
{
	char	*title, *unit, *key;

	title = g_utf8_casefold(t->title != NULL ? t->title : "", -1);
	unit = g_strdup(t->unit != NULL ? t->unit : "");
	key = xasprintf("%s\x1f%s", g_strstrip(title), g_strstrip(unit));
	g_free(unit);
	g_free(title);
	return key;
}

/*
 * Same test: identifiers without version agree when both are known;
 * arguments agree when both have them, else the human descriptions do.
 * Title and unit are already equal (the hash key).
 */
static bool
diff_same_test(const struct test *x, const struct test *y)
{
	const char	*ix, *iy;
	size_t		 lx, ly;

	if (x->identifier != NULL && *x->identifier != '\0' &&
	    y->identifier != NULL && *y->identifier != '\0') {
		ix = diff_base_id(x->identifier, &lx);
		iy = diff_base_id(y->identifier, &ly);
		if (lx != ly || strncmp(ix, iy, lx) != 0)
			return false;
	}
	if (x->arguments != NULL && *x->arguments != '\0' &&
	    y->arguments != NULL && *y->arguments != '\0')
		return diff_str_eq(x->arguments, y->arguments);
	return diff_str_eq(x->description, y->description);
}

static void
diff_add_pair(struct diff *df, size_t a, size_t b)
{
	df->pairs = xreallocarray(df->pairs, df->npairs + 1, sizeof(*df->pairs));
	df->pairs[df->npairs].a = a;
	df->pairs[df->npairs].b = b;
	df->npairs++;
}

/* The system named for one side (any case when unambiguous); -1 with d filled. */
static long
diff_find_system(const struct result_set *rs, const char *name,
    const char *label, struct diag *d)
{
	long	i = result_set_match_system(rs, name);
	char	*names;

	if (i >= 0)
		return i;
	names = result_set_system_names(rs, 160);
	diag_set(d, label != NULL ? label : "", 0, "%s system \"%.60s\" in this "
	    "result set (its systems: %s)", i == -2 ? "more than one" : "no",
	    name, names);
	free(names);
	return -1;
}

static int
diff_pair_systems(struct diff *df, struct diag *d)
{
	const struct result_set	*a = df->a, *b = df->b;
	const struct diff_opts	*o = &df->opts;
	const char		*want;
	bool			*used_b = NULL;
	long			 ia = -1, ib = -1;
	size_t			 i, j;
	int			 rc = -1;

	if (o->system_a != NULL &&
	    (ia = diff_find_system(a, o->system_a, o->label_a, d)) < 0)
		goto out;
	if (o->system_b != NULL &&
	    (ib = diff_find_system(b, o->system_b, o->label_b, d)) < 0)
		goto out;
	/* One system per side, chosen or because each set has only one. */
	if (ia < 0 && a->nsystems == 1 && (ib >= 0 || b->nsystems == 1))
		ia = 0;
	if (ib < 0 && b->nsystems == 1 && ia >= 0)
		ib = 0;
	if (ia >= 0 || ib >= 0) {
		if (ia < 0 || ib < 0) {
			diag_set(d, ia < 0 ? o->label_a : o->label_b, 0,
			    "name one system of this side as ID:SYSTEM "
			    "(the other side names one)");
			goto out;
		}
		diff_add_pair(df, (size_t)ia, (size_t)ib);
	} else {
		used_b = xcalloc(b->nsystems + 1, sizeof(*used_b));
		for (i = 0; i < a->nsystems; i++) {
			want = a->systems[i].identifier;
			/* The first mapping wins; maps do not chain (a=b b=a swaps). */
			for (j = 0; j < o->nmap; j++) {
				if (strcmp(o->map[j].old_id, want) == 0) {
					want = o->map[j].new_id;
					break;
				}
			}
			ib = result_set_find_system(b, want);
			if (ib >= 0 && !used_b[ib]) {
				used_b[ib] = true;
				diff_add_pair(df, i, (size_t)ib);
			} else {
				df->sys_only_a = xreallocarray(df->sys_only_a,
				    df->nsys_only_a + 1, sizeof(size_t));
				df->sys_only_a[df->nsys_only_a++] = i;
			}
		}
		for (j = 0; j < b->nsystems; j++) {
			if (used_b[j])
				continue;
			df->sys_only_b = xreallocarray(df->sys_only_b,
			    df->nsys_only_b + 1, sizeof(size_t));
			df->sys_only_b[df->nsys_only_b++] = j;
		}
		if (df->npairs == 0) {
			diag_set(d, o->label_b != NULL ? o->label_b : "", 0,
			    "no system identifier in common: use --map OLD=NEW "
			    "or ID:SYSTEM on both sides");
			goto out;
		}
	}
	rc = 0;
out:
	free(used_b);
	return rc;
}

static void
diff_add_row(struct diff *df, size_t ta, size_t tb, size_t pair)
{
	const struct test	*t = &df->a->tests[ta];
	const struct value	*va, *vb;
	struct diff_row		*r;

	va = test_find_value(t, df->pairs[pair].a);
	vb = test_find_value(&df->b->tests[tb], df->pairs[pair].b);
	if (va == NULL && vb == NULL)
		return;
	df->rows = xreallocarray(df->rows, df->nrows + 1, sizeof(*df->rows));
	r = &df->rows[df->nrows++];
	memset(r, 0, sizeof(*r));
	r->test_a = ta;
	r->test_b = tb;
	r->pair = pair;
	r->va = va;
	r->vb = vb;
	r->verdict = DIFF_UNTESTABLE;
	if (va == NULL || !va->has_mean) {
		r->why = va == NULL ? "no value in A" : va->error != NULL ?
		    "the run failed in A" : "no numeric value in A";
		return;
	}
	if (vb == NULL || !vb->has_mean) {
		r->why = vb == NULL ? "no value in B" : vb->error != NULL ?
		    "the run failed in B" : "no numeric value in B";
		return;
	}
	r->has_change = true;
	r->change = vb->mean - va->mean;
	if (va->mean != 0) {
		r->has_pct = true;
		r->pct = r->change / fabs(va->mean) * 100.0;
	}
	if (r->change != 0 && t->proportion == PROP_HIB)
		r->sign = r->change > 0 ? 1 : -1;
	else if (r->change != 0 && t->proportion == PROP_LIB)
		r->sign = r->change < 0 ? 1 : -1;
	r->mwu_min_p = stats_mwu_min_p(va->runs.len, vb->runs.len);
	if (va->runs.len >= 2 && vb->runs.len >= 2)
		r->mwu = stats_mann_whitney(va->runs.v, va->runs.len,
		    vb->runs.v, vb->runs.len);
	if (va->n == 0 || vb->n == 0)
		r->why = "N unknown";
	else if (va->n < 2 || vb->n < 2)
		r->why = "N < 2: one run cannot show significance";
	else if (!va->has_se || !vb->has_se)
		r->why = "SE missing";
	else {
		/*
		 * The test runs on the runs' own mean where there are runs:
		 * a stated value is rounded to the test's precision, and the
		 * SE beside it comes from the unrounded runs.
		 */
		r->welch = stats_welch(value_stat_mean(va), va->se, va->n,
		    value_stat_mean(vb), vb->se, vb->n);
		if (!r->welch.ok)
			r->why = r->welch.why;
	}
	/* No difference at all is never a significant change. */
	if (!r->welch.ok && r->change == 0) {
		r->verdict = DIFF_SAME;
		r->why = "identical values";
	}
}

static void
diff_free_list(gpointer key, gpointer value, gpointer arg)
{
	g_slist_free(value);
}

static void
diff_match_tests(struct diff *df)
{
	GHashTable	*byname;
	GSList		*cands, *l;
	bool		*used_b;
	char		*key;
	size_t		 i, j, p;
	bool		 found;

	/* key -> list of B test indexes (+1, since NULL ends a list). */
	byname = g_hash_table_new_full(g_str_hash, g_str_equal, free, NULL);
	for (j = df->b->ntests; j-- > 0;) {
		key = diff_name_key(&df->b->tests[j]);
		cands = g_hash_table_lookup(byname, key);
		cands = g_slist_prepend(cands, (gpointer)(j + 1));
		g_hash_table_replace(byname, key, cands);
	}
	used_b = xcalloc(df->b->ntests + 1, sizeof(*used_b));
	for (i = 0; i < df->a->ntests; i++) {
		key = diff_name_key(&df->a->tests[i]);
		cands = g_hash_table_lookup(byname, key);
		free(key);
		found = false;
		for (l = cands; l != NULL && !found; l = l->next) {
			j = (size_t)l->data - 1;
			if (used_b[j] || !diff_same_test(&df->a->tests[i],
			    &df->b->tests[j]))
				continue;
			used_b[j] = found = true;
			for (p = 0; p < df->npairs; p++)
				diff_add_row(df, i, j, p);
		}
		if (!found) {
			df->only_a = xreallocarray(df->only_a, df->nonly_a + 1,
			    sizeof(size_t));
			df->only_a[df->nonly_a++] = i;
		}
	}
	for (j = 0; j < df->b->ntests; j++) {
		if (used_b[j])
			continue;
		df->only_b = xreallocarray(df->only_b, df->nonly_b + 1,
		    sizeof(size_t));
		df->only_b[df->nonly_b++] = j;
	}
	free(used_b);
	g_hash_table_foreach(byname, diff_free_list, NULL);
	g_hash_table_destroy(byname);
}

/*
 * The detectable effect of r's Welch test and, with --equivalence, TOST
 * within the margin, both relative to the runs' mean of A (the mean the
 * test uses). The MDE is at the unadjusted alpha: the least a single
 * value's test can see (docs/verdicts.md).
 */
static void
diff_power(const struct diff *df, struct diff_row *r)
{
	double	ma = value_stat_mean(r->va), mb = value_stat_mean(r->vb);
	double	se = sqrt(r->va->se * r->va->se + r->vb->se * r->vb->se), mde;

	if (ma == 0 || !isfinite(ma))
		return;
	if (stats_mde(se, r->welch.df, df->opts.alpha, df->opts.power, &mde)) {
		r->has_mde = true;
		r->mde_pct = mde / fabs(ma) * 100.0;
	}
	if (df->opts.equivalence_pct > 0)
		r->tost = stats_tost(mb - ma, se, r->welch.df,
		    df->opts.equivalence_pct / 100.0 * fabs(ma));
}

/* Holm (or raw) p-values, significance, threshold and direction. */
static void
diff_judge(struct diff *df)
{
	double		*p;
	size_t		 i, k = 0;
	struct diff_row	*r;
	double		 lo, hi, level = 1.0 - df->opts.alpha;

	p = xcalloc(df->nrows + 1, sizeof(*p));
	for (i = 0; i < df->nrows; i++)
		if (df->rows[i].welch.ok)
			p[k++] = df->rows[i].welch.p;
	df->ntested = k;
	if (df->opts.correction)
		stats_holm(p, k, p);
	k = 0;
	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		if (!r->welch.ok)
			continue;
		r->has_p_adj = true;
		r->p_adj = p[k++];
		if (r->has_pct && stats_welch_ci(&r->welch, r->va->se, r->vb->se,
		    r->change, level, &lo, &hi)) {
			r->has_ci = true;
			r->ci_lo_pct = lo / fabs(r->va->mean) * 100.0;
			r->ci_hi_pct = hi / fabs(r->va->mean) * 100.0;
		}
		diff_power(df, r);
		if (r->tost.ok && r->tost.p < df->opts.alpha) {
			r->verdict = DIFF_EQUIVALENT;
			continue;
		}
		if (!(r->p_adj < df->opts.alpha)) {
			r->verdict = df->opts.equivalence_pct > 0 ?
			    DIFF_INCONCLUSIVE : DIFF_SAME;
			continue;
		}
		if (df->opts.threshold_pct > 0 && r->has_pct &&
		    fabs(r->pct) < df->opts.threshold_pct) {
			r->verdict = df->opts.equivalence_pct > 0 ?
			    DIFF_INCONCLUSIVE : DIFF_SAME;
			r->why = "significant but below the threshold";
			continue;
		}
		r->verdict = r->sign > 0 ? DIFF_BETTER :
		    r->sign < 0 ? DIFF_WORSE : DIFF_CHANGED;
	}
	free(p);
}

/*
 * Counts and the geometric mean of direction-aware ratios (B/A for higher
 * is better, A/B for lower is better: > 1 always means B is better) over
 * every matched value with positive means on both sides.
 */
static void
diff_summary(struct diff *df)
{
	double			*ratio;
	size_t			 i, k = 0;
	const struct diff_row	*r;
	enum proportion		 prop;

	ratio = xcalloc(df->nrows + 1, sizeof(*ratio));
	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		df->counts[r->verdict]++;
		if (!r->has_change || !(r->va->mean > 0) || !(r->vb->mean > 0))
			continue;
		prop = df->a->tests[r->test_a].proportion;
		if (prop == PROP_HIB)
			ratio[k] = r->vb->mean / r->va->mean;
		else if (prop == PROP_LIB)
			ratio[k] = r->va->mean / r->vb->mean;
		else
			continue;
		/* 1e300 / 1e-300 overflows: leave such a ratio out, not the mean. */
		if (isfinite(ratio[k]) && ratio[k] > 0)
			k++;
	}
	df->geomean = stats_geomean(ratio, k);
	free(ratio);
}

size_t
diff_hidden_count(const struct diff *df)
{
	size_t	i, n = 0;

	for (i = 0; i < df->nfacts; i++)
		n += !df->facts[i].named;
	return n;
}

/* Does the system's name state value (any case)? */
static bool
diff_names_say(const char *identifier, const char *value)
{
	char	*a = g_ascii_strdown(identifier, -1), *b = g_ascii_strdown(value, -1);
	bool	 says = *b != '\0' && strstr(a, b) != NULL;

	g_free(a);
	g_free(b);
	return says;
}

/*
 * The hidden dimensions: normalised facts known on both systems of a pair
 * with different values (a kernel, a filesystem, a RAID mode), which may
 * explain a difference better than the change under test. meta decides
 * what differs; facts known on one side only are left out as noise.
 */
static void
diff_hidden_facts(struct diff *df)
{
	struct meta_difference	*md = NULL;
	struct diff_fact	*f;
	size_t			 p, i, n;

	for (p = 0; p < df->npairs; p++) {
		n = meta_diff_systems(&df->a->systems[df->pairs[p].a],
		    &df->b->systems[df->pairs[p].b], false, &md);
		for (i = 0; i < n; i++) {
			if (md[i].a == NULL || md[i].b == NULL)
				continue;
			df->facts = xreallocarray(df->facts, df->nfacts + 1,
			    sizeof(*df->facts));
			f = &df->facts[df->nfacts++];
			f->pair = p;
			f->key = xstrdup(md[i].key);
			f->value_a = xstrdup(md[i].a);
			f->value_b = xstrdup(md[i].b);
			f->named = diff_names_say(df->a->systems[df->pairs[p].a].identifier,
			    f->value_a) && diff_names_say(
			    df->b->systems[df->pairs[p].b].identifier, f->value_b);
		}
		free(md);
		md = NULL;
	}
}

int
diff_compute(const struct result_set *a, const struct result_set *b,
    const struct diff_opts *o, struct diff **out, struct diag *d)
{
	struct diff	*df;

	*out = NULL;
	df = xcalloc(1, sizeof(*df));
	df->a = a;
	df->b = b;
	df->opts = *o;
	if (diff_pair_systems(df, d) == -1) {
		diff_free(df);
		return -1;
	}
	diff_match_tests(df);
	diff_judge(df);
	diff_summary(df);
	diff_hidden_facts(df);
	*out = df;
	return 0;
}

void
diff_free(struct diff *df)
{
	size_t	i;

	if (df == NULL)
		return;
	for (i = 0; i < df->nfacts; i++) {
		free(df->facts[i].key);
		free(df->facts[i].value_a);
		free(df->facts[i].value_b);
	}
	free(df->facts);
	free(df->rows);
	free(df->pairs);
	free(df->sys_only_a);
	free(df->sys_only_b);
	free(df->only_a);
	free(df->only_b);
	free(df);
}

bool
diff_fails(const struct diff *df, bool regressions_only, double above_pct)
{
	const struct diff_row	*r;
	size_t			 i;

	for (i = 0; i < df->nrows; i++) {
		r = &df->rows[i];
		/* Under --equivalence, what is not shown equivalent fails too. */
		if (r->verdict == DIFF_INCONCLUSIVE)
			return true;
		if (!regressions_only) {
			if (r->verdict == DIFF_BETTER || r->verdict == DIFF_WORSE ||
			    r->verdict == DIFF_CHANGED)
				return true;
			continue;
		}
		if (r->verdict == DIFF_WORSE &&
		    (!r->has_pct || fabs(r->pct) > above_pct))
			return true;
	}
	return false;
}
