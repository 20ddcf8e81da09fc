#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: the flattened OpenBenchmarking reader on seed 000 (when the
# shared seeds are beside the project) and on a review of many charts,
# written here from fixtures/ob/no-arguments.txt by printing its SQLite
# chart 2,000 and 20,000 times (1,000 and 10,000 with QUICK=1), whose
# overview matches none of them (3 systems: 3 results a chart, 6 more). No other program reads this format, so
# the figures stand against the target: reading is linear in the charts,
# ten times the charts in about ten times the time.
set -e
BR=${1:-build/benchreport}
BUILD=$(dirname "$BR")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench-out/ob-text
rm -rf "$OUT"
mkdir -p "$OUT"
PKGS=$(sed -n "s/^PKGS[[:space:]]*=[[:space:]]*//p" "$ROOT/Makefile")	# the build's own list
PIN=""
command -v taskset >/dev/null 2>&1 && PIN="taskset -c 0"

# Wall time of one run in ns.
once() {
	t0=$(date +%s%N)
	"$@" >"$OUT/stdout" 2>"$OUT/stderr" ||
	    { echo "bench-ob-text: $* failed:"; tail -2 "$OUT/stderr"; exit 1; }
	t1=$(date +%s%N)
	echo $((t1 - t0))
}
min() { if [ -z "$1" ] || [ "$2" -lt "$1" ]; then echo "$2"; else echo "$1"; fi; }

SEED=$ROOT/../shared/seeds/000_d75a954a9db40170.txt
if [ -f "$SEED" ]; then
	# shellcheck disable=SC2046
	cc -O2 -std=c11 -I"$ROOT/src" $(pkg-config --cflags $PKGS) \
	    -o "$OUT/pts-read" "$ROOT/tests/bench/pts-read.c" \
	    "$BUILD/libbenchreport.a" -Wl,--as-needed $(pkg-config --libs $PKGS) -lm -lpthread
	p=""
	for i in $(seq 20); do
		$PIN "$OUT/pts-read" "$SEED" >"$OUT/stdout"
		p=$(min "$p" "$(sed -n 's/.*parse \([0-9]*\) ns.*/\1/p' "$OUT/stdout")")
	done
	awk -v ns="$p" 'BEGIN { printf "bench-ob-text: seed 000 read in %.2f ms, best of 20, pinned\n", ns / 1e6 }'
else
	echo "bench-ob-text: no seed 000 beside the project: its read skipped"
fi

# The review: the fixture's paragraphs, its SQLite chart (title and chart
# line) printed n times.
review() {
	awk -v n="$1" 'BEGIN { RS = ""; ORS = "\n\n" }
		$0 == "SQLite" { title = $0; next }
		title != "" { for (i = 0; i < n; i++) print title "\n\n" $0; title = ""; next }
		{ print }' "$ROOT/fixtures/ob/no-arguments.txt" >"$2"
}
SMALL=2000; LARGE=20000
[ -z "$QUICK" ] || { SMALL=1000; LARGE=10000; }
for n in $SMALL $LARGE; do
	review "$n" "$OUT/review-$n.txt"
	best=""
	for i in 1 2 3; do
		rm -f "$OUT/db-$n"*
		best=$(min "$best" "$(once $PIN "$BR" --db "$OUT/db-$n" import "$OUT/review-$n.txt")")
	done
	grep -q "	$((3 * n + 6)) results" "$OUT/stdout" ||
	    { echo "bench-ob-text: review of $n charts: not every chart read"; cat "$OUT/stdout"; exit 1; }
	eval "t$n=$best"
	awk -v n="$n" -v ns="$best" -v b="$(wc -c <"$OUT/review-$n.txt")" 'BEGIN {
		printf "bench-ob-text: review of %d charts (%.1f MB) imported in %.2f s, best of 3\n", n, b / 1e6, ns / 1e9 }'
done
eval "a=\$t$SMALL; b=\$t$LARGE"
awk -v a="$a" -v b="$b" -v k="$((LARGE / SMALL))" 'BEGIN {
	printf "bench-ob-text: %d times the charts in %.1f times the time (target: about %d, linear)\n", k, b / a, k }'
