#!/bin/sh
# test_validate_report.sh TCO SOURCE_DIR - a stale catalog price warns and the
# report is still written (also with cases); the date prices are judged
# against is the scenario's as_of, else SOURCE_DATE_EPOCH; `tco validate` runs
# what `tco report` runs, analyses included, and fails where it fails.
set -u
TCO=$1
SRC=$2
. "$SRC/tests/cli/lib.sh"
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR
unset SOURCE_DATE_EPOCH

# The shipped offer h100-contract-1yr is priced as of 2026-03-01: on 2026-12-01
# that is 9 whole months, more than the default stale_after_months of 6.
cat >"$work/stale.ini" <<'EOF'
[scenario]
name = x
as_of = 2026-12-01

[option a]
acquire = rent
offer = h100-contract-1yr
count = 8

[case c]
horizon_months = 24
EOF
warn="$work/stale.ini:7: warning: the catalog price for option 'a' is from 2026-03-01, 9 months before 2026-12-01 (stale_after_months = 6)"

# --- the report is written, with its case, and the warning is said once ---
for ext in json xlsx csv md txt; do
    expect_rc 0 timeout 60 "$TCO" report "$work/stale.ini" -o "$work/out.$ext"
    [ -s "$work/out.$ext" ] && ok || bad "stale: no $ext written"
    [ "$(cat "$work/err")" = "$warn" ] && ok || bad "stale ($ext): stderr: $(cat "$work/err")"
done
"$PY" - "$work/out.json" <<'EOF' && ok || bad "stale: the JSON lacks case c"
import json, sys
d = json.load(open(sys.argv[1]))
c = d["cases"]
assert len(c) == 1 and c[0]["name"] == "c" and c[0]["overrides"] == {"horizon_months": "24"}
assert [o["id"] for o in c[0]["options"]] == ["a"]
EOF
expect_rc 0 timeout 60 "$TCO" report "$work/stale.ini"
grep -q "^Cases: total cost" "$work/out" && ok || bad "stale: the table has no cases"
expect_rc 0 timeout 60 "$TCO" validate "$work/stale.ini"
[ "$(cat "$work/out")" = "$work/stale.ini: ok: 1 option, 1 case, 0 uncertain inputs" ] && ok ||
    bad "stale validate: $(cat "$work/out")"
[ "$(cat "$work/err")" = "$warn" ] && ok || bad "stale validate: stderr: $(cat "$work/err")"

# --- the date: as_of wins over SOURCE_DATE_EPOCH; without as_of, the epoch ---
SOURCE_DATE_EPOCH=1780272000 expect_rc 0 "$TCO" validate "$work/stale.ini" # 2026-06-01
[ "$(cat "$work/err")" = "$warn" ] && ok || bad "as_of does not win: $(cat "$work/err")"
grep -v '^as_of' "$work/stale.ini" >"$work/undated.ini"
SOURCE_DATE_EPOCH=1796083200 expect_rc 0 "$TCO" report "$work/undated.ini" -o "$work/u.json"
[ "$(cat "$work/err")" = "$work/undated.ini:6: warning: the catalog price for option 'a' is from 2026-03-01, 9 months before 2026-12-01 (stale_after_months = 6)" ] &&
    ok || bad "undated on 2026-12-01: $(cat "$work/err")"
[ -s "$work/u.json" ] && ok || bad "undated: no JSON"
SOURCE_DATE_EPOCH=1780272000 expect_rc 0 "$TCO" report "$work/undated.ini" -o "$work/u.json"
[ -s "$work/err" ] && bad "undated on 2026-06-01 (3 months): $(cat "$work/err")" || ok

# --- validate runs the analyses: a Monte Carlo that cannot have its memory ---
# 1,000,000 samples of 10 options need 160 MB for the totals and NPVs alone;
# under a 100 MB address space the analysis fails in report and in validate.
{
    printf '[scenario]\nname = mc\nas_of = 2026-01-01\n'
    for i in 0 1 2 3 4 5 6 7 8 9; do
        printf '[option r%s]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 2.%s\n' $i $i
    done
    printf '[workload]\nutilization = 0.7\n'
    printf '[uncertainty]\nsamples = 1000000\nutilization = uniform(0.5, 0.9)\n'
} >"$work/mc.ini"
if ! prlimit --as=100000000 "$TCO" --version >/dev/null 2>&1; then
    echo "note: $TCO cannot start under an address-space limit (AddressSanitizer): skipped"
else
    for cmd in report validate; do
        expect_rc 1 timeout 60 prlimit --as=100000000 "$TCO" $cmd "$work/mc.ini"
        [ "$(cat "$work/err")" = "tco: analysis failed: out of memory" ] && ok ||
            bad "mc $cmd: stderr: $(cat "$work/err")"
        [ -s "$work/out" ] && bad "mc $cmd printed: $(cat "$work/out")" || ok
    done
fi

finish
