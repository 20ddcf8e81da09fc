#!/bin/sh
# SPDX-License-Identifier: ISC
# Output injection. Strings from files carry terminal controls (ESC, CSI,
# OSC, BEL, backspace, CR, C1 CSI, a bidi override, bytes that are not
# UTF-8), markup (HTML, SVG, CSS, XML) and spreadsheet formulas
# (fixtures/hostile/terminal-*, markup-formulas.xml). Covered:
#   - import, show, list, systems, and error and warning messages show
#     the controls as visible escapes and never send them (also a file
#     name made of them);
#   - CSV export defuses cells starting with = + - @ (numbers aside);
#   - pts-xml export stays well-formed and reads back the same strings;
#     JSON export is valid JSON;
#   - diff, chart and publish, when this build has them, send no control
#     to the terminal and write no markup unescaped.
. tests/cli/lib.sh

ESC=$(printf '\033'); BEL=$(printf '\007'); BS=$(printf '\010')
CR=$(printf '\r'); CSI1=$(printf '\302\233'); OSC1=$(printf '\302\235')
RLO=$(printf '\342\200\256')
# Fails (prints the offending byte's name) when FILE carries a control.
no_controls() {	# file
	for c in ESC BEL BS CR CSI1 OSC1 RLO; do
		eval "b=\$$c"
		if LC_ALL=C grep -q -- "$b" "$1"; then echo "#   raw $c in $1"; return 1; fi
	done
	return 0
}
both() { cat "$T/out" "$T/err" >"$T/both"; }

have() { "$BR" formats | grep -q "^$1 "; }

# --- terminal controls through fio JSON (JSON escapes carry any C0) ------
if have fio-json; then
	run "$BR" import fixtures/hostile/terminal-fio.json; both
	check "import: the title line carries no control" no_controls "$T/both"
	check_grep "import: the controls are shown as escapes" 'rep\\x1b\]0;owned\\x07\\x1b\[2J' "$T/out"
	check_grep "import: C1 CSI and bidi override shown" '\\u009b1Aup\\u202eesrever' "$T/out"
	for c in "show 1" "list" "list --format tsv" "systems 1"; do
		# shellcheck disable=SC2086
		COLUMNS=300 run "$BR" $c; both
		check "$c: no control reaches the terminal" no_controls "$T/both"
	done
	COLUMNS=300 run "$BR" show 1
	check_grep "show: the title is shown neutralised" 'owned\\x07' "$T/out"
	run "$BR" list --format json
	check_grep "list --format json: controls are JSON escapes" 'owned\\u0007' "$T/out"
	check "list --format json: C1 and bidi controls too" no_controls "$T/out"
	run "$BR" export 1 -f json
	check "export -f json: no raw control" no_controls "$T/out"
	check_grep "export -f json: C1 CSI as a JSON escape" '\\u009b1Aup\\u202eesrever' "$T/out"
else
	skip "terminal controls through fio JSON" "no fio-json reader"
fi

# --- error and warning messages ---------------------------------------------
if have dd; then
	run "$BR" import fixtures/hostile/terminal-dd.txt
	check "a dd error quoted from the file: status 2" [ "$st" -eq 2 ]
	check "a dd error quoted from the file is neutralised" no_controls "$T/err"
	check_grep "and still says what failed" 'dd failed: .*\\x1b\]0;owned\\x07' "$T/err"
else
	skip "dd error message" "no dd reader"
fi
if have fio-log; then
	run "$BR" -v import fixtures/hostile/terminal_clat.1.log; both
	check "a warning quoting a corrupted row is neutralised" no_controls "$T/both"
	check_grep "and names the row" 'terminal_clat.1.log:9: corrupted log row' "$T/err"
else
	skip "warning message" "no fio-log reader"
fi
evil="$T/$(printf 'evil\033]0;owned\007\033[2J\302\233\342\200\256\233name.txt')"
printf 'not a result file\n' >"$evil"
run "$BR" import "$evil"
check "an unreadable file named with controls: status 2" [ "$st" -eq 2 ]
check "its name is neutralised in the error" no_controls "$T/err"
check_grep "and shown" 'evil\\x1b\]0;owned\\x07\\x1b\[2J\\u009b\\u202e\\x9bname.txt' "$T/err"
run "$BR" show "$(printf '\033[2J')"
check "an argument with controls is neutralised in the error" no_controls "$T/err"
run "$BR" "$(printf 'sh\033[2Jow')"
check "an unknown command with controls is neutralised" no_controls "$T/err"

