#!/bin/sh
# SPDX-License-Identifier: ISC
# What a diff could have shown (docs/verdicts.md): the minimum detectable
# effect, equivalence by TOST (--equivalence), the floor of the
# Mann-Whitney p at few runs, and labels that cannot be misread, in every
# format. Expected output of the rerun against its baseline with a 2 %
# margin: verdicts.rerun-2pct.txt (REGEN=1 rewrites it). With Debian's
# python3-scipy and python3-statsmodels: 50 generated pairs against them
# (tests/tools/verdicts-ref.py), skipped with a notice without them.
. "$ROOT/tests/cli/lib.sh"
F="$ROOT/fixtures/diff"
LC_ALL=C.UTF-8; export LC_ALL	# the expected output has its plus-minus signs

if ! "$BR" formats | grep -q '^pts'; then
	skip "verdicts" "no PTS reader in this build"
	done_testing
	exit 0
fi

# A rerun of the same build: nothing is worse, every value is equivalent
# within 2 % or inconclusive with its detectable effect printed.
check_ok "rerun, --equivalence 2%: exit 0" "$BR" diff "$F/before.xml" "$F/rerun.xml" --equivalence 2%
sed "s|$F/||g" "$T/out" >"$T/rerun"
[ -z "${REGEN:-}" ] || cp "$T/rerun" "$ROOT/tests/cli/verdicts.rerun-2pct.txt"
check "rerun: as expected (verdicts.rerun-2pct.txt)" \
    diff -u "$ROOT/tests/cli/verdicts.rerun-2pct.txt" "$T/rerun"
check_nogrep "rerun: nothing worse" ' worse$' "$T/rerun"
check "rerun: every value equivalent or inconclusive with its MDE" test \
    "$(grep -c '^  [a-z0-9]* .*  \(equivalent within ±2%\|inconclusive (MDE [0-9.]*%)\)$' "$T/rerun")" -eq 10
check_grep "rerun: the counts in the summary" '^Summary: 0 better, 0 worse, 10 equivalent, 0 inconclusive\. .*equivalence within ±2% by TOST' "$T/rerun"
check_fail 1 "rerun, --equivalence 0.5%: inconclusive values fail the gate" \
    "$BR" diff "$F/before.xml" "$F/rerun.xml" --equivalence 0.5
check_grep "0.5%: inconclusive, with the detectable effect" '^  xfs .*inconclusive \(MDE 1\.1%\)$' "$T/out"
check_fail 1 "json, 0.5%" "$BR" diff -f json "$F/before.xml" "$F/rerun.xml" --equivalence 0.5%
check_grep "json: the margin in the options" '"equivalence_pct": 0\.5,' "$T/out"
check_grep "json: the counts" '"equivalent": 0, *"inconclusive": 10' "$(tr -d '\n' <"$T/out" >"$T/flat"; echo "$T/flat")"
check_grep "json: TOST p and MDE per value" '"mde_pct": [0-9.e-]*, "tost_p": [0-9.e-]*, "verdict": "inconclusive"' "$T/out"
check_fail 2 "--equivalence 0 refused" "$BR" diff "$F/before.xml" "$F/rerun.xml" --equivalence 0
check_fail 2 "--equivalence x refused" "$BR" diff "$F/before.xml" "$F/rerun.xml" --equivalence x%

# Without --equivalence, no change is "no change beyond +/-x % detectable".
check_fail 1 "before/after" "$BR" diff "$F/before.xml" "$F/after.xml"
check_grep "text: no change, and the change it could have seen" \
    '^  xfs .*~ \(p \(Holm\)=1\.000 n=3\+3; U cannot reach 0\.05 at 3\+3\) +no change beyond ±2\.0% detectable$' "$T/out"
check_grep "text: a fall that is better is said as a fall" '  11\.5% lower \(p \(Holm\)<0\.001' "$T/out"
check_fail 1 "--no-correction: p is not labelled Holm" "$BR" diff --no-correction "$F/before.xml" "$F/after.xml"
check_grep "--no-correction: bare p" '16\.3% higher \(p<0\.001 n=3\+3' "$T/out"
check_nogrep "--no-correction: no Holm" 'Holm\)' "$T/out"

