#!/usr/bin/python3
"""The Optimize sheet shows an [optimize] result as the result holds it (docs/WORKBOOK.md,
Optimize), headed by whether the inputs are still those it was computed for.

  optimize_sheet.py BUILD_DIR REPO_DIR

Runs the unit test test_xlsx_optimize with TCO_OPTIMIZE_BOOK set, which writes the
workbook of MODEL.md's example of plans with a result filled in by hand (best: 2 owned,
1 reserved, total 2,978; runners-up 3 and 1 owned; a cost curve over own_count 0..3
with no feasible plan at 0), then checks the sheet's table, the gap in its curve, its
chart, its heading (the AnalysesCurrent flag, which turns to "Recompute" once an input
is changed in LibreOffice) and that the workbook audits clean.
Exit 0 when every check holds; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, load_values, run_audit  # noqa: E402
from live_model import defined_cell  # noqa: E402


def rows_of(ws):
    return [[c.value for c in r] for r in ws.iter_rows(min_row=1, max_row=ws.max_row)]


def find(rows, first):
    return next((r for r in rows if r and r[0] == first), None)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    test = os.path.join(os.path.abspath(sys.argv[1]), "tests", "test_xlsx_optimize")
    if not os.access(test, os.X_OK):
        test = os.path.join(os.path.abspath(sys.argv[1]), "test_xlsx_optimize")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "optimize.xlsx")
        subprocess.run([test], env={**os.environ, "TCO_OPTIMIZE_BOOK": book}, check=True,
                       capture_output=True, timeout=120)
        wb = load_values(book)
        if "Optimize" not in wb.sheetnames:
            print("no Optimize sheet in", wb.sheetnames)
            return 1
        rows = rows_of(wb["Optimize"])
        if rows[0][0] != "Optimize: plan mix":
            bad.append(f"title {rows[0][0]!r}")
        if rows[2][0] != "Computed by tco for the inputs as they stand":
            bad.append(f"heading {rows[2][0]!r}")
        want = {"Best": [2, 1, 2978, 2978, "n/a", 2978, 0],
                "2": [3, 1, 3861, 3861, "n/a", 3861, 0],
                "3": [1, 1, 4100.5, 4100.5, "n/a", 4100.5, 0]}
        for rank, vals in want.items():
            r = find(rows, rank)
            if r is None or r[1:8] != vals:
                bad.append(f"rank {rank}: {r and r[1:8]!r}, want {vals}")
        facts = {"Owned GPUs from": 0, "Owned GPUs to": 3, "Plans computed": 8,
                 "Plans that serve all demand": 6, "Objective": "total cost of ownership"}
        for k, v in facts.items():
            r = find(rows, k)
            if r is None or r[1] != v:
                bad.append(f"{k}: {r and r[1]!r}, want {v!r}")
        # The curve: own_count 0..3, a blank objective (a gap) where none is feasible.
        head = [i for i, r in enumerate(rows) if r and r[1] == "Owned GPUs"]
        curve = rows[head[-1] + 1: head[-1] + 5] if head else []
        got = [(r[1], r[6]) for r in curve]
        if got != [(0, None), (1, 4100.5), (2, 2978), (3, 3861)]:
            bad.append(f"curve {got!r}")
        wb = openpyxl.load_workbook(book)
        if not wb["Optimize"]._charts:
            bad.append("no cost curve chart")
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        # An input changed: the static figures are flagged.
        sheet, coord = defined_cell(wb, "Plan1_OwnCount")
        wb[sheet][coord].value = 3
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        after = load_values(lo_recalc(edited, os.path.join(tmp, "lo")))
        flag = after["Optimize"]["A3"].value
        if not isinstance(flag, str) or not flag.startswith("Recompute"):
            bad.append(f"after an edit the heading reads {flag!r}")
    for b in bad:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
