/* SPDX-License-Identifier: ISC */
/*
 * Numbers and JSON as every output writes them: a double as the shortest
 * decimal text that reads back as exactly that double, and a JSON document
 * printed one way (the exports, diff's JSON, the commands' --json, serve's
 * API). Readers use the first for the text they derive from numbers.
 */
#ifndef BENCHREPORT_TEXT_JSON_H
#define BENCHREPORT_TEXT_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "diag.h"

/*
 * Shortest decimal text that reads back as exactly d (tries %.15g to
 * %.17g) into buf. Non-finite values give "nan", "inf" or "-inf".
 */
void	 text_json_double(double d, char *buf, size_t size);

/*
 * text_json_number: a json-c number that prints as the shortest exact
 * text; NULL (JSON null) when !has or v is not finite.
 * text_json_print: root pretty-printed (no slash escaping; C1 controls
 * and bidi overrides as \u escapes) and a newline; 0, or -1 with d. root
 * stays the caller's.
 */
struct json_object;
struct json_object *text_json_number(bool has, double v);
/*
 * A json-c string of untrusted text: bytes that are not UTF-8 become
 * U+FFFD; NULL (JSON null, "not stated") when s is NULL.
 */
struct json_object *text_json_string(const char *s);
int	 text_json_print(struct json_object *root, FILE *fp, struct diag *d);
/*
 * A command's JSON document about one result set: {"SCHEMA_KEY": schema,
 * "id": id, "LIST_KEY": []}, the list in *list (owned by the document).
 */
struct json_object *text_json_set_doc(const char *schema_key, int schema,
	    long long id, const char *list_key, struct json_object **list);

#endif
