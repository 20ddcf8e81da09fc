#!/usr/bin/env python3
# SPDX-License-Identifier: ISC
"""Raw HTTP requests a well-behaved client would not send, for serve.sh.

http-raw.py HOST PORT MODE [ARG]

  send FILE         send FILE's bytes as they are, print the status line
                    of the answer (or "closed" when the server closed first)
  bigheader N       a GET with one header of N bytes
  slow SECONDS      send half a request line, then wait: print "closed
                    after S" when the server drops the connection within
                    SECONDS, else "open"
  concurrent N PATH TOKEN FILE...
                    POST each FILE twice to PATH at once (2 x files
                    connections), print one status per line

Exit 0 when the exchange happened as printed, 2 on a local error.
"""
import socket
import sys
import threading
import time


def status_of(sock):
	data = b''
	try:
		while b'\r\n' not in data:
			chunk = sock.recv(4096)
			if not chunk:
				break
			data += chunk
	except (ConnectionResetError, socket.timeout):
		pass
	if not data:
		return 'closed'
	return data.split(b'\r\n', 1)[0].decode('latin-1')


def connect(host, port):
	s = socket.create_connection((host, int(port)), timeout=30)
	return s


def send(host, port, raw):
	s = connect(host, port)
	try:
		s.sendall(raw)
	except (BrokenPipeError, ConnectionResetError):
		pass
	print(status_of(s))
	s.close()


def main(argv):
	host, port, mode = argv[1], argv[2], argv[3]
	if mode == 'send':
		with open(argv[4], 'rb') as f:
			send(host, port, f.read())
	elif mode == 'bigheader':
		n = int(argv[4])
		raw = (b'GET / HTTP/1.1\r\nHost: x\r\nX-Big: ' + b'a' * n +
		    b'\r\nConnection: close\r\n\r\n')
		send(host, port, raw)
	elif mode == 'slow':
		limit = float(argv[4])
		s = connect(host, port)
		s.sendall(b'GET / HT')
		s.settimeout(limit)
		start = time.time()
		try:
			# Whatever comes back (an error or the end) ends the wait.
			s.recv(4096)
			print('closed after %.0f' % (time.time() - start))
		except socket.timeout:
			print('open')
		except ConnectionResetError:
			print('closed after %.0f' % (time.time() - start))
		s.close()
	elif mode == 'concurrent':
		path, token, files = argv[4], argv[5], argv[6:]
		out = []
		lock = threading.Lock()
		go = threading.Event()

		def post(name):
			with open(name, 'rb') as f:
				body = f.read()
			raw = ('POST %s?name=%s HTTP/1.1\r\nHost: x\r\n'
			    'Authorization: Bearer %s\r\nContent-Length: %d\r\n'
			    'Connection: close\r\n\r\n' % (path,
			    name.rsplit('/', 1)[-1], token, len(body))).encode() + body
			s = connect(host, port)
			go.wait()
			s.sendall(raw)
			st = status_of(s)
			s.close()
			with lock:
				out.append(st)
		threads = [threading.Thread(target=post, args=(f,))
		    for f in files + files]
		for t in threads:
			t.start()
		go.set()
		for t in threads:
			t.join()
		for st in sorted(out):
			print(st)
	else:
		print('http-raw.py: unknown mode ' + mode, file=sys.stderr)
		return 2
	return 0


if __name__ == '__main__':
	try:
		sys.exit(main(sys.argv))
	except OSError as e:
		print('http-raw.py: %s' % e, file=sys.stderr)
		sys.exit(2)
