#!/bin/sh
# Show that two builds of tco write the same bytes: every shipped scenario
# (config/, examples/, tests/data/) in every format (table, JSON, CSV with
# --monthly, Markdown, xlsx with SOURCE_DATE_EPOCH fixed), the comparison of each
# pair of seed scenarios in every compare format, and the catalog listing in
# every catalog format; exit codes and standard error are compared too.
#
#   scripts/same_outputs.sh OLD NEW
#
# OLD and NEW are each a tco executable or a git revision of this repository
# (built into a temporary directory). Prints one line per difference and a
# closing "N passed, N failed" line; exits 1 when anything differs.
set -eu

cd "$(dirname "$0")/.."
top=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"; git -C "$top" worktree prune' EXIT INT TERM

# tco_of SPEC NAME: the path of a tco executable for SPEC.
tco_of() {
    if [ -x "$1" ] && [ -f "$1" ]; then
        (cd "$(dirname "$1")" && echo "$(pwd)/$(basename "$1")")
        return
    fi
    git -C "$top" worktree add --detach -q "$work/$2-src" "$1" >&2
    cmake -S "$work/$2-src" -B "$work/$2-build" -DCMAKE_BUILD_TYPE=Release \
        -DBUILD_TESTING=OFF >/dev/null
    cmake --build "$work/$2-build" -j2 --target tco >/dev/null
    echo "$work/$2-build/tco"
}

[ $# -eq 2 ] || {
    echo "usage: scripts/same_outputs.sh OLD NEW (executables or git revisions)" >&2
    exit 2
}
old=$(tco_of "$1" old)
new=$(tco_of "$2" new)

SOURCE_DATE_EPOCH=1767225600
export SOURCE_DATE_EPOCH
passed=0
failed=0

# run WHICH NAME ARGS...: run tco (WHICH: old or new) from the top directory,
# writing any output file into $work/WHICH/, and record its standard output,
# standard error and exit code under NAME.
run() {
    which=$1 name=$2
    shift 2
    bin=$old
    [ "$which" = new ] && bin=$new
    mkdir -p "$work/$which"
    rc=0
    "$bin" "$@" >"$work/$which/$name.out" 2>"$work/$which/$name.err" || rc=$?
    echo "$rc" >"$work/$which/$name.rc"
}

# same NAME FILE...: compare what both runs recorded, and the files they wrote.
same() {
    name=$1
    shift
    for f in "$name.out" "$name.err" "$name.rc" "$@"; do
        if [ -e "$work/old/$f" ] && cmp -s "$work/old/$f" "$work/new/$f"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "differs: $f"
        fi
    done
}

scenarios=$(find config examples tests/data -name '*.ini' | LC_ALL=C sort)
for s in $scenarios; do
    n=$(echo "$s" | tr '/' '_')
    for which in old new; do
        out="$work/$which"
        run "$which" "$n.table" report "$s"
        run "$which" "$n.json" report "$s" -o "$out/$n.json"
        run "$which" "$n.csv" report "$s" --monthly -o "$out/$n.csv"
        run "$which" "$n.md" report "$s" -o "$out/$n.md"
        run "$which" "$n.xlsx" report "$s" -o "$out/$n.xlsx"
    done
    # The messages name the output path, which differs between the two runs.
    for which in old new; do
        for f in "$work/$which/$n".*.err; do
            sed "s|$work/$which/||g" "$f" >"$f.tmp" && mv "$f.tmp" "$f"
        done
    done
    same "$n.table"
    for fmt in json csv md xlsx; do
        if [ -e "$work/old/$n.$fmt" ] || [ -e "$work/new/$n.$fmt" ]; then
            same "$n.$fmt" "$n.$fmt"
        else
            same "$n.$fmt"
        fi
    done
done

for fmt in table json csv; do
    for which in old new; do
        run "$which" "catalog.$fmt" catalog --format "$fmt"
    done
    same "catalog.$fmt"
done

for which in old new; do
    run "$which" compare.table compare config/seed-2026.ini config/training-reserved.ini
    for fmt in json csv md; do
        run "$which" "compare.$fmt" compare config/seed-2026.ini config/training-reserved.ini \
            --format "$fmt"
    done
    run "$which" compare.xlsx compare config/seed-2026.ini config/training-reserved.ini \
        -o "$work/$which/compare.xlsx"
    sed "s|$work/$which/||g" "$work/$which/compare.xlsx.err" >"$work/$which/compare.tmp"
    mv "$work/$which/compare.tmp" "$work/$which/compare.xlsx.err"
done
same compare.table
same compare.json
same compare.csv
same compare.md
same compare.xlsx compare.xlsx

echo "same_outputs: $(echo "$scenarios" | wc -l) scenarios, 5 formats each; catalog; compare"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
