#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: read a generated 8 systems x 5,000 results composite.xml and
# print throughput (MB/s) and peak RSS next to `xmllint --stream --noout`
# on the same file, the ceiling for a streaming libxml2 parse. When the
# program has an `import` command, an import into a temporary database is
# measured too.
set -e
BR=${1:-build/benchreport}
BUILD=$(dirname "$BR")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench-out
mkdir -p "$OUT"
PKGS="libxml-2.0 libxslt sqlite3 json-c glib-2.0 cairo pango pangocairo liburing gsl"
FILE=$OUT/big-composite.xml

awk -v systems=8 -v results=5000 -f "$ROOT/tests/bench/gen-pts-xml.awk" >"$FILE"
# shellcheck disable=SC2046
cc -O2 -std=c11 -I"$ROOT/src" $(pkg-config --cflags $PKGS) \
    -o "$OUT/pts-read" "$ROOT/tests/bench/pts-read.c" \
    "$BUILD/libbenchreport.a" -Wl,--as-needed $(pkg-config --libs $PKGS) -lm -lpthread
BYTES=$(wc -c <"$FILE")
echo "bench: $FILE: $BYTES bytes"

# Best wall time of 5 runs (date +%s%N: /usr/bin/time rounds to 10 ms) and
# the peak RSS /usr/bin/time -v reports for one run.
measure() {	# label, command...
	label=$1; shift
	best=""
	for i in 1 2 3 4 5; do
		t0=$(date +%s%N)
		"$@" >"$OUT/stdout" 2>"$OUT/stderr" ||
		    { echo "bench: $label failed:"; cat "$OUT/stderr"; exit 1; }
		t1=$(date +%s%N)
		ns=$((t1 - t0))
		if [ -z "$best" ] || [ "$ns" -lt "$best" ]; then best=$ns; fi
	done
	/usr/bin/time -v "$@" 2>"$OUT/time" >/dev/null
	kb=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$OUT/time")
	awk -v l="$label" -v b="$BYTES" -v ns="$best" -v k="$kb" 'BEGIN {
		s = ns / 1e9
		printf "%-26s %7.3f s %8.1f MB/s   peak RSS %7.1f MB (%.0f%% of the file)\n",
		    l, s, b / s / 1e6, k / 1024, 100 * k * 1024 / b }'
	eval "ns_$(echo "$label" | tr -c 'a-z0-9\n' '_')=$best"
}

measure "xmllint --stream --noout" xmllint --stream --noout "$FILE"
measure "pts-xml reader" "$OUT/pts-read" "$FILE"
head -1 "$OUT/stdout" | sed 's/^/bench:   /'
if "$BR" help 2>/dev/null | grep -q '^ *import'; then
	BENCHREPORT_DB=$OUT/bench.db; export BENCHREPORT_DB
	rm -f "$BENCHREPORT_DB"*
	measure "benchreport import" sh -c 'rm -f "$BENCHREPORT_DB"*; "$0" import "$1"' "$BR" "$FILE"
fi
awk -v a="$ns_xmllint___stream___noout" -v b="$ns_pts_xml_reader" 'BEGIN {
	printf "bench: reader at %.0f%% of the xmllint ceiling (target >= 50%%)\n", 100 * a / b }'
