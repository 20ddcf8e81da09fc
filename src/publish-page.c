/* SPDX-License-Identifier: ISC */
/*
 * XSLT step of `publish`. libxslt was chosen because the review document is
 * already a libxml2 tree, XSLT escapes every text node and attribute on
 * output by construction (no template can forget to), and a reviewer can
 * restyle the page with a standard, documented language; PTS's own result
 * viewer was XSL as well. Security preferences forbid file and network
 * access from templates.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxslt/security.h>
#include <libxslt/transform.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/xsltutils.h>

#include "publish-page.h"
#include "templates.h"

static void	 publish_page_error(void *ctx, const char *fmt, ...);
static xmlNodePtr publish_page_next(xmlNodePtr cur, int into);
static int	 publish_page_is_ref(xmlNodePtr n);
static void	 publish_page_charts(xmlDocPtr result,
		    const struct str_list *svgs);

/* Collected libxslt/libxml2 messages for the diag (first one wins). */
static char	 page_error[512];

static void
publish_page_error(void *ctx, const char *fmt, ...)
{
	va_list	ap;
	size_t	len;

	(void)ctx;
	len = strlen(page_error);
	if (len >= sizeof(page_error) - 1)
		return;
	va_start(ap, fmt);
	vsnprintf(page_error + len, sizeof(page_error) - len, fmt, ap);
	va_end(ap);
}

void
publish_page_chart_ref(xmlNodePtr parent, size_t n)
{
	xmlNodePtr	ref;
	xmlNsPtr	ns;
	char		buf[32];

	snprintf(buf, sizeof(buf), "%zu", n);
	if ((ref = xmlNewChild(parent, NULL, BAD_CAST "ref", NULL)) == NULL ||
	    (ns = xmlNewNs(ref, BAD_CAST PUBLISH_PAGE_CHART_NS,
	    BAD_CAST "chart")) == NULL ||
	    xmlNewProp(ref, BAD_CAST "n", BAD_CAST buf) == NULL)
		abort();	/* libxml2 only fails here when out of memory */
	xmlSetNs(ref, ns);
}

/* Document order: the node after cur, below it when into. */
static xmlNodePtr
publish_page_next(xmlNodePtr cur, int into)
{
	if (into && cur->type == XML_ELEMENT_NODE && cur->children != NULL)
		return cur->children;
	while (cur->next == NULL) {
		cur = cur->parent;
		if (cur == NULL || cur->type != XML_ELEMENT_NODE)
			return NULL;
	}
	return cur->next;
}

static int
publish_page_is_ref(xmlNodePtr n)
{
	return n->type == XML_ELEMENT_NODE && n->ns != NULL &&
	    n->ns->href != NULL &&
	    xmlStrEqual(n->ns->href, BAD_CAST PUBLISH_PAGE_CHART_NS) &&
	    xmlStrEqual(n->name, BAD_CAST "ref");
}

/*
 * Each placeholder becomes a text node the serialisers write unescaped
 * (libxml2's xmlStringTextNoenc, what disable-output-escaping makes):
 * the SVG text is already escaped markup. A placeholder with no chart
 * (only a template could make one) is dropped.
 */
static void
publish_page_charts(xmlDocPtr result, const struct str_list *svgs)
{
	xmlNodePtr		 cur, next, t;
	xmlChar			*n;
	char			*end;
	unsigned long long	 i;

	for (cur = result->children; cur != NULL; cur = next) {
		if (!publish_page_is_ref(cur)) {
			next = publish_page_next(cur, 1);
			continue;
		}
		next = publish_page_next(cur, 0);
		t = NULL;
		if ((n = xmlGetNoNsProp(cur, BAD_CAST "n")) != NULL) {
			i = strtoull((const char *)n, &end, 10);
			if (end != (char *)n && *end == '\0' && i < svgs->len) {
				if ((t = xmlNewDocText(result,
				    BAD_CAST svgs->items[i])) == NULL)
					abort();	/* out of memory */
				t->name = xmlStringTextNoenc;
			}
			xmlFree(n);
		}
		if (t != NULL)
			xmlReplaceNode(cur, t);
		else
			xmlUnlinkNode(cur);
		xmlFreeNode(cur);
	}
}

