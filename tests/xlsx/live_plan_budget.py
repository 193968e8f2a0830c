#!/usr/bin/python3
"""The Budget's plan blocks are live: each plan's owned, reserved and on-demand cash by
fiscal year, SUMIFS over its plan sheet's rows by the sheet's fiscal-year row, follow
the plan's counts and StartMonth/FiscalYearStart on Inputs (docs/MODEL.md, "A plan's
budget"; docs/WORKBOOK.md, Budget); so do the Summary's plan rows, each plan's total and
its rank (docs/WORKBOOK.md, Summary).

  live_plan_budget.py BUILD_DIR REPO_DIR

1. Writes the workbook of the scenario below and audits it (recalc_audit.py,
   LibreOffice and Gnumeric); checks the plan blocks' cached values and those
   recalculated by LibreOffice and by Gnumeric against the figures worked out by hand
   below, and against tco's JSON (fiscal_years of each plan); the Summary's plan rows
   (total, serves all demand, rank) likewise: own 2,400 first, mix 5,400 second.
2. Sets plan own's own_count (Plan1_OwnCount) to 5 and FiscalYearStart to 1 on Inputs,
   recalculates in LibreOffice and in Gnumeric, and checks the plan blocks and the
   Summary's plan rows against tco's JSON for the INI edited alike (own_count = 5,
   fiscal_year_start = 1): own now 6,000 + 1,500 - 1,500 = 6,000, ranked after mix.
Exit 0 when every figure agrees; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_model import defined_cell  # noqa: E402
from recalc_service import gnumeric  # noqa: E402

INI = """[scenario]
name = plan budget
horizon_months = 15
hours_per_month = 100
discount_rate = 0
start = 2027-05
fiscal_year_start = 7
[site]
electricity_price = 0
[option gb]
acquire = buy
count = 1
gpu_price = 1200
tdp_w = 0
staff_per_month = 100
resale_fraction = 0.25
throughput = 10
[option rv]
acquire = rent
pricing = reserved
count = 1
price_per_gpu_hour = 2
throughput = 10
[option od]
acquire = rent
count = 1
price_per_gpu_hour = 5
throughput = 10
[demand]
reference = gb
gpu_hours_per_month = 100
[plan own]
own = gb
overflow = od
[plan mix]
own = gb
reserve = rv
overflow = od
"""

# By hand, as written: month 0 is April 2027, in FY2027 (July 2026 - June 2027) with
# months 1 and 2; months 3..14 are FY2028; month 15 (July 2028) FY2029. gb's one GPU
# serves the 100 hours demanded each month: owned 1,200 at month 0 and 100 of staff a
# month, its residual 0.25 * 1,200 = 300 back at month 15; nothing on demand; mix's
# reserved GPU 100 hours * 2 = 200 a month.
# {plan: [(year, own, reserve, overflow, total before tax)]}
# Totals: own 1,200 + 15 * 100 - 300 = 2,400; mix that and 15 * 200 = 5,400.
HAND_SUMMARY = {"own": (2400, 1, 1), "mix": (5400, 1, 2)}
HAND = {
    "own": [(2027, 1400, 0, 0, 1400), (2028, 1200, 0, 0, 1200), (2029, -200, 0, 0, -200)],
    "mix": [(2027, 1400, 400, 0, 1800), (2028, 1200, 2400, 0, 3600), (2029, -200, 200, 0, 0)],
}


def blocks(book):
    """{plan name: [(year, own, reserve, overflow, total)]} from the Budget's values."""
    ws = load_values(book)["Budget"]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=1, max_row=ws.max_row)]
    out = {}
    for k, r in enumerate(rows):
        if r and isinstance(r[0], str) and r[0].startswith("Plan "):
            years, j = [], k + 2
            while j < len(rows) and isinstance(rows[j][0], (int, float)):
                years.append(tuple(rows[j][0:1] + rows[j][7:11]))
                j += 1
            out[r[0][5:]] = years
    return out


def summary_plans(book):
    """{plan: (figure, serves all demand, rank)} from the Summary's plan rows."""
    ws = load_values(book)["Summary"]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=1, max_row=ws.max_row)]
    out = {}
    for k, r in enumerate(rows):
        if r and isinstance(r[0], str) and r[0].startswith("Plans, ranked"):
            for v in rows[k + 2:]:
                if not v or not isinstance(v[0], str) or not isinstance(v[3], (int, float)):
                    break
                out[v[0]] = (v[3], v[4], v[5])
    return out


