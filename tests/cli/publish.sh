#!/bin/sh
# SPDX-License-Identifier: ISC
# publish: the page parses, holds every result and value, chart files and
# the PDF are written, nothing half-written is left behind, hostile strings
# stay text, a user's style sheet is added, and errors exit 2. Inputs stay
# sections of their own (no chart mixes two reviews) unless --combine asks,
# a cell the source does not state is no difference, and one system has no
# best value. Expected chart labels: publish.demo-charts.txt and (with
# ../shared) publish.seeds-charts.txt; REGEN=1 rewrites them.
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
nsections() {	# page -> the number of its sections
	grep -o '<section id="s[0-9]*"' "$1" | wc -l
}
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
# The page's charts are bare: the article states title, arguments and
# provenance as text; the chart files keep them, and every chart its unit.
check_nogrep "page charts: no title inside the SVG" '<text[^>]*font-size="17"' "$T/p1/index.html"
check_nogrep "page charts: no provenance line inside the SVG" '<text[^>]*>Source: ' "$T/p1/index.html"
check_grep "page charts: the unit line" '<p class="bu">MB/s, More Is Better</p>' "$T/p1/index.html"
# Dark mode: the charts' colours from the palette's pairs, not a filter.
check_grep "dark page: chart background from the palette pairs" '\.chart \[fill="#ffffff"\] { fill:#1b2027; }' "$T/p1/index.html"
check_grep "dark page: Okabe-Ito blue lightened" '\.chart \[fill="#0072b2"\] { fill:#2f8fd8; }' "$T/p1/index.html"
check_grep "dark page: HTML bars and colour squares lightened too" \
    '\[style\^="background:#0072b2"\] { background:#2f8fd8 !important; }' "$T/p1/index.html"
check_nogrep "dark page: charts not inverted by a filter" '\.chart svg[^{]*{[^}]*filter' "$T/p1/index.html"
check "chart files keep their title and provenance" sh -c 'f=$(ls "$1"/charts/*.svg | head -1) &&
    grep -q "font-size=\"17\"" "$f" && grep -q ">Source: " "$f"' sh "$T/p1"
check_grep "content security policy" "Content-Security-Policy" "$T/p1/index.html"
check_nogrep "no external stylesheet or image" '<link |<img |src="http' "$T/p1/index.html"

# Publishing again replaces files in place (no stale temporaries).
check_ok "publish again into the same directory" "$BR" publish -o "$T/p1" "$id"

