/* SPDX-License-Identifier: ISC */
/*
 * Processor and memory rules. Vendors come from a table of name patterns
 * checked in order (a leading vendor word first, so "16-Core" in an AMD
 * name never reads as Intel's "Core"). Canonical models drop the vendor,
 * trademarks, clock and core counts. Socket counts are not a fact.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "meta-hw.h"
#include "strbuf.h"
#include "xalloc.h"

struct meta_hw_vendor {
	const char	*re;
	const char	*vendor;
};

/* First match wins; leading vendor names before model-family words. */
static const struct meta_hw_vendor meta_hw_vendors[] = {
	{ "^(AMD|Advanced Micro Devices|AuthenticAMD)([^[:alnum:]]|$)", "AMD" },
	{ "^(Intel|GenuineIntel)([^[:alnum:]]|$)", "Intel" },
	{ "^(ARM|ARMv[0-9]+[[:alnum:]]*)([^[:alnum:]]|$)", "ARM" },
	{ "^Apple([^[:alnum:]]|$)", "Apple" },
	{ "^(Qualcomm|Snapdragon)([^[:alnum:]]|$)", "Qualcomm" },
	{ "^Ampere([^[:alnum:]]|$)", "Ampere" },
	{ "^(QEMU|Common KVM processor)", "QEMU" },
	{ "^(Hygon|HygonGenuine)([^[:alnum:]]|$)", "Hygon" },
	{ "^(Zhaoxin|CentaurHauls|VIA)([^[:alnum:]]|$)", "VIA" },
	{ "(^|[^[:alnum:]])(Ryzen|EPYC|Athlon|Opteron|Threadripper|Phenom|"
	    "Sempron|Turion)([^[:alnum:]]|$)", "AMD" },
	{ "(^|[^[:alnum:]])(Xeon|Pentium|Celeron|Atom|Core2|Core\\(TM\\)|"
	    "Core i[3579]|Core Ultra)([^[:alnum:]]|$)", "Intel" },
	{ "(^|[^[:alnum:]])(Cortex-[AX][0-9]+|Neoverse)", "ARM" },
	{ "(^|[^[:alnum:]])POWER[0-9]+", "IBM" },
};

/* Words dropped from a canonical model name. */
static const char *const meta_hw_noise[] = {
	"(R)", "(r)", "(TM)", "(tm)",
};

static const char *meta_hw_vendor_of(const char *s);
static char	*meta_hw_model(const char *s);
static int	 meta_hw_noise_word(const char *w);

static const char *
meta_hw_vendor_of(const char *s)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];
	size_t		i;

	for (i = 0; i < sizeof(meta_hw_vendors) / sizeof(meta_hw_vendors[0]); i++)
		if (meta_util_match(meta_hw_vendors[i].re, s, m))
			return meta_hw_vendors[i].vendor;
	return NULL;
}

static int
meta_hw_noise_word(const char *w)
{
	regmatch_t	m[META_UTIL_MAXGROUPS];

	if (strcasecmp(w, "CPU") == 0 || strcasecmp(w, "Processor") == 0)
		return 1;
	/* "16-Core", "64-Cores", "Quad-Core": a count, not a model. */
	return meta_util_match("^([0-9]+|Dual|Quad|Six|Eight)-Cores?$", w, m);
}

static char *
meta_hw_model(const char *s)
{
	struct strbuf	 sb;
	char		*buf, *w, *save = NULL, *out;
	const char	*cut[] = { " @ ", " (", " w/ ", " with " };
	size_t		 i, n;
	char		*p;

	buf = xstrdup(s);
	for (i = 0; i < sizeof(cut) / sizeof(cut[0]); i++)
		if ((p = strstr(buf, cut[i])) != NULL)
			*p = '\0';
	for (i = 0; i < sizeof(meta_hw_noise) / sizeof(meta_hw_noise[0]); i++) {
		n = strlen(meta_hw_noise[i]);
		while ((p = strstr(buf, meta_hw_noise[i])) != NULL)
			memmove(p, p + n, strlen(p + n) + 1);
	}
	strbuf_init(&sb);
	for (w = strtok_r(buf, " \t", &save); w != NULL;
	    w = strtok_r(NULL, " \t", &save)) {
		if (meta_hw_noise_word(w))
			continue;
		/* The vendor is its own fact: "AMD Ryzen 9" is "Ryzen 9". */
		if (sb.len == 0 && (strcmp(w, "AMD") == 0 ||
		    strcmp(w, "Intel") == 0 || strcmp(w, "Apple") == 0))
			continue;
		if (sb.len > 0)
			strbuf_addc(&sb, ' ');
		strbuf_adds(&sb, w);
	}
	free(buf);
	out = strbuf_detach(&sb);
	if (*out == '\0') {
		free(out);
		return NULL;
	}
	return out;
}

