#!/bin/sh
# SPDX-License-Identifier: ISC
# Every man page must be mandoc -Tlint clean (warnings and up), and every
# command in the binary's help must have a section in benchreport(1).
n=0
for m in man/*.1; do
	n=$((n + 1))
	out=$(mandoc -Tlint -W warning "$m" 2>&1)
	if [ -z "$out" ]; then echo "ok $n - mandoc lint $m"
	else echo "not ok $n - mandoc lint $m"; echo "$out" | sed 's/^/# /'; fi
done
for c in $("$BR" help | awk '/^commands:/{f=1;next} f && /^  [a-z]/{print $1}'); do
	n=$((n + 1))
	if grep -q "^\.It Cm $c\b\|^\.Sh .*$c\|^\.Ss $c\b\|^\.Nm benchreport $c\|^\.Ic $c\b" man/benchreport.1 ||
	    grep -q "Cm $c" man/benchreport.1; then
		echo "ok $n - benchreport(1) documents $c"
	else
		echo "not ok $n - benchreport(1) documents $c"
	fi
done
echo "1..$n"
