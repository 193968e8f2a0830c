#!/usr/bin/python3
"""A plan's purchases depreciated for tax by tax year in the workbook are live
(docs/MODEL.md, "Tax depreciation by tax year", a plan's purchases; docs/WORKBOOK.md, A
plan's sheet): each purchase's drivers in column C (its tax year and quarter, its basis,
the year's basis, its section 179 share, its bonus, its MACRS table) and its tax
depreciation by month follow an edit of TaxExpenseLimit, TaxBonusFraction and a
purchase's month on Inputs.

  live_plantaxyear.py BUILD_DIR REPO_DIR

1. MODEL.md's example (tests/data/plan-taxyear.ini, plan `staged`: 10,000 in January
   2027 and 20,000 in October, expense_limit 6,000, bonus 50%, the mid-quarter tables
   A-2 and A-5): the drivers 2,000 and 4,000 (section 179), 4,000 and 8,000 (bonus),
   tables 1 and 4; the tax depreciation 616.67 a month in months 0..11 and 4,133.33 in
   months 9..11; the plan's tax -154.17 (months 0..8), -1,187.5 (9..11), -85 (12..23),
   2,220 (month 24): cached, and recalculated by LibreOffice and Gnumeric. Figures by
   hand, not tco's.
2. The whole of tests/data/plan-taxyear.ini (bought at once, on a loan with a refresh,
   staged over two tax years): the workbook audits clean (recalc_audit.py) and keeps the
   FAST conventions (fast_audit.py); each plan's tax by month, tax, after-tax total and
   NPV, the Budget's tax by fiscal year, the Summary's plans and the Checks' plan budget
   rows, cached and recalculated, against tco's JSON.
3. TaxExpenseLimit 6,000 -> 9,000, TaxBonusFraction 0.5 -> 0.3 and plan `staged`'s
   second purchase from month 9 to month 7 (Plan1_BuyMonths; July, quarter 3: the
   half-year table for both) on Inputs, recalculated in LibreOffice and in Gnumeric,
   against tco's JSON for the INI edited alike.
Exit 0 when every figure agrees; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import load_values, run_audit, tco_binary  # noqa: E402
from live_model import defined_cell  # noqa: E402
import fast_audit  # noqa: E402
import live_plantax as lp  # noqa: E402

DEP = "Tax depreciation: Purchase {n}"
DRIVERS = {"Section 179 expensing, its share by basis: Purchase {n}": (2000, 4000),
           "Bonus depreciation: Purchase {n}": (4000, 8000),
           "MACRS table: 0 = A-1 (half-year), 1 to 4 = A-2 to A-5 (mid-quarter, that "
           "quarter): Purchase {n}": (1, 4),
           "Basis placed in service in its tax year: Purchase {n}": (30000, 30000)}
# By hand (MODEL.md): FY2027 7,400 over months 0..11 and 12,400 over months 9..11;
# FY2028 1,040 and 3,040 over months 12..23; month 24: 624 and 1,824; the tax on the
# sales 1,016 + 1,816 at month 24.
HAND_DEP = ([7400 / 12] * 12 + [1040 / 12] * 12 + [624],
            [0] * 9 + [12400 / 3] * 3 + [3040 / 12] * 12 + [1824])
HAND_TAX = [-0.25 * 7400 / 12] * 9 + [-1187.5] * 3 + [-85] * 12 + [2220]


def hand_example(book, tmp):
    """Part 1: the example's drivers, depreciation and tax, cached and recalculated."""
    bad = []
    for prog, path in [("cached", book)] + lp.recalculated(book, tmp, "hand"):
        if not path:
            bad.append(f"{prog} did not recalculate the example")
            continue
        ws = load_values(path)["Plan staged"]
        rows = lp.plan_rows(ws)
        missing = [k.format(n=j + 1) for k in list(DRIVERS) + [DEP] for j in (0, 1)
                   if k.format(n=j + 1) not in rows]
        if missing:
            bad.append(f"{prog}: no rows {missing!r}")
            continue
        for label, want in DRIVERS.items():
            for j in (0, 1):
                v = ws.cell(rows[label.format(n=j + 1)], 3).value
                if not lp.near(v, want[j]):
                    bad.append(f"{prog}: {label.format(n=j + 1)} {v!r}, want {want[j]}")
        for j in (0, 1):
            got = lp.months(ws, rows[DEP.format(n=j + 1)], 24)
            if not all(lp.near(a, b) for a, b in zip(got, HAND_DEP[j])):
                bad.append(f"{prog}: purchase {j + 1}'s tax depreciation {got!r}")
        got = lp.months(ws, rows[lp.TAX], 24)
        if not all(lp.near(a, b) for a, b in zip(got, HAND_TAX)):
            bad.append(f"{prog}: the plan's tax {got!r}, want {HAND_TAX!r}")
        v = ws.cell(rows[lp.AT_NET], 3).value
        if not lp.near(v, 11250):
            bad.append(f"{prog}: after-tax total {v!r}, want 11,250")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])
    repo = os.path.abspath(sys.argv[2])
    src = os.path.join(repo, "tests", "data", "plan-taxyear.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "plantaxyear.xlsx")
        subprocess.run([tco, "report", src, "-q", "-o", book], check=True, timeout=120)
        bad += hand_example(book, tmp)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        m = fast_audit.measure(book)
        print(fast_audit.report(book, m))
        if m["month_tests"] or m["upward"] or m["rightward"] or m["uniform"] != m["timeline"]:
            bad.append("the workbook breaks the FAST conventions")
        want = lp.engine_figures(tco, src)
        H = len(next(iter(want.values()))["tax_months"]) - 1
        if len(want) != 4:
            bad.append(f"{len(want)} plans, want 4")
        bad += lp.compare(lp.book_figures(book, want, H), want, "cached")
        for prog, path in lp.recalculated(book, tmp, "a"):
            bad += lp.compare(lp.book_figures(path, want, H), want, prog) if path else \
                [f"{prog} did not recalculate"]

        wb = openpyxl.load_workbook(book)
        for name, value in (("TaxExpenseLimit", 9000), ("TaxBonusFraction", 0.3)):
            sheet, coord = defined_cell(wb, name)
            print(f"{name} ({sheet}!{coord}): {wb[sheet][coord].value} -> {value}")
            wb[sheet][coord].value = value
        dn = wb.defined_names["Plan1_BuyMonths"]
        sheet, coord = list(dn.destinations)[0]
        second = list(wb[sheet][coord.replace("$", "")])[1][0]
        print(f"Plan1_BuyMonths ({sheet}!{second.coordinate}): {second.value} -> 7")
        second.value = 7
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        text = open(src).read().replace("expense_limit = 6000", "expense_limit = 9000").replace(
            "bonus_fraction = 0.5", "bonus_fraction = 0.3").replace(
            "buy_at = 0:1, 9:2", "buy_at = 0:1, 7:2")
        ini2 = os.path.join(tmp, "edited.ini")
        with open(ini2, "w") as f:
            f.write(text)
        want2 = lp.engine_figures(tco, ini2)
        if lp.near(want2["staged"]["tax_months"][9], want["staged"]["tax_months"][9]):
            bad.append("the edit changes nothing in tco's figures")
        for prog, path in lp.recalculated(edited, tmp, "b"):
            bad += lp.compare(lp.book_figures(path, want2, H), want2, prog + " edited") \
                if path else [f"{prog} did not recalculate the edited book"]
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
