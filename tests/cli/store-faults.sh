#!/bin/sh
# SPDX-License-Identifier: ISC
# Store faults from the command line. Covered:
#   - schema versions: a newer store is refused and left as it is; a
#     version-0 database is migrated, keeping what else it holds;
#   - damage: a file that is not a database, a truncated store and a store
#     with garbage pages give exit 3 and a message naming the file, and the
#     file is left byte for byte (whatever the command);
#   - a read-only store (as root: a tmpfs remounted read-only; otherwise a
#     file without write permission): list and show work, import and delete
#     exit 3 saying why, and nothing changes;
#   - a full file system (root only: a small tmpfs): the import fails with
#     exit 3, integrity_check passes, the earlier set is intact, and the
#     import lands once there is room; an export or chart there fails and
#     leaves the earlier output whole and no temporary file;
#   - imports of a large generated PTS file killed with SIGKILL at random
#     points: integrity_check passes and no partial set is visible;
#   - two imports at once into one new store both land.
# The API-level kill and concurrency tests are tests/unit/test-store-faults.c.
. tests/cli/lib.sh
trap 'for m in "$T/ro" "$T/full"; do umount "$m" 2>/dev/null; done; rm -rf "$T"' EXIT INT TERM

F=fixtures/pts/scheduler-pair.xml
have_pts=0
"$BR" formats | grep -q '^pts-xml' && have_pts=1
have_sqlite=0
command -v sqlite3 >/dev/null 2>&1 && have_sqlite=1
root=0
[ "$(id -u)" = 0 ] && root=1

sum() { cksum <"$1"; }
integrity() {	# db: "ok" when SQLite finds nothing wrong
	sqlite3 "$1" 'PRAGMA integrity_check' 2>&1 | head -1
}
# A PTS result file with n results for 4 systems; tag makes the bytes unique.
gen_pts() {	# n tag
	awk -v n="$1" -v tag="$2" 'BEGIN {
		print "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n  <Generated>"
		printf "    <Title>Generated %s</Title>\n", tag
		print "    <TestClient>Phoronix Test Suite v10.8.4</TestClient>\n  </Generated>"
		for (s = 0; s < 4; s++)
			printf "  <System>\n    <Identifier>system %d</Identifier>\n" \
			    "    <Hardware>Processor: A processor, Disk: A disk</Hardware>\n" \
			    "    <Software>OS: An OS, File-System: ext4</Software>\n  </System>\n", s
		for (i = 0; i < n; i++) {
			printf "  <Result>\n    <Identifier>pts/generated-%d</Identifier>\n", i
			print "    <Title>Generated</Title>"
			printf "    <Arguments>case %d</Arguments>\n", i
			print "    <Scale>MB/s</Scale>\n    <Proportion>HIB</Proportion>"
			print "    <DisplayFormat>BAR_GRAPH</DisplayFormat>\n    <Data>"
			for (s = 0; s < 4; s++)
				printf "      <Entry><Identifier>system %d</Identifier><Value>%d.5</Value>" \
				    "<RawString>%d:%d:%d</RawString></Entry>\n", s, i + s, i + s, i + s + 1, i + s - 1
			print "    </Data>\n  </Result>"
		}
		print "</PhoronixTestSuite>"
	}'
}
NBIG=3000
# Sets that are not whole: a generated set without all its tests and
# values, or a source without its set.
partial_sets() {	# db
	sqlite3 "$1" "SELECT (SELECT count(*) FROM result_sets r WHERE
	    r.title LIKE 'Generated%' AND ((SELECT count(*) FROM tests WHERE
	    set_id = r.id) != $NBIG OR (SELECT count(*) FROM results x JOIN
	    tests t ON x.test_id = t.id WHERE t.set_id = r.id) != $((NBIG * 4))))
	    + (SELECT count(*) FROM sources WHERE id NOT IN
	    (SELECT source_id FROM result_sets))"
}
# Pseudo-random integer in [0, n).
rnd() { echo $(( $(od -An -N2 -tu2 /dev/urandom | tr -d ' ') % $1 )); }
now_ms() { date +%s%3N; }

