#!/bin/sh
# SPDX-License-Identifier: ISC
# A PostgreSQL store shared by several importers (run by tests/run.sh's
# PostgreSQL pass, skipped in the SQLite one): 8 imports of different
# files at once all stored; two imports of the same file at once, one
# stored and one duplicate; an importer killed mid-import leaves nothing
# half-written; a server that cannot be reached is named, exit 3, and no
# password reaches the output; every command on the shared store.
. tests/cli/lib.sh

if [ -z "$STORE_PG" ]; then
	skip "PostgreSQL store" "not the PostgreSQL pass of tests/run.sh"
	done_testing
	exit 0
fi
PSQL="$PGTEST_BIN/psql -X -A -t -q -h $PGTEST_HOST -U $PGTEST_USER -d $STORE_PG"
F=fixtures/pts/scheduler-pair.xml

# Eight different files: the fixture under eight titles.
i=1
while [ $i -le 8 ]; do
	# The set's title only (the first): the tests keep theirs, so sets compare.
	sed "0,/<Title>[^<]*<\/Title>/s||<Title>Shared store $i</Title>|" "$F" >"$T/set$i.xml"
	i=$((i + 1))
done
for i in 1 2 3 4 5 6 7 8; do
	"$BR" import "$T/set$i.xml" >"$T/imp$i.out" 2>"$T/imp$i.err" &
done
failed=0
for j in 1 2 3 4 5 6 7 8; do wait %$j || failed=$((failed + 1)); done 2>/dev/null
wait
check "8 concurrent importers all succeed" [ "$failed" = 0 ] && \
    [ "$(cat "$T"/imp*.err)" = "" ]
"$BR" list --format tsv >"$T/list" 2>"$T/err"
check "and all 8 sets are there" [ "$(cut -f7 "$T/list" | sort -u | wc -l)" = 8 ]
check "with 8 distinct IDs" [ "$(cut -f1 "$T/list" | sort -u | wc -l)" = 8 ]
check "each set whole (2 systems, 2 tests, 4 results)" \
    [ "$(cut -f3-5 "$T/list" | sort -u)" = "$(printf '2\t2\t4')" ]

# The same bytes twice at once: one stores, the other sees it stored.
for k in 1 2 3; do
	sed "s|<Title>[^<]*</Title>|<Title>Twice $k</Title>|" "$F" >"$T/twice.xml"
	"$BR" import "$T/twice.xml" >"$T/a.out" 2>"$T/a.err" &
	"$BR" import "$T/twice.xml" >"$T/b.out" 2>"$T/b.err" &
	wait
	stored=$(cat "$T/a.out" "$T/b.out" | grep -c "	Twice $k	")
	dup=$(cat "$T/a.err" "$T/b.err" "$T/a.out" "$T/b.out" | grep -c "already imported as")
	check "same file twice at once ($k): one stores it, one reports the duplicate" \
	    [ "$stored" = 1 ] && [ "$dup" = 1 ]
done
check "and the store holds each once" \
    [ "$($PSQL -c "SELECT count(*) FROM result_sets WHERE title LIKE 'Twice %'")" = 3 ]

# A killed importer: whatever the moment, every stored set is whole and no
# row is left without its set.
awk -v systems=4 -v results=3000 -f tests/bench/gen-pts-xml.awk >"$T/big.xml"
before=$($PSQL -c "SELECT count(*) FROM result_sets")
for delay in 0.2 0.5; do
	"$BR" import "$T/big.xml" >/dev/null 2>&1 &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
done
sleep 0.5	# the server ends the dead connections' transactions
after=$($PSQL -c "SELECT count(*) FROM result_sets")
check "a killed import leaves no set or one whole set" \
    [ "$after" -ge "$before" ] && [ "$after" -le $((before + 1)) ]
check "no half-written set" [ "$($PSQL -c "SELECT count(*) FROM result_sets r \
    WHERE r.title IS NULL OR (SELECT count(*) FROM tests t WHERE t.set_id = r.id) \
    NOT IN (2, 3000)")" = 0 ]
check "no source without its set" [ "$($PSQL -c "SELECT count(*) FROM sources \
    WHERE id NOT IN (SELECT source_id FROM result_sets)")" = 0 ]
check_ok "the file imports after the kills" "$BR" import "$T/big.xml"
cat "$T/out" "$T/err" >"$T/both"
check_grep "whole (3000 tests of 4 systems) or already imported" \
    "4 systems	12000 results|already imported" "$T/both"

