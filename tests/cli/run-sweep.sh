# SPDX-License-Identifier: ISC
# run --sweep and run --steady-state on a small file with short rounds
# (buffered, so any file system will do): a queue-depth sweep stores one
# test per depth, which chart --x iodepth draws and the ladder reads; a
# block-size sweep names each size; --steady-state stops at the first
# steady window or at its cap, records the verdict, and `steady` over the
# stored rounds agrees with it; --curve paces rounds at shares of the
# maximum; chart --where selects the sweep by a
# system fact; bad values are refused before any I/O.
. "$(dirname "$0")/lib.sh"
D="$T/dir"
mkdir -p "$D"
is() { check "$1" [ "$2" = "$3" ]; }	# NAME GOT WANT
SHORT="--profile randread-4k --size 4m --runtime 0.2 --ramp 0 --buffered --jobs 1"

check_fail 2 "--sweep of an unknown setting" "$BR" run --dir "$D" $SHORT --sweep rw=1,2
check_fail 2 "--sweep iodepth=0" "$BR" run --dir "$D" $SHORT --sweep iodepth=1,0
check_fail 2 "--sweep bs=1000 (not 512-byte blocks)" "$BR" run --dir "$D" $SHORT --sweep bs=1000
check_fail 2 "--sweep bs above the file" "$BR" run --dir "$D" $SHORT --sweep bs=8m
check_fail 2 "--steady-state 4 (a window is 5 rounds)" "$BR" run --dir "$D" $SHORT --steady-state 4
check_fail 2 "--steady-state with --repeat" "$BR" run --dir "$D" $SHORT --steady-state 6 --repeat 2
is "nothing was stored by the refusals" "$(ls "$D")" ""

check_ok "run --sweep iodepth=1,4,16" "$BR" run --dir "$D" $SHORT --repeat 2 \
    --sweep iodepth=1,4,16 --system swept --format tsv
is "  three IOPS results, two runs each" "$(grep -c '	IOPS	.*	2$' "$T/out")" 3
is "  no test file left" "$(ls "$D")" ""
check_ok "  exported" "$BR" export -f json 1
is "  one IOPS test per queue depth" \
    "$(jq -c '[.results[] | select(.unit == "IOPS") | .facts.iodepth] | sort_by(tonumber)' "$T/out")" '["1","4","16"]'
mkdir "$T/c"
check_ok "  chart --x iodepth --y iops draws it" "$BR" chart --x iodepth --y iops -o "$T/c" 1
is "  three points" "$(grep -o 'class="point"' "$T/c/xy-iodepth-iops.svg" | wc -l)" 3
check_ok "  its latency ladders" "$BR" ladder --format json 1
is "  one ladder per depth, from the runner's histograms" \
    "$(jq '[.ladders[] | select(.runs == 2)] | length' "$T/out")" 3

# A store query instead of IDs: the systems whose facts match.
run "$BR" systems --all
os=$(awk -F '\t' 'NR == 2 { print $10 }' "$T/out")
if [ -n "$os" ] && [ "$os" != "-" ]; then
	mkdir "$T/w"
	check_ok "  chart --where os_name=$os" "$BR" chart --x iodepth --y iops --where "os_name=$os" -o "$T/w"
	is "  the same three points" "$(grep -o 'class="point"' "$T/w/xy-iodepth-iops.svg" | wc -l)" 3
else
	skip "  chart --where os_name=..." "no os_name fact on this machine"
fi
check_fail 2 "  chart --where with no match" "$BR" chart --x iodepth --y iops --where os_name=no-such-os -o "$T/w"
check_fail 2 "  --where without --x" "$BR" chart --where os_name=x 1

check_ok "run --sweep bs=4k,16k" "$BR" run --dir "$D" $SHORT --repeat 1 --sweep bs=4k,16k --no-store --format tsv
check_grep "  4KB" "Block Size: 4KB.*	IOPS	" "$T/out"
check_grep "  16KB" "Block Size: 16KB.*	IOPS	" "$T/out"

# The load-latency curve: the maximum, then rounds paced at 10 % and 50 %.
check_fail 2 "--curve with a four-test profile" "$BR" run --dir "$D" --profile seed --size 4m --curve 50
check_fail 2 "--curve 0" "$BR" run --dir "$D" $SHORT --curve 0,50
check_fail 2 "--curve with --sweep" "$BR" run --dir "$D" $SHORT --curve 50 --sweep iodepth=1,2
check_ok "run --curve 10,50" "$BR" run --dir "$D" $SHORT --iodepth 8 --repeat 1 --curve 10,50 \
    --system curve --no-store -o "$T/curve.json"
check_grep "  it says the maximum" "^maximum [0-9]+ IOPS: pacing at 2 shares of it" "$T/err"
is "  three IOPS results" "$(jq '[.results[] | select(.unit == "IOPS")] | length' "$T/curve.json")" 3
jq -r '.results[] | select(.unit == "IOPS") | "\(.facts.rate_iops // "max") \(.values[0].value)"' "$T/curve.json" > "$T/curve.txt"
max=$(awk '$1 == "max" { print $2 }' "$T/curve.txt")
for pct in 10 50; do
	got=$(awk -v m="$max" -v p="$pct" '$1 != "max" && $1 + 0 > 0 && ($1 / m * 100 - p) ^ 2 < 1 { print $2 }' "$T/curve.txt")
	check "  the $pct % round: rate_iops is $pct % of the maximum, IOPS at most that ($got of $max)" \
	    awk -v g="$got" -v m="$max" -v p="$pct" 'BEGIN { exit !(g != "" && g <= m * p / 100 * 1.02 && g >= m * p / 100 * 0.5) }'
done

check_ok "run --steady-state 6" "$BR" run --dir "$D" $SHORT --iodepth 8 --steady-state 6 \
    --system steady --format tsv
rounds=$(awk -F '\t' '$2 == "IOPS" { print $5 }' "$T/out")
check "  5 or 6 rounds ($rounds)" [ "$rounds" -ge 5 -a "$rounds" -le 6 ]
check_ok "  steady over the stored rounds" "$BR" steady --format json 2
v=$(jq -r '[.results[] | select(.unit == "IOPS")][0] | "\(.rounds) \(.reached) \(.last_round)"' "$T/out")
set -- $v
is "  the stored IOPS has the rounds run" "$1" "$rounds"
if [ "$2" = true ]; then
	is "  reached: the run stopped at the window's last round" "$3" "$rounds"
	verdict="steady state \\(SNIA\\): rounds"
else
	is "  not reached: the run went to its cap" "$rounds" 6
	verdict="steady state \\(SNIA\\) not reached in 6 rounds"
fi
check_ok "  the verdict is stored with the IOPS" "$BR" export -f json 2
check_grep "  it says so" "$verdict" "$T/out"
done_testing
