#!/bin/bash
# test_catalog_csv.sh TCO SOURCE_DIR - the catalog listing as CSV and JSON
# through the command line: a price list's free text (names, providers,
# regions, sources) that starts with = + - @ TAB or CR must not reach a
# spreadsheet as a formula. Every such CSV field gets a leading single quote,
# as the report's CSV does; the JSON keeps the text as it is.
#
# The loader collapses white space as xs:token does, so a leading TAB or CR
# (written &#9; and &#13;) is dropped and the text after it is what must be
# guarded. Ids are restricted to letters, digits, '-' and '_', so an id can
# start with '-' too.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"

cat >"$work/evil.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<catalog version="1">
  <gpu id="-evil-gpu">
    <name>=HYPERLINK("http://x","y")</name>
    <vendor>V</vendor>
    <fp16-tflops>1</fp16-tflops>
    <memory-gb>2</memory-gb>
    <tdp-w>3</tdp-w>
    <price currency="USD" typical="4"/>
    <source>+1+2</source>
    <as-of>2026-01-01</as-of>
  </gpu>
  <gpu id="evil-at">
    <name>@SUM(1+1)</name>
    <vendor>V</vendor>
    <fp16-tflops>1</fp16-tflops>
    <memory-gb>2</memory-gb>
    <tdp-w>3</tdp-w>
    <source>-2+3</source>
    <as-of>2026-01-01</as-of>
  </gpu>
  <gpu id="evil-ws">
    <name>&#9;=1+2</name>
    <vendor>V</vendor>
    <fp16-tflops>1</fp16-tflops>
    <memory-gb>2</memory-gb>
    <tdp-w>3</tdp-w>
    <source>&#13;@cr</source>
    <as-of>2026-01-01</as-of>
  </gpu>
  <gpu id="plain-gpu">
    <name>Plain, "quoted"</name>
    <vendor>V</vendor>
    <fp16-tflops>1</fp16-tflops>
    <memory-gb>2</memory-gb>
    <tdp-w>3</tdp-w>
    <source>a&#9;b</source>
    <as-of>2026-01-01</as-of>
  </gpu>
  <offer id="evil-offer">
    <provider>=cmd|' /C calc'!A0</provider>
    <gpu>-evil-gpu</gpu>
    <pricing>on-demand</pricing>
    <price-per-gpu-hour currency="USD">1.5</price-per-gpu-hour>
    <region>@region</region>
    <source>-source</source>
    <as-of>2026-01-01</as-of>
  </offer>
  <offer id="evil-ws-offer">
    <provider>+provider</provider>
    <gpu>evil-at</gpu>
    <pricing term-months="12">reserved</pricing>
    <price-per-gpu-hour currency="USD">1</price-per-gpu-hour>
    <region>&#9;=tab</region>
    <source>&#13;+cr</source>
    <as-of>2026-01-01</as-of>
  </offer>
</catalog>
XML

expect_rc 0 "$TCO" catalog --catalog "$work/evil.xml" -o "$work/x.csv"
expect_rc 0 "$TCO" catalog --catalog "$work/evil.xml" --format csv -o -
cmp -s "$work/out" "$work/x.csv" && ok || bad "CSV on standard output differs from the file"

# Each guarded field: the text as the catalog gives it (white space
# collapsed), which the CSV must carry with a single quote in front.
"$PY" - "$work/x.csv" <<'PYEOF' && ok || bad "catalog CSV fields are not guarded"
import csv, sys
raw = open(sys.argv[1], "rb").read()
assert raw.endswith(b"\r\n"), "records end with CRLF"
rows = list(csv.DictReader(open(sys.argv[1], newline="", encoding="utf-8")))
by_id = {}
for r in rows:
    by_id.setdefault(r["id"].lstrip("'"), r)
want = {
    "-evil-gpu": {"id": "-evil-gpu", "name": '=HYPERLINK("http://x","y")', "source": "+1+2"},
    "evil-at": {"name": "@SUM(1+1)", "source": "-2+3"},
    "evil-ws": {"name": "=1+2", "source": "@cr"},
    "evil-offer": {"provider": "=cmd|' /C calc'!A0", "gpu": "-evil-gpu",
                   "region": "@region", "source": "-source"},
    "evil-ws-offer": {"provider": "+provider", "region": "=tab", "source": "+cr"},
}
bad = []
for id_, fields in want.items():
    row = by_id.get(id_)
    if row is None:
        bad.append("no row for %s" % id_)
        continue
    for k, text in fields.items():
        if row[k] != "'" + text:
            bad.append("%s.%s is %r, want %r" % (id_, k, row[k], "'" + text))
# Nothing else starts with a formula character, quoted or not.
for r in rows:
    for k, v in r.items():
        if v and v[0] in "=+-@\t\r":
            bad.append("%s.%s starts with %r" % (r["id"], k, v[0]))
# Text that needs no guard is unchanged: quoted for its comma and quotes,
# inner white space collapsed; numbers as they are.
p = by_id.get("plain-gpu")
if p is None or p["name"] != 'Plain, "quoted"' or p["source"] != "a b":
    bad.append("plain-gpu: %r" % (p,))
if b'"Plain, ""quoted"""' not in raw:
    bad.append("the plain name is not quoted as RFC 4180 says")
if p is not None and (p["memory_gb"], p["tdp_w"], p["kind"]) != ("2", "3", "gpu"):
    bad.append("plain-gpu numbers: %r" % (p,))
o = by_id.get("evil-ws-offer")
if o is not None and (o["kind"], o["pricing"], o["term_months"], o["price_per_gpu_hour"]) != (
        "offer", "reserved", "12", "1"):
    bad.append("evil-ws-offer: %r" % (o,))
if bad:
    print("\n".join(bad))
    sys.exit(1)
PYEOF

# The JSON listing carries the same text unguarded (JSON is not a formula
# language), escaped as JSON.
expect_rc 0 "$TCO" catalog --catalog "$work/evil.xml" -o "$work/x.json"
"$PY" - "$work/x.json" <<'PYEOF' && ok || bad "catalog JSON text"
import json, sys
d = json.load(open(sys.argv[1]))
g = {x["id"]: x for x in d["gpus"]}
o = {x["id"]: x for x in d["offers"]}
assert g["-evil-gpu"]["name"] == '=HYPERLINK("http://x","y")', g["-evil-gpu"]
assert g["-evil-gpu"]["price_typical"] == 4
assert g["evil-ws"]["name"] == "=1+2" and g["evil-ws"]["source"] == "@cr", g["evil-ws"]
assert g["evil-at"]["price_typical"] is None, g["evil-at"]
assert o["evil-offer"]["provider"] == "=cmd|' /C calc'!A0", o["evil-offer"]
assert o["evil-ws-offer"]["region"] == "=tab" and o["evil-ws-offer"]["term_months"] == 12
PYEOF

finish
