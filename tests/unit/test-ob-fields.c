/* SPDX-License-Identifier: ISC */
/*
 * Unit tests for giving a flattened systems table's glued cells to systems:
 * what the value shapes pin, what they leave open, and that a long or
 * hostile run is bounded.
 */
#include <stdlib.h>
#include <string.h>

#include "ob-fields.h"
#include "tap.h"
#include "xalloc.h"

static const char *const labels[] = { "Processor", "Chipset", "Memory",
	"Disk", "OS", "Kernel", "Screen Resolution" };
#define NL	(sizeof(labels) / sizeof(labels[0]))

static const char *field(const struct ob_fields *f, size_t sys, size_t l);
static bool	tern(size_t sys, const char *cell, size_t len, void *ctx);

static const char *
field(const struct ob_fields *f, size_t sys, size_t l)
{
	const char	*v = f->value[sys * f->nlabels + l];

	return v != NULL ? v : "(open)";
}

/* Only names that state their drive fit: "...T900..." for system 1. */
static bool
tern(size_t sys, const char *cell, size_t len, void *ctx)
{
	char	*c = xstrndup(cell, len);
	bool	 r = sys != 1 || strstr(c, "T900") != NULL;

	(void)ctx;
	free(c);
	return r;
}

int
main(void)
{
	struct ob_fields	 f;
	const char		*one = "Example CPU 8-Core @ 4.00GHz (8 Cores / 16 "
	    "Threads)Acme Device 14d82 x 16GB DDR5-6000MT/s Kit F16G2000GB ACME "
	    "A1 PROUbuntu 23.106.7.0-060700-generic (x86_64)3840x2160";
	char			*two, *big;
	size_t			 i;

	ob_fields_split(one, labels, NL, 1, NULL, NULL, &f);
	is_double(f.readings, 1, 0, "one reading of a full first column");
	is_str(field(&f, 0, 1), "Acme Device 14d8", "Chipset cut before \"2 x\"");
	is_str(field(&f, 0, 2), "2 x 16GB DDR5-6000MT/s Kit F16G",
	    "Memory up to the glued Disk head");
	is_str(field(&f, 0, 3), "2000GB ACME A1 PRO", "Disk");
	is_str(field(&f, 0, 4), "Ubuntu 23.10", "OS cut at the kernel version");
	is_str(field(&f, 0, 5), "6.7.0-060700-generic (x86_64)", "Kernel");
	is_str(field(&f, 0, 6), "3840x2160", "Screen Resolution");
	ob_fields_free(&f);

	/* A second system printing only its own Disk cell. */
	two = xasprintf("%s%s", one, "4000GB XT4000T900X2");
	ob_fields_split(two, labels, NL, 2, NULL, NULL, &f);
	is_str(field(&f, 1, 0), "Example CPU 8-Core @ 4.00GHz (8 Cores / 16 Threads)",
	    "an unprinted cell is the previous system's");
	is_str(field(&f, 1, 3), "4000GB XT4000T900X2", "the later Disk cell");
	ob_fields_free(&f);
	ob_fields_split(two, labels, NL, 2, tern, NULL, &f);
	is_str(field(&f, 1, 3), "4000GB XT4000T900X2",
	    "the Disk cell agrees with the name evidence");
	ob_fields_free(&f);
	free(two);

	/* "Debian 12" + "6.1.0" or "Debian 1" + "26.1.0": not pinned. */
	ob_fields_split("Example CPU (2 Cores)Acme Device 14d82 x 16GB Kit"
	    "2000GB ACME A1 PRODebian 126.1.0-18-amd64 (x86_64)1920x1080",
	    labels, NL, 1, NULL, NULL, &f);
	ok(f.readings == 2 && strcmp(field(&f, 0, 4), "(open)") == 0 &&
	    strcmp(field(&f, 0, 5), "(open)") == 0,
	    "OS and Kernel that read two ways are left open");
	is_str(field(&f, 0, 0), "Example CPU (2 Cores)", "the rest is still pinned");
	ob_fields_free(&f);

	ob_fields_split("nothing here fits", labels, NL, 1, NULL, NULL, &f);
	ok(f.readings == 0 && f.value[0] == NULL, "no reading: nothing filled");
	ob_fields_free(&f);

	/* A long run of capitals: bounded, and no field guessed. */
	big = xcalloc(20001, 1);
	for (i = 0; i < 20000; i++)
		big[i] = i % 7 == 0 ? 'a' : 'A';
	ob_fields_split(big, labels, NL, 8, NULL, NULL, &f);
	ok(f.gave_up || f.readings == 0, "a 20000-byte hostile run is refused quickly");
	ob_fields_free(&f);
	free(big);
	return tap_done();
}
