#!/bin/sh
# SPDX-License-Identifier: ISC
# benchreport diff and merge on the project's own fixtures (fixtures/diff):
# before.xml vs after.xml has three real changes (ext4 random write +16%,
# ext4 SQLite -11% time, xfs kernel build +3% time), before.xml vs
# rerun.xml only noise. Expected verdicts and p-values come from
# scipy.stats.ttest_ind(after_runs, before_runs, equal_var=False) (Debian
# python3-scipy 1.10.1) over the RawString runs, Holm-adjusted by hand.
# Covers: exit statuses 0/1/2, --fail-above, --threshold, ID:SYSTEM,
# --map, unmatched tests listed, every --format, NO_COLOR/tty, merge, and
# a hidden-dimension warning only from facts known on both sides.
. "$ROOT/tests/cli/lib.sh"
F="$ROOT/fixtures/diff"

if ! "$BR" formats | grep -q '^pts'; then
	skip "diff on fixtures" "no PTS reader in this build"
	done_testing
	exit 0
fi

check_fail 1 "real difference: exit 1" "$BR" diff "$F/before.xml" "$F/after.xml"
cp "$T/out" "$T/text"
check_grep "ext4 random write better, 16.3% higher" \
    '^  ext4 .*  16\.3% higher \(p \(Holm\)<0\.001 n=3\+3.*better$' "$T/text"
check_grep "xfs kernel build worse (lower is better)" \
    '^  xfs .*  3\.2% higher \(p \(Holm\)=0\.004 n=3\+3.*worse$' "$T/text"
check_grep "ext4 SQLite better: a fall in words, no bare minus" \
    '^  ext4 .*  11\.5% lower \(p \(Holm\)<0\.001 n=3\+3.*better$' "$T/text"
check_nogrep "no signed change anywhere in the table" '  [-+][0-9.]*%' "$T/text"
check_grep "noise shown as ~, with the change it could have seen" \
    '^  ext4 .*~ \(p \(Holm\)=1\.000 n=3\+3.*no change beyond ±1\.8% detectable$' "$T/text"
COLUMNS=60 run "$BR" diff "$F/before.xml" "$F/after.xml"
check_grep "COLUMNS=60: test names wrap at 60" '^Flexible IO Tester 3\.36: Type: Random Read - Engine:$' "$T/out"
check_grep "COLUMNS=60: the rest on an indented line" '^    IO_uring - Block Size: 4KB \(MB/s\) \[higher is better\]$' "$T/out"
check_grep "summary counts" '^Summary: 2 better, 1 worse, 5 no significant change' "$T/text"
check_grep "test only in A listed" 'Dbench 4\.0' "$T/text"
check_grep "test only in B listed" 'PostgreSQL 16' "$T/text"
check_nogrep "no colour when not a tty" "$(printf '\033')" "$T/text"

# Colour only on a terminal, never with NO_COLOR; script(1) provides the tty.
ESC=$(printf '\033')
if command -v script >/dev/null 2>&1; then
	script -qec "'$BR' diff '$F/before.xml' '$F/after.xml'" /dev/null >"$T/tty" 2>&1
	check_grep "tty: verdicts coloured, still in words" "${ESC}\\[32mbetter" "$T/tty"
	NO_COLOR=1 script -qec "'$BR' diff '$F/before.xml' '$F/after.xml'" /dev/null >"$T/tty" 2>&1
	check_nogrep "tty with NO_COLOR: no colour" "${ESC}\\[3" "$T/tty"
else
	skip "tty colour" "no script(1)"
fi

check_ok "noise only: exit 0" "$BR" diff "$F/before.xml" "$F/rerun.xml"
check_grep "noise only: nothing significant" \
    '^Summary: 0 better, 0 worse, 10 no significant change' "$T/out"

check_ok "--fail-above 5: a 3% regression passes" \
    "$BR" diff --fail-above 5 "$F/before.xml" "$F/after.xml"
check_fail 1 "--fail-above 3: a 3.2% regression fails" \
    "$BR" diff --fail-above 3 "$F/before.xml" "$F/after.xml"
check_fail 1 "--threshold 10 --any: two big changes remain" \
    "$BR" diff --any --threshold 10 "$F/before.xml" "$F/after.xml"
check_ok "--threshold 10: the regression is below it, exit 0" \
    "$BR" diff --threshold 10 "$F/before.xml" "$F/after.xml"
check_grep "--threshold 10: build regression not reported" \
    '^Summary: 2 better, 0 worse, 6 no significant change' "$T/out"

check_fail 1 "json format" "$BR" diff --format json "$F/before.xml" "$F/after.xml"
check_grep "json: schema version" '"diff_schema": 1' "$T/out"
check_grep "json: Holm p of the random write (scipy: 2.0116710801229e-4)" \
    '"p_adjusted": 0\.000201167108012' "$T/out"
check_grep "json: Welch p of the kernel build (scipy: 5.990734032531777e-4)" \
    '"p": 0\.000599073403253' "$T/out"
