/* SPDX-License-Identifier: ISC */
/*
 * The review page's fixed parts, compiled into the binary from templates/
 * (see the Makefile's templates.c rule), so a page can be published
 * without any installed data file. Each is NUL-terminated.
 */
#ifndef BENCHREPORT_TEMPLATES_H
#define BENCHREPORT_TEMPLATES_H

#include <stddef.h>

extern const unsigned char template_review_html[];
extern const size_t template_review_html_len;
extern const unsigned char template_review_css[];
extern const size_t template_review_css_len;

#endif
