#!/bin/bash
# test_carbon.sh TCO SOURCE_DIR - carbon by scope (docs/MODEL.md, Carbon) in every
# output of tco report: the monthly CSV's columns, the CSV summary, the Markdown's
# columns and the table's lines of tests/carbon/carbon.ini, against the figures worked
# out by hand in MODEL.md; a scenario without carbon keys has none of them.
TCO=$1
SRC=$2
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
T="timeout 60"
C="$SRC/tests/carbon/carbon.ini"

# The monthly CSV: own's month 0 holds the embodied 8 x 150 + 2,500 kg = 3.7 t, priced
# at 80: 296; its month 1 6.04 x 730 x 1.5 = 6,613.8 kWh, x 0.4 / 1000 = 2.64552 t;
# cloud's month 12, 8 x 730 x 0.5 x 0.3 / 1000 = 0.876 t; green's market-based month
# 5,291.04 x 0.05 / 1000 = 0.264552 t, which its tco2e takes.
expect_rc 0 $T "$TCO" report "$C" -q --monthly -o "$work/m.csv"
"$PY" - "$work/m.csv" <<'PYEOF' && ok || bad "monthly CSV carbon columns"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
head = next(i for i, r in enumerate(rows) if r[:2] == ["id", "month"])
cols = rows[head]
assert cols[cols.index("cumulative") + 1:] == [
    "kwh", "scope2_location_tco2e", "scope2_market_tco2e", "scope3_purchased_tco2e",
    "scope3_capital_tco2e", "tco2e", "carbon_cost"], cols
m = {(r[0], int(r[1])): dict(zip(cols, r)) for r in rows[head + 1:] if len(r) == len(cols)}
close = lambda a, b: abs(float(a) - b) <= 1e-9 * max(1, abs(b))
assert close(m["own", 0]["scope3_capital_tco2e"], 3.7) and close(m["own", 0]["carbon_cost"], 296)
assert close(m["own", 1]["kwh"], 6613.8) and close(m["own", 1]["scope2_location_tco2e"], 2.64552)
assert m["own", 1]["scope2_market_tco2e"] == ""  # no market intensity at [site]
assert close(m["cloud", 12]["scope3_purchased_tco2e"], 0.876)
assert close(m["green", 3]["scope2_market_tco2e"], 0.264552) and close(m["green", 3]["tco2e"], 0.264552)
PYEOF

# The CSV summary: the sums after tax_bonus's place, the carbon cost last.
expect_rc 0 $T "$TCO" report "$C" -q -o "$work/s.csv"
"$PY" - "$work/s.csv" <<'PYEOF' && ok || bad "CSV summary carbon columns"
import csv, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
d = {r[0]: dict(zip(rows[0], r)) for r in rows[1:4]}
close = lambda a, b: abs(float(a) - b) <= 1e-9 * max(1, abs(b))
assert rows[0][-1] == "carbon_cost", rows[0][-12:]
assert close(d["own"]["tco2e"], 35.44624) and close(d["own"]["carbon_cost"], 2835.6992)
assert close(d["green"]["tco2e"], 6.874624) and close(d["cloud"]["tco2e"], 10.512)
assert close(d["own"]["total"], 247936.56)  # the carbon cost is not in it
PYEOF

# Markdown: a tCO2e column (3 decimals) and the carbon cost's.
expect_rc 0 $T "$TCO" report "$C" -q -o "$work/r.md"
grep -q '| Feasible | tCO2e | Carbon cost (USD) |$' "$work/r.md" && ok || bad "Markdown heading"
grep -q '^| 3 | own | buy | 247,936.56 | .* | 35.446 | 2,835.70 |$' "$work/r.md" &&
    ok || bad "Markdown own: $(grep '| own |' "$work/r.md")"

