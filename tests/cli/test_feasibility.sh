#!/bin/bash
# test_feasibility.sh TCO SOURCE_DIR - the decision picks among feasible options
# (docs/MODEL.md, Feasibility and the decision) in the table, the JSON and the
# Markdown; count = auto sizes options; an option with count = auto and no workload
# is an error at its line. The figures are worked out by hand in the comments.
TCO=$1
SRC=$2
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
T="timeout 60"

# --- config/seed-70b-inference.ini: the single RTX 4090 is the cheapest (9,283.93) but
# cannot hold the 182 GB model (70e9 x 2 bytes x 1.3) in 24 GB: ceil(182 / 24) = 8 GPUs.
# The cheapest feasible option is the 8 rented RTX 4090s: 8 x 730 h x 0.5 x 0.61 x 12
# months x (1 + 0.9 + 0.81) = 57,924.62; the next feasible one, the rented A100s:
# 4 x 730 x 0.5 x 1.49 x 12 x (1 + 0.9 + 0.81) = 70,744.01, so 12,819 less.
S70="$SRC/config/seed-70b-inference.ini"
expect_rc 0 $T "$TCO" report "$S70"
grep -qxF "Cheapest: rtx4090-cloud (RTX 4090 24GB, rented on demand (RunPod / Vast.ai, 8 GPUs, one replica)), 12,819 USD less than a100-cloud over 36 months." "$work/out" &&
    ok || bad "table: Cheapest line: $(grep Cheapest "$work/out")"
grep -qxF "Left out, not feasible: rtx4090-single-buy (model does not fit in memory: 1 GPU, 8 needed)." "$work/out" &&
    ok || bad "table: Left out line: $(grep 'Left out' "$work/out")"
grep -q "^Lowest cost per request: rtx4090-cloud, " "$work/out" &&
    ok || bad "table: lowest cost per request: $(grep 'Lowest cost' "$work/out")"

expect_rc 0 $T "$TCO" report "$S70" -o "$work/s70.json"
"$PY" - "$work/s70.json" <<'PYEOF' && ok || bad "seed-70b JSON decision"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["decision"] == {"cheapest": "rtx4090-cloud", "lowest_npv": "rtx4090-cloud",
                         "lowest_cost_per_unit": "rtx4090-cloud",
                         "infeasible": ["rtx4090-single-buy"]}, d["decision"]
o = {x["id"]: x for x in d["options"]}
assert o["rtx4090-single-buy"]["feasible"] is False
assert o["rtx4090-single-buy"]["infeasible_reason"] == "model does not fit in memory"
assert o["rtx4090-cloud"]["feasible"] is True and o["rtx4090-cloud"]["infeasible_reason"] is None
assert abs(o["rtx4090-cloud"]["total"] - 57924.624) < 1e-6
PYEOF

expect_rc 0 $T "$TCO" report "$S70" -o "$work/s70.md"
grep -qxF -- "- Lowest total cost: RTX 4090 24GB, rented on demand (RunPod / Vast.ai, 8 GPUs, one replica), 57,924.62 USD" "$work/s70.md" &&
    ok || bad "Markdown: lowest total: $(grep 'Lowest total' "$work/s70.md")"
grep -qxF -- "- Left out, not feasible: RTX 4090 24GB, one card in a workstation (the guide's test as published) (model does not fit in memory)" "$work/s70.md" &&
    ok || bad "Markdown: left out: $(grep 'Left out' "$work/s70.md")"

# --- config/feasibility.ini: 70B at 5000 requests/s. count = auto: RTX 4090 rented
# max(ceil(182 / 24), ceil(5000 / 440)) = max(8, 12) = 12, bought 16 (two 8-card
# servers); H100 rented max(ceil(2.275), ceil(4.167)) = 5, bought 8. Eight rented RTX
# 4090s serve 3520 requests/s: below the target rate, 12 needed.
F="$SRC/config/feasibility.ini"
expect_rc 0 $T "$TCO" report "$F" -o "$work/f.json"
"$PY" - "$work/f.json" <<'PYEOF' && ok || bad "feasibility.ini JSON"
import json, sys
d = json.load(open(sys.argv[1]))
o = {x["id"]: x for x in d["options"]}
counts = {k: o[k]["count"] for k in o}
assert counts == {"rtx4090-cloud-8": 8, "rtx4090-cloud-auto": 12, "rtx4090-single-buy": 1,
                  "rtx4090-buy-auto": 16, "h100-cloud-auto": 5, "h100-buy-auto": 8}, counts
assert o["rtx4090-cloud-8"]["infeasible_reason"] == "below the target rate"
assert o["rtx4090-single-buy"]["infeasible_reason"] == \
    "model does not fit in memory; below the target rate"
# 12 rented RTX 4090s: 12 x 730 x 0.5 x 0.61 x 12 x 2.71 = 86,886.936
assert abs(o["rtx4090-cloud-auto"]["total"] - 86886.936) < 1e-6
assert d["decision"]["cheapest"] == "rtx4090-cloud-auto", d["decision"]
assert d["decision"]["infeasible"] == ["rtx4090-cloud-8", "rtx4090-single-buy"]
PYEOF
expect_rc 0 $T "$TCO" report "$F"
expect_err "feasibility.ini: [option rtx4090-cloud-8]: warning: 8 GPUs serve 3520 requests per second (440 each); requests_per_s = 5000 needs at least 12 GPUs"
grep -qxF "Left out, not feasible: rtx4090-cloud-8 (below the target rate: 8 GPUs, 12 needed); rtx4090-single-buy (model does not fit in memory; below the target rate: 1 GPU, 8 needed)." "$work/out" &&
    ok || bad "feasibility.ini: Left out line: $(grep 'Left out' "$work/out")"

# --- count = auto without a workload: an error at its line, nothing written ---
printf '[scenario]\nname = x\n[option a]\nacquire = rent\ncount = auto\nprice_per_gpu_hour = 1\n' >"$work/auto.ini"
expect_rc 2 $T "$TCO" report "$work/auto.ini" -o "$work/auto.json"
expect_err "auto.ini:5: error: option 'a': 'count = auto' sizes the option to the [workload], which sizes no model: set [workload] model_params, or give a count"
[ -e "$work/auto.json" ] && bad "a report was written for an invalid scenario" || ok
expect_rc 2 $T "$TCO" validate "$work/auto.ini"
expect_err "auto.ini:5: error: option 'a': 'count = auto'"

finish
