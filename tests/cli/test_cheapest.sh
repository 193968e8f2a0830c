#!/bin/bash
# test_cheapest.sh TCO SOURCE_DIR - offer = cheapest and [discount NAME] through the
# tool (docs/MODEL.md, Negotiated discounts and The cheapest offer), over
# tests/data/catalog/cheapest.xml: the JSON names the offer picked and the discount,
# with the figures worked out by hand in MODEL.md; the table says so; bad input is
# FILE:LINE, exit 2, nothing written.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
CAT="$SRC/tests/data/catalog/cheapest.xml"

hdr() {
    printf '[scenario]\nname = t\ncurrency = USD\nhorizon_months = 12\nhours_per_month = 730\n'
    printf 'as_of = 2026-12-01\n[fx]\nEUR = 0.8\n'
}
rent() { printf '[option %s]\nacquire = rent\ncount = 8\nutilization = 1\n' "$1"; }

{
    hdr
    printf '[discount beta]\nprovider = Beta\nfraction = 0.10\n'
    printf '[discount beta-reserved]\nprovider = Beta\npricing = reserved\nfraction = 0.25\n'
    printf '[discount delta]\nprovider = Delta\noffer = delta-od\nfraction = 0.10\n'
    printf '[discount alpha]\nprovider = alpha\nfraction = -0.05\n'
    rent od; printf 'offer = cheapest\noffer_gpu = tst-gpu\noffer_pricing = on-demand\n'
    rent beta; printf 'offer = cheapest\noffer_gpu = tst-gpu\noffer_provider = Beta\n'
    rent delta; printf 'offer = delta-od\n'
    rent plain; printf 'offer = alpha-od\n'
} >"$work/a.ini"

expect_rc 0 "$TCO" report "$work/a.ini" --catalog "$CAT" -o "$work/a.json"
"$PY" - "$work/a.json" <<'PYEOF' && ok || bad "JSON of the picks and discounts"
import json, sys
d = {o["id"]: o for o in json.load(open(sys.argv[1]))["options"]}
def close(a, b):
    return abs(a - b) <= 1e-9 * max(1, abs(b))
# od: alpha-od 2.10, beta-od 1.80, delta-od 1.62 / 0.8 = 2.025: beta-od, of 3.
assert d["od"]["offer_picked"] == {"id": "beta-od", "offers": 3}, d["od"].get("offer_picked")
assert d["od"]["discount"] == {"name": "beta", "fraction": 0.1, "catalog_price": 2}, d["od"]
assert close(d["od"]["total"], 70080 * 1.8), d["od"]["total"]
# beta: beta-od 1.80, beta-1yr 1.60 x 0.75 = 1.20 (the more specific discount).
assert d["beta"]["offer_picked"] == {"id": "beta-1yr", "offers": 2}
assert d["beta"]["discount"]["name"] == "beta-reserved"
assert close(d["beta"]["total"], 70080 * 1.2), d["beta"]["total"]
# delta: named, 1.80 EUR x 0.9 / 0.8 = 2.025 USD; fx then discount, in this order.
assert "offer_picked" not in d["delta"]
assert list(d["delta"])[-4:] == ["fx", "discount", "incomplete", "monthly"], list(d["delta"])
assert close(d["delta"]["total"], 70080 * 2.025), d["delta"]["total"]
# plain: alpha-od with its markup, 2.00 x 1.05 = 2.10.
assert close(d["plain"]["total"], 70080 * 2.1), d["plain"]["total"]
assert d["plain"]["discount"]["fraction"] == -0.05
PYEOF
expect_rc 0 "$TCO" report "$work/a.ini" --catalog "$CAT"
grep -qF "od: offer = cheapest of 3 offers: beta-od, 10% off by [discount beta]" "$work/out" &&
    ok || bad "table: the pick of od"
grep -qF "plain: alpha-od, 5% marked up by [discount alpha]" "$work/out" && ok ||
    bad "table: the markup of plain"

expect_rc 0 "$TCO" report "$work/a.ini" --catalog "$CAT" -o "$work/a.md"
grep -qF -- "- od: beta-od, the cheapest of 3 matching offers, 10% off by discount beta" "$work/a.md" &&
    ok || bad "Markdown: the pick of od"

# Without the catalog's prices changed by a discount, the output has no member of it.
{ hdr; rent p; printf 'offer = alpha-od\n'; } >"$work/p.ini"
expect_rc 0 "$TCO" report "$work/p.ini" --catalog "$CAT" -o "$work/p.json"
"$PY" -c "
import json, sys
o = json.load(open(sys.argv[1]))['options'][0]
assert 'discount' not in o and 'offer_picked' not in o, list(o)" "$work/p.json" && ok ||
    bad "an option without discount or pick has neither member"

# tco compare names a discount's change, and the price it moves.
sed 's/^fraction = 0.10$/fraction = 0.20/' "$work/a.ini" >"$work/a2.ini"
expect_rc 0 "$TCO" compare "$work/a.ini" "$work/a2.ini" --catalog "$CAT"
grep -qE "discount\.beta\.fraction +0\.1 +0\.2" "$work/out" && ok || bad "compare: the discount's change"
grep -qE "od\.price_per_gpu_hour +1\.8 +1\.6" "$work/out" && ok || bad "compare: od's price"

