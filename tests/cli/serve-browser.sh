#!/bin/sh
# SPDX-License-Identifier: ISC
# benchreport serve in a real browser: headless Chromium, driven over its
# DevTools protocol by tests/tools/browse-serve.py, at 360 and 1400 px:
# open the list, search for a drive with the page's form, open a set by
# its link, pick two sets with their check boxes and read the comparison's
# verdicts; no page holds a script or an event handler, none overflows
# the window, nothing is logged (a Content-Security-Policy violation would
# be) and nothing but the pages is requested.
# Skipped with a notice when chromium or python3 is not installed.
. tests/cli/lib.sh

for tool in chromium python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		skip "serve in a browser" "$tool not installed (make test-deps installs it)"
		done_testing; exit 0
	fi
done
SPID=""
trap '[ -n "$SPID" ] && kill -TERM "$SPID" 2>/dev/null && wait "$SPID"; rm -rf "$T"' EXIT INT TERM

D=$ROOT/fixtures
check_ok "import the fixtures" "$BR" import "$D/demo/btrfs-raid.txt" "$D/demo/nvme-review.txt" \
    "$D/diff/before.xml" "$D/diff/after.xml"
BEFORE=$("$BR" list -f tsv | awk -F'\t' '$7 ~ /baseline/ { print $1 }')
AFTER=$("$BR" list -f tsv | awk -F'\t' '$7 ~ /patched/ { print $1 }')
"$BR" serve --listen 127.0.0.1:0 >"$T/url" 2>"$T/serve.err" &
SPID=$!
i=0
while [ ! -s "$T/url" ] && [ "$i" -lt 300 ] && kill -0 "$SPID" 2>/dev/null; do
	sleep 0.1; i=$((i + 1))
done
U=$(head -1 "$T/url")
check "serve prints its URL" test -n "$U"

for w in 360 1400; do
	TMPDIR=$T timeout 180 python3 "$ROOT/tests/tools/browse-serve.py" "$U" "$w" \
	    "980 PRO" "NVMe" "$BEFORE" "$AFTER" >"$T/browse" 2>"$T/err"
	st=$?
	check "at $w px: the user's path measured in chromium" test "$st" -eq 0
	check "at $w px: the search for a drive leaves one set" \
	    grep -q '^page=search .* rows=1 ' "$T/browse"
	check "at $w px: its link opens the set" \
	    grep -q '^page=set .*title=PCIe 5 NVMe Drive Comparison$' "$T/browse"
	check "at $w px: picking two sets compares them" \
	    grep -q '^page=compare .*title=Comparison$' "$T/browse"
	check "at $w px: the verdicts read" \
	    grep -q '^verdicts=2 better, 1 worse, 5 no significant change' "$T/browse"
	check "at $w px: no script on any page" sh -c '! grep "^page=" "$1" | grep -vq " scripts=0 "' \
	    sh "$T/browse"
	check "at $w px: no page overflows the window" \
	    sh -c '! grep "^page=" "$1" | grep -vq " overflow=0 "' sh "$T/browse"
	check "at $w px: no console message, no other request" \
	    grep -q '^console=0 requests=0$' "$T/browse"
	sed 's/^/#   /' "$T/browse" | head -8
done
kill -TERM "$SPID"; wait "$SPID"; st=$?; SPID=""
check "the server stops with status 0" test "$st" -eq 0
done_testing
