#!/bin/sh
# SPDX-License-Identifier: ISC
# A new store is made by one schema script (store-sqlite-schema.c, store_sqlite_schema);
# a store that already exists is brought up to date by the migrations.
# Both must end in the same schema: the same tables, columns, keys,
# indexes, views and triggers (sqlite_master, blanks and quotes aside),
# the same version, and the same export of the same import.
. "$(dirname "$0")/lib.sh"
if ! command -v sqlite3 >/dev/null 2>&1; then
	skip "schema of a new store against a migrated one" "no sqlite3 program"
	done_testing; exit 0
fi
NEW=$T/new.db; OLD=$T/old.db
# The schema of $1, one line per object, in a stable order.
schema() {
	sqlite3 "$1" "SELECT type, name, tbl_name, coalesce(sql, '') FROM
	    sqlite_master ORDER BY type, name" |
	    tr -s ' \t' '  ' | sed 's/"//g; s/( /(/g; s/ )/)/g'
}

check_ok "a store that does not exist is made at once" "$BR" --db "$NEW" list
: >"$OLD"
check_ok "an empty file that exists is migrated step by step" "$BR" --db "$OLD" list
schema "$NEW" >"$T/new.schema"
schema "$OLD" >"$T/old.schema"
check "  both have a schema" [ "$(wc -l <"$T/new.schema")" -gt 20 ]
if cmp -s "$T/new.schema" "$T/old.schema"; then
	check "  the same schema both ways" true
else
	check "  the same schema both ways" false
	diff "$T/old.schema" "$T/new.schema" | head -20 | sed 's/^/#   /'
fi
check "  the same version" \
    [ "$(sqlite3 "$NEW" 'PRAGMA user_version')" = "$(sqlite3 "$OLD" 'PRAGMA user_version')" ]
check "  AUTOINCREMENT kept: a sequence table in both" \
    [ "$(sqlite3 "$NEW" "SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_sequence'")" = 1 ]
F=$ROOT/fixtures/pts/scheduler-pair.xml
check_ok "import into the new store" "$BR" --db "$NEW" import "$F"
check_ok "  export it" "$BR" --db "$NEW" export -f json 1
grep -v '"imported_at"' "$T/out" >"$T/new.json"
check_ok "import into the migrated store" "$BR" --db "$OLD" import "$F"
check_ok "  export it" "$BR" --db "$OLD" export -f json 1
grep -v '"imported_at"' "$T/out" >"$T/old.json"
check "  the set is in the export" grep -q "Scheduler pair" "$T/new.json"
check "  the same export" cmp -s "$T/new.json" "$T/old.json"
check_ok "  foreign keys hold in the new store" sqlite3 "$NEW" "PRAGMA foreign_key_check"
check "  no violation" [ ! -s "$T/out" ]

# A store of schema 4 gets its values' test keys from the migration
# (SQL); an import computes them in C: the two agree.
V4=$T/v4.db
sqlite3 "$V4" <"$ROOT/fixtures/store/v4.sql"
check_ok "a schema-4 store is migrated" "$BR" --db "$V4" list
check_ok "  set 2's export imported again" "$BR" --db "$V4" import "$ROOT/fixtures/store/v4.2.xml"
new=$(sqlite3 "$V4" "SELECT max(id) FROM result_sets")
same="FROM tests a JOIN tests b ON b.set_id = $new AND a.set_id = 2 AND
    a.identifier IS b.identifier AND a.title IS b.title AND
    a.arguments IS b.arguments AND a.unit IS b.unit
    JOIN results va ON va.test_id = a.id JOIN results vb ON vb.test_id = b.id"
check "  its values match the migrated ones" [ "$(sqlite3 "$V4" "SELECT count(*) $same")" -gt 0 ]
check "  with the same test keys" [ "$(sqlite3 "$V4" "SELECT count(*) $same
    WHERE va.test_key IS NOT vb.test_key")" = 0 ]
check "  every value has a key" [ "$(sqlite3 "$V4" "SELECT count(*) FROM results
    WHERE test_key IS NULL")" = 0 ]
check "  one key a test" [ "$(sqlite3 "$V4" "SELECT count(*) FROM (SELECT test_id
    FROM results GROUP BY test_id HAVING count(DISTINCT test_key) > 1)")" = 0 ]

# What a creator killed before its store had a name leaves behind is
# removed by the next creator; other files that only look alike stay.
D=$T/sweep; mkdir "$D"
cp "$NEW" "$D/s.db.tmpAbC123"
: >"$D/s.db.tmpQ1w2E3"
echo "notes" >"$D/s.db.tmpZZZZZZ"
: >"$D/s.db.tmp12345"
: >"$D/t.db.tmpAbC123"
check_ok "a new store beside leftovers of killed creators" "$BR" --db "$D/s.db" list
check "  the leftover store is gone" [ ! -e "$D/s.db.tmpAbC123" ]
check "  the empty leftover is gone" [ ! -e "$D/s.db.tmpQ1w2E3" ]
check "  a file that is no store stays" [ -e "$D/s.db.tmpZZZZZZ" ]
check "  a name that is not mkstemp's stays" [ -e "$D/s.db.tmp12345" ]
check "  another store's leftover stays" [ -e "$D/t.db.tmpAbC123" ]
check "  the new store has its name" [ -s "$D/s.db" ]
done_testing
