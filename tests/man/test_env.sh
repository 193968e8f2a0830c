#!/bin/sh
# test_env.sh TCO SOURCE_DIR - every environment variable the sources read
# (each name given to getenv in tco/) is in `tco --help`'s Environment list and
# in the ENVIRONMENT section of docs/tco.1.
set -u
TCO=$1
SRC=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
grep -rhoE 'getenv\("[A-Za-z_][A-Za-z0-9_]*"\)' "$SRC/tco" | sed -E 's/getenv\("(.*)"\)/\1/' |
    sort -u >"$work/names"
[ -s "$work/names" ] || { echo "FAIL: no getenv found under $SRC/tco"; exit 1; }
"$TCO" --help | sed -n '/^Environment:/,/^$/p' | sed -n -E 's/^  ([A-Z_][A-Z0-9_]*)( .*)?$/\1/p' |
    sort -u >"$work/help"
awk '/^\.SH / { on = ($0 ~ /^\.SH +"?ENVIRONMENT"?$/); next } on && /^\.B / { print $2 }' \
    "$SRC/docs/tco.1" | sort -u >"$work/man"
while read -r name; do
    grep -qx "$name" "$work/help" || { echo "FAIL: $name is read (getenv) but not in tco --help"; fail=1; }
    grep -qx "$name" "$work/man" || { echo "FAIL: $name is read (getenv) but not in docs/tco.1 ENVIRONMENT"; fail=1; }
done <"$work/names"
echo "checked $(wc -l <"$work/names") variables: $(tr '\n' ' ' <"$work/names")"
exit $fail
