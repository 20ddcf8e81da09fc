/* SPDX-License-Identifier: ISC */
/*
 * The daemon of serve.h. libmicrohttpd runs a pool of threads, each
 * polling its share of the connections; a request is answered on the
 * thread that read it, with that thread's own read-only store handle
 * (opened at its first request, closed when the pool stops). Drawing
 * (pango and the glyph tables are the process's) and importing take a
 * lock each; everything else runs side by side.
 *
 * What a client can make the server hold is bounded: connections
 * (max_conns), the request line and headers (SERVE_HEADER_LIMIT, refused
 * by libmicrohttpd), the body (max_upload, refused before it is read
 * when Content-Length says so, else when it passes the limit), idle time
 * (timeout). Only POST /api/import reads a body, and only after the
 * token was checked.
 */
#include <sys/socket.h>
#include <sys/stat.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <microhttpd.h>

#include "serve-cache.h"
#include "serve-route.h"
#include "serve.h"
#include "store.h"
#include "strbuf.h"
#include "xalloc.h"

/* The page's policy: nothing loads, nothing runs, forms go to us only. */
#define SERVE_CSP	"default-src 'none'; style-src 'unsafe-inline'; " \
			"img-src data:; form-action 'self'; base-uri 'none'; " \
			"frame-ancestors 'none'"

/* One request being read: its body, once the token was checked. */
struct serve_conn {
	struct strbuf	 body;
	bool		 post;
	bool		 too_big;
	bool		 authorized;
};

static pthread_key_t	 serve_store_key;
static pthread_mutex_t	 serve_locks[2] = { PTHREAD_MUTEX_INITIALIZER,
			    PTHREAD_MUTEX_INITIALIZER };

static void	 serve_lock(int which, bool on);
static void	 serve_store_free(void *st);
static struct store *serve_store(const struct serve_config *cfg,
		    struct diag *d);
static bool	 serve_token_ok(const struct serve_config *cfg,
		    struct MHD_Connection *c);
static enum MHD_Result serve_arg(void *arg, enum MHD_ValueKind kind,
		    const char *key, const char *value);
static enum MHD_Result serve_send(struct MHD_Connection *c,
		    struct serve_resp *rs);
static enum MHD_Result serve_answer(const struct serve_config *cfg,
		    struct MHD_Connection *c, const char *url, const char *method,
		    struct serve_conn *sc);
static enum MHD_Result serve_handler(void *cls, struct MHD_Connection *c,
		    const char *url, const char *method, const char *version,
		    const char *upload, size_t *upload_size, void **con_cls);
static void	 serve_done(void *cls, struct MHD_Connection *c, void **con_cls,
		    enum MHD_RequestTerminationCode toe);
static int	 serve_socket(const struct serve_config *cfg, char *url,
		    size_t urlsize, bool *loopback, struct diag *d);

static void
serve_lock(int which, bool on)
{
	if (on)
		pthread_mutex_lock(&serve_locks[which]);
	else
		pthread_mutex_unlock(&serve_locks[which]);
}

static void
serve_store_free(void *st)
{
	store_close(st);
}

/* This thread's read-only store handle, opened at its first request. */
static struct store *
serve_store(const struct serve_config *cfg, struct diag *d)
{
	struct store	*st;

	if ((st = pthread_getspecific(serve_store_key)) != NULL)
		return st;
	if (store_open_readonly(cfg->db, &st, d) != 0)
		return NULL;
	(void)pthread_setspecific(serve_store_key, st);
	return st;
}

/* "Authorization: Bearer TOKEN", compared in time independent of the token. */
static bool
serve_token_ok(const struct serve_config *cfg, struct MHD_Connection *c)
{
	const char	*h;
	size_t		 i, n, m;
	unsigned char	 diff = 0;

	if (cfg->token == NULL || (h = MHD_lookup_connection_value(c,
	    MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION)) == NULL ||
	    strncmp(h, "Bearer ", 7) != 0)
		return false;
	h += 7;
	n = strlen(h);
	m = strlen(cfg->token);
	for (i = 0; i < m; i++)
		diff |= (unsigned char)(cfg->token[i] ^ (i < n ? h[i] : 0));
	return diff == 0 && n == m;
}

static enum MHD_Result
serve_arg(void *arg, enum MHD_ValueKind kind, const char *key,
    const char *value)
{
	struct serve_req	*rq = arg;

	if (rq->nparams == SERVE_MAXPARAMS) {
		rq->too_many = true;
		return MHD_NO;
	}
	rq->params[rq->nparams].key = key != NULL ? key : "";
	rq->params[rq->nparams++].value = value;
	return MHD_YES;
}

