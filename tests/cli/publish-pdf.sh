#!/bin/sh
# SPDX-License-Identifier: ISC
# publish --pdf: the review PDF a reader keeps. Read back with poppler's
# tools: an outline (bookmarks) with an entry per section and per chart,
# nested and distinct (expected: publish-pdf.demo-outline.txt, REGEN=1
# rewrites it); sources named by URL or file name, never by a path of the
# machine that published nor as "(unknown)"; every text colour dark enough
# to read on white (system names are ink beside a colour swatch); fields
# the source does not state shown as "not stated"; about two charts a
# page; the Title, Author and Subject; the whole review: notes, the
# overview table with every value, SE and N, the data table under each
# result's chart (value, SE, N, min and max), wins and ranks, and with two
# inputs the comparison; seed 000's review (the NVMe demo) in at most 10
# pages. The demo fixtures always, the seeds too when ../shared is there.
. tests/cli/lib.sh

for tool in pdfinfo pdftotext pdftohtml; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "# $tool (poppler-utils) is not installed: PDF checks skipped"
		skip "review PDF read back" "no $tool"
		done_testing
		exit 0
	fi
done

D="$ROOT/fixtures/demo"
# A copy in a directory of this run, so a path printed anywhere shows.
mkdir -p "$T/where/the/files/are"
cp "$D/freebsd-dd.txt" "$T/where/the/files/are/freebsd-dd.txt"

