#!/bin/sh
# SPDX-License-Identifier: ISC
# benchreport run stopped short: a closed pipe (`run ... 2>&1 | head -1`)
# stops it as Ctrl-C does, with its test file removed; a test file an
# earlier run left behind (its process gone) is named and removed, one of
# a live process is left alone; an error after a finished repeat keeps
# that repeat, stored under a title and a fact that say the run stopped
# short; Ctrl-C marks the set "interrupted"; N = 1 values show no SE.
. "$(dirname "$0")/lib.sh"

P="$T/dir"
mkdir -p "$P"
SHORT="--profile quick --size 4m --runtime 0.4 --ramp 0 --buffered --jobs 1 --iodepth 8"
no_test_file() {	# dir: true when no test file is left behind
	! ls "$1" 2>/dev/null | grep -q '^benchreport-run\.'
}

# A closed pipe: the run stops, removes its file, says nothing more.
{ "$BR" run --dir "$P" $SHORT --repeat 5 --no-store; echo $? >"$T/status"; } \
    2>&1 | head -1 >"$T/first"
check "SIGPIPE: the first line was read" [ -s "$T/first" ]
check "SIGPIPE: the run ended by itself, not killed by the signal" \
    [ "$(cat "$T/status")" != 141 ]
check "SIGPIPE: no test file left" no_test_file "$P"

# A leftover of a run that was killed (its PID beyond any PID in use) is
# named and removed; one of a live process (this shell) stays.
head -c 65536 /dev/zero >"$P/benchreport-run.2147483646.0"
: >"$P/benchreport-run.$$.0"
check_ok "a run beside a leftover" "$BR" run --dir "$P" $SHORT --repeat 1 \
    --no-store --format tsv
check_grep "the leftover is named" \
    "removing a test file an earlier run left behind: .*benchreport-run\.2147483646\.0" \
    "$T/err"
check "and removed" [ ! -e "$P/benchreport-run.2147483646.0" ]
check "a live process's file stays" [ -e "$P/benchreport-run.$$.0" ]
rm -f "$P/benchreport-run.$$.0"

# N = 1: the value has no SE, so no "+/- 0" (nor its UTF-8 form).
check_ok "one repeat" "$BR" run --dir "$P" $SHORT --repeat 1 --no-store
check_grep "one repeat: N = 1" "N = 1 " "$T/out"
check_nogrep "one repeat: no SE of 0" "(\+/-|±) +0 " "$T/out"

# An error after a finished repeat: the dd profile makes a new file per
# repeat, and the next one's name is taken, so repeat 2 fails.
"$BR" run --dir "$P" --profile dd --size 4m --buffered --repeat 40 \
    --format tsv >"$T/out" 2>"$T/err" &
pid=$!
i=1
while [ $i -le 45 ]; do : >"$P/benchreport-run.$pid.$i"; i=$((i + 1)); done
wait $pid
st=$?
rm -f "$P"/benchreport-run.$pid.*
check "error after a repeat: status 2" [ "$st" -eq 2 ]
check_grep "error after a repeat: the error is said" "cannot create the test file" "$T/err"
check_grep "error after a repeat: the finished repeat is kept" \
    "keeping 1 finished repeat" "$T/err"
check_grep "error after a repeat: stored" "stored as result set" "$T/err"
id=$(sed -n 's/.*stored as result set \([0-9]*\).*/\1/p' "$T/err")
"$BR" list --format tsv >"$T/list" 2>>"$T/err"
check_grep "error after a repeat: the title says so" \
    "^$id	.*dd profile \(stopped by an error\)" "$T/list"
"$BR" systems "$id" >"$T/sys" 2>>"$T/err"
check_grep "error after a repeat: a fact says so" \
    "run_incomplete +stopped by an error after 1 of 40 repeats" "$T/sys"

# Ctrl-C after a repeat: stored, marked interrupted.
"$BR" run --dir "$P" $SHORT --repeat 50 --format tsv >"$T/out" 2>"$T/err" &
pid=$!
i=0
while [ "$i" -lt 300 ] && ! grep -q "repeat 1/50" "$T/err" 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
st=$?
check "Ctrl-C: status 130" [ "$st" -eq 130 ]
id=$(sed -n 's/.*stored as result set \([0-9]*\).*/\1/p' "$T/err")
"$BR" list --format tsv >"$T/list" 2>>"$T/err"
check_grep "Ctrl-C: the title says interrupted" \
    "^$id	.*quick profile \(interrupted\)" "$T/list"
"$BR" systems "$id" >"$T/sys" 2>>"$T/err"
check_grep "Ctrl-C: a fact says so" "run_incomplete +interrupted after [0-9]+ of 200 repeats" "$T/sys"
check "Ctrl-C: no test file left" no_test_file "$P"
done_testing
