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
    >"$work/inj.ini"

cat >"$work/expected.py" <<'PYEOF'
NAME = '=HYPERLINK("http://example.com/x","click")'
LABELS = {"eq": "=1+2", "plus": "+1+2", "-1": "-1+2", "at": "@SUM(A1:A9)",
          "tab": "\tTAB", "cr": "\rCR", "dde": "=cmd|' /C calc'!A0"}
GPU = {}
PYEOF

"$TCO" report "$work/inj.ini" -o "$work/inj.json" 2>"$work/err" && ok ||
    bad "json: $(cat "$work/err")"
PYTHONPATH=$work "$PY" - "$work/inj.json" <<'PYEOF' && ok || bad "JSON does not give the strings back"
import json, sys
from expected import NAME, LABELS, GPU
raw = open(sys.argv[1], "rb").read()
assert b"\t" not in raw and b"\r" not in raw, "a raw TAB or CR in the JSON"
d = json.loads(raw)
assert d["scenario"]["name"] == NAME, d["scenario"]["name"]
got = {o["id"]: o for o in d["options"]}
for oid, label in LABELS.items():
    assert got[oid]["label"] == label, (oid, got[oid]["label"])
for oid, gpu in GPU.items():
    assert got[oid]["gpu"] == gpu, (oid, got[oid]["gpu"])
PYEOF

help=$("$TCO" --help)
case $help in
*.csv*)
    "$TCO" report "$work/inj.ini" -o "$work/inj.csv" 2>"$work/err" && ok ||
        bad "csv: $(cat "$work/err")"
    PYTHONPATH=$work "$PY" - "$work/inj.csv" <<'PYEOF' && ok || bad "CSV does not neutralise formulas"
import csv, sys
from expected import LABELS, GPU
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
    for field, want in (("label", LABELS.get(oid)), ("gpu", GPU.get(oid))):
        if want is None:
            continue
        assert r[field] == "'" + want, (oid, field, r[field])
    for field in ("id", "label", "gpu"):
        assert not r[field][:1] in ("=", "+", "-", "@", "\t", "\r"), (oid, field, r[field])
# Every dangerous field is quoted in the file itself, not only parsed right.
for want in list(LABELS.values()) + list(GPU.values()) + ["-1"]:
    assert '"\'' + want.replace('"', '""') + '"' in raw, want
assert seen == set(LABELS), seen
PYEOF
    ;;
esac

case $help in
*.md*)
    "$TCO" report "$work/inj.ini" -o "$work/inj.md" 2>"$work/err" && ok ||
        bad "md: $(cat "$work/err")"
    "$PY" - "$work/inj.md" <<'PYEOF' && ok || bad "Markdown table broken by user strings"
import sys
text = open(sys.argv[1], encoding="utf-8").read()
assert "\r" not in text and "\t" not in text, "control characters in the Markdown"
rows = [l for l in text.split("\n") if l.startswith("|")]
cells = {l.replace("\\|", "").count("|") for l in rows}
assert len(cells) == 1, cells
assert len(rows) == 2 + 7, len(rows)
assert "\\=HYPERLINK" in text, "the title's leading '=' is not escaped"
assert "\\@SUM(A1:A9)" in text and "| @" not in text, "a label's '@' is not escaped"
PYEOF
    ;;
esac

"$TCO" report "$work/inj.ini" -o "$work/inj.xlsx" 2>"$work/err" && ok ||
    bad "xlsx: $(cat "$work/err")"
PYTHONPATH=$work "$PY" - "$work/inj.xlsx" <<'PYEOF' && ok || bad "workbook: a user string inside a formula"
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
"$TCO" report "$work/inj.ini" --template "$work/tpl.xml" -o "$work/tpl.xlsx" 2>"$work/err" && ok ||
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

finish
