/* SPDX-License-Identifier: ISC */
/*
 * Meaning of the pieces of an OpenBenchmarking result-view export, shared
 * by the text and HTML readers. Cutting glued text is ob-split's job, but
 * for the overview rows' profile names.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "ob-segment.h"
#include "xalloc.h"

/* Longest profile name taken from an overview row. */
#define OB_PROFILE_MAX	64
#define OB_MORE		", More Is Better"
#define OB_FEWER	", Fewer Is Better"

static bool	ob_segment_name_char(char c);
static bool	ob_segment_title_starts(const char *title, const char *s,
		    size_t len);

int
ob_segment_url(struct result_set *rs, const char *url)
{
	const char	*p, *e, *opt;
	char		*id, *o;

	model_set_str(&rs->source_url, url);
	p = strstr(url, "/result/");
	if (p == NULL)
		return -1;
	p += strlen("/result/");
	e = p + strcspn(p, "&?/#");
	if (e == p)
		return -1;
	id = xstrndup(p, (size_t)(e - p));
	model_set_str(&rs->source_ref, id);
	free(id);
	/* View options change chart and table order: keep them verbatim. */
	for (opt = strchr(e, '&'); opt != NULL; opt = strchr(opt + 1, '&')) {
		size_t	n = strcspn(opt + 1, "&#");

		if (n == 0)
			continue;
		o = xstrndup(opt + 1, n);
		kv_list_add(&rs->extra, "ob-view-option", o);
		free(o);
	}
	return 0;
}

const char *
ob_segment_head(const char *s, char **unit, enum proportion *prop)
{
	const char	*m = strstr(s, OB_MORE), *f = strstr(s, OB_FEWER);
	const char	*h = m != NULL && (f == NULL || m < f) ? m : f;

	if (h == NULL)
		return NULL;
	*prop = h == m ? PROP_HIB : PROP_LIB;
	*unit = xstrndup(s, (size_t)(h - s));
	return h + strlen(h == m ? OB_MORE : OB_FEWER);
}

bool
ob_segment_is_number(const char *s, size_t len)
{
	size_t	i, dots = 0, digits = 0;

	if (len == 0)
		return false;
	for (i = 0; i < len; i++) {
		if (s[i] == '.') {
			if (++dots > 1 || i == 0 || i == len - 1)
				return false;
		} else if (isdigit((unsigned char)s[i]))
			digits++;
		else
			return false;
	}
	/* No leading zeros: "012" is never printed, "0.16" is. */
	if (len > 1 && s[0] == '0' && s[1] != '.')
		return false;
	return digits > 0;
}

int
ob_segment_se(const char *s, char **se_text, long *n)
{
	const char	*p, *c;
	char		*end;
	long		 v;

	if (strncmp(s, "SE +/- ", 7) != 0)
		return -1;
	p = s + 7;
	if ((c = strstr(p, ", N = ")) == NULL ||
	    !ob_segment_is_number(p, (size_t)(c - p)) ||
	    !isdigit((unsigned char)c[6]))
		return -1;
	if ((v = strtol(c + 6, &end, 10)) < 1 || *end != '\0')
		return -1;
	*se_text = xstrndup(p, (size_t)(c - p));
	*n = v;
	return 0;
}

char *
ob_segment_version(const char *s, const char *title, const char *args,
    const char **after)
{
	size_t		 tl = strlen(title);
	const char	*v, *e;

	if (strncmp(s, title, tl) != 0)
		return NULL;
	v = s + tl;
	if (*v != ' ' || (args != NULL && *args != '\0' &&
	    strncmp(v, args, strlen(args)) == 0)) {
		if (after != NULL)
			*after = v;
		return xstrdup("");
	}
	v++;
	if (args == NULL)
		e = v + strlen(v);		/* a label of its own */
	else if (*args != '\0') {
		e = strstr(v, args);		/* glued to the arguments */
		if (e == NULL)
			return NULL;
	} else {
		/* Glued to the names: a version is digits, dots and dashes. */
		e = v;
		if (isdigit((unsigned char)*e))
			e += strspn(e, "0123456789.-");
		while (e > v && (e[-1] == '.' || e[-1] == '-'))
			e--;
	}
	if (after != NULL)
		*after = e;
	return xstrndup(v, (size_t)(e - v));
}