# FILE arguments are imported on the fly; several sets become sections.
check_ok "publish two files" "$BR" publish -o "$T/p2" "$F/pts/storage-2sys.xml" "$F/hostile/evil-strings.xml"
check "two sections" test "$(nsections "$T/p2/index.html")" -eq 2
check_nogrep "hostile: no script element" '<script' "$T/p2/index.html"
html_check "$T/p2/index.html"
check_grep "hostile: parses, no script, handler or load" "^errors=0 .* scripts=0 handlers=0 loads=0$" "$T/hc"
check_grep "hostile: title kept as text" '&lt;script&gt;alert\(' "$T/p2/index.html"
check_nogrep "hostile: no raw style breakout" '</style><(script|img|svg)' "$T/p2/index.html"
for svg in "$T"/p2/charts/*.svg; do
	check "chart $(basename "$svg") is well-formed XML" xmllint --noout "$svg"
done

# A fresh run of the same tests (another version, other systems) stays a
# section of its own unless asked; with --combine it lands on the same
# charts as the published figures, with a footnote saying so.
sed -e 's/<AppVersion>3.36</<AppVersion>3.33</' -e 's/Samsung 980 PRO 2TB/my drive A/g' \
    -e 's/Crucial T705 2TB/my drive B/g' -e 's/<Title>Two NVMe/<Title>Rerun of two NVMe/' \
    "$F/pts/storage-2sys.xml" >"$T/rerun.xml"
check_ok "publish a review and a rerun" "$BR" publish -o "$T/p7" "$F/pts/storage-2sys.xml" "$T/rerun.xml"
check "not combined unless asked: two sections" test "$(nsections "$T/p7/index.html")" -eq 2
check_nogrep "no combined section" 'This section combines' "$T/p7/index.html"
check_grep "two inputs: the comparison section stays" '<h2>Comparison</h2>' "$T/p7/index.html"
check_ok "publish --combine a review and a rerun" "$BR" publish -o "$T/p7c" \
    --combine "$F/pts/storage-2sys.xml,$T/rerun.xml"
check "combined: one section" test "$(nsections "$T/p7c/index.html")" -eq 1
check_grep "combined: the rerun's systems are in it" "my drive A" "$T/p7c/index.html"
check_grep "combined: footnote names the rerun's version" 'Values from .*Rerun of two NVMe.*3\.33' "$T/p7c/index.html"
check_grep "combined: the section says what it combines" 'This section combines 2 result sets' "$T/p7c/index.html"
check_grep "combined: it names the rerun" '<li>Rerun of two NVMe[^<]* — rerun\.xml' "$T/p7c/index.html"
check "combined: charts hold the systems of both" sh -c 'grep -l "my drive A" "$1"/charts/*.svg | xargs grep -l "Samsung 980 PRO 2TB" | grep -q .' sh "$T/p7c"
check_fail 2 "--combine with one input" "$BR" publish -o "$T/p6" --combine "$F/pts/storage-2sys.xml"
check_grep "--combine with one input: says why" 'two or more inputs' "$T/err"
check_fail 2 "--combine with an empty name" "$BR" publish -o "$T/p6" --combine "$F/pts/storage-2sys.xml,,$T/rerun.xml"
check_fail 2 "an input in two --combine lists" "$BR" publish -o "$T/p6" \
    --combine "$F/pts/storage-2sys.xml,$T/rerun.xml" --combine "$T/rerun.xml,$F/pts/sparse.xml"
check_grep "an input in two --combine lists: named" 'rerun\.xml is named twice' "$T/err"

# Unrelated reviews stay apart: the three demo documents (an NVMe review,
# a Btrfs RAID review, a dd page) give three sections, no chart holds
# systems of two of them (the labels of each section's charts are in
# publish.demo-charts.txt), and each overview is over its own tests.
chart_labels() {	# page directory -> per section, the labels of its charts
	for s in $(ls "$1/charts" | sed -n 's/^\(s[0-9]*\)-.*\.svg$/\1/p' | LC_ALL=C sort -u); do
		printf '%s:' "$s"
		cat "$1/charts/$s"-*.svg | grep -o '<text class="label"[^>]*>[^<]*<' |
		    sed 's/.*>\(.*\)<$/\1/' | LC_ALL=C sort -u |
		    while IFS= read -r l; do printf ' [%s]' "$l"; done
		echo
	done
}
overviews_own() {	# page directory, what: each overview is over its section's tests
	for ov in "$1"/charts/s*-overview.svg; do
		s=$(basename "$ov" -overview.svg)
		m=$(sed -n 's/.*over [0-9]* of the \([0-9]*\) tests.*/\1/p' "$ov" | head -1)
		k=$(xmllint --html --xpath "count(//section[@id='$s']//article)" "$1/index.html" 2>/dev/null)
		check "$2: $s's overview is over its own $k tests (says $m)" test "$m" = "$k"
	done
}
differs() {	# page, section id -> the names of its rows marked as differing
	xmllint --html --xpath "//section[@id='$2']//tr[@class='differs']/th" "$1" 2>/dev/null |
	    sed 's/<[^>]*>//g'
}
three_reviews() {	# what, page dir, expected labels (name), NVME BTRFS DD inputs
	what=$1; dir=$2; want=$3; shift 3
	check_ok "$what: publish the three documents" "$BR" publish -o "$dir" "$@"
	check "$what: three sections" test "$(nsections "$dir/index.html")" -eq 3
	chart_labels "$dir" >"$T/labels"
	[ -z "$REGEN" ] || cp "$T/labels" "$ROOT/tests/cli/$want"
	check "$what: each section's charts hold only its own systems ($want)" \
	    diff -u "$ROOT/tests/cli/$want" "$T/labels"
	overviews_own "$dir" "$what"
	differs "$dir/index.html" s1 >"$T/differs"; differs "$dir/index.html" s2 >>"$T/differs"
	check_nogrep "$what: no systems row of the reviews differs for want of a stated cell" \
	    '^(Motherboard|Chipset|Desktop|Display Server|Display Driver|Compiler|compiler|compiler_version)$' "$T/differs"
}
D="$F/demo"
three_reviews "demo" "$T/p8" publish.demo-charts.txt "$D/nvme-review.txt" \
    "$D/btrfs-raid.txt" "$D/freebsd-dd.txt"
