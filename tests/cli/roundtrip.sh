#!/bin/sh
# SPDX-License-Identifier: ISC
# Round trip through the store and the PTS XML writer, for every project
# fixture that imports and, with $SHARED, every corpus PTS result file and
# OpenBenchmarking export: import -> export pts-xml -> import into a fresh
# database -> export json must equal the first JSON export, every value,
# SE, N, min, max, note and footnote included (docs/pts-xml.md). Allowed
# differences: the source block (path, checksum, format, URL), the test
# identifier the writer gives a result that had none (pts/NAME or
# local/NAME, checked separately), null for "" in the test fields PTS
# requires (a PTS file always has them), and what XML cannot carry: file
# fields whose names are not XML names, control characters (written "?").
# CSV export must run on each, and its output must import and export to
# the same CSV again.
. tests/cli/lib.sh

if ! "$BR" formats | grep -q '^pts-xml'; then
	skip "round trips" "no pts-xml reader in this build"
	done_testing
	exit 0
fi
csv=0
"$BR" export --help | grep -q 'one of:.*csv' && csv=1

# The JSON export without the source block, with the required test fields'
# null written "", and each test identifier on a line of its own in $2.
normalize() {	# json ids-out
	awk -v ids="$2" '
	/^  "source": \{/ { skip = 1; next }
	skip && /^  \},?$/ { skip = 0; next }
	skip { next }
	/^  "extra": \{/ { inextra = 1 }
	inextra && /^  \},?$/ { inextra = 0 }
	inextra && /^    "[^"]*[^A-Za-z0-9_.-][^"]*": / { next }
	{ gsub(/\\u00[01][0-9a-f]/, "?"); gsub(/\\[bf]/, "?") }
	/^  "results": \[/ { inres = 1 }
	inres && /^      "(identifier|app_version|arguments|description|unit)": null,$/ {
		sub(/null,$/, "\"\",")
	}
	inres && /^      "identifier": / { print > ids; print "      \"identifier\": #"; next }
	{ print }' "$1"
}

# Every identifier equal, or absent before and derived now.
ids_ok() {	# before after
	paste -d '\t' "$1" "$2" | awk -F '\t' '
	$1 == $2 { next }
	$1 ~ /"identifier": "",$/ && $2 ~ /"identifier": "(pts|local)\/[a-z0-9._-]+",$/ { next }
	{ print "#   identifier " $1 " became " $2; bad = 1 }
	END { exit bad }'
}

roundtrip() {	# label file
	label=$1; f=$2
	rm -f "$T/a.db"* "$T/b.db"*
	if ! "$BR" --db "$T/a.db" import "$f" >"$T/out" 2>"$T/err"; then
		skip "$label" "not importable: $(head -1 "$T/err" | cut -c1-60)"
		return
	fi
	id=$(cut -f1 "$T/out" | head -1)
	run "$BR" --db "$T/a.db" export "$id" -f json -o "$T/a.json"
	[ "$st" -eq 0 ] || { _report 0 "$label: export json"; return; }
	run "$BR" --db "$T/a.db" export "$id" -f pts-xml -o "$T/x.xml"
	[ "$st" -eq 0 ] || { _report 0 "$label: export pts-xml"; return; }
	if grep -q '^    <Identifier></Identifier>$' "$T/x.xml"; then
		_report 0 "$label: a Result without an identifier"
	fi
	run "$BR" --db "$T/b.db" import "$T/x.xml"
	[ "$st" -eq 0 ] || { _report 0 "$label: re-import of the export"; return; }
	run "$BR" --db "$T/b.db" export 1 -f json -o "$T/b.json"
	normalize "$T/a.json" "$T/a.ids" >"$T/a.cmp"
	normalize "$T/b.json" "$T/b.ids" >"$T/b.cmp"
	if cmp -s "$T/a.cmp" "$T/b.cmp" && ids_ok "$T/a.ids" "$T/b.ids"; then
		_report 1 "$label: round trip"
	else
		_report 0 "$label: round trip"
		diff "$T/a.cmp" "$T/b.cmp" | head -10 | sed 's/^/#   /'
	fi
	if [ "$csv" = 1 ]; then
		run "$BR" --db "$T/a.db" export "$id" -f csv -o "$T/a.csv"
		check "$label: csv export" test "$st" -eq 0 -a -s "$T/a.csv"
		# The CSV reads back as the set it came from, as far as CSV
		# carries it: its export again is the same file.
		rm -f "$T/c.db"*
		run "$BR" --db "$T/c.db" import "$T/a.csv"
		if [ "$st" -eq 0 ]; then
			run "$BR" --db "$T/c.db" export 1 -f csv -o "$T/c.csv"
		fi
		if [ "$st" -eq 0 ] && cmp -s "$T/a.csv" "$T/c.csv"; then
			_report 1 "$label: csv round trip"
		else
			_report 0 "$label: csv round trip"
			head -2 "$T/err" | sed 's/^/#   /'
			[ -f "$T/c.csv" ] && diff "$T/a.csv" "$T/c.csv" | head -6 | sed 's/^/#   /'
		fi
	fi
}

for f in $(find fixtures -type f ! -name '*.cmd' ! -name '*.md' ! -name '*.sh' ! -name '*.expected.*' | LC_ALL=C sort); do
	roundtrip "fixture ${f#fixtures/}" "$f"
done
if [ -n "$SHARED" ] && [ -d "$SHARED/corpus" ]; then
	for f in "$SHARED"/corpus/pts-xml/* "$SHARED"/corpus/ob-text/*.txt \
	    "$SHARED"/corpus/ob-html/*.html; do
		[ -f "$f" ] && roundtrip "corpus $(basename "$f")" "$f"
	done
else
	skip "corpus round trips" "../shared is absent"
fi
done_testing