static enum MHD_Result
serve_send(struct MHD_Connection *c, struct serve_resp *rs)
{
	struct MHD_Response	*r;
	enum MHD_Result		 ret;
	size_t			 len = rs->body.len;
	char			*body = strbuf_detach(&rs->body);

	r = MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE);
	if (r == NULL) {
		free(body);
		return MHD_NO;
	}
	(void)MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, rs->type);
	(void)MHD_add_response_header(r, "Content-Security-Policy", SERVE_CSP);
	(void)MHD_add_response_header(r, "X-Content-Type-Options", "nosniff");
	(void)MHD_add_response_header(r, "Referrer-Policy", "no-referrer");
	(void)MHD_add_response_header(r, "X-Frame-Options", "DENY");
	(void)MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL,
	    "no-cache");
	if (rs->allow != NULL)
		(void)MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, rs->allow);
	if (rs->status == 401)
		(void)MHD_add_response_header(r, MHD_HTTP_HEADER_WWW_AUTHENTICATE,
		    "Bearer");
	ret = MHD_queue_response(c, (unsigned)rs->status, r);
	MHD_destroy_response(r);
	return ret;
}

/* Route the request and send the answer. */
static enum MHD_Result
serve_answer(const struct serve_config *cfg, struct MHD_Connection *c,
    const char *url, const char *method, struct serve_conn *sc)
{
	struct serve_req	*rq;
	struct serve_resp	 rs;
	struct serve_ctx	 ctx;
	struct diag		 d;
	enum MHD_Result		 ret;

	rq = xcalloc(1, sizeof(*rq));
	serve_resp_init(&rs);
	rq->method = method;
	rq->path = url;
	(void)MHD_get_connection_values(c, MHD_GET_ARGUMENT_KIND, serve_arg, rq);
	rq->body = sc->body.buf;
	rq->body_len = sc->body.len;
	rq->authorized = sc->authorized;
	memset(&ctx, 0, sizeof(ctx));
	ctx.db = cfg->db;
	ctx.writes = cfg->token != NULL;
	ctx.max_upload = cfg->max_upload;
	ctx.lock = serve_lock;
	diag_clear(&d);
	if (*url != '/')
		serve_route_error(&rs, false, 400, "the request's target is not "
		    "a path");
	else if (sc->too_big)
		serve_route_error(&rs, true, 413, "the body is larger than %zu "
		    "bytes", cfg->max_upload);
	else if ((ctx.st = serve_store(cfg, &d)) == NULL)
		serve_route_error(&rs, strncmp(url, "/api/", 5) == 0, 503,
		    "the store cannot be opened: %s", d.msg);
	else {
		serve_route(&ctx, rq, &rs);
		/*
		 * A store error may be a connection gone (a PostgreSQL
		 * server restarted, or its connections ended): this worker
		 * drops its handle, and a request that only reads is
		 * answered once more on a new one, so that no client sees
		 * the error of a connection that died while the worker was
		 * idle. Each worker holds its own connection, so that one
		 * may be found dead long after the others reconnected.
		 */
		if (rs.status >= 500) {
			(void)pthread_setspecific(serve_store_key, NULL);
			store_close(ctx.st);
			if ((strcmp(method, "GET") == 0 ||
			    strcmp(method, "HEAD") == 0) &&
			    (ctx.st = serve_store(cfg, &d)) != NULL) {
				serve_resp_free(&rs);
				serve_resp_init(&rs);
				serve_route(&ctx, rq, &rs);
				if (rs.status >= 500) {
					(void)pthread_setspecific(
					    serve_store_key, NULL);
					store_close(ctx.st);
				}
			}
		}
	}
	if (cfg->log != NULL)
		cfg->log(method, url, rs.status, cfg->arg);
	ret = serve_send(c, &rs);
	serve_resp_free(&rs);
	free(rq);
	return ret;
}

static enum MHD_Result
serve_handler(void *cls, struct MHD_Connection *c, const char *url,
    const char *method, const char *version, const char *upload,
    size_t *upload_size, void **con_cls)
{
	const struct serve_config	*cfg = cls;
	struct serve_conn		*sc = *con_cls;
	const char			*cl;
	char				*end;
	unsigned long long		 len;

	if (sc == NULL) {
		sc = xcalloc(1, sizeof(*sc));
		strbuf_init(&sc->body);
		*con_cls = sc;
		sc->post = strcmp(method, "POST") == 0;
		/* Anything but an import with the right token: no body is read. */
		if (!sc->post || strcmp(url, "/api/import") != 0 ||
		    cfg->token == NULL)
			return serve_answer(cfg, c, url, method, sc);
		if (!(sc->authorized = serve_token_ok(cfg, c)))
			return serve_answer(cfg, c, url, method, sc);
		cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND,
		    MHD_HTTP_HEADER_CONTENT_LENGTH);
		if (cl != NULL) {
			errno = 0;
			len = strtoull(cl, &end, 10);
			if (errno != 0 || end == cl || len > cfg->max_upload) {
				sc->too_big = true;
				return serve_answer(cfg, c, url, method, sc);
			}
		}
		return MHD_YES;
	}
	if (*upload_size > 0) {
		if (!sc->too_big && sc->body.len + *upload_size <= cfg->max_upload)
			strbuf_add(&sc->body, upload, *upload_size);
		else {
			sc->too_big = true;
			strbuf_free(&sc->body);
			strbuf_init(&sc->body);
		}
		*upload_size = 0;
		return MHD_YES;
	}
	return serve_answer(cfg, c, url, method, sc);
}

