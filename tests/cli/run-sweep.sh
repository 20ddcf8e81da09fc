# SPDX-License-Identifier: ISC
# run --sweep and run --steady-state on a small file with short rounds
# (buffered, so any file system will do): a queue-depth sweep stores one
# test per depth, which chart --x iodepth draws and the ladder reads; a
# block-size sweep names each size; --steady-state stops at the first
# steady window or at its cap, records the verdict, and `steady` over the
# stored rounds agrees with it; chart --where selects the sweep by a
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
