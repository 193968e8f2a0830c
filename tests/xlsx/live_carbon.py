#!/usr/bin/python3
"""Carbon is live in the workbook (docs/MODEL.md, Carbon; docs/WORKBOOK.md, Carbon).

  live_carbon.py BUILD_DIR REPO_DIR

tests/carbon/carbon.ini, MODEL.md's example: `own` bought at [site] (grid 0.4 kgCO2e per
kWh), `green` at [site green] (its own grid and market intensities), `cloud` rented at
0.3 kgCO2e per GPU-hour, a carbon price of 80.
1. The workbook audits clean (LibreOffice and Gnumeric recalculate every formula to the
   engine's value) and follows the FAST conventions; on the Summary, by hand, `own` emits
   35.44624 tCO2e and its carbon cost is 2,835.6992.
2. [site] grid_kgco2e_per_kwh edited to 0.6 and [scenario] carbon_price to 120 on
   Inputs, recalculated by LibreOffice and by Gnumeric: by hand, `own` emits 79,365.6 x
   0.6 / 1000 + 3.7 = 51.31936 tCO2e at a carbon cost of 6,158.3232; `green` (its own
   site's intensities) and `cloud` keep their tonnes, their costs x 1.5; every Summary
   figure equals the engine's for the INI edited alike, the totals unchanged.
3. `tco import` of the book LibreOffice saved writes exactly those two lines back.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import imported_alike, recalculated, tco_binary, written_and_audited  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_model import against_engine, summary_table  # noqa: E402


def close(a, b):
    return isinstance(a, (int, float)) and abs(a - b) <= 1e-9 * max(1, abs(b))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(repo, "tests", "carbon", "carbon.ini"), encoding="utf-8") as f:
        text = f.read()
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "carbon.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "carbon.xlsx")
        written_and_audited(tco, ini, book, bad)
        t = summary_table(book)
        if not close(t["own"].get("tco2e"), 35.44624) or \
                not close(t["own"].get("carbon_cost"), 2835.6992):
            bad.append(f"as written: own {t['own'].get('tco2e')!r} tCO2e, "
                       f"{t['own'].get('carbon_cost')!r}")
        wb = openpyxl.load_workbook(book)
        for key in ("[site] grid_kgco2e_per_kwh", "[scenario] carbon_price"):
            c = inputs_cell(wb, key)
            if not isinstance(c.value, (int, float)) or c.protection.locked:
                bad.append(f"Inputs {key}: {c.value!r} is not an unlocked input")
        inputs_cell(wb, "[site] grid_kgco2e_per_kwh").value = 0.6
        inputs_cell(wb, "[scenario] carbon_price").value = 120
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(text.replace("grid_kgco2e_per_kwh = 0.4 ", "grid_kgco2e_per_kwh = 0.6 ")
                    .replace("carbon_price = 80 ", "carbon_price = 120 "))
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = json.loads(p.stdout)
        want = {"own": (51.31936, 6158.3232), "green": (6.874624, 824.95488),
                "cloud": (10.512, 1261.44)}
        for o in engine["options"]:
            w = want[o["id"]]
            if not close(o["tco2e"], w[0]) or not close(o["carbon_cost"], w[1]):
                bad.append(f"engine, edited: {o['id']} {o['tco2e']!r}, {o['carbon_cost']!r}, "
                           f"want {w}")
        for who, path in recalculated(edited, tmp, bad):
            after = summary_table(path)
            for oid, (tonnes, cost) in want.items():
                if not close(after[oid].get("tco2e"), tonnes) or \
                        not close(after[oid].get("carbon_cost"), cost):
                    bad.append(f"{who}: {oid} {after[oid].get('tco2e')!r} tCO2e, "
                               f"{after[oid].get('carbon_cost')!r}, want {(tonnes, cost)}")
            more, compared = against_engine(engine, after)
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
        imported_alike(tco, edited, ini, mod, tmp, bad)
    for b in bad:
        print("FAIL", b)
    print("live carbon:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