check_grep "reviews: the drives still differ in Disk" '^Disk$' "$T/differs"
# What the import could not attribute is said beside the result it concerns.
check_grep "notes not attributed: said beside their chart, with the notes" \
    '<p>Not read from the source \(line [0-9]+\): 6 row notes for 8 systems cannot be attributed to systems from the text: -lnuma;' "$T/p8/index.html"
check_grep "SEs not attributed: said beside their chart" \
    '<p>Not read from the source \(line [0-9]+\): 2 SE strings for 3 systems; the text does not say which system lacks one, so SE and N are left out</p>' "$T/p8/index.html"
check "... inside that result's article" sh -c 'awk "/<article/ { a = \$0 } /2 SE strings for 3 systems/ { print a }" "$1" | grep -q "id=\"r2-"' sh "$T/p8/index.html"
check_nogrep "the import's notes name no path of this machine" "$T" "$T/p8/index.html"
# Every SE in the data tables with the digits its source states (0.018, not
# 0.02), but for the charts whose SEs the import says it could not attribute.
run "$BR" -v --db "$T/se.db" import "$D/btrfs-raid.txt"
grep -o 'btrfs-raid.txt:[0-9]*: chart .*SE strings for' "$T/err" | cut -d: -f2 >"$T/unread"
check "the btrfs review has a chart of SEs not attributed" test -s "$T/unread"
awk 'NR == FNR { skip[$1] = 1; next } !(FNR in skip)' "$T/unread" "$D/btrfs-raid.txt" >"$T/btrfs.txt"
: >"$T/se-digits"
for se in $(grep -o 'SE +/- [0-9.]*' "$T/btrfs.txt" | cut -d' ' -f3 | LC_ALL=C sort -u); do
	want=$(grep -oF "SE +/- $se," "$T/btrfs.txt" | wc -l)
	got=$(sed -n '/<section id="s2"/,/<section id="s3"/p' "$T/p8/index.html" |
	    grep -oF "<td>$se</td>" | wc -l)
	[ "$got" -eq "$want" ] || echo "SE $se: $got of $want" >>"$T/se-digits"
done
check "data tables: the btrfs review's SEs as the source states them" test ! -s "$T/se-digits"
check_grep "overview: the source's own short names" \
    '>fio: Rand Read - IO_uring - Yes - 4KB - 32 - Default Test Directory</a>' "$T/p8/index.html"
check_ok "publish --combine the NVMe review and a run" "$BR" publish -o "$T/p8c" \
    --combine "$D/nvme-review.txt,$F/run/seed-vm.xml"
check_nogrep "combined: the review's own short names stay (fio, not its title)" \
    '>flexible io tester: ' "$T/p8c/index.html"
check_ok "publish two fio runs" "$BR" publish -o "$T/p8f" "$F/fio/logs.json" "$F/fio/json-randread-4k.json"
check_grep "fio: the short name is its PTS profile's" '>fio: [^<]*</a>' "$T/p8f/index.html"
check_nogrep "fio: not the title in lower case" '>flexible io tester: ' "$T/p8f/index.html"
check_grep "overview: short names derived for dd as PTS does" '>dd: 10M - 1000 - /dev/zero - File</a>' "$T/p8/index.html"
check_grep "wins and rank per section" '<h3 id="s1-standing">Wins and rank</h3>' "$T/p8/index.html"
check_grep "dd's raw line folded away" '<details class="raw"><summary>source text</summary>' "$T/p8/index.html"
check_grep "a cell the source does not state reads \"not stated\"" '>not stated</td>' "$T/p8/index.html"
check_grep "the legend explains it" 'Not stated” marks a field' "$T/p8/index.html"
check_ok "two unrelated reviews" "$BR" publish -o "$T/p9" "$D/nvme-review.txt" "$D/btrfs-raid.txt"
check_grep "two unrelated reviews: the comparison says nothing is compared" \
    'Not compared: A and B have no system in common' "$T/p9/index.html"

# --combine in the demo's terms: stored IDs, a single-system fio run joined
# to the NVMe review, the other inputs still sections of their own.
BENCHREPORT_DB="$T/demo.db"
for f in "$D/nvme-review.txt" "$D/btrfs-raid.txt" "$D/freebsd-dd.txt"; do
	"$BR" -q import "$f" >>"$T/ids" 2>/dev/null