# --- Schema versions -----------------------------------------------------
if [ "$have_sqlite" = 1 ]; then
	db="$T/new.db"
	check_ok "a store is created" "$BR" --db "$db" list
	check "with 16 KiB pages" [ "$(sqlite3 "$db" 'PRAGMA page_size')" = 16384 ]
	cur=$(sqlite3 "$db" 'PRAGMA user_version')
	sqlite3 "$db" "PRAGMA user_version = $((cur + 1))"
	before=$(sum "$db")
	check_fail 3 "a newer schema is refused" "$BR" --db "$db" list
	check_grep "and the message says so" "new.db.*schema version $((cur + 1)) is newer" "$T/err"
	check "and the newer store is left as it is" [ "$(sum "$db")" = "$before" ]
	db="$T/old.db"
	sqlite3 "$db" "CREATE TABLE my_notes (x TEXT); INSERT INTO my_notes VALUES ('kept')"
	check_ok "a version-0 database is migrated" "$BR" --db "$db" list
	check "to the current version" [ "$(sqlite3 "$db" 'PRAGMA user_version')" = "$cur" ]
	check "keeping what else it held" [ "$(sqlite3 "$db" 'SELECT x FROM my_notes')" = kept ]
	# A version-2 store written by the previous release (one row per run
	# and per series point), and its sets' JSON export from that release.
	db="$T/v2.db"
	sqlite3 "$db" <fixtures/store/v2.sql
	check_ok "a version-2 store is migrated" "$BR" --db "$db" list
	check "to the current version" [ "$(sqlite3 "$db" 'PRAGMA user_version')" = "$cur" ]
	check "its rows of runs and points are gone" [ "$(sqlite3 "$db" "SELECT \
	    count(*) FROM sqlite_master WHERE name IN ('runs', 'series_points')")" = 0 ]
	"$BR" --db "$db" list --format tsv | cut -f3-5 | tr '\t\n' ' ;' >"$T/counts"
	check "the sets' counts are moved into their rows" \
	    [ "$(cat "$T/counts")" = "2 2 4;1 2 2;1 1 1;" ]
	for i in 1 2 3; do
		"$BR" --db "$db" export -f json "$i" >"$T/v2.$i.json" 2>"$T/err"
		check "set $i exports as the previous release exported it" \
		    cmp -s "$T/v2.$i.json" "fixtures/store/v2.$i.json"
	done
	# A version-4 store (values indexed and referenced by system, each
	# value's whole JSON in its row) from the release before version 5.
	db="$T/v4.db"
	sqlite3 "$db" <fixtures/store/v4.sql
	check_ok "a version-4 store is migrated" "$BR" --db "$db" list
	check "to the current version" [ "$(sqlite3 "$db" 'PRAGMA user_version')" = "$cur" ]
	check "its values have no index by system" [ "$(sqlite3 "$db" "SELECT \
	    count(*) FROM sqlite_master WHERE name = 'results_system'")" = 0 ]
	check "and every value is kept" [ "$(sqlite3 "$db" "SELECT count(*) \
	    FROM results")" = 16 ]
	for i in 1 2 3; do
		"$BR" --db "$db" export -f pts-xml "$i" >"$T/v4.$i.xml" 2>"$T/err"
		check "set $i exports as the release before exported it" \
		    cmp -s "$T/v4.$i.xml" "fixtures/store/v4.$i.xml"
		"$BR" --db "$db" export -f json "$i" >"$T/v4.$i.json" 2>"$T/err"
		check "  and as JSON" cmp -s "$T/v4.$i.json" "fixtures/store/v4.$i.json"
	done
	check_ok "a migrated set is deleted" "$BR" --db "$db" delete 1
	check "its values go with it, the others stay" [ "$(sqlite3 "$db" \
	    "SELECT count(*) FROM results")" = 8 ]
	check "the fio log's series stays" [ "$(sqlite3 "$db" \
	    "SELECT count(*) FROM series")" = 1 ]
	check "nothing refers to what is gone" [ -z "$(sqlite3 "$db" \
	    "PRAGMA foreign_key_check")" ]
	# Schema 5 keeps a value's reference to its system unchecked: a
	# system deleted alone (no command does that) takes its values along.
	sqlite3 "$db" "PRAGMA foreign_keys = ON; DELETE FROM systems WHERE id = \
	    (SELECT min(id) FROM systems WHERE set_id = 2)"
	check "a system deleted alone takes its values" [ "$(sqlite3 "$db" \
	    "SELECT count(*) FROM results")" = 6 ]
else
	skip "schema versions" "no sqlite3 program"
fi

