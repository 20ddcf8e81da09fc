#!/bin/sh
# SPDX-License-Identifier: ISC
# The fuzz smoke test (tests/fuzz/smoke.sh) as part of make check: each
# libFuzzer harness over its seeds and the regression inputs, a few seconds.
exec sh "${ROOT:-.}/tests/fuzz/smoke.sh"
