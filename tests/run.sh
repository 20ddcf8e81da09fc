#!/bin/sh
# SPDX-License-Identifier: ISC
# Test runner for `make check`: the unit binary of each tests/unit source,
# every CLI script in tests/cli, the man page lint, and the store's CLI tests a
# second time against a throw-away PostgreSQL server (skipped with a
# notice where none can be started). Each speaks TAP; this
# script tallies "ok" and "not ok" lines, keeps the logs of failing
# programs only, and ends with the line "N passed, N failed".
BUILD=${BUILD:-build}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
BR="$ROOT/$BUILD/benchreport"
export BR ROOT BUILD
# NO_SHARED=1 runs the suite as a clone without ../shared would (make coverage).
if [ -z "${NO_SHARED:-}" ] && [ -d "$ROOT/../shared/corpus" ]; then
	SHARED=$(cd "$ROOT/../shared" && pwd); export SHARED
else
	SHARED=""; export SHARED
	echo "# ../shared is absent: corpus cases will be reported as skipped"
fi
# Sanitizer builds: fail on any report, and keep leak checking on.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0:exitcode=99}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1:exitcode=98}
export ASAN_OPTIONS UBSAN_OPTIONS
LOGDIR="$ROOT/$BUILD/test-logs"
rm -rf "$LOGDIR"; mkdir -p "$LOGDIR"

pass=0; fail=0; skipped=0

run_one() {	# name, command...
	name=$1; shift
	log="$LOGDIR/$(echo "$name" | tr '/ ' '__').log"
	"$@" >"$log" 2>&1
	status=$?
	p=$(grep -c '^ok ' "$log")
	s=$(grep -c '^ok .*# SKIP' "$log")
	f=$(grep -c '^not ok ' "$log")
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1	# died without saying why: count it
		echo "not ok - $name exited with status $status" >>"$log"
	fi
	pass=$((pass + p - s)); skipped=$((skipped + s)); fail=$((fail + f))
	if [ "$f" -gt 0 ]; then
		echo "FAIL $name ($p ok, $f not ok)"
		grep -v '^ok ' "$log" | head -40 | sed 's/^/    /'
	else
		echo "PASS $name ($p ok${s:+, $s skipped})" | sed 's/, 0 skipped//'
		rm -f "$log"
	fi
}

# One binary per source in tests/unit: one left in $BUILD by a source since
# removed is not run, and a source whose binary is missing fails.
for s in tests/unit/test-*.c; do
	t="$BUILD/tests/$(basename "$s" .c)"
	run_one "unit/$(basename "$t")" "$t"
done
for t in tests/cli/*.sh; do
	[ -f "$t" ] || continue
	case "$(basename "$t")" in lib.sh) continue;; esac
	run_one "cli/$(basename "$t" .sh)" sh "$t"
done
run_one "man/lint" sh tests/lint-man.sh

# The second backend: each script gets a new database on a cluster of its
# own (tests/cli/lib.sh), which is stopped whatever happens.
PG_TESTS="store store-pg systems-facts normalize diff serve track"
. tests/pg-cluster.sh
if pg_cluster_start; then
	trap pg_cluster_stop EXIT INT TERM
	for t in $PG_TESTS; do
		run_one "cli-pg/$t" sh "tests/cli/$t.sh"
	done
	pg_cluster_stop
	unset PGTEST_HOST
else
	echo "# PostgreSQL: $PGTEST_WHY: the PostgreSQL pass is skipped"
	for t in $PG_TESTS; do
		echo "SKIP cli-pg/$t ($PGTEST_WHY)"
		skipped=$((skipped + 1))
	done
fi

echo "$skipped skipped"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
