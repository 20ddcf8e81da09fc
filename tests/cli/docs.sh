#!/bin/sh
# SPDX-License-Identifier: ISC
# README, the man pages, --help and docs/ agree with the program, where a
# script can tell (tests/lint-man.sh does the SYNOPSIS): README's table of
# formats names exactly the readers `benchreport formats` lists and the
# writers `export --help` lists; the JSON schema version README gives is
# the one the export writes; the default publish title --help and
# publish(1) give is the one a page of two sets gets; docs/store.md's
# busy timeout is the code's; every file the Makefile's comments point
# to exists; import reads a PTS result directory, as benchreport(1) says;
# publish -o creates a missing directory, as publish(1) says; the quick
# profile's time; each option letter means one thing, as benchreport(1)'s
# table says.
. tests/cli/lib.sh

R=${ROOT:-.}
# README's formats table: "| in | `name` | ..." rows.
readme() { sed -n "s/^| $1 | \`\\([a-z0-9-]*\\)\` |.*/\\1/p" "$R/README.md" | sort; }
"$BR" formats | awk '{ print $1 }' | sort >"$T/readers"
readme in >"$T/readme-in"
check "README lists every reader, and no other" cmp -s "$T/readers" "$T/readme-in"
cmp "$T/readers" "$T/readme-in" >/dev/null || diff "$T/readers" "$T/readme-in" | sed 's/^/# /'
"$BR" export --help | sed -n 's/.*one of: //p' | tr -d ' ' | tr , '\n' | sort >"$T/writers"
readme out >"$T/readme-out"
check "README lists every writer, and no other" cmp -s "$T/writers" "$T/readme-out"

# The JSON schema version.
check_ok "import a set" "$BR" import "$R/fixtures/pts/scheduler-pair.xml"
check_ok "export it as JSON" "$BR" export -f json 1
v=$(sed -n 's/.*"schema": *\([0-9]*\).*/\1/p' "$T/out" | head -1)
check "the export states its schema version" [ -n "$v" ]
check_grep "README gives that version" "\`json\` \| the project's schema, version $v:" "$R/README.md"

# publish's default title for two sets.
check_ok "publish two sets" "$BR" publish -o "$T/review" 1 "$R/fixtures/pts/storage-2sys.xml"
check_grep "the page of two sets is titled Benchmark review" \
    "<title>Benchmark review" "$T/review/index.html"
"$BR" publish --help | tr -s ' \n' '  ' >"$T/help"
check_grep "publish --help says so" '"Benchmark review" for two or more' "$T/help"
check_grep "publish(1) says so" "^\\.Dq Benchmark review" "$R/man/benchreport-publish.1"

# publish -o: created when missing.
check_ok "publish -o creates a missing directory" "$BR" publish -o "$T/new" 1
check "with the page in it" [ -f "$T/new/index.html" ]
check_grep "publish(1) says it is created when missing" "created when missing" \
    "$R/man/benchreport-publish.1"

# import of a PTS result directory, as benchreport(1) says.
mkdir "$T/result"
cp "$R/fixtures/pts/storage-2sys.xml" "$T/result/composite.xml"
check_ok "import reads a PTS result directory" "$BR" import "$T/result"
check_grep "benchreport(1) says so" "Phoronix Test Suite result directory" \
    "$R/man/benchreport.1"

# One busy timeout, the code's.
ms=$(sed -n 's/^#define STORE_BUSY_MS[^0-9]*\([0-9]*\).*/\1/p' "$R/src/store-sqlite.c")
check "the code's busy timeout is found" [ -n "$ms" ]
bad=$(grep -o 'busy[_ ]timeout[^.]*' "$R/docs/store.md" |
    grep -o '[0-9][0-9]* m\{0,1\}s\b' | grep -vx "$((ms / 1000)) s" |
    grep -vx "$ms ms")
check "docs/store.md gives no other busy timeout${bad:+ (it says $bad)}" [ -z "$bad" ]
grep -n "busy_timeout = [0-9]*" "$R/docs/store.md" | grep -q "= $ms" 
check "docs/store.md's busy_timeout is $ms ms" [ $? -eq 0 ]

# run --profile quick: 4 tests x 3 repeats x (ramp + runtime) of I/O, with
# 32 jobs' set-up each time: what the docs promise is more than a minute.
job=$("$BR" run --print-fio-job --dir "$T" --profile quick)
rt=$(printf '%s\n' "$job" | sed -n 's/^runtime=\([0-9]*\)ms$/\1/p' | head -1)
rp=$(printf '%s\n' "$job" | sed -n 's/^ramp_time=\([0-9]*\)ms$/\1/p' | head -1)
check "quick: 48 s of I/O planned" [ "$(( 4 * 3 * (rt + rp) / 1000 ))" -eq 48 ]
check_nogrep "README does not promise quick in about a minute" \
    "quick.*about a minute" "$R/README.md"
check_grep "README says about two minutes" "quick.*about two minutes" "$R/README.md"
check_grep "benchreport-run(1) says about two minutes" "about two minutes" \
    "$R/man/benchreport-run.1"

# Option letters: one meaning each across commands, and benchreport(1)'s
# table (.Ss Option letters) lists exactly the letters --help gives.
for c in $("$BR" help | awk '/^commands:/{f=1;next} f && /^  [a-z]/{print $1}'); do
	"$BR" "$c" --help | sed -n "s/^  -\(.\), --\([a-z0-9-]*\).*/\1 \2 $c/p"
done | sort >"$T/letters"
clash=$(awk '{ n[$1] = n[$1] == "" || n[$1] == $2 ? $2 : "!" } END {
    for (l in n) if (n[l] == "!") printf " -%s", l }' "$T/letters")
check "each option letter means one thing${clash:+ (not:$clash)}" [ -z "$clash" ]
sed -n '/^\.Ss Option letters/,/^\.El/p' "$R/man/benchreport.1" |
    sed -n 's/^\.It Fl \(.\) Ta Fl -\([a-z0-9-]*\) Ta \(.*\)/\1 \2 \3/p' >"$T/table"
bad=""
while read -r l name cmd; do
	grep -q "^$l $name " "$T/table" || { bad="$bad -$l($cmd)"; continue; }
	line=$(grep "^$l $name " "$T/table")
	case $line in *"every command"*) continue;; esac
	printf '%s\n' "$line" | grep -q "[ ,]$cmd\(,\|$\)" || bad="$bad -$l($cmd)"
done <"$T/letters"
check "benchreport(1)'s table has every letter of every command${bad:+ (missing:$bad)}" [ -z "$bad" ]

# Files the Makefile's comments point to.
missing=""
for f in $(grep -o '[a-z][a-z/_-]*\.md' "$R/Makefile" | sort -u); do
	[ -f "$R/$f" ] || missing="$missing $f"
done
check "every file the Makefile names exists${missing:+ (missing:$missing)}" [ -z "$missing" ]
done_testing
