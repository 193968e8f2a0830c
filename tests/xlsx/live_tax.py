#!/usr/bin/python3
"""The workbook's tax rows are live and right: checked against figures worked out by hand.

  live_tax.py BUILD_DIR REPO_DIR

1. Writes the workbook of tests/data/taxed.ini (MODEL.md's Taxes example: a server bought
   with a loan, one leased and bought out, renting as the baseline; [tax] rate 0.25,
   MACRS 5-year for tax) and audits it (recalc_audit.py: every cached value against
   LibreOffice's and Gnumeric's recalculation).
2. Checks the option sheets' tax rows and after-tax returns as written (the engine's
   values) against the figures below, worked out by hand.
3. Sets TaxRate to 0.3 and TaxDeductInterest to "no" on Inputs, recalculates in
   LibreOffice, and checks the same rows against the hand-worked figures of that case,
   and every figure of the Summary against the engine run on the INI so changed.
5. Sets TaxBonusFraction to 0.6 on Inputs (MODEL.md, Tax depreciation by tax year),
   recalculates in LibreOffice and in Gnumeric, and checks the loan's tax rows in both
   against the hand-worked figures of that case, and every figure of the Summary
   against the engine run on the INI with bonus_fraction = 0.6.
4. rank_by = after_tax_npv: without the lease, at a discount rate of 30% and renting at
   45 an hour, the loan has the lower total (13,352 against 45 x 100 x 3 = 13,500) but
   renting the lower NPV after tax (its costs are deducted as they are paid, the loan's
   capex over the years of MACRS): the workbook (audited) ranks and names renting first,
   under the label of the NPV after tax.
Exit 0 when all agree; 1 otherwise.
"""
import os, re, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import recalc_service  # noqa: E402
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_model import against_engine, defined_cell, engine_after, summary_table  # noqa: E402


class Word(str):
    """A word written into the INI as it is (rewrite_ini writes repr of a value)."""

    def __repr__(self):
        return str(self)


def irr_poly(coef):
    """The annual IRR of a flow whose NPV at x = 1/(1+r) is sum coef[k] x^k (months
    0..3), with one root x in (0, 1): found by bisection, (1+r)^12 - 1."""
    lo, hi = 1e-9, 1.0
    f = lambda x: sum(c * x ** k for k, c in enumerate(coef))
    for _ in range(200):
        mid = (lo + hi) / 2
        if (f(lo) < 0) == (f(mid) < 0):
            lo = mid
        else:
            hi = mid
    return (1 / lo) ** 12 - 1


def mirr0(flow):
    """The annual MIRR of a flow at finance and reinvestment rate 0."""
    pay = -sum(v for v in flow if v < 0)
    inc = sum(v for v in flow if v > 0)
    return ((inc / pay) ** (1 / (len(flow) - 1))) ** 12 - 1


