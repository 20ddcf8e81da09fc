#!/usr/bin/python3
# SPDX-License-Identifier: ISC
# Checks a published review page against its own rule and against diff:
#
#   review-claims.py BENCHREPORT PAGE ID...
#
# ID is the stored set of each section, in the page's order. For every
# section: the stars of the overview, the stars of the result tables, the
# wins of the standing table and the count in the rule line are the same
# number; every key-findings claim is a starred row, and the row of
# `benchreport diff --no-correction -f json ID:NEXT ID:TOP` for that test
# is "better" with the change and confidence interval the claim states
# (to its one decimal); every test said to show no detectable difference
# is not starred. Prints one line per failure and a summary; exit 1 on a
# failure.
import html.parser
import json
import re
import subprocess
import sys


class Page(html.parser.HTMLParser):
    """Per section: overview rows' stars, result stars, wins, rule, claims."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.secs = []
        self.stack = []
        self.table = None
        self.row = -1
        self.col = 0
        self.cell = None
        self.claim = None
        self.quiet = None
        self.rule = None
        self.text = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "section" and re.match(r"^s\d+$", a.get("id") or ""):
            self.secs.append({"ov": {}, "res": 0, "wins": [], "rule": None,
                              "claims": [], "quiet": []})
        if not self.secs:
            return
        s = self.secs[-1]
        if tag == "table":
            self.table = "overview" if "overview" in cls else \
                "standing" if "standing" in cls else "other"
            self.row = -1
        elif tag == "tr" and self.table in ("overview", "standing"):
            self.row += 1
            self.col = 0
        elif tag == "td":
            self.col += 1
            if "best" in cls and self.table == "overview":
                s["ov"][self.row] = s["ov"].get(self.row, 0) + 1
            elif "best" in cls:
                s["res"] += 1
            if self.table == "standing" and self.col == 1:
                self.cell = []
        elif tag == "span" and "claim" in cls:
            self.claim = {"test": int(a["data-test"]), "b": [], "text": []}
        elif tag == "span" and "quiet" in cls:
            s["quiet"].append(int(a["data-test"]))
        elif tag == "b" and self.claim is not None:
            self.claim["b"].append("")
        elif tag == "p" and "rule" in cls:
            self.rule = []

    def handle_endtag(self, tag):
        if not self.secs:
            return
        s = self.secs[-1]
        if tag == "td" and self.cell is not None:
            s["wins"].append(int("".join(self.cell)))
            self.cell = None
        elif tag == "table":
            self.table = None
        elif tag == "span" and self.claim is not None:
            self.claim["text"] = "".join(self.claim["text"])
            s["claims"].append(self.claim)
            self.claim = None
        elif tag == "p" and self.rule is not None:
            s["rule"] = "".join(self.rule)
            self.rule = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)
        if self.claim is not None:
            self.claim["text"].append(data)
            if self.lasttag == "b" and self.claim["b"] and self.claim["b"][-1] == "":
                self.claim["b"][-1] = data
        if self.rule is not None:
            self.rule.append(data)


def key(t):
    return tuple(t.get(k) or "" for k in
                 ("title", "app_version", "arguments", "description", "unit"))


def main():
    br, page_path, ids = sys.argv[1], sys.argv[2], sys.argv[3:]
    p = Page()
    with open(page_path, encoding="utf-8") as f:
        p.feed(f.read())
    bad = []
    nclaims = nsecs = 0
    if len(p.secs) != len(ids):
        bad.append("%d sections, %d IDs" % (len(p.secs), len(ids)))
    for si, (s, sid) in enumerate(zip(p.secs, ids)):
        nsecs += 1
        stars = sum(s["ov"].values())
        wins = sum(s["wins"])
        m = re.search(r"one win: (\d+) of (\d+)", s["rule"] or "")
        if not m:
            bad.append("section %d: no rule line" % (si + 1))
            continue
        if not (stars == wins == s["res"] == int(m.group(1))):
            bad.append("section %d: %d stars in the overview, %d in the results, "
                       "%d wins, rule says %s" % (si + 1, stars, s["res"], wins,
                                                  m.group(1)))
        tests = json.loads(subprocess.run([br, "export", sid, "-f", "json"],
                           stdout=subprocess.PIPE, check=True).stdout)["results"]
        for q in s["quiet"]:
            if s["ov"].get(q + 1):
                bad.append("section %d: test %d said quiet but starred" % (si + 1, q))
        for c in s["claims"]:
            nclaims += 1
            ti = c["test"]
            top, nxt = c["b"][0], c["b"][1]
            if not s["ov"].get(ti + 1):
                bad.append("claim on test %d: its row has no star" % ti)
            m = re.search(r" is ([0-9.]+)% (higher|lower) \(better\) than .* "
                          r"\(95% CI ([0-9.]+)% to ([0-9.]+)%\)$", c["text"])
            if not m:
                bad.append("claim not understood: %s" % c["text"])
                continue
            d = json.loads(subprocess.run(
                [br, "diff", "--no-correction", "-f", "json",
                 "%s:%s" % (sid, nxt), "%s:%s" % (sid, top)],
                stdout=subprocess.PIPE, check=False).stdout)
            want = key(tests[ti])
            nth = sum(1 for t in tests[:ti] if key(t) == want)
            rows = [r for r in d["results"] if key(r["test"]) == want]
            if len(rows) <= nth:
                bad.append("claim on test %d: no diff row" % ti)
                continue
            r = rows[nth]
            pct, lo, hi = abs(r["change_pct"]), r["change_pct_ci"][0], r["change_pct_ci"][1]
            lo, hi = sorted((abs(lo), abs(hi)))
            sign = "higher" if r["change_pct"] > 0 else "lower"
            got = (m.group(1), m.group(2), m.group(3), m.group(4))
            wantc = ("%.1f" % pct, sign, "%.1f" % lo, "%.1f" % hi)
            if r["verdict"] != "better" or got != wantc:
                bad.append("claim on test %d (%s vs %s): page %s, diff %s %s"
                           % (ti, top, nxt, got, r["verdict"], wantc))
    for b in bad:
        print(b)
    print("%d sections, %d claims, %d failures" % (nsecs, nclaims, len(bad)))
    sys.exit(1 if bad else 0)


main()
