/* SPDX-License-Identifier: ISC */
/*
 * ob_split_tile against a tiler written here the plain way: at each
 * position, every unused name in index order. The reader's tiling tries
 * only the names that start with the byte it is at, so on random runs
 * and names (a small alphabet, so names collide and share prefixes, and
 * now and then a name of no bytes, which matches everywhere) it must
 * find the same number of tilings (0, 1 or 2: it stops at two) and the
 * same first one.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "ob-split.h"
#include "tap.h"
#include "xalloc.h"

#define NAMES	8
#define RUNS	4000

struct ref {
	const struct ob_names	*n;
	bool			 used[NAMES];
	size_t			 cur[64], order[64], count;
	int			 found;
};

static void
ref_rec(struct ref *r, const char *p, size_t depth)
{
	size_t	i, l;

	if (r->found >= 2)
		return;
	if (*p == '\0') {
		if (r->found++ == 0) {
			memcpy(r->order, r->cur, depth * sizeof(size_t));
			r->count = depth;
		}
		return;
	}
	for (i = 0; i < r->n->len; i++) {
		l = strlen(r->n->name[i]);
		if (r->used[i] || strncmp(p, r->n->name[i], l) != 0)
			continue;
		r->used[i] = true;
		r->cur[depth] = i;
		ref_rec(r, p + l, depth + 1);
		r->used[i] = false;
	}
}

static void
rnd_word(char *w, size_t len)
{
	size_t	i;

	for (i = 0; i < len; i++)
		w[i] = "abc"[tap_rnd(3)];
	w[len] = '\0';
}

int
main(void)
{
	struct ob_names	 n;
	struct ref	 r;
	size_t		 order[64], cnt, i, k, bad = 0, tiled = 0, empty = 0;
	char		 run[40];
	int		 found;

	n.name = xcalloc(NAMES, sizeof(char *));
	for (i = 0; i < NAMES; i++)
		n.name[i] = xcalloc(8, 1);
	for (k = 0; k < RUNS; k++) {
		n.len = 1 + tap_rnd(NAMES);
		for (i = 0; i < n.len; i++)
			rnd_word(n.name[i], tap_rnd(50) == 0 ? 0 : 1 + tap_rnd(3));
		/* Runs glued from the names, or random: both outcomes. */
		if (tap_rnd(2) == 0)
			rnd_word(run, 1 + tap_rnd(12));
		else {
			run[0] = '\0';
			for (i = 0; i < n.len && strlen(run) < 30; i++)
				if (tap_rnd(3) != 0)
					strcat(run, n.name[tap_rnd(
					    (unsigned)n.len)]);
			if (run[0] == '\0')
				strcpy(run, "a");
		}
		memset(&r, 0, sizeof(r));
		r.n = &n;
		ref_rec(&r, run, 0);
		found = ob_split_tile(run, &n, order, &cnt);
		for (i = 0; i < n.len; i++)
			empty += n.name[i][0] == '\0';
		tiled += r.found > 0;
		if (found != r.found || (found > 0 && (cnt != r.count ||
		    memcmp(order, r.order, cnt * sizeof(size_t)) != 0))) {
			if (bad++ == 0)
				diag("run \"%s\": %d tilings, the reference %d "
				    "(or another first one)",
				    run, found, r.found);
		}
	}
	is_int(bad, 0, "the tilings of 4,000 random runs match a plain search");
	ok(tiled > RUNS / 4 && tiled < RUNS, "and some runs tile, some do not");
	ok(empty > 0, "and some names have no bytes");
	for (i = 0; i < NAMES; i++)
		free(n.name[i]);
	free(n.name);
	return tap_done();
}
