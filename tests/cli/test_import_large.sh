#!/bin/bash
# test_import_large.sh TCO BENCH_GEN SOURCE_DIR - the workbook of a large scenario
# tco accepts comes back: 520 options over 120 months make a workbook of about
# 20 MB (more than an input file may be, 16 MiB), which `tco import` reads under
# its own limits (tco/load/xlsx_read.h: the file at most 256 MiB, each part read
# at most 16 MiB; the Inputs sheet of 1,000 options is 13 MB) and finds unchanged.
set -u
TCO=$1
GEN=$2
SRC=$3
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"
export SOURCE_DATE_EPOCH=0
cd "$work" || exit 1

"$GEN" 520 120 >big.ini || bad "bench_gen failed"
expect_rc 0 timeout 120 "$TCO" report big.ini -o big.xlsx -q
size=$(stat -c %s big.xlsx)
[ "$size" -gt 16777216 ] && ok || bad "the workbook is $size bytes, not more than 16 MiB"
expect_rc 0 timeout 120 "$TCO" import big.xlsx --scenario big.ini
[ -z "$(cat "$work/out" 2>/dev/null)" ] && ok || bad "changes were found"
finish