# Worked by hand (see MODEL.md, Taxes, for the loan). H = 3, discount rate 0.
# rate 0.25, deduct_interest yes. The loan: 20,100 lent at 1% a month over 2 months
# (payments 10,201: interest 201 then 101); staff 1,000 a month; residual 10,050;
# MACRS-5 for tax by tax year (MODEL.md, Tax depreciation by tax year): without a start
# month tax year 1 holds months 0..12; month 0 is its first quarter, so the half-year
# table A-1: 20% of 20,100 = 4,020 in equal parts over months 0..3, 1,005 each (month
# 0's deducted then); tax book value 20,100 - 4,020 = 16,080. Its after-tax flow
# 251.25, -6,899.5, -6,924.5, 14,808.75 changes sign twice with two rates of NPV 0:
# no IRR (MODEL.md's root rule), its MIRR and payback by hand.
# The lease: 4,000 at month 0 and 1; the buyout 6,000 at month 2; staff 1,000 a month;
# residual 6,000; MACRS-5 on the buyout from month 3: 100; tax book value 5,900.
# The baseline rents at 50 x 100 = 5,000 a month, tax -1,250 a month.
BASE = {
    "loan": {
        "ded": [1005, 1000 + 201 + 1005, 1000 + 101 + 1005, 1000 + 1005],
        "tdep": [1005, 1005, 1005, 1005],
        "tbv": 16080, "tsale": 0.25 * (10050 - 16080),  # -1,507.5
        "tax": [-251.25, -551.5, -526.5, -501.25 - 1507.5], "tax_total": -3338,
        "atnet": [-251.25, 11201 - 551.5, 11201 - 526.5, 1000 - 10050 - 2008.75],
        "at_total": 10014,
        # c_tax = 251.25, 3,750 - 10,649.5, 3,750 - 10,674.5, 3,750 + 11,058.75
        "flow": [251.25, -6899.5, -6924.5, 14808.75], "payback": 3,
    },
    "lease": {
        "ded": [4000, 1000 + 4000, 1000, 1000 + 100],
        "tdep": [0, 0, 0, 100],
        "tbv": 5900, "tsale": 0.25 * (6000 - 5900),  # 25
        "tax": [-1000, -1250, -250, -275 + 25], "tax_total": -2750,
        "atnet": [3000, 3750, 7000 - 250, 1000 - 6000 - 250], "at_total": 8250,
        "flow": [-3000, 0, -3000, 3750 + 5250], "payback": 3,
    },
    "cloud": {"ded": [0, 5000, 5000, 5000], "tax": [0, -1250, -1250, -1250],
              "tax_total": -3750, "atnet": [0, 3750, 3750, 3750], "at_total": 11250},
}
# rate 0.3, deduct_interest no: the loan's interest is not deducted.
EDITED = {
    "loan": {
        "ded": [1005, 2005, 2005, 2005], "tdep": [1005, 1005, 1005, 1005],
        "tbv": 16080, "tsale": 0.3 * (10050 - 16080),  # -1,809
        "tax": [-301.5, -601.5, -601.5, -601.5 - 1809], "tax_total": -3915,
        "atnet": [-301.5, 10599.5, 10599.5, 1000 - 10050 - 2410.5], "at_total": 9437,
        "flow": [301.5, 3500 - 10599.5, 3500 - 10599.5, 3500 + 11460.5], "payback": 3,
    },
    "lease": {
        "ded": [4000, 5000, 1000, 1100], "tdep": [0, 0, 0, 100],
        "tbv": 5900, "tsale": 0.3 * 100,
        "tax": [-1200, -1500, -300, -330 + 30], "tax_total": -3300,
        "atnet": [2800, 3500, 6700, 1000 - 6000 - 300], "at_total": 7700,
        "flow": [-2800, 0, -3200, 3500 + 5300], "payback": 3,
    },
    "cloud": {"ded": [0, 5000, 5000, 5000], "tax": [0, -1500, -1500, -1500],
              "tax_total": -4500, "atnet": [0, 3500, 3500, 3500], "at_total": 10500},
}
# bonus_fraction 0.6 (rate 0.25, interest deducted): the loan's bonus 0.6 x 20,100 =
# 12,060, MACRS on 8,040 at 20% = 1,608; tax year 1 deducts 13,668 over months 0..3,
# 3,417 each; tax book value 6,432; sold for 10,050: 0.25 x 3,618 = 904.5. The tax
# -854.25, -0.25 x 4,618 = -1,154.5, -0.25 x 4,518 = -1,129.5, -0.25 x 4,417 + 904.5
# = -199.75: -3,338 again, the after-tax total 10,014 again.
BONUS = {
    "loan": {
        "ded": [3417, 1000 + 201 + 3417, 1000 + 101 + 3417, 1000 + 3417],
        "tdep": [3417, 3417, 3417, 3417],
        "tbv": 6432, "tsale": 904.5,
        "tax": [-854.25, -1154.5, -1129.5, -199.75], "tax_total": -3338,
        "atnet": [-854.25, 11201 - 1154.5, 11201 - 1129.5, 1000 - 10050 - 199.75],
        "at_total": 10014,
    },
}
for case in (BASE, EDITED):
    for oid in ("loan", "lease"):
        fl = case[oid]["flow"]
        if oid == "lease":  # the loan's flow has no IRR (above)
            case[oid]["irr"] = irr_poly(fl)
        case[oid]["mirr"] = mirr0(fl)

