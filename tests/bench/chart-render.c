/* SPDX-License-Identifier: ISC */
/*
 * Chart rendering benchmark (run by tests/bench-chart.sh): the 14 bar
 * charts of 8 systems in tests/chart-data.h, each drawn and rendered as
 * SVG (into memory), PNG at 1x and 2x and PDF (to /dev/null), best of
 * ROUNDS per chart on one thread; then every chart of the set written as
 * files through chart_write (temp file, fsync, rename) into DIR.
 * Prints one line per chart and the totals, in milliseconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "canvas-cairo.h"
#include "canvas-svg.h"
#include "canvas-text.h"
#include "chart.h"
#include "chart-bar.h"
#include "chart-data.h"

#define ROUNDS	15

static double
now_ms(void)
{
	struct timespec	ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main(int argc, char **argv)
{
	struct result_set	*rs = chart_data_build();
	struct chart_bar	 b;
	struct canvas		*c;
	struct strbuf		 sb;
	struct diag		 d;
	struct chart_id		*ids;
	struct chart_opts	 o;
	FILE			*null;
	double			 best[CHART_DATA_NTESTS][4], t0, t, first;
	double			 sum[4] = { 0, 0, 0, 0 }, files;
	size_t			 i, n, bytes = 0;
	int			 r, k;
	char			*name, path[4096];
	const char		*dir = argc > 1 ? argv[1] : ".";

	if ((null = fopen("/dev/null", "w")) == NULL) {
		perror("/dev/null");
		return 2;
	}
	/* The first layout loads fontconfig's cache and the font: once per process. */
	t0 = now_ms();
	canvas_text_width(chart_frame_font(CHART_FONT_LABEL), "warm-up");
	first = now_ms() - t0;

	for (i = 0; i < CHART_DATA_NTESTS; i++)
		for (k = 0; k < 4; k++)
			best[i][k] = 1e30;
	strbuf_init(&sb);
	for (r = 0; r < ROUNDS; r++)
		for (i = 0; i < CHART_DATA_NTESTS; i++) {
			for (k = 0; k < 4; k++) {
				diag_clear(&d);
				t0 = now_ms();
				if (chart_bar_from_test(rs, i, false, "chart-data", &b,
				    &d) == -1) {
					fprintf(stderr, "chart %zu: %s\n", i, d.msg);
					return 1;
				}
				c = chart_bar_draw(&b, CHART_DEFAULT_WIDTH);
				switch (k) {
				case 0:
					strbuf_reset(&sb);
					canvas_svg_render(c, NULL, 1, &sb);
					bytes = sb.len;
					break;
				case 1:
				case 2:
					if (canvas_cairo_png(c, k, null, &d) == -1)
						return 1;
					break;
				case 3:
					if (canvas_cairo_pdf(c, "bench", null, &d) == -1)
						return 1;
					break;
				}
				canvas_free(c);
				chart_bar_free(&b);
				t = now_ms() - t0;
				if (t < best[i][k])
					best[i][k] = t;
			}
		}
	printf("%-4s %-34s %8s %8s %8s %8s\n", "#", "chart (best of 15, ms)",
	    "SVG", "PNG 1x", "PNG 2x", "PDF");
	for (i = 0; i < CHART_DATA_NTESTS; i++) {
		printf("%-4zu %-34.34s", i + 1, chart_data_tests[i].title);
		for (k = 0; k < 4; k++) {
			printf(" %8.2f", best[i][k]);
			sum[k] += best[i][k];
		}
		printf("\n");
	}
	printf("%-39s %8.1f %8.1f %8.1f %8.1f\n", "all 14 charts", sum[0],
	    sum[1], sum[2], sum[3]);
	printf("font set-up, once per process: %.1f ms; last SVG %zu bytes\n",
	    first, bytes);

	/* End to end: every chart of the set (overview too) as files. */
	chart_opts_init(&o);
	n = chart_list(rs, &ids);
	t0 = now_ms();
	for (i = 0; i < n; i++) {
		name = chart_file_name(rs, &ids[i], CHART_SVG);
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		free(name);
		if (chart_write(rs, &ids[i], CHART_SVG, path, &o, &d) == -1) {
			fprintf(stderr, "%s\n", d.msg);
			return 1;
		}
	}
	files = now_ms() - t0;
	printf("chart_write of all %zu SVG files (temp, fsync, rename): %.1f ms\n",
	    n, files);
	free(ids);
	strbuf_free(&sb);
	result_set_free(rs);
	canvas_text_shutdown();
	fclose(null);
	printf("target: all 14 SVG charts in under 100 ms on one core: %s\n",
	    sum[0] < 100 ? "met" : "NOT met");
	return 0;
}