size_t
ob_segment_system_at(const struct result_set *rs, const char *s)
{
	size_t	i, l, best = 0;

	for (i = 0; i < rs->nsystems; i++) {
		l = strlen(rs->systems[i].identifier);
		if (l > best && strncmp(s, rs->systems[i].identifier, l) == 0 &&
		    (s[l] == ':' || s[l] == ','))
			best = l;
	}
	return best;
}

void
ob_segment_note(struct result_set *rs, const char *section, const char *entry)
{
	bool		*mark, named = false;
	size_t		 i, l;
	const char	*v = entry, *p, *id;
	char		*key;

	if (strncmp(v, "- ", 2) == 0)
		v += 2;
	key = xasprintf("%s Details", section);
	mark = xcalloc(rs->nsystems + 1, sizeof(*mark));
	/* "NAME, NAME: value" of known systems is theirs; else everyone's. */
	for (p = v; !named && (l = ob_segment_system_at(rs, p)) > 0;) {
		for (i = 0; i < rs->nsystems; i++) {
			id = rs->systems[i].identifier;
			if (strncmp(p, id, l) == 0 && id[l] == '\0')
				mark[i] = true;
		}
		named = p[l] == ':' && p[l + 1] == ' ';
		if (!named && (p[l] != ',' || p[l + 1] != ' '))
			break;
		p += l + 2;
	}
	for (i = 0; i < rs->nsystems; i++)
		if (mark[i] || !named)
			kv_list_add(&rs->systems[i].notes, key, named ? p : v);
	free(mark);
	free(key);
}

long
ob_segment_failed(const struct result_set *rs, const char *s,
    const char **reason)
{
	size_t	i, l;

	for (i = 0; i < rs->nsystems; i++) {
		l = strlen(rs->systems[i].identifier);
		if (strncmp(s, rs->systems[i].identifier, l) == 0 &&
		    s[l] == ':' && s[l + 1] == ' ' && s[l + 2] != '\0') {
			*reason = s + l + 2;
			return (long)i;
		}
	}
	return -1;
}

void
ob_segment_footnote(struct test *t, const char *s, size_t len)
{
	size_t	i = 0;
	char	*f;

	while (i < len && isdigit((unsigned char)s[i]))
		i++;
	if (i > 0 && i + 1 < len && s[i] == '.' && s[i + 1] == ' ')
		i += 2;
	else
		i = 0;
	while (len > i && isspace((unsigned char)s[len - 1]))
		len--;
	if (len <= i)
		return;
	f = xstrndup(s + i, len - i);
	str_list_add(&t->footnotes, f);
	free(f);
}

void
ob_segment_values(struct test *t, const struct ob_bar *bars, size_t nbars)
{
	const struct ob_bar	*b;
	struct value		*v;
	const char		*m, *x;
	long			 sys, last = -1;
	size_t			 i;

	for (i = 0; i < nbars; i++)
		if (bars[i].system > last)
			last = bars[i].system;
	/* Table order: system after system, each one's bars in chart order. */
	for (sys = 0; sys <= last; sys++)
		for (i = 0; i < nbars; i++) {
			b = &bars[i];
			if (b->system != sys)
				continue;
			v = test_add_value(t, (size_t)b->system);
			if (b->ambiguous != NULL) {
				/* No mean: kept out of charts and diffs. */
				model_set_str(&v->error, b->ambiguous);
				continue;
			}
			if (b->value_text != NULL) {
				v->has_mean = true;
				v->mean = strtod(b->value_text, NULL);
				model_set_str(&v->value_text, b->value_text);
			}
			if (b->se_text != NULL) {
				v->has_se = true;
				v->se = strtod(b->se_text, NULL);
			}
			v->n = b->n;
			if (b->note == NULL)
				continue;
			model_set_str(&v->note, b->note);
			/* "MIN: a / MAX: b": the run's extremes, as printed. */
			m = strstr(b->note, "MIN: ");
			x = strstr(b->note, " / MAX: ");
			if (m != NULL && x != NULL && x > m) {
				v->has_min = v->has_max = true;
				v->min = strtod(m + 5, NULL);
				v->max = strtod(x + 8, NULL);
			}
		}
}

void
ob_segment_bars_free(struct ob_bar *bars, size_t nbars)
{
	size_t	i;

	for (i = 0; i < nbars; i++) {
		free(bars[i].value_text);
		free(bars[i].se_text);
		free(bars[i].note);
		free(bars[i].ambiguous);
	}
}

/* A character of a PTS profile name: "sqlite-speedtest", "compress-7zip". */
static bool
ob_segment_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || isdigit((unsigned char)c) ||
	    c == '-' || c == '_' || c == '.';
}

