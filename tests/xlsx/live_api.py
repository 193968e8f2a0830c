#!/usr/bin/python3
"""An API option is live in the workbook (docs/MODEL.md, API options; docs/WORKBOOK.md).

  live_api.py BUILD_DIR REPO_DIR

MODEL.md's example, tests/api/api-by-hand.ini: the API option `hosted` (10 requests a
second of 1,500 input and 500 output tokens, 720 hours a month, 24 months; input 2.50,
cached input 1.25 for 40% of the input tokens, output 10 per million; 25% cheaper in
year 2) beside GPUs bought and rented.
1. The workbook audits clean (LibreOffice and Gnumeric), tests/api/api-sized.ini's
   too (its Workload sheet) and tests/data/e2e/e2e-api.ini's (taxes, fiscal years, the
   Budget and the Statements), and passes the FAST audit;
   hosted's prices and cached fraction are unlocked inputs on Inputs; its rental, as
   written, is MODEL.md's 4,354,560.
2. Its output price edited on Inputs to 12 and its cached fraction to 0.5, recalculated
   by LibreOffice and by Gnumeric: its rental is, by hand, 38,880 million input tokens
   x (0.5 x 2.50 + 0.5 x 1.25) + 12,960 million output tokens x 12 = 228,420 a month,
   x 12 x (1 + 0.75) = 4,796,820; every Summary figure equals the engine's for the INI
   edited alike.
3. `tco import` of the edited book writes exactly those two lines back.
Exit 0 when all hold; 1 otherwise.
"""
import os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import recalculated, run_audit, tco_binary, written_and_audited  # noqa: E402
from live_loan import option_key_cell  # noqa: E402
from live_model import against_engine, engine_after, summary_table  # noqa: E402

CHANGES = (("hosted", "price_per_million_output_tokens", 12), ("hosted", "cached_fraction", 0.5))
BEFORE, AFTER = 4354560.0, 4796820.0


def close(got, want):
    return isinstance(got, (int, float)) and abs(got - want) <= 1e-9 * abs(want)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "tests", "api", "api-by-hand.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "api.xlsx")
        written_and_audited(tco, ini, book, bad)
        # With a model sized, the Workload sheet's unit costs of the API (3.50 per 1M
        # tokens, 7.00 per 1,000 requests) are its total over the workload's.
        # So do a model sized (the Workload sheet), and taxes with fiscal years (the
        # Budget and the Statements): tests/data/e2e/e2e-api.ini.
        for name, path in (("sized", os.path.join("tests", "api", "api-sized.ini")),
                           ("taxed", os.path.join("tests", "data", "e2e", "e2e-api.ini"))):
            other = os.path.join(tmp, name + ".xlsx")
            subprocess.run([tco, "report", os.path.join(repo, path), "-o", other, "-q"],
                           check=True, timeout=120)
            ok, line = run_audit(other)
            print(f"audit ({name}):", line)
            if not ok:
                bad.append(f"the {name} workbook does not audit clean")
        rental = summary_table(book)["hosted"]["rental"]
        if not close(rental, BEFORE):
            bad.append(f"as written: hosted's rental {rental}, by hand {BEFORE}")
        wb = openpyxl.load_workbook(book)
        edited = {}
        for oid, key, value in CHANGES:
            cell = option_key_cell(wb["Inputs"], oid, key)
            if not isinstance(cell.value, (int, float)) or cell.protection.locked:
                bad.append(f"Inputs {oid}.{key}: {cell.value!r} is not an unlocked input")
            print(f"{oid}.{key} (Inputs!{cell.coordinate}): {cell.value} -> {value}")
            cell.value = value
            edited[(f"option {oid}", key)] = value
        path = os.path.join(tmp, "edited.xlsx")
        wb.save(path)
        engine = engine_after(tco, ini, edited, tmp)
        if engine is None:
            return 1
        # tco import writes exactly the two edits back (exit 1: changes found).
        new_ini = os.path.join(tmp, "imported.ini")
        p = subprocess.run([tco, "import", path, "--scenario", ini, "-o", new_ini],
                           capture_output=True, text=True, timeout=120)
        with open(ini, encoding="utf-8") as f:
            want = f.read().replace("cached_fraction = 0.4", "cached_fraction = 0.5").replace(
                "price_per_million_output_tokens = 10", "price_per_million_output_tokens = 12")
        got = open(new_ini, encoding="utf-8").read() if os.path.exists(new_ini) else ""
        if p.returncode != 1 or got != want:
            bad.append(f"tco import: exit {p.returncode}, {p.stderr[-300:]}")
        for who, out in recalculated(path, tmp, bad):
            after = summary_table(out)
            for key in ("rental", "total"):
                if not close(after["hosted"][key], AFTER):
                    bad.append(f"{who}: hosted's {key} {after['hosted'][key]}, by hand {AFTER}")
            more, compared = against_engine(engine, after)
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
    for b in bad[:40]:
        print("MISMATCH", b)
    print(f"{len(bad)} mismatches")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
