/* SPDX-License-Identifier: ISC */
/*
 * The drawing libraries, loaded by soname and looked up by name from the
 * list in canvas-dl.def (see canvas-dl.h for why).
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define CANVAS_DL_TABLE_ONLY
#include "canvas-dl-table.h"
#include "exit.h"

enum canvas_dl_lib {
#define CANVAS_DL_LIB(id, soname)	CANVAS_DL_##id,
#define CANVAS_DL_FN(id, fn)
#include "canvas-dl.def"
#undef CANVAS_DL_LIB
#undef CANVAS_DL_FN
	CANVAS_DL_NLIBS
};

struct canvas_dl	canvas_dl;
static bool		canvas_dl_loaded;

int
canvas_dl_load(struct diag *d)
{
	static const char *const soname[CANVAS_DL_NLIBS] = {
#define CANVAS_DL_LIB(id, so)	[CANVAS_DL_##id] = so,
#define CANVAS_DL_FN(id, fn)
#include "canvas-dl.def"
#undef CANVAS_DL_LIB
#undef CANVAS_DL_FN
	};
	void		*h[CANVAS_DL_NLIBS];
	const char	*missing = NULL;
	int		 i;

	if (canvas_dl_loaded)
		return 0;
	/*
	 * Never closed: pango and fontconfig keep state (font maps, caches)
	 * for the process's life, and a library loaded twice is one handle.
	 */
	for (i = 0; i < CANVAS_DL_NLIBS; i++)
		if ((h[i] = dlopen(soname[i], RTLD_NOW | RTLD_LOCAL)) == NULL)
			return diag_set(d, NULL, 0, "drawing needs the library "
			    "%s: %s", soname[i], dlerror());
#define CANVAS_DL_LIB(id, so)
#define CANVAS_DL_FN(id, fn)						\
	if (missing == NULL &&						\
	    (*(void **)&canvas_dl.fn = dlsym(h[CANVAS_DL_##id], #fn)) == NULL) \
		missing = #fn;
#include "canvas-dl.def"
#undef CANVAS_DL_LIB
#undef CANVAS_DL_FN
	if (missing != NULL)
		return diag_set(d, NULL, 0, "drawing: the installed drawing "
		    "libraries lack %s", missing);
	canvas_dl_loaded = true;
	return 0;
}

void
canvas_dl_need(void)
{
	struct diag	d;

	if (canvas_dl_loaded)
		return;
	diag_clear(&d);
	if (canvas_dl_load(&d) == -1) {
		diag_print(&d, "benchreport", stderr);
		exit(EXIT_BADINPUT);
	}
}
