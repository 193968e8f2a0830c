#!/bin/bash
# test_cli.sh TCO SOURCE_DIR - the command-line tool: exit codes, outputs,
# atomic writes, JSON shape and escaping, and every shipped scenario.
set -u
TCO=$1
SRC=$2
. "$(dirname "$0")/lib.sh"

# --- usage ---
expect_rc 0 "$TCO" --help
grep -q "Usage: tco report" "$work/out" && ok || bad "--help text"
expect_rc 0 "$TCO" report --help
expect_rc 0 "$TCO" --version
grep -qE '^tco [0-9]+\.[0-9]+\.[0-9]+$' "$work/out" && ok || bad "--version text"
expect_rc 2 "$TCO"
expect_rc 2 "$TCO" frobnicate
expect_err "tco: unknown command 'frobnicate'"
expect_rc 2 "$TCO" report
expect_rc 2 "$TCO" report "$SRC/config/seed-2026.ini" --bogus
expect_err "tco: unknown option '--bogus'"
expect_rc 2 "$TCO" report "$SRC/config/seed-2026.ini" -o "$work/x.txt2"
expect_err "cannot tell the format"
expect_rc 2 "$TCO" report "$SRC/config/seed-2026.ini" --format yaml
expect_rc 2 "$TCO" report "$SRC/config/seed-2026.ini" -o
expect_rc 2 "$TCO" report "$work/missing.ini"
expect_err "$work/missing.ini: error: cannot open: No such file or directory"

