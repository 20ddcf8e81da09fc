#!/bin/sh
# SPDX-License-Identifier: ISC
# benchreport serve, started on a free loopback port (port 0; the URL it
# prints) and stopped whatever happens: the set list and its search (words,
# a named fact, paging), a set's page, a comparison with diff's verdicts,
# history and drive pages, the JSON API against the commands' own output
# (export and diff, byte for byte), the Content-Security-Policy and no
# script; hostile requests: path traversal, oversized headers and bodies,
# malformed, unknown and repeated query parameters, a slow client, a
# billion-laughs upload, uploads without or with a wrong token (401,
# nothing stored), a read-only server (403), 8 files uploaded twice each at
# once (each stored once); bad options and token files; SIGTERM ends it
# cleanly (status 0, and under the sanitizers no leak).
# Runs against SQLite and, in the PostgreSQL pass, the throw-away cluster.
. tests/cli/lib.sh

for tool in curl python3; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		skip "serve" "$tool not installed (make test-deps installs it)"
		done_testing; exit 0
	fi
done
SPID=""
cleanup() {
	[ -n "$SPID" ] && kill -TERM "$SPID" 2>/dev/null && wait "$SPID" 2>/dev/null
	rm -rf "$T"
	[ -n "$STORE_PG" ] && "$PGTEST_BIN/dropdb" -h "$PGTEST_HOST" -U "$PGTEST_USER" \
	    "$STORE_PG" 2>/dev/null
}
trap cleanup EXIT INT TERM
RAW="python3 $ROOT/tests/tools/http-raw.py"

