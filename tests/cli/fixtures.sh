#!/bin/sh
# SPDX-License-Identifier: ISC
# Expected output beside the input: every reader fixture is imported into a
# database of its own and compared with the files next to it.
#   NAME.expected.json  the `export -f json` of what was stored
#   NAME.expected.err   what the import said on stderr (warnings, or the
#                       refusal) and its exit status, when it said anything
# Paths are written relative to the project. REGEN=1 (`make
# regen-fixtures`) rewrites the expected files instead of comparing; review
# the diff before committing it.
ROOT=${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$ROOT/tests/cli/lib.sh"
cd "$ROOT" || exit 2

# The directories whose files are reader inputs (not fixtures/store: its
# files are databases and dumps).
DIRS="chart dd dd/locale demo diff fio fuzz/fio_log fuzz/fio_text
    fuzz/ob_html fuzz/pts_html hostile meta ob ob-html pts pts-export
    pts-export/result-dir pts-hostile run"

expect() {	# name, got, want
	if [ -n "${REGEN:-}" ]; then
		if [ -s "$2" ]; then cp "$2" "$3"; else rm -f "$3"; fi
		_report 1 "$1 (rewritten)"
	elif [ ! -s "$2" ] && [ ! -e "$3" ]; then
		_report 1 "$1"
	elif [ -f "$3" ] && cmp -s "$2" "$3"; then
		_report 1 "$1"
	else
		st=1; : >"$T/err"
		_report 0 "$1"
		diff -u "$3" "$2" 2>&1 | head -20 | sed 's/^/#   /'
	fi
}

for d in $DIRS; do
	for f in fixtures/$d/*; do
		[ -f "$f" ] || continue
		case "$f" in
		*/README.md|*.sh|*.cmd|*.fields|*.tsv|*.expected.*) continue;;
		esac
		db="$T/fixture.db"
		rm -f "$db"
		"$BR" -v --db "$db" import "$f" >/dev/null 2>"$T/got.err"
		status=$?
		if [ -s "$T/got.err" ] || [ "$status" -ne 0 ]; then
			{ sed "s|$ROOT/||g" "$T/got.err"; echo "exit $status"; } >"$T/got.err2"
		else
			: >"$T/got.err2"
		fi
		: >"$T/got.json"
		if [ "$status" -eq 0 ]; then
			"$BR" --db "$db" export -f json 1 2>&1 |
			    sed "s|$ROOT/||g" >"$T/got.json"
		fi
		expect "$f: export" "$T/got.json" "$f.expected.json"
		expect "$f: diagnostics" "$T/got.err2" "$f.expected.err"
	done
done
done_testing
