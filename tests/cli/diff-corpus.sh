#!/bin/sh
# SPDX-License-Identifier: ISC
# diff on other people's files, read in place from ../shared (skipped when
# it is absent or when this build has no reader for them):
#  - two related PTS result sets of the corpus (the same Threaded I/O
#    Tester run on a micro and a large EC2 instance);
#  - seed 004 (OpenBenchmarking export), system Single against RAID0.
# References: scipy.stats.ttest_ind(large_runs, micro_runs,
# equal_var=False) on the RawString runs, and
# scipy.stats.ttest_ind_from_stats(raid0_mean, raid0_se*sqrt(3), 3,
# single_mean, single_se*sqrt(3), 3, equal_var=False) on the figures the
# seed states (docs/expected/004_*.json); Holm's adjustment by hand over
# all testable values (Debian python3-scipy 1.10.1). All 28 corpus
# p-values agreed to 1e-9 when this test was written; two are pinned here.
. "$ROOT/tests/cli/lib.sh"

# p, p_adjusted and verdict of the result whose description starts with $2, from JSON file $1.
row() {
	sqlite3 :memory: "SELECT json_extract(value, '\$.p') || ' ' ||
	    json_extract(value, '\$.p_adjusted') || ' ' || json_extract(value, '\$.verdict')
	    FROM json_each(readfile('$1'), '\$.results')
	    WHERE json_extract(value, '\$.test.description') LIKE '$2%' LIMIT 1"
}
# close GOT WANT: relative difference below 1e-6.
close() {
	awk -v g="$1" -v w="$2" 'BEGIN { d = g - w; if (d < 0) d = -d;
	    exit !(d <= 1e-6 * (w < 0 ? -w : w)) }'
}

if [ -z "$SHARED" ]; then
	skip "corpus diff" "../shared is absent"
	skip "seed 004 diff" "../shared is absent"
	done_testing
	exit 0
fi
if ! command -v sqlite3 >/dev/null 2>&1; then
	skip "corpus diff" "no sqlite3 shell to read the JSON"
	done_testing
	exit 0
fi

C="$SHARED/corpus/pts-xml/laertispappas__aws-ec2-phoronix-benchmark__"
if "$BR" formats "${C}micro-ec2_threaded-last_composite.xml" >/dev/null 2>&1; then
	check_fail 1 "EC2 micro vs large: significant (--any)" "$BR" diff --any -f json \
	    "${C}micro-ec2_threaded-last_composite.xml" \
	    "${C}large-ec2_threaded-last_composite.xml"
	cp "$T/out" "$T/ec2.json"
	set -- $(row "$T/ec2.json" "Test: Read - Size Per Thread: 32MB - Thread Count: 4")
	check "read 32MB/4: Welch p = scipy 0.0010062747625657694" close "$1" 0.0010062747625657694
	check "read 32MB/4: Holm p = 0.003018824287697308" close "$2" 0.003018824287697308
	check "read 32MB/4: better" [ "$3" = better ]
	set -- $(row "$T/ec2.json" "Test: Read - Size Per Thread: 128MB - Thread Count: 8")
	check "read 128MB/8: Welch p = scipy 4.045170651421079e-05" close "$1" 4.045170651421079e-05
	check "read 128MB/8: Holm p = 0.0006408844207573594" close "$2" 0.0006408844207573594
	check_ok "EC2: text" "$BR" diff "${C}micro-ec2_threaded-last_composite.xml" \
	    "${C}large-ec2_threaded-last_composite.xml" --fail-above 1000000
	check_grep "EC2: 28 better, 1 not testable" '^Summary: 28 better, 0 worse, 0 no significant change, 1 not testable' "$T/out"
	check_grep "EC2: the tests only the large run has are listed" '^Tests only in B \(35\):' "$T/out"
else
	skip "corpus diff" "no reader for PTS result files in this build"
fi

S="$SHARED/seeds/004_4dc820b1900c28e3.txt"
if "$BR" formats "$S" >/dev/null 2>&1; then
	check_fail 1 "seed 004 Single vs RAID0: significant (--any)" "$BR" diff --any -f json "$S:Single" "$S:RAID0"
	cp "$T/out" "$T/004.json"
	set -- $(row "$T/004.json" "Type: Sequential Write - Engine: IO_uring")
	check "004 fio seq write: Welch p = scipy 3.6688768670702036e-07" close "$1" 3.6688768670702036e-07
	check "004 fio seq write: Holm p = 6.603978360726366e-06" close "$2" 6.603978360726366e-06
	check "004 fio seq write: RAID0 better" [ "$3" = better ]
	set -- $(row "$T/004.json" "Test: 5000 Files, 1MB Size, 4 Threads")
	check "004 FS-Mark 5000 files: Welch p = scipy 0.00038407737540245487" close "$1" 0.00038407737540245487
	check_ok "seed 004: text, only improvements: exit 0" "$BR" diff "$S:Single" "$S:RAID0"
	check_grep "seed 004: 7 better, 11 unchanged, 1 not testable" \
	    '^Summary: 7 better, 0 worse, 11 no significant change, 1 not testable' "$T/out"
else
	skip "seed 004 diff" "no reader for OpenBenchmarking text exports in this build"
fi
# The same OpenBenchmarking result as an HTML page and as flattened text:
# every test must match across the two readers, and nothing may differ.
H="$SHARED/corpus/ob-html/synth-16-ssd.html"
X="$SHARED/corpus/ob-text/synth-16-ssd.txt"
if "$BR" formats "$H" >/dev/null 2>&1 && "$BR" formats "$X" >/dev/null 2>&1; then
	check_ok "OB HTML vs OB text of one result: exit 0" "$BR" diff "$H" "$X"
	check_grep "OB HTML vs text: all 96 values unchanged" \
	    '^Summary: 0 better, 0 worse, 96 no significant change\.' "$T/out"
	check_nogrep "OB HTML vs text: every test matched" 'only in' "$T/out"
else
	skip "OB HTML vs text" "no reader for OpenBenchmarking exports in this build"
fi
done_testing
