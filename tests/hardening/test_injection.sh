#!/bin/sh
# test_injection.sh TCO - user strings that a spreadsheet or a chat would read as
# formulas or markup: labels starting with =, +, -, @, TAB and CR, a DDE payload,
# an option id starting with '-'. JSON must escape them and give
# them back unchanged; CSV must quote them with a leading apostrophe; Markdown
# must keep them from breaking the table; the workbook must hold them as text,
# never inside a formula, and so must labels that come from a workbook template.
set -u
TCO=$1
. "$(dirname "$0")/../cli/lib.sh" # work, ok, bad, finish

# Tabs and carriage returns inside double quotes survive the INI reader.
printf '%s\n' \
    '[scenario]' \
    'name = =HYPERLINK("http://example.com/x","click")' \
    '[option eq]' 'label = =1+2' 'acquire = rent' 'count = 1' 'price_per_gpu_hour = 1' \
    '[option dde]' 'label = =cmd|'"'"' /C calc'"'"'!A0' 'acquire = rent' 'count = 1' \
    'price_per_gpu_hour = 7' \
    '[option plus]' 'label = +1+2' 'acquire = rent' 'count = 1' 'price_per_gpu_hour = 2' \
    '[option -1]' 'label = -1+2' 'acquire = rent' 'count = 1' 'price_per_gpu_hour = 3' \
    '[option at]' 'label = @SUM(A1:A9)' 'acquire = rent' 'count = 1' 'price_per_gpu_hour = 4' \
    "$(printf '[option tab]\nlabel = "\tTAB"')" 'acquire = rent' 'count = 1' 'price_per_gpu_hour = 5' \
    "$(printf '[option cr]\nlabel = "\rCR"')" 'acquire = rent' 'count = 1' 'price_per_gpu_hour = 6' \
    '[option semi]' "label = safe;=cmd|' /C calc'!A0" 'acquire = rent' 'count = 1' \
    'price_per_gpu_hour = 8' \
    "$(printf '[option tabmid]\nlabel = "a\tb"')" 'acquire = rent' 'count = 1' 'price_per_gpu_hour = 9' \
    '[option num]' 'label = -5' 'acquire = rent' 'count = 1' 'price_per_gpu_hour = 10' \
    >"$work/inj.ini"

cat >"$work/expected.py" <<'PYEOF'
NAME = '=HYPERLINK("http://example.com/x","click")'
LABELS = {"eq": "=1+2", "plus": "+1+2", "-1": "-1+2", "at": "@SUM(A1:A9)",
          "tab": "\tTAB", "cr": "\rCR", "dde": "=cmd|' /C calc'!A0", "num": "-5"}
# Labels that need quoting for a separator but no guard: written quoted, as they are.
QUOTED = {"semi": "safe;=cmd|' /C calc'!A0", "tabmid": "a\tb"}
GPU = {}
PYEOF

timeout 120 "$TCO" report "$work/inj.ini" -o "$work/inj.json" 2>"$work/err" && ok ||
    bad "json: $(cat "$work/err")"
PYTHONPATH=$work timeout 120 "$PY" - "$work/inj.json" <<'PYEOF' && ok || bad "JSON does not give the strings back"
import json, sys
from expected import NAME, LABELS, QUOTED, GPU
raw = open(sys.argv[1], "rb").read()
assert b"\t" not in raw and b"\r" not in raw, "a raw TAB or CR in the JSON"
d = json.loads(raw)
assert d["scenario"]["name"] == NAME, d["scenario"]["name"]
got = {o["id"]: o for o in d["options"]}
for oid, label in list(LABELS.items()) + list(QUOTED.items()):
    assert got[oid]["label"] == label, (oid, got[oid]["label"])
for oid, gpu in GPU.items():
    assert got[oid]["gpu"] == gpu, (oid, got[oid]["gpu"])
PYEOF