# The table: a line per option, the carbon cost not in the total.
expect_rc 0 $T "$TCO" report "$C" -q
grep -qF "  own     scope 2 31.746, n/a; scope 3 0.000, 3.700; total 35.446, 0.00002810 per 1M tokens; carbon cost 2,836 (not in the total)" "$work/out" &&
    ok || bad "table own: $(grep '^  own  ' "$work/out")"
grep -qF "  green   scope 2 22.222, 3.175; scope 3 0.000, 3.700; total 6.875" "$work/out" &&
    ok || bad "table green: $(grep '^  green  ' "$work/out")"

# The carbon cost in the total (MODEL.md, The carbon cost in the total),
# tests/carbon/carbon_total.ini: the table says so and its operating column holds it
# (1,314 + 625.6 = 1,940 for own); the budget gets its carbon column after total, in
# the CSV and the JSON (625.6 in own's one fiscal year, in its total of 11,939.6 before
# tax);
# carbon.ini, without the flag, has no such column; an error at the flag's line exits 2.
CT="$SRC/tests/carbon/carbon_total.ini"
expect_rc 0 $T "$TCO" report "$CT" -q
grep -q '^  own     scope 2 .*carbon cost 626 (in the total)$' "$work/out" && ok ||
    bad "table: $(grep '^  own     scope' "$work/out")"
grep -qE '^ +1  own +buy +1 +10,000 +1,940 +0 +11,940 ' "$work/out" && ok ||
    bad "table operating: $(grep '  own  ' "$work/out" | head -1)"
for c in "$CT" "$C"; do
    expect_rc 0 $T "$TCO" report "$c" -q --fiscal-years -o "$work/fy.csv"
    expect_rc 0 $T "$TCO" report "$c" -q -o "$work/fy.json"
    "$PY" - "$work/fy.csv" "$work/fy.json" "$c" <<'PYEOF' && ok || bad "budget carbon column of $c"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
head = next(r for r in rows if r[:2] == ["id", "year"])
fy = json.load(open(sys.argv[2]))["fiscal_years"]
close = lambda a, b: abs(float(a) - b) <= 1e-9 * max(1, abs(b))
if sys.argv[3].endswith("carbon_total.ini"):
    assert head[-2:] == ["total", "carbon"], head
    own = next(r for r in rows if r[:2] == ["own", "Y1"])
    # [tax] at 25%: the total is 11,939.6 and the tax (the column before it)
    assert close(own[-1], 625.6) and close(own[-2], 11939.6 + float(own[-3])), own
    assert close(fy[0]["carbon"], 625.6) and close(fy[0]["total"], 11939.6 + fy[0]["tax"]), fy[0]
else:
    assert head[-1] == "total" and "carbon" not in head, head
    assert all("carbon" not in y for y in fy)
PYEOF
done
sed 's/^carbon_price = 100 .*//' "$CT" >"$work/noprice.ini"
expect_rc 2 $T "$TCO" report "$work/noprice.ini" -q
expect_err "noprice.ini:9: error: carbon_in_total = yes needs [scenario] carbon_price"

# Without a carbon key: no carbon anywhere.
sed -e '/kgco2e/d' -e '/carbon_price/d' -e 's/^name = .*/name = none/' "$C" >"$work/none.ini"
expect_rc 0 $T "$TCO" report "$work/none.ini" -q --monthly -o "$work/none.csv"
for f in json md; do
    expect_rc 0 $T "$TCO" report "$work/none.ini" -q -o "$work/none.$f"
done
for f in json csv md; do
    grep -qiE 'co2|carbon' "$work/none.$f" && bad "$f has carbon figures" || ok
done
expect_rc 0 $T "$TCO" report "$work/none.ini" -q
grep -qi 'co2' "$work/out" && bad "table has carbon figures" || ok

