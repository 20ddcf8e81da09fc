#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Write a large flattened OpenBenchmarking review, and what it states.

ob-review.py CHARTS [--disagree] TEXT EXPECTED

TEXT is the export as the text reader sees it: a title, a systems table,
the overview line (every system's values, chart by chart, glued), then one
chart per test with SE strings and values of one or two decimals. Eight
systems, values and SEs from a fixed generator (the same file on every
run). With --disagree, one overview value of the middle chart's fourth
system is printed 30 % high, as a review whose overview was made from
another run would be. EXPECTED gets one line per chart and system: the
chart's arguments, the system, the value and the SE as printed in TEXT.
Nothing here uses benchreport.
"""
import sys

NAMES = ["Alder", "Birch", "Cedar", "Delta", "Elm", "Fir", "Gum", "Hazel"]
TITLE = "Eight boxes compared"


class Lcg:
    """A 64-bit linear congruential generator (Knuth's MMIX constants)."""

    def __init__(self, seed):
        self.x = seed

    def below(self, n):
        self.x = (self.x * 6364136223846793005 + 1442695040888963407) % 2**64
        return (self.x >> 33) % n


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    disagree = "--disagree" in sys.argv
    if len(args) != 3:
        sys.exit(__doc__)
    ncharts, text, expected = int(args[0]), args[1], args[2]
    g = Lcg(20261203)
    charts = []
    for c in range(ncharts):
        d = 1 if g.below(4) == 0 else 2
        mag = [10, 100, 1000][g.below(3)]
        # Values from half to one and a half times mag, at d decimals.
        vals = [(mag * 50 + g.below(mag * 100)) * 10**d // 100 for _ in NAMES]
        ses = [1 + g.below(200) for _ in NAMES]     # hundredths
        charts.append(("Type: Random Write - Block Size: 4KB - Job: %d" % c,
                       vals, ses, d, mag))

    def num(v, d):
        return "%d.%0*d" % (v // 10**d, d, v % 10**d)

    lines = [TITLE, "",
             "Eight boxes on one drive each, generated to read a large "
             "review (tests/tools/ob-review.py).", "",
             "HTML result view exported from: "
             "https://openbenchmarking.org/result/2612031-FIX-LARGE00001&grt.",
             "",
             TITLE + "ProcessorMemoryDiskOSKernelFile-System" + "".join(NAMES) +
             "Example CPU 8-Core @ 4.00GHz (8 Cores / 16 Threads)32GB1000GB "
             "Example NVMe DriveDebian 126.1.0-18-amd64 (x86_64)ext4"
             "OpenBenchmarking.org", ""]
    overview = TITLE + "".join("fio: Rand Write - 4KB - %d" % c
                               for c in range(ncharts)) + "".join(NAMES)
    for s in range(len(NAMES)):
        for c, (_, vals, _, d, _) in enumerate(charts):
            v = vals[s]
            if disagree and c == ncharts // 2 and s == 3:
                v = v * 13 // 10
            overview += num(v, d)
    lines += [overview + "OpenBenchmarking.org", ""]
    for a, vals, ses, d, mag in charts:
        ticks = "".join(str(mag * 2 * k // 5) for k in range(1, 6))
        lines += ["Flexible IO Tester", "", a, "",
                  "OpenBenchmarking.orgMB/s, More Is BetterFlexible IO Tester "
                  "3.25" + a + "".join(NAMES) + ticks +
                  "".join("SE +/- %s, N = 3" % num(e, 2) for e in ses) +
                  "".join(num(v, d) for v in vals), ""]
    lines.append("Phoronix Test Suite v10.8.4")
    with open(text, "w") as f:
        f.write("\n".join(lines) + "\n")
    with open(expected, "w") as f:
        for a, vals, ses, d, _ in charts:
            for s, name in enumerate(NAMES):
                f.write("%s\t%s\t%s\t%s\n" % (a, name, num(vals[s], d),
                                              num(ses[s], 2)))


if __name__ == "__main__":
    main()