# Every command on the shared store.
check_ok "show" "$BR" show 1
check_grep "show prints the set" "Shared store" "$T/out"
check_ok "systems --all --where" "$BR" systems --all --where filesystem=EXT4
check "systems --where finds the 16 ext4 systems" \
    [ "$(grep -c '	ext4	' "$T/out")" -ge 16 ]
check_ok "export" "$BR" export -f json 1
check_ok "diff" "$BR" diff 1 2
check_ok "normalize" "$BR" normalize 1
check_ok "list --limit 2 --offset 3" "$BR" list --format tsv --limit 2 --offset 3
check "lists sets 4 and 5" [ "$(cut -f1 "$T/out" | tr '\n' ' ')" = "4 5 " ]
check_ok "delete" "$BR" delete 8
check_fail 2 "a deleted set is gone" "$BR" show 8
# The latest schema version: a new SQLite store's (both keep one numbering).
"$BR" --db "$T/latest.db" list >/dev/null 2>&1
LATEST=$(sqlite3 "$T/latest.db" 'PRAGMA user_version')
check "the schema version is recorded" \
    [ "$($PSQL -c "SELECT version FROM benchreport_schema")" = "$LATEST" ]
# Schema 4 checks the references of values per statement (store-pg.c):
# a delete still takes a set's values with it, and a value that names no
# test or system is refused.
check "no value outlives its test or system" [ "$($PSQL -c "SELECT count(*) \
    FROM results v LEFT JOIN tests t ON t.id = v.test_id LEFT JOIN systems y \
    ON y.id = v.system_id WHERE t.id IS NULL OR y.id IS NULL")" = 0 ]
check "every stored value belongs to a stored set" [ "$($PSQL -c "SELECT \
    (SELECT count(*) FROM results) = (SELECT sum(nvalues) FROM result_sets)")" = t ]
check_fail 1 "a value naming no test is refused" $PSQL -c "INSERT INTO results \
    (test_id, pos, system_id) SELECT max(t.id) + 1, 0, min(y.id) FROM tests t, systems y"
check_grep "by the statement's check" 'names no test' "$T/err"
check_fail 1 "a value naming no system is refused" $PSQL -c "INSERT INTO results \
    (test_id, pos, system_id) SELECT min(t.id), 999, max(y.id) + 1 FROM tests t, systems y"
check_grep "by the statement's check" 'names no system' "$T/err"
check_fail 1 "a test's id does not change" $PSQL -c "UPDATE tests SET id = id + 100000"
check_grep "as the schema says" 'never changes' "$T/err"

# old_store NAME DUMP LABEL: a new database NAME holding the dump of a
# store by an earlier release (fixtures/store/README.md), opened, and so
# migrated, by this one; sets PSQLO (psql on it) and UO (its URI). 1 when
# no database can be created.
old_store() {
	"$PGTEST_BIN/createdb" -h "$PGTEST_HOST" -U "$PGTEST_USER" "$1" \
	    2>"$T/err" || return 1
	PSQLO="$PGTEST_BIN/psql -X -A -t -q -h $PGTEST_HOST -U $PGTEST_USER -d $1"
	$PSQLO -f "$2" >/dev/null 2>"$T/err"
	UO="postgresql:///$1?host=$PGTEST_HOST&user=$PGTEST_USER"
	check_ok "a $3 store opens" "$BR" --db "$UO" list
	check "and is at the latest schema" \
	    [ "$($PSQLO -c "SELECT version FROM benchreport_schema")" = "$LATEST" ]
}

# A store of schema 3 is migrated when opened: its sets export as the
# release before wrote them, and a delete still takes a set's values
# with it.
V3=${STORE_PG}_v3
if old_store "$V3" fixtures/store/pg-v3.sql schema-3; then
	PSQL3=$PSQLO U3=$UO
	for i in 1 2; do
		"$BR" --db "$U3" export -f json "$i" >"$T/v3.$i.json" 2>"$T/err"
		check "set $i exports as before the migration" \
		    cmp -s "$T/v3.$i.json" "fixtures/store/pg-v3.$i.json"
	done
	check_ok "delete a migrated set" "$BR" --db "$U3" delete 1
	check "its values are gone with it" [ "$($PSQL3 -c "SELECT count(*) FROM results")" = \
	    "$($PSQL3 -c "SELECT nvalues FROM result_sets WHERE id = 2")" ]
	"$PGTEST_BIN/dropdb" -h "$PGTEST_HOST" -U "$PGTEST_USER" "$V3" 2>/dev/null
