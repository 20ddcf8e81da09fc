#!/bin/sh
# SPDX-License-Identifier: ISC
# publish of large sets: a set of 800 systems, whose charts are taller than
# an image can be, fails with a message that says why and what to do
# (--no-chart-files, which then works) instead of cairo's words; a publish
# says how far it is: on a terminal a line redrawn per step and percent,
# with -v one line per step.
. tests/cli/lib.sh

R=${ROOT:-.}
awk -v systems=800 -v results=1 -f "$R/tests/bench/gen-pts-xml.awk" >"$T/wide.xml"
check_ok "import 800 systems" "$BR" import "$T/wide.xml"
check_fail 2 "publish: charts too tall for an image" "$BR" publish -o "$T/pub" 1
check_grep "the message says why" "a chart of 800 systems is [0-9]+ pixels tall" "$T/err"
check_grep "and what to do" "publish with --no-chart-files" "$T/err"
check_nogrep "not cairo's words" "invalid value" "$T/err"
check_ok "publish --no-chart-files works" "$BR" publish --no-chart-files -o "$T/pub" 1

awk -v systems=2 -v results=40 -f "$R/tests/bench/gen-pts-xml.awk" >"$T/long.xml"
check_ok "import 80 results" "$BR" import "$T/long.xml"
id=$(cut -f1 "$T/out")
check_ok "publish -v" "$BR" -v publish -o "$T/pub2" "$id"
check_grep "-v: drawing charts" "^publish: drawing charts: ([0-9]+) of \1$" "$T/err"
check_grep "-v: writing chart files" "^publish: writing chart files: " "$T/err"
check_ok "publish -q says nothing" "$BR" -q publish -o "$T/pub3" "$id"
check "nothing on stderr" [ ! -s "$T/err" ]
if command -v script >/dev/null 2>&1; then
	script -qc "\"$BR\" publish -o \"$T/pub4\" $id" /dev/null >"$T/tty" </dev/null
	check_grep "on a terminal: a progress line" "publish: writing chart files [0-9]+/[0-9]+ \([0-9]+ %\)" "$T/tty"
else
	skip "on a terminal: a progress line" "no script(1) for a pty"
fi
done_testing
