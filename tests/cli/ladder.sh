# SPDX-License-Identifier: ISC
# Latency ladders (fixtures/fio-ladder, made with fio): two sets of five
# json+ runs, the second with its slowest 2 % of I/Os 1.3x longer, give
# p50 unchanged and p99, p99.9 about 30 % worse with Holm p < 0.01 in
# diff (text and JSON); the ladder's mean from the bins is fio's mean to
# 1 %; a run of 20,000 I/Os has p99.99 "not estimable" in `ladder` text
# and JSON and in the exceedance chart (360 and 1400 px); the histograms
# survive the store; a set without histograms says so; bad usage fails.
. "$(dirname "$0")/lib.sh"
F="$ROOT/fixtures/fio-ladder"
is() { check "$1" [ "$2" = "$3" ]; }	# NAME GOT WANT

check_ok "import set A (five runs)" "$BR" import --system ssd \
    "$F/a1.json" "$F/a2.json" "$F/a3.json" "$F/a4.json" "$F/a5.json"
check_ok "import set B (five runs, slow tail)" "$BR" import --system ssd \
    "$F/b1.json" "$F/b2.json" "$F/b3.json" "$F/b4.json" "$F/b5.json"

run "$BR" diff --format json 1 2
check "diff --format json: a regression, status 1" [ "$st" -eq 1 ]
cp "$T/out" "$T/diff.json"
# rung NAME FIELD: one number of the ladder comparison.
rung() {
	jq -r --arg r "$1" ".latency_ladders[0].ratios[] | select(.rung == \$r) | .$2" "$T/diff.json"
}
is "one ladder compared" "$(jq '.latency_ladders | length' "$T/diff.json")" 1
is "both sides: 5 runs, bootstrap with a recorded seed" \
    "$(jq -r '.latency_ladders[0] | "\(.a.runs) \(.b.runs) \(.a.bootstrap.seed != null) \(.b.bootstrap.resamples)"' "$T/diff.json")" "5 5 true 4000"
# p50: Holm p above 0.05, or no test at all when every run of each side
# has its p50 in the same bin (no spread for Welch's test to weigh).
is "p50 unchanged: ratio 1, interval holds 1" \
    "$(jq -r '.latency_ladders[0] | .a.rungs[0] as $a | .b.rungs[0] as $b | .ratios[0] |
    (.ratio == 1 and .ci_lo <= 1 and .ci_hi >= 1 and
    (.p_holm > 0.05 or (.p == null and $a.ci_lo == $a.ci_hi and $b.ci_lo == $b.ci_hi)))' "$T/diff.json")" true
is "  a p50 without p says why" \
    "$(jq -r '.latency_ladders[0].ratios[0] | (.p != null and .p_why == null) or (.p == null and .p_why == "every run of each side in one histogram bin")' "$T/diff.json")" true
run "$BR" diff 1 2
check_grep "  and the text says it" "^  p50 .*(p [0-9.e-]+ \(Holm\)|no p: every run of each side in one histogram bin)$" "$T/out"
for r in p99 p99.9; do
	is "$r about 30 % worse (1.27 to 1.33)" \
	    "$(awk -v x="$(rung "$r" ratio)" 'BEGIN { print (x >= 1.27 && x <= 1.33) }')" 1
	is "$r interval above 1, within 5 points of the ratio" \
	    "$(awk -v x="$(rung "$r" ratio)" -v lo="$(rung "$r" ci_lo)" -v hi="$(rung "$r" ci_hi)" \
	    'BEGIN { print (lo > 1 && x - lo <= 0.05 && hi - x <= 0.05) }')" 1
	is "$r Holm p < 0.01" \
	    "$(awk -v p="$(rung "$r" p_holm)" 'BEGIN { print (p < 0.01) }')" 1
done
is "p99 interval is between runs" "$(rung p99 interval)" "between runs"
# The bins' mean against fio's stated clat mean (set A's value, usec).
fio_mean=$(jq '[.results[] | select(.test.description | test("Completion Mean")) | .a.mean] | .[0]' "$T/diff.json")
bin_mean=$(jq '.latency_ladders[0].a.mean' "$T/diff.json")
is "the ladder's mean is fio's mean to 1 % ($bin_mean, $fio_mean)" \
    "$(awk -v a="$bin_mean" -v b="$fio_mean" 'BEGIN { d = a / b - 1; print (d < 0.01 && d > -0.01) }')" 1
is "the same mean change as the mean row, to 1 point" \
    "$(jq '.latency_ladders[0].mean_ratio as $m | [.results[] | select(.test.description | test("Completion Mean"))][0] | ((.b.mean / .a.mean) - $m) | if . < 0 then -. else . end | . < 0.01' "$T/diff.json")" true

run "$BR" diff 1 2
is "diff as text: a regression, status 1" "$st" 1
check_grep "text: the ladders section" "^Latency ladders" "$T/out"
check_grep "text: p99 with its change and Holm p" "^  p99  .*\+[23][0-9]\.[0-9]% \[.*p .*\(Holm\)" "$T/out"
check_grep "text: the seed is stated" "seed 20261204" "$T/out"

# One short run: p99.99 needs 100,000 I/Os.
check_ok "ladder of a 20,000 I/O run" "$BR" ladder "$F/short-20k.json"
check_grep "text: p99.99 not estimable" "^  p99\.99  *not estimable \(needs 100000 I/Os\)" "$T/out"
check_grep "text: p99.9 estimable, within-run" "within-run" "$T/out"
check_ok "ladder --format json" "$BR" ladder --format json 3
is "json: p99.99 not estimable, no value" \
    "$(jq -c '.ladders[0].rungs[4] | [.estimable, .value, .needs_ios]' "$T/out")" "[false,null,100000]"
is "json: p99.9 estimable with an interval" \
    "$(jq -c '.ladders[0].rungs[3] | [.estimable, (.ci_lo <= .value and .value <= .ci_hi), .interval]' "$T/out")" '[true,true,"within-run"]'
is "json: 20,000 I/Os, one run" "$(jq -c '.ladders[0] | [.runs, .ios]' "$T/out")" "[1,20000]"
for w in 360 1400; do
	mkdir "$T/c$w"
	check_ok "exceedance chart at $w px" "$BR" chart --width "$w" -t clat -o "$T/c$w" 3
	svg=$(ls "$T/c$w"/*clat-hist.svg 2>/dev/null | head -1)
	check "  one exceedance chart written" [ -n "$svg" ]
	check_grep "  it says p99.99 is not estimable" "p99\.99 not estimable" "$svg"
	check_grep "  its axis is the share of slower I/Os" "0\.01%" "$svg"
	is "  the band: two lines along the curve" "$(grep -c 'class="ci-band"' "$svg")" 2
	is "  the SVG is $w px wide" "$(grep -o 'width="[0-9]*"' "$svg" | head -1)" "width=\"$w\""
done

# A set without histograms (plain json output) says so.
check_ok "ladder of a set without histograms" "$BR" ladder "$ROOT/fixtures/fio/json-randread-4k.json"
check_grep "  it says there are none" "^no latency histograms" "$T/out"
check_fail 2 "ladder without an operand" "$BR" ladder
check_fail 2 "ladder --format xml" "$BR" ladder --format xml 1
check_fail 2 "ladder of a missing file" "$BR" ladder "$T/missing.json"
done_testing
