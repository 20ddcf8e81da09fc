#!/bin/sh
# SPDX-License-Identifier: ISC
# The review page's stars, wins and key findings follow one rule
# (docs/verdicts.md): a best value is starred and counted as a win only
# where its lead over the next system is significant, and every key
# finding is such a lead, stated with the change and confidence interval
# `benchreport diff` gives for the same two systems and test. Checked by
# tests/tools/review-claims.py, which parses the page, on the project's
# fixtures and, when ../shared is there, on seeds 000 and 004. Expected
# paragraph for fixtures/diff/before.xml: findings.before.txt (REGEN=1
# rewrites it).
. "$ROOT/tests/cli/lib.sh"

PY=python3
[ -x /usr/bin/python3 ] && PY=/usr/bin/python3
if ! "$BR" formats | grep -q '^pts'; then
	skip "findings" "no PTS reader in this build"
	done_testing
	exit 0
fi
BENCHREPORT_DB="$T/f.db"; export BENCHREPORT_DB

ids=""
claims() {	# name page ID...: the page against its rule and diff
	name=$1; page=$2; shift 2
	if ! command -v "$PY" >/dev/null 2>&1; then
		skip "$name: stars, wins and claims" "no python3"
		return
	fi
	"$PY" "$ROOT/tests/tools/review-claims.py" "$BR" "$page" "$@" >"$T/claims" 2>&1
	st=$?
	check "$name: stars = wins = the rule's count, every claim a significant diff row ($(tail -1 "$T/claims"))" test "$st" -eq 0
	[ "$st" -eq 0 ] || sed 's/^/#   /' "$T/claims"
}
import_id() {	# file -> its stored ID
	"$BR" -q import "$1" | cut -f1
}

b=$(import_id "$ROOT/fixtures/diff/before.xml")
a=$(import_id "$ROOT/fixtures/diff/after.xml")
s=$(import_id "$ROOT/fixtures/pts/storage-2sys.xml")
r=$(import_id "$ROOT/fixtures/demo/btrfs-raid.txt")
d=$(import_id "$ROOT/fixtures/demo/freebsd-dd.txt")

check_ok "publish before.xml" "$BR" publish -o "$T/b" "$b"
sed -n '/<div class="findings"/,/<\/div>/p' "$T/b/index.html" >"$T/para"
[ -z "${REGEN:-}" ] || cp "$T/para" "$ROOT/tests/cli/findings.before.txt"
check "before.xml: the findings (findings.before.txt)" diff -u "$ROOT/tests/cli/findings.before.txt" "$T/para"
check "the findings open the section, before its systems" test \
    "$(grep -n 'id="s1-findings"' "$T/b/index.html" | cut -d: -f1)" -lt \
    "$(grep -n 'id="s1-systems"' "$T/b/index.html" | cut -d: -f1)"
check_grep "a claim in words with its CI" '<b>ext4</b> is 2\.9% lower \(better\) than <b>xfs</b> in <a href="#r1-3">sqlite: 1</a> \(95% CI 1\.2% to 4\.6%\)' "$T/para"
check_grep "the rule in one line under the overview" '<p class="muted note rule">★ marks a best value only where its lead over the next system is significant' "$T/b/index.html"
claims "before.xml" "$T/b/index.html" "$b"

check_ok "publish before and after (two sections)" "$BR" publish -o "$T/ba" "$b" "$a"
claims "before and after" "$T/ba/index.html" "$b" "$a"
check_ok "publish storage-2sys.xml" "$BR" publish -o "$T/s" "$s"
claims "storage-2sys.xml" "$T/s/index.html" "$s"
check_ok "publish the Btrfs review (three systems)" "$BR" publish -o "$T/r" "$r"
claims "Btrfs review" "$T/r/index.html" "$r"

# Nothing testable (dd, one run a side): no star, no claim, and why.
check_ok "publish the dd comparison" "$BR" publish -o "$T/d" "$d"
check_nogrep "dd: no star" 'class="best' "$T/d/index.html"
check_nogrep "dd: no claim" 'class="claim"' "$T/d/index.html"
check_grep "dd: said why" 'No test has a lead between its best two systems that can be tested\. 1 test gives no SE or fewer than two runs for a system' "$T/d/index.html"

if [ -n "$SHARED" ] && [ -d "$SHARED/seeds" ]; then
	s0=$(import_id "$SHARED"/seeds/000_*.txt)
	s4=$(import_id "$SHARED"/seeds/004_*.txt)
	check_ok "publish seed 000" "$BR" publish -o "$T/s0" "$s0"
	claims "seed 000" "$T/s0/index.html" "$s0"
	check_ok "publish seed 004" "$BR" publish -o "$T/s4" "$s4"
	claims "seed 004" "$T/s4/index.html" "$s4"
else
	skip "seeds 000 and 004" "no ../shared"
fi
done_testing
