#!/bin/sh
# test_statements.sh TCO SOURCE_DIR - the statements by fiscal year in the
# JSON (always) and in the CSV (with --statements), against docs/MODEL.md's
# example A (a 3-year lease at the lessee's 12%) worked by hand; each plan's
# (MODEL.md, A plan's statements) against its example, and reconciled for
# every shipped scenario with plans.
set -u
TCO=$1
SRC=$2
. "$SRC/tests/cli/lib.sh"
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR

cat >"$work/lease.ini" <<'INI'
[scenario]
name = lease
horizon_months = 36
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0
[option l]
acquire = buy
count = 1
gpu_price = 100000
tdp_w = 0
financing = lease
lease_payment = 3000
lease_months = 36
lease_end = return
lease_discount_rate = 0.12
INI

# ifrs16 (the default): LL(0) = 3,000 a(35) at 1% = 88,225.74, ROU(0) =
# 91,225.74, depreciated 30,408.58 a year; interest 9,141.72, 5,735.42,
# 1,897.12; the liability 61,367.46, 31,102.88, 0 at the years' ends.
expect_rc 0 timeout 60 "$TCO" report "$work/lease.ini" -o "$work/l.json"
"$PY" - "$work/l.json" ifrs16 <<'PYEOF' && ok || bad "JSON statements, ifrs16"
import json, sys
d = json.load(open(sys.argv[1]))
assert list(d)[:6] == ["format_version", "scenario", "options", "decision", "fiscal_years", "statements"], list(d)
st = d["statements"]
cols = ["power", "cooling", "facility", "maintenance", "staff", "rental", "lease_cost",
        "ebitda_effect", "depreciation", "interest", "loss_on_sale", "pre_tax_effect", "tax",
        "after_tax_effect", "operating_cash", "investing_cash", "financing_cash", "net_cash",
        "book_value", "rou_asset", "loan_balance", "lease_liability"]
assert len(st) == 3, st
for x in st:
    assert list(x) == ["option", "year", "lease_accounting", "lease_rate",
                       "lease_rate_source"] + cols, list(x)
    assert (x["option"], x["lease_accounting"], x["lease_rate_source"]) == (
        "l", sys.argv[2], "lease_discount_rate"), x
    assert abs(x["lease_rate"] - 0.12) < 1e-12, x
def near(a, b):
    return abs(a - b) < 0.006
want = [("Y1", 9141.72, 61367.46, 60817.16, 39000),
        ("Y2", 5735.42, 31102.88, 30408.58, 36000),
        ("Y3", 1897.12, 0, 0, 33000)]
for x, (year, interest, ll, rou, cash) in zip(st, want):
    assert x["year"] == year, x
    assert near(x["depreciation"], 30408.58), x
    assert near(x["interest"], interest), x
    assert near(x["lease_liability"], ll), x
    assert near(x["rou_asset"], rou), x
    assert near(x["operating_cash"], interest), x
    assert near(x["financing_cash"], cash - interest), x
    assert near(x["net_cash"], cash), x
    assert x["ebitda_effect"] == 0, x
# The years' net cash is the budget's total.
for x, b in zip(st, d["fiscal_years"]):
    assert abs(x["net_cash"] - b["total"]) < 1e-6, (x, b)
PYEOF

# asc842-operating: 36,000 of lease cost a year inside EBITDA, every payment
# operating cash.
sed 's/^lease_discount_rate = 0.12$/&\nlease_accounting = asc842-operating/' "$work/lease.ini" >"$work/op.ini"
expect_rc 0 timeout 60 "$TCO" report "$work/op.ini" -o "$work/op.json"
"$PY" - "$work/op.json" <<'PYEOF' && ok || bad "JSON statements, asc842-operating"
import json, sys
st = json.load(open(sys.argv[1]))["statements"]
assert [x["lease_accounting"] for x in st] == ["asc842-operating"] * 3, st
assert [x["ebitda_effect"] for x in st] == [36000, 36000, 36000], st
assert [x["operating_cash"] for x in st] == [39000, 36000, 33000], st
assert [x["financing_cash"] for x in st] == [0, 0, 0], st
PYEOF

# The terminal table: a line for the lease's standard, rate and measurement.
expect_rc 0 timeout 60 "$TCO" report "$work/lease.ini" -q
grep -qF "l: ifrs16, discounted at 12.00% a year (lease_discount_rate): lease liability 88,226 and right-of-use asset 91,226 at commencement; over the fiscal years EBITDA effect 0, pre-tax effect 108,000." "$work/out" && ok ||
    bad "table: $(grep -F 'l: ifrs16' "$work/out")"

