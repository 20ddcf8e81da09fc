#!/bin/sh
# SPDX-License-Identifier: ISC
# make demo: import the bundled fixtures into a fresh database and show them.
set -e
BR=$1
OUT=demo-out
rm -rf "$OUT"; mkdir -p "$OUT"
export BENCHREPORT_DB="$OUT/results.db"
for f in fixtures/pts/*.xml; do
	[ -f "$f" ] && "$BR" import "$f"
done
"$BR" list
for id in $("$BR" list --format tsv | cut -f1); do
	echo
	"$BR" show "$id"
done
