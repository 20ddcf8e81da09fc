#!/bin/sh
# SPDX-License-Identifier: ISC
# The review page in a real browser: headless Chromium loads the page
# published from the bundled fixtures (and from the hostile fixture), with
# no console message (a Content-Security-Policy violation, i.e. an attempt
# to load or run anything, is logged there), no request for anything but
# the page itself, and a screenshot that is not blank.
# Skipped with a notice when chromium is not installed.
. tests/cli/lib.sh

if ! command -v chromium >/dev/null 2>&1; then
	skip "browser check" "chromium not installed (make deps installs it)"
	done_testing; exit 0
fi
CHROMIUM_FLAGS="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
 --disable-background-networking --disable-component-update --disable-sync
 --disable-default-apps --disable-extensions --hide-scrollbars"

browse() {	# label, page directory
	label=$1; dir=$2
	rm -rf "$T/ud"
	# shellcheck disable=SC2086
	timeout 120 chromium $CHROMIUM_FLAGS --user-data-dir="$T/ud" \
	    --enable-logging=stderr --v=0 --log-net-log="$T/net.json" \
	    --window-size=1280,2000 --screenshot="$dir/screenshot.png" \
	    "file://$dir/index.html" >"$T/chromium.out" 2>"$T/chromium.err"
	st=$?
	check "$label: chromium loaded the page" test "$st" -eq 0
	check_nogrep "$label: no console messages (no CSP violations, no script)" 'CONSOLE' "$T/chromium.err"
	# Requests the page could cause: any file:// URL but the page itself,
	# and any URL that appears in the page (links must not be fetched).
	grep -o '"url":"[^"]*"' "$T/net.json" 2>/dev/null | sed 's/"url":"//; s/"$//' |
	    sort -u >"$T/urls"
	grep -o 'file://[^"]*' "$T/urls" | grep -v "^file://$dir/index.html$" >"$T/bad" || true
	grep -o 'href="http[^"]*"' "$dir/index.html" | sed 's/href="//; s/"$//' | sort -u >"$T/links"
	if [ -s "$T/links" ]; then grep -F -f "$T/links" "$T/urls" >>"$T/bad" || true; fi
	check "$label: no network or file request but the page" test ! -s "$T/bad"
	check "$label: screenshot written" test -s "$dir/screenshot.png"
	run "$ROOT/$BUILD/tests/png-stats" "$dir/screenshot.png"
	check "$label: screenshot is not blank" grep -q 'nonblank=[1-9]' "$T/out"
}

mkdir -p "$T/page"
check_ok "publish bundled fixtures" "$BR" publish --pdf -o "$T/page" "$ROOT/fixtures/pts/storage-2sys.xml" "$ROOT/fixtures/demo/btrfs-raid.txt" "$ROOT/fixtures/demo/freebsd-dd.txt"
browse "fixtures" "$T/page"
mkdir -p "$T/evil"
check_ok "publish hostile fixture" "$BR" publish -o "$T/evil" "$ROOT/fixtures/hostile/evil-strings.xml"
browse "hostile" "$T/evil"
check_nogrep "hostile: no script element" '<script' "$T/evil/index.html"
done_testing
