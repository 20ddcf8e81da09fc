#!/bin/sh
# SPDX-License-Identifier: ISC
# A large flattened review (132 charts of eight systems, 62 KiB, written
# by tests/tools/ob-review.py with the values it prints beside it) reads
# to every value and SE it states; the same review with one overview
# value of the middle chart 30 % high sets that row aside, as seed 000's
# does, and leaves only that chart's two readings open. Both read within
# one document's steps.
. tests/cli/lib.sh
cd "$ROOT" || exit 2

if ! command -v python3 >/dev/null 2>&1; then
	skip "large review" "no python3"
	done_testing
	exit 0
fi

# The export's values as lines of the generator's EXPECTED file.
values() {
	python3 -c '
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    for v in r["values"]:
        if v["error"] is None:
            print("%s\t%s\t%s\t%.2f" % (r["description"], v["system"],
                                        v["value_text"], v["se"]))
' "$1"
}

check_ok "the generator writes the review" python3 tests/tools/ob-review.py 132 "$T/big.txt" "$T/big.tsv"
check_ok "imported" "$BR" -v --db "$T/a.db" import "$T/big.txt"
check_grep "  8 systems, 1056 results" "8 systems	1056 results" "$T/out"
check_nogrep "  no chart left out" "ambiguous" "$T/err"
check_nogrep "  within the document's steps" "steps one document may take" "$T/err"
check_ok "  exported as JSON" "$BR" --db "$T/a.db" export -f json -o "$T/big.json" 1
values "$T/big.json" >"$T/got.tsv"
check "  every value and SE as the text states them" cmp -s "$T/big.tsv" "$T/got.tsv"

check_ok "the generator writes it with one disagreeing overview value" \
    python3 tests/tools/ob-review.py 132 --disagree "$T/bigx.txt" "$T/bigx.tsv"
check_ok "imported" "$BR" -v --db "$T/b.db" import "$T/bigx.txt"
check_grep "  the row is set aside, by chart" \
    'bigx.txt:411: chart "Flexible IO Tester Type: Random Write - Block Size: 4KB - Job: 66": its overview row does not match any reading of the chart' "$T/err"
check_grep "  that chart alone is left with two readings" \
    'bigx.txt:411: chart "Flexible IO Tester Type: Random Write - Block Size: 4KB - Job: 66" is ambiguous, values left out: 2 readings' "$T/err"
check "  and no other" test "$(grep -c 'ambiguous' "$T/err")" -eq 1
check_nogrep "  within the document's steps" "steps one document may take" "$T/err"
check_ok "  exported as JSON" "$BR" --db "$T/b.db" export -f json -o "$T/bigx.json" 1
values "$T/bigx.json" >"$T/gotx.tsv"
grep -v 'Job: 66	' "$T/bigx.tsv" >"$T/wantx.tsv"
check "  every other chart's values and SEs as stated" cmp -s "$T/wantx.tsv" "$T/gotx.tsv"
done_testing
