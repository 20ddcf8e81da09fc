/* SPDX-License-Identifier: ISC */
/*
 * A chart test set with the figures and structure of an OpenBenchmarking
 * SSD comparison (8 systems, 14 results): titles, arguments, units,
 * directions, means with the source's precision, SE and N, per-value
 * notes and compiler footnotes. Used by test-chart and the chart benchmark.
 */
#ifndef BENCHREPORT_TESTS_CHART_DATA_H
#define BENCHREPORT_TESTS_CHART_DATA_H

#include <stdlib.h>
#include <string.h>

#include "model.h"

struct chart_data_value {
	const char	*system;
	const char	*value;		/* as the source printed it */
	double		 se;
	long		 n;
	const char	*note;
};

struct chart_data_test {
	const char	*title, *version, *arguments, *unit, *proportion;
	const char	*footnote;
	struct chart_data_value	 values[8];
	int		 nvalues;
};

static const char *const chart_data_title = "Crucial T705 NVMe SSD Linux Benchmarks";
static const char *const chart_data_generator = "Phoronix Test Suite v10.8.5";
static const char *const chart_data_systems[] = {
	"Samsung 980 PRO 2TB",
	"Inland PCIe 5.0 2TB",
	"Corsair MP700 PRO 2TB",
	"Corsair MP700 2TB",
	"Samsung 990 PRO 1TB",
	"Solidigm P41 Plus 1TB",
	"Samsung 970 EVO Plus 2TB",
	"Crucial T705 2TB",
};

