#!/usr/bin/python3
"""Audit the workbook of every shipped scenario.

  audit_all.py BUILD_DIR REPO_DIR [--part K/N]

For each INI under config/, examples/ (and its folders) and tests/data/e2e/, and
tests/data/one-option.ini (one-cell lookups), tests/data/lease-long.ini (commitments
past the horizon on both sides of the returns' flow) and tests/data/taxed.ini (taxes on
a loan and a lease bought out),
writes the workbook with BUILD_DIR/tco and audits it with recalc_audit.py (beside
this file). Passes when every workbook recalculates in LibreOffice and Gnumeric
to its cached values, its master check reads OK and it has at least 3 charts.
With --part K/N, only the Kth of every N scenarios (CTest runs the parts side by side).
Exit 0 on success, 1 on any failure.
"""
import os, re, subprocess, sys, tempfile


sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import (load_values, part_of, run_audit, shipped_scenarios,  # noqa: E402
                      split_part, tco_binary)


def master_check(path):
    """The master check as the workbook caches it: the cell of the defined name
    MasterCheck (docs/WORKBOOK.md, Checks), in any template's words."""
    wb = load_values(path)
    sheet, cell = next(wb.defined_names["MasterCheck"].destinations)
    return wb[sheet][cell.replace("$", "")].value


def main():
    argv, part = split_part(sys.argv)
    if len(argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(argv[1]), os.path.abspath(argv[2])
    inis = part_of(shipped_scenarios(repo, [os.path.join("tests", "data", n)
                                            for n in ("one-option.ini", "lease-long.ini",
                                                      "taxed.ini", "plans.ini")]), part)
    if not inis:
        print("no scenarios found under", repo)
        return 1
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for ini in inis:
            name = os.path.relpath(ini, repo)
            out = os.path.join(tmp, name[:-4].replace(os.sep, "-") + ".xlsx")
            p = subprocess.run([tco, "report", ini, "-o", out], capture_output=True, text=True)
            if p.returncode != 0:
                print(f"FAIL {name}: tco exited {p.returncode}: {p.stderr.strip()}")
                failed += 1
                continue
            ok, summary = run_audit(out)
            master = master_check(out)
            if master != "OK":
                ok, summary = False, f"master check {master!r}; {summary}"
            charts = re.search(r"charts=(\d+)", summary)
            if ok and charts and int(charts.group(1)) >= 3:
                print(f"ok   {name}: {summary}")
            else:
                print(f"FAIL {name}: {summary}")
                failed += 1
    print(f"{len(inis) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
