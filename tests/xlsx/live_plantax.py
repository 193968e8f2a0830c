#!/usr/bin/python3
"""A plan's tax in the workbook is live (docs/MODEL.md, "Plans after tax" and "A plan's
budget"; docs/WORKBOOK.md, A plan's sheet, Budget, Summary, Checks): each plan sheet's
Tax block, the Budget's tax and after-tax columns of the plan blocks, the Summary's
after-tax columns of the plans' table and the Checks' plan budget rows follow an edit
of the tax rate and of a plan's count on Inputs.

  live_plantax.py BUILD_DIR REPO_DIR

1. MODEL.md's example "after tax by hand" (the plan mix, [tax] rate = 0.25, gb
   depreciated straight-line over 1 year): the plan sheet's tax depreciation 166.67 a
   month, its tax rows -96.17, -99.17, -549.17, the after-tax total 2,233.5 and, at
   r_m = 0.01, the after-tax NPV 2,230.2795, recalculated by LibreOffice and by
   Gnumeric; without discounting both are 2,233.5. Figures by hand, not tco's.
2. tests/data/capacity-plan-tax.ini (config/capacity-plan-2026.ini with [tax] and a
   plan for each financing: cash, loan, a lease bought out, a lease past the horizon,
   staged purchases on a loan and on a lease with a refresh, reserved and overflow):
   the workbook audits clean (recalc_audit.py: LibreOffice and Gnumeric) and keeps the
   FAST conventions (fast_audit.py: no month tests, no upward or rightward references,
   one formula per timeline row); every new cell (each plan's tax by month, its tax,
   after-tax total and NPV in C, the Budget's tax and after-tax total by fiscal year,
   the Summary's figure (rank_by = after_tax_npv: the NPV after tax), after-tax columns
   and rank, the Checks' plan budget rows) cached and recalculated against tco's JSON.
3. TaxRate 0.25 -> 0.3 and own-loan's own_count (Plan1_OwnCount) 32 -> 40 on Inputs,
   recalculated in LibreOffice and in Gnumeric, against tco's JSON for the INI edited
   alike.
4. tests/data/plan-tax-variants.ini (straight-line for tax on an option depreciated by
   MACRS, interest not deductible, spares, a reserved term with an upfront and on
   demand after it, staged loans with refresh_month = auto): audited, and the same
   cells cached and recalculated against tco's JSON.
Exit 0 when every figure agrees; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_model import defined_cell  # noqa: E402
from recalc_service import gnumeric  # noqa: E402
import fast_audit  # noqa: E402

TAX = "Tax: -rate x deductible, and the tax on the sale"
AT_NET = "Net cost after tax (net cost + tax)"
AT_PV = "Present value after tax"
DEP = "Tax depreciation"
CHECK = "Plan: the fiscal years' totals after tax"
RANK_BY = "total"  # the scenario's rank_by, from tco's JSON

HAND_INI = """[scenario]
name = tax
horizon_months = 3
hours_per_month = 100
discount_rate = {rate}
[site]
electricity_price = 0.1
pue = 1.5
[tax]
rate = 0.25
[option gb]
acquire = buy
count = 2
gpu_price = 1000
tdp_w = 1000
idle_power_fraction = 0.2
load_power_fraction = 1
throughput = 10
depreciation = straight-line
depreciation_years = 1
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
[plan mix]
own = gb
reserve = rv
reserve_count = 1
overflow = od
"""

# By hand (MODEL.md, Plans after tax): depreciation 2,000 / 12 a month; tax(1) =
# -0.25 * (18 + 166.67 + 200), tax(2) = -0.25 * (30 + 166.67 + 200), tax(3) = -0.25 *
# (30 + 166.67 + 200 + 300) - 375; after-tax total 2,978 - 744.5; after-tax NPV
# 2,955.7225 - 96.17/1.01 - 99.17/1.01^2 - 549.17/1.01^3.
HAND_TAX = [0, -0.25 * (18 + 2000 / 12 + 200), -0.25 * (30 + 2000 / 12 + 200),
            -0.25 * (30 + 2000 / 12 + 200 + 300) - 375]
HAND = {"0": (2233.5, 2233.5), "0.12682503013196972": (2233.5, 2230.27948467)}


def near(a, b, tol=1e-9):
    return isinstance(a, (int, float)) and abs(a - b) <= tol * max(1, abs(b))


def plan_rows(ws):
    """{label: row} of a plan sheet's column A."""
    out = {}
    for r in range(1, ws.max_row + 1):
        v = ws.cell(r, 1).value
        if isinstance(v, str) and v not in out:
            out[v] = r
    return out


