/* SPDX-License-Identifier: ISC */
/*
 * The OpenBenchmarking export readers (ob-text, ob-html) against the
 * expected readings: both seeds and every corpus document of ../shared,
 * read in place (skipped when ../shared is absent), compared chart by chart
 * (test, arguments, unit, direction, version; per system value, SE, N) with
 * the expected JSON; and the HTML reading compared with the text reading.
 * The project's own fixtures (fixtures/ob) are tested in test-ob-fixtures.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "format.h"
#include "model.h"
#include "tap.h"

extern const struct reader reader_ob_text;
extern const struct reader reader_ob_html;

#define SHARED	"../shared"

static const char *
jstr(json_object *o, const char *key)
{
	json_object	*v;

	if (!json_object_object_get_ex(o, key, &v))
		return NULL;
	return json_object_get_string(v);
}

static int
read_doc(const struct reader *r, const char *path, const char *names,
    struct result_set **out, struct diag *d, struct str_list *warn)
{
	struct read_options	opt;

	memset(&opt, 0, sizeof(opt));
	opt.system_names = names;
	opt.warnings = warn;
	*out = result_set_new();
	diag_clear(d);
	return r->read(path, &opt, *out, d);
}

/*
 * Compare rs with the expected JSON. Values the reader marked ambiguous
 * (no mean, an error) count as "not certain"; a certain value must match.
 * Returns the number of uncertain values; failures are TAP failures.
 */
static int
compare(const char *label, struct result_set *rs, json_object *exp,
    bool need_all)
{
	json_object	*charts, *systems;
	size_t		 i, j, nc, ns, bad = 0, uncertain = 0, checked = 0, no_se = 0;
	char		 name[512];

	json_object_object_get_ex(exp, "charts", &charts);
	json_object_object_get_ex(exp, "systems", &systems);
	snprintf(name, sizeof(name), "%s: title", label);
	is_str(rs->title, jstr(exp, "title"), name);
	ns = json_object_array_length(systems);
	snprintf(name, sizeof(name), "%s: %zu systems", label, ns);
	is_int(rs->nsystems, ns, name);
	for (i = 0; i < ns && i < rs->nsystems; i++) {
		json_object	*s = json_object_array_get_idx(systems, i);

		if (strcmp(rs->systems[i].identifier, jstr(s, "identifier")) != 0) {
			diag("%s: system %zu is \"%s\", want \"%s\"", label, i,
			    rs->systems[i].identifier, jstr(s, "identifier"));
			bad++;
		}
	}
	nc = json_object_array_length(charts);
	snprintf(name, sizeof(name), "%s: %zu charts", label, nc);
	is_int(rs->ntests, nc, name);
	for (i = 0; i < nc && i < rs->ntests; i++) {
		json_object	*c = json_object_array_get_idx(charts, i), *sv;
		struct test	*t = &rs->tests[i];
		const char	*dir = jstr(c, "proportion");

		if (strcmp(t->title, jstr(c, "test")) != 0 ||
		    strcmp(t->description, jstr(c, "arguments")) != 0 ||
		    strcmp(t->unit, jstr(c, "unit")) != 0 ||
		    strcmp(t->app_version, jstr(c, "version")) != 0 ||
		    strcmp(proportion_name(t->proportion), dir) != 0) {
			diag("%s: chart %zu heading differs: %s / %s / %s / %s",
			    label, i, t->title, t->description, t->unit,
			    t->app_version);
			bad++;
			continue;
		}
		json_object_object_get_ex(c, "systems", &sv);
		for (j = 0; j < json_object_array_length(sv); j++) {
			json_object	*e = json_object_array_get_idx(sv, j), *nj;
			long		 si = result_set_find_system(rs, jstr(e, "system"));
			struct value	*v = si < 0 ? NULL : test_find_value(t, (size_t)si);
			const char	*se = jstr(e, "se");
			long		 n = json_object_object_get_ex(e, "n", &nj) ?
			    json_object_get_int(nj) : 0;

			if (v == NULL) {
				diag("%s: chart %zu: no value for %s", label, i,
				    jstr(e, "system"));
				bad++;
				continue;
			}
			if (!v->has_mean) {
				uncertain++;
				continue;
			}
			checked++;
			/* SE left out (not attributable) is not a wrong SE. */
			if (se != NULL && !v->has_se && !need_all) {
				se = NULL;
				no_se++;
			}
			if (v->value_text == NULL ||
			    strcmp(v->value_text, jstr(e, "value")) != 0 ||
			    (se != NULL && (!v->has_se ||
			    fabs(v->se - strtod(se, NULL)) > 1e-9 || v->n != n)) ||
			    (se == NULL && v->has_se)) {
				diag("%s: chart %zu (%s %s) %s: got %s se %g n %ld, "
				    "want %s se %s n %ld", label, i, t->title,
				    t->description, jstr(e, "system"),
				    v->value_text ? v->value_text : "-",
				    v->has_se ? v->se : -1.0, v->n,
				    jstr(e, "value"), se ? se : "-", n);
				bad++;
			}
		}
	}
	snprintf(name, sizeof(name), "%s: every certain value, SE and N as "
	    "expected (%zu checked, %zu left ambiguous, %zu SEs left out)",
	    label, checked, uncertain, no_se);
	ok(bad == 0, name);
	if (need_all) {
		snprintf(name, sizeof(name), "%s: nothing left ambiguous", label);
		is_int(uncertain, 0, name);
	}
	return (int)uncertain;
}

