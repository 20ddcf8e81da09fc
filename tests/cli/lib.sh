# SPDX-License-Identifier: ISC
# Helpers for CLI tests (sourced). Each script gets its own temporary
# directory and database, removed on exit, and prints TAP.
#   run CMD...                 run, keep stdout in $T/out, stderr in $T/err, status in $st
#   check_ok NAME CMD...       expect status 0
#   check_fail STATUS NAME CMD...  expect that exit status
#   check_grep NAME PATTERN FILE   expect a line matching (grep -E)
#   check_nogrep NAME PATTERN FILE expect no line matching
#   check NAME TEST-EXPR...    expect a shell test to hold
#   skip NAME WHY
#   done_testing               print the plan
T=$(mktemp -d "${TMPDIR:-/tmp}/brtest.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
BENCHREPORT_DB="$T/results.db"; export BENCHREPORT_DB
# The PostgreSQL pass of tests/run.sh: a new database of its own instead.
STORE_PG=""
if [ -n "${PGTEST_HOST:-}" ]; then
	STORE_PG=brt_$(basename "$T" | tr -c 'A-Za-z0-9\n' _ | tr A-Z a-z)
	"$PGTEST_BIN/createdb" -h "$PGTEST_HOST" -U "$PGTEST_USER" "$STORE_PG" || exit 2
	BENCHREPORT_DB="postgresql:///$STORE_PG?host=$PGTEST_HOST&user=$PGTEST_USER"
	trap 'rm -rf "$T"; "$PGTEST_BIN/dropdb" -h "$PGTEST_HOST" -U "$PGTEST_USER" \
	    "$STORE_PG" 2>/dev/null' EXIT INT TERM
fi
unset NO_COLOR
n=0
BR=${BR:-build/benchreport}

run() {
	"$@" >"$T/out" 2>"$T/err"
	st=$?
}
_report() {	# pass name
	n=$((n + 1))
	if [ "$1" = 1 ]; then echo "ok $n - $2"; else
		echo "not ok $n - $2"
		echo "#   status $st; stderr:"; head -5 "$T/err" 2>/dev/null | sed 's/^/#     /'
	fi
}
check_ok() {
	name=$1; shift
	run "$@"
	[ "$st" -eq 0 ] && _report 1 "$name" || _report 0 "$name"
}
check_fail() {
	want=$1; name=$2; shift 2
	run "$@"
	[ "$st" -eq "$want" ] && _report 1 "$name" || _report 0 "$name (want status $want)"
}
check_grep() {
	if grep -Eq -- "$2" "$3"; then _report 1 "$1"; else
		_report 0 "$1"; echo "#   no line matches: $2"; fi
}
check_nogrep() {
	# A missing file is no evidence that nothing matches.
	if [ ! -f "$3" ]; then _report 0 "$1"; echo "#   no file: $3"
	elif grep -Eq -- "$2" "$3"; then _report 0 "$1"; echo "#   a line matches: $2"
	else _report 1 "$1"; fi
}
check() {
	name=$1; shift
	if "$@"; then _report 1 "$name"; else _report 0 "$name"; fi
}
skip() {
	n=$((n + 1)); echo "ok $n - $1 # SKIP $2"
}
done_testing() {
	echo "1..$n"
}