# Rows of an option sheet, by the start of their label (column A).
ROWS = {"tdep": "Tax depreciation", "tbv": "Tax book value at month",
        "tsale": "Tax on the sale:", "ded": "Deductible:", "tax": "Tax: -rate",
        "atnet": "Net cost after tax", "atpv": "Present value after tax",
        "flow": "Saved after tax (", "irr": "IRR of buying after tax",
        "mirr": "MIRR of buying after tax", "payback": "Payback month after tax",
        "dpayback": "Discounted payback month after tax"}


def sheet_rows(ws):
    """{name: row} of the ROWS labels found on an option sheet."""
    found = {}
    for r in range(1, ws.max_row + 1):
        a = ws.cell(r, 1).value
        if not isinstance(a, str):
            continue
        for k, start in ROWS.items():
            if k not in found and (a == start if k == "tdep" else a.startswith(start)):
                found[k] = r
    return found


def near(got, want):
    return isinstance(got, (int, float)) and abs(got - want) <= 1e-6 * max(1, abs(want))


def check_case(path, case, what):
    """Mismatches of the option sheets of the workbook at path against case."""
    wb = load_values(path)
    bad = []

    def want(oid, name, cell, value):
        if not near(cell.value, value):
            bad.append(f"{what}: {oid} {name} {cell.coordinate}: {cell.value!r}, by hand {value!r}")

    for oid, fig in case.items():
        ws = wb[oid]
        rows = sheet_rows(ws)
        for name in ("ded", "tax", "atnet", "flow"):
            if name not in fig:
                continue
            if name not in rows:
                bad.append(f"{what}: {oid} has no row {ROWS[name]!r}")
                continue
            for m, v in enumerate(fig[name]):
                want(oid, f"{name}[{m}]", ws.cell(rows[name], 4 + m), v)
        if "tdep" in fig:
            for m, v in enumerate(fig["tdep"]):
                want(oid, f"tdep[{m}]", ws.cell(rows["tdep"], 4 + m), v)
            want(oid, "tdep total", ws.cell(rows["tdep"], 3), sum(fig["tdep"]))
            want(oid, "tax book value", ws.cell(rows["tbv"], 3), fig["tbv"])
            want(oid, "tax on sale", ws.cell(rows["tsale"], 3), fig["tsale"])
        want(oid, "tax total", ws.cell(rows["tax"], 3), fig["tax_total"])
        want(oid, "after_tax_total", ws.cell(rows["atnet"], 3), fig["at_total"])
        want(oid, "after_tax_npv", ws.cell(rows["atpv"], 3), fig["at_total"])  # rate 0
        if "irr" in fig:
            want(oid, "irr_after_tax", ws.cell(rows["irr"], 3), fig["irr"])
        if "mirr" in fig:
            want(oid, "mirr_after_tax", ws.cell(rows["mirr"], 3), fig["mirr"])
            want(oid, "payback_month_after_tax", ws.cell(rows["payback"], 3), fig["payback"])
            want(oid, "discounted_payback_month_after_tax", ws.cell(rows["dpayback"], 3),
                 fig["payback"])
    return bad


def rank_by_case(tco, ini, tmp):
    """Mismatches of the workbook ranked by the NPV after tax (item 4 above)."""
    with open(ini, encoding="utf-8") as f:
        text = f.read()
    text = re.sub(r"\[option lease\].*?(?=\[option cloud\])", "", text, flags=re.S)
    text = text.replace("discount_rate = 0\n", "discount_rate = 0.3\n")
    text = text.replace("price_per_gpu_hour = 50", "price_per_gpu_hour = 45")
    text = text.replace("baseline = cloud\n", "baseline = cloud\nrank_by = after_tax_npv\n")
    ranked = os.path.join(tmp, "ranked.ini")
    with open(ranked, "w", encoding="utf-8") as f:
        f.write(text)
    book = os.path.join(tmp, "ranked.xlsx")
    subprocess.run(["timeout", "120", tco, "report", ranked, "-o", book], check=True)
    bad = []
    ok, line = run_audit(book)
    print("audit (rank_by):", line)
    if not ok:
        bad.append("the audit of the workbook ranked by after_tax_npv failed")
    wb = load_values(book)
    ws = wb["Summary"]
    head = (ws["A3"].value, ws["D3"].value)
    if head != ("Lowest net present value after tax (feasible options)", "cloud"):
        bad.append(f"rank_by: the headline is {head!r}")
    table = summary_table(book)
    got = {oid: (table[oid]["total"], table[oid]["rank"]) for oid in ("loan", "cloud")}
    if got != {"loan": (13352, 2), "cloud": (13500, 1)}:
        bad.append(f"rank_by: totals and ranks {got!r}")
    return bad


