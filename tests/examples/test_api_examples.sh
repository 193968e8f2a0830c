#!/bin/sh
# test_api_examples.sh TCO BREAKEVEN WRITE_REPORT SOURCE_DIR - the library examples
# of examples/api run on config/seed-2026.ini and agree with the tco command.
# (load_string is checked by its own test, against figures from the reference
# implementation.)
set -u
TCO=$1
BREAKEVEN=$2
WRITE_REPORT=$3
SRC=$4
PY=/usr/bin/python3
SEED=$SRC/config/seed-2026.ini
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
bad() {
    echo "FAIL: $*"
    fail=1
}

"$TCO" report "$SEED" -o "$work/tco.json" 2>"$work/err" || bad "tco report: $(cat "$work/err")"

# --- breakeven: each buy option's break-even month and utilization ---
"$BREAKEVEN" "$SEED" >"$work/breakeven" 2>"$work/err" || bad "breakeven failed: $(cat "$work/err")"
[ -s "$work/err" ] && bad "breakeven wrote to stderr: $(cat "$work/err")"
cat "$work/breakeven"
"$PY" - "$work/tco.json" "$work/breakeven" <<'PYEOF' || bad "breakeven disagrees with tco's JSON"
import json, sys
d = json.load(open(sys.argv[1]))
lines = open(sys.argv[2]).read().splitlines()
want = ["against h100-cloud:"]
for o in d["options"]:
    if o["acquire"] != "buy":
        continue
    m = o["breakeven_month"]
    u = o["breakeven_utilization"]
    s = "%s: " % o["id"]
    s += ("month %d, " % m) if m is not None else ("never within %d months, " % d["scenario"]["horizon_months"])
    s += ("utilization %.4f" % u) if u is not None else "no break-even utilization"
    want.append(s)
if lines != want:
    print("got:", lines, "\nwant:", want)
    sys.exit(1)
PYEOF
"$BREAKEVEN" >/dev/null 2>&1
[ $? -eq 2 ] || bad "breakeven without arguments: want exit 2"
"$BREAKEVEN" "$work/missing.ini" >/dev/null 2>"$work/err"
[ $? -eq 2 ] || bad "breakeven on a missing file: want exit 2"
grep -q "missing.ini: error: cannot open" "$work/err" || bad "breakeven: no diagnostic: $(cat "$work/err")"

# --- write_report: the JSON equals tco's, byte for byte; the workbook is a zip ---
"$WRITE_REPORT" "$SEED" "$work/api.json" "$work/api.xlsx" 2>"$work/err" ||
    bad "write_report failed: $(cat "$work/err")"
[ -s "$work/err" ] && bad "write_report wrote to stderr: $(cat "$work/err")"
"$PY" - "$work/api.json" "$work/tco.json" <<'PYEOF' || bad "write_report's JSON differs from tco report -o x.json"
import json, sys
a, b = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
# The command may add sections of its own; the library's are the same.
for key in a:
    assert a[key] == b[key], key
assert list(a) == ["format_version", "scenario", "options", "decision", "fiscal_years", "statements"], list(a)
PYEOF
"$PY" - "$work/api.xlsx" <<'PYEOF' || bad "write_report's workbook is not an xlsx file"
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    names = z.namelist()
    assert "xl/workbook.xml" in names, names
    assert z.testzip() is None
PYEOF
"$WRITE_REPORT" "$SEED" "$work/only.json" 2>"$work/err" || bad "write_report, JSON only: $(cat "$work/err")"
[ -s "$work/only.json" ] || bad "write_report wrote no JSON"
printf '[scenario]\nname = bad\n[option x]\nacquire = lease\ncount = 1\n' >"$work/bad.ini"
"$WRITE_REPORT" "$work/bad.ini" "$work/bad.json" 2>"$work/err"
[ $? -eq 2 ] || bad "write_report on an invalid scenario: want exit 2"
grep -q "bad.ini:4: error:" "$work/err" || bad "write_report: no FILE:LINE diagnostic: $(cat "$work/err")"
[ -e "$work/bad.json" ] && bad "write_report wrote JSON for an invalid scenario"
"$WRITE_REPORT" >/dev/null 2>&1
[ $? -eq 2 ] || bad "write_report without arguments: want exit 2"

exit $fail
