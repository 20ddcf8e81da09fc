/* SPDX-License-Identifier: ISC */
/*
 * benchreport serve: browse, search and compare the store in a browser,
 * and read it as JSON, over HTTP on the loopback address by default.
 * Read-only unless started with a token file, which allows
 * POST /api/import with that token (docs/serve.md).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd.h"
#include "serve.h"
#include "text-safe.h"
#include "xalloc.h"

static int	 cmd_serve_exec(struct cmd_ctx *, const struct cmd_args *);
static int	 cmd_serve_uint(const struct cmd_args *args, const char *name,
		    unsigned long min, unsigned long max, unsigned long *out);
static void	 cmd_serve_ready(const char *url, bool loopback, void *arg);
static void	 cmd_serve_log(const char *method, const char *path, int status,
		    void *arg);

static const struct cmd_option cmd_serve_options[] = {
	{ "listen", 'l', "ADDR:PORT", "where to listen (default 127.0.0.1:8080;\n"
	    "port 0 takes a free one; the URL is printed)", 0, NULL },
	{ "allow-remote", 0, NULL, "allow an address beyond loopback (put a TLS\n"
	    "proxy in front)", 0, NULL },
	{ "token-file", 0, "FILE", "allow POST /api/import with the token in FILE\n"
	    "(mode 0600, one line of 16 characters or more)", 0, NULL },
	{ "max-upload", 0, "MB", "largest file an import takes (default 64)", 0, NULL },
	{ "threads", 0, "N", "worker threads, each with its own store handle\n"
	    "(default 4)", 0, NULL },
	{ "max-connections", 0, "N", "connections at once (default 256)", 0, NULL },
	{ "timeout", 0, "SECONDS", "close a connection idle this long (default 10)",
	    0, NULL },
	{ NULL, 0, NULL, NULL, 0, NULL }
};

const struct cmd_entry cmd_serve_entry = {
	.name = "serve",
	.operands = "",
	.summary = "browse, search and compare the store in a browser (HTTP)",
	.options = cmd_serve_options,
	.help_extra = "Pages: / (sets, searchable), /sets/ID, /compare?id=A&id=B,\n"
	    "/history?system=NAME&test=WORDS, /drive?model=TEXT. JSON: /api/sets,\n"
	    "/api/sets/ID, /api/diff?a=A&b=B, /api/history, /api/drive,\n"
	    "POST /api/import?name=FILE (with --token-file). Stops on SIGINT or SIGTERM.",
	.flags = CMD_NEEDS_STORE | CMD_DRAWS,
	.exec = cmd_serve_exec
};

/* Option name as a whole number from min to max; an exit status. */
static int
cmd_serve_uint(const struct cmd_args *args, const char *name,
    unsigned long min, unsigned long max, unsigned long *out)
{
	const char	*v;
	char		*end, msgbuf[128];
	unsigned long	 n;

	if ((v = cmd_args_get(args, name)) == NULL)
		return EXIT_OK;
	n = strtoul(v, &end, 10);
	if (*v < '0' || *v > '9' || *end != '\0' || n < min || n > max) {
		snprintf(msgbuf, sizeof(msgbuf), "--%s takes a number from %lu "
		    "to %lu", name, min, max);
		return cmd_usage(&cmd_serve_entry, msgbuf);
	}
	*out = n;
	return EXIT_OK;
}

static void
cmd_serve_ready(const char *url, bool loopback, void *arg)
{
	struct cmd_ctx	*ctx = arg;

	if (!loopback)
		cmd_errorx(ctx, "warning: serving beyond this machine over plain "
		    "HTTP: put a TLS proxy in front (tokens and results travel "
		    "in clear)");
	/* The URL is this command's data: one line, then the server runs. */
	printf("%s\n", url);
	fflush(stdout);
	msg(ctx, MSG_VERBOSE, "serving %s; SIGINT or SIGTERM stops", url);
}

static void
cmd_serve_log(const char *method, const char *path, int status, void *arg)
{
	struct cmd_ctx	*ctx = arg;
	char		*m, *p;

	if (ctx->verbosity < MSG_VERBOSE)
		return;
	m = text_safe_dup(method);
	p = text_safe_dup(path);
	msg(ctx, MSG_VERBOSE, "%s %s %d", m, p, status);
	free(m);
	free(p);
}

static int
cmd_serve_exec(struct cmd_ctx *ctx, const struct cmd_args *args)
{
	struct serve_config	 cfg;
	struct diag		 d;
	unsigned long		 mb = SERVE_DEFAULT_UPLOAD >> 20;
	unsigned long		 threads = SERVE_DEFAULT_THREADS;
	unsigned long		 conns = SERVE_DEFAULT_CONNS;
	unsigned long		 timeout = SERVE_DEFAULT_TIMEOUT;
	const char		*tf;
	char			*token = NULL, listen[32];
	int			 rc;

	memset(&cfg, 0, sizeof(cfg));
	if ((rc = cmd_serve_uint(args, "max-upload", 1, 4096, &mb)) != EXIT_OK ||
	    (rc = cmd_serve_uint(args, "threads", 1, 64, &threads)) != EXIT_OK ||
	    (rc = cmd_serve_uint(args, "max-connections", 1, 10000,
	    &conns)) != EXIT_OK ||
	    (rc = cmd_serve_uint(args, "timeout", 1, 3600, &timeout)) != EXIT_OK)
		return rc;
	snprintf(listen, sizeof(listen), "127.0.0.1:%d", SERVE_DEFAULT_PORT);
	cfg.listen = cmd_args_get(args, "listen") != NULL ?
	    cmd_args_get(args, "listen") : listen;
	cfg.db = ctx->db_path;
	cfg.allow_remote = cmd_args_has(args, "allow-remote");
	cfg.max_upload = (size_t)mb << 20;
	cfg.threads = (unsigned)threads;
	cfg.max_conns = (unsigned)conns;
	cfg.timeout = (unsigned)timeout;
	cfg.ready = cmd_serve_ready;
	cfg.log = cmd_serve_log;
	cfg.arg = ctx;
	diag_clear(&d);
	if ((tf = cmd_args_get(args, "token-file")) != NULL &&
	    (token = serve_token_read(tf, &d)) == NULL) {
		cmd_error(ctx, &d);
		return EXIT_BADINPUT;
	}
	cfg.token = token;
	if (serve_run(&cfg, &d) != 0) {
		cmd_error(ctx, &d);
		rc = EXIT_BADINPUT;
	}
	if (token != NULL) {
		memset(token, 0, strlen(token));
		free(token);
	}
	return rc;
}
