#!/bin/sh
# SPDX-License-Identifier: ISC
# Round trip through the store and the PTS XML writer, for every fixture
# and every corpus composite.xml: import -> export pts-xml -> import into a
# fresh database -> export json must equal the first JSON export (source
# path and checksum aside). CSV and JSON exports must run on each.
. tests/cli/lib.sh

if ! "$BR" formats | grep -q '^pts-xml'; then
	skip "round trips" "no pts-xml reader in this build"
	done_testing
	exit 0
fi
csv=0
"$BR" export --help | grep -q 'one of:.*csv' && csv=1

# JSON without the two fields that name the file rather than its content.
strip_source() {
	grep -v -E '^    "(path|sha256)": ' "$1"
}

roundtrip() {	# label file
	label=$1; f=$2
	rm -f "$T/a.db"* "$T/b.db"*
	if ! "$BR" --db "$T/a.db" import "$f" >"$T/out" 2>"$T/err"; then
		st=$?
		skip "$label" "not importable here: $(head -1 "$T/err")"
		return
	fi
	id=$(cut -f1 "$T/out" | head -1)
	run "$BR" --db "$T/a.db" export "$id" -f json -o "$T/a.json"
	[ "$st" -eq 0 ] || { _report 0 "$label: export json"; return; }
	run "$BR" --db "$T/a.db" export "$id" -f pts-xml -o "$T/x.xml"
	[ "$st" -eq 0 ] || { _report 0 "$label: export pts-xml"; return; }
	run "$BR" --db "$T/b.db" import "$T/x.xml"
	[ "$st" -eq 0 ] || { _report 0 "$label: re-import of the export"; return; }
	run "$BR" --db "$T/b.db" export 1 -f json -o "$T/b.json"
	strip_source "$T/a.json" >"$T/a.cmp"
	strip_source "$T/b.json" >"$T/b.cmp"
	if cmp -s "$T/a.cmp" "$T/b.cmp"; then _report 1 "$label: round trip"
	else
		_report 0 "$label: round trip"
		diff "$T/a.cmp" "$T/b.cmp" | head -10 | sed 's/^/#   /'
	fi
	if [ "$csv" = 1 ]; then
		run "$BR" --db "$T/a.db" export "$id" -f csv -o "$T/a.csv"
		check "$label: csv export" test "$st" -eq 0 -a -s "$T/a.csv"
	fi
}

for f in fixtures/pts/*.xml; do
	[ -f "$f" ] && roundtrip "fixture $(basename "$f")" "$f"
done
if [ -n "$SHARED" ] && [ -d "$SHARED/corpus/pts-xml" ]; then
	for f in "$SHARED"/corpus/pts-xml/*; do
		[ -f "$f" ] && roundtrip "corpus $(basename "$f")" "$f"
	done
else
	skip "corpus round trips" "../shared is absent"
fi
done_testing
