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

# Multi-way comparison ("Group: Run"), rendered by PTS from one result file.
check_ok "a multi-way text export" "$BR" --db "$T/mw.db" import "$F/multi-way.txt"
check_grep "  4 systems, every value read" "4 systems	12 results" "$T/out"
check_ok "  export it as JSON" "$BR" --db "$T/mw.db" export -f json 1
check_grep "  systems named group: run" '"identifier": "AMD: Run 1"' "$T/out"
grep -o '"system": *"[^"]*"\|"value_text": *"[^"]*"\|"se": *[0-9.]*' "$T/out" >"$T/mw-text.values"
check_ok "  its HTML twin" "$BR" --db "$T/mw.db" import "$F/multi-way.html"
check_ok "  export it as JSON" "$BR" --db "$T/mw.db" export -f json 2
grep -o '"system": *"[^"]*"\|"value_text": *"[^"]*"\|"se": *[0-9.]*' "$T/out" >"$T/mw-html.values"
check "  the same systems, values and SEs in the same order" cmp -s "$T/mw-text.values" "$T/mw-html.values"
check "  twelve values" [ "$(grep -c value_text "$T/mw-html.values")" -eq 12 ]
check_ok "  --systems naming the same systems" "$BR" --db "$T/mw2.db" import --systems "Intel: Run 1;Intel: Run 2;AMD: Run 1;AMD: Run 2" "$F/multi-way.txt"
check_fail 2 "  --systems naming others: refused" "$BR" --db "$T/mw3.db" import --systems "Intel: Run 1;Intel: Run 2;AMD: Run 1;AMD: Run 3" "$F/multi-way.txt"
check_grep "  saying why" "multi-way.txt:7: multi-way comparison: the names given with --systems" "$T/err"
sed 's/^IntelAMD/intelamd/; s/IntelAMD Run/intelamd Run/g; s/IntelAMDOpen/intelamdOpen/' "$F/multi-way.txt" >"$T/mw-groups.txt"
check_fail 2 "  groups with no word join between them: refused" "$BR" --db "$T/mw4.db" import "$T/mw-groups.txt"
check_grep "  pointing to --systems" "multi-way comparison: its groups cannot be told apart; name the systems with --systems" "$T/err"
sed 's/Average LatencyRun 1Run 2/Average LatencyRun 1Run 3/' "$F/multi-way.txt" >"$T/mw-runs.txt"
check_fail 2 "  a chart naming other runs: refused" "$BR" --db "$T/mw5.db" import "$T/mw-runs.txt"
check_grep "  at that chart" "mw-runs.txt:[0-9]*: multi-way chart \"PostgreSQL\" does not name the runs" "$T/err"

check_ok "names only the Disk cells tell apart" "$BR" -v import "$F/drive-cells.txt"
check_grep "  4 systems" "4 systems	12 results" "$T/out"
check_nogrep "  every field of its systems table is pinned" "systems table: .* not pinned" "$T/err"
check_ok "  its systems" "$BR" systems "$(cut -f1 "$T/out")"
check_grep "  NovaCore HX 1TB is one system" "^2: NovaCore HX 1TB$" "$T/out"
check_grep "  with its own Disk cell" "Disk: *1024GB NOVACORE NC1HX024$" "$T/out"
check_grep "  and the Processor cell all four share" "Processor: *Example CPU 8-Core @ 4.00GHz \(8 Cores / 16 Threads\)$" "$T/out"
check_ok "  --strict accepts it: the cells pin the names" "$BR" --db "$T/d.db" import --strict "$F/drive-cells.txt"
check_ok "a table whose cells read two ways" "$BR" -v import "$F/compilers.txt"
check_grep "  says which fields it leaves empty" "compilers.txt:7: systems table: 2 of 6 fields are not pinned" "$T/err"
sed 's/2000GB LUMEN Q7 PRO/2000GB Example Drive/' "$F/drive-cells.txt" >"$T/nocells.txt"
check_fail 2 "the same names with an unrelated first Disk cell: refused" "$BR" import "$T/nocells.txt"
check_grep "  naming the blocks it could not cut" 'nocells.txt:7: system names are ambiguous: .*none of them agrees with the systems table.s Disk or Processor cells.*pinned blocks: \[Lumen Q7 Pro 2TBNovaCore HX 1TBLumen Q7 2TBTern T900 4TB\]' "$T/err"
check_ok "  and imports with --systems" "$BR" import --systems "Tern T900 4TB;Lumen Q7 2TB;NovaCore HX 1TB;Lumen Q7 Pro 2TB" "$T/nocells.txt"
check_grep "  4 systems" "4 systems	12 results" "$T/out"
check_fail 2 "--strict refuses a value run with two readings" "$BR" import --strict "$F/fio-pair-unrelated.txt"
check_grep "  naming the chart" "fio-pair-unrelated.txt:[0-9]*: chart .* is ambiguous" "$T/err"
check_ok "the same file imported without --strict" "$BR" --db "$T/strict.db" import "$F/fio-pair-unrelated.txt"
check_fail 2 "  then --strict on the stored bytes still checks" "$BR" --db "$T/strict.db" import --strict "$F/fio-pair-unrelated.txt"
check_grep "  and names the chart" "fio-pair-unrelated.txt:[0-9]*: chart .* is ambiguous" "$T/err"