outline() {	# pdf -> outline items, indented two spaces a level, in $T/outline
	pdftohtml -xml -i -stdout "$1" 2>/dev/null | awk '
	    /<outline>/ { depth++ }
	    /<\/outline>/ { depth-- }
	    /<item / {
		s = $0; sub(/.*<item[^>]*>/, "", s); sub(/<\/item>.*/, "", s)
		pad = ""; for (i = 1; i < depth; i++) pad = pad "  "
		print pad s
	    }' >"$T/outline"
}
dupes() {	# outline file -> entries repeated under one parent, in $T/dupes
	awk '/^[^ ]/ { sec++ } { k = sec SUBSEP $0; if (seen[k]++) print }' \
	    "$1" >"$T/dupes"
}
text_colours() {	# pdf -> "#rrggbb contrast-against-white" per text colour
	pdftohtml -xml -i -stdout "$1" 2>/dev/null |
	    sed -n 's/.*<fontspec [^>]*color="#\([0-9a-fA-F]\{6\}\)".*/\1/p' |
	    sort -u | while read -r hex; do
		printf '%s %d %d %d\n' "$hex" "0x$(echo "$hex" | cut -c1-2)" \
		    "0x$(echo "$hex" | cut -c3-4)" "0x$(echo "$hex" | cut -c5-6)"
	    done | awk '
	    function lin(c) { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ^ 2.4 }
	    { l = 0.2126 * lin($2) + 0.7152 * lin($3) + 0.0722 * lin($4)
	      printf "#%s %.2f\n", $1, 1.05 / (l + 0.05) }'
}
# review_checks NAME DIR NSECTIONS [PERPAGE]: the PDF in DIR against its
# chart files, PERPAGE (2) charts with their data tables a page.
review_checks() {
	rn=$1; dir=$2; nsec=$3; perpage=${4:-2}
	# (not "name": lib.sh's check sets it)
	pdf="$dir/review.pdf"
	check "$rn: PDF written" test -s "$pdf"
	pdftotext "$pdf" "$T/text" 2>/dev/null
	# pdftotext gives ligatures as one character; file names hold "ff".
	sed 's/ﬀ/ff/g; s/ﬁ/fi/g; s/ﬂ/fl/g; s/ﬃ/ffi/g; s/ﬄ/ffl/g' "$T/text" >"$T/text.plain"
	check "$rn: no path of this run in the text" sh -c \
	    '! grep -qF -e "$1" -e "$2" -e "$3" "$4"' sh "$T" "$ROOT" "$PWD" "$T/text.plain"
	check_nogrep "$rn: no \"(unknown)\"" '\(unknown\)' "$T/text.plain"
	check_grep "$rn: the sources are named" '^(Combined from the s|S)ources?:' "$T/text.plain"
	outline "$pdf"
	ncharts=$(ls "$dir"/charts/*.svg | wc -l)
	check "$rn: an outline entry per section ($nsec)" \
	    test "$(grep -c '^[^ ]' "$T/outline")" -eq "$nsec"
	check "$rn: an outline entry per chart ($ncharts)" \
	    test "$(grep -c '^  [^ ]' "$T/outline")" -eq "$ncharts"
	dupes "$T/outline"
	check "$rn: outline entries distinct within a section" test ! -s "$T/dupes"
	pdfinfo "$pdf" >"$T/info"
	check_grep "$rn: a Title" '^Title: +[^ ]' "$T/info"
	check_grep "$rn: an Author" '^Author: +[^ ]' "$T/info"
	check_grep "$rn: a Subject" '^Subject: +Benchmark review: ' "$T/info"
	pages=$(pdfinfo "$pdf" | sed -n 's/^Pages: *//p')
	check "$rn: $pages pages for $ncharts charts ($perpage a page, and a few)" \
	    test "$pages" -le $((ncharts / perpage + 4))
	text_colours "$pdf" >"$T/colours"
	check "$rn: every text colour reads on white (4.5:1)" \
	    awk '$2 < 4.5 { bad = 1; print "# " $0 } END { exit bad }' "$T/colours"
}

check_ok "publish the demo reviews as PDF" "$BR" publish --pdf -o "$T/demo" \
    "$D/nvme-review.txt" "$D/btrfs-raid.txt" "$T/where/the/files/are/freebsd-dd.txt"
review_checks demo "$T/demo" 3
want="$ROOT/tests/cli/publish-pdf.demo-outline.txt"
[ -z "$REGEN" ] || cp "$T/outline" "$want"
check "demo: outline as expected (publish-pdf.demo-outline.txt)" cmp -s "$T/outline" "$want"
cmp -s "$T/outline" "$want" || diff "$want" "$T/outline" | head -10 | sed 's/^/# /'
check_grep "demo: OpenBenchmarking source by its URL" \
    '^Source: https://openbenchmarking.org/result/2403215-PTS-SSDLINUX59' "$T/text.plain"
check_grep "demo: a file source by its name and what wrote it" \
    '^Source: freebsd-dd.txt \(dd\)$' "$T/text.plain"
check_grep "demo: the laptop's firmware is not stated" '^not stated$' "$T/text.plain"
check_nogrep "demo: no difference mark in the PDF" '≠' "$T/text.plain"
check_grep "demo: units tell the two sequential-read charts apart" \
    '^  Flexible IO Tester 3.36: Type: Sequential Read .* \(IOPS\)$' "$T/outline"
check "demo: pages are numbered" grep -qx "$(pdfinfo "$T/demo/review.pdf" |
    sed -n 's/^Pages: *//p')" "$T/text.plain"