static const struct chart_data_test chart_data_tests[] = {
	{ "Dbench", "4.0",
	    "Client Count: 12",
	    "MB/s", "HIB",
	    "(CC) gcc options: -lpopt -O2", {
		{ "Samsung 980 PRO 2TB", "440.01", 0.33, 3, NULL },
		{ "Inland PCIe 5.0 2TB", "2142.57", 0.90, 3, NULL },
		{ "Corsair MP700 PRO 2TB", "1748.61", 0.64, 3, NULL },
		{ "Corsair MP700 2TB", "1658.89", 29.43, 9, NULL },
		{ "Samsung 990 PRO 1TB", "558.79", 2.39, 3, NULL },
		{ "Solidigm P41 Plus 1TB", "3356.33", 43.54, 9, NULL },
		{ "Samsung 970 EVO Plus 2TB", "905.79", 0.23, 3, NULL },
		{ "Crucial T705 2TB", "1631.42", 36.54, 9, NULL },
	}, 8 },
	{ "Flexible IO Tester", "3.36",
	    "Type: Random Read - Engine: IO_uring - Direct: Yes - Block Size: 4KB - Job Count: 32 - Disk Target: Default Test Directory",
	    "IOPS", "HIB",
	    "(CC) gcc options: -rdynamic -lz -lm -laio -lpthread -ldl -std=gnu99 -ffast-math -include -O3 -fcommon -march=native", {
		{ "Samsung 980 PRO 2TB", "360000", 1732.05, 3, "-lnuma" },
		{ "Inland PCIe 5.0 2TB", "369667", 1666.67, 3, "-lnuma" },
		{ "Corsair MP700 PRO 2TB", "368000", 1000.00, 3, "-lnuma" },
		{ "Corsair MP700 2TB", "369000", 0.00, 3, "-lnuma" },
		{ "Samsung 990 PRO 1TB", "364333", 1452.97, 3, "-lnuma" },
		{ "Solidigm P41 Plus 1TB", "221333", 666.67, 3, "-lnuma" },
		{ "Samsung 970 EVO Plus 2TB", "351333", 2185.81, 3, "-lnuma" },
		{ "Crucial T705 2TB", "371000", 577.35, 3, "-lnuma" },
	}, 8 },
	{ "Flexible IO Tester", "3.36",
	    "Type: Random Write - Engine: IO_uring - Direct: Yes - Block Size: 4KB - Job Count: 32 - Disk Target: Default Test Directory",
	    "IOPS", "HIB",
	    "(CC) gcc options: -rdynamic -lz -lm -laio -lpthread -ldl -std=gnu99 -ffast-math -include -O3 -fcommon -march=native", {
		{ "Samsung 980 PRO 2TB", "277000", 0.00, 3, "-lnuma" },
		{ "Inland PCIe 5.0 2TB", "277000", 0.00, 3, "-lnuma" },
		{ "Corsair MP700 PRO 2TB", "276667", 333.33, 3, "-lnuma" },
		{ "Corsair MP700 2TB", "284000", 0.00, 3, "-lnuma" },
		{ "Samsung 990 PRO 1TB", "331667", 1201.85, 3, "-lnuma" },
		{ "Solidigm P41 Plus 1TB", "360667", 5206.83, 3, "-lnuma" },
		{ "Samsung 970 EVO Plus 2TB", "267667", 333.33, 3, "-lnuma" },
		{ "Crucial T705 2TB", "273333", 333.33, 3, "-lnuma" },
	}, 8 },
	{ "Flexible IO Tester", "3.36",
	    "Type: Sequential Read - Engine: IO_uring - Direct: Yes - Block Size: 2MB - Job Count: 32 - Disk Target: Default Test Directory",
	    "MB/s", "HIB",
	    "(CC) gcc options: -rdynamic -lz -lm -laio -lpthread -ldl -std=gnu99 -ffast-math -include -O3 -fcommon -march=native", {
		{ "Samsung 980 PRO 2TB", "3484", 49.87, 15, "-lnuma" },
		{ "Inland PCIe 5.0 2TB", "9424", 7.02, 3, "-lnuma" },
		{ "Corsair MP700 2TB", "1308", 37.69, 15, "-lnuma" },
		{ "Samsung 990 PRO 1TB", "7175", 0.00, 3, "-lnuma" },
		{ "Solidigm P41 Plus 1TB", "3839", 9.33, 3, "-lnuma" },
		{ "Samsung 970 EVO Plus 2TB", "3370", 9.77, 3, "-lnuma" },
	}, 6 },
	{ "Flexible IO Tester", "3.36",
	    "Type: Sequential Read - Engine: IO_uring - Direct: Yes - Block Size: 2MB - Job Count: 32 - Disk Target: Default Test Directory",
	    "IOPS", "HIB",
	    "(CC) gcc options: -rdynamic -lz -lm -laio -lpthread -ldl -std=gnu99 -ffast-math -include -O3 -fcommon -march=native", {
		{ "Corsair MP700 PRO 2TB", "5729", 2.08, 3, "-lnuma" },
		{ "Samsung 980 PRO 2TB", "1740", 24.93, 15, "-lnuma" },
		{ "Inland PCIe 5.0 2TB", "4710", 3.67, 3, "-lnuma" },
		{ "Corsair MP700 2TB", "652", 18.84, 15, "-lnuma" },
		{ "Samsung 990 PRO 1TB", "3586", 0.00, 3, "-lnuma" },
		{ "Solidigm P41 Plus 1TB", "1918", 4.63, 3, "-lnuma" },
		{ "Samsung 970 EVO Plus 2TB", "1683", 4.73, 3, "-lnuma" },
		{ "Crucial T705 2TB", "6369", 1.73, 3, "-lnuma" },
	}, 8 },
	{ "Flexible IO Tester", "3.36",
	    "Type: Sequential Write - Engine: IO_uring - Direct: Yes - Block Size: 2MB - Job Count: 32 - Disk Target: Default Test Directory",
	    "MB/s", "HIB",
	    "(CC) gcc options: -rdynamic -lz -lm -laio -lpthread -ldl -std=gnu99 -ffast-math -include -O3 -fcommon -march=native", {
		{ "Samsung 980 PRO 2TB", "2791", 79.13, 15, "-lnuma" },
		{ "Inland PCIe 5.0 2TB", "9639", 0.88, 3, "-lnuma" },
		{ "Corsair MP700 PRO 2TB", "9631", 42.81, 9, "-lnuma" },
		{ "Corsair MP700 2TB", "869", 19.17, 15, "-lnuma" },
		{ "Samsung 990 PRO 1TB", "6480", 48.25, 3, "-lnuma" },
		{ "Solidigm P41 Plus 1TB", "2804", 1.20, 3, "-lnuma" },
		{ "Samsung 970 EVO Plus 2TB", "3186", 7.84, 3, "-lnuma" },
		{ "Crucial T705 2TB", "1364", 111.05, 15, "-lnuma" },
	}, 8 },
	{ "Flexible IO Tester", "3.36",
	    "Type: Sequential Write - Engine: IO_uring - Direct: Yes - Block Size: 2MB - Job Count: 32 - Disk Target: Default Test Directory",
	    "IOPS", "HIB",
	    "(CC) gcc options: -rdynamic -lz -lm -laio -lpthread -ldl -std=gnu99 -ffast-math -include -O3 -fcommon -march=native", {
		{ "Samsung 980 PRO 2TB", "1394", 39.54, 15, "-lnuma" },
		{ "Inland PCIe 5.0 2TB", "4818", 0.33, 3, "-lnuma" },
		{ "Corsair MP700 PRO 2TB", "5068", 84.27, 15, "-lnuma" },
		{ "Corsair MP700 2TB", "433", 9.58, 15, "-lnuma" },
		{ "Samsung 990 PRO 1TB", "3239", 24.13, 3, "-lnuma" },
		{ "Solidigm P41 Plus 1TB", "1401", 0.88, 3, "-lnuma" },
		{ "Samsung 970 EVO Plus 2TB", "1591", 3.79, 3, "-lnuma" },
		{ "Crucial T705 2TB", "680", 55.51, 15, "-lnuma" },
	}, 8 },
	{ "CockroachDB", "22.2",
	    "Workload: KV, 50% Reads - Concurrency: 256",
	    "ops/s", "HIB",
	    NULL, {
		{ "Samsung 980 PRO 2TB", "24720.7", 64.97, 3, NULL },
		{ "Inland PCIe 5.0 2TB", "90733.6", 623.44, 3, NULL },
		{ "Corsair MP700 PRO 2TB", "88088.6", 59.50, 3, NULL },
		{ "Corsair MP700 2TB", "87984.3", 105.58, 3, NULL },
		{ "Samsung 990 PRO 1TB", "36656.1", 349.36, 15, NULL },
		{ "Solidigm P41 Plus 1TB", "88138.6", 151.91, 3, NULL },
		{ "Samsung 970 EVO Plus 2TB", "70918.1", 270.78, 3, NULL },
		{ "Crucial T705 2TB", "87486.5", 153.78, 3, NULL },
	}, 8 },
	{ "CockroachDB", "22.2",
	    "Workload: KV, 60% Reads - Concurrency: 256",
	    "ops/s", "HIB",
	    NULL, {
		{ "Samsung 980 PRO 2TB", "30393.8", 263.05, 3, NULL },
		{ "Inland PCIe 5.0 2TB", "97717.9", 336.27, 3, NULL },
		{ "Corsair MP700 PRO 2TB", "94489.6", 324.72, 3, NULL },
		{ "Corsair MP700 2TB", "95101.8", 657.87, 3, NULL },
		{ "Samsung 990 PRO 1TB", "42508.3", 430.41, 6, NULL },
		{ "Solidigm P41 Plus 1TB", "97588.0", 772.87, 3, NULL },
		{ "Samsung 970 EVO Plus 2TB", "79068.0", 580.79, 3, NULL },
		{ "Crucial T705 2TB", "94068.1", 117.26, 3, NULL },
	}, 8 },
	{ "SQLite", "3.41.2",
	    "Threads / Copies: 8",
	    "Seconds", "LIB",
	    "(CC) gcc options: -O2 -lreadline -ltermcap -lz -lm", {
		{ "Samsung 980 PRO 2TB", "211.14", 0.33, 3, NULL },
		{ "Inland PCIe 5.0 2TB", "62.41", 0.70, 3, NULL },
		{ "Corsair MP700 PRO 2TB", "89.97", 0.43, 3, NULL },
		{ "Corsair MP700 2TB", "89.90", 0.42, 3, NULL },
		{ "Samsung 990 PRO 1TB", "210.84", 1.33, 3, NULL },
		{ "Solidigm P41 Plus 1TB", "23.44", 0.31, 3, NULL },
		{ "Samsung 970 EVO Plus 2TB", "175.47", 41.50, 9, NULL },
		{ "Crucial T705 2TB", "85.88", 0.67, 3, NULL },
	}, 8 },
	{ "SQLite", "3.41.2",
	    "Threads / Copies: 16",
	    "Seconds", "LIB",
	    "(CC) gcc options: -O2 -lreadline -ltermcap -lz -lm", {
		{ "Samsung 980 PRO 2TB", "256.16", 0.71, 3, NULL },
		{ "Inland PCIe 5.0 2TB", "91.50", 0.88, 3, NULL },
		{ "Corsair MP700 PRO 2TB", "139.30", 0.97, 3, NULL },
		{ "Corsair MP700 2TB", "138.61", 0.39, 3, NULL },
		{ "Samsung 990 PRO 1TB", "292.45", 2.93, 9, NULL },
		{ "Solidigm P41 Plus 1TB", "36.57", 0.18, 3, NULL },
		{ "Samsung 970 EVO Plus 2TB", "119.23", 1.31, 5, NULL },
		{ "Crucial T705 2TB", "134.73", 0.99, 3, NULL },
	}, 8 },
	{ "SQLite", "3.41.2",
	    "Threads / Copies: 32",
	    "Seconds", "LIB",
	    "(CC) gcc options: -O2 -lreadline -ltermcap -lz -lm", {
		{ "Samsung 980 PRO 2TB", "340.41", 0.49, 3, NULL },
		{ "Inland PCIe 5.0 2TB", "149.00", 0.66, 3, NULL },
		{ "Corsair MP700 PRO 2TB", "231.39", 0.77, 3, NULL },
		{ "Corsair MP700 2TB", "230.22", 0.77, 3, NULL },
		{ "Samsung 990 PRO 1TB", "526.69", 4.03, 3, NULL },
		{ "Solidigm P41 Plus 1TB", "70.23", 0.08, 3, NULL },
		{ "Samsung 970 EVO Plus 2TB", "157.02", 0.80, 3, NULL },
		{ "Crucial T705 2TB", "228.76", 1.72, 3, NULL },
	}, 8 },
	{ "PostgreSQL", "16",
	    "Scaling Factor: 100 - Clients: 800 - Mode: Read Write",
	    "TPS", "HIB",
	    "(CC) gcc options: -fno-strict-aliasing -fwrapv -O2 -lpgcommon -lpgport -lpq -lm", {
		{ "Samsung 980 PRO 2TB", "20141", 52.70, 3, NULL },
		{ "Inland PCIe 5.0 2TB", "41831", 598.69, 3, NULL },
		{ "Corsair MP700 PRO 2TB", "36624", 147.09, 3, NULL },
		{ "Corsair MP700 2TB", "36791", 115.31, 3, NULL },
		{ "Samsung 990 PRO 1TB", "23162", 980.67, 9, NULL },
		{ "Solidigm P41 Plus 1TB", "43595", 387.13, 12, NULL },
		{ "Samsung 970 EVO Plus 2TB", "29021", 159.45, 3, NULL },
		{ "Crucial T705 2TB", "35573", 230.29, 3, NULL },
	}, 8 },
	{ "PostgreSQL", "16",
	    "Scaling Factor: 100 - Clients: 800 - Mode: Read Write - Average Latency",
	    "ms", "LIB",
	    "(CC) gcc options: -fno-strict-aliasing -fwrapv -O2 -lpgcommon -lpgport -lpq -lm", {
		{ "Samsung 980 PRO 2TB", "39.72", 0.10, 3, NULL },
		{ "Inland PCIe 5.0 2TB", "19.13", 0.27, 3, NULL },
		{ "Corsair MP700 PRO 2TB", "21.84", 0.09, 3, NULL },
		{ "Corsair MP700 2TB", "21.75", 0.07, 3, NULL },
		{ "Samsung 990 PRO 1TB", "35.04", 1.49, 9, NULL },
		{ "Solidigm P41 Plus 1TB", "18.37", 0.16, 12, NULL },
		{ "Samsung 970 EVO Plus 2TB", "27.57", 0.15, 3, NULL },
		{ "Crucial T705 2TB", "22.49", 0.14, 3, NULL },
	}, 8 },
};

