#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""svg-grid-clear.py SVG...: exit 1 when a gridline of a bar chart crosses
the line under a bar (its "SE +/- ..." text, class "se"), printing where.
A text's box is taken from its baseline: three quarters of its size above
(DejaVu Sans' cap height is 0.73 em), a fifth below, and 0.62 em a
character wide, a generous bound for DejaVu Sans."""
import sys
import xml.etree.ElementTree as ET

NS = '{http://www.w3.org/2000/svg}'
bad = 0
for path in sys.argv[1:]:
	root = ET.parse(path).getroot()
	grid = [e for e in root.iter(NS + 'line') if e.get('class') == 'grid']
	texts = [e for e in root.iter(NS + 'text') if e.get('class') == 'se']
	for t in texts:
		x, y = float(t.get('x')), float(t.get('y'))
		fs = float(t.get('font-size', '10.5'))
		w = len(t.text or '') * 0.62 * fs
		for g in grid:
			gx = float(g.get('x1'))
			y1, y2 = sorted((float(g.get('y1')), float(g.get('y2'))))
			if x < gx < x + w and y1 < y + fs / 5 and y2 > y - 0.75 * fs:
				print('%s: gridline at x=%.1f crosses "%s"' % (path, gx, t.text))
				bad = 1
sys.exit(bad)