# An API option (MODEL.md, Carbon: its example by hand): 2,628 million tokens
# a month x 0.5 kg = 1.314 t, 15.768 t over 12 months, 1,261.44 at 80 a tonne;
# without the key its figures are null.
A="$SRC/tests/carbon/carbon-api.ini"
expect_rc 0 $T "$TCO" report "$A" -q -o "$work/a.json"
"$PY" - "$work/a.json" <<'PYEOF' && ok || bad "JSON API carbon"
import json, sys
d = {o["id"]: o for o in json.load(open(sys.argv[1]))["options"]}
close = lambda a, b: abs(a - b) <= 1e-9 * max(1, abs(b))
h, u = d["hosted"], d["unknown"]
assert close(h["scope3_purchased_tco2e"], 15.768) and close(h["tco2e"], 15.768)
assert h["scope2_location_tco2e"] == 0 and h["scope3_capital_tco2e"] == 0
assert close(h["tco2e_per_million_tokens"], 0.0005) and close(h["carbon_cost"], 1261.44)
assert h["carbon_monthly"][0]["tco2e"] == 0
assert close(h["carbon_monthly"][12]["scope3_purchased_tco2e"], 1.314)
assert u["scope3_purchased_tco2e"] is None and u["tco2e"] is None
assert close(h["total"], 69379.2) and close(u["total"], 69379.2)
PYEOF
expect_rc 0 $T "$TCO" report "$A" -q
grep -qF "  hosted   scope 2 0.000, 0.000; scope 3 15.768, 0.000; total 15.768, 0.0005000 per 1M tokens; carbon cost 1,261 (not in the total)" "$work/out" &&
    ok || bad "table hosted: $(grep '^  hosted  ' "$work/out")"
grep -qF "  unknown  scope 2 0.000, 0.000; scope 3 n/a, 0.000; total n/a" "$work/out" &&
    ok || bad "table unknown: $(grep '^  unknown  ' "$work/out")"

# Plans (MODEL.md, A plan's emissions, by hand): mix 780 kWh, scope 2 0.39, scope 3
# 0.1 purchased and 0.7 embodied, 1.19 tCO2e at 100 a tonne; own-only 1.09.
P="$SRC/tests/carbon/carbon-plan.ini"
expect_rc 0 $T "$TCO" report "$P" -q -o "$work/p.json"
"$PY" - "$work/p.json" <<'PYEOF' && ok || bad "JSON plan carbon"
import json, sys
d = {p["name"]: p for p in json.load(open(sys.argv[1]))["plans"]}
close = lambda a, b: abs(a - b) <= 1e-9 * max(1, abs(b))
m, o = d["mix"], d["own-only"]
assert list(m)[-11:] == ["electricity_kwh", "scope2_location_tco2e", "scope2_market_tco2e",
                         "scope3_purchased_tco2e", "scope3_capital_tco2e", "tco2e",
                         "tco2e_per_million_tokens", "tco2e_per_run",
                         "embodied_tco2e_per_million_tokens", "carbon_cost",
                         "carbon_monthly"], list(m)
assert m["tco2e_per_million_tokens"] is None and m["tco2e_per_run"] is None
assert close(m["electricity_kwh"], 780) and close(m["scope2_location_tco2e"], 0.39)
assert m["scope2_market_tco2e"] is None
assert close(m["scope3_purchased_tco2e"], 0.1) and close(m["scope3_capital_tco2e"], 0.7)
assert close(m["tco2e"], 1.19) and close(m["carbon_cost"], 119)
assert [round(x["tco2e"], 9) for x in m["carbon_monthly"]] == [0.7, 0.11, 0.17, 0.21]
assert close(o["tco2e"], 1.09) and o["scope3_purchased_tco2e"] == 0
PYEOF
expect_rc 0 $T "$TCO" report "$P" -q
grep -qxF "        carbon   scope 2 0.390, n/a; scope 3 0.100, 0.700; total 1.190 tCO2e; carbon cost 119 (not in the total)" "$work/out" &&
    ok || bad "table plan carbon: $(grep 'carbon   ' "$work/out")"
