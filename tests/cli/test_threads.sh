#!/bin/sh
# test_threads.sh TCO BENCH_GEN SOURCE_DIR - a large scenario's options are
# shared among threads (TCO_THREADS; docs/internals/README.md, "Threads"):
# the report is the same bytes on one thread, two, three and seven, in JSON
# and in the CSV with its monthly table, with and without [tax]. 200 options x
# 120 months (24,000 option-months) is above the size at which threads start;
# half of the options are bought, so each thread also finds IRRs.
set -u
TCO=$1
GEN=$2
SRC=$3
. "$SRC/tests/cli/lib.sh"
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR

timeout 60 "$GEN" 200 120 >"$work/big.ini" && ok || bad "bench_gen 200 120"
cp "$work/big.ini" "$work/tax.ini"
printf '\n[tax]\nrate = 0.25\n' >>"$work/tax.ini"
for f in big tax; do
    for t in 1 2 3 7; do
        expect_rc 0 env TCO_THREADS=$t timeout 120 "$TCO" report "$work/$f.ini" \
            -o "$work/$f.$t.json"
        expect_rc 0 env TCO_THREADS=$t timeout 120 "$TCO" report "$work/$f.ini" \
            --format csv --monthly -o "$work/$f.$t.csv"
    done
    for t in 2 3 7; do
        cmp -s "$work/$f.1.json" "$work/$f.$t.json" && ok || bad "$f: JSON on $t threads differs"
        cmp -s "$work/$f.1.csv" "$work/$f.$t.csv" && ok || bad "$f: CSV on $t threads differs"
    done
done
# The IRRs are there to compare: bought options with a rate.
grep -q '"irr": [0-9-]' "$work/big.1.json" && ok || bad "no IRR in the report"
# A value of TCO_THREADS that is not a count is ignored.
expect_rc 0 env TCO_THREADS=lots timeout 120 "$TCO" report "$work/big.ini" -o "$work/big.x.json"
cmp -s "$work/big.1.json" "$work/big.x.json" && ok || bad "TCO_THREADS=lots: JSON differs"
finish