check_fail 1 "markdown format" "$BR" diff -f markdown "$F/before.xml" "$F/after.xml"
check_grep "markdown: table row" '^\| Flexible IO Tester .* \| \*\*better\*\* \|$' "$T/out"
check_fail 1 "html to a file" "$BR" diff -f html -o "$T/d.html" "$F/before.xml" "$F/after.xml"
check_grep "html: standalone page with the bars, better to the right" \
    '<li class="better"><span class="lab">SQLite 3\.41\.2: .*<span class="bar" style="left:50\.00%' "$T/d.html"
if command -v xmllint >/dev/null 2>&1; then
	# Written as well-formed XML (HTML5 accepts it), so an XML parser checks the escaping.
	check_ok "html: well-formed" xmllint --noout "$T/d.html"
else
	skip "html: parses" "no xmllint"
fi

check_fail 1 "svg chart" "$BR" diff -f svg -o "$T/d.svg" "$F/before.xml" "$F/after.xml"
if command -v xmllint >/dev/null 2>&1; then
	check_ok "svg: well-formed" xmllint --noout "$T/d.svg"
else
	skip "svg: well-formed" "no xmllint"
fi
check_grep "svg: change and verdict in words next to the bar" '>16\.3% higher, better</text>' "$T/d.svg"
check_grep "svg: whisker drawn" '<path d="M' "$T/d.svg"
check "svg: each pair named once, above its rows" test "$(grep -c '^<text x="10" y="[0-9.]*" font-weight="bold">\(ext4\|xfs\)</text>$' "$T/d.svg")" -eq 2
check_nogrep "svg: no label cut short" '…' "$T/d.svg"
check_grep "svg: a long label wraps onto a second line" '<tspan x="420" dy="14">Block Size: 4KB \(MB/s\)</tspan>' "$T/d.svg"
# Zero is at x=595: a faster SQLite (lower is better, -11.5%) starts its bar
# there and goes right; a slower kernel build (+3.2%) ends its bar there.
tr -d '\n' <"$T/d.svg" | sed 's/<g /\n<g /g' >"$T/svgrows"
check_grep "svg: lower is better, faster: drawn right of zero" \
    '^<g class="better"><title>SQLite .*<rect x="595\.0" ' "$T/svgrows"
check_grep "svg: lower is better, slower: drawn left, ending at zero" \
    '^<g class="worse"><title>Timed Linux .*<rect x="566\.5" y="[0-9.]*" width="28\.5" ' "$T/svgrows"

# Hostile names (ESC, CSI, C1 controls) from the PTS reader's fixture:
# nothing reaches the output raw, in any format.
X="$ROOT/fixtures/pts-hostile/control-chars.xml"
if [ -f "$X" ]; then
	for fmt in text markdown json html svg; do
		check_ok "hostile names, $fmt: exit 0 (same file)" "$BR" diff -f $fmt "$X" "$X"
		cp "$T/out" "$T/hostile.$fmt"
		check_nogrep "hostile names, $fmt: no raw escape" "$ESC" "$T/hostile.$fmt"
	done
	if command -v xmllint >/dev/null 2>&1; then
		check_ok "hostile names: html well-formed" xmllint --noout "$T/hostile.html"
		check_ok "hostile names: svg well-formed" xmllint --noout "$T/hostile.svg"
	fi
else
	skip "hostile names" "no fixtures/pts-hostile/control-chars.xml"
fi

# One system per side: ext4 of the baseline against xfs of the same file.
check_fail 1 "ID:SYSTEM compares one system each" \
    "$BR" diff "$F/before.xml:ext4" "$F/before.xml:xfs"
check_grep "ID:SYSTEM: the pair is named once, above the table" '^Systems: ext4 -> xfs$' "$T/out"
check_nogrep "ID:SYSTEM: and not on its rows" '^  ext4 -> xfs ' "$T/out"
check_grep "ID:SYSTEM: the table has no system column" '^  A  ' "$T/out"
check_fail 1 "ID:SYSTEM, markdown" "$BR" diff -f markdown "$F/before.xml:ext4" "$F/before.xml:xfs"
check_grep "markdown: one pair named once" '^- \*\*Systems:\*\* ext4 -\\> xfs$' "$T/out"
check_grep "markdown: and no System column" '^\| Test \| A \| B \| Change \| Verdict \|$' "$T/out"
check_fail 2 "unknown system: exit 2" "$BR" diff "$F/before.xml:zfs" "$F/after.xml:ext4"
check_grep "unknown system: named in the error" 'zfs' "$T/err"
check_fail 1 "--map swaps systems (they differ: exit 1)" \
    "$BR" diff --map ext4=xfs --map xfs=ext4 "$F/before.xml" "$F/rerun.xml"
check_grep "--map: ext4 -> xfs" '^  ext4 -> xfs ' "$T/out"
check_fail 2 "missing file: exit 2" "$BR" diff "$F/before.xml" "$T/nope.xml"
check_fail 2 "bad --alpha: exit 2" "$BR" diff --alpha 2 "$F/before.xml" "$F/after.xml"
check_fail 2 "one argument: exit 2" "$BR" diff "$F/before.xml"

