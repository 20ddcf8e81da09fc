#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Measure a page in headless Chromium through the DevTools protocol.

browse.py PAGE WIDTH [--dark] [--screenshot FILE] [--height PX] [--at ID]

Chromium is driven over --remote-debugging-pipe (requests on its fd 3,
replies on fd 4, NUL-terminated JSON), so nothing but the standard library
is needed and no port is opened. Prints one line:

  overflow=N minfont=PX texts=N console=N requests=N

overflow: CSS px the page is wider than the window (0: none); minfont: the
smallest chart text as rendered (its font size times the chart's scale on
screen), over the charts' texts that are laid out; console: messages and
exceptions logged (a Content-Security-Policy violation is one); requests:
requests for anything but the page itself. Then one line per console
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
	let min = Infinity, n = 0;
	for (const t of document.querySelectorAll('.chart svg text')) {
		const r = t.getBoundingClientRect();
		if (r.width === 0 || r.height === 0)
			continue;
		const m = t.getScreenCTM();
		const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
		n++;
		if (px < min)
			min = px;
	}
	return JSON.stringify({ overflow: overflow, min: n ? min : 0, n: n });
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
		print('overflow=%d minfont=%.2f texts=%d console=%d requests=%d' %
		    (v['overflow'], v['min'], v['n'], len(logs), len(reqs)))
		for line in logs + reqs:
			print(line)
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
