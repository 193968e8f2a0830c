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
2. The options' emission factors (embodied_kgco2e, server_embodied_kgco2e,
   kgco2e_per_gpu_hour) are input cells on Inputs, unlocked and styled as the site's
   intensity is. On Inputs, [workload] tokens edited to 6e9, [site]
   grid_kgco2e_per_kwh to 0.8, gb's embodied_kgco2e to 150 and od's
   kgco2e_per_gpu_hour to 0.5; recalculated by LibreOffice and by Gnumeric. A run takes
   200 GPU-hours of gb and 100 of od; gb emits 900 x 0.8 / 1000 + (2 x 150 + 500) / 1000
   = 1.52 t: 200 x 1.52 / 600 = 0.506667 a run; od 300 x 0.5 / 1000 = 0.15 t: 100 x 0.15
   / 300 = 0.05; mix 780 x 0.8 / 1000 + 0.8 + 0.06 + 100 x 0.5 / 1000 = 1.534 t, 200 x
   1.534 / 900 = 0.340889; own-only 0.624 + 0.8 = 1.424 t, 200 x 1.424 / 500 = 0.5696;
   each plan's and option's tCO2e and every per-run cell equal to the engine's for the
   INI edited alike.
3. tco import of the workbook LibreOffice saved writes exactly those five lines back.
Exit 0 when all hold; 1 otherwise.
"""
import json, os, subprocess, sys, tempfile

import openpyxl

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xlsxtest import (imported_alike, load_values, recalculated, tco_binary,  # noqa: E402
                      written_and_audited)
from live_fx import inputs_cell  # noqa: E402
from live_plan_carbon import close, plan_totals, summary_totals  # noqa: E402

NA = "n/a"


def summary_field(wb, field):
    """{option id: the Summary's cell of field (its name in column B)}."""
    ws = wb["Summary"]
    rows = {}
    for row in ws.iter_rows(min_row=1, max_row=ws.max_row, max_col=2):
        if isinstance(row[1].value, str):
            rows.setdefault(row[1].value, row[0].row)
    if field not in rows:
        return {}
    return {ws.cell(rows["id"], col).value: ws.cell(rows[field], col).value
            for col in range(4, ws.max_column + 1) if ws.cell(rows["id"], col).value}


def option_runs(wb):
    """{option id: the Summary's tCO2e per training run}."""
    return summary_field(wb, "tco2e_per_run")


def option_tonnes(wb, oid):
    """Option oid's tCO2e on the Summary (None for the n/a word)."""
    v = summary_field(wb, "tco2e").get(oid)
    return None if v == NA else v


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
    edited_by_hand = ({"gb": 200 * 1.52 / 600, "rv": None, "od": 100 * 0.15 / 300},
                      {"mix": 200 * 1.534 / 900, "own-only": 200 * 1.424 / 500})
    tonnes_by_hand = ({"gb": 1.52, "od": 0.15}, {"mix": 1.534, "own-only": 1.424})
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
        grid = inputs_cell(wb, "[site] grid_kgco2e_per_kwh")
        factors = [inputs_cell(wb, "embodied_kgco2e", "[option gb]"),
                   inputs_cell(wb, "server_embodied_kgco2e", "[option gb]"),
                   inputs_cell(wb, "kgco2e_per_gpu_hour", "[option od]")]
        for cell in factors:  # inputs as the site's intensity is: unlocked, styled alike
            if cell.protection.locked or cell.fill.fgColor.rgb != grid.fill.fgColor.rgb:
                bad.append(f"Inputs {cell.coordinate} ({cell.value!r}) is not an input cell")
        grid.value = 0.8
        factors[0].value = 150
        factors[2].value = 0.5
        edited = os.path.join(tmp, "edited.xlsx")
        wb.save(edited)
        mod = os.path.join(tmp, "edited.ini")
        with open(mod, "w", encoding="utf-8") as f:
            f.write(text.replace("tokens = 3e9", "tokens = 6000000000")
                    .replace("grid_kgco2e_per_kwh = 0.5", "grid_kgco2e_per_kwh = 0.8")
                    .replace("\nembodied_kgco2e = 100\n", "\nembodied_kgco2e = 150\n")
                    .replace("kgco2e_per_gpu_hour = 0.4", "kgco2e_per_gpu_hour = 0.5"))
        alike = engine(tco, mod)
        p = subprocess.run([tco, "report", mod, "-o", "-", "-q"], check=True, timeout=120,
                           capture_output=True, text=True)
        d = json.loads(p.stdout)
        tonnes = ({o["id"]: o["tco2e"] for o in d["options"]},
                  {q["name"]: q["tco2e"] for q in d["plans"]})
        for got, want in zip(alike, edited_by_hand):
            for k, v in want.items():
                if not same(NA if got[k] is None else got[k], v):
                    bad.append(f"engine, edited: {k} {got[k]!r}, by hand {v!r}")
        for got, want in zip(tonnes, tonnes_by_hand):
            for k, v in want.items():
                if not close(got[k], v):
                    bad.append(f"engine, edited: {k} {got[k]!r} tCO2e, by hand {v!r}")
        for who, path in recalculated(edited, tmp, bad):
            values = load_values(path)
            n = check(who, values, *edited_by_hand, bad)
            n += check(f"{who} against the engine", values, *alike, bad)
            for name, v in tonnes[1].items():
                n += 1
                got = plan_totals(values, name).get("tco2e")
                if not close(got, v):
                    bad.append(f"{who}: plan {name} {got!r} tCO2e, engine {v!r}")
            for oid, v in tonnes[0].items():
                n += 1
                got = option_tonnes(values, oid)
                if not (got is None and v is None) and not close(got, v):
                    bad.append(f"{who}: option {oid} {got!r} tCO2e, engine {v!r}")
            print(f"{who}: compared {n} per-run cells and tonnes")
        imported_alike(tco, edited, ini, mod, tmp, bad)
    for b in bad:
        print("FAIL", b)
    print("live carbon per run:", "FAIL" if bad else "OK")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
