#!/bin/sh
# SPDX-License-Identifier: ISC
# A PostgreSQL URI's password never reaches any output, whatever the
# form of the URI: a table of hostile URIs (a password holding '/', '@',
# '?', '#', '&' or '=', a malformed or valid '%' escape, a password=
# parameter, an unreadable host) each run with list, list -v, import and
# from BENCHREPORT_DB; a password is made of pieces that all hold "Zq",
# so no piece libpq might quote escapes the check. No server is needed:
# the hosts refuse at once. Also: `--db postgresql//x` (a colon missing)
# is refused and creates nothing.
. tests/cli/lib.sh

F=fixtures/pts/scheduler-pair.xml
S="$T/nosock"
i=0
while IFS='|' read -r want uri; do
	[ -n "$uri" ] || continue
	i=$((i + 1))
	for form in list verbose import env; do
		case $form in
		list)	run "$BR" --db "$uri" list ;;
		verbose) run "$BR" -v --db "$uri" list ;;
		import)	run "$BR" --db "$uri" import "$F" ;;
		env)	BENCHREPORT_DB=$uri run "$BR" -vv show 1 ;;
		esac
		cat "$T/out" >>"$T/err"
		check "uri $i ($form): exit $want" [ "$st" -eq "$want" ]
		check_nogrep "uri $i ($form): no piece of the password" 'Zq' "$T/err"
	done
done <<URIS
2|postgresql://bench:Zq1/Zq2+Zq3==@127.0.0.1:1/results
2|postgresql://bench:Zq1%zzZq@127.0.0.1:1/results
2|postgresql://bench:Zq1%4Zq@127.0.0.1:1/results
2|postgresql://bench:Zq1@Zq2@127.0.0.1:1/results
2|postgresql://bench:Zq1/Zq2@[::1/x
2|postgresql://127.0.0.1:1/x?password=Zq1&Zq2
2|postgresql://127.0.0.1:1/x?password=Zq1=Zq2
2|postgresql://127.0.0.1:1/x?password=Zq%zz
3|postgresql://bench:Zq1?Zq2@127.0.0.1:1/x?connect_timeout=3
3|postgresql://bench:Zq1#Zq2@127.0.0.1:1/x?connect_timeout=3
3|postgres://bench:Zq1%2FZq2%40Zq3@127.0.0.1:1/x?connect_timeout=3
3|postgresql://bench:Zq1@[::1/x
3|postgresql://bench:Zq1@127.0.0.1:pp/x
3|postgresql://bench:Zq1@127.0.0.1:1/x?sslmode=bogus
3|postgresql://bench:Zq1@127.0.0.1:1/x?bogus=1
3|postgresql://127.0.0.1:1/x?password=Zq1%26Zq2&port=zz
3|postgresql://bench:Zq1@/x?host=$S
3|postgresql:///x?host=$S&user=bench&password=Zq1
URIS

# A typo'd scheme is not a file path.
cd "$T" || exit 2
for uri in postgresql//x postgres//x postgresql:/x; do
	run "$BR" --db "$uri" list
	check "$uri: refused as a URI" [ "$st" -eq 2 ]
	check_grep "$uri: the message says how to write one" 'postgresql://' "$T/err"
	check "$uri: no directory made" [ ! -e "${uri%%/*}" ]
done
cd - >/dev/null || exit 2
done_testing
