#!/bin/bash
# test_catalog_cli.sh TCO SOURCE_DIR - catalogs through the command line: ids
# fill an option, the INI overrides them, unknown ids get a suggestion,
# stale prices a warning, later catalogs override earlier ones, and
# `tco catalog` / `tco validate` do what they say.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"

# --- the seed written with catalog ids gives the same figures ---
expect_rc 0 "$TCO" report "$SRC/tests/data/seed-2026-catalog.ini" -o "$work/cat.json"
expect_rc 0 "$TCO" report "$SRC/config/seed-2026.ini" -o "$work/explicit.json"
"$PY" - "$work/cat.json" "$work/explicit.json" <<'PYEOF' && ok || bad "catalog ids and explicit values differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["options"] == b["options"], "options differ"
assert a["sensitivity"] == b["sensitivity"], "sensitivity differs"
PYEOF

# --- a key written in the INI overrides the catalog ---
cat >"$work/override.ini" <<'INI'
[scenario]
name = override
as_of = 2026-09-01
[site]
electricity_price = 0.1
[option h]
acquire = buy
count = 8
gpu = h100-sxm5-80gb
gpu_price = 30000
[option c]
acquire = rent
count = 8
offer = lambda-h100
INI
expect_rc 0 "$TCO" report "$work/override.ini" -o "$work/o.json"
"$PY" - "$work/o.json" <<'PYEOF' && ok || bad "override figures"
import json, sys
d = json.load(open(sys.argv[1]))
h, c = d["options"]
assert h["capex"] == 8 * 30000, h["capex"]          # INI price, not the catalog's 35000
assert abs(h["provisioned_kw"] - 8 * 700 / 1000) < 1e-12  # catalog TDP
assert c["gpu"] == "h100-sxm5-80gb"                  # from the offer
assert abs(c["monthly"][0]["rental"] - 8 * 730 * 3.99) < 1e-6   # Lambda's rate
PYEOF

# --- unknown ids, with suggestions ---
sed 's/gpu = h100-sxm5-80gb/gpu = h100-sxm5-80g/' "$work/override.ini" >"$work/typo.ini"
expect_rc 2 "$TCO" report "$work/typo.ini" -o "$work/typo.json"
expect_err "$work/typo.ini:9: error: unknown GPU 'h100-sxm5-80g' in the catalog; did you mean 'h100-sxm5-80gb'?"
[ -e "$work/typo.json" ] && bad "output written for an unknown id" || ok
sed 's/offer = lambda-h100/offer = lamda-h100/' "$work/override.ini" >"$work/typo2.ini"
expect_rc 2 "$TCO" validate "$work/typo2.ini"
expect_err "$work/typo2.ini:14: error: unknown offer 'lamda-h100' in the catalog; did you mean 'lambda-h100'?"

# --- a price older than stale_after_months is flagged, and still used ---
sed 's/as_of = 2026-09-01/as_of = 2027-06-01/' "$work/override.ini" >"$work/stale.ini"
expect_rc 0 "$TCO" report "$work/stale.ini"
expect_err "$work/stale.ini:14: warning: the catalog price for option 'c' is from 2026-08-01, 10 months before 2027-06-01 (stale_after_months = 6)"
printf 'stale_after_months = 12\n' >"$work/tail"
sed '/^as_of/r '"$work/tail" "$work/stale.ini" >"$work/fresh.ini"
expect_rc 0 "$TCO" report "$work/fresh.ini"
grep -q "warning: the catalog price" "$work/err" && bad "warning despite stale_after_months = 12" || ok

# --- currency: catalog prices in USD do not fill a CNY scenario without [fx] ---
sed 's/^name = override/name = override\ncurrency = CNY/' "$work/override.ini" >"$work/cny.ini"
expect_rc 2 "$TCO" validate "$work/cny.ini"
expect_err "error: the catalog prices 'lambda-h100' in USD but the scenario's currency is CNY: add 'USD = RATE' to [fx] (units of USD per one CNY), or give price_per_gpu_hour for option 'c' in CNY"
# ... and with a rate in [fx] they are converted: 3.99 USD / 0.125 = 31.92 CNY.
# (3.99 as the JSON writes it: the shortest text that reads back, MODEL.md, Output)
printf '[fx]\nUSD = 0.125\n' >>"$work/cny.ini"
expect_rc 0 "$TCO" report "$work/cny.ini" -o "$work/cny.json"
grep -q '"fx": {"key": "price_per_gpu_hour", "currency": "USD", "catalog_price": 3.99, "rate": 0.125}' "$work/cny.json" && ok || bad "the converted price is not recorded in the JSON"

