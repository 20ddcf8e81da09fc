#!/bin/sh
# SPDX-License-Identifier: ISC
# import - reads standard input: a pipe and a redirected file are stored
# with "-" as their source, the same bytes again are a duplicate, an
# unreadable input is an error naming "-", and no temporary copy is left.
. tests/cli/lib.sh

R=${ROOT:-.}
TMPDIR=$T/tmp; export TMPDIR
mkdir "$TMPDIR"
cat "$R/fixtures/pts/sparse.xml" | "$BR" import - >"$T/out" 2>"$T/err"; st=$?
check "import - from a pipe" [ "$st" -eq 0 ]
check_grep "stores the set" "^1	Merged VM and Host Runs" "$T/out"
check_ok "import - from a redirected file: a duplicate" "$BR" import - \
    <"$R/fixtures/pts/sparse.xml"
check_grep "already imported" "^-: already imported as 1" "$T/out"
check_ok "list" "$BR" list --format tsv
check_grep "the source is -" "	-	[^	]*$" "$T/out"
echo "not a result file" | "$BR" import - >"$T/out" 2>"$T/err"; st=$?
check "garbage on stdin: status 2" [ "$st" -eq 2 ]
check_grep "named as -" "^benchreport: -: " "$T/err"
check "no temporary copy left" [ -z "$(ls "$TMPDIR")" ]
done_testing
