#!/bin/sh
# SPDX-License-Identifier: ISC
# import of fio and dd output: repeated runs merged by --system (N = 3 in
# the store), --merge-runs, error-only fio output refused with its message,
# dd seed with two systems, a corrupted log imported with a warning, dd
# run now under every installed locale.
. "$(dirname "$0")/lib.sh"
FX="$ROOT/fixtures"

check_ok "three runs with --system" "$BR" import --system box \
	"$FX/fio/run1-randread.json" "$FX/fio/run2-randread.json" "$FX/fio/run3-randread.json"
check_grep "three runs: one set, files merged" "3 files merged as runs" "$T/out"
nv=$(sqlite3 "$BENCHREPORT_DB" "SELECT DISTINCT n FROM results")
check "three runs: N = 3 stored" [ "$nv" = 3 ]
nr=$(sqlite3 "$BENCHREPORT_DB" "SELECT sum(length(runs) / 8) FROM results")
nt=$(sqlite3 "$BENCHREPORT_DB" "SELECT count(*) FROM results")
check "three runs: raw runs stored" [ "$nr" -eq $((nt * 3)) ]
check_ok "same runs again" "$BR" import --system box \
	"$FX/fio/run1-randread.json" "$FX/fio/run2-randread.json" "$FX/fio/run3-randread.json"
check_grep "same runs again: recognised" "already imported" "$T/out"

check_ok "--merge-runs without --system" "$BR" import --merge-runs \
	"$FX/fio/run2-randread.json" "$FX/fio/run3-randread.json"
check_grep "--merge-runs: merged" "2 files merged as runs" "$T/out"

check_fail 2 "fio error message refused" "$BR" import "$FX/fio/error-shm.json"
check_grep "fio error quoted" 'error-shm.json:1: .*"error: failed to setup shm segment"' "$T/err"

check_fail 2 "a bad run stores nothing" "$BR" import --system box \
	"$FX/fio/run1-randread.json" "$FX/fio/error-shm.json"
sets=$(sqlite3 "$BENCHREPORT_DB" "SELECT count(*) FROM result_sets")
check "a bad run stores nothing: still two sets" [ "$sets" -eq 2 ]

check_ok "--system with files of several formats: separate sets" "$BR" import \
	--system box2 "$FX/fio/run1-randread.json" "$FX/dd/busybox.txt"
check_nogrep "several formats: not merged" "merged as runs" "$T/out"
sets=$(sqlite3 "$BENCHREPORT_DB" "SELECT count(*) FROM result_sets")
check "several formats: two more sets" [ "$sets" -eq 4 ]

check_ok "corrupted log imports" "$BR" -v import "$FX/fio/corrupt_clat.1.log"
check_grep "corrupted log: warning with line" 'corrupt_clat.1.log:3: corrupted log row' "$T/err"
# Without -v the terminal gets one line per file; show --warnings has them all.
check_ok "corrupted log, a new store, no -v" "$BR" --db "$T/notes.db" import "$FX/fio/corrupt_clat.1.log"
check "  one line on the terminal" test "$(wc -l <"$T/err")" -eq 1
check_grep "  saying how many and where to read them" \
    'corrupt_clat.1.log: 2 notes: benchreport show 1 --warnings$' "$T/err"
check_ok "  show --warnings" "$BR" --db "$T/notes.db" show 1 --warnings
check_grep "  lists them, named by file and line" '^corrupt_clat.1.log:3: corrupted log row' "$T/out"
check "  one line each" test "$(wc -l <"$T/out")" -eq 2
check_ok "  a set without notes says so" "$BR" --db "$T/notes.db" import "$FX/dd/gnu-small.txt"
check_ok "  show --warnings of it" "$BR" --db "$T/notes.db" show 2 --warnings
check_grep "  no notes" '^no notes' "$T/out"

check_ok "dd with two machines" "$BR" import "$FX/dd/two-machines-crlf.txt"
check_grep "dd: two systems" "2 systems" "$T/out"

# dd under every locale made now (locales-all): the value is bytes over
# seconds, within 5 % of the printed rate.
if [ -f /usr/lib/locale/uk_UA.utf8/LC_CTYPE ] && command -v dd >/dev/null 2>&1; then
	OUT="$T/loc" sh "$FX/dd/gen-locales.sh" >/dev/null 2>&1
	nloc=0 bad=""
	while IFS='	' read -r f l b s m also; do
		[ "$f" = file ] && continue
		v=$("$BR" export -f csv "$T/loc/$f" 2>/dev/null | grep . | tail -n 1 | sed 's/.*,//')
		awk -v v="$v" -v m="$m" -v b="$b" -v s="$s" 'BEGIN { sub(/,/, ".", s); e = b / s / 1e6
			exit !(v != "" && (v - e) * (v - e) <= 1e-12 * e * e && (e - m) * (e - m) <= 0.0025 * m * m) }' ||
			bad="$bad $l"
		nloc=$((nloc + 1))
	done < "$T/loc/expected.tsv"
	[ -z "$bad" ] || echo "# wrong:$bad"
	check "dd made now under every locale: $nloc forms, each bytes over seconds" \
		[ "$nloc" -ge 10 -a -z "$bad" ]
else
	skip "dd made now under every locale" "locales-all is not installed"
fi

if [ -n "$SHARED" ]; then
	check_ok "seed 001 imports" "$BR" import "$SHARED/seeds/001_332226ff2c2cc6a5.txt"
	sy=$(sqlite3 "$BENCHREPORT_DB" "SELECT group_concat(identifier, ',') FROM
		(SELECT DISTINCT identifier FROM systems WHERE identifier IN ('Desktop','Laptop'))")
	check "seed 001: Desktop and Laptop" [ "$sy" = "Desktop,Laptop" ]
else
	skip "seed 001 imports" "../shared is absent"
	skip "seed 001: Desktop and Laptop" "../shared is absent"
fi
done_testing