# A document past its steps is refused (status 2) at the line the pattern
# names, saying so, and nothing of it is stored.
spent() {	# test name, file, where, the message before its reason
	db=$T/spent-$(basename "$2").db
	check_fail 2 "$1: refused" "$BR" -v --db "$db" import "$2"
	check_grep "  at $3, saying the steps are spent" "$4: reading the document would take more than the 20000000 steps one document may take; refused rather than read in part" "$T/err"
	check_fail 2 "  and nothing is stored" "$BR" --db "$db" show 1
}
# Nine charts of glued integers (one run each, so no SE line parts the
# values; eight systems, values of one to six digits, written here): the
# overview reads millions of ways, more than one document's steps allow,
# so the document is refused at the overview line, with the reason,
# rather than imported with the charts it could not settle left out.
spent "glued integers" "$F/glued-integers.txt" "the overview line" \
    "glued-integers.txt:9: the overview line"
# Two fio runs whose MB/s and IOPS charts read 3,535 ways each, with no
# overview values: weighing every pair of readings of the first run takes
# 12.5 million steps, the second run's would pass the document's budget.
spent "fio pairs past the steps" "$F/fio-pairs-spent.txt" \
    "the second run's MB/s chart" \
    "fio-pairs-spent.txt:27: chart \"Flexible IO Tester\""
# A pair is weighed again only when one of its charts has narrowed: the
# second run's pair settles after the first run's costly, unchanged one.
check_ok "fio pairs weighed once each: imported" "$BR" -v --db "$T/once.db" import "$F/fio-pairs-once.txt"
check_grep "  the second run's pair settled" "MB/s = IOPS x 2 MB within 10% for every system \\(1 and 1 remain\\)" "$T/err"
# Each pair of charts keeps its record: a MB/s chart with two IOPS charts
# of the same run weighs each pair once, not again whenever the other was
# weighed last.
check_ok "a MB/s chart with two IOPS charts: imported" "$BR" -v --db "$T/twice.db" import "$F/fio-pairs-twice.txt"
check_grep "  the second run's pair settled" "fio-pairs-twice.txt:33: charts .* \\(1 and 1 remain\\)" "$T/err"
# Forty names glued in a run no chart gives a count for: its cuts at word
# joins alone are more than the document's steps.
spent "names past the steps" "$F/names-spent.txt" "the systems table's line" \
    "names-spent.txt:7: the system names \"RedGreen.*"
# A multi-way table of forty runs " a" whose chart names forty-one: every
# way of naming the runs from the chart's is tried, none reads, and they
# are more than the steps allow (thirteen runs alone have Bell(13), 27.6
# million, ways to be named).
spent "multi-way runs past the steps" "$F/multi-way-spent.txt" \
    "the chart's line" "multi-way-spent.txt:15: multi-way comparison"
# 200,000 digits where a chart's names run stands: the axis ticks are
# tried at every one of them until the steps are spent, and the document
# is refused at that chart's line.
awk 'NR == 15 { for (d = "1"; length(d) < 200000;) d = d d
    sub(/Per PixelGCC/, "Per Pixel" substr(d, 1, 200000) "GCC") } { print }' \
    "$F/compilers.txt" >"$T/digits.txt"
spent "digits in a names run" "$T/digits.txt" "the chart's line" \
    'digits.txt:15: chart "C-Ray"'
