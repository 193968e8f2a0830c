#!/bin/bash
# test_api.sh TCO SOURCE_DIR - API options (docs/MODEL.md, API options) in every
# output: the table's block, the JSON (its members and their order), the CSV, the
# Markdown; the rate limit in the decision; the catalog's API offers; the analyses; a
# plan refused. The figures are MODEL.md's example, worked out by hand there.
TCO=$1
SRC=$2
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
T="timeout 60"
A="$SRC/tests/api/api-by-hand.ini"

# --- the table: 51.84e9 tokens a month; 4,354,560 / (51,840 x 24) = 3.50 per 1M;
# own 320,000 / 0.00252, cloud 24,000 / 0.00246, own-one never ---
expect_rc 0 $T "$TCO" report "$A"
grep -q "^   3  hosted   api          0 .* 4,354,560 " "$work/out" && ok || bad "table: hosted row: $(grep hosted "$work/out")"
grep -qxF "API hosted: 51,840,000,000 tokens a month, 3.50 per 1M tokens over the horizon" "$work/out" &&
    ok || bad "table: API line: $(grep '^API' "$work/out")"
grep -qxF "  own     126,984,127 tokens a day" "$work/out" && ok || bad "table: own's break-even"
grep -qxF "  cloud   9,756,098 tokens a day" "$work/out" && ok || bad "table: cloud's break-even"
grep -qxF "  own-one never at this count" "$work/out" && ok || bad "table: own-one's break-even"
[ -s "$work/err" ] && bad "warnings: $(cat "$work/err")" || ok
# An option that costs nothing but the hours it uses (on demand, no upfront or storage:
# total0 = 0) is cheaper than the API at any volume (MODEL.md, API options).
expect_rc 0 $T "$TCO" report "$SRC/config/inference-api-carbon.ini"
grep -qxF "  h100-cloud at any volume (it costs nothing but what it serves)" "$work/out" && ok ||
    bad "table: h100-cloud's break-even: $(grep '^  h100-cloud ' "$work/out")"

# --- the JSON ---
expect_rc 0 $T "$TCO" report "$A" -o "$work/a.json"
"$PY" - "$work/a.json" <<'PYEOF' && ok || bad "JSON of the API option"
import json, sys
d = json.load(open(sys.argv[1]))
o = {x["id"]: x for x in d["options"]}
h = o["hosted"]
assert h["acquire"] == "api" and h["count"] == 0 and h["utilization"] == 1
assert h["capex"] == 0 and h["power"] == 0 and h["gpu_hours"] == 0
assert h["cost_per_gpu_hour"] is None and h["cost_per_unit"] is None
assert abs(h["rental"] - 4354560) < 1e-6 and abs(h["total"] - 4354560) < 1e-6
assert h["monthly"][0]["rental"] == 207360 and abs(h["monthly"][12]["rental"] - 155520) < 1e-9
assert h["tokens_per_month"] == 51840000000 and abs(h["api_cost_per_million_tokens"] - 3.5) < 1e-12
assert h["breakeven_tokens_per_day"] is None and h["breakeven_tokens_note"] is None
assert h["feasible"] is True and h["infeasible_reason"] is None
assert abs(o["own"]["breakeven_tokens_per_day"] - 320000 / 0.00252) < 1e-6
assert abs(o["cloud"]["breakeven_tokens_per_day"] - 24000 / 0.00246) < 1e-6
assert o["own-one"]["breakeven_tokens_per_day"] is None
assert o["own-one"]["breakeven_tokens_note"] == "never at this count"
assert o["own"]["tokens_per_month"] is None and o["own"]["breakeven_tokens_note"] is None
keys = list(o["own"])
at = keys.index("infeasible_reason")
assert keys[at + 1:at + 5] == ["tokens_per_month", "api_cost_per_million_tokens",
                               "breakeven_tokens_per_day", "breakeven_tokens_note"], keys
assert [x["id"] for x in d["options"]] == ["hosted", "own", "own-one", "cloud"]
assert d["decision"]["cheapest"] == "own"
PYEOF

