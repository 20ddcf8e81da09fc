#!/bin/sh
# SPDX-License-Identifier: ISC
# Every man page must be mandoc -Tlint clean (warnings and up); every
# command in the binary's help must have its entry (".It Cm NAME") in
# benchreport(1); and each command's SYNOPSIS (its own page's, else its
# entry in benchreport(1)) must name exactly the options of the command's
# spec, as its --help prints them (the common --db, -q, -v, -h may be left
# out).
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; [ -z "$2" ] || echo "$2" | sed 's/^/# /'; }
for m in man/*.1; do
	out=$(mandoc -Tlint -W warning "$m" 2>&1)
	if [ -z "$out" ]; then ok "mandoc lint $m"; else notok "mandoc lint $m" "$out"; fi
done
cmds=$("$BR" help | awk '/^commands:/{f=1;next} f && /^  [a-z]/{print $1}')
[ -n "$cmds" ] && ok "help lists the commands" || notok "help lists the commands"
for c in $cmds; do
	if grep -q "^\.It Cm $c\( \|$\)" man/benchreport.1; then
		ok "benchreport(1) has an entry for $c"
	else
		notok "benchreport(1) has an entry for $c"
	fi
	if [ -f "man/benchreport-$c.1" ]; then
		syn=$(sed -n '/^\.Sh SYNOPSIS/,/^\.Sh DESCRIPTION/p' "man/benchreport-$c.1")
	else
		syn=$(grep "^\.It Cm $c\( \|$\)" man/benchreport.1)
	fi
	# "Fl -format", "Fl o", "Fl q | v": the names, one a line, no dash.
	man=$(printf '%s\n' "$syn" |
	    grep -o 'Fl [-a-zA-Z][-a-z0-9]*\( *| *-\{0,1\}[a-zA-Z][-a-z0-9]*\)*' |
	    sed 's/^Fl //; s/ *| */\n/g' | sed 's/^-//' | sort -u)
	# "LETTER NAME" (LETTER empty when none) per option of the spec.
	spec=$("$BR" "$c" --help |
	    sed -n 's/^  \(-\(.\), \)\{0,1\} *--\([a-z0-9-]*\).*/\2 \3/p' |
	    grep -v ' \(db\|quiet\|verbose\|help\)$')
	missing=$(printf '%s\n' "$spec" | while read -r a b; do
		[ -n "$a" ] || continue
		if [ -n "$b" ]; then l=$a; name=$b; else l=""; name=$a; fi
		printf '%s\n' "$man" | grep -qx -- "$name" && continue
		[ -n "$l" ] && printf '%s\n' "$man" | grep -qx -- "$l" && continue
		printf ' --%s' "$name"
	done)
	extra=""
	for m in $man; do
		case "$m" in db|q|v|h|quiet|verbose|help|version) continue;; esac
		printf '%s\n' "$spec" | grep -q "^$m \| $m\$\|^$m\$" || extra="$extra $m"
	done
	if [ -z "$missing$extra" ]; then
		ok "$c: SYNOPSIS and option spec agree"
	else
		notok "$c: SYNOPSIS and option spec agree" \
		    "missing from the man page:${missing:- none}; not in the spec:${extra:- none}"
	fi
done
echo "1..$n"
