#!/bin/bash
# test_catalog_list.sh TCO SOURCE_DIR - `tco catalog` for large catalogs: the
# filters (--gpu, --provider, --pricing, --region, --max-price), the order of
# the offers (currency, price per GPU-hour, id), the table aligned by display
# width with whole long ids, the JSON and CSV of the same shape with or
# without filters, and bad filters as usage errors.
#
# The catalog is tests/data/catalog/listing.xml alone (TCO_DATA_DIR is an empty
# directory, so no shipped catalog is read). Its offers, worked by hand:
#   tie-b    Alpha  gpu-a  on-demand  2.00 USD  eu-west
#   tie-a    Beta   gpu-a  spot       2    USD  us-east
#   dear     Alpha  long   reserved   9.50 USD  eu-west
#   cheap    北京云  long   on-demand  0.75 USD  (no region)
#   eur-one  Beta   gpu-a  on-demand  1.00 EUR  us-east
# In order: EUR before USD; among USD 0.75 < 2 = 2 < 9.50, the tie by id
# (tie-a before tie-b, the reverse of the file).
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
mkdir "$work/empty"
export TCO_DATA_DIR="$work/empty"
CAT="$SRC/tests/data/catalog/listing.xml"
LONG=long-gpu-identifier-of-forty-characters4

# ids ARGS...: the GPU ids, then "|", then the offer ids of `tco catalog ARGS -o -`.
ids() {
    "$TCO" catalog --catalog "$CAT" "$@" -o - 2>"$work/err" |
        "$PY" -c 'import json,sys; d=json.load(sys.stdin); print(" ".join([g["id"] for g in d["gpus"]] + ["|"] + [o["id"] for o in d["offers"]]))'
}
# expect_ids WANT ARGS...
expect_ids() {
    want=$1
    shift
    got=$(ids "$@")
    if [ "$got" = "$want" ]; then ok; else bad "catalog $*: got '$got', want '$want'"; fi
}

# --- the order, and each filter ---
expect_ids "gpu-a $LONG unused | eur-one cheap tie-a tie-b dear"
expect_ids "gpu-a $LONG | tie-b dear" --provider alpha
expect_ids "gpu-a $LONG | tie-b dear" --provider ALPHA
expect_ids "$LONG | cheap" --provider 北京云
expect_ids "gpu-a | tie-a" --pricing spot
expect_ids "$LONG | dear" --pricing reserved
expect_ids "gpu-a | eur-one tie-a" --region US-EAST
expect_ids "gpu-a $LONG | eur-one cheap tie-a tie-b" --max-price 2
expect_ids "gpu-a $LONG | eur-one cheap" --max-price 1.99
expect_ids "|" --max-price 0.5
expect_ids "gpu-a | tie-b" --provider alpha --max-price 5
expect_ids "gpu-a | eur-one" --provider beta --pricing on-demand
expect_ids "$LONG | cheap dear" --gpu $LONG
expect_ids "unused |" --gpu unused
expect_ids "gpu-a |" --gpu gpu-a --pricing reserved
expect_ids "|" --provider nobody
expect_ids "|" --region nowhere

# --- the table: ids whole, every column at the same display column ---
expect_rc 0 "$TCO" catalog --catalog "$CAT"
"$PY" - "$work/out" "$LONG" <<'PYEOF' && ok || bad "catalog table alignment"
import sys, unicodedata
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
long_id = sys.argv[2]
def width(s):
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
def col(line, text):
    """The display column where text starts in line."""
    return width(line[:line.index(text)])
gpus = lines[1:5]          # header and three GPUs
offers = lines[7:13]       # header and five offers
assert lines[0] == "GPUs (3)" and lines[6] == "Cloud offers (5)", lines[:8]
assert any(l.startswith(long_id + " ") for l in gpus), gpus
# The FP16 figure ends where the header's "FP16 TF" ends, in every GPU row.
end = col(gpus[0], "FP16 TF") + len("FP16 TF")
for l, fp16 in zip(gpus[1:], ("100", "200", "50")):
    assert col(l, " " + fp16 + " ") + 1 + len(fp16) == end, (l, end)