# --- later catalogs override earlier ones: --catalog, and the scenario's own ---
cat >"$work/cheap.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<catalog version="1">
  <offer id="lambda-h100">
    <provider>Lambda</provider>
    <gpu>h100-sxm5-80gb</gpu>
    <pricing>on-demand</pricing>
    <price-per-gpu-hour currency="USD">1.00</price-per-gpu-hour>
    <source>test catalog</source>
    <as-of>2026-09-01</as-of>
  </offer>
</catalog>
XML
if "$TCO" catalog --catalog "$work/cheap.xml" -o - >"$work/cat.json" 2>"$work/err"; then
    "$PY" - "$work/cat.json" <<'PYEOF' && ok || bad "--catalog override in the listing"
import json, sys
d = json.load(open(sys.argv[1]))
o = [x for x in d["offers"] if x["id"] == "lambda-h100"]
assert len(o) == 1 and o[0]["price_per_gpu_hour"] == 1.0, o
assert len(d["gpus"]) >= 8 and len(d["offers"]) >= 12
PYEOF
else
    bad "tco catalog --catalog failed: $(cat "$work/err")"
fi
expect_rc 0 "$TCO" report "$work/override.ini" --catalog "$work/cheap.xml" -o "$work/o2.json"
"$PY" -c "import json,sys; d=json.load(open('$work/o2.json')); assert abs(d['options'][1]['monthly'][0]['rental'] - 8*730*1.0) < 1e-9" && ok || bad "--catalog price not used"
sed 's/^as_of = 2026-09-01/as_of = 2026-09-01\ncatalog = cheap.xml/' "$work/override.ini" >"$work/own.ini"
expect_rc 0 "$TCO" report "$work/own.ini" -o "$work/o3.json"
"$PY" -c "import json,sys; d=json.load(open('$work/o3.json')); assert abs(d['options'][1]['monthly'][0]['rental'] - 8*730*1.0) < 1e-9" && ok || bad "scenario catalog price not used"
sed 's/^as_of = 2026-09-01/as_of = 2026-09-01\ncatalog = missing.xml/' "$work/override.ini" >"$work/missing.ini"
expect_rc 2 "$TCO" validate "$work/missing.ini"
expect_err "$work/missing.xml: error: cannot open: No such file or directory"
expect_err "$work/missing.ini:4: error: the catalog '$work/missing.xml' could not be read"

# --- tco catalog: table, json, csv ---
expect_rc 0 "$TCO" catalog
grep -q "h100-sxm5-80gb" "$work/out" && grep -q "runpod-h100" "$work/out" && ok || bad "catalog table"
expect_rc 0 "$TCO" catalog -o "$work/cat.csv"
head -1 "$work/cat.csv" | grep -q "^kind,id,name" && ok || bad "catalog csv header"
[ "$(grep -c '^gpu,' "$work/cat.csv")" -ge 8 ] && ok || bad "catalog csv gpus"
expect_rc 2 "$TCO" catalog --catalog "$SRC/tests/data/catalog/malformed.xml"
grep -q "malformed.xml:[0-9]*: error:" "$work/err" && ok || bad "malformed catalog line: $(cat "$work/err")"

# --- validate writes nothing ---
expect_rc 0 "$TCO" validate "$SRC/config/seed-2026.ini"
grep -q "seed-2026.ini: ok: 5 options" "$work/out" && ok || bad "validate output"
expect_rc 2 "$TCO" validate "$SRC/config/seed-2026.ini" -o "$work/x.json"
[ -e "$work/x.json" ] && bad "validate wrote a file" || ok

finish