# --- a model sized: the API's unit costs, 4,354,560 / (51,840 x 24) = 3.50 per 1M tokens
# and 4,354,560 / (25.92 x 24) = 7,000 per million requests, 7.00 per 1,000 ---
expect_rc 0 $T "$TCO" report "$SRC/tests/api/api-sized.ini" -o "$work/sized.json"
"$PY" - "$work/sized.json" <<'PYEOF' && ok || bad "JSON: the API's sizing"
import json, sys
z = json.load(open(sys.argv[1]))["options"][0]["sizing"]
assert abs(z["cost_per_million_tokens"] - 3.5) < 1e-12, z
assert abs(z["cost_per_thousand_requests"] - 7) < 1e-12, z
assert z["fits"] is None and z["min_gpus"] is None and z["gpus_needed"] is None, z
PYEOF

# --- the CSV: the four columns last, the API's row ---
expect_rc 0 $T "$TCO" report "$A" -o "$work/a.csv"
tr -d '\r' <"$work/a.csv" >"$work/a.txt" && mv "$work/a.txt" "$work/a.csv" # RFC 4180: CRLF
head -1 "$work/a.csv" | grep -q ",infeasible_reason,tokens_per_month,api_cost_per_million_tokens,breakeven_tokens_per_day,breakeven_tokens_note$" &&
    ok || bad "CSV header: $(head -1 "$work/a.csv")"
grep -q "^hosted,hosted,api,,0,1,.*,4354560,4354560,0,.*,51840000000,3.5,,$" "$work/a.csv" && ok || bad "CSV: hosted row: $(grep ^hosted "$work/a.csv")"
grep -q "^own-one,.*,never at this count$" "$work/a.csv" && ok || bad "CSV: own-one row"

# --- the Markdown: two columns ---
expect_rc 0 $T "$TCO" report "$A" -o "$work/a.md"
grep -q "| Feasible | API per 1M tokens | Break-even tokens/day vs API |$" "$work/a.md" && ok || bad "Markdown header"
grep -q "^| 3 | hosted | api | 4,354,560.00 | .* | yes | 3.50 | – |$" "$work/a.md" && ok || bad "Markdown: hosted: $(grep hosted "$work/a.md")"
grep -q "^| 4 | own-one | .* | – | never at this count |$" "$work/a.md" && ok || bad "Markdown: own-one"

# --- a scenario without an API option is written without the API's members ---
expect_rc 0 $T "$TCO" report "$SRC/config/feasibility.ini" -o "$work/f.json"
grep -q "tokens_per_month\|breakeven_tokens" "$work/f.json" && bad "API members without an API option" || ok

# --- the rate limit: 10 x 60 x 2000 = 1,200,000 tokens a minute against 1,000,000 ---
sed 's/max_tokens_per_minute = 2000000/max_tokens_per_minute = 1000000/' "$A" >"$work/limit.ini"
expect_rc 0 $T "$TCO" report "$work/limit.ini"
grep -qxF "Left out, not feasible: hosted (over the API's rate limit)." "$work/out" && ok || bad "table: left out: $(grep 'Left out' "$work/out")"
expect_rc 0 $T "$TCO" report "$work/limit.ini" -o "$work/limit.json"
"$PY" - "$work/limit.json" <<'PYEOF' && ok || bad "JSON: rate limit"
import json, sys
d = json.load(open(sys.argv[1]))
h = d["options"][0]
assert h["feasible"] is False and h["infeasible_reason"] == "over the API's rate limit", h
assert d["decision"]["infeasible"] == ["hosted"]
PYEOF

# --- the workbook: written (its figures are tests/xlsx/live_api.py's) ---
expect_rc 0 $T "$TCO" report "$A" -o "$work/a.xlsx"
[ -s "$work/a.xlsx" ] && ok || bad "no workbook written"

