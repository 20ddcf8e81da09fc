/* SPDX-License-Identifier: ISC */
/*
 * `serve`: the HTTP server over the store, on GNU libmicrohttpd. A pool
 * of worker threads, each with its own read-only store handle (SQLite in
 * WAL beside any writer, or a PostgreSQL connection per worker), answers
 * through the router (serve-route.h). Limits on connections, header
 * bytes, body bytes and idle time; SIGINT and SIGTERM stop it cleanly.
 * It never prints: the command says what happened.
 * Ownership: the configuration is borrowed for the whole run.
 */
#ifndef BENCHREPORT_SERVE_H
#define BENCHREPORT_SERVE_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"

/* Defaults of the limits (cmd-serve.c's options). */
#define SERVE_DEFAULT_PORT	8080
#define SERVE_DEFAULT_THREADS	4
#define SERVE_DEFAULT_CONNS	256
#define SERVE_DEFAULT_TIMEOUT	10		/* seconds idle */
#define SERVE_DEFAULT_UPLOAD	(64u << 20)	/* bytes */
#define SERVE_HEADER_LIMIT	(16u << 10)	/* request line and headers */
/* The smallest token --token-file may hold. */
#define SERVE_TOKEN_MIN		16

struct serve_config {
	const char	*db;		/* the store spec, as --db gives it */
	const char	*listen;	/* "ADDR:PORT", "[ADDR]:PORT" or "PORT" */
	const char	*token;		/* NULL: no writes at all */
	bool		 allow_remote;	/* may listen beyond loopback */
	size_t		 max_upload;
	unsigned	 timeout;	/* seconds a connection may stay idle */
	unsigned	 threads;
	unsigned	 max_conns;
	/* Called once listening, with the base URL ("http://127.0.0.1:8080/"). */
	void		(*ready)(const char *url, bool loopback, void *arg);
	/* Called after each request (may be NULL). */
	void		(*log)(const char *method, const char *path, int status,
			    void *arg);
	void		*arg;
};

/*
 * Parse listen into a socket address: "PORT", "ADDR:PORT" or
 * "[IPv6]:PORT" (ADDR numeric); *loopback tells whether it is
 * 127.0.0.0/8 or ::1. Returns 0, or -1 with d.
 */
int	 serve_listen_parse(const char *listen, void *sa, unsigned *salen,
	    bool *loopback, struct diag *d);
/*
 * Serve until SIGINT or SIGTERM. A listen address beyond loopback needs
 * allow_remote. Returns 0 after a clean stop, or -1 with d (the address
 * cannot be bound, the store cannot be opened read-only, ...).
 */
int	 serve_run(const struct serve_config *cfg, struct diag *d);
/*
 * Read the token in path: a regular file of the caller's, mode 0600 or
 * stricter, one line of at least SERVE_TOKEN_MIN printable characters.
 * Returns the token (free it), or NULL with d.
 */
char	*serve_token_read(const char *path, struct diag *d);

#endif
