#!/bin/bash
# test_compare_saved.sh TCO SOURCE_DIR - tco compare with a saved JSON report on
# either side (OLD.json NEW.ini, OLD.json NEW.json, OLD.ini NEW.json): the same
# figures and deltas as two scenarios, inputs said not compared; the JSON read as
# untrusted input (FILE:LINE: error, exit 2, nothing written); and --fail-above
# AMOUNT or PERCENT: exit 3 when an option's total rises from A to B past the limit,
# 0 otherwise, with totals worked out by hand.
set -u
TCO=$1
SRC=$2
. "$SRC/tests/cli/lib.sh"
TCO_DATA_DIR=$SRC
export TCO_DATA_DIR
cd "$work" || exit 1

# Rent only, so that a total is count x hours x utilization x price x months
# (MODEL.md, on-demand rental): cloud 2 x 100 x 1 x 1.50 x 10 = 3,000 in old,
# 2 x 100 x 1 x 1.56 x 10 = 3,120 in new (+120, +4.0%); cheap 1 x 100 x 1 x 2 x 10
# = 2,000 in old, at 1.00 = 1,000 in new (it falls: never above a limit); extra
# only in new (1 x 100 x 3 x 10 = 3,000: not in both, never above a limit).
cat >old.ini <<'INI'
[scenario]
name = old
horizon_months = 10
hours_per_month = 100
[option cloud]
acquire = rent
count = 2
utilization = 1
price_per_gpu_hour = 1.5
[option cheap]
acquire = rent
count = 1
utilization = 1
price_per_gpu_hour = 2
INI
sed -e 's/^name = old/name = new/' -e 's/^price_per_gpu_hour = 1.5/price_per_gpu_hour = 1.56/' \
    -e 's/^price_per_gpu_hour = 2$/price_per_gpu_hour = 1/' old.ini >new.ini
printf '[option extra]\nacquire = rent\ncount = 1\nutilization = 1\nprice_per_gpu_hour = 3\n' >>new.ini
"$TCO" report old.ini -o old.json 2>/dev/null || bad "report old.ini"
"$TCO" report new.ini -o new.json 2>/dev/null || bad "report new.ini"

# The totals, by hand, in each saved report.
"$PY" - <<'PYEOF' && ok || bad "the totals are not the hand-worked ones"
import json
old = {o["id"]: o["total"] for o in json.load(open("old.json"))["options"]}
new = {o["id"]: o["total"] for o in json.load(open("new.json"))["options"]}
assert abs(old["cloud"] - 3000) < 1e-9 and abs(old["cheap"] - 2000) < 1e-9, old
assert abs(new["cloud"] - 3120) < 1e-9 and abs(new["cheap"] - 1000) < 1e-9, new
assert abs(new["extra"] - 3000) < 1e-9, new
PYEOF

# --- a saved report on either side: the figures of two scenarios ---
"$TCO" compare old.ini new.ini --format json >ini_ini.json 2>/dev/null || bad "compare ini ini"
for pair in "old.json new.ini" "old.json new.json" "old.ini new.json"; do
    # shellcheck disable=SC2086 # the pair is two words
    expect_rc 0 "$TCO" compare $pair --format json
    cp "$work/out" "$work/got.json"
    "$PY" - "$pair" <<'PYEOF' && ok || bad "compare $pair: figures differ from two scenarios'"
import json, math, sys
want = json.load(open("ini_ini.json"))
got = json.load(open("got.json"))
assert got["format_version"] == 1
assert want["inputs_compared"] is True and got["inputs_compared"] is False, got["inputs_compared"]
assert got["inputs"] == [], got["inputs"]
assert [o["id"] for o in got["options"]] == ["cloud", "cheap", "extra"], [o["id"] for o in got["options"]]
for wo, go in zip(want["options"], got["options"]):
    assert (wo["in_a"], wo["in_b"]) == (go["in_a"], go["in_b"])
    for name, w in wo.items():
        if not isinstance(w, dict) or name == "rank":  # the rank is not in a saved report
            continue
        g = go[name]
        for side in ("a", "b", "delta"):
            if side in w and w[side] is not None and g.get(side) is not None:
                assert math.isclose(w[side], g[side], rel_tol=0, abs_tol=1e-9) if isinstance(w[side], float) else w[side] == g[side], (name, side, w, g)
