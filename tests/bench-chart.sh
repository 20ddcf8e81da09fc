#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: render the 14 bar charts of 8 systems in tests/chart-data.h
# (the figures of an OpenBenchmarking SSD comparison) as SVG, PNG 1x/2x and
# PDF, best of 15 per chart, pinned to one core; then write all charts of
# the set as SVG files, and time `benchreport chart` end to end on the
# shared seed when a reader for it is built in. No peer program draws
# these charts, so the figures stand against the target: 14 SVG charts in
# under 100 ms on one core.
set -e
BR=${1:-build/benchreport}
BUILD=$(dirname "$BR")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench-out/chart
rm -rf "$OUT"
mkdir -p "$OUT/files" "$OUT/cli"
PKGS=$(sed -n "s/^PKGS[[:space:]]*=[[:space:]]*//p" "$ROOT/Makefile")	# the build's own list
# shellcheck disable=SC2046
cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I"$ROOT/src" \
    -I"$ROOT/tests" $(pkg-config --cflags $PKGS) \
    -o "$OUT/chart-render" "$ROOT/tests/bench/chart-render.c" \
    "$BUILD/libbenchreport.a" -Wl,--as-needed $(pkg-config --libs $PKGS) -lm -lpthread
PIN=""
command -v taskset >/dev/null 2>&1 && PIN="taskset -c 0"
echo "bench-chart: $PIN $OUT/chart-render $OUT/files"
$PIN "$OUT/chart-render" "$OUT/files"

SEED=$ROOT/../shared/seeds/000_d75a954a9db40170.txt
BENCHREPORT_DB=$OUT/bench.db; export BENCHREPORT_DB
if [ -f "$SEED" ] && "$BR" import "$SEED" >/dev/null 2>"$OUT/import.err"; then
	# Wall time includes an fsync per file (src/outfile.c), which on a busy
	# disk dwarfs the drawing; CPU time (user + system) is the drawing.
	for f in svg png; do
		: >"$OUT/times"
		for i in 1 2 3 4 5; do
			/usr/bin/time -f "%e %U %S" -o "$OUT/time" \
			    $PIN "$BR" chart --format $f -o "$OUT/cli" 1 >"$OUT/cli.out"
			cat "$OUT/time" >>"$OUT/times"
		done
		awk -v f="$f" -v n="$(wc -l <"$OUT/cli.out")" '
			{ cpu = $2 + $3; if (NR == 1 || cpu < best) { best = cpu; wall = $1 } }
			END { printf "benchreport chart --format %s on seed 000 (stored): %d charts, %.0f ms CPU, %.0f ms wall, best of 5\n", f, n, best * 1000, wall * 1000 }' "$OUT/times"
	done
else
	echo "bench-chart: seed 000 not readable by this build: end-to-end run skipped"
	sed 's/^/bench-chart:   /' "$OUT/import.err" 2>/dev/null | head -2 | cut -c1-160
fi
