#!/bin/sh
# SPDX-License-Identifier: ISC
# Reader speed: builds tests/fuzz/speed.c against the built library and
# runs it over one seed file per reader (the project's fixtures) at 64 KiB
# (SPEED_KIB). Prints CPU ms per reader and the linearity ratio at 16 x
# the size (tests/fuzz/speed.c says how to read them). Not part of check:
# timings on a shared machine are figures to record, not to assert.
# Then ob-text on whole documents (speed -c): the fixtures and two large
# generated reviews. SPEED_CORPUS=build-fuzz/corpus: then also every input
# of each reader's grown corpus as it is, with the slowest ten.
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT" || exit 2
BUILD=${BUILD:-build}
PKGS=$(sed -n "s/^PKGS[[:space:]]*=[[:space:]]*//p" "$ROOT/Makefile")	# the build's own list
out="$BUILD/tests/speed"
# shellcheck disable=SC2046
cc -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -O2 -Isrc \
    $(pkg-config --cflags $PKGS) -o "$out" tests/fuzz/speed.c \
    "$BUILD/libbenchreport.a" $(pkg-config --libs $PKGS) -lm -lpthread || exit 2
set -- fixtures/pts/storage-2sys.xml fixtures/fio/json-randread-4k.json \
    fixtures/fio/normal-2groups.txt fixtures/fio/terse-v5.txt \
    fixtures/dd/gnu-progress.txt fixtures/fio/lg_clat.1.log \
    fixtures/ob/*.txt fixtures/pts-export/storage-2sys.csv \
    fixtures/pts-export/storage-2sys.html fixtures/dd/paste-blog.html
"$out" "${SPEED_KIB:-64}" "$@" || exit
# Tiling breaks a flattened review (its trailer, its charts' order), so
# ob-text is also timed on whole documents: the fixtures and two large
# reviews (tests/tools/ob-review.py), one with a disagreeing row.
d="$BUILD/tests/speed-ob"
rm -rf "$d" && mkdir -p "$d" && cp fixtures/ob/*.txt "$d"/ &&
    python3 tests/tools/ob-review.py 132 "$d/review-132.txt" "$d/x.tsv" &&
    python3 tests/tools/ob-review.py 132 --disagree \
    "$d/review-132-disagree.txt" "$d/x.tsv" && rm -f "$d/x.tsv" &&
    "$out" -c ob-text "$d" || exit
[ -n "${SPEED_CORPUS:-}" ] || exit 0
for d in "$SPEED_CORPUS"/*/; do
	h=$(basename "$d")
	[ "$h" = import ] && continue
	"$out" -c "$(echo "$h" | tr _ -)" "$d" || exit
done
