/* SPDX-License-Identifier: ISC */
/* Numbers as their shortest exact text, and JSON printed one way. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>
#include <json-c/json.h>

#include "text-json.h"
#include "text-safe.h"

void
text_json_double(double d, char *buf, size_t size)
{
	int	prec;

	if (isnan(d)) {
		snprintf(buf, size, "nan");
		return;
	}
	if (isinf(d)) {
		snprintf(buf, size, d < 0 ? "-inf" : "inf");
		return;
	}
	/* Shortest of the round-tripping precisions keeps files readable. */
	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, size, "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			return;
	}
}

/* A number keeps its shortest exact text; NaN and infinities become null. */
struct json_object *
text_json_number(bool has, double v)
{
	char	buf[64];

	if (!has || !isfinite(v))
		return NULL;
	text_json_double(v, buf, sizeof(buf));
	return json_object_new_double_s(v, buf);
}

int
text_json_print(struct json_object *root, FILE *fp, struct diag *d)
{
	char	*text;
	int	 rc = 0;

	/* C1 controls escaped: a JSON document may well end on a terminal. */
	text = text_safe_json(json_object_to_json_string_ext(root,
	    JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
	    JSON_C_TO_STRING_NOSLASHESCAPE));
	if (fputs(text, fp) == EOF || fputc('\n', fp) == EOF)
		rc = diag_set(d, NULL, 0, "write error: %s", strerror(errno));
	free(text);
	return rc;
}

struct json_object *
text_json_string(const char *s)
{
	struct json_object	*o;
	char			*valid;

	if (s == NULL)
		return NULL;
	if (g_utf8_validate(s, -1, NULL))
		return json_object_new_string(s);
	valid = g_utf8_make_valid(s, -1);
	o = json_object_new_string(valid);
	g_free(valid);
	return o;
}

struct json_object *
text_json_set_doc(const char *schema_key, int schema, long long id,
    const char *list_key, struct json_object **list)
{
	struct json_object	*root = json_object_new_object();

	json_object_object_add(root, schema_key, json_object_new_int(schema));
	json_object_object_add(root, "id", json_object_new_int64(id));
	*list = json_object_new_array();
	json_object_object_add(root, list_key, *list);
	return root;
}