def bonus_case(tco, ini, book, tmp):
    """Mismatches of item 5: TaxBonusFraction edited to 0.6, recalculated in
    LibreOffice and in Gnumeric."""
    bad = []
    wb = openpyxl.load_workbook(book)
    sheet, coord = defined_cell(wb, "TaxBonusFraction")
    print(f"TaxBonusFraction ({sheet}!{coord}): {wb[sheet][coord].value!r} -> 0.6")
    wb[sheet][coord].value = 0.6
    edited = os.path.join(tmp, "bonus.xlsx")
    wb.save(edited)
    engine = engine_after(tco, ini, {("tax", "bonus_fraction"): 0.6}, tmp)
    if engine is None:
        return ["tco refused bonus_fraction = 0.6"]
    (lo, words), = recalc_service.libreoffice([edited], os.path.join(tmp, "bonus-lo")).values()
    gn, gwords = recalc_service.gnumeric(edited, os.path.join(tmp, "bonus-gnumeric.xlsx"))
    for program, path, w in (("LibreOffice", lo, words), ("Gnumeric", gn, gwords)):
        if path is None:
            bad.append(f"bonus: {program} did not recalculate ({str(w)[-200:]})")
            continue
        bad += check_case(path, BONUS, f"bonus, {program}")
        eng_bad, compared = against_engine(engine, summary_table(path))
        bad += [f"bonus, {program}: {b}" for b in eng_bad]
        print(f"bonus, {program}: {compared} Summary figures compared with the engine")
        if compared == 0:
            bad.append(f"bonus, {program}: no Summary figure compared")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "tests", "data", "taxed.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "taxed.xlsx")
        subprocess.run(["timeout", "120", tco, "report", ini, "-o", book], check=True)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the audit of the workbook failed")
        bad += check_case(book, BASE, "as written")

        wb = openpyxl.load_workbook(book)
        for name, value in (("TaxRate", 0.3), ("TaxDeductInterest", "no")):
            sheet, coord = defined_cell(wb, name)
            cell = wb[sheet][coord]
            print(f"{name} ({sheet}!{coord}): {cell.value!r} -> {value!r}")
            cell.value = value
        modified = os.path.join(tmp, "modified.xlsx")
        wb.save(modified)
        recalculated = lo_recalc(modified, tmp)
        bad += check_case(recalculated, EDITED, "edited")
        engine = engine_after(tco, ini,
                              {("tax", "rate"): 0.3, ("tax", "deduct_interest"): Word("no")}, tmp)
        if engine is None:
            return 1
        eng_bad, compared = against_engine(engine, summary_table(recalculated))
        bad += eng_bad
        summary = summary_table(recalculated)
        for oid in ("loan", "lease", "cloud"):
            for key in ("after_tax_total", "after_tax_npv"):
                if not near(summary[oid].get(key), EDITED[oid]["at_total"]):
                    bad.append(f"edited: Summary {oid}.{key} {summary[oid].get(key)!r}, by hand "
                               f"{EDITED[oid]['at_total']}")
        for oid in ("loan", "lease"):
            for key, fig in (("irr_after_tax", "irr"), ("mirr_after_tax", "mirr"),
                             ("payback_month_after_tax", "payback"),
                             ("discounted_payback_month_after_tax", "payback")):
                if fig not in EDITED[oid]:
                    continue
                if not near(summary[oid].get(key), EDITED[oid][fig]):
                    bad.append(f"edited: Summary {oid}.{key} {summary[oid].get(key)!r}, by hand "
                               f"{EDITED[oid][fig]}")
        print(f"{compared} Summary figures compared with the engine")
        bad += bonus_case(tco, ini, book, tmp)
        bad += rank_by_case(tco, ini, tmp)
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
