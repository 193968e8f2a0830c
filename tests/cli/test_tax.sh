#!/bin/bash
# test_tax.sh TCO SOURCE_DIR - taxes in the text outputs (docs/MODEL.md, Taxes): the
# terminal table's after-tax lines and headline, the JSON's tax fields and decision, the
# CSV's columns and the Markdown's; a scenario without [tax] shows none of them. The
# scenario is MODEL.md's example; the figures are worked out by hand in the comments.
TCO=$1
SRC=$2
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
T="timeout 60"
: "$SRC"

# MODEL.md's example: H = 3, no discounting; `own` buys at 20,100 with a loan of all of
# it at 1% a month over 2 months (10,201 a month: interest 201 and 101), 1,000 a month of
# staff, straight line over 1 year (1,675 a month), residual 10,050; `cloud` rents at 50
# an hour, 5,000 a month.
scenario() { # scenario PRICE TAX
    cat <<EOF
[scenario]
name = tax example
horizon_months = 3
hours_per_month = 100
discount_rate = 0
baseline = cloud
$2
[site]
electricity_price = 0
[option own]
acquire = buy
count = 1
gpu_price = 20100
tdp_w = 0
financing = loan
loan_fraction = 1
loan_rate = 0.12
loan_months = 2
staff_per_month = 1000
depreciation_years = 1
resale_fraction = 0.5
[option cloud]
acquire = rent
count = 1
price_per_gpu_hour = $1
EOF
}
TAXED="rank_by = after_tax_npv
[tax]
rate = 0.25"
scenario 50 "$TAXED" >"$work/tax.ini"
scenario 50 "" >"$work/plain.ini"

line() { # line TEXT: the last command's output holds the line TEXT exactly
    if grep -qxF -- "$1" "$work/out"; then ok; else bad "no line '$1' in: $(cat "$work/out")"; fi
}

# --- The table. own: tax -719 - 694 - 1,925 = -3,338, after-tax total 13,352 - 3,338 =
# 10,014 (the NPV the same at 0%); cloud: -1,250 a month, -3,750, 11,250. The after-tax
# flow 0, -6,732, -6,757, 14,725: 14,725 x^2 - 6,757 x - 6,732 = 0 with x = 1/(1 + r),
# r = 5.9929% a month, 101.06% a year; cumulative 0, -6,732, -13,489, 1,236: month 3.
# Ranked by the after-tax NPV: own 10,014 before cloud 11,250, 1,236 less.
expect_rc 0 $T "$TCO" report "$work/tax.ini"
line "3 months, USD, discount rate 0%, baseline cloud, ranked by after-tax NPV"
line "After tax at 25% (tax negative when saved; IRR annual, payback months from month 0):"
line "  own     tax -3,338, after-tax total 10,014, after-tax NPV 10,014, IRR 101.1%, payback month 3"
line "  cloud   tax -3,750, after-tax total 11,250, after-tax NPV 11,250"
line "Best by after-tax NPV: own (own), 1,236 USD less than cloud in after-tax NPV over 3 months."
if grep -q "^Cheapest" "$work/out"; then bad "a Cheapest line besides Best"; else ok; fi
# The column it ranks by (MODEL.md, Taxes: Ranking): the after-tax NPV after the NPV,
# 10,014 for own and 11,250 for cloud, as worked out above.
if grep -q "  total  *NPV  after-tax NPV  per GPU-h" "$work/out" &&
    grep -q "^   1  own\*.*  13,352  *10,014  *44\.51  " "$work/out" &&
    grep -q "^   2  cloud\*.*  15,000  *11,250  *50\.00  " "$work/out"; then ok; else
    bad "no after-tax NPV column: $(cat "$work/out")"; fi

# Renting at 5 an hour (500 a month, -125 of tax): the after-tax flow 0, 375 - 10,482 =
# -10,107, 375 - 10,507 = -10,132, 375 + 925 + 10,050 = 11,350 sums to -8,889: it never
# pays back; 11,350 x^2 - 10,132 x - 10,107 = 0 gives -99.2% a year. Ranked by after-tax
# NPV: cloud (1,500 - 375 = 1,125) before own.
scenario 5 "$TAXED" >"$work/cheap.ini"
expect_rc 0 $T "$TCO" report "$work/cheap.ini"
line "  own     tax -3,338, after-tax total 10,014, after-tax NPV 10,014, IRR -99.2%, payback never"
line "  cloud   tax -375, after-tax total 1,125, after-tax NPV 1,125"
line "Best by after-tax NPV: cloud (cloud), 8,889 USD less than own in after-tax NPV over 3 months."

# Without [tax]: no after-tax line, the headline names the cheapest.
expect_rc 0 $T "$TCO" report "$work/plain.ini"
if grep -q "After tax\|ranked by\|Best by" "$work/out"; then bad "tax lines without [tax]"; else ok; fi
if grep -q "after-tax NPV" "$work/out"; then bad "an after-tax column without [tax]"; else ok; fi
line "Cheapest: own (own), 1,648 USD less than cloud over 3 months."

# --- JSON: the option's tax figures, the months' tax lines, the decision's rank_by and
# best; none of them without [tax].
expect_rc 0 $T "$TCO" report "$work/tax.ini" -o "$work/tax.json"
expect_rc 0 $T "$TCO" report "$work/plain.ini" -o "$work/plain.json"
"$PY" - "$work/tax.json" "$work/plain.json" <<'PYEOF' && ok || bad "JSON tax figures"
import json, math, sys
d = json.load(open(sys.argv[1]))
assert d["decision"] == {"rank_by": "after_tax_npv", "best": "own", "cheapest": "own",
                         "lowest_npv": "own", "lowest_cost_per_unit": None,
                         "infeasible": []}, d["decision"]