def months(ws, row, n):
    """Row `row`'s months 0..n (columns D..)."""
    return [ws.cell(row, 4 + m).value for m in range(n + 1)]


def book_figures(path, plans, H):
    """What the workbook shows of each plan's tax: {plan: {...}}."""
    wb = load_values(path)
    out = {}
    for name in plans:
        ws = wb["Plan " + name]
        rows = plan_rows(ws)
        out[name] = {"tax": ws.cell(rows[TAX], 3).value,
                     "tax_months": months(ws, rows[TAX], H),
                     "after_tax_total": ws.cell(rows[AT_NET], 3).value,
                     "after_tax_npv": ws.cell(rows[AT_PV], 3).value}
    bg = wb["Budget"]
    rows = [[c.value for c in r] for r in bg.iter_rows(min_row=1, max_row=bg.max_row)]
    for k, r in enumerate(rows):
        if r and isinstance(r[0], str) and r[0].startswith("Plan ") and r[0][5:] in out:
            years, j = [], k + 2
            while j < len(rows) and isinstance(rows[j][0], (int, float)):
                years.append((rows[j][11], rows[j][12]))
                j += 1
            out[r[0][5:]]["years"] = years
    sm = wb["Summary"]
    rows = [[c.value for c in r] for r in sm.iter_rows(min_row=1, max_row=sm.max_row)]
    for k, r in enumerate(rows):
        if r and isinstance(r[0], str) and r[0].startswith("Plans, ranked"):
            for v in rows[k + 2:]:
                if not v or v[0] not in out:
                    break
                out[v[0]]["summary"] = (v[3], v[5], v[6], v[7])
    ck = wb["Checks"]
    for r in ck.iter_rows(min_row=1, max_row=ck.max_row, values_only=True):
        if r[0] in out and isinstance(r[1], str) and r[1].startswith(CHECK):
            out[r[0]]["check"] = r[7]
    return out


def engine_figures(tco, ini):
    """The same from tco's JSON for ini (the Summary's figure: rank_by's)."""
    out = json.loads(subprocess.run([tco, "report", ini, "-o", "-"], check=True, timeout=120,
                                    capture_output=True, text=True).stdout)
    global RANK_BY
    RANK_BY = (out.get("decision") or {}).get("rank_by") or "total"
    got = {}
    for rank, p in enumerate(out["plans"]):
        got[p["name"]] = {
            "tax": p["after_tax_total"] - p["total"],
            "tax_months": [p["tax0"]] + [m["tax"] for m in p["monthly"]],
            "after_tax_total": p["after_tax_total"],
            "after_tax_npv": p["after_tax_npv"],
            "years": [(y["tax"], y["total"]) for y in p["fiscal_years"]],
            "summary": (p[RANK_BY], rank + 1, p["after_tax_total"], p["after_tax_npv"]),
            "check": "OK"}
    return got


def compare(got, want, what):
    bad = []
    for plan, w in want.items():
        g = got.get(plan, {})
        for key, wv in w.items():
            gv = g.get(key)
            if isinstance(wv, (list, tuple)):
                flat_w = [x for t in wv for x in (t if isinstance(t, tuple) else (t,))]
                flat_g = [] if gv is None else \
                    [x for t in gv for x in (t if isinstance(t, tuple) else (t,))]
                ok = len(flat_g) == len(flat_w) and all(
                    near(a, b, 1e-8) if isinstance(b, (int, float)) else a == b
                    for a, b in zip(flat_g, flat_w))
            elif isinstance(wv, str):
                ok = gv == wv
            else:
                ok = near(gv, wv, 1e-8)
            if not ok:
                bad.append(f"{what}: plan {plan} {key}: {gv!r}, want {wv!r}")
    return bad


def recalculated(book, tmp, tag):
    """The book recalculated by LibreOffice and by Gnumeric: [(program, path)]."""
    out = [("libreoffice", lo_recalc(book, os.path.join(tmp, "lo-" + tag)))]
    g, words = gnumeric(book, os.path.join(tmp, "gn-" + tag + ".xlsx"))
    out.append(("gnumeric", g))
    if not g:
        print("gnumeric:", words)
    return out


