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
"$PY" - "$work/c.xlsx" "$SRC/tests/xlsx" <<'PYEOF' && ok || bad "compare workbook"
import sys, openpyxl
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[2])
from fast_audit import constants
wb = openpyxl.load_workbook(sys.argv[1])
assert wb.sheetnames == ["Summary", "Figures", "Inputs"], wb.sheetnames
# No number but 0 and 1 in a formula (WORKBOOK.md, Conventions): the noise's tolerance
# and a rate's percentage points are constants under the Inputs table, with names.
found = [(ws.title, c.coordinate, c.value) for ws in wb.worksheets for r in ws.iter_rows()
         for c in r if isinstance(c.value, str) and c.value.startswith("=") and constants(c.value)]
assert not found, found[:3]
for name, want in (("NoiseTolerance", 1e-12), ("PointsPerUnit", 100)):
    sheet, ref = list(wb.defined_names[name].destinations)[0]
    assert sheet == "Inputs" and wb[sheet][ref.replace("$", "")].value == want, (name, ref)
ws = wb["Figures"]
rows = [[c.value for c in r] for r in ws.iter_rows(min_row=6)]
# B - A, 0 when within a relative 1e-12 (noise; MODEL.md, Comparing two scenarios)
noise = "=IF(ABS({b}-{a})<=NoiseTolerance*MAX(ABS({a}),ABS({b})),0,{e})"
assert any(r[1] == "Total cost of ownership" and
           r[4] == noise.format(a="C%d" % (i + 6), b="D%d" % (i + 6), e="D%d-C%d" % (i + 6, i + 6))
           for i, r in enumerate(rows)), rows[:3]
PYEOF

# ===== As good as the report: a pair worked out by hand =====
# A: 8 GPUs bought for 40,000 (no power, no resale: the total is the capex)
# against 8 rented at 2/GPU-hour on demand, 500 hours a month for 12 months
# at 70% use: rent costs 8*500*0.7*2 = 5,600 a month, 67,200 in all; buying
# breaks even in month ceil(40,000/5,600) = 8 and at utilization
# 40,000/(8*500*12*2) = 41.7%. B: 2.5/GPU-hour at 90% use: 9,000 a month,
# 108,000 (+40,800, +60.7%); month ceil(40,000/9,000) = 5 (-3), utilization
# 40,000/120,000 = 33.3% (-8.3 pp). The discount rate goes from 8% to 10%.
cat >"$work/ha.ini" <<'INI'
[scenario]
name = a
horizon_months = 12
hours_per_month = 500
discount_rate = 0.08
baseline = cloud
[site]
electricity_price = 0
[workload]
utilization = 0.7
[option own-with-a-very-long-identifier-name]
acquire = buy
count = 8
gpu_price = 5000
tdp_w = 1000
[option cloud]
acquire = rent
count = 8
price_per_gpu_hour = 2
price_decline = 0
INI
sed -e 's/^price_per_gpu_hour = 2$/price_per_gpu_hour = 2.5/' -e 's/^utilization = 0.7$/utilization = 0.9/' \
    -e 's/^discount_rate = 0.08$/discount_rate = 0.1/' -e 's/^name = a$/name = b/' "$work/ha.ini" >"$work/hb.ini"
long=own-with-a-very-long-identifier-name

# The table: no nan for the rent option's break-even (a dash), thousands
# separators, rates and their changes in percentage points, words as the
# report's, every row of the figures as wide as its heading (aligned).
timeout 20 "$TCO" compare "$work/ha.ini" "$work/hb.ini" >"$work/ht" 2>"$work/err" && ok || bad "hand table: $(cat "$work/err")"
grep -qi nan "$work/ht" && bad "nan in the table: $(grep -i nan "$work/ht")" || ok
"$PY" - "$work/ht" "$long" <<'PYEOF' && ok || bad "hand table content"
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
long = sys.argv[2]
def row(option_first, figure):
    """The cells of a figure row after the option's first row."""
    lines = text.splitlines()
    at = next(i for i, l in enumerate(lines) if l.split()[:1] == [option_first])
    for l in lines[at:]:
        cells = l.split()
        if figure in cells:
            return cells[cells.index(figure) + 1:]
    raise AssertionError((option_first, figure))
assert row("cloud", "total") == ["67,200", "108,000", "+40,800", "+60.7%"], row("cloud", "total")
assert row("cloud", "breakeven_utilization") == ["\u2013"] * 4, row("cloud", "breakeven_utilization")
assert row("cloud", "breakeven_month") == ["\u2013"] * 4
assert row(long, "breakeven_month") == ["8", "5", "-3", "\u2013"], row(long, "breakeven_month")
assert row(long, "breakeven_utilization") == ["41.7%", "33.3%", "-8.3", "pp", "\u2013"], \
    row(long, "breakeven_utilization")
