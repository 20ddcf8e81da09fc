#!/bin/sh
# SPDX-License-Identifier: ISC
# benchreport run: usage errors; --print-fio-job accepted by fio; a short
# buffered run that stores plausible figures (IOPS > 0, MB/s = IOPS x bs
# within 1 %, N = repeats, latency percentiles ordered) and leaves no file;
# the dd profile; two jobs; O_DIRECT where the filesystem takes it; and the
# failure paths: no space, not a directory, unwritable directory, tmpfs
# without O_DIRECT, Ctrl-C (finished repeats kept, test file removed).
. "$(dirname "$0")/lib.sh"

D="$T/dir"
mkdir -p "$D"
# Tiny and fast: 4 MiB file, half a second per repeat, no ramp, one job
# (the seed's 32 jobs at depth 64 need 4 GiB of buffers at 2 MiB), TSV.
SHORT="--size 4m --runtime 0.5 --ramp 0 --buffered --jobs 1 --iodepth 32 --format tsv"

no_test_file() {	# dir: true when no test file is left behind
	! ls "$1" 2>/dev/null | grep -q '^benchreport-run\.'
}

check_ok "help" $BR run --help
check_grep "help lists --print-fio-job" "--print-fio-job" "$T/out"
check_fail 2 "no --dir" $BR run
check_fail 2 "bad --size" $BR run --dir "$D" --size 12q
check_fail 2 "unknown profile" $BR run --dir "$D" --profile nope
check_fail 2 "--repeat 0" $BR run --dir "$D" --repeat 0
check_fail 2 "--size below the largest block" $BR run --dir "$D" --size 1m
check_fail 2 "buffer limit" $BR run --dir "$D" --jobs 256 --iodepth 4096

check_ok "print the fio job" $BR run --print-fio-job --dir "$D" --profile seed
cp "$T/out" "$T/job.fio"
check_grep "job has the 4K random read" '^rw=randread$' "$T/job.fio"
check_ok "the default profile is the seed" $BR run --print-fio-job --dir "$D"
check_grep "default: 32 jobs, as seed 000's Job Count" '^numjobs=32$' "$T/out"
check_grep "default: iodepth 64, as pts/fio-2.1.0" '^iodepth=64$' "$T/out"
if command -v fio >/dev/null 2>&1; then
	check_ok "fio --parse-only accepts the seed job" fio --parse-only "$T/job.fio"
	run $BR run --print-fio-job --dir "$D" --profile dd
	cp "$T/out" "$T/dd.fio"
	check_ok "fio --parse-only accepts the dd job" fio --parse-only "$T/dd.fio"
else
	skip "fio --parse-only accepts the seed job" "fio not installed"
	skip "fio --parse-only accepts the dd job" "fio not installed"
fi

# A short run of the quick profile, stored and exported.
check_ok "short quick run" $BR run --dir "$D" --profile quick $SHORT \
    --repeat 2 --system "test box" -o "$T/run.json"
cp "$T/out" "$T/summary.tsv"
check "no test file left" no_test_file "$D"
check_grep "stored" "stored as result set [0-9]+" "$T/err"
check "JSON export written" test -s "$T/run.json"
# Column 1 description, 2 unit, 3 mean, 4 se, 5 n.
rr='Type: Random Read - Engine: IO_uring - Direct: No - Block Size: 4KB - Job Count: 1 - Disk Target: Default Test Directory'
get() {	# description unit -> mean
	awk -F '\t' -v d="$1" -v u="$2" '$1 == d && $2 == u { print $3 }' \
	    "$T/summary.tsv"
}
iops=$(get "$rr" IOPS)
mbs=$(get "$rr" MB/s)
check "IOPS > 0" awk -v x="$iops" 'BEGIN { exit !(x > 0) }'
# MB/s is fio's MiB/s figure, as PTS records fio's MB/s.
check "MB/s = IOPS x 4096 / 2^20 within 1 %" awk -v i="$iops" -v m="$mbs" \
    'BEGIN { e = i * 4096 / 1048576; exit !(e > 0 && m > e * 0.99 && m < e * 1.01) }'
sw=$(get "$(echo "$rr" | sed 's/Random Read/Sequential Write/; s/4KB/2MB/')" IOPS)
swm=$(get "$(echo "$rr" | sed 's/Random Read/Sequential Write/; s/4KB/2MB/')" MB/s)
check "2 MiB: MB/s = IOPS x 2 within 1 %" awk -v i="$sw" -v m="$swm" \
    'BEGIN { e = i * 2; exit !(e > 0 && m > e * 0.99 && m < e * 1.01) }'
check_nogrep "TSV: no exponents" '[0-9]e[+-]?[0-9]' "$T/summary.tsv"
check "every result has N = 2" awk -F '\t' \
    'NR > 1 && $5 != 2 { bad = 1 } END { exit bad || NR < 2 }' "$T/summary.tsv"
p50=$(get "$rr - Latency: Completion 50th Percentile" usec)
p99=$(get "$rr - Latency: Completion 99th Percentile" usec)
p999=$(get "$rr - Latency: Completion 99.9th Percentile" usec)
check "latency p50 <= p99 <= p99.9" awk -v a="$p50" -v b="$p99" -v c="$p999" \
    'BEGIN { exit !(a > 0 && a <= b && b <= c) }'
