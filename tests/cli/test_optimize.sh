#!/bin/bash
# test_optimize.sh TCO SOURCE_DIR - the cheapest plan in the text outputs (docs/MODEL.md,
# The cheapest plan): the terminal table prints it first, with the runners-up and the
# cost curve; the JSON's optimize; a scenario without [optimize] has neither. The
# scenario is MODEL.md's example; the figures are worked out by hand in the comments.
TCO=$1
SRC=$2
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
T="timeout 60"
: "$SRC"

# MODEL.md's example: D = 100, 300, 500 GPU-hours of gb, T = 100, no discounting. With n
# owned and r reserved GPUs: total = 109n + 0.12 * owned hours + 270r + 1.5 * the hours
# left over (3 an od hour, one od hour serving 2).
cat >"$work/opt.ini" <<'EOF'
[scenario]
name = optimize example
horizon_months = 3
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0.1
pue = 1.5
[option gb]
acquire = buy
count = 2
gpu_price = 100
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 10
[option rv]
acquire = rent
pricing = reserved
count = 1
price_per_gpu_hour = 0.9
[option od]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 20
[demand]
reference = gb
gpu_hours_per_month = 200
seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1
[plan mix]
own = gb
reserve = rv
overflow = od
[optimize]
own_max = 6
own_step = 2
reserve_max = 2
runners_up = 3
EOF

line() { # line TEXT: the last command's output holds the line TEXT exactly
    if grep -qxF -- "$1" "$work/out"; then ok; else bad "no line '$1' in: $(cat "$work/out")"; fi
}

# --- The table: the cheapest plan first, before the options. (4, 0): 436 + 0.12 * 800
# = 532 owned, 100 reference hours left = 50 od hours, 150: 682. Runners-up (6, 0) 762,
# (4, 1) 802, (2, 1) 848; the curve 1,140 (r 2), 848 (r 1), 682 (r 0), 762 (r 0).
expect_rc 0 $T "$TCO" report "$work/opt.ini"
if [ "$(sed -n 4p "$work/out")" = "Cheapest plan: mix by total, 12 candidates searched (own 0..6 step 2, reserve 0..2 step 1), 12 serve all demand" ]; then ok; else bad "the cheapest plan is not first: $(sed -n 4p "$work/out")"; fi
line "   1  own 4, reserve 0: 682 (total 682, NPV 682)"
line "        own      gb     x 4                   800 h            532"
line "        reserve  rv     x 0                     0 h              0"
line "        overflow od                            50 h            150"
line "   2  own 6, reserve 0: 762"
line "   3  own 4, reserve 1: 802"
line "   4  own 2, reserve 1: 848"
line "Cost curve: the best total at each owned count (-: none serves all demand):"
# Four entries a line, each count in 6 columns and its text in 20 (the last unpadded).
line "$(printf '  %6d: %-20s%6d: %-20s%6d: %-20s%6d: %s' 0 '1,140 (reserve 2)' 2 '848 (reserve 1)' \
    4 '682 (reserve 0)' 6 '762 (reserve 0)')"

# --- The JSON: the same, with the grid and counts.
expect_rc 0 $T "$TCO" report "$work/opt.ini" -o "$work/opt.json"
if $T $PY - "$work/opt.json" <<'EOF'; then ok; else bad "JSON optimize"; fi
import json, sys
d = json.load(open(sys.argv[1]))
o = d["optimize"]
want = {"plan": "mix", "objective": "total", "own_min": 0, "own_max": 6, "own_step": 2,
        "reserve_min": 0, "reserve_max": 2, "reserve_step": 1, "evaluated": 12, "feasible": 12}
for k, v in want.items():
    assert o[k] == v, (k, o[k], v)
def c(x):
    return (x["own_count"], x["reserve_count"], x["total"], x["npv"], x["objective"],
            x["after_tax_npv"], x["unserved"])
assert c(o["best"]) == (4, 0, 682, 682, 682, None, 0), o["best"]
assert [c(x) for x in o["runners_up"]] == [(6, 0, 762, 762, 762, None, 0),
                                           (4, 1, 802, 802, 802, None, 0),
                                           (2, 1, 848, 848, 848, None, 0)], o["runners_up"]
assert [(x["own_count"], x["reserve_count"], x["total"]) for x in o["curve"]] == \
    [(0, 2, 1140), (2, 1, 848), (4, 0, 682), (6, 0, 762)], o["curve"]
assert d["plans"][0]["total"] == 848  # the plan itself keeps its options' counts
EOF