def hand_example(tco, tmp):
    """Part 1: MODEL.md's example in the workbook, recalculated."""
    bad = []
    for rate, (total, npv) in HAND.items():
        ini = os.path.join(tmp, f"hand-{len(rate)}.ini")
        with open(ini, "w") as f:
            f.write(HAND_INI.format(rate=rate))
        book = ini[:-4] + ".xlsx"
        subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
        for prog, path in [("cached", book)] + recalculated(book, tmp, f"hand-{len(rate)}"):
            if not path:
                bad.append(f"{prog} did not recalculate the example")
                continue
            ws = load_values(path)["Plan mix"]
            rows = plan_rows(ws)
            what = f"example at discount_rate {rate}, {prog}"
            got = months(ws, rows[TAX], 3)
            if not all(near(a, b) for a, b in zip(got, HAND_TAX)):
                bad.append(f"{what}: tax by month {got!r}, want {HAND_TAX!r}")
            dep = months(ws, rows[DEP], 3)
            if not all(near(a, b) for a, b in zip(dep, [0] + [2000 / 12] * 3)):
                bad.append(f"{what}: tax depreciation {dep!r}")
            for label, want in ((AT_NET, total), (AT_PV, npv), (TAX, total - 2978)):
                v = ws.cell(rows[label], 3).value
                if not near(v, want, 1e-9):
                    bad.append(f"{what}: {label} {v!r}, want {want}")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])
    repo = os.path.abspath(sys.argv[2])
    src = os.path.join(repo, "tests", "data", "capacity-plan-tax.ini")
    config = os.path.join(repo, "config", "capacity-plan-2026.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        bad += hand_example(tco, tmp)

        text = open(src).read().replace("../../config/capacity-plan-2026.ini", config)
        ini = os.path.join(tmp, "plantax.ini")
        with open(ini, "w") as f:
            f.write(text)
        book = os.path.join(tmp, "plantax.xlsx")
        subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        m = fast_audit.measure(book)
        print(fast_audit.report(book, m))
        if m["month_tests"] or m["upward"] or m["rightward"] or m["uniform"] != m["timeline"]:
            bad.append("the workbook breaks the FAST conventions")
        want = engine_figures(tco, ini)
        H = len(next(iter(want.values()))["tax_months"]) - 1
        if len(want) != 12:
            bad.append(f"{len(want)} plans, want 12")
        bad += compare(book_figures(book, want, H), want, "cached")
        for prog, path in recalculated(book, tmp, "a"):
            bad += compare(book_figures(path, want, H), want, prog) if path else \
                [f"{prog} did not recalculate"]

        wb = openpyxl.load_workbook(book)
        for name, value in (("TaxRate", 0.3), ("Plan1_OwnCount", 40)):
            sheet, coord = defined_cell(wb, name)
            print(f"{name} ({sheet}!{coord}): {wb[sheet][coord].value} -> {value}")
            wb[sheet][coord].value = value
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        text = text.replace("rate = 0.25", "rate = 0.3").replace(
            "own = h100-loan\nown_count = 32", "own = h100-loan\nown_count = 40")
        ini2 = os.path.join(tmp, "edited.ini")
        with open(ini2, "w") as f:
            f.write(text)
        want2 = engine_figures(tco, ini2)
        if abs(want2["own-loan"]["after_tax_total"] - want["own-loan"]["after_tax_total"]) < 1:
            bad.append("the edit changes nothing in tco's figures")
        for prog, path in recalculated(edited, tmp, "b"):
            bad += compare(book_figures(path, want2, H), want2, prog + " edited") if path else \
                [f"{prog} did not recalculate the edited book"]
        variants = os.path.join(repo, "tests", "data", "plan-tax-variants.ini")
        book = os.path.join(tmp, "variants.xlsx")
        subprocess.run([tco, "report", variants, "-o", book], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the variants' workbook does not audit clean")
        want = engine_figures(tco, variants)
        H = len(next(iter(want.values()))["tax_months"]) - 1
        bad += compare(book_figures(book, want, H), want, "variants cached")
        for prog, path in recalculated(book, tmp, "v"):
            bad += compare(book_figures(path, want, H), want, "variants " + prog) if path else \
                [f"{prog} did not recalculate the variants"]
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
