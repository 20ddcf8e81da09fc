#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""A user's path through `benchreport serve` in headless Chromium.

browse-serve.py URL WIDTH WORDS SET_TITLE A_ID B_ID

Over the DevTools protocol (browse.py's Browser), at WIDTH px: open the
list at URL, search for WORDS with the page's own form, open the result
whose title contains SET_TITLE by its link, go back to the list, pick the
sets A_ID and B_ID with their check boxes and submit the compare form,
and read the comparison's summary. The test drives the page as a user
would (typing, clicking); the pages themselves run no script. Prints one
line per page:

  page=NAME overflow=N scripts=N rows=N title=...

then "verdicts=SUMMARY" and "console=N requests=N" (requests: anything
but the pages the user asked for). Exit 0 when measured, 2 on failure.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browse import Browser  # noqa: E402

STATE = r"""
(() => JSON.stringify({
	overflow: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
	scripts: document.scripts.length +
	    document.querySelectorAll('[onclick],[onload],[onerror],[onsubmit]').length,
	rows: document.querySelectorAll('table.sets tbody tr').length,
	title: (document.querySelector('h1') || {}).textContent || '',
	summary: (document.querySelector('section.diff p.summary') || {}).textContent || ''
}))()
"""


def main(argv):
	url, width, words, set_title, a_id, b_id = argv[1:7]
	width = int(width)
	userdir = os.environ.get('TMPDIR', '/tmp') + '/browse-serve-%d' % os.getpid()
	b = Browser(os.environ.get('CHROMIUM', 'chromium'), userdir)
	try:
		t = b.send('Target.createTarget', {'url': 'about:blank'})
		a = b.send('Target.attachToTarget', {'targetId':
		    t['result']['targetId'], 'flatten': True})
		s = a['result']['sessionId']
		for m in ('Runtime.enable', 'Log.enable', 'Network.enable',
		    'Page.enable'):
			b.send(m, session=s)
		b.send('Emulation.setDeviceMetricsOverride', {'width': width,
		    'height': 900, 'deviceScaleFactor': 1,
		    'mobile': width < 600}, session=s)
		b.events.clear()

		def ev(expr):
			r = b.send('Runtime.evaluate', {'expression': expr,
			    'returnByValue': True}, session=s)
			return r['result']['result'].get('value')

		def loaded(action):
			b.events = [e for e in b.events
			    if e.get('method') != 'Page.loadEventFired']
			action()
			b.wait(lambda m: m.get('method') == 'Page.loadEventFired')

		def report(name):
			v = json.loads(ev(STATE))
			print('page=%s overflow=%d scripts=%d rows=%d title=%s' % (name,
			    v['overflow'], v['scripts'], v['rows'], v['title'].strip()))
			return v

		loaded(lambda: b.send('Page.navigate', {'url': url}, session=s))
		report('list')
		# Type the words into the search box and press its button.
		loaded(lambda: ev('document.querySelector("input[name=q]").value = %s;'
		    'document.querySelector("form.search button").click()' %
		    json.dumps(words)))
		report('search')
		loaded(lambda: ev('[...document.querySelectorAll("table.sets a")]'
		    '.find(a => a.textContent.includes(%s)).click()' %
		    json.dumps(set_title)))
		report('set')
		loaded(lambda: b.send('Page.navigate', {'url': url}, session=s))
		loaded(lambda: ev('for (const id of [%s, %s]) document.querySelector('
		    '"input[name=id][value=\\"" + id + "\\"]").click();'
		    '[...document.querySelectorAll("button")].find(x => '
		    'x.textContent.includes("Compare")).click()' %
		    (json.dumps(a_id), json.dumps(b_id))))
		v = report('compare')
		print('verdicts=%s' % ' '.join(v['summary'].split()))
		logs, reqs = 0, []
		for e in b.events:
			m, p = e.get('method'), e.get('params', {})
			if m in ('Runtime.consoleAPICalled', 'Log.entryAdded',
			    'Runtime.exceptionThrown'):
				logs += 1
				print('# %s: %s' % (m, json.dumps(p)[:300]))
			elif m == 'Network.requestWillBeSent':
				u = p['request']['url']
				if not u.startswith(url) or '/favicon.ico' in u:
					reqs.append(u)
		print('console=%d requests=%d' % (logs, len(reqs)))
		for u in reqs:
			print('# request: ' + u)
	finally:
		b.close()
		subprocess.run(['rm', '-rf', userdir])
	return 0


if __name__ == '__main__':
	try:
		sys.exit(main(sys.argv))
	except Exception as e:
		print('browse-serve.py: %s' % e, file=sys.stderr)
		sys.exit(2)
