#!/bin/sh
# test_valgrind.sh TCO SOURCE_DIR [--part K/N] - valgrind memcheck over the command-line tool:
# every shipped scenario (config/*.ini, examples/*.ini) in every output format
# the tool has (the table to standard output; to a .txt file for the seed alone, the
# same writer; Monte Carlo at most 200 samples into files), compare of two pairs
# in every format, plus a few malformed inputs for the error paths. Fails on any
# memory error or any definite or indirect leak. Exits 77 (skipped) without
# valgrind. With --part K/N, only the Kth of every N runs (tests/part.sh).
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/../part.sh"
part_init "${3:-}" "${4:-}"
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind is not installed (Debian: valgrind); skipped"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0
fail=0

# The formats this build writes to a file, by extension.
formats="txt json xlsx"
help=$("$TCO" --help)
for f in csv md; do
    case $help in *"$f"*) formats="$formats $f" ;; esac
done

# vg EXPECTED_EXIT ARGS...: run tco under memcheck.
vg() {
    in_part || return 0
    want=$1
    shift
    valgrind -q --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect --track-fds=no \
        --log-file="$work/vg.log" "$TCO" "$@" >"$work/out" 2>"$work/err"
    rc=$?
    if [ "$rc" -eq "$want" ] && [ ! -s "$work/vg.log" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL: tco $* (exit $rc, want $want)"
        cat "$work/vg.log"
        head -c 600 "$work/err"
    fi
}

# The table is written by the same code to standard output and to a .txt file: every
# scenario's goes to standard output, and the seed's to a file too. Monte Carlo runs
# the same code for every sample: the table draws the scenario's own samples, the runs
# into files at most 200, from a copy of the scenario (the capacity plan's 2000 take
# 7.5 s a run under memcheck, 200 take 1.9 s).
for ini in "$SRC"/config/*.ini "$SRC"/examples/*.ini; do
    vg 0 report "$ini"
    files=$ini
    samples=$(sed -n 's/^samples *= *\([0-9]*\).*/\1/p' "$ini" | head -n 1)
    if [ "${samples:-0}" -gt 200 ]; then
        files=$work/$(basename "$ini")
        sed 's/^samples *= *[0-9]*/samples = 200/' "$ini" >"$files"
    fi
    for ext in $formats; do
        [ "$ext" != txt ] || [ "$ini" = "$SRC/config/seed-2026.ini" ] || continue
        vg 0 report "$files" -o "$work/out.$ext"
    done
done
# compare: two different scenarios and one against itself, in every format (the
# table to a file for the first pair).
for pair in "seed-2026 training-reserved" "contract-terms contract-terms"; do
    set -- $pair
    vg 0 compare "$SRC/config/$1.ini" "$SRC/config/$2.ini"
    for ext in $formats; do
        [ "$ext" != txt ] || [ "$1" = seed-2026 ] || continue
        vg 0 compare "$SRC/config/$1.ini" "$SRC/config/$2.ini" -o "$work/cmp.$ext"
    done
done
vg 2 compare "$SRC/config/seed-2026.ini" "$SRC/tests/corpus/baseline-typo.ini"
for name in limit-errors-60 garbage-random case-option-typo baseline-typo utf8-many-lines; do
    vg 2 report "$SRC/tests/corpus/$name.ini" -o "$work/bad.json"
done
vg 1 report "$SRC/config/seed-2026.ini" -o "$work/no/such/dir/out.xlsx"

echo "$pass passed, $fail failed (formats: $formats; part $part_k of $part_n)"
[ "$fail" -eq 0 ]
