#!/bin/sh
# SPDX-License-Identifier: ISC
# The store commands end to end: import, list, show, systems, export,
# delete; their error paths and exit statuses; --help; NO_COLOR; and
# control characters from a file neutralised on the terminal.
. tests/cli/lib.sh

F=fixtures/pts/scheduler-pair.xml
H=fixtures/pts-hostile/control-chars.xml

# --help for every command, on stdout, status 0.
for c in import list show systems export delete; do
	check_ok "$c --help" "$BR" "$c" --help
	check_grep "$c --help prints its usage" "^usage: benchreport $c " "$T/out"
	check_grep "$c --help documents --db" "--db PATH" "$T/out"
done
check_fail 2 "unknown option is a usage error" "$BR" list --bogus

# Errors that need no reader.
check_fail 2 "missing file" "$BR" import "$T/nope.xml"
check_grep "missing file is named" "nope.xml" "$T/err"
: >"$T/empty.xml"
check_fail 2 "empty file" "$BR" import "$T/empty.xml"
check_grep "empty file is named and explained" "empty.xml.*empty" "$T/err"
check_fail 2 "directory" "$BR" import "$T"
check_grep "directory is explained" "directory" "$T/err"
check_fail 2 "/dev/null is refused" "$BR" import /dev/null
mkfifo "$T/fifo"
check_fail 2 "a FIFO is refused (and nothing hangs)" "$BR" import "$T/fifo"
echo "just some words" >"$T/words.txt"
check_fail 2 "unrecognised format" "$BR" import "$T/words.txt"
check_grep "unrecognised format names the file" "words.txt" "$T/err"
check_fail 2 "no FILE is a usage error" "$BR" import
echo x >"$T/file"
check_fail 3 "unwritable database is a store error" "$BR" --db "$T/file/sub/r.db" list
check_fail 3 "unwritable database via --db after the command" "$BR" list --db "$T/file/r.db"
check_grep "store error names the path" "file/r.db" "$T/err"
check_fail 2 "unknown ID" "$BR" show 999
check_grep "unknown ID is explained" "no result set with ID 999" "$T/err"
check_fail 2 "delete of an unknown ID" "$BR" delete 999
check_fail 2 "delete of a non-ID" "$BR" delete abc
check_ok "list of an empty store" "$BR" list
check_ok "list --format json of an empty store" "$BR" list --format json
check_grep "empty JSON list" '^\[ *\]$' "$T/out"
check_fail 2 "list --format nonsense" "$BR" list --format nonsense
if [ -z "$STORE_PG" ]; then
	check_ok "database created under BENCHREPORT_DB" test -f "$BENCHREPORT_DB"
else
	skip "database created under BENCHREPORT_DB" "a PostgreSQL store"
fi
# A URI that is not PostgreSQL's is refused, never a file named after it.
for u in "mysql://h/db" "file:x.db" "postgresql:x" "sqlite:///x.db"; do
	(cd "$T" && "$BR" --db "$u" list >out 2>err); st=$?
	check "--db $u is refused as bad input" [ "$st" -eq 2 ]
	check_grep "  and the message says why" "not supported" "$T/err"
	check "  and nothing is created" [ ! -e "$T/${u%%:*}:" ] && [ ! -e "$T/x.db" ]
done
(cd "$T" && BENCHREPORT_DB="mysql://h/db" "$BR" list >out 2>err); st=$?
check "BENCHREPORT_DB=mysql://... is refused too" [ "$st" -eq 2 ]
XDG_DATA_HOME="$T/xdg" BENCHREPORT_DB= "$BR" list >/dev/null 2>&1
check "default database lives under XDG_DATA_HOME" test -f "$T/xdg/benchreport/results.db"
check "its directory is private" test "$(stat -c %a "$T/xdg/benchreport")" = 700

if ! "$BR" formats | grep -q '^pts-xml'; then
	skip "import and the rest" "no pts-xml reader in this build"
	done_testing
	exit 0
fi

check_ok "import a fixture" "$BR" import "$F"
check_grep "import prints id, title, systems, results" \
    "^1	Scheduler pair on one NVMe drive	2 systems	4 results$" "$T/out"