# The deltas by hand: cloud +120 (+4%), cheap -1,000 (-50%).
f = {o["id"]: o for o in got["options"]}
assert abs(f["cloud"]["total"]["delta"] - 120) < 1e-9 and abs(f["cloud"]["total"]["change"] - 0.04) < 1e-12
assert abs(f["cheap"]["total"]["delta"] + 1000) < 1e-9 and abs(f["cheap"]["total"]["change"] + 0.5) < 1e-12
PYEOF
done
expect_rc 0 "$TCO" compare old.json new.ini
grep -qx "Inputs: not compared (a saved report carries no inputs)." "$work/out" && ok ||
    bad "the table does not say inputs are not compared: $(head -5 "$work/out")"
grep -qE '^ +total +3,000 +3,120 +\+120 +\+4\.0%$' "$work/out" && ok || bad "no total row: $(cat "$work/out")"
expect_rc 0 "$TCO" compare old.json new.json --format md
grep -q "Not compared: a saved report carries no inputs." "$work/out" && ok || bad "md inputs"
expect_rc 0 "$TCO" compare old.ini new.ini
grep -q "^Inputs that differ (4):" "$work/out" && ok || bad "two scenarios: inputs not compared"

# --- every shipped scenario against its own saved report: every figure the same
# (delta 0, or none on both sides), and no total rises (--fail-above 0: exit 0) ---
for ini in "$SRC"/config/*.ini "$SRC"/examples/*.ini; do
    "$TCO" report "$ini" -q -o saved.json 2>/dev/null || bad "$ini: report"
    expect_rc 0 "$TCO" compare saved.json "$ini" -q --format json --fail-above 0
    "$PY" - "$work/out" <<'PYEOF' && ok || bad "$ini: its saved report compares as other than itself"
import json, sys
d = json.load(open(sys.argv[1]))
for o in d["options"]:
    assert o["in_a"] and o["in_b"], o["id"]
    for name, v in o.items():
        if not isinstance(v, dict) or name == "rank":
            continue
        # A reserved term's commitment after the horizon of 0: - on the saved side.
        if name == "commitment_after_horizon" and v["a"] is None and v["b"] == 0:
            continue
        assert (v["a"] is None) == (v["b"] is None), (o["id"], name, v)
        assert v.get("delta") in (0, None), (o["id"], name, v)
        if v["a"] is not None and "delta" not in v:
            assert v["a"] == v["b"], (o["id"], name, v)
PYEOF
done

# --- --fail-above: cloud's total rises by 120 (4.0%), cheap's falls ---
above() { # above WANT LIMIT [SIDES]: the exit status of compare with --fail-above LIMIT
    local want=$1 limit=$2
    shift 2
    expect_rc "$want" "$TCO" compare "${@:-old.ini}" "${2:-new.ini}" --fail-above "$limit" -o "$work/cmp.json"
}
for sides in "old.ini new.ini" "old.json new.ini" "old.json new.json" "old.ini new.json"; do
    for case in "3 100" "3 119.99" "0 120.01" "0 1000" "3 0" "3 3%" "3 3.99%" "0 4.01%" "0 50%"; do
        # shellcheck disable=SC2086 # the words are the arguments
        set -- $case $sides
        expect_rc "$1" "$TCO" compare "$3" "$4" --fail-above "$2" -o "$work/cmp.json"
        [ -s "$work/cmp.json" ] && ok || bad "--fail-above $2: the comparison was not written"
        rm -f "$work/cmp.json"
        if [ "$1" = 3 ]; then
            expect_err "tco: cloud: total rose by +120 (+4.0%), above --fail-above $2"
            grep -q "cheap\|extra" "$work/err" && bad "--fail-above $2 counts cheap or extra: $(cat "$work/err")" || ok
        else
            [ -s "$work/err" ] && bad "--fail-above $2 ($sides) said: $(cat "$work/err")" || ok
        fi
    done
done
# Without the limit, a rise is no failure; with a prefix of the option, the same.
expect_rc 0 "$TCO" compare old.ini new.ini
expect_rc 3 "$TCO" compare old.ini new.ini --fail=100
for limit in abc -5 5%% "" inf nan 1e999 "5 %" 0x10; do
    expect_rc 2 "$TCO" compare old.ini new.ini --fail-above "$limit"
    expect_err "tco: --fail-above takes an amount or a percentage (10000, 2%), not '$limit'"
done
expect_rc 2 "$TCO" report old.ini --fail-above 5
expect_err "option '--fail-above' does not apply to report"

# --- the JSON is untrusted: FILE:LINE: error, exit 2, nothing written ---
hostile() { # hostile NAME CONTENT MESSAGE
    printf '%s' "$2" >"$1"
    rm -f "$work/h.json"
    expect_rc 2 "$TCO" compare "$1" new.ini -o "$work/h.json"
    expect_err "$3"
    [ -e "$work/h.json" ] && bad "$1: written" || ok
}
hostile syntax.json $'{\n  "options": [\n}' "syntax.json:3: error: not valid JSON:"
hostile empty.json '' "empty.json:1: error: not valid JSON:"
hostile array.json '[]' "array.json: error: not a tco report: the top level is an array, not an object"
hostile noopts.json '{"format_version": 1, "scenario": {"name": "x"}}' \
    "noopts.json: error: not a tco report: no \"options\" array"
hostile noscen.json '{"format_version": 1, "options": []}' \
    "noscen.json: error: not a tco report: no \"scenario\" object"
hostile version.json '{"format_version": 2, "scenario": {"name": "x"}, "options": []}' \
    "version.json: error: format_version 2: this tco reads reports of format_version 1"
hostile vtype.json '{"format_version": "1", "scenario": {"name": "x"}, "options": []}' \
    "vtype.json: error: format_version: a whole number expected, found a string"
hostile dup.json '{"format_version": 1, "format_version": 1, "scenario": {"name": "x"}, "options": []}' \
    "dup.json:1: error: not valid JSON: duplicate object key"
hostile dupid.json '{"scenario": {"name": "x"}, "options": [{"id": "a"}, {"id": "a"}]}' \
    "dupid.json: error: options[1]: the id 'a' is given twice"
hostile noid.json '{"scenario": {"name": "x"}, "options": [{"total": 1}]}' \
    "noid.json: error: options[0]: no \"id\" string"
hostile total.json '{"scenario": {"name": "x"}, "options": [{"id": "a", "total": "12"}]}' \
    "total.json: error: options[0].total: a number or null expected, found a string"
hostile flag.json '{"scenario": {"name": "x"}, "options": [{"id": "a", "feasible": 1}]}' \
    "flag.json: error: options[0].feasible: true or false expected, found a number"
hostile label.json '{"scenario": {"name": "x"}, "options": [{"id": "a", "label": 5}]}' \
    "label.json: error: options[0].label: a string or null expected, found a number"
hostile big.json '{"scenario": {"name": "x"}, "options": [{"id": "a", "total": 1e999}]}' \
    "big.json:1: error: not valid JSON: real number overflow"
printf '{"scenario": {"name": "x"}, "options": %s1%s}' "$(printf '[%.0s' $(seq 3000))" \
    "$(printf ']%.0s' $(seq 3000))" >deep.json
expect_rc 2 "$TCO" compare deep.json new.ini
expect_err "deep.json:1: error: not valid JSON: maximum parsing depth reached"
mkdir dir.json
expect_rc 2 "$TCO" compare dir.json new.ini
expect_err "dir.json: error: cannot read"
# An escape in a saved id is shown escaped.
printf '{"scenario": {"name": "x"}, "options": [{"id": "a\\u001b[2Jb", "total": 1}]}' >esc.json
expect_rc 0 "$TCO" compare esc.json new.ini
grep -qF 'a\x1B[2Jb' "$work/out" && ok || bad "the id is not escaped: $(cat -v "$work/out" | head -12)"
# The output may not replace a saved report it reads.
cp old.json keep.json
expect_rc 2 "$TCO" compare keep.json new.ini -o keep.json
expect_err "the output is the same file as the input"
cmp -s old.json keep.json && ok || bad "keep.json was replaced"
finish