#define CHART_DATA_NTESTS \
	(sizeof(chart_data_tests) / sizeof(chart_data_tests[0]))

/* The set above as a result set (caller frees). */
static struct result_set *
chart_data_build(void)
{
	struct result_set	*rs = result_set_new();
	struct test		*t;
	struct value		*v;
	size_t			 i;
	int			 j;

	model_set_str(&rs->title, chart_data_title);
	model_set_str(&rs->generator, chart_data_generator);
	model_set_str(&rs->source_ref, "chart-data");
	for (i = 0; i < sizeof(chart_data_systems) / sizeof(chart_data_systems[0]); i++)
		result_set_add_system(rs, chart_data_systems[i]);
	for (i = 0; i < CHART_DATA_NTESTS; i++) {
		const struct chart_data_test	*dt = &chart_data_tests[i];

		t = result_set_add_test(rs);
		model_set_str(&t->title, dt->title);
		model_set_str(&t->app_version, dt->version);
		model_set_str(&t->description, dt->arguments);
		model_set_str(&t->unit, dt->unit);
		t->proportion = proportion_parse(dt->proportion);
		t->display = DISPLAY_BAR;
		if (dt->footnote != NULL)
			str_list_add(&t->footnotes, dt->footnote);
		for (j = 0; j < dt->nvalues; j++) {
			v = test_add_value(t, (size_t)result_set_find_system(rs,
			    dt->values[j].system));
			v->has_mean = 1;
			v->mean = strtod(dt->values[j].value, NULL);
			model_set_str(&v->value_text, dt->values[j].value);
			v->has_se = 1;
			v->se = dt->values[j].se;
			v->n = dt->values[j].n;
			if (dt->values[j].note != NULL)
				model_set_str(&v->note, dt->values[j].note);
		}
	}
	return rs;
}

#endif