else
	skip "a schema-3 store" "createdb failed: $(head -1 "$T/err")"
fi

# A store of schema 4 (values indexed by system, each value's whole JSON
# in its row) is migrated to 5: the sets export as that release wrote
# them, from either backend, and deletes still take values along.
V4=${STORE_PG}_v4
if old_store "$V4" fixtures/store/pg-v4.sql schema-4; then
	PSQL4=$PSQLO U4=$UO
	check "without the index of values by system" [ "$($PSQL4 -c "SELECT \
	    count(*) FROM pg_indexes WHERE indexname = 'results_system'")" = 0 ]
	for i in 1 2 3; do
		"$BR" --db "$U4" export -f pts-xml "$i" >"$T/v4.$i.xml" 2>"$T/err"
		check "set $i exports as before the migration" \
		    cmp -s "$T/v4.$i.xml" "fixtures/store/v4.$i.xml"
	done
	check_ok "delete a migrated set" "$BR" --db "$U4" delete 1
	check "its values are gone, the others stay" \
	    [ "$($PSQL4 -c "SELECT count(*) FROM results")" = 8 ]
	$PSQL4 -c "DELETE FROM systems WHERE id = (SELECT min(id) FROM systems \
	    WHERE set_id = 2)"
	check "a system deleted alone takes its values" \
	    [ "$($PSQL4 -c "SELECT count(*) FROM results")" = 6 ]
	again='s/Per-value JSON that/Per-value JSON, again, that/'
	sed "$again" fixtures/pts/json-prefix.xml >"$T/again.xml"
	check_ok "a set imported after the migration" "$BR" --db "$U4" import "$T/again.xml"
	check "keeps its tests' JSON prefixes" [ "$($PSQL4 -c "SELECT count(*) \
	    FROM tests WHERE json_prefix IS NOT NULL")" -eq 3 ]
	"$BR" --db "$U4" export -f pts-xml 4 >"$T/v4.4.xml" 2>"$T/err"
	sed "$again" fixtures/store/v4.2.xml >"$T/v4.4.want"
	check "and exports as the store before wrote it" \
	    cmp -s "$T/v4.4.xml" "$T/v4.4.want"
	# The migration's test keys (SQL) are those an import computes (C).
	check_ok "set 2's export imported again" "$BR" --db "$U4" import fixtures/store/v4.2.xml
	same="FROM tests a JOIN tests b ON b.set_id = 5 AND a.set_id = 2 AND
	    a.identifier IS NOT DISTINCT FROM b.identifier AND a.title IS NOT
	    DISTINCT FROM b.title AND a.arguments IS NOT DISTINCT FROM b.arguments
	    AND a.unit IS NOT DISTINCT FROM b.unit
	    JOIN results va ON va.test_id = a.id JOIN results vb ON vb.test_id = b.id"
	check "  its values match the migrated ones" [ "$($PSQL4 -c "SELECT count(*) $same")" -gt 0 ]
	check "  with the same test keys" [ "$($PSQL4 -c "SELECT count(*) $same \
	    WHERE va.test_key IS DISTINCT FROM vb.test_key")" = 0 ]
	check "  every value has a key" [ "$($PSQL4 -c "SELECT count(*) FROM results \
	    WHERE test_key IS NULL")" = 0 ]
	"$PGTEST_BIN/dropdb" -h "$PGTEST_HOST" -U "$PGTEST_USER" "$V4" 2>/dev/null
else
	skip "a schema-4 store" "createdb failed: $(head -1 "$T/err")"
fi

# A server that is not there: named, exit 3, the password nowhere.
check_fail 3 "no server at the socket: store error" \
    "$BR" --db "postgresql://bench:s3cret-pw@/nodb?host=$T/nosock" list
check_grep "the error names the server" "nosock" "$T/err"
check_nogrep "and not the password" "s3cret" "$T/err"
check_fail 3 "nothing on a loopback port: store error" \
    "$BR" --db "postgresql://bench:s3cret-pw@127.0.0.1:1/nodb?connect_timeout=5" list
check_grep "the error names the host" "127.0.0.1" "$T/err"
check_nogrep "and not the password" "s3cret" "$T/err"
PGPASSWORD=s3cret-pw "$BR" --db "postgresql:///nodb?host=$PGTEST_HOST&user=nobody_here" \
    list >"$T/out" 2>"$T/err"; st=$?
check "an unknown user is a store error" [ "$st" -eq 3 ]
check_nogrep "PGPASSWORD does not show" "s3cret" "$T/err"
done_testing
