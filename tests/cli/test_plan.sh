#!/bin/bash
# test_plan.sh TCO SOURCE_DIR - capacity plans in the text outputs (docs/MODEL.md,
# Demand and Plans): the terminal table's plans, best first, with each part's hours
# served and cost; the JSON's plans; a scenario without plans has neither. The scenario
# is MODEL.md's example; the figures are worked out by hand in the comments.
TCO=$1
SRC=$2
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
T="timeout 60"
: "$SRC"

# MODEL.md's example: T = 100, H = 3, no discounting. Demand 200 a month with
# seasonality 0.5, 1.5, 2.5 (the other nine sum to 7.5): D = 100, 300, 500 GPU-hours
# of gb. gb: 2 GPUs bought at 1,000, 1,000 W, idle 0.2, load 1: it_kw = 0.4 + 1.6u,
# power 4 + 16u, cooling (PUE 1.5) 2 + 8u, 6 + 24u a month. rv: 1 GPU reserved at 2 an
# hour, 200 a month. od: 3 an hour, throughput 20 against gb's 10: one od hour serves 2.
cat >"$work/plan.ini" <<'EOF'
[scenario]
name = plan example
horizon_months = 3
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0.1
pue = 1.5
[option gb]
acquire = buy
count = 2
gpu_price = 1000
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 10
[option rv]
acquire = rent
pricing = reserved
count = 1
price_per_gpu_hour = 2
[option od]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 20
[demand]
reference = gb
gpu_hours_per_month = 200
seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1
[plan own-only]
own = gb
own_count = 2
[plan mix]
own = gb
reserve = rv
reserve_count = 1
overflow = od
EOF

line() { # line TEXT: the last command's output holds the line TEXT exactly
    if grep -qxF -- "$1" "$work/out"; then ok; else bad "no line '$1' in: $(cat "$work/out")"; fi
}

# --- The table. mix: owned 100, 200, 200 hours (u 0.5, 1, 1): 18 + 30 + 30 and capex
# 2,000 = 2,078; reserved 0 + 100 + 100 = 200 hours used, 600 paid; overflow 200
# reference hours in month 3 = 100 od hours, 300. Total 2,978. own-only: the same owned
# part, 2,078; unserved 0 + 100 + 300 = 400 of 900: it ranks second.
expect_rc 0 $T "$TCO" report "$work/plan.ini"
line "Plans, best first (those that serve all demand, then by total); each part's GPU-hours served and cost:"
line "   1  mix: total 2,978, NPV 2,978"
line "        own      gb     x 2                   500 h          2,078"
line "        reserve  rv     x 1                   200 h            600"
line "        overflow od                           100 h            300"
line "   2  own-only: total 2,078, NPV 2,078; unserved 400 GPU-hours of 900"
if [ "$(grep -c '^        own ' "$work/out")" = 2 ]; then ok; else bad "two owned parts expected"; fi

# --- The JSON: the same figures, best first, with the months.
expect_rc 0 $T "$TCO" report "$work/plan.ini" -o "$work/plan.json"
if $T $PY - "$work/plan.json" <<'EOF'; then ok; else bad "JSON plans"; fi
import json, sys
d = json.load(open(sys.argv[1]))
p = d["plans"]
assert [x["name"] for x in p] == ["mix", "own-only"], p
m = p[0]
want = {"own": "gb", "own_count": 2, "reserve": "rv", "reserve_count": 1, "overflow": "od",
        "serves_demand": True, "paid0": 2000, "own_total": 2078, "reserve_total": 600,
        "overflow_total": 300, "total": 2978, "npv": 2978, "demand": 900, "unserved": 0,
        "own_hours": 500, "reserve_hours": 200, "overflow_hours": 100}
for k, v in want.items():
    assert m[k] == v, (k, m[k], v)
months = [(x["demand"], x["own_hours"], x["own_utilization"], x["reserve_hours"],
           x["overflow_hours"], x["own_cost"], x["reserve_cost"], x["overflow_cost"], x["cost"])
          for x in m["monthly"]]
