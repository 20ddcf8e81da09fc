#!/bin/sh
# SPDX-License-Identifier: ISC
# An SQLite store in a shared, sticky directory, read by a user who may
# not write it: the reader's list leaves no file behind (no -wal, no
# -shm of its own), and the owner's import and list go on working; the
# same while the owner holds the store open (the owner's -wal and -shm
# are read as they are). Needs root, to act as two users (setpriv); else
# skipped with a notice.
. tests/cli/lib.sh

if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null 2>&1; then
	skip "two users on one store" "needs root and setpriv to act as two users"
	done_testing
	exit 0
fi
OWNER="setpriv --reuid=65001 --regid=65001 --clear-groups"
READER="setpriv --reuid=65002 --regid=65002 --clear-groups"
chmod 755 "$T"
D="$T/shared"
mkdir "$D" && chmod 1777 "$D"
cp "$BR" "$T/br" && chmod 755 "$T/br"
cp fixtures/pts/scheduler-pair.xml "$T/a.xml"
sed 's|<Title>Scheduler pair|<Title>Second pair|' "$T/a.xml" >"$T/b.xml"
sed 's|<Title>Scheduler pair|<Title>Third pair|' "$T/a.xml" >"$T/c.xml"
chmod 644 "$T"/*.xml
DB="$D/results.db"

check_ok "the owner imports" $OWNER "$T/br" --db "$DB" import "$T/a.xml"
check_ok "a reader who may not write it lists it" \
    $READER "$T/br" --db "$DB" list
check_grep "and sees the set" "Scheduler pair" "$T/out"
check "the reader leaves no file of its own" \
    [ -z "$(find "$D" -uid 65002)" ]
check "nor any -wal or -shm" [ -z "$(ls "$D" | grep -e '-wal$' -e '-shm$')" ]
check_ok "the owner still imports" $OWNER "$T/br" --db "$DB" import "$T/b.xml"
check_ok "and lists" $OWNER "$T/br" --db "$DB" list
check_grep "both sets" "Second pair" "$T/out"
check_ok "the reader shows a set" $READER "$T/br" --db "$DB" show 1
check_fail 3 "the reader cannot import" \
    $READER "$T/br" --db "$DB" import "$T/c.xml"
check "and leaves nothing" [ -z "$(find "$D" -uid 65002)" ]

# The owner holds the store open (its -wal and -shm exist): the reader
# reads through them and adds none of its own.
if ! command -v sqlite3 >/dev/null 2>&1; then
	skip "the owner holds the store open" "no sqlite3 program to hold it"
	done_testing
	exit 0
fi
mkfifo "$T/hold"
$OWNER sh -c "{ echo '.tables'; cat '$T/hold'; } | sqlite3 '$DB' >/dev/null" &
holder=$!
i=0
while [ ! -e "$DB-shm" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
check "the owner holds the store open (its -shm is there)" [ -e "$DB-shm" ]
check_ok "the reader lists while the owner holds the store" \
    $READER "$T/br" --db "$DB" list
check_grep "and sees the sets" "Second pair" "$T/out"
check "and leaves no file of its own" [ -z "$(find "$D" -uid 65002)" ]
echo >"$T/hold"
wait $holder
check_ok "the owner imports after" $OWNER "$T/br" --db "$DB" import "$T/c.xml"
check "and the owner's -wal and -shm are gone" \
    [ -z "$(ls "$D" | grep -e '-wal$' -e '-shm$')" ]
done_testing
