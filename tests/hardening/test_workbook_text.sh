#!/bin/sh
# test_workbook_text.sh TCO SOURCE_DIR - the longest text every input allows,
# in 3-byte UTF-8 (CJK), written to a workbook: every label of a template at
# the schema's maximum of 2,000 characters (placeholders kept), the scenario's
# name, author, company, unit and option labels as long as a line allows
# (4,096 bytes), option ids and case names at 40 characters. Whatever the
# writer cuts, it must cut on a character boundary: every XML part of the
# workbook must be valid UTF-8 and well-formed, openpyxl must load it and
# Gnumeric's ssconvert must convert it. Then two sheet names that differ only
# in the case of a non-ASCII letter (Übersicht, üBERSICHT) must become two
# names that Excel tells apart, as two ASCII ones do.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/../cli/lib.sh" # work, ok, bad, finish
export TCO_DATA_DIR="$SRC" SOURCE_DATE_EPOCH=1767225600

# The template: every key the writer uses (scripts/template_keys.py), each
# label its English placeholders followed by CJK up to 2,000 characters.
timeout 120 "$PY" "$SRC/scripts/template_keys.py" "$SRC" >"$work/keys.tsv" || bad "template_keys.py failed"
timeout 120 "$PY" - "$work/keys.tsv" "$work/max.xml" <<'PYEOF' || bad "cannot write the template"
import re, sys
from xml.sax.saxutils import escape
CJK = "汉字测试中文标签"
out = ['<?xml version="1.0" encoding="UTF-8"?>',
       '<template version="1" language="zh-CN">', "  <labels>"]
for i, line in enumerate(open(sys.argv[1], encoding="utf-8")):
    key, english = line.rstrip("\n").split("\t", 1)
    # 0, 1 or 2 ASCII letters first, so that a cut at any byte count falls
    # inside a character for some label.
    text = "".join(re.findall(r"\{[a-z_]+\}", english)) + "ab"[:i % 3]
    fill = 2000 - len(text)
    text += (CJK * (fill // len(CJK) + 1))[:fill]
    assert len(text) == 2000
    out.append('    <label key="%s">%s</label>' % (key, escape(text)))
out += ["  </labels>", "</template>"]
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(out) + "\n")
PYEOF

# The scenario: tests/data/analysis.ini (cases, sensitivity, Monte Carlo) with
# a workload, its text keys at 4,096-byte lines, ids and case names at 40.
timeout 120 "$PY" - "$SRC/tests/data/analysis.ini" "$work/max.ini" <<'PYEOF' || bad "cannot write the scenario"
import re, sys
CJK = "长名称的场景标签文字"
count = 0
def longest(key):
    # 0, 1 or 2 ASCII letters first, as in the template's labels.
    global count
    pad = "ab"[:count % 3]
    count += 1
    n = (4096 - len(key) - 3 - len(pad)) // 3
    return key + " = " + pad + (CJK * (n // len(CJK) + 1))[:n]
ids = {}
out = []
for line in open(sys.argv[1], encoding="utf-8"):
    line = line.rstrip("\n")
    m = re.match(r"\[(option|case) ([^\]]+)\]", line)
    if m:
        name = m.group(2)
        ids[name] = (name + "-" + "x" * 40)[:40]
        line = "[%s %s]" % (m.group(1), ids[name])
    key = line.split("=", 1)[0].strip()
    if key in ("name", "author", "label", "unit"):
        line = longest(key)
    out.append(line)
text = "\n".join(out) + "\n"
for old, new in ids.items():  # baseline = ID, and ids in [sensitivity] ...
    text = re.sub(r"(?<![\w-])%s(?![\w-])" % re.escape(old), new, text)
text = text.replace("[workload]\n", "[workload]\nmodel_params = 30e9\n", 1)
text = text.replace("[scenario]\n", "[scenario]\n" + longest("company") + "\n", 1)
open(sys.argv[2], "w", encoding="utf-8").write(text)
PYEOF
awk 'length($0) > 4096 { exit 1 }' "$work/max.ini" || bad "a scenario line is longer than 4096 bytes"

timeout 300 "$TCO" report "$work/max.ini" --template "$work/max.xml" -o "$work/max.xlsx" \
    2>"$work/err" && ok || bad "report: $(head -c 600 "$work/err")"

# audit BOOK: every XML part valid UTF-8 and well-formed; openpyxl loads it;
# ssconvert (Gnumeric) converts it without a complaint.
audit() {
    timeout 300 "$PY" - "$1" <<'PYEOF' && ok || bad "$1: not a valid workbook"
import sys, zipfile, xml.dom.minidom
z = zipfile.ZipFile(sys.argv[1])
bad = []
for n in z.namelist():
    if not (n.endswith(".xml") or n.endswith(".rels")):
        continue
    data = z.read(n)
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        bad.append("%s: invalid UTF-8: %s" % (n, e))
        continue
    try:
        xml.dom.minidom.parseString(data)
    except Exception as e:
        bad.append("%s: not well-formed: %s" % (n, e))
try:
    import openpyxl
    openpyxl.load_workbook(sys.argv[1])
except ImportError:
    pass
except Exception as e:
    bad.append("openpyxl: %r" % e)
if bad:
    print("\n".join(bad[:20]))
    sys.exit(1)
PYEOF
    if command -v ssconvert >/dev/null 2>&1; then
        rm -f "$work/conv.csv"
        timeout 300 ssconvert "$1" "$work/conv.csv" >"$work/ss.out" 2>&1
        rc=$?
        if [ $rc -eq 0 ] && [ -s "$work/conv.csv" ] && ! grep -qiE "error|invalid|fail" "$work/ss.out"; then
            ok
        else
            bad "ssconvert $1 (exit $rc): $(head -c 600 "$work/ss.out")"
        fi
    fi
}
[ -f "$work/max.xlsx" ] && audit "$work/max.xlsx"

# Sheet names that differ only in case: Excel refuses a workbook with two
# such sheets, whether the letters are ASCII or not.
for pair in "Summary summary" "Übersicht üBERSICHT" "ΣΎΝΟΨΗ σύνοψη" "ИТОГИ итоги" \
    "ＳＵＭ ｓｕｍ" "Ĳssel ĳSSEL"; do
    set -- $pair
    printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
        '<template version="1" language="de">' '  <labels>' \
        "    <label key=\"sheet.summary\">$1</label>" \
        "    <label key=\"sheet.checks\">$2</label>" '  </labels>' '</template>' >"$work/case.xml"
    rm -f "$work/case.xlsx"
    timeout 120 "$TCO" report "$SRC/config/seed-2026.ini" --template "$work/case.xml" \
        -o "$work/case.xlsx" 2>"$work/err" && ok || bad "$pair: $(head -c 400 "$work/err")"
    timeout 120 "$PY" - "$work/case.xlsx" "$1" "$2" <<'PYEOF' && ok || bad "$pair: sheet names"
import re, sys, zipfile
wb = zipfile.ZipFile(sys.argv[1]).read("xl/workbook.xml").decode("utf-8")
names = re.findall(r'<sheet name="([^"]*)"', wb)
want_a, want_b = sys.argv[2], sys.argv[3]
assert want_a in names, (want_a, names)
assert want_b + " (2)" in names, (want_b + " (2)", names)
folded = [n.casefold() for n in names]
assert len(set(folded)) == len(folded), names
PYEOF
    [ -f "$work/case.xlsx" ] && audit "$work/case.xlsx"
done

finish