assert months == [(100, 100, 0.5, 0, 0, 18, 200, 0, 218), (300, 200, 1, 100, 0, 30, 200, 0, 230),
                  (500, 200, 1, 100, 100, 30, 200, 300, 530)], months
o = p[1]
assert o["reserve"] is None and o["overflow"] is None and o["reserve_count"] == 0
assert o["serves_demand"] is False and o["unserved"] == 400 and o["total"] == 2078
assert [x["unserved"] for x in o["monthly"]] == [0, 100, 300]
EOF

# --- Without [demand] and plans: no plans in either output.
sed '/^\[demand\]/,$d' "$work/plan.ini" >"$work/none.ini"
expect_rc 0 $T "$TCO" report "$work/none.ini"
if grep -q '^Plans' "$work/out"; then bad "plans in a table without plans"; else ok; fi
expect_rc 0 $T "$TCO" report "$work/none.ini" -o "$work/none.json"
if grep -q '"plans"' "$work/none.json"; then bad "plans in a JSON without plans"; else ok; fi

# --- A demand file is read as every input is: a FIFO or a device is refused without
# blocking (the read would never end), and the demand file is never an output.
fifo_scenario() { # fifo_scenario FILE
    sed -e '/^gpu_hours_per_month/d' -e '/^seasonality/d' \
        -e "s|^reference = gb|reference = gb\nfile = $1|" "$work/plan.ini"
}
mkfifo "$work/fifo.csv"
fifo_scenario fifo.csv >"$work/fifo.ini"
expect_rc 2 $T "$TCO" report "$work/fifo.ini"
expect_err "$work/fifo.ini:29: error: cannot read demand file 'fifo.csv': not a regular file (a FIFO)"
fifo_scenario /dev/zero >"$work/zero.ini"
expect_rc 2 $T "$TCO" report "$work/zero.ini"
expect_err "$work/zero.ini:29: error: cannot read demand file '/dev/zero': not a regular file"
printf '100\n300\n500\n' >"$work/demand.csv"
fifo_scenario demand.csv >"$work/file.ini"
expect_rc 0 $T "$TCO" report "$work/file.ini"
line "   1  mix: total 2,978, NPV 2,978"
expect_rc 2 $T "$TCO" report "$work/file.ini" -o "$work/demand.csv"
expect_err "error: the output is the same file as the input"
if [ "$(cat "$work/demand.csv")" = "$(printf '100\n300\n500')" ]; then ok; else bad "demand file harmed"; fi

# --- Monte Carlo of plans (MODEL.md, Monte Carlo: the worked example). With od's price p
# uniform(2, 4) and [workload] utilization 1: od alone costs 300 p; mix 2,678 + 100 p =
# 2,678 + od / 3; rent (od alone serves all 900 reference hours as 450 od hours) 450 p =
# 1.5 od; own-only 2,078. rent (at most 1,800) ranks first in every sample.
{
    sed '/^\[demand\]/,$d' "$work/plan.ini"
    printf '[workload]\nutilization = 1\n'
    sed -n '/^\[demand\]/,$p' "$work/plan.ini"
    printf '[plan rent]\noverflow = od\n[uncertainty]\nsamples = 500\nseed = 3\n'
    printf 'od.price_per_gpu_hour = uniform(2, 4)\n'
} >"$work/mc.ini"
expect_rc 0 $T "$TCO" report "$work/mc.ini" -o "$work/mc.json"
if $T $PY - "$work/mc.json" <<'EOF'; then ok; else bad "JSON Monte Carlo of plans"; fi
import json, sys
m = json.load(open(sys.argv[1]))["monte_carlo"]
assert list(m) == ["samples", "seed", "histogram_edges", "options", "plans"], list(m)
od = [o for o in m["options"] if o["id"] == "od"][0]
p = {x["id"]: x for x in m["plans"]}
assert [x["id"] for x in m["plans"]] == ["own-only", "mix", "rent"]
assert all(list(x) == ["id", "total", "npv", "p_best"] for x in m["plans"])
close = lambda a, b: abs(a - b) <= 1e-9 * max(1, abs(b))
for f in ("total", "npv"):
    for q in ("mean", "p10", "p50", "p90"):
        assert close(p["mix"][f][q], 2678 + od[f][q] / 3), (f, q)
        assert close(p["rent"][f][q], 1.5 * od[f][q]), (f, q)
        assert close(p["own-only"][f][q], 2078), (f, q)
