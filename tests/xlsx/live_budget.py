#!/usr/bin/python3
"""The Budget sheet is live: its fiscal years follow StartMonth and FiscalYearStart on
Inputs, and its columns the option sheets' lines (docs/MODEL.md, "Fiscal years and the
budget"; docs/WORKBOOK.md, Budget).

  live_budget.py BUILD_DIR REPO_DIR

1. Writes the workbook of MODEL.md's example (before tax): H = 15, start = 2027-05,
   fiscal_year_start = 7, an option bought in cash at 12,000 with 1,000 a month of
   staff and a residual of 3,000, beside an option rented at 500 a month; audits it
   (recalc_audit.py, LibreOffice and Gnumeric).
2. Recalculates it in LibreOffice and checks every cell of the Budget against the
   figures worked out by hand below.
3. Changes FiscalYearStart to 1 and the bought option's staff_per_month to 2,000 on
   Inputs, recalculates it in LibreOffice, and checks the Budget against the figures
   worked out by hand for those inputs, and that the master check is still OK.
Exit 0 when every figure agrees; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_loan import option_key_cell  # noqa: E402
from live_model import defined_cell  # noqa: E402
from audit_all import master_check  # noqa: E402

INI = """[scenario]
name = budget
horizon_months = 15
hours_per_month = 100
discount_rate = 0
start = 2027-05
fiscal_year_start = 7
[site]
electricity_price = 0
[option b]
label = Bought
acquire = buy
count = 1
gpu_price = 12000
tdp_w = 0
staff_per_month = 1000
resale_fraction = 0.25
depreciation = straight-line
depreciation_years = 1
[option r]
label = Rented
acquire = rent
count = 1
price_per_gpu_hour = 5
"""

COLS = ("capex", "power", "cooling", "facility", "maintenance", "staff", "rental",
        "financing", "residual", "tax", "total")


def year(name, frm, to, first, last, months, **cols):
    """A fiscal year as the Budget shows it: the year's number, its months, and the
    columns (those not given are 0)."""
    return {"year": name, "from": frm, "to": to, "first": first, "last": last,
            "months": months, "partial": 1 if months < 12 else 0,
            **{c: cols.get(c, 0) for c in COLS}}


# As written: month 0 is April 2027, in FY2027 (July 2026 - June 2027) with months 1, 2;
# months 3..14 (July 2027 - June 2028) are FY2028; month 15 (July 2028) is FY2029.
WANT = {
    "Bought": [
        # capex 12,000 + 2 * 1,000 of staff
        year(2027, "2027-04", "2027-06", 0, 2, 2, capex=12000, staff=2000, total=14000),
        year(2028, "2027-07", "2028-06", 3, 14, 12, staff=12000, total=12000),
        # 1,000 of staff less the residual, 12,000 * 0.25
        year(2029, "2028-07", "2028-07", 15, 15, 1, staff=1000, residual=-3000, total=-2000),
    ],
    "Rented": [  # 100 hours at 5 = 500 a month
        year(2027, "2027-04", "2027-06", 0, 2, 2, rental=1000, total=1000),
        year(2028, "2027-07", "2028-06", 3, 14, 12, rental=6000, total=6000),
        year(2029, "2028-07", "2028-07", 15, 15, 1, rental=500, total=500),
    ],
}

# FiscalYearStart = 1 and 2,000 a month of staff: months 0 (April 2027) .. 8 (December)
# are FY2027, with 8 months of operation; months 9..15 (January - July 2028) FY2028,
# with 7. The third row, FY2029, now holds no month: the first month COUNTIF counts
# before it is 16, the last 15, and every column is 0.
WANT_EDITED = {
    "Bought": [
        # 12,000 + 8 * 2,000
        year(2027, "2027-04", "2027-12", 0, 8, 8, capex=12000, staff=16000, total=28000),
        # 7 * 2,000 - 3,000
        year(2028, "2028-01", "2028-07", 9, 15, 7, staff=14000, residual=-3000, total=11000),
        year(2029, "2028-12", "2028-11", 16, 15, 0),
    ],
    "Rented": [
        year(2027, "2027-04", "2027-12", 0, 8, 8, rental=4000, total=4000),
        year(2028, "2028-01", "2028-07", 9, 15, 7, rental=3500, total=3500),
        year(2029, "2028-12", "2028-11", 16, 15, 0),
    ],
}


def month_text(v):
    """A date cell as YYYY-MM (LibreOffice saves it as a date; a serial day otherwise)."""
    if hasattr(v, "strftime"):
        return v.strftime("%Y-%m")
    if isinstance(v, (int, float)):
        import datetime
        return (datetime.date(1899, 12, 30) + datetime.timedelta(days=int(v))).strftime("%Y-%m")
    return v


def budget_blocks(book):
    """{option label: [fiscal year rows]} read from the Budget's values, and its total
    rows."""
    ws = load_values(book)["Budget"]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=1, max_row=ws.max_row)]
    blocks, totals = {}, {}
    for k, r in enumerate(rows):
        if r and r[0] in WANT and k + 1 < len(rows):
            years, j = [], k + 2
            while j < len(rows) and isinstance(rows[j][0], (int, float)):
                v = rows[j]
                years.append({"year": v[0], "from": month_text(v[1]), "to": month_text(v[2]),
                              "first": v[3], "last": v[4], "months": v[5], "partial": v[6],
                              **{c: v[7 + i] for i, c in enumerate(COLS)}})
                j += 1
            blocks[r[0]] = years
            totals[r[0]] = rows[j][7 + COLS.index("total")]
    return blocks, totals


def compare(blocks, totals, want, what):
    bad = []
    for label, years in want.items():
        got = blocks.get(label)
        if got is None or len(got) != len(years):
            bad.append(f"{what}: {label}: {len(got or [])} fiscal years, want {len(years)}")
            continue
        for g, w in zip(got, years):
            for key, v in w.items():
                gv = g[key]
                if isinstance(v, str) and key in ("from", "to") and not w["months"]:
                    continue  # a year without months: its dates say nothing
                ok = gv == v if isinstance(v, str) else \
                    isinstance(gv, (int, float)) and abs(gv - v) <= 1e-9 * max(1, abs(v))
                if not ok:
                    bad.append(f"{what}: {label} FY{w['year']} {key}: {gv!r}, want {v!r}")
        want_total = sum(y["total"] for y in years)
        if not isinstance(totals.get(label), (int, float)) or abs(totals[label] - want_total) > 1e-9:
            bad.append(f"{what}: {label} total row {totals.get(label)!r}, want {want_total}")
    return bad


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "budget.ini")
        with open(ini, "w") as f:
            f.write(INI)
        book = os.path.join(tmp, "budget.xlsx")
        subprocess.run([tco, "report", ini, "-o", book], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        blocks, totals = budget_blocks(book)  # the engine's cached values
        bad += compare(blocks, totals, WANT, "cached")
        blocks, totals = budget_blocks(lo_recalc(book, os.path.join(tmp, "lo")))
        bad += compare(blocks, totals, WANT, "recalculated")

        wb = openpyxl.load_workbook(book)
        sheet, coord = defined_cell(wb, "FiscalYearStart")
        print(f"FiscalYearStart ({sheet}!{coord}): {wb[sheet][coord].value} -> 1")
        wb[sheet][coord].value = 1
        cell = option_key_cell(wb["Inputs"], "b", "staff_per_month")
        print(f"b.staff_per_month (Inputs!{cell.coordinate}): {cell.value} -> 2000")
        cell.value = 2000
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        after = lo_recalc(edited, os.path.join(tmp, "lo2"))
        blocks, totals = budget_blocks(after)
        bad += compare(blocks, totals, WANT_EDITED, "edited")
        status = master_check(after)
        if status != "OK":
            bad.append(f"the master check after the edit reads {status!r}")
    for b in bad[:60]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