check_ok "import the same bytes again" "$BR" import "$F"
check_grep "duplicate reported" "already imported as 1" "$T/out"
cp "$F" "$T/copy.xml"
check_ok "same bytes under another name" "$BR" import "$T/copy.xml"
check_grep "recognised by content" "already imported as 1" "$T/out"
check_fail 2 "import --format with an unknown reader" "$BR" import --format nonsense "$F"
check_grep "unknown reader is named" "unknown value for --format: nonsense" "$T/err"
check_grep "the readers are listed" "one of: pts-xml, .*dd" "$T/err"
check_ok "import --format pts-xml forces the reader" "$BR" import --format pts-xml "$F"
check_grep "forced import finds the duplicate" "already imported as 1" "$T/out"
check_fail 2 "good and missing files together" "$BR" import "$H" "$T/nope.xml"
check_grep "the good one was imported" "^2	" "$T/out"
check_grep "the missing one was reported" "nope.xml" "$T/err"

check_ok "list" "$BR" list
check_grep "list shows set 1" "^ +1 pts-xml +2 +2 +4 " "$T/out"
check_ok "list --format tsv" "$BR" list --format tsv
check_grep "tsv row" "^1	pts-xml	2	2	4	" "$T/out"
check_ok "list --format json" "$BR" list -f json
check_grep "json has the title" '"title": "Scheduler pair on one NVMe drive"' "$T/out"

COLUMNS=120 check_ok "show" "$BR" show 1
check_grep "show: the title" "^Scheduler pair on one NVMe drive$" "$T/out"
check_grep "show: value with SE" "1612.47 (±|\+/-) 3.97" "$T/out"
check_grep "show: direction for HIB" "more" "$T/out"
check_grep "show: direction for LIB" "fewer" "$T/out"
check_grep "show: the best is marked without colour" "41.8 +(±|\+/-) 0.42 ?\*" "$T/out"
check_nogrep "show: no colour when not a terminal" "$(printf '\033')" "$T/out"
COLUMNS=200 run "$BR" show 1
check_grep "show: wide terminal gives one table" "TEST +UNIT +BETTER +none +mq-deadline" "$T/out"
COLUMNS=40 run "$BR" show 1
check "show: a narrow terminal still succeeds" test "$st" -eq 0
check "show: no line wider than the terminal" \
    test "$(LC_ALL=C.UTF-8 wc -L <"$T/out")" -le 40
check_ok "show FILE imports on the fly" "$BR" show "$F"
check_grep "show FILE" "^ID 1" "$T/out"

# Colour only on a terminal, and never with NO_COLOR.
if script -qc true /dev/null >/dev/null 2>&1; then
	script -qc "$BR show 1" /dev/null >"$T/tty" 2>&1 </dev/null
	check_grep "colour on a terminal" "$(printf '\033')\\[" "$T/tty"
	NO_COLOR=1 script -qc "$BR show 1" /dev/null >"$T/tty" 2>&1 </dev/null
	check_nogrep "NO_COLOR respected" "$(printf '\033')\\[" "$T/tty"
else
	skip "colour on a terminal" "script(1) cannot allocate a terminal"
	skip "NO_COLOR respected" "script(1) cannot allocate a terminal"
fi

# Control characters from a file are shown, never obeyed.
check_ok "show a hostile file" "$BR" show 2
check_nogrep "no C1 CSI reaches the terminal" "$(printf '\302\233')" "$T/out"
check_nogrep "no tab from a system name reaches the terminal" "evil.*	" "$T/out"
check_grep "the CSI is made visible" 'evil\\u009b31mred\\x09tab' "$T/out"
check_ok "systems of a hostile file" "$BR" systems 2
check_nogrep "systems: no CSI" "$(printf '\302\233')" "$T/out"
check_ok "list with a hostile title" "$BR" list
check_nogrep "list: no CSI" "$(printf '\302\233')" "$T/out"

check_ok "systems" "$BR" systems 1
check_grep "systems: identifier" "^1: none$" "$T/out"
check_grep "systems: raw field" "Processor: +AMD Ryzen 7 7700" "$T/out"
check_ok "systems --meta" "$BR" systems --meta 1
check_grep "systems --meta: run metadata" "User: +bench" "$T/out"

