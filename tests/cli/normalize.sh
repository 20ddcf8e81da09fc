#!/bin/sh
# SPDX-License-Identifier: ISC
# benchreport normalize: help, an empty store, an unknown ID, a bad option.
# (Re-derivation over stored sets is covered by tests/unit/test-query.c.)
. "$(dirname "$0")/lib.sh"

check_ok "normalize --help" "$BR" normalize --help
check_grep "help names --dry-run" "dry-run" "$T/out"
check_ok "normalize on an empty store" "$BR" normalize
check "nothing printed when nothing changed" test ! -s "$T/out"
check_ok "dry run on an empty store" "$BR" normalize -n
check_fail 2 "unknown ID" "$BR" normalize 99
check_grep "error names the ID" "99" "$T/err"
check_fail 2 "not an ID" "$BR" normalize abc
check_fail 2 "bad option" "$BR" normalize --bogus
done_testing
