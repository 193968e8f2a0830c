#!/bin/sh
# test_terminal.sh TCO SOURCE_DIR - text from an input file or a path never
# reaches a terminal raw. A scenario whose name, labels, unit and author hold
# ESC sequences (a window title, a screen clear), BEL, CR, DEL and the C1
# control U+009B (CSI), catalogs whose names hold DEL and C1 controls, file
# names holding ESC and a newline: in every command's standard output and
# standard error (tables, JSON and Markdown; CSV is data and keeps text as it
# is) there must be no byte below 0x20 but LF, no DEL and no C1
# control (C2 80..C2 9F), and each must show as its escape (\x1B, \x07, \x0D,
# \x7F, \u009B, \x0A). CJK text stays as it is, and the tables' columns
# stay aligned when a name holds CJK or escapes.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/../cli/lib.sh" # work, ok, bad, finish
export TCO_DATA_DIR="$SRC" SOURCE_DATE_EPOCH=1767225600 NO_COLOR=1

ESC=$(printf '\033')
BEL=$(printf '\007')
CR=$(printf '\r')
DEL=$(printf '\177')
CSI=$(printf '\302\233') # U+009B
NL='
'
EVIL="${ESC}]0;PWNED${BEL}${ESC}[2J"

# clean FILE...: no control character but LF, no DEL, no C1 in any FILE.
clean() {
    timeout 60 "$PY" - "$@" <<'PYEOF'
import re, sys
bad = []
for f in sys.argv[1:]:
    data = open(f, "rb").read()
    for m in re.finditer(rb"[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]", data):
        bad.append("%s: byte %r at %d: %r" % (f, m.group(), m.start(),
                                              data[max(0, m.start() - 40):m.start() + 20]))
print("\n".join(bad[:10]))
sys.exit(1 if bad else 0)
PYEOF
}

# run NAME WANT_RC CMD...: run CMD with stdout and stderr to $work/NAME.out and
# .err; check the exit status and that both are clean.
run() {
    name=$1 want=$2
    shift 2
    timeout 120 "$@" >"$work/$name.out" 2>"$work/$name.err"
    rc=$?
    [ "$rc" -eq "$want" ] && ok || bad "$name: exit $rc, want $want: $(head -c 300 "$work/$name.err")"
    clean "$work/$name.out" "$work/$name.err" && ok || bad "$name: raw control characters"
}

# shows NAME TEXT: NAME's stdout or stderr holds TEXT.
shows() {
    cat "$work/$1.out" "$work/$1.err" | grep -qF -- "$2" && ok ||
        bad "$1 does not show '$2': $(head -c 300 "$work/$1.out" "$work/$1.err")"
}

# The scenario: controls in every text key and in a case name's scenario.
{
    printf '[scenario]\nname = "%s%s%sx%s%s 中文名"\n' "$EVIL" "$CR" "$DEL" "$CSI" "$BEL"
    printf 'currency = USD\nhorizon_months = 12\nbaseline = cloud\n'
    printf 'author = %s author\n' "$EVIL"
    printf '[site]\nelectricity_price = 0.1\npue = 1.5\ncolo_per_kw_month = 0\n'
    printf '[workload]\nunit = %su%s\nutilization = 1\n' "$ESC" "$CSI"
    printf '[option buy]\nlabel = %s buy %s%s\nacquire = buy\ncount = 8\n' "$EVIL" "$DEL" "$CSI"
    printf 'gpu_price = 30000\ntdp_w = 700\nthroughput = 10\nserver_price = 0\nserver_power_w = 0\n'
    printf '[option cloud]\nlabel = "%s%s cloud"\nacquire = rent\ncount = 8\n' "$CR" "$EVIL"
    printf 'price_per_gpu_hour = 2.5\nthroughput = 10\n'
    printf '[case up]\nbuy.gpu_price = 33000\n'
    printf '[sensitivity]\nswing = 0.1\n'
} >"$work/evil.ini"
sed 's/gpu_price = 30000/gpu_price = 31000/; s/label = .* buy .*/label = plain buy/' \
    "$work/evil.ini" >"$work/b.ini"

run report 0 "$TCO" report "$work/evil.ini"
shows report '\x1B]0;PWNED\x07\x1B[2J\x0D\x7Fx\u009B\x07 中文名'
shows report 'per \x1Bu\u009B'
run report_txt 0 "$TCO" report "$work/evil.ini" -o "$work/evil.txt"
clean "$work/evil.txt" && ok || bad "the table written to a file holds raw control characters"
# JSON and Markdown on standard output: JSON escapes every control character
# as \u00XX (the same string), Markdown turns them into spaces.
run report_json 0 "$TCO" report "$work/evil.ini" -o -
shows report_json '"\u001b]0;PWNED\u0007\u001b[2J\r\u007fx\u009b\u0007 中文名"'
run report_md 0 "$TCO" report "$work/evil.ini" --format md
run compare_json 0 "$TCO" compare "$work/evil.ini" "$work/b.ini" --format json
run validate 0 "$TCO" validate "$work/evil.ini"
run compare 0 "$TCO" compare "$work/evil.ini" "$work/b.ini"
shows compare 'A: \x1B]0;PWNED\x07\x1B[2J'
shows compare '\x1B]0;PWNED\x07\x1B[2J buy \x7F\u009B'

