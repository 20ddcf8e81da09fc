#!/bin/sh
# SPDX-License-Identifier: ISC
# show's text layout: numbers aligned on their decimal point (the value,
# and its SE after "+/-"), down each system's column of the table and down
# each test's block; test titles take all the width COLUMNS leaves; a
# narrow terminal gets one block per test, no line wider than it. Expected
# output: show.*.txt beside this script, in the C locale (ASCII marks);
# REGEN=1 rewrites them.
. tests/cli/lib.sh
cd "$ROOT" || exit 2

expect() {	# name, columns, file: show under COLUMNS, compare with show.NAME.txt
	LC_ALL=C COLUMNS=$2 "$BR" show "$3" >"$T/$1" 2>"$T/err"
	[ -n "${REGEN:-}" ] && cp "$T/$1" "tests/cli/show.$1.txt"
	check "COLUMNS=$2 show $3 as in show.$1.txt" diff -u "tests/cli/show.$1.txt" "$T/$1"
	check "COLUMNS=$2: no line wider than the terminal" \
	    awk -v w="$2" 'length($0) > w { exit 1 }' "$T/$1"
}
expect storage-120 120 fixtures/pts/storage-2sys.xml
expect storage-80 80 fixtures/pts/storage-2sys.xml
expect before-160 160 fixtures/diff/before.xml
expect before-40 40 fixtures/diff/before.xml

# The points of a column line up, whatever the number of digits.
check "table: one column for every SE's +/- of a system" sh -c \
    'awk "/^Flexible|^SQLite/ { print index(\$0, \"+/-\") }" "$1" | sort -u | wc -l | grep -qx 1' \
    sh "$T/storage-120"
check_grep "table: an integer value is padded where its decimals would be" \
    '  360000     \+/- 1732\.05  ' "$T/storage-120"
check_grep "table: a value with fewer decimals pads after them" \
    '  6\.412 \+/-    0\.00985  ' "$T/storage-120"
check_grep "blocks: SEs right-aligned on their points within a test" \
    '^  Samsung 980 PRO 2TB  277000 \+/-   0\.00$' "$T/storage-80"
check_grep "blocks: a significant lead carries the *" \
    '^  Crucial T705 2TB     12419 \+/- 8\.08 \*$' "$T/storage-80"
check_nogrep "a lead within noise (277000 +/- 0 vs 276667 +/- 333, N 3) is not starred" \
    '277000 .*\*' "$T/storage-80"
check_grep "titles: the whole label at 160 columns" \
    '^Timed Linux Kernel Compilation: Build: defconfig  ' "$T/before-160"
check_nogrep "titles: nothing cut at 160 columns" '~  ' "$T/before-160"
LC_ALL=C.UTF-8 COLUMNS=120 "$BR" show fixtures/diff/before.xml >"$T/utf8" 2>"$T/err"
check_grep "UTF-8: ± between value and SE, aligned" '1018\.33 ± 3\.76  +1004\.00 ± 3\.46 $' "$T/utf8"

# list cuts titles to COLUMNS, and keeps them whole when there is room.
"$BR" import fixtures/pts/scheduler-pair.xml >/dev/null 2>&1
LC_ALL=C COLUMNS=60 "$BR" list >"$T/list60" 2>"$T/err"
check "list at 60 columns: no line wider" awk 'length($0) > 60 { exit 1 }' "$T/list60"
check_grep "list at 60 columns: a long title cut to what is left" ' Schedule~$' "$T/list60"
LC_ALL=C COLUMNS=200 "$BR" list >"$T/list200" 2>"$T/err"
check_grep "list at 200 columns: the title whole" ' Scheduler pair on one NVMe drive$' "$T/list200"
done_testing