assert 600 < od["total"]["p10"] < od["total"]["p90"] < 1200
assert [x["p_best"] for x in m["plans"]] == [0, 0, 1]
EOF
expect_rc 0 $T "$TCO" report "$work/mc.ini"
if grep -qE '^  rent +[0-9,]+ +[0-9,]+ +[0-9,]+ +100\.0%$' "$work/out" &&
    grep -qE '^  own-only +2,078 +2,078 +2,078 +0\.0%$' "$work/out"; then
    ok
else
    bad "Monte Carlo of plans in the table: $(cat "$work/out")"
fi
# Without plans, the Monte Carlo has none.
sed '/^\[demand\]/,/^\[uncertainty\]/{/^\[uncertainty\]/!d}' "$work/mc.ini" >"$work/mc-none.ini"
expect_rc 0 $T "$TCO" report "$work/mc-none.ini" -o "$work/mc-none.json"
if $T $PY -c 'import json, sys; m = json.load(open(sys.argv[1]))["monte_carlo"]; assert "plans" not in m and m["options"]' "$work/mc-none.json"; then ok; else bad "Monte Carlo plans without plans"; fi

# --- Staged purchases, spares and a refresh (MODEL.md, Goodput, Staged purchases and
# Refresh). gb: 3 + 12u a GPU a month, resale 0.5. staged: 1 gb at month 0 with its
# spare, 1 more at month 1. Month 1: 1 serving of 2, 100 hours (u 0.5): 9 + 9, and the
# second GPU's 1,000. Months 2, 3: 2 serving of 3, 200 hours (u 2/3): 11 each, 33;
# overflow 100 and 300 reference hours = 50 and 150 od hours, 600. Own: 3,000 + 84 -
# 1,500 = 1,584; total 2,184. refresh (auto): MODEL.md's example, month 1, 1,422.
cat >"$work/staged.ini" <<'EOF'
[scenario]
name = staged
horizon_months = 3
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0.1
pue = 1.5
[option gb]
acquire = buy
count = 2
gpu_price = 1000
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 10
resale_fraction = 0.5
[option gn]
acquire = buy
count = 2
gpu_price = 100
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 20
[option od]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 20
[demand]
reference = gb
gpu_hours_per_month = 200
seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1
[plan staged]
own = gb
buy_at = 0:1, 1:1
spares = 1
overflow = od
[plan refresh]
own = gb
own_count = 2
refresh_to = gn
refresh_month = auto
overflow = od
EOF
expect_rc 0 $T "$TCO" report "$work/staged.ini"
line "   1  refresh: total 1,422, NPV 1,422"
line "          refreshed to gn x 2 at month 1 (auto: the cheapest month)"
line "   2  staged: total 2,184, NPV 2,184"
line "        own      gb     x 2                   500 h          1,584"
line "          bought 1 at month 0, 1 at month 1; 1 spare"
expect_rc 0 $T "$TCO" report "$work/staged.ini" -o "$work/staged.json"
if $T $PY - "$work/staged.json" <<'EOF'; then ok; else bad "JSON staged plans"; fi
import json, sys
d = json.load(open(sys.argv[1]))
r, s = d["plans"]
want = {"name": "refresh", "refresh_to": "gn", "refresh_auto": True, "refresh_month": 1,
        "refresh_count": 2, "buy_at": None, "spares": 0, "total": 1422,
        "after_tax_total": None, "after_tax_npv": None}
for k, v in want.items():
    assert r[k] == v, (k, r[k], v)
assert [x["own_capacity"] for x in r["monthly"]] == [200, 400, 400], r["monthly"]
want = {"name": "staged", "own_count": 2, "spares": 1, "refresh_to": None, "refresh_month": 0,
        "buy_at": [{"month": 0, "gpus": 1}, {"month": 1, "gpus": 1}], "own_total": 1584,
        "total": 2184}