done
"$BR" -q import --system "Debian VM, fio 3.33" "$ROOT/fixtures/fio/run1-randread.json" \
    "$ROOT/fixtures/fio/run2-randread.json" >>"$T/ids" 2>/dev/null
nvme=$(sed -n 1p "$T/ids" | cut -f1); btrfs=$(sed -n 2p "$T/ids" | cut -f1)
dd=$(sed -n 3p "$T/ids" | cut -f1); fio=$(sed -n 4p "$T/ids" | cut -f1)
check_ok "publish --combine NVME,FIO BTRFS DD" "$BR" publish -o "$T/p10" --combine "$nvme,$fio" "$btrfs" "$dd"
check "--combine: three sections" test "$(nsections "$T/p10/index.html")" -eq 3
check_grep "--combine: the first section names both inputs" \
    'This section combines 2 result sets' "$T/p10/index.html"
xmllint --html --xpath "//section[@id='s1']//table[1]/thead//th" "$T/p10/index.html" 2>/dev/null |
    sed 's/<[^>]*>//g' >"$T/systems"
check_grep "--combine: the fio run in the first section" '^Debian VM, fio 3\.33$' "$T/systems"
check_grep "--combine: beside the drives" '^Samsung 980 PRO 2TB$' "$T/systems"
check "--combine: the Btrfs section's charts hold only its systems" sh -c \
    '! grep -l "Debian VM\|Samsung 980" "$1"/charts/s2-*.svg | grep -q .' sh "$T/p10"
check_ok "an input both combined and named alone is one input" "$BR" publish -o "$T/p11" \
    --combine "$nvme,$fio" "$nvme" "$dd"
check "... two sections" test "$(nsections "$T/p11/index.html")" -eq 2

# The seeds (when ../shared is there): the same promises on the real pages.
if [ -n "$SHARED" ] && [ -d "$SHARED/seeds" ]; then
	three_reviews "seeds" "$T/p12" publish.seeds-charts.txt "$SHARED"/seeds/000_*.txt \
	    "$SHARED"/seeds/004_*.txt "$SHARED"/seeds/001_*.txt
	check_nogrep "seeds: no overview over a fraction of another review's tests" \
	    'over 1 of the 32 tests' "$T/p12/index.html"
else
	skip "publish the three seeds" "no ../shared"
fi

# One system is the best of nothing: neither the page nor show marks one.
check_ok "publish a single-system set" "$BR" publish -o "$T/p13" "$fio"
check_nogrep "single system: no best cell" 'class="best' "$T/p13/index.html"
check_grep "single system: the legend says why" 'One system: no value is marked best' "$T/p13/index.html"
check_ok "show a single-system set" "$BR" show "$fio"
check_nogrep "show: no \"*\" with one system" '\*' "$T/out"
check_ok "show a two-system set" "$BR" show "$dd"
check_nogrep "show: no \"*\" for a lead one run a side cannot test (dd, N = 1)" '[0-9]\*( |$)' "$T/out"
check_grep "show: the legend says what \"*\" means" '\* significant lead\.' "$T/out"
BENCHREPORT_DB="$T/results.db"

