#!/bin/sh
# SPDX-License-Identifier: ISC
# Every input that once crashed, leaked in or hung a reader under the
# fuzzer (fixtures/fuzz/READER/*) is imported with that reader forced:
# it must give a result or a clean refusal (status 0 or 2), never a crash
# or a sanitizer report (make check SANITIZE=1), and every reader's
# `import` path too. fixtures/fuzz/README.md says what each file was.
. tests/cli/lib.sh

for dir in fixtures/fuzz/*/; do
	reader=$(basename "$dir")
	fmt=$(echo "$reader" | tr _ -)
	# serve_route/ holds requests for the router's harness, not files.
	[ "$reader" = serve_route ] && continue
	for f in "$dir"*; do
		[ -f "$f" ] || continue
		case "$f" in *.md|*.expected.*) continue;; esac
		if ! "$BR" formats | grep -q "^$fmt "; then
			skip "$f" "no $fmt reader in this build"
			continue
		fi
		rm -f "$BENCHREPORT_DB"*
		run "$BR" import --format "$fmt" "$f"
		check "$fmt: $(basename "$f"): read or refused cleanly (status $st)" \
		    [ "$st" -eq 0 -o "$st" -eq 2 ]
		run "$BR" import "$f"
		check "import: $(basename "$f"): read or refused cleanly (status $st)" \
		    [ "$st" -eq 0 -o "$st" -eq 2 ]
	done
done
done_testing