# Per 1M tokens served (MODEL.md, A plan's emissions): with 500 tokens a request a
# reference GPU-hour serves 10 x 500 x 3,600 = 18e6 tokens; mix serves 900 hours, 16,200
# million tokens: 1.19 / 16,200 = 7.346e-5 tCO2e; own-only 500 hours, 1.09 / 9,000.
{ cat "$P"; printf '[workload]\nmode = inference\ntokens_per_request = 500\n'; } >"$work/ptok.ini"
expect_rc 0 $T "$TCO" report "$work/ptok.ini" -q
grep -qxF "        carbon   scope 2 0.390, n/a; scope 3 0.100, 0.700; total 1.190 tCO2e, 0.00007346 per 1M tokens; carbon cost 119 (not in the total)" "$work/out" &&
    ok || bad "table plan carbon per 1M tokens: $(grep 'carbon   ' "$work/out")"
grep -qF "total 1.090 tCO2e, 0.0001211 per 1M tokens;" "$work/out" &&
    ok || bad "table own-only per 1M tokens: $(grep 'carbon   ' "$work/out")"
sed -e '/kgco2e/d' -e '/carbon_price/d' -e 's/^name = .*/name = none/' "$P" >"$work/pnone.ini"
expect_rc 0 $T "$TCO" report "$work/pnone.ini" -q -o "$work/pnone.json"
grep -qiE 'co2|carbon' "$work/pnone.json" && bad "plan JSON has carbon figures" || ok
expect_rc 0 $T "$TCO" report "$work/pnone.ini" -q
grep -q 'carbon   ' "$work/out" && bad "plan table has carbon figures" || ok

# A plan's carbon cost in its total (MODEL.md, by hand; carbon_plan_total.ini): mix
# 2,978 + 119 = 3,097, after tax 2,322.75, its budget's one year own 2,078, reserve
# 600, overflow 300, carbon 119 after total, in the CSV and the JSON; the table says
# "in the total". Without the flag the plans' budget has no carbon column.
PT="$SRC/tests/carbon/carbon_plan_total.ini"
expect_rc 0 $T "$TCO" report "$PT" -q
grep -qxF "        carbon   scope 2 0.390, n/a; scope 3 0.100, 0.700; total 1.190 tCO2e; carbon cost 119 (in the total)" "$work/out" &&
    ok || bad "table plan carbon in the total: $(grep 'carbon   ' "$work/out")"
for c in "$PT" "$P"; do
    expect_rc 0 $T "$TCO" report "$c" -q --fiscal-years -o "$work/pfy.csv"
    expect_rc 0 $T "$TCO" report "$c" -q -o "$work/pfy.json"
    "$PY" - "$work/pfy.csv" "$work/pfy.json" "$c" <<'PYEOF' && ok || bad "plan budget carbon column of $c"
import csv, json, sys
rows = list(csv.reader(open(sys.argv[1], newline="")))
head = next(r for r in rows if r[:2] == ["plan", "year"])
plans = {p["name"]: p for p in json.load(open(sys.argv[2]))["plans"]}
close = lambda a, b: abs(float(a) - b) <= 1e-9 * max(1, abs(b))
if sys.argv[3].endswith("carbon_plan_total.ini"):
    assert head[-6:] == ["own", "reserve", "overflow", "tax", "total", "carbon"], head
    mix = next(r for r in rows if r[:2] == ["mix", "Y1"])
    assert [round(float(x), 6) for x in mix[-6:]] == [2078, 600, 300, -774.25, 2322.75, 119], mix
    y = plans["mix"]["fiscal_years"][0]
    assert close(y["carbon"], 119) and close(y["total"], 2322.75) and close(y["own"], 2078)
    assert close(plans["mix"]["total"], 3097) and close(plans["mix"]["after_tax_total"], 2322.75)
else:
    assert head[-1] == "total" and "carbon" not in head, head
    assert all("carbon" not in y for p in plans.values() for y in p["fiscal_years"])
PYEOF
done

finish
