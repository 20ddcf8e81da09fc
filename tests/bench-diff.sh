#!/bin/sh
# SPDX-License-Identifier: ISC
# Benchmark of `benchreport diff` on two large generated result sets
# (NRES results x 4 systems x 5 runs each, written here by awk), next to a
# peer: the same Welch tests with scipy (python3-scipy) when it is present.
# Prints wall time and peak memory; asserts nothing (see make bench).
BIN=${1:-build/benchreport}
NRES=${NRES:-5000}
[ -z "$QUICK" ] || NRES=500	# make bench QUICK=1
OUT=${BENCH_OUT:-bench-out}/diff
mkdir -p "$OUT" || exit 2
rm -f "$OUT/bench.db"
BENCHREPORT_DB="$OUT/bench.db"; export BENCHREPORT_DB

gen() {	# seed shift file: a PTS result file with NRES results
	awk -v seed="$1" -v shift="$2" -v nres="$NRES" 'BEGIN {
		srand(seed)
		print "<?xml version=\"1.0\"?>\n<PhoronixTestSuite>\n  <Generated>"
		printf "    <Title>generated set %d</Title>\n  </Generated>\n", seed
		for (s = 0; s < 4; s++)
			printf "  <System>\n    <Identifier>sys%d</Identifier>\n    <Hardware>Disk: disk %d</Hardware>\n    <Software>Kernel: 6.%d</Software>\n  </System>\n", s, s, seed
		for (r = 0; r < nres; r++) {
			printf "  <Result>\n    <Identifier>pts/gen-1.0.0</Identifier>\n    <Title>Generated</Title>\n"
			printf "    <AppVersion>1</AppVersion>\n    <Arguments>case %d</Arguments>\n    <Description>Case: %d</Description>\n", r, r
			printf "    <Scale>MB/s</Scale>\n    <Proportion>%s</Proportion>\n    <DisplayFormat>BAR_GRAPH</DisplayFormat>\n    <Data>\n", r % 3 ? "HIB" : "LIB"
			for (s = 0; s < 4; s++) {
				base = 100 + (r % 97) * 10 + s
				if (r % 10 == 0) base *= shift
				raw = ""; sum = 0
				for (k = 0; k < 5; k++) {
					x = base * (1 + (rand() - 0.5) * 0.04)
					raw = raw (k ? ":" : "") sprintf("%.3f", x); sum += x
				}
				printf "      <Entry>\n        <Identifier>sys%d</Identifier>\n        <Value>%.3f</Value>\n        <RawString>%s</RawString>\n      </Entry>\n", s, sum / 5, raw
			}
			print "    </Data>\n  </Result>"
		}
		print "</PhoronixTestSuite>"
	}' > "$3"
}

gen 1 1.00 "$OUT/a.xml"
gen 2 1.10 "$OUT/b.xml"
echo "bench-diff: two sets of $NRES results x 4 systems x 5 runs ($(wc -c < "$OUT/a.xml") bytes each)"
if ! "$BIN" formats "$OUT/a.xml" >/dev/null 2>&1; then
	echo "bench-diff: no PTS reader in this build; skipped"
	exit 0
fi
# t CMD...: run CMD, then print "seconds s peak-KB KB" on stderr.
t() {
	if [ -x /usr/bin/time ]; then /usr/bin/time -f '%e s %M KB' "$@"
	else "$@"; fi
}
printf 'import both:            '; t "$BIN" import "$OUT/a.xml" "$OUT/b.xml" 2>&1 >/dev/null | tail -1
for f in text json html; do
	printf 'diff --format %-5s:     ' "$f"
	t "$BIN" diff --format "$f" -o "$OUT/diff.$f" 1 2 2>&1 | tail -1
done
printf 'summary: '; grep '^Summary' "$OUT/diff.text"
printf 'merge -o (json):         '; t "$BIN" merge -o "$OUT/merged.json" 1 2 2>&1 | tail -1
printf 'export one set (json):  '; t "$BIN" export 1 -f json -o "$OUT/one.json" 2>&1 | tail -1
PY=/usr/bin/python3
if [ -x "$PY" ] && "$PY" -c 'import scipy' 2>/dev/null; then
	printf 'peer, scipy Welch+Holm: '
	t "$PY" - "$OUT/a.xml" "$OUT/b.xml" <<'PYEOF' 2>&1 | tail -2 | tr '\n' ' '
import sys, xml.etree.ElementTree as ET
from scipy import stats
def load(f):
	r = {}
	for res in ET.parse(f).getroot().iter('Result'):
		for e in res.find('Data'):
			r[(res.findtext('Arguments'), e.findtext('Identifier'))] = \
			    [float(x) for x in e.findtext('RawString').split(':')]
	return r
a, b = load(sys.argv[1]), load(sys.argv[2])
p = sorted(stats.ttest_ind(b[k], a[k], equal_var=False).pvalue for k in a if k in b)
m, run, sig = len(p), 0.0, 0
for i, x in enumerate(p):
	run = max(run, min(1.0, (m - i) * x))
	sig += run < 0.05
print(f"{sig} significant of {m};")
PYEOF
	echo
else
	echo "peer: python3-scipy not installed; skipped"
fi
