#!/bin/sh
# SPDX-License-Identifier: ISC
# The review page in a real browser: headless Chromium, driven over its
# DevTools protocol by tests/tools/browse.py, loads the page published from
# the project's demo documents (and the seeds, with ../shared; and the
# hostile fixture) at 360, 768 and 1400 px, light and dark, and measures:
# no horizontal overflow of the page, the smallest text at least 10 CSS px
# as rendered, no ellipsis in a chart or table, no two texts of the page
# overlapping (as far as they show), no overview table scrolling in a box
# of its own, the contents in at most 1.5 screens of a phone, the longest
# bar of every bar chart at least 60 % of the content width at 1400 px
# (and 30 % on a phone), colour squares and bars at 3:1 or more on the
# dark background, no console message (a Content-Security-Policy
# violation, i.e. an attempt to load or run anything, is one), no request
# but the page itself, and a screenshot that is not blank; printed (A4, by
# Chromium), two results to a page and page 1 more than a title; and the
# review's SEs as its source states them.
# Skipped with a notice when chromium or python3 is not installed.
. tests/cli/lib.sh

for tool in chromium python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		skip "browser check" "$tool not installed (make test-deps installs it)"
		done_testing; exit 0
	fi
done
field_min() {	# name, least: is field name of $T/browse's first line >= least?
	awk -v k="$1" -v m="$2" 'NR == 1 { for (i = 1; i <= NF; i++)
	    if (index($i, k "=") == 1) { v = substr($i, length(k) + 2); f = 1 } }
	    END { exit !(f && v + 0 >= m + 0) }' "$T/browse"
}
browse() {	# label, page, width, options...: measure, results in $T/browse
	label=$1; page=$2; width=$3; shift 3
	TMPDIR=$T timeout 120 python3 "$ROOT/tests/tools/browse.py" "$page" "$width" "$@" \
	    >"$T/browse" 2>"$T/err"
	st=$?
	check "$label at $width px: measured in chromium" test "$st" -eq 0
	line=$(head -1 "$T/browse")
	check "$label at $width px: no horizontal overflow ($line)" \
	    sh -c 'grep -q "^overflow=0 " "$1"' sh "$T/browse"
	check "$label at $width px: smallest text >= 10 px" field_min minfont 9.995
	check "$label at $width px: no ellipsis in a chart or table" \
	    sh -c 'grep -q " ellipses=0 " "$1"' sh "$T/browse"
	check "$label at $width px: no text of the page overlaps another" \
	    sh -c 'grep -q " overlaps=0 " "$1"' sh "$T/browse"
	case $width in
	1400) share=0.6 ;;
	*) share=0.3 ;;
	esac
	check "$label at $width px: every chart's longest bar >= $share of the content width" \
	    field_min barmin "$share"
	check "$label at $width px: the overview never scrolls in a box of its own" \
	    sh -c 'grep -q " ovscroll=0 " "$1"' sh "$T/browse"
	case $label in
	*dark*) check "$label at $width px: colour squares and bars >= 3:1 on dark" \
	    field_min swatch 3 ;;
	esac
	check "$label at $width px: no console message" sh -c 'grep -q " console=0 " "$1"' sh "$T/browse"
	check "$label at $width px: no request but the page" sh -c 'grep -q " requests=0$" "$1"' sh "$T/browse"
	grep -v '^overflow=' "$T/browse" | head -5 | sed 's/^/#   /'
}

D=$ROOT/fixtures/demo
check_ok "publish the demo documents" "$BR" publish --pdf -o "$T/demo" "$D/nvme-review.txt" \
    "$D/btrfs-raid.txt" "$D/freebsd-dd.txt"
for w in 360 768 1400; do
	browse "demo" "$T/demo/index.html" "$w"
	browse "demo, dark" "$T/demo/index.html" "$w" --dark
done
browse "demo, dark" "$T/demo/index.html" 360 --dark --screenshot "$T/dark.png" --at r1-1
check "demo at 360 px: the contents take at most 1.5 screens" awk \
    'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^toc=/) { v = substr($i, 5) + 0; f = 1 } }
     END { exit !(f && v <= 1.5) }' "$T/browse"
run "$ROOT/$BUILD/tests/png-stats" "$T/dark.png"
check "dark screenshot is not blank" grep -q 'nonblank=[1-9]' "$T/out"

# Print: the NVMe review (seed 000's) two results to a page, its first
# page more than a title.
if command -v pdfinfo >/dev/null 2>&1 && command -v pdftotext >/dev/null 2>&1; then
	check_ok "publish the NVMe review" "$BR" publish -o "$T/nvme" "$D/nvme-review.txt"
	browse "NVMe review, printed" "$T/nvme/index.html" 1400 --print "$T/print.pdf"
	pages=$(pdfinfo "$T/print.pdf" 2>/dev/null | sed -n 's/^Pages: *//p')
	results=$(grep -c '<article class="result"' "$T/nvme/index.html")
	check "printed: $pages pages for $results results, at most 10" \
	    test "${pages:-99}" -le 10
	check "printed: page 1 holds more than the title" sh -c \
	    'test "$(pdftotext -f 1 -l 1 "$1" - | wc -w)" -gt 100' sh "$T/print.pdf"
else
	skip "the printed page" "pdfinfo (poppler-utils) not installed"
fi

if [ -n "$SHARED" ] && [ -d "$SHARED/seeds" ]; then
	check_ok "publish the seeds" "$BR" -v publish -o "$T/seeds" "$SHARED"/seeds/000_*.txt \
	    "$SHARED"/seeds/004_*.txt "$SHARED"/seeds/001_*.txt
	# The charts whose SEs the import could not attribute (it says so) are left out.
	grep -o '004_[^:]*:[0-9]*: chart .*SE strings for' "$T/err" | cut -d: -f2 >"$T/unread"
	for w in 360 768 1400; do
		browse "seeds" "$T/seeds/index.html" "$w"
	done
	browse "seeds, dark" "$T/seeds/index.html" 768 --dark
	awk 'NR == FNR { skip[$1] = 1; next } !(FNR in skip)' "$T/unread" \
	    "$SHARED"/seeds/004_*.txt >"$T/s4.txt"
	s4=$T/s4.txt
	: >"$T/se-digits"
	for se in $(grep -o 'SE +/- [0-9.]*' "$s4" | cut -d' ' -f3 | LC_ALL=C sort -u); do
		want=$(grep -oF "SE +/- $se," "$s4" | wc -l)
		got=$(sed -n '/<section id="s2"/,/<section id="s3"/p' "$T/seeds/index.html" |
		    grep -oF "<td>$se</td>" | wc -l)
		[ "$got" -eq "$want" ] || echo "SE $se: $got of $want" >>"$T/se-digits"
	done
	check "seed 004: every SE attributed in the data tables as the source states it" \
	    test ! -s "$T/se-digits"
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
check "QD sweep: every queue depth labelled on both curves, in both drawings" \
    test "$(grep -o '>QD [0-9]*<' "$T/qd/index.html" | wc -l)" -eq 32
for w in 360 1400; do
	browse "QD sweep" "$T/qd/index.html" "$w"
done
done_testing