# The CSV: the statements only with --statements, after a blank line.
expect_rc 0 timeout 60 "$TCO" report "$work/lease.ini" -o "$work/plain.csv"
grep -q "^option,year,lease_accounting" "$work/plain.csv" && bad "a CSV without --statements has them" || ok
expect_rc 0 timeout 60 "$TCO" report "$work/lease.ini" --statements -o "$work/st.csv"
tr -d '\r' <"$work/st.csv" | tail -5 >"$work/tail.csv"
"$PY" - "$work/tail.csv" <<'PYEOF' && ok || bad "CSV statements: $(cat "$work/tail.csv")"
import csv, sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[0] == "", lines
rows = list(csv.DictReader(lines[1:4 + 1]))
assert [r["year"] for r in rows] == ["Y1", "Y2", "Y3"], rows
assert rows[0]["lease_accounting"] == "ifrs16" and rows[0]["lease_rate"] == "0.12", rows[0]
assert abs(float(rows[2]["interest"]) - 1897.12) < 0.006, rows[2]
PYEOF
# Only with CSV; the keys only on a lease; a standard that does not exist.
expect_rc 2 timeout 60 "$TCO" report "$work/lease.ini" --statements -o "$work/x.json"
expect_err "--statements applies to csv output only"
[ -e "$work/x.json" ] && bad "wrote x.json" || ok
sed 's/^lease_discount_rate = 0.12$/lease_accounting = gaap/' "$work/lease.ini" >"$work/bad.ini"
expect_rc 2 timeout 60 "$TCO" report "$work/bad.ini" -o "$work/bad.json"
expect_err "bad.ini:17: error:"
[ -e "$work/bad.json" ] && bad "wrote bad.json" || ok

