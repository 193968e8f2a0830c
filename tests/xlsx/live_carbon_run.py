#!/usr/bin/python3
"""tCO2e per training run is live in the workbook (docs/MODEL.md, Carbon; A plan's
emissions).

  live_carbon_run.py BUILD_DIR REPO_DIR

tests/carbon/carbon-plan-training.ini, MODEL.md's example of a plan's emissions with a
training workload: a model of 1e9 parameters trained on 3e9 tokens at an MFU of 0.5,
6 x 1e9 x 3e9 = 1.8e19 FLOP a run.
1. The workbook audits clean and follows the FAST conventions. By hand, as written:
   - options (the Summary's tco2e_per_run row, over the Workload sheet's GPU-hours a
     run): `gb` (2 GPUs at 100 TFLOPS) takes 1.8e19 / (100e12 x 0.5) / 3,600 = 100
     GPU-hours a run and emits 900 kWh x 0.5 / 1000 + 0.7 = 1.15 t in its 600
     GPU-hours: 100 x 1.15 / 600 = 0.191667 a run; `od` (200 TFLOPS) 50 GPU-hours a
     run, 300 hours x 0.4 kg = 0.12 t: 50 x 0.12 / 300 = 0.02; `rv` gives no TFLOPS:
     the n/a word;
   - plans (each plan sheet's row and the Summary's plans' emissions): a run is 100 of
     the reference gb's GPU-hours; `mix` 100 x 1.19 / 900 = 0.132222, `own-only` 100 x
     1.09 / 500 = 0.218.
2. [workload] tokens edited to 6e9 and [site] grid_kgco2e_per_kwh to 0.8 on Inputs,
   recalculated by LibreOffice and by Gnumeric: a run takes 200 GPU-hours of gb and 100
   of od; gb emits 900 x 0.8 / 1000 + 0.7 = 1.42 t: 200 x 1.42 / 600 = 0.473333; od
   100 x 0.12 / 300 = 0.04; mix 200 x 1.424 / 900 = 0.316444; own-only 200 x 1.324 /
   500 = 0.5296; every per-run cell equal to the engine's for the INI edited alike.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import recalculated, tco_binary, written_and_audited  # noqa: E402
from live_fx import inputs_cell  # noqa: E402
from live_plan_carbon import close, plan_totals, summary_totals  # noqa: E402

NA = "n/a"


def option_runs(wb):
    """{option id: the Summary's tCO2e per training run}."""
    ws = wb["Summary"]
    rows = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=2):
        if isinstance(row[1].value, str):
            rows.setdefault(row[1].value, row[0].row)
    if "tco2e_per_run" not in rows:
        return {}
    return {ws.cell(rows["id"], col).value: ws.cell(rows["tco2e_per_run"], col).value
            for col in range(4, ws.max_column + 1) if ws.cell(rows["id"], col).value}


def plan_runs(wb):
    """{plan: (its sheet's tCO2e per training run, the Summary's)}."""
    sums = summary_totals(wb)
    return {name: (plan_totals(wb, name).get("tco2e_per_run"),
                   sums.get(name, {}).get("tco2e_per_run")) for name in ("mix", "own-only")}


def same(got, want):
    return got == NA if want is None else close(got, want)


def check(who, wb, options, plans, bad):
    """The per-run cells against options {id: figure} and plans {name: figure}; the
    figures compared."""
    n, got = 0, option_runs(wb)
    for oid, want in options.items():
        n += 1
        if not same(got.get(oid), want):
            bad.append(f"{who}: option {oid} tCO2e per run {got.get(oid)!r}, want {want!r}")
    for name, cells in plan_runs(wb).items():
        for where, v in zip(("sheet", "Summary"), cells):
            n += 1
            if not same(v, plans[name]):
                bad.append(f"{who}: plan {name} ({where}) tCO2e per run {v!r}, "
                           f"want {plans[name]!r}")
    return n


def engine(tco, ini):
    """({option id: tco2e_per_run}, {plan: tco2e_per_run}) of tco's JSON."""
    p = subprocess.run([tco, "report", ini, "-o", "-", "-q"], check=True, timeout=120,
                       capture_output=True, text=True)
    d = json.loads(p.stdout)
    return ({o["id"]: o["tco2e_per_run"] for o in d["options"]},
            {q["name"]: q["tco2e_per_run"] for q in d["plans"]})


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    tco, repo = tco_binary(sys.argv[1]), os.path.abspath(sys.argv[2])
    with open(os.path.join(repo, "tests", "carbon", "carbon-plan-training.ini"),
              encoding="utf-8") as f:
        text = f.read()
    bad = []
    written = ({"gb": 100 * 1.15 / 600, "rv": None, "od": 50 * 0.12 / 300},
               {"mix": 100 * 1.19 / 900, "own-only": 100 * 1.09 / 500})
    edited_by_hand = ({"gb": 200 * 1.42 / 600, "rv": None, "od": 100 * 0.12 / 300},
                      {"mix": 200 * 1.424 / 900, "own-only": 200 * 1.324 / 500})
    with tempfile.TemporaryDirectory() as tmp:
        ini = os.path.join(tmp, "run.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write(text)
        book = os.path.join(tmp, "run.xlsx")
        written_and_audited(tco, ini, book, bad)
        n = check("as written", openpyxl.load_workbook(book, data_only=True), *written, bad)
        for got, want in zip(engine(tco, ini), written):
            for k, v in want.items():
                if not same(NA if got[k] is None else got[k], v):
                    bad.append(f"engine as written: {k} {got[k]!r}, by hand {v!r}")
        print(f"as written: compared {n} per-run cells with the hand-worked figures")
        wb = openpyxl.load_workbook(book)
        inputs_cell(wb, "[workload] tokens").value = 6e9
        inputs_cell(wb, "[site] grid_kgco2e_per_kwh").value = 0.8
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(text.replace("tokens = 3e9", "tokens = 6e9")
                    .replace("grid_kgco2e_per_kwh = 0.5", "grid_kgco2e_per_kwh = 0.8"))
        alike = engine(tco, mod)
        for got, want in zip(alike, edited_by_hand):
            for k, v in want.items():
                if not same(NA if got[k] is None else got[k], v):
                    bad.append(f"engine, edited: {k} {got[k]!r}, by hand {v!r}")
        for who, values in recalculated(edited, tmp, bad):
            n = check(who, values, *edited_by_hand, bad)
            n += check(f"{who} against the engine", values, *alike, bad)
            print(f"{who}: compared {n} per-run cells")
    for b in bad:
        print("FAIL", b)
    print("live carbon per run:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
