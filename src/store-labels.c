/* SPDX-License-Identifier: ISC */
/*
 * Labels of a result set: KEY=VALUE pairs a user gives at import
 * (`import --label commit=3f2a9c1`), one value a key, in the table
 * result_set_labels of both backends. What the file says is elsewhere;
 * labels are the user's own words about the run.
 */
#include <string.h>

#include "store-impl.h"

int
store_labels_set(struct store *st, int64_t id, const struct kv_list *labels,
    struct diag *d)
{
	struct store_stmt	*del = NULL, *ins = NULL;
	size_t			 i;
	int			 rc = -1;

	if (labels->len == 0)
		return 0;
	if (store_begin_write(st, d) == -1)
		return -1;
	if (store_prepare(st, &del, "DELETE FROM result_set_labels"
	    " WHERE set_id = ? AND key = ?", d) == -1 ||
	    store_prepare(st, &ins, "INSERT INTO result_set_labels"
	    " (set_id, key, value) VALUES (?, ?, ?)", d) == -1)
		goto out;
	for (i = 0; i < labels->len; i++)
		if (store_run(st, del, d, "it", id, labels->items[i].key) == -1 ||
		    store_run(st, ins, d, "itt", id, labels->items[i].key,
		    labels->items[i].value) == -1)
			goto out;
	if (store_commit(st, d) == -1)
		goto out;
	rc = 0;
out:
	store_finalize(st, del);
	store_finalize(st, ins);
	if (rc == -1)
		store_rollback(st);
	return rc;
}

int
store_labels_get(struct store *st, int64_t id, struct kv_list *out,
    struct diag *d)
{
	struct store_stmt	*q = NULL;
	int			 step, rc = -1;

	if (store_prepare(st, &q, "SELECT key, value FROM result_set_labels"
	    " WHERE set_id = ? ORDER BY key", d) == -1 ||
	    store_query(st, q, d, "i", id) == -1)
		goto out;
	while ((step = store_next(st, q, d)) == 1)
		kv_list_add(out, store_col_text(st, q, 0), store_col_text(st, q, 1));
	if (step == -1)
		goto out;
	rc = 0;
out:
	store_finalize(st, q);
	return rc;
}
