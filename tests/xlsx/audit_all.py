#!/usr/bin/python3
"""Audit the workbook of every shipped scenario.

  audit_all.py BUILD_DIR REPO_DIR

For each INI under config/, examples/ (and its folders) and tests/data/e2e/, and
tests/data/one-option.ini (one-cell lookups),
writes the workbook with BUILD_DIR/tco and audits it with recalc_audit.py (beside
this file). Passes when every workbook recalculates in LibreOffice and Gnumeric
to its cached values and has at least 3 charts. Exit 0 on success, 1 on any failure.
"""
import os, re, subprocess, sys, tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import run_audit, shipped_scenarios, tco_binary  # noqa: E402


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    inis = shipped_scenarios(repo, [os.path.join("tests", "data", "one-option.ini")])
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
