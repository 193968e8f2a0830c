#!/bin/sh
# test_unit_costs.sh TCO SOURCE_DIR - small costs per unit of work read in the
# table and the workbook (docs/MODEL.md, "Unit costs for people"), on the
# page's hand-worked example: 1460 / 2.628e9 = 5.5556e-7 per request, shown
# per 1M requests as 0.5556; 2190 / 2.628e9 as 0.8333.
set -u
TCO=$1
SRC=$2
. "$SRC/tests/cli/lib.sh"
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR

cat >"$work/u.ini" <<'INI'
[scenario]
name = u
as_of = 2026-01-01
horizon_months = 1
[workload]
unit = request
model_params = 1e9
mode = inference
requests_per_s = 100
tokens_per_request = 1000
utilization = 1
[option a]
acquire = rent
count = 1
price_per_gpu_hour = 2
throughput = 1000
[option b]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 1000
INI

expect_rc 0 timeout 60 "$TCO" report "$work/u.ini"
t=$work/out
# The heading names the scale; each row has four significant digits.
grep -q "per GPU-h per 1M requests  break-even\$" "$t" && ok || bad "heading: $(sed -n 4p "$t")"
grep -qE '^ +1 +a +rent .* 2\.00 +0\.5556  -$' "$t" && ok || bad "row a: $(sed -n 5p "$t")"
grep -qE '^ +2 +b +rent .* 3\.00 +0\.8333  -$' "$t" && ok || bad "row b: $(sed -n 6p "$t")"
grep -qx "Lowest cost per request: a, 0.5556 USD per 1M requests." "$t" && ok ||
    bad "lowest: $(grep Lowest "$t")"
# Sizing: 2 / (1000 x 3600) x 1000 = 0.00055556 per 1k requests; with 1000
# tokens a request, 2 / (1000 x 1000 x 3600) x 1e6 = 0.00055556 per 1M tokens.
grep -qE '^a +n/a +unknown +0\.0005556 +0\.0005556 +1$' "$t" && ok ||
    bad "sizing a: $(grep '^a ' "$t")"
grep -qE '^b +n/a +unknown +0\.0008333 +0\.0008333 +1$' "$t" && ok ||
    bad "sizing b: $(grep '^b ' "$t")"
grep -q '0\.000000' "$t" && bad "a unit cost shown as zero: $(grep '0\.000000' "$t")" || ok

# The workbook: the Summary shows the cost per request at the table's scale, per
# 1M requests: four significant digits of 0.5556 take 4 decimals (never the 10 of
# 5.5556e-7 per request); the Workload's 0.00055556 per 1k requests, 7. A value
# that rounds to zero (above half the last digit below zero) prints as zero.
expect_rc 0 timeout 60 "$TCO" report "$work/u.ini" -o "$work/u.xlsx"
"$PY" - "$work/u.xlsx" <<'PY' && ok || bad "workbook number formats"
import re, sys, zipfile
styles = zipfile.ZipFile(sys.argv[1]).read("xl/styles.xml").decode()
codes = re.findall(r'formatCode="([^"]*)"', styles)
assert ("[=0]&quot;\u2013&quot;;[&lt;=-0.00005]($#,##0.0000);$#,##0.0000" in codes), codes
assert not any("0.0000000000" in c for c in codes), codes
assert "[=0]&quot;\u2013&quot;;[&lt;=-0.00000005]($#,##0.0000000);$#,##0.0000000" in codes, codes
PY

finish
