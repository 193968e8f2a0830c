#!/bin/sh
# test_scenarios.sh TCO EXAMPLES_DIR - every scenario under examples/, at any depth,
# reports with exit status 0 and writes nothing to standard error (no error, no
# warning); and every example folder has a README.md.
set -u
TCO=$1
DIR=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
n=0
find "$DIR" -name '*.ini' -type f | sort >"$work/list"
[ -s "$work/list" ] || { echo "FAIL: no scenario under $DIR"; exit 1; }
while read -r ini; do
    n=$((n + 1))
    "$TCO" report "$ini" >"$work/out" 2>"$work/err"
    rc=$?
    if [ "$rc" -ne 0 ]; then
        echo "FAIL: $ini: exit $rc"
        fail=1
    fi
    if [ -s "$work/err" ]; then
        echo "FAIL: $ini wrote to standard error:"
        cat "$work/err"
        fail=1
    fi
    if [ ! -s "$work/out" ]; then
        echo "FAIL: $ini: no report"
        fail=1
    fi
    folder=$(dirname "$ini")
    if [ "$folder" != "$DIR" ] && [ ! -f "$folder/README.md" ]; then
        echo "FAIL: $folder has no README.md"
        fail=1
    fi
done <"$work/list"
echo "checked $n scenarios"
exit $fail