# 3 + 3 runs: the U test's floor of 0.1 is said in every format.
for fmt in text markdown json html svg; do
	check_fail 1 "3+3, $fmt" "$BR" diff -f $fmt "$F/before.xml" "$F/after.xml"
	cp "$T/out" "$T/floor.$fmt"
done
check_grep "text: U floor" 'U cannot reach 0\.05 at 3\+3' "$T/floor.text"
check_nogrep "text: no bare U p" 'U p=' "$T/floor.text"
check_grep "markdown: U floor" 'U cannot reach 0\.05 at 3\+3' "$T/floor.markdown"
check_grep "json: the notice" '"notice": "Mann-Whitney cannot reach p < 0\.05 with 3\+3 runs \(its smallest p is 0\.100\)"' "$T/floor.json"
check_grep "json: min_p and attainable" '"min_p": 0\.1[0-9]*, "attainable": false' "$T/floor.json"
check_grep "json: change direction in words" '"change_direction": "lower"' "$T/floor.json"
check_grep "html: the notice" 'Mann-Whitney cannot reach p &lt; 0\.05 with 3\+3 runs \(its smallest p is 0\.100\)' "$T/floor.html"
check_grep "html: p labelled Holm" '<th>p \(Holm\)</th>' "$T/floor.html"
check_grep "html: change in words in the table" '<td class="num">11\.49% lower</td>' "$T/floor.html"
check_grep "svg: the notice once, under the axis" '<text x="10" y="[0-9.]+" class="floor">8 values: Mann-Whitney cannot reach p &lt; 0\.05 with 3\+3 runs \(its smallest p is 0\.100\)</text>' "$T/floor.svg"

# More runs reach it: 5 + 5 prints the U p itself.
mk() {	# file title runs-of-one-value...
	out=$1; title=$2; shift 2
	{
		printf '<?xml version="1.0"?>\n<PhoronixTestSuite><Generated><Title>%s</Title></Generated>\n' "$title"
		printf '<System><Identifier>S</Identifier></System>\n'
		printf '<Result><Identifier>pts/x-1.0.0</Identifier><Title>X</Title><Arguments>a</Arguments><Scale>MB/s</Scale><Proportion>HIB</Proportion><DisplayFormat>BAR_GRAPH</DisplayFormat><Data><Entry><Identifier>S</Identifier><Value>%s</Value><RawString>%s</RawString></Entry></Data></Result>\n' "$1" "$2"
		printf '</PhoronixTestSuite>\n'
	} >"$out"
}
mk "$T/a5.xml" "five A" 100 "99:100:101:100:100"
mk "$T/b5.xml" "five B" 110 "109:110:111:110:110"
check_fail 1 "5+5 runs (--any)" "$BR" diff --any "$T/a5.xml" "$T/b5.xml"
check_grep "5+5: the U p, reachable, printed" '10\.0% higher \(p \(Holm\)<0\.001 n=5\+5; U p=0\.010\)' "$T/out"
check_fail 1 "5+5 runs, svg (--any)" "$BR" diff --any -f svg "$T/a5.xml" "$T/b5.xml"
check_nogrep "5+5, svg: no floor notice" 'class="floor"' "$T/out"
mk "$T/a1.xml" "one A" 100 "100"
mk "$T/b1.xml" "one B" 110 "110"
check_ok "1+1 runs" "$BR" diff "$T/a1.xml" "$T/b1.xml"
check_grep "N = 1: one run cannot show significance" '10\.0% higher \(N < 2: one run cannot show significance\) +not testable$' "$T/out"

# The reference check: statsmodels' TOST and scipy's non-central t.
PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
mkdir "$T/ref"
"$PY" "$ROOT/tests/tools/verdicts-ref.py" "$BR" "$T/ref" >"$T/ref.out" 2>&1
st=$?
if [ "$st" -eq 77 ] || ! command -v "$PY" >/dev/null 2>&1; then
	skip "50 pairs against statsmodels and scipy" "$(cat "$T/ref.out" 2>/dev/null || echo no python3): install python3-scipy python3-statsmodels"
else
	check "50 pairs: TOST p to 1e-6 relative, MDE to 0.1 % of the mean ($(tail -1 "$T/ref.out"))" test "$st" -eq 0
	check_grep "50 pairs: all checked" '^checked 50 values, 0 mismatches' "$T/ref.out"
fi
done_testing
