/* SPDX-License-Identifier: ISC */
/*
 * Making untrusted text fit to be an XML 1.0 text node or attribute:
 * invalid UTF-8 and characters XML forbids (most C0 controls) are replaced
 * by visible escapes, so a hostile file can neither break a document we
 * write nor smuggle invisible characters into it. Markup escaping itself is
 * left to the XML writer (libxml2), which always does it.
 * Ownership: returns a string the caller frees.
 */
#ifndef BENCHREPORT_XMLSAFE_H
#define BENCHREPORT_XMLSAFE_H

/* Copy of s (NULL gives "") holding only characters valid in XML 1.0. */
char	*xmlsafe_dup(const char *s);

#endif