# A systems table of 3,000,000 bytes for two systems of three fields has
# more states than the steps allow: refused at the table's line.
awk 'NR == 7 { for (d = "x"; length(d) < 3000000;) d = d d
    sub(/Debian 12GCC/, "Debian 12" substr(d, 1, 3000000) "GCC") } { print }' \
    "$F/compilers.txt" >"$T/table.txt"
spent "a systems table too long to read" "$T/table.txt" "the table's line" \
    'table.txt:7: the systems table'
# fio-pair.txt's two charts printed 4,600 times each: 21 million pairs of
# one title and arguments, counted before any is listed, pass the steps.
awk 'BEGIN { RS = ""; ORS = "\n\n" } /^Flexible IO Tester$/ && !c++ { s = NR }
    { p[NR] = $0 } END { for (i = 1; i < s; i++) print p[i]
    for (k = 0; k < 4600; k++) for (i = s; i < s + 6; i++) print p[i]
    for (i = s + 6; i <= NR; i++) print p[i] }' "$F/fio-pair.txt" >"$T/pairs.txt"
spent "a MB/s and an IOPS chart 4,600 times each" "$T/pairs.txt" \
    "a MB/s chart" 'pairs.txt:[0-9]+: chart "Flexible IO Tester"'

# Names that end in a dotted version and start with capitals, glued:
# "GCC 12.2GCC 13.1" is GCC 12.2 + GCC 13.1, as the HTML twin says.
check_ok "compilers: the text export imports" "$BR" --db "$T/cc.db" import "$F/compilers.txt"
check_ok "  export it as JSON" "$BR" --db "$T/cc.db" export -f json 1
grep -o '"identifier": "GCC[^"]*"\|"value_text": *"[^"]*"' "$T/out" >"$T/cc-text"
check_grep "  GCC 12.2 is a system" '"identifier": "GCC 12.2"' "$T/cc-text"
check_ok "compilers: the HTML twin imports" "$BR" --db "$T/cc.db" import "$F/compilers.html"
check_ok "  export it as JSON" "$BR" --db "$T/cc.db" export -f json 2
grep -o '"identifier": "GCC[^"]*"\|"value_text": *"[^"]*"' "$T/out" >"$T/cc-html"
check "  the same systems and values as the text" cmp -s "$T/cc-text" "$T/cc-html"

# The seeds' figures under new headings: both import with no options.
check_ok "eight drives (seed figures, own heading) import with no options" \
    "$BR" --db "$T/e.db" import "$F/drives-eight.txt"
check_grep "  8 systems, 110 results" "8 systems	110 results" "$T/out"
check_ok "  export as JSON" "$BR" --db "$T/e.db" export -f json 1
check_grep "  Crucial T705 2TB is a system" '"Crucial T705 2TB"' "$T/out"
check_grep "  Corsair MP700 2TB seq write settled by the overview: 869" '"869"' "$T/out"
check "  no value left ambiguous" sh -c "! grep -q 'ambiguous in the source' '$T/out'"
check_ok "Btrfs levels (seed figures, own heading) import with no options" \
    "$BR" --db "$T/e.db" import "$F/btrfs-levels.txt"
check_grep "  3 systems, 57 results" "3 systems	57 results" "$T/out"
for demo in nvme-review btrfs-raid; do
	if [ -f "$ROOT/fixtures/demo/$demo.txt" ]; then
		check_ok "demo $demo imports with no options" "$BR" --db "$T/demo.db" \
		    import "$ROOT/fixtures/demo/$demo.txt"
		check "  with no value left ambiguous" sh -c "! grep -q 'is ambiguous' '$T/err'"
	else
		skip "demo $demo" "fixtures/demo/$demo.txt not here yet"
	fi
done

check_fail 2 "truncated text export refused" "$BR" import "$F/truncated.txt"
check_grep "  with file:line" "truncated.txt:27: .*truncated" "$T/err"
check_fail 2 "names no evidence pins: refused" "$BR" import "$F/unnamed.txt"
check_grep "  naming the way out" "unnamed.txt:7: .*--systems" "$T/err"