# --- every shipped scenario runs clean, as a table and as JSON ---
for ini in "$SRC"/config/*.ini "$SRC"/examples/*.ini "$SRC"/tests/carbon/*.ini; do
    expect_rc 0 "$TCO" report "$ini"
    grep -q "error:" "$work/err" && bad "$ini printed errors: $(cat "$work/err")"
    grep -q "is incomplete" "$work/err" && bad "$ini is incomplete: $(cat "$work/err")"
    grep -q "rank" "$work/out" && ok || bad "$ini: no table"
    expect_rc 0 "$TCO" report "$ini" -o "$work/out.json"
    "$PY" - "$work/out.json" <<'PYEOF' && ok || bad "$ini: JSON shape"
import json, sys
d = json.load(open(sys.argv[1]))
s = d["scenario"]
# [fx] adds its rates to the scenario, and to each converted option its price's fx.
fx = "fx" in s
assert set(s) == {"name", "currency", "horizon_months", "discount_rate", "hours_per_month"} | (
    {"fx"} if fx else set())
keys = ["id", "label", "acquire", "gpu", "count", "utilization", "capex", "power", "cooling",
        "facility", "maintenance", "staff", "rental", "commitment_after_horizon", "residual",
        "total", "npv", "gpu_hours", "cost_per_gpu_hour", "cost_per_pflop_hour",
        "cost_per_unit", "units_per_s_per_kw", "it_kw", "provisioned_kw", "depreciation",
        "book_value_end", "breakeven_month", "breakeven_utilization",
        "breakeven_utilization_note", "irr", "mirr", "payback_month",
        "discounted_payback_month", "irr_note", "feasible", "infeasible_reason", "incomplete",
        "monthly"]
# A scenario with a loan adds the loan's figures, and its monthly lines, to every option.
loan = ["loan_amount", "loan_payment", "loan_interest", "loan_principal",
        "loan_balance_at_horizon"]
loans = any("loan_amount" in o for o in d["options"])
if loans:
    at = keys.index("commitment_after_horizon") + 1
    keys = keys[:at] + loan + keys[at:]
# A scenario with a lease adds the lease's, after the loan's.
lease = ["lease_payment", "lease_payments", "lease_buyout"]
leases = any("lease_payment" in o for o in d["options"])
if leases:
    at = keys.index("residual")
    keys = keys[:at] + lease + keys[at:]
    # and lease against buy after infeasible_reason (MODEL.md, Lease against buy).
    at = keys.index("infeasible_reason") + 1
    keys = keys[:at] + ["compare_to", "implied_rate", "nal_rate", "nal"] + keys[at:]
# A scenario with [tax] adds the tax figures after irr_note, and each month's tax lines.
tax = ["tax0", "tax_depreciation", "tax_book_value_end", "tax_on_sale", "commitment_tax",
       "tax", "after_tax_total", "after_tax_npv", "irr_after_tax", "mirr_after_tax",
       "payback_month_after_tax", "discounted_payback_month_after_tax", "irr_after_tax_note"]
taxed = any("after_tax_total" in o for o in d["options"])
if taxed:
    at = keys.index("irr_note") + 1
    keys = keys[:at] + tax + keys[at:]
    # and, after infeasible_reason and lease against buy, section 179 and bonus (tax
    # depreciation by tax year)
    at = keys.index("nal") + 1 if leases else keys.index("infeasible_reason") + 1
    keys = keys[:at] + ["tax_expensing", "tax_bonus"] + keys[at:]
# A scenario whose site has a power limit adds it after infeasible_reason (MODEL.md,
# The site's power limit).
if any("power_cap_kw" in o for o in d["options"]):
    at = keys.index("infeasible_reason") + 1
    keys = keys[:at] + ["power_cap_kw"] + keys[at:]
# A scenario with named sites adds each option's site after its gpu.
if any("site" in o for o in d["options"]):
    at = keys.index("gpu") + 1
    keys = keys[:at] + ["site"] + keys[at:]
# A scenario with carbon figures (MODEL.md, Carbon) adds them after the rest, the
# carbon cost when priced, and each option's months of carbon after its months.
carbon = ["electricity_kwh", "scope2_location_tco2e", "scope2_market_tco2e",
          "scope3_purchased_tco2e", "scope3_capital_tco2e", "tco2e", "tco2e_per_unit",
          "tco2e_per_million_tokens", "tco2e_per_run", "embodied_tco2e_per_unit",
          "embodied_tco2e_per_million_tokens", "carbon_cost"]
carbons = any("tco2e" in o for o in d["options"])
if carbons:
    priced = any("carbon_cost" in o for o in d["options"])
    at = keys.index("incomplete")
    keys = keys[:at] + carbon[:len(carbon) - (not priced)] + keys[at:] + ["carbon_monthly"]
# A scenario with an API option adds the API's figures last, after the carbon's (MODEL.md,
# API options).
if any("tokens_per_month" in o for o in d["options"]):
    at = keys.index("incomplete")
    keys = keys[:at] + ["tokens_per_month", "api_cost_per_million_tokens",
                        "breakeven_tokens_per_day", "breakeven_tokens_note"] + keys[at:]
for o in d["options"]:
    # fx, a discount and the offer picked by offer = cheapest, where the option has
    # them, come in this order before incomplete.
    extra = ["fx", "discount", "offer_picked"]
    got = [k for k in o if k != "sizing" and k not in extra]
    assert got == keys, list(o)
    tail = [k for k in extra if k in o] + ["incomplete", "monthly"] + (
        ["carbon_monthly"] if carbons else [])
    assert list(o)[-len(tail):] == tail, list(o)
    assert "fx" not in o or fx, list(o)
    # Every shipped scenario is complete (MODEL.md, Completeness).
    assert o["incomplete"] == [], (o["id"], o["incomplete"])
    assert len(o["monthly"]) == s["horizon_months"]
    m = o["monthly"][-1]
    assert list(m) == ["month", "power", "cooling", "facility", "maintenance", "staff",
                       "rental"] + (["loan_interest", "loan_principal", "loan_balance"]
                                    if loans else []) + (["lease_payment", "lease_buyout"]
                                    if leases else []) + ["depreciation"] + (
                                    ["tax_depreciation", "tax"] if taxed else []) + [
                                    "cost", "cumulative"]
    total = m["cumulative"] - o["residual"] + o["commitment_after_horizon"]
    assert abs(total - o["total"]) <= 1e-6 * max(1, abs(o["total"]))
    assert (o["infeasible_reason"] is None) == o["feasible"], o["id"]
# The decision: among feasible options only (MODEL.md, Feasibility and the decision).
dec = d["decision"]
ranked = ["rank_by", "best"] if "rank_by" in dec else []
assert list(dec) == ranked + ["cheapest", "lowest_npv", "lowest_cost_per_unit",
                              "infeasible"], list(dec)
assert not taxed or ranked, "a scenario with [tax] names its ranking"
feasible = [o for o in d["options"] if o["feasible"]]
assert dec["infeasible"] == [o["id"] for o in d["options"] if not o["feasible"]]
assert dec["cheapest"] == (min(feasible, key=lambda o: o["total"])["id"] if feasible else None)
assert dec["lowest_npv"] == (min(feasible, key=lambda o: o["npv"])["id"] if feasible else None)
PYEOF
done

# --- JSON figures equal the independent reference, to 1e-9 ---
expect_rc 0 "$TCO" report "$SRC/tests/data/e2e/e2e-mixed.ini" -o -
"$PY" - "$work/out" "$SRC/tests/data/e2e/e2e-mixed.expected" <<'PYEOF' && ok || bad "JSON vs reference"
import json, sys
d = json.load(open(sys.argv[1]))
opts = {o["id"]: o for o in d["options"]}
n = 0
for line in open(sys.argv[2]):
    oid, field, value = line.split()
    if field.split(".")[0] in ("fiscal_years", "statements"):
        continue  # by fiscal year: tests/reference/e2e_json.py (reference_e2e_json)
    o = opts[oid]
    if field.startswith("monthly."):
        _, m, f = field.split(".")
        got = o["monthly"][int(m) - 1][f]
    else:
        got = o[field]
    if value == "null":
        assert got is None, (oid, field, got)
    elif isinstance(got, str):
        assert got == value, (oid, field, got, value)
    else:
        want = float(value)
        assert abs(got - want) <= 1e-9 * max(1, abs(want)), (oid, field, got, want)
    n += 1
assert n > 1000
PYEOF

# --- strings are escaped in JSON ---
cat >"$work/esc.ini" <<'INI'
[scenario]
name = quote " backslash \ tab	end
[option r]
label = =1+1 "x" \n 租用
acquire = rent
count = 1
price_per_gpu_hour = 1
INI
expect_rc 0 "$TCO" report "$work/esc.ini" -o "$work/esc.json"
"$PY" - "$work/esc.json" <<'PYEOF' && ok || bad "JSON escaping"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
assert d["scenario"]["name"] == 'quote " backslash \\ tab\tend', d["scenario"]["name"]
assert d["options"][0]["label"] == '=1+1 "x" \\n 租用', d["options"][0]["label"]
PYEOF

# --- bad input: exit 2, FILE:LINE errors, nothing written ---
cat >"$work/bad.ini" <<'INI'
[scenario]
name = bad
[site]
electricity_price = 0.1
pue = 1.4
[option b]
acquire = buy
count = 8
gpu_price = 30,000
tdp_w = 700W
INI
expect_rc 2 "$TCO" report "$work/bad.ini" -o "$work/bad.json"
expect_err "$work/bad.ini:9: error: '30,000' is not a number for 'gpu_price'"
expect_err "$work/bad.ini:10: error: '700W' is not a number for 'tdp_w'"
[ -e "$work/bad.json" ] && bad "output written for bad input" || ok
echo "keep me" >"$work/keep.json"
expect_rc 2 "$TCO" report "$work/bad.ini" -o "$work/keep.json"
[ "$(cat "$work/keep.json")" = "keep me" ] && ok || bad "existing output changed on bad input"

# --- unwritable output: exit 1, existing file untouched, no temporary left ---
expect_rc 1 "$TCO" report "$SRC/config/seed-2026.ini" -o "$work/no/such/dir/x.json"
expect_err "$work/no/such/dir/x.json: error: cannot write: No such file or directory"
mkdir "$work/adir"
expect_rc 1 "$TCO" report "$SRC/config/seed-2026.ini" -o "$work/adir" --format json
[ -d "$work/adir" ] && [ -z "$(ls -A "$work/adir")" ] && ok || bad "directory target changed"
expect_rc 0 "$TCO" report "$SRC/config/seed-2026.ini" -o "$work/keep.json"
[ "$(cat "$work/keep.json")" != "keep me" ] && ok || bad "output not replaced"
leftover=$(ls -A "$work" | grep -c '^\.' || true)
[ "$leftover" -eq 0 ] && ok || bad "temporary files left: $(ls -A "$work")"

# --- a table can go to a file too ---
expect_rc 0 "$TCO" report "$SRC/config/seed-2026.ini" -o "$work/t.txt"
grep -q "rank" "$work/t.txt" && ok || bad "table file"

# --- colour only on a terminal, and never with NO_COLOR ---
if command -v script >/dev/null 2>&1; then
    script -qec "env -u NO_COLOR '$TCO' report '$SRC/config/seed-2026.ini'" /dev/null >"$work/tty" 2>&1
    grep -q $'\033\[' "$work/tty" && ok || bad "no colour on a terminal"
    script -qec "NO_COLOR=1 '$TCO' report '$SRC/config/seed-2026.ini'" /dev/null >"$work/tty" 2>&1
    grep -q $'\033\[' "$work/tty" && bad "colour despite NO_COLOR" || ok
    "$TCO" report "$SRC/config/seed-2026.ini" >"$work/pipe"
    grep -q $'\033\[' "$work/pipe" && bad "colour in a pipe" || ok
    # The Monte Carlo progress bar: never when stderr is not a terminal.
    sed '$a [uncertainty]\nsamples = 200000\nsite.pue = uniform(1.2, 1.6)' \
        "$SRC/config/seed-2026.ini" >"$work/mc.ini"
    "$TCO" report "$work/mc.ini" >/dev/null 2>"$work/mcerr"
    [ -s "$work/mcerr" ] && bad "progress output on a pipe: $(head -c 200 "$work/mcerr")" || ok
fi

# A workbook of more than 1,000 option-months ((options + plans) x horizon) is
# written in constant_memory mode, row by row (docs/PERFORMANCE.md, "Two ways to
# write a workbook"): strings in place, no shared-string table. Each sheet keeps
# a temporary file open until the workbook is closed, so too low an open-file
# limit is a clear error that leaves nothing behind. A smaller one is built in
# memory, its strings in a shared table; in both, charts carry no cached values
# (libxlsxwriter would cache a range of formulas as zeros).
many_ini() { # $1 options, $2 months
    printf '[scenario]\nname = many sheets\nhorizon_months = %d\n[site]\nelectricity_price = 0.1\n[workload]\nutilization = 1\n' "$2"
    for i in $(seq 1 "$1"); do
        printf '[option o%d]\nacquire = rent\ncount = 1\nprice_per_gpu_hour = 2\n' "$i"
    done
}
many_ini 40 26 >"$work/many.ini"  # 1,040 option-months
many_ini 40 25 >"$work/some.ini"  # 1,000
expect_rc 0 "$TCO" report "$work/many.ini" -o "$work/many.xlsx"
expect_rc 0 "$TCO" report "$work/some.ini" -o "$work/some.xlsx"
$PY - "$work/many.xlsx" "$work/some.xlsx" <<'PYEOF' && ok || bad "workbook not written in the mode its size calls for"
import sys, zipfile
def sheets(z):
    return [n for n in z.namelist() if n.startswith("xl/worksheets/sheet")]
z = zipfile.ZipFile(sys.argv[1])
names = z.namelist()
assert "xl/sharedStrings.xml" not in names, names
assert all(b't="s"' not in z.read(n) for n in sheets(z))
assert b't="inlineStr"' in z.read("xl/worksheets/sheet1.xml")
y = zipfile.ZipFile(sys.argv[2])
assert "xl/sharedStrings.xml" in y.namelist(), y.namelist()
assert all(b't="inlineStr"' not in y.read(n) for n in sheets(y))
assert b't="s"' in y.read("xl/worksheets/sheet1.xml")
for b in (z, y):
    charts = [n for n in b.namelist() if n.startswith("xl/charts/chart")]
    assert charts and all(b"<c:numCache>" not in b.read(n) and b"<c:strCache>" not in b.read(n)
                          for n in charts), charts
PYEOF
(
    ulimit -n 30
    expect_rc 1 "$TCO" report "$work/many.ini" -o "$work/few-fds.xlsx"
    expect_err "few-fds.xlsx: error: cannot write workbook: cannot create a temporary file for a sheet: Too many open files"
    [ ! -e "$work/few-fds.xlsx" ] && ok || bad "a workbook was left at the target"
    ls -A "$work" | grep -q '^\.few-fds' && bad "a temporary file was left behind" || ok
    expect_rc 0 "$TCO" report "$work/some.ini" -o "$work/few-fds-small.xlsx" # no file per sheet
    finish >/dev/null
) && ok || bad "open-file limit checks failed"

# Standard output on a full device: every command that prints says so and fails.
if [ -w /dev/full ]; then
    for args in "--help" "--version" "report --help" "report $SRC/config/seed-2026.ini"; do
        # shellcheck disable=SC2086 # the words are the arguments
        "$TCO" $args >/dev/full 2>"$work/err"
        rc=$?
        [ $rc -eq 1 ] && ok || bad "tco $args to a full standard output: exit $rc, want 1"
        grep -q "cannot write to standard output" "$work/err" && ok ||
            bad "tco $args to a full standard output: $(head -c 200 "$work/err")"
    done
fi

# --- a GPU count too large to hold or to read: words and three digits, never inf ---
expect_rc 0 "$TCO" report "$SRC/tests/corpus/hostile-sizing-memory-overflow.ini"
grep -qE '^r +too many +NO' "$work/out" && ok || bad "overflowed min GPUs: $(grep '^r ' "$work/out")"
grep -q 'inf' "$work/out" && bad "table prints inf"
expect_rc 0 "$TCO" report "$SRC/tests/corpus/hostile-sizing-memory-tiny.ini"
grep -qE '^r +1\.92e\+307 +NO' "$work/out" && ok || bad "huge min GPUs: $(grep '^r ' "$work/out")"

# --- break-even in the same words everywhere: the table, JSON, CSV, Markdown ---
# Buy 2000 + 800 a month against rent at 1000, 500 and 250 a month by year: at or
# below the baseline in months 10-13 only, so no payback (docs/MODEL.md's example),
# and dearer at every utilization (30,800 against 21,000 u): never, never.
cat >"$work/payback.ini" <<'INI'
[scenario]
name = payback
horizon_months = 36
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0
[option buy]
acquire = buy
count = 1
gpu_price = 2000
tdp_w = 0
staff_per_month = 800
[option cloud]
acquire = rent
count = 1
price_per_gpu_hour = 10
price_decline = 0.5
INI
expect_rc 0 "$TCO" report "$work/payback.ini"
grep -qE '^ +2 +buy\* .*  never; utilization never$' "$work/out" && ok ||
    bad "table break-even words: $(grep ' buy ' "$work/out")"
grep -q '^Break-even month: from it to the end' "$work/out" && ok || bad "table: no legend"
expect_rc 0 "$TCO" report "$work/payback.ini" -o "$work/payback.json"
"$PY" - "$work/payback.json" <<'PYEOF' && ok || bad "JSON break-even and note"
import json, sys
o = {x["id"]: x for x in json.load(open(sys.argv[1]))["options"]}
assert o["buy"]["breakeven_month"] is None, o["buy"]["breakeven_month"]
assert o["buy"]["breakeven_utilization"] is None
assert o["buy"]["breakeven_utilization_note"] == "never"
assert o["cloud"]["breakeven_utilization_note"] is None
PYEOF
expect_rc 0 "$TCO" report "$work/payback.ini" -o "$work/payback.md"
grep -qF '| 2 | buy | buy | 30,800.00 | 30,800.00 | 8.56 | never | never |' "$work/payback.md" &&
    ok || bad "Markdown break-even words: $(grep '| buy |' "$work/payback.md")"
grep -qF '| 1 | cloud (baseline) | rent | 21,000.00 | 21,000.00 | 5.83 | – | – |' \
    "$work/payback.md" && ok || bad "Markdown dash: $(grep 'cloud' "$work/payback.md")"
expect_rc 0 "$TCO" report "$work/payback.ini" -o "$work/payback.csv"
# the flow -2000, 200 x 12, -300 x 12, -550 x 12: no IRR; MIRR at 0%,
# (2400 / 12200)^(1/3) - 1 = -41.84% a year; never paid back
tr -d '\r' <"$work/payback.csv" |
    grep -q '^buy,buy,buy,,1,1,2000,.*,,,never,,-0\.418409[0-9]*,,,more than one sign change and no rate with NPV 0,1,$' &&
    ok ||
    bad "CSV note: $(grep '^buy' "$work/payback.csv")"

# --- sensitivity: a driver that moves nothing is not among the largest ---
# A reserved option at 0 an hour with 1000 upfront: every swing is 0.
cat >"$work/flat.ini" <<'INI'
[scenario]
name = flat
[option r]
acquire = rent
count = 1
pricing = reserved
price_per_gpu_hour = 0
upfront = 1000
[option s]
acquire = rent
count = 1
price_per_gpu_hour = 1
INI
expect_rc 0 "$TCO" report "$work/flat.ini"
grep -qE '^  r +none$' "$work/out" && ok || bad "zero swings listed: $(grep '^  r ' "$work/out")"
grep -qE '^  s +(price_per_gpu_hour|utilization) [0-9,]+, (price_per_gpu_hour|utilization) [0-9,]+$' \
    "$work/out" && ok || bad "zero swing after real ones: $(grep '^  s ' "$work/out")"

# --- config/payback.ini: a dip below the baseline that does not stay is no payback ---
expect_rc 0 "$TCO" report "$SRC/config/payback.ini" -o "$work/payback.json"
"$PY" - "$work/payback.json" <<'PYEOF' && ok || bad "payback.ini: a dip that does not stay"
import json, sys
o = {x["id"]: x for x in json.load(open(sys.argv[1]))["options"]}
buy, cloud = o["buy"]["monthly"], o["cloud"]["monthly"]
below = [m + 1 for m in range(36) if buy[m]["cumulative"] <= cloud[m]["cumulative"]]
assert below and below[-1] < 36, below          # it dips, and does not stay
assert buy[35]["cumulative"] > cloud[35]["cumulative"]
assert o["buy"]["breakeven_month"] is None
PYEOF
expect_rc 0 "$TCO" report "$SRC/config/payback.ini"
grep -qE '^ +[12] +buy +buy .* never; ' "$work/out" && ok || bad "payback.ini table: $(grep ' buy ' "$work/out")"

# --- config/financed.ini: the returns of buying, in the JSON and in the table ---
expect_rc 0 "$TCO" report "$SRC/config/financed.ini" -o "$work/financed.json"
"$PY" - "$work/financed.json" <<'PYEOF' > "$work/returns.txt" && ok || bad "financed.ini: returns"
import json, sys
o = {x["id"]: x for x in json.load(open(sys.argv[1]))["options"]}
for i in ("h100-cash", "h100-loan", "h100-loan5"):
    r = o[i]
    assert (r["irr"] is None) == (r["irr_note"] is not None), r
    # the flow of MODEL.md: baseline net cost less the option's, months 0..H
    H = 36
    def net(x, m):
        if m == 0:
            return x["capex"] - x.get("loan_amount", 0)
        return x["monthly"][m - 1]["cost"] - (x["residual"] if m == H else 0)
    c = [net(o["h100-cloud"], m) - net(r, m) for m in range(H + 1)]
    if r["irr"] is not None:
        rm = (1 + r["irr"]) ** (1 / 12) - 1
        assert abs(sum(x / (1 + rm) ** k for k, x in enumerate(c))) < 1e-6 * sum(map(abs, c))
    pct = lambda v: "none" if v is None else "%.1f%%" % (v * 100)
    print("%s IRR %s, MIRR %s" % (i, pct(r["irr"]), pct(r["mirr"])))
assert o["h100-cloud"]["irr"] is None and o["h100-cloud"]["irr_note"] is None
PYEOF
expect_rc 0 "$TCO" report "$SRC/config/financed.ini"
grep -q '^Returns of buying against h100-cloud' "$work/out" && ok || bad "financed.ini table: no returns"
while read -r id rest; do
    grep -qE "^  $id +${rest//%/%}, payback (month [0-9]+|never)" "$work/out" && ok ||
        bad "financed.ini table: $id $rest: $(grep "^  $id " "$work/out")"
done < "$work/returns.txt"

# Lease against buy (MODEL.md): financed-taxed.ini's lease against its twin with the
# loan. Another route to the NAL: each option's whole after-tax flow, the same lines
# but the hardware's, discounted at the after-tax cost of debt, 9% * (1 - 0.21) / 12
# a month (at which the loan's own flows are worth nothing): the loan's less the
# lease's; and the cash option's likewise. The implied rate returns the price.
"$TCO" report "$SRC/config/financed-taxed.ini" -o "$work/ft.json" 2>/dev/null
"$PY" - "$work/ft.json" <<'PYEOF' && ok || bad "financed-taxed.ini: lease against buy"
import json, sys
d = json.load(open(sys.argv[1]))
o = {x["id"]: x for x in d["options"]}
H = d["scenario"]["horizon_months"]
e = o["h100-lease"]
assert e["compare_to"] == "h100-loan", e["compare_to"]
j = 0.09 * (1 - 0.21) / 12
assert abs(e["nal_rate"] - 12 * j) < 1e-12
def pv(x, paid0):
    f = [paid0 + x["tax0"]] + [m["cost"] + m["tax"] for m in x["monthly"]]
    f[H] -= x["residual"]
    return sum(v / (1 + j) ** k for k, v in enumerate(f))
lease = pv(e, e["lease_payment"])
for twin in ("h100-loan", "h100-cash"):
    b = o[twin]
    assert abs(pv(b, b["capex"] - b.get("loan_amount", 0)) - lease - e["nal"]) < 1e-6, twin
assert e["nal"] > 0
i = (1 + e["implied_rate"]) ** (1 / 12) - 1
P, C, n = e["lease_payment"], e["capex"], 36
assert abs(sum(P / (1 + i) ** k for k in range(n)) + 0.1 * C / (1 + i) ** n - C) < 1e-6
for x in ("h100-cash", "h100-loan", "h100-cloud"):
    assert o[x]["compare_to"] is None and o[x]["nal"] is None and o[x]["implied_rate"] is None
PYEOF
expect_rc 0 "$TCO" report "$SRC/config/financed-taxed.ini"
grep -qE '^  against h100-loan: implied rate 6\.76% a year; at the after-tax cost of debt, 7\.11% a year, leasing saves [0-9,]+\.$' "$work/out" && ok ||
    bad "financed-taxed.ini table: no lease against buy line"

# --- a site's own currency (MODEL.md, Sites): the Frankfurt hall in EUR against the
#     same hall typed in USD at the rate gives the same figures in the JSON ---
cat > "$work/fra-eur.ini" <<'INI'
[scenario]
name = Own room or a hall in Frankfurt
horizon_months = 12
[fx]
EUR = 0.8
[site]
electricity_price = 0.10
electricity_escalation = 0.03
pue = 2.1
[site fra]
currency = EUR
electricity_price = 0.112
pue = 1.35
colo_per_kw_month = 120
[option own]
acquire = buy
count = 8
gpu_price = 30000
tdp_w = 700
server_power_w = 1000
server_price = 0
utilization = 1
[option fra]
base = own
site = fra
install_price = 4000
staff_per_month = 400
INI
sed -e '/^\[fx\]/d' -e '/^EUR = 0.8/d' -e '/^currency = EUR/d' -e 's/^electricity_price = 0.112/electricity_price = 0.14/' \
    -e 's/^colo_per_kw_month = 120/colo_per_kw_month = 150/' -e 's/^install_price = 4000/install_price = 5000/' \
    -e 's/^staff_per_month = 400/staff_per_month = 500/' "$work/fra-eur.ini" > "$work/fra-usd.ini"
expect_rc 0 "$TCO" report "$work/fra-eur.ini" -o "$work/fra-eur.json"
expect_rc 0 "$TCO" report "$work/fra-usd.ini" -o "$work/fra-usd.json"
"$PY" - "$work/fra-eur.json" "$work/fra-usd.json" <<'PYEOF' && ok || bad "a site in EUR against the same site in USD"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
def same(x, y, path):
    if isinstance(x, dict):
        assert list(x) == list(y), (path, list(x), list(y))
        for k in x:
            same(x[k], y[k], path + "." + k)
    elif isinstance(x, list):
        assert len(x) == len(y), path
        for i, (p, q) in enumerate(zip(x, y)):
            same(p, q, "%s[%d]" % (path, i))
    elif isinstance(x, float) or isinstance(y, float):
        assert abs(x - y) <= 1e-9 * max(1, abs(y)), (path, x, y)
    else:
        assert x == y, (path, x, y)
same(a["options"], b["options"], "options")
same(a["decision"], b["decision"], "decision")
fra = {o["id"]: o for o in a["options"]}["fra"]
# by hand: 240,000 + 5,000 installation + 12 x 500 staff + 7,407.456 + 2,592.6096 + 11,880
assert abs(fra["total"] - 272880.0656) < 1e-6, fra["total"]
PYEOF

finish