check_grep "CPU per I/O recorded" "CPU Time: System	usec per I/O" \
    "$T/summary.tsv"
if command -v sqlite3 >/dev/null 2>&1; then
	sqlite3 "$BENCHREPORT_DB" "SELECT sum(length(s.runs) / 8) FROM
	    results s JOIN tests t ON t.id = s.test_id WHERE t.unit = 'IOPS'" \
	    >"$T/nruns" 2>&1
	check_grep "store keeps the raw repeats (4 tests x 2)" '^8$' "$T/nruns"
	sqlite3 "$BENCHREPORT_DB" "SELECT source FROM system_facts WHERE
	    key = 'filesystem'" >"$T/prov" 2>&1
	check_grep "filesystem fact detected" '^detected$' "$T/prov"
	sqlite3 "$BENCHREPORT_DB" "SELECT identifier FROM systems" >"$T/sys" 2>&1
	check_grep "system named by --system" '^test box$' "$T/sys"
else
	skip "store keeps the raw repeats" "sqlite3 not installed"
	skip "filesystem fact detected" "sqlite3 not installed"
	skip "system named by --system" "sqlite3 not installed"
fi

check_ok "dd profile, written as composite.xml" $BR run --dir "$D" \
    --profile dd --size 8m --repeat 2 --no-store -o "$T/dd.xml" --format tsv
cp "$T/out" "$T/dd.tsv"
check_ok "the composite.xml imports" $BR import "$T/dd.xml"
check_grep "dd result in MB/s with N = 2" \
    '^Block Size: 8M - Count: 1 - Input: /dev/zero - Output: File - conv: fsync	MB/s	[0-9.e+]+	[0-9.e+-]+	2$' \
    "$T/dd.tsv"
check "dd left no file" no_test_file "$D"

check_ok "two jobs" $BR run --dir "$D" --profile quick $SHORT --repeat 1 \
    --jobs 2 --no-store
check_grep "Job Count: 2 in the names" "Job Count: 2 - " "$T/out"

# O_DIRECT, where the test directory's filesystem accepts it.
run $BR run --dir "$D" --profile quick --size 4m --runtime 0.3 --ramp 0 \
    --repeat 1 --no-store --jobs 1 --iodepth 8
if [ "$st" -eq 0 ]; then
	_report 1 "O_DIRECT run"
	check_grep "Direct: Yes in the names" "Direct: Yes - " "$T/out"
elif grep -q "does not support direct I/O" "$T/err"; then
	skip "O_DIRECT run" "the test directory refuses O_DIRECT"
	skip "Direct: Yes in the names" "the test directory refuses O_DIRECT"
else
	_report 0 "O_DIRECT run"
	_report 0 "Direct: Yes in the names"
fi

# Pairing: the default profile's names are seed 000's, the seed-fio-1.14
# profile's are seed 004's (fixtures written from them), so diff pairs
# every fio test of each; a set with no test in common exits 2.
if [ -n "$ROOT" ] && [ -f "$ROOT/fixtures/demo/nvme-review.txt" ]; then
	stored() { sed -n 's/.*stored as result set \([0-9]*\).*/\1/p' "$T/err"; }
	# A real runner result (fixtures/run/README.md): pairs without any I/O.
	kept=$($BR import "$ROOT/fixtures/run/seed-vm.xml" 2>/dev/null | cut -f 1)
	nvme=$($BR import "$ROOT/fixtures/demo/nvme-review.txt" 2>/dev/null |
	    cut -f 1)
	run $BR diff "$nvme:Crucial T705 2TB" "$kept"
	check "runner fixture: diff compares" test "$st" -le 1
	check "runner fixture: all six of seed 000's fio results paired" \
	    test "$(grep -c '^Flexible IO Tester 3.36: ' "$T/out")" -eq 6
	check_grep "runner fixture: nothing of seed 000's fio only in A" \
	    '^Tests only in A \(8\):$' "$T/out"
	btrfs=$($BR import "$ROOT/fixtures/demo/btrfs-raid.txt" 2>/dev/null |
	    cut -f 1)
	check_ok "short default-profile run" $BR run --dir "$D" --size 4m \
	    --runtime 0.3 --ramp 0 --repeat 2 --iodepth 1 --buffered \
	    --system "fresh box"
	cp "$T/out" "$T/summary.txt"
	fresh=$(stored)
	check_grep "summary: a test's name once" \
	    '^Flexible IO Tester: Type: Random Read - Engine: IO_uring - Direct: No - Block Size: 4KB - Job Count: 32 - Disk Target: Default Test Directory$' \
	    "$T/summary.txt"
	check_grep "summary: value, SE, N, direction" \
	    '^  IOPS +[0-9]+(\.[0-9]+)? (±|\+/-) [0-9.]+ +N = 2 +(↑|\^) more is better$' \
	    "$T/summary.txt"
	check_grep "summary: latency named by what it adds" \
	    '^  Latency: Completion 99th Percentile \(usec\) +[0-9.]+ ' \
	    "$T/summary.txt"
	check_nogrep "summary: no exponents" '[0-9]e[+-]?[0-9]' "$T/summary.txt"
	run $BR run --dir "$D" --size 4m --runtime 0.3 --ramp 0 --repeat 1 \
	    --iodepth 1 --system "direct box"
	if [ "$st" -eq 0 ]; then
		direct=$(stored)
		run $BR diff "$nvme:Crucial T705 2TB" "$direct:direct box"
		check "seed 000: diff compares" test "$st" -le 1
		check "seed 000: all six fio results paired" test "$(grep -c \
		    '^Flexible IO Tester 3.36: ' "$T/out")" -eq 6
	else
		skip "seed 000: diff compares" "the test directory refuses O_DIRECT"
		skip "seed 000: all six fio results paired" "no O_DIRECT"
	fi
	check_fail 2 "no test in common: exit 2" $BR diff "$btrfs:Single" \
	    "$fresh:fresh box"
	check_grep "no test in common: says so" "no test in common" "$T/err"
	run $BR run --dir "$D" --profile seed-fio-1.14 --size 4m --runtime 0.3 \
	    --ramp 0 --repeat 1 --iodepth 1
	if [ "$st" -eq 0 ]; then
		run $BR diff "$btrfs:Single" "$(stored)"
		check "seed 004: all four fio results paired" test "$(grep -c \
		    '^Flexible IO Tester 3.25: ' "$T/out")" -eq 4
	else
		skip "seed 004: all four fio results paired" "no O_DIRECT"
	fi
