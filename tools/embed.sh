#!/bin/sh
# SPDX-License-Identifier: ISC
# embed.sh SYMBOL FILE: print a C source defining the bytes of FILE as
# "const unsigned char SYMBOL[]" (NUL-terminated) and "const size_t SYMBOL_len",
# so default templates are compiled into the binary and need no install path.
sym=$1; file=$2
echo "/* Generated from $file by tools/embed.sh; do not edit. */"
echo "#include <stddef.h>"
echo "const unsigned char ${sym}[] = {"
od -An -v -tx1 "$file" | sed -e 's/\([0-9a-f][0-9a-f]\)/0x\1,/g' -e 's/^ *//'
echo "0x00 };"
echo "const size_t ${sym}_len = sizeof(${sym}) - 1;"
