/* SPDX-License-Identifier: ISC */
/*
 * html-check FILE: parse a page with libxml2's HTML parser and print
 *   errors=N unknown_tags=N scripts=N handlers=N loads=N
 * errors counts every parser error except "unknown tag": libxml2's HTML
 * parser knows HTML 4 only, so HTML5 and inline SVG elements are unknown
 * to it without being wrong. scripts counts <script> elements, handlers
 * on* attributes, loads src/href/xlink:href attributes that would fetch
 * something (anything but <a href>, fragments and data: URIs).
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>

static int	 errors, unknown;

static void	 html_check_error(void *, xmlErrorPtr);
static void	 html_check_walk(xmlNodePtr, int *, int *, int *);

static void
html_check_error(void *ctx, xmlErrorPtr e)
{
	(void)ctx;
	if (e->code == XML_HTML_UNKNOWN_TAG)
		unknown++;
	else {
		errors++;
		fprintf(stderr, "line %d: %s", e->line, e->message ? e->message : "?\n");
	}
}

static void
html_check_walk(xmlNodePtr n, int *scripts, int *handlers, int *loads)
{
	xmlAttrPtr	 a;
	xmlChar		*v;

	for (; n != NULL; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (strcasecmp((const char *)n->name, "script") == 0)
			(*scripts)++;
		for (a = n->properties; a != NULL; a = a->next) {
			if (strncasecmp((const char *)a->name, "on", 2) == 0)
				(*handlers)++;
			if (strcasecmp((const char *)a->name, "src") == 0 ||
			    (strcasecmp((const char *)a->name, "href") == 0 &&
			    strcasecmp((const char *)n->name, "a") != 0)) {
				v = xmlNodeGetContent((xmlNodePtr)a);
				if (v != NULL && v[0] != '#' &&
				    strncasecmp((const char *)v, "data:", 5) != 0)
					(*loads)++;
				xmlFree(v);
			}
		}
		html_check_walk(n->children, scripts, handlers, loads);
	}
}

int
main(int argc, char **argv)
{
	htmlParserCtxtPtr	 ctx;
	htmlDocPtr		 doc;
	int			 scripts = 0, handlers = 0, loads = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: html-check FILE\n");
		return 2;
	}
	ctx = htmlNewParserCtxt();
	xmlSetStructuredErrorFunc(NULL, html_check_error);
	doc = htmlCtxtReadFile(ctx, argv[1], "UTF-8", HTML_PARSE_NONET);
	if (doc == NULL) {
		fprintf(stderr, "html-check: %s: cannot parse\n", argv[1]);
		htmlFreeParserCtxt(ctx);
		return 2;
	}
	html_check_walk(xmlDocGetRootElement(doc), &scripts, &handlers, &loads);
	printf("errors=%d unknown_tags=%d scripts=%d handlers=%d loads=%d\n",
	    errors, unknown, scripts, handlers, loads);
	xmlFreeDoc(doc);
	htmlFreeParserCtxt(ctx);
	xmlCleanupParser();
	return 0;
}