# --- an API option in a plan: the overflow only, its reference with a throughput ---
printf '[scenario]\nname = p\n[workload]\nmode = inference\nrequests_per_s = 1\ninput_tokens_per_request = 1\noutput_tokens_per_request = 1\n[option h]\nacquire = api\nprice_per_million_input_tokens = 1\nprice_per_million_output_tokens = 1\n[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n[demand]\ngpu_hours_per_month = 10\nreference = r\n[plan p]\noverflow = h\n' >"$work/plan.ini"
expect_rc 2 $T "$TCO" validate "$work/plan.ini"
expect_err "plan.ini:20: error: overflow 'h' is an api option: the demand's reference 'r' needs a 'throughput' (requests/s per GPU) to turn its GPU-hours into tokens"
sed 's/^overflow = h$/own = h/' "$work/plan.ini" >"$work/plan-own.ini"
expect_rc 2 $T "$TCO" validate "$work/plan-own.ini"
expect_err "plan-own.ini:20: error: own 'h' is an api option; an API has no GPUs to own: it can only be a plan's overflow"

# --- an API as a plan's overflow (MODEL.md's example): 50 and 150 reference
# GPU-hours a month at 2.88e6 tokens an hour and 4.00 per 1M tokens, 11.52 an
# hour, 8.64 in month 13 ---
P="$SRC/tests/api/api-plan.ini"
expect_rc 0 $T "$TCO" report "$P" -o "$work/p.json"
"$PY" - "$work/p.json" <<'PYEOF' && ok || bad "JSON of a plan with an API overflow"
import json, sys
d = json.load(open(sys.argv[1]))
p = {x["name"]: x for x in d["plans"]}
b, a = p["burst"], p["api"]
assert b["overflow"] == "hosted" and b["overflow_hours"] == 650, b
assert abs(b["overflow_total"] - 7344) < 1e-6 and abs(b["total"] - 15344) < 1e-6, b
assert abs(a["overflow_total"] - 22032) < 1e-6 and a["unserved"] == 0, a
assert abs(b["monthly"][0]["overflow_cost"] - 576) < 1e-9, b["monthly"][0]
assert abs(b["monthly"][12]["overflow_cost"] - 432) < 1e-9, b["monthly"][12]
# 650 hours x 2,880,000 tokens, the plan's last member; 144e6 a month
assert list(b)[-1] == "overflow_tokens" and abs(b["overflow_tokens"] - 1.872e9) < 1e-3, b
assert abs(b["monthly"][0]["overflow_tokens"] - 144e6) < 1e-6, b["monthly"][0]
assert abs(a["overflow_tokens"] - 5.616e9) < 1e-3, a
PYEOF
# demand in tokens: 432e6 / 2,880,000 = 150 GPU-hours, the same plans; compared with
# 576e6 (200 GPU-hours) the inputs differ in tokens_per_month alone
sed 's/^gpu_hours_per_month = 150 .*/tokens_per_month = 432000000/' "$P" >"$work/tokens.ini"
expect_rc 0 $T "$TCO" report "$work/tokens.ini" -o "$work/t.json"
"$PY" - "$work/p.json" "$work/t.json" <<'PYEOF' && ok || bad "JSON of demand in tokens"
import json, sys
a, b = (json.load(open(f))["plans"] for f in sys.argv[1:3])
assert [(p["name"], p["total"], p["demand"]) for p in a] == \
    [(p["name"], p["total"], p["demand"]) for p in b], (a, b)
PYEOF
sed 's/^tokens_per_month = 432000000/tokens_per_month = 576000000/' "$work/tokens.ini" >"$work/tokens2.ini"
expect_rc 0 $T "$TCO" compare "$work/tokens.ini" "$work/tokens2.ini"
grep -q "^Inputs that differ (1):" "$work/out" && grep -q "^  demand.tokens_per_month  432000000  576000000 " "$work/out" &&
    ok || bad "compare: tokens_per_month: $(head -5 "$work/out")"
expect_rc 0 $T "$TCO" report "$P" -o "$work/p.xlsx"
[ -s "$work/p.xlsx" ] && ok || bad "no workbook written (its figures are tests/xlsx/live_plan_api.py's)"

