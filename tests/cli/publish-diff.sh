#!/bin/sh
# SPDX-License-Identifier: ISC
# publish with two inputs: the comparison section. One system per side
# (fixtures/diff/btrfs-single.xml against btrfs-raid1.xml): the pair is
# named once, in the heading, never on a row; every label is the whole
# test name with its options and unit, never cut; each bar points to
# better (right) or worse (left) in the direction of its test, so a
# lower-is-better test that got faster goes right although its % change
# is negative; the signed % and the significance are written beside it,
# and a test one side lacks says so. Several pairs (fixtures/diff
# before.xml against after.xml): each pair names its own list once.
# Expected bars: publish-diff.bars.txt (verdict, side, change in words, label);
# REGEN=1 rewrites it. With chromium: no overflow at 360/768/1400 px.
. tests/cli/lib.sh

F="$ROOT/fixtures/diff"
bars() {	# page -> "verdict<TAB>side<TAB>% change<TAB>label" per bar
	awk '/^<li class="[a-z]+"><span class="lab">/ {
		cls = $0; sub(/^<li class="/, "", cls); sub(/".*/, "", cls)
		lab = $0; sub(/^<li [^>]*><span class="lab">/, "", lab)
		sub(/ <small>.*/, "", lab)
		side = "none"
		if (match($0, /class="bar" style="left:[0-9.]+%;width:[0-9.]+%"/)) {
			s = substr($0, RSTART, RLENGTH)
			sub(/.*left:/, "", s); l = s + 0
			sub(/.*width:/, "", s); w = s + 0
			side = l == 50 ? "right" : (l + w > 49.99 && l + w < 50.01) ? "left" : "off-zero"
		}
		pct = "-"
		if (match($0, /<strong>[^<]*<\/strong>/))
			pct = substr($0, RSTART + 8, RLENGTH - 17)
		printf "%s\t%s\t%s\t%s\n", cls, side, pct, lab
	}' "$1"
}

check_ok "publish Single and RAID1" "$BR" publish -o "$T/p" "$F/btrfs-single.xml" "$F/btrfs-raid1.xml"
P=$T/p/index.html
sed -n '/<section class="diff">/,/<\/section>/p' "$P" >"$T/sec"
check_grep "the pair is named in the heading" '^<h2>Comparison: Single → RAID1</h2>$' "$T/sec"
check "the pair is named once in the whole page" test "$(grep -o 'Single → RAID1' "$P" | wc -l)" -eq 1
check_nogrep "no row label starts with a system" 'class="lab">(Single|RAID1)' "$T/sec"
check_nogrep "one pair: no System column" '<th>System</th>' "$T/sec"
check_nogrep "no fact is prefixed with the pair" '<li>Single' "$T/sec"
check_grep "A and B named by their titles, no empty label" '^<p>A: Btrfs on one drive<br/>B: Btrfs RAID1 on two drives</p>$' "$T/sec"
check_nogrep "no label cut short" '…' "$T/sec"
check_grep "the longest label whole, options and unit" 'class="lab">Flexible IO Tester 3\.25: Type: Random Write - Engine: IO_uring - Buffered: No - Direct: Yes - Block Size: 4KB - Disk Target: Default Test Directory \(MB/s\) <small>' "$T/sec"
bars "$T/sec" >"$T/bars"
if [ -n "${REGEN:-}" ]; then cp "$T/bars" "$ROOT/tests/cli/publish-diff.bars.txt"; fi
check "bars as expected (publish-diff.bars.txt)" diff -u "$ROOT/tests/cli/publish-diff.bars.txt" "$T/bars"
check_grep "lower is better, faster: 7.0% lower drawn to the right, better" \
    '^better	right	7\.0% lower	PostgreSQL pgbench' "$T/bars"
check_grep "lower is better, slower: 4.4% higher drawn to the left, worse" \
    '^worse	left	4\.4% higher	SQLite' "$T/bars"
check_grep "higher is better, lower: 12.7% lower drawn to the left, worse" \
    '^worse	left	12\.7% lower	Flexible IO Tester' "$T/bars"
