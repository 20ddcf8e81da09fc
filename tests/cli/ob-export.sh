#!/bin/sh
# SPDX-License-Identifier: ISC
# OpenBenchmarking exports through the command line: detection by content,
# import of the text export and of its HTML twin to the same numbers, and
# refusals with file:line and exit status 2. Seeds of ../shared when present.
. "$(dirname "$0")/lib.sh"
F="$ROOT/fixtures/ob"

check_ok "formats detects the text export" "$BR" formats "$F/nas-layouts.txt"
check_grep "  as ob-text" "ob-text" "$T/out"
check_ok "formats detects the HTML export" "$BR" formats "$F/nas-layouts.html"
check_grep "  as ob-html" "ob-html" "$T/out"

check_ok "import the text export" "$BR" import "$F/nas-layouts.txt"
check_grep "  3 systems" "3 systems" "$T/out"
check_ok "export it as JSON" "$BR" export -f json 1
cp "$T/out" "$T/text.json"
check_grep "  glued N settled: 24.35 for Plain" '"24.35"' "$T/text.json"
check_ok "import the HTML twin" "$BR" import "$F/nas-layouts.html"
check_ok "export it as JSON" "$BR" export -f json 2
grep -o '"value_text": *"[^"]*"' "$T/out" >"$T/html.values"
grep -o '"value_text": *"[^"]*"' "$T/text.json" >"$T/text.values"
check "  the same printed values in the same order" cmp -s "$T/html.values" "$T/text.values"
check "  nine values" [ "$(wc -l <"$T/html.values")" -eq 9 ]

check_ok "export the text reading as composite.xml" "$BR" export -f pts-xml -o "$T/rt.xml" 1
check_ok "  and import that" "$BR" import "$T/rt.xml"
check_ok "  export the re-import as JSON" "$BR" export -f json 3
grep -o '"value_text": *"[^"]*"' "$T/out" >"$T/rt.values"
check "  every printed value survives the round trip" cmp -s "$T/rt.values" "$T/text.values"

check_fail 2 "truncated text export refused" "$BR" import "$F/truncated.txt"
check_grep "  with file:line" "truncated.txt:27: .*truncated" "$T/err"
check_fail 2 "names no evidence pins: refused" "$BR" import "$F/unnamed.txt"
check_grep "  naming the way out" "unnamed.txt:7: .*--systems" "$T/err"

if [ -n "$SHARED" ]; then
	check_ok "seed 004 imports" "$BR" import "$SHARED/seeds/004_4dc820b1900c28e3.txt"
	check_grep "  3 systems" "3 systems" "$T/out"
	check_grep "  warns about the chart with 2 SE strings for 3 systems" \
	    "004_4dc820b1900c28e3.txt:75: .*2 SE strings for 3 systems" "$T/err"
	check_fail 2 "seed 000 without names: refused" "$BR" import "$SHARED/seeds/000_d75a954a9db40170.txt"
	check_grep "  with the pinned blocks" "pinned blocks: \[Samsung 980 PRO 2TBInland PCIe 5.0 2TB\] \[Corsair MP700 PRO 2TB\]" "$T/err"
else
	skip "seeds" "../shared is absent"
fi
done_testing
