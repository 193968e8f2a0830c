#!/bin/sh
# test_strict.sh TCO SOURCE_DIR - warnings never stop a report; --strict turns
# every warning into an error: said as an error, exit 2, nothing written, an
# existing output left as it was.
set -u
TCO=$1
SRC=$2
. "$SRC/tests/cli/lib.sh"
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR

cat >"$work/cents.ini" <<'INI'
[scenario]
name = cents
as_of = 2026-01-01
[site]
electricity_price = 12
colo_per_kw_month = 0
[workload]
utilization = 1
[option b]
acquire = buy
count = 8
gpu_price = 30000
tdp_w = 700
server_price = 0
server_power_w = 0
[option r]
acquire = rent
count = 8
price_per_gpu_hour = 2
INI
said="$work/cents.ini:5: warning: 'electricity_price' is 12, above the plausible 1 per kWh: per kWh, not cents?"
strict="$work/cents.ini:5: error: 'electricity_price' is 12, above the plausible 1 per kWh: per kWh, not cents?"

# Without --strict: a warning, and the report.
expect_rc 0 timeout 60 "$TCO" report "$work/cents.ini" -o "$work/out.json"
[ "$(cat "$work/err")" = "$said" ] && ok || bad "warning: $(cat "$work/err")"
[ -s "$work/out.json" ] && ok || bad "no report without --strict"
rm -f "$work/out.json"

# With it: an error, exit 2, nothing written, whatever the format; -q still says it.
for ext in json xlsx csv md txt; do
    echo previous >"$work/out.$ext"
    expect_rc 2 timeout 60 "$TCO" report "$work/cents.ini" --strict -o "$work/out.$ext"
    [ "$(cat "$work/err")" = "$strict" ] && ok || bad "strict $ext: $(cat "$work/err")"
    [ "$(cat "$work/out.$ext")" = previous ] && ok || bad "strict $ext: the output changed"
done
[ "$(ls "$work" | grep -c '^out\.')" -eq 5 ] && ok || bad "strict left files: $(ls "$work")"
expect_rc 2 timeout 60 "$TCO" report "$work/cents.ini" --strict -q
[ "$(cat "$work/err")" = "$strict" ] && ok || bad "strict -q: $(cat "$work/err")"
[ -s "$work/out" ] && bad "strict printed a table" || ok
expect_rc 2 timeout 60 "$TCO" validate "$work/cents.ini" --strict
[ "$(cat "$work/err")" = "$strict" ] && ok || bad "validate --strict: $(cat "$work/err")"
[ -s "$work/out" ] && bad "validate --strict said ok: $(cat "$work/out")" || ok
expect_rc 0 timeout 60 "$TCO" validate "$work/cents.ini"
expect_rc 2 timeout 60 "$TCO" compare "$work/cents.ini" "$work/cents.ini" --strict

# A stale catalog price is a warning too.
printf '[scenario]\nname = s\nas_of = 2026-12-01\n[option a]\nacquire = rent\noffer = h100-contract-1yr\ncount = 8\n' >"$work/stale.ini"
expect_rc 0 timeout 60 "$TCO" report "$work/stale.ini" -o "$work/stale.json"
expect_rc 2 timeout 60 "$TCO" report "$work/stale.ini" --strict -o "$work/stale2.json"
expect_err "$work/stale.ini:6: error: the catalog price for option 'a' is from 2026-03-01"
[ -e "$work/stale2.json" ] && bad "strict wrote the stale report" || ok

# An option that leaves out a cost is a warning too (MODEL.md, Completeness).
grep -v '^server_price' "$work/cents.ini" | sed 's/electricity_price = 12/electricity_price = 0.12/' >"$work/noserver.ini"
expect_rc 0 timeout 60 "$TCO" report "$work/noserver.ini" -o "$work/noserver.json"
[ "$(cat "$work/err")" = "$work/noserver.ini:9: warning: option 'b' is incomplete: no server_price: buying is understated" ] &&
    ok || bad "incomplete: $(cat "$work/err")"
expect_rc 2 timeout 60 "$TCO" report "$work/noserver.ini" --strict -o "$work/noserver2.json"
[ "$(cat "$work/err")" = "$work/noserver.ini:9: error: option 'b' is incomplete: no server_price: buying is understated" ] &&
    ok || bad "incomplete --strict: $(cat "$work/err")"
[ -e "$work/noserver2.json" ] && bad "strict wrote the incomplete report" || ok

# A scenario without warnings is not affected.
sed 's/electricity_price = 12/electricity_price = 0.12/' "$work/cents.ini" >"$work/fine.ini"
expect_rc 0 timeout 60 "$TCO" report "$work/fine.ini" --strict -o "$work/fine.json"
[ -s "$work/err" ] && bad "fine: $(cat "$work/err")" || ok
[ -s "$work/fine.json" ] && ok || bad "fine: no report"

finish
