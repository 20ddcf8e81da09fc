#!/bin/sh
# SPDX-License-Identifier: ISC
# make check-valgrind: the unit tests and the CLI tests (tests/run.sh)
# with every benchreport and unit-test run under valgrind memcheck. The
# wrappers live in build-vg/ and run the plain build's binaries; each run
# writes its report to build-vg/vg/. Passes when the tests pass and no
# report has an error or a definite leak. Slow: not part of make check.
# The fuzz smoke test is skipped (its harnesses are ASan builds), and
# tests/cli/hostile.sh cuts its 100 MB line to 4 MB and tries three of
# its eleven extreme numbers.
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
VG=$ROOT/build-vg
command -v valgrind >/dev/null 2>&1 || { echo "check-valgrind: valgrind is not installed (make test-deps)"; exit 2; }
rm -rf "$VG"; mkdir -p "$VG/tests" "$VG/vg"

wrap() {	# wrapper real
	cat >"$1" <<EOW
#!/bin/sh
exec valgrind -q --error-exitcode=97 --leak-check=full \\
    --errors-for-leak-kinds=definite --show-leak-kinds=definite \\
    --track-fds=no --suppressions="$ROOT/tests/valgrind.supp" \\
    --log-file="$VG/vg/\$(basename "$2").%p.log" "$2" "\$@"
EOW
	chmod +x "$1"
}
wrap "$VG/benchreport" "$ROOT/build/benchreport"
# Unit tests under valgrind; the other helpers the CLI tests call from
# $BUILD/tests (html-check, png-stats) as they are.
for t in build/tests/*; do
	case "$t" in *.d|*.o) continue;; esac
	[ -x "$t" ] || continue
	case "$(basename "$t")" in
	test-*)	wrap "$VG/tests/$(basename "$t")" "$ROOT/$t";;
	*)	ln -s "$ROOT/$t" "$VG/tests/$(basename "$t")";;
	esac
done

BUILD=build-vg VALGRIND=1 HOSTILE_LINE_MB=4 HOSTILE_NUMBERS='1e309 NaN -5' sh tests/run.sh
rc=$?
# Reports that are not empty hold an error or a definite leak.
bad=0
for l in "$VG"/vg/*.log; do
	[ -s "$l" ] || continue
	bad=$((bad + 1))
	[ "$bad" -le 5 ] && { echo "== $l"; head -30 "$l"; }
done
runs=$(ls "$VG"/vg | wc -l)
echo "valgrind: $runs runs, $bad with errors or definite leaks"
[ "$rc" -eq 0 ] && [ "$bad" -eq 0 ]