# Stored IDs work like files; merge makes a new set. A fresh database, as
# the diffs above imported their files on the fly.
BENCHREPORT_DB="$T/merge.db"; export BENCHREPORT_DB
check_ok "import" "$BR" import "$F/before.xml" "$F/after.xml"
check_ok "merge stores a new set" "$BR" merge --title "both runs" 1 2
check_grep "merge: prints the new ID" '^3	both runs	4 systems	6 tests$' "$T/out"
check_grep "merge: clashing ext4 renamed, and said so" 'renamed "ext4 \(2\)"' "$T/err"
check_fail 1 "diff of the merged set's systems (--any)" "$BR" diff --any 3:ext4 "3:ext4 (2)"
check_grep "merged set: random write still better" '16\.3% higher .*better$' "$T/out"
check_ok "merge of a set with itself" "$BR" merge 1 1
check_grep "self merge: nothing doubles" '^4	.*	2 systems	5 tests$' "$T/out"
check_ok "merge -o writes a file" "$BR" merge -o "$T/m.json" 1 2
check_grep "merge -o: JSON export" '"title": "Writeback tuning: baseline"' "$T/m.json"
check_fail 2 "merge needs two sets" "$BR" merge 1

# The hidden-dimension warning names only facts the source states for both
# compared systems: the Btrfs review's Single against its RAID1 (the
# warning as expected in diff.btrfs-warning.txt; REGEN=1 rewrites it), and
# seed 004, the page it was written from, when ../shared is there.
facts_of() {	# ID -> "SYSTEM<tab>FACT" for every normalised fact
	"$BR" systems "$1" | awk '/^[0-9]+: /{ sys = substr($0, index($0, ": ") + 2); f = 0; next }
	    /^  normalised:/{ f = 1; next } /^  [^ ]/{ f = 0 }
	    f && /^    [a-z_]+ /{ print sys "\t" $1 }'
}
warned_both_known() {	# what, ID: every fact warned about is known on both sides
	facts_of "$2" >"$T/facts"
	sed -n 's/^  \([^ ]*\) -> \([^:]*\): \([a-z_]*\): .*/\1\t\2\t\3/p' "$T/warning" >"$T/warned"
	check "$1: the warning names a fact" test -s "$T/warned"
	bad=$(while IFS="$(printf '\t')" read -r sa sb key; do
		grep -qx "$sa$(printf '\t')$key" "$T/facts" && grep -qx "$sb$(printf '\t')$key" "$T/facts" ||
		    echo "$key"
	done <"$T/warned")
	check "$1: no warned fact is unknown on one side (${bad:-none})" test -z "$bad"
}
BENCHREPORT_DB="$T/btrfs.db"; export BENCHREPORT_DB
"$BR" -q import "$ROOT/fixtures/demo/btrfs-raid.txt" >"$T/id" 2>/dev/null
bid=$(cut -f1 "$T/id")
run "$BR" diff "$bid:Single" "$bid:RAID1"
check "Btrfs Single vs RAID1: a difference (exit 1)" test "$st" -eq 1
sed -n '/^Warning:/,$p' "$T/out" >"$T/warning"
[ -z "$REGEN" ] || cp "$T/warning" "$ROOT/tests/cli/diff.btrfs-warning.txt"
check "Btrfs Single vs RAID1: the warning (diff.btrfs-warning.txt)" \
    diff -u "$ROOT/tests/cli/diff.btrfs-warning.txt" "$T/warning"
warned_both_known "Btrfs Single vs RAID1" "$bid"
check_grep "Btrfs: the difference the names state is information" \
    '^  Single -> RAID1: the systems differ in raid_mode \(single vs raid1\), as their names say$' "$T/out"
check_nogrep "Btrfs: and no warning of it" 'RAID1: raid_mode:' "$T/warning"
check_fail 1 "Btrfs Single vs RAID1, json" "$BR" diff -f json "$bid:Single" "$bid:RAID1"
check_grep "json: the named fact is marked" '"named": true' "$T/out"
check_grep "json: the others are not" '"named": false' "$T/out"
check_fail 1 "Btrfs Single vs RAID1, html" "$BR" diff -f html "$bid:Single" "$bid:RAID1"
check_nogrep "html: no fact stated for one side only (compiler)" 'compiler' "$T/out"
if [ -n "$SHARED" ] && [ -f "$(ls "$SHARED"/seeds/004_*.txt 2>/dev/null | head -1)" ]; then
	"$BR" -q import "$SHARED"/seeds/004_*.txt >"$T/id" 2>/dev/null
	sid=$(cut -f1 "$T/id")
	run "$BR" diff "$sid:Single" "$sid:RAID1"
	sed -n '/^Warning:/,$p' "$T/out" >"$T/warning"
	warned_both_known "seed 004 Single vs RAID1" "$sid"
else
	skip "seed 004 Single vs RAID1" "no ../shared"
fi
done_testing
