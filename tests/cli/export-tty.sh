#!/bin/sh
# SPDX-License-Identifier: ISC
# export to a terminal neutralises the controls a result file carries
# (a CSV cell with ESC sequences cannot drive the terminal), as show and
# list do; into a pipe the bytes are the file's. The terminal is a pty
# from script(1); skipped with a notice without it.
. tests/cli/lib.sh

R=${ROOT:-.}
ESC=$(printf '\033')
check_ok "import a file whose title carries controls" \
    "$BR" import "$R/fixtures/hostile/terminal-fio.json"
if ! command -v script >/dev/null 2>&1; then
	skip "export -f csv to a terminal" "no script(1) for a pty"
	done_testing
	exit 0
fi
for f in csv pts-xml json; do
	script -qc "\"$BR\" export -f $f 1" /dev/null >"$T/tty" 2>&1 </dev/null
	check "export -f $f to a terminal: no ESC reaches it" \
	    sh -c "! grep -q '$ESC' '$T/tty'"
	check "export -f $f to a terminal: the set is written" [ -s "$T/tty" ]
done
script -qc "\"$BR\" export -f csv 1" /dev/null >"$T/tty" 2>&1 </dev/null
check_grep "csv to a terminal: the controls shown as \\\\x1b" 'rep\\x1b\]0;owned\\x07' "$T/tty"
"$BR" export -f csv 1 >"$T/pipe.csv"
check_grep "into a pipe the bytes are the file's" "rep$ESC" "$T/pipe.csv"
done_testing
