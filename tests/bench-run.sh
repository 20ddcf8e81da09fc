#!/bin/sh
# SPDX-License-Identifier: ISC
# The runner against Debian's fio, same job, same directory, alternating
# (fio, runner, fio, runner, ...) for PAIRS pairs, compared pair by pair:
# IOPS and MB/s ratios (runner / fio; MB/s is MiB/s, as PTS and the runner
# record fio's MB/s) and CPU seconds per million I/Os of
# the whole process (user + system from /usr/bin/time, all threads).
# Both run with no ramp, so every I/O they do is in the count, with the same
# workload settings (io_uring, O_DIRECT, rw, bs, iodepth, jobs, size,
# runtime, no random map); fio keeps its own engine defaults unless
# BENCH_FIO_OPTS adds some (e.g. "--fixedbufs --registerfiles", which the
# runner always uses). The runner's figure includes writing its own test
# file (O_DIRECT, so little CPU); fio's file is laid out once beforehand.
#
# usage: sh tests/bench-run.sh [BINARY]
# environment: BENCH_DIR (default bench-out/run, never tmpfs), BENCH_PAIRS
# (5), BENCH_RUNTIME (seconds, 10), BENCH_SIZE (1g), BENCH_TESTS (default
# "randread:4k:1 randread:4k:2 read:2m:1"), BENCH_IODEPTH (32),
# BENCH_FIO_OPTS (extra fio options, default none), BENCH_CPUS (the CPU
# list both are pinned to with taskset, default 1; empty: not pinned).
# Every pair line ends with the 1-minute load average read just before it
# (the machine may be shared: a pair under a changing load is suspect).
BR=${1:-build/benchreport}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${BENCH_DIR:-$ROOT/bench-out/run}
# QUICK=1 (make bench QUICK=1, run by CI): one short pair on a small file.
if [ -n "$QUICK" ]; then
	BENCH_PAIRS=${BENCH_PAIRS:-1} BENCH_RUNTIME=${BENCH_RUNTIME:-2} BENCH_SIZE=${BENCH_SIZE:-256m}
fi
PAIRS=${BENCH_PAIRS:-5}
RUNTIME=${BENCH_RUNTIME:-10}
SIZE=${BENCH_SIZE:-1g}
QD=${BENCH_IODEPTH:-32}
TESTS=${BENCH_TESTS:-"randread:4k:1 randread:4k:2 read:2m:1"}
FIO_OPTS=${BENCH_FIO_OPTS:-}
CPUS=${BENCH_CPUS-1}
PIN=
if [ -n "$CPUS" ]; then
	if command -v taskset >/dev/null 2>&1; then
		PIN="taskset -c $CPUS"
	else
		echo "bench-run: taskset not found: not pinned" >&2
	fi
fi
load() { cut -d ' ' -f 1 /proc/loadavg; }

for tool in fio /usr/bin/time awk; do
	command -v "$tool" >/dev/null 2>&1 || {
		echo "bench-run: $tool is needed (apt-get install fio time)" >&2
		exit 2
	}
done
mkdir -p "$DIR" || exit 2
W=$(mktemp -d "$DIR/work.XXXXXX") || exit 2
trap 'rm -rf "$W"' EXIT INT TERM
FIOFILE="$W/fio.file"

echo "# bench-run: $(fio --version) vs benchreport run, $PAIRS pairs, ${RUNTIME}s each, $SIZE file, iodepth $QD, fio options: ${FIO_OPTS:-defaults}"
echo "# directory: $DIR ($(stat -f -c %T "$DIR")); pinned: ${PIN:-no}; $(uptime)"
fio --name=layout --filename="$FIOFILE" --size="$SIZE" --create_only=1 \
    >/dev/null || exit 2

fio_cmd() {	# rw bs jobs
	echo fio --name=bench --filename="$FIOFILE" --size="$SIZE" \
	    --ioengine=io_uring --direct=1 --rw="$1" --bs="$2" \
	    --iodepth="$QD" --numjobs="$3" --thread --group_reporting \
	    --time_based --runtime="$RUNTIME" --ramp_time=0 --norandommap \
	    --randrepeat=0 $FIO_OPTS --output-format=terse --terse-version=3
}

