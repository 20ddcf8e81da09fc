#!/bin/sh
# SPDX-License-Identifier: ISC
# make demo: the main job on the bundled fixtures. Imports both review
# exports (OpenBenchmarking text), the dd web page and three repeated fio
# runs into a fresh database, shows one set in the terminal, and publishes
# the HTML review page (with chart files and a PDF). Each input is a
# section of its own, with its own systems, overview and charts; to put a
# fresh result on a review's charts, name both in one list, e.g.
# --combine "$nvme,$fresh" (that section then says what it combines).
set -e
BR=$1
OUT=demo-out
rm -rf "$OUT"; mkdir -p "$OUT"
BENCHREPORT_DB="$OUT/results.db"; export BENCHREPORT_DB

import() {	# prints the new set's id; stops the demo when an import fails
	out=$("$BR" -q import "$@") || exit 1
	printf '%s\n' "$out" | cut -f1
}
nvme=$(import fixtures/demo/nvme-review.txt)
btrfs=$(import fixtures/demo/btrfs-raid.txt)
dd=$(import fixtures/demo/freebsd-dd.txt)
fio=$(import --system "Debian VM, fio 3.33" fixtures/fio/run1-randread.json \
    fixtures/fio/run2-randread.json fixtures/fio/run3-randread.json)
echo "Imported into $BENCHREPORT_DB:"
"$BR" list
echo
"$BR" show "$btrfs"
echo
page=$("$BR" publish -o "$OUT/review" --pdf \
    --title "benchreport demo: NVMe drives, Btrfs RAID, dd and fio" \
    "$nvme" "$btrfs" "$dd" "$fio" | grep 'index.html$')
echo "Review page: $page"
echo "Open it in a browser, e.g.: xdg-open $page"
echo "(or file://$(cd "$(dirname "$page")" && pwd)/index.html; charts in $OUT/review/charts, PDF in $OUT/review/review.pdf)"
