#!/bin/bash
# test_init.sh TCO SOURCE_DIR - tco init: a complete, commented scenario from flags
# (three sets, each validating with --strict and reporting, its values worked from the
# catalog and the site presets by hand), a site in another currency through [fx], the
# questions answered on a terminal (tmux), and bad requests refused with nothing written.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"
export SOURCE_DATE_EPOCH=1796601600 # 2026-12-07

# value FILE KEY: the value of the first line KEY = VALUE, its comment cut.
value() { sed -n "s/^$2 = \([^ ;]*\).*/\1/p" "$1" | head -1; }
# has FILE KEY VALUE
has() {
    [ "$(value "$1" "$2")" = "$3" ] && ok || bad "$1: $2 is '$(value "$1" "$2")', want '$3'"
}
# clean FILE: validates with --strict, and reports.
clean() {
    expect_rc 0 "$TCO" validate "$1" --strict
    expect_rc 0 "$TCO" report "$1" -o "$1.json"
    [ -s "$work/err" ] && bad "$1: report said: $(cat "$work/err")" || ok
}

# 1. 64 H100s against the cheapest on-demand H100 of the catalog, the defaults.
expect_rc 0 "$TCO" init --gpu h100-sxm5-80gb --count 64 -o "$work/a.ini"
clean "$work/a.ini"
has "$work/a.ini" count 64
has "$work/a.ini" horizon_months 36
has "$work/a.ini" utilization 0.7
has "$work/a.ini" electricity_price 0.0826 # us-colo: EIA
has "$work/a.ini" colo_per_kw_month 184.06 # us-colo: CBRE
has "$work/a.ini" server_price 179200      # 0.64 x 8 x 35,000
has "$work/a.ini" server_power_w 4600      # 10,200 - 8 x 700
# The cheapest on-demand H100 offer of the catalog, read from its XML, is the baseline.
cheapest=$("$PY" - "$SRC/pricing/gpus.xml" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
best = None
for o in ET.parse(sys.argv[1]).getroot().iter("offer"):
    if o.findtext("gpu") == "h100-sxm5-80gb" and o.findtext("pricing").strip() == "on-demand":
        p = float(o.findtext("price-per-gpu-hour"))
        if best is None or p < best[0]:
            best = (p, o.get("id"))
print(best[1])
PYEOF
)
has "$work/a.ini" baseline "$cheapest"
grep -q "^\[option $cheapest\]" "$work/a.ini" && ok || bad "no option for $cheapest"
# Every key line has its source: a comment on it or on the line above.
"$PY" - "$work/a.ini" <<'PYEOF' && ok || bad "a key without its source"
import sys
lines = open(sys.argv[1]).read().splitlines()
for i, l in enumerate(lines):
    if "=" in l and not l.startswith(";") and not l.split("=")[0].strip() in ("name", "label", "acquire"):
        assert " ; " in l or lines[i - 1].startswith(";"), l
PYEOF
"$PY" - "$work/a.ini.json" <<'PYEOF' && ok || bad "a: the report"
import json, sys
o = {x["id"]: x for x in json.load(open(sys.argv[1]))["options"]}
b = o["h100-sxm5-80gb-buy"]
assert b["capex"] == 64 * 35000 + 8 * 179200, b["capex"]   # 8 servers
assert all(x["incomplete"] == [] for x in o.values())
PYEOF

# 2. A100s for inference in the company's own hall, two offers named, two years.
expect_rc 0 "$TCO" init --gpu a100-sxm4-80gb --count 16 --vs lambda-a100-80gb --vs runpod-a100-80gb \
    --horizon 24 --site us-onprem --workload infer -o "$work/b.ini"
clean "$work/b.ini"
has "$work/b.ini" count 16
has "$work/b.ini" horizon_months 24
has "$work/b.ini" utilization 0.5
has "$work/b.ini" colo_per_kw_month 0
has "$work/b.ini" server_price 66000 # 0.66 x 8 x 12,500
has "$work/b.ini" server_power_w 3300 # 6,500 - 8 x 400
has "$work/b.ini" baseline lambda-a100-80gb
grep -c '^acquire = rent' "$work/b.ini" | grep -qx 2 && ok || bad "b: two rent options"

# 3. A GPU without a catalog price: --gpu-price, its server 0.64 x 8 x that price.
expect_rc 2 "$TCO" init --gpu h100-pcie-80gb --count 8 -o "$work/c.ini"
expect_err "the catalog has no purchase price for 'h100-pcie-80gb': give one with --gpu-price"
[ -e "$work/c.ini" ] && bad "c.ini written without a price" || ok
expect_rc 0 "$TCO" init --gpu h100-pcie-80gb --count 8 --gpu-price 25000 -o "$work/c.ini"
clean "$work/c.ini"
has "$work/c.ini" gpu_price 25000.00
has "$work/c.ini" server_price 128000 # 0.64 x 8 x 25,000
has "$work/c.ini" server_power_w 2240 # 0.8 x 8 x 350

# A site in yuan: the scenario in CNY, the catalog's USD converted by the preset's [fx]:
# the server 0.64 x 8 x 35,000 / 0.140732 = 1,273,342 (to the yuan).
expect_rc 0 "$TCO" init --gpu h100-sxm5-80gb --count 8 --site cn-west -o "$work/cn.ini"
has "$work/cn.ini" currency CNY
has "$work/cn.ini" USD 0.140732
has "$work/cn.ini" server_price 1273342
expect_rc 0 "$TCO" report "$work/cn.ini" -o "$work/cn.json"
# The rate is from 2025-09-23: stale on 2026-12-07, and said so; nothing else.
[ "$(grep -c warning "$work/err")" = 1 ] && grep -q "stale_after_months" "$work/err" && ok ||
    bad "cn: $(cat "$work/err")"

