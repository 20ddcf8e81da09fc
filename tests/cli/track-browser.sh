#!/bin/sh
# SPDX-License-Identifier: ISC
# publish --track: the history section of the review page, from the
# generated nightly series of tests/track-gen.py, has its two change
# points with their facts, and in headless Chromium (tests/tools/browse.py)
# at 360 and 1400 px: no horizontal overflow, chart text at least 10 CSS
# px as rendered, no console message, no request but the page, and a
# screenshot of the section that is not blank. Skipped with a notice when
# chromium or python3 is not installed.
. "$(dirname "$0")/lib.sh"

for tool in chromium python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		skip "history in a browser" "$tool not installed (make test-deps installs it)"
		done_testing; exit 0
	fi
done
python3 "$ROOT/tests/track-gen.py" "$T/iss" issue || exit 2
check_ok "import the nightly files" "$BR" import "$T"/iss/*.xml
check_ok "publish --track" "$BR" publish --track -o "$T/pub" 60
P=$T/pub/index.html
check_grep "a history section" '<section id="history">' "$P"
check_grep "the kernel's change at point 31" \
    'regression -[0-9.]+ %</b> at point 31 .*<code>kernel_version</code> 6\.6\.8 → 6\.7\.1' "$P"
check_grep "nothing stated at point 46" 'at point 46 .*no stated fact changed' "$P"
check_ok "publish without --track" "$BR" publish -o "$T/plain" 60
check_nogrep "has no history section" 'id="history"' "$T/plain/index.html"
for w in 360 1400; do
	TMPDIR=$T timeout 120 python3 "$ROOT/tests/tools/browse.py" "$P" "$w" \
	    --screenshot "$T/shot-$w.png" --at history >"$T/browse" 2>"$T/err"
	st=$?
	check "at $w px: measured in chromium" test "$st" -eq 0
	check "at $w px: no horizontal overflow" grep -q '^overflow=0 ' "$T/browse"
	check "at $w px: chart text >= 10 px" awk \
	    '{ for (i = 1; i <= NF; i++) if ($i ~ /^minfont=/) { split($i, a, "="); v = a[2] } }
	     END { exit !(v + 0 >= 9.995) }' "$T/browse"
	check "at $w px: no console message" grep -q ' console=0 ' "$T/browse"
	check "at $w px: no request but the page" grep -q ' requests=0$' "$T/browse"
	run "$ROOT/$BUILD/tests/png-stats" "$T/shot-$w.png"
	check "at $w px: the screenshot is not blank" grep -q 'nonblank=[1-9]' "$T/out"
done
done_testing
