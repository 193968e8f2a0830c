#!/usr/bin/python3
"""A loan or a lease in the workbook is live: change its inputs on Inputs, and it agrees
with the engine.

  live_loan.py BUILD_DIR REPO_DIR

1. Writes the workbook of config/financed.ini.
2. Changes, on the Inputs sheet, option h100-loan's loan_rate (0.09 -> 0.12) and
   loan_fraction (0.8 -> 0.6), and option h100-loan5's loan_months (60 -> 24: the loan
   now ends within the horizon, so no balance is left at it), and option h100-lease's
   lease_rate_factor (0.028 -> 0.025) and lease_months (36 -> 30: the buyout falls at
   month 30 and the hardware is depreciated from month 31), keeping every formula.
3. Recalculates it in LibreOffice and reads the Summary.
4. Runs the engine on a copy of the INI with the same changes, and compares every figure
   of the Summary with the engine's JSON as live_model.py does.
Exit 0 when all agree and the loan and lease figures moved; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, tco_binary  # noqa: E402
from live_model import against_engine, engine_after, summary_table  # noqa: E402

CHANGES = (("h100-loan", "loan_rate", 0.12), ("h100-loan", "loan_fraction", 0.6),
           ("h100-loan5", "loan_months", 24), ("h100-lease", "lease_rate_factor", 0.025),
           ("h100-lease", "lease_months", 30))


def option_key_cell(ws, oid, key):
    """The Inputs cell (column C) of option oid's key: the row under the option's
    heading ("Option ID: ...") whose column B is the key."""
    inside = False
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        a, b = row[0].value, row[1].value
        if isinstance(a, str) and a.startswith("Option "):
            inside = a.startswith(f"Option {oid}:")
            continue
        if inside and b == key:
            return row[2]
    raise SystemExit(f"Inputs has no {key} for option {oid}")


def edit_options(tco, ini, changes, tmp):
    """Write ini's workbook in tmp, set each (option id, key, value) of changes on
    its Inputs and recalculate it in LibreOffice. Returns the Summary before and
    after, and the engine's figures for the scenario with the same changes (None
    when they cannot be had)."""
    book = os.path.join(tmp, os.path.splitext(os.path.basename(ini))[0] + ".xlsx")
    subprocess.run(["timeout", "120", tco, "report", ini, "-o", book], check=True)
    before = summary_table(book)
    wb = openpyxl.load_workbook(book)
    edited = {}
    for oid, key, value in changes:
        cell = option_key_cell(wb["Inputs"], oid, key)
        print(f"{oid}.{key} (Inputs!{cell.coordinate}): {cell.value} -> {value}")
        cell.value = value
        edited[(f"option {oid}", key)] = value
    modified = os.path.join(tmp, "modified.xlsx")
    wb.save(modified)
    after = summary_table(lo_recalc(modified, tmp))
    return before, after, engine_after(tco, ini, edited, tmp)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "config", "financed.ini")
    with tempfile.TemporaryDirectory() as tmp:
        before, after, engine = edit_options(tco, ini, CHANGES, tmp)
        if engine is None:
            return 1

    bad, compared = against_engine(engine, after)
    # The changes must show: h100-loan lends less, at a higher rate; h100-loan5 has
    # no balance left at the horizon; h100-lease pays less a month, for fewer months,
    # and depreciates what it bought out.
    watched = (("h100-loan", "loan_amount"), ("h100-loan", "loan_interest"),
               ("h100-loan5", "loan_balance_at_horizon"), ("h100-loan5", "total"),
               ("h100-lease", "lease_payment"), ("h100-lease", "lease_payments"),
               ("h100-lease", "depreciation"), ("h100-lease", "total"))
    moved = [(oid, key) for oid, key in watched if before[oid][key] != after[oid][key]]
    if after["h100-loan5"]["loan_balance_at_horizon"] != 0:
        bad.append("h100-loan5 still owes a balance at the horizon")
    for b in bad[:40]:
        print("MISMATCH", b)
    print(f"compared {compared} figures; {len(moved)} of {len(watched)} loan and lease "
          f"figures moved; {len(bad)} mismatches")
    return 1 if bad or compared == 0 or len(moved) != len(watched) else 0


if __name__ == "__main__":
    sys.exit(main())
