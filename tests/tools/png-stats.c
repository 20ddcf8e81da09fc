/* SPDX-License-Identifier: ISC */
/*
 * png-stats FILE: print "width=W height=H nonblank=N colours=C" for a PNG,
 * where N counts pixels that differ from the top-left pixel. Tests use it
 * to prove a screenshot or chart is not blank without comparing pixels.
 */
#include <stdint.h>
#include <stdio.h>

#include <cairo.h>

int
main(int argc, char **argv)
{
	cairo_surface_t	*s;
	unsigned char	*data;
	uint32_t	 bg, px, seen[64];
	int		 w, h, stride, x, y, nseen = 0, i;
	long		 nonblank = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: png-stats FILE\n");
		return 2;
	}
	s = cairo_image_surface_create_from_png(argv[1]);
	if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		fprintf(stderr, "png-stats: %s: %s\n", argv[1],
		    cairo_status_to_string(cairo_surface_status(s)));
		cairo_surface_destroy(s);
		return 2;
	}
	cairo_surface_flush(s);
	data = cairo_image_surface_get_data(s);
	w = cairo_image_surface_get_width(s);
	h = cairo_image_surface_get_height(s);
	stride = cairo_image_surface_get_stride(s);
	bg = *(uint32_t *)data;
	for (y = 0; y < h; y++) {
		for (x = 0; x < w; x++) {
			px = *(uint32_t *)(data + (size_t)y * (size_t)stride + (size_t)x * 4);
			if (px != bg)
				nonblank++;
			for (i = 0; i < nseen && seen[i] != px; i++)
				;
			if (i == nseen && nseen < 64)
				seen[nseen++] = px;
		}
	}
	printf("width=%d height=%d nonblank=%ld colours=%d\n", w, h, nonblank, nseen);
	cairo_surface_destroy(s);
	return 0;
}
