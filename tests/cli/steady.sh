# SPDX-License-Identifier: ISC
# benchreport steady: the 25-round fixture reaches steady state at the
# window of its hand figures (fixtures/steady/README.md) in text and
# JSON; the non-converging one says "not reached in 25 rounds"; the
# measurement-window chart is written and parses; five runs merged from
# files are rounds too; --round folds samples; the review page marks
# both logs; the consistency block of
# a per-second log; fio's own ss= verdict imports as a fact; bad input
# fails.
. "$(dirname "$0")/lib.sh"
F="$ROOT/fixtures/steady"
is() { check "$1" [ "$2" = "$3" ]; }	# NAME GOT WANT

check_ok "steady of the converging log" "$BR" steady "$F/converge_iops.1.log"
check_grep "reached at rounds 8-12" "^  steady state reached: rounds 8-12$" "$T/out"
check_grep "hand figures: average, range, excursion" \
    "average 41640, range 3800 \(9\.13 % .*fit excursion 3600 \(8\.65 %.*slope -900 per round" "$T/out"
check_ok "steady --format json" "$BR" steady --format json 1
is "json: reached, rounds 8 to 12, 25 rounds" \
    "$(jq -c '.results[0] | [.reached, .first_round, .last_round, .rounds]' "$T/out")" "[true,8,12,25]"
is "json: average, range and excursion to 0.1 %" \
    "$(jq '.results[0] | ((.average / 41640 - 1) | fabs < 0.001) and ((.range / 3800 - 1) | fabs < 0.001) and ((.excursion / 3600 - 1) | fabs < 0.001)' "$T/out" 2>/dev/null ||
       jq '.results[0] | [.average, .range, .excursion] == [41640, 3800, 3600]' "$T/out")" true

check_ok "steady of the log that never settles" "$BR" steady "$F/never_iops.1.log"
check_grep "it says not reached in 25 rounds" "steady state not reached in 25 rounds" "$T/out"
run "$BR" steady --format json 2
is "json: not reached" "$(jq -c '.results[0] | [.reached, .rounds]' "$T/out")" "[false,25]"

mkdir "$T/charts"
check_ok "the measurement-window chart" "$BR" steady -o "$T/charts" 1
svg=$(ls "$T/charts"/*.svg 2>/dev/null | head -1)
check "  one SVG written" [ -n "$svg" ]
if command -v xmllint >/dev/null 2>&1; then
	check_ok "  it parses" xmllint --noout "$svg"
else
	skip "  it parses" "no xmllint"
fi
check_grep "  its verdict names the window" "steady state reached, rounds 8-12" "$svg"
check_grep "  the window is shaded" 'class="window"' "$svg"

check_ok "--round 120 folds two samples a round" "$BR" steady --round 120 1
check_grep "  13 rounds" "13 rounds from the series iops" "$T/out"
check_fail 2 "--round 0 is refused" "$BR" steady --round 0 1
check_fail 2 "--round x is refused" "$BR" steady --round x 1

L="$ROOT/fixtures/fio-ladder"
check_ok "five runs merged from files are five rounds" "$BR" import --system ssd \
    "$L/a1.json" "$L/a2.json" "$L/a3.json" "$L/a4.json" "$L/a5.json"
run "$BR" steady --format json 3
is "  IOPS over the five runs: checked over 5 rounds" \
    "$(jq -c '[.results[] | select(.unit == "IOPS")][0] | [.rounds_from, .rounds, .checked]' "$T/out")" '["runs",5,true]'
# The review page marks both logs.
check_ok "publish the two logs" "$BR" publish -o "$T/page" "$F/converge_iops.1.log" "$F/never_iops.1.log"
check_grep "  the page marks the steady window" \
    '<p class="note steady">steady: steady state \(SNIA\) reached at rounds 8-12 of 25' "$T/page/index.html"
check_grep "  and the log that never settles" \
    '<p class="note steady not-reached">steady: steady state \(SNIA\) not reached in 25 rounds</p>' "$T/page/index.html"

# The consistency block of a per-second IOPS log, against awk's figures.
check_ok "steady of fio's per-second IOPS log" "$BR" steady --format json "$F/persec_iops.1.log"
want=$(awk -F, '{ v[NR] = $2; s += $2 } END { m = s / NR; for (i = 1; i <= NR; i++) q += (v[i] - m) ^ 2;
    printf "%d %.6f %.6f", NR, m, sqrt(q / (NR - 1)) }' "$F/persec_iops.1.log")
set -- $want
is "  consistency over all $1 seconds" "$(jq '.results[0].consistency.seconds' "$T/out")" "$1"
is "  mean and SD as awk computes them (to 0.1 %)" \
    "$(jq --argjson m "$2" --argjson s "$3" '.results[0].consistency | ((.mean / $m - 1) | if . < 0 then -. else . end) < 0.001 and ((.sd / $s - 1) | if . < 0 then -. else . end) < 0.001' "$T/out")" true
is "  p1 and p99.9 within the seconds' range" \
    "$(jq '.results[0] | .consistency.p1 >= (.values | min) and .consistency.p99_9 <= (.values | max) and .consistency.p1 < .consistency.p99_9' "$T/out")" true
check_ok "  --last 3" "$BR" steady --last 3 "$F/persec_iops.1.log"
check_grep "  consistency over the last 3 s" "consistency over the last 3 s: mean" "$T/out"
mkdir "$T/cons"
check_ok "  the IOPS-over-time chart with --last 4 -o" "$BR" steady --last 4 -o "$T/cons" "$F/persec_iops.1.log"
svg="$T/cons/consistency-t1-s1.svg"
check "  written" [ -f "$svg" ]
check_grep "  its figures are the last 4 s" "last 4 s: mean" "$svg"
is "  one point a second" "$(grep -o 'width="4" height="4"' "$svg" | wc -l)" 7
check_grep "  the window is shaded" "Shaded: the seconds" "$svg"
check_fail 2 "  --last 0 is refused" "$BR" steady --last 0 "$F/persec_iops.1.log"

# fio's own steady-state verdict (ss=) is a fact, its figures a note.
check_ok "export fio's ss=iops:20% run" "$BR" export -f json "$F/fio-ss-attained.json"
is "  ss_attained yes on its IOPS test" \
    "$(jq -r '[.results[] | select(.unit == "IOPS")][0].facts.ss_attained' "$T/out")" yes
check_grep "  fio's criterion as the note" \
    'fio steady state attained \(iops:20\.000000%\): criterion 10\.800732%; window 2 s' "$T/out"
check_ok "export fio's ss=iops_slope:0.01% run" "$BR" export -f json "$F/fio-ss-not-attained.json"
is "  ss_attained no" \
    "$(jq -r '[.results[] | select(.unit == "IOPS")][0].facts.ss_attained' "$T/out")" no
check_grep "  not attained, as fio says" 'fio steady state not attained \(iops_slope:0\.010000%\): criterion 1\.778568%' "$T/out"
check_fail 2 "steady without an operand" "$BR" steady
done_testing
