#!/bin/sh
# SPDX-License-Identifier: ISC
# Hostile documents, through every reader (forced with --format and by
# detection). Each must end in a result or a clean refusal (status 0 or 2)
# with a message naming the file, never a crash, a sanitizer report or a
# hang (a CPU-time limit turns a hang into a failure here; it is a guard,
# not a measurement). Covered:
#   - a 100 MB single line, NUL bytes, invalid UTF-8, an empty file;
#   - the XML attacks (billion laughs, external entity, external DTD,
#     deep nesting) in fixtures/hostile/;
#   - numbers: 1e309, -1e309, 1e-400, -0, NaN, inf, Infinity, a negative
#     value or SE, N = 0 and 2^64, put into a real file of each format;
#     whatever is stored is a finite number (JSON export, which cannot hold
#     NaN or infinities, stays valid) and no SE is negative.
. tests/cli/lib.sh

CPU_LIMIT=${HOSTILE_CPU_LIMIT:-120}
readers=$("$BR" formats | awk '{ print $1 }')
if [ -z "$readers" ]; then
	skip "hostile documents" "no readers in this build"
	done_testing
	exit 0
fi

# Run a command under the CPU-time limit, in a subshell so the limit stays there.
limited() { run sh -c 'ulimit -t "$0" && exec "$@"' "$CPU_LIMIT" "$@"; }
clean() {	# label: status 0, or 2 with the file named
	if [ "$st" -eq 0 ]; then _report 1 "$1 (read)"
	elif [ "$st" -eq 2 ] && grep -q "$2" "$T/err"; then _report 1 "$1 (refused)"
	else _report 0 "$1 (status $st)"; fi
}

# --- shapeless inputs, every reader -------------------------------------------
# HOSTILE_LINE_MB: make check-valgrind uses a shorter line.
head -c $((${HOSTILE_LINE_MB:-100} * 1000000)) /dev/zero | tr '\0' '7' >"$T/line.txt"
printf 'fio-3.33\n\0\0\0"jobs": [ \0 ]\n' >"$T/nul.txt"
printf '3;fio-3.33;\377\376job;0;0\n\300\200 bytes (1 kB) copied, 1 s, 1 kB/s\n' >"$T/utf8.txt"
: >"$T/empty.txt"
for f in line nul utf8 empty; do
	for r in $readers; do
		rm -f "$BENCHREPORT_DB"*
		limited "$BR" import --format "$r" "$T/$f.txt"
		clean "$r: $f" "$f.txt"
	done
	rm -f "$BENCHREPORT_DB"*
	limited "$BR" import "$T/$f.txt"
	clean "detection: $f" "$f.txt"
done
rm -f "$T/line.txt"

# --- XML attacks ----------------------------------------------------------------
for f in fixtures/hostile/*.xml; do
	rm -f "$BENCHREPORT_DB"*
	limited "$BR" import "$f"
	clean "$(basename "$f")" "$(basename "$f")"
	check_nogrep "$(basename "$f"): nothing from outside the file" 'root:|passwd' "$T/out"
done

# --- numbers ----------------------------------------------------------------------
# fixture, format, sed expression with @ where the number goes.
cases='fixtures/pts/scheduler-pair.xml	pts-xml	0,/<Value>1612.47</s//<Value>@</
fixtures/pts/scheduler-pair.xml	pts-xml	0,/<RawString>1608.1:/s//<RawString>@:/
fixtures/fio/run1-randread.json	fio-json	0,/"iops" : [0-9.]*/s//"iops" : @/
fixtures/fio/run1-randread.json	fio-json	0,/"mean" : [0-9.]*/s//"mean" : @/
fixtures/fio/run1-randread.json	fio-json	0,/"stddev" : [0-9.]*/s//"stddev" : @/
fixtures/ob/fio-pair.txt	ob-text	0,/SE +\/- 79.13, N = 15/s//SE +\/- @, N = 15/
fixtures/ob/fio-pair.txt	ob-text	0,/SE +\/- 79.13, N = 15/s//SE +\/- 79.13, N = @/
fixtures/dd/gnu-small.txt	dd	0,/2.3686e-05 s/s//@ s/
fixtures/dd/gnu-small.txt	dd	0,/^10 bytes/s//@ bytes/
fixtures/fio/terse-v3.txt	fio-terse	1s/^\(\([^;]*;\)\{6\}\)[^;]*/\1@/
fixtures/fio/lg_bw.1.log	fio-log	1s/, [0-9]*, /, @, /'
# HOSTILE_NUMBERS: make check-valgrind tries fewer.
numbers=${HOSTILE_NUMBERS:-'1e309 -1e309 1e-400 -0 NaN nan inf Infinity -5 0 18446744073709551616'}
have() { "$BR" formats | grep -q "^$1 "; }
printf '%s\n' "$cases" >"$T/cases"
while IFS='	' read -r fx fmt expr; do
	have "$fmt" || { skip "numbers in $fmt" "no $fmt reader"; continue; }
	for num in $numbers; do
		out="$T/num.$(basename "$fx")"
		case "$fx" in *_bw.1.log) out="$T/num_bw.1.log";; esac
		sed "$(printf '%s' "$expr" | sed "s/@/$num/g")" "$fx" >"$out"
		if cmp -s "$fx" "$out"; then	# the file already says $num there
			skip "$fmt $num: $expr" "the fixture has this number already"
			continue
		fi
		rm -f "$BENCHREPORT_DB"*
		limited "$BR" import --format "$fmt" "$out"
		clean "$fmt $num: $expr" "$(basename "$out")"
		[ "$st" -eq 0 ] || continue
		"$BR" export 1 -f json >"$T/num.json" 2>"$T/err"
		check "$fmt $num: no NaN or infinity stored" \
		    sh -c "! grep -Eiq ': *-?(nan|inf)' '$T/num.json'"
		check_nogrep "$fmt $num: no negative SE stored" '"se": -' "$T/num.json"
		if command -v python3 >/dev/null 2>&1; then
			check "$fmt $num: JSON export is valid" python3 -c \
			    'import json, sys; json.load(open(sys.argv[1]), parse_constant=lambda c: 1/0)' "$T/num.json"
		fi
	done
done <"$T/cases"
done_testing
