#!/usr/bin/python3
"""The Plan sheets are live: a plan's demand, capacity, hours served and cost lines
follow the demand's inputs and the plan's counts on Inputs (docs/MODEL.md, Demand and
Plans; docs/WORKBOOK.md, Plan sheets).

  live_plan.py BUILD_DIR REPO_DIR

1. MODEL.md's example of plans (H = 3, T = 100, D = 100, 300, 500; plan `mix`: 2 owned
   gb, 1 reserved rv, overflow od at twice gb's throughput): audits its workbook
   (recalc_audit.py, LibreOffice and Gnumeric) and checks the Plan mix sheet's figures
   against those worked out by hand in MODEL.md, cached and recalculated.
2. Sets mix's own_count (Plan2_OwnCount) to 3 on Inputs, recalculates in LibreOffice
   and checks the sheet against the figures worked out by hand below.
3. tests/data/plans.ini (24 months, growth, seasonality, a reserved term that runs on
   demand after it, a decline, an escalation): audits its workbook, then sets mix's
   own_count to 16 and DemandGrowth to 0.3 on Inputs, recalculates in LibreOffice, and
   compares every plan's total and NPV with tco's for the scenario edited alike; the
   master check stays OK.
Exit 0 when every figure agrees; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, run_audit, tco_binary  # noqa: E402
from live_model import defined_cell, engine_after  # noqa: E402
from audit_all import master_check  # noqa: E402

EXAMPLE = """[scenario]
name = plan example
horizon_months = 3
hours_per_month = 100
discount_rate = 0
[site]
electricity_price = 0.1
pue = 1.5
[option gb]
acquire = buy
count = 2
gpu_price = 1000
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 10
[option rv]
acquire = rent
pricing = reserved
count = 1
price_per_gpu_hour = 2
[option od]
acquire = rent
count = 1
price_per_gpu_hour = 3
throughput = 20
[demand]
reference = gb
gpu_hours_per_month = 200
seasonality = 0.5, 1.5, 2.5, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5, 1
[plan own-only]
own = gb
own_count = 2
[plan mix]
own = gb
reserve = rv
reserve_count = 1
overflow = od
"""

# Rows of a Plan sheet by their label in column A: months 0..3 in columns D..G, the
# total in C.
ROWS = {"Demand": "demand", "Served by owned GPUs": "s_own",
        "Served by reserved GPUs": "s_res", "Served on demand (overflow)": "s_over",
        "Owned utilization u(m)": "u", "Owned: operating cost": "own_cost",
        "Rental": "rent", "On-demand hours bought": "ov_cost",
        "Cost: month 0 paid, then each month's": "cost", "Net cost (cost - residual)": "net",
        "Present value": "pv"}

# MODEL.md's example: owned 100, 200, 200 hours (u = 0.5, 1, 1), its cost 6 + 24u = 18,
# 30, 30 a month and 2,000 of capex; reserved 0, 100, 100 at 200 a month; overflow 200
# reference hours in month 3 = 100 od hours at 3. Total 2,978.
WANT = {"demand": [None, 100, 300, 500], "s_own": [None, 100, 200, 200],
        "s_res": [None, 0, 100, 100], "s_over": [None, 0, 0, 200],
        "u": [None, 0.5, 1, 1], "own_cost": [None, 18, 30, 30], "rent": [None, 200, 200, 200],
        "ov_cost": [None, 0, 0, 300], "cost": [2000, 218, 230, 530],
        "net": [2000, 218, 230, 530], "total": 2978}

# own_count = 3 (capacity 300): owned 100, 300, 300 hours (u = 1/3, 1, 1); it_kw =
# 3 (0.2 + 0.8u) = 0.6 + 2.4u, power 6 + 24u and cooling half that: 9 + 36u = 21, 45,
# 45, and 3,000 of capex; reserved 0, 0, 100 hours, still 200 a month paid; overflow
# 100 reference hours in month 3 = 50 od hours at 3 = 150. Total 3,000 + 111 + 600 +
# 150 = 3,861.
WANT_EDITED = {"demand": [None, 100, 300, 500], "s_own": [None, 100, 300, 300],
               "s_res": [None, 0, 0, 100], "s_over": [None, 0, 0, 100],
               "u": [None, 1 / 3, 1, 1], "own_cost": [None, 21, 45, 45],
               "rent": [None, 200, 200, 200], "ov_cost": [None, 0, 0, 150],
               "cost": [3000, 221, 245, 395], "net": [3000, 221, 245, 395], "total": 3861}


def plan_rows(book, sheet):
    """{row name: [month 0..H values], 'total': net cost total, 'npv': NPV} of a Plan
    sheet's values."""
    ws = openpyxl.load_workbook(book, data_only=True)[sheet]
    out = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        name = ROWS.get(row[0].value)
        if name and name not in out:
            out[name] = [c.value for c in row[3:]]
            if name == "net":
                out["total"] = row[2].value
            if name == "pv":
                out["npv"] = row[2].value
    return out


