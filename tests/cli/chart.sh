# SPDX-License-Identifier: ISC
# benchreport chart: every format from a PTS file and from a stored ID,
# printed paths, stable names, parseable SVG (xmllint), valid PDF
# (pdfinfo), PNG sizes at 1x and 2x, escaped system names, --test
# selection, byte-identical reruns, and usage errors.
. "$(dirname "$0")/lib.sh"
FIX="$ROOT/fixtures/chart/three-drives.xml"

check_fail 2 "no argument is a usage error" "$BR" chart
check_fail 2 "unknown format" "$BR" chart --format gif "$FIX"
check_fail 2 "width below 320" "$BR" chart --width 100 "$FIX"
check_fail 2 "scale 3" "$BR" chart --scale 3 "$FIX"
check_ok "--help" "$BR" chart --help
check_grep "--help lists --sort" "--sort" "$T/out"

if ! "$BR" formats | grep -q '^pts'; then
	skip "charts of a PTS file" "no PTS reader in this build"
	done_testing
	exit 0
fi

check_ok "all formats" "$BR" chart --format svg,png,pdf -o "$T/c" "$FIX"
cp "$T/out" "$T/paths"
check "one path per chart and format (4 charts x 3)" \
	test "$(wc -l <"$T/paths")" -eq 12
check_grep "overview written" "/overview\.svg$" "$T/paths"
check_grep "name from title, version, arguments, unit" \
	"/flexible-io-tester-3-33-type-random-read-engine-io-uring-direct-yes-block-size-4kb-iops\.png$" \
	"$T/paths"
bad=0
while read -r p; do [ -s "$p" ] || bad=1; done <"$T/paths"
check "every printed path is a non-empty file" test "$bad" -eq 0
if command -v xmllint >/dev/null 2>&1; then
	check_ok "every SVG parses" xmllint --noout --nonet "$T"/c/*.svg
else
	skip "every SVG parses" "xmllint not installed"
fi
if command -v pdfinfo >/dev/null 2>&1; then
	bad=0
	for p in "$T"/c/*.pdf; do pdfinfo "$p" >/dev/null 2>&1 || bad=1; done
	check "pdfinfo accepts every PDF" test "$bad" -eq 0
else
	skip "pdfinfo accepts every PDF" "pdfinfo not installed"
fi
if command -v pdftotext >/dev/null 2>&1; then
	pdftotext "$T/c/sqlite-3-41-2-threads-copies-8-seconds.pdf" "$T/pdf.txt" 2>/dev/null
	check_grep "PDF keeps its text (names, values, SE)" "SE \+/- 0\.07, N = 3" "$T/pdf.txt"
	check_grep "PDF text has the escaped name as written" "Drive A & B <RAID0>" "$T/pdf.txt"
else
	skip "PDF keeps its text" "pdftotext not installed"
fi
S="$T/c/sqlite-3-41-2-threads-copies-8-seconds.svg"
check_grep "system name escaped" "Drive A &amp; B &lt;RAID0&gt;" "$S"
check_nogrep "no raw markup from a name" "<RAID0>" "$S"
check_grep "missing value says no result" ">no result<" "$S"
check_grep "SE line" "SE \+/- 0\.07, N = 3" "$S"
check_grep "direction" "Seconds, Fewer Is Better" "$S"

# PNG width and height from the IHDR chunk.
pngw() { od -An -tu1 -j16 -N4 "$1" | awk '{print $1*16777216+$2*65536+$3*256+$4}'; }
P="$T/c/overview.png"
check "PNG is 800 px wide" test "$(pngw "$P")" -eq 800
check_ok "2x PNG" "$BR" chart --format png --scale 2 --test overview -o "$T/c2" "$FIX"
check "2x PNG is 1600 px wide" test "$(pngw "$T/c2/overview.png")" -eq 1600

check_ok "rerun" "$BR" chart --format svg,png,pdf -o "$T/again" "$FIX"
bad=0
for p in "$T"/c/*; do cmp -s "$p" "$T/again/$(basename "$p")" || bad=1; done
check "same input, same bytes" test "$bad" -eq 0

check_ok "--test pattern" "$BR" chart --test 'sqlite*' -o "$T/t" "$FIX"
check "--test selects one chart" test "$(wc -l <"$T/out")" -eq 1
check_fail 2 "--test matching nothing" "$BR" chart --test nomatch -o "$T/t" "$FIX"

check_ok "import" "$BR" import "$FIX"
id=$(cut -f1 "$T/out" | head -1)
case "$id" in *[!0-9]*|'') id=1;; esac
check_ok "chart by ID" "$BR" chart --width 640 --sort -o "$T/id" "$id"
check "by ID: 4 charts" test "$(wc -l <"$T/out")" -eq 4
check_grep "--width sets the width" 'width="640"' "$T/id/overview.svg"
done_testing