# --- Damaged files ---------------------------------------------------------
damaged() {	# label db: every command exits 3, names the file, changes nothing
	label=$1; db=$2
	before=$(sum "$db")
	check_fail 3 "$label: list is a store error" "$BR" --db "$db" list
	check_grep "$label: the message names the file" "$(basename "$db")" "$T/err"
	check_grep "$label: and says it is damaged" "damaged|not a database|malformed" "$T/err"
	check_fail 3 "$label: show 1" "$BR" --db "$db" show 1
	if [ "$have_pts" = 1 ]; then
		cp "$F" "$T/other.xml"; echo "<!-- $label -->" >>"$T/other.xml"
		check_fail 3 "$label: import" "$BR" --db "$db" import "$T/other.xml"
	fi
	check "$label: the file is unchanged" [ "$(sum "$db")" = "$before" ]
	check "$label: no journal left beside it" [ ! -s "$db-wal" ]
}
head -c 20000 /dev/urandom >"$T/random.db"
damaged "random bytes" "$T/random.db"
printf 'a note, not a database\n' >"$T/text.db"
damaged "a text file" "$T/text.db"
"$BR" --db "$T/full-size.db" list >/dev/null 2>&1
[ "$have_pts" = 1 ] && "$BR" --db "$T/full-size.db" import "$F" >/dev/null 2>&1
size=$(wc -c <"$T/full-size.db")
head -c $((size / 2)) "$T/full-size.db" >"$T/truncated.db"
damaged "a truncated store" "$T/truncated.db"
if [ "$have_pts" = 1 ]; then
	cp "$T/full-size.db" "$T/pages.db"
	# Garbage over pages 5-7: the set's tables, past the schema.
	psize=$(sqlite3 "$T/pages.db" "PRAGMA page_size" 2>/dev/null) || psize=8192
	dd if=/dev/urandom of="$T/pages.db" bs="$psize" seek=4 count=3 conv=notrunc 2>/dev/null
	before=$(sum "$T/pages.db")
	run "$BR" --db "$T/pages.db" show 1
	check "garbage pages: show fails cleanly (status 3)" [ "$st" -eq 3 ]
	run "$BR" --db "$T/pages.db" import "$T/other.xml"
	check "garbage pages: import fails cleanly (status 3)" [ "$st" -eq 3 ]
	check "garbage pages: the file is unchanged" [ "$(sum "$T/pages.db")" = "$before" ]
else
	skip "garbage pages" "no pts-xml reader in this build"
fi

if [ "$have_pts" = 0 ] || [ "$have_sqlite" = 0 ]; then
	skip "read-only, full, killed and concurrent imports" "needs the pts-xml reader and sqlite3"
	done_testing
	exit 0
fi

# --- Read-only store ---------------------------------------------------------
ro_mounted=0
mkdir -p "$T/ro"
if [ "$root" = 1 ] && mount -t tmpfs -o size=8m tmpfs "$T/ro" 2>/dev/null; then
	ro_mounted=1
fi
db="$T/ro/r.db"
if [ "$root" = 0 ] || [ "$ro_mounted" = 1 ]; then
	"$BR" --db "$db" import "$F" >/dev/null
	"$BR" --db "$db" show 1 >"$T/show-before"
	if [ "$ro_mounted" = 1 ]; then
		mount -o remount,ro "$T/ro"; how="read-only file system"
	else
		chmod a-w "$db"; how="read-only file"
	fi
	before=$(sum "$db")
	check_ok "$how: list works" "$BR" --db "$db" list
	check_grep "$how: and shows the set" "Scheduler pair" "$T/out"
	check_ok "$how: show works" "$BR" --db "$db" show 1
	check "$how: and shows the same" cmp -s "$T/out" "$T/show-before"
	gen_pts 50 ro >"$T/ro.xml"
	check_fail 3 "$how: import is a store error" "$BR" --db "$db" import "$T/ro.xml"
	check_grep "$how: saying the store is read-only" "r.db: database is read-only" "$T/err"
	check_fail 3 "$how: delete is a store error" "$BR" --db "$db" delete 1
	check "$how: the file is unchanged" [ "$(sum "$db")" = "$before" ]
	if [ "$ro_mounted" = 1 ]; then mount -o remount,rw "$T/ro"; else chmod u+w "$db"; fi
	check_ok "$how: writable again, the set is still there" "$BR" --db "$db" show 1
	check "$how: unchanged" cmp -s "$T/out" "$T/show-before"
	[ "$ro_mounted" = 1 ] && umount "$T/ro"
else
	skip "read-only store" "cannot mount a tmpfs here (root without CAP_SYS_ADMIN)"