def close(got, want):
    return isinstance(got, (int, float)) and abs(got - want) <= 1e-9 * max(1, abs(want))


def compare(got, want, what):
    bad = []
    for key, w in want.items():
        g = got.get(key)
        if isinstance(w, list):
            g = g or []
            for m, v in enumerate(w):
                if v is not None and not (m < len(g) and close(g[m] or 0, v)):
                    bad.append(f"{what}: {key} month {m}: {g[m] if m < len(g) else None!r}, "
                               f"want {v}")
        elif not close(g, w):
            bad.append(f"{what}: {key}: {g!r}, want {w}")
    return bad


def example(tco, tmp):
    """Steps 1 and 2: MODEL.md's example by hand."""
    bad = []
    ini = os.path.join(tmp, "example.ini")
    with open(ini, "w") as f:
        f.write(EXAMPLE)
    book = os.path.join(tmp, "example.xlsx")
    subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
    ok, line = run_audit(book)
    print("audit (example):", line)
    if not ok:
        bad.append("the example's workbook does not audit clean")
    bad += compare(plan_rows(book, "Plan mix"), WANT, "cached")
    bad += compare(plan_rows(lo_recalc(book, os.path.join(tmp, "lo1")), "Plan mix"), WANT,
                   "recalculated")
    wb = openpyxl.load_workbook(book)
    sheet, coord = defined_cell(wb, "Plan2_OwnCount")
    print(f"Plan2_OwnCount ({sheet}!{coord}): {wb[sheet][coord].value} -> 3")
    wb[sheet][coord].value = 3
    edited = os.path.join(tmp, "example-edited.xlsx")
    wb.save(edited)
    after = lo_recalc(edited, os.path.join(tmp, "lo2"))
    bad += compare(plan_rows(after, "Plan mix"), WANT_EDITED, "edited")
    if master_check(after) != "OK":
        bad.append("the example's master check after the edit is not OK")
    return bad


def shipped_like(tco, repo, tmp):
    """Step 3: tests/data/plans.ini edited on Inputs against tco on the edited INI."""
    bad = []
    ini = os.path.join(repo, "tests", "data", "plans.ini")
    book = os.path.join(tmp, "plans.xlsx")
    subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
    ok, line = run_audit(book)
    print("audit (plans.ini):", line)
    if not ok:
        bad.append("plans.ini's workbook does not audit clean")
    wb = openpyxl.load_workbook(book)
    for name, v in (("Plan1_OwnCount", 16), ("DemandGrowth", 0.3)):
        sheet, coord = defined_cell(wb, name)
        print(f"{name} ({sheet}!{coord}): {wb[sheet][coord].value} -> {v}")
        wb[sheet][coord].value = v
    edited = os.path.join(tmp, "plans-edited.xlsx")
    wb.save(edited)
    after = lo_recalc(edited, os.path.join(tmp, "lo3"))
    engine = engine_after(tco, ini, {("plan mix", "own_count"): 16, ("demand", "growth"): 0.3},
                          tmp)
    if engine is None:
        return bad + ["tco refused the edited scenario"]
    before = json.loads(subprocess.run([tco, "report", ini, "-o", "-"], check=True,
                                       capture_output=True, text=True).stdout)
    first = {p["name"]: p for p in before["plans"]}
    for p in engine["plans"]:
        p0 = first[p["name"]]
        got = plan_rows(after, f"Plan {p['name']}")
        for key in ("total", "npv"):
            print(f"plan {p['name']} {key}: {p0[key]:,.2f} -> workbook {got.get(key)!r}, "
                  f"tco {p[key]:,.2f}")
            if not close(got.get(key), p[key]):
                bad.append(f"edited: plan {p['name']} {key}: {got.get(key)!r}, tco {p[key]}")
            if close(p[key], p0[key]):
                bad.append(f"edited: plan {p['name']} {key} did not move")
    if master_check(after) != "OK":
        bad.append("plans.ini's master check after the edit is not OK")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        bad = example(tco, tmp) + shipped_like(tco, sys.argv[2], tmp)
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