if [ -n "$SHARED" ]; then
	check_ok "seed 004 imports" "$BR" -v import "$SHARED/seeds/004_4dc820b1900c28e3.txt"
	check_grep "  3 systems" "3 systems" "$T/out"
	check_grep "  warns about the chart with 2 SE strings for 3 systems" \
	    "004_4dc820b1900c28e3.txt:75: .*2 SE strings for 3 systems" "$T/err"
	S0="$SHARED/seeds/000_d75a954a9db40170.txt"
	check_ok "seed 000 imports with no options (names from the Disk cells)" "$BR" import "$S0"
	check_grep "  8 systems, 110 results" "8 systems	110 results" "$T/out"
	id0=$(cut -f1 "$T/out")
	check_ok "  its systems" "$BR" systems "$id0"
	check_grep "  Inland PCIe 5.0 2TB is one system" "^2: Inland PCIe 5.0 2TB$" "$T/out"
	check_ok "seed 000 with --systems" "$BR" --db "$T/s.db" import --systems \
	    "Samsung 980 PRO 2TB;Inland PCIe 5.0 2TB;Corsair MP700 PRO 2TB;Corsair MP700 2TB;Samsung 990 PRO 1TB;Solidigm P41 Plus 1TB;Samsung 970 EVO Plus 2TB;Crucial T705 2TB" "$S0"
	check_grep "  8 systems" "8 systems	110 results" "$T/out"
	check_fail 2 "seed 000 with --systems that do not make up the names: refused" \
	    "$BR" --db "$T/wrong-names.db" import --systems "Samsung 980 PRO 2TB;Inland PCIe" "$S0"
	check_grep "  saying so" "000_d75a954a9db40170.txt:7: the names given with --systems" "$T/err"
	check_ok "seed 000 with --strict: the names are pinned, nothing ambiguous" \
	    "$BR" --db "$T/s2.db" import --strict "$S0"
	check_ok "  export as JSON" "$BR" --db "$T/s2.db" export -f json 1
	grep -o '"value_text": *"[^"]*"' "$T/out" >"$T/seed.values"
	check_ok "  and the eight-drive fixture" "$BR" --db "$T/e.db" export -f json 1
	grep -o '"value_text": *"[^"]*"' "$T/out" >"$T/fix.values"
	check "  the fixture reads to the seed's values" cmp -s "$T/seed.values" "$T/fix.values"
	C07="$SHARED/corpus/ob-text/synth-07-cpus.txt"
	if [ -f "$C07" ]; then
		check_ok "synth-07-cpus: names pinned by the Processor cells, even --strict" \
		    "$BR" --db "$T/s.db" import --strict "$C07"
		check_nogrep "  no word-boundary guess" "system names taken from word boundaries" "$T/err"
		check_ok "  its systems" "$BR" --db "$T/s.db" systems "$(cut -f1 "$T/out")"
		check_grep "  Ryzen 9 7950X3D is one system" "^3: Ryzen 9 7950X3D$" "$T/out"
		sed 's/Intel Core i9-13900K @/Example Chip 24-Core @/' "$C07" >"$T/c07.txt"
		check_ok "  without the Processor evidence: names at word boundaries, a warning" \
		    "$BR" -v --db "$T/s.db" import "$T/c07.txt"
		check_grep "  the warning" "c07.txt:7: system names taken from word boundaries" "$T/err"
		# A fresh store: the same bytes already stored would be a no-op.
		check_fail 2 "  and --strict refuses that choice" "$BR" --db "$T/strict07.db" import --strict "$T/c07.txt"
		check_grep "  saying so" "c07.txt:7: system names not pinned \(strict\)" "$T/err"
	else
		skip "synth-07-cpus" "not in the corpus"
	fi
	C10="$SHARED/corpus/ob-text/synth-10-single.txt"
	if [ -f "$C10" ]; then
		check_ok "synth-10-single imports with its ambiguous charts left out" "$BR" -v --db "$T/s.db" import "$C10"
		check_grep "  warning naming the chart" "synth-10-single.txt:39: chart \"IOR .*ambiguous" "$T/err"
		check_fail 2 "  --strict refuses it" "$BR" --db "$T/strict10.db" import --strict "$C10"
		check_grep "  naming the chart and its readings" "synth-10-single.txt:39: chart \"IOR .* is ambiguous: 2 readings .*2909.15 or 909.15" "$T/err"
	else
		skip "synth-10-single" "not in the corpus"
	fi
else
	skip "seeds" "../shared is absent"
fi
done_testing
