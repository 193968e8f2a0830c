#!/bin/bash
# test_compare.sh TCO SOURCE_DIR - tco compare: the inputs that differ and the
# figures' deltas, checked against two separate reports, in every format.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"

A="$SRC/config/seed-2026.ini"
# B: dearer power, one option gone, one option added.
sed -e 's/^electricity_price = 0.0826 /electricity_price = 0.12 /' \
    -e '/^\[option a100-cloud\]/,$d' "$A" >"$work/b.ini"
cat >>"$work/b.ini" <<'INI'
[option l40s-cloud]
acquire = rent
count = 8
price_per_gpu_hour = 1.1
INI

"$TCO" compare "$A" "$work/b.ini" -o "$work/c.json" 2>"$work/err" && ok || bad "compare json: $(cat "$work/err")"
"$TCO" report "$A" -o "$work/a-report.json" && "$TCO" report "$work/b.ini" -o "$work/b-report.json" || bad "reports"
"$PY" - "$work/c.json" "$work/a-report.json" "$work/b-report.json" <<'PYEOF' && ok || bad "compare figures"
import json, sys
c, a, b = (json.load(open(p)) for p in sys.argv[1:4])
keys = {d["key"]: (d["a"], d["b"]) for d in c["inputs"]}
assert keys["site.electricity_price"] == ("0.0826", "0.12"), keys
assert keys["[option a100-cloud]"] == ("present", "absent"), keys
assert keys["[option l40s-cloud]"] == ("absent", "present"), keys
assert len(keys) == 3, keys
ra = {o["id"]: o for o in a["options"]}
rb = {o["id"]: o for o in b["options"]}
seen = 0
for o in c["options"]:
    if o["in_a"] and o["in_b"]:
        for f in ("capex", "total", "npv", "cost_per_gpu_hour"):
            x, y = ra[o["id"]][f], rb[o["id"]][f]
            assert o[f]["a"] == x and o[f]["b"] == y, (o["id"], f)
            assert abs(o[f]["delta"] - (y - x)) <= 1e-9 * max(1, abs(y)), (o["id"], f)
        seen += 1
    else:
        assert o["id"] in ("a100-cloud", "l40s-cloud"), o["id"]
assert seen == 4, seen
PYEOF

"$TCO" compare "$A" "$work/b.ini" >"$work/table" 2>"$work/err" && ok || bad "compare table"
grep -q "site.electricity_price" "$work/table" && grep -q "only in A" "$work/table" && ok || bad "table text"

"$TCO" compare "$A" "$A" >"$work/same" && grep -q "Inputs: the same." "$work/same" && ok || bad "same inputs"

SOURCE_DATE_EPOCH=0 "$TCO" compare "$A" "$work/b.ini" -o "$work/c.xlsx" 2>"$work/err" && ok || bad "compare xlsx: $(cat "$work/err")"
"$PY" - "$work/c.xlsx" <<'PYEOF' && ok || bad "compare workbook"
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
assert wb.sheetnames == ["Summary", "Figures", "Inputs"], wb.sheetnames
ws = wb["Figures"]
rows = [[c.value for c in r] for r in ws.iter_rows(min_row=6)]
assert any(r[2] == "total" and isinstance(r[5], str) and r[5] == "=E%d-D%d" % (i + 6, i + 6)
           for i, r in enumerate(rows)), rows[:3]
PYEOF

"$TCO" compare "$A" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "one file: exit 2"
printf '[scenario]\nname = x\n[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1W\n' >"$work/bad.ini"
"$TCO" compare "$A" "$work/bad.ini" -o "$work/bad.json" 2>"$work/err"; [ $? -eq 2 ] && ok || bad "bad input: exit 2"
grep -q "bad.ini:6: error:" "$work/err" && ok || bad "bad input message: $(cat "$work/err")"
[ -e "$work/bad.json" ] && bad "output written for bad input" || ok

finish