check_nogrep "demo: no figure or note cut with an ellipsis (dd's raw lines wrap)" '…' "$T/text.plain"
check "demo: chart gridlines clear of the SE lines under the bars" \
    python3 "$ROOT/tests/tools/svg-grid-clear.py" "$T"/demo/charts/*.svg
check_grep "demo: the notes" '^All systems: Compiler Details$' "$T/text.plain"
check_grep "demo: the key findings, with their confidence intervals" \
    '^Key .*ndings$' "$T/text.plain"
check_grep "demo: a claim of the key findings" 'is [0-9.]+% (lower|higher) \(better\) than' "$T/text.plain"
check_grep "demo: the overview table" 'Result overview$' "$T/text.plain"
check_grep "demo: the overview marks the best value" '^★ 3356.33$' "$T/text.plain"
check_grep "demo: the overview gives SE and N" '^±43.54 N=9$' "$T/text.plain"
check_grep "demo: wins and rank" 'Wins and rank$' "$T/text.plain"
# The data table under each chart, in two halves side by side: a row is
# system, value, SE, N, min and max with the source's digits.
pdftotext -layout "$T/demo/review.pdf" "$T/layout" 2>/dev/null
check "demo: a data table under every result's chart" test \
    "$(grep -cE '^ *System +Value +SE +N +Min +Max' "$T/layout")" -ge \
    "$(ls "$T"/demo/charts/*.svg | grep -vc overview)"
check_grep "demo: a data table row: value, SE and N as the source states them" \
    ' Solidigm P41 Plus 1TB +3356\.33 +43\.54 +9( |$)' "$T/layout"
check_grep "demo: a data table row with min and max" \
    '^ *Single +2291\.05 +10\.10 +3 +1995\.52 +2735\.91 ' "$T/layout"

# Seed 000's review alone: the title as metadata, at most 10 pages.
check_ok "publish the NVMe review as PDF" "$BR" publish --pdf -o "$T/nvme" "$D/nvme-review.txt"
pdfinfo "$T/nvme/review.pdf" >"$T/info"
check_grep "NVMe review: the review's title is the PDF's Title" \
    '^Title: +PCIe 5 NVMe Drive Comparison$' "$T/info"
check "NVMe review: at most 10 pages" test "$(sed -n 's/^Pages: *//p' "$T/info")" -le 10

# Two inputs: the comparison, as diff words it, after the title.
check_ok "publish two inputs as PDF" "$BR" publish --pdf -o "$T/two" \
    "$ROOT/fixtures/diff/btrfs-single.xml" "$ROOT/fixtures/diff/btrfs-raid1.xml"
pdftotext "$T/two/review.pdf" "$T/text" 2>/dev/null
check_grep "two inputs: the comparison" 'Comparison$' "$T/text"
check_grep "two inputs: the comparison's summary" '^Summary: 1 better, 2 worse' "$T/text"
check_grep "two inputs: a verdict per value" '^12.7% lower \(p \(Holm\)<0.001' "$T/text"
pdfinfo "$T/two/review.pdf" >"$T/info"
check_grep "two inputs: the Subject says so" '^Subject: .*the comparison of the two$' "$T/info"
outline "$T/two/review.pdf"
check_grep "two inputs: an outline entry for the comparison" '^Comparison$' "$T/outline"

# Two reviews combined: eleven systems a chart, each chart a little over
# half a page, so a chart and its data table take a page.
check_ok "publish two demo reviews combined as PDF" "$BR" publish --pdf \
    --combine "$D/nvme-review.txt,$D/btrfs-raid.txt" -o "$T/comb"
review_checks combined "$T/comb" 1 1
check_grep "combined: the section names its sources" \
    '^Combined from the sources:$' "$T/text.plain"
check "combined: both sources named, once (the section)" test \
    "$(grep -c '^https://openbenchmarking.org/result/2[0-9]*-PTS-[A-Z0-9]*&[a-z&]* (Phoronix' "$T/text.plain")" -eq 2
pdftohtml -xml -i -stdout "$T/comb/review.pdf" >"$T/xml" 2>/dev/null
check_grep "combined: a source's URL is a link" \
    '<a href="https://openbenchmarking.org/result/2108260-PTS-STORAGET40&amp;grs">' "$T/xml"

# One section with one system: an entry for it and its one chart.
check_ok "publish one dd run as PDF" "$BR" publish --pdf -o "$T/dd" \
    "$ROOT/fixtures/dd/busybox.txt"
review_checks dd "$T/dd" 1

# A merged set has no file: the PDF says what it is.
check_ok "merge two dd runs" "$BR" merge "$ROOT/fixtures/dd/gnu-small.txt" \
    "$ROOT/fixtures/dd/bsd-macos.txt"
mid=$(cut -f1 "$T/out")
check_ok "publish the merged set as PDF" "$BR" publish --pdf -o "$T/merged" "$mid"
review_checks merged "$T/merged" 1
check_grep "merged: named as a merge" '^Source: result sets merged by benchreport merge \(dd\)$' "$T/text.plain"

