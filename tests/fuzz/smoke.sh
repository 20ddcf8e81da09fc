#!/bin/sh
# SPDX-License-Identifier: ISC
# Fuzz smoke test, for `make fuzz-smoke` and `make check`: every harness in
# build-fuzz/ first runs each of its seeds (fixtures, ../shared/corpus and
# the regression inputs in fixtures/fuzz/), then makes FUZZ_SMOKE_RUNS
# (300 by default) mutations of them with a fixed seed, so that two runs
# test the same inputs and pass or fail alike (random campaigns are
# `make fuzz-run`'s). One TAP line per harness; a finding
# is kept as build-fuzz/findings/NAME-crash-... with the log next to it.
# Skipped with a notice when the harnesses were not built (no clang
# fuzzer runtime) and under SANITIZE=1 (the harnesses are sanitizer builds
# already: the plain `make check` runs them).
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
BR=${BR:-$ROOT/build/benchreport}
FUZZ_BUILD=${FUZZ_BUILD:-$ROOT/build-fuzz}
# libFuzzer's timeout is wall-clock: on a loaded 2-core machine the
# slowest seed (an OpenBenchmarking text whose names take 194,580
# partitions to split: 2 s of CPU in the instrumented build) can pass 10 s.
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-30}
FUZZ_SMOKE_RUNS=${FUZZ_SMOKE_RUNS:-300}
if [ -z "${SHARED+set}" ] && [ -d "$ROOT/../shared/corpus" ]; then
	SHARED=$(cd "$ROOT/../shared" && pwd)
fi
. "$ROOT/tests/fuzz/seeds.sh"
n=0

if [ "${VALGRIND:-}" = 1 ]; then
	echo "ok 1 - fuzz smoke # SKIP ASan harnesses do not run under valgrind"
	echo "1..1"; exit 0
fi
if [ "${SANITIZE:-}" = 1 ]; then
	echo "ok 1 - fuzz smoke # SKIP the plain make check runs the harnesses (sanitizer builds already)"
	echo "1..1"; exit 0
fi
if [ -z "$(fuzz_harnesses)" ]; then
	echo "ok 1 - fuzz smoke # SKIP no harnesses in $FUZZ_BUILD (make fuzz needs clang and libclang-rt-dev)"
	echo "1..1"; exit 0
fi
if [ ! -x "$BR" ]; then
	echo "not ok 1 - fuzz smoke: $BR is not built (needed for seed detection)"
	echo "1..1"; exit 1
fi

T=$(mktemp -d "${TMPDIR:-/tmp}/brfuzz-smoke.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT INT TERM
fuzz_seeds
mkdir -p "$FUZZ_BUILD/findings"
fail=0
for h in $(fuzz_harnesses); do
	n=$((n + 1))
	mkdir -p "$T/new-$h" "$FUZZ_BUILD/seeds/$h"
	log="$FUZZ_BUILD/findings/$h-smoke.log"
	# The harness writes its inputs under TMPDIR: keep them in $T.
	seeds=$(find "$FUZZ_BUILD/seeds/$h" -type l | wc -l)
	# The seeds first, then the mutations; new inputs are not kept between runs.
	TMPDIR="$T" "$FUZZ_BUILD/fuzz-$h" -seed=1 -runs=$((seeds + FUZZ_SMOKE_RUNS)) \
	    -timeout="$FUZZ_TIMEOUT" -rss_limit_mb=2048 -print_final_stats=1 \
	    -artifact_prefix="$FUZZ_BUILD/findings/$h-" \
	    "$T/new-$h" "$FUZZ_BUILD/seeds/$h" >"$log" 2>&1
	st=$?
	seeds=$(find "$FUZZ_BUILD/seeds/$h" -type l | wc -l)
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
	if [ "$st" -eq 0 ]; then
		echo "ok $n - fuzz-$h: $seeds seeds, ${runs:-?} runs, coverage ${cov:-?} edges"
		rm -f "$log"
	else
		fail=1
		echo "not ok $n - fuzz-$h: exit status $st, log in $log"
		grep -E 'ERROR|SUMMARY|artifact|Test unit written' "$log" | head -8 | sed 's/^/#   /'
	fi
done
echo "1..$n"
exit $fail
