/* SPDX-License-Identifier: ISC */
/*
 * The fuzz harnesses' libxml2 arena (fuzz-xmlmem.c) must keep what
 * ASan's allocator gave on libxml2's memory. One case per argument,
 * run by tests/fuzz/smoke.sh, which expects:
 *   ok        exit 0 and "ok": blocks keep their bytes through
 *             xmlRealloc and xmlMemStrdup; freed and reset cleanly
 *   over      an ASan report: a read one byte past a 10-byte block
 *   under     an ASan report: a read one byte before a block
 *   freed     an ASan report: a read of a freed block
 *   reset     an ASan report: a read past a block of the next input
 *   grown     an ASan report: a read past a block grown in place
 *   shrunk    an ASan report: a read past a block shrunk in place
 *   twice     "freed twice": a double free
 *   leak      "not freed at the end": a block left at the input's end
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xmlmemory.h>

#include "fuzz-xmlmem.h"

static volatile char	sink;

int
main(int argc, char **argv)
{
	char	*p, *q;
	int	 i;

	if (argc != 2)
		return 2;
	fuzz_xmlmem_init();
	p = xmlMalloc(10);
	memcpy(p, "0123456789", 10);
	if (strcmp(argv[1], "ok") == 0) {
		for (i = 0; i < 1000; i++) {	/* past one chunk */
			q = xmlMalloc(8000);
			memset(q, 'x', 8000);
			xmlFree(q);
		}
		p = xmlRealloc(p, 100000);
		if (p == NULL || memcmp(p, "0123456789", 10) != 0)
			return 1;
		p[99999] = 'z';
		q = (char *)xmlMemStrdup("strdup");
		if (q == NULL || strcmp(q, "strdup") != 0)
			return 1;
		xmlFree(q);
		xmlFree(p);
		fuzz_xmlmem_end();
		p = xmlMalloc(16);
		memset(p, 'y', 16);
		xmlFree(p);
		fuzz_xmlmem_end();
		puts("ok");
		return 0;
	}
	if (strcmp(argv[1], "over") == 0)
		sink = p[10];
	else if (strcmp(argv[1], "under") == 0)
		sink = p[-1];
	else if (strcmp(argv[1], "freed") == 0) {
		xmlFree(p);
		sink = p[0];
	} else if (strcmp(argv[1], "reset") == 0) {
		xmlFree(p);
		fuzz_xmlmem_end();
		p = xmlMalloc(3);
		sink = p[3];
	} else if (strcmp(argv[1], "grown") == 0) {
		p = xmlRealloc(p, 20);
		memcpy(p + 10, "abcdefghij", 10);
		sink = p[20];
	} else if (strcmp(argv[1], "shrunk") == 0) {
		p = xmlRealloc(p, 5);
		sink = p[5];
	} else if (strcmp(argv[1], "twice") == 0) {
		xmlFree(p);
		xmlFree(p);
	} else if (strcmp(argv[1], "leak") == 0)
		fuzz_xmlmem_end();
	else
		return 2;
	puts("no error found");
	return 0;
}