# --- an API overflow's rate limit and emissions (MODEL.md, An API as a plan's
# overflow; A plan's emissions): 480 tokens a minute an overflow hour a month,
# month 3's demand doubled; 0.5 kg a million tokens ---
L="$SRC/tests/api/api-plan-limit.ini"
expect_rc 0 $T "$TCO" report "$L" -o "$work/l.json"
"$PY" - "$work/l.json" <<'PYEOF' && ok || bad "JSON of a plan over its API's rate limit"
import json, sys
d = json.load(open(sys.argv[1]))
assert [p["name"] for p in d["plans"]] == ["two", "burst", "api"], d["plans"]
p = {x["name"]: x for x in d["plans"]}
b, a, t = p["burst"], p["api"], p["two"]
keys = list(b)
i = keys.index("overflow_tokens")
assert keys[i + 1:i + 4] == ["rate_limit_tokens_per_minute", "fits_rate_limit",
                             "rate_limit_reason"], keys
assert b["rate_limit_tokens_per_minute"] == 50000 and b["fits_rate_limit"] is False, b
assert b["rate_limit_reason"] == ("over the API's rate limit: needs 96,000 tokens a minute "
                                  "in month 3, the API allows 50,000"), b["rate_limit_reason"]
assert a["rate_limit_reason"].endswith("needs 72,000 tokens a minute in month 1, the API allows 50,000")
assert t["fits_rate_limit"] is True and t["rate_limit_reason"] is None, t
m = b["monthly"][2]
assert list(m)[-2:] == ["overflow_tokens", "overflow_tokens_per_minute"], list(m)
assert m["overflow_tokens_per_minute"] == 96000 and b["monthly"][8]["overflow_tokens_per_minute"] == 0
# scope 3 category 1: 2,160 million tokens x 0.5 kg = 1.08 t; 5,616 million: 2.808 t
assert abs(b["scope3_purchased_tco2e"] - 1.08) < 1e-12 and abs(a["tco2e"] - 2.808) < 1e-12, (b, a)
assert abs(a["carbon_cost"] - 280.8) < 1e-9 and abs(t["tco2e"] - 0.144) < 1e-12, (a, t)
assert abs(a["carbon_monthly"][3]["scope3_purchased_tco2e"] - 0.432) < 1e-12, a["carbon_monthly"][3]
PYEOF
expect_rc 0 $T "$TCO" report "$L"
grep -q "^Plans, best first (those that serve all demand within the API's rate limit, then by total)" "$work/out" &&
    ok || bad "table: plans' heading with a rate limit"
grep -q "^   2  burst: total 16,496, NPV 16,496; not feasible: over the API's rate limit: needs 96,000 tokens a minute in month 3, the API allows 50,000$" "$work/out" &&
    ok || bad "table: a plan over the rate limit: $(grep burst: "$work/out")"
# the optimizer: n = 0 and 1 over the limit, the best n = 2 at 17,152
printf '[optimize]\nplan = burst\nown_min = 0\nown_max = 3\nown_step = 1\n' | cat "$L" - >"$work/lopt.ini"
expect_rc 0 $T "$TCO" report "$work/lopt.ini" -o "$work/lopt.json"
"$PY" - "$work/lopt.json" <<'PYEOF' && ok || bad "JSON: the optimizer under a rate limit"
import json, sys
o = json.load(open(sys.argv[1]))["optimize"]
assert o["over_rate_limit"] == 2 and o["feasible"] == 2 and list(o)[-1] == "over_rate_limit", o
assert o["best"]["own_count"] == 2 and o["best"]["total"] == 17152, o["best"]
PYEOF
expect_rc 0 $T "$TCO" report "$work/lopt.ini"
grep -q "^  2 over the API's rate limit, skipped$" "$work/out" && ok || bad "table: skipped for the rate limit"

