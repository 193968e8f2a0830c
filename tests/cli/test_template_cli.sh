#!/bin/bash
# test_template_cli.sh TCO SOURCE_DIR - choosing a workbook template: by
# --template (a path or a shipped name) or the scenario's `template =`; bad
# templates are input errors with their line, and validate checks them.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"
export SOURCE_DATE_EPOCH=0

sheets() { "$PY" -c "import sys, openpyxl; print(' '.join(openpyxl.load_workbook(sys.argv[1]).sheetnames))" "$1"; }

expect_rc 0 "$TCO" report "$SRC/config/seed-2026.ini" -o "$work/en.xlsx"
sheets "$work/en.xlsx" | grep -q "^About Inputs " && ok || bad "default sheets: $(sheets "$work/en.xlsx")"
expect_rc 0 "$TCO" report "$SRC/config/seed-2026.ini" --template zh-CN -o "$work/zh.xlsx"
sheets "$work/zh.xlsx" | grep -q "^说明 输入参数 " && ok || bad "zh-CN by name: $(sheets "$work/zh.xlsx")"
expect_rc 0 "$TCO" report "$SRC/config/seed-2026.ini" --template "$SRC/templates/zh-CN.xml" -o "$work/zh2.xlsx"
cmp -s "$work/zh.xlsx" "$work/zh2.xlsx" && ok || bad "zh-CN by path differs from by name"

# The scenario's own template key, relative to the scenario file.
mkdir -p "$work/s"
sed 's|^template = zh-CN .*|template = ../../tpl/zh-CN.xml|' "$SRC/config/seed-2026-zh.ini" >"$work/s/zh.ini"
mkdir -p "$work/tpl" && cp "$SRC/templates/zh-CN.xml" "$work/tpl/"
mkdir -p "$work/s/deeper" && mv "$work/s/zh.ini" "$work/s/deeper/zh.ini"
expect_rc 0 "$TCO" report "$work/s/deeper/zh.ini" -o "$work/own.xlsx"
sheets "$work/own.xlsx" | grep -q "^说明 " && ok || bad "scenario template: $(sheets "$work/own.xlsx")"
expect_rc 0 "$TCO" report "$SRC/config/seed-2026-zh.ini" -o "$work/seedzh.xlsx"
sheets "$work/seedzh.xlsx" | grep -q "^说明 " && ok || bad "seed-2026-zh: $(sheets "$work/seedzh.xlsx")"
# --template wins over the scenario's key.
expect_rc 0 "$TCO" report "$SRC/config/seed-2026-zh.ini" --template default -o "$work/over.xlsx"
sheets "$work/over.xlsx" | grep -q "^About " && ok || bad "--template override: $(sheets "$work/over.xlsx")"

# Errors: an unknown name, a malformed template (with its line), nothing written.
expect_rc 2 "$TCO" report "$SRC/config/seed-2026.ini" --template klingon -o "$work/x.xlsx"
expect_err "no shipped template named 'klingon'"
expect_rc 2 "$TCO" report "$SRC/config/seed-2026.ini" --template "$SRC/tests/data/template/malformed.xml" -o "$work/x.xlsx"
grep -q "malformed.xml:[0-9]*: error:" "$work/err" && ok || bad "malformed template line: $(cat "$work/err")"
[ -e "$work/x.xlsx" ] && bad "workbook written with a bad template" || ok
expect_rc 2 "$TCO" validate "$SRC/config/seed-2026.ini" --template "$SRC/tests/data/template/no-checks.xml"
# A template only matters for workbooks: JSON ignores it.
expect_rc 0 "$TCO" report "$SRC/config/seed-2026-zh.ini" -o "$work/zh.json"

finish
