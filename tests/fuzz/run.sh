#!/bin/sh
# SPDX-License-Identifier: ISC
# Long fuzzing runs (make fuzz-run): every harness in build-fuzz/ (or those
# named in FUZZ_HARNESSES) for FUZZ_SECONDS, two at a time under nice, each
# growing its own corpus in build-fuzz/corpus/NAME from the same seeds as
# the smoke test. Prints one line per harness: whether it found a crash,
# leak or hang, with the executions, edges and corpus size it reached;
# logs stay in build-fuzz/logs, findings in build-fuzz/findings.
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
BR=${BR:-$ROOT/build/benchreport}
FUZZ_BUILD=${FUZZ_BUILD:-$ROOT/build-fuzz}
# libFuzzer's timeout is wall-clock: on a loaded 2-core machine the
# slowest seed (an OpenBenchmarking text whose names take 194,580
# partitions to split: 2 s of CPU in the instrumented build) can pass 10 s.
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-30}
FUZZ_SECONDS=${FUZZ_SECONDS:-600}
FUZZ_JOBS=${FUZZ_JOBS:-2}
# Inputs up to 64 KiB (larger seeds are cut).
FUZZ_MAX_LEN=${FUZZ_MAX_LEN:-65536}
if [ -z "${SHARED+set}" ] && [ -d "$ROOT/../shared/corpus" ]; then
	SHARED=$(cd "$ROOT/../shared" && pwd)
fi
. "$ROOT/tests/fuzz/seeds.sh"

harnesses=${FUZZ_HARNESSES:-$(fuzz_harnesses)}
[ -n "$harnesses" ] || { echo "fuzz-run: no harnesses in $FUZZ_BUILD" >&2; exit 2; }
fuzz_seeds
mkdir -p "$FUZZ_BUILD/logs" "$FUZZ_BUILD/findings"
# The harnesses write each input to a file (readers take a path), under
# FUZZ_TMPDIR: a memory file system when there is one.
if [ -z "${FUZZ_TMPDIR:-}" ]; then
	FUZZ_TMPDIR=$FUZZ_BUILD/tmp
	[ -d /dev/shm ] && [ -w /dev/shm ] && FUZZ_TMPDIR=/dev/shm
fi
FUZZ_TMP=$(mktemp -d "$FUZZ_TMPDIR/benchreport-fuzz.XXXXXX") || exit 2
trap 'rm -rf "$FUZZ_TMP"' EXIT
for h in $harnesses; do
	mkdir -p "$FUZZ_BUILD/corpus/$h" "$FUZZ_BUILD/seeds/$h"
done
# One job per harness; xargs keeps FUZZ_JOBS of them running. The
# harnesses write their inputs under TMPDIR. FUZZ_RUNS, when set, stops
# each harness after that many executions instead of FUZZ_SECONDS.
export FUZZ_BUILD FUZZ_SECONDS FUZZ_TIMEOUT FUZZ_MAX_LEN
FUZZ_STOP=-max_total_time=$FUZZ_SECONDS
[ -n "${FUZZ_RUNS:-}" ] && FUZZ_STOP=-runs=$FUZZ_RUNS
export FUZZ_STOP
printf '%s\n' $harnesses | TMPDIR="$FUZZ_TMP" xargs -P "$FUZZ_JOBS" -I{} \
    sh -c 'nice -n 10 "$FUZZ_BUILD/fuzz-$1" "$FUZZ_STOP" \
	-timeout="$FUZZ_TIMEOUT" -max_len="$FUZZ_MAX_LEN" -rss_limit_mb=2048 -print_final_stats=1 \
	-artifact_prefix="$FUZZ_BUILD/findings/$1-" \
	"$FUZZ_BUILD/corpus/$1" "$FUZZ_BUILD/seeds/$1" \
	>"$FUZZ_BUILD/logs/$1.log" 2>&1; echo $? >"$FUZZ_BUILD/logs/$1.status"' sh {}
rc=0
printf '%-10s %8s %12s %8s %7s  %s\n' harness seconds executions edges corpus result
for h in $harnesses; do
	log="$FUZZ_BUILD/logs/$h.log"
	st=$(cat "$FUZZ_BUILD/logs/$h.status" 2>/dev/null || echo '?')
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	last=$(grep -E '^#[0-9]+' "$log" | tail -1)
	edges=$(echo "$last" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
	corp=$(echo "$last" | sed -n 's/.*corp: \([0-9]*\/[0-9A-Za-z]*\).*/\1/p')
	if [ "$st" = 0 ]; then res=clean; else
		res="FINDING (status $st): $(grep -o 'Test unit written to .*' "$log" | head -1)"
		rc=1
	fi
	secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log")
	printf '%-10s %8s %12s %8s %7s  %s\n' "$h" "${secs:-?}" "${runs:-?}" \
	    "${edges:-?}" "${corp:-?}" "$res"
done
exit $rc