check_nogrep "no bare sign beside a verdict" '<strong>[-+]' "$T/sec"
check_grep "significance written beside the change, the p named" '<strong>7\.0% lower</strong> better <small>p \(Holm\)&lt;0\.001 n=3\+3</small>' "$T/sec"
check_grep "no significant change marked ~ with its p and what it could see" '<strong>0\.3% higher</strong> ~ no change beyond ±[0-9.]*% detectable <small>p \(Holm\)=0\.730 n=3\+3</small>' "$T/sec"
check_grep "a value with no runs: not testable, and why" '<strong>7\.1% higher</strong> not testable <small>\(N &lt; 2: one run cannot show significance\)</small>' "$T/sec"
check_grep "3+3 runs: the U test's floor said, not a bare p" 'Mann-Whitney cannot reach p &lt; 0\.05 with 3\+3 runs \(its smallest p is 0\.100\)' "$T/sec"
check_grep "a test B lacks: no comparison, not stated in B" '<span class="fig">no comparison: not stated in B</span>' "$T/sec"
"$ROOT/$BUILD/tests/html-check" "$P" >"$T/hc" 2>&1
check_grep "the page parses, no script" '^errors=0 .* scripts=0 ' "$T/hc"

# Several pairs: each list is headed by its pair, the rows are not.
check_ok "publish before and after (two pairs)" "$BR" publish -o "$T/q" \
    "$ROOT/fixtures/diff/before.xml" "$ROOT/fixtures/diff/after.xml"
sed -n '/<section class="diff">/,/<\/section>/p' "$T/q/index.html" >"$T/sec2"
check_grep "two pairs: the heading names none" '^<h2>Comparison</h2>$' "$T/sec2"
check "two pairs: one list heading each" test "$(grep -c '^<h3 class="pair">\(ext4\|xfs\)</h3>$' "$T/sec2")" -eq 2
check "two pairs: four bars each" test "$(bars "$T/sec2" | wc -l)" -eq 8
check_grep "two pairs: the table keeps its System column" '<th>System</th>' "$T/sec2"
check_nogrep "two pairs: no label starts with a system" 'class="lab">(ext4|xfs)' "$T/sec2"

# The standalone page of `diff -f html` is the same section.
check_fail 1 "diff -f html" "$BR" diff -f html -o "$T/d.html" "$F/btrfs-single.xml" "$F/btrfs-raid1.xml"
check_grep "diff -f html: the same heading" '^<h2>Comparison: Single → RAID1</h2>$' "$T/d.html"
check_grep "diff -f html: with the section's rules" 'section\.diff ol\.bars' "$T/d.html"
check_grep "diff -f html: a viewport for phones" '<meta name="viewport" content="width=device-width' "$T/d.html"
check_grep "diff -f html: the whole page follows dark mode" 'prefers-color-scheme:dark){:root{--fg:' "$T/d.html"

if command -v chromium >/dev/null 2>&1 && command -v python3 >/dev/null 2>&1; then
	for w in 360 768 1400; do
		TMPDIR=$T timeout 120 python3 "$ROOT/tests/tools/browse.py" "$P" "$w" \
		    --at comparison --screenshot "$T/shot$w.png" >"$T/browse" 2>"$T/err"
		check "in chromium at $w px: no horizontal overflow" grep -q '^overflow=0 .* console=0 ' "$T/browse"
		check "in chromium at $w px: better/worse header over the bars' track" \
		    awk 'NR == 1 { for (i = 1; i <= NF; i++) if ($i ~ /^diffalign=/)
		        { v = substr($i, 11) + 0; f = 1 } } END { exit !(f && v >= 0 && v < 1) }' "$T/browse"
		check "in chromium at $w px: no text cut or overlapping" grep -q ' ellipses=0 overlaps=0 ' "$T/browse"
		head -1 "$T/browse" | sed 's/^/#   /'
		for scheme in light dark; do
			TMPDIR=$T timeout 120 python3 "$ROOT/tests/tools/browse.py" "$T/d.html" "$w" \
			    $([ $scheme = dark ] && echo --dark) >"$T/browse" 2>"$T/err"
			check "diff -f html, $scheme, at $w px: no overflow, header aligned" awk \
			    'NR == 1 { g = /^overflow=0 .* overlaps=0 /; for (i = 1; i <= NF; i++)
			        if ($i ~ /^diffalign=/) { v = substr($i, 11) + 0; f = 1 } }
			     END { exit !(g && f && v >= 0 && v < 1) }' "$T/browse"
		done
	done
else
	skip "the section in chromium" "chromium or python3 not installed (make test-deps installs them)"
fi
done_testing