fi

# --- Full file system --------------------------------------------------------
mkdir -p "$T/full"
if [ "$root" = 1 ] && mount -t tmpfs -o size=1536k tmpfs "$T/full" 2>/dev/null; then
	db="$T/full/r.db"
	"$BR" --db "$db" import "$F" >/dev/null
	"$BR" --db "$db" show 1 >"$T/show-before"
	gen_pts "$NBIG" full >"$T/big-full.xml"
	check_fail 3 "full file system: the import is a store error" "$BR" --db "$db" import "$T/big-full.xml"
	check_grep "full file system: saying so" "r.db: .*(full|No space left)" "$T/err"
	check "full file system: integrity_check passes" [ "$(integrity "$db")" = ok ]
	check "full file system: no partial set" [ "$(partial_sets "$db")" = 0 ]
	check_ok "full file system: the earlier set is readable" "$BR" --db "$db" show 1
	check "full file system: and unchanged" cmp -s "$T/out" "$T/show-before"
	# A new store's first import writes in place (no WAL): failing there
	# too leaves an empty store that opens, in WAL mode.
	check_fail 3 "full file system: a new store's first import is a store error" "$BR" --db "$T/full/n.db" import "$T/big-full.xml"
	check "full file system: the new store passes integrity_check" [ "$(integrity "$T/full/n.db")" = ok ]
	check_ok "full file system: the new store lists" "$BR" --db "$T/full/n.db" list
	check "full file system: and holds no set" [ "$(sqlite3 "$T/full/n.db" 'SELECT count(*) FROM result_sets')" = 0 ]
	check "full file system: no rollback journal is left" [ ! -e "$T/full/n.db-journal" ]
	rm -f "$T/full"/n.db*
	# Outputs on a full file system: the old file stays whole, no temporary is left.
	# (the store is elsewhere, so that only the output meets the full disk)
	# (room first for the old file: the failed import's log may fill the disk)
	"$BR" --db "$T/outsrc.db" import "$F" >/dev/null
	mount -o remount,size=2m "$T/full"
	printf 'old export\n' >"$T/full/out.json"
	dd if=/dev/zero of="$T/full/filler" bs=64k 2>/dev/null
	run "$BR" --db "$T/outsrc.db" export 1 -f json -o "$T/full/out.json"
	check "full file system: the export fails (status $st)" [ "$st" -eq 2 ]
	check_grep "full file system: saying why" 'out.json: .*No space left' "$T/err"
	check "full file system: the earlier output is intact" [ "$(cat "$T/full/out.json")" = "old export" ]
	check "full file system: no temporary file is left" [ -z "$(ls "$T/full" | grep -v -E '^(r\.db.*|out\.json|filler)$')" ]
	if "$BR" help 2>&1 | grep -q '^  chart '; then
		mkdir -p "$T/full/charts" 2>/dev/null
		run "$BR" --db "$T/outsrc.db" chart -f svg,png -o "$T/full/charts" 1
		check "full file system: chart fails (status $st)" [ "$st" -ne 0 ]
		check "full file system: no chart file, whole or half" [ -z "$(ls "$T/full/charts" 2>/dev/null)" ]
	fi
	rm -f "$T/full/filler"
	mount -o remount,size=16m "$T/full"
	check_ok "with room again, the import lands" "$BR" --db "$db" import "$T/big-full.xml"
	check "and is whole" [ "$(partial_sets "$db")" = 0 ]
	umount "$T/full"
else
	skip "full file system" "needs root and a tmpfs mount (CI runs as root)"
fi

