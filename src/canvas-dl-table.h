/* SPDX-License-Identifier: ISC */
/*
 * The table of the drawing libraries' functions (canvas-dl.def), for the
 * modules that draw: included after the libraries' own headers, it
 * declares the table and, unless CANVAS_DL_TABLE_ONLY is defined (by the
 * loader), redirects every call of a listed function to it.
 * Ownership: canvas-dl.c fills the table; the pointers are the libraries'.
 */
#ifndef BENCHREPORT_CANVAS_DL_TABLE_H
#define BENCHREPORT_CANVAS_DL_TABLE_H

#include <cairo.h>
#include <cairo-pdf.h>
#include <hb.h>
#include <pango/pangocairo.h>
#include <png.h>

#include "canvas-dl.h"

struct canvas_dl {
#define CANVAS_DL_LIB(id, soname)
#define CANVAS_DL_FN(id, fn)	__typeof__(fn) *fn;
#include "canvas-dl.def"
#undef CANVAS_DL_LIB
#undef CANVAS_DL_FN
};

extern struct canvas_dl canvas_dl;

#ifndef CANVAS_DL_TABLE_ONLY
#include "canvas-dl-calls.h"
#endif

#endif