assert row(long, "utilization") == ["70.0%", "90.0%", "+20.0", "pp", "\u2013"]
assert re.search(r"scenario\.discount_rate +8% +10% +\+2 pp\n", text), text
# Aligned: every line of the figures table is as long as its heading.
lines = text.split("Figures (")[1].splitlines()[1:]
rows = [l for l in lines if l.startswith("  ")]
assert len(rows) == 21 and len({len(l) for l in rows}) == 1, [len(l) for l in rows]
PYEOF

# JSON: every figure of the report's JSON per option, break-even month too.
timeout 20 "$TCO" compare "$work/ha.ini" "$work/hb.ini" -o "$work/h.json" && ok || bad "hand json"
timeout 20 "$TCO" report "$work/ha.ini" -o "$work/ha-report.json" && ok || bad "hand report"
"$PY" - "$work/h.json" "$work/ha-report.json" "$long" <<'PYEOF' && ok || bad "hand json content"
import json, sys
c, r, long = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
o = {x["id"]: x for x in c["options"]}
assert o[long]["breakeven_month"] == {"a": 8, "b": 5, "delta": -3, "change": None}, o[long]["breakeven_month"]
assert o["cloud"]["breakeven_month"]["a"] is None and o["cloud"]["breakeven_utilization"]["a"] is None
assert o["cloud"]["total"]["a"] == 67200 and o["cloud"]["total"]["b"] == 108000
assert abs(o["cloud"]["total"]["change"] - 40800 / 67200) < 1e-12
assert o[long]["feasible"] == {"a": True, "b": True}
assert o[long]["breakeven_utilization_note"] == {"a": None, "b": None}
# Every per-option member of the report's JSON but the id and the keys it leaves out
# (a list, MODEL.md, Completeness) is a figure.
report = set(r["options"][0]) - {"id", "monthly", "incomplete"}
assert report <= set(o[long]), report - set(o[long])
assert "commitment_after_horizon" in o["cloud"] and "rank" in o["cloud"]
PYEOF

# Markdown and CSV are outputs of compare, with the same cells.
timeout 20 "$TCO" compare "$work/ha.ini" "$work/hb.ini" -o "$work/h.md" 2>"$work/err" && ok || bad "compare md: $(cat "$work/err")"
grep -qF "| Total cost of ownership | 67,200 | 108,000 | +40,800 | +60.7% |" "$work/h.md" && ok || bad "md total: $(cat "$work/h.md")"
grep -qF "| Break-even utilization | 41.7% | 33.3% | -8.3 pp | $(printf '\u2013') |" "$work/h.md" && ok || bad "md pp"
grep -qF "| scenario.discount\_rate | 8% | 10% | +2 pp |" "$work/h.md" && ok || bad "md input pp"
timeout 20 "$TCO" compare "$work/ha.ini" "$work/hb.ini" -o "$work/h.csv" 2>"$work/err" && ok || bad "compare csv: $(cat "$work/err")"
timeout 20 "$TCO" compare "$work/ha.ini" "$work/hb.ini" --format csv >"$work/h2.csv" && cmp -s "$work/h.csv" "$work/h2.csv" && ok || bad "csv to stdout"
"$PY" - "$work/h.csv" "$long" <<'PYEOF' && ok || bad "csv content"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
assert rows[0] == ["option", "figure", "a", "b", "delta", "change"], rows[0]
by = {(r[0], r[1]): r[2:] for r in rows[1:] if len(r) == 6}
assert by[("cloud", "total")][:3] == ["67200", "108000", "40800"], by[("cloud", "total")]
assert by[(sys.argv[2], "breakeven_month")] == ["8", "5", "-3", ""], by[(sys.argv[2], "breakeven_month")]
assert by[("cloud", "breakeven_utilization")] == ["", "", "", ""]
assert by[("cloud", "acquire")] == ["rent", "rent", "", ""]
inputs = rows[rows.index(["input", "a", "b"]) + 1:]
assert ["scenario.discount_rate", "0.08", "0.1"] in inputs, inputs
PYEOF