/*
 * The systems' table fields against the expected "hardware" and
 * "software" strings ("Processor: X, Motherboard: Y, ..."), when given:
 * every field of every system, in table order (the HTML reader from the
 * page's cells, the text reader from the glued table with the field
 * shapes).
 */
static void
compare_fields(const char *label, const struct result_set *rs, json_object *exp)
{
	json_object	*systems;
	size_t		 i, j, checked = 0, bad = 0;
	char		 name[600];

	json_object_object_get_ex(exp, "systems", &systems);
	for (i = 0; i < json_object_array_length(systems) && i < rs->nsystems; i++) {
		json_object	*s = json_object_array_get_idx(systems, i);
		const char	*hw = jstr(s, "hardware"), *sw = jstr(s, "software");
		char		 want[4096], got[4096];
		size_t		 n = 0;

		if (hw == NULL || sw == NULL)
			continue;
		snprintf(want, sizeof(want), ", %s, %s, ", hw, sw);
		got[0] = '\0';
		for (j = 0; j < rs->systems[i].fields.len; j++)
			n += (size_t)snprintf(got + n, n < sizeof(got) ? sizeof(got) - n : 0,
			    ", %s: %s", rs->systems[i].fields.items[j].key,
			    rs->systems[i].fields.items[j].value);
		strcat(got + (n < sizeof(got) - 3 ? n : sizeof(got) - 3), ", ");
		checked++;
		if (strcmp(got, want) != 0) {
			diag("%s: %s fields\n#   got  %s\n#   want %s", label,
			    rs->systems[i].identifier, got, want);
			bad++;
		}
	}
	if (checked == 0)
		return;
	snprintf(name, sizeof(name), "%s: table fields of %zu systems as expected",
	    label, checked);
	ok(bad == 0, name);
}

/* Names of every system in the expected JSON, joined with ';'. */
static char *
expected_names(json_object *exp)
{
	json_object	*systems;
	size_t		 i, len = 1;
	char		*s;

	json_object_object_get_ex(exp, "systems", &systems);
	for (i = 0; i < json_object_array_length(systems); i++)
		len += strlen(jstr(json_object_array_get_idx(systems, i),
		    "identifier")) + 1;
	s = calloc(1, len);
	for (i = 0; i < json_object_array_length(systems); i++) {
		if (i > 0)
			strcat(s, ";");
		strcat(s, jstr(json_object_array_get_idx(systems, i), "identifier"));
	}
	return s;
}

