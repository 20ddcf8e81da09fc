#!/bin/sh
# SPDX-License-Identifier: ISC
# Store errors a person can act on, on a full disk (a small tmpfs, as
# root; else skipped with a notice): an import that does not fit fails
# with one line that names the input, the store and what failed ("the
# disk is full"), with no SQL unless -v asks for it; list, show and
# export still work on the full disk; once space is freed, imports work.
. tests/cli/lib.sh

M="$T/full"
mkdir "$M"
if [ "$(id -u)" != 0 ] || ! mount -t tmpfs -o size=3m tmpfs "$M" 2>/dev/null; then
	skip "a full disk" "needs root to mount a small tmpfs"
	done_testing
	exit 0
fi
trap 'umount "$M" 2>/dev/null; rm -rf "$T"' EXIT INT TERM
DB="$M/results.db"
check_ok "import into the small store" "$BR" --db "$DB" import fixtures/pts/scheduler-pair.xml
head -c 8388608 /dev/zero >"$M/fill" 2>/dev/null
check_fail 3 "an import on a full disk fails" \
    "$BR" --db "$DB" import fixtures/pts/storage-2sys.xml
check "in one line" [ "$(wc -l <"$T/err")" -eq 1 ]
check_grep "naming the input first" \
    "^benchreport: fixtures/pts/storage-2sys.xml: not stored in $DB: " "$T/err"
check_grep "and saying the disk is full" "the disk is full" "$T/err"
check_nogrep "without SQL" "SELECT|INSERT|COMMIT|PRAGMA|BEGIN|CREATE" "$T/err"
check "short enough to read" [ "$(wc -c <"$T/err")" -lt 250 ]
check_ok "list works on the full disk" "$BR" --db "$DB" list
check_grep "and lists the set" "Scheduler pair" "$T/out"
check_ok "show works on the full disk" "$BR" --db "$DB" show 1
check_ok "export works on the full disk" "$BR" --db "$DB" export -f csv 1
check_fail 3 "delete on the full disk fails" "$BR" --db "$DB" delete 1
check_grep "saying the disk is full" "the disk is full" "$T/err"
# Nearly full: the store opens, the import's writes do not fit.
rm -f "$M/fill"
avail=$(df -k "$M" | awk 'NR == 2 { print $4 }')
head -c $(( (avail - 48) * 1024 )) /dev/zero >"$M/fill" 2>/dev/null
check_fail 3 "nearly full: the import fails" \
    "$BR" --db "$DB" import fixtures/pts/storage-2sys.xml
check_grep "nearly full: naming the input" "^benchreport: fixtures/pts/storage-2sys.xml: " "$T/err"
check_nogrep "nearly full: without SQL" "SELECT|INSERT|COMMIT|PRAGMA|BEGIN|CREATE" "$T/err"
check_fail 3 "nearly full, with -v" \
    "$BR" -v --db "$DB" import fixtures/pts/storage-2sys.xml
check_grep "-v adds the statement" "^benchreport: the statement was: [A-Z]+" "$T/err"
rm -f "$M/fill"
check_ok "with space again, the import works" \
    "$BR" --db "$DB" import fixtures/pts/storage-2sys.xml
check_ok "and list shows both" "$BR" --db "$DB" list
check_grep "the second set" "Two NVMe" "$T/out"
done_testing
