#!/bin/bash
# test_workbook_memory.sh TCO BENCH_TCO BENCH_GEN SOURCE_DIR - a workbook of many
# options is written in little memory (docs/PERFORMANCE.md): each sheet's
# array of 16,384 cell pointers (128 KB, libxlsxwriter's constant_memory mode)
# must come from a fresh mapping of which only the pages used are resident,
# which the heap settings made at start ensure (tco/cli/main.c, and
# bench/measure.c for the benchmarks). Carved from the heap instead, every
# array is cleared and resident: 200 options then take 25 MB more.
#
# 200 options over 24 months (about 2 s per run), peak resident sets:
#   tco report -o X.xlsx    about 14 MB; 37 MB without the settings
#   bench_tco xlsx, what the workbook adds to the computed scenario:
#                           about 6 MB; 32 MB without the settings
# Bounds: 24 MB for the tool, 64 KB per option for what the workbook adds.
# Only with the GNU C library (the settings are glibc's); skipped (exit 77)
# elsewhere.
set -u
TCO=$1
BENCH=$2
GEN=$3
SRC=$4
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"
export SOURCE_DATE_EPOCH=0

if ! "$PY" -c 'import platform, sys; sys.exit(platform.libc_ver()[0] != "glibc")'; then
    echo "not the GNU C library: skipped"
    exit 77
fi

OPTIONS=200
timeout 60 "$GEN" $OPTIONS 24 >"$work/s.ini" || bad "bench_gen failed"

# The tool: the peak of its process and of the writer it forks (RUSAGE_CHILDREN
# keeps the largest of the descendants that were waited for).
peak=$(timeout 120 "$PY" -c '
import resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss if r.returncode == 0 else -1)
' "$TCO" report "$work/s.ini" -o "$work/r.xlsx")
if [ "${peak:--1}" -gt 0 ] && [ "$peak" -le $((24 * 1024)) ]; then
    ok
else
    bad "tco report of $OPTIONS options: peak RSS ${peak:-?} KB, want at most $((24 * 1024)) KB"
fi

# The benchmark: its own peak against what it had before writing the workbook.
line=$(timeout 120 "$BENCH" --out "$work/b.xlsx" xlsx "$work/s.ini" 2>"$work/err")
maxrss=$(printf '%s\n' "$line" | sed -n 's/.* maxrss_kb=\([0-9]*\).*/\1/p')
base=$(printf '%s\n' "$line" | sed -n 's/.* base_kb=\([0-9]*\).*/\1/p')
if [ -n "$maxrss" ] && [ -n "$base" ] && [ $((maxrss - base)) -le $((OPTIONS * 64)) ]; then
    ok
else
    bad "bench_tco xlsx of $OPTIONS options adds $((${maxrss:-0} - ${base:-0})) KB, want at most $((OPTIONS * 64)) KB ($line $(head -c 200 "$work/err"))"
fi

finish