else
	skip "pairing with the seed fixtures" "no ROOT"
fi

# Failure paths.
check_fail 2 "no space: refused" $BR run --dir "$D" --size 1000t --no-store \
    --jobs 1
check_grep "no space: says so" "not enough free space" "$T/err"
check "no space: no file" no_test_file "$D"
: >"$T/plain"
check_fail 2 "not a directory" $BR run --dir "$T/plain" $SHORT --no-store
check_fail 2 "missing directory" $BR run --dir "$T/nowhere" $SHORT --no-store
mkdir "$T/ro"
chmod 555 "$T/ro"
if [ -w "$T/ro" ]; then
	skip "unwritable directory" "running as root: permissions do not apply"
else
	check_fail 2 "unwritable directory" $BR run --dir "$T/ro" $SHORT --no-store
	check_grep "unwritable: says so" "not writable" "$T/err"
fi
chmod 755 "$T/ro"

# tmpfs without O_DIRECT (kernels before 6.6): a clear error naming --buffered.
if [ -d /dev/shm ] && SHM=$(mktemp -d /dev/shm/brtest.XXXXXX 2>/dev/null); then
	if dd if=/dev/zero of="$SHM/probe" bs=4096 count=1 oflag=direct \
	    2>/dev/null; then
		skip "tmpfs without O_DIRECT" "this kernel's tmpfs accepts O_DIRECT"
		skip "tmpfs: suggests --buffered" "this kernel's tmpfs accepts O_DIRECT"
	else
		check_fail 2 "tmpfs without O_DIRECT" $BR run --dir "$SHM" \
		    --size 4m --runtime 0.3 --ramp 0 --no-store --jobs 1
		check_grep "tmpfs: suggests --buffered" "--buffered" "$T/err"
	fi
	check "tmpfs: no file left" no_test_file "$SHM"
	rm -rf "$SHM"
else
	skip "tmpfs without O_DIRECT" "no writable /dev/shm"
	skip "tmpfs: suggests --buffered" "no writable /dev/shm"
	skip "tmpfs: no file left" "no writable /dev/shm"
fi

# Ctrl-C after some repeats finished: they are kept, the file is removed.
C="$T/ctrlc"
mkdir "$C"
$BR run --dir "$C" --profile quick --size 4m --runtime 0.5 --ramp 0 \
    --buffered --repeat 50 --no-store --jobs 1 --iodepth 8 --format tsv \
    >"$T/out" 2>"$T/err" &
pid=$!
# Wait (up to 30 s) until a repeat has finished, then interrupt.
i=0
while [ "$i" -lt 300 ] && ! grep -q "repeat 1/50" "$T/err" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
st=$?
check "Ctrl-C: status 130" test "$st" -eq 130
check_grep "Ctrl-C: says what was kept" "interrupted: keeping [0-9]+ finished repeat" "$T/err"
check_grep "Ctrl-C: kept repeats printed" "	IOPS	" "$T/out"
check "Ctrl-C: test file removed" no_test_file "$C"

# Ctrl-C before any repeat finished: nothing kept, still no file.
$BR run --dir "$C" --profile quick --size 4m --runtime 30 --ramp 0 \
    --buffered --no-store --jobs 1 --iodepth 8 >"$T/out" 2>"$T/err" &
pid=$!
sleep 1
kill -INT "$pid"
wait "$pid"
st=$?
check "early Ctrl-C: status 130" test "$st" -eq 130
check_grep "early Ctrl-C: nothing kept" "nothing kept" "$T/err"
check "early Ctrl-C: test file removed" no_test_file "$C"

done_testing