# Standard output without -o; an existing file is never replaced.
expect_rc 0 "$TCO" init --gpu rtx-4090-24gb --count 8
grep -q '^\[option rtx-4090-24gb-buy\]' "$work/out" && ok || bad "stdout: $(head -3 "$work/out")"
echo mine >"$work/keep.ini"
expect_rc 2 "$TCO" init --gpu rtx-4090-24gb --count 8 -o "$work/keep.ini"
expect_err "keep.ini' exists: tco init writes a new file only"
[ "$(cat "$work/keep.ini")" = mine ] && ok || bad "an existing file was replaced"

# Bad requests: exit 2, a clear message, nothing written.
expect_rc 2 "$TCO" init --gpu h100 --count 8 -o "$work/x.ini"
expect_err "the catalog has no GPU 'h100'; it has: h100-sxm5-80gb"
expect_rc 2 "$TCO" init --gpu h100-sxm5-80gb --count 0 -o "$work/x.ini"
expect_err "--count takes a whole number from 1 to 1000000, not '0'"
expect_rc 2 "$TCO" init --gpu h100-sxm5-80gb --count 8 --workload batch -o "$work/x.ini"
expect_err "--workload is train or infer, not 'batch'"
expect_rc 2 "$TCO" init --gpu h100-sxm5-80gb --count 8 --site mars -o "$work/x.ini"
expect_err "no site preset 'mars'; the presets are: us-colo us-onprem cn-west"
expect_rc 2 "$TCO" init --gpu h100-sxm5-80gb --count 8 --vs nope -o "$work/x.ini"
expect_err "the catalog has no offer 'nope'"
expect_rc 2 "$TCO" init --count 8 -o "$work/x.ini" </dev/null
expect_err "--gpu and --count are needed"
[ -e "$work/x.ini" ] && bad "x.ini written" || ok

# A presets file is input like any other: each problem at its line, exit 2.
mkdir -p "$work/data/pricing"
cp "$SRC/pricing/gpus.xml" "$work/data/pricing/"
presets() { printf '%b' "$1" >"$work/data/pricing/sites.ini"; }
bad_presets() { # CONTENT MESSAGE
    presets "$1"
    TCO_DATA_DIR="$work/data" expect_rc 2 "$TCO" init --gpu h100-sxm5-80gb --count 8 -o "$work/p.ini"
    expect_err "$work/data/pricing/sites.ini:$2"
    [ -e "$work/p.ini" ] && bad "p.ini written" || ok
}
good='[s]\nlabel = S\ncurrency = USD\nas_of = 2026-01-01\nelectricity_price = 0.1\nelectricity_price.source = a\npue = 1.2\npue.source = b\ncolo_per_kw_month = 100\ncolo_per_kw_month.source = c\n'
bad_presets "${good}pue = 1.3\n" "11: error: 'pue' is given twice"
bad_presets "${good/pue = 1.2/pue = 9}" "7: error: 'pue' must be a number from 1 to 3 (got '9')"
bad_presets "${good}colour = red\n" "11: error: unknown key 'colour'"
bad_presets "${good/currency = USD/currency = XYZ}" "3: error: 'XYZ' is not an ISO 4217 currency code"
bad_presets "${good/pue.source = b\\n/}" "1: error: preset 's': pue and its .source go together"
bad_presets "stray = 1\n$good" "1: error: 'stray' is outside a preset's [NAME]"
bad_presets "${good}fx.USD = 2\n" "1: error: preset 's': fx.USD needs its rate, .source and .as_of"
presets "$good"
TCO_DATA_DIR="$work/data" expect_rc 0 "$TCO" init --gpu h100-sxm5-80gb --count 8 --site s -o "$work/p.ini"
has "$work/p.ini" colo_per_kw_month 100

# The questions on a terminal: tco init in tmux, each answered by keys.
if command -v tmux >/dev/null; then
    sock="$work/tmux"
    tmux -S "$sock" new-session -d -x 200 -y 50 \
        "env TCO_DATA_DIR='$SRC' SOURCE_DATE_EPOCH=$SOURCE_DATE_EPOCH '$TCO' init -o '$work/t.ini'; echo rc=\$? >'$work/t.rc'; sleep 5"
    answer() { # wait for the question $1, then type $2 and Enter
        for _ in $(seq 1 100); do
            tmux -S "$sock" capture-pane -p | grep -qF "$1" && break
            sleep 0.1
        done
        tmux -S "$sock" send-keys "$2" Enter
    }
    answer "GPU to buy [h100-sxm5-80gb]:" "a100-sxm4-80gb"
    answer "How many GPUs [8]:" "24"
    answer "Cloud offer to rent against" ""
    answer "Months to compare [36]:" "48"
    answer "Site preset" "us-onprem"
    answer "Workload (train or infer) [train]:" "infer"
    for _ in $(seq 1 100); do [ -s "$work/t.rc" ] && break; sleep 0.1; done
    tmux -S "$sock" kill-server 2>/dev/null
    [ "$(cat "$work/t.rc" 2>/dev/null)" = rc=0 ] && ok || bad "tmux: $(cat "$work/t.rc" 2>/dev/null)"
    has "$work/t.ini" gpu a100-sxm4-80gb
    has "$work/t.ini" count 24
    has "$work/t.ini" horizon_months 48
    has "$work/t.ini" colo_per_kw_month 0
    has "$work/t.ini" utilization 0.5
    expect_rc 0 "$TCO" validate "$work/t.ini" --strict
else
    bad "tmux is not installed (scripts/setup.sh test installs it)"
fi

finish
