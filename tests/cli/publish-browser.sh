#!/bin/sh
# SPDX-License-Identifier: ISC
# The review page in a real browser: headless Chromium, driven over its
# DevTools protocol by tests/tools/browse.py, loads the page published from
# the project's demo documents (and the seeds, with ../shared; and the
# hostile fixture) at 360, 768 and 1400 px, light and dark, and measures:
# no horizontal overflow of the page, the smallest chart text at least
# 10 CSS px as rendered, no console message (a Content-Security-Policy
# violation, i.e. an attempt to load or run anything, is one), no request
# but the page itself, and a screenshot that is not blank.
# Skipped with a notice when chromium or python3 is not installed.
. tests/cli/lib.sh

for tool in chromium python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		skip "browser check" "$tool not installed (make test-deps installs it)"
		done_testing; exit 0
	fi
done
browse() {	# label, page, width, options...: measure, results in $T/browse
	label=$1; page=$2; width=$3; shift 3
	TMPDIR=$T timeout 120 python3 "$ROOT/tests/tools/browse.py" "$page" "$width" "$@" \
	    >"$T/browse" 2>"$T/err"
	st=$?
	check "$label at $width px: measured in chromium" test "$st" -eq 0
	line=$(head -1 "$T/browse")
	check "$label at $width px: no horizontal overflow ($line)" \
	    sh -c 'grep -q "^overflow=0 " "$1"' sh "$T/browse"
	check "$label at $width px: smallest chart text >= 10 px" awk \
	    '{ for (i = 1; i <= NF; i++) if ($i ~ /^minfont=/) { split($i, a, "="); v = a[2] } }
	     END { exit !(v + 0 >= 9.995) }' "$T/browse"
	check "$label at $width px: no console message" sh -c 'grep -q " console=0 " "$1"' sh "$T/browse"
	check "$label at $width px: no request but the page" sh -c 'grep -q " requests=0$" "$1"' sh "$T/browse"
	grep -v '^overflow=' "$T/browse" | head -5 | sed 's/^/#   /'
}

D=$ROOT/fixtures/demo
check_ok "publish the demo documents" "$BR" publish --pdf -o "$T/demo" "$D/nvme-review.txt" \
    "$D/btrfs-raid.txt" "$D/freebsd-dd.txt"
for w in 360 768 1400; do
	browse "demo" "$T/demo/index.html" "$w"
done
browse "demo, dark" "$T/demo/index.html" 360 --dark --screenshot "$T/dark.png" --at r1-1
run "$ROOT/$BUILD/tests/png-stats" "$T/dark.png"
check "dark screenshot is not blank" grep -q 'nonblank=[1-9]' "$T/out"

if [ -n "$SHARED" ] && [ -d "$SHARED/seeds" ]; then
	check_ok "publish the seeds" "$BR" publish -o "$T/seeds" "$SHARED"/seeds/000_*.txt \
	    "$SHARED"/seeds/004_*.txt "$SHARED"/seeds/001_*.txt
	for w in 360 768 1400; do
		browse "seeds" "$T/seeds/index.html" "$w"
	done
else
	skip "the seeds in chromium" "no ../shared"
fi

check_ok "publish hostile fixture" "$BR" publish -o "$T/evil" "$ROOT/fixtures/hostile/evil-strings.xml"
browse "hostile" "$T/evil/index.html" 360 --screenshot "$T/evil.png"
run "$ROOT/$BUILD/tests/png-stats" "$T/evil.png"
check "hostile: screenshot is not blank" grep -q 'nonblank=[1-9]' "$T/out"
check_nogrep "hostile: no script element" '<script' "$T/evil/index.html"

# The queue-depth sweep (fixtures/fio-qd) with two charts over its 16 sets.
Q=$ROOT/fixtures/fio-qd
qd=""
for d in direct cached; do
	for q in 1 2 4 8 16 32 64 128; do
		"$BR" import --system "$d" "$Q/$d-qd$q.json" >"$T/out" 2>&1 &&
		    qd="$qd $(cut -f1 "$T/out")"
	done
done
check_ok "publish the QD sweep with --chart" "$BR" publish -o "$T/qd" \
    --chart 'x=iodepth,y=iops,series=system' --chart 'x=iops,y=p99' $qd
check "QD sweep: both charts on the page" test "$(grep -c '<section class="xy"' "$T/qd/index.html")" -eq 2
check "QD sweep: every queue depth labelled on both curves" \
    test "$(grep -o '>QD [0-9]*<' "$T/qd/index.html" | wc -l)" -eq 16
for w in 360 1400; do
	browse "QD sweep" "$T/qd/index.html" "$w"
done
done_testing
