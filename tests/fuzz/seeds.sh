# SPDX-License-Identifier: ISC
# Sourced by tests/fuzz/smoke.sh and run.sh: lay out the seed corpora in
# $FUZZ_BUILD/seeds/NAME, one directory per harness, as symbolic links (the
# files stay where they are; ../shared/corpus is never copied).
#   - every file under fixtures/ and ../shared/corpus goes to the harness of
#     the reader that detection picks (benchreport formats FILE), and to
#     fuzz-import whatever detection says;
#   - fixtures/fuzz/NAME/* (inputs that once crashed harness NAME) go to
#     harness NAME as they are, detected or not.
# Needs ROOT, BR (a built benchreport) and FUZZ_BUILD.

fuzz_seed_link() {	# dir file
	mkdir -p "$1"
	ln -sf "$2" "$1/$(printf '%s' "$2" | sed 's|^/||; s|/|_|g')"
}

fuzz_seeds() {
	# Without it every file would go to fuzz-import alone: say so, stop.
	if [ ! -x "$BR" ]; then
		echo "fuzz: $BR is missing: the seeds are sorted by" \
		    "\`benchreport formats\`; run \`make\` first" >&2
		exit 2
	fi
	rm -rf "$FUZZ_BUILD/seeds"
	mkdir -p "$FUZZ_BUILD/seeds/import"
	dirs="$ROOT/fixtures"
	[ -n "${SHARED:-}" ] && [ -d "$SHARED/corpus" ] && dirs="$dirs $SHARED/corpus"
	find $dirs -type f ! -name MANIFEST.tsv ! -name '*.expected*' | sort |
	while IFS= read -r f; do
		case "$f" in
		"$ROOT/fixtures/fuzz/"*/*)
			h=${f#"$ROOT/fixtures/fuzz/"}; h=${h%%/*}
			fuzz_seed_link "$FUZZ_BUILD/seeds/$h" "$f"
			continue;;
		"$ROOT/fixtures/fuzz/"*)
			continue;;	# the README
		esac
		fuzz_seed_link "$FUZZ_BUILD/seeds/import" "$f"
		r=$("$BR" formats "$f" 2>/dev/null | awk -F '\t' '{ print $NF }' | tr - _)
		[ -n "$r" ] && fuzz_seed_link "$FUZZ_BUILD/seeds/$r" "$f"
	done
	return 0
}

# The harnesses that were built, by name (fuzz-pts_xml -> pts_xml).
fuzz_harnesses() {
	for h in "$FUZZ_BUILD"/fuzz-*; do
		[ -x "$h" ] || continue
		basename "$h" | sed 's/^fuzz-//'
	done
}