/* Does title, lower-cased and without blanks or marks, start with s? */
static bool
ob_segment_title_starts(const char *title, const char *s, size_t len)
{
	size_t	i = 0;

	for (; *title != '\0' && i < len; title++) {
		if (!isalnum((unsigned char)*title))
			continue;
		if (tolower((unsigned char)*title) != s[i])
			return false;
		i++;
	}
	return i == len;
}

void
ob_segment_overview_names(const char *s, size_t len, const char *const *titles,
    size_t n, char **names)
{
	struct {
		size_t	b, e;	/* the name's lower-case run: [b, e) */
		bool	clean;	/* cut by a value's digit or a non-letter */
	}	*row = xcalloc(n + 1, sizeof(*row));
	size_t	 k = 0, i, j, b, c, lim = 0, l, longest, best;

	for (i = 1; i + 1 < len; i++) {
		if (s[i] != ':' || s[i + 1] != ' ' || !ob_segment_name_char(s[i - 1]))
			continue;
		if (k == n)
			goto out;	/* more rows than charts */
		for (b = i; b > lim && ob_segment_name_char(s[b - 1]); b--)
			;
		/* A name starts with a letter: digits before it end a value. */
		for (c = b; c < i && !(s[c] >= 'a' && s[c] <= 'z'); c++)
			;
		row[k].b = c;
		row[k].e = i;
		row[k].clean = c < i && (k == 0 || c > b ||
		    (b > lim && !isalpha((unsigned char)s[b - 1])));
		lim = i + 2;
		k++;
	}
	if (k != n)
		goto out;	/* not one row per chart: nothing is certain */
	for (k = 0; k < n; k++) {
		if (names[k] != NULL || row[k].b == row[k].e)
			continue;
		/*
		 * Rows of one title share the name: their common end l, taken
		 * when it is the whole of each cleanly cut row.
		 */
		l = row[k].e - row[k].b;
		longest = 0;
		for (j = k; j < n; j++) {
			if (strcmp(titles[j], titles[k]) != 0)
				continue;
			for (i = 0; i < l && i < row[j].e - row[j].b &&
			    s[row[j].e - 1 - i] == s[row[k].e - 1 - i]; i++)
				;
			l = i;
			if (row[j].clean && row[j].e - row[j].b > longest)
				longest = row[j].e - row[j].b;
		}
		best = 0;
		if (longest == l)
			best = l;
		else	/* Glued to lower-case text: the title must confirm it. */
			for (i = l; i >= 2 && best == 0; i--)
				if (ob_segment_title_starts(titles[k],
				    s + row[k].e - i, i))
					best = i;
		while (best > 0 && !(s[row[k].e - best] >= 'a' &&
		    s[row[k].e - best] <= 'z'))
			best--;
		if (best == 0 || best > OB_PROFILE_MAX)
			continue;
		for (j = k; j < n; j++)
			if (strcmp(titles[j], titles[k]) == 0 && names[j] == NULL)
				names[j] = xstrndup(s + row[k].e - best, best);
	}
out:
	free(row);
}

char *
ob_segment_row_name(const char *s)
{
	size_t	n = 0;

	if (!(s[0] >= 'a' && s[0] <= 'z'))
		return NULL;
	while (n <= OB_PROFILE_MAX && ob_segment_name_char(s[n]))
		n++;
	if (n > OB_PROFILE_MAX || s[n] != ':' || s[n + 1] != ' ')
		return NULL;
	return xstrndup(s, n);
}

void
ob_segment_profiles(struct result_set *rs, char *const *names, size_t n)
{
	struct json_object	*o = json_object_new_object();
	const char		*title;
	size_t			 i, j;

	if (n > rs->ntests)
		n = rs->ntests;
	for (i = 0; i < n; i++) {
		title = rs->tests[i].title;
		if (names[i] == NULL || title == NULL ||
		    json_object_object_get_ex(o, title, NULL))
			continue;
		/* A title given two names is left out. */
		for (j = 0; j < n; j++)
			if (names[j] != NULL && rs->tests[j].title != NULL &&
			    strcmp(rs->tests[j].title, title) == 0 &&
			    strcmp(names[j], names[i]) != 0)
				break;
		if (j == n)
			json_object_object_add(o, title,
			    json_object_new_string(names[i]));
	}
	if (json_object_object_length(o) > 0)
		kv_list_set(&rs->extra, "ob-test-profiles",
		    json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
	json_object_put(o);
}