static void
seed_004(void)
{
	struct result_set	*rs;
	struct diag		 d;
	struct str_list		 w = { 0 };
	json_object		*exp;
	int			 rc;
	const char		*path = SHARED "/seeds/004_4dc820b1900c28e3.txt";

	exp = json_object_from_file(SHARED "/docs/expected/004_4dc820b1900c28e3.json");
	rc = read_doc(&reader_ob_text, path, NULL, &rs, &d, &w);
	is_int(rc, 0, "seed 004 reads without options");
	if (rc != 0)
		diag("%s:%ld: %s", d.file, d.line, d.msg);
	else {
		compare("seed 004", rs, exp, true);
		is_str(rs->source_ref, "2108260-PTS-STORAGET40", "seed 004: ID");
		is_str(kv_list_get(&rs->extra, "ob-view-option"), "grs",
		    "seed 004: view option");
		is_str(rs->generator, "Phoronix Test Suite v10.8.4",
		    "seed 004: generator");
		is_str(kv_list_get(&rs->systems[1].notes, "Disk Details"),
		    "NONE / relatime,rw,space_cache,ssd,subvol=/,subvolid=5 / RAID0 Block Size: 4096",
		    "seed 004: RAID0's own Disk Details entry");
		is_str(kv_list_get(&rs->systems[2].notes, "Kernel Details"),
		    "Transparent Huge Pages: madvise",
		    "seed 004: shared Kernel Details");
		ok(w.len >= 1, "seed 004: warns that 2 SE strings for 3 systems are not attributable");
		is_str(kv_list_get(&rs->systems[2].fields, "Kernel"),
		    "5.14.0-051400rc7-generic (x86_64) 20210822",
		    "seed 004: Kernel cell shared by every system");
		is_str(kv_list_get(&rs->systems[1].fields, "Processor"),
		    "AMD Ryzen 9 5900X 12-Core @ 3.70GHz (12 Cores / 24 Threads)",
		    "seed 004: Processor");
		is_str(kv_list_get(&rs->systems[1].fields, "Disk"),
		    "2 x 1000GB Western Digital WDS100T1X0E-00AFY0 + 1000GB Western Digital WD_BLACK SN850 1TB",
		    "seed 004: the one later Disk cell is RAID0's and RAID1's (a RAID name beside \"Single\")");
	}
	result_set_free(rs);
	str_list_free(&w);
	json_object_put(exp);
}

static void
seed_000(void)
{
	struct result_set	*rs;
	struct diag		 d;
	struct str_list		 w = { 0 };
	json_object		*exp;
	char			*names;
	int			 rc;
	const char		*path = SHARED "/seeds/000_d75a954a9db40170.txt";

	exp = json_object_from_file(SHARED "/docs/expected/000_d75a954a9db40170.json");
	/* The Disk cells of the systems table pin the names. */
	rc = read_doc(&reader_ob_text, path, NULL, &rs, &d, &w);
	is_int(rc, 0, "seed 000 reads without options");
	if (rc != 0)
		diag("%s:%ld: %s", d.file, d.line, d.msg);
	else {
		compare("seed 000 (names from the table's Disk cells)", rs, exp,
		    true);
		/* Table cells the text pins (read by hand from the seed). */
		is_str(kv_list_get(&rs->systems[7].fields, "Processor"),
		    "AMD Ryzen 9 7950X 16-Core @ 5.88GHz (16 Cores / 32 Threads)",
		    "seed 000: a shared Processor cell reaches the last system");
		is_str(kv_list_get(&rs->systems[4].fields, "Kernel"),
		    "6.7.0-060700-generic (x86_64)", "seed 000: Kernel");
		is_str(kv_list_get(&rs->systems[1].fields, "Disk"),
		    "2000GB PCIe SSD", "seed 000: Inland's own Disk cell");
		is_str(kv_list_get(&rs->systems[3].fields, "Disk"),
		    "2000GB Corsair MP700",
		    "seed 000: Disk cell cut before a glued \"1000GB\"");
		is_str(kv_list_get(&rs->systems[0].fields, "Disk"),
		    "2000GB Samsung SSD 980 PRO 2TB",
		    "seed 000: the first Disk cell ends before NVIDIA (\"GeForce\" is one word)");
	}
	result_set_free(rs);
	names = expected_names(exp);
	rc = read_doc(&reader_ob_text, path, names, &rs, &d, &w);
	is_int(rc, 0, "seed 000 reads with --systems");
	if (rc != 0)
		diag("%s:%ld: %s", d.file, d.line, d.msg);
	else {
		compare("seed 000", rs, exp, true);
		is_str(rs->source_ref, "2403215-PTS-SSDLINUX59", "seed 000: ID");
	}
	free(names);
	result_set_free(rs);
	str_list_free(&w);
	json_object_put(exp);
}

