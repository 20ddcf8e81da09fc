#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Measure a page in headless Chromium through the DevTools protocol.

browse.py PAGE WIDTH [--dark] [--screenshot FILE] [--height PX] [--at ID]
    [--print PDF]

Chromium is driven over --remote-debugging-pipe (requests on its fd 3,
replies on fd 4, NUL-terminated JSON), so nothing but the standard library
is needed and no port is opened. Prints one line:

  overflow=N minfont=PX texts=N ellipses=N overlaps=N bars=N barmin=F
  barmed=F swatch=F console=N diffalign=F ovscroll=N toc=F requests=N

overflow: CSS px the page is wider than the window (0: none); minfont: the
smallest text as rendered (its font size, times the chart's scale on
screen in an SVG), over every text laid out; ellipses: texts of charts and
tables holding an ellipsis ("..." or U+2026); overlaps: pairs of text boxes
of the page that overlap by more than 1 px; bars: bar charts,
barmin and barmed: the smallest and the median share of the content width
the longest bar of a chart takes; swatch: the lowest contrast of a colour
square or bar against the page's background; diffalign: how far (px) the
comparison's better/worse header is from its first bar's track (-1: no
comparison); ovscroll: overview tables that scroll inside their box; toc:
the contents' height in screens (window heights); console: messages and
exceptions logged (a Content-Security-Policy violation is one); requests:
requests for anything but the page itself. --print prints the page as
Chromium would on A4 (1 cm margins) to PDF. Then one line per console
message or request, for the log. Exit 0 when measured, 2 on failure.
"""
import json
import os
import subprocess
import sys
import time

MEASURE = r"""
(() => {
	const de = document.documentElement;
	const overflow = Math.max(0, de.scrollWidth - window.innerWidth);
	let min = Infinity, n = 0, ell = [], over = [];
	/* Every laid-out text: its size as rendered (SVG text times its scale). */
	const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
	const boxes = new Map();
	for (let t = walk.nextNode(); t; t = walk.nextNode()) {
		if (!/\S/.test(t.data))
			continue;
		const el = t.parentElement;
		/* A closed <details>' content is laid out but not shown. */
		if (el.closest('details:not([open])') && !el.closest('summary'))
			continue;
		const range = document.createRange();
		range.selectNodeContents(t);
		const rects = Array.from(range.getClientRects()).filter(r =>
		    r.width > 0 && r.height > 0);
		if (rects.length === 0)
			continue;
		let px = parseFloat(getComputedStyle(el).fontSize);
		if (el instanceof SVGElement) {
			const m = el.getScreenCTM();
			px *= Math.hypot(m.a, m.b);
		}
		n++;
		if (px < min)
			min = px;
		const fig = el.closest('.chart, .data, .overview, .standing');
		if (fig && /\u2026|\.\.\./.test(t.data))
			ell.push(t.data.trim().slice(0, 40));
		/*
		 * Every text box of the page, for the overlap check, as far as
		 * it shows: cut to the boxes that scroll or clip around it.
		 */
		if (!boxes.has(document))
			boxes.set(document, []);
		let clip = null;
		for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
			const cs = getComputedStyle(a);
			if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible') {
				const c = a.getBoundingClientRect();
				clip = clip ? { left: Math.max(clip.left, c.left),
				    top: Math.max(clip.top, c.top),
				    right: Math.min(clip.right, c.right),
				    bottom: Math.min(clip.bottom, c.bottom) } : c;
			}
		}
		for (const r0 of rects) {
			const r = clip ? { left: Math.max(r0.left, clip.left),
			    top: Math.max(r0.top, clip.top),
			    right: Math.min(r0.right, clip.right),
			    bottom: Math.min(r0.bottom, clip.bottom) } : r0;
			if (r.right - r.left > 0 && r.bottom - r.top > 0)
				boxes.get(document).push([r, t.data.trim().slice(0, 20)]);
		}
	}
	for (const list of boxes.values())
		for (let i = 0; i < list.length; i++)
			for (let j = i + 1; j < list.length; j++) {
				const a = list[i][0], b = list[j][0];
				const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
				const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
				if (w > 1 && h > 1)
					over.push(list[i][1] + ' / ' + list[j][1]);
			}
	/* The longest bar of each bar chart against the content width. */
	const bs = getComputedStyle(document.body);
	const content = document.body.clientWidth - parseFloat(bs.paddingLeft) -
	    parseFloat(bs.paddingRight);
	const shares = [];
	for (const c of document.querySelectorAll('.bc')) {
		let w = 0;
		for (const b of c.querySelectorAll('.bb'))
			w = Math.max(w, b.getBoundingClientRect().width);
		shares.push(w / content);
	}
	shares.sort((a, b) => a - b);
	/* The colour squares and bars against the page's background. */
	const lum = c => {
		const v = c.match(/[\d.]+/g).slice(0, 3).map(x => {
			x = x / 255;
			return x <= 0.03928 ? x / 12.92 : Math.pow((x + 0.055) / 1.055, 2.4);
		});
		return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
	};
	const bg = lum(getComputedStyle(document.body).backgroundColor);
	let sw = Infinity;
	for (const e of document.querySelectorAll('.sw, .bb')) {
		const l = lum(getComputedStyle(e).backgroundColor);
		sw = Math.min(sw, (Math.max(l, bg) + 0.05) / (Math.min(l, bg) + 0.05));
	}
	/* The comparison's better/worse header against the first bar's track. */
	let dal = -1;
	const ax = document.querySelector('ol.bars li.axis .track');
	const nx = ax && ax.closest('li').nextElementSibling;
	const nt = nx && nx.querySelector('.track');
	if (nt) {
		const a = ax.getBoundingClientRect(), b = nt.getBoundingClientRect();
		dal = Math.max(Math.abs(a.left - b.left), Math.abs(a.right - b.right));
	}
	/* Overview tables that scroll inside their box; the contents' height in screens. */
	let ovs = 0;
	for (const w of document.querySelectorAll('.ovw'))
		if (w.scrollWidth > w.clientWidth + 1 || w.scrollHeight > w.clientHeight + 1)
			ovs++;
	const toc = document.querySelector('nav.toc');
	const tocs = toc ? toc.getBoundingClientRect().height / window.innerHeight : 0;
	return JSON.stringify({ overflow: overflow, dal: dal, ovs: ovs, tocs: tocs, min: n ? min : 0, n: n,
	    ell: ell, over: over, bars: shares.length,
	    barmin: shares.length ? shares[0] : 0,
	    barmed: shares.length ? shares[Math.floor(shares.length / 2)] : 0,
	    sw: isFinite(sw) ? sw : 0 });
})()
"""


class Browser:
	def __init__(self, chromium, userdir):
		r1, self.w = os.pipe()	# we write, chromium reads (its fd 3)
		self.r, w2 = os.pipe()	# chromium writes (its fd 4), we read
		flags = ['--headless=new', '--no-sandbox', '--disable-gpu',
		    '--no-first-run', '--disable-background-networking',
		    '--disable-component-update', '--disable-sync',
		    '--disable-default-apps', '--disable-extensions',
		    '--hide-scrollbars', '--remote-debugging-pipe',
		    '--user-data-dir=' + userdir, 'about:blank']

		def fds():
			os.dup2(r1, 3)
			os.dup2(w2, 4)
		self.proc = subprocess.Popen([chromium] + flags, preexec_fn=fds,
		    pass_fds=(3, 4), stdout=subprocess.DEVNULL,
		    stderr=subprocess.DEVNULL)
		os.close(r1)
		os.close(w2)
		self.buf = b''
		self.next = 0
		self.events = []

	def send(self, method, params=None, session=None):
		self.next += 1
		msg = {'id': self.next, 'method': method, 'params': params or {}}
		if session:
			msg['sessionId'] = session
		os.write(self.w, json.dumps(msg).encode() + b'\0')
		return self.wait(lambda m: m.get('id') == self.next)

	def read(self, deadline):
		while b'\0' not in self.buf:
			if time.time() > deadline:
				raise TimeoutError('no answer from chromium')
			chunk = os.read(self.r, 65536)
			if not chunk:
				raise EOFError('chromium closed its pipe')
			self.buf += chunk
		raw, self.buf = self.buf.split(b'\0', 1)
		return json.loads(raw)

	def wait(self, match, timeout=60):
		deadline = time.time() + timeout
		while True:
			m = self.read(deadline)
			if 'method' in m:
				self.events.append(m)
			if match(m):
				if 'error' in m:
					raise RuntimeError(m['error'].get('message'))
				return m

	def close(self):
		try:
			self.send('Browser.close')
		except Exception:
			pass
		try:
			self.proc.wait(timeout=10)
		except subprocess.TimeoutExpired:
			self.proc.kill()


def main(argv):
	args = argv[1:]
	dark = '--dark' in args
	shot = None
	height = 900
	if '--screenshot' in args:
		shot = args[args.index('--screenshot') + 1]
	at = None
	if '--at' in args:
		at = args[args.index('--at') + 1]
	if '--height' in args:
		height = int(args[args.index('--height') + 1])
	page, width = os.path.abspath(args[0]), int(args[1])
	url = 'file://' + page
	userdir = os.environ.get('TMPDIR', '/tmp') + '/browse-%d' % os.getpid()
	b = Browser(os.environ.get('CHROMIUM', 'chromium'), userdir)
	try:
		t = b.send('Target.createTarget', {'url': 'about:blank'})
		target = t['result']['targetId']
		a = b.send('Target.attachToTarget', {'targetId': target,
		    'flatten': True})
		s = a['result']['sessionId']
		for m in ('Runtime.enable', 'Log.enable', 'Network.enable',
		    'Page.enable'):
			b.send(m, session=s)
		b.send('Emulation.setDeviceMetricsOverride', {'width': width,
		    'height': height, 'deviceScaleFactor': 1,
		    'mobile': width < 600}, session=s)
		b.send('Emulation.setEmulatedMedia', {'features': [{
		    'name': 'prefers-color-scheme',
		    'value': 'dark' if dark else 'light'}]}, session=s)
		b.events.clear()
		b.send('Page.navigate', {'url': url}, session=s)
		b.wait(lambda m: m.get('method') == 'Page.loadEventFired')
		r = b.send('Runtime.evaluate', {'expression': MEASURE,
		    'returnByValue': True}, session=s)
		v = json.loads(r['result']['result']['value'])
		if at:
			b.send('Runtime.evaluate', {'expression':
			    'document.getElementById(%s).scrollIntoView()' %
			    json.dumps(at)}, session=s)
		if '--print' in args:
			pdf = b.send('Page.printToPDF', {'paperWidth': 8.27,
			    'paperHeight': 11.69, 'marginTop': 0.4,
			    'marginBottom': 0.4, 'marginLeft': 0.4,
			    'marginRight': 0.4}, session=s)
			import base64
			with open(args[args.index('--print') + 1], 'wb') as f:
				f.write(base64.b64decode(pdf['result']['data']))
		if shot:
			img = b.send('Page.captureScreenshot', {'format': 'png'},
			    session=s)
			import base64
			with open(shot, 'wb') as f:
				f.write(base64.b64decode(img['result']['data']))
		logs, reqs = [], []
		for e in b.events:
			m, p = e.get('method'), e.get('params', {})
			if m == 'Runtime.consoleAPICalled':
				logs.append('console: ' + ' '.join(str(x.get('value',
				    x.get('description', ''))) for x in p.get('args', [])))
			elif m == 'Log.entryAdded':
				logs.append('log: ' + p['entry'].get('text', ''))
			elif m == 'Runtime.exceptionThrown':
				logs.append('exception: ' + str(p.get('exceptionDetails')))
			elif m == 'Network.requestWillBeSent':
				u = p['request']['url']
				if u != url:
					reqs.append('request: ' + u)
		print('overflow=%d minfont=%.2f texts=%d ellipses=%d overlaps=%d '
		    'bars=%d barmin=%.3f barmed=%.3f swatch=%.2f console=%d '
		    'diffalign=%.1f ovscroll=%d toc=%.2f requests=%d' % (v['overflow'], v['min'], v['n'], len(v['ell']),
		    len(v['over']), v['bars'], v['barmin'], v['barmed'], v['sw'],
		    len(logs), v['dal'], v['ovs'], v['tocs'], len(reqs)))
		for line in logs + reqs:
			print(line)
		for e in v['ell']:
			print('ellipsis: ' + e)
		for o in v['over'][:20]:
			print('overlap: ' + o)
	finally:
		b.close()
		subprocess.run(['rm', '-rf', userdir])
	return 0


if __name__ == '__main__':
	try:
		sys.exit(main(sys.argv))
	except Exception as e:
		print('browse.py: %s' % e, file=sys.stderr)
		sys.exit(2)
