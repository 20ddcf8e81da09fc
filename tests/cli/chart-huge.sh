#!/bin/sh
# SPDX-License-Identifier: ISC
# Values near the largest double (1e308, 1.7e308, and -1e308 beside a
# positive value, and both ends at once) draw their bars inside the chart:
# the axis reaches them instead of stopping at a clamped end the bar runs
# past, and where the axis must be clamped the bar stops at its end.
. tests/cli/lib.sh

R=${ROOT:-.}
inside() {	# svg: every bar's right end within the chart's width
	awk -v f="$1" '
	/<svg / { if (match($0, /width="[0-9.]+"/)) w = substr($0, RSTART + 7, RLENGTH - 8) + 0 }
	{ s = $0
	  while (match(s, /<rect class="bar"[^>]*>/)) {
		r = substr(s, RSTART, RLENGTH); s = substr(s, RSTART + RLENGTH)
		match(r, / x="[-0-9.]+"/); x = substr(r, RSTART + 4, RLENGTH - 5) + 0
		match(r, /width="[-0-9.]+"/); bw = substr(r, RSTART + 7, RLENGTH - 8) + 0
		n++; if (x < 0 || x + bw > w) bad++
	  } }
	END { exit !(n > 0 && bad == 0 && w > 0) }' "$1"
}
i=0
for v in 1e308 1.7e308 -1e308; do
	i=$((i + 1))
	sed "0,/<Value>[^<]*<\/Value>/s||<Value>$v</Value>|" \
	    "$R/fixtures/pts/storage-2sys.xml" >"$T/big$i.xml"
	check_ok "$v: import" "$BR" import "$T/big$i.xml"
	id=$(cut -f1 "$T/out")
	check_ok "$v: chart" "$BR" chart -o "$T/c$i" "$id"
	bad=""
	for svg in "$T/c$i"/*.svg; do
		inside "$svg" || bad="$bad $(basename "$svg")"
	done
	check "$v: every bar inside its chart${bad:+ (not in:$bad)}" [ -z "$bad" ]
	check "$v: no tick of inf or nan" \
	    sh -c "! grep -Eq '>-?(inf|nan)<' '$T/c$i'/*.svg"
done
# Both ends near the limits in one chart: the axis is clamped, the bars
# stop at its ends.
sed -e "0,/<Value>[^<]*<\/Value>/s||<Value>-1.7e308</Value>|" "$R/fixtures/pts/storage-2sys.xml" |
    awk '/<Value>/ && ++k == 2 { sub(/<Value>[^<]*<\/Value>/, "<Value>1.7e308</Value>") } 1' \
    >"$T/both.xml"
check_ok "-1.7e308 and 1.7e308: import" "$BR" import "$T/both.xml"
id=$(cut -f1 "$T/out")
check_ok "-1.7e308 and 1.7e308: chart" "$BR" chart -o "$T/both" "$id"
bad=""
for svg in "$T/both"/*.svg; do
	inside "$svg" || bad="$bad $(basename "$svg")"
done
check "-1.7e308 and 1.7e308: every bar inside its chart${bad:+ (not in:$bad)}" [ -z "$bad" ]
done_testing