static void
serve_done(void *cls, struct MHD_Connection *c, void **con_cls,
    enum MHD_RequestTerminationCode toe)
{
	struct serve_conn	*sc = *con_cls;

	if (sc == NULL)
		return;
	strbuf_free(&sc->body);
	free(sc);
	*con_cls = NULL;
}

int
serve_listen_parse(const char *listen, void *sa, unsigned *salen,
    bool *loopback, struct diag *d)
{
	struct sockaddr_in	*in4 = sa;
	struct sockaddr_in6	*in6 = sa;
	const char		*colon, *port;
	char			 host[64];
	char			*end;
	unsigned long		 p;
	size_t			 hl;

	memset(sa, 0, sizeof(struct sockaddr_in6));
	if (listen[0] == '[') {
		if ((colon = strstr(listen, "]:")) == NULL)
			goto bad;
		hl = (size_t)(colon - listen - 1);
		port = colon + 2;
		if (hl == 0 || hl >= sizeof(host))
			goto bad;
		memcpy(host, listen + 1, hl);
		host[hl] = '\0';
	} else if ((colon = strrchr(listen, ':')) != NULL) {
		hl = (size_t)(colon - listen);
		port = colon + 1;
		if (hl == 0 || hl >= sizeof(host) || memchr(listen, ':', hl))
			goto bad;
		memcpy(host, listen, hl);
		host[hl] = '\0';
	} else {
		snprintf(host, sizeof(host), "127.0.0.1");
		port = listen;
	}
	errno = 0;
	p = strtoul(port, &end, 10);
	if (*port < '0' || *port > '9' || *end != '\0' || errno != 0 ||
	    p > 65535)
		goto bad;
	if (inet_pton(AF_INET, host, &in4->sin_addr) == 1) {
		in4->sin_family = AF_INET;
		in4->sin_port = htons((uint16_t)p);
		*salen = sizeof(*in4);
		*loopback = (ntohl(in4->sin_addr.s_addr) >> 24) == 127;
		return 0;
	}
	if (inet_pton(AF_INET6, host, &in6->sin6_addr) == 1) {
		in6->sin6_family = AF_INET6;
		in6->sin6_port = htons((uint16_t)p);
		*salen = sizeof(*in6);
		*loopback = IN6_IS_ADDR_LOOPBACK(&in6->sin6_addr);
		return 0;
	}
bad:
	return diag_set(d, NULL, 0, "--listen %s: expected PORT, ADDR:PORT or "
	    "[ADDR]:PORT with a numeric address and a port up to 65535", listen);
}

/* The bound, listening socket, and the URL it answers at. -1 with d. */
static int
serve_socket(const struct serve_config *cfg, char *url, size_t urlsize,
    bool *loopback, struct diag *d)
{
	struct sockaddr_storage	 ss;
	struct sockaddr_in	*in4 = (struct sockaddr_in *)&ss;
	struct sockaddr_in6	*in6 = (struct sockaddr_in6 *)&ss;
	socklen_t		 len;
	unsigned		 salen;
	char			 host[INET6_ADDRSTRLEN];
	int			 fd, one = 1;

	if (serve_listen_parse(cfg->listen, &ss, &salen, loopback, d) != 0)
		return -1;
	if (!*loopback && !cfg->allow_remote) {
		diag_set(d, NULL, 0, "--listen %s is not a loopback address: "
		    "add --allow-remote to serve other machines", cfg->listen);
		return -1;
	}
	/* Non-blocking: every worker of the pool accepts on it. */
	if ((fd = socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC |
	    SOCK_NONBLOCK, 0)) == -1) {
		diag_set(d, NULL, 0, "socket: %s", strerror(errno));
		return -1;
	}
	(void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (ss.ss_family == AF_INET6)
		(void)setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&ss, salen) == -1 ||
	    listen(fd, 128) == -1) {
		diag_set(d, NULL, 0, "--listen %s: %s", cfg->listen,
		    strerror(errno));
		close(fd);
		return -1;
	}
	len = sizeof(ss);
	if (getsockname(fd, (struct sockaddr *)&ss, &len) == -1) {
		diag_set(d, NULL, 0, "getsockname: %s", strerror(errno));
		close(fd);
		return -1;
	}
	if (ss.ss_family == AF_INET6) {
		inet_ntop(AF_INET6, &in6->sin6_addr, host, sizeof(host));
		snprintf(url, urlsize, "http://[%s]:%u/", host,
		    (unsigned)ntohs(in6->sin6_port));
	} else {
		inet_ntop(AF_INET, &in4->sin_addr, host, sizeof(host));
		snprintf(url, urlsize, "http://%s:%u/", host,
		    (unsigned)ntohs(in4->sin_port));
	}
	return fd;
}