help=$(timeout 60 "$TCO" --help)
case $help in
*.csv*)
    timeout 120 "$TCO" report "$work/inj.ini" -o "$work/inj.csv" 2>"$work/err" && ok ||
        bad "csv: $(cat "$work/err")"
    PYTHONPATH=$work "$PY" - "$work/inj.csv" <<'PYEOF' && ok || bad "CSV does not neutralise formulas"
import csv, sys
from expected import LABELS, QUOTED, GPU
raw = open(sys.argv[1], newline="", encoding="utf-8").read()
rows = list(csv.reader(raw.split("\r\n\r\n")[0].splitlines(keepends=True)))
head = rows[0]
seen = set()
for row in rows[1:]:
    if not row:
        continue
    r = dict(zip(head, row))
    oid = r["id"][1:] if r["id"].startswith("'") else r["id"]
    seen.add(oid)
    if oid in QUOTED:
        assert r["label"] == QUOTED[oid], (oid, r["label"])
    for field, want in (("label", LABELS.get(oid)), ("gpu", GPU.get(oid))):
        if want is None:
            continue
        assert r[field] == "'" + want, (oid, field, r[field])
    for field in ("id", "label", "gpu"):
        assert not r[field][:1] in ("=", "+", "-", "@", "\t", "\r"), (oid, field, r[field])
# Every dangerous field is quoted in the file itself, not only parsed right.
for want in list(LABELS.values()) + list(GPU.values()) + ["-1"]:
    assert '"\'' + want.replace('"', '""') + '"' in raw, want
# A separator of any locale (comma, semicolon, tab) inside a field is quoted.
assert "\r\nsemi,\"safe;=cmd|' /C calc'!A0\",rent," in raw, "the ';' label is not quoted"
assert '\r\ntabmid,"a\tb",rent,' in raw, "the TAB label is not quoted"
# A text field that reads as a number is guarded; number fields are bare.
assert "\r\nnum,\"'-5\",rent,,1,1," in raw, "the label -5"
assert seen == set(LABELS) | set(QUOTED), seen
PYEOF
    ;;
esac

case $help in
*.md*)
    timeout 120 "$TCO" report "$work/inj.ini" -o "$work/inj.md" 2>"$work/err" && ok ||
        bad "md: $(cat "$work/err")"
    "$PY" - "$work/inj.md" <<'PYEOF' && ok || bad "Markdown table broken by user strings"
import sys
text = open(sys.argv[1], encoding="utf-8").read()
assert "\r" not in text and "\t" not in text, "control characters in the Markdown"
rows = [l for l in text.split("\n") if l.startswith("|")]
cells = {l.replace("\\|", "").count("|") for l in rows}
assert len(cells) == 1, cells
assert len(rows) == 2 + 10, len(rows)
assert "\\=HYPERLINK" in text, "the title's leading '=' is not escaped"
assert "\\@SUM(A1:A9)" in text and "| @" not in text, "a label's '@' is not escaped"
PYEOF
    ;;
esac

timeout 120 "$TCO" report "$work/inj.ini" -o "$work/inj.xlsx" 2>"$work/err" && ok ||
    bad "xlsx: $(cat "$work/err")"
PYTHONPATH=$work timeout 120 "$PY" - "$work/inj.xlsx" <<'PYEOF' && ok || bad "workbook: a user string inside a formula"
import re, sys, zipfile
from expected import NAME, LABELS, GPU
z = zipfile.ZipFile(sys.argv[1])
formulas = []
for n in z.namelist():
    if n.startswith("xl/worksheets/") and n.endswith(".xml"):
        formulas += re.findall(r"<f(?:\s[^>]*)?>(.*?)</f>", z.read(n).decode("utf-8"), re.S)
for f in formulas:
    for bad in ("HYPERLINK", "cmd|", "SUM(A1:A9)"):
        assert bad not in f, (bad, f)
PYEOF

# Labels from a workbook template are user strings too.
printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' '<template version="1" language="en">' \
    '  <labels>' \
    '    <label key="about.scenario">=HYPERLINK("http://example.com/t","template")</label>' \
    '    <label key="about.contents">@SUM(B1:B9)</label>' \
    '  </labels>' '</template>' >"$work/tpl.xml"
