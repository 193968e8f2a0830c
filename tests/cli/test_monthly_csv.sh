#!/bin/bash
# test_monthly_csv.sh TCO SOURCE_DIR - the monthly CSV reconciles (docs/MODEL.md, The
# monthly CSV): for every shipped scenario that reports (config/, examples/, tests/data/)
# and every option, months 0..H in order, each row's flows (paid0 + cost + residual +
# commitment_after_horizon) the change of its cumulative, the residual and the
# commitment only at month H, and the last cumulative the JSON's total, to 1e-9
# relative; and every number of the JSON and the CSV reads back as written (no
# %.17g tails such as 0.69999999999999996 where 0.7 reads back as the same double).
TCO=$1
SRC=$2
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

n=0
while IFS= read -r ini; do
    base=$work/s$n
    n=$((n + 1))
    # A scenario that does not report alone (a fragment for include =, a bad input
    # kept for a test) is not a scenario to reconcile.
    timeout 120 "$TCO" report "$ini" -o "$base.json" >/dev/null 2>&1 || continue
    if ! timeout 120 "$TCO" report "$ini" -o "$base.csv" --monthly 2>"$work/err"; then
        bad "$ini: csv: $(head -c 300 "$work/err")"
        continue
    fi
    if "$PY" - "$base.json" "$base.csv" "$ini" <<'PYEOF'; then ok; else bad "$ini"; fi
import csv, json, re, sys
rep = json.load(open(sys.argv[1]))
rows = list(csv.reader(open(sys.argv[2], newline="")))
H = rep["scenario"]["horizon_months"]
start = next(i for i, r in enumerate(rows) if r[:3] == ["id", "month", "paid0"])
head = rows[start]
# With carbon figures (MODEL.md, Carbon) the months' emissions follow the cumulative.
carbon = ["kwh", "scope2_location_tco2e", "scope2_market_tco2e", "scope3_purchased_tco2e",
          "scope3_capital_tco2e", "tco2e"]
if head[-len(carbon):] == carbon:
    head = head[:-len(carbon)]
elif head[-len(carbon) - 1:] == carbon + ["carbon_cost"]:
    head = head[:-len(carbon) - 1]
assert head[-4:] == ["cost", "residual", "commitment_after_horizon", "cumulative"], head
col = {name: k for k, name in enumerate(head)}
body = []
for r in rows[start + 1:]:
    if not r:
        break
    body.append(r)
ids = [o["id"] for o in rep["options"]]
assert len(body) == len(ids) * (H + 1), (len(body), len(ids), H)
close = lambda x, y: abs(x - y) <= 1e-9 * max(1.0, abs(x), abs(y))
for i, o in enumerate(rep["options"]):
    mine = body[i * (H + 1):(i + 1) * (H + 1)]
    prev = 0.0
    for m, r in enumerate(mine):
        assert r[0] == o["id"] and int(r[1]) == m, (r[:2], o["id"], m)
        v = {name: float(r[k]) for name, k in col.items() if name not in ("id", "month")}
        if m == 0:
            assert v["cost"] == 0, r
        else:
            assert v["paid0"] == 0, r
        if m < H:
            assert v["residual"] == 0 and v["commitment_after_horizon"] == 0, r
        flow = v["paid0"] + v["cost"] + v["residual"] + v["commitment_after_horizon"]
        assert close(v["cumulative"] - prev, flow), (o["id"], m, v["cumulative"], prev, flow)
        prev = v["cumulative"]
    last = float(mine[-1][col["cumulative"]])
    assert close(last, o["total"]), (o["id"], last, o["total"])
    assert close(-float(mine[-1][col["residual"]]), o["residual"] or 0), o["id"]
    assert close(float(mine[-1][col["commitment_after_horizon"]]), o["commitment_after_horizon"] or 0)
# Every number as short as reads back: no text of 17 digits whose 16-digit
# rounding reads back as the same double.
for text in (open(sys.argv[1]).read(), open(sys.argv[2]).read()):
    for t in re.findall(r"-?\d+\.\d+(?:e[-+]?\d+)?", text):
        digits = re.sub(r"e.*", "", t).replace("-", "").replace(".", "").lstrip("0")
        if len(digits) >= 17:
            assert float("%.16g" % float(t)) != float(t), t
PYEOF
done < <(find "$SRC/config" "$SRC/examples" "$SRC/tests/data" -name '*.ini' | LC_ALL=C sort)
[ "$pass" -ge 20 ] && ok || bad "only $pass scenarios reported"
finish
