#!/bin/sh
# SPDX-License-Identifier: ISC
# Format detection of PTS result files from the command line: every
# fixture (hostile ones included, so that the reader gets to refuse them)
# is detected as pts-xml by content, whatever its name.
. "$(dirname "$0")/lib.sh"

for f in "$ROOT"/fixtures/pts/*.xml "$ROOT"/fixtures/hostile/billion-laughs.xml \
    "$ROOT"/fixtures/hostile/xxe-passwd.xml; do
	check_ok "formats $(basename "$f")" "$BR" formats "$f"
	check_grep "$(basename "$f") is pts-xml" "	pts-xml\$" "$T/out"
done
cp "$ROOT/fixtures/pts/test-1.xml" "$T/result.txt"
check_ok "detected by content, not by name" "$BR" formats "$T/result.txt"
check_grep "a .txt holding PTS XML is pts-xml" "	pts-xml\$" "$T/out"
check_fail 2 "empty file refused" "$BR" formats "$ROOT/fixtures/hostile/empty.xml"
check_grep "empty file named" "empty.xml: empty file" "$T/err"
check_fail 2 "other XML is not PTS" "$BR" formats "$ROOT/fixtures/hostile/wrong-root.xml"
if [ -n "$SHARED" ]; then
	for f in "$SHARED"/corpus/pts-xml/*.xml; do
		check_ok "formats corpus $(basename "$f")" "$BR" formats "$f"
		check_grep "corpus $(basename "$f") is pts-xml" "	pts-xml\$" "$T/out"
	done
else
	skip "corpus detection" "../shared is absent"
fi
done_testing
