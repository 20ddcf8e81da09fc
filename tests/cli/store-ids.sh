#!/bin/sh
# SPDX-License-Identifier: ISC
# A deleted set's ID is never given again: delete the newest set, import
# another, and it gets a new ID; an older store (fixtures/store/v4.sql)
# gets the same once migrated.
. tests/cli/lib.sh

R=${ROOT:-.}
check_ok "import a first set" "$BR" import "$R/fixtures/pts/scheduler-pair.xml"
check_ok "import a second" "$BR" import "$R/fixtures/pts/storage-2sys.xml"
second=$(cut -f1 "$T/out")
check_ok "delete the second (the newest)" "$BR" delete "$second"
check_ok "import a third" "$BR" import "$R/fixtures/pts/sparse.xml"
third=$(cut -f1 "$T/out")
check "the third gets a new ID, not the deleted one's ($second, $third)" \
    [ "$third" -gt "$second" ]
check_ok "show the deleted ID" "$BR" list --format tsv
check "the deleted ID names no set" [ -z "$(awk -F '\t' -v i="$second" '$1 == i' "$T/out")" ]

if [ -z "$STORE_PG" ] && command -v sqlite3 >/dev/null 2>&1; then
	OLD="$T/old.db"
	sqlite3 "$OLD" <"$R/fixtures/store/v4.sql"
	check_ok "an older store opens (migrated)" "$BR" --db "$OLD" list --format tsv
	last=$(cut -f1 "$T/out" | sort -n | tail -1)
	check_ok "delete its newest set" "$BR" --db "$OLD" delete "$last"
	check_ok "import into it" "$BR" --db "$OLD" import "$R/fixtures/pts/sparse.xml"
	check "the new set does not take the deleted ID" \
	    [ "$(cut -f1 "$T/out")" -gt "$last" ]
else
	skip "an older store" "needs sqlite3 (and the SQLite pass)"
fi
done_testing
