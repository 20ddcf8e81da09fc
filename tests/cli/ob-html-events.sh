#!/bin/sh
# SPDX-License-Identifier: ISC
# The OpenBenchmarking HTML reader on libxml2's tree: blank text the tree
# builder drops (after a <br>, between SVG elements) or keeps (between <b>
# and <i>), the line of each block in messages, the depth past which the
# builder stops the page (said, with the element), and the systems table's
# comparison budget. Fixture: fixtures/ob-html/blank-text.html
# (nas-layouts.html laid out one tag a line, with a description of mixed
# inline elements); the other pages are made from it here.
# Expected messages and description: ob-html-events.out.txt beside this
# script (REGEN=1 rewrites it).
. tests/cli/lib.sh
cd "$ROOT" || exit 2
F=fixtures/ob-html

check_ok "a page laid out one tag a line" "$BR" import "$F/blank-text.html"
check_grep "  3 systems, 9 results" "3 systems	9 results" "$T/out"
check_ok "  export it as JSON" "$BR" export -f json 1
grep '^  "description"' "$T/out" >"$T/all.out"
grep -o '"value_text": *"[^"]*"' "$T/out" >"$T/lines.values"
check_ok "the same page on one line" "$BR" import fixtures/ob/nas-layouts.html
check_ok "  export it as JSON" "$BR" export -f json 2
grep -o '"value_text": *"[^"]*"' "$T/out" >"$T/one.values"
check "  the same values in the same order" cmp -s "$T/lines.values" "$T/one.values"
check "  nine values" [ "$(wc -l <"$T/one.values")" -eq 9 ]

# The same page with its SQLite chart heading (line 115) made no heading,
# and with 300 <div>s opened before the trailer (line 187).
sed '115s/Fewer Is Better/Odd Is Better/' "$F/blank-text.html" >"$T/bad-heading.html"
awk 'NR == 187 { for (i = 0; i < 300; i++) printf "<div>"; print "" } { print }' \
    "$F/blank-text.html" >"$T/deep.html"
check_fail 2 "a chart heading that is no heading" "$BR" import "$T/bad-heading.html"
check_grep "  said at the line of the chart's <p>" \
    'bad-heading\.html:110: chart "SQLite": no "More Is Better"' "$T/err"
sed 's|^benchreport: .*/bad-heading|benchreport: bad-heading|' "$T/err" >>"$T/all.out"
check_fail 2 "300 <div>s deep before the trailer" "$BR" import "$T/deep.html"
check_grep "  the depth is said, with the element" \
    '^benchreport: warning: .*deep\.html:187: elements nested deeper than 256 \(at <div>\)' "$T/err"
check_grep "  and the page ends there, as the tree did" 'deep\.html: no "Phoronix Test Suite vX\.Y\.Z" trailer' "$T/err"
sed 's|^benchreport: \(warning: \)\{0,1\}.*/deep|benchreport: \1deep|' "$T/err" >>"$T/all.out"
# A systems table of 1,100 labels and 1,000 cells: placing the cells
# would take over 10^9 comparisons (half a second at 55 KB, growing with
# the cube of the size); the reader stops at its budget and says so.
awk 'BEGIN {
	printf "<html><body><h1>T</h1><p>HTML result view exported from: "
	printf "https://openbenchmarking.org/result/2601011-FIX-NASLAYOUT1.</p><p><svg>\n"
	for (k = 0; k < 1100; k++)
		printf "<text text-anchor=\"end\" y=\"%d\">L</text>", k + 10
	printf "<text y=\"0\">S</text>"
	for (k = 0; k < 1000; k++)
		printf "<text y=\"%d\" x=\"%d\">c</text>", k % 1100 + 10, k
	printf "</svg></p></body></html>\n"
}' >"$T/big-table.html"
check_fail 2 "a systems table of 1,100 labels and 1,000 cells" "$BR" import "$T/big-table.html"
check_grep "  refused at the comparison budget" \
    'big-table\.html:1: systems table SVG of 1100 labels, 1 systems and 1000 cells: more than 1000000 comparisons' "$T/err"
sed 's|^benchreport: .*/big-table|benchreport: big-table|' "$T/err" >>"$T/all.out"
[ -n "${REGEN:-}" ] && cp "$T/all.out" tests/cli/ob-html-events.out.txt
check "description and messages as in ob-html-events.out.txt" \
    diff -u tests/cli/ob-html-events.out.txt "$T/all.out"
done_testing