# The workbook: a title, the report's number formats, landscape, fitted to
# the page width, headings repeated, page numbers; a chart of the totals' change.
SOURCE_DATE_EPOCH=0 timeout 60 "$TCO" compare "$work/ha.ini" "$work/hb.ini" -o "$work/h.xlsx" 2>"$work/err" && ok || bad "hand xlsx: $(cat "$work/err")"
"$PY" - "$work/h.xlsx" "$long" <<'PYEOF' && ok || bad "compare workbook setup"
import sys, zipfile, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
long = sys.argv[2]
for ws in wb.worksheets:
    assert ws["A1"].value.startswith("Comparison of two scenarios"), (ws.title, ws["A1"].value)
    assert ws["A1"].font.b, ws.title
    assert ws.page_setup.orientation == "landscape", ws.title
    # fitToWidth is 1 when absent (ECMA-376: its default)
    assert ws.sheet_properties.pageSetUpPr.fitToPage and ws.page_setup.fitToWidth in (None, 1), ws.title
    assert ws.page_setup.fitToHeight == 0, ws.title
    assert ws.print_title_rows == "$1:$5", (ws.title, ws.print_title_rows)  # title to headings
    assert "&P" in ws.oddFooter.right.text and "&N" in ws.oddFooter.right.text, ws.title
    assert ws.print_area, ws.title
s = wb["Summary"]
assert [c.value for c in s[5]] == ["Option", "Total cost, A", "Total cost, B", "B \u2212 A", "Change"]
cloud = [c for c in s[7]]
assert cloud[0].value == "cloud" and cloud[1].value == 67200 and cloud[2].value == 108000
noise = "=IF(ABS({b}-{a})<=NoiseTolerance*MAX(ABS({a}),ABS({b})),0,{e})"  # MODEL.md: noise is no change
assert cloud[3].value == noise.format(a="B7", b="C7", e="C7-B7"), cloud[3].value
assert cloud[4].value == noise.format(a="B7", b="C7", e="(C7-B7)/ABS(B7)"), cloud[4].value
assert "#,##0" in cloud[1].number_format and "$" in cloud[1].number_format, cloud[1].number_format
# Signed, and a change that rounds to zero prints without a sign.
assert cloud[4].number_format == "[>=0.0005]+#,##0.0%;[<=-0.0005]-#,##0.0%;#,##0.0%", cloud[4].number_format
f = wb["Figures"]
rows = {(r[0].value, r[1].value): r for r in f.iter_rows(min_row=6)}
be = rows[(long, "Break-even utilization")]
assert be[2].value == 41666.666666666664 / 100000 or abs(be[2].value - 5 / 12) < 1e-12, be[2].value
assert be[2].number_format == "[=0]0.0%;[<=-0.0005]-0.0%;0.0%" and be[4].value == noise.format(
    a="C%d" % be[0].row, b="D%d" % be[0].row, e="(D%d-C%d)*PointsPerUnit" % (be[0].row, be[0].row))
assert "pp" in be[4].number_format, be[4].number_format
nb = rows[("cloud", "Break-even utilization")]
assert [c.value for c in nb[2:]] == ["\u2013"] * 4, [c.value for c in nb[2:]]
for r in f.iter_rows(min_row=6):
    for c in r[2:]:
        if isinstance(c.value, (int, float)) or (isinstance(c.value, str) and c.value.startswith("=")):
            assert c.number_format != "General", (c.coordinate, c.value)
z = zipfile.ZipFile(sys.argv[1])
charts = [n for n in z.namelist() if n.startswith("xl/charts/chart")]
assert len(charts) == 1, charts
xml = z.read(charts[0]).decode()
assert "<c:barChart>" in xml and "Summary!$D$6:$D$7" in xml, xml[:400]
PYEOF

# Plans (MODEL.md, Comparing two scenarios: plans): B's demand grows 50% a year, plan
# owned owns 12 GPUs, refresh-mixed is gone and plan extra is new. Every plan figure of the
# JSON is the two reports' figure, its delta B - A; the other outputs name the plans.
P="$SRC/tests/data/plans.ini"
sed -e 's/^growth = 0.6$/growth = 0.5/' -e '/^\[plan owned\]/,/^$/s/^own_count = 16$/own_count = 12/' \
    -e '/^\[plan refresh-mixed\]/,$d' "$P" >"$work/pb.ini"
printf '[plan extra]\noverflow = b200-cloud\n' >>"$work/pb.ini"
"$TCO" compare "$P" "$work/pb.ini" -o "$work/p.json" 2>"$work/err" && ok || bad "plans json: $(cat "$work/err")"
"$TCO" report "$P" -o "$work/pa-report.json" 2>/dev/null &&
    "$TCO" report "$work/pb.ini" -o "$work/pb-report.json" 2>/dev/null || bad "plan reports"