# An option id cannot hold a control character: the error quotes it escaped.
printf '[scenario]\nname = x\n[option a%sb]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n' \
    "$ESC" >"$work/id.ini"
run bad_id 2 "$TCO" report "$work/id.ini"
shows bad_id 'a\x1Bb'

# File names with ESC and a newline: the scenario, a catalog, an -o path.
evil_file="$work/s${ESC}[2J${NL}x.ini"
cp "$work/evil.ini" "$evil_file"
run validate_name 0 "$TCO" validate "$evil_file"
shows validate_name 's\x1B[2J\x0Ax.ini: ok'
printf '[scenario]\nname = x\nhorizon_months = 999\n' >"$evil_file"
run diag_name 2 "$TCO" report "$evil_file"
shows diag_name 's\x1B[2J\x0Ax.ini:3: error:'
[ "$(wc -l <"$work/diag_name.err")" -ge 1 ] && ok || bad "no diagnostic"
run catalog_path 2 "$TCO" catalog -v --catalog "$work/no${ESC}[2J${NL}such.xml"
shows catalog_path 'tco: reading the catalog '
shows catalog_path 'no\x1B[2J\x0Asuch.xml'
run out_path 1 "$TCO" report "$work/evil.ini" -o "$work/no${NL}dir${ESC}/x.json"
shows out_path 'no\x0Adir\x1B/x.json: error: cannot write'
[ "$(grep -c . "$work/out_path.err")" -eq 1 ] && ok ||
    bad "the -o error is not one line: $(cat "$work/out_path.err")"
run bad_arg 2 "$TCO" report "$work/evil.ini" "--no${ESC}[2J"
shows bad_arg "unknown option '--no\\x1B[2J'"
run bad_tpl 2 "$TCO" report "$work/evil.ini" --template "zz${ESC}[2J"
shows bad_tpl "no shipped template named 'zz\\x1B[2J'"

# A catalog: XML 1.0 allows DEL and C1 controls (C0 ones are not XML).
cat >"$work/cat.xml" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<catalog version="1">
  <gpu id="evil-gpu">
    <name>&#127;&#155;[2J名前 &#133;NEL</name>
    <vendor>V</vendor>
    <fp16-tflops>1</fp16-tflops>
    <memory-gb>2</memory-gb>
    <tdp-w>3</tdp-w>
    <price currency="USD" typical="4"/>
    <source>s&#127;</source>
    <as-of>2026-01-01</as-of>
  </gpu>
  <gpu id="cjk-gpu">
    <name>中文显卡名称中文显卡名称中文显卡名称中文显卡名称</name>
    <vendor>V</vendor>
    <fp16-tflops>1</fp16-tflops>
    <memory-gb>2</memory-gb>
    <tdp-w>3</tdp-w>
    <price currency="USD" typical="5"/>
    <source>s</source>
    <as-of>2026-01-02</as-of>
  </gpu>
  <offer id="evil-offer">
    <provider>&#155;31m&#127;prov</provider>
    <gpu>evil-gpu</gpu>
    <pricing>on-demand</pricing>
    <price-per-gpu-hour currency="USD">1.5</price-per-gpu-hour>
    <region>&#150;region</region>
    <source>x</source>
    <as-of>2026-01-01</as-of>
  </offer>
</catalog>
XML
run catalog 0 "$TCO" catalog --catalog "$work/cat.xml"
run catalog_json 0 "$TCO" catalog --catalog "$work/cat.xml" --format json
shows catalog_json '"\u007f\u009b[2J名前 \u0085NEL"'
shows catalog '\x7F\u009B[2J名前 \u0085NEL'
shows catalog 'evil-offer             \u009B31m\x7Fprov               evil-gpu'
shows catalog '\u0096region'
# The GPU rows' last column (as of) starts at one display column in every row,
# CJK counted twice and escapes as they show.
timeout 60 "$PY" - "$work/catalog.out" <<'PYEOF' && ok || bad "catalog table columns are not aligned"
import sys, unicodedata
lines = open(sys.argv[1], encoding="utf-8").read().split("\n")
gpus = lines[:next(k for k, l in enumerate(lines) if l.startswith("Cloud offers"))]
gpu_rows = [l for l in gpus if l.startswith(("evil-gpu", "cjk-gpu", "h100", "a100"))]
def col(s):
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)
starts = {col(l[:l.rindex("20")]) for l in gpu_rows}
assert len(gpu_rows) >= 3 and len(starts) == 1, (starts, gpu_rows)
PYEOF

finish
