#!/usr/bin/python3
"""Lease against buy on the lease's sheet is live: edit its inputs, and it follows.

  live_leasebuy.py BUILD_DIR REPO_DIR

1. Writes the workbook of config/financed-taxed.ini and audits it (recalc_audit.py).
2. Reads, on h100-lease's sheet, the lease's implied rate, the after-tax cost of debt and
   the net advantage to leasing (NAL) as written, against the engine's JSON.
3. Sets, on Inputs, h100-lease's lease_rate_factor 0.028 -> 0.031 and h100-loan's
   loan_rate 0.09 -> 0.085 (the figures of the analyst's claim in issue 39: "12.85% a
   year implied, against 8.5% for the bank loan") and TaxRate 0.21 -> 0.25; recalculates
   in LibreOffice and in Gnumeric, and compares the three cells of each with the engine's
   JSON for the INI edited alike.
4. By hand: at 0.031 x 459,200 = 14,235.20 a month for 36 months in advance and a buyout
   of 45,920 at month 36 against the price 459,200, the monthly rate is 1.07110%: 12.853%
   a year nominal (12 x the monthly: the analyst's 12.85%), (1.0107110)^12 - 1 = 13.638%
   made annual as tco does; the cost of debt 8.5% x (1 - 0.25) = 6.375%.
Exit 0 when all agree; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit, tco_binary  # noqa: E402
from live_loan import option_key_cell  # noqa: E402
from live_model import defined_cell, engine_after  # noqa: E402
import recalc_service  # noqa: E402

SHEET = "h100-lease"
ROWS = (("implied_rate", "Lease's implied rate"), ("nal_rate", "After-tax cost of debt"),
        ("nal", "Net advantage to leasing"))


def block_cells(wb):
    """{figure: column C's coordinate} of the lease against buy rows on SHEET."""
    ws, found = wb[SHEET], {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=3):
        a = row[0].value
        for name, prefix in ROWS:
            if isinstance(a, str) and a.startswith(prefix):
                found[name] = row[2].coordinate
    if len(found) != len(ROWS):
        raise SystemExit(f"{SHEET} lacks rows: {found}")
    return found


def compare(what, values, cells, lease, bad):
    """Each cell's value in the workbook `values` against the engine's option `lease`."""
    ws = values[SHEET]
    for name, coord in cells.items():
        got, want = ws[coord].value, lease[name]
        ok = isinstance(got, (int, float)) and abs(got - want) <= 1e-9 * max(1, abs(want))
        print(f"{what}: {name} {got} (engine {want}){'' if ok else '  MISMATCH'}")
        if not ok:
            bad.append((what, name))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "config", "financed-taxed.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "financed-taxed.xlsx")
        subprocess.run(["timeout", "120", tco, "report", ini, "-o", book], check=True)
        ok, line = run_audit(book)
        print(line)
        if not ok:
            bad.append(("audit", line))
        base = engine_after(tco, ini, {}, tmp)
        lease = {o["id"]: o for o in base["options"]}[SHEET]
        cells = block_cells(openpyxl.load_workbook(book))
        compare("as written", load_values(book), cells, lease, bad)

        wb = openpyxl.load_workbook(book)
        edits = {("option h100-lease", "lease_rate_factor"): 0.031,
                 ("option h100-loan", "loan_rate"): 0.085, ("tax", "rate"): 0.25}
        for (sec, key), value in edits.items():
            if sec == "tax":
                sheet, coord = defined_cell(wb, "TaxRate")
                cell = wb[sheet][coord]
            else:
                cell = option_key_cell(wb["Inputs"], sec.split()[1], key)
            print(f"{sec}.{key} ({cell.coordinate}): {cell.value} -> {value}")
            cell.value = value
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        engine = engine_after(tco, ini, edits, tmp)
        if engine is None:
            return 1
        lease2 = {o["id"]: o for o in engine["options"]}[SHEET]
        compare("LibreOffice", load_values(lo_recalc(edited, os.path.join(tmp, "lo"))), cells,
                lease2, bad)
        out, words = recalc_service.gnumeric(edited, os.path.join(tmp, "gnumeric.xlsx"))
        if out is None:
            bad.append(("gnumeric", words))
        else:
            compare("Gnumeric", openpyxl.load_workbook(out, data_only=True), cells, lease2, bad)

    # By hand (the docstring's 4.): the analyst's 12.85% is the nominal rate.
    i = (1 + lease2["implied_rate"]) ** (1 / 12) - 1
    hand = (("monthly", i, 0.0107110, 5e-7), ("nominal", 12 * i, 0.12853, 5e-6),
            ("annual", lease2["implied_rate"], 0.13638, 5e-6),
            ("cost of debt", lease2["nal_rate"], 0.06375, 1e-12))
    for name, got, want, tol in hand:
        ok = abs(got - want) <= tol
        print(f"by hand: {name} {got:.7f} (hand {want}){'' if ok else '  MISMATCH'}")
        if not ok:
            bad.append(("hand", name))
    moved = lease2["nal"] != lease["nal"] and lease2["implied_rate"] != lease["implied_rate"]
    if not moved:
        bad.append(("moved", "the edits did not move the figures"))
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