void
meta_hw_cpu(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	char		*s, *g = NULL, *model = NULL;
	const char	*body;
	double		 ghz;
	bool		 brand;

	s = meta_util_squeeze(raw);
	body = s;
	/* "2 x Intel Xeon ...": sockets, not part of the model. */
	if (meta_util_match("^[0-9]+ x ", body, m))
		body += m[0].rm_eo;
	meta_util_emit(e, "cpu_vendor", meta_hw_vendor_of(body));
	model = meta_hw_model(body);
	meta_util_emit(e, "cpu_model", model);
	if (meta_util_match("\\(([0-9]+) Cores? / ([0-9]+) Threads?\\)", body, m)) {
		meta_util_emit_long(e, "cpu_cores", strtol(body + m[1].rm_so, NULL, 10));
		meta_util_emit_long(e, "cpu_threads", strtol(body + m[2].rm_so, NULL, 10));
	} else if (meta_util_match("\\(([0-9]+) Cores?\\)", body, m) ||
	    meta_util_match("Total Cores: ([0-9]+)", body, m)) {
		meta_util_emit_long(e, "cpu_cores", strtol(body + m[1].rm_so, NULL, 10));
	}
	/*
	 * PTS prints the maximum clock after "@"; a raw CPUID brand string
	 * ("Intel(R) Core(TM) i7-7700 CPU @ 3.60GHz") prints the base clock.
	 */
	brand = strstr(body, "(R)") != NULL || strstr(body, "(TM)") != NULL ||
	    strstr(body, " CPU @") != NULL;
	if (!brand && meta_util_match("@ ?([0-9]+(\\.[0-9]+)?) ?GHz", body, m)) {
		g = meta_util_group(body, m, 1);
		ghz = strtod(g, NULL);
		if (ghz > 0 && ghz < 100)
			meta_util_emit_long(e, "cpu_max_mhz", lround(ghz * 1000));
	} else if (!brand && meta_util_match("@ ?([0-9]+) ?MHz", body, m)) {
		meta_util_emit_long(e, "cpu_max_mhz", strtol(body + m[1].rm_so, NULL, 10));
	}
	free(g);
	free(model);
	free(s);
}

void
meta_hw_memory(const char *raw, struct meta_emit *e)
{
	regmatch_t	 m[META_UTIL_MAXGROUPS];
	struct str_list	 parts = { 0 };
	char		*type, *num;
	const char	*p;
	size_t		 i;
	long		 count;
	double		 size, total = 0;
	bool		 known = true;

	meta_util_split(raw, " + ", &parts);
	for (i = 0; i < parts.len; i++) {
		p = parts.items[i];
		count = meta_util_multiplier(&p);
		/* "8 x GB DDR3-1600MT/s": the DIMM size is missing. */
		if (!meta_util_match("^([0-9]+(\\.[0-9]+)?) ?(TB|GB|MB|TiB|GiB|MiB)"
		    "([^[:alpha:]]|$)", p, m)) {
			known = false;
			continue;
		}
		num = meta_util_group(p, m, 1);
		size = strtod(num, NULL);
		free(num);
		if (p[m[3].rm_so] == 'T' || p[m[3].rm_so] == 't')
			size *= 1024 * 1024;
		else if (p[m[3].rm_so] == 'G' || p[m[3].rm_so] == 'g')
			size *= 1024;
		total += size * (double)count;
	}
	/* Beyond an exabyte the text is not describing memory. */
	if (known && parts.len > 0 && total > 0 && total < 1e12)
		meta_util_emit_long(e, "memory_mb", lround(total));
	/* "DRAM-6000MT/s" names no generation: memory_type stays unset. */
	if (meta_util_match("(^|[^[:alnum:]])((LP)?DDR[0-9]*[XL]?)([^[:alnum:]]|$)",
	    raw, m)) {
		type = meta_util_group(raw, m, 2);
		/* "ddr4" and "DDR4" are one type. */
		for (p = type; *p != '\0'; p++)
			type[p - type] = (char)toupper((unsigned char)*p);
		meta_util_emit(e, "memory_type", type);
		free(type);
	}
	str_list_free(&parts);
}