own, cloud = d["options"]
want = {"tax0": 0, "tax_depreciation": 5025, "tax_book_value_end": 15075,
        "tax_on_sale": -1256.25, "commitment_tax": 0, "tax": -3338, "after_tax_total": 10014,
        "after_tax_npv": 10014, "payback_month_after_tax": 3,
        "discounted_payback_month_after_tax": 3, "irr_after_tax_note": None}
for k, v in want.items():
    assert own[k] == v or abs(own[k] - v) < 1e-9, (k, own[k], v)
x = (6757 + math.sqrt(6757 ** 2 + 4 * 14725 * 6732)) / (2 * 14725)
assert abs(own["irr_after_tax"] - ((1 / x) ** 12 - 1)) < 1e-9
assert abs(own["mirr_after_tax"] - ((14725 / 13489) ** 4 - 1)) < 1e-9
keys = list(own)
assert keys[keys.index("irr_note") + 1:keys.index("irr_note") + 14] == [
    "tax0", "tax_depreciation", "tax_book_value_end", "tax_on_sale", "commitment_tax", "tax",
    "after_tax_total", "after_tax_npv", "irr_after_tax", "mirr_after_tax",
    "payback_month_after_tax", "discounted_payback_month_after_tax", "irr_after_tax_note"]
assert [m["tax"] for m in own["monthly"]] == [-719, -694, -1925]
assert [m["tax_depreciation"] for m in own["monthly"]] == [1675] * 3
assert list(own["monthly"][0])[-5:] == ["depreciation", "tax_depreciation", "tax", "cost",
                                        "cumulative"]
assert cloud["tax"] == -3750 and cloud["irr_after_tax"] is None
assert [m["tax"] for m in cloud["monthly"]] == [-1250] * 3
p = json.load(open(sys.argv[2]))
assert "rank_by" not in p["decision"] and "best" not in p["decision"]
for o in p["options"]:
    assert not [k for k in o if "tax" in k], o.keys()
    assert not [k for m in o["monthly"] for k in m if "tax" in k]
PYEOF

# rank_by given without [tax]: the decision names it and the best.
scenario 50 "rank_by = npv" >"$work/npv.ini"
expect_rc 0 $T "$TCO" report "$work/npv.ini" -o "$work/npv.json"
"$PY" - "$work/npv.json" <<'PYEOF' && ok || bad "JSON rank_by = npv"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["decision"]["rank_by"] == "npv" and d["decision"]["best"] == "own", d["decision"]
assert "tax" not in d["options"][0]
PYEOF

# --- CSV: the summary's tax columns and the months' two lines.
expect_rc 0 $T "$TCO" report "$work/tax.ini" --monthly -o "$work/tax.csv"
# line_in TEXT FILE: FILE holds the line TEXT (the CSV's lines end in CR LF)
line_in() { if tr -d '\r' <"$2" | grep -qxF -- "$1"; then ok; else bad "no line '$1' in $2"; fi; }
# Months 0..3 (MODEL.md, The monthly CSV): own pays nothing at month 0 (all lent), and
# month 3 has the residual -10,050, so its cumulative 23,402 - 10,050 = 13,352, the total.
line_in "id,month,paid0,power,cooling,facility,maintenance,staff,rental,loan_interest,loan_principal,loan_balance,depreciation,tax_depreciation,tax,cost,residual,commitment_after_horizon,cumulative" "$work/tax.csv"
line_in "own,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0" "$work/tax.csv"
line_in "own,3,0,0,0,0,0,1000,0,0,0,0,1675,1675,-1925,1000,-10050,0,13352" "$work/tax.csv"
line_in "cloud,1,0,0,0,0,0,0,5000,0,0,0,0,0,-1250,5000,0,0,5000" "$work/tax.csv"
if head -1 "$work/tax.csv" | grep -q ",irr_note,tax0,tax_depreciation,tax_book_value_end,tax_on_sale,commitment_tax,tax,after_tax_total,after_tax_npv,irr_after_tax,mirr_after_tax,payback_month_after_tax,discounted_payback_month_after_tax,irr_after_tax_note,feasible,"; then ok; else bad "CSV header: $(head -1 "$work/tax.csv")"; fi
expect_rc 0 $T "$TCO" report "$work/plain.ini" --monthly -o "$work/plain.csv"
if grep -q "tax" "$work/plain.csv"; then bad "CSV tax columns without [tax]"; else ok; fi

# --- Markdown: the after-tax columns and the best by the after-tax NPV.
expect_rc 0 $T "$TCO" report "$work/tax.ini" -o "$work/tax.md"
line_in "3 months, money in USD, discount rate 0% a year, income tax 25%. Options are ranked by after-tax NPV, lowest first; break-even is against cloud." "$work/tax.md"
line_in "- Best by after-tax NPV: own, 10,014.00 USD" "$work/tax.md"
if grep -q "| After-tax total | After-tax NPV | After-tax IRR | After-tax payback month | Feasible |$" "$work/tax.md" &&
    grep -q "| 10,014.00 | 10,014.00 | 101.1% | 3 | yes |$" "$work/tax.md"; then ok; else bad "Markdown columns: $(cat "$work/tax.md")"; fi

finish
