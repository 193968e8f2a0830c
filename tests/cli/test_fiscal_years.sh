#!/bin/sh
# test_fiscal_years.sh TCO SOURCE_DIR - the budget by fiscal year in the JSON
# (always) and in the CSV (with --fiscal-years), against docs/MODEL.md's
# example worked by hand (pre-tax: the example without [tax]).
set -u
TCO=$1
SRC=$2
. "$SRC/tests/cli/lib.sh"
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR

# H = 15, month 1 = May 2027, fiscal years from July: month 0 (April 2027),
# 1, 2 in FY2027; 3..14 in FY2028; 15 (July 2028) in FY2029. The option pays
# 12,000 at month 0 and 1,000 a month, and gets 3,000 back at month 15.
cat >"$work/fy.ini" <<'INI'
[scenario]
name = fy
horizon_months = 15
hours_per_month = 100
discount_rate = 0
start = 2027-05
fiscal_year_start = 7
[site]
electricity_price = 0
[option b]
acquire = buy
count = 1
gpu_price = 12000
tdp_w = 0
staff_per_month = 1000
resale_fraction = 0.25
depreciation = straight-line
depreciation_years = 1
INI

expect_rc 0 timeout 60 "$TCO" report "$work/fy.ini" -o "$work/fy.json"
"$PY" - "$work/fy.json" <<'PYEOF' && ok || bad "JSON fiscal_years"
import json, sys
d = json.load(open(sys.argv[1]))
cols = ["capex", "power", "cooling", "facility", "maintenance", "staff", "rental",
        "financing", "residual", "tax", "total"]
want = [
    # FY2027: capex 12,000 + staff 2 * 1,000 = 14,000
    ("FY2027", "2027-04", "2027-06", 0, 2, 2, True, {"capex": 12000, "staff": 2000, "total": 14000}),
    # FY2028: staff 12 * 1,000
    ("FY2028", "2027-07", "2028-06", 3, 14, 12, False, {"staff": 12000, "total": 12000}),
    # FY2029: staff 1,000, residual -3,000
    ("FY2029", "2028-07", "2028-07", 15, 15, 1, True, {"staff": 1000, "residual": -3000, "total": -2000}),
]
fy = d["fiscal_years"]
assert len(fy) == 3, fy
for got, (year, f, t, first, last, months, partial, vals) in zip(fy, want):
    assert list(got)[:8] == ["option", "year", "from", "to", "first_month", "last_month",
                             "months", "partial"], list(got)
    assert list(got)[8:] == cols, list(got)
    assert (got["option"], got["year"], got["from"], got["to"], got["first_month"],
            got["last_month"], got["months"], got["partial"]) == ("b", year, f, t, first, last,
                                                                  months, partial), got
    for c in cols:
        assert abs(got[c] - vals.get(c, 0)) < 1e-9, (year, c, got[c])
# The years add up to the total (no commitment).
assert abs(sum(x["total"] for x in fy) - d["options"][0]["total"]) < 1e-9
PYEOF

# Without start: Y1 (months 0..12) and Y2 (13..15); from and to are null.
grep -v -e '^start' -e '^fiscal_year_start' "$work/fy.ini" >"$work/y.ini"
expect_rc 0 timeout 60 "$TCO" report "$work/y.ini" -o "$work/y.json"
"$PY" - "$work/y.json" <<'PYEOF' && ok || bad "JSON fiscal_years without start"
import json, sys
fy = json.load(open(sys.argv[1]))["fiscal_years"]
got = [(x["year"], x["from"], x["to"], x["first_month"], x["last_month"], x["months"],
        x["partial"], x["total"]) for x in fy]
# Y1: 12,000 + 12 * 1,000 = 24,000; Y2: 3 * 1,000 - 3,000 = 0.
assert got == [("Y1", None, None, 0, 12, 12, False, 24000),
               ("Y2", None, None, 13, 15, 3, True, 0)], got
PYEOF

# The CSV: the budget only with --fiscal-years, after the summary (and after
# the monthly table with --monthly too).
expect_rc 0 timeout 60 "$TCO" report "$work/fy.ini" -o "$work/plain.csv"
grep -q "^id,year," "$work/plain.csv" && bad "a CSV without --fiscal-years has the budget" || ok
expect_rc 0 timeout 60 "$TCO" report "$work/fy.ini" --fiscal-years -o "$work/fy.csv"
cat >"$work/want.csv" <<'CSV'

id,year,from,to,first_month,last_month,months,partial,capex,power,cooling,facility,maintenance,staff,rental,financing,residual,tax,total
b,FY2027,2027-04,2027-06,0,2,2,1,12000,0,0,0,0,2000,0,0,0,0,14000
b,FY2028,2027-07,2028-06,3,14,12,0,0,0,0,0,0,12000,0,0,0,0,12000
b,FY2029,2028-07,2028-07,15,15,1,1,0,0,0,0,0,1000,0,0,-3000,0,-2000
CSV
tr -d '\r' <"$work/fy.csv" | tail -5 | cmp -s - "$work/want.csv" && ok ||
    bad "CSV budget: $(tr -d '\r' <"$work/fy.csv" | tail -5)"
expect_rc 0 timeout 60 "$TCO" report "$work/fy.ini" --monthly --fiscal-years -o "$work/both.csv"
tr -d '\r' <"$work/both.csv" | tail -5 | cmp -s - "$work/want.csv" && ok || bad "CSV with both tables"
grep -q "^id,month," "$work/both.csv" && ok || bad "--monthly --fiscal-years lost the monthly table"
# Only with CSV.
expect_rc 2 timeout 60 "$TCO" report "$work/fy.ini" --fiscal-years -o "$work/x.json"
expect_err "--fiscal-years applies to csv output only"
[ -e "$work/x.json" ] && bad "wrote x.json" || ok

finish