# --- markup and formulas ------------------------------------------------------
if have pts-xml; then
	rm -f "$BENCHREPORT_DB"*
	check_ok "import the markup and formula fixture" "$BR" import fixtures/hostile/markup-formulas.xml
	COLUMNS=300 run "$BR" show 1; both
	check "show: C1 controls from XML character references neutralised" no_controls "$T/both"
	check_grep "show: OSC shown as an escape" '@SUM\(1\+1\)\\u009d0;window' "$T/out"
	run "$BR" systems 1; both
	check "systems: no control" no_controls "$T/both"
	if "$BR" export --help | grep -q 'one of:.*csv'; then
		check_ok "export csv" "$BR" export 1 -f csv -o "$T/x.csv"
		# Cells, unquoted, one per line.
		awk 'BEGIN { FS = "" } {
			cell = ""; q = 0
			for (i = 1; i <= NF; i++) {
				c = $i
				if (q) { if (c == "\"") { if ($(i + 1) == "\"") { cell = cell c; i++ } else q = 0 } else cell = cell c }
				else if (c == "\"") q = 1
				else if (c == ",") { print cell; cell = "" }
				else cell = cell c
			}
			print cell
		}' "$T/x.csv" >"$T/cells"
		check_nogrep "csv: no cell starts with = + @ (formula)" '^[=+@]' "$T/cells"
		check_nogrep "csv: no cell starts with - unless it is a number" '^-[^0-9.]|^-[0-9.]*[^0-9.eE]' "$T/cells"
		check_grep "csv: the formula title is defused" "^'=HYPERLINK" "$T/cells"
		check_grep "csv: @, + and - cells are defused" "^'@SUM" "$T/cells"
		check_grep "csv: + defused" "^'\\+cmd" "$T/cells"
		check_grep "csv: - defused" "^'-2\\+3" "$T/cells"
	else
		skip "csv formula injection" "no csv writer"
	fi
	check_ok "export pts-xml" "$BR" export 1 -f pts-xml -o "$T/x.xml"
	check_ok "pts-xml export is well-formed" xmllint --noout "$T/x.xml"
	check_grep "pts-xml export escapes markup" '<Title>&lt;svg onload=alert\(3\)&gt;</Title>' "$T/x.xml"
	"$BR" export 1 -f json >"$T/a.json"
	"$BR" --db "$T/b.db" import "$T/x.xml" >/dev/null 2>&1
	"$BR" --db "$T/b.db" export 1 -f json >"$T/b.json"
	check "pts-xml export reads back to the same strings" \
	    sh -c "grep -v -E '\"(path|sha256)\":' '$T/a.json' >'$T/a2'; grep -v -E '\"(path|sha256)\":' '$T/b.json' >'$T/b2'; cmp -s '$T/a2' '$T/b2'"
	if command -v python3 >/dev/null 2>&1; then
		check_ok "json export is valid JSON" python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$T/a.json"
	else
		skip "json export is valid JSON" "no python3"
	fi
else
	skip "markup and formulas" "no pts-xml reader"
fi

# --- later commands -----------------------------------------------------------
has_cmd() { "$BR" help 2>&1 | grep -q "^  $1 "; }
# Markup from the file must not be live in an HTML or SVG output.
no_live_markup() {	# label file
	check_ok "$1: well-formed" xmllint --noout "$2"
	check_nogrep "$1: no live <script> from the file" '<script>alert' "$2"
	check_nogrep "$1: no live <svg onload" '<svg onload' "$2"
	check_nogrep "$1: no injected attribute" '<b onmouseover' "$2"
	check_nogrep "$1: no closing tag from the file" '</desc><style>' "$2"
}
if has_cmd diff && have pts-xml; then
	sed 's/<Value>99.5</<Value>80.5</; s/99.1:99.9/80.1:80.9/' \
	    fixtures/hostile/markup-formulas.xml >"$T/m2.xml"
	for fmt in text markdown json; do
		COLUMNS=300 run "$BR" diff -f "$fmt" fixtures/hostile/markup-formulas.xml "$T/m2.xml"; both
		check "diff -f $fmt: no control reaches the terminal" no_controls "$T/both"
		check "diff -f $fmt: status 0 or 1" [ "$st" -le 1 ]
	done
	for fmt in html svg; do
		run "$BR" diff -f "$fmt" -o "$T/diff.$fmt" fixtures/hostile/markup-formulas.xml "$T/m2.xml"
		no_live_markup "diff -f $fmt" "$T/diff.$fmt"
	done
	if have fio-json; then
		sed 's/"iops" : 19113.886114/"iops" : 9113.886114/' \
		    fixtures/hostile/terminal-fio.json >"$T/t2.json"
		COLUMNS=300 run "$BR" diff fixtures/hostile/terminal-fio.json "$T/t2.json"; both
		check "diff of names with ESC, OSC, BEL: nothing raw on the terminal" no_controls "$T/both"
		check_grep "diff: the names are shown neutralised" 'owned\\x07' "$T/both"
	fi
else
	skip "diff" "no diff command in this build"
fi
if has_cmd chart && have pts-xml; then
	check_ok "chart of the markup fixture" "$BR" chart -f svg -o "$T/charts" fixtures/hostile/markup-formulas.xml
	for f in "$T"/charts/*.svg; do
		[ -f "$f" ] && no_live_markup "chart $(basename "$f")" "$f"
	done
	run "$BR" chart -f svg -o "$T/charts" "$(printf 'x\033]0;owned\007')"
	check "chart: an argument with controls is neutralised in the error" no_controls "$T/err"
else
	skip "chart" "no chart command in this build"
fi
if has_cmd publish && have pts-xml; then
	rm -f "$BENCHREPORT_DB"*
	"$BR" import fixtures/hostile/markup-formulas.xml >/dev/null 2>&1
	run "$BR" publish -o "$T/page" 1; both
	check "publish: no control on the terminal" no_controls "$T/both"
	for f in $(find "$T/page" -name '*.html' -o -name '*.svg' 2>/dev/null); do
		check_nogrep "publish $(basename "$f"): no live <script> from the file" '<script>alert' "$f"
		check_nogrep "publish $(basename "$f"): no live <svg onload" '<svg onload' "$f"
		check_nogrep "publish $(basename "$f"): no injected attribute" '<b onmouseover' "$f"
	done
	if have fio-json; then
		run "$BR" publish -o "$T/page2" fixtures/hostile/terminal-fio.json; both
		check "publish of names with controls: nothing raw on the terminal" no_controls "$T/both"
		check "publish of names with controls: none in the page or charts" \
		    sh -c "! cat '$T'/page2/index.html '$T'/page2/charts/*.svg | LC_ALL=C grep -q '$ESC'"
	fi
else
	skip "publish" "no publish command in this build"
fi

done_testing
