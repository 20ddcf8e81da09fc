#!/bin/sh
# SPDX-License-Identifier: ISC
# track: option errors; an empty store; the generated nightly series of
# tests/track-gen.py (fixed seeds, written at test time): the -8 % step at
# file 31 where the kernel changes and the +5 % step at file 46 where no
# stated fact changes, in every format, byte for byte the same twice;
# the CI gate (--fail-on, --last, --ack) and its exit statuses; ordering
# by a fact and by a label; the filters; --match joining two identifiers;
# 200 series with one step of 5-20 % each (every step at its exact place)
# and 200 noise-only series (at most 1 % with a change point); charts.
. "$(dirname "$0")/lib.sh"

GEN="python3 ${ROOT:-.}/tests/track-gen.py"

check_fail 2 "--window 1 is refused" "$BR" track --window 1
check_fail 2 "--last without --fail-on" "$BR" track --last 3
check_fail 2 "--fail-on of no kind" "$BR" track --fail-on sometimes
check_fail 2 "a set ID that is not one" "$BR" track 1x
check_fail 2 "--max-p 0" "$BR" track --max-p 0
check_fail 2 "--by label: without a key" "$BR" track --by label:
check_ok "an empty store" "$BR" track
check_grep "says there is no series" '^no series' "$T/out"
check_fail 2 "a missing --ack file" "$BR" track --ack "$T/none.txt"
check_grep "names the file" 'none.txt' "$T/err"
printf '# known\n12 | nvme0 | *\n' >"$T/bad.ack"
check_fail 2 "an --ack line without a reason" "$BR" track --ack "$T/bad.ack"
check_grep "names the file and line" 'bad.ack:2:' "$T/err"
check_fail 2 "--label without =" "$BR" import --label commit fixtures/pts/test-1.xml

# Hostile strings reach no terminal raw and no markup unescaped.
H="$T/hostile.db"
check_ok "import hostile names" "$BR" --db "$H" import fixtures/hostile/evil-strings.xml \
    fixtures/hostile/terminal-fio.json
check_ok "track them all (text)" "$BR" --db "$H" track --all
check "no escape byte on the terminal" [ "$(tr -dc '\033\233' <"$T/out" | wc -c)" -eq 0 ]
check_grep "the script tag as text" '<script>alert' "$T/out"
check_ok "track them (Markdown)" "$BR" --db "$H" track -f markdown --min-segment 1 --max-p 1
check_nogrep "no raw tag in Markdown" '<script' "$T/out"
check_ok "charts of them" "$BR" --db "$H" track --chart "$T/hcharts"
check_ok "every chart well-formed" sh -c 'for f in "$1"/*.svg; do xmllint --noout "$f" || exit 1; done' sh "$T/hcharts"

# fio's own time orders fio runs; a dd log states none: the import time.
F="$T/fio.db"
for r in 3 1 2; do
	"$BR" --db "$F" import --system rig "fixtures/fio/run$r-randread.json" >/dev/null 2>&1