# One fio run: prints "iops mbs cpu_seconds ios".
one_fio() {
	/usr/bin/time -f '%U %S' -o "$W/time" $PIN $(fio_cmd "$@") >"$W/fio.out" \
	    2>"$W/fio.err" || { cat "$W/fio.err" >&2; return 1; }
	awk -F';' -v bs="$2" 'NR == 1 {
		kb = $6 + $47; iops = $8 + $49; bw = $7 + $48
		b = bs; sub(/k$/, "", b); if (bs ~ /m$/) { sub(/m$/, "", b); b *= 1024 }
		printf "%s %s ", iops, bw / 1024
		ios = kb / b
	} END { printf "%s\n", ios }' "$W/fio.out" >"$W/f1"
	read -r iops mbs ios <"$W/f1"
	read -r u s <"$W/time"
	echo "$iops $mbs $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $ios"
}

# One runner run of the one-test profile (randread-4k, read-2m).
one_run() {	# rw bs jobs
	case "$1:$2" in
	randread:4k) want='Type: Random Read - Engine: IO_uring - Direct: Yes - Block Size: 4KB';;
	read:2m) want='Type: Sequential Read - Engine: IO_uring - Direct: Yes - Block Size: 2MB';;
	*) echo "bench-run: no runner test for $1 $2" >&2; return 1;;
	esac
	/usr/bin/time -f '%U %S' -o "$W/time" $PIN "$BR" run --dir "$W" \
	    --profile "$1-$2" --size "$SIZE" --runtime "$RUNTIME" \
	    --ramp 0 --repeat 1 --jobs "$3" --iodepth "$QD" --no-store \
	    --format tsv >"$W/run.out" 2>"$W/run.err" || { cat "$W/run.err" >&2; return 1; }
	awk -F '\t' -v w="$want - Job Count: $3 - Disk Target: Default Test Directory" \
	    -v rt="$RUNTIME" '
		$1 == w && $2 == "IOPS" { iops = $3 }
		$1 == w && $2 == "MB/s" { mbs = $3 }
		END { printf "%s %s %s\n", iops, mbs, iops * rt }' "$W/run.out" >"$W/r1"
	read -r iops mbs ios <"$W/r1"
	read -r u s <"$W/time"
	echo "$iops $mbs $(awk -v u="$u" -v s="$s" 'BEGIN { print u + s }') $ios"
}

printf '%-16s %4s %10s %10s %6s %8s %8s %6s %9s %9s %6s %5s\n' test pair \
    fio_IOPS run_IOPS ratio fio_MB/s run_MB/s ratio fio_CPU/M run_CPU/M ratio load
for t in $TESTS; do
	rw=${t%%:*}; rest=${t#*:}; bs=${rest%%:*}; jobs=${rest#*:}
	name="$rw-$bs-j$jobs"
	: >"$W/pairs"
	p=1
	while [ "$p" -le "$PAIRS" ]; do
		l=$(load)
		f=$(one_fio "$rw" "$bs" "$jobs") || exit 1
		r=$(one_run "$rw" "$bs" "$jobs") || exit 1
		echo "$f $r $l" | awk -v n="$name" -v p="$p" '{
			fc = $3 / $4 * 1e6; rc = $7 / $8 * 1e6
			printf "%-16s %4d %10.0f %10.0f %6.3f %8.1f %8.1f %6.3f %9.2f %9.2f %6.3f %5s\n",
			    n, p, $1, $5, $5 / $1, $2, $6, $6 / $2, fc, rc, rc / fc, $9
		}' | tee -a "$W/pairs"
		p=$((p + 1))
	done
	awk -v n="$name" '{
		i[NR] = $5; m[NR] = $8; c[NR] = $11; si += $5; sm += $8; sc += $11
		fi += $3; ri += $4; fc += $9; rc += $10
	} END {
		k = NR; mi = si / k; mm = sm / k; mc = sc / k
		for (j = 1; j <= k; j++) { vi += (i[j] - mi)^2; vc += (c[j] - mc)^2 }
		sei = k > 1 ? sqrt(vi / (k - 1) / k) : 0
		sec = k > 1 ? sqrt(vc / (k - 1) / k) : 0
		printf "%-16s mean  fio %.0f IOPS %.2f CPU-s/M | runner %.0f IOPS %.2f CPU-s/M | IOPS ratio %.3f +/- %.3f, MB/s ratio %.3f, CPU ratio %.3f +/- %.3f (N = %d)\n",
		    n, fi / k, fc / k, ri / k, rc / k, mi, sei, mm, mc, sec, k
	}' "$W/pairs" | tee -a "$W/summary"
done
echo "# after: $(uptime)"
echo "# commands (per pair, fio first):"
echo "#   $PIN $(fio_cmd RW BS JOBS)"
echo "#   $PIN $BR run --dir DIR --profile RW-BS --size $SIZE --runtime $RUNTIME --ramp 0 --repeat 1 --jobs JOBS --iodepth $QD --no-store --format tsv"
