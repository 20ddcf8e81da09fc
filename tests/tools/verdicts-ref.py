#!/usr/bin/python3
# SPDX-License-Identifier: ISC
# Reference check of benchreport diff's equivalence test and detectable
# effect against Debian's python3-statsmodels and python3-scipy.
#
#   verdicts-ref.py BENCHREPORT DIR
#
# Generates 50 pairs of run lists (fixed seed: the same pairs every run)
# as two PTS XML files in DIR, runs `diff --equivalence 2% -f json` on
# them, and compares each value's tost_p with
# statsmodels.stats.weightstats.ttost_ind(b, a, -m, m, usevar="unequal")
# (m = 2 % of A's mean), to 1e-6 relative, and its mde_pct with the
# difference the two-sided Welch test finds with power 0.8 at alpha 0.05,
# solved with scipy.optimize.brentq over scipy.stats.nct, to 0.1 % of the
# mean. Prints one line per mismatch and "checked N values"; exit 1 on a
# mismatch, 77 when a module is missing.
import json
import math
import os
import subprocess
import sys
import warnings

try:
    import numpy as np
    from scipy import optimize, stats
    from statsmodels.stats.weightstats import ttost_ind
except ImportError as e:
    print("missing: %s" % e.name)
    sys.exit(77)

warnings.simplefilter("ignore")
NPAIRS = 50
MARGIN = 2.0
ALPHA = 0.05
POWER = 0.8


def pts_xml(path, title, values):
    with open(path, "w") as f:
        f.write('<?xml version="1.0"?>\n<PhoronixTestSuite>\n'
                "<Generated><Title>%s</Title></Generated>\n"
                "<System><Identifier>S</Identifier></System>\n" % title)
        for i, runs in enumerate(values):
            f.write("<Result><Identifier>pts/ref-1.0.0</Identifier>"
                    "<Title>Reference</Title><Arguments>pair %d</Arguments>"
                    "<Description>Pair %d</Description><Scale>MB/s</Scale>"
                    "<Proportion>HIB</Proportion>"
                    "<DisplayFormat>BAR_GRAPH</DisplayFormat><Data><Entry>"
                    "<Identifier>S</Identifier><Value>%r</Value>"
                    "<RawString>%s</RawString></Entry></Data></Result>\n"
                    % (i + 1, i + 1, float(np.mean(runs)),
                       ":".join(repr(float(x)) for x in runs)))
        f.write("</PhoronixTestSuite>\n")


def mde(se, df):
    tc = stats.t.isf(ALPHA / 2, df)

    def gap(nc):
        return (stats.nct.sf(tc, df, nc) + stats.nct.cdf(-tc, df, nc)) - POWER
    return optimize.brentq(gap, 0, 200, xtol=1e-12) * se


def main():
    br, out = sys.argv[1], sys.argv[2]
    rng = np.random.default_rng(35)
    pairs = []
    for _ in range(NPAIRS):
        na, nb = int(rng.integers(2, 11)), int(rng.integers(2, 11))
        mean = float(rng.uniform(50, 5000))
        cv = float(rng.uniform(0.002, 0.03))
        shift = float(rng.uniform(-0.04, 0.04))
        a = np.round(rng.normal(mean, mean * cv, na), 4)
        b = np.round(rng.normal(mean * (1 + shift), mean * cv, nb), 4)
        pairs.append((a, b))
    pts_xml(os.path.join(out, "a.xml"), "reference A", [p[0] for p in pairs])
    pts_xml(os.path.join(out, "b.xml"), "reference B", [p[1] for p in pairs])
    env = dict(os.environ, BENCHREPORT_DB=os.path.join(out, "ref.db"))
    res = subprocess.run([br, "diff", "--equivalence", "%g%%" % MARGIN,
                          "-f", "json", os.path.join(out, "a.xml"),
                          os.path.join(out, "b.xml")],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env, check=False)
    if res.returncode not in (0, 1):
        print("diff failed: %s" % res.stderr.decode(errors="replace").strip())
        sys.exit(1)
    doc = json.loads(res.stdout)
    rows = {r["test"]["arguments"]: r for r in doc["results"]}
    bad = checked = 0
    worst_p = worst_mde = 0.0
    for i, (a, b) in enumerate(pairs):
        r = rows.get("pair %d" % (i + 1))
        ma = float(np.mean(a))
        va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
        se = math.sqrt(va + vb)
        df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
        m = MARGIN / 100 * abs(ma)
        p_ref = ttost_ind(b, a, -m, m, usevar="unequal")[0]
        mde_ref = mde(se, df) / abs(ma) * 100
        if r is None or r["tost_p"] is None or r["mde_pct"] is None:
            print("pair %d: no tost_p or mde_pct" % (i + 1))
            bad += 1
            continue
        worst_p = max(worst_p, abs(r["tost_p"] - p_ref) / p_ref)
        worst_mde = max(worst_mde, abs(r["mde_pct"] - mde_ref))
        if abs(r["tost_p"] - p_ref) > 1e-6 * p_ref:
            print("pair %d: tost_p %r, statsmodels %r" % (i + 1, r["tost_p"], p_ref))
            bad += 1
        if abs(r["mde_pct"] - mde_ref) > 0.1:
            print("pair %d: mde_pct %r, scipy %r" % (i + 1, r["mde_pct"], mde_ref))
            bad += 1
        want = "equivalent" if p_ref < ALPHA else None
        if want is not None and r["verdict"] != want:
            print("pair %d: verdict %s, want %s" % (i + 1, r["verdict"], want))
            bad += 1
        checked += 1
    print("checked %d values, %d mismatches; largest relative error of "
          "tost_p %.2g, of mde_pct %.2g points" % (checked, bad, worst_p, worst_mde))
    sys.exit(1 if bad else 0)


main()
