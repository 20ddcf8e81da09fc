# SPDX-License-Identifier: ISC
# run --precondition and --device: a device is written only when it is a
# whole block device, unmounted, unheld, not swap, and --destructive is
# given; every refusal exits 2 naming the target and the reason, before
# anything is opened for writing (the refusals here are of a regular
# file, this machine's mounted root device, a partition when one exists,
# and a device without --destructive: no device is ever written). A file
# in --dir is preconditioned without --destructive, and what was done is
# stored as facts of the set.
. "$(dirname "$0")/lib.sh"
D="$T/dir"
mkdir -p "$D"
is() { check "$1" [ "$2" = "$3" ]; }	# NAME GOT WANT
SHORT="--profile randwrite-4k --size 4m --runtime 0.2 --ramp 0 --buffered --jobs 1 --iodepth 4"
# For the machine's real devices: reads only and no --precondition, so
# that even a refusal that failed would write nothing (the checks apply
# to every --device run alike).
READ="--profile randread-4k --size 4m --runtime 0.2 --ramp 0 --buffered --jobs 1 --iodepth 4 --no-store"

# A regular file given as a device, with and without --destructive.
printf 'not a disk\n' >"$T/file"
check_fail 2 "--device of a regular file" "$BR" run --device "$T/file" $SHORT --destructive --precondition
check_grep "  names it and says why" "$T/file: refusing to write it: not a block device \(a regular file\)" "$T/err"
is "  the file is untouched" "$(cat "$T/file")" "not a disk"
check_fail 2 "--device of a directory" "$BR" run --device "$D" $SHORT --destructive
check_grep "  not a block device" "not a block device \(a directory\)" "$T/err"
check_fail 2 "--device of a missing path" "$BR" run --device "$T/missing" $SHORT --destructive

# Usage: --destructive alone, --device with --dir, with the dd profile.
check_fail 2 "--destructive without --device" "$BR" run --dir "$D" $SHORT --destructive
check_grep "  goes with --device" "destructive goes with --device" "$T/err"
check_fail 2 "--device with --dir" "$BR" run --dir "$D" --device "$T/file" $SHORT --destructive
check_fail 2 "--precondition with the dd profile" "$BR" run --dir "$D" --profile dd --size 4m --precondition
check_fail 2 "--precondition-passes 0" "$BR" run --dir "$D" $SHORT --precondition-passes 0

# The block device mounted on / (a partition, or a whole device mounted
# as this machine's is): refused with --destructive, saying mounted.
# mountinfo: "... MAJ:MIN ROOT MOUNTPOINT ... - FSTYPE SOURCE ...".
rootdev=$(awk '$5 == "/" { for (i = 7; i <= NF; i++) if ($i == "-") { print $(i + 2); exit } }' /proc/self/mountinfo)
if [ -n "$rootdev" ] && [ -b "$rootdev" ]; then
	check_fail 2 "--device $rootdev (mounted on /) with --destructive" \
	    "$BR" run --device "$rootdev" $READ --destructive
	check_grep "  names it and says it is mounted on /" \
	    "$rootdev: refusing to write this device: .*mounted on / " "$T/err"
	check_fail 2 "--device $rootdev without --destructive" "$BR" run --device "$rootdev" $READ
	check_grep "  says --destructive was not given" "destructive was not given" "$T/err"
else
	skip "--device of the root filesystem's device" "/ is not on a block device here (${rootdev:-none})"
fi

# A partition, if this machine has one.
part=
for p in /sys/class/block/*; do
	[ -e "$p/partition" ] && [ -b "/dev/${p##*/}" ] && { part=/dev/${p##*/}; break; }
done
if [ -n "$part" ]; then
	check_fail 2 "--device $part (a partition) with --destructive" \
	    "$BR" run --device "$part" $READ --destructive
	check_grep "  says it is a partition" "$part is a partition, not a whole device" "$T/err"
else
	skip "--device of a partition" "no partition on this machine"
fi

# Any block device without --destructive: refused, whatever its state.
# /dev/vda, loop0 ... are tried only for the refusal; none is written.
dev=
for p in /sys/class/block/*; do
	[ -b "/dev/${p##*/}" ] && { dev=/dev/${p##*/}; break; }
done
if [ -n "$dev" ]; then
	check_fail 2 "--device $dev without --destructive" "$BR" run --device "$dev" $READ
	check_grep "  says --destructive was not given" "$dev: refusing to write this device: .*--destructive was not given" "$T/err"
else
	skip "--device without --destructive" "no block device on this machine"
fi
is "nothing was written in the directory by the refusals" "$(ls "$D")" ""

# A file target: preconditioned without --destructive (only the runner's
# own file is written), three passes, with the facts stored.
check_ok "run --precondition-passes 3 on a file" "$BR" run --dir "$D" $SHORT --repeat 2 \
    --precondition-passes 3 --system pre --format tsv
check_grep "  says it preconditions" "^precondition: 3 x 4 MiB of sequential 128 KiB writes" "$T/err"
is "  two repeats of the test after it" "$(grep -c '	IOPS	.*	2$' "$T/out")" 1
is "  no test file left" "$(ls "$D")" ""
check_ok "  exported" "$BR" export -f json 1
is "  passes and bytes are facts of the set" \
    "$(jq -r '.systems[0].normalized | "\(.precondition_passes) \(.precondition_bytes)"' "$T/out")" "3 12582912"
check "  its seconds are a fact" [ -n "$(jq -r '.systems[0].normalized.precondition_seconds // empty' "$T/out")" ]
check_grep "  and in words" "sequential write, 128 KiB blocks, queue depth 32, 3 passes over 4 MiB \(12 MiB\)" "$T/out"
check_ok "--precondition (2 passes) with --steady-state 5" "$BR" run --dir "$D" $SHORT --precondition \
    --steady-state 5 --no-store --format tsv
check_grep "  two passes" "^precondition: 2 x 4 MiB" "$T/err"
check_ok "--print-fio-job: the preconditioning's job" "$BR" run --dir "$D" $SHORT --precondition --print-fio-job
check_grep "  rw=write" "^rw=write$" "$T/out"
check_grep "  loops=2" "^loops=2$" "$T/out"
done_testing
