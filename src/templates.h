/* SPDX-License-Identifier: ISC */
/*
 * Default templates compiled into the binary from templates/ (see the
 * Makefile's templates.c rule), so a page can be published without any
 * installed data file. Each is NUL-terminated.
 */
#ifndef BENCHREPORT_TEMPLATES_H
#define BENCHREPORT_TEMPLATES_H

#include <stddef.h>

extern const unsigned char template_review[];
extern const size_t template_review_len;

#endif