# Every shipped scenario: each option's years' net cash is the budget's total,
# and the pre-tax and after-tax effects add up to total and after_tax_total
# less what falls past the horizon, plus LL(H) - ROU(H) (MODEL.md,
# Reconciliations).
for f in "$SRC"/config/*.ini; do
    b=$(basename "$f" .ini)
    expect_rc 0 timeout 120 "$TCO" report "$f" -q -o "$work/cfg-$b.json"
done
"$PY" - "$work"/cfg-*.json <<'PYEOF' && ok || bad "statements do not reconcile"
import json, math, sys
assert len(sys.argv) > 10, sys.argv
for path in sys.argv[1:]:
    d = json.load(open(path))
    fy = {(r["option"], r["year"]): r for r in d["fiscal_years"]}
    opts = {o["id"]: o for o in d["options"]}
    rows = {}
    for r in d["statements"]:
        b = fy[(r["option"], r["year"])]
        assert abs(r["net_cash"] - b["total"]) <= 1e-8 * max(1, abs(b["total"])), (path, r)
        rows.setdefault(r["option"], []).append(r)
    assert set(rows) == set(opts), path
    for oid, rs in rows.items():
        o = opts[oid]
        adj = rs[-1]["lease_liability"] - rs[-1]["rou_asset"]
        pre = math.fsum(r["pre_tax_effect"] for r in rs)
        want = o["total"] - o["commitment_after_horizon"] + adj
        assert abs(pre - want) <= 1e-8 * max(1, abs(want)), (path, oid, pre, want)
        if o.get("after_tax_total") is not None:
            at = math.fsum(r["after_tax_effect"] for r in rs)
            want = (o["after_tax_total"] - o["commitment_after_horizon"] - o["commitment_tax"]
                    + adj)
            assert abs(at - want) <= 1e-8 * max(1, abs(want)), (path, oid, at, want)
PYEOF

# ===== A plan's statements (MODEL.md, A plan's statements) =====

# The hand-worked plan: 2 GPUs bought at month 0 and 1 at month 12, a reserved
# GPU, the rest on demand, [tax], calendar fiscal years from April 2027.
expect_rc 0 timeout 60 "$TCO" report "$SRC/tests/data/plan-statements.ini" -q -o "$work/ps.json"
"$PY" - "$work/ps.json" <<'PYEOF' && ok || bad "JSON statements of a plan, by hand"
import json, sys
p, = json.load(open(sys.argv[1]))["plans"]
assert list(p)[-3:] == ["commitment_tax", "fiscal_years", "statements"], list(p)
st = p["statements"]
assert [x["year"] for x in st] == ["FY2027", "FY2028", "FY2029"], st
assert list(st[0])[:3] == ["year", "power", "cooling"] and list(st[0])[-1] == "lease_liability"
want = {"power": (180, 286.8, 75.6), "rental": (2340, 2580, 600),
        "ebitda_effect": (2520, 2866.8, 675.6), "depreciation": (900, 1650, 450),
        "loss_on_sale": (0, 0, -300), "pre_tax_effect": (3420, 4516.8, 825.6),
        "tax": (-855, -1129.2, -206.4), "after_tax_effect": (2565, 3387.6, 619.2),
        "operating_cash": (1665, 1737.6, 469.2), "investing_cash": (2400, 1200, -900),
        "financing_cash": (0, 0, 0), "net_cash": (4065, 2937.6, -430.8),
        "book_value": (1500, 1050, 0)}
for col, values in want.items():
    for x, v in zip(st, values):
        assert abs(x[col] - v) < 1e-9, (x["year"], col, x[col], v)
PYEOF
# The CSV: the plans' rows after the options', after a blank line.
expect_rc 0 timeout 60 "$TCO" report "$SRC/tests/data/plan-statements.ini" --statements -o "$work/ps.csv"
tr -d '\r' <"$work/ps.csv" | tail -5 >"$work/ps-tail.csv"
"$PY" - "$work/ps-tail.csv" <<'PYEOF' && ok || bad "CSV statements of a plan: $(cat "$work/ps-tail.csv")"
import csv, sys
lines = open(sys.argv[1]).read().split("\n")
assert lines[0] == "", lines
rows = list(csv.DictReader(lines[1:5]))
assert list(rows[0])[:3] == ["plan", "year", "power"], list(rows[0])
assert [(r["plan"], r["year"]) for r in rows] == [("mix", "FY2027"), ("mix", "FY2028"),
                                                  ("mix", "FY2029")], rows
for r, v in zip(rows, [4065, 2937.6, -430.8]):
    assert abs(float(r["net_cash"]) - v) < 1e-9, r
PYEOF

# A plan that owns leased GPUs has a line of statements in the table: the
# lease returned at a refresh of MODEL.md (pre-tax effect 700, its total).
cat >"$work/returned.ini" <<'INI'
[scenario]
name = returned
horizon_months = 3
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0
[option gb]
acquire = buy
count = 2
gpu_price = 1000
tdp_w = 0
throughput = 10
financing = lease
lease_payment = 100
lease_months = 5
lease_end = return
[option gn]
acquire = buy
count = 2
gpu_price = 100
tdp_w = 0
throughput = 20
depreciation = straight-line
depreciation_years = 1
[demand]
reference = gb
gpu_hours_per_month = 100
[plan refresh]
own = gb
refresh_to = gn
refresh_month = 2
INI
expect_rc 0 timeout 60 "$TCO" report "$work/returned.ini" -q
grep -qF "statements: over the fiscal years EBITDA effect 0, pre-tax effect 700" "$work/out" && ok ||
    bad "table: a plan's statements: $(grep -F 'statements:' "$work/out")"

# Every shipped scenario with plans, as shipped and with [tax] and fiscal years
# from April (and its owned options on a loan, then on a lease): for each plan
# and fiscal year, operating + investing + financing = net cash = the plan
# budget's total; over the years the pre-tax and after-tax effects add up to
# total and after_tax_total less what falls past the horizon (total less the
# budget's own, reserve and overflow, a second route) plus LL(H) - ROU(H).
n=0
for f in "$SRC"/config/*.ini; do
    grep -q '^\[plan ' "$f" || continue
    b=$(basename "$f" .ini)
    n=$((n + 1))
    cp "$f" "$work/plan-$b.ini"
    sed 's/^\[scenario\]$/&\nstart = 2027-01\nfiscal_year_start = 4/' "$f" >"$work/plan-$b-tax.ini"
    printf '\n[tax]\nrate = 0.25\n' >>"$work/plan-$b-tax.ini"
    sed 's/^acquire = buy$/&\nfinancing = loan\nloan_rate = 0.09\nloan_months = 48\nloan_fraction = 0.8/' \
        "$work/plan-$b-tax.ini" >"$work/plan-$b-loan.ini"
    sed 's/^acquire = buy$/&\nfinancing = lease\nlease_rate_factor = 0.03\nlease_months = 40/' \
        "$work/plan-$b-tax.ini" >"$work/plan-$b-lease.ini"
    for v in "" -tax -loan -lease; do
        expect_rc 0 timeout 120 "$TCO" report "$work/plan-$b$v.ini" -q -o "$work/plan-$b$v.json"
    done
done
[ "$n" -ge 1 ] && ok || bad "no shipped scenario has plans"
"$PY" - "$work"/plan-*.json <<'PYEOF' && ok || bad "plan statements do not reconcile"
import json, math, sys
leased = 0
for path in sys.argv[1:]:
    d = json.load(open(path))
    assert d["plans"], path
    for p in d["plans"]:
        st, fy = p["statements"], p["fiscal_years"]
        assert [x["year"] for x in st] == [b["year"] for b in fy], (path, p["name"])
        for x, b in zip(st, fy):
            tol = 1e-9 * max(1, abs(b["total"]))
            cash = x["operating_cash"] + x["investing_cash"] + x["financing_cash"]
            assert abs(cash - b["total"]) <= tol, (path, p["name"], x, b)
            assert abs(x["net_cash"] - b["total"]) <= tol, (path, p["name"], x, b)
        past = p["total"] - math.fsum(b["own"] + b["reserve"] + b["overflow"] for b in fy)
        adj = st[-1]["lease_liability"] - st[-1]["rou_asset"]
        leased += st[0]["lease_liability"] != 0
        pre = math.fsum(x["pre_tax_effect"] for x in st)
        want = p["total"] - past + adj
        assert abs(pre - want) <= 1e-9 * max(1, abs(want)), (path, p["name"], pre, want)
        if p["after_tax_total"] is not None:
            at = math.fsum(x["after_tax_effect"] for x in st)
            want = p["after_tax_total"] - past - p["commitment_tax"] + adj
            assert abs(at - want) <= 1e-9 * max(1, abs(want)), (path, p["name"], at, want)
assert leased, "no plan with a lease"
PYEOF

finish