# --- Without an overflow part only 100n + 100r >= 500 serves all demand: (6, 0) at 762
# is the best; nothing at n = 0 and 2 (null in JSON, - in the table).
sed '/^overflow = od/d' "$work/opt.ini" >"$work/res.ini"
expect_rc 0 $T "$TCO" report "$work/res.ini"
line "   1  own 6, reserve 0: 762 (total 762, NPV 762)"
line "$(printf '  %6d: %-20s%6d: %-20s%6d: %-20s%6d: %s' 0 - 2 - 4 '802 (reserve 1)' 6 \
    '762 (reserve 0)')"
expect_rc 0 $T "$TCO" report "$work/res.ini" -o "$work/res.json"
if $T $PY - "$work/res.json" <<'EOF'; then ok; else bad "JSON optimize without overflow"; fi
import json, sys
o = json.load(open(sys.argv[1]))["optimize"]
assert o["feasible"] == 5 and o["best"]["own_count"] == 6 and o["best"]["total"] == 762, o
assert [x["objective"] for x in o["curve"]] == [None, None, 802, 762], o["curve"]
EOF

# --- Nothing feasible: best is null, not an error.
sed -e '/^overflow = od/d' -e '/^reserve/d' -e 's/^own_max = 6/own_max = 4/' \
    "$work/opt.ini" >"$work/none.ini"
expect_rc 0 $T "$TCO" report "$work/none.ini" -o "$work/none.json"
if $T $PY -c 'import json,sys; o=json.load(open(sys.argv[1]))["optimize"]; assert o["best"] is None and o["feasible"] == 0 and o["runners_up"] == [], o' "$work/none.json"; then ok; else bad "JSON without a feasible candidate"; fi
expect_rc 0 $T "$TCO" report "$work/none.ini"
line "  no candidate serves all demand"

# --- objective = after_tax_npv with [tax] at 25% (MODEL.md, Plans after tax): without
# discounting, every line is deducted and the GPUs, sold at H for nothing, deduct what is
# left of their cost, so each candidate's after-tax NPV is 0.75 times its total: the same
# order, (4, 0) at 0.75 * 682 = 511.5, then 571.5, 601.5 and 636.
sed 's/^runners_up = 3/objective = after_tax_npv/' "$work/opt.ini" >"$work/tax.ini"
printf 'runners_up = 3\n[tax]\nrate = 0.25\n' >>"$work/tax.ini"
expect_rc 0 $T "$TCO" report "$work/tax.ini" -o "$work/tax.json"
if $T $PY - "$work/tax.json" <<'EOF'; then ok; else bad "JSON with after_tax_npv"; fi
import json, sys
o = json.load(open(sys.argv[1]))["optimize"]
assert o["objective"] == "after_tax_npv" and o["feasible"] == 12, o
close = lambda a, b: abs(a - b) <= 1e-9 * max(1, abs(b))
b = o["best"]
assert (b["own_count"], b["reserve_count"]) == (4, 0), b
assert close(b["objective"], 511.5) and close(b["after_tax_npv"], 511.5), b
assert [(x["own_count"], x["reserve_count"]) for x in o["runners_up"]] == [(6, 0), (4, 1), (2, 1)]
for x, want in zip(o["runners_up"], (571.5, 601.5, 636)):
    assert close(x["objective"], want), (x, want)
EOF
expect_rc 0 $T "$TCO" report "$work/tax.ini"
if grep -q '^Cheapest plan: mix by after-tax NPV' "$work/out"; then ok; else bad "after-tax headline: $(sed -n 4p "$work/out")"; fi

# --- Another plan, as written, cheaper than the optimum: cheap rents an od-like GPU at 1
# an hour, 900 reference hours = 450 of its hours = 450 < 682; the table says so.
{
    sed '/^\[optimize\]/,$d' "$work/opt.ini"
    printf '[option cheapod]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\nthroughput = 20\n'
    printf '[plan cheap]\noverflow = cheapod\n'
    sed -n '/^\[optimize\]/,$p' "$work/opt.ini"
    printf 'plan = mix\n'
} >"$work/other.ini"
expect_rc 0 $T "$TCO" report "$work/other.ini"
line "  Plan cheap, as written, serves the demand for less: total 450"
line "   1  own 4, reserve 0: 682 (total 682, NPV 682)"
expect_rc 0 $T "$TCO" report "$work/opt.ini"
if grep -q 'as written, serves the demand for less' "$work/out"; then bad "a cheaper plan where none is"; else ok; fi

# --- Without [optimize]: neither output has it.
sed '/^\[optimize\]/,$d' "$work/opt.ini" >"$work/plain.ini"
expect_rc 0 $T "$TCO" report "$work/plain.ini"
if grep -q '^Cheapest plan' "$work/out"; then bad "a cheapest plan without [optimize]"; else ok; fi
expect_rc 0 $T "$TCO" report "$work/plain.ini" -o "$work/plain.json"
if grep -q '"optimize"' "$work/plain.json"; then bad "optimize in a JSON without it"; else ok; fi

finish