serve_start() {	# options...: start on a free port; $U, $HOST, $PORT
	: >"$T/url"
	"$BR" serve --listen 127.0.0.1:0 "$@" >"$T/url" 2>"$T/serve.err" &
	SPID=$!
	i=0
	while [ ! -s "$T/url" ] && [ "$i" -lt 300 ] && kill -0 "$SPID" 2>/dev/null; do
		sleep 0.1; i=$((i + 1))
	done
	U=$(head -1 "$T/url"); hp=${U#http://}; hp=${hp%/}
	HOST=${hp%:*}; PORT=${hp##*:}
}
serve_stop() {	# SIGTERM; the exit status in $sst
	kill -TERM "$SPID"; wait "$SPID"; sst=$?; SPID=""
}
get() {	# path [curl options...]: status in $code, body $T/body, headers $T/hdr
	p=$1; shift
	code=$(curl -s -g -o "$T/body" -D "$T/hdr" -w '%{http_code}' --max-time 60 \
	    "$@" "$U${p#/}")
}
nsets() {
	"$BR" list -f json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'
}

D=$ROOT/fixtures
run "$BR" import "$D/demo/btrfs-raid.txt" "$D/demo/nvme-review.txt" \
    "$D/diff/before.xml" "$D/diff/after.xml"
check "import the fixtures" test "$st" -eq 0
BTRFS=$("$BR" list -f tsv | awk -F'\t' '$7 ~ /^Btrfs RAID/ { print $1 }')
NVME=$("$BR" list -f tsv | awk -F'\t' '$7 ~ /NVMe/ { print $1 }')
BEFORE=$("$BR" list -f tsv | awk -F'\t' '$7 ~ /baseline/ { print $1 }')
AFTER=$("$BR" list -f tsv | awk -F'\t' '$7 ~ /patched/ { print $1 }')

# ---- Options refused before anything listens ----
check_fail 2 "a non-loopback address needs --allow-remote" "$BR" serve --listen 0.0.0.0:0
check_grep "... and says so" "allow-remote" "$T/err"
check_fail 2 "a malformed --listen is refused" "$BR" serve --listen 127.0.0.1:99999
printf 'abcdefghijklmnopqrstuvwx\n' >"$T/token"
chmod 644 "$T/token"
check_fail 2 "a token file readable by others is refused" "$BR" serve --listen 127.0.0.1:0 \
    --token-file "$T/token"
check_grep "... naming the mode" "mode 0600" "$T/err"
printf 'short\n' >"$T/short"; chmod 600 "$T/short"
check_fail 2 "a token shorter than 16 characters is refused" "$BR" serve \
    --listen 127.0.0.1:0 --token-file "$T/short"
chmod 600 "$T/token"
check_fail 2 "--threads 0 is refused" "$BR" serve --listen 127.0.0.1:0 --threads 0
check_fail 2 "--timeout that is not a number is refused" "$BR" serve --listen 127.0.0.1:0 \
    --timeout soon
TOKEN=abcdefghijklmnopqrstuvwx

# ---- Pages ----
serve_start --token-file "$T/token" --timeout 2 --max-upload 1
check "serve prints its URL" sh -c 'grep -q "^http://127.0.0.1:[0-9]*/$" "$1"' sh "$T/url"
get /
check "the list: 200" test "$code" = 200
check_grep "the list names the sets" "Btrfs RAID Levels" "$T/body"
check_grep "the Content-Security-Policy header forbids scripts" \
    "^Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; img-src data:; form-action 'self'" "$T/hdr"
check_nogrep "no script on the list" "<script" "$T/body"
get "/?q=980+PRO"
check_grep "search by a drive's words finds the NVMe review" "PCIe 5 NVMe" "$T/body"
check_nogrep "... and not the Btrfs one" "Btrfs RAID Levels" "$T/body"
get "/?key=filesystem&value=BTRFS"
check_grep "search by a normalised fact (any case)" "Btrfs RAID Levels" "$T/body"
check_nogrep "... only the sets that have it" "PCIe 5 NVMe" "$T/body"
get "/?q=no-such-word-anywhere"
check_grep "a search with no match says so" "No result set matches" "$T/body"
get "/?q=50%25_"
check "LIKE's special characters are text: 200" test "$code" = 200
check_grep "... and match nothing here" "No result set matches" "$T/body"
get "/?page=1"
check_grep "page 2 of a store of 4 sets is empty but valid" "page 2 of 1" "$T/body"
get "/sets/$NVME"
check "a set's page: 200" test "$code" = 200
check_grep "... is the review page, with charts" 'class="bc"' "$T/body"
check_grep "... and its systems" "Samsung 980 PRO" "$T/body"
check_nogrep "no script on a set's page" "<script" "$T/body"
get "/sets/$BTRFS"
cp "$T/body" "$T/first.html"
get "/sets/$BTRFS"
check "a set's page asked again is the same page" cmp -s "$T/body" "$T/first.html"
if [ -z "$STORE_PG" ] && command -v sqlite3 >/dev/null 2>&1; then
	sqlite3 "$BENCHREPORT_DB" "UPDATE system_facts SET value = 'zfs' WHERE key = 'filesystem' AND system_id IN (SELECT id FROM systems WHERE set_id = $BTRFS)"
	get "/sets/$BTRFS"
	check_grep "a set's page follows its facts when they change (no stale copy)" ">zfs<" "$T/body"
else
	skip "a set's page follows its facts" "needs the SQLite store and sqlite3"
fi
get "/sets/999999"
check "a set that does not exist: 404" test "$code" = 404
get "/compare?id=$BEFORE&id=$AFTER"
check "compare two sets: 200" test "$code" = 200
check_grep "... with diff's verdicts" "2 better, 1 worse, 5 no significant change" "$T/body"
check_nogrep "no script on the comparison" "<script" "$T/body"
get "/compare?id=$BEFORE&id=$AFTER&id=$BTRFS"
check "compare three sets: 200" test "$code" = 200
check "... each against the first" test "$(grep -c '<section class="diff">' "$T/body")" -eq 2
get "/compare?id=$BEFORE"
check "compare one set: 400" test "$code" = 400
get "/history?system=ext4&test=fio"
check "history: 200" test "$code" = 200
check "... the system's points in both sets" test "$(grep -c "<tr><td><a href=\"/sets/" "$T/body")" -ge 2
get "/history?system=ext4&test=random+read"
check "history of one test: its points as a chart" test "$(grep -c '<svg' "$T/body")" -eq 1
check_grep "... one bar a set, named by its ID" "#$AFTER Writeback tuning: patched" "$T/body"
get "/history?system=ext4&test=fio"
check "history of several tests: no chart mixing them" test "$(grep -c '<svg' "$T/body")" -eq 0
get "/drive?model=980+pro"
check_grep "a drive everywhere: its system" "Samsung 980 PRO 2TB" "$T/body"
check_grep "... and its results" "<h2>Results</h2>" "$T/body"

# ---- The JSON API ----
get "/api/sets"
check "api/sets: 200 JSON" sh -c 'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(d[\"total\"] != 4 or len(d[\"sets\"]) != 4)" "$1"' sh "$T/body"
get "/api/sets?limit=1&offset=1"
check "api/sets pages" sh -c 'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(len(d[\"sets\"]) != 1 or d[\"offset\"] != 1)" "$1"' sh "$T/body"
get "/api/sets/$NVME"
"$BR" export "$NVME" -f json >"$T/export.json"
check "api/sets/ID is the export, byte for byte" cmp -s "$T/body" "$T/export.json"
get "/api/diff?a=$BEFORE&b=$AFTER"
"$BR" diff -f json "$BEFORE" "$AFTER" >"$T/diff.json"
check "api/diff is diff --format json, byte for byte" cmp -s "$T/body" "$T/diff.json"
get "/api/diff?a=$BEFORE&b=$AFTER&system_a=ext4&system_b=xfs"
"$BR" diff -f json "$BEFORE:ext4" "$AFTER:xfs" >"$T/diff.json"
check "api/diff of one system each is diff A:S B:T's, byte for byte" cmp -s "$T/body" "$T/diff.json"
get "/compare?id=$BEFORE&id=$AFTER&system_a=ext4&system_b=xfs"
check_grep "compare one system of each set" "1 better, 3 worse, 0 no significant change" "$T/body"
check_grep "... the form to pick them keeps the choice" '<option value="xfs" selected>xfs</option>' "$T/body"
get "/compare?id=$BEFORE&id=$AFTER&system_a=nope"
check_grep "... a system that is not there: not compared, saying why" 'Not compared: no system &quot;nope&quot;' "$T/body"
get "/sets/$BEFORE"
check_grep "a set's page links each system's history" 'href="/history\?system=xfs"' "$T/body"
get "/api/history?system=ext4&test=fio"
check "api/history: points" sh -c 'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(len(d[\"points\"]) < 2)" "$1"' sh "$T/body"
get "/api/drive?model=980"
check "api/drive: systems and results" sh -c 'python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not d[\"systems\"] or not d[\"results\"])" "$1"' sh "$T/body"
get "/api/nothing"
check "an unknown API path: 404 JSON" sh -c 'test "$1" = 404 && python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$2"' sh "$code" "$T/body"

# ---- A store connection lost: the worker reconnects ----
if [ -n "$STORE_PG" ]; then
	"$PGTEST_BIN/psql" -X -q -h "$PGTEST_HOST" -U "$PGTEST_USER" -d "$STORE_PG" -c \
	    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()" \
	    >/dev/null 2>&1
	i=0; n=0
	while [ "$i" -lt 12 ]; do
		get "/api/sets"; i=$((i + 1))
		[ "$code" = 200 ] && n=$((n + 1))
	done
	# Each worker holds a connection of its own: one found dead answers
	# again on a new one, so no request sees the dropped connection.
	check "after the server dropped every connection, every request is answered (200)" \
	    test "$n" -eq 12
else
	skip "the workers reconnect" "needs the PostgreSQL pass"
fi

# ---- Hostile requests ----
for p in "/../../../../etc/passwd" "/%2e%2e/%2e%2e/etc/passwd" "/sets/..%2f..%2fetc%2fpasswd" \
    "/sets/1/../../../etc/passwd" "/api/sets/%2e%2e%2fetc%2fpasswd" "//etc/passwd"; do
	get "$p" --path-as-is
	check "path traversal $p: 4xx" sh -c 'case "$1" in 4??) exit 0;; esac; exit 1' sh "$code"
	check_nogrep "... and no file's content" "root:" "$T/body"
done
get "/?page=abc"
check "a malformed parameter: 400" test "$code" = 400
get "/?page=1&page=2"
check "a repeated parameter: 400" test "$code" = 400
get "/api/sets?q=a&q=b"
check "a repeated API parameter: 400 JSON" sh -c 'test "$1" = 400 && grep -q "more than once" "$2"' sh "$code" "$T/body"
get "/?bogus=1"
check "an unknown parameter: 400" test "$code" = 400
get "/compare?id=$BEFORE&id=x"
check "a compare ID that is not a number: 400" test "$code" = 400
get "/?q=%ZZ%00%ff%c0%af"
check "broken percent-encoding and bad UTF-8 in a search: answered" sh -c \
    'case "$1" in 200|400) exit 0;; esac; echo "#   status $1:"; head -c 300 "$2" | sed "s/^/#   /"; exit 1' \
    sh "$code" "$T/body"
q="/?"; i=0
while [ "$i" -lt 40 ]; do q="${q}q$i=x&"; i=$((i + 1)); done
get "$q"
check "40 query parameters: 400" test "$code" = 400
get "/?q=a+b+c+d+e+f+g+h+i"
check "nine search words: 400" test "$code" = 400
get "/" -X DELETE
check "DELETE: 405" test "$code" = 405
check_grep "... with Allow" "^Allow: GET, HEAD" "$T/hdr"
get "/sets/$NVME" -I
check "HEAD of a page: 200" test "$code" = 200
run $RAW "$HOST" "$PORT" bigheader 65536
check "a 64 KiB header: refused with a 4xx" sh -c 'grep -Eq "^HTTP/1.1 4[0-9][0-9]|^closed" "$1"' sh "$T/out"
printf 'GARBAGE\r\n\r\n' >"$T/garbage"
run $RAW "$HOST" "$PORT" send "$T/garbage"
check "a request line that is not HTTP: 400 or closed" sh -c 'grep -Eq "^HTTP/1.1 400|^closed" "$1"' sh "$T/out"
run $RAW "$HOST" "$PORT" slow 8
check "a slow client is dropped after the idle timeout" grep -q "^closed after [0-9]" "$T/out"
get "/"
check "the server still answers after all that" sh -c \
    'test "$1" = 200 || { echo "#   status $1:"; head -c 300 "$2" | sed "s/^/#   /"; exit 1; }' \
    sh "$code" "$T/body"

# ---- Uploads ----
before=$(nsets)
get "/api/import?name=test-1.xml" --data-binary "@$D/pts/test-1.xml"
check "an upload without a token: 401" test "$code" = 401
check_grep "... asking for the bearer token" "^WWW-Authenticate: Bearer" "$T/hdr"
get "/api/import?name=test-1.xml" --data-binary "@$D/pts/test-1.xml" \
    -H "Authorization: Bearer wrongwrongwrongwrongwrong"
check "an upload with a wrong token: 401" test "$code" = 401
get "/api/import?name=test-1.xml" --data-binary "@$D/pts/test-1.xml" \
    -H "Authorization: Bearer ${TOKEN}x"
check "an upload with the token and one more character: 401" test "$code" = 401
check "... nothing stored" test "$(nsets)" -eq "$before"
get "/api/import?name=bl.xml" --data-binary "@$D/hostile/billion-laughs.xml" \
    -H "Authorization: Bearer $TOKEN"
check "a billion-laughs upload: 400" test "$code" = 400
check_grep "... naming the upload" '"bl.xml:' "$T/body"
check "... nothing stored" test "$(nsets)" -eq "$before"
head -c 2000000 /dev/zero | tr '\0' 'x' >"$T/big.xml"
get "/api/import?name=big.xml" --data-binary "@$T/big.xml" -H "Authorization: Bearer $TOKEN"
check "an upload over --max-upload: 413" test "$code" = 413
get "/api/import?name=big.xml" --data-binary "@$T/big.xml" -H "Authorization: Bearer $TOKEN" \
    -H "Transfer-Encoding: chunked"
check "... also when chunked (no length stated)" test "$code" = 413
check "... nothing stored" test "$(nsets)" -eq "$before"
get "/api/import?name=../../evil.xml" --data-binary "@$D/pts/test-1.xml" \
    -H "Authorization: Bearer $TOKEN"
check "an upload with the token: 201" test "$code" = 201
check "... stored" test "$(nsets)" -eq $((before + 1))
"$BR" list -f tsv >"$T/list"
check_grep "... under its own base name, not a path" "	evil.xml(	|$)" "$T/list"
get "/api/import?name=again.xml" --data-binary "@$D/pts/test-1.xml" \
    -H "Authorization: Bearer $TOKEN"
check "the same bytes again: 200, already stored" sh -c 'test "$1" = 200 && grep -q "\"already\": true" "$2"' sh "$code" "$T/body"
get "/api/import" -H "Authorization: Bearer $TOKEN" -X POST
check "an upload with no body: 400" test "$code" = 400
get "/api/import" -X PUT -H "Authorization: Bearer $TOKEN"
check "PUT on the import: 405" test "$code" = 405
i=1
while [ "$i" -le 8 ]; do
	sed "s|<Title>[^<]*</Title>|<Title>Concurrent upload $i</Title>|" "$D/pts/test-1.xml" \
	    >"$T/up$i.xml"
	i=$((i + 1))
done
before=$(nsets)
run $RAW "$HOST" "$PORT" concurrent /api/import "$TOKEN" "$T"/up1.xml "$T"/up2.xml \
    "$T"/up3.xml "$T"/up4.xml "$T"/up5.xml "$T"/up6.xml "$T"/up7.xml "$T"/up8.xml
check "8 files uploaded twice each at once: 16 answers, 201 or 200" \
    test "$(grep -cE '^HTTP/1.1 20[01]' "$T/out")" -eq 16
check "... 8 created" test "$(grep -c '^HTTP/1.1 201' "$T/out")" -eq 8
check "... each stored once" test "$(nsets)" -eq $((before + 8))
"$BR" list -f tsv >"$T/list"
check "... every title once" test "$(grep -c 'Concurrent upload' "$T/list")" -eq 8
UP=$("$BR" list -f tsv | awk -F'\t' '$7 == "Concurrent upload 3" { print $1 }')
get "/sets/$UP"
check "an uploaded set's page" sh -c 'test "$1" = 200 && grep -q "Concurrent upload 3" "$2"' sh "$code" "$T/body"
run "$BR" delete "$UP"
get "/sets/$UP"
check "... once deleted, 404 (not the page kept from before)" test "$code" = 404
serve_stop
check "SIGTERM ends the server with status 0" test "$sst" -eq 0

# ---- A server without a token takes no writes ----
serve_start
before=$(nsets)
get "/api/import?name=x.xml" --data-binary "@$D/pts/test-1.xml" -H "Authorization: Bearer $TOKEN"
check "no --token-file: an import is 403" test "$code" = 403
check "... nothing stored" test "$(nsets)" -eq "$before"
kill -INT "$SPID"; wait "$SPID"; sst=$?; SPID=""
check "SIGINT ends the server with status 0" test "$sst" -eq 0
done_testing
