#!/bin/sh
# SPDX-License-Identifier: ISC
# A dd log names no machine: unless --system (or a heading with facts in
# the log) names it, import files its results under the name of the
# file's directory and says so, with the option that sets another name.
# Expected messages: import-dd-name.err.txt beside this script (REGEN=1
# rewrites it).
. tests/cli/lib.sh
cd "$ROOT" || exit 2
D=fixtures/dd

check_ok "a dd log under fixtures/dd" "$BR" import "$D/gnu-small.txt"
cp "$T/err" "$T/all.err"
check_grep "the name chosen, and how to set another" \
    '^benchreport: fixtures/dd/gnu-small\.txt: dd names no system: its results are under "dd", the name of the file.s directory; import with --system NAME to choose another$' "$T/err"
check_ok "a bare file name: the working directory names it" sh -c 'cd "$1" && "$2" import gnu-write-4M.txt' sh "$D" "$BR"
cat "$T/err" >>"$T/all.err"
check_ok "with --system: nothing to say" "$BR" import --system box1 "$D/busybox.txt"
check "with --system: no notice" test ! -s "$T/err"
check_ok "headings with facts name the systems: nothing to say" "$BR" import "$D/two-machines-crlf.txt"
check_nogrep "headings: no notice" 'names no system' "$T/err"
check_ok "-q: quiet" "$BR" import -q "$D/bsd-macos.txt"
check "-q: no notice" test ! -s "$T/err"
check_ok "a PTS file: nothing to say" "$BR" import fixtures/pts/storage-2sys.xml
check "PTS: no notice" test ! -s "$T/err"
mkdir -p "$T/bench box"
cp "$D/gnu-locale-de.txt" "$T/bench box/run.txt"
check_ok "a directory name with a space" "$BR" import "$T/bench box/run.txt"
check_grep "the directory's name, whole" 'under "bench box", the name' "$T/err"
"$BR" systems "$(cut -f1 "$T/out")" >"$T/sys"
check_grep "and the system has that name" '^1: bench box$' "$T/sys"
[ -n "${REGEN:-}" ] && cp "$T/all.err" tests/cli/import-dd-name.err.txt
check "messages as in import-dd-name.err.txt" diff -u tests/cli/import-dd-name.err.txt "$T/all.err"
done_testing