def engine_summary(tco, ini_text, tmp, name):
    """{plan: (total, serves all demand, rank)} from tco's JSON (plans best first)."""
    ini = os.path.join(tmp, name + "-s.ini")
    with open(ini, "w") as f:
        f.write(ini_text)
    out = subprocess.run([tco, "report", ini, "-o", "-"], check=True, timeout=120,
                         capture_output=True, text=True).stdout
    return {p["name"]: (p["total"], 1 if p["serves_demand"] else 0, k + 1)
            for k, p in enumerate(json.loads(out)["plans"])}


def compare_summary(got, want, what):
    bad = []
    for plan, w in want.items():
        g = got.get(plan)
        if g is None or any(not isinstance(a, (int, float)) or abs(a - b) > 1e-9 * max(1, abs(b))
                            for a, b in zip(g, w)):
            bad.append(f"{what}: Summary plan {plan}: {g!r}, want {w!r}")
    return bad


def engine(tco, ini_text, tmp, name):
    """{plan: [(year number, own, reserve, overflow, own + reserve + overflow)]} from tco's
    JSON for ini_text."""
    ini = os.path.join(tmp, name + ".ini")
    with open(ini, "w") as f:
        f.write(ini_text)
    out = subprocess.run([tco, "report", ini, "-o", "-"], check=True, timeout=120,
                         capture_output=True, text=True).stdout
    got = {}
    for p in json.loads(out)["plans"]:
        got[p["name"]] = [(int(y["year"][2:]), y["own"], y["reserve"], y["overflow"],
                           y["own"] + y["reserve"] + y["overflow"]) for y in p["fiscal_years"]]
    return got


def compare(got, want, what):
    bad = []
    for plan, years in want.items():
        g = got.get(plan)
        if g is None or len(g) < len(years):
            bad.append(f"{what}: plan {plan}: {g!r}, want {years!r}")
            continue
        for gy, wy in zip(g, years):
            for k, (a, b) in enumerate(zip(gy, wy)):
                if not isinstance(a, (int, float)) or abs(a - b) > 1e-9 * max(1, abs(b)):
                    bad.append(f"{what}: plan {plan} year {wy[0]} column {k}: {a!r}, want {b!r}")
    return bad


def recalculated(book, tmp, tag):
    """The book recalculated by LibreOffice and by Gnumeric: [(program, path)]."""
    out = [("libreoffice", lo_recalc(book, os.path.join(tmp, "lo-" + tag)))]
    g, words = gnumeric(book, os.path.join(tmp, "gn-" + tag + ".xlsx"))
    out.append(("gnumeric", g))
    if not g:
        print("gnumeric:", words)
    return out


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "plans.ini")
        with open(ini, "w") as f:
            f.write(INI)
        book = os.path.join(tmp, "plans.xlsx")
        subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        bad += compare(engine(tco, INI, tmp, "engine"), HAND, "tco's JSON")
        bad += compare(blocks(book), HAND, "cached")
        bad += compare_summary(engine_summary(tco, INI, tmp, "engine"), HAND_SUMMARY, "tco")
        bad += compare_summary(summary_plans(book), HAND_SUMMARY, "cached")
        for prog, path in recalculated(book, tmp, "a"):
            bad += compare(blocks(path), HAND, prog) if path else [f"{prog} did not recalculate"]
            if path:
                bad += compare_summary(summary_plans(path), HAND_SUMMARY, prog)

        wb = openpyxl.load_workbook(book)
        for name, value in (("Plan1_OwnCount", 5), ("FiscalYearStart", 1)):
            sheet, coord = defined_cell(wb, name)
            print(f"{name} ({sheet}!{coord}): {wb[sheet][coord].value} -> {value}")
            wb[sheet][coord].value = value
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        text = INI.replace("fiscal_year_start = 7", "fiscal_year_start = 1").replace(
            "[plan own]\nown = gb\n", "[plan own]\nown = gb\nown_count = 5\n")
        want = engine(tco, text, tmp, "edited")
        if want["own"] == HAND["own"]:
            bad.append("the edit changes nothing in tco's figures")
        want_s = engine_summary(tco, text, tmp, "edited")
        if want_s != {"own": (6000, 1, 2), "mix": (5400, 1, 1)}:
            bad.append(f"tco's plans after the edit: {want_s!r}, want own 6,000 after mix")
        for prog, path in recalculated(edited, tmp, "b"):
            bad += compare(blocks(path), want, prog + " edited") if path else \
                [f"{prog} did not recalculate the edited book"]
            if path:
                bad += compare_summary(summary_plans(path), want_s, prog + " edited")
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
