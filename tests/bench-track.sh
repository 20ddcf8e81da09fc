#!/bin/sh
# SPDX-License-Identifier: ISC
# make bench: `benchreport track` side by side with Apache Otava.
#
# 1. The same 100 series (tests/track-gen.py multi: one system, 100
#    tests, 1,000 nightly files, each test with 0-3 steps of 5-20 %): the
#    change points of both with Otava's parameters (window 50, p <= 0.001,
#    no minimum magnitude, no minimum segment), the share of series where
#    the positions are the same, and the time: benchreport's whole
#    command (reading the store, detecting, writing) against Otava's
#    compute_change_points alone on the values in memory, best of RUNS.
# 2. Scale, on SQLite and PostgreSQL: one machine's history (50 series of
#    100 nights) tracked in a store of that machine's 100 sets, then in a
#    store of 100 machines' 10,000 sets x 50 tests; the time per series
#    of both, and of the whole store's track.
#
# The peer: OTAVA_PEER names Apache Otava's source directory (default
# /opt/otava); it runs with Debian's python3-numpy and python3-scipy
# (PYTHON, default /usr/bin/python3, then python3), importing its
# change-point modules only. Without it the script says so and prints
# our figures alone; without a PostgreSQL server, SQLite's alone.
# QUICK=1: 200 nightly files, and 500 sets (5 machines) for the scale.
set -e
BR=${1:-build/benchreport}
case $BR in /*) ;; *) BR=$PWD/$BR ;; esac
ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=$ROOT/bench-out/track
rm -rf "$OUT"; mkdir -p "$OUT"
RUNS=${RUNS:-3}
LEN=1000; MACHINES=100
if [ -n "$QUICK" ]; then LEN=200; MACHINES=5; fi
GEN="python3 $ROOT/tests/track-gen.py"
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
OTAVA=${OTAVA_PEER:-/opt/otava}
echo "bench: load $(cut -d' ' -f1-3 /proc/loadavg)"

# best CMD...: the best wall time of RUNS runs, in seconds.
best() {
	b=""
	for _ in $(seq "$RUNS"); do
		s=$(date +%s.%N)
		"$@" >/dev/null
		e=$(date +%s.%N)
		b=$(echo "$s $e ${b:-1e9}" | awk '{ t = $2 - $1; print (t < $3 ? t : $3) }')
	done
	echo "$b"
}

# --- 1. against Otava ---------------------------------------------------
# cpu CMD...: the best user + system CPU seconds of RUNS runs, to the
# microsecond (getrusage of the children); the last run's standard error
# in $OUT/cpu.err.
cpu() {
	python3 -c 'import resource, subprocess, sys
best = None
for _ in range(int(sys.argv[1])):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(sys.argv[2], "w") as err:
        subprocess.run(sys.argv[3:], stdout=subprocess.DEVNULL, stderr=err, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime
    best = t if best is None or t < best else best
print("%.6f" % best)' "$RUNS" "$OUT/cpu.err" "$@"
}
DB=$OUT/multi.db
$GEN "$OUT/multi" multi 100 "$LEN"
"$BR" --db "$DB" import "$OUT"/multi/*.xml >/dev/null
OPTS="--max-p 0.001 --min-segment 1 --window 50"
"$BR" --db "$DB" track -f json $OPTS >"$OUT/ours.json"
"$BR" --db "$DB" track -f json $OPTS --retest-neighbours >"$OUT/ours-nb.json"
ours=$(cpu "$BR" -v --db "$DB" track -f tsv $OPTS)
detect=$(sed -n 's/.*, \([0-9.]*\) ms finding the change points/\1/p' "$OUT/cpu.err")
echo "track: 100 series of $LEN points: benchreport ${ours} s of CPU for the whole command (${detect} ms of it finding the change points), best of $RUNS"
if [ ! -f "$OTAVA/otava/analysis.py" ]; then
	echo "track: no Otava peer: $OTAVA/otava/analysis.py not found (set OTAVA_PEER to Apache Otava's source)"
elif ! PYTHONPATH=$OTAVA "$PY" -c 'import otava.analysis' >/dev/null 2>&1; then
	echo "track: no Otava peer: $PY cannot import otava.analysis (apt-get install python3-numpy python3-scipy)"
else
	PYTHONPATH=$OTAVA "$PY" - "$OUT/ours.json" "$OUT/ours-nb.json" \
	    "$OUT/multi/truth.tsv" "$RUNS" "$ours" "$detect" <<'EOF'
import json, sys, time
from otava.analysis import compute_change_points

doc = json.load(open(sys.argv[1]))
runs, ours, detect = int(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6]) / 1e3
series = [[p['value'] for p in s['points']] for s in doc['series']]
names = [s['description'][-3:] for s in doc['series']]
def positions(d):
    return [[c['position'] for c in s['change_points']] for s in d['series']]
mine = positions(doc)
like = positions(json.load(open(sys.argv[2])))
truth = {}
for line in open(sys.argv[3]):
    k, _, v = line.rstrip('\n').partition('\t')
    truth[k] = [int(x) for x in v.split()]
best = None
for _ in range(runs):
    t = time.process_time()
    theirs = [[c.index + 1 for c in compute_change_points(list(x), window_len=50,
               max_pvalue=0.001, min_magnitude=0.0)[0]] for x in series]
    t = time.process_time() - t
    best = t if best is None or t < best else best
n = len(series)
print('track: Otava %.3f s of CPU in compute_change_points alone (best of %d): '
      'benchreport %.1fx faster finding change points, %.1fx for its whole '
      'command (goal: 20x)' % (best, runs, best / detect, best / ours))
for label, got in (('benchreport', mine), ('benchreport --retest-neighbours', like)):
    same = sum(1 for a, b in zip(got, theirs) if a == b)
    print('track: %s and Otava: the same positions in %d of %d series (goal: 95 %%)'
          % (label, same, n))
for label, got in (('benchreport', mine), ('benchreport --retest-neighbours', like),
                   ('Otava', theirs)):
    exact = sum(1 for g, k in zip(got, names) if g == truth[k])
    print('track: %s: every generated step and nothing else in %d of %d series'
          % (label, exact, n))
EOF
fi

# --- 2. scale -----------------------------------------------------------
# fill STORE MACHINES: 100 nights of MACHINES machines, 50 tests a set,
# written and imported 500 files at a time.
fill() {
	total=$(($2 * 100)); first=0
	while [ "$first" -lt "$total" ]; do
		rm -rf "$OUT/fleet"
		$GEN "$OUT/fleet" fleet "$2" 100 50 "$first" 500
		"$BR" --db "$1" import "$OUT"/fleet/*.xml >/dev/null
		first=$((first + 500))
	done
	rm -rf "$OUT/fleet"
}
# scale BACKEND SMALL LARGE HOW: the figures of one backend, timed by HOW
# (cpu: our CPU, for SQLite, where all the work is ours; best: the wall
# clock, for PostgreSQL, where the server does the query).
scale() {
	t1=$($4 "$BR" --db "$2" track -s m000 -f tsv)
	t2=$($4 "$BR" --db "$3" track -s m000 -f tsv)
	a1=$($4 "$BR" --db "$2" track -f tsv)
	a2=$($4 "$BR" --db "$3" track -f tsv)
	n=$(($MACHINES * 100))
	how="of CPU"
	[ "$4" = cpu ] || how="by the clock"
	echo "$1 $t1 $t2 $a1 $a2 $MACHINES $n" | awk -v how="$how" '{
	    printf "track: %s: one machine (50 series of 100 points): %.2f ms %s a series in 100 sets, %.2f ms in %d sets (%.2fx; goal: within 3x)\n", $1, $2 * 20, how, $3 * 20, $7, $3 / $2
	    printf "track: %s: the whole store: %.2f ms %s a series in 100 sets (50 series), %.2f ms in %d sets (%d series) (%.2fx)\n", $1, $4 * 20, how, $5 * 1000 / ($6 * 50), $7, $6 * 50, ($5 / ($6 * 50)) / ($4 / 50) }'
}
fill "$OUT/small.db" 1
fill "$OUT/large.db" "$MACHINES"
scale sqlite "$OUT/small.db" "$OUT/large.db" cpu
. "$ROOT/tests/pg-cluster.sh"
if pg_cluster_start; then
	trap pg_cluster_stop EXIT INT TERM
	small=$(pg_cluster_db brbench_small)
	large=$(pg_cluster_db brbench_large)
	fill "$small" 1
	fill "$large" "$MACHINES"
	RUNS=5 scale postgresql "$small" "$large" best
	pg_cluster_stop
	trap - EXIT INT TERM
else
	echo "track: no PostgreSQL: $PGTEST_WHY: SQLite's figures only"
fi
rm -rf "$OUT/multi" "$OUT"/*.db