# An option that inherits (base =) one whose offer fills it, named or picked: its
# workbook is written (the writer once asked of the GPU's source without end) and its
# rows link to its base's.
{ hdr; rent a; printf 'offer = alpha-od\n'; rent b; printf 'offer = cheapest\noffer_gpu = tst-gpu\n'
  printf '[option a2]\nbase = a\ncount = 4\n[option b2]\nbase = b\ncount = 4\n'; } >"$work/i.ini"
expect_rc 0 "$TCO" report "$work/i.ini" --catalog "$CAT" -q -o "$work/i.xlsx"
[ -s "$work/i.xlsx" ] && ok || bad "the workbook of inheriting options"

# An imported price list (tco catalog import) gives each offer its GPUs an instance
# (<gpus>), which offer_min_gpus compares. Lambda's sample: H100 SXM5 1x at 3.29 in
# us-east-1 and us-west-1, 8x at 23.92 / 8 = 2.99 in us-east-1, us-west-2 and us-south-1.
LAMBDA="$SRC/tests/data/catalog-import/lambda-vms.csv"
expect_rc 0 "$TCO" catalog import "$LAMBDA" --from skypilot --provider Lambda \
    --as-of 2026-12-01 -o "$work/lambda.xml"
grep -q "<gpus>8</gpus>" "$work/lambda.xml" && ok || bad "import: no <gpus> of the 8-GPU machines"
lam() {
    printf '[scenario]\nname = t\nas_of = 2026-12-01\n[option o]\nacquire = rent\ncount = 8\n'
    printf 'utilization = 1\noffer = cheapest\noffer_gpu = h100-sxm5-80gb\n%b' "$1"
}
# us-east-1: 1x at 3.29 and 8x at 2.99: the 8x.
lam 'offer_region = us-east-1\n' >"$work/l1.ini"
expect_rc 0 "$TCO" report "$work/l1.ini" --catalog "$work/lambda.xml" -o "$work/l1.json"
"$PY" - "$work/l1.json" "$work/lambda.xml" <<'PYEOF' && ok || bad "the cheapest imported offer in us-east-1"
import json, re, sys
o = json.load(open(sys.argv[1]))["options"][0]
xml = open(sys.argv[2]).read()
want = re.search(r'<offer id="(lambda-gpu_8x_h100_sxm5-us-east[^"]*)"', xml).group(1)
assert o["offer_picked"] == {"id": want, "offers": 2}, o["offer_picked"]
assert abs(o["total"] - 8 * 730 * 36 * 2.99) < 1e-6, o["total"]  # 36 months, the default
PYEOF
# At least 8 GPUs an instance, from Lambda: the three 8x offers tie at 2.99, and the
# lowest id wins (the shipped catalog's lambda-h100 gives no <gpus>: left out).
lam 'offer_min_gpus = 8\noffer_provider = lambda\n' >"$work/l2.ini"
expect_rc 0 "$TCO" report "$work/l2.ini" --catalog "$work/lambda.xml" -o "$work/l2.json"
"$PY" - "$work/l2.json" "$work/lambda.xml" <<'PYEOF' && ok || bad "the tie among imported 8-GPU offers"
import json, re, sys
o = json.load(open(sys.argv[1]))["options"][0]
ids = re.findall(r'<offer id="(lambda-gpu_8x_h100_sxm5-[^"]*)"', open(sys.argv[2]).read())
assert len(ids) == 3, ids
assert o["offer_picked"] == {"id": min(ids), "offers": 3}, (o["offer_picked"], ids)
PYEOF
# us-west-1 has the 1x alone: at least 2 GPUs matches nothing.
lam 'offer_region = us-west-1\noffer_min_gpus = 2\n' >"$work/l3.ini"
expect_rc 2 "$TCO" report "$work/l3.ini" --catalog "$work/lambda.xml"
expect_err "$work/l3.ini:8: error: no catalog offer matches 'offer = cheapest' of option 'o'"

# Bad input: FILE:LINE, exit 2, nothing written.
{ hdr; rent o; printf 'offer = cheapest\noffer_gpu = tst-gpu\noffer_pricing = spot\noffer_region = eu-west\n'; } >"$work/b.ini"
expect_rc 2 "$TCO" report "$work/b.ini" --catalog "$CAT" -o "$work/b.json"
expect_err "$work/b.ini:13: error: no catalog offer matches 'offer = cheapest' of option 'o' (offer_gpu 'tst-gpu', offer_pricing 'spot', offer_region 'eu-west'"
[ ! -e "$work/b.json" ] && ok || bad "a failed report wrote its output"
{ hdr; printf '[discount a]\nprovider = Beta\nfraction = 0.1\n[discount b]\nprovider = BETA\nfraction = 0.2\n'; rent o; printf 'offer = beta-od\n'; } >"$work/c.ini"
expect_rc 2 "$TCO" report "$work/c.ini" --catalog "$CAT"
expect_err "$work/c.ini:12: error: [discount b] and [discount a] (line 9) apply to the same offers"
{ hdr; printf '[discount a]\nprovider = Betta\nfraction = 0.1\n'; rent o; printf 'offer = beta-od\n'; } >"$work/w.ini"
expect_rc 0 "$TCO" report "$work/w.ini" --catalog "$CAT"
expect_err "$work/w.ini:9: warning: [discount a]: no catalog offer is from provider 'Betta' (did you mean 'Beta'?)"

finish
