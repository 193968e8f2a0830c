#!/bin/bash
# test_include.sh TCO SOURCE_DIR - [scenario] include = FILE: the including
# file's keys win, the figures equal those of the same scenario written in
# one file, errors name the file and line they are in, cycles stop with the
# chain named, and a file reached twice by different branches is read once.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"
export TCO_DATA_DIR="$SRC"
mkdir "$work/shared"

cat >"$work/shared/site.ini" <<'INI'
; shared site and cloud definitions
[scenario]
name = overridden by the including file
[site]
electricity_price = 0.1
pue = 1.3
[option cloud]
acquire = rent
count = 8
price_per_gpu_hour = 2.5
[option spare]
acquire = rent
count = 2
price_per_gpu_hour = 1
INI
cat >"$work/main.ini" <<'INI'
[scenario]
name = main
include = shared/site.ini
[site]
pue = 1.5
[option buy]
acquire = buy
count = 8
gpu_price = 30000
tdp_w = 700
[option cloud]
price_per_gpu_hour = 3
INI
# The same scenario in one file: the including file's values where both give one.
cat >"$work/flat.ini" <<'INI'
[scenario]
name = main
[site]
electricity_price = 0.1
pue = 1.5
[option buy]
acquire = buy
count = 8
gpu_price = 30000
tdp_w = 700
[option cloud]
acquire = rent
count = 8
price_per_gpu_hour = 3
[option spare]
acquire = rent
count = 2
price_per_gpu_hour = 1
INI
"$TCO" report "$work/main.ini" -o "$work/main.json" 2>"$work/err" && ok || bad "include: $(cat "$work/err")"
"$TCO" report "$work/flat.ini" -o "$work/flat.json" && ok || bad "flat"
"$PY" - "$work/main.json" "$work/flat.json" <<'PYEOF' && ok || bad "included scenario differs from the flat one"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["scenario"] == b["scenario"], (a["scenario"], b["scenario"])
assert a["options"] == b["options"]
PYEOF

# An error in the included file names that file and line.
printf '[option broken]\nacquire = rent\ncount = 8W\n' >>"$work/shared/site.ini"
"$TCO" report "$work/main.ini" -o "$work/x.json" 2>"$work/err"
[ $? -eq 2 ] && ok || bad "error in an included file: exit status"
grep -qF "$work/shared/site.ini:17: error: '8W' is not a number for 'count'" "$work/err" && ok \
    || bad "error location: $(cat "$work/err")"
[ -e "$work/x.json" ] && bad "output written" || ok

# A missing file, and a cycle.
printf '[scenario]\nname = m\ninclude = nowhere.ini\n[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n' >"$work/missing.ini"
"$TCO" validate "$work/missing.ini" 2>"$work/err"
[ $? -eq 2 ] && ok || bad "missing include: exit status"
grep -qF "$work/missing.ini:3: error: cannot read the included file '$work/nowhere.ini': No such file or directory" "$work/err" && ok || bad "missing include message: $(cat "$work/err")"
printf '[scenario]\nname = a\ninclude = b.ini\n[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n' >"$work/a.ini"
printf '[scenario]\ninclude = a.ini\n' >"$work/b.ini"
timeout 10 "$TCO" validate "$work/a.ini" 2>"$work/err"
[ $? -eq 2 ] && ok || bad "cycle: exit status"
grep -qF "$work/b.ini:2: error: including '$work/a.ini' again would never end: includes form a cycle ($work/a.ini -> $work/b.ini -> $work/a.ini)" "$work/err" && ok || bad "cycle message: $(cat "$work/err")"
# A longer cycle names every file on it, from the one included again.
printf '[scenario]\nname = c1\ninclude = c2.ini\n[option r]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 1\n' >"$work/c1.ini"
printf '[scenario]\ninclude = c3.ini\n' >"$work/c2.ini"
printf '[scenario]\ninclude = c2.ini\n' >"$work/c3.ini"
timeout 10 "$TCO" validate "$work/c1.ini" 2>"$work/err"
[ $? -eq 2 ] && ok || bad "long cycle: exit status"
[ "$(cat "$work/err")" = "$work/c3.ini:2: error: including '$work/c2.ini' again would never end: includes form a cycle ($work/c2.ini -> $work/c3.ini -> $work/c2.ini)" ] && ok || bad "long cycle message: $(cat "$work/err")"

# A diamond is no cycle: d includes da and db, and db includes da again. A file
# reached a second time by another branch is read once, where it is first
# reached; the second include of it adds nothing and is no error.
printf '[scenario]\nname = d\ninclude = da.ini, db.ini\n[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1000\nserver_price = 0\nserver_power_w = 0\nutilization = 1\n' >"$work/d.ini"
printf '[scenario]\ninclude = da.ini\n[site]\npue = 1.2\n' >"$work/db.ini"
printf '[site]\nelectricity_price = 0.1\ncolo_per_kw_month = 0\n' >"$work/da.ini"
timeout 10 "$TCO" report "$work/d.ini" -o "$work/d.json" 2>"$work/err" && ok || bad "diamond: $(cat "$work/err")"
[ -s "$work/err" ] && bad "diamond: messages: $(cat "$work/err")" || ok
printf '[scenario]\nname = d\n[site]\nelectricity_price = 0.1\npue = 1.2\ncolo_per_kw_month = 0\n[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1000\nserver_price = 0\nserver_power_w = 0\nutilization = 1\n' >"$work/dflat.ini"
"$TCO" report "$work/dflat.ini" -o "$work/dflat.json" && ok || bad "diamond, flat"
"$PY" - "$work/d.json" "$work/dflat.json" <<'PYEOF' && ok || bad "diamond: the included values"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
assert a["options"] == b["options"] and a["options"][0]["power"] > 0
PYEOF
# The same file named twice in one list is read once too.
printf '[scenario]\nname = twice\ninclude = da.ini, ./da.ini\n[option b]\nacquire = buy\ncount = 1\ngpu_price = 1000\ntdp_w = 1000\n' >"$work/twice.ini"
timeout 10 "$TCO" validate "$work/twice.ini" >/dev/null 2>"$work/err" && ok || bad "twice: $(cat "$work/err")"

# The workbook's Inputs sheet names the file each value came from.
sed -i '/^\[option broken\]/,$d' "$work/shared/site.ini"
SOURCE_DATE_EPOCH=0 "$TCO" report "$work/main.ini" -o "$work/main.xlsx" && ok || bad "include workbook"
"$PY" - "$work/main.xlsx" <<'PYEOF' && ok || bad "workbook sources"
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
cells = [v for ws in wb.worksheets for r in ws.iter_rows(values_only=True) for v in r if isinstance(v, str)]
assert "site.ini:5" in cells, "electricity_price from the included file"
assert "main.ini:5" in cells, "pue from the including file"
PYEOF

finish
