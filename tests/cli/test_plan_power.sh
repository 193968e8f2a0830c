#!/bin/bash
# test_plan_power.sh TCO SOURCE_DIR - a plan at a site with a power limit in the text
# outputs (docs/MODEL.md, A plan at a site with a power limit; The cheapest plan): the
# terminal table gives a plan over the limit its reason and ranks it after the feasible
# ones; the JSON's plans carry peak_kw, peak_month, power_cap_kw, fits_power and
# power_reason, each month own_kw and power_cap_kw, and the search its over_power, valid
# against docs/report.schema.json; a scenario without a limit has none of them.
TCO=$1
SRC=$2
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
T="timeout 60"

# MODEL.md's example: D = 100, 300, 500 of big (T = 100), no electricity cost. big: 8
# GPUs of 700 W at 10, one server of 4,600 W: (8 * 700 + 4,600) / 1000 = 10.2 kW, over
# [site]'s 10. owned: 80 (the capex), serves all demand, not feasible; rented: 50, 150
# and 250 od hours at 3 = 1,350, ranked first.
cat >"$work/power.ini" <<'EOF'
[scenario]
name = plan power
horizon_months = 3
hours_per_month = 100
discount_rate = 0

[site]
electricity_price = 0
power_cap_kw = 10

[option big]
acquire = buy
count = 8
gpu_price = 10
tdp_w = 700
server_power_w = 4600
throughput = 10

[option od]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 20

[demand]
reference = big
gpu_hours_per_month = 200
seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1

[plan owned]
own = big
own_count = 8
overflow = od

[plan rented]
overflow = od
EOF

line() { # line TEXT: the last command's output holds the line TEXT exactly
    if grep -qxF -- "$1" "$work/out"; then ok; else bad "no line '$1' in: $(cat "$work/out")"; fi
}

expect_rc 0 $T "$TCO" report "$work/power.ini" -q
line "Plans, best first (those that serve all demand within the site's power limit, then by total); each part's GPU-hours served and cost:"
line "   1  rented: total 1,350, NPV 1,350"
line "   2  owned: total 80, NPV 80; not feasible: needs 10.2 kW in month 1, the site has 10"

# The search: own 0 or 8 (one server), no reserved part; own 8 is over the limit in
# every month and skipped, so the best is own 0 at 1,350.
{ cat "$work/power.ini"; printf '[optimize]\nplan = owned\nown_max = 8\n'; } >"$work/opt.ini"
expect_rc 0 $T "$TCO" report "$work/opt.ini" -q
line "Cheapest plan: owned by total, 2 candidates searched (own 0..8 step 8, reserve 0..0 step 1), 1 serves all demand within the site's power limit"
line "  1 over the site's power limit, skipped"

expect_rc 0 $T "$TCO" report "$work/opt.ini" -q -o "$work/opt.json"
if $T $PY - "$work/opt.json" "$SRC/docs/report.schema.json" <<'EOF'; then ok; else bad "JSON"; fi
import json, sys
d = json.load(open(sys.argv[1]))
p = {x["name"]: x for x in d["plans"]}
assert [x["name"] for x in d["plans"]] == ["rented", "owned"], d["plans"]
o = p["owned"]
assert (o["peak_kw"], o["peak_month"], o["power_cap_kw"], o["fits_power"]) == (10.2, 1, 10, False), o
assert o["power_reason"] == "needs 10.2 kW in month 1, the site has 10", o["power_reason"]
assert o["serves_demand"] is True and o["total"] == 80
assert [(m["own_kw"], m["power_cap_kw"]) for m in o["monthly"]] == [(10.2, 10)] * 3
r = p["rented"]
assert (r["peak_kw"], r["peak_month"], r["power_cap_kw"], r["fits_power"], r["power_reason"]) == \
    (0, 0, None, True, None), r
assert [(m["own_kw"], m["power_cap_kw"]) for m in r["monthly"]] == [(0, None)] * 3
z = d["optimize"]
assert (z["evaluated"], z["feasible"], z["over_power"]) == (2, 1, 1), z
assert z["best"]["own_count"] == 0 and z["best"]["total"] == 1350, z["best"]
assert list(z)[-1] == "over_power", list(z)
try:
    import jsonschema
except ImportError:
    sys.exit(0)
jsonschema.Draft202012Validator(json.load(open(sys.argv[2]))).validate(d)
EOF

# Without a limit: none of the members, and the table as before.
grep -v '^power_cap_kw' "$work/opt.ini" >"$work/free.ini"
expect_rc 0 $T "$TCO" report "$work/free.ini" -q -o "$work/free.json"
if $T $PY - "$work/free.json" <<'EOF'; then ok; else bad "JSON without a limit"; fi
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["plans"]:
    assert not {"peak_kw", "fits_power", "power_reason", "power_cap_kw"} & set(p), p
    assert not {"own_kw", "power_cap_kw"} & set(p["monthly"][0]), p["monthly"][0]
assert "over_power" not in d["optimize"]
assert d["plans"][0]["name"] == "owned" and d["optimize"]["best"]["own_count"] == 8
EOF
expect_rc 0 $T "$TCO" report "$work/free.ini" -q
line "Plans, best first (those that serve all demand, then by total); each part's GPU-hours served and cost:"

finish