check_ok "export json to stdout" "$BR" export 1 --format json
check_grep "json schema version" '"schema": 2' "$T/out"
check_ok "export pts-xml to a file" "$BR" export 1 -f pts-xml -o "$T/x.xml"
check "export wrote the file" test -s "$T/x.xml"
check_ok "the export is well-formed XML" xmllint --noout "$T/x.xml"
if "$BR" export --help | grep -q 'one of:.*csv'; then
	check_ok "export csv" "$BR" export 1 -f csv -o "$T/x.csv"
	check "csv written" test -s "$T/x.csv"
else
	skip "export csv" "no csv writer in this build"
	skip "csv written" "no csv writer in this build"
fi
check_fail 2 "export: unknown format" "$BR" export 1 -f nonsense
check_fail 2 "export: unwritable output" "$BR" export 1 -o "$T/no/such/dir/x.json"
check "export: nothing left behind" test -z "$(ls "$T/no" 2>/dev/null)"
check_fail 2 "export: unknown ID" "$BR" export 999

check_ok "export FILE imports on the fly" "$BR" export "$F" -f json
check_grep "export FILE" '"title": "Scheduler pair on one NVMe drive"' "$T/out"

# Three imports at once into a new database (two of the same bytes): WAL,
# the busy timeout and the in-transaction duplicate check let all finish,
# and each file is stored exactly once.
sed 's/Scheduler pair/Parallel one/' "$F" >"$T/p1.xml"
sed 's/Scheduler pair/Parallel two/' "$F" >"$T/p2.xml"
"$BR" --db "$T/par.db" import "$T/p1.xml" >"$T/par1" 2>&1 &
pid1=$!
"$BR" --db "$T/par.db" import "$T/p1.xml" >"$T/par2" 2>&1 &
pid2=$!
"$BR" --db "$T/par.db" import "$T/p2.xml" >"$T/par3" 2>&1
st3=$?
wait "$pid1"; st1=$?
wait "$pid2"; st2=$?
check "parallel imports all succeed" test "$st1" -eq 0 -a "$st2" -eq 0 -a "$st3" -eq 0
run "$BR" --db "$T/par.db" list --format tsv
check "parallel imports stored each file once" test "$(wc -l <"$T/out")" -eq 2
check "one of the twins was reported as a duplicate" \
    test "$(cat "$T/par1" "$T/par2" | grep -c 'already imported')" -eq 1

check_ok "delete" "$BR" delete 1
check_fail 2 "deleted set is gone" "$BR" show 1
check_ok "list after delete" "$BR" list --format tsv
check_nogrep "list no longer shows it" "^1	" "$T/out"
check_ok "re-import after delete" "$BR" import "$F"
check_nogrep "re-import is not a duplicate" "already" "$T/out"

# A test keeps the beginning its values' JSON share, each value the rest
# (schema 5): every value's JSON exports as the file wrote it, byte for
# byte, the shared part here ending inside a two-byte character.
J=fixtures/pts/json-prefix.xml
check_ok "import of values with JSON that shares a beginning" "$BR" import "$J"
jid=$(sed -n 's/^\([0-9]*\)	Per-value JSON.*/\1/p' "$T/out")
check_ok "and its export as PTS XML" "$BR" export -f pts-xml "$jid"
sed -n 's/^ *<JSON>\(..*\)<\/JSON>$/\1/p' "$J" | sed 's/"/\&quot;/g' >"$T/json.want"
check "the file has five non-empty JSON values" [ "$(wc -l <"$T/json.want")" -eq 5 ]
nj=0
while IFS= read -r line; do
	grep -Fq "<JSON>$line</JSON>" "$T/out" && nj=$((nj + 1))
done <"$T/json.want"
check "each exports with its exact bytes" [ "$nj" -eq 5 ]
check_ok "delete of that set" "$BR" delete "$jid"
check_ok "list" "$BR" list --format tsv
check_nogrep "it is gone" "Per-value JSON" "$T/out"
done_testing
