#!/bin/sh
# test_check_format.sh SOURCE_DIR [CLANG_FORMAT] - check_format.sh catches a file that
# is not formatted, and passes it once clang-format has formatted it.
#
# In a scratch tree with SOURCE_DIR/.clang-format and one C file under tco/: the check
# fails on a badly formatted file, naming it and "clang-format -i"; after clang-format -i
# it passes. Exit 77 (skipped) without clang-format, as check_format.sh.
set -u

src=$1
cf=${2:-}
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "$cf" ]; then
    cf=$(command -v clang-format-14 || command -v clang-format || true)
fi
if [ -z "$cf" ] || ! command -v "$cf" >/dev/null 2>&1; then
    echo "SKIP: clang-format is not installed"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
mkdir -p "$tmp/tree/tco/core"
cp "$src/.clang-format" "$tmp/tree/"
cat >"$tmp/tree/tco/core/bad.c" <<'C'
#include <stdio.h>
int   twice( int x ){ if (x>0) return 2*x; else return 0; }
int main(void) {printf("%d\n",twice(2));return 0;}
C

sh "$here/check_format.sh" "$tmp/tree" "$cf" >"$tmp/out" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && grep -q 'tco/core/bad.c' "$tmp/out" && grep -q 'clang-format -i' "$tmp/out"; then
    echo "ok: a badly formatted file fails, with the fix"
else
    echo "FAIL: a badly formatted file: exit $rc"
    sed 's/^/  | /' "$tmp/out"
    fail=1
fi

"$cf" --style=file -i "$tmp/tree/tco/core/bad.c"
sh "$here/check_format.sh" "$tmp/tree" "$cf" >"$tmp/out" 2>&1
rc=$?
if [ "$rc" -eq 0 ]; then
    echo "ok: the same file formatted by clang-format passes"
else
    echo "FAIL: the formatted file: exit $rc"
    sed 's/^/  | /' "$tmp/out"
    fail=1
fi
exit $fail
