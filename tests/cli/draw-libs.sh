#!/bin/sh
# SPDX-License-Identifier: ISC
# The drawing libraries (cairo, pango, HarfBuzz, libpng) are loaded by the
# commands that draw, not at start (src/canvas-dl.h): an import, a list
# or an export maps none of them, which keeps an import's memory below
# the size of the file it reads. The dynamic loader's own log
# (LD_DEBUG=libs) says which libraries a run loaded.
. tests/cli/lib.sh
cd "$ROOT" || exit 2
F=fixtures/pts/storage-2sys.xml

loaded() {	# name command...: the loader's log of one run in $T/ld.NAME
	name=$1; shift
	LD_DEBUG=libs LD_DEBUG_OUTPUT="$T/ld.$name" "$@" >"$T/out" 2>"$T/err"
	st=$?
	cat "$T/ld.$name".* >"$T/ld.$name" 2>/dev/null
}

loaded import "$BR" import "$F"
check "import succeeds" test "$st" -eq 0
id=$(cut -f1 "$T/out")
check "the loader's log is there" test -s "$T/ld.import"
check_grep "import: the store's library is loaded" 'libxml2\.so' "$T/ld.import"
for lib in libcairo libpango-1 libpangocairo libharfbuzz libpng16 libfontconfig; do
	check_nogrep "import: $lib is not loaded" "$lib" "$T/ld.import"
done
loaded list "$BR" list
check "list succeeds" test "$st" -eq 0
check_nogrep "list: cairo is not loaded" 'libcairo' "$T/ld.list"
loaded export "$BR" export -f csv "$id"
check "export succeeds" test "$st" -eq 0
check_nogrep "export: cairo is not loaded" 'libcairo' "$T/ld.export"
loaded chart "$BR" chart -o "$T/charts" "$id"
check "chart succeeds" test "$st" -eq 0
for lib in libcairo libpango-1 libpangocairo libharfbuzz libpng16; do
	check_grep "chart: $lib is loaded" "$lib" "$T/ld.chart"
done
check "chart: the charts are written" test -n "$(ls "$T/charts" 2>/dev/null)"
loaded publish "$BR" publish -o "$T/page" "$id"
check "publish succeeds" test "$st" -eq 0
check_grep "publish: cairo is loaded" 'libcairo' "$T/ld.publish"
done_testing
