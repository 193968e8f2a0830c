#!/usr/bin/python3
"""The site's power limit is live in the workbook (docs/MODEL.md, "The site's power
limit"; docs/WORKBOOK.md, Summary).

  live_power.py BUILD_DIR REPO_DIR

MODEL.md's example: two options of 8 GPUs of 700 W and a 1,000 W server (provisioned
6.6 kW), `own` at [site] with power_cap_kw = 6.5 and `colo` at [site colo] with 10, and
a rent option.
1. The workbook audits clean; Inputs has "[site] power_cap_kw" and "[site colo]
   power_cap_kw" as inputs; on the Summary, by hand, `own` does not fit its site (the
   row "fits" 0, feasible 0), `colo` and the rent option fit (1).
2. The limits edited on Inputs, [site] to 7 and colo to 6, recalculated by LibreOffice
   and by Gnumeric: `own` fits and is feasible, `colo` (6.6 > 6) does not; every Summary
   figure equals the engine's for the INI edited alike.
3. `tco import` of the book LibreOffice saved writes exactly those two lines back.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import imported_alike, load_values, recalculated, run_audit, tco_binary  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_model import against_engine, summary_table  # noqa: E402

INI = """[scenario]
name = power
horizon_months = 12
hours_per_month = 730

[site]
electricity_price = 0.10
pue = 2.1
power_cap_kw = 6.5

[site colo]
electricity_price = 0.14
pue = 1.35
colo_per_kw_month = 150
power_cap_kw = 10

[option own]
acquire = buy
count = 8
gpu_price = 30000
tdp_w = 700
server_power_w = 1000
utilization = 1

[option colo]
base = own
site = colo

[option cloud]
acquire = rent
count = 8
price_per_gpu_hour = 2
utilization = 1
"""


def fits_row(path):
    """{option id: the Summary's "Fits the site's power limit" value}."""
    ws = load_values(path)["Summary"]
    ids, fits = None, None
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row):
        if row[1].value == "id":
            ids = [c.value for c in row[3:]]
        if row[0].value == "Fits the site's power limit":
            fits = [c.value for c in row[3:]]
    if not ids or not fits:
        return {}
    return {i: f for i, f in zip(ids, fits) if i}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco = tco_binary(sys.argv[1])
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "power.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(INI)
        book = os.path.join(tmp, "power.xlsx")
        subprocess.run([tco, "report", ini, "-o", book, "-q"], check=True, timeout=120)
        ok, line = run_audit(book)
        print("audit:", line)
        if not ok:
            bad.append("the workbook does not audit clean")
        want = {"own": 0, "colo": 1, "cloud": 1}
        got = fits_row(book)
        if got != want:
            bad.append(f"as written: fits {got}, want {want}")
        t = summary_table(book)
        if [t[o]["feasible"] for o in ("own", "colo", "cloud")] != ["no", "yes", "yes"] and \
                [t[o]["feasible"] for o in ("own", "colo", "cloud")] != [0, 1, 1]:
            bad.append(f"as written: feasible {[t[o]['feasible'] for o in t]}")
        wb = openpyxl.load_workbook(book)
        for key in ("[site] power_cap_kw", "[site colo] power_cap_kw"):
            c = inputs_cell(wb, key)
            if not isinstance(c.value, (int, float)) or c.protection.locked:
                bad.append(f"Inputs {key}: {c.value!r} is not an unlocked input")
        inputs_cell(wb, "[site] power_cap_kw").value = 7
        inputs_cell(wb, "[site colo] power_cap_kw").value = 6
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(INI.replace("power_cap_kw = 6.5", "power_cap_kw = 7")
                    .replace("power_cap_kw = 10", "power_cap_kw = 6"))
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        engine = json.loads(p.stdout)
        want = {"own": 1, "colo": 0, "cloud": 1}
        for who, path in recalculated(edited, tmp, bad):
            got = fits_row(path)
            if got != want:
                bad.append(f"{who}: fits {got}, want {want}")
            more, compared = against_engine(engine, summary_table(path))
            print(f"{who}: compared {compared} figures with the engine")
            bad += [f"{who}: {m}" for m in more] + ([f"{who}: nothing compared"]
                                                    if not compared else [])
        imported_alike(tco, edited, ini, mod, tmp, bad)
    for b in bad:
        print("FAIL", b)
    print("live power:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