# Offers: the gpu, pricing and region columns start where their headers do,
# after the CJK provider (6 columns) as after the others.
head = offers[0]
gpu_at, kind_at, region_at = col(head, "gpu"), col(head, "pricing"), col(head, "region")
for l, gpu, kind in zip(offers[1:], ["gpu-a", long_id, "gpu-a", "gpu-a", long_id],
                        ["on-demand", "on-demand", "spot", "on-demand", "reserved"]):
    assert col(l, " " + gpu + " ") + 1 == gpu_at, (l, gpu_at)
    assert col(l, " " + kind + " ") + 1 == kind_at, (l, kind_at)
assert [l.split()[0] for l in offers[1:]] == ["eur-one", "cheap", "tie-a", "tie-b", "dear"], offers
assert col(offers[2], " - ") + 1 == region_at or "  -" in offers[2], offers[2]
for l, region in zip(offers[1:], ["us-east", None, "us-east", "eu-west", "eu-west"]):
    if region:
        assert col(l, region) == region_at, (l, region_at)
PYEOF

# --- JSON and CSV: the same shape with and without filters ---
expect_rc 0 "$TCO" catalog --catalog "$CAT" -o "$work/all.json"
expect_rc 0 "$TCO" catalog --catalog "$CAT" --provider alpha -o "$work/alpha.json"
"$PY" - "$work/all.json" "$work/alpha.json" <<'PYEOF' && ok || bad "filtered JSON shape"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert list(a) == list(b) == ["gpus", "offers"], (list(a), list(b))
assert [list(o) for o in b["offers"]] == [list(a["offers"][0])] * len(b["offers"])
assert [list(g) for g in b["gpus"]] == [list(a["gpus"][0])] * len(b["gpus"])
# The figures are the catalog's, whatever the filter.
dear = [o for o in b["offers"] if o["id"] == "dear"][0]
assert dear["price_per_gpu_hour"] == 9.5 and dear["term_months"] == 12, dear
PYEOF
expect_rc 0 "$TCO" catalog --catalog "$CAT" -o "$work/all.csv"
expect_rc 0 "$TCO" catalog --catalog "$CAT" --pricing spot -o "$work/spot.csv"
[ "$(head -1 "$work/all.csv")" = "$(head -1 "$work/spot.csv")" ] && ok || bad "filtered CSV header"
# One GPU row and one offer row; the offer's price as written (2).
[ "$(cut -d, -f1,2 "$work/spot.csv" | tail -n +2 | tr '\n' ' ')" = "gpu,gpu-a offer,tie-a " ] &&
    ok || bad "filtered CSV rows: $(cat "$work/spot.csv")"

# --- the shipped catalog: the H100 SXM spot offers at 7 or less ---
TCO_DATA_DIR="$SRC" expect_rc 0 "$TCO" catalog --gpu h100-sxm5-80gb --pricing spot --max-price 7 -o -
"$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [o["id"] for o in d["offers"]] == ["gcp-a3-h100-spot"] and [g["id"] for g in d["gpus"]] == ["h100-sxm5-80gb"], d' "$work/out" &&
    ok || bad "shipped catalog, filtered"

# --- bad filters: usage errors, exit 2, nothing written ---
expect_rc 2 "$TCO" catalog --catalog "$CAT" --pricing cheap -o "$work/bad.json"
expect_err "tco: --pricing is on-demand, spot or reserved, not 'cheap'"
for v in -1 abc inf nan 0x10 1e 2,5 ""; do
    expect_rc 2 "$TCO" catalog --catalog "$CAT" --max-price "$v" -o "$work/bad.json"
    expect_err "--max-price takes a price per GPU-hour of 0 or more (2.5), not '$v'"
done
expect_rc 2 "$TCO" catalog --catalog "$CAT" --gpu gpu-b -o "$work/bad.json"
expect_err "tco: the catalog has no GPU 'gpu-b'; did you mean 'gpu-a'?"
expect_rc 2 "$TCO" catalog --catalog "$CAT" --gpu long -o "$work/bad.json"
expect_err "tco: the catalog has no GPU 'long'; it has $LONG"
expect_rc 2 "$TCO" catalog --catalog "$CAT" --gpu GPU-A
[ -e "$work/bad.json" ] && bad "a file was written for a bad filter" || ok

finish