"$PY" - "$work/p.json" "$work/pa-report.json" "$work/pb-report.json" <<'PYEOF' && ok || bad "compare plans"
import json, sys
c, a, b = (json.load(open(p)) for p in sys.argv[1:4])
keys = {d["key"]: (d["a"], d["b"]) for d in c["inputs"]}
assert keys["demand.growth"] == ("0.6", "0.5"), keys
assert keys["plan.owned.own_count"] == ("16", "12"), keys
assert keys["[plan refresh-mixed]"] == ("present", "absent"), keys
assert keys["[plan extra]"] == ("absent", "present"), keys
assert len(keys) == 4, keys
pa = {p["name"]: (k + 1, p) for k, p in enumerate(a["plans"])}
pb = {p["name"]: (k + 1, p) for k, p in enumerate(b["plans"])}
names = [p["name"] for p in c["plans"]]
assert names[-1] == "extra" and "refresh-mixed" in names and len(names) == len(pa) + 1, names
for cp in c["plans"]:
    n = cp["name"]
    assert cp["in_a"] == (n in pa) and cp["in_b"] == (n in pb), cp
    for f in ("own_count", "reserve_count", "paid0", "total", "npv", "demand", "unserved",
              "own_hours", "overflow_hours"):
        va = pa[n][1][f] if n in pa else None
        vb = pb[n][1][f] if n in pb else None
        assert cp[f]["a"] == va and cp[f]["b"] == vb, (n, f, cp[f], va, vb)
        if va is not None and vb is not None:
            d = vb - va
            assert abs(cp[f]["delta"] - d) <= 1e-9 * max(1, abs(va), abs(vb)), (n, f, cp[f])
    assert cp["rank"]["a"] == (pa[n][0] if n in pa else None), (n, cp["rank"])
    assert cp["rank"]["b"] == (pb[n][0] if n in pb else None), (n, cp["rank"])
    assert cp["serves_demand"]["a"] == (pa[n][1]["serves_demand"] if n in pa else None)
    assert cp["after_tax_npv"] == {"a": None, "b": None, "delta": None, "change": None}
PYEOF
"$TCO" compare "$P" "$work/pb.ini" >"$work/p.txt" 2>/dev/null && ok || bad "plans table"
grep -q "^Plans:$" "$work/p.txt" && grep -q "^  owned  *own_count  *16  *12  *-4  *-25.0%$" "$work/p.txt" &&
    grep -q "^  plan.owned.own_count  *16  *12 " "$work/p.txt" && ok || bad "plans in the table: $(cat "$work/p.txt")"
"$TCO" compare "$P" "$work/pb.ini" -o "$work/p.csv" 2>/dev/null && tr -d '\r' <"$work/p.csv" |
    grep -qx "plan,figure,a,b,delta,change" && tr -d '\r' <"$work/p.csv" | grep -qx "owned,own_count,16,12,-4,-0.25" &&
    ok || bad "plans in the CSV"
"$TCO" compare "$P" "$work/pb.ini" -o "$work/p.md" 2>/dev/null && grep -q "^## Plans$" "$work/p.md" &&
    grep -q "^### extra (only in B)$" "$work/p.md" && ok || bad "plans in the Markdown"
SOURCE_DATE_EPOCH=0 "$TCO" compare "$P" "$work/pb.ini" -o "$work/p.xlsx" 2>/dev/null && ok || bad "plans xlsx"
"$PY" - "$work/p.xlsx" <<'PYEOF' && ok || bad "plans in the workbook"
import sys, openpyxl
ws = openpyxl.load_workbook(sys.argv[1])["Figures"]
rows = [r for r in ws.iter_rows(values_only=True) if r[0] == "[plan owned]"]
counts = [r for r in rows if r[2] == 16]
assert len(rows) > 20 and counts and counts[0][3] == 12, rows[:3]
assert any(r[0] == "[plan extra]" for r in ws.iter_rows(values_only=True))
PYEOF

"$TCO" compare "$A" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "one file: exit 2"
printf '[scenario]\nname = x\n[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1W\n' >"$work/bad.ini"
"$TCO" compare "$A" "$work/bad.ini" -o "$work/bad.json" 2>"$work/err"; [ $? -eq 2 ] && ok || bad "bad input: exit 2"
grep -q "bad.ini:6: error:" "$work/err" && ok || bad "bad input message: $(cat "$work/err")"
[ -e "$work/bad.json" ] && bad "output written for bad input" || ok

finish
