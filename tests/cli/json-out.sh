#!/bin/sh
# SPDX-License-Identifier: ISC
# --format json on show (the JSON export's document), systems (an array
# of systems with fields, notes and facts) and formats (the readers, or
# each file's detected format): valid JSON, the right content, nothing
# but JSON on stdout.
. tests/cli/lib.sh

R=${ROOT:-.}
valid() { python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1"; }
check_ok "import a set" "$BR" import "$R/fixtures/pts/storage-2sys.xml"
check_ok "show -f json" "$BR" show -f json 1
check "is JSON" valid "$T/out"
check_grep "the export's schema" '"schema": [0-9]+' "$T/out"
"$BR" export -f json 1 >"$T/export.json"
check "and the export's document" cmp -s "$T/out" "$T/export.json"
check_ok "systems --format json" "$BR" systems --format json 1
check "is JSON" valid "$T/out"
check "two systems, each with its facts" python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
assert len(a) == 2 and all(s["identifier"] and s["facts"] and s["fields"] for s in a)
' "$T/out"
check_fail 2 "systems --all -f json is refused" "$BR" systems --all -f json
check_ok "formats -f json" "$BR" formats -f json
check "is JSON listing the readers" python3 -c '
import json, sys
a = json.load(open(sys.argv[1]))
assert any(r["name"] == "pts-xml" for r in a)
' "$T/out"
check_ok "formats -f json FILE" "$BR" formats -f json "$R/fixtures/pts/storage-2sys.xml"
check_grep "names the format" '"format": "pts-xml"' "$T/out"
done_testing
