#!/bin/sh
# SPDX-License-Identifier: ISC
# What each speed device of publish is worth: builds the tree as it is and
# once without each device (a copy of the sources with the device switched
# off by a one-line edit), then times, alternating, pinned to one CPU, the
# median of RUNS:
#   seed:     the NVMe review fixture (8 systems) with chart files and PDF
#   8x200:    the generated 8 x 200 file with chart files and PDF
#   8x200p:   the same, page only
#   16x1000:  the generated 16 x 1,000 file, page only
# Devices: glyph tables (canvas-glyphs.c), the ASCII wrapper
# (canvas-text.c), the PNG writer over libpng (canvas-cairo.c). A device
# whose edit no longer applies (it was removed) is reported as gone. Figures
# go to docs/publish-performance.md by hand.
set -e
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$ROOT/bench-out/variants
RUNS=${RUNS:-5}
rm -rf "$OUT"; mkdir -p "$OUT"
PIN=""
command -v taskset >/dev/null 2>&1 && PIN="taskset -c $(($(nproc) - 1))"

variant() {	# name, file, sed expression: build OUT/name/benchreport
	name=$1; file=$2; expr=$3
	mkdir -p "$OUT/$name"
	cp -r "$ROOT/src" "$ROOT/templates" "$ROOT/tools" "$ROOT/Makefile" "$OUT/$name/"
	if [ -n "$file" ] && [ ! -f "$OUT/$name/$file" ]; then
		echo "variants: $name: the device is gone ($file)"; rm -rf "${OUT:?}/$name"; return 0
	fi
	if [ -n "$file" ]; then
		cp "$OUT/$name/$file" "$OUT/$name/$file.orig"
		sed -i "$expr" "$OUT/$name/$file"
		if cmp -s "$OUT/$name/$file" "$OUT/$name/$file.orig"; then
			echo "variants: $name: the device is gone"; rm -rf "${OUT:?}/$name"; return 0
		fi
	fi
	echo "$name" >>"$OUT/list"
	[ "$name" = cairo-png ] && return 0	# built below, with its callback
	make -s -C "$OUT/$name" BUILD=build build/benchreport >/dev/null 2>&1 ||
	    { echo "variants: $name does not build"; exit 1; }
}
variant base "" ""
variant no-glyph-tables src/canvas-glyphs.c \
    '/^canvas_glyphs_width(/,/^{/ s/^{/{ if (1) return 0;/; /^canvas_glyphs_advances(/,/^{/ s/^{/{ if (1) return 0;/; /^glyphs_ascii_width(/,/^{/ s/^{/{ if (1) return 0;/'
variant no-ascii-wrapper src/canvas-text.c \
    's/if ((fast = canvas_text_wrap_ascii(f, s, maxw, maxlines, out)) >= 0)/if (0 \&\& (fast = canvas_text_wrap_ascii(f, s, maxw, maxlines, out)) >= 0)/'
variant cairo-png src/canvas-cairo.c \
    's/rc = canvas_cairo_png_rows(s, fp, d);/rc = cairo_surface_write_to_png_stream(s, canvas_cairo_png_write, fp) == CAIRO_STATUS_SUCCESS ? 0 : -1;/'
if [ -d "$OUT/cairo-png" ]; then
	# The callback the edit names, before its first use; the private
	# writer stays, unused.
	sed -i '/^#include "canvas-cairo.h"/a\
static cairo_status_t\
canvas_cairo_png_write(void *fp, const unsigned char *data, unsigned int len)\
{\
	return fwrite(data, 1, len, fp) == len ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;\
}' "$OUT/cairo-png/src/canvas-cairo.c"
	make -s -C "$OUT/cairo-png" BUILD=build EXTRA_CFLAGS="-Wno-unused-function -Wno-missing-prototypes" \
	    build/benchreport >/dev/null 2>&1 ||
	    { echo "variants: cairo-png does not build"; sed -i '/^cairo-png$/d' "$OUT/list"; }
fi

BENCHREPORT_DB=$OUT/bench.db; export BENCHREPORT_DB
B=$OUT/base/build/benchreport
awk -v systems=8 -v results=200 -f "$ROOT/tests/bench/gen-pts-xml.awk" >"$OUT/g8.xml"
awk -v systems=16 -v results=1000 -f "$ROOT/tests/bench/gen-pts-xml.awk" >"$OUT/g16.xml"
seed=$("$B" -q import "$ROOT/fixtures/demo/nvme-review.txt" 2>/dev/null | cut -f1)
g8=$("$B" -q import "$OUT/g8.xml" | cut -f1)
g16=$("$B" -q import "$OUT/g16.xml" | cut -f1)
once() {	# binary, id, options -> "wall-ms cpu-ms" (CPU: user + system, children too)
	bin=$1; id=$2; shift 2
	/usr/bin/time -f "%e %U %S" -o "$OUT/time" $PIN "$bin" publish --force "$@" \
	    -o "$OUT/page" "$id" >/dev/null 2>&1 ||
	    { echo "variants: $bin publish $id failed" >&2; exit 1; }
	awk '{ printf "%.0f %.0f\n", $1 * 1000, ($2 + $3) * 1000 }' "$OUT/time"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "variants: load $(cut -d' ' -f1-3 /proc/loadavg), median of $RUNS, wall ms / CPU ms"
printf '%-20s %14s %14s %14s %14s\n' variant seed 8x200 8x200p 16x1000
for job in "seed:$seed:--pdf" "g8:$g8:--pdf" "g8p:$g8:--no-chart-files" "g16:$g16:--no-chart-files"; do
	label=${job%%:*}; rest=${job#*:}; id=${rest%%:*}; opt=${rest#*:}
	i=0
	while [ "$i" -lt "$RUNS" ]; do	# every variant once per round
		while read -r v; do
			once "$OUT/$v/build/benchreport" "$id" $opt >>"$OUT/$v.$label"
		done <"$OUT/list"
		i=$((i + 1))
	done
done
both() {	# file of "wall cpu" lines -> "wall / cpu" medians
	printf '%s / %s' "$(cut -d' ' -f1 "$1" | median)" "$(cut -d' ' -f2 "$1" | median)"
}
while read -r v; do
	printf '%-20s %14s %14s %14s %14s\n' "$v" "$(both "$OUT/$v.seed")" \
	    "$(both "$OUT/$v.g8")" "$(both "$OUT/$v.g8p")" "$(both "$OUT/$v.g16")"
done <"$OUT/list"
echo "variants: load $(cut -d' ' -f1-3 /proc/loadavg)"