done
check_ok "track fio runs" "$BR" --db "$F" track -f tsv --all --system rig --min-segment 1
check_ok "track fio runs (JSON)" "$BR" --db "$F" track -f json --system rig
cp "$T/out" "$T/fio.json"
check "ordered by fio's time, imported 3, 1, 2" [ "$(grep -o '"when": "[^"]*"' "$T/fio.json" | \
    cut -d'"' -f4 | head -3 | tr '\n' ,)" = "2026-11-29 20:09:17,2026-11-29 20:09:18,2026-11-29 20:09:20," ]
check_nogrep "all stated" '"when_source": "imported"' "$T/fio.json"
check_ok "import a dd log" "$BR" --db "$F" import --system ddbox fixtures/dd/gnu-small.txt
check_ok "track it" "$BR" --db "$F" track --all --system ddbox
check_grep "said to be ordered by import time" 'ordered by import time: no time stated' "$T/out"

if ! command -v python3 >/dev/null 2>&1; then
	skip "generated series" "no python3"
	done_testing
	exit 0
fi

$GEN "$T/iss" issue || exit 2
check_ok "import the 60 nightly files" "$BR" import "$T"/iss/*.xml
check_ok "track (TSV)" "$BR" track -f tsv
cp "$T/out" "$T/iss.tsv"
check "exactly two change points" [ "$(tail -n +2 "$T/iss.tsv" | wc -l)" -eq 2 ]
check "the first at file 31" [ "$(sed -n 2p "$T/iss.tsv" | cut -f3)" = 31 ]
check "the second at file 46" [ "$(sed -n 3p "$T/iss.tsv" | cut -f3)" = 46 ]
check "the first is a regression" [ "$(sed -n 2p "$T/iss.tsv" | cut -f6)" = regression ]
check "the second an improvement" [ "$(sed -n 3p "$T/iss.tsv" | cut -f6)" = improvement ]
check "the first where the kernel changed" \
    [ "$(sed -n 2p "$T/iss.tsv" | cut -f11)" = "kernel_version 6.6.8 -> 6.7.1" ]
check "the second where no stated fact changed" \
    [ "$(sed -n 3p "$T/iss.tsv" | cut -f11)" = "no stated fact changed" ]
check "the -8 % step measured as -7 to -9 %" awk -F'\t' \
    'NR == 2 { exit !($7 < -0.07 && $7 > -0.09) }' "$T/iss.tsv"

check_ok "track (text)" "$BR" track
cp "$T/out" "$T/iss.txt"
check_grep "a line per change point, with its facts" \
    '^  #31 set [0-9]+ 2024-02-03 03:00:00: regression -[0-9.]+ %.*kernel_version 6\.6\.8 -> 6\.7\.1$' "$T/iss.txt"
check_grep "the series heading" '^Flexible IO Tester: .* on nvme0: 60 points$' "$T/iss.txt"
check_ok "track again" "$BR" track
check "the same bytes twice (text)" cmp -s "$T/out" "$T/iss.txt"
check_ok "track (JSON)" "$BR" track -f json
cp "$T/out" "$T/iss.json"
check_ok "the JSON parses" python3 -c "import json,sys; d = json.load(open(sys.argv[1])); \
c = d['series'][0]['change_points']; \
assert [x['position'] for x in c] == [31, 46]; \
assert c[0]['facts_changed'] == [{'fact': 'kernel_version', 'before': '6.6.8', 'after': '6.7.1'}]; \
assert c[1]['facts_changed'] == []; \
assert c[0]['before']['ci95'][0] < c[0]['before']['mean'] < c[0]['before']['ci95'][1]; \
assert len(d['series'][0]['points']) == 60 and c[0]['p'] < 1e-4" "$T/iss.json"
check_ok "track (JSON) again" "$BR" track -f json
check "the same bytes twice (JSON)" cmp -s "$T/out" "$T/iss.json"
check_ok "track (Markdown)" "$BR" track -f markdown
check_grep "a table for a pull request" '^\| Test \| System \| Point \| Change \| Verdict \| What changed \|$' "$T/out"
check_grep "the kernel named in it" 'kernel\\_version 6\.6\.8 -\\> 6\.7\.1' "$T/out"

# Charts.
check_ok "--chart DIR (SVG)" "$BR" track --chart "$T/charts"
svg=$(ls "$T"/charts/*.svg 2>/dev/null | head -1)
check "one SVG for the one series" [ "$(ls "$T"/charts | wc -l)" -eq 1 ]
check_ok "the SVG is well-formed XML" xmllint --noout "$svg"
check_grep "both change points numbered" '>2</text>' "$svg"
check_grep "the facts in the legend" 'kernel_version 6\.6\.8 → 6\.7\.1' "$svg"
check_grep "a CI band per segment" 'class="ci"' "$svg"
cp "$svg" "$T/first.svg"
check_ok "--chart again" "$BR" track --chart "$T/charts"
check "the same SVG bytes twice" cmp -s "$svg" "$T/first.svg"
check_ok "--chart-format png" "$BR" track --chart "$T/png" --chart-format png
check_ok "a PNG 800 pixels wide" python3 -c "import struct,sys,glob; \
b = open(glob.glob(sys.argv[1] + '/*.png')[0], 'rb').read(24); \
assert b[:8] == b'\\x89PNG\\r\\n\\x1a\\n' and struct.unpack('>I', b[16:20])[0] == 800" "$T/png"
check_fail 2 "--chart-format without --chart" "$BR" track --chart-format pdf

check_ok "-o FILE" "$BR" track -f json -o "$T/out.json"
check "writes the same JSON there" cmp -s "$T/out.json" "$T/iss.json"
check_fail 2 "-o in a directory that does not exist" "$BR" track -o "$T/none/out.txt"
check_grep "names the file" 'none/out.txt' "$T/err"

# The gate.
check_fail 1 "--fail-on regression" "$BR" track --fail-on regression
check_grep "says why" 'regression point' "$T/err"
check_ok "no regression among the newest 10 points" "$BR" track --fail-on regression --last 10
check_fail 1 "a regression among the newest 30" "$BR" track --fail-on regression --last 30
check_fail 1 "--fail-on change: the improvement among the newest 15" \
    "$BR" track --fail-on change --last 15
set31=$(sed -n 2p "$T/iss.tsv" | cut -f4)
printf '# acknowledged\n%s | nvme0 | flexible io* | kernel 6.7.1 regression, bug 1234\n' \
    "$set31" >"$T/ok.ack"
check_ok "--ack silences the known regression" "$BR" track --fail-on regression --ack "$T/ok.ack"
check_grep "and shows it acknowledged" 'acknowledged: kernel 6\.7\.1 regression, bug 1234' "$T/out"
printf '%s | nvme1 | * | another system\n' "$set31" >"$T/other.ack"
check_fail 1 "an --ack of another system does not" "$BR" track --fail-on regression --ack "$T/other.ack"

# Orders and filters.
# Labels, in a store of their own: run=N given at each import.
for f in "$T"/iss/*.xml; do
	"$BR" --db "$T/labels.db" import --label "run=$(sed -n \
	    's|.*<Title>Nightly 0*\([0-9]*\)</Title>.*|\1|p' "$f")" "$f" \
	    >/dev/null 2>"$T/err" || { echo "# import $f failed"; cat "$T/err"; }
done
check_ok "--by label:run (version-aware: 9 before 10)" "$BR" --db "$T/labels.db" track -f tsv --by label:run
check "the same positions by label" [ "$(tail -n +2 "$T/out" | cut -f3 | tr '\n' ' ')" = "31 46 " ]
check_grep "the label changes at the point" 'label:run 30 -> 31' "$T/out"
check_ok "show prints the labels" "$BR" --db "$T/labels.db" show 1
check_grep "as KEY=VALUE" '^labels: run=[0-9]+$' "$T/out"
check_ok "list prints them (JSON)" "$BR" --db "$T/labels.db" list -f json
check_grep "as an object" '"run": "[0-9]+"' "$T/out"
check_ok "import --label on a stored file" "$BR" --db "$T/labels.db" import --label run=x "$(ls "$T"/iss/*.xml | head -1)"
check_ok "list (TSV)" "$BR" --db "$T/labels.db" list -f tsv
check_grep "replaces its label" '	run=x$' "$T/out"
check_ok "--by kernel_version" "$BR" track -f json --by kernel_version
cp "$T/out" "$T/by.json"
check_ok "the kernel orders the points" python3 -c "import json,sys; d = json.load(open(sys.argv[1])); \
k = [p['key'] for p in d['series'][0]['points']]; assert k == sorted(k) and k[0] == '6.6.8' and k[-1] == '6.7.1'" "$T/by.json"
check_ok "--since and --until" "$BR" track -f json --since 2024-02-01 --until 2024-02-10
cp "$T/out" "$T/range.json"
check_ok "keep the ten days" python3 -c "import json,sys; d = json.load(open(sys.argv[1])); \
assert len(d['series'][0]['points']) == 10" "$T/range.json"
check_ok "--system of another machine" "$BR" track --system nvme1
check_grep "finds no series" '^no series' "$T/out"
check_ok "--test matching" "$BR" track -f tsv --test '*sequential write*'
check "keeps the series" [ "$(wc -l <"$T/out")" -eq 3 ]
check_ok "--test not matching" "$BR" track -f tsv --test '*random*'
check "leaves none" [ "$(wc -l <"$T/out")" -eq 1 ]
check_ok "set IDs" "$BR" track -f json 1 2 3 4 5
cp "$T/out" "$T/ids.json"
check_ok "keep five points" python3 -c "import json,sys; d = json.load(open(sys.argv[1])); \
assert len(d['series'][0]['points']) == 5" "$T/ids.json"

# --match: a rerun under another identifier joins on the facts.
f=$(ls "$T"/iss/*.xml | head -1)
sed -e 's|<Identifier>nvme0</Identifier>|<Identifier>nvme0 (rerun)</Identifier>|' \
    -e 's|<TimeStamp>[^<]*</TimeStamp>|<TimeStamp>2025-01-01 03:00:00</TimeStamp>|' \
    -e 's|<Title>Nightly|<Title>Rerun|' "$f" >"$T/rerun.xml"
check_ok "import a rerun" "$BR" import "$T/rerun.xml"
check_ok "without --match: two series" "$BR" track --all
check_grep "one of the rerun" 'on nvme0 \(rerun\): 1 point' "$T/out"
check_ok "--match cpu_model,disk_models" "$BR" track --all --match cpu_model,disk_models
check_grep "joins them, saying from which sets" \
    '^  joined: nvme0 \(60 sets, IDs 1 to 60\), nvme0 \(rerun\) \(set 61\)$' "$T/out"
check_grep "into 61 points" ': 61 points' "$T/out"

# 200 steps and 200 noise-only series, in SQLite files of their own on
# either pass (the statistics do not depend on the backend).
$GEN "$T/steps" steps 200 || exit 2
$GEN "$T/noise" noise 200 || exit 2
S="$T/steps.db"
N="$T/noise.db"
check_ok "import 60 files of 200 step series" "$BR" --db "$S" import "$T"/steps/*.xml
check_ok "track them" "$BR" --db "$S" track -f tsv
tail -n +2 "$T/out" | sed 's/^[^\t]*Job Count: \([0-9]*\)[^\t]*\t[^\t]*\t\([0-9]*\)\t.*/\1\t\2/' | sort >"$T/found.tsv"
check "every step found at its exact position" \
    [ "$(sort "$T/steps/truth.tsv" | comm -23 - "$T/found.tsv" | wc -l)" -eq 0 ]
check_ok "import 60 files of 200 noise-only series" "$BR" --db "$N" import "$T"/noise/*.xml
check_ok "track them" "$BR" --db "$N" track -f tsv
check "at most 1 % of them with a change point" \
    [ "$(tail -n +2 "$T/out" | cut -f1 | sort -u | wc -l)" -le 2 ]

done_testing
