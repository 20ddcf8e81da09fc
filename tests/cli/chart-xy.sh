# SPDX-License-Identifier: ISC
# chart --x --y --series over sets: the queue-depth sweep of
# fixtures/fio-qd (two "drives" x QD 1-128, made with fio) draws both
# curves with their 16 points on a log2 axis; the load-latency chart
# (x = IOPS, y = p99) labels every point with its queue depth; 360 and
# 1400 px; a fact as the series; publish --chart; usage errors.
. "$(dirname "$0")/lib.sh"
Q="$ROOT/fixtures/fio-qd"
is() { check "$1" [ "$2" = "$3" ]; }	# NAME GOT WANT

ids=""
for d in direct cached; do
	for qd in 1 2 4 8 16 32 64 128; do
		run "$BR" import --system "$d" "$Q/$d-qd$qd.json"
		[ "$st" -eq 0 ] || echo "# import $d-qd$qd failed: $(cat "$T/err")"
		ids="$ids $(cut -f1 "$T/out")"
	done
done
is "16 sets imported" "$(echo $ids | wc -w)" 16

for w in 360 1400; do
	mkdir "$T/w$w"
	check_ok "QD scaling at $w px" "$BR" chart --x iodepth --y iops --series system \
	    --width "$w" -o "$T/w$w" $ids
	svg="$T/w$w/xy-iodepth-iops.svg"
	check "  written" [ -f "$svg" ]
	if command -v xmllint >/dev/null 2>&1; then
		check_ok "  it parses" xmllint --noout "$svg"
	else
		skip "  it parses" "no xmllint"
	fi
	is "  two curves, direct and cached" \
	    "$(grep -o '<g class="series"><title>[a-z]*</title>' "$svg" | sed 's/.*<title>//; s/<.*//' | sort | tr '\n' ' ')" "cached direct "
	is "  16 points" "$(grep -o 'class="point"' "$svg" | wc -l)" 16
	check_grep "  the x axis runs 1 to 128" '>128</text>' "$svg"
	is "  the SVG is $w px wide" "$(grep -o 'width="[0-9]*"' "$svg" | head -1)" "width=\"$w\""

	check_ok "load-latency at $w px" "$BR" chart --x iops --y p99 --width "$w" -o "$T/w$w" $ids
	svg="$T/w$w/xy-iops-p99.svg"
	for qd in 1 2 4 8 16 32 64 128; do
		is "  QD $qd labelled on both curves" "$(grep -c ">QD $qd<" "$svg")" 2
	done
done

mkdir "$T/f"
check_ok "a test fact as the series (direct)" "$BR" chart --x iodepth --y p99 --series direct \
    -o "$T/f" $ids
is "  two curves named by the fact's values" \
    "$(grep -o '<g class="series"><title>[0-9]*</title>' "$T/f/xy-iodepth-p99.svg" | wc -l)" 2
check_ok "publish --chart over the 16 sets" "$BR" publish -o "$T/pub" \
    --chart 'x=iodepth,y=iops,series=system' --chart 'x=iops,y=p99' $ids
is "  two x-y sections on the page" "$(grep -c '<section class="xy"' "$T/pub/index.html")" 2
is "  the load-latency points labelled (wide and narrow drawings)" "$(grep -o '>QD [0-9]*<' "$T/pub/index.html" | wc -l)" 32
check_fail 2 "publish --chart without y" "$BR" publish -o "$T/pub2" --chart 'x=iodepth' $ids
check_fail 2 "publish --chart with an unknown key" "$BR" publish -o "$T/pub3" \
    --chart 'x=iodepth,y=iops,colour=red' $ids
check_fail 2 "--x without --y" "$BR" chart --x iodepth $ids
check_fail 2 "an unknown metric" "$BR" chart --x iodepth --y speed $ids
check_fail 2 "several sets without --x" "$BR" chart $ids
check_fail 2 "a fact no test has" "$BR" chart --x nosuchfact --y iops $ids
check_grep "  it says which" "no test has both iops and nosuchfact" "$T/err"
done_testing
