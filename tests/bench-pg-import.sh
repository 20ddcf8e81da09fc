#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: a PostgreSQL import of the generated 8 x 5,000 file next to
# the server loading the same rows itself (target: the import within
# 1.25x). The rows an import wrote are dumped once per table with the
# server's `COPY table TO 'file'`; then, alternating, benchreport imports
# the file, and psql runs `BEGIN; COPY table FROM 'file'; ...; COMMIT`
# (every table, parents first), each into a new database that holds the
# schema only (made by `benchreport list`), so both load the same rows
# into the same empty tables. Both clients are pinned to one
# CPU with taskset where it exists (the server runs where it likes);
# median of 7 pairs (3 in QUICK mode). Skipped with a notice where no
# PostgreSQL server can be started (tests/pg-cluster.sh).
set -e
BR=${1:-build/benchreport}
BR=$(cd "$(dirname "$BR")" && pwd)/$(basename "$BR")
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench-out/pg-import
rm -rf "$OUT"; mkdir -p "$OUT"
PAIRS="1 2 3 4 5 6 7"; [ -n "$QUICK" ] && PAIRS="1 2 3"
. "$ROOT/tests/pg-cluster.sh"
if ! pg_cluster_start; then
	echo "bench-pg-import: PostgreSQL: $PGTEST_WHY: skipped"
	exit 0
fi
trap pg_cluster_stop EXIT INT TERM

FILE=$OUT/big.xml
awk -v systems=8 -v results=5000 -f "$ROOT/tests/bench/gen-pts-xml.awk" >"$FILE"
PIN=""
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
	PIN="taskset -c 1"
fi
PSQL="$PGTEST_BIN/psql -X -q -v ON_ERROR_STOP=1"

# Wall time of one run of a command, in microseconds.
once_us() {
	t0=$(date +%s%N)
	"$@" >"$OUT/stdout" 2>"$OUT/stderr" ||
	    { echo "bench-pg-import: $* failed:"; cat "$OUT/stderr"; exit 1; }
	t1=$(date +%s%N)
	echo $(( (t1 - t0) / 1000 ))
}
median() { tr ' ' '\n' | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 }
    END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The rows: one import, each table with rows dumped by the server into
# its own directory (the socket's, which the server's user may write).
REF=$(pg_cluster_db ref)
"$BR" --db "$REF" import "$FILE" >/dev/null
DUMP=$PGTEST_HOST/rows
mkdir -p "$DUMP"; chmod 777 "$DUMP"
# Creation order (oid) puts every parent before its children.
TABLES=$($PSQL -At "$REF" -c "SELECT c.relname FROM pg_class c
    WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace
    AND c.relname <> 'benchreport_schema' ORDER BY c.oid")
LOAD=$OUT/load.sql
echo "BEGIN;" >"$LOAD"
for t in $TABLES; do
	n=$($PSQL -At "$REF" -c "SELECT count(*) FROM $t")
	[ "$n" -gt 0 ] || continue
	$PSQL "$REF" -c "COPY $t TO '$DUMP/$t'"
	echo "COPY $t FROM '$DUMP/$t';" >>"$LOAD"
done
echo "COMMIT;" >>"$LOAD"

echo "bench-pg-import: $FILE: $(wc -c <"$FILE") bytes; load $(uptime | sed 's/.*load average: //')"
imp=""; cpy=""; n=0
for _ in $PAIRS; do
	n=$((n + 1))
	u=$(pg_cluster_db "imp$n")
	"$BR" --db "$u" list >/dev/null
	imp="$imp $(once_us $PIN "$BR" --db "$u" import "$FILE")"
	u=$(pg_cluster_db "cpy$n")
	"$BR" --db "$u" list >/dev/null
	cpy="$cpy $(once_us $PIN $PSQL "$u" -f "$LOAD")"
done
mi=$(echo "$imp" | median); mc=$(echo "$cpy" | median)
echo "bench-pg-import: import (us):$imp"
echo "bench-pg-import: COPY   (us):$cpy"
awk -v i="$mi" -v c="$mc" -v n="$n" 'BEGIN { r = i / c
    printf "bench-pg-import: median of %d pairs: import %.0f ms, the server'"'"'s COPY %.0f ms: %.2fx (target <= 1.25): %s\n",
        n, i / 1000, c / 1000, r, (r <= 1.25 ? "ok" : "OVER") }'
echo "bench-pg-import: load $(uptime | sed 's/.*load average: //')"
