#!/bin/sh
# SPDX-License-Identifier: ISC
# list into a pipe keeps whole titles (list | grep finds the end of a long
# one), COLUMNS still cuts them; list --title finds sets by a piece of
# their title in any case, with --offset and --limit counting matches.
. tests/cli/lib.sh

R=${ROOT:-.}
long="A very long title of a result set that goes far past eighty columns, ending in ZEBRA"
sed "0,/<Title>[^<]*<\/Title>/s||<Title>$long</Title>|" \
    "$R/fixtures/pts/scheduler-pair.xml" >"$T/long.xml"
check_ok "import a set with a long title" "$BR" import "$T/long.xml"
check_ok "import two more" "$BR" import "$R/fixtures/pts/storage-2sys.xml" \
    "$R/fixtures/pts/sparse.xml"
unset COLUMNS
"$BR" list | grep ZEBRA >"$T/out"
check "list | grep finds the end of a long title" [ -s "$T/out" ]
COLUMNS=80 "$BR" list >"$T/out"
check_nogrep "COLUMNS=80 still cuts it" "ZEBRA" "$T/out"
check_ok "list --title finds by a piece, any case" "$BR" list --title "nvme drives"
check_grep "the set" "Two NVMe Drives Under fio" "$T/out"
check "and only it" [ "$(grep -c '^ *[0-9]' "$T/out")" -eq 1 ]
check_ok "list --title with --offset and --limit" \
    "$BR" list --format tsv --title e --offset 1 --limit 1
check "one set, the second match" [ "$(wc -l <"$T/out")" -eq 1 ] && \
    grep -q "Two NVMe" "$T/out"
check_ok "no match is no error" "$BR" list --title nothing-like-this --format tsv
check "and lists nothing" [ ! -s "$T/out" ]

# A label is the user's text, and any bytes: the JSON stays valid UTF-8.
bad=$(printf 'rev\377\376x')
check_ok "a label whose value is not UTF-8" "$BR" --db "$T/lab.db" import \
    --label "commit=$bad" "$R/fixtures/pts/sparse.xml"
check_ok "  list --format json" "$BR" --db "$T/lab.db" list --format json
check "  parses, the value's bad bytes as U+FFFD" \
    [ "$(jq -r '.[0].labels.commit // .sets[0].labels.commit // empty' "$T/out" 2>/dev/null)" = "rev$(printf '\357\277\275\357\277\275')x" ]
done_testing