static void
corpus_doc(const char *base)
{
	struct result_set	*rs, *rh;
	struct diag		 d;
	struct str_list		 w = { 0 };
	json_object		*exp;
	char			 txt[512], html[512], js[512], label[256];
	int			 rc;
	size_t			 i, j, same = 1;

	snprintf(txt, sizeof(txt), SHARED "/corpus/ob-text/%s.txt", base);
	snprintf(html, sizeof(html), SHARED "/corpus/ob-html/%s.html", base);
	snprintf(js, sizeof(js), SHARED "/corpus/ob-text/expected/%s.json", base);
	exp = json_object_from_file(js);
	if (exp == NULL) {
		skip(base, "no expected JSON");
		return;
	}
	rc = read_doc(&reader_ob_text, txt, NULL, &rs, &d, &w);
	snprintf(label, sizeof(label), "ob-text %s", base);
	if (rc != 0) {
		char	msg[2600];

		snprintf(msg, sizeof(msg), "%s: refused with the ambiguity named (%s:%ld: %s)",
		    label, d.file, d.line, d.msg);
		ok(strstr(d.msg, "--systems") != NULL, msg);
	} else {
		compare(label, rs, exp, false);
		/* The field shapes read every cell of these tables. */
		compare_fields(label, rs, exp);
	}
	result_set_free(rs);
	rc = read_doc(&reader_ob_html, html, NULL, &rh, &d, &w);
	snprintf(label, sizeof(label), "ob-html %s", base);
	is_int(rc, 0, label);
	if (rc != 0)
		diag("%s:%ld: %s", d.file, d.line, d.msg);
	else {
		compare(label, rh, exp, true);
		compare_fields(label, rh, exp);
	}
	/* The text reading, with the names the page states, equals the page's. */
	if (rc == 0) {
		char	*names = expected_names(exp);

		rc = read_doc(&reader_ob_text, txt, names, &rs, &d, &w);
		free(names);
		if (rc == 0 && rs->ntests == rh->ntests && rs->nsystems == rh->nsystems) {
			for (i = 0; i < rs->ntests; i++)
				for (j = 0; j < rs->tests[i].nvalues; j++) {
					struct value	*a = &rs->tests[i].values[j];
					struct value	*b = test_find_value(&rh->tests[i], a->system);

					if (!a->has_mean)
						continue;
					if (b == NULL || !b->has_mean ||
					    strcmp(a->value_text, b->value_text) != 0 ||
					    (a->has_se && (!b->has_se || a->n != b->n)))
						same = 0;
				}
		} else
			same = 0;
		snprintf(label, sizeof(label), "%s: text reading (names stated) agrees with the HTML reading", base);
		ok(same, label);
		result_set_free(rs);
	}
	result_set_free(rh);
	str_list_free(&w);
	json_object_put(exp);
}

int
main(void)
{
	struct stat	 st;
	DIR		*dir;
	struct dirent	*de;
	char		*names[64];
	size_t		 n = 0, i;

	if (stat(SHARED "/seeds", &st) != 0) {
		skip("seeds and corpus", "../shared is absent");
		return tap_done();
	}
	seed_004();
	seed_000();
	dir = opendir(SHARED "/corpus/ob-text");
	while (dir != NULL && (de = readdir(dir)) != NULL && n < 64) {
		size_t	l = strlen(de->d_name);

		if (l > 4 && strcmp(de->d_name + l - 4, ".txt") == 0)
			names[n++] = strndup(de->d_name, l - 4);
	}
	if (dir != NULL)
		closedir(dir);
	for (i = 0; i < n; i++) {
		corpus_doc(names[i]);
		free(names[i]);
	}
	return tap_done();
}