int
serve_run(const struct serve_config *cfg, struct diag *d)
{
	struct MHD_Daemon	*daemon = NULL;
	struct store		*probe = NULL;
	sigset_t		 sigs, old;
	char			 url[96];
	bool			 loopback = true, masked = false, keyed = false;
	int			 fd = -1, sig, rc = -1;

	/* The store must open read-only before anyone is told to connect. */
	if (store_open_readonly(cfg->db, &probe, d) != 0)
		goto out;
	store_close(probe);
	if ((fd = serve_socket(cfg, url, sizeof(url), &loopback, d)) == -1)
		goto out;
	if (pthread_key_create(&serve_store_key, serve_store_free) != 0) {
		diag_set(d, NULL, 0, "cannot create the workers' store key");
		goto out;
	}
	keyed = true;
	/* The workers inherit this mask: only sigwait below sees the signals. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	if (pthread_sigmask(SIG_BLOCK, &sigs, &old) != 0) {
		diag_set(d, NULL, 0, "cannot block SIGINT and SIGTERM");
		goto out;
	}
	masked = true;
	daemon = MHD_start_daemon(MHD_USE_INTERNAL_POLLING_THREAD |
	    MHD_USE_EPOLL_LINUX_ONLY, 0, NULL, NULL,
	    serve_handler, (void *)cfg,
	    MHD_OPTION_LISTEN_SOCKET, fd,
	    MHD_OPTION_THREAD_POOL_SIZE, cfg->threads,
	    MHD_OPTION_CONNECTION_LIMIT, cfg->max_conns,
	    MHD_OPTION_CONNECTION_TIMEOUT, cfg->timeout,
	    MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)SERVE_HEADER_LIMIT,
	    MHD_OPTION_NOTIFY_COMPLETED, serve_done, NULL,
	    MHD_OPTION_END);
	if (daemon == NULL) {
		diag_set(d, NULL, 0, "cannot start the HTTP server on %s",
		    cfg->listen);
		goto out;
	}
	fd = -1;	/* the daemon's now */
	if (cfg->ready != NULL)
		cfg->ready(url, loopback, cfg->arg);
	do {
		if (sigwait(&sigs, &sig) != 0)
			break;
	} while (sig != SIGINT && sig != SIGTERM);
	rc = 0;
out:
	if (daemon != NULL)
		MHD_stop_daemon(daemon);
	serve_cache_clear();
	if (fd != -1)
		close(fd);
	if (masked)
		(void)pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (keyed)
		(void)pthread_key_delete(serve_store_key);
	return rc;
}

char *
serve_token_read(const char *path, struct diag *d)
{
	struct stat	 sb;
	char		 buf[4097];
	ssize_t		 n;
	size_t		 len, i;
	int		 fd;

	if ((fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)) == -1) {
		diag_set(d, path, 0, "cannot read the token: %s", strerror(errno));
		return NULL;
	}
	if (fstat(fd, &sb) == -1 || !S_ISREG(sb.st_mode)) {
		diag_set(d, path, 0, "the token file is not a regular file");
		goto fail;
	}
	if ((sb.st_mode & 077) != 0 || sb.st_uid != getuid()) {
		diag_set(d, path, 0, "the token file must be yours and mode 0600 "
		    "(it is %03o): chmod 600 %s", (unsigned)(sb.st_mode & 0777),
		    path);
		goto fail;
	}
	if ((n = read(fd, buf, sizeof(buf) - 1)) < 0) {
		diag_set(d, path, 0, "cannot read the token: %s", strerror(errno));
		goto fail;
	}
	close(fd);
	len = (size_t)n;
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		len--;
	buf[len] = '\0';
	for (i = 0; i < len; i++)
		if ((unsigned char)buf[i] <= ' ' || buf[i] == 0x7f) {
			diag_set(d, path, 1, "the token holds a space or a "
			    "control character");
			return NULL;
		}
	if (len < SERVE_TOKEN_MIN || (size_t)n == sizeof(buf) - 1) {
		diag_set(d, path, 1, "the token must be one line of %d to 4096 "
		    "characters", SERVE_TOKEN_MIN);
		return NULL;
	}
	return xstrdup(buf);
fail:
	close(fd);
	return NULL;
}