# --- SIGKILL at random points ------------------------------------------------
db="$T/kill.db"
"$BR" --db "$db" import "$F" >/dev/null
"$BR" --db "$db" show 1 >"$T/show-before"
gen_pts "$NBIG" timing >"$T/big.xml"
t0=$(now_ms)
"$BR" --db "$T/timing.db" import "$T/big.xml" >/dev/null
full=$(( $(now_ms) - t0 ))
echo "# an import of $NBIG results takes ${full} ms here"
# Import $T/big.xml into db and SIGKILL it at the i-th of 6 points spread
# over 1.5 times an import (early, mid-write, commit, after); counts in
# killed and landed, the points in points.
kill_import() {	# db i
	ms=$(( (full * 3 / 2) * ($2 - 1) / 6 + $(rnd $((full / 4 + 1))) ))
	points="$points $ms"
	"$BR" --db "$1" import "$T/big.xml" >/dev/null 2>&1 &
	pid=$!
	sleep "$(awk -v m="$ms" 'BEGIN { printf "%.3f", m / 1000 }')"
	kill -9 "$pid" 2>/dev/null
	if wait "$pid"; then landed=$((landed + 1)); else killed=$((killed + 1)); fi
}
ok_int=1; ok_part=1; ok_prev=1; killed=0; landed=0; points=""
for i in 1 2 3 4 5 6; do
	gen_pts "$NBIG" "kill $i" >"$T/big.xml"
	kill_import "$db" "$i"
	[ "$(integrity "$db")" = ok ] || ok_int=0
	[ "$(partial_sets "$db")" = 0 ] || ok_part=0
	"$BR" --db "$db" show 1 >"$T/show-after" 2>&1
	cmp -s "$T/show-before" "$T/show-after" || ok_prev=0
done
echo "# killed at$points ms: $killed killed, $landed finished first"
check "some imports were killed" [ "$killed" -gt 0 ]
check "integrity_check passes after every kill" [ "$ok_int" = 1 ]
check "no partial set after any kill" [ "$ok_part" = 1 ]
check "the earlier set is unchanged after every kill" [ "$ok_prev" = 1 ]
gen_pts "$NBIG" after >"$T/big.xml"
check_ok "an import after the kills lands" "$BR" --db "$db" import "$T/big.xml"
check "and is whole" [ "$(partial_sets "$db")" = 0 ]

# --- SIGKILL in a new store's first import -----------------------------------
# The first import into a store its command created writes the file in
# place, under a rollback journal: a kill leaves that journal, which the
# next open rolls back before it switches the file to WAL.
ok_int=1; ok_part=1; ok_wal=1; ok_list=1; killed=0; landed=0; points=""
for i in 1 2 3 4 5 6; do
	gen_pts "$NBIG" "first kill $i" >"$T/big.xml"
	db="$T/first$i.db"
	kill_import "$db" "$i"
	[ -e "$db" ] || continue	# killed before it made the file
	"$BR" --db "$db" list >"$T/list" 2>&1 || ok_list=0
	[ "$(sqlite3 "$db" 'PRAGMA journal_mode')" = wal ] || ok_wal=0
	[ "$(integrity "$db")" = ok ] || ok_int=0
	[ "$(partial_sets "$db")" = 0 ] || ok_part=0
done
echo "# first imports killed at$points ms: $killed killed, $landed finished first"
check "some first imports were killed" [ "$killed" -gt 0 ]
check "every store of a killed first import opens and lists" [ "$ok_list" = 1 ]
check "and is in WAL mode once opened" [ "$ok_wal" = 1 ]
check "integrity_check passes after every first-import kill" [ "$ok_int" = 1 ]
check "no partial set after any first-import kill" [ "$ok_part" = 1 ]
db="$T/first.db"
check_ok "a first import that runs to its end lands" "$BR" --db "$db" import "$T/big.xml"
check "and is whole" [ "$(partial_sets "$db")" = 0 ]
check "and leaves the store in WAL mode" [ "$(sqlite3 "$db" 'PRAGMA journal_mode')" = wal ]
check "and no journal or log beside it" [ -z "$(ls "$T" | grep '^first\.db-')" ]
gen_pts "$NBIG" second >"$T/two.xml"
check_ok "the second import into it goes through the WAL and lands" "$BR" --db "$db" import "$T/two.xml"
check "both sets whole" [ "$(sqlite3 "$db" 'SELECT count(*) FROM result_sets')$(partial_sets "$db")" = 20 ]

# --- Two imports at once -----------------------------------------------------
db="$T/both/results.db"
gen_pts "$NBIG" one >"$T/one.xml"
gen_pts "$NBIG" two >"$T/two.xml"
"$BR" --db "$db" import "$T/one.xml" >"$T/one.out" 2>&1 &
p1=$!
"$BR" --db "$db" import "$T/two.xml" >"$T/two.out" 2>&1 &
p2=$!
wait "$p1"; s1=$?
wait "$p2"; s2=$?
check "two imports at once: both succeed" [ "$s1$s2" = 00 ]
check "two imports at once: both sets are stored" [ "$(sqlite3 "$db" 'SELECT count(*) FROM result_sets')" = 2 ]
check "two imports at once: both whole" [ "$(partial_sets "$db")" = 0 ]

done_testing
