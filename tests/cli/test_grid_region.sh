#!/bin/bash
# test_grid_region.sh TCO SOURCE_DIR - a rented GPU's emissions from its
# provider region's intensity in the catalog (docs/MODEL.md, Carbon), through
# the tool: the JSON's tCO2e of tests/carbon/carbon-region.ini against the
# values worked out by hand, the grid regions listed apart by `tco catalog` in
# the table, the JSON and the CSV (with the filters), and a catalog with a bad
# grid region refused at its line, exit 2, nothing written.
#
# Worked by hand (tests/data/catalog/grid-regions.xml: a 700 W GPU; Acme east-1
# at 0.4 kgCO2e per kWh and PUE 1.2, ACME west-2 at 0.1 and 1.1):
#   east    0.63 kW x 1.2 x 0.4 = 0.3024 kg a GPU-hour; 2 x 730 x 0.5 x 12 =
#           8,760 GPU-hours: 2.649024 t, 264.9024 at 100 a tonne
#   west    offer = cheapest in region West-2: 0.63 x 1.1 x 0.1 = 0.0693 kg;
#           1 x 730 x 12 = 8,760 GPU-hours: 0.607068 t
#   given   its own 0.5 kg: 4.38 t
#   nowhere an offer without a region: null
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
mkdir "$work/empty"
export TCO_DATA_DIR="$work/empty"
CAT="$SRC/tests/data/catalog/grid-regions.xml"

# --- the report's JSON ---
expect_rc 0 "$TCO" report "$SRC/tests/carbon/carbon-region.ini" -o "$work/r.json"
"$PY" - "$work/r.json" <<'PYEOF' && ok || bad "carbon-region.ini: the JSON's tCO2e"
import json, sys
d = {o["id"]: o for o in json.load(open(sys.argv[1]))["options"]}
def close(a, b):
    return abs(a - b) <= 1e-9 * max(1, abs(b))
want = {"east": (2.649024, 264.9024), "west": (0.607068, 60.7068), "given": (4.38, 438)}
for k, (t, c) in want.items():
    assert close(d[k]["tco2e"], t), (k, d[k]["tco2e"])
    assert close(d[k]["scope3_purchased_tco2e"], t), k
    assert close(d[k]["carbon_cost"], c), (k, d[k]["carbon_cost"])
assert d["nowhere"]["tco2e"] is None and d["nowhere"]["scope3_purchased_tco2e"] is None
assert close(d["east"]["total"], 17520) and close(d["west"]["total"], 13140)
PYEOF

# --- the listing: the table's own block ---
expect_rc 0 "$TCO" catalog --catalog "$CAT"
"$PY" - "$work/out" <<'PYEOF' && ok || bad "catalog table: grid regions"
import sys
text = open(sys.argv[1]).read()
block = text.split("\nGrid regions (2)\n")[1].splitlines()
assert block[0].split() == ["id", "provider", "region", "kgCO2e/kWh", "PUE", "as", "of"], block
assert block[1].split() == ["acme-east-1", "Acme", "east-1", "0.4", "1.2", "2026-11-15"], block
assert block[2].split() == ["acme-west-2", "ACME", "west-2", "0.1", "1.1", "2026-11-15"], block
assert len(block) == 3, block
PYEOF

# ids ARGS...: the grid region ids of `tco catalog ARGS -o -` (JSON), "-" for none.
regions() {
    "$TCO" catalog --catalog "$CAT" "$@" -o - 2>"$work/err" |
        "$PY" -c 'import json,sys; d=json.load(sys.stdin); print(" ".join(g["id"] for g in d.get("grid_regions", [])) or "-")'
}
expect_regions() {
    want=$1
    shift
    got=$(regions "$@")
    if [ "$got" = "$want" ]; then ok; else bad "catalog $*: grid regions '$got', want '$want'"; fi
}
expect_regions "acme-east-1 acme-west-2"
expect_regions "acme-east-1 acme-west-2" --provider acme
expect_regions "acme-west-2" --region WEST-2
expect_regions "-" --provider other
expect_regions "-" --gpu grid-gpu
expect_regions "-" --pricing spot
expect_regions "-" --max-price 5

expect_rc 0 "$TCO" catalog --catalog "$CAT" -o "$work/c.json"
"$PY" - "$work/c.json" <<'PYEOF' && ok || bad "catalog JSON: grid_regions"
import json, sys
d = json.load(open(sys.argv[1]))
assert list(d) == ["gpus", "offers", "grid_regions"], list(d)
assert d["grid_regions"][0] == {"id": "acme-east-1", "provider": "Acme", "region": "east-1",
                                "kgco2e_per_kwh": 0.4, "pue": 1.2,
                                "source": "made up for the tests", "as_of": "2026-11-15"}, d
PYEOF

expect_rc 0 "$TCO" catalog --catalog "$CAT" -o "$work/c.csv"
"$PY" - "$work/c.csv" <<'PYEOF' && ok || bad "catalog CSV: grid-region rows"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
g = [r for r in rows if r["kind"] == "grid-region"]
assert [(r["id"], r["provider"], r["region"], r["kgco2e_per_kwh"], r["pue"], r["as_of"])
        for r in g] == [("acme-east-1", "Acme", "east-1", "0.4", "1.2", "2026-11-15"),
                        ("acme-west-2", "ACME", "west-2", "0.1", "1.1", "2026-11-15")], g
assert all(r["kgco2e_per_kwh"] == r["pue"] == "" for r in rows if r["kind"] != "grid-region")
PYEOF

# --- the shipped catalog: its regions, and its offers with a region reaching them ---
TCO_DATA_DIR="$SRC" expect_rc 0 "$TCO" catalog -o -
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); r={(g["provider"],g["region"]) for g in d["grid_regions"]}; assert {(o["provider"],o["region"]) for o in d["offers"] if o["region"]} <= r, r' "$work/out" &&
    ok || bad "shipped catalog: a grid region for every offer's region"

# --- a bad grid region: the catalog refused at its line, exit 2, nothing written ---
sed 's|<pue>1.2</pue>|<pue>0.8</pue>|' "$CAT" >"$work/bad.xml"
expect_rc 2 "$TCO" report "$SRC/tests/carbon/carbon-region.ini" --catalog "$work/bad.xml" -o "$work/bad.json"
expect_err "bad.xml:49: error: '0.8' is not a number of 1 to 3 for pue"
[ -e "$work/bad.json" ] && bad "a report was written with a bad catalog" || ok
sed 's|<grid-region id="acme-west-2">|<grid-region id="acme-east-1">|' "$CAT" >"$work/dup.xml"
expect_rc 2 "$TCO" catalog --catalog "$work/dup.xml"
expect_err "dup.xml:53: error: duplicate grid region id 'acme-east-1' (first at line 45)"

finish
