#!/bin/sh
# SPDX-License-Identifier: ISC
# Outputs never follow a symbolic link planted at their path: export -o,
# chart -o (a link at a chart's name), merge -o, diff -o and publish -o
# (with --force too) refuse a link to a file and a dangling one with a
# message saying so; the file linked to is unchanged and a dangling
# link's target is not created. /dev/stdout, the system's own link,
# is still written.
. tests/cli/lib.sh

F=fixtures/pts/scheduler-pair.xml
check_ok "import a set" "$BR" import "$F"
echo "victim" >"$T/victim"

# plant NAME: a link at NAME to the victim, and one dangling at NAME.dangling
links() {	# name, command...
	name=$1; shift
	rm -f "$T/L"; ln -s "$T/victim" "$T/L"
	check_fail 2 "$name: a link to a file is refused" "$@"
	check_grep "$name: saying it is a link" 'symbolic link' "$T/err"
	check "$name: the file linked to is unchanged" \
	    [ "$(cat "$T/victim")" = victim ]
	check "$name: the link is left as it was" [ -L "$T/L" ]
	rm -f "$T/L"; ln -s "$T/planted" "$T/L"
	check_fail 2 "$name: a dangling link is refused" "$@"
	check "$name: its target is not created" [ ! -e "$T/planted" ]
	check "$name: nothing else is left" [ -z "$(ls "$T" | grep tmp)" ]
}
links "export -o" "$BR" export -f csv -o "$T/L" 1
links "merge -o" "$BR" merge -o "$T/L" 1 1
links "diff -o" "$BR" diff -o "$T/L" 1 1

# chart -o DIR: a link at one chart's name in a shared directory.
mkdir "$T/charts"
check_ok "chart writes its files" "$BR" chart -o "$T/charts" 1
first=$(head -1 "$T/out")
check "chart names its files" [ -f "$first" ]
rm -f "$first"; ln -s "$T/victim" "$first"
check_fail 2 "chart: a link at a chart's name is refused" \
    "$BR" chart -o "$T/charts" 1
check_grep "chart: saying it is a link" 'symbolic link' "$T/err"
check "chart: the file linked to is unchanged" [ "$(cat "$T/victim")" = victim ]

# publish -o DIR: a link at DIR, with and without --force.
mkdir "$T/elsewhere"
echo keep >"$T/elsewhere/keep.txt"
ln -s "$T/elsewhere" "$T/review"
check_fail 2 "publish: a link at DIR is refused" "$BR" publish -o "$T/review" 1
check_grep "publish: saying it is a link" 'symbolic link' "$T/err"
check_fail 2 "publish --force: refused too" \
    "$BR" publish --force -o "$T/review" 1
check "publish: the link stays" [ -L "$T/review" ]
check "publish: the directory it names is untouched" \
    [ "$(ls "$T/elsewhere")" = keep.txt ]

# The system's own link for standard output is still written.
"$BR" export -f csv -o /dev/stdout 1 >"$T/stdout.csv" 2>"$T/err"; st=$?
check "export -o /dev/stdout still works" [ "$st" -eq 0 ] && [ -s "$T/stdout.csv" ]
done_testing
