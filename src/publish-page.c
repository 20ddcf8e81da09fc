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
#include <string.h>

#include <libxml/parser.h>
#include <libxslt/security.h>
#include <libxslt/transform.h>
#include <libxslt/xsltInternals.h>
#include <libxslt/xsltutils.h>

#include "publish-page.h"
#include "templates.h"

static void	 publish_page_error(void *ctx, const char *fmt, ...);

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

int
publish_page_render(xmlDocPtr review, const char *template_path, FILE *fp,
    struct diag *d)
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
