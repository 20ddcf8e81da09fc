#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: `benchreport publish` side by side with the Phoronix Test
# Suite's own `result-file-to-html` on the same generated result files
# (4 x 50, 8 x 200 and 16 x 1,000 systems x results), the page only
# (--no-chart-files), both pinned to one CPU (taskset), runs alternating,
# the median of RUNS (7) each: `publish FILE` into a new store, as a user
# types it the first time (goal: 3x PTS), and from the stored set (goal:
# 5x); then the page sizes (goal: at most 1.2x PTS's), and a seed-like
# publish (the NVMe review fixture, 8 systems) with chart files and PDF.
#
# The peer: PTS_PEER names an unpacked phoronix-test-suite directory
# (default /opt/pts). It runs as a user who is not root (PTS_USER, default
# ptsuser, created when missing and we are root), with
# NoInternetCommunication set in that user's configuration. Where PTS or
# php cannot be had, the script says so and prints our figures alone.
# QUICK=1: 4x50 and 8x200 only, three runs.
set -e
BR=${1:-build/benchreport}
case $BR in /*) ;; *) BR=$PWD/$BR ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench-out/publish
rm -rf "$OUT"; mkdir -p "$OUT"
BENCHREPORT_DB=$OUT/bench.db; export BENCHREPORT_DB
RUNS=${RUNS:-7}
SIZES="4x50 8x200 16x1000"
if [ -n "$QUICK" ]; then RUNS=3; SIZES="4x50 8x200"; fi
PIN=""
command -v taskset >/dev/null 2>&1 && PIN="taskset -c $(($(nproc) - 1))"
echo "bench: load $(cut -d' ' -f1-3 /proc/loadavg); pinned: ${PIN:-no (no taskset)}"

# --- the peer -------------------------------------------------------------
PTS_DIR=${PTS_PEER:-/opt/pts}
PTS_USER=${PTS_USER:-ptsuser}
peer=""
pts_setup() {	# sets peer to a command prefix running PTS, or says why not
	if [ ! -x "$PTS_DIR/phoronix-test-suite" ]; then
		echo "bench: no PTS peer: $PTS_DIR/phoronix-test-suite not found (set PTS_PEER to an unpacked phoronix-test-suite)"
		return 0
	fi
	if ! command -v php >/dev/null 2>&1; then
		if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
			echo "bench: installing php-cli and php-xml for the PTS peer"
			DEBIAN_FRONTEND=noninteractive apt-get install -y -q php-cli php-xml >/dev/null 2>&1 || true
		fi
		if ! command -v php >/dev/null 2>&1; then
			echo "bench: no PTS peer: php is not installed (apt-get install php-cli php-xml)"
			return 0
		fi
	fi
	if [ "$(id -u)" = 0 ]; then
		if ! id "$PTS_USER" >/dev/null 2>&1; then
			useradd -m "$PTS_USER" 2>/dev/null || {
				echo "bench: no PTS peer: cannot create user $PTS_USER"; return 0; }
			echo "bench: created user $PTS_USER for the PTS peer"
		fi
		home=$(getent passwd "$PTS_USER" | cut -d: -f6)
		if command -v setpriv >/dev/null 2>&1; then
			as="setpriv --reuid=$PTS_USER --regid=$PTS_USER --init-groups env HOME=$home"
		else
			as="su $PTS_USER -s /bin/sh -c"
		fi
	else
		home=$HOME; as=""
	fi
	cfg=$home/.phoronix-test-suite/user-config.xml
	if ! grep -q '<NoInternetCommunication>TRUE' "$cfg" 2>/dev/null; then
		run_as "$PTS_DIR/phoronix-test-suite user-config-set NoInternetCommunication=TRUE" \
		    >/dev/null 2>&1 || true
		if ! grep -q '<NoInternetCommunication>TRUE' "$cfg" 2>/dev/null; then
			echo "bench: no PTS peer: cannot set NoInternetCommunication in $cfg"
			return 0
		fi
		echo "bench: PTS peer configured (NoInternetCommunication=TRUE in $cfg)"
	fi
	RESULTS=$home/.phoronix-test-suite/test-results
	peer=yes
}
run_as() {	# command line, run as the peer's user
	if [ -z "$as" ]; then sh -c "$1"
	elif [ "${as#su }" != "$as" ]; then $as "$1"
	else $as sh -c "$1"; fi
}
as=""
pts_setup

# --- timing ---------------------------------------------------------------
now() { date +%s%N; }
median() {	# numbers on stdin -> their median
	sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
ours_once() {	# ns of one publish of set $1 into $2 (options after)
	id=$1; dir=$2; shift 2
	t0=$(now)
	$PIN "$BR" publish --force "$@" -o "$dir" "$id" >/dev/null 2>"$OUT/stderr" ||
	    { echo "bench: publish failed:" >&2; cat "$OUT/stderr" >&2; exit 1; }
	echo $(($(now) - t0))
}
file_once() {	# ns of one publish of file $1 into a new store, into $2
	rm -f "$OUT/file.db"
	t0=$(now)
	$PIN "$BR" --db "$OUT/file.db" publish --force --no-chart-files -o "$2" "$1" \
	    >/dev/null 2>"$OUT/stderr" ||
	    { echo "bench: publish failed:" >&2; cat "$OUT/stderr" >&2; exit 1; }
	echo $(($(now) - t0))
}
peer_once() {	# ns of one PTS result-file-to-html of result $1
	t0=$(now)
	run_as "cd /tmp && PTS_SILENT_MODE=1 PTS_IGNORE_MODULES=1 $PIN $PTS_DIR/phoronix-test-suite result-file-to-html $1" \
	    >"$OUT/peer.out" 2>&1 || { echo "bench: PTS failed:" >&2; tail -5 "$OUT/peer.out" >&2; exit 1; }
	echo $(($(now) - t0))
}
ms() { awk -v ns="$1" 'BEGIN { printf "%.1f", ns / 1e6 }'; }

for size in $SIZES; do
	s=${size%x*}; r=${size#*x}
	gen=$OUT/gen-$size.xml
	awk -v systems="$s" -v results="$r" -f "$ROOT/tests/bench/gen-pts-xml.awk" >"$gen"
	id=$("$BR" -q import "$gen" | cut -f1)
	if [ -n "$peer" ]; then
		name=benchreport-bench-$size
		run_as "mkdir -p $RESULTS/$name"
		run_as "cat > $RESULTS/$name/composite.xml" <"$gen"
	fi
	: >"$OUT/ours"; : >"$OUT/theirs"; : >"$OUT/file"
	i=0
	while [ "$i" -lt "$RUNS" ]; do	# alternating: from the file, theirs, from the store
		file_once "$gen" "$OUT/file-$size" >>"$OUT/file"
		[ -z "$peer" ] || peer_once "$name" >>"$OUT/theirs"
		ours_once "$id" "$OUT/page-$size" --no-chart-files >>"$OUT/ours"
		i=$((i + 1))
	done
	o=$(median <"$OUT/ours")
	f=$(median <"$OUT/file")
	osize=$(wc -c <"$OUT/page-$size/index.html")
	if [ -n "$peer" ]; then
		p=$(median <"$OUT/theirs")
		html=$(sed -n 's/.*Saved Output To: *//p' "$OUT/peer.out" | tail -1)
		psize=$(run_as "wc -c < '$html'")
		awk -v l="$size" -v o="$o" -v f="$f" -v p="$p" -v os="$osize" -v ps="$psize" 'BEGIN {
			printf "bench: %-8s from the file: benchreport %7.1f ms, PTS %7.1f ms: %.2fx faster (goal 3x)\n",
			    l, f / 1e6, p / 1e6, p / f
			printf "bench: %-8s from the store: benchreport %7.1f ms, PTS %7.1f ms: %.2fx faster (goal 5x)\n",
			    l, o / 1e6, p / 1e6, p / o
			printf "bench: %-8s size %d vs %d bytes: %.2fx PTS (goal at most 1.2x)\n",
			    l, os, ps, os / ps }'
	else
		echo "bench: $size page: from the file $(ms "$f") ms, from the store $(ms "$o") ms, $osize bytes (no peer)"
	fi
done

# --- a seed-like review with everything -----------------------------------
seed=$("$BR" -q import "$ROOT/fixtures/demo/nvme-review.txt" 2>/dev/null | cut -f1)
: >"$OUT/ours"
i=0
while [ "$i" -lt "$RUNS" ]; do
	ours_once "$seed" "$OUT/seed" --pdf >>"$OUT/ours"
	i=$((i + 1))
done
o=$(median <"$OUT/ours")
echo "bench: review fixture (8 systems, $(ls "$OUT/seed/charts" | wc -l) chart files + PDF): $(ms "$o") ms (target < 200 ms)"
echo "bench: load $(cut -d' ' -f1-3 /proc/loadavg)"
