#!/bin/sh
# SPDX-License-Identifier: ISC
# make demo: the main job on the bundled fixtures. Imports both review
# exports (OpenBenchmarking text), the dd web page, three repeated fio
# runs and a result of the bundled runner (`benchreport run`, seed profile,
# on a Debian VM; fixtures/run/seed-vm.xml, a short run exported as a PTS
# composite.xml) into a fresh database, shows one set in the terminal,
# compares the fresh drive with a reviewed one, and publishes the HTML
# review page (with chart files and a PDF). Each input is a section of its
# own, with its own systems, overview and charts, except the runner's
# result, which --combine puts on the NVMe review's charts (that section
# then says what it combines, and footnotes the runner's version).
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
fresh=$(import fixtures/run/seed-vm.xml)
echo "Imported into $BENCHREPORT_DB:"
"$BR" list
echo
"$BR" show "$btrfs"
echo
# The runner's tests are seed 000's: every fio test of the review pairs.
# Status 1 (a significant change) is expected; 2 means nothing paired.
"$BR" diff "$nvme:Crucial T705 2TB" "$fresh" >"$OUT/diff.txt" || [ $? -eq 1 ]
sed '/^Tests only in/,$d' "$OUT/diff.txt"
echo "(the whole comparison, with the tests only one side ran: $OUT/diff.txt)"
echo
page=$("$BR" publish -o "$OUT/review" --pdf \
    --title "benchreport demo: NVMe drives, Btrfs RAID, dd and fio" \
    --combine "$nvme,$fresh" "$nvme" "$btrfs" "$dd" "$fio" "$fresh" |
    grep 'index.html$')
echo "Review page: $page"
echo "Open it in a browser, e.g.: xdg-open $page"
echo "(or file://$(cd "$(dirname "$page")" && pwd)/index.html; charts in $OUT/review/charts, PDF in $OUT/review/review.pdf)"