timeout 120 "$TCO" report "$work/inj.ini" --template "$work/tpl.xml" -o "$work/tpl.xlsx" 2>"$work/err" && ok ||
    bad "xlsx with a template: $(cat "$work/err")"
"$PY" - "$work/tpl.xlsx" <<'PYEOF' && ok || bad "workbook: a template label inside a formula"
import re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
text = "".join(z.read(n).decode("utf-8") for n in z.namelist() if n.endswith(".xml"))
for f in re.findall(r"<f(?:\s[^>]*)?>(.*?)</f>", text, re.S):
    assert "HYPERLINK" not in f and "SUM(B1:B9)" not in f, f
assert "=HYPERLINK(&quot;http://example.com/t&quot;,&quot;template&quot;)" in text or \
    '=HYPERLINK("http://example.com/t","template")' in text, "the label is missing"
PYEOF

# The catalog listing: the same field writer. Each record is written out by
# hand: a ';' in a name is quoted, every formula start guarded, numbers bare.
cat >"$work/cat.xml" <<'XML'
<?xml version="1.0" encoding="UTF-8"?>
<catalog version="1">
  <gpu id="p-gpu">
    <name>safe;=cmd|' /C calc'!A0</name>
    <vendor>V</vendor>
    <fp16-tflops>1</fp16-tflops>
    <memory-gb>2</memory-gb>
    <tdp-w>3</tdp-w>
    <price currency="USD" typical="4"/>
    <source>@SUM(1+9)</source>
    <as-of>2026-01-01</as-of>
  </gpu>
  <gpu id="h-gpu">
    <name>=HYPERLINK("http://x","y")</name>
    <vendor>V</vendor>
    <fp16-tflops>1</fp16-tflops>
    <memory-gb>2</memory-gb>
    <tdp-w>3</tdp-w>
    <price currency="USD" typical="4"/>
    <source>plain</source>
    <as-of>2026-01-01</as-of>
  </gpu>
  <offer id="p-offer">
    <provider>=cmd|' /C calc'!A0</provider>
    <gpu>p-gpu</gpu>
    <pricing>on-demand</pricing>
    <price-per-gpu-hour currency="USD">1.5</price-per-gpu-hour>
    <region>-2+3+cmd|' /C calc'!A0</region>
    <source>@SUM(1+9)</source>
    <as-of>2026-01-01</as-of>
  </offer>
  <grid-region id="p-region">
    <provider>+cmd|' /C calc'!A0</provider>
    <region>=HYPERLINK("http://x","y")</region>
    <kgco2e-per-kwh>0.5</kgco2e-per-kwh>
    <pue>1.25</pue>
    <source>-1+1</source>
    <as-of>2026-01-01</as-of>
  </grid-region>
</catalog>
XML
timeout 60 "$TCO" catalog --catalog "$work/cat.xml" -o "$work/cat.csv" 2>"$work/err" && ok ||
    bad "catalog csv: $(cat "$work/err")"
for want in \
    "gpu,p-gpu,\"safe;=cmd|' /C calc'!A0\",,,,,1,2,3,4,,USD,,\"'@SUM(1+9)\",2026-01-01,," \
    "gpu,h-gpu,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",,,,,1,2,3,4,,USD,,plain,2026-01-01,," \
    "offer,p-offer,,\"'=cmd|' /C calc'!A0\",p-gpu,on-demand,0,,,,,1.5,USD,\"'-2+3+cmd|' /C calc'!A0\",\"'@SUM(1+9)\",2026-01-01,," \
    "grid-region,p-region,,\"'+cmd|' /C calc'!A0\",,,,,,,,,,\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\",\"'-1+1\",2026-01-01,0.5,1.25"; do
    tr -d '\r' <"$work/cat.csv" | grep -qxF -- "$want" && ok || bad "catalog CSV lacks the record: $want"
done

finish
