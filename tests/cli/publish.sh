#!/bin/sh
# SPDX-License-Identifier: ISC
# publish: the page parses, holds every result and value, chart files and
# the PDF are written, nothing half-written is left behind, hostile strings
# stay text, a replacement template works, and errors exit 2.
. tests/cli/lib.sh

F="$ROOT/fixtures"
check_ok "import storage fixture" "$BR" import "$F/pts/storage-2sys.xml"
id=$(cut -f1 "$T/out")
check_ok "publish a stored set with PDF" "$BR" publish --pdf -o "$T/p1" "$id"
check_grep "prints the page path" "index.html$" "$T/out"
check_grep "prints the PDF path" "review.pdf$" "$T/out"
check "index.html written" test -s "$T/p1/index.html"
check "no temporary files left" sh -c "[ -z \"\$(find '$T/p1' -name '*.tmp*')\" ]"
check "an SVG and a PNG per chart" sh -c '[ $(ls "$1"/charts/*.svg | wc -l) -ge 2 ] &&
    [ $(ls "$1"/charts/*.svg | wc -l) -eq $(ls "$1"/charts/*.png | wc -l) ]' sh "$T/p1"
check "PDF is valid" sh -c "pdfinfo '$T/p1/review.pdf' | grep -q '^Pages:'"
html_check() {	# page -> "errors=... scripts=..." in $T/hc
	"$ROOT/$BUILD/tests/html-check" "$1" >"$T/hc" 2>"$T/hc.err"
}
html_check "$T/p1/index.html"
check_grep "page parses with libxml2's HTML parser without errors" "^errors=0 " "$T/hc"
check_grep "no script, no handler, no load" " scripts=0 handlers=0 loads=0$" "$T/hc"
# Every result and every value of the set is in the page.
"$BR" export "$id" --format json >"$T/set.json"
ntests=$(grep -c '"app_version":' "$T/set.json")
check "every result has an article" test "$(grep -o '<article class="result"' "$T/p1/index.html" | wc -l)" -eq "$((ntests))"
for v in $(sed -n 's/.*"value_text": "\([0-9.]*\)".*/\1/p' "$T/set.json"); do
	check "value $v on the page" grep -q ">$v<\|>★$v<\|>$v</td>\|\"$v\"" "$T/p1/index.html"
done
check_nogrep "no script on the page" '<script' "$T/p1/index.html"
check_grep "content security policy" "Content-Security-Policy" "$T/p1/index.html"
check_nogrep "no external stylesheet or image" '<link |<img |src="http' "$T/p1/index.html"

# Publishing again replaces files in place (no stale temporaries).
check_ok "publish again into the same directory" "$BR" publish -o "$T/p1" "$id"

# FILE arguments are imported on the fly; several sets become sections.
check_ok "publish two files" "$BR" publish -o "$T/p2" "$F/pts/storage-2sys.xml" "$F/hostile/evil-strings.xml"
check "two sections" test "$(grep -o '<section id="s[0-9]*"' "$T/p2/index.html" | wc -l)" -eq 2
check_nogrep "hostile: no script element" '<script' "$T/p2/index.html"
html_check "$T/p2/index.html"
check_grep "hostile: parses, no script, handler or load" "^errors=0 .* scripts=0 handlers=0 loads=0$" "$T/hc"
check_grep "hostile: title kept as text" '&lt;script&gt;alert\(' "$T/p2/index.html"
check_nogrep "hostile: no raw style breakout" '</style><(script|img|svg)' "$T/p2/index.html"
for svg in "$T"/p2/charts/*.svg; do
	check "chart $(basename "$svg") is well-formed XML" xmllint --noout "$svg"
done

# A fresh run of the same tests (another version, other systems) lands on
# the same charts as the published figures, with a footnote saying so.
sed -e 's/<AppVersion>3.36</<AppVersion>3.33</' -e 's/Samsung 980 PRO 2TB/my drive A/g' \
    -e 's/Crucial T705 2TB/my drive B/g' -e 's/<Title>Two NVMe/<Title>Rerun of two NVMe/' \
    "$F/pts/storage-2sys.xml" >"$T/rerun.xml"
check_ok "publish a review and a rerun" "$BR" publish -o "$T/p7" "$F/pts/storage-2sys.xml" "$T/rerun.xml"
check "one comparison section" test "$(grep -o '<section id="s[0-9]*"' "$T/p7/index.html" | wc -l)" -eq 1
check_grep "the rerun's systems are in it" "my drive A" "$T/p7/index.html"
check_grep "footnote names the rerun's version" 'Values from .*Rerun of two NVMe.*3\.33' "$T/p7/index.html"

# --baseline and --title.
check_ok "baseline and title" "$BR" publish -o "$T/p3" --title "Scheduler <test>" \
    --baseline "$(sed -n 's/.*"identifier": "\([^"]*\)", *$/\1/p' "$T/set.json" | head -1)" "$id"
check_grep "title escaped" "<title>Scheduler &lt;test&gt;</title>" "$T/p3/index.html"
check_grep "baseline named" "baseline" "$T/p3/index.html"

# A replacement template.
cat >"$T/mini.xsl" <<'XSL'
<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:output method="html"/>
<xsl:template match="/review"><html><body><h1><xsl:value-of select="title"/></h1>
<p>results: <xsl:value-of select="count(section/result)"/></p></body></html></xsl:template>
</xsl:stylesheet>
XSL
check_ok "custom template" "$BR" publish -o "$T/p4" --template "$T/mini.xsl" "$id"
check_grep "custom template used" "results: $ntests" "$T/p4/index.html"
# A template may not read files.
cat >"$T/evil.xsl" <<'XSL'
<?xml version="1.0"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
<xsl:template match="/"><x><xsl:copy-of select="document('/etc/passwd')"/></x></xsl:template>
</xsl:stylesheet>
XSL
run "$BR" publish -o "$T/p5" --template "$T/evil.xsl" "$id"
check "template cannot read /etc/passwd" sh -c "! grep -q 'root:' '$T/p5/index.html' 2>/dev/null"

# Errors.
check_fail 2 "no -o" "$BR" publish "$id"
check_fail 2 "no input" "$BR" publish -o "$T/p6"
check_fail 2 "unknown baseline" "$BR" publish -o "$T/p6" --baseline "no such system" "$id"
check_fail 2 "template that is not XSLT" "$BR" publish -o "$T/p6" --template "$F/pts/storage-2sys.xml" "$id"
check_fail 2 "missing template" "$BR" publish -o "$T/p6" --template "$T/none.xsl" "$id"
check_fail 2 "bad width" "$BR" publish -o "$T/p6" --width 5 "$id"
touch "$T/afile"
check_fail 2 "output is a file" "$BR" publish -o "$T/afile" "$id"

# The PDF and half the chart files are written by a second process: its
# failures are the command's, named, and nothing it writes goes missing.
mkdir -p "$T/side1/review.pdf"
check_fail 2 "PDF that cannot be written fails publish" "$BR" publish --pdf -o "$T/side1" "$id"
check_grep "the error names the PDF" "review.pdf" "$T/err"
mkdir -p "$T/side2/charts"
for f in "$T"/p1/charts/*.png; do mkdir -p "$T/side2/charts/$(basename "$f")"; done
check_fail 2 "chart files that cannot be written fail publish" "$BR" publish --pdf -o "$T/side2" "$id"
check_grep "the error names a chart file" "charts/.*\.png" "$T/err"
check_ok "publish -v counts every file" "$BR" -v publish --pdf -o "$T/side3" "$id"
nfiles=$(($(ls "$T/side3/charts" | wc -l) + 2))
check_grep "all $nfiles files counted" "wrote $nfiles files" "$T/err"
check "no temporary files left after a split publish" sh -c "[ -z \"\$(find '$T/side3' -name '*.tmp*')\" ]"
check_ok "help" "$BR" publish --help
done_testing
