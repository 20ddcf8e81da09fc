/* SPDX-License-Identifier: ISC */
/*
 * libxml2's allocator in the fuzz harnesses (fuzz-xmlmem.c): an arena
 * per input, poisoned for AddressSanitizer, owned by the harness.
 */
#ifndef FUZZ_XMLMEM_H
#define FUZZ_XMLMEM_H

void	fuzz_xmlmem_init(void);	/* once, before any input */
void	fuzz_xmlmem_end(void);	/* after each input: leak check, reset */

#endif
