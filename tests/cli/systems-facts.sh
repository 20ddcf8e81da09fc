#!/bin/sh
# SPDX-License-Identifier: ISC
# systems --all / --where / --test / --provenance and normalize over a
# store: option errors (no reader needed), then, when the pts-xml reader
# is built in, the btrfs fixture: exactly the btrfs systems, RAID modes
# from the disk details, a fio result by facts and words, provenance.
. "$(dirname "$0")/lib.sh"

B=fixtures/meta/btrfs-raid.xml
P=fixtures/pts/scheduler-pair.xml

check_ok "systems --all on an empty store" "$BR" systems --all
check "only the header" test "$(wc -l <"$T/out")" -eq 1
check_grep "header names the columns" "^SET	SYS	IDENTIFIER	cpu_model	" "$T/out"
check_fail 2 "unknown fact in --where" "$BR" systems --all --where fs=btrfs
check_grep "the unknown fact is named" '"fs"' "$T/err"
check_fail 2 "--where without a value" "$BR" systems --all --where raid_mode=
check_fail 2 "--where needs --all" "$BR" systems --where filesystem=btrfs
check_fail 2 "--all and an ID" "$BR" systems --all 1
check_fail 2 "--all and --meta" "$BR" systems --all --meta

if ! "$BR" formats | grep -q '^pts-xml'; then
	skip "imports and queries" "no pts-xml reader in this build"
	done_testing
	exit 0
fi
check_ok "import the btrfs fixture" "$BR" import "$B"
check_ok "import the ext4 fixture" "$BR" import "$P"
check_ok "systems --all --where filesystem=btrfs" "$BR" systems --all --where filesystem=btrfs
check "exactly the three btrfs systems" test "$(tail -n +2 "$T/out" | wc -l)" -eq 3
check_grep "single" "	Single	Ryzen 9 5900X	16384	2	btrfs	single	5.14.0-rc7	Ubuntu	20.04$" "$T/out"
check_grep "raid0" "	RAID0	Ryzen 9 5900X	16384	3	btrfs	raid0	" "$T/out"
check_grep "raid1" "	RAID1	Ryzen 9 5900X	16384	3	btrfs	raid1	" "$T/out"
check_nogrep "no ext4 system" "ext4" "$T/out"
check_ok "two conditions" "$BR" systems --all --where filesystem=BTRFS,raid_mode=raid1
check "one btrfs RAID1 system" test "$(tail -n +2 "$T/out" | wc -l)" -eq 1
check_ok "ext4 systems" "$BR" systems --all -w filesystem=ext4 -w kernel_version=6.1.0
check "the two ext4 systems" test "$(tail -n +2 "$T/out" | wc -l)" -eq 2
check_ok "every fio 4K random read on btrfs RAID1" "$BR" systems --all \
    --where filesystem=btrfs,raid_mode=raid1 --test fio --test "random read" --test 4KB
check "one result" test "$(tail -n +2 "$T/out" | wc -l)" -eq 1
check_grep "its value and unit" "	RAID1	Flexible IO Tester: Type: Random Read.*	535333	IOPS	" "$T/out"
check_ok "systems --all --provenance" "$BR" systems --all --provenance --where raid_mode=raid0
check_grep "provenance of raid_mode" "raid_mode +raid0  \(note:disk-details\)" "$T/out"
check_grep "provenance of the cpu" "cpu_model +Ryzen 9 5900X  \(field:Processor\)" "$T/out"
check_ok "systems ID --provenance" "$BR" systems 1 --provenance
check_grep "one set's facts with sources" "io_scheduler +none  \(note:disk-scheduler\)" "$T/out"
check_ok "systems ID without --provenance" "$BR" systems 1
check_nogrep "no sources by default" "\(field:" "$T/out"
check_ok "normalize with unchanged rules" "$BR" normalize
check "changes nothing" test ! -s "$T/out"
done_testing
