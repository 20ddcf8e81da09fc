# SPDX-License-Identifier: ISC
# A throw-away PostgreSQL cluster for the tests and the bench (sourced):
# initdb and pg_ctl from Debian's postgresql package, run as an
# unprivileged user (nobody when we are root), in a temporary directory,
# listening on a Unix socket there and on no network address.
#   pg_cluster_start   sets PGTEST_HOST (the socket directory), PGTEST_USER
#                      and PGTEST_BIN, or returns 1 with PGTEST_WHY
#   pg_cluster_db NAME creates database NAME and prints its URI
#   pg_cluster_stop    stops the server and removes the directory
PGTEST_BIN=""; PGTEST_HOST=""; PGTEST_USER=bench; PGTEST_WHY=""

_pg_as() {	# run a command as the cluster's owner
	if [ "$(id -u)" = 0 ]; then
		runuser -u nobody -- "$@"
	else
		"$@"
	fi
}

pg_cluster_start() {
	for b in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V); do
		PGTEST_BIN=$b
	done
	if [ -z "$PGTEST_BIN" ] || [ ! -x "$PGTEST_BIN/initdb" ]; then
		PGTEST_WHY="PostgreSQL server programs are not installed"
		return 1
	fi
	if [ "$(id -u)" = 0 ] && ! command -v runuser >/dev/null 2>&1; then
		PGTEST_WHY="no runuser to start the server unprivileged"
		return 1
	fi
	PGTEST_HOST=$(mktemp -d "${TMPDIR:-/tmp}/brpg.XXXXXX") || return 1
	chmod 755 "$PGTEST_HOST"
	[ "$(id -u)" = 0 ] && chown nobody "$PGTEST_HOST"
	if ! _pg_as "$PGTEST_BIN/initdb" -D "$PGTEST_HOST/data" -U "$PGTEST_USER" \
	    --auth=trust -E UTF8 --locale=C >"$PGTEST_HOST/initdb.log" 2>&1; then
		PGTEST_WHY="initdb failed: $(tail -1 "$PGTEST_HOST/initdb.log")"
		rm -rf "$PGTEST_HOST"; PGTEST_HOST=""
		return 1
	fi
	# fsync off: a test cluster that dies is thrown away anyway.
	if ! _pg_as "$PGTEST_BIN/pg_ctl" -D "$PGTEST_HOST/data" -w -s \
	    -l "$PGTEST_HOST/server.log" -o "-k $PGTEST_HOST -c listen_addresses='' \
	    -c fsync=off -c max_connections=40" start >/dev/null 2>&1; then
		PGTEST_WHY="the server did not start: $(tail -1 "$PGTEST_HOST/server.log" 2>/dev/null)"
		rm -rf "$PGTEST_HOST"; PGTEST_HOST=""
		return 1
	fi
	export PGTEST_BIN PGTEST_HOST PGTEST_USER
	return 0
}

pg_cluster_db() {
	"$PGTEST_BIN/createdb" -h "$PGTEST_HOST" -U "$PGTEST_USER" "$1" || return 1
	echo "postgresql:///$1?host=$PGTEST_HOST&user=$PGTEST_USER"
}

pg_cluster_stop() {
	[ -n "$PGTEST_HOST" ] || return 0
	_pg_as "$PGTEST_BIN/pg_ctl" -D "$PGTEST_HOST/data" -m immediate -s stop \
	    >/dev/null 2>&1
	rm -rf "$PGTEST_HOST"
	PGTEST_HOST=""
}