# --baseline and --title.
check_ok "baseline and title" "$BR" publish -o "$T/p3" --title "Scheduler <test>" \
    --baseline "$(sed -n 's/.*"identifier": "\([^"]*\)", *$/\1/p' "$T/set.json" | head -1)" "$id"
check_grep "title escaped" "<title>Scheduler &lt;test&gt;</title>" "$T/p3/index.html"
check_grep "baseline named" "baseline" "$T/p3/index.html"

# A style sheet of one's own, after the built-in one; one that would end
# the <style> element is refused.
printf 'h1 { color: teal; }\n' >"$T/mine.css"
check_ok "--css" "$BR" publish -o "$T/p4" --css "$T/mine.css" "$id"
check_grep "--css: the user's rules are on the page" 'h1 \{ color: teal; \}' "$T/p4/index.html"
check "--css: after the built-in style sheet" sh -c \
    '[ $(grep -n "color: teal" "$1" | cut -d: -f1) -gt $(grep -n -- "--accent:" "$1" | head -1 | cut -d: -f1) ]' sh "$T/p4/index.html"
printf 'p {} </style><script>alert(1)</script>\n' >"$T/evil.css"
check_fail 2 "--css that would end the style element" "$BR" publish -o "$T/p5" --css "$T/evil.css" "$id"
check_grep "--css: says why" '</style' "$T/err"

# Errors.
check_fail 2 "no -o" "$BR" publish "$id"
check_fail 2 "no input" "$BR" publish -o "$T/p6"
check_fail 2 "unknown baseline" "$BR" publish -o "$T/p6" --baseline "no such system" "$id"
check_fail 2 "missing style sheet" "$BR" publish -o "$T/p6" --css "$T/none.css" "$id"
check_fail 2 "bad width" "$BR" publish -o "$T/p6" --width 5 "$id"
touch "$T/afile"
check_fail 2 "output is a file" "$BR" publish -o "$T/afile" "$id"

# Publishing again replaces the review whole, never mixes two: the charts
# of the three demo reviews are gone after publishing one set there, and
# so is a review.pdf not asked for again.
check_ok "publish one set where three were" "$BR" publish -o "$T/p8" "$id"
check "replaced: only the new review's charts" test "$(ls "$T/p8/charts" | wc -l)" -eq \
    "$(ls "$T/p1/charts" | wc -l)"
check "replaced: no old PDF" test ! -e "$T/p8/review.pdf"
check "replaced: nothing left beside it" sh -c '[ -z "$(ls -A "$1" | grep "^\.p8\.")" ]' sh "$T"
# A directory holding files benchreport did not write is refused, untouched.
mkdir -p "$T/mine"; echo "my notes" >"$T/mine/notes.txt"
check_fail 2 "a directory with other files is refused" "$BR" publish -o "$T/mine" "$id"
check_grep "... and says which file and how to force it" 'notes\.txt.*--force' "$T/err"
check "... and is left as it was" test "$(ls -A "$T/mine")" = "notes.txt"
# A review from before directories had manifests is recognised as ours.
mkdir -p "$T/old/charts"; printf '<!DOCTYPE html>\n<meta name="generator" content="benchreport 0.0.9">\n' >"$T/old/index.html"
: >"$T/old/charts/t1.svg"; : >"$T/old/charts/t1.png"; : >"$T/old/review.pdf"
check_ok "an older review without a manifest is replaced" "$BR" publish -o "$T/old" "$id"
check "... its files gone" test ! -e "$T/old/charts/t1.svg" -a ! -e "$T/old/review.pdf"
check_ok "--force replaces it" "$BR" publish --force -o "$T/mine" "$id"
check "--force: the review in place of the other files" sh -c 'test -s "$1/index.html" && test ! -e "$1/notes.txt"' sh "$T/mine"
# A failed publish leaves the old review as it was: the new one cannot be
# written when its files may not grow past a few kilobytes.
cp "$T/p8/index.html" "$T/p8.before"
run sh -c 'trap "" XFSZ; ulimit -f 64; exec "$@"' sh "$BR" publish --db "$T/demo.db" --pdf -o "$T/p8" "$nvme"
check "a failed publish fails" test "$st" -ne 0
check "a failed publish leaves the old review" cmp -s "$T/p8.before" "$T/p8/index.html"
check "a failed publish leaves nothing beside it" sh -c '[ -z "$(ls -A "$1" | grep "^\.p8\.")" ]' sh "$T"
check_ok "publish -v counts every file" "$BR" -v publish --pdf -o "$T/side3" "$id"
nfiles=$(($(ls "$T/side3/charts" | wc -l) + 2))
check_grep "all $nfiles files counted" "wrote $nfiles files" "$T/err"
check "no temporary files left after a split publish" sh -c "[ -z \"\$(find '$T/side3' -name '*.tmp*')\" ]"
check_ok "help" "$BR" publish --help

# The stated figure, as the source printed it: 42.0 and 94 (runs 42:42:42.1
# and 93:94:94), never the runs' mean or a re-rounded 42.00.
check_ok "stated values published" "$BR" publish -o "$T/stated" "$ROOT/fixtures/pts/stated-rounding.xml"
check_grep "the page shows 42.0" '>42\.0<' "$T/stated/index.html"
check_grep "the page shows 94" '>94<' "$T/stated/index.html"
check_nogrep "no 42.03 or 42.00" '>42\.0[0-9]<' "$T/stated/index.html"
check_nogrep "no 93.67 or 94.00" '>93\.67<|>94\.00<' "$T/stated/index.html"
done_testing
