#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: `benchreport serve` under load beside the Phoronix Test
# Suite's result viewer (the PHP server `start-result-viewer` runs: php -S
# on its dynamic-result-viewer directory, 4 workers, the same environment)
# serving the same results: a generated 8 x 50 result file and the two
# writeback-tuning fixtures. Two pages each, the list of results and the
# 8 x 50 result's page, under 64 concurrent clients (ab, no keep-alive),
# REQUESTS requests each (default 10,000; QUICK=1: 500); requests per
# second, the 99th percentile of the time to answer, and the errors
# (failed or non-2xx). benchreport must answer every request; the peer's
# errors are reported, not judged.
#
# The peer: PTS_PEER names an unpacked phoronix-test-suite directory
# (default /opt/pts), run as a user who is not root (PTS_USER, default
# ptsuser, created when missing and we are root) with
# NoInternetCommunication set. Where PTS, php or ab cannot be had, the
# script says so and carries on without it.
set -e
BR=${1:-build/benchreport}
case $BR in /*) ;; *) BR=$PWD/$BR ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench-out/serve
rm -rf "$OUT"; mkdir -p "$OUT"
BENCHREPORT_DB=$OUT/bench.db; export BENCHREPORT_DB
REQUESTS=${REQUESTS:-10000}
[ -n "$QUICK" ] && REQUESTS=500
CONC=64
if ! command -v ab >/dev/null 2>&1; then
	echo "bench serve: ab is not installed (apt-get install apache2-utils): skipped"
	exit 0
fi
echo "bench serve: load $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs; $REQUESTS requests, $CONC at once"

SPID=""; PPID_PEER=""
cleanup() {	# under set -e: a stopped server's status is no failure
	if [ -n "$SPID" ]; then
		kill -TERM "$SPID" 2>/dev/null || true
		wait "$SPID" 2>/dev/null || true
	fi
	# The peer's workers are its children: its process group goes.
	if [ -n "$PPID_PEER" ]; then
		kill -TERM "-$PPID_PEER" 2>/dev/null || true
		wait "$PPID_PEER" 2>/dev/null || true
	fi
	return 0
}
trap cleanup EXIT INT TERM

# --- the same results for both ---------------------------------------------
RES=$OUT/pts-results
mkdir -p "$RES/bench-8x50" "$RES/before" "$RES/after"
awk -v systems=8 -v results=50 -f "$ROOT/tests/bench/gen-pts-xml.awk" >"$RES/bench-8x50/composite.xml"
cp "$ROOT/fixtures/diff/before.xml" "$RES/before/composite.xml"
cp "$ROOT/fixtures/diff/after.xml" "$RES/after/composite.xml"
chmod -R a+rX "$OUT"
ID=$("$BR" -q import "$RES/bench-8x50/composite.xml" | cut -f1)
"$BR" -q import "$RES/before/composite.xml" "$RES/after/composite.xml" >/dev/null

# --- the peer -----------------------------------------------------------------
PTS_DIR=${PTS_PEER:-/opt/pts}
PTS_USER=${PTS_USER:-ptsuser}
peer=""
as=""
run_as() {	# command line, run as the peer's user
	if [ -z "$as" ]; then sh -c "$1"; else $as sh -c "$1"; fi
}
pts_setup() {	# sets peer=yes, home and as, or says why not
	if [ ! -x "$PTS_DIR/phoronix-test-suite" ]; then
		echo "bench serve: no PTS peer: $PTS_DIR/phoronix-test-suite not found (set PTS_PEER to an unpacked phoronix-test-suite)"
		return 0
	fi
	if ! command -v php >/dev/null 2>&1; then
		echo "bench serve: no PTS peer: php is not installed (apt-get install php-cli php-xml)"
		return 0
	fi
	if [ "$(id -u)" = 0 ]; then
		if ! id "$PTS_USER" >/dev/null 2>&1; then
			useradd -m "$PTS_USER" 2>/dev/null || {
				echo "bench serve: no PTS peer: cannot create user $PTS_USER"; return 0; }
		fi
		home=$(getent passwd "$PTS_USER" | cut -d: -f6)
		if ! command -v setpriv >/dev/null 2>&1; then
			echo "bench serve: no PTS peer: no setpriv to run it as $PTS_USER"
			return 0
		fi
		as="setpriv --reuid=$PTS_USER --regid=$PTS_USER --init-groups env HOME=$home"
		# The peer reads the results as its own user.
		d=$OUT; while [ "$d" != / ]; do chmod o+x "$d" 2>/dev/null || true; d=$(dirname "$d"); done
	else
		home=$HOME
	fi
	cfg=$home/.phoronix-test-suite/user-config.xml
	if ! grep -q '<NoInternetCommunication>TRUE' "$cfg" 2>/dev/null; then
		run_as "PTS_SILENT_MODE=1 PTS_IGNORE_MODULES=1 $PTS_DIR/phoronix-test-suite user-config-set NoInternetCommunication=TRUE" \
		    >/dev/null 2>&1 || true
		if ! grep -q '<NoInternetCommunication>TRUE' "$cfg" 2>/dev/null; then
			echo "bench serve: no PTS peer: cannot set NoInternetCommunication in $cfg"
			return 0
		fi
	fi
	peer=yes
}
pts_setup

free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
wait_up() {	# URL: until it answers, at most 30 s
	i=0
	while ! curl -s -o /dev/null "$1" && [ "$i" -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
}

# --- load ---------------------------------------------------------------------
# One ab run: prints "req/s p99 errors varied". Errors: connections
# refused or broken, exceptions, non-2xx answers, requests not completed.
# ab also counts an answer whose length differs from the first as failed;
# a page that prints the time it took varies so: "varied", not an error.
load() {	# URL, log
	ab -q -n "$REQUESTS" -c "$CONC" -s 60 "$1" >"$2" 2>&1 || true
	awk -v want="$REQUESTS" '
	     /^Requests per second:/ { rps = $4 }
	     /^   \(Connect:/ { gsub(/[(),]/, ""); e = $2 + $4 + $8; l = $6 }
	     /^Non-2xx responses:/ { n = $3 }
	     /^Complete requests:/ { c = $3 }
	     /^ *99% / { p = $2 }
	     END { if (rps == "") { print "- - all -"; exit }
	           printf "%s %s %d %d\n", rps, p, e + n + (want - c), l }' "$2"
}

"$BR" serve --listen 127.0.0.1:0 >"$OUT/url" 2>"$OUT/serve.err" &
SPID=$!
i=0; while [ ! -s "$OUT/url" ] && [ "$i" -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
OURS=$(head -1 "$OUT/url")
[ -n "$OURS" ] || { echo "bench serve: benchreport serve did not start:"; cat "$OUT/serve.err"; exit 1; }
wait_up "$OURS"

if [ -n "$peer" ]; then
	PP=$(free_port)
	PEER="http://127.0.0.1:$PP/"
	cmd="cd /tmp && exec env PTS_VIEWER_RESULT_PATH=$RES/ PTS_VIEWER_PTS_PATH=$PTS_DIR/ \
	    PTS_VIEWER_CONFIG_FILE=$home/.phoronix-test-suite/user-config.xml \
	    PTS_CORE_STORAGE=$home/.phoronix-test-suite/core.pt2so PTS_VIEWER_ID=1 \
	    PHP_CLI_SERVER_WORKERS=4 php -S 127.0.0.1:$PP -t $PTS_DIR/pts-core/static/dynamic-result-viewer/"
	# A process group of its own, so that its workers stop with it.
	setsid $as sh -c "$cmd" >"$OUT/peer.log" 2>&1 &
	PPID_PEER=$!
	wait_up "$PEER"
	if ! curl -s "${PEER}result/bench-8x50" | grep -q "Generated Storage Matrix"; then
		echo "bench serve: no PTS peer: its viewer does not show the result (see $OUT/peer.log)"
		peer=""
	fi
fi

printf '%-10s %-12s %10s %10s %8s %8s\n' page server "req/s" "p99 ms" errors varied
fail=0
for page in list set; do
	if [ "$page" = list ]; then ours_url=$OURS; peer_url=${PEER:-}; else
		ours_url="${OURS}sets/$ID"; peer_url="${PEER:-}result/bench-8x50"; fi
	# One request each first: the first answer is not what is measured.
	curl -s -o /dev/null "$ours_url"
	set -- $(load "$ours_url" "$OUT/ab-ours-$page.txt")
	o_rps=$1
	printf '%-10s %-12s %10s %10s %8s %8s\n' "$page" benchreport "$1" "$2" "$3" "$4"
	[ "$3" = 0 ] && [ "$4" = 0 ] || { echo "bench serve: benchreport had $3 errors and $4 answers of another length on $page ($OUT/ab-ours-$page.txt)"; fail=1; }
	if [ -n "$peer" ]; then
		curl -s -o /dev/null "$peer_url"
		set -- $(load "$peer_url" "$OUT/ab-peer-$page.txt")
		printf '%-10s %-12s %10s %10s %8s %8s\n' "$page" "PTS viewer" "$1" "$2" "$3" "$4"
		awk -v o="$o_rps" -v p="$1" -v pg="$page" 'BEGIN { if (p + 0 > 0)
		    printf "%-10s ratio: benchreport answers %.1fx the requests per second\n", pg, o / p }'
	fi
done
[ -n "$peer" ] || echo "bench serve: PTS figures left out (no peer)"
exit "$fail"
