#!/usr/bin/python3
"""A rented GPU-hour's emissions from its provider region's intensity in the catalog
reach the workbook (docs/MODEL.md, A rented GPU from its provider region's intensity;
docs/WORKBOOK.md, Inputs).

  grid_region.py BUILD_DIR REPO_DIR

tests/carbon/carbon-region.ini over tests/data/catalog/grid-regions.xml, MODEL.md's
example: `east` takes 0.63 kW x 1.2 x 0.4 = 0.3024 kgCO2e a GPU-hour from the grid
region acme-east-1, `west` 0.0693 from acme-west-2, `given` its own 0.5, `nowhere`
none; a carbon price of 100.
1. The workbook audits clean (LibreOffice and Gnumeric recalculate every formula to the
   engine's value) and follows the FAST conventions.
2. Inputs' Catalog block has the row `[catalog grid-region acme-east-1]
   kgco2e_per_gpu_hour` at 0.3024, its source the grid region's file, line and date,
   fixed as the key is when the scenario gives it (`given`'s row); `east`'s row links
   to it, its source that row.
3. On the Summary, by hand: `east` 2.649024 tCO2e at 264.9024, `west` 0.607068 at
   60.7068, `given` 4.38 at 438; every figure the engine's.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import lo_recalc, tco_binary, written_and_audited  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_model import against_engine, summary_table  # noqa: E402

ROW = "[catalog grid-region acme-east-1] kgco2e_per_gpu_hour"


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    ini = os.path.join(repo, "tests", "carbon", "carbon-region.ini")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        book = os.path.join(tmp, "region.xlsx")
        written_and_audited(tco, ini, book, bad)
        wb = openpyxl.load_workbook(book)
        ws = wb["Inputs"]
        c = inputs_cell(wb, ROW)
        source = ws.cell(row=c.row, column=5).value
        given = inputs_cell(wb, "kgco2e_per_gpu_hour", "[option given]")
        if not close(c.value, 0.3024) or c.protection.locked != given.protection.locked:
            bad.append(f"Inputs {ROW}: {c.value!r}, locked {c.protection.locked}")
        if source != "catalog grid-regions.xml:45 (as of 2026-11-15)":
            bad.append(f"Inputs {ROW}: source {source!r}")
        own = inputs_cell(wb, "kgco2e_per_gpu_hour", "[option east]")
        own_source = ws.cell(row=own.row, column=5).value
        if own.value != f"=$C${c.row}" or \
                own_source != "from the Catalog block: [catalog grid-region acme-east-1]":
            bad.append(f"Inputs east kgco2e_per_gpu_hour: {own.value!r} ({own_source!r}), "
                       f"not a link to row {c.row}")
        p = subprocess.run([tco, "report", ini, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = json.loads(p.stdout)
        want = {"east": (2.649024, 264.9024), "west": (0.607068, 60.7068),
                "given": (4.38, 438)}
        for who, path in (("as written", book),
                          ("LibreOffice", lo_recalc(book, os.path.join(tmp, "lo")))):
            t = summary_table(path)
            for oid, (tonnes, cost) in want.items():
                if not close(t[oid].get("tco2e"), tonnes) or \
                        not close(t[oid].get("carbon_cost"), cost):
                    bad.append(f"{who}: {oid} {t[oid].get('tco2e')!r} tCO2e, "
                               f"{t[oid].get('carbon_cost')!r}, want {(tonnes, cost)}")
            more, compared = against_engine(engine, t)
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
    for b in bad:
        print("FAIL", b)
    print("grid region workbook:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