for k, v in want.items():
    assert s[k] == v, (k, s[k], v)
assert [x["own_cost"] for x in s["monthly"]] == [1018, 33, 33], s["monthly"]
assert [x["own_capacity"] for x in s["monthly"]] == [100, 200, 200], s["monthly"]
EOF

# --- After tax (MODEL.md, Plans after tax): mix with [tax] rate 0.25 and gb
# depreciated straight-line over a year: every line deducted, the GPUs sold at H, so
# the tax is -0.25 * 2,978 = -744.5: after-tax total 2,233.5 (no discounting).
sed -e 's/^throughput = 10$/throughput = 10\ndepreciation = straight-line\ndepreciation_years = 1/' \
    -e 's/^\[option rv\]$/[tax]\nrate = 0.25\n[option rv]/' "$work/plan.ini" >"$work/tax.ini"
expect_rc 0 $T "$TCO" report "$work/tax.ini"
line "   1  mix: total 2,978, NPV 2,978; after tax: total 2,234, NPV 2,234"
expect_rc 0 $T "$TCO" report "$work/tax.ini" -o "$work/tax.json"
if $T $PY - "$work/tax.json" <<'EOF'; then ok; else bad "JSON plans after tax"; fi
import json, sys
p = json.load(open(sys.argv[1]))["plans"][0]
assert p["name"] == "mix" and p["after_tax_total"] == 2233.5, p["after_tax_total"]
assert abs(p["after_tax_npv"] - 2233.5) < 1e-9, p["after_tax_npv"]
# Its budget (MODEL.md, A plan's budget): one year, Y1, months 0..3: owned 2,000 + 18 + 30
# + 30 = 2,078, reserved 600, overflow 300, tax -744.5 (MODEL.md, Plans after tax:
# -96.1667, -99.1667, -549.1667 in months 1..3, none at month 0), total 2,233.5.
y, = p["fiscal_years"]
want = {"year": "Y1", "first_month": 0, "last_month": 3, "own": 2078, "reserve": 600,
        "overflow": 300, "tax": -744.5, "total": 2233.5}
for k, v in want.items():
    assert y[k] == v if isinstance(v, str) else abs(y[k] - v) < 1e-9, (k, y[k], v)
tax = [m["tax"] for m in p["monthly"]]
assert max(abs(a - b) for a, b in zip(tax, [-96.1666667, -99.1666667, -549.1666667])) < 1e-6, tax
assert p["tax0"] == 0 and p["commitment_tax"] == 0, (p["tax0"], p["commitment_tax"])
EOF
expect_rc 0 $T "$TCO" report "$work/tax.ini" --fiscal-years -o "$work/tax.csv"
if tr -d '\r' <"$work/tax.csv" | grep -qx "plan,year,from,to,first_month,last_month,months,partial,own,reserve,overflow,tax,total" &&
    tr -d '\r' <"$work/tax.csv" | grep -qx "mix,Y1,,,0,3,3,1,2078,600,300,-744.5,2233.5"; then ok; else
    bad "CSV plan budget: $(cat "$work/tax.csv")"; fi
expect_rc 0 $T "$TCO" report "$work/plan.ini" -o "$work/plain.json"
if $T $PY - "$work/plain.json" <<'EOF'; then ok; else bad "JSON plan budget without tax"; fi
import json, sys
for p in json.load(open(sys.argv[1]))["plans"]:
    assert p["tax0"] is None and p["commitment_tax"] is None, p["name"]
    assert "tax" not in p["monthly"][0], p["monthly"][0]
    assert all(y["tax"] == 0 for y in p["fiscal_years"]), p["fiscal_years"]
EOF

# --- A case with a shorter horizon drops the purchase and the refresh at or after its
# end (MODEL.md, Staged purchases): it computes, writing nothing outside its months.
{ cat "$work/staged.ini"; printf '[plan late]\nown = gb\nbuy_at = 0:1, 1:1\nrefresh_to = gn\nrefresh_month = 2\n[case short]\nhorizon_months = 1\n'; } >"$work/short.ini"
expect_rc 0 $T "$TCO" report "$work/short.ini" -o "$work/short.json"

finish