# --- the catalog's API offers (pricing/gpus.xml): listed apart, named by offer = ---
expect_rc 0 $T "$TCO" catalog
grep -q "^API offers (4), per 1M tokens$" "$work/out" && ok || bad "catalog: API offers heading"
grep -q "^openai-gpt-4o  *OpenAI  *gpt-4o  *2.5  *1.25  *10 USD  2026-05-01$" "$work/out" && ok || bad "catalog: gpt-4o row"
expect_rc 0 $T "$TCO" catalog --gpu h100-sxm5-80gb
grep -q "API offers" "$work/out" && bad "API offers listed with a GPU filter" || ok
expect_rc 0 $T "$TCO" catalog --format json
"$PY" - "$work/out" <<'PYEOF' && ok || bad "catalog JSON: api_offers"
import json, sys
d = json.load(open(sys.argv[1]))
assert list(d) == ["gpus", "offers", "api_offers", "grid_regions"], list(d)
a = {x["id"]: x for x in d["api_offers"]}
assert a["anthropic-claude-sonnet-4-6"]["cached_per_million"] == 0.3
assert a["openai-gpt-4o"]["input_per_million"] == 2.5 and a["openai-gpt-4o"]["as_of"] == "2026-05-01"
assert not set(a) & {x["id"] for x in d["offers"]}
PYEOF
# gpt-4o at 720 hours: 38,880 x (0.6 x 2.50 + 0.4 x 1.25) + 12,960 x 10 = 207,360 a month;
# Sonnet 4.6 with its own output price of 14: 38,880 x 3 + 12,960 x 14 = 298,080.
cat >"$work/offer.ini" <<'INI'
[scenario]
name = offers
as_of = 2026-07-01
hours_per_month = 720
horizon_months = 12
[workload]
mode = inference
requests_per_s = 10
input_tokens_per_request = 1500
output_tokens_per_request = 500
[option gpt]
acquire = api
offer = openai-gpt-4o
cached_fraction = 0.4
[option son]
acquire = api
offer = anthropic-claude-sonnet-4-6
price_per_million_output_tokens = 14
[option h100]
acquire = rent
offer = cheapest
offer_gpu = h100-sxm5-80gb
count = 8
INI
expect_rc 0 $T "$TCO" report "$work/offer.ini" -o "$work/offer.json"
"$PY" - "$work/offer.json" <<'PYEOF' && ok || bad "offer = on API options"
import json, sys
d = json.load(open(sys.argv[1]))
o = {x["id"]: x for x in d["options"]}
assert o["gpt"]["monthly"][0]["rental"] == 207360 and o["gpt"]["total"] == 12 * 207360
assert o["son"]["monthly"][0]["rental"] == 298080
assert o["h100"]["offer_picked"]["id"] not in ("openai-gpt-4o", "anthropic-claude-sonnet-4-6")
PYEOF
printf '[scenario]\nname = x\n[workload]\nmode = inference\nrequests_per_s = 1\ninput_tokens_per_request = 1\noutput_tokens_per_request = 1\n[option a]\nacquire = api\noffer = openai-gpt-4\n[option b]\nacquire = api\noffer = cheapest\n' >"$work/badoffer.ini"
expect_rc 2 $T "$TCO" validate "$work/badoffer.ini"
expect_err "badoffer.ini:10: error: unknown API offer 'openai-gpt-4' in the catalog; did you mean 'openai-gpt-4o'?"
expect_err "badoffer.ini:13: error: option 'b' is acquire = api: 'offer = cheapest' picks among GPU offers; name an API offer ('tco catalog' lists them)"
grep -q "needs 'price_per_million" "$work/err" && bad "an unknown offer's prices reported again" || ok

# --- analyses: price_decline 0.25 swung 20% moves year 2's 12 x 207,360 by 10%, 248,832;
# the output price from 8 to 12: 12,960 x 4 x (12 + 12 x 0.75) = 1,088,640; a case at 5:
# 12 x 142,560 + 12 x 106,920 = 2,993,760 ---
{ cat "$A"; printf '\n[sensitivity]\nhosted.price_per_million_output_tokens = 8, 12\n[case cheaper]\nhosted.price_per_million_output_tokens = 5\n'; } >"$work/an.ini"
expect_rc 0 $T "$TCO" report "$work/an.ini"
grep -qxF "  hosted  hosted.price_per_million_output_tokens 1,088,640, price_decline 248,832" "$work/out" &&
    ok || bad "sensitivity: $(grep '^  hosted' "$work/out")"
grep -q "^  hosted  *4,354,560  *2,993,760$" "$work/out" && ok || bad "case: $(grep '^  hosted' "$work/out")"

finish