# Hostile strings reach the outline cleaned, the file stays valid.
check_ok "publish hostile strings as PDF" "$BR" publish --pdf -o "$T/evil" \
    "$ROOT/fixtures/hostile/evil-strings.xml"
check "hostile: PDF is valid" sh -c "pdfinfo '$T/evil/review.pdf' >/dev/null 2>&1"
outline "$T/evil/review.pdf"
check "hostile: outline has the section and its charts" \
    test "$(wc -l <"$T/outline")" -eq $(($(ls "$T/evil"/charts/*.svg | wc -l) + 1))
check "hostile: no control character in the outline" \
    sh -c '! LC_ALL=C grep -q "[[:cntrl:]]" "$1"' sh "$T/outline"

# A URL the PDF's syntax could be cut with is printed, never linked; a
# title that could is an outline entry as written.
sed 's#STORAGET40#STORAGET40)>>/S/JavaScript/JS(app.alert(1))\\#
    s#^Btrfs RAID Levels on Linux 5.14$#Btrfs) /JS (app.alert(2)) \\#' \
    "$D/btrfs-raid.txt" >"$T/evil-url.txt"
check_ok "publish a review with a hostile export URL" "$BR" publish --pdf \
    -o "$T/evilurl" "$T/evil-url.txt"
check "hostile URL: PDF is valid" sh -c "pdfinfo '$T/evilurl/review.pdf' >/dev/null 2>&1"
pdftohtml -xml -i -stdout "$T/evilurl/review.pdf" >"$T/xml" 2>/dev/null
check_grep "hostile URL: printed as text" 'STORAGET40\)&gt;&gt;/S/JavaScript' "$T/xml"
check_nogrep "hostile URL: not a link" '<a href' "$T/xml"
check_nogrep "hostile URL: no JavaScript action in the file" '/S */JavaScript' "$T/evilurl/review.pdf"
outline "$T/evilurl/review.pdf"
check_grep "hostile title: the outline entry as written" '^Btrfs\) /JS \(app.alert\(2\)\) \\$' "$T/outline"
check_nogrep "hostile title: no script in the file" '/JS *\(app' "$T/evilurl/review.pdf"

if [ -n "$SHARED" ] && [ -d "$SHARED/seeds" ]; then
	mkdir -p "$T/seedcopy"
	for f in "$SHARED"/seeds/*.txt; do
		ln -s "$f" "$T/seedcopy/$(basename "$f")"
	done
	check_ok "publish the seeds as PDF" "$BR" publish --pdf -o "$T/seeds" \
	    "$T"/seedcopy/*.txt
	review_checks seeds "$T/seeds" "$(ls "$SHARED"/seeds/*.txt | wc -l)"
	check_ok "publish seed 000 as PDF" "$BR" publish --pdf -o "$T/s0" "$SHARED"/seeds/000_*.txt
	pdfinfo "$T/s0/review.pdf" >"$T/info"
	check_grep "seed 000: the Title" '^Title: +Crucial T705 NVMe SSD Linux Benchmarks$' "$T/info"
	check "seed 000: at most 10 pages" test "$(sed -n 's/^Pages: *//p' "$T/info")" -le 10
	pdftotext "$T/s0/review.pdf" "$T/text" 2>/dev/null
	check_grep "seed 000: notes" '^All systems: Kernel Details$' "$T/text"
	check_grep "seed 000: overview table" 'Result overview$' "$T/text"
	check_grep "seed 000: wins" 'Wins and rank$' "$T/text"
	check_ok "publish seed 004 as PDF" "$BR" publish --pdf -o "$T/s4" "$SHARED"/seeds/004_*.txt
	pdftotext -layout "$T/s4/review.pdf" "$T/layout" 2>/dev/null
	check_grep "seed 004: the data tables keep the source's SE digits (0.002)" \
	    '^ *Single +0\.161 +0\.002 +3 ' "$T/layout"
	check "seeds: no path of the corpus in the text" sh -c \
	    '! grep -qF "$1" "$2"' sh "$SHARED" "$T/text.plain"
else
	skip "seeds as PDF" "no ../shared"
fi
done_testing
