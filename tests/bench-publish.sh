#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: time `benchreport publish` on the NVMe review fixture (the
# seed review's 8 systems x 14 charts; target under 0.2 s) and on a
# generated 16 systems x 1,000 results composite.xml, with and without the
# PDF and the chart files. Best of 5 runs each, wall time and CPU time
# (user + system, of every process: publish writes the PDF and half the
# chart files in a second process, so wall time can be less than CPU).
#
# The Phoronix Test Suite's own `result-file-to-html` is the peer: set
# PTS_PEER to a phoronix-test-suite launcher (run as a user whose PTS
# configuration has NoInternetCommunication=TRUE) and it is timed on the
# same generated file, side by side.
set -e
BR=${1:-build/benchreport}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench-out/publish
rm -rf "$OUT"; mkdir -p "$OUT"
BENCHREPORT_DB=$OUT/bench.db; export BENCHREPORT_DB
GEN=$OUT/gen-16x1000.xml
awk -v systems=16 -v results=1000 -f "$ROOT/tests/bench/gen-pts-xml.awk" >"$GEN"

TIMES=$OUT/times
once() {	# "wall-ns cpu-s" of one run (cpu: user + sys of it and its children)
	t0=$(date +%s%N)
	/usr/bin/time -f "%U %S" -o "$TIMES" "$@" >"$OUT/stdout" 2>"$OUT/stderr" ||
	    { echo "bench: $* failed:" >&2; cat "$OUT/stderr" >&2; exit 1; }
	t1=$(date +%s%N)
	echo "$((t1 - t0)) $(awk '{ print $1 + $2 }' "$TIMES")"
}
best() {	# label, command...: best of 5, by wall time and by CPU time
	label=$1; shift
	b=""; c=""
	for i in 1 2 3 4 5; do
		r=$(once "$@") || exit 1
		t=${r% *}; u=${r#* }
		if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
		if [ -z "$c" ] || awk -v u="$u" -v c="$c" 'BEGIN { exit !(u < c) }'; then c=$u; fi
	done
	awk -v l="$label" -v ns="$b" -v c="$c" \
	    'BEGIN { printf "%-48s %8.3f s wall %8.3f s CPU\n", l, ns / 1e9, c }'
	LAST=$b
	LASTCPU=$c
}

seed=$("$BR" -q import "$ROOT/fixtures/demo/nvme-review.txt" 2>/dev/null | cut -f1) ||
    seed=""
if [ -z "$seed" ]; then
	seed=$("$BR" -q import "$ROOT/fixtures/demo/btrfs-raid.txt" | cut -f1)
	echo "bench: (the NVMe review fixture did not import; timing the Btrfs one)"
fi
gen=$("$BR" -q import "$GEN" | cut -f1)
echo "bench: publish ($(wc -c <"$GEN") byte generated file, 16 systems x 1,000 results)"
best "review fixture: page + chart files" "$BR" publish -o "$OUT/seed" "$seed"
best "review fixture: page only" "$BR" publish --no-chart-files -o "$OUT/seed" "$seed"
best "review fixture: page + chart files + PDF" "$BR" publish --pdf -o "$OUT/seed" "$seed"
best "16x1000: page only" "$BR" publish --no-chart-files -o "$OUT/gen" "$gen"
ours=$LAST; ourscpu=$LASTCPU
best "16x1000: page + PDF" "$BR" publish --no-chart-files --pdf -o "$OUT/gen" "$gen"
ourspdf=$LAST; ourspdfcpu=$LASTCPU
r=$(once "$BR" publish --pdf -o "$OUT/gen" "$gen") || exit 1
awk -v ns="${r% *}" -v c="${r#* }" 'BEGIN { printf "%-48s %8.3f s wall %8.3f s CPU (one run)\n",
    "16x1000: page + PDF + 2,000 chart files", ns / 1e9, c }'
echo "bench: page sizes: $(wc -c <"$OUT/seed/index.html") bytes (fixture), $(wc -c <"$OUT/gen/index.html") bytes (16x1000)"

if [ -n "$PTS_PEER" ]; then
	# PTS reads results from its own test-results directory.
	name=benchreport-bench-gen
	dir=$(sh -c "$PTS_PEER user-config-get ResultsDirectory" 2>/dev/null | tail -1)
	[ -d "$dir" ] || dir=$HOME/.phoronix-test-suite/test-results
	mkdir -p "$dir/$name" && cp "$GEN" "$dir/$name/composite.xml"
	best "peer: PTS result-file-to-html, 16x1000" env PTS_SILENT_MODE=1 \
	    PTS_IGNORE_MODULES=1 sh -c "$PTS_PEER result-file-to-html $name"
	awk -v p="$LAST" -v o="$ours" -v op="$ourspdf" -v pc="$LASTCPU" \
	    -v oc="$ourscpu" -v opc="$ourspdfcpu" 'BEGIN {
		printf "bench: PTS time / benchreport time, page only: %.2fx wall, %.2fx CPU\n", p / o, pc / oc
		printf "bench: PTS time / benchreport time, page + PDF: %.2fx wall, %.2fx CPU (target >= 10x)\n", p / op, pc / opc }'
else
	echo "bench: set PTS_PEER to time PTS's result-file-to-html on the same file"
fi
