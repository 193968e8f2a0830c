#!/bin/sh
# The same input gives the same bytes.
#
#   determinism.sh BUILD_DIR REPO_DIR
#
# Writes the workbook of config/seed-2026.ini twice without SOURCE_DATE_EPOCH and twice
# with it, from two working directories, and compares the files byte for byte. Also
# checks the creation time stamped in docProps/core.xml: the scenario's as_of date at
# 00:00 UTC without SOURCE_DATE_EPOCH, that time with it.
set -u

build=$1
repo=$2
tco="$build/tco"
ini="$repo/config/seed-2026.ini"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
pass=0

check() {
    # check NAME COMMAND...: count a pass or a failure
    name=$1
    shift
    if "$@"; then
        pass=$((pass + 1))
        echo "ok   $name"
    else
        fail=$((fail + 1))
        echo "FAIL $name"
    fi
}

write() {
    # write OUT [ENV=VALUE]: the workbook of $ini, run from a directory of its own
    out=$1
    shift
    mkdir -p "$out.d"
    (cd "$out.d" && env -u SOURCE_DATE_EPOCH "$@" "$tco" report "$ini" -o "$out") || return 1
}

created() {
    unzip -p "$1" docProps/core.xml | sed -n 's/.*<dcterms:created[^>]*>\([^<]*\)<.*/\1/p'
}

check "writes without SOURCE_DATE_EPOCH" write "$tmp/a1.xlsx"
sleep 1 # a clock read anywhere would now differ
check "writes again without SOURCE_DATE_EPOCH" write "$tmp/a2.xlsx"
check "identical bytes without SOURCE_DATE_EPOCH" cmp "$tmp/a1.xlsx" "$tmp/a2.xlsx"
check "writes with SOURCE_DATE_EPOCH" write "$tmp/b1.xlsx" SOURCE_DATE_EPOCH=1700000000
sleep 1
check "writes again with SOURCE_DATE_EPOCH" write "$tmp/b2.xlsx" SOURCE_DATE_EPOCH=1700000000
check "identical bytes with SOURCE_DATE_EPOCH" cmp "$tmp/b1.xlsx" "$tmp/b2.xlsx"

as_of=$(sed -n 's/^as_of *= *\([0-9-]*\).*/\1/p' "$ini")
got=$(created "$tmp/a1.xlsx")
check "created is as_of ($as_of) without SOURCE_DATE_EPOCH (got $got)" \
    test "$got" = "${as_of}T00:00:00Z"
got=$(created "$tmp/b1.xlsx")
check "created is SOURCE_DATE_EPOCH (got $got)" test "$got" = "2023-11-14T22:13:20Z"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