int
publish_page_render(xmlDocPtr review, const char *template_path, FILE *fp,
    struct diag *d)
{
	return publish_page_render_charts(review, template_path, NULL, fp, d);
}

int
publish_page_render_charts(xmlDocPtr review, const char *template_path,
    const struct str_list *svgs, FILE *fp, struct diag *d)
{
	xmlDocPtr		 sdoc = NULL, result = NULL;
	xsltStylesheetPtr	 style = NULL;
	xsltTransformContextPtr	 tctx = NULL;
	xsltSecurityPrefsPtr	 sec = NULL;
	const char		*name = template_path ? template_path : "default template";
	char			*nl;
	int			 rc = -1, opts;

	page_error[0] = '\0';
	xmlSetGenericErrorFunc(NULL, publish_page_error);
	xsltSetGenericErrorFunc(NULL, publish_page_error);
	/* Templates are trusted more than inputs, but still: no DTDs, no network. */
	opts = XML_PARSE_NONET | XML_PARSE_NOCDATA;
	if (template_path != NULL)
		sdoc = xmlReadFile(template_path, NULL, opts);
	else
		sdoc = xmlReadMemory((const char *)template_review,
		    (int)template_review_len, "review.xsl", NULL, opts);
	if (sdoc == NULL) {
		diag_set(d, name, 0, "cannot read template: %s", page_error);
		goto out;
	}
	if ((style = xsltParseStylesheetDoc(sdoc)) == NULL) {
		diag_set(d, name, 0, "not a usable XSLT stylesheet: %s", page_error);
		xmlFreeDoc(sdoc);
		goto out;
	}
	/* sdoc now belongs to style. */
	sec = xsltNewSecurityPrefs();
	if (sec == NULL ||
	    xsltSetSecurityPrefs(sec, XSLT_SECPREF_READ_FILE, xsltSecurityForbid) ||
	    xsltSetSecurityPrefs(sec, XSLT_SECPREF_WRITE_FILE, xsltSecurityForbid) ||
	    xsltSetSecurityPrefs(sec, XSLT_SECPREF_CREATE_DIRECTORY, xsltSecurityForbid) ||
	    xsltSetSecurityPrefs(sec, XSLT_SECPREF_READ_NETWORK, xsltSecurityForbid) ||
	    xsltSetSecurityPrefs(sec, XSLT_SECPREF_WRITE_NETWORK, xsltSecurityForbid)) {
		diag_set(d, name, 0, "cannot set template security preferences");
		goto out;
	}
	if ((tctx = xsltNewTransformContext(style, review)) == NULL ||
	    xsltSetCtxtSecurityPrefs(sec, tctx) != 0) {
		diag_set(d, name, 0, "cannot create transform context");
		goto out;
	}
	result = xsltApplyStylesheetUser(style, review, NULL, NULL, NULL, tctx);
	if (result == NULL || tctx->state != XSLT_STATE_OK) {
		if ((nl = strchr(page_error, '\n')) != NULL)
			*nl = '\0';
		diag_set(d, name, 0, "template failed: %s",
		    page_error[0] ? page_error : "transform error");
		goto out;
	}
	if (svgs != NULL)
		publish_page_charts(result, svgs);
	if (xsltSaveResultToFile(fp, result, style) < 0) {
		diag_set(d, name, 0, "cannot write the page");
		goto out;
	}
	rc = 0;
out:
	xmlFreeDoc(result);
	if (tctx != NULL)
		xsltFreeTransformContext(tctx);
	if (sec != NULL)
		xsltFreeSecurityPrefs(sec);
	if (style != NULL)
		xsltFreeStylesheet(style);
	xmlSetGenericErrorFunc(NULL, NULL);
	xsltSetGenericErrorFunc(NULL, NULL);
	return rc;
}
